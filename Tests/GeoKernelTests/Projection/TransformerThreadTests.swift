// PROJ's own engine: built and run with the PROJ trait only (the native CRS are tested
// in NativeProjectionTests with and without it).
#if PROJ
import Foundation
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// Hands per-thread transformers and result slots to `concurrentPerform`. Each thread
/// touches only its own index, which is what makes the unchecked conformance sound.
/// Slots are separately allocated buffers, so no Array is mutated from two threads.
private final class PerThread: @unchecked Sendable {
    let transformers: [Transformer]
    let wrong: UnsafeMutableBufferPointer<Int>
    let errors: UnsafeMutableBufferPointer<String?>
    init(_ transformers: [Transformer]) {
        self.transformers = transformers
        wrong = .allocate(capacity: transformers.count)
        wrong.initialize(repeating: 0)
        errors = .allocate(capacity: transformers.count)
        errors.initialize(repeating: nil)
    }
    deinit {
        wrong.deallocate()
        _ = errors.deinitialize()
        errors.deallocate()
    }
}

/// Bitwise equality that treats the +infinity of failed points as equal.
private func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

@Suite("Transformer on many threads")
struct ProjectionThreadTests {
    static let threads = 8
    static let rounds = 20

    /// A seeded batch around UTM zone 33 with a few points that must fail (latitude 95),
    /// so that PROJ's error path (errno, logger) also runs concurrently.
    static func batch(count: Int) -> (x: [Double], y: [Double]) {
        var rng = SeededRandom(seed: 2024)
        var x = (0..<count).map { _ in rng.uniform(6, 24) }
        var y = (0..<count).map { _ in rng.uniform(-80, 84) }
        for i in stride(from: 17, to: count, by: 997) { y[i] = 95; x[i] = 15 }
        x[3] = .nan
        return (x, y)
    }

    static func run(_ original: Transformer, direction: Transformer.Direction = .forward,
                    input: (x: [Double], y: [Double])) throws -> (wrong: [Int], errors: [String?], failedPerRound: Int) {
        var rx = input.x, ry = input.y
        let failedRef = try original.transform(x: &rx, y: &ry, direction: direction)
        let reference = (x: rx, y: ry)
        let good = rx.firstIndex { $0.isFinite } ?? 0

        let box = PerThread(try (0..<threads).map { _ in try original.clone() })
        DispatchQueue.concurrentPerform(iterations: threads) { k in
            let t = box.transformers[k]
            var wrong = 0
            do {
                for _ in 0..<rounds {
                    var x = input.x, y = input.y
                    let failed = try t.transform(x: &x, y: &y, direction: direction)
                    if failed != failedRef { wrong += 1 }
                    for i in x.indices where !same(x[i], reference.x[i]) || !same(y[i], reference.y[i]) {
                        wrong += 1
                    }
                    // A single point too, through the scalar path.
                    let p = try t.transform(x: input.x[good], y: input.y[good], direction: direction)
                    if !same(p.x, reference.x[good]) || !same(p.y, reference.y[good]) { wrong += 1 }
                }
            } catch {
                box.errors[k] = "\(error)"
            }
            box.wrong[k] = wrong
        }
        return (Array(box.wrong), Array(box.errors), failedRef)
    }

    @Test("8 threads, each with its own clone, reproduce the single-threaded results exactly")
    func eightThreadsCRS() throws {
        let t = try Transformer(source: "EPSG:4326", target: "EPSG:32633")
        let input = Self.batch(count: 20_000)
        let r = try Self.run(t, input: input)
        #expect(r.failedPerRound == 22, "21 points at latitude 95 and one NaN")
        #expect(r.errors.allSatisfy { $0 == nil }, "\(r.errors)")
        #expect(r.wrong == Array(repeating: 0, count: Self.threads), "wrong results per thread")
    }

    @Test("8 threads with clones of an angular operation (degree conversion in C) and of a multi-operation CRS pair")
    func eightThreadsOperation() throws {
        let input = Self.batch(count: 10_000)
        let op = try Transformer(operation: "+proj=tmerc +lon_0=15 +ellps=GRS80 +k=0.9996")
        let r = try Self.run(op, input: input)
        #expect(r.errors.allSatisfy { $0 == nil }, "\(r.errors)")
        #expect(r.wrong == Array(repeating: 0, count: Self.threads))

        // WGS 84 -> KKJ / Finland Uniform Coordinate System: PROJ keeps several candidate
        // operations and picks one per point (the "meta" PJ that proj_clone must copy).
        // Shared by 8 threads instead of cloned, this pair corrupted the heap in a trial.
        var rng = SeededRandom(seed: 2393)
        var fi = (x: (0..<5_000).map { _ in rng.uniform(19, 32) }, y: (0..<5_000).map { _ in rng.uniform(59, 70.5) })
        for i in stride(from: 0, to: 5_000, by: 50) { fi.y[i] = 95 }
        var o = Transformer.Options()
        o.normalizeAxisOrder = false  // EPSG order: latitude first, northing first
        swap(&fi.x, &fi.y)
        let kkj = try Transformer(source: "EPSG:4326", target: "EPSG:2393", options: o)
        let s = try Self.run(kkj, input: fi)
        #expect(s.failedPerRound == 100)
        #expect(s.errors.allSatisfy { $0 == nil }, "\(s.errors)")
        #expect(s.wrong == Array(repeating: 0, count: Self.threads))
    }

    @Test("Transformers created concurrently on 8 threads, each with its own context, all work")
    func concurrentCreation() throws {
        let reference = try Transformer(source: "EPSG:4326", target: "EPSG:3857").transform(x: 10, y: 50)
        final class Results: @unchecked Sendable {
            let ok = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 8)
            init() { ok.initialize(repeating: false) }
            deinit { ok.deallocate() }
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            do {
                let t = try Transformer(source: "EPSG:4326", target: "EPSG:3857")
                let bad = try? Transformer(source: "EPSG:99999", target: "EPSG:3857")
                let p = try t.transform(x: 10, y: 50)
                results.ok[k] = bad == nil && same(p.x, reference.x) && same(p.y, reference.y)
            } catch {
                results.ok[k] = false
            }
        }
        #expect(Array(results.ok) == Array(repeating: true, count: 8))
    }
}
#endif
