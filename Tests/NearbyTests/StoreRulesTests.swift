import Foundation
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

@Suite("Landmark store: rules")
struct StoreRulesTests {
    let folder: TemporaryDirectory
    let paris = try! Coordinate(latitude: 48.8566, longitude: 2.3522)

    init() throws { folder = try TemporaryDirectory("gk-store-tests") }

    @Test("an added landmark reads back with its id, note, owner and the caller's timestamps")
    func addAndGet() throws {
        let store = try LandmarkStore(path: folder.file("a.db"))
        let given = try store.add(id: "srv-1", at: paris, note: "Café 🌍", owner: "zoë", createdAt: 1_700_000_000_000)
        let generated = try store.add(at: paris, note: "second", owner: "bob", createdAt: 5)
        #expect(given.id == "srv-1" && given.updatedAt == 1_700_000_000_000 && !given.deleted)
        #expect(generated.id.utf8.count == 32 && generated.id.allSatisfy { $0.isHexDigit })
        #expect(try store.landmark(id: "srv-1") == given)
        #expect(try store.landmark(id: "nope") == nil)
        #expect(try store.count() == 2)
        let sequence = try store.sequence()
        #expect(given.sequence == 1 && generated.sequence == 2 && sequence == 2)
    }

    @Test("the fast lowercasing of search texts equals lowercased() on ASCII and other text")
    func fastLowercase() {
        var rng = SplitMix64(seed: 3)
        let alphabet = Array("aZ09 -_.!~AzqQ\u{7F}\u{0}ÉéİıẞßΣσςǅǄǆ\u{301}\u{345}Ωω🌍".unicodeScalars)
        for length in 0..<200 {
            var text = ""
            for _ in 0..<(length % 40) {
                let ascii = rng.next() % 4 != 0 || length < 100
                let scalar = ascii ? Unicode.Scalar(UInt8(rng.next() % 128)) : alphabet[Int(rng.next() % UInt64(alphabet.count))]
                text.unicodeScalars.append(scalar)
            }
            #expect(text.asciiFastLowercased() == text.lowercased() && Array(text.asciiFastLowercased().utf8) == Array(text.lowercased().utf8))
        }
    }

    @Test("generated ids differ from each other")
    func generatedIDsDiffer() throws {
        let store = try LandmarkStore(path: folder.file("ids.db"), durability: .normal)
        let batch = (0..<2_000).map { NewLandmark(coordinate: paris, note: "n\($0)", owner: "u", createdAt: 0) }
        let ids = try store.add(batch).map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test("only the owner may edit or delete, and changes never go back in time")
    func ownerOnly() throws {
        let store = try LandmarkStore(path: folder.file("own.db"))
        try store.add(id: "x", at: paris, note: "mine", owner: "alice", createdAt: 10)
        let edit = #expect(throws: GeoKernelError.self) { try store.edit(id: "x", note: "hers", by: "mallory", at: 11) }
        #expect(edit?.code == .permission && edit?.message.contains("alice") == true)
        let del = #expect(throws: GeoKernelError.self) { try store.delete(id: "x", by: "mallory", at: 11) }
        #expect(del?.code == .permission)
        let past = #expect(throws: GeoKernelError.self) { try store.edit(id: "x", note: "old", by: "alice", at: 9) }
        #expect(past?.code == .order)
        let moved = try Coordinate(latitude: 48.86, longitude: 2.35)
        let edited = try store.edit(id: "x", note: "edited", coordinate: moved, by: "alice", at: 12)
        #expect(edited.note == "edited" && edited.coordinate == moved && edited.createdAt == 10 && edited.updatedAt == 12)
        #expect(try store.landmark(id: "x") == edited)
        let missing = #expect(throws: GeoKernelError.self) { try store.edit(id: "y", note: "n", by: "alice", at: 12) }
        #expect(missing?.code == .notFound)
    }

    @Test("a deletion leaves a tombstone until compaction, and ids are never reused")
    func tombstones() throws {
        let store = try LandmarkStore(path: folder.file("tomb.db"))
        try store.add(id: "t", at: paris, note: "here", owner: "ann", createdAt: 1)
        try store.delete(id: "t", by: "ann", at: 2)
        let tomb = try #require(try store.landmark(id: "t"))
        #expect(tomb.deleted && tomb.updatedAt == 2 && tomb.sequence == 2)
        #expect(try store.count() == 0)
        #expect(try store.search(LandmarkSearch(position: paris, user: "ann")).isEmpty)
        #expect(try store.changes(since: 1).map(\.id) == ["t"])
        let again = #expect(throws: GeoKernelError.self) { try store.delete(id: "t", by: "ann", at: 3) }
        #expect(again?.code == .notFound)
        let reuse = #expect(throws: GeoKernelError.self) {
            try store.add(id: "t", at: paris, note: "again", owner: "ann", createdAt: 3)
        }
        #expect(reuse?.code == .duplicate)
        #expect(try store.compact() == 1)
        #expect(try store.landmark(id: "t") == nil)
        // A cursor from before the compacted deletion would miss it: refused; 0 still works.
        let stale = #expect(throws: GeoKernelError.self) { try store.changes(since: 1) }
        #expect(stale?.code == .invalidArgument)
        #expect(try store.changes(since: 0).isEmpty)
    }

