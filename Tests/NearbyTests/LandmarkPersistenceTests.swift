import Foundation
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

@Suite("Landmarks: saved files")
final class LandmarkPersistenceTests {
    let scratch: TemporaryDirectory
    var dir: String { scratch.path }

    init() throws {
        scratch = try TemporaryDirectory("gk-landmark-tests")
    }

    static func sample(_ n: Int, noteBytes: Int = 40) throws -> LandmarkIndex {
        let marks = LandmarkIndex()
        var rng = SplitMix64(seed: UInt64(n))
        let centre = try Coordinate(latitude: 51.5074, longitude: -0.1278)
        for i in 0..<n {
            let p = try centre.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 30_000))
            let note = "Landmark \(i): " + String(repeating: "ä", count: max(0, noteBytes / 2 - 8))
            try marks.add(at: p, note: note, owner: "user\(i % 7)")
        }
        return marks
    }

    @Test("landmarks load back with ids, notes, owners and the next id")
    func roundTrip() throws {
        let marks = try Self.sample(200)
        try marks.add(at: try Coordinate(latitude: 0, longitude: -180), note: "Pôle 🌍 \"quoted\", commas", owner: "Zoë")
        try marks.delete(id: 5, by: "user4")
        try marks.editNote(id: 7, note: "edited", by: "user6")
        let path = dir + "/marks.gklm"
        try marks.save(to: path)
        let loaded = try LandmarkIndex(contentsOf: path)
        #expect(loaded.all == marks.all)
        #expect(loaded.landmark(id: 5) == nil && loaded.landmark(id: 7)?.note == "edited")
        #expect(try loaded.add(at: try Coordinate(latitude: 1, longitude: 1), note: "next", owner: "x").id == 202)
        let q = LandmarkSearch(position: try Coordinate(latitude: 51.5, longitude: -0.12), user: "user3", text: "3", limit: 30)
        #expect(try loaded.search(q) == (try marks.search(q)))
        try LandmarkIndex().save(to: dir + "/empty.gklm")
        #expect(try LandmarkIndex(contentsOf: dir + "/empty.gklm").count == 0)
    }

    @Test("a landmark file saved in format version 1 still loads and saves as version 2")
    func version1() throws {
        // Fixtures/landmarks-v1.gklm was saved by version 1 of the format (the fuzz seed
        // "deleted"): three landmarks added, the first deleted.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/landmarks-v1.gklm").path
        let old = try LandmarkIndex(contentsOf: fixture)
        let want = [
            Landmark(id: 2, coordinate: try Coordinate(latitude: -33.86, longitude: 151.2), note: "Opera 🎭", owner: "bo"),
            Landmark(id: 3, coordinate: try Coordinate(latitude: 0, longitude: 179.99), note: "x", owner: "cy"),
        ]
        #expect(old.all == want)
        let path = dir + "/from-v1.gklm"
        try old.save(to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 8, as: UInt32.self) } == 2)
        let resaved = try LandmarkIndex(contentsOf: path)
        #expect(resaved.all == want)
        #expect(try resaved.add(at: try Coordinate(latitude: 1, longitude: 1), note: "next", owner: "x").id == 4)
    }

    @Test("a damaged, truncated or foreign file is refused with an error")
    func refusesBadFiles() throws {
        let path = dir + "/good.gklm", bad = dir + "/bad.gklm"
        try Self.sample(30).save(to: path)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in stride(from: 0, to: good.count, by: 37) {
            var copy = good
            copy[offset] ^= 0x01
            try copy.write(to: URL(fileURLWithPath: bad))
            let e = #expect(throws: GeoKernelError.self) { try LandmarkIndex(contentsOf: bad) }
            #expect(e?.code == .corrupt, "byte \(offset)")
        }
        for n in [0, 15, 16, 47, 48, 63, 64, good.count / 2, good.count - 1] {
            try good.prefix(n).write(to: URL(fileURLWithPath: bad))
            let e = #expect(throws: GeoKernelError.self) { try LandmarkIndex(contentsOf: bad) }
            #expect(e?.code == .corrupt, "truncated to \(n)")
        }
        try Data("GKINDEX\0 this is an index, not landmarks........................".utf8).write(to: URL(fileURLWithPath: bad))
        let foreign = #expect(throws: GeoKernelError.self) { try LandmarkIndex(contentsOf: bad) }
        #expect(foreign?.code == .corrupt && foreign?.message.contains("not a landmark file") == true)
        let missing = #expect(throws: GeoKernelError.self) { try LandmarkIndex(contentsOf: dir + "/missing.gklm") }
        #expect(missing?.code == .io)
    }

    static func temporaryFiles(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix("killed.gklm.tmp-") }
    }

