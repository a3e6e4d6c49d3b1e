#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Douglas–Peucker line simplification (D. H. Douglas and T. K. Peucker, "Algorithms for
/// the reduction of the number of points required to represent a digitized line or its
/// caricature", The Canadian Cartographer 10(2), 112–122, 1973), with an explicit work
/// stack instead of recursion.
///
/// The rules, the same for every variant:
/// - a section runs from a kept vertex `first` to a kept vertex `last`; its farthest
///   vertex is the one with the greatest distance to the *closed* segment first–last,
///   and among equal distances the first one (a strict maximum, GEOS's tie rule);
/// - the section is dropped (all its interior vertices removed) when that maximum is
///   ≤ the tolerance; otherwise the farthest vertex is kept and both halves are
///   processed;
/// - the first and last vertices are always kept, so a closed line keeps its closing
///   vertex; consecutive duplicate vertices are at distance 0 from any section that
///   ends on one of them, so at most one of each run is kept (none is ever kept twice
///   unless the tolerance is negative, which is refused). A zero-length section (its
///   ends coincide, as in a closed ring) measures distances to that point.
/// - Distances are GEOS's, bit for bit (`geos::algorithm::Distance::pointToSegment`, as
///   GEOS's `DouglasPeuckerLineSimplifier` uses them): r = (AP·AB)/|AB|²; r ≤ 0 gives
///   |PA|, r ≥ 1 gives |PB|, otherwise |s|·√|AB|² with s = ((A.y−P.y)(B.x−A.x) −
///   (A.x−P.x)(B.y−A.y))/|AB|²; a zero-length section (A = B) gives |PA|. These unsquared
///   values are what "first strict maximum" and "≤ the tolerance" compare, so ties that
///   appear only after rounding (integer grids) are decided exactly as GEOS decides them.
///
/// The work stack lives on the heap and holds at most one entry per pending section, so
/// no input can overflow the thread's stack: a zig-zag of 50 000 vertices where every
/// split peels off one vertex (the worst case, quadratic time) runs on a 512 KiB stack.
///
/// Variants:
/// - `keptIndices(x:y:tolerance:options:)`: planar input (projected coordinates, screen
///   points); the tolerance is in the units of x and y.
/// - `simplify(_:toleranceMeters:options:)`: geographic input, tolerance in metres. The
///   line is first projected to a local metric plane, the `GnomonicProjection` tangent at
///   the normalised mean of its vertices' unit vectors. Great-circle arcs are straight
///   lines in it, so the section chords are exact, and planar distances are never
///   shorter than those on the sphere and at most 1/cos²ρ_max longer (ρ_max: the
///   angular distance of the farthest vertex from the centre; reported as
///   `SimplifiedLine.maximumScaleFactor`). Hence every removed vertex lies within the
///   tolerance of the simplified line on the sphere, and only vertices whose distance
///   is within that factor of the tolerance can be kept needlessly (0.025 % for lines
///   within 100 km of their centre, 2.5 % within 1 000 km). Lines reaching more than 60°
///   from their centre are refused. Earth model: the sphere of mean radius
///   6 371 008.8 m, which differs from WGS84 by up to 0.56 %.
///
/// Optional radial-distance pre-pass (`Options.radialPrePass`, off by default; on in
/// simplify-js unless `highestQuality`): walking the line, a vertex is kept only when it
/// is farther than the tolerance from the last vertex kept (the last vertex is always
/// kept); Douglas–Peucker then runs on what is left. It is faster on dense lines, but a
/// removed vertex may then be up to twice the tolerance from the result.
///
/// - Complexity: O(n log n) typical, O(n²) worst case time; O(n) extra memory.
/// - Thread safety: pure functions; call from any thread.
/// - C twin: `gk_simplify_planar`, `gk_simplify_geographic`.
/// \since 0.1
public enum DouglasPeucker {
    /// How a line is simplified beyond the tolerance.
    ///
    /// C twin: the `flags` argument (`GK_SIMPLIFY_RADIAL_PREPASS`).
    public struct Options: Sendable, Hashable {
        /// Run simplify-js's radial-distance pre-pass first (default false).
        public var radialPrePass: Bool

        /// Options; by default Douglas–Peucker alone.
        public init(radialPrePass: Bool = false) {
            self.radialPrePass = radialPrePass
        }
    }

