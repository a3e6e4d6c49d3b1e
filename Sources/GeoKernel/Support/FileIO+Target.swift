#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What a save may replace, and the temporary files that killed saves leave behind.
//
// A save replaces only a regular file: an existing FIFO, device, socket or directory at
// the path is refused (never replaced, so `/dev/full` stays a device even for root). A
// symbolic link is written through: the file it points to is replaced atomically and the
// link stays a link; a dangling link, or a link to something that is not a regular file,
// is refused. Temporary files are named `<target>.tmp-<pid>-<n>`; a save removes the
// ones beside its target whose process no longer exists (killed in the middle of a save).

extension FileIO {
    /// Throws unless `st` describes a regular file.
    package static func requireRegular(_ st: stat, _ path: String) throws(GeoKernelError) {
        let type = st.st_mode & S_IFMT
        guard type != S_IFREG else { return }
        let kind: String
        switch type {
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFDIR: kind = "a directory"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw GeoKernelError(.io, "cannot use \(path): it is \(kind), not a regular file")
    }

    /// The path a save writes to: `path` itself, or the file a symbolic link at `path`
    /// resolves to. Refuses an existing target that is not a regular file.
    static func saveTarget(_ path: String) throws(GeoKernelError) -> String {
        var st = stat()
        guard lstat(path, &st) == 0 else {
            let e = errno
            guard e == ENOENT else { throw ioError("cannot inspect '\(path)'", e) }
            return path
        }
        guard (st.st_mode & S_IFMT) == S_IFLNK else {
            try requireRegular(st, path)
            return path
        }
        guard let resolved = realpath(path, nil) else {
            throw ioError("'\(path)' is a symbolic link that cannot be resolved", errno)
        }
        defer { free(resolved) }
        let target = String(cString: resolved)
        var tst = stat()
        guard stat(target, &tst) == 0 else { throw ioError("cannot inspect '\(target)'", errno) }
        try requireRegular(tst, "\(path) → \(target)")
        return target
    }

    /// Removes `<base>.tmp-<pid>-<n>` files beside `target` whose process `pid` is gone
    /// (best effort: errors are ignored; files of live processes are left alone).
    static func removeStaleTemporaries(of target: String) {
        let (dir, base) = split(target)
        guard let d = opendir(dir) else { return }
        defer { closedir(d) }
        let prefix = Array((base + ".tmp-").utf8)
        while let entry = readdir(d) {
            let name = directoryEntryName(entry)
            guard name.count > prefix.count, name.starts(with: prefix),
                let pid = stalePID(name[prefix.count...])
            else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            _ = unlink(dir + "/" + String(decoding: name, as: UTF8.self))
        }
    }

    /// The name of a directory entry from `readdir`, as bytes without its NUL. Read in
    /// place: glibc packs entries by their `d_reclen`, so the last entry of its buffer may
    /// end well before `MemoryLayout<dirent>.size` bytes, and copying the whole struct
    /// (`entry.pointee`) can read past the buffer (a crash where it ends a page).
    package static func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let name = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return Array(UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
    }

    /// The pid of a temporary file's suffix `<pid>-<n>`, or nil when it has another shape.
    private static func stalePID(_ suffix: ArraySlice<UInt8>) -> pid_t? {
        guard let dash = suffix.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let pidDigits = suffix[..<dash], attempt = suffix[(dash + 1)...]
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        guard (1...9).contains(pidDigits.count), pidDigits.allSatisfy(isDigit),
            (1...4).contains(attempt.count), attempt.allSatisfy(isDigit)
        else { return nil }
        var pid: pid_t = 0
        for b in pidDigits { pid = pid * 10 + pid_t(b - UInt8(ascii: "0")) }
        return pid > 0 && pid != getpid() ? pid : nil
    }

    /// The directory and the last component of a path ("." for a bare name).
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let dir = slash == path.startIndex ? "/" : String(path[..<slash])
        return (dir, String(path[path.index(after: slash)...]))
    }
}
