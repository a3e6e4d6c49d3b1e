#if PROJ
import CProjShim
#endif

/// Transforms coordinates between two coordinate reference systems, or through one PROJ
/// operation.
///
/// Two engines answer:
/// - **Native** (always built): EPSG:4326 (WGS84 degrees), EPSG:3857 (Web Mercator),
///   EPSG:32601–32660 and 32701–32760 (UTM on WGS84, Krüger's series to order 6) and
///   EPSG:3035 (LAEA Europe), any pair of them, written in Swift. Used for these pairs
///   whether or not PROJ is there; results equal PROJ's within a nanometre or an ulp of
///   the coordinate (the tests check it on PROJ's own cases and on seeded points).
/// - **PROJ 9** (the package trait `PROJ`, on by default): every other CRS and every
///   operation, through `proj_create_crs_to_crs` / `proj_create` and `proj_trans_generic`.
///   Built without the trait, creating such a transformer throws `.crs` naming the trait.
///
/// Units and axis order: whatever the CRS or operation defines, except that
/// - with `Options.normalizeAxisOrder` (the default) geographic CRS take and give
///   x = longitude, y = latitude in degrees, and projected CRS x = easting, y = northing
///   (`proj_normalize_for_visualization`);
/// - operations (`init(operation:)`) take and give angles in degrees, longitude first.
///
/// Failures: a point that cannot be transformed (outside the projection's domain, NaN or
/// infinite input) becomes +infinity in x and y (and z) and is counted; the rest of the
/// batch is still transformed. Errors in creating a transformer carry PROJ's own text.
///
/// Thread safety: not `Sendable`. PROJ contexts are not thread-safe, so each instance
/// owns its own `PJ_CONTEXT` and `PJ` and must be used by one thread at a time;
/// call `clone()` to get an independent instance for another thread.
///
/// C twin: `gk_transformer_create`, `gk_transformer_create_operation`,
/// `gk_transformer_transform`, `gk_transformer_clone`, `gk_transformer_destroy`.
public final class Transformer {
    /// Which way to run the transformation.
    public enum Direction: Sendable {
        /// From source to target CRS, or the operation as written.
        case forward
        /// From target to source CRS, or the inverse of the operation.
        case inverse
    }

    /// How a transformer is created.
    public struct Options: Sendable {
        /// For `init(source:target:)`: take and give x = longitude / easting,
        /// y = latitude / northing, whatever the authority's axis order (EPSG:4326 is
        /// latitude first). Default true. When false, coordinates follow the CRS
        /// definitions. Ignored by `init(operation:)`, which uses the operation as written.
        public var normalizeAxisOrder: Bool = true
        /// Interpret `+init=epsg:XXXX` the PROJ 4 way (`proj_context_use_proj4_init_rules`):
        /// longitude first, no datum shift grids by default. Default false.
        public var useProj4InitRules: Bool = false
        /// Directories where PROJ looks for `proj.db` and grids, replacing its defaults
        /// (`proj_context_set_search_paths`), for this transformer only. nil (default)
        /// uses PROJ's built-in search path and `PROJ_DATA`.
        public var searchPaths: [String]? = nil

        /// The defaults: normalised axis order, PROJ's own init rules and search path.
        public init() {}
    }

    /// The source CRS as given, or the operation definition for `init(operation:)`.
    public let source: String
    /// The target CRS as given; empty for `init(operation:)`.
    public let target: String

    /// The engine behind this transformer.
    enum Backend {
        case native(NativeTransform)
        #if PROJ
        case proj(ProjHandle)
        #endif
    }

    let backend: Backend
    private let options: Options

    private init(source: String, target: String, options: Options, backend: Backend) {
        self.source = source
        self.target = target
        self.options = options
        self.backend = backend
    }

    /// Whether GeoKernel's native engine answers this transformer (both CRS among
    /// EPSG:4326, 3857, 32601–32660, 32701–32760 and 3035: no PROJ, no proj.db involved)
    /// rather than PROJ.
    ///
    /// - Complexity: O(1). Thread safety: a constant of the instance.
    /// - C twin: none (the C library answers the same pairs natively).
    public var isNative: Bool {
        if case .native = backend { return true }
        return false
    }

