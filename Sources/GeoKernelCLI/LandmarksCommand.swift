import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel
import Nearby

/// `geokernel landmarks add|edit|delete|search|changes|import --db FILE …`: the shared
/// landmarks of a `LandmarkStore` database from the command line, with GeoJSON output.
struct LandmarksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "landmarks",
        abstract: "Shared landmarks in an SQLite store: add, edit, delete, search, list changes.",
        discussion: """
            Every subcommand opens the store at --db (created when missing; several \
            processes may use it at once) and prints the landmarks it touched: a table for \
            people (the default: for searches the distance hint first, then id, owner, \
            position, last change in UTC and note), or with --format geojson a \
            FeatureCollection of Point features whose id is the landmark's id and whose \
            properties are note, owner, created_at and updated_at (milliseconds since 1970 \
            UTC), deleted, sequence, and for searches distance_m (great-circle metres, \
            sphere R = 6 371 008.8 m) and hint. Only a landmark's owner may edit or delete \
            it. --time defaults to now.
            """,
        subcommands: [Add.self, Edit.self, Delete.self, Search.self, Changes.self, Import.self])

    /// The options every subcommand shares.
    struct StoreOptions: ParsableArguments {
        @Option(help: "The store's database file (SQLite; a file, not - : a store is changed in place).")
        var db: String

        @Option(help: "Who acts (the owner for add; compared byte for byte).")
        var user: String

        @Option(help: "The time of the change in milliseconds since 1970 UTC (default: now).")
        var time: Int64?

        @Flag(help: "Commit without fsync (survives a crash of the process, not a power cut).")
        var fast = false

        @Option(help: "Output: table (for people) or geojson (for programs).")
        var format: LandmarksOutput.OutputFormat = .table

        /// Prints `landmarks` (with their search results, for a search) in `format`.
        func show(_ landmarks: [StoredLandmark], results: [StoredLandmarkResult] = []) {
            switch format {
            case .table: print(LandmarksOutput.table(landmarks, results: results), terminator: "")
            case .geojson: print(LandmarksOutput.geoJSON(landmarks, results: results))
            }
        }

        func open() throws -> LandmarkStore {
            guard db != "-" else {
                throw ValidationError("--db -: a landmark store is a database changed in place, not a stream; give its file")
            }
            return try LandmarkStore(path: db, durability: fast ? .normal : .full)
        }

        var now: Int64 { time ?? Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a landmark owned by --user; prints it.")
        @OptionGroup var store: StoreOptions
        @Option(parsing: .unconditional, help: "Latitude, degrees.") var lat: Double
        @Option(parsing: .unconditional, help: "Longitude, degrees.") var lon: Double
        @Option(help: "The note (1 to 1000 bytes).") var note: String
        @Option(help: "A stable id (default: 32 random hex digits).") var id: String?

        func run() throws {
            let s = try store.open()
            let l = try s.add(id: id, at: try Coordinate(latitude: lat, longitude: lon), note: note, owner: store.user, createdAt: store.now)
            store.show([l])
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change the note and/or place of a landmark of --user; prints it.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The landmark's id.") var id: String
        @Option(help: "The new note.") var note: String?
        @Option(parsing: .unconditional, help: "The new latitude (with --lon).") var lat: Double?
        @Option(parsing: .unconditional, help: "The new longitude (with --lat).") var lon: Double?

        func run() throws {
            guard (lat == nil) == (lon == nil) else { throw ValidationError("--lat and --lon go together") }
            guard note != nil || lat != nil else { throw ValidationError("give --note, or --lat and --lon, or both") }
            let place = try lat.map { try Coordinate(latitude: $0, longitude: lon!) }
            let l = try store.open().edit(id: id, note: note, coordinate: place, by: store.user, at: store.now)
            store.show([l])
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a landmark of --user; prints its tombstone.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The landmark's id.") var id: String

        func run() throws {
            let s = try store.open()
            try s.delete(id: id, by: store.user, at: store.now)
            store.show(try s.landmark(id: id).map { [$0] } ?? [])
        }
    }

    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Landmarks nearest first from --lat/--lon, as --user sees them.")
        @OptionGroup var store: StoreOptions
        @Option(parsing: .unconditional, help: "The user's latitude, degrees.") var lat: Double
        @Option(parsing: .unconditional, help: "The user's longitude, degrees.") var lon: Double
        @Option(help: "1km, 10km, 100km or global.") var radius: Radius = .global
        @Option(help: "Text to find in notes or owners (case-insensitive).") var text: String?
        @Option(help: "all, mine or others.") var scope: Scope = .all
        @Option(help: "At most this many results.") var limit = 50
        @Option(name: .customLong("accuracy-m"), help: "The accuracy of the position, metres (shapes the hints).")
        var accuracyM: Double?

        enum Radius: String, CaseInsensitiveChoice {
            case oneKm = "1km", tenKm = "10km", hundredKm = "100km", global
            var value: SearchRadius {
                switch self {
                case .oneKm: .oneKilometer
                case .tenKm: .tenKilometers
                case .hundredKm: .hundredKilometers
                case .global: .global
                }
            }
        }

        enum Scope: String, CaseInsensitiveChoice {
            case all, mine, others
            var value: SearchScope {
                switch self {
                case .all: .all
                case .mine: .mine
                case .others: .others
                }
            }
        }

        func run() throws {
            let search = LandmarkSearch(
                position: try Coordinate(latitude: lat, longitude: lon), user: store.user, radius: radius.value, text: text,
                scope: scope.value, limit: limit, accuracyMeters: accuracyM)
            let results = try store.open().search(search)
            store.show(results.map(\.landmark), results: results)
        }
    }

    struct Changes: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Landmarks changed after sequence --since (tombstones for deletions), in sequence order.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The last sequence already seen (0: everything).") var since: Int64 = 0
        @Option(help: "At most this many.") var limit = Int.max

        func run() throws {
            store.show(try store.open().changes(since: since, limit: limit))
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a landmark snapshot file (LandmarkIndex.save, gk_landmarks_save); prints what was imported.")
        @OptionGroup var store: StoreOptions
        @Option(help: "The snapshot file; - for standard input.") var snapshot: String
        @Option(name: .customLong("id-prefix"), help: "Prefix of the imported ids (landmark n becomes PREFIXn).")
        var idPrefix = ""

        func run() throws {
            let s = try store.open()
            let before = try s.sequence()
            _ = try InputFiles.withPath(snapshot) { try s.importSnapshot(from: $0, idPrefix: idPrefix, createdAt: store.now) }
            store.show(try s.changes(since: before))
        }
    }
}

/// GeoJSON of stored landmarks.
enum LandmarksOutput {
    enum OutputFormat: String, CaseInsensitiveChoice { case table, geojson }

    /// One line per landmark under a header, columns aligned: for a search the distance hint
    /// first; then id, owner, latitude and longitude (6 decimals), the last change (UTC) and
    /// the note ("(deleted)" for a tombstone). "no landmarks" when there are none.
    static func table(_ landmarks: [StoredLandmark], results: [StoredLandmarkResult] = []) -> String {
        guard !landmarks.isEmpty else { return "no landmarks\n" }
        let searched = !results.isEmpty
        var rows = [(searched ? ["distance"] : []) + ["id", "owner", "latitude", "longitude", "changed (UTC)", "note"]]
        for (i, l) in landmarks.enumerated() {
            let changed = String(ISO8601Time.format(Double(l.updatedAt) / 1000).map { $0 == "T" ? " " : $0 }.filter { $0 != "Z" })
            rows.append((searched ? [i < results.count ? results[i].hint : ""] : [])
                + [l.id, l.owner, Format.fixed(l.coordinate.latitude, 6), Format.fixed(l.coordinate.longitude, 6),
                   changed, l.deleted ? "(deleted)" : l.note])
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max()! }
        return rows.map { row in
            row.enumerated().map { c, cell in c == row.count - 1 ? cell : Format.padded(cell, widths[c]) }
                .joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    static func geoJSON(_ landmarks: [StoredLandmark], results: [StoredLandmarkResult] = []) -> String {
        let features = landmarks.enumerated().map { i, l in
            var properties: [String: JSONValue] = [
                "note": .string(l.note), "owner": .string(l.owner), "created_at": .number(Double(l.createdAt)),
                "updated_at": .number(Double(l.updatedAt)), "deleted": .bool(l.deleted),
                "sequence": .number(Double(l.sequence)),
            ]
            if i < results.count {
                properties["distance_m"] = .number(results[i].distanceMeters)
                properties["hint"] = .string(results[i].hint)
            }
            return GeoJSONFeature(id: .string(l.id), geometry: .point(GeoJSONPosition(l.coordinate)), properties: properties)
        }
        return GeoJSON.encode(.featureCollection(features))
    }
}
