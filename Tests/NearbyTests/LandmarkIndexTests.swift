import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

@Suite("Landmarks: add, edit, delete and search")
struct LandmarkIndexTests {
    static let here = try! Coordinate(latitude: -33.8688, longitude: 151.2093)  // Sydney

    func at(_ meters: Double, bearing: Double = 30) throws -> Coordinate {
        try Self.here.destination(bearingDegrees: bearing, distanceMeters: meters)
    }

    @Test("anyone adds; only the owner edits or deletes, anyone else gets a clear error")
    func ownership() throws {
        let marks = LandmarkIndex()
        let a = try marks.add(at: Self.here, note: "Great coffee", owner: "alice")
        #expect(a.id == 1 && marks.count == 1)
        let edit = #expect(throws: GeoKernelError.self) { try marks.editNote(id: a.id, note: "Bad coffee", by: "bob") }
        #expect(edit?.code == .permission)
        #expect(edit?.message == "landmark 1 belongs to 'alice'; 'bob' may not edit it")
        let del = #expect(throws: GeoKernelError.self) { try marks.delete(id: a.id, by: "bob") }
        #expect(del?.code == .permission && del?.message.contains("may not delete") == true)
        #expect(marks.landmark(id: a.id)?.note == "Great coffee")
        let edited = try marks.editNote(id: a.id, note: "Great coffee, slow service", by: "alice")
        #expect(edited.note == "Great coffee, slow service" && marks.landmark(id: 1)?.note == edited.note)
        try marks.delete(id: a.id, by: "alice")
        #expect(marks.count == 0 && marks.landmark(id: 1) == nil)
        let gone = #expect(throws: GeoKernelError.self) { try marks.delete(id: a.id, by: "alice") }
        #expect(gone?.code == .notFound && gone?.message == "no landmark with id 1")
        #expect(throws: GeoKernelError.self) { try marks.editNote(id: 99, note: "x", by: "alice") }
        // Ids are never reused.
        #expect(try marks.add(at: Self.here, note: "again", owner: "alice").id == 2)
    }

    @Test("text search matches whole characters, case-insensitively and across Unicode normal forms")
    func textSearchCharacters() throws {
        let marks = LandmarkIndex()
        try marks.add(at: Self.here, note: "Café de Paris", owner: "zoë")          // é precomposed
        try marks.add(at: try at(10), note: "Cafe\u{301} noir", owner: "bob")        // e + combining acute
        try marks.add(at: try at(20), note: "Cafeteria", owner: "bob")
        func notes(_ t: String) throws -> Set<String> {
            Set(try marks.search(LandmarkSearch(position: Self.here, user: "bob", text: t)).map(\.landmark.note))
        }
        #expect(try notes("CAFÉ") == ["Cafe\u{301} noir", "Café de Paris"])
        #expect(try notes("cafe\u{301}") == ["Cafe\u{301} noir", "Café de Paris"])
        #expect(try notes("cafe") == ["Cafeteria"])  // "e" is not the first half of "é"
        #expect(try notes("ZO") == ["Café de Paris"])  // the owner's name
        #expect(try notes("latte").isEmpty)
    }

    @Test("notes and usernames are validated")
    func validation() throws {
        let marks = LandmarkIndex()
        for (note, owner) in [("", "alice"), ("   ", "alice"), ("ok", ""), (String(repeating: "x", count: 1_001), "alice"),
                              ("a\u{0}b", "alice"), ("ok", "bob\nby"), ("ok", String(repeating: "u", count: 65))] {
            let e = #expect(throws: GeoKernelError.self) { try marks.add(at: Self.here, note: note, owner: owner) }
            #expect(e?.code == .invalidArgument)
        }
        #expect(try marks.add(at: Self.here, note: String(repeating: "é", count: 500), owner: "Zoë").note.utf8.count == 1_000)
        #expect(throws: GeoKernelError.self) { try marks.search(LandmarkSearch(position: Self.here, user: "a", limit: -1)) }
    }

