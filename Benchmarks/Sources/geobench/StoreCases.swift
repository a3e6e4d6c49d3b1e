import CSQLiteRaw
import Foundation
import GeoKernel
import Nearby

/// The SQLite landmark store on 1M landmarks (the clustered dataset of IndexCases: about
/// 200 Gaussian cities), each case beside a baseline in the same run:
/// Every name starts with `landmarks.` (`--filter landmarks.` runs them with their
/// baselines):
///  - `landmarks.store.open.1m`: open the database and build the search mirror, beside
///    `landmarks.index.load.1m`, LandmarkIndex loading the same landmarks from its
///    snapshot file;
///  - `landmarks.store.nearest20.10km.1m`: a search (nearest 20 within 10 km, from the
///    cities' queries), beside `landmarks.index.nearest20.10km.1m` on an in-memory
///    LandmarkIndex with the same landmarks; both answers are compared after timing;
///  - `landmarks.store.freshness`: `count()`, which only checks for other processes'
///    commits (PRAGMA data_version) and reads the mirror: the store's cost per search;
///  - `landmarks.store.add.batch10k`: adds in batches of 10 000 (one durable transaction
///    each), beside `landmarks.sqlite.insert.batch10k`, raw SQLite inserting the same rows;
///  - `landmarks.store.add.durable`: one add in its own transaction with
///    synchronous=FULL, beside `landmarks.sqlite.insert.fsync`, one raw SQLite insert with
///    the same settings (WAL, FULL);
///  - `landmarks.store.changes.10k`: changes(since:) returning 10 000 changes, beside
///    `landmarks.sqlite.select.10k`, raw SQLite stepping through the same rows.
enum StoreCases {
    static let queryBlock = 1_000

