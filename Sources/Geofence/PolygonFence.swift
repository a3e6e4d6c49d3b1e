import GeoKernel

/// A geofence of any shape: one or more polygons with holes (a GeoJSON Polygon or
/// MultiPolygon), identified by `id`, monitored beside the circles by the same
/// `GeofenceMonitor` with the same rules.
///
/// Containment is `PreparedPolygon`'s: edges straight in longitude/latitude (RFC 7946),
/// exact decisions, boundary included, antimeridian-crossing rings allowed. Where the
/// monitor's rules speak of the distance to the boundary (enter margin, the exit's accuracy
/// and hysteresis), it is `PreparedPolygon`'s distance in metres on the sphere
/// R = 6 371 008.8 m to the nearest edge.
///
/// Thread safety: an immutable value; `Sendable`.
/// C twin: `gk_geofence_monitor_add_polygon` (a `gk_polygon` and an `int64_t` id).
/// \since 0.8
public struct PolygonFence: Sendable, CustomStringConvertible {
    /// The fence's identifier, unique within a monitor (circles included); not empty. \since 0.8
    public let id: String
    /// The prepared shape. \since 0.8
    public let shape: PreparedPolygon

    /// A fence of a prepared shape (which may be shared by several fences).
    ///
    /// - Throws: `.invalidArgument` when `id` is empty.
    /// - Complexity: O(1). \since 0.8
    public init(id: String, shape: PreparedPolygon) throws(GeoKernelError) {
        guard !id.isEmpty else { throw .invalid("fence id is empty (polygon fence around \(shape.capCenter))") }
        self.id = id
        self.shape = shape
    }

    /// A fence of one or more polygons (prepared here).
    ///
    /// - Throws: `.invalidArgument` for an empty id or the errors of
    ///   `PreparedPolygon.init(_:)`, naming the fence.
    /// - Complexity: O(v) for v vertices. \since 0.8
    public init(id: String, polygons: [Polygon]) throws(GeoKernelError) {
        let shape: PreparedPolygon
        do { shape = try PreparedPolygon(polygons) } catch { throw .invalid("fence \"\(id)\": \(error.message)") }
        try self.init(id: id, shape: shape)
    }

    /// A fence of one polygon. \since 0.8
    public init(id: String, polygon: Polygon) throws(GeoKernelError) {
        try self.init(id: id, polygons: [polygon])
    }

    /// The polygons as given. \since 0.8
    public var polygons: [Polygon] { shape.polygons }

    /// Whether `point` is in the fence (boundary included); pure geometry, no rules.
    ///
    /// - Complexity: O(1) for most points (see `PreparedPolygon`). \since 0.8
    public func contains(_ point: Coordinate) -> Bool { shape.contains(point) }

    /// `polygon fence "id" (2 polygons, 120 vertices)`, for logs. \since 0.8
    public var description: String {
        "polygon fence \"\(id)\" (\(shape.polygons.count) polygon\(shape.polygons.count == 1 ? "" : "s"), \(shape.vertexCount) vertices)"
    }
}
