import Foundation
import GeoKernel
import Nearby
import Testing

/// Many readers and writers on one LandmarkIndex at once. Run under ThreadSanitizer by
/// `make tsan` (the suite name contains "Stress").
@Suite("Landmarks: concurrent searches, adds, edits and deletes (stress)")
struct LandmarkStressTests {
    static let centre = try! Coordinate(latitude: 64.1466, longitude: -21.9426)  // Reykjavík

    /// A note that names its owner, its serial and its version, with a check digit over
    /// the three: a torn read (a note of one version with the owner of another, or a
    /// half-written string) fails the check.
    static func note(_ owner: String, _ serial: Int, _ version: Int) -> String {
        "\(owner)|\(serial)|\(version)|\((owner.utf8.count * 31 + serial * 7 + version * 13) % 97)"
    }

    static func isConsistent(_ l: Landmark) -> Bool {
        let parts = l.note.split(separator: "|")
        guard parts.count == 4, let serial = Int(parts[1]), let version = Int(parts[2]) else { return false }
        return String(parts[0]) == l.owner && l.note == note(l.owner, serial, version)
    }

    /// Runs `body(i)` on `count` threads at once and waits for all.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for i in 0..<count {
            group.enter()
            let t = Thread { body(i); group.leave() }
            t.stackSize = 1 << 20
            t.start()
        }
        group.wait()
    }

    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [String: Int] = [:]
        func add(_ key: String, _ n: Int = 1) { lock.lock(); values[key, default: 0] += n; lock.unlock() }
        subscript(_ key: String) -> Int { lock.lock(); defer { lock.unlock() }; return values[key] ?? 0 }
    }

    @Test("readers see whole landmarks in order while writers add, edit and delete; no update is lost")
    func readersAndWriters() throws {
        let marks = LandmarkIndex()
        let writers = 3, readers = 4, perWriter = 300
        let tally = Tally()
        Self.onThreads(writers + readers) { t in
            if t < writers {
                let me = "writer\(t)"
                var mine: [UInt64] = []
                var rng = SplitMix64(seed: UInt64(t + 1))
                for serial in 0..<perWriter {
                    let p = try! Self.centre.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 20_000))
                    let l = try! marks.add(at: p, note: Self.note(me, serial, 0), owner: me)
                    mine.append(l.id)
                    tally.add("added")
                    if serial % 3 == 1 {
                        try! marks.editNote(id: l.id, note: Self.note(me, serial, 1), by: me)
                        tally.add("edited")
                    }
                    if serial % 5 == 4 {
                        try! marks.delete(id: mine.removeFirst(), by: me)
                        tally.add("deleted")
                    }
                    // Someone else's landmark stays out of reach.
                    if serial % 50 == 0, t > 0, let other = try! marks.search(
                        .init(position: Self.centre, user: me, scope: .others, limit: 1)).first {
                        if (try? marks.delete(id: other.landmark.id, by: me)) != nil { tally.add("stolen") }
                    }
                }
            } else {
                var rng = SplitMix64(seed: UInt64(100 + t))
                for round in 0..<400 {
                    let search = LandmarkSearch(
                        position: try! Self.centre.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 10_000)),
                        user: "writer\(round % writers)", radius: [.tenKilometers, .global][round % 2],
                        text: round % 4 == 0 ? "|1|" : nil, scope: [.all, .mine, .others][round % 3], limit: 25)
                    let results = try! marks.search(search)
                    var previous = -1.0
                    for r in results {
                        if !Self.isConsistent(r.landmark) { tally.add("torn") }
                        if r.distanceMeters < previous || r.distanceMeters > search.radius.meters { tally.add("misordered") }
                        if r.distanceMeters != SpatialIndex.distanceMeters(search.position, r.landmark.coordinate) {
                            tally.add("wrong distance")
                        }
                        previous = r.distanceMeters
                    }
                    tally.add("searches")
                }
            }
        }
        #expect(tally["torn"] == 0 && tally["misordered"] == 0 && tally["wrong distance"] == 0 && tally["stolen"] == 0)
        #expect(tally["searches"] == readers * 400)
        // No lost update: every add, edit and delete is reflected.
        #expect(marks.count == tally["added"] - tally["deleted"])
        let all = marks.all
        #expect(all.count == writers * perWriter - writers * (perWriter / 5))
        #expect(all.allSatisfy(Self.isConsistent))
        for l in all {
            let serial = Int(l.note.split(separator: "|")[1])!
            #expect(l.note == Self.note(l.owner, serial, serial % 3 == 1 ? 1 : 0))
        }
        #expect(Set(all.map(\.id)).count == all.count)
    }
}