    @Test("bad input is refused with a clear error and nothing is stored")
    func badInput() throws {
        let store = try LandmarkStore(path: folder.file("bad.db"))
        let cases: [NewLandmark] = [
            NewLandmark(id: "", coordinate: paris, note: "n", owner: "u", createdAt: 0),
            NewLandmark(id: "a\nb", coordinate: paris, note: "n", owner: "u", createdAt: 0),
            NewLandmark(id: String(repeating: "i", count: 129), coordinate: paris, note: "n", owner: "u", createdAt: 0),
            NewLandmark(coordinate: paris, note: "   ", owner: "u", createdAt: 0),
            NewLandmark(coordinate: paris, note: "n", owner: "", createdAt: 0),
        ]
        for c in cases {
            let e = #expect(throws: GeoKernelError.self) { try store.add([NewLandmark(coordinate: paris, note: "ok", owner: "u", createdAt: 0), c]) }
            #expect(e?.code == .invalidArgument && e?.message.contains("landmark 1 of the batch") == true)
        }
        let duplicateInBatch = #expect(throws: GeoKernelError.self) {
            try store.add([NewLandmark(id: "d", coordinate: paris, note: "1", owner: "u", createdAt: 0),
                           NewLandmark(id: "d", coordinate: paris, note: "2", owner: "u", createdAt: 0)])
        }
        #expect(duplicateInBatch?.code == .duplicate)
        #expect(try store.count() == 0 && (try store.sequence()) == 0)
        let cursor = #expect(throws: GeoKernelError.self) { try store.changes(since: -1) }
        #expect(cursor?.code == .invalidArgument)
    }

    @Test("the conflict rule: later updatedAt wins, then a deletion, then the larger content")
    func conflicts() throws {
        let store = try LandmarkStore(path: folder.file("conflict.db"))
        func v(_ note: String, _ t: Int64, deleted: Bool = false, owner: String = "o") -> StoredLandmark {
            StoredLandmark(id: "c", coordinate: paris, note: note, owner: owner, createdAt: 0, updatedAt: t, deleted: deleted)
        }
        #expect(try store.apply([v("b", 5)]) == 1)
        #expect(try store.apply([v("a", 4)]) == 0)  // older loses
        #expect(try store.landmark(id: "c")?.note == "b")
        #expect(try store.apply([v("a", 5)]) == 0)  // same time, smaller note loses
        #expect(try store.apply([v("c", 5)]) == 1)  // same time, larger note wins
        #expect(try store.apply([v("c", 5)]) == 0)  // identical: nothing to do
        #expect(try store.apply([v("z", 5, deleted: true)]) == 1)  // a deletion wins a tie
        #expect(try store.apply([v("zz", 5)]) == 0)
        #expect(try store.landmark(id: "c")?.deleted == true)
        #expect(try store.apply([v("back", 6)]) == 1)  // a later upsert brings it back
        #expect(try store.landmark(id: "c")?.deleted == false && (try store.count()) == 1)
        // Owners are not checked for applied changes (the server's word), only for edits.
        #expect(try store.apply([v("moved", 7, owner: "other")]) == 1)
        #expect(try store.search(LandmarkSearch(position: paris, user: "other", scope: .mine)).map(\.landmark.note) == ["moved"])
        // The rule is symmetric: of two versions, exactly one wins unless they are equal.
        let a = v("x", 3), b = v("y", 3, owner: "p")
        #expect(a.wins(over: b) != b.wins(over: a) && !a.wins(over: a))
    }

    @Test("a file that is not SQLite, another application's database, or a newer version is refused")
    func badFiles() throws {
        let text = folder.file("text.db")
        try Data(String(repeating: "not a database at all\n", count: 200).utf8).write(to: URL(fileURLWithPath: text))
        let notDB = #expect(throws: GeoKernelError.self) { try LandmarkStore(path: text) }
        #expect(notDB?.code == .corrupt && notDB?.message.contains("not an SQLite database") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: text)).count == 22 * 200)  // left as it was

        let future = try forgedStore("future.db") { try $0.setSchemaVersionOnDisk(LandmarkStore.schemaVersion + 1) }
        let newer = #expect(throws: GeoKernelError.self) { try LandmarkStore(path: future) }
        #expect(newer?.code == .corrupt && newer?.message.contains("newer") == true)

        let dir = #expect(throws: GeoKernelError.self) { try LandmarkStore(path: folder.path) }
        #expect(dir?.code == .io && dir?.message.contains("directory") == true)
        let fifo = folder.file("fifo.db")
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = #expect(throws: GeoKernelError.self) { try LandmarkStore(path: fifo) }  // at once, never blocks
        #expect(pipe?.code == .io && pipe?.message.contains("FIFO") == true)
    }

    /// A store file `name` in the test folder with one landmark ("n", note "note", owner
    /// "u", at `coordinate`), changed on disk by `forge` and closed; its path.
    func forgedStore(
        _ name: String, at coordinate: Coordinate? = nil, _ forge: (LandmarkStore) throws -> Void
    ) throws -> String {
        let path = folder.file(name)
        let store = try LandmarkStore(path: path)
        try store.add(id: "n", at: coordinate ?? paris, note: "note", owner: "u", createdAt: 0)
        try forge(store)
        store.close()
        return path
    }

    @Test("a negative schema version, an empty path or SQLite's in-memory names are refused, never opened")
    func refusedPaths() throws {
        let negative = try forgedStore("negative.db") { try $0.setSchemaVersionOnDisk(-1) }
        let damaged = #expect(throws: GeoKernelError.self) { try LandmarkStore(path: negative) }
        #expect(damaged?.code == .corrupt && damaged?.message.contains("negative") == true)
        for path in ["", ":memory:"] {
            let e = #expect(throws: GeoKernelError.self) { try LandmarkStore(path: path) }
            #expect(e?.code == .invalidArgument && e?.message.contains("file path") == true, "'\(path)'")
        }
        // "file:" opens the file of that name (relative to the working directory), not a URI.
        let cwd = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        do {
            let store = try LandmarkStore(path: "file:uri.db?mode=memory")
            try store.add(id: "u", at: paris, note: "kept", owner: "u", createdAt: 0)
            store.close()
        }
        #expect(FileManager.default.fileExists(atPath: folder.file("file:uri.db?mode=memory")))
        #expect(try LandmarkStore(path: "file:uri.db?mode=memory").landmark(id: "u")?.note == "kept")
    }

    @Test("a row whose columns hold the wrong types is refused as damaged, not converted")
    func wrongTypes() throws {
        let forgeries = [
            "UPDATE landmarks SET latitude = 'x'", "UPDATE landmarks SET longitude = x'00ff'",
            "UPDATE landmarks SET note = x'6e6f7465'", "UPDATE landmarks SET id = x'3432'",
            "UPDATE landmarks SET created_at = 1.5", "UPDATE landmarks SET deleted = 7", "UPDATE landmarks SET seq = 'late'",
            "UPDATE landmarks SET note = CAST(x'6e6f00746521' AS TEXT)", "UPDATE landmarks SET owner = CAST(x'ff' AS TEXT)",
        ]
        for (i, sql) in forgeries.enumerated() {
            let path = try forgedStore("types-\(i).db") { try $0.executeOnDisk(sql) }
            // Opening reads the live rows; a tombstone is read when asked for.
            let e = #expect(throws: GeoKernelError.self, "\(sql)") { _ = try LandmarkStore(path: path).all(includingDeleted: true) }
            #expect(e?.code == .corrupt && e?.message.contains("damaged") == true, "\(sql): \(String(describing: e))")
        }
        // Integers where reals belong are what SQLite stores for whole numbers: they read back.
        let whole = try forgedStore("whole.db", at: try Coordinate(latitude: 48, longitude: 2)) {
            try $0.executeOnDisk("UPDATE landmarks SET latitude = 48, longitude = 2")
        }
        #expect(try LandmarkStore(path: whole).landmark(id: "n")?.coordinate == (try Coordinate(latitude: 48, longitude: 2)))
    }

    @Test("a forged huge row number reserves memory by the file's size, not by the number")
    func forgedRowNumber() throws {
        let path = try forgedStore("huge-row.db") { try $0.executeOnDisk("UPDATE landmarks SET row = 4611686018427387904") }
        let store = try LandmarkStore(path: path)
        #expect(try store.landmark(id: "n")?.note == "note")
        let found = try store.search(LandmarkSearch(position: paris, user: "u", radius: .global, limit: 5))
        #expect(found.map(\.landmark.id) == ["n"])
        let fileBytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(store.mirrorReservedRows > 0)
        #expect(store.mirrorReservedRows <= (fileBytes + 4 << 20) / LandmarkStore.minimumRowBytes, "\(store.mirrorReservedRows)")
    }

    @Test("a truncated or damaged store file gives a clear error or opens, never crashes")
    func damagedFiles() throws {
        let good = folder.file("good.db")
        do {
            let store = try LandmarkStore(path: good, durability: .normal)
            try store.add((0..<3_000).map { NewLandmark(id: "id\($0)", coordinate: paris, note: "note \($0)", owner: "u\($0 % 5)", createdAt: 0) })
            store.close()
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        var rng = SplitMix64(seed: 7)
        for trial in 0..<150 {
            var damaged = bytes
            if trial < 20 {
                damaged = damaged.prefix(Int(rng.next() % UInt64(bytes.count)))  // cut off anywhere
            } else {
                for _ in 0..<8 { damaged[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            }
            let path = folder.file("damaged-\(trial).db")
            try damaged.write(to: URL(fileURLWithPath: path))
            let outcome = Result { () throws(GeoKernelError) -> Int in
                let store = try LandmarkStore(path: path)
                _ = try store.search(LandmarkSearch(position: paris, user: "u1", text: "note 1"))
                return try store.all(includingDeleted: true).count
            }
            if case .failure(let e) = outcome {
                #expect([.corrupt, .io].contains(e.code), "trial \(trial): \(e)")
            }
        }
    }

    @Test("an older schema version is migrated on open and keeps its landmarks")
    func migration() throws {
        let path = folder.file("v1.db")
        do {
            let old = try LandmarkStore(path: path, durability: .full, migratingTo: 1)
            #expect(try old.schemaVersionOnDisk() == 1)
            try old.add(id: "old", at: paris, note: "from version 1", owner: "u", createdAt: 3)
            old.close()
        }
        let store = try LandmarkStore(path: path)
        #expect(try store.schemaVersionOnDisk() == Int64(LandmarkStore.schemaVersion))
        #expect(try store.landmark(id: "old")?.note == "from version 1")
        #expect(try store.changes(since: 0).map(\.id) == ["old"])
    }

    @Test("a closed store refuses calls with a misuse error")
    func closed() throws {
        let store = try LandmarkStore(path: folder.file("closed.db"))
        store.close()
        store.close()
        let e = #expect(throws: GeoKernelError.self) { try store.count() }
        #expect(e?.code == .misuse)
    }

    @Test("search answers exactly as the in-memory LandmarkIndex over the same landmarks")
    func searchMatchesIndex() throws {
        let store = try LandmarkStore(path: folder.file("search.db"), durability: .normal)
        let index = LandmarkIndex()
        var rng = SplitMix64(seed: 12)
        var batch: [NewLandmark] = []
        for i in 0..<3_000 {
            let p = try paris.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 150_000))
            let owner = "user\(i % 9)", note = "Note \(i) " + (i % 5 == 0 ? "Boulangerie" : "musée")
            batch.append(NewLandmark(coordinate: p, note: note, owner: owner, createdAt: Int64(i)))
            try index.add(at: p, note: note, owner: owner)
        }
        let stored = try store.add(batch)
        // Delete and edit the same landmarks in both.
        for i in stride(from: 0, to: 3_000, by: 17) {
            try store.delete(id: stored[i].id, by: stored[i].owner, at: 10_000)
            try index.delete(id: UInt64(i + 1), by: stored[i].owner)
        }
        for i in stride(from: 3, to: 3_000, by: 29) where i % 17 != 0 {
            try store.edit(id: stored[i].id, note: "edited boulangerie \(i)", by: stored[i].owner, at: 10_001)
            try index.editNote(id: UInt64(i + 1), note: "edited boulangerie \(i)", by: stored[i].owner)
        }
        for trial in 0..<60 {
            let from = try paris.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 100_000))
            let search = LandmarkSearch(
                position: from, user: "user\(trial % 9)", radius: SearchRadius.allCases[trial % 4],
                text: [nil, "boulangerie", "USER3", "é"][trial % 4], scope: SearchScope.allCases[trial % 3],
                limit: [1, 20, 50, 5_000][trial % 4], accuracyMeters: trial % 2 == 0 ? nil : 30)
            let expected = try index.search(search)
            let got = try store.search(search)
            #expect(got.count == expected.count)
            for (g, e) in zip(got, expected) {
                #expect(g.landmark.note == e.landmark.note && g.landmark.owner == e.landmark.owner)
                #expect(g.distanceMeters == e.distanceMeters && g.hint == e.hint)
            }
        }
    }

    @Test("search results carry each landmark's whole stored row after another connection edits, moves and deletes")
    func searchResultsCarryRows() throws {
        let path = folder.file("rows.db")
        let a = try LandmarkStore(path: path, durability: .normal), b = try LandmarkStore(path: path, durability: .normal)
        var rng = SplitMix64(seed: 31)
        let batch = try (0..<600).map { i in
            NewLandmark(
                coordinate: try paris.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 5_000)),
                note: "note \(i)", owner: "user\(i % 4)", createdAt: Int64(i))
        }
        let stored = try a.add(batch)
        _ = try a.count()  // a's mirror is loaded before b changes anything
        var moved: [StoredLandmark] = []
        for (i, l) in stored.enumerated() {
            switch i % 5 {
            case 0: try b.delete(id: l.id, by: l.owner, at: 1_000)
            case 1: try b.edit(id: l.id, note: "edited \(i)", by: l.owner, at: 1_001)
            case 2:
                let p = try l.coordinate.destination(bearingDegrees: 90, distanceMeters: 2_000)
                moved.append(StoredLandmark(
                    id: l.id, coordinate: p, note: l.note, owner: l.owner, createdAt: l.createdAt, updatedAt: 1_002))
            default: break
            }
        }
        try b.apply(moved)
        try b.add(id: "late", at: paris, note: "added by b", owner: "user9", createdAt: 2_000)
        var seen = Set<String>()
        for trial in 0..<40 {
            let from = try paris.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 6_000))
            let results = try a.search(LandmarkSearch(position: from, user: "user1", radius: .hundredKilometers, limit: 50 + 10 * trial))
            #expect(results.count == min(50 + 10 * trial, 481))
            for r in results {
                // Everything but the local sequence equals the row as SQLite holds it, and so
                // does the sequence (both read by `a`).
                let row = try #require(try a.landmark(id: r.landmark.id))
                #expect(r.landmark == row)
                #expect(!row.deleted)
                seen.insert(r.landmark.id)
            }
        }
        #expect(seen.contains("late"))
        #expect(seen.count > 400)
    }

    @Test("a store sees another connection's commits before it answers")
    func seesOtherConnections() throws {
        let path = folder.file("two.db")
        let a = try LandmarkStore(path: path), b = try LandmarkStore(path: path)
        try a.add(id: "1", at: paris, note: "from a", owner: "u", createdAt: 0)
        #expect(try b.search(LandmarkSearch(position: paris, user: "u")).map(\.landmark.id) == ["1"])
        try b.edit(id: "1", note: "edited by b", by: "u", at: 1)
        #expect(try a.search(LandmarkSearch(position: paris, user: "u")).map(\.landmark.note) == ["edited by b"])
        try b.delete(id: "1", by: "u", at: 2)
        try b.compact()
        #expect(try a.count() == 0)
        try b.add(id: "2", at: paris, note: "after compaction", owner: "u", createdAt: 3)
        #expect(try a.search(LandmarkSearch(position: paris, user: "u")).map(\.landmark.id) == ["2"])
        // While nobody commits, searches compare the wal-index header and ask SQLite nothing;
        // the first search after another connection's commit asks, and sees it.
        let asked = a.dataVersionQueries
        for _ in 0..<100 { _ = try a.search(LandmarkSearch(position: paris, user: "u")) }
        #expect(a.dataVersionQueries == asked)
        try b.add(id: "3", at: paris, note: "third", owner: "u", createdAt: 4)
        #expect(try a.search(LandmarkSearch(position: paris, user: "u")).map(\.landmark.id).sorted() == ["2", "3"])
        #expect(a.dataVersionQueries == asked + 1)
    }

    @Test("a snapshot file of LandmarkIndex imports into a store")
    func importSnapshot() throws {
        let index = LandmarkIndex()
        for i in 0..<50 { try index.add(at: paris, note: "snap \(i)", owner: "o\(i % 3)") }
        try index.delete(id: 7, by: "o0")
        let file = folder.file("marks.gklm")
        try index.save(to: file)
        let store = try LandmarkStore(path: folder.file("import.db"))
        #expect(try store.importSnapshot(from: file, idPrefix: "old-", createdAt: 99) == 49)
        #expect(try store.landmark(id: "old-8")?.note == "snap 7" && (try store.landmark(id: "old-7")) == nil)
        let again = #expect(throws: GeoKernelError.self) { try store.importSnapshot(from: file, idPrefix: "old-", createdAt: 99) }
        let count = try store.count()
        #expect(again?.code == .duplicate && count == 49)
        let bad = #expect(throws: GeoKernelError.self) { try store.importSnapshot(from: folder.file("none"), createdAt: 0) }
        #expect(bad?.code == .io)
    }
}

