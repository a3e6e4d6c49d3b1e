import GeoKernel

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
        var features: [String] = []
        for pin in pins {
            features.append(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":"#
                    + GeoJSONText.position(pin.coordinate) + "},"
                    + #""properties":{"kind":"pin","label":"# + GeoJSONText.string(pin.label)
                    + #","index":\#(pin.index)}}"#)
        }
        for leg in legs {
            let positions = leg.geometry.map(GeoJSONText.position).joined(separator: ",")
            let steps = leg.steps.map {
                detailedSteps ? GeoJSONText.step($0, language) : GeoJSONText.string($0.instruction(in: language))
            }
                .joined(separator: ",")
            let name = leg.name.isEmpty ? "" : #","name":"# + GeoJSONText.string(leg.name)
            features.append(
                #"{"type":"Feature","geometry":{"type":"LineString","coordinates":["# + positions + "]},"
                    + #""properties":{"kind":"leg","from":"# + GeoJSONText.string(leg.from.label)
                    + #","to":"# + GeoJSONText.string(leg.to.label)
                    + #","lengthMeters":"# + GeoJSONText.number(leg.lengthMeters)
                    + #","travelTimeSeconds":"# + GeoJSONText.number(leg.travelTime.seconds)
                    + #","travelTime":"# + GeoJSONText.string(leg.travelTime.description) + name
                    + #","steps":["# + steps + "]}}")
        }
        return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    }
}

/// Minimal JSON text for the facade's output.
enum GeoJSONText {
    /// [longitude, latitude].
    static func position(_ c: Coordinate) -> String { "[\(number(c.longitude)),\(number(c.latitude))]" }

    /// A number literal (JSONLiteral: shortest round-trip digits, null when not finite).
    static func number(_ v: Double) -> String { JSONLiteral.number(v) }

    /// A JSON string literal.
    static func string(_ s: String) -> String { JSONLiteral.string(s) }

    /// A step as a JSON object (see `RoutePlan.geoJSON(detailedSteps:)`).
    static func step(_ s: RouteStep, _ language: DirectionsLanguage) -> String {
        let modifier = s.modifier.map { string(String(describing: $0)) } ?? "null"
        let exit = s.exitNumber.map { String($0) } ?? "null"
        let side = s.arrivalSide.map { string(String(describing: $0)) } ?? "null"
        let lanes = s.lanes.map { lane in
            #"{"indications":["# + lane.indications.map(string).joined(separator: ",") + #"],"valid":"#
                + (lane.isValid ? "true" : "false") + "}"
        }.joined(separator: ",")
        return #"{"instruction":"# + string(s.instruction(in: language)) + #","maneuver":"#
            + string(String(describing: s.maneuver))
            + #","modifier":"# + modifier + #","exit":"# + exit + #","side":"# + side
            + #","name":"# + string(s.roadName) + #","ref":"# + string(s.roadRef)
            + #","destination":"# + string(s.destination) + #","exitRef":"# + string(s.exitRef)
            + #","lanes":["# + lanes + "]"
            + #","distanceMeters":"# + number(s.distanceMeters) + #","durationSeconds":"# + number(s.durationSeconds)
            + #","geometry":[\#(s.vertexIndex),\#(s.endVertexIndex)]}"#
    }
}
