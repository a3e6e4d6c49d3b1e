import Foundation
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

@Suite("Landmark store: sync between stores")
struct StoreSyncTests {
    let folder: TemporaryDirectory
    let oslo = try! Coordinate(latitude: 59.9139, longitude: 10.7522)

    init() throws { folder = try TemporaryDirectory("gk-store-tests") }

    /// Sends what `from` changed after `cursor` to `to`; returns the new cursor.
    static func push(_ from: LandmarkStore, _ to: LandmarkStore, after cursor: Int64, pageSize: Int = 37) throws -> Int64 {
        var cursor = cursor
        while true {
            let page = try from.changes(since: cursor, limit: pageSize)
            guard let last = page.last else { return cursor }
            try to.apply(page)
            cursor = last.sequence
        }
    }

    static func content(_ s: LandmarkStore) throws -> [String] {
        try s.all(includingDeleted: true).map {
            "\($0.id)|\($0.note)|\($0.owner)|\($0.coordinate.latitude)|\($0.coordinate.longitude)|\($0.createdAt)|\($0.updatedAt)|\($0.deleted)"
        }
    }

    @Test("two stores that exchange their changes end with identical content, tombstones included")
    func roundTrip() throws {
        let a = try LandmarkStore(path: folder.file("a.db"), durability: .normal)
        let b = try LandmarkStore(path: folder.file("b.db"), durability: .normal)
        var rng = SplitMix64(seed: 2024)
        var cursorA: Int64 = 0, cursorB: Int64 = 0
        var clock: Int64 = 1_000
        for round in 0..<6 {
            for (name, store) in [("a", a), ("b", b)] {
                for i in 0..<40 {
                    clock += Int64(rng.next() % 3)  // equal timestamps happen: ties are part of the test
                    let p = try oslo.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 20_000))
                    let user = "user\(rng.next() % 3)"
                    let live = try store.all()
                    switch rng.next() % 4 {
                    case 0 where !live.isEmpty:
                        let l = live[Int(rng.next() % UInt64(live.count))]
                        _ = try? store.edit(id: l.id, note: "\(name) edit \(round).\(i)", by: l.owner, at: max(clock, l.updatedAt))
                    case 1 where !live.isEmpty:
                        let l = live[Int(rng.next() % UInt64(live.count))]
                        _ = try? store.delete(id: l.id, by: l.owner, at: max(clock, l.updatedAt))
                    default:
                        try store.add(id: "\(name)-\(round)-\(i)", at: p, note: "\(name) note \(round).\(i)", owner: user, createdAt: clock)
                    }
                }
            }
            // Both sides edit the same landmark between two syncs: the later one wins on both.
            if let shared = try a.all().first, try b.landmark(id: shared.id)?.deleted == false {
                try a.edit(id: shared.id, note: "a's concurrent edit", by: shared.owner, at: clock + 5)
                try b.edit(id: shared.id, note: "b's later edit", by: shared.owner, at: clock + 7)
            }
            cursorA = try Self.push(a, b, after: cursorA)
            cursorB = try Self.push(b, a, after: cursorB)
        }
        // A last exchange carries the changes that applying produced.
        cursorA = try Self.push(a, b, after: cursorA)
        cursorB = try Self.push(b, a, after: cursorB)
        let contentA = try Self.content(a), contentB = try Self.content(b)
        #expect(contentA.count > 200)
        #expect(contentA == contentB)
        #expect(contentA.contains { $0.contains("b's later edit") } && !contentA.contains { $0.contains("a's concurrent edit") })
        #expect(try a.all(includingDeleted: true).contains { $0.deleted })
        // Searches agree too.
        let search = LandmarkSearch(position: oslo, user: "user1", radius: .tenKilometers, limit: 1_000)
        #expect(try a.search(search).map(\.landmark.id) == b.search(search).map(\.landmark.id))
        // Nothing new to send once in sync (applying equal content changes nothing).
        #expect(try b.apply(a.changes(since: 0)) == 0)
    }

    @Test("changes(since:) lists each changed landmark once, in sequence order, from the cursor on")
    func changesSince() throws {
        let s = try LandmarkStore(path: folder.file("c.db"))
        try s.add(id: "1", at: oslo, note: "one", owner: "u", createdAt: 0)
        try s.add(id: "2", at: oslo, note: "two", owner: "u", createdAt: 0)
        try s.edit(id: "1", note: "one again", by: "u", at: 1)
        try s.delete(id: "2", by: "u", at: 2)
        let all = try s.changes(since: 0)
        #expect(all.map(\.id) == ["1", "2"] && all.map(\.sequence) == [3, 4] && all[1].deleted)
        #expect(try s.changes(since: 3).map(\.id) == ["2"])
        #expect(try s.changes(since: 4).isEmpty)
        #expect(try s.changes(since: 0, limit: 1).map(\.id) == ["1"])
    }
}
