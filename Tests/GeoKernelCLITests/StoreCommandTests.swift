import Foundation
import GeoFormats
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

@Suite("Landmark store: the landmarks command")
struct StoreCommandTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory("gk-store-tests") }

    /// The tool's landmarks command with GeoJSON output (what these tests read back).
    func run(_ arguments: [String]) throws -> GeoKernelTool.Run {
        try GeoKernelTool.run(["landmarks"] + arguments + ["--format", "geojson"])
    }

    @Test("without --format, landmarks prints an aligned table for people: hint first for searches, (deleted) for tombstones")
    func tableForPeople() throws {
        let db = folder.file("table.db")
        let added = try GeoKernelTool.run(["landmarks", "add", "--db", db, "--user", "alice", "--lat", "48.8584",
                                           "--lon", "2.2945", "--note", "Tour Eiffel", "--id", "eiffel", "--time", "1000"])
        #expect(added.status == 0, "\(added.err)")
        let lines = added.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("id") == true && lines.first?.hasSuffix("note") == true)
        #expect(lines.last == "eiffel  alice  48.858400  2.294500   1970-01-01 00:00:01  Tour Eiffel")
        _ = try GeoKernelTool.run(["landmarks", "add", "--db", db, "--user", "bob", "--lat", "48.8606", "--lon", "2.3376",
                                   "--note", "Louvre", "--id", "louvre", "--time", "1001"])
        let found = try GeoKernelTool.run(["landmarks", "search", "--db", db, "--user", "carol", "--lat", "48.8566",
                                           "--lon", "2.3522", "--format", "TABLE"])
        let rows = found.out.split(separator: "\n").map(String.init)
        #expect(found.status == 0 && rows.count == 3 && rows[0].hasPrefix("distance"))
        #expect(rows[1].hasPrefix("1.16 km away") && rows[1].contains("louvre") && rows[2].contains("eiffel"))
        // Columns line up: every row's id starts where the header's does.
        let column = rows[0].range(of: "id")!.lowerBound.utf16Offset(in: rows[0])
        for row in rows.dropFirst() { #expect(row.dropFirst(column).hasPrefix("louvre") || row.dropFirst(column).hasPrefix("eiffel")) }
        let deleted = try GeoKernelTool.run(["landmarks", "delete", "--db", db, "--user", "bob", "--id", "louvre", "--time", "2000"])
        #expect(deleted.out.split(separator: "\n").last?.hasSuffix("(deleted)") == true)
        let none = try GeoKernelTool.run(["landmarks", "changes", "--db", db, "--user", "bob", "--since", "99"])
        #expect(none.status == 0 && none.out == "no landmarks\n")
    }

    /// The features of a GeoJSON FeatureCollection printed by the tool.
    func features(_ out: String) throws -> [GeoJSONFeature] {
        let path = folder.file("out-\(UInt64.random(in: 0..<1 << 40)).geojson")
        try Data(out.utf8).write(to: URL(fileURLWithPath: path))
        return try GeoJSON.read(contentsOf: path).features
    }

    @Test("an empty --db is refused with a message and a failing status, nothing is added anywhere")
    func emptyDatabasePath() throws {
        let added = try run(["add", "--db", "", "--user", "alice", "--lat", "1", "--lon", "2", "--note", "lost?"])
        #expect(added.status != 0 && added.out.isEmpty && added.err.contains("needs a file path"), "\(added.err)")
    }

    @Test("add, edit, search, delete and changes work on one database and print GeoJSON")
    func roundTrip() throws {
        let db = folder.file("cli.db")
        let added = try run(["add", "--db", db, "--user", "alice", "--lat", "48.8584", "--lon", "2.2945",
                             "--note", "Tour Eiffel", "--id", "eiffel", "--time", "1000"])
        #expect(added.status == 0, "\(added.err)")
        let a = try features(added.out)
        #expect(a.count == 1 && a.first?.id == .string("eiffel") && a.first?.properties["owner"] == .string("alice"))
        let louvre = try features(try run(["add", "--db", db, "--user", "bob", "--lat", "48.8606", "--lon", "2.3376",
                                           "--note", "Louvre", "--time", "1001"]).out)
        #expect(louvre.count == 1)
        let edited = try run(["edit", "--db", db, "--user", "alice", "--id", "eiffel", "--note", "Tour Eiffel, 330 m", "--time", "2000"])
        let editedNote = try features(edited.out).first?.properties["note"]
        #expect(edited.status == 0 && editedNote == .string("Tour Eiffel, 330 m"))
        let denied = try run(["delete", "--db", db, "--user", "bob", "--id", "eiffel", "--time", "3000"])
        #expect(denied.status != 0 && denied.err.contains("permission") && denied.err.contains("alice"))

        let found = try features(try run(["search", "--db", db, "--user", "carol", "--lat", "48.8566", "--lon", "2.3522",
                                          "--radius", "10km", "--text", "TOUR"]).out)
        #expect(found.map(\.id) == [.string("eiffel")])
        if case .number(let d)? = found.first?.properties["distance_m"] { #expect(abs(d - 4226.0) < 1) } else { Issue.record("no distance") }
        #expect(found.first?.properties["hint"] == .string("4.23 km away"))

        let deleted = try run(["delete", "--db", db, "--user", "alice", "--id", "eiffel", "--time", "3000"])
        let deletedFlag = try features(deleted.out).first?.properties["deleted"]
        #expect(deleted.status == 0 && deletedFlag == .bool(true))
        let changes = try features(try run(["changes", "--db", db, "--user", "alice", "--since", "2"]).out)
        #expect(changes.map(\.id) == [.string("eiffel")] && changes.first?.properties["sequence"] == .number(4))
        // The library sees what the tool wrote.
        let store = try LandmarkStore(path: db)
        let tombstone = try store.landmark(id: "eiffel")
        #expect(try store.count() == 1 && tombstone?.deleted == true)
    }

    @Test("import reads a LandmarkIndex snapshot into a store and prints what it added")
    func importSnapshot() throws {
        let index = LandmarkIndex()
        for i in 0..<5 { try index.add(at: try Coordinate(latitude: 1, longitude: Double(i)), note: "old \(i)", owner: "o") }
        let snapshot = folder.file("old.gklm")
        try index.save(to: snapshot)
        let db = folder.file("imported.db")
        let run = try run(["import", "--db", db, "--user", "admin", "--snapshot", snapshot, "--id-prefix", "old-", "--time", "7"])
        #expect(run.status == 0, "\(run.err)")
        let added = try features(run.out)
        #expect(added.map(\.id) == (1...5).map { .string("old-\($0)") })
        #expect(added.first?.properties["created_at"] == .number(7) && added.first?.properties["note"] == .string("old 0"))
    }

    @Test("bad input is refused with a message and a non-zero status")
    func badInput() throws {
        let db = folder.file("bad.db")
        let lat = try run(["add", "--db", db, "--user", "u", "--lat", "91", "--lon", "0", "--note", "n"])
        #expect(lat.status != 0 && lat.err.contains("latitude"))
        let notDB = folder.file("text.db")
        try Data(String(repeating: "plain text, not SQLite\n", count: 100).utf8).write(to: URL(fileURLWithPath: notDB))
        let foreign = try run(["search", "--db", notDB, "--user", "u", "--lat", "0", "--lon", "0"])
        #expect(foreign.status != 0 && foreign.err.contains("not an SQLite database"))
    }
}
