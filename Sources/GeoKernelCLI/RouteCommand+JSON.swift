import GeoFormats
import GeoText
import GeoKernel
import Route

extension RouteCommand {
    /// `--format json`: the plan's figures as one JSON object, for programs.
    ///
    /// `pins`: `label`, `lat`, `lon` (where placed) and, with a road network, `road_lat`,
    /// `road_lon`, `road_distance_m` (where its legs start and end) and `snap` (the text
    /// the text output shows). `legs`: `from`, `to`, `length_m`, `travel_time_s`
    /// (unrounded), `minutes` (as the text output shows them, adding up to the total),
    /// `name` ("via …" on roads), `geometry` ("road", "greatCircle" or "supplied"),
    /// `vertices`, and `steps`: `instruction` (in `--language`), `distance_m`,
    /// `duration_s`. Then `total_length_m`, `total_travel_time_s`, `total_minutes`, and
    /// `region` (the map region with a 20 % margin: `center_lat`, `center_lon`,
    /// `lat_span_deg`, `lon_span_deg`). Metres and seconds with every digit of the Double.
    static func json(_ plan: RoutePlan) -> String {
        let minutes = apportionedMinutes(plan.legs.map(\.travelTime.seconds))
        var w = JSONWriter(.compact)
        w.beginObject()
        w.key("pins")
        w.beginArray()
        for pin in plan.pins {
            w.beginObject()
            w.member("label", pin.label)
            w.member("lat", pin.coordinate.latitude)
            w.member("lon", pin.coordinate.longitude)
            if let snap = pin.snap {
                w.member("road_lat", snap.point.latitude)
                w.member("road_lon", snap.point.longitude)
                w.member("road_distance_m", snap.distanceMeters)
                w.member("snap", pin.snapDescription)
            }
            w.endObject()
        }
        w.endArray()
        w.key("legs")
        w.beginArray()
        for (leg, shown) in zip(plan.legs, minutes) {
            w.beginObject()
            w.member("from", leg.from.label)
            w.member("to", leg.to.label)
            w.member("length_m", leg.lengthMeters)
            w.member("travel_time_s", leg.travelTime.seconds)
            w.member("minutes", shown)
            if !leg.name.isEmpty { w.member("name", leg.name) }
            w.member("geometry", String(describing: leg.geometrySource))
            w.member("vertices", leg.geometry.count)
            w.key("steps")
            w.beginArray()
            for step in leg.steps {
                w.beginObject()
                w.member("instruction", step.instruction(in: plan.language))
                w.member("distance_m", step.distanceMeters)
                w.member("duration_s", step.durationSeconds)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.member("total_length_m", plan.totalLengthMeters)
        w.member("total_travel_time_s", plan.totalTravelTime.seconds)
        w.member("total_minutes", minutes.reduce(0, +))
        if let region = try? plan.region(paddingFactor: 1.2) {
            w.key("region")
            w.beginObject()
            w.member("center_lat", region.center.latitude)
            w.member("center_lon", region.center.longitude)
            w.member("lat_span_deg", region.latitudeDeltaDegrees)
            w.member("lon_span_deg", region.longitudeDeltaDegrees)
            w.endObject()
        }
        w.endObject()
        return w.text
    }
}
