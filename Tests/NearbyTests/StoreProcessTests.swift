import Foundation
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

#if os(Linux)
/// Several processes on one store file: the children are this test binary, started with
/// an environment variable that makes `StoreChild` play a writer, a searcher or a writer
/// to be killed (as the snapshot kill test of LandmarkPersistenceTests does).
@Suite("Landmark store: many processes on one file")
struct StoreProcessTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory("gk-store-tests") }

    /// Starts a child playing `role` with `arguments` (tab-separated in the variable).
    static func start(_ role: String, _ arguments: [String]) throws -> Process {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "StoreChild"]
        var env = ProcessInfo.processInfo.environment
        env[StoreChild.variable] = ([role] + arguments).joined(separator: "\t")
        child.environment = env
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        return child
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test("4 writers and 4 searchers at once: no lost update, no torn read, the same final content everywhere")
    func writersAndSearchers() throws {
        let db = folder.file("shared.db")
        _ = try LandmarkStore(path: db)  // create the file once (children may also race to)
        var children: [Process] = []
        for k in 0..<4 { children.append(try Self.start("writer", [db, folder.path, "\(k)", "200"])) }
        for k in 0..<4 { children.append(try Self.start("searcher", [db, folder.path, "\(k)"])) }
        for c in children { c.waitUntilExit() }
        for (i, c) in children.enumerated() {
            #expect(c.terminationStatus == 0, "child \(i) failed: \(Self.read(folder.file("error-\(i < 4 ? "writer" : "searcher")\(i % 4)")))")
        }
        let store = try LandmarkStore(path: db)
        // No lost update: every writer's own record of its final landmarks is in the store,
        // and the change counter counted every change of every writer exactly once.
        var changes = 0
        var expected: [String: String] = [:]
        for k in 0..<4 {
            let lines = Self.read(folder.file("writer\(k).final")).split(separator: "\n")
            #expect(!lines.isEmpty)
            for line in lines.dropFirst() {
                let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                expected[String(parts[0])] = String(parts[1])
            }
            changes += Int(lines.first ?? "") ?? -1
        }
        let stored = try store.all(includingDeleted: true)
        let actual = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0.deleted ? "<deleted>" : $0.note) })
        #expect(actual == expected)
        #expect(try store.sequence() == Int64(changes))
        #expect(Set(stored.map(\.sequence)).count == stored.count)
        // No torn read: searchers found every note consistent and every pair added in one
        // transaction complete (they write their violations, if any).
        for k in 0..<4 {
            let report = Self.read(folder.file("searcher\(k).report"))
            #expect(report.hasPrefix("searches "), "searcher \(k): \(report)")
            #expect(!report.contains("violation"), "searcher \(k): \(report)")
        }
        // The same content in every process, and here.
        let mine = StoreChild.digest(try store.search(StoreChild.everything))
        print("process test: \(changes) changes, \(stored.count) landmarks, digest \(mine); " + (0..<4).map { Self.read(folder.file("searcher\($0).report")).prefix(20) }.joined(separator: ", "))
        for role in ["writer", "searcher"] {
            for k in 0..<4 {
                #expect(Self.read(folder.file("\(role)\(k).digest")) == mine, "\(role) \(k)")
            }
        }
    }

    @Test("kill -9 of a writer at random moments, 32 times: committed changes survive, nothing uncommitted appears")
    func killedWriters() throws {
        let db = folder.file("killed.db")
        var rng = SplitMix64(seed: 99)
        var committed: Set<Int> = []  // batches the writers reported as committed
        var landed = 0
        for run in 0..<32 {
            let progress = folder.file("progress-\(run)")
            let child = try Self.start("killme", [db, progress, "\(run)"])
            var polls = 0
            while Self.read(progress).isEmpty && child.isRunning && polls < 40_000 {
                usleep(500)
                polls += 1
            }
            usleep(UInt32(rng.next() % 40_000))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal, "run \(run): the writer ended by itself")
            let batches = Self.read(progress).split(separator: "\n").compactMap { Int($0) }
            committed.formUnion(batches.map { run * 1_000_000 + $0 })

            // Opens cleanly, and holds whole batches only: each batch is three landmarks
            // added in one transaction (its "b" deleted by the next transaction).
            let store = try LandmarkStore(path: db)
            let all = try store.all(includingDeleted: true)
            var members: [Int: [StoredLandmark]] = [:]
            for l in all {
                let parts = l.id.split(separator: "-")
                members[Int(parts[0])! * 1_000_000 + Int(parts[1])!, default: []].append(l)
            }
            for (batch, ls) in members {
                #expect(ls.count == 3, "batch \(batch) is incomplete: \(ls.map(\.id))")
            }
            for batch in committed {
                #expect(members[batch] != nil, "committed batch \(batch) is lost")
            }
            // At most one batch was committed but not yet reported when the kill came.
            let unreported = Set(members.keys).subtracting(committed).filter { $0 / 1_000_000 == run }
            if !unreported.isEmpty { landed += 1 }
            #expect(unreported.count <= 1)
            // The mirror, the table and the change counter agree.
            #expect(try store.count() == all.filter { !$0.deleted }.count)
            #expect(try store.sequence() == all.map(\.sequence).max() ?? 0)
            store.close()
        }
        #expect(committed.count > 32)
        print("kill test: \(committed.count) committed batches over 32 kills; \(landed) kills fell between a commit and its report")
    }
}
#endif

