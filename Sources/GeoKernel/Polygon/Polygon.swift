/// A polygon on the Earth: one outer ring and any number of holes, each a closed line of
/// positions in degrees, as a GeoJSON Polygon (RFC 7946 §3.1.6).
///
/// Edge model (RFC 7946 §3.1.1): an edge is the straight line between its two vertices in
/// longitude/latitude degrees (plate carrée), not the great circle; for the fences of apps
/// (a park, a campus, a district) the two differ by centimetres to metres. A point is in the
/// polygon when it is inside the outer ring and outside every hole (even–odd rule over the
/// rings); points on an edge or a vertex are in it (boundary included, as the circles').
///
/// Antimeridian: RFC 7946 asks for shapes crossing ±180° to be cut there into a
/// MultiPolygon, which reads as written. A ring whose consecutive vertices are more than 180°
/// of longitude apart is read as crossing the antimeridian the shorter way (as map tools draw
/// such rings). A ring that then winds once around the Earth (a band around a pole, or a
/// continent drawn from −180° to 180° like Antarctica) is closed through the pole on the side
/// of its mean latitude.
///
/// Rings may repeat their first vertex at the end (GeoJSON does) or not; the closing edge
/// is implied either way. Validity (no self-intersection, holes inside the outer ring) is
/// not checked: the even–odd rule answers for any ring set, and equals the union of the
/// outer ring minus its holes for valid polygons.
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: one polygon of `gk_polygon_create` (`ring_lengths`, `polygon_ring_counts`).
/// \since 0.8
public struct Polygon: Sendable, Hashable {
    /// The rings as given: the outer ring first, then the holes; positions in degrees
    /// (longitudes normalised into [-180, 180) as every `Coordinate`). \since 0.8
    public let rings: [[Coordinate]]

    /// The most vertices one polygon (or one prepared set of polygons) may have: 2²⁶.
    /// \since 0.8
    public static let maximumVertexCount = 1 << 26

    /// A polygon from its rings: the outer ring first, then the holes.
    ///
    /// - Throws: `.invalidArgument` when there is no ring, a ring has fewer than three
    ///   distinct positions, or there are more than `maximumVertexCount` vertices; the message
    ///   names the ring.
    /// - Complexity: O(v) for v vertices. \since 0.8
    public init(rings: [[Coordinate]]) throws(GeoKernelError) {
        guard !rings.isEmpty else { throw .invalid("a polygon needs at least one ring (the outer one)") }
        var total = 0
        for (r, ring) in rings.enumerated() {
            total += ring.count
            guard total <= Self.maximumVertexCount else {
                throw .invalid("a polygon may have at most \(Self.maximumVertexCount) vertices")
            }
            var distinct = 0
            var previous: [Coordinate] = []
            for c in ring where !previous.contains(c) {
                distinct += 1
                if distinct >= 3 { break }
                previous.append(c)
            }
            guard distinct >= 3 else {
                let name = r == 0 ? "the outer ring" : "hole \(r)"
                throw .invalid("\(name) has \(distinct) distinct positions; a ring needs at least 3")
            }
        }
        self.rings = rings
    }

    /// A polygon from an outer ring and holes (see `init(rings:)`). \since 0.8
    public init(outer: [Coordinate], holes: [[Coordinate]] = []) throws(GeoKernelError) {
        try self.init(rings: [outer] + holes)
    }

    /// A polygon from degrees: `(latitude, longitude)` pairs per ring, validated as
    /// `Coordinate(latitude:longitude:)` (the message names the ring and the position).
    ///
    /// - Complexity: O(v). \since 0.8
    public init(degrees rings: [[(latitude: Double, longitude: Double)]]) throws(GeoKernelError) {
        var out: [[Coordinate]] = []
        out.reserveCapacity(rings.count)
        for (r, ring) in rings.enumerated() {
            var cs: [Coordinate] = []
            cs.reserveCapacity(ring.count)
            for (k, p) in ring.enumerated() {
                do { cs.append(try Coordinate(latitude: p.latitude, longitude: p.longitude)) } catch {
                    throw .invalid("ring \(r), position \(k): \(error.message)")
                }
            }
            out.append(cs)
        }
        try self.init(rings: out)
    }

    /// The number of vertices over all rings (a repeated closing vertex counts). \since 0.8
    public var vertexCount: Int { rings.reduce(0) { $0 + $1.count } }
}
