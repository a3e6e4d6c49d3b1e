import GeoKernel

/// A route of pins: up to N pins (default 5) added by
/// latitude and longitude and labelled A, B, C, …; a leg between each consecutive pair
/// with its geometry, length and travel time; cumulative directions; the map region
/// that shows the pins; GeoJSON and Google's encoded polyline format for the geometry.
///
/// ```swift
/// var plan = try RoutePlan(maxPins: 5)
/// try plan.addPin(latitude: 37.7749, longitude: -122.4194)   // A
/// try plan.addPin(latitude: 37.8044, longitude: -122.2712)   // B: leg A→B
/// print(plan.legs[0].travelTime)                            // "0d 0h 14m"
/// print(plan.directions)   // ["Directions from A to B", "Estimated time: 0d 0h 14m", …]
/// ```
///
/// Legs: with a `RoadRouter` attached (`init(configuration:router:)`), every pin snaps
/// onto the road network (a pin too far from a road is refused) and each leg is the
/// router's road route: geometry, length, time and turn-by-turn steps, under "Driving
/// directions from A to B". Without one, a leg follows the great circle between its
/// pins, interpolated every `spacingMeters`, and its travel time is its length over the
/// speed profile; a caller may supply the geometry and/or the time instead.
/// Lengths are sums of haversine distances (sphere of mean radius 6 371 008.8 m, within
/// 0.56 % of WGS84).
///
/// Directions: every pin after the first appends "Directions from A to B",
/// "Estimated time: 0d 2h 45m" and that leg's steps to `directions`, in the plan's
/// `language`; the lines are only ever appended to (until `reset()`), except that setting
/// `language` writes them all again in the new language. Steps come from the geometry: the initial heading as
/// a compass direction, turns where the heading changes by more than
/// `turnThresholdDegrees`, distances, and the side of arrival.
///
/// Thread safety: a value type (`Sendable`); mutate one copy from one thread at a time.
/// C twin: `gk_route` (`gk_route_create`, `gk_route_add_pin`, …).
/// \since 0.1
public struct RoutePlan: Sendable, Hashable {
    /// How a plan builds its legs.
    ///
    /// C twin: the arguments of `gk_route_create`.
    public struct Configuration: Sendable, Hashable {
        /// The most pins the plan holds (≥ 1; default 5). Adding one more is a
        /// `.capacity` error.
        public var maxPins: Int
        /// Turns leg lengths into travel times when the caller gives none (default
        /// driving, 60 km/h).
        public var speed: SpeedProfile
        /// Greatest distance in metres between consecutive vertices of an interpolated
        /// great-circle leg (> 0; default 1 000 m).
        public var spacingMeters: Double
        /// A change of heading larger than this many degrees is a turn (0 ≤ t < 180;
        /// default 30°).
        public var turnThresholdDegrees: Double
        /// Douglas–Peucker tolerance in metres applied to a leg's geometry before steps
        /// are derived, so that jitter is not read as turns (≥ 0; default 10 m).
        public var stepSimplificationMeters: Double

        /// A configuration; every argument has the documented default.
        public init(
            maxPins: Int = 5, speed: SpeedProfile = .driving, spacingMeters: Double = 1_000,
            turnThresholdDegrees: Double = 30, stepSimplificationMeters: Double = 10
        ) {
            self.maxPins = maxPins
            self.speed = speed
            self.spacingMeters = spacingMeters
            self.turnThresholdDegrees = turnThresholdDegrees
            self.stepSimplificationMeters = stepSimplificationMeters
        }
    }

    /// The configuration, as checked by `init(configuration:)`.
    public let configuration: Configuration
    /// The road network legs follow, or nil for great-circle legs.
    public let router: RoadRouter?
    /// The pins in the order added.
    public private(set) var pins: [RoutePin] = []
    /// One leg per consecutive pair of pins: `legs[i]` joins `pins[i]` and `pins[i + 1]`.
    public private(set) var legs: [RouteLeg] = []
    /// The cumulative directions: for each leg, "Directions from X to Y",
    /// "Estimated time: …" and its steps' instructions, in `language`. Only appended to
    /// (setting `language` rewrites them).
    public private(set) var directions: [String] = []
    /// The language of `directions` (default English); setting it writes every line again
    /// in that language. The legs and steps do not change.
    ///
    /// - Complexity: O(steps) to set. C twin: `gk_route_set_language`.
    public var language: DirectionsLanguage = .english {
        didSet {
            guard language != oldValue else { return }
            directions = []
            for (i, leg) in legs.enumerated() { appendDirections(leg, from: pins[i], to: pins[i + 1]) }
        }
    }

