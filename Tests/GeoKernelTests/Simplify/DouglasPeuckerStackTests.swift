import GeoKernel
import Testing
import _GeoKernelTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The worst case for recursive Douglas–Peucker: a zig-zag where every split peels off
/// one vertex, so a recursive implementation nests n − 2 calls deep. GEOS overflows a
/// 512 KiB stack near 4 000 vertices, the Rust `simplification` crate near 2 000. The
/// kernel keeps its work stack on the heap, so 50 000 vertices complete on such a thread.
@Suite("Douglas–Peucker never recurses: the zig-zag worst case on a 512 KiB stack")
struct DouglasPeuckerStackTests {
    /// Runs `body` on a new pthread whose stack is exactly `stackBytes` and waits for it.
    static func onThread(stackBytes: Int, _ body: @escaping @Sendable () -> Void) throws {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        try #require(pthread_attr_init(&attributes) == 0)
        defer { pthread_attr_destroy(&attributes) }
        try #require(pthread_attr_setstacksize(&attributes, stackBytes) == 0)
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        try #require(created == 0, "pthread_create failed: \(created)")
        try #require(pthread_join(thread, nil) == 0)
    }

    /// 50 000 vertices in optimised builds (`make test`). The quadratic worst case costs
    /// 1.25·10⁹ distance evaluations there, about 10 s unoptimised, so a DEBUG build runs
    /// 10 000 (still 2.5 times GEOS's limit).
    #if DEBUG
    static let worstCaseVertices = 10_000
    #else
    static let worstCaseVertices = 50_000
    #endif

    @Test("the zig-zag peels off one vertex per split")
    func zigzagIsTheWorstCase() {
        let (x, y) = SimplifyTestData.zigzag(2_000)
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                for last in [2, 3, 9, 10, 17, 500, 1_999] {
                    let found = DouglasPeucker._farthestVertex(
                        x: xs.baseAddress!, y: ys.baseAddress!, first: 0, last: last, blocks: true)
                    #expect(found.index == last - 1, "section 0…\(last) splits at \(found.index)")
                }
            }
        }
    }

    @Test("the worst case completes on a thread with a 512 KiB stack and keeps every vertex")
    func worstCaseOnSmallStack() throws {
        let n = Self.worstCaseVertices
        let (x, y) = SimplifyTestData.zigzag(n)
        final class Result: @unchecked Sendable { var kept: [Int] = [] }
        let result = Result()
        try Self.onThread(stackBytes: 512 * 1024) {
            result.kept = (try? DouglasPeucker.keptIndices(x: x, y: y, tolerance: 1)) ?? []
        }
        #expect(result.kept == Array(0..<n))
    }
}