    @Test("a search lists the nearest first, each with its distance and hint")
    func nearestFirst() throws {
        let marks = LandmarkIndex()
        let distances: [Double] = [345_650, 12.5, 800, 2, 50_000, 5_000]
        for (i, d) in distances.enumerated() {
            try marks.add(at: try at(d, bearing: Double(i) * 55), note: "note \(i)", owner: "u\(i % 2)")
        }
        let results = try marks.search(LandmarkSearch(position: Self.here, user: "u0"))
        #expect(results.map(\.landmark.note) == ["note 3", "note 1", "note 2", "note 5", "note 4", "note 0"])
        for r in results {
            expectClose(r.distanceMeters, haversineDistance(Self.here, r.landmark.coordinate), tolerance: 1e-6)
        }
        #expect(results.map(\.hint) == [
            "just here", "12.5 m away", "800.0 m away", "5.00 km away", "50.00 km away", "345.65 km away",
        ])
        let fuzzy = try marks.search(LandmarkSearch(position: Self.here, user: "u0", limit: 2, accuracyMeters: 20))
        #expect(fuzzy.map(\.hint) == ["just here", "less than 20 m away"])
    }

    @Test("radius preferences of 1 km, 10 km, 100 km and global cut the list")
    func radius() throws {
        let marks = LandmarkIndex()
        for d in [500.0, 999.9, 1_000.1, 9_000, 60_000, 150_000, 8_000_000] { try marks.add(at: try at(d), note: "\(d)", owner: "x") }
        func count(_ r: SearchRadius) throws -> Int { try marks.search(LandmarkSearch(position: Self.here, user: "x", radius: r)).count }
        #expect(try count(.oneKilometer) == 2)
        #expect(try count(.tenKilometers) == 4)
        #expect(try count(.hundredKilometers) == 5)
        #expect(try count(.global) == 7)
        #expect(SearchRadius.allCases.map(\.meters) == [1_000, 10_000, 100_000, .infinity])
    }

    @Test("text matches case-insensitively as a substring of the note or the owner's name")
    func text() throws {
        let marks = LandmarkIndex()
        try marks.add(at: try at(10), note: "Best FLAT WHITE in town", owner: "alice")
        try marks.add(at: try at(20), note: "Ferry to Manly", owner: "Whiteley")
        try marks.add(at: try at(30), note: "Opera house steps", owner: "bob")
        try marks.add(at: try at(40), note: "Café Zoë — crêpes", owner: "chloé")
        func notes(_ t: String?) throws -> [String] {
            try marks.search(LandmarkSearch(position: Self.here, user: "bob", text: t)).map(\.landmark.note)
        }
        #expect(try notes("white") == ["Best FLAT WHITE in town", "Ferry to Manly"])
        #expect(try notes("OPERA") == ["Opera house steps"])
        #expect(try notes("CAFÉ ZOË") == ["Café Zoë — crêpes"])
        #expect(try notes("CHLOÉ") == ["Café Zoë — crêpes"])
        #expect(try notes("nothing like this").isEmpty)
        #expect(try notes("  ").count == 4)
        #expect(try notes(nil).count == 4)
    }

    @Test("scope selects all, mine or others; limit caps the list")
    func scopeAndLimit() throws {
        let marks = LandmarkIndex()
        for i in 0..<10 { try marks.add(at: try at(Double(i + 1) * 100), note: "n\(i)", owner: i % 3 == 0 ? "me" : "them\(i)") }
        func owners(_ s: SearchScope, _ limit: Int = 50) throws -> [String] {
            try marks.search(LandmarkSearch(position: Self.here, user: "me", scope: s, limit: limit)).map(\.landmark.owner)
        }
        #expect(try owners(.mine) == ["me", "me", "me", "me"])
        #expect(try owners(.others).count == 6 && !(try owners(.others)).contains("me"))
        #expect(try owners(.all).count == 10)
        #expect(try owners(.all, 3).count == 3)
        #expect(try owners(.mine, 0).isEmpty)
    }

    @Test("equal distances list the older landmark first")
    func ties() throws {
        let marks = LandmarkIndex()
        let spot = try at(300)
        for i in 0..<5 { try marks.add(at: spot, note: "same spot \(i)", owner: "o\(i)") }
        try marks.delete(id: 2, by: "o1")
        let r = try marks.search(LandmarkSearch(position: Self.here, user: "x", limit: 3))
        #expect(r.map(\.landmark.id) == [1, 3, 4])
    }

    @Test("every search equals a filtered brute force on seeded data")
    func bruteForce() throws {
        var rng = SeededRandom(seed: 404)
        let marks = LandmarkIndex()
        let users = ["ann", "Bea", "carl", "dora"]
        let words = ["coffee", "Beach", "view", "PARKING", "museum", "bar"]
        var centre = try Coordinate(latitude: 0, longitude: 179.9)
        for i in 0..<1_500 {
            if i % 300 == 0 { centre = try Coordinate(latitude: rng.uniform(-89, 89), longitude: rng.uniform(-180, 180)) }
            let p = try centre.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 150_000))
            let note = "\(words[Int(rng.next() % 6)]) \(words[Int(rng.next() % 6)]) #\(i)"
            try marks.add(at: p, note: note, owner: users[Int(rng.next() % 4)])
        }
        for id in stride(from: UInt64(1), to: 1_500, by: 9) {
            let l = marks.landmark(id: id)!
            try marks.delete(id: id, by: l.owner)
        }
        let all = marks.all
        for q in 0..<60 {
            let base = all[Int(rng.next() % UInt64(all.count))].coordinate
            let search = LandmarkSearch(
                position: try base.destination(bearingDegrees: 10, distanceMeters: rng.uniform(0, 20_000)),
                user: users[q % 4], radius: SearchRadius.allCases[q % 4], text: q % 3 == 0 ? nil : words[q % 6].uppercased(),
                scope: SearchScope.allCases[q % 3], limit: [1, 5, 20, 1_000][q % 4])
            let want = Self.bruteForce(all, search)
            let got = try marks.search(search)
            #expect(got.map(\.landmark.id) == want.map(\.0), "query \(q)")
            #expect(got.map(\.distanceMeters) == want.map(\.1), "query \(q)")
        }
    }

    /// The filtered brute force: distance, radius, scope, text; sorted by (distance, id).
    static func bruteForce(_ all: [Landmark], _ search: LandmarkSearch) -> ArraySlice<(UInt64, Double)> {
        let text = search.text?.lowercased()
        var hits: [(UInt64, Double)] = []
        for l in all {
            let d = SpatialIndex.distanceMeters(search.position, l.coordinate)
            if d > search.radius.meters { continue }
            if search.scope == .mine && l.owner != search.user { continue }
            if search.scope == .others && l.owner == search.user { continue }
            if let text, !l.note.lowercased().contains(text), !l.owner.lowercased().contains(text) { continue }
            hits.append((l.id, d))
        }
        hits.sort { (a: (UInt64, Double), b: (UInt64, Double)) -> Bool in a.1 < b.1 || (a.1 == b.1 && a.0 < b.0) }
        return hits.prefix(search.limit)
    }
}