    static func make(points n: Int, selected: (String, String?) -> Bool) throws -> [BenchCase] {
        let names = ["open.1m", "nearest20.10km.1m", "freshness", "add.batch10k", "add.durable", "changes.10k", "load.1m",
                     "insert.batch10k", "insert.fsync", "select.10k"].flatMap { ["landmarks.store." + $0, "landmarks.index." + $0, "landmarks.sqlite." + $0] }
        guard names.contains(where: { selected($0, nil) }) else { return [] }
        let d = Dataset.clustered(points: n)
        let dir = Scratch.path("geobench-store-\(getpid())")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let big = dir + "/big.db", snapshot = dir + "/big.gklm"

        // The 1M store, filled in batches (timed here only as a note).
        let t0 = nowNanoseconds()
        let fill = try LandmarkStore(path: big, durability: .normal)
        let index = LandmarkIndex()
        var batch: [NewLandmark] = []
        for (i, p) in d.points.enumerated() {
            let note = "Landmark \(i) " + ["café", "museum", "park", "view", "bakery"][i % 5]
            let owner = "user\(i % 1_000)"
            batch.append(NewLandmark(coordinate: p, note: note, owner: owner, createdAt: Int64(i)))
            try index.add(at: p, note: note, owner: owner)
            if batch.count == 50_000 || i == d.points.count - 1 {
                try fill.add(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        fill.close()
        try index.save(to: snapshot)
        IndexCases.note("store: filled \(n) landmarks in \(IndexCases.fmt(Double(nowNanoseconds() - t0) / 1e9)) s (with the in-memory index), file \(IndexCases.fmt(Double(IndexCases.fileSize(big)) / 1e6)) MB")

        let opened = IndexCases.Box<LandmarkStore?>(nil)
        let loaded = IndexCases.Box<LandmarkIndex?>(nil)
        let store = try LandmarkStore(path: big)
        let queries = d.queries
        let window = IndexCases.Window(block: queryBlock, of: queries.count)
        func search(_ q: Coordinate) -> LandmarkSearch {
            LandmarkSearch(position: q, user: "user1", radius: .tenKilometers, limit: 20)
        }

        // Batch adds into their own store; the raw baseline into a table of the same shape.
        let adds = try LandmarkStore(path: dir + "/adds.db")
        let raw = try RawSQLite(path: dir + "/raw.db")
        var serial = 0
        let nextBatch = IndexCases.Box<[NewLandmark]>([])
        let makeBatch = {
            nextBatch.value = (0..<10_000).map { i in
                serial += 1
                return NewLandmark(coordinate: queries[i % queries.count], note: "batch note \(serial)", owner: "user\(i % 100)", createdAt: Int64(serial))
            }
        }
        let changesFrom = IndexCases.Box<Int64>(0)

        return [
            BenchCase(name: "landmarks.index.load.1m", n: 1, baseline: nil, setUp: { loaded.value = nil }, run: {
                loaded.value = try! LandmarkIndex(contentsOf: snapshot)
            }, minRepetitions: 3),
            BenchCase(name: "landmarks.store.open.1m", n: 1, baseline: "landmarks.index.load.1m", setUp: { opened.value = nil }, run: {
                opened.value = try! LandmarkStore(path: big)
            }, check: {
                let c = (try? opened.value?.count()) ?? -1
                return c == n ? nil : "opened \(c) landmarks"
            }, minRepetitions: 3),
            BenchCase(name: "landmarks.index.nearest20.10km.1m", n: queryBlock, baseline: nil, setUp: window.advance, run: {
                for i in window.range { blackHole(try! index.search(search(queries[i]))) }
            }),
            BenchCase(name: "landmarks.store.nearest20.10km.1m", n: queryBlock, baseline: "landmarks.index.nearest20.10km.1m", setUp: window.advance, run: {
                for i in window.range { blackHole(try! store.search(search(queries[i]))) }
            }, check: {
                var hits = 0
                for q in queries.prefix(2_000) {
                    let a = try! store.search(search(q)), b = try! index.search(search(q))
                    hits += a.count
                    guard a.map(\.landmark.note) == b.map(\.landmark.note), a.map(\.distanceMeters) == b.map(\.distanceMeters) else {
                        return "the store and the in-memory index disagree near \(q)"
                    }
                }
                IndexCases.note("landmarks.store.nearest20.10km.1m: \(IndexCases.fmt(Double(hits) / 2_000)) results per query on average")
                return nil
            }),
            BenchCase(name: "landmarks.store.freshness", n: queryBlock, baseline: "landmarks.store.nearest20.10km.1m", run: {
                for _ in 0..<queryBlock { blackHole(try! store.count()) }
            }),
            BenchCase(name: "landmarks.sqlite.insert.batch10k", n: 10_000, baseline: nil, setUp: makeBatch, run: {
                try! raw.insert(nextBatch.value)
            }),
            BenchCase(name: "landmarks.store.add.batch10k", n: 10_000, baseline: "landmarks.sqlite.insert.batch10k", setUp: makeBatch, run: {
                blackHole(try! adds.add(nextBatch.value))
            }),
            BenchCase(name: "landmarks.sqlite.insert.fsync", n: 1, baseline: nil, setUp: { makeBatch(); nextBatch.value = [nextBatch.value[0]] }, run: {
                try! raw.insert(nextBatch.value)
            }, minRepetitions: 20),
            BenchCase(name: "landmarks.store.add.durable", n: 1, baseline: "landmarks.sqlite.insert.fsync", setUp: { makeBatch(); nextBatch.value = [nextBatch.value[0]] }, run: {
                blackHole(try! adds.add(nextBatch.value))
            }, minRepetitions: 20),
            BenchCase(name: "landmarks.sqlite.select.10k", n: 1, baseline: nil, setUp: { changesFrom.value = (try! store.sequence()) - 10_000 }, run: {
                blackHole(try! RawSQLite.select(path: big, since: changesFrom.value))
            }),
            BenchCase(name: "landmarks.store.changes.10k", n: 1, baseline: "landmarks.sqlite.select.10k", setUp: { changesFrom.value = (try! store.sequence()) - 10_000 }, run: {
                blackHole(try! store.changes(since: changesFrom.value))
            }, check: {
                let c = try! store.changes(since: changesFrom.value)
                try? FileManager.default.removeItem(atPath: dir)
                return c.count == 10_000 ? nil : "\(c.count) changes"
            }),
        ]
    }
}

/// The baselines: SQLite called directly, with the store's table shape and settings
/// (WAL, synchronous=FULL, one transaction per insert call, prepared statements).
final class RawSQLite: @unchecked Sendable {
    struct Failure: Error { let message: String }
    let db: OpaquePointer
    let insertStmt: OpaquePointer

    init(path: String) throws {
        var h: OpaquePointer?
        guard sqlite3_open(path, &h) == SQLITE_OK, let h else { throw Failure(message: "open \(path)") }
        db = h
        sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", nil, nil, nil)
        sqlite3_exec(db, """
            CREATE TABLE IF NOT EXISTS landmarks(row INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, latitude REAL, longitude REAL,
            note TEXT, owner TEXT, created_at INTEGER, updated_at INTEGER, deleted INTEGER, seq INTEGER);
            CREATE INDEX IF NOT EXISTS landmarks_by_seq ON landmarks(seq);
            """, nil, nil, nil)
        var s: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO landmarks(id, latitude, longitude, note, owner, created_at, updated_at, deleted, seq) VALUES (?,?,?,?,?,?,?,0,?)", -1, &s, nil)
        guard let s else { throw Failure(message: "prepare") }
        insertStmt = s
    }

    private var seq: Int64 = 0

    func insert(_ batch: [NewLandmark]) throws {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
        var rng = SystemRandomNumberGenerator()
        for l in batch {
            seq += 1
            let id = String(rng.next(), radix: 16) + String(rng.next(), radix: 16)
            sqlite3_bind_text(insertStmt, 1, id, -1, transient)
            sqlite3_bind_double(insertStmt, 2, l.coordinate.latitude)
            sqlite3_bind_double(insertStmt, 3, l.coordinate.longitude)
            sqlite3_bind_text(insertStmt, 4, l.note, -1, transient)
            sqlite3_bind_text(insertStmt, 5, l.owner, -1, transient)
            sqlite3_bind_int64(insertStmt, 6, l.createdAt)
            sqlite3_bind_int64(insertStmt, 7, l.createdAt)
            sqlite3_bind_int64(insertStmt, 8, seq)
            guard sqlite3_step(insertStmt) == SQLITE_DONE else { throw Failure(message: String(cString: sqlite3_errmsg(db))) }
            sqlite3_reset(insertStmt)
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { throw Failure(message: "commit") }
    }

    /// Steps through the rows changed after `since`, reading every column (the work
    /// changes(since:) does before making Swift values).
    static func select(path: String, since: Int64) throws -> Int {
        // One connection per call would time the open; keep one per path.
        let db = try cached(path)
        var s: OpaquePointer?
        sqlite3_prepare_v2(db, "SELECT row, id, latitude, longitude, note, owner, created_at, updated_at, deleted, seq FROM landmarks WHERE seq > ?1 ORDER BY seq", -1, &s, nil)
        defer { sqlite3_finalize(s) }
        sqlite3_bind_int64(s, 1, since)
        var n = 0, bytes = 0
        while sqlite3_step(s) == SQLITE_ROW {
            bytes += Int(sqlite3_column_bytes(s, 1)) + Int(sqlite3_column_bytes(s, 4)) + Int(sqlite3_column_bytes(s, 5))
            blackHole(sqlite3_column_double(s, 2) + sqlite3_column_double(s, 3))
            blackHole(sqlite3_column_text(s, 1))
            blackHole(sqlite3_column_text(s, 4))
            blackHole(sqlite3_column_text(s, 5))
            n += 1
        }
        return n + bytes
    }

    nonisolated(unsafe) private static var connections: [String: OpaquePointer] = [:]

    private static func cached(_ path: String) throws -> OpaquePointer {
        if let db = connections[path] { return db }
        var h: OpaquePointer?
        guard sqlite3_open(path, &h) == SQLITE_OK, let h else { throw Failure(message: "open \(path)") }
        connections[path] = h
        return h
    }
}