@Suite("Landmark search: case-insensitive text and the id map")
struct LandmarkTextAndIDMapTests {
    @Test("matching text without lowercasing the notes finds what matching the lowercased notes finds")
    func foldedMatchingEqualsLowercasedMatching() {
        var rng = SplitMix64(seed: 26)
        // ASCII, CR and LF (one character together), combining marks, letters that change
        // when lowercased, and scalars canonically equivalent to ASCII (Kelvin sign, Greek
        // question mark).
        let extra = Array("\r\nÉéİıẞßΣσǅ\u{301}\u{345}\u{212A}\u{37E}Ω🌍".unicodeScalars)
        func text(_ length: Int, ascii: Bool) -> String {
            var s = ""
            for _ in 0..<length {
                let plain = ascii || rng.next() % 3 != 0
                s.unicodeScalars.append(plain ? Unicode.Scalar(UInt8(32 + rng.next() % 95)) : extra[Int(rng.next() % UInt64(extra.count))])
            }
            return s
        }
        var found = 0
        for trial in 0..<20_000 {
            let haystack = text(Int(rng.next() % 24), ascii: trial % 2 == 0)
            var needle: String
            if rng.next() % 2 == 0, !haystack.isEmpty {
                // A piece of the haystack, in other letter case.
                let scalars = Array(haystack.unicodeScalars)
                let start = Int(rng.next() % UInt64(scalars.count)), length = Int(rng.next() % 5)
                needle = String(String.UnicodeScalarView(scalars[start..<min(scalars.count, start + length)]))
                needle = rng.next() % 2 == 0 ? needle.uppercased() : needle
            } else {
                needle = text(Int(rng.next() % 4), ascii: trial % 3 != 0)
            }
            let lower = needle.lowercased()
            let expected = haystack.asciiFastLowercased().containsCharacters(lower)
            #expect(haystack.containsFolded(lower) == expected, "\(Array(haystack.unicodeScalars)) ∋ \(Array(lower.unicodeScalars))")
            if expected { found += 1 }
        }
        #expect(found > 5_000, "the trials found matches (\(found))")
        #expect("Tour EIFFEL".containsFolded("eiffel") && !"Tour Eiffel".containsFolded("eiffels"))
        #expect(!"a\r\nb".containsFolded("\n") && "a\r\nb".containsFolded("\r\n"))
    }