    /// A transformer between two CRS that PROJ knows: authority codes ("EPSG:4326",
    /// "EPSG:32633"), PROJ strings ("+proj=utm +zone=33 +datum=WGS84"), WKT or PROJJSON.
    ///
    /// With `options.normalizeAxisOrder` (default) geographic CRS take x = longitude,
    /// y = latitude in degrees; projected CRS usually metres, x = easting.
    ///
    /// - Throws: `.crs` when PROJ does not know a CRS (the message holds PROJ's text and
    ///   the offending string, e.g. "crs not found: EPSG:99999 (source CRS)") or finds
    ///   no transformation; `.projDatabase` when an authority code needs `proj.db` and it
    ///   cannot be found (the message lists the searched paths); `.invalidArgument` for
    ///   strings with NUL characters; `.outOfMemory`.
    /// - Complexity: a lookup in PROJ's database, far costlier than a transform; create
    ///   once and reuse.
    /// - C twin: `gk_transformer_create` (default options).
    public init(source: String, target: String, options: Options = .init()) throws(GeoKernelError) {
        try Self.checkNoNUL(source, "source CRS")
        try Self.checkNoNUL(target, "target CRS")
        self.source = source
        self.target = target
        self.options = options
        if let s = NativeCRS(source), let t = NativeCRS(target) {
            backend = .native(NativeTransform(source: s, target: t, authorityAxes: !options.normalizeAxisOrder))
            return
        }
        #if PROJ
        let handle = try ProjHandle.make(options)
        let status = CProjShim_transformer_set_crs_to_crs(
            handle.raw, source, target, options.normalizeAxisOrder ? 1 : 0)
        guard status == CProjShim_OK else {
            throw handle.creationError(status: status, source: source, target: target)
        }
        backend = .proj(handle)
        #else
        throw GeoKernelError(
            .crs, "\(source) → \(target) needs PROJ, and GeoKernel was built without its PROJ trait: "
                + "natively it projects only between EPSG:4326, 3857, 32601–32660, 32701–32760 and 3035")
        #endif
    }

    /// A transformer for one PROJ operation, e.g. "+proj=merc +ellps=GRS80", a
    /// "+proj=pipeline …", or an operation from the database such as
    /// "urn:ogc:def:coordinateOperation:EPSG::1671" (RGF93 v1 to WGS 84).
    ///
    /// Angular input and output are in DEGREES, longitude first (PROJ works in radians;
    /// the conversion happens in C in the same pass as the transformation, and only when
    /// the operation is angular on that side). Other units are the operation's (usually
    /// metres). `options.normalizeAxisOrder` does not apply: an operation taken from the
    /// database keeps the axis order and units of its CRS definitions.
    ///
    /// - Throws: `.crs` when PROJ cannot parse the definition (with PROJ's text and the
    ///   definition) or it is a CRS rather than an operation; `.projDatabase` when it
    ///   needs `proj.db` and that cannot be found; `.invalidArgument`; `.outOfMemory`.
    /// - Complexity: parsing for PROJ strings; database lookups for codes.
    /// - C twin: `gk_transformer_create_operation` (default options).
    public init(operation: String, options: Options = .init()) throws(GeoKernelError) {
        try Self.checkNoNUL(operation, "operation")
        #if PROJ
        let handle = try ProjHandle.make(options)
        let status = CProjShim_transformer_set_operation(handle.raw, operation)
        guard status == CProjShim_OK else {
            throw handle.creationError(status: status, source: operation, target: nil)
        }
        self.source = operation
        self.target = ""
        self.options = options
        self.backend = .proj(handle)
        #else
        throw GeoKernelError(
            .crs, "the operation \(operation) needs PROJ, and GeoKernel was built without its PROJ trait")
        #endif
    }

    /// An independent copy with its own PROJ context (`proj_context_clone`, which keeps
    /// the search paths and init rules, then `proj_clone`), for use on another thread.
    ///
    /// Thread safety: call it on the thread that currently uses `self`; hand the copy to
    /// the other thread.
    /// - Throws: `.outOfMemory`, or `.transform` with PROJ's text if PROJ cannot clone.
    /// - Complexity: copies the operation, no database query for most operations; far
    ///   cheaper than creating a new transformer.
    /// - C twin: `gk_transformer_clone`.
    public func clone() throws(GeoKernelError) -> Transformer {
        switch backend {
        case .native: return Transformer(source: source, target: target, options: options, backend: backend)
        #if PROJ
        case .proj(let handle):
            return Transformer(source: source, target: target, options: options, backend: .proj(try handle.clone()))
        #endif
        }
    }

