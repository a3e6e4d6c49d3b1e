import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Issue 13: files that used to crash (SIGILL, trap) or hang `geokernel timeline`.
@Suite("timeline command: hostile input files")
struct HostileInputCommandLineTests {
    static func withFile(_ name: String, _ bytes: [UInt8]?, _ body: (String) throws -> Void) throws {
        try TimelineCommandLineTests.scratch { dir in
            let path = dir + "/" + name
            if let bytes {
                #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            } else {
                #expect(mkfifo(path, 0o644) == 0)
            }
            try body(path)
        }
    }

    @Test("invalid UTF-8 in a GPX name, a CSV time of 1e19 and a FIFO are errors with exit status 1, not crashes or hangs",
          arguments: [
            ("p.gpx", Array("<gpx a".utf8) + [0xFF] + Array("b=\"1\"></gpx>".utf8), ":1: byte offset 6: the input is not valid UTF-8"),
            ("p.csv", Array("lat,lon,time\n47,8,1e19\n".utf8), ":2: time 1e+19 s is not finite or outside the years 0000–9999"),
            ("p.gpx", nil, "it is a FIFO, not a regular file"),
          ])
    func hostile(name: String, bytes: [UInt8]?, mentions: String) throws {
        try Self.withFile(name, bytes) { path in
            let r = try TimelineCommandLineTests.run(["timeline", path])
            #expect(r.status == 1, "status \(r.status): \(r.err)")
            #expect(r.err.contains(mentions), "\(r.err)")
        }
    }

    @Test("writing the diary over a FIFO is refused and the FIFO stays")
    func outputFIFO() throws {
        try Self.withFile("out.geojson", nil) { out in
            let r = try TimelineCommandLineTests.run(["timeline", SharedData.path("traces/gpxpy/korita-zbevnica.gpx"), "--output", out])
            #expect(r.status == 1 && r.err.contains("a FIFO, not a regular file"), "\(r.err)")
            var st = stat()
            #expect(lstat(out, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO)
        }
    }
}

extension HostileInputCommandLineTests {
    @Test("an argument that is not valid UTF-8 is refused, never turned into another path")
    func invalidUTF8Argument() throws {
        try TimelineCommandLineTests.scratch { dir in
            let tool = try #require(GeoKernelTool.url?.path, "geokernel was not built beside the tests")
            let out = dir + "/diary-\u{FFFD}.geojson"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            // printf makes the byte 0xFF, which Process (taking Strings) cannot pass.
            process.arguments = ["-c", "exec \"$0\" timeline \"$1\" --output \"$2$(printf '\\377').geojson\"",
                                 tool, SharedData.path("traces/gpxpy/korita-zbevnica.gpx"), dir + "/diary-"]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus != 0 && text.contains("not valid UTF-8"), "\(process.terminationStatus): \(text)")
            #expect(!FileManager.default.fileExists(atPath: out))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        }
    }
}
