import Foundation
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

/// Threads on one store object and on a second connection to the same file. Run under
/// ThreadSanitizer by `make tsan` (the suite name contains "Thread").
@Suite("Landmark store: threads")
struct StoreThreadTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory("gk-store-tests") }

    @Test("threads adding, editing and searching at once lose nothing and read whole transactions")
    func threads() throws {
        let path = folder.file("threads.db")
        let store = try LandmarkStore(path: path, durability: .normal)
        let other = try LandmarkStore(path: path, durability: .normal)
        let centre = try Coordinate(latitude: 60.17, longitude: 24.94)
        let failures = Failures()
        let group = DispatchGroup()
        for t in 0..<6 {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let s = t % 2 == 0 ? store : other
                    if t < 3 {
                        for i in 0..<60 {
                            let pair = ["t\(t)-\(i)-a", "t\(t)-\(i)-b"].map {
                                NewLandmark(id: $0, coordinate: centre, note: "pair \(t) \(i)", owner: "u\(t)", createdAt: Int64(i))
                            }
                            try s.add(pair)
                            try s.edit(id: "t\(t)-\(i)-a", note: "pair \(t) \(i)", by: "u\(t)", at: Int64(i) + 1)
                        }
                    } else {
                        for _ in 0..<80 {
                            let found = try s.search(LandmarkSearch(position: centre, user: "x", limit: 10_000))
                            var count: [String: Int] = [:]
                            for r in found { count[String(r.landmark.id.dropLast(2)), default: 0] += 1 }
                            if count.values.contains(where: { $0 != 2 }) { failures.add("half a pair") }
                        }
                    }
                } catch {
                    failures.add("\(error)")
                }
            }
            thread.start()
        }
        group.wait()
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
        #expect(try store.count() == 360 && other.count() == 360)
        #expect(try store.sequence() == 540)
    }
}

/// Failures collected from threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