    @Test("the id map gives what a dictionary gives, and huge keys take no memory by their size")
    func idMapEqualsDictionary() {
        var rng = SplitMix64(seed: 21)
        var map = DenseKeyMap(), reference: [UInt64: UInt32] = [:]
        var peak = 0
        for step in 0..<200_000 {
            let r = rng.next()
            // Mostly dense keys, some beyond the array, a few huge (forged row numbers).
            let key: UInt64 = switch r % 10 {
            case 0: rng.next() >> (rng.next() % 64)
            case 1: UInt64(step) + rng.next() % 100_000
            default: rng.next() % UInt64(step / 2 + 10)
            }
            if rng.next() % 4 == 0 {
                map[key] = nil
                reference[key] = nil
            } else {
                let value = UInt32(truncatingIfNeeded: rng.next() % UInt64(UInt32.max))
                map[key] = value
                reference[key] = value
            }
            peak = max(peak, reference.count)
            if step % 1_000 == 0 {
                #expect(map.count == reference.count)
                #expect(map.denseCount <= 2 * peak + 1_024, "\(map.denseCount) for at most \(peak) keys")
            }
        }
        #expect(map.count == reference.count)
        for (key, value) in reference { #expect(map[key] == value) }
        for _ in 0..<10_000 {
            let key = rng.next() % 300_000
            #expect(map[key] == reference[key])
        }
    }
}
