import GeoKernel
import GeoText

extension RoadMatch {
    /// The match as a GeoJSON FeatureCollection: one LineString per piece (`kind`
    /// "piece", `piece`, `firstFix`, `lastFix`, `lengthMeters`, `durationSeconds`,
    /// `confidence`, `roads`: the names in order, "" for unnamed roads), then one Point per
    /// fix — at its matched position (`kind` "matched", `fix`, `piece`, `distanceMeters` to
    /// the fix, `edge`, `offsetMeters`) or, unmatched, where it was (`kind` "unmatched",
    /// `fix`). Positions are [longitude, latitude], every digit of the Double.
    ///
    /// - Complexity: O(geometry + fixes). Thread safety: pure. C twin: `gk_match_geojson`.
    public func geoJSON() -> String {
        var w = JSONWriter(.compact)
        w.beginFeatureCollection()
        for (k, piece) in pieces.enumerated() {
            w.feature(geometry: "LineString") { w in
                w.beginArray()
                for c in piece.geometry { w.position(longitude: c.longitude, latitude: c.latitude) }
                if piece.geometry.count == 1, let c = piece.geometry.first { w.position(longitude: c.longitude, latitude: c.latitude) }
                w.endArray()
            } properties: { w in
                w.member("kind", "piece")
                w.member("piece", k)
                w.member("firstFix", piece.fixes.lowerBound)
                w.member("lastFix", piece.fixes.upperBound)
                w.member("lengthMeters", piece.lengthMeters)
                w.member("durationSeconds", piece.durationSeconds)
                w.member("confidence", piece.confidence)
                w.key("roads")
                w.beginArray()
                for road in piece.roads { w.string(road.name) }
                w.endArray()
            }
        }
        for f in fixes {
            if let s = f.snap {
                w.feature(geometry: "Point") { w in
                    w.position(longitude: s.point.longitude, latitude: s.point.latitude)
                } properties: { w in
                    w.member("kind", "matched")
                    w.member("fix", f.index)
                    w.member("piece", f.piece)
                    w.member("distanceMeters", s.distanceMeters)
                    w.member("edge", s.edge)
                    w.member("offsetMeters", s.offsetMeters)
                }
            } else {
                w.feature(geometry: "Point") { w in
                    w.position(longitude: f.coordinate.longitude, latitude: f.coordinate.latitude)
                } properties: { w in
                    w.member("kind", "unmatched")
                    w.member("fix", f.index)
                }
            }
        }
        w.endFeatureCollection()
        return w.text
    }
}