    /// An empty plan; with `router`, its legs follow the road network.
    ///
    /// - Throws: `.invalidArgument` when `maxPins` < 1, the spacing is not positive and
    ///   finite, the turn threshold is outside [0, 180) or the step simplification
    ///   tolerance is negative or not finite.
    /// - Complexity: O(1).
    public init(configuration: Configuration = .init(), router: RoadRouter? = nil) throws(GeoKernelError) {
        guard configuration.maxPins >= 1 else {
            throw .invalid("maxPins \(configuration.maxPins) must be at least 1")
        }
        guard configuration.spacingMeters.isFinite, configuration.spacingMeters > 0 else {
            throw .invalid("leg spacing \(configuration.spacingMeters) m must be positive and finite")
        }
        let t = configuration.turnThresholdDegrees
        guard t.isFinite, t >= 0, t < 180 else {
            throw .invalid("turn threshold \(t)° must be in [0, 180)")
        }
        let s = configuration.stepSimplificationMeters
        guard s.isFinite, s >= 0 else {
            throw .invalid("step simplification tolerance \(s) m must be finite and not negative")
        }
        self.configuration = configuration
        self.router = router
    }

    /// An empty plan holding at most `maxPins` pins, other settings default.
    ///
    /// - Throws: `.invalidArgument` when `maxPins` < 1.
    public init(maxPins: Int) throws(GeoKernelError) {
        try self.init(configuration: Configuration(maxPins: maxPins))
    }

    /// Adds a pin at (latitude, longitude) in degrees; from the second pin on, also the
    /// leg from the previous pin (along the roads with a router, else the great circle
    /// timed by the speed profile) and its directions.
    ///
    /// - Returns: the new pin.
    /// - Throws: `.capacity` when the plan already holds `maxPins` pins;
    ///   `.invalidArgument` for a bad coordinate, or a pin antipodal to the previous one;
    ///   with a router, `.notFound` when the pin is farther than its maximum snap
    ///   distance from a road or the network does not connect it. Nothing changes on
    ///   error.
    /// - Complexity: O(leg length / spacing). C twin: `gk_route_add_pin`.
    @discardableResult
    public mutating func addPin(latitude: Double, longitude: Double) throws(GeoKernelError) -> RoutePin {
        try addPin(try Coordinate(latitude: latitude, longitude: longitude))
    }

    /// Adds a pin; from the second pin on, also the leg from the previous pin.
    ///
    /// - Parameters:
    ///   - coordinate: where the pin goes.
    ///   - legGeometry: the leg's polyline as the caller knows it (e.g. a road from a
    ///     router), used as given; at least two vertices, normally from the previous pin
    ///     to this one. nil: the great circle, interpolated every `spacingMeters`.
    ///   - travelTimeSeconds: the leg's travel time; nil: its length over the speed
    ///     profile.
    /// - Returns: the new pin.
    /// - Throws: `.capacity` when the plan already holds `maxPins` pins ("a route holds
    ///   at most 5 pins (A–E)"); `.invalidArgument` for a leg geometry of fewer than two
    ///   vertices, a bad travel time, a geometry or time given for the first pin, or a
    ///   pin antipodal to the previous one. Nothing changes on error.
    /// - Complexity: O(vertices of the leg). C twin: `gk_route_add_pin_with_leg`.
    @discardableResult
    public mutating func addPin(
        _ coordinate: Coordinate, legGeometry: [Coordinate]? = nil, travelTimeSeconds: Double? = nil
    ) throws(GeoKernelError) -> RoutePin {
        guard pins.count < configuration.maxPins else {
            let n = configuration.maxPins
            let limit = n == 1 ? "1 pin (A)" : "\(n) pins (A–\(RoutePin.label(forIndex: n - 1)))"
            throw GeoKernelError(
                .capacity,
                "a route holds at most \(limit); "
                    + "pin \(RoutePin.label(forIndex: pins.count)) at \(coordinate) was not added: reset the route "
                    + "or create it with a larger maxPins")
        }
        var pin = RoutePin(index: pins.count, label: RoutePin.label(forIndex: pins.count), coordinate: coordinate)
        if let router, legGeometry == nil {
            do {
                let s = try router.snap(coordinate, role: pins.isEmpty ? .start : .via)
                pin.snap = s
                pin.snapDescription = router.describe(s)
            } catch {
                throw GeoKernelError(error.code, "pin \(pin.label) was not added: \(error.message)")
            }
        }
        guard let previous = pins.last else {
            guard legGeometry == nil, travelTimeSeconds == nil else {
                throw .invalid("pin A starts the route: it has no leg, so no leg geometry or travel time")
            }
            pins.append(pin)
            return pin
        }
        let leg = try makeLeg(from: previous, to: pin, geometry: legGeometry, travelTimeSeconds: travelTimeSeconds)
        pins.append(pin)
        legs.append(leg)
        appendDirections(leg, from: previous, to: pin)
        return pin
    }

    /// The directions of one leg, in `language`: its title, its estimated time, its steps.
    private mutating func appendDirections(_ leg: RouteLeg, from: RoutePin, to: RoutePin) {
        let p = language.phrases, ends = Slots(a: from.label, b: to.label)
        if leg.geometrySource == .road {
            let mode = RoadRouter.Mode.allCases.firstIndex(of: router?.mode ?? .driving) ?? 0
            directions.append(fill(p.modeTitle[mode], ends))
        } else {
            directions.append(fill(p.title, ends))
        }
        directions.append(fill(p.estimated, Slots(time: leg.travelTime.description)))
        for step in leg.steps { directions.append(step.directionLine(in: language)) }
    }

