import GeoKernel

/// The structural reading of GeoJSON from a parsed `JSONValue`; every error names its path.
struct GeoJSONDecoding {
    let source: String
    /// Positions must be longitude, latitude in degrees (RFC 7946); false: any finite x, y
    /// (projected coordinates, for planar tools).
    var geographic = true

    func fail(_ path: String, _ message: String) -> GeoKernelError {
        GeoKernelError(.parse, "\(source): \(path.isEmpty ? "top level" : path): \(message)")
    }

    func members(_ v: JSONValue, _ path: String) throws(GeoKernelError) -> [String: JSONValue] {
        guard case .object(let o) = v else { throw fail(path, "expected a JSON object") }
        return o
    }

    func type(_ o: [String: JSONValue], _ path: String) throws(GeoKernelError) -> String {
        guard let t = o["type"]?.stringValue else { throw fail(path, "missing \"type\"") }
        return t
    }

    func object(_ v: JSONValue, path: String) throws(GeoKernelError) -> GeoJSONObject {
        let o = try members(v, path)
        switch try type(o, path) {
        case "FeatureCollection":
            guard let fs = o["features"]?.arrayValue else { throw fail(path, "FeatureCollection needs a \"features\" array") }
            var out: [GeoJSONFeature] = []
            out.reserveCapacity(fs.count)
            for (i, f) in fs.enumerated() { out.append(try feature(f, "features[\(i)]")) }
            return .featureCollection(out)
        case "Feature": return .feature(try feature(v, path))
        default: return .geometry(try geometry(v, path))
        }
    }

    func feature(_ v: JSONValue, _ path: String) throws(GeoKernelError) -> GeoJSONFeature {
        let o = try members(v, path)
        guard try type(o, path) == "Feature" else { throw fail(path, "expected \"type\": \"Feature\"") }
        var props: [String: JSONValue] = [:]
        switch o["properties"] {
        case nil, .null?: break
        case .object(let p)?: props = p
        default: throw fail(path + ".properties", "expected an object or null")
        }
        var geom: GeoJSONGeometry? = nil
        if let g = o["geometry"], g != .null { geom = try geometry(g, path + ".geometry") }
        return GeoJSONFeature(id: o["id"], geometry: geom, properties: props)
    }

    func geometry(_ v: JSONValue, _ path: String) throws(GeoKernelError) -> GeoJSONGeometry {
        let o = try members(v, path)
        let t = try type(o, path)
        if t == "GeometryCollection" {
            guard let gs = o["geometries"]?.arrayValue else { throw fail(path, "GeometryCollection needs \"geometries\"") }
            var out: [GeoJSONGeometry] = []
            for (i, g) in gs.enumerated() { out.append(try geometry(g, path + ".geometries[\(i)]")) }
            return .geometryCollection(out)
        }
        guard let c = o["coordinates"] else { throw fail(path, "\(t) needs \"coordinates\"") }
        let cp = path + ".coordinates"
        switch t {
        case "Point": return .point(try position(c, cp))
        case "MultiPoint": return .multiPoint(try positions(c, cp))
        case "LineString": return .lineString(try positions(c, cp))
        case "MultiLineString": return .multiLineString(try lines(c, cp))
        case "Polygon": return .polygon(try lines(c, cp))
        case "MultiPolygon":
            guard let ps = c.arrayValue else { throw fail(cp, "expected an array of polygons") }
            var out: [[[GeoJSONPosition]]] = []
            for (i, p) in ps.enumerated() { out.append(try lines(p, cp + "[\(i)]")) }
            return .multiPolygon(out)
        default: throw fail(path, "unknown geometry type \"\(t)\"")
        }
    }

    func position(_ v: JSONValue, _ path: String) throws(GeoKernelError) -> GeoJSONPosition {
        guard let a = v.arrayValue, a.count >= 2,
            let lon = a[0].numberValue, let lat = a[1].numberValue
        else { throw fail(path, "a position needs at least 2 numbers [longitude, latitude]") }
        // Positions are kept as written, so a document reads and writes back unchanged
        // (real data crossing the antimeridian has longitudes a little beyond 180); a
        // longitude outside [-180, 180] is refused where a position becomes a coordinate
        // (`GeoJSONPosition.coordinate()`), never wrapped. Planar documents (`geographic`
        // false) take any finite numbers.
        guard lon.isFinite, lat.isFinite, !geographic || (lat >= -90 && lat <= 90) else {
            throw fail(path, "position [\(lon), \(lat)]: the latitude is outside [-90, 90] or a value is not finite")
        }
        return GeoJSONPosition(longitude: lon, latitude: lat, altitude: a.count > 2 ? a[2].numberValue : nil)
    }

    func positions(_ v: JSONValue, _ path: String) throws(GeoKernelError) -> [GeoJSONPosition] {
        guard let a = v.arrayValue else { throw fail(path, "expected an array of positions") }
        var out: [GeoJSONPosition] = []
        out.reserveCapacity(a.count)
        for (i, p) in a.enumerated() { out.append(try position(p, path + "[\(i)]")) }
        return out
    }

    func lines(_ v: JSONValue, _ path: String) throws(GeoKernelError) -> [[GeoJSONPosition]] {
        guard let a = v.arrayValue else { throw fail(path, "expected an array of position arrays") }
        var out: [[GeoJSONPosition]] = []
        for (i, l) in a.enumerated() { out.append(try positions(l, path + "[\(i)]")) }
        return out
    }
}
