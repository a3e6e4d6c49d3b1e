#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One or more polygons (a GeoJSON Polygon or MultiPolygon) prepared for fast, exact
/// point-in-polygon tests and distances to their boundary.
///
/// Containment follows `Polygon`'s edge model (edges straight in longitude/latitude
/// degrees, RFC 7946; even–odd rule over each polygon's rings; antimeridian and pole rules
/// as documented there); a point is in the set when it is in any of its polygons, and on an
/// edge or vertex counts as in. Decisions are exact: the orientation of a point against an
/// edge is computed exactly when floating point cannot settle it, so a point is on the
/// boundary exactly when it lies on an edge. (A ring read across the antimeridian has its
/// longitudes shifted by 360°, rounded to 2.8e-14° (3 nm); there the decisions are exact
/// for the shifted values.)
///
/// Each polygon gets a uniform grid over its bounding box (about 4 cells per edge, 16 from
/// 256 edges) whose cells list the edges that cross them; cells without edges are wholly in
/// or out, decided once. A test in such a cell costs a few nanoseconds; in a cell with
/// edges, it counts the crossings of a ray along the cell's row up to the next edge-free
/// cell.
///
/// Distances to the boundary are in metres on the sphere of mean radius R = 6 371 008.8 m
/// (`EarthModel.meanRadiusMeters`), to the nearest point of any edge as drawn (straight in
/// degrees), found by Newton's method on each degree of an edge (to about 1e-15 rad).
///
/// Thread safety: immutable; `Sendable`; share one across threads freely.
/// C twin: `gk_polygon` (`gk_polygon_create` … `gk_polygon_destroy`).
/// \since 0.8
public final class PreparedPolygon: Sendable {
    /// Where a point lies. C twin: `GK_POLYGON_OUTSIDE`, `_INSIDE`, `_BOUNDARY`. \since 0.8
    public enum Location: Int32, Sendable, Hashable {
        /// Not in any polygon. \since 0.8
        case outside = 0
        /// In a polygon, off its boundary. \since 0.8
        case inside = 1
        /// On an edge or vertex of a polygon (and in no polygon's interior). \since 0.8
        case boundary = 2
    }

    /// The polygons as given. \since 0.8
    public let polygons: [Polygon]
    let parts: [PolygonPart]
    /// The one part when there is one and it lies strictly within (-180, 180) degrees of longitude
    /// (no shifted copy of a point can reach it): the common case, tested without loops.
    let single: PolygonPart?
    /// A spherical cap holding every polygon: centre, and radius in metres on the sphere R
    /// (π R when the polygons span more than 180° of longitude). \since 0.8
    public let capCenter: Coordinate
    /// See `capCenter`. \since 0.8
    public let capRadiusMeters: Double

    /// Prepares `polygons` (one for a GeoJSON Polygon, several for a MultiPolygon).
    ///
    /// - Throws: `.invalidArgument` when `polygons` is empty, holds more than
    ///   `Polygon.maximumVertexCount` vertices in all, or a ring winds around the Earth more
    ///   than once (or spans 360° of longitude without winding around a pole).
    /// - Complexity: O(v + c) time and memory for v vertices and c ≈ 4–16 v grid cells
    ///   (`byteCount`). C twin: `gk_polygon_create`. \since 0.8
    public init(_ polygons: [Polygon]) throws(GeoKernelError) {
        guard !polygons.isEmpty else { throw .invalid("a polygon set needs at least one polygon") }
        let total = polygons.reduce(0) { $0 + $1.vertexCount }
        guard total <= Polygon.maximumVertexCount else {
            throw .invalid("\(total) vertices: a polygon set may have at most \(Polygon.maximumVertexCount)")
        }
        var parts: [PolygonPart] = []
        parts.reserveCapacity(polygons.count)
        for (k, p) in polygons.enumerated() {
            do { parts.append(try PolygonPart(p)) } catch {
                throw .invalid(polygons.count > 1 ? "polygon \(k): \(error.message)" : error.message)
            }
        }
        self.polygons = polygons
        self.parts = parts
        single = parts.count == 1 && parts[0].minX > -180 && parts[0].maxX < 180 ? parts[0] : nil
        (capCenter, capRadiusMeters) = Self.cap(parts)
    }

    /// Prepares one polygon (see `init(_:)` with an array). \since 0.8
    public convenience init(_ polygon: Polygon) throws(GeoKernelError) {
        try self.init([polygon])
    }

    /// Vertices over all polygons (closing vertices included once per ring). \since 0.8
    public var vertexCount: Int { parts.reduce(0) { $0 + $1.vertexCount } }

    /// Bytes held by the prepared structure (vertices, grids), not counting `polygons`. \since 0.8
    public var byteCount: Int { parts.reduce(0) { $0 + $1.byteCount } }