#if os(Linux)
    @Test("killing the process in the middle of a save leaves the previous file intact")
    func killDuringSave() throws {
        let path = dir + "/killed.gklm"
        var interrupted = 0
        for trial in 0..<3 {
            // Kill the child while a save is under way, after a pause that differs from trial
            // to trial.
            try killSavingChild(path, pauseMicroseconds: UInt32(300 * trial))
            let leftovers = Self.temporaryFiles(dir)
            if !leftovers.isEmpty { interrupted += 1 }
            for f in leftovers { try FileManager.default.removeItem(atPath: dir + "/" + f) }
            // Whatever moment the kill hit, the file is a complete earlier save.
            let loaded = try LandmarkIndex(contentsOf: path)
            #expect(loaded.count == LandmarkSaveChild.landmarks)
        }
        #expect(interrupted > 0, "no kill landed in the middle of a save")
    }

    /// Starts a `LandmarkSaveChild` that saves to `path` in a loop, waits for its first
    /// complete save, then kills it with SIGKILL as soon as its next temporary file
    /// appears, after `pauseMicroseconds`.
    func killSavingChild(_ path: String, pauseMicroseconds: UInt32) throws {
        let ready = path + ".ready"
        try? FileManager.default.removeItem(atPath: ready)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "LandmarkSaveChild"]
        var env = ProcessInfo.processInfo.environment
        env[LandmarkSaveChild.pathVariable] = path
        child.environment = env
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        var waited = 0
        while !FileManager.default.fileExists(atPath: ready) && waited < 1_200 && child.isRunning {
            usleep(50_000)
            waited += 1
        }
        #expect(FileManager.default.fileExists(atPath: ready), "the child never finished a first save")
        var polls = 0
        while Self.temporaryFiles(dir).isEmpty && polls < 200_000 && child.isRunning {
            usleep(100)
            polls += 1
        }
        usleep(pauseMicroseconds)
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
    }

    @Test("the next save removes the temporary file of a save killed with SIGKILL")
    func killedSaveLeftoverRemoved() throws {
        let path = dir + "/killed.gklm"
        var cleaned = 0
        for _ in 0..<6 where cleaned == 0 {
            try killSavingChild(path, pauseMicroseconds: 0)
            guard !Self.temporaryFiles(dir).isEmpty else { continue }
            // A later save of the same target removes what the dead process left.
            try LandmarkIndex().save(to: path)
            #expect(Self.temporaryFiles(dir).isEmpty, "\(Self.temporaryFiles(dir))")
            cleaned += 1
        }
        #expect(cleaned > 0, "no kill landed in the middle of a save")
    }
#endif
}

/// The child process of `killDuringSave`: when started with the path variable set, it
/// saves a large set of landmarks to that path over and over until it is killed. In a
/// normal test run the variable is unset and the test does nothing.
@Suite("LandmarkSaveChild")
struct LandmarkSaveChild {
    static let pathVariable = "GK_LANDMARK_SAVE_CHILD"
    static let landmarks = 10_000

    @Test("(helper process for the kill test) saves in a loop when asked to")
    func saveForever() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.pathVariable] else { return }
        let marks = try LandmarkPersistenceTests.sample(Self.landmarks, noteBytes: 900)
        var first = true
        while true {
            try marks.save(to: path)
            if first {
                _ = FileManager.default.createFile(atPath: path + ".ready", contents: Data())
                first = false
            }
        }
    }
}