/// The child processes of StoreProcessTests. In a normal test run the variable is unset
/// and the test does nothing.
@Suite("StoreChild")
struct StoreChild {
    static let variable = "GK_STORE_CHILD"
    static let centre = try! Coordinate(latitude: 46.2044, longitude: 6.1432)  // Geneva
    static let everything = LandmarkSearch(position: centre, user: "nobody", radius: .global, limit: 1_000_000)

    /// A note naming its owner, serial and version, with a check number over the three.
    static func note(_ owner: String, _ serial: Int, _ version: Int) -> String {
        "\(owner)|\(serial)|\(version)|\((owner.utf8.count * 31 + serial * 7 + version * 13) % 97)"
    }

    static func isConsistent(_ l: StoredLandmark) -> Bool {
        let parts = l.note.split(separator: "|")
        guard parts.count == 4, let serial = Int(parts[1]), let version = Int(parts[2]) else { return false }
        return String(parts[0]) == l.owner && l.note == note(l.owner, serial, version)
    }

    /// A digest (FNV-1a) of a search's ids and notes, sorted.
    static func digest(_ results: [StoredLandmarkResult]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for line in results.map({ $0.landmark.id + "\t" + $0.landmark.note }).sorted() {
            for b in line.utf8 + [10] {
                h ^= UInt64(b)
                h = h &* 0x100_0000_01b3
            }
        }
        return String(h, radix: 16) + " \(results.count)"
    }

    static func write(_ path: String, _ text: String) {
        // A helper process that cannot report its result must not look as if it had.
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { fatalError("cannot write \(path)") }
    }

    static func writersDone(_ dir: String) -> Bool {
        (0..<4).allSatisfy { FileManager.default.fileExists(atPath: dir + "/writer\($0).final") }
    }

    @Test("(helper process for the store process tests) plays its role when asked to")
    func play() throws {
        guard let spec = ProcessInfo.processInfo.environment[Self.variable] else { return }
        let args = spec.split(separator: "\t").map(String.init)
        switch args[0] {
        case "writer": try writer(args[1], args[2], Int(args[3])!, Int(args[4])!)
        case "searcher": try searcher(args[1], args[2], Int(args[3])!)
        case "killme": try killme(args[1], args[2], Int(args[3])!)
        default: Issue.record("unknown role \(args[0])")
        }
    }