    /// Where `point` lies: inside, outside, or on the boundary. Exact (see the type).
    ///
    /// - Complexity: O(1) for most points; O(edges near the point's grid row) near the
    ///   boundary. Thread safety: pure. C twin: `gk_polygon_locate`. \since 0.8
    public func location(of point: Coordinate) -> Location {
        location(point.latitude, point.longitude)
    }

    /// Whether `point` is in the polygons, boundary included (`location(of:) != .outside`).
    ///
    /// - Complexity: as `location(of:)`. C twin: `gk_polygon_contains`. \since 0.8
    public func contains(_ point: Coordinate) -> Bool {
        location(point.latitude, point.longitude) != .outside
    }

    /// A box in degrees (south, west, north, east; longitudes as given, in [-180, 180])
    /// outside which `location(of:)` is `.outside`: the bounding box of the one polygon
    /// when it lies strictly within (-180, 180) of longitude, else the whole globe. For
    /// callers that keep it beside their own per-shape data, so that a point away from the
    /// shape is settled without reading the shape (the geofence monitor's candidates).
    package var locationBox: SIMD4<Double> {
        if let only = single { return SIMD4(only.minY, only.minX, only.maxY, only.maxX) }
        return SIMD4(-90, -180, 90, 180)
    }

    /// The location of (latitude, longitude) in degrees, longitude in [-180, 180]; unchecked.
    @inline(__always)
    func location(_ latitude: Double, _ longitude: Double) -> Location {
        if let only = single { return only.locate(longitude, latitude) }
        return parts.withUnsafeBufferPointer { parts in
            var onBoundary = false
            for k in parts.indices {
                for shift in -1...1 {
                    let x = longitude + 360 * Double(shift)
                    guard x >= parts[k].minX, x <= parts[k].maxX else { continue }
                    switch parts[k].locate(x, latitude) {
                    case .inside: return .inside
                    case .boundary: onBoundary = true
                    case .outside: break
                    }
                }
            }
            return onBoundary ? .boundary : .outside
        }
    }

    /// The distance in metres from `point` to the nearest point of any ring (outer or
    /// hole), on the sphere R = 6 371 008.8 m, whether the point is inside or outside.
    ///
    /// - Complexity: O(v) for v vertices (every edge is measured). Thread safety: pure.
    /// - C twin: `gk_polygon_boundary_distance`. \since 0.8
    public func boundaryDistanceMeters(from point: Coordinate) -> Double {
        boundaryDistanceMeters(from: point, upTo: .infinity)
    }

    /// The distance to the boundary when it is at most `limitMeters`; otherwise some value
    /// above `limitMeters` (+∞ when no edge is near). Reads only the grid cells near the
    /// point: what the geofence monitor's hysteresis asks.
    ///
    /// - Complexity: O(edges within about `limitMeters` of the point).
    package func boundaryDistanceMeters(from point: Coordinate, upTo limitMeters: Double) -> Double {
        let R = EarthModel.meanRadiusMeters
        let p = UnitVector(point)
        let limit = limitMeters / R
        var best = Double.infinity
        for part in parts {
            // The copy of the point's longitude nearest the part (the part's edges are
            // measured on the sphere, so the shift only places the search).
            let x = point.longitude + 360 * (((part.minX + part.maxX) / 2 - point.longitude) / 360).rounded()
            best = min(best, part.boundaryAngle(x, point.latitude, p, limit: min(limit, best)))
        }
        return best * R
    }

    /// Whether the boundary comes within `limitMeters` of `point` (strictly closer when
    /// `strictly`): the same decision as comparing `boundaryDistanceMeters(from:)` with the
    /// limit, bit for bit, but it reads only the edges near the point, skips those whose box
    /// is out of reach and stops at the first edge close enough. What the geofence monitor's
    /// enter margin and exit hysteresis ask at every fix near a border.
    ///
    /// - Complexity: O(edges within about `limitMeters` of the point), often fewer.
    /// `outside`: the caller knows that the point is outside every polygon (a shortcut:
    /// a cell wholly inside within reach settles it).
    /// `unitVector`: the point's, when the caller has it (saves a sine and a cosine).
    package func boundaryWithin(
        _ limitMeters: Double, of point: Coordinate, strictly: Bool, outside: Bool = false, unitVector: UnitVector? = nil
    ) -> Bool {
        let R = EarthModel.meanRadiusMeters
        // Newton's method needs the unit vector of the point as given (as the distance
        // makes it): made here once when a part's copy of the longitude is shifted.
        let cosSin = unitVector.map { (($0.x * $0.x + $0.y * $0.y).squareRoot(), abs($0.z)) }
        var given = unitVector
        return parts.withUnsafeBufferPointer { parts in
            for k in parts.indices {
                let x = point.longitude + 360 * (((parts[k].minX + parts[k].maxX) / 2 - point.longitude) / 360).rounded()
                if x != point.longitude, given == nil { given = UnitVector(point) }
                if parts[k].hasEdge(
                    within: limitMeters / R, scale: R, limitScaled: limitMeters, strictly: strictly, x, point.latitude,
                    pointOutside: outside, cosSin: cosSin, unitVector: given)
                {
                    return true
                }
            }
            return false
        }
    }

