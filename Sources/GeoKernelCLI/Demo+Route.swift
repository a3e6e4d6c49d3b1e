import GeoKernel
import Route

extension Demo {
    /// A route of four pins around the San Francisco Bay: legs, times, cumulative
    /// directions, the map region, the encoded polyline, the pin limit and a simplified
    /// road geometry.
    func routeTour() throws {
        section("What is the route: four pins around the Bay")
        var plan = try RoutePlan(configuration: .init(maxPins: 4, speed: .driving))
        let stops: [(String, Double, Double)] = [
            ("San Francisco Ferry Building", 37.7955, -122.3937), ("Oakland City Hall", 37.8053, -122.2727),
            ("San Jose Diridon", 37.3297, -121.9026), ("Santa Cruz Wharf", 36.9587, -122.0173),
        ]
        for (name, lat, lon) in stops.prefix(3) {
            let pin = try plan.addPin(latitude: lat, longitude: lon)
            print("  pin \(pin.label): \(name)")
        }
        // The last leg as a router would give it: a road through Los Gatos and Scotts
        // Valley, then east along the beach to the street beside the wharf, with the
        // router's own time.
        let road = try [
            (37.3297, -121.9026), (37.2358, -121.9624), (37.1340, -121.9905), (37.0511, -122.0147),
            (36.9651, -122.0219), (36.9640, -122.0180),
        ].map { (p) throws(GeoKernelError) in try Coordinate(latitude: p.0, longitude: p.1) }
        let last = try plan.addPin(
            try Coordinate(latitude: stops[3].1, longitude: stops[3].2), legGeometry: road, travelTimeSeconds: 45 * 60)
        print("  pin \(last.label): \(stops[3].0) (by road, 45 min as the router says)")
        for leg in plan.legs {
            let how = leg.timeSource == .supplied ? "given" : "at 60 km/h"
            print("  leg \(leg.from.label) → \(leg.to.label): \(Format.meters(leg.lengthMeters)), \(leg.travelTime) (\(how))")
        }
        print("  total: \(Format.meters(plan.totalLengthMeters)), \(plan.totalTravelTime)")
        print("  cumulative directions:")
        for line in plan.directions { print("    \(line)") }
        do {
            try plan.addPin(latitude: 37.4419, longitude: -122.1430)
        } catch {
            print("  a fifth pin is a clear error: \(error)")
        }
        if let region = try plan.region(paddingFactor: 1.2) {
            print("  map region showing the pins (20 % margin): centre \(Format.fixed(region.center.latitude, 4)), "
                + "\(Format.fixed(region.center.longitude, 4)), span \(Format.fixed(region.latitudeDeltaDegrees, 4))° × "
                + "\(Format.fixed(region.longitudeDeltaDegrees, 4))°")
        }
        let around = try MapRegion(center: plan.pins[0].coordinate, latitudinalMeters: 3_000, longitudinalMeters: 3_000)
        print("  3 km around pin A: span \(Format.fixed(around.latitudeDeltaDegrees, 5))° × \(Format.fixed(around.longitudeDeltaDegrees, 5))°")
        print("  pins as an encoded polyline: \(try EncodedPolyline.encode(plan.polyline))")

        // Douglas–Peucker on the route's own geometry: great-circle legs are straight in
        // the gnomonic plane, so only the pins survive; a wiggly road keeps its bends.
        let geometry = plan.geometry
        let simplified = try DouglasPeucker.simplify(geometry, toleranceMeters: 10)
        print("  the route's \(geometry.count) vertices simplify at 10 m to \(simplified.keptIndices.count) "
            + "(great-circle legs are straight in the gnomonic plane: only corners survive)")
        var rng = SplitMix64(seed: 7)
        var winding = [plan.pins[0].coordinate]
        for i in 1...400 {
            let along = try plan.pins[0].coordinate.destination(bearingDegrees: 60, distanceMeters: Double(i) * 25)
            winding.append(try along.destination(bearingDegrees: 150, distanceMeters: 40 * sin(Double(i) / 15) + rng.uniform(-2, 2)))
        }
        for tolerance in [1.0, 5, 25] {
            let r = try DouglasPeucker.simplify(winding, toleranceMeters: tolerance)
            print("  a winding 10 km road of \(winding.count) points at \(Int(tolerance)) m: \(r.keptIndices.count) points")
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
