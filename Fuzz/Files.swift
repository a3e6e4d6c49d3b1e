#if canImport(Glibc)
import Glibc
#endif
import GeoKernel

/// The per-process temporary file through which the path-taking loaders are fuzzed
/// (in /dev/shm when it exists, so that no disk is involved).
enum TempFile {
    static let path: String = {
        let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp")
        let p = "\(dir)/gk-fuzz-\(getpid()).bin"
        atexit { unlink(TempFile.path) }
        return p
    }()

    /// Replaces the file's contents with `bytes` and returns its path.
    static func write(_ bytes: [UInt8]) -> String {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("gk-fuzz: cannot create \(path)") }
        defer { close(fd) }
        var done = 0
        bytes.withUnsafeBytes { b in
            while done < b.count {
                let n = Glibc.write(fd, b.baseAddress! + done, b.count - done)
                guard n > 0 else { fatalError("gk-fuzz: cannot write \(path)") }
                done += n
            }
        }
        return path
    }
}

/// Rewrites the payload-length and checksum fields of a saved file so that they match
/// the rest of the bytes, as a forger would: the loaders must then catch inconsistent
/// contents by validation. Inputs shorter than the header are left alone.
enum ForgedFile {
    /// Saved files (the one container, and index files of format version 1): 64-byte header
    /// of 8 UInt64; word 6 the payload bytes, word 7 XXH64 of bytes 0..<56 and of the payload.
    static func index(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] { forged(input, headerBytes: 64) }
    static func roadGraph(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] { forged(input, headerBytes: 64) }
    static func addressIndex(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] { forged(input, headerBytes: 64) }

    /// Landmark files: the container; those of format version 1 (byte 8 is 1) have a
    /// 48-byte header, bytes 32..<40 the payload bytes, 40..<48 XXH64 of bytes 0..<40 and
    /// of the payload.
    static func landmarks(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        forged(input, headerBytes: input.count > 8 && input[8] == 1 ? 48 : 64)
    }

    /// The input with the payload length (header bytes h−16..<h−8) and the checksum (h−8..<h,
    /// XXH64 of the header before it and of the payload) rewritten, as a forger would.
    private static func forged(_ input: UnsafeBufferPointer<UInt8>, headerBytes h: Int) -> [UInt8] {
        var b = Array(input)
        guard b.count >= h else { return b }
        put(&b, at: h - 16, UInt64(b.count - h))
        var sum = Checksum64()
        b.withUnsafeBytes { r in
            sum.update(UnsafeRawBufferPointer(rebasing: r[0..<(h - 8)]))
            sum.update(UnsafeRawBufferPointer(rebasing: r[h...]))
        }
        put(&b, at: h - 8, sum.finalize())
        return b
    }

    private static func put(_ b: inout [UInt8], at offset: Int, _ v: UInt64) {
        for i in 0..<8 { b[offset + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt64(i))) }
    }
}