    /// The largest angular distance (degrees) from the projection centre that
    /// geographic simplification accepts; the scale factor there is 4.
    public static let maximumAngularRadiusDegrees: Double = 60

    /// The largest magnitude accepted for a planar coordinate, so that squared
    /// distances cannot overflow.
    public static let maximumPlanarMagnitude: Double = 1e150

    /// Simplifies a planar polyline (x[i], y[i]).
    ///
    /// - Parameters:
    ///   - x: the vertices' first coordinates, finite, |value| ≤ 1e150.
    ///   - y: the vertices' second coordinates, as many as `x`, likewise.
    ///   - tolerance: the largest distance (units of x and y) at which a vertex may be
    ///     removed; finite and ≥ 0.
    ///   - options: see `Options`.
    /// - Returns: the indices of the kept vertices, ascending; always the first and the
    ///   last (one index for a single vertex, none for an empty line).
    /// - Throws: `.invalidArgument` for different lengths, a non-finite or too large
    ///   coordinate (naming its index and value), or a bad tolerance.
    /// - Complexity: O(n log n) typical, O(n²) worst case; O(n) memory.
    /// - Thread safety: pure. C twin: `gk_simplify_planar`.
    public static func keptIndices(
        x: [Double], y: [Double], tolerance: Double, options: Options = .init()
    ) throws(GeoKernelError) -> [Int] {
        guard x.count == y.count else {
            throw .invalid("x has \(x.count) values but y has \(y.count)")
        }
        return try x.withUnsafeBufferPointer { (xs) throws(GeoKernelError) -> [Int] in
            try y.withUnsafeBufferPointer { (ys) throws(GeoKernelError) -> [Int] in
                try keptIndices(x: xs, y: ys, tolerance: tolerance, options: options)
            }
        }
    }

    /// Simplifies a planar polyline given as two contiguous buffers; as
    /// `keptIndices(x:y:tolerance:options:)` for arrays.
    ///
    /// - Throws: as the array variant.
    /// - Complexity: as the array variant; no copy of the input unless the radial
    ///   pre-pass removes vertices. Thread safety: pure. C twin: `gk_simplify_planar`.
    public static func keptIndices(
        x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, tolerance: Double,
        options: Options = .init()
    ) throws(GeoKernelError) -> [Int] {
        guard x.count == y.count else {
            throw .invalid("x has \(x.count) values but y has \(y.count)")
        }
        try checkTolerance(tolerance, unit: "")
        for i in 0..<x.count {
            try checkPlanar(x[i], "x", i)
            try checkPlanar(y[i], "y", i)
        }
        return planarKeptIndices(x: x, y: y, tolerance: tolerance, options: options)
    }

    /// Simplifies a geographic polyline with a tolerance in metres, through the local
    /// gnomonic plane described on the type.
    ///
    /// - Parameters:
    ///   - line: the vertices (degrees).
    ///   - toleranceMeters: the largest distance (metres on the mean-radius sphere) at
    ///     which a vertex may be removed; finite and ≥ 0.
    ///   - options: see `Options`.
    /// - Returns: the kept indices, the kept coordinates and the projection used.
    /// - Throws: `.invalidArgument` for a bad tolerance, or a line that reaches more
    ///   than 60° from its centre or circles the globe (split it first).
    /// - Complexity: O(n) projection (four trigonometric calls per vertex), then as the
    ///   planar variant. Thread safety: pure. C twin: `gk_simplify_geographic`.
    public static func simplify(
        _ line: [Coordinate], toleranceMeters: Double, options: Options = .init()
    ) throws(GeoKernelError) -> SimplifiedLine {
        try checkTolerance(toleranceMeters, unit: " m")
        let n = line.count
        if n <= 2 {
            return SimplifiedLine(
                keptIndices: Array(0..<n), coordinates: line, projection: nil, maximumScaleFactor: 1)
        }
        // Unit vectors once: for the centre and for the projection.
        var ux = [Double](repeating: 0, count: n)
        var uy = [Double](repeating: 0, count: n)
        var uz = [Double](repeating: 0, count: n)
        var sx = 0.0, sy = 0.0, sz = 0.0
        for i in 0..<n {
            let u = UnitVector(line[i])
            ux[i] = u.x; uy[i] = u.y; uz[i] = u.z
            sx += u.x; sy += u.y; sz += u.z
        }
        let projection = try GnomonicProjection(
            meanX: sx, meanY: sy, meanZ: sz, count: n, radiusMeters: EarthModel.meanRadiusMeters)
        let c = projection.c, e = projection.east, no = projection.north, r = projection.radiusMeters
        let minCos = cos(maximumAngularRadiusDegrees * degreesToRadians)
        var px = [Double](repeating: 0, count: n)
        var py = [Double](repeating: 0, count: n)
        var worst = 1.0
        var worstIndex = 0
        for i in 0..<n {
            let w = ux[i] * c.x + uy[i] * c.y + uz[i] * c.z
            if w < worst { worst = w; worstIndex = i }
            px[i] = r * (ux[i] * e.x + uy[i] * e.y + uz[i] * e.z) / w
            py[i] = r * (ux[i] * no.x + uy[i] * no.y + uz[i] * no.z) / w
        }
        guard worst >= minCos else {
            let km = acos(max(-1, min(1, worst))) * r / 1000
            throw .invalid(
                "vertex \(worstIndex) \(line[worstIndex]) is \(Int(km.rounded())) km from the line's centre "
                    + "\(projection.center); geographic simplification handles lines within "
                    + "\(Int(maximumAngularRadiusDegrees))° of their centre: split the line")
        }
        let kept = px.withUnsafeBufferPointer { xs in
            py.withUnsafeBufferPointer { ys in
                planarKeptIndices(x: xs, y: ys, tolerance: toleranceMeters, options: options)
            }
        }
        return SimplifiedLine(
            keptIndices: kept, coordinates: kept.map { line[$0] }, projection: projection,
            maximumScaleFactor: 1 / (worst * worst))
    }