    /// Removes every pin, leg and direction; the configuration stays.
    ///
    /// - Complexity: O(1) amortised. C twin: `gk_route_reset`.
    public mutating func reset() {
        pins.removeAll()
        legs.removeAll()
        directions.removeAll()
    }

    /// The polyline joining the pins in order (degrees): straight lines from pin to pin.
    public var polyline: [Coordinate] { pins.map(\.coordinate) }

    /// The legs' geometries joined into one polyline (a vertex shared by two legs
    /// appears once).
    ///
    /// - Complexity: O(total vertices).
    public var geometry: [Coordinate] {
        var out: [Coordinate] = []
        for leg in legs {
            out.append(contentsOf: out.last == leg.geometry.first ? leg.geometry.dropFirst() : leg.geometry[...])
        }
        return out.isEmpty ? polyline : out
    }

    /// The sum of the legs' lengths in metres.
    public var totalLengthMeters: Double { legs.reduce(0) { $0 + $1.lengthMeters } }

    /// The sum of the legs' travel times (seconds add up unrounded; rounding to minutes
    /// happens when shown).
    public var totalTravelTime: TravelTime {
        (try? TravelTime(seconds: min(TravelTime.maximumSeconds, legs.reduce(0) { $0 + $1.travelTime.seconds })))
            ?? .zero
    }

    /// The map region that shows every pin, its spans scaled by `paddingFactor`; nil for
    /// a plan without pins. See `MapRegion(showing:paddingFactor:)`.
    ///
    /// - Throws: `.invalidArgument` for a padding factor below 1 or not finite.
    /// - C twin: `gk_route_region`.
    public func region(paddingFactor: Double = 1) throws(GeoKernelError) -> MapRegion? {
        pins.isEmpty ? nil : try MapRegion(showing: polyline, paddingFactor: paddingFactor)
    }

    private func makeLeg(
        from: RoutePin, to: RoutePin, geometry supplied: [Coordinate]?, travelTimeSeconds: Double?
    ) throws(GeoKernelError) -> RouteLeg {
        if let router, supplied == nil {
            return try roadLeg(router, from: from, to: to, travelTimeSeconds: travelTimeSeconds)
        }
        let geometry: [Coordinate]
        if let supplied {
            guard supplied.count >= 2 else {
                throw .invalid("the geometry of leg \(from.label)→\(to.label) has \(supplied.count) vertices; it needs at least 2")
            }
            geometry = supplied
        } else {
            geometry = try LegGeometry.greatCircle(
                from: from.coordinate, to: to.coordinate, spacingMeters: configuration.spacingMeters)
        }
        let length = LegGeometry.length(geometry)
        let time: TravelTime
        if let travelTimeSeconds {
            do {
                time = try TravelTime(seconds: travelTimeSeconds)
            } catch {
                throw .invalid("leg \(from.label)→\(to.label): \(error.message)")
            }
        } else {
            time = try configuration.speed.travelTime(meters: length)
        }
        let steps = LegGeometry.timed(
            LegGeometry.steps(
                geometry, destination: to.coordinate, thresholdDegrees: configuration.turnThresholdDegrees,
                simplifyMeters: configuration.stepSimplificationMeters),
            totalSeconds: time.seconds)
        return RouteLeg(
            from: from, to: to, geometry: geometry, lengthMeters: length, travelTime: time, steps: steps,
            geometrySource: supplied == nil ? .greatCircle : .supplied,
            timeSource: travelTimeSeconds == nil ? .speedProfile : .supplied)
    }

    /// A leg along the road network: snapped pins, the router's path, time and steps.
    private func roadLeg(
        _ router: RoadRouter, from: RoutePin, to: RoutePin, travelTimeSeconds: Double?
    ) throws(GeoKernelError) -> RouteLeg {
        let route: RoadRoute
        do throws(GeoKernelError) {
            var a = from.snap, b = to.snap
            if a == nil { a = try router.snap(from.coordinate, role: .start) }
            if b == nil { b = try router.snap(to.coordinate, role: .via) }
            route = try router.leg(from: a!, to: b!, destination: to.coordinate)
        } catch {
            throw GeoKernelError(error.code, "leg \(from.label)→\(to.label): \(error.message)")
        }
        let time: TravelTime
        do {
            // A caller's time is checked as given; the road's own is capped (a road
            // route cannot take 30 000 years, but the cap keeps the type total).
            time = try TravelTime(seconds: travelTimeSeconds ?? min(TravelTime.maximumSeconds, route.durationSeconds))
        } catch {
            throw .invalid("leg \(from.label)→\(to.label): \(error.message)")
        }
        var geometry = route.geometry
        if geometry.count < 2 { geometry = [route.from.point, route.to.point] }
        var leg = RouteLeg(
            from: from, to: to, geometry: geometry, lengthMeters: route.lengthMeters, travelTime: time,
            steps: travelTimeSeconds == nil ? route.steps : LegGeometry.timed(route.steps, totalSeconds: time.seconds),
            geometrySource: .road, timeSource: travelTimeSeconds == nil ? .road : .supplied)
        leg.name = route.name
        return leg
    }
}