    /// An upper bound, in radians of the unit sphere, of the distance from `point` (of
    /// unit vector `unitVector`) to the boundary, read from the edges listed in the grid
    /// cells around the point: cheap, and tight when the point is near an edge; +∞ when no
    /// edge is listed near it (or the shape's edges reach farther than 0.02 rad). What the
    /// geofence monitor keeps between fixes in the exit's hysteresis band (a fix within
    /// the threshold less this bound of that point is within the threshold of the boundary).
    /// - Complexity: O(edges listed in nine grid cells per polygon).
    package func boundaryUpperBound(near point: Coordinate, unitVector: UnitVector) -> Double {
        let cosP = (unitVector.x * unitVector.x + unitVector.y * unitVector.y).squareRoot(), sinP = abs(unitVector.z)
        var best = Double.infinity
        for part in parts {
            let x = point.longitude + 360 * (((part.minX + part.maxX) / 2 - point.longitude) / 360).rounded()
            best = min(best, part.boundaryAngleUpperBound(x, point.latitude, cosP: cosP, sinP: sinP))
        }
        return best
    }

    /// The cap over the parts' bounding boxes (see `capCenter`), padded by 1e-9 relative
    /// and 1 mm.
    private static func cap(_ parts: [PolygonPart]) -> (Coordinate, Double) {
        let degrees = Double.pi / 180
        var centers: [(UnitVector, Double)] = []  // centre, radius (radians)
        for part in parts {
            let lat = (part.minY + part.maxY) / 2, lon = (part.minX + part.maxX) / 2
            var radius = Double.pi
            if part.maxX - part.minX <= 180 {
                // The farthest point of a box narrower than 180° is a corner (along parallels
                // and meridians the distance from the centre peaks at the ends).
                radius = 0
                for (y, x) in [(part.minY, part.minX), (part.minY, part.maxX), (part.maxY, part.minX), (part.maxY, part.maxX)] {
                    radius = max(radius, haversineCentralAngle(latitude1: lat, longitude1: lon, latitude2: y, longitude2: x))
                }
            }
            centers.append((UnitVector(latitude: lat, longitude: lon), radius))
        }
        var sx = 0.0, sy = 0.0, sz = 0.0
        for (c, _) in centers { sx += c.x; sy += c.y; sz += c.z }
        let norm = (sx * sx + sy * sy + sz * sz).squareRoot()
        let center: UnitVector
        if centers.count == 1 {
            center = centers[0].0
        } else if norm > 1e-9 {
            center = UnitVector(x: sx / norm, y: sy / norm, z: sz / norm)
        } else {
            center = centers[0].0
        }
        var radius = 0.0
        for (c, r) in centers {
            let dot = max(-1, min(1, center.dot(c)))
            let ex = center.x - c.x, ey = center.y - c.y, ez = center.z - c.z
            let gap = dot > 0.5 ? 2 * asin(min(1, (ex * ex + ey * ey + ez * ez).squareRoot() / 2)) : acos(dot)
            radius = max(radius, gap + r)
        }
        radius = min(Double.pi, radius * (1 + 1e-9) + 1e-3 / EarthModel.meanRadiusMeters)
        let lat = asin(max(-1, min(1, center.z))) / degrees
        let lon = atan2(center.y, center.x) / degrees
        return (Coordinate(uncheckedLatitude: lat, longitude: lon), radius * EarthModel.meanRadiusMeters)
    }
}

extension PreparedPolygon {
    /// For a point in a mixed grid cell of the first polygon (a cell some edge comes near),
    /// its location by the ray walk towards +x and by the one towards −x, whichever the
    /// cell uses; nil elsewhere. With `cellsWalkingLeft`, for the tests of both walks.
    package func locationsByBothWalks(of point: Coordinate) -> (right: Location, left: Location)? {
        parts[0].locationsByBothWalks(point.longitude, point.latitude)
    }

    /// Mixed grid cells, over all polygons, whose points are located by a walk towards −x.
    package var cellsWalkingLeft: Int { parts.reduce(0) { $0 + $1.cellsWalkingLeft } }

    /// The location found by testing every edge of every polygon, no grid: the reference
    /// the tests compare `location(of:)` with. - Complexity: O(v).
    package func locationByScan(of point: Coordinate) -> Location {
        var onBoundary = false
        for part in parts {
            for shift in -1...1 {
                let x = point.longitude + 360 * Double(shift)
                guard x >= part.minX, x <= part.maxX else { continue }
                switch part.locateByScan(x, point.latitude) {
                case .inside: return .inside
                case .boundary: onBoundary = true
                case .outside: break
                }
            }
        }
        return onBoundary ? .boundary : .outside
    }
}
