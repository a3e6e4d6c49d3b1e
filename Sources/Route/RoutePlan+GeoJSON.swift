import GeoKernel
import GeoText

extension RoutePlan {
    /// The plan as a GeoJSON FeatureCollection (RFC 7946): one Point feature per pin
    /// (properties `kind` "pin", `label`, `index`), then one LineString feature per leg
    /// (properties `kind` "leg", `from`, `to`, `lengthMeters`, `travelTimeSeconds`,
    /// `travelTime` as "0d 2h 45m", `name` for road legs ("via …"), `steps`: the leg's
    /// instructions, in the plan's `language`). With `detailedSteps`, each step is an
    /// object instead of a string:
    /// `instruction`, `maneuver` ("depart", "turn", "continue", "newName", "fork",
    /// "roundabout", "arrive"), `modifier` ("straight", "slightLeft", …, "uTurn" or null),
    /// `exit` (roundabouts), `side` (arrival: "ahead", "left", "right", "here"), `name`,
    /// `ref`, `destination`, `exitRef`, `lanes` (objects with `indications` and `valid`),
    /// `distanceMeters`, `durationSeconds` and `geometry`: [first, last] vertex indices into
    /// the leg's coordinates. Positions are [longitude, latitude] with every
    /// digit of the Double (shortest round-trip form).
    ///
    /// Written without Foundation, so the C library carries no JSON dependency.
    ///
    /// - Complexity: O(total vertices). Thread safety: pure.
    /// - C twin: `gk_route_geojson`.
    /// \since 0.1
    public func geoJSON(detailedSteps: Bool = false) -> String {
        var w = JSONWriter(.compact)
        w.beginFeatureCollection()
        for pin in pins {
            w.feature(geometry: "Point") { w in
                w.position(longitude: pin.coordinate.longitude, latitude: pin.coordinate.latitude)
            } properties: { w in
                w.member("kind", "pin")
                w.member("label", pin.label)
                w.member("index", pin.index)
            }
        }
        for leg in legs {
            w.feature(geometry: "LineString") { w in
                w.beginArray()
                for c in leg.geometry { w.position(longitude: c.longitude, latitude: c.latitude) }
                w.endArray()
            } properties: { w in
                w.member("kind", "leg")
                w.member("from", leg.from.label)
                w.member("to", leg.to.label)
                w.member("lengthMeters", leg.lengthMeters)
                w.member("travelTimeSeconds", leg.travelTime.seconds)
                w.member("travelTime", leg.travelTime.description)
                if !leg.name.isEmpty { w.member("name", leg.name) }
                w.key("steps")
                w.beginArray()
                for step in leg.steps {
                    if detailedSteps { Self.write(step, language, into: &w) } else { w.string(step.instruction(in: language)) }
                }
                w.endArray()
            }
        }
        w.endFeatureCollection()
        return w.text
    }

    /// A step as a JSON object (see `geoJSON(detailedSteps:)`).
    private static func write(_ s: RouteStep, _ language: DirectionsLanguage, into w: inout JSONWriter) {
        w.beginObject()
        w.member("instruction", s.instruction(in: language))
        w.member("maneuver", String(describing: s.maneuver))
        w.member("modifier", s.modifier.map { String(describing: $0) })
        w.member("exit", s.exitNumber)
        w.member("side", s.arrivalSide.map { String(describing: $0) })
        w.member("name", s.roadName)
        w.member("ref", s.roadRef)
        w.member("destination", s.destination)
        w.member("exitRef", s.exitRef)
        w.key("lanes")
        w.beginArray()
        for lane in s.lanes {
            w.beginObject()
            w.key("indications")
            w.beginArray()
            for indication in lane.indications { w.string(indication) }
            w.endArray()
            w.member("valid", lane.isValid)
            w.endObject()
        }
        w.endArray()
        w.member("distanceMeters", s.distanceMeters)
        w.member("durationSeconds", s.durationSeconds)
        w.key("geometry")
        w.beginArray()
        w.integer(s.vertexIndex)
        w.integer(s.endVertexIndex)
        w.endArray()
        w.endObject()
    }
}