    // MARK: - Checks

    static func checkTolerance(_ t: Double, unit: String) throws(GeoKernelError) {
        guard t.isFinite, t >= 0 else {
            throw .invalid("tolerance \(t)\(unit) must be finite and not negative")
        }
    }

    @inline(__always)
    static func checkPlanar(_ v: Double, _ axis: String, _ i: Int) throws(GeoKernelError) {
        guard v.isFinite, abs(v) <= maximumPlanarMagnitude else {
            throw .invalid(
                "\(axis)[\(i)] = \(v) must be finite and at most \(maximumPlanarMagnitude) in magnitude")
        }
    }
}

/// The result of a geographic simplification.
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: the index buffer of `gk_simplify_geographic`.
/// \since 0.1
public struct SimplifiedLine: Sendable, Hashable {
    /// Indices into the input of the vertices kept, ascending; the first and the last
    /// are always included.
    public let keptIndices: [Int]
    /// The kept vertices, `keptIndices.map { line[$0] }`.
    public let coordinates: [Coordinate]
    /// The local plane the line was simplified in; nil for lines of two vertices or
    /// fewer, which are returned unchanged.
    public let projection: GnomonicProjection?
    /// 1/cos²ρ_max: the largest factor by which the plane lengthened a distance on this
    /// line (1 when no projection was needed). A vertex whose spherical distance to the
    /// simplified line lies between tolerance/factor and the tolerance may have been
    /// kept although a perfectly spherical algorithm would have dropped it.
    public let maximumScaleFactor: Double
}

extension Array where Element == Coordinate {
    /// This line simplified by Douglas–Peucker with a tolerance in metres; see
    /// `DouglasPeucker.simplify(_:toleranceMeters:options:)`.
    ///
    /// - Throws: as `DouglasPeucker.simplify`.
    /// - Complexity: O(n log n) typical. Earth model: sphere (mean radius), through a
    ///   local gnomonic plane. C twin: `gk_simplify_geographic`.
    /// \since 0.1
    public func simplified(
        toleranceMeters: Double, options: DouglasPeucker.Options = .init()
    ) throws(GeoKernelError) -> [Coordinate] {
        try DouglasPeucker.simplify(self, toleranceMeters: toleranceMeters, options: options).coordinates
    }

    /// Simplifies this line in place; see `simplified(toleranceMeters:options:)`.
    ///
    /// - Throws: as `DouglasPeucker.simplify`; the line is unchanged then.
    /// \since 0.1
    public mutating func simplify(
        toleranceMeters: Double, options: DouglasPeucker.Options = .init()
    ) throws(GeoKernelError) {
        self = try simplified(toleranceMeters: toleranceMeters, options: options)
    }
}
