/// GeoJSON (RFC 7946) structure on the one JSON writer, for the facades' GeoJSON output.
extension JSONWriter {
    /// Opens `{"type":"FeatureCollection","features":[`; close with `endFeatureCollection()`.
    package mutating func beginFeatureCollection() {
        beginObject()
        member("type", "FeatureCollection")
        key("features")
        beginArray()
    }

    /// Closes what `beginFeatureCollection()` opened.
    package mutating func endFeatureCollection() {
        endArray()
        endObject()
    }

    /// One feature: `{"type":"Feature","geometry":{"type":<geometry>,"coordinates":…},
    /// "properties":{…}}`, with `"geometry":null` when `geometry` is nil (then
    /// `coordinates` is not called). `coordinates` writes one value (a position or an
    /// array), `properties` the members of the properties object.
    package mutating func feature(
        geometry: String?, coordinates: (inout JSONWriter) -> Void, properties: (inout JSONWriter) -> Void
    ) {
        beginObject()
        member("type", "Feature")
        key("geometry")
        if let geometry {
            beginObject()
            member("type", geometry)
            key("coordinates")
            coordinates(&self)
            endObject()
        } else {
            null()
        }
        key("properties")
        beginObject()
        properties(&self)
        endObject()
        endObject()
    }
}