    /// Transforms `count` points in place on the caller's memory (no copy): the native
    /// engine's loop, or straight through `proj_trans_generic` for PROJ.
    ///
    /// `x`, `y` and (optionally) `z` point at the first point's coordinates; point i is at
    /// byte offset `i * strideBytes` from each. Use stride 8 for separate arrays and e.g.
    /// 16 for interleaved x0,y0,x1,y1… (pass `y = x + 1`). Units and axis order as
    /// described on the type; when `z` is nil, heights are taken as 0.
    ///
    /// A point that cannot be transformed — outside the projection's domain (e.g.
    /// latitude 91 into Web Mercator), or with a NaN or infinite x or y — becomes
    /// +infinity in x and y (and z when given) and is counted; the other points are
    /// transformed. NaN is therefore never returned: NaN in counts as a failure and
    /// comes back as +infinity.
    ///
    /// - Returns: the number of points that could not be transformed (0 when all did).
    /// - Throws: `.invalidArgument` when `count` is negative, `strideBytes` is below 8 or
    ///   not a multiple of 8 (`Double` alignment), or `count * strideBytes` overflows.
    ///   Nothing is changed then.
    /// - Complexity: O(count); the native engine's cost per point, or PROJ's plus an
    ///   in-cache pass in C.
    /// - C twin: `gk_transformer_transform`.
    @discardableResult
    public func transform(
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, z: UnsafeMutablePointer<Double>?,
        count: Int, strideBytes: Int = 8, direction: Direction = .forward
    ) throws(GeoKernelError) -> Int {
        guard count >= 0 else { throw .invalid("count \(count) must not be negative") }
        guard strideBytes >= MemoryLayout<Double>.size else {
            throw .invalid("stride \(strideBytes) bytes is smaller than one Double (8 bytes)")
        }
        guard strideBytes % MemoryLayout<Double>.alignment == 0 else {
            throw .invalid("stride \(strideBytes) bytes is not a multiple of 8 (Double alignment)")
        }
        guard !count.multipliedReportingOverflow(by: strideBytes).overflow else {
            throw .invalid("count \(count) × stride \(strideBytes) bytes overflows")
        }
        if count == 0 { return 0 }
        return transformUnchecked(
            x: x, y: y, z: z, count: count, strideBytes: strideBytes, direction: direction)
    }

    /// Transforms one point (units and axis order as described on the type).
    ///
    /// - Throws: `.transform` with the reason (PROJ's, or the native engine's worded alike,
    ///   e.g. "Invalid latitude") when the
    ///   point cannot be transformed, including NaN or infinite input.
    /// - Complexity: O(1); for many points use a batch `transform`, which has the same
    ///   per-point cost without the per-call overhead.
    /// - C twin: `gk_transformer_transform` with count 1.
    public func transform(x: Double, y: Double, direction: Direction = .forward) throws(GeoKernelError) -> (
        x: Double, y: Double
    ) {
        var px = x, py = y
        let failed = transformUnchecked(x: &px, y: &py, z: nil, count: 1, strideBytes: 8, direction: direction)
        if failed != 0 {
            var why = ""
            switch backend {
            case .native(let t):
                why = t.reason(x, y, inverse: direction == .inverse)
            #if PROJ
            case .proj(let handle):
                why = handle.log
                if why.isEmpty { why = handle.errnoText }
                if why.isEmpty { why = x.isFinite && y.isFinite ? "PROJ gave no reason" : "input is not finite" }
            #endif
            }
            throw GeoKernelError(
                .transform,
                "cannot transform (\(x), \(y)) \(direction == .forward ? "forward" : "inverse") "
                    + "\(target.isEmpty ? "with \(source)" : "from \(source) to \(target)"): \(why)")
        }
        return (px, py)
    }

    /// The single call into the engine; arguments already checked, count > 0.
    @inline(__always)
    func transformUnchecked(
        x: UnsafeMutablePointer<Double>, y: UnsafeMutablePointer<Double>, z: UnsafeMutablePointer<Double>?,
        count: Int, strideBytes: Int, direction: Direction
    ) -> Int {
        switch backend {
        case .native(let t):
            return t.run(x: x, y: y, z: z, count: count, strideBytes: strideBytes, inverse: direction == .inverse)
        #if PROJ
        case .proj(let handle):
            return Int(
                CProjShim_transformer_trans(
                    handle.raw, direction == .inverse ? 1 : 0,
                    x, strideBytes, y, strideBytes, z, strideBytes, count))
        #endif
        }
    }

    private static func checkNoNUL(_ s: String, _ what: String) throws(GeoKernelError) {
        if s.utf8.contains(0) { throw .invalid("\(what) contains a NUL character") }
    }
}

/// Not `Sendable`: one thread at a time; `clone()` for another thread.
@available(*, unavailable)
extension Transformer: Sendable {}
