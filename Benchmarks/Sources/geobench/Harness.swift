import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files and directories the cases write under the temporary directory: named here, and
/// removed when the run ends, whichever cases the filter selected.
enum Scratch {
    nonisolated(unsafe) private static var paths: [String] = []

    /// A path under the temporary directory for `name`, removed by `removeAll`.
    static func path(_ name: String) -> String {
        let path = NSTemporaryDirectory() + name
        paths.append(path)
        return path
    }

    static func removeAll() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
    }
}

/// One benchmark case: `setUp` runs outside the timed region before every repetition,
/// `run` is timed, `check` verifies the result after timing.
struct BenchCase {
    var name: String
    /// Operations per repetition (points, queries, fixes); ns/op divides by this.
    var n: Int
    /// The case this one is compared with in the same run, or nil.
    var baseline: String?
    var setUp: () -> Void = {}
    var run: () -> Void
    var check: () -> String? = { nil }
    /// Fewest timed repetitions (the default suits cases of milliseconds; builds that take
    /// tens of seconds use 1).
    var minRepetitions = 5
    /// Whether an untimed run precedes the timed ones (off for very long cases).
    var warmUp = true
}

/// The timings of one case.
struct BenchResult {
    var name: String
    var n: Int
    var baseline: String?
    var repetitions: Int
    var minNs: Double
    var meanNs: Double
    var stdNs: Double
    var failure: String?

    /// The figure the tables and JSON lead with: the best repetition, per operation.
    var nsPerOp: Double { minNs / Double(n) }
}

@inline(__always)
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Runs a case: one warm-up (unless `c.warmUp` is false), then repetitions until
/// `c.minRepetitions` and at least `minSeconds` have passed (capped at `maxRepetitions`).
func measure(
    _ c: BenchCase, maxRepetitions: Int = 50, minSeconds: Double = 0.5
) -> BenchResult {
    let minRepetitions = c.minRepetitions
    if c.warmUp {
        c.setUp()
        c.run()
    }
    var samples: [Double] = []
    var total = 0.0
    while samples.count < maxRepetitions && (samples.count < minRepetitions || total < minSeconds * 1e9) {
        c.setUp()
        let t0 = nowNanoseconds()
        c.run()
        let dt = Double(nowNanoseconds() - t0)
        samples.append(dt)
        total += dt
    }
    let mean = samples.reduce(0, +) / Double(samples.count)
    let variance = samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(max(1, samples.count - 1))
    return BenchResult(
        name: c.name, n: c.n, baseline: c.baseline, repetitions: samples.count,
        minNs: samples.min()!, meanNs: mean, stdNs: variance.squareRoot(), failure: c.check())
}
