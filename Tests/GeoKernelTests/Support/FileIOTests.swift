import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Issue 13: special files given as paths, saves over links and devices, leftovers of
/// killed saves. Every reader and writer of the package goes through `FileSource` and
/// `FileIO.writeAtomically`.
@Suite("File I/O: regular files only, no leftovers")
final class FileIOTests {
    let scratch: TemporaryDirectory
    var dir: String { scratch.path }

    init() throws {
        scratch = try TemporaryDirectory("gk-fileio-tests")
    }

    func fifo(_ name: String) throws -> String {
        let path = dir + "/" + name
        #expect(mkfifo(path, 0o644) == 0)
        return path
    }

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        return lstat(path, &st) == 0 ? st.st_mode & S_IFMT : 0
    }

    @Test("opening a FIFO, a directory or a device for reading is refused at once, never blocks")
    func readsRefuseSpecialFiles() throws {
        for path in [try fifo("pipe.gkidx"), dir, "/dev/null"] {
            let e = #expect(throws: GeoKernelError.self) { try FileSource(path: path) }
            #expect(e?.code == .io && e?.message.contains("not a regular file") == true, "\(e?.message ?? "")")
            let load = #expect(throws: GeoKernelError.self) { try SpatialIndex(contentsOf: path) }
            #expect(load?.code == .io, "\(load?.message ?? "")")
        }
        // A symbolic link to a regular file reads through.
        let file = dir + "/real.gkidx", link = dir + "/link.gkidx"
        try SpatialIndex([try Coordinate(latitude: 1, longitude: 2)]).save(to: file)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        #expect(try SpatialIndex(contentsOf: link).count == 1)
    }

    @Test("a save refuses to replace a FIFO or a directory and leaves it as it was")
    func savesRefuseSpecialFiles() throws {
        let index = try SpatialIndex([try Coordinate(latitude: 1, longitude: 2)])
        let pipe = try fifo("pipe.gkidx")
        let e = #expect(throws: GeoKernelError.self) { try index.save(to: pipe) }
        #expect(e?.code == .io && e?.message.contains("a FIFO, not a regular file") == true, "\(e?.message ?? "")")
        #expect(fileType(pipe) == S_IFIFO)
        let sub = dir + "/sub"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let d = #expect(throws: GeoKernelError.self) { try index.save(to: sub) }
        #expect(d?.code == .io && d?.message.contains("a directory") == true, "\(d?.message ?? "")")
        #expect(fileType(sub) == S_IFDIR)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test("a save over a symbolic link replaces the file it points to and keeps the link")
    func savesWriteThroughLinks() throws {
        let target = dir + "/target.gkidx", link = dir + "/link.gkidx"
        try SpatialIndex([try Coordinate(latitude: 1, longitude: 2)]).save(to: target)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.gkidx")
        let two = try SpatialIndex([try Coordinate(latitude: 1, longitude: 2), try Coordinate(latitude: 3, longitude: 4)])
        try two.save(to: link)
        #expect(fileType(link) == S_IFLNK)
        #expect(try SpatialIndex(contentsOf: target).count == 2)
        // A dangling link and a link to a FIFO are refused; nothing is created.
        let dangling = dir + "/dangling.gkidx"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: dir + "/nowhere.gkidx")
        let e = #expect(throws: GeoKernelError.self) { try two.save(to: dangling) }
        #expect(e?.code == .io && e?.message.contains("cannot be resolved") == true, "\(e?.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: dir + "/nowhere.gkidx"))
        let toPipe = dir + "/topipe.gkidx"
        try FileManager.default.createSymbolicLink(atPath: toPipe, withDestinationPath: try fifo("p2"))
        let f = #expect(throws: GeoKernelError.self) { try two.save(to: toPipe) }
        #expect(f?.code == .io && f?.message.contains("FIFO") == true, "\(f?.message ?? "")")
        #expect(fileType(dir + "/p2") == S_IFIFO)
    }

    @Test("a save removes temporary files that dead processes left beside its target, not those of live ones")
    func staleTemporariesRemoved() throws {
        let target = dir + "/t.gkidx"
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let deadPID = dead.processIdentifier
        let stale = "\(target).tmp-\(deadPID)-0", live = "\(target).tmp-1-0", other = "\(dir)/u.gkidx.tmp-\(deadPID)-0"
        for path in [stale, live, other] { #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))) }
        try SpatialIndex([try Coordinate(latitude: 1, longitude: 2)]).save(to: target)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))  // pid 1 is alive
        #expect(FileManager.default.fileExists(atPath: other))  // another target's
    }

    @Test("saves among thousands of files of every name length read each name in place and leave the others alone")
    func savesAmongManyNames() throws {
        // Entries of every length put the end of readdir's buffer at every offset of an
        // entry; copying a whole dirent there read past the buffer (a crash at a page end).
        var names: [String] = []
        for k in 0..<3_000 { names.append(String(repeating: "n", count: 1 + k % 250) + "-\(k)") }
        for n in names { #expect(FileManager.default.createFile(atPath: dir + "/" + n, contents: Data([7]))) }
        for round in 0..<20 {
            try SpatialIndex([try Coordinate(latitude: 1, longitude: Double(round))]).save(to: dir + "/t.gkidx")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(Set(names).isSubset(of: Set(left)) && left.contains("t.gkidx"))
        #expect(left.count == names.count + 1, "no temporary file left behind")
    }
}
