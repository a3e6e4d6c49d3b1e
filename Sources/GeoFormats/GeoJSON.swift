import FoundationEssentials
import GeoKernel
import GeoText

/// A GeoJSON position (RFC 7946 §3.1.1): longitude, latitude in degrees (WGS84) and an
/// optional altitude in metres. Longitude comes first, as in the file.
///
/// Thread safety: a value; `Sendable`.
public struct GeoJSONPosition: Sendable, Hashable {
    /// Degrees east.
    public var longitude: Double
    /// Degrees north.
    public var latitude: Double
    /// Metres, when the position has a third number.
    public var altitude: Double?

    /// Creates a position (not validated; see `coordinate()`).
    public init(longitude: Double, latitude: Double, altitude: Double? = nil) {
        self.longitude = longitude; self.latitude = latitude; self.altitude = altitude
    }

    /// The position of a coordinate.
    public init(_ c: Coordinate, altitude: Double? = nil) {
        self.init(longitude: c.longitude, latitude: c.latitude, altitude: altitude)
    }

    /// The validated coordinate. - Throws: `.invalidArgument` for a latitude outside
    /// [-90, 90], a longitude outside [-180, 180] (an error, never wrapped) or NaN.
    public func coordinate() throws(GeoKernelError) -> Coordinate {
        try CoordinateText.checked(latitude: latitude, longitude: longitude)
    }
}

/// A GeoJSON geometry (RFC 7946 §3.1).
public indirect enum GeoJSONGeometry: Sendable, Hashable {
    /// One position.
    case point(GeoJSONPosition)
    /// Several positions.
    case multiPoint([GeoJSONPosition])
    /// A line through the positions, in order.
    case lineString([GeoJSONPosition])
    /// Several lines.
    case multiLineString([[GeoJSONPosition]])
    /// Rings: the exterior first, then holes.
    case polygon([[GeoJSONPosition]])
    /// Several polygons.
    case multiPolygon([[[GeoJSONPosition]]])
    /// Several geometries.
    case geometryCollection([GeoJSONGeometry])

    /// The RFC 7946 type name ("LineString", …).
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }
}

/// A GeoJSON Feature: a geometry (or none) with free-form properties.
public struct GeoJSONFeature: Sendable, Hashable {
    /// The feature's `id`, if any.
    public var id: JSONValue?
    /// The geometry, or nil for `"geometry": null`.
    public var geometry: GeoJSONGeometry?
    /// The `properties` object (empty for null).
    public var properties: [String: JSONValue]

    /// Creates a feature.
    public init(id: JSONValue? = nil, geometry: GeoJSONGeometry?, properties: [String: JSONValue] = [:]) {
        self.id = id; self.geometry = geometry; self.properties = properties
    }
}

/// A whole GeoJSON document: a FeatureCollection, a Feature or a bare geometry.
public enum GeoJSONObject: Sendable, Hashable {
    /// `{"type": "FeatureCollection", …}`.
    case featureCollection([GeoJSONFeature])
    /// `{"type": "Feature", …}`.
    case feature(GeoJSONFeature)
    /// A bare geometry.
    case geometry(GeoJSONGeometry)

    /// The features of the document; a bare geometry is one feature without properties.
    public var features: [GeoJSONFeature] {
        switch self {
        case .featureCollection(let f): f
        case .feature(let f): [f]
        case .geometry(let g): [GeoJSONFeature(geometry: g)]
        }
    }
}

/// Reading and writing GeoJSON (RFC 7946).
///
/// Reading is strict about structure (every error names the JSON path, e.g.
/// `features[3].geometry.coordinates[7]: a position needs at least 2 numbers`) and
/// lenient about members it does not know (foreign members are ignored). Writing produces
/// compact RFC 7946 text with sorted property keys.
///
/// Thread safety: pure functions. Complexity: O(size of the document).
/// C twin: none; the C ABI works on arrays.
public enum GeoJSON {
    /// Parses GeoJSON text (UTF-8). - Throws: `.parse` naming the path of the first problem.
    public static func decode(_ data: Data, source: String = "GeoJSON") throws(GeoKernelError) -> GeoJSONObject {
        try decode(bytes: [UInt8](data), source: source, geographic: true)
    }

