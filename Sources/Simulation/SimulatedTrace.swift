#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// Made-up GPS traces with a known truth: fixes sampled along a route at the graph's
/// speeds, with Gaussian position noise, occasional outliers and gaps. What map matching
/// is tested and measured on (`RoadMatcher`), reproducible from a seed.
///
/// Units: metres, seconds, degrees. Thread safety: a value; `Sendable`. C twin: none.
/// \since 0.7
public struct SimulatedTrace: Sendable, Hashable {
    /// Seconds between fixes (default 1).
    public var intervalSeconds: Double = 1
    /// σ of the position noise, metres, the same along each axis (default 10 m); the fixes
    /// report it as their accuracy.
    public var noiseMeters: Double = 10
    /// Share of fixes thrown far off (default 0).
    public var outlierRate: Double = 0
    /// How far an outlier lands from the route, metres (uniform in [½, 1] of this; default 300 m).
    public var outlierMeters: Double = 300
    /// Share of fixes after which the receiver goes silent (default 0) ...
    public var gapRate: Double = 0
    /// ... for this many seconds (default 60 s).
    public var gapSeconds: Double = 60
    /// Seconds of the first fix (default 0).
    public var startTime: Double = 0
    /// The traveller's time over the graph's on each piece of the route (default 1: the
    /// graph's speeds; 1.5: half again as long) ...
    /// \since 0.8
    public var paceFactor: Double = 1
    /// ... varied from piece to piece: the σ of its natural logarithm (default 0: the same
    /// everywhere; 0.3: one piece in three over a third slower or faster).
    /// \since 0.8
    public var paceVariation: Double = 0

    /// The defaults: 1 s, σ = 10 m, no outliers, no gaps.
    public init() {}

    /// The fixes of a drive along `path`, one every `intervalSeconds` of the path's
    /// duration (its pieces' durations and turn costs, times the pace), the last at the
    /// path's end.
    ///
    /// - Parameters:
    ///   - path: the true route.
    ///   - seed: the random generator's seed (`SplitMix64`).
    /// - Returns: the fixes in time order, each with the true position it was drawn around
    ///   (`truth`).
    /// - Throws: `.invalidArgument` for an interval or pace factor that is not positive
    ///   and finite, a negative or non-finite noise or pace variation, rates outside [0, 1].
    /// - Complexity: O(path vertices + fixes). Thread safety: pure.
    public func fixes(along path: RoadPath, seed: UInt64) throws(GeoKernelError) -> [(fix: Fix, truth: Coordinate)] {
        guard intervalSeconds.isFinite, intervalSeconds > 0 else { throw .invalid("interval \(intervalSeconds) s must be positive") }
        guard noiseMeters.isFinite, noiseMeters >= 0, outlierMeters.isFinite, outlierMeters >= 0, gapSeconds.isFinite,
            gapSeconds >= 0
        else { throw .invalid("noise, outlier distance and gap must be 0 or more and finite") }
        guard paceFactor.isFinite, paceFactor > 0, paceVariation.isFinite, paceVariation >= 0 else {
            throw .invalid("pace factor \(paceFactor) must be positive and pace variation \(paceVariation) 0 or more, both finite")
        }
        guard (0...1).contains(outlierRate), (0...1).contains(gapRate) else {
            throw .invalid("outlier rate \(outlierRate) and gap rate \(gapRate) must be in [0, 1]")
        }
        // The route as (time, point) knots: each piece's vertices spread over its duration
        // by distance, its turn cost spent standing at its first vertex.
        var times: [Double] = [0], points: [Coordinate] = [path.geometry.first ?? path.geometry.last!]
        var clock = 0.0
        var paceRandom = SplitMix64(seed: seed ^ 0x9E37_79B9_7F4A_7C15)  // its own stream: the noise stays as it was
        for piece in path.pieces {
            let pace = paceFactor * (paceVariation > 0 ? exp(paceVariation * Self.gaussian(&paceRandom)) : 1)
            clock += piece.turnSeconds * pace
            let vertices = Array(path.geometry[piece.geometryRange])
            var lengths: [Double] = [0]
            for k in vertices.indices.dropFirst() { lengths.append(lengths[k - 1] + haversineDistance(vertices[k - 1], vertices[k])) }
            let total = lengths.last ?? 0
            times.append(clock)
            points.append(vertices[0])
            for k in vertices.indices.dropFirst() {
                times.append(clock + (total > 0 ? pace * piece.durationSeconds * lengths[k] / total : 0))
                points.append(vertices[k])
            }
            clock += pace * piece.durationSeconds
        }
        var random = SplitMix64(seed: seed)
        func gaussian() -> Double { Self.gaussian(&random) }
        var out: [(fix: Fix, truth: Coordinate)] = []
        var t = 0.0, k = 0
        while true {
            let time = min(t, clock)
            while k + 1 < times.count - 1 && times[k + 1] <= time { k += 1 }
            let (t0, t1) = (times[k], times[min(k + 1, times.count - 1)])
            let f = t1 > t0 ? min(1, max(0, (time - t0) / (t1 - t0))) : 1
            let a = points[k], b = points[min(k + 1, points.count - 1)]
            let truth = Coordinate(
                uncheckedLatitude: a.latitude + f * (b.latitude - a.latitude),
                longitude: a.longitude + f * (b.longitude - a.longitude))
            var north = noiseMeters * gaussian(), east = noiseMeters * gaussian()
            if Double.random(in: 0..<1, using: &random) < outlierRate {
                let r = outlierMeters * Double.random(in: 0.5...1, using: &random), angle = Double.random(in: 0..<(2 * .pi), using: &random)
                north = r * cos(angle); east = r * sin(angle)
            }
            let mPerDegree = EarthModel.meanRadiusMeters * .pi / 180
            let lat = truth.latitude + north / mPerDegree
            let lon = truth.longitude + east / (mPerDegree * cos(truth.latitude * .pi / 180))
            let fix = try Fix(
                latitude: min(90, max(-90, lat)), longitude: lon, timestamp: startTime + time,
                horizontalAccuracyMeters: noiseMeters)
            out.append((fix, truth))
            if time >= clock { break }
            t += intervalSeconds
            if Double.random(in: 0..<1, using: &random) < gapRate { t += gapSeconds }
        }
        return out
    }

    /// A standard normal draw (Box–Muller).
    static func gaussian(_ random: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random), v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}
