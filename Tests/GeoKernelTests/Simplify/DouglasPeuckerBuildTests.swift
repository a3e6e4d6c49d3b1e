import Glibc
import GeoKernel
import Testing
import _GeoKernelTestSupport

/// The estimate pass of the Douglas–Peucker kernel runs in Swift (four lanes) or, on a CPU
/// with AVX2 or AVX-512F, in C (four or eight lanes): every build must give the same
/// largest estimate, first index and runner-up, or the decisions would depend on the CPU.
@Suite("Douglas–Peucker: every build of the estimate pass answers the same")
struct DouglasPeuckerBuildTests {
    @Test("Swift's pass and each C build this CPU runs give the same largest estimate, index and runner-up")
    func buildsAgree() {
        var rng = SeededRandom(seed: 77)
        var compared = 0
        for trial in 0..<400 {
            // Random walks, with repeated vertices (ties) in a third of them, and zig-zags.
            let count = Int(rng.uniform(3, 300))
            let (x, y) = trial % 5 == 4
                ? SimplifyTestData.zigzag(count)
                : SimplifyTestData.randomWalk(&rng, count: count, duplicates: trial % 3 == 0)
            x.withUnsafeBufferPointer { xs in
                y.withUnsafeBufferPointer { ys in
                    let last = count - 1
                    let first = Int(rng.uniform(0, Double(max(1, last - 2))))
                    guard last - first >= 2, xs[first] != xs[last] || ys[first] != ys[last] else { return }
                    let swift = DouglasPeucker._estimates(
                        x: xs.baseAddress!, y: ys.baseAddress!, first: first, last: last, level: 0)
                    for level in CInt(1)..<(DouglasPeucker._vectorLevel + 1) {
                        let wide = DouglasPeucker._estimates(
                            x: xs.baseAddress!, y: ys.baseAddress!, first: first, last: last, level: level)
                        #expect(wide.best.bitPattern == swift.best.bitPattern, "level \(level), \(first)…\(last)")
                        #expect(wide.index == swift.index, "level \(level), \(first)…\(last)")
                        #expect(wide.runnerUp.bitPattern == swift.runnerUp.bitPattern, "level \(level), \(first)…\(last)")
                        compared += 1
                    }
                }
            }
        }
        // On a CPU without AVX2 there is nothing to compare; this machine class has it.
        #expect(DouglasPeucker._vectorLevel == 0 || compared > 300)
    }

    @Test("the estimate pass finds the largest estimate among equal ones at its first index")
    func firstIndexOfTies() {
        // Vertices 5 and 40 (and nothing else) lie 3 from the x axis: both estimates are
        // len2·3² with len2 = 63².
        let tied = 63.0 * 63 * 9
        let x = (0..<64).map(Double.init)
        var y = [Double](repeating: 0, count: 64)
        y[5] = 3
        y[40] = -3
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                for level in 0...DouglasPeucker._vectorLevel {
                    let r = DouglasPeucker._estimates(
                        x: xs.baseAddress!, y: ys.baseAddress!, first: 0, last: 63, level: level)
                    #expect(r.best == tied && r.index == 5 && r.runnerUp == tied, "level \(level)")
                }
            }
        }
    }
}

/// The C builds read the last, partial block of a section with masked loads: a line that
/// ends right before an unreadable page must be read to its last vertex and no further.
@Suite("Douglas–Peucker: the wide estimate pass reads nothing past a section's end")
struct DouglasPeuckerMaskedReadTests {
    @Test("sections of 1 to 46 interior vertices that end at the edge of an unreadable page give Swift's answer")
    func partialBlocksStopAtTheEnd() throws {
        let page = Int(sysconf(CInt(_SC_PAGESIZE)))
        func guarded() throws -> UnsafeMutablePointer<Double> {
            let mapped = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            let base = try #require(mapped == UnsafeMutableRawPointer(bitPattern: -1) ? nil : mapped)
            #expect(mprotect(base + page, page, PROT_NONE) == 0)
            return base.bindMemory(to: Double.self, capacity: 2 * page / 8)
        }
        let xs = try guarded(), ys = try guarded()
        defer {
            munmap(xs, 2 * page)
            munmap(ys, 2 * page)
        }
        let count = 48
        // The line's last vertex is the last Double before the unreadable page.
        let x = xs + page / 8 - count, y = ys + page / 8 - count
        var rng = SeededRandom(seed: 5)
        for i in 0..<count {
            x[i] = Double(i) + rng.uniform(-0.4, 0.4)
            y[i] = rng.uniform(-3, 3)
        }
        var compared = 0
        for first in 0..<(count - 2) {
            let swift = DouglasPeucker._estimates(x: x, y: y, first: first, last: count - 1, level: 0)
            for level in CInt(1)..<(DouglasPeucker._vectorLevel + 1) {
                let wide = DouglasPeucker._estimates(x: x, y: y, first: first, last: count - 1, level: level)
                #expect(wide.best.bitPattern == swift.best.bitPattern && wide.index == swift.index
                    && wide.runnerUp.bitPattern == swift.runnerUp.bitPattern, "level \(level), from \(first)")
                compared += 1
            }
        }
        #expect(DouglasPeucker._vectorLevel == 0 || compared >= count - 2)
    }
}