    /// Parses GeoJSON text whose positions are planar x, y (projected coordinates, not
    /// RFC 7946's degrees): any finite numbers are accepted, in `longitude` (x) and
    /// `latitude` (y). - Throws: `.parse` naming the path of the first problem.
    public static func decodePlanar(_ data: Data, source: String = "GeoJSON") throws(GeoKernelError) -> GeoJSONObject {
        try decode(bytes: [UInt8](data), source: source, geographic: false)
    }

    /// Parses GeoJSON text from a string.
    public static func decode(_ text: String, source: String = "GeoJSON") throws(GeoKernelError) -> GeoJSONObject {
        try decode(bytes: Array(text.utf8), source: source, geographic: true)
    }

    /// Reads a GeoJSON file. - Throws: `.io` when it cannot be read, `.parse` when malformed.
    public static func read(contentsOf path: String) throws(GeoKernelError) -> GeoJSONObject {
        try decode(bytes: try FileText.bytes(path), source: path, geographic: true)
    }

    /// Reads a GeoJSON file of planar positions (see `decodePlanar`). - Throws: as `read`.
    public static func readPlanar(contentsOf path: String) throws(GeoKernelError) -> GeoJSONObject {
        try decode(bytes: try FileText.bytes(path), source: path, geographic: false)
    }

    static func decode(bytes: [UInt8], source: String, geographic: Bool) throws(GeoKernelError) -> GeoJSONObject {
        try GeoJSONDecoding(source: source, geographic: geographic)
            .object(JSONText.parse(bytes, source: source), path: "")
    }

    /// The document as compact GeoJSON text.
    public static func encode(_ object: GeoJSONObject) -> String {
        var w = JSONWriter(.compact)
        switch object {
        case .featureCollection(let fs):
            w.beginObject()
            w.member("type", "FeatureCollection")
            w.key("features")
            w.beginArray()
            for f in fs { write(f, into: &w) }
            w.endArray()
            w.endObject()
        case .feature(let f): write(f, into: &w)
        case .geometry(let g): write(g, into: &w)
        }
        return w.text
    }

    static func write(_ f: GeoJSONFeature, into w: inout JSONWriter) {
        w.beginObject()
        w.member("type", "Feature")
        if let id = f.id {
            w.key("id")
            JSONText.write(id, into: &w)
        }
        w.key("geometry")
        if let g = f.geometry { write(g, into: &w) } else { w.null() }
        w.key("properties")
        JSONText.write(.object(f.properties), into: &w)
        w.endObject()
    }

    static func write(_ g: GeoJSONGeometry, into w: inout JSONWriter) {
        w.beginObject()
        w.member("type", g.typeName)
        if case .geometryCollection(let gs) = g {
            w.key("geometries")
            w.beginArray()
            for x in gs { write(x, into: &w) }
            w.endArray()
            w.endObject()
            return
        }
        w.key("coordinates")
        switch g {
        case .point(let p): write(p, into: &w)
        case .multiPoint(let ps), .lineString(let ps): write(ps, into: &w)
        case .multiLineString(let ls), .polygon(let ls): write(ls, into: &w)
        case .multiPolygon(let ps):
            w.beginArray()
            for p in ps { write(p, into: &w) }
            w.endArray()
        case .geometryCollection: break
        }
        w.endObject()
    }

    static func write(_ p: GeoJSONPosition, into w: inout JSONWriter) {
        w.beginArray()
        w.number(p.longitude)
        w.number(p.latitude)
        if let a = p.altitude { w.number(a) }
        w.endArray()
    }

    static func write(_ ps: [GeoJSONPosition], into w: inout JSONWriter) {
        w.beginArray()
        for p in ps { write(p, into: &w) }
        w.endArray()
    }

    static func write(_ ls: [[GeoJSONPosition]], into w: inout JSONWriter) {
        w.beginArray()
        for l in ls { write(l, into: &w) }
        w.endArray()
    }
}