    /// Adds pairs (one transaction each), edits and deletes its own landmarks, `ops`
    /// times; records the changes it made and its landmarks' final notes.
    func writer(_ db: String, _ dir: String, _ k: Int, _ ops: Int) throws {
        do {
            let store = try LandmarkStore(path: db, durability: .normal)
            let user = "writer\(k)"
            var rng = SplitMix64(seed: UInt64(k + 1))
            var mine: [String: (serial: Int, version: Int)] = [:]
            var final: [String: String] = [:]
            var changes = 0, serial = 0, clock: Int64 = 0
            for _ in 0..<ops {
                clock += 1
                let choice = rng.next() % 4
                if choice == 0 || mine.isEmpty {
                    // A pair in one transaction: searchers must see both or neither.
                    serial += 1
                    let p = try Self.centre.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 5_000))
                    let pair = [("\(user)-\(serial)-a", "pair"), ("\(user)-\(serial)-b", "pair")]
                    try store.add(pair.map { NewLandmark(id: $0.0, coordinate: p, note: "\(user) \($0.1) \(serial)", owner: user, createdAt: clock) })
                    for (id, _) in pair { final[id] = "\(user) pair \(serial)" }
                    changes += 2
                    serial += 1
                    let single = "\(user)-\(serial)"
                    try store.add(id: single, at: p, note: Self.note(user, serial, 0), owner: user, createdAt: clock)
                    mine[single] = (serial, 0)
                    final[single] = Self.note(user, serial, 0)
                    changes += 1
                } else if choice == 3 {
                    let id = mine.keys.sorted()[Int(rng.next() % UInt64(mine.count))]
                    try store.delete(id: id, by: user, at: clock)
                    mine[id] = nil
                    final[id] = "<deleted>"
                    changes += 1
                } else {
                    let id = mine.keys.sorted()[Int(rng.next() % UInt64(mine.count))]
                    let (s, v) = mine[id]!
                    try store.edit(id: id, note: Self.note(user, s, v + 1), by: user, at: clock)
                    mine[id] = (s, v + 1)
                    final[id] = Self.note(user, s, v + 1)
                    changes += 1
                }
            }
            let lines = final.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)" }
            Self.write(dir + "/writer\(k).final.tmp", "\(changes)\n" + lines.joined(separator: "\n"))
            try FileManager.default.moveItem(atPath: dir + "/writer\(k).final.tmp", toPath: dir + "/writer\(k).final")
            while !Self.writersDone(dir) { usleep(20_000) }
            Self.write(dir + "/writer\(k).digest", Self.digest(try store.search(Self.everything)))
        } catch {
            Self.write(dir + "/error-writer\(k)", "\(error)")
            throw error
        }
    }

    /// Searches until every writer is done, checking each answer; then records a digest.
    func searcher(_ db: String, _ dir: String, _ k: Int) throws {
        do {
            let store = try LandmarkStore(path: db)
            var searches = 0, violations: [String] = []
            var previousCount = 0
            while !Self.writersDone(dir) {
                let found = try store.search(Self.everything)
                searches += 1
                var pairs: [String: Int] = [:]
                for r in found {
                    let l = r.landmark
                    if l.note.contains(" pair ") {
                        pairs[String(l.id.dropLast(2)), default: 0] += 1
                    } else if !Self.isConsistent(l) {
                        violations.append("torn note \(l.id): \(l.note)")
                    }
                }
                for (pair, n) in pairs where n != 2 { violations.append("half a pair \(pair)") }
                // Pairs are never deleted: the number of pair landmarks only grows.
                let pairCount = pairs.values.reduce(0, +)
                if pairCount < previousCount { violations.append("pairs went back from \(previousCount) to \(pairCount)") }
                previousCount = pairCount
                if k % 2 == 1 {
                    let near = try store.search(LandmarkSearch(position: Self.centre, user: "writer1", radius: .oneKilometer, scope: .mine, limit: 20))
                    for r in near where r.distanceMeters > 1_000 || r.landmark.owner != "writer1" { violations.append("search rule \(r.landmark.id)") }
                }
            }
            Self.write(dir + "/searcher\(k).report", "searches \(searches)\n" + violations.prefix(20).map { "violation: \($0)" }.joined(separator: "\n"))
            Self.write(dir + "/searcher\(k).digest", Self.digest(try store.search(Self.everything)))
        } catch {
            Self.write(dir + "/error-searcher\(k)", "\(error)")
            throw error
        }
    }

    /// Adds batches of three landmarks (one transaction each, durable), deleting the
    /// previous batch's "b" in the next; appends each committed batch number to
    /// `progress` (after the commit returned) until killed.
    func killme(_ db: String, _ progress: String, _ run: Int) throws {
        let store = try LandmarkStore(path: db, durability: .full)
        _ = FileManager.default.createFile(atPath: progress, contents: nil)  // the next line fails without it
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: progress))
        var batch = 0
        while true {
            batch += 1
            let ids = ["\(run)-\(batch)-a", "\(run)-\(batch)-b", "\(run)-\(batch)-c"]
            try store.add(ids.map { NewLandmark(id: $0, coordinate: Self.centre, note: "batch \(batch)", owner: "k", createdAt: Int64(batch)) })
            out.write(Data("\(batch)\n".utf8))
            if batch > 1 { try store.delete(id: "\(run)-\(batch - 1)-b", by: "k", at: Int64(batch)) }
        }
    }
}
