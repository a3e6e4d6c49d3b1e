import GeoKernel

/// Turn-by-turn steps for a path on a road graph: where a traveller must decide
/// something, not one step per node.
///
/// Rules, in order, at each junction the path passes (the end of one edge and the start
/// of the next; zero-length connectors are looked through):
/// 1. Inside a roundabout nothing is said; the exits passed are counted (every road that
///    may be taken out of the roundabout at a node it passes). Entering one starts a
///    `.roundabout` step whose exit number and road are those of the exit taken.
/// 2. Turning back along the same edge (a U-turn where the road ends) is always said. Where
///    no other road may be taken (the road merely changes its OSM way): the same
///    road goes on silently (same name; or, when a name is missing, same ref), and so
///    does a road that becomes unnamed within 45°; another name or ref is `.newName`
///    ("Continue onto …") when the heading changes by less than 45°, else a `.turn`.
/// 3. A named road that goes on (same name and ref) within 45° of straight ahead goes on
///    silently. Where exactly one other road may be taken and both lie within 45° of
///    straight ahead: a `.fork`, "Keep left/right onto …".
/// 4. Otherwise the same (unnamed) road within 30° goes on silently; the same road
///    turning is `.continue` with the turn's modifier ("Turn right to stay on …"); a
///    turn of less than 20° onto another road is `.newName`; anything else is a `.turn`
///    with its modifier (slight below 60°, normal below 120°, sharp below 170°, else a
///    U-turn).
/// 5. A road is named by its name and number; an unnamed one by where it leads (its
///    signs: `destination:ref`, `destination`); a slip road leaving a motorway junction
///    with an exit number is "Take exit 12 towards …". The lanes of the road arriving at
///    a step are the step's `lanes`, each marked valid when it goes the step's way.
/// 6. Then `tidy`: no step under `minimumStepMeters` (20 m) unless it is a real turn, no
///    "Continue" onto the road the step before already follows, nor straight on onto an
///    unnamed road ("Continue north" says nothing), a step on less than
///    `unnamedLeadMeters` (100 m) of unnamed road is named by the named road it leads onto
///    without a real turn, and a turn back onto the road before is a turn to stay on it.
/// Headings are compass points of the bearing over the first (or last) few metres of an
/// edge; distances are haversine lengths (sphere of mean radius); durations follow the
/// graph's speeds.
///
/// Thread safety: a stateless namespace; reentrant. C twin: the steps of a road route plan (`gk_route_step`, `gk_route_step_text`, `gk_route_step_road`).
/// \since 0.2
public enum RoadDirections {
    /// The road a piece of the path follows, for naming steps: ids of its name and ref
    /// (equal ids, equal strings), whether each is present, and its class.
    package struct Road: Equatable {
        package var name: UInt32
        package var ref: UInt32
        package var hasName: Bool
        package var hasRef: Bool
        package var roadClass: RoadClass
        /// String ids of where it leads (`destination`, `destination:ref`), 0 when unsigned.
        package var destination: UInt32 = 0, destinationRef: UInt32 = 0

        package init(name: UInt32, hasName: Bool, ref: UInt32, hasRef: Bool, roadClass: RoadClass) {
            self.name = name
            self.ref = ref
            self.hasName = hasName
            self.hasRef = hasRef
            self.roadClass = roadClass
        }

        package var isUnnamed: Bool { !hasName && !hasRef }
        /// One road for the traveller: the same name, or (when a name is missing) the
        /// same ref; two unnamed roads of one class.
        package func same(as other: Road) -> Bool {
            if isUnnamed || other.isUnnamed { return isUnnamed && other.isUnnamed && roadClass == other.roadClass }
            if hasName && other.hasName { return name == other.name }
            return hasRef && other.hasRef && ref == other.ref
        }
    }

    /// One traversed edge of the path with what the rules need.
    struct Piece {
        var edge: Int
        var forward: Bool
        var range: ClosedRange<Int>
        var length: Double
        var duration: Double
        var road: Road
        var roundabout: Bool
        var inBearing: Double
        var outBearing: Double
        /// String ids: the exit number of the motorway junction it leaves from, its lane
        /// markings in the direction travelled (0 when none).
        var junctionRef: UInt32
        var lanes: UInt32
    }

    /// The steps of `path`, ending with the arrival at `destination` (the pin as given,
    /// before snapping, to tell the side).
    ///
    /// - Complexity: O(pieces × junction degree + geometry).
    public static func steps(for path: RoadPath, on graph: RoadGraph, destination: Coordinate) -> [RouteStep] {
        let geometry = path.geometry
        let last = max(0, geometry.count - 1)
        let plane = LocalPlane(geometry.first ?? destination)
        let pieces = makePieces(path, graph, plane)
        guard let first = pieces.first else {
            return [RouteStep(maneuver: .arrive, arrivalSide: .here, heading: .north, distanceMeters: 0,
                              vertexIndex: last, endVertexIndex: last, isOnRoad: true)]
        }
        var steps: [RouteStep] = []
        steps.reserveCapacity(16)
        var current = Draft(maneuver: .depart, modifier: nil, start: first.range.lowerBound, bearing: first.inBearing,
                            road: first.road)
        var exitsPassed = 0
        func add(_ piece: Piece) {
            current.length += piece.length
            current.duration += piece.duration
        }
        add(first)
        for (p, q) in zip(pieces, pieces.dropFirst()) {
            let angle = signedTurn(from: p.outBearing, to: q.inBearing)
            let junction = q.range.lowerBound
            if p.roundabout && q.roundabout {
                exitsPassed += exits(at: q, arrivingOn: p, graph)
                add(q)
                continue
            }
            if p.roundabout && !q.roundabout && current.maneuver == .roundabout {
                current.exit = exitsPassed + 1
                current.road = q.road
                current.bearing = q.inBearing
                add(q)
                continue
            }
            if q.roundabout {
                steps.append(current.step(end: junction, graph))
                current = Draft(maneuver: .roundabout, modifier: nil, start: junction, bearing: q.inBearing, road: q.road)
                current.lanes = p.lanes
                exitsPassed = 0
                add(q)
                continue
            }
            let others = alternatives(at: q, arrivingOn: p, plane, graph)
            var next: (RouteStep.Maneuver, RouteStep.Turn)?
            if q.edge == p.edge && q.forward != p.forward {
                next = (.continue, .uTurn)  // back along the same road: always said
            } else if others.count == 0 {
                // No other choice: a name or ref change is said, a road merely losing its
                // name (or bending) is not.
                if !q.road.same(as: p.road) && !(q.road.isUnnamed && abs(angle) < 45) {
                    next = abs(angle) < 45 ? (.newName, .init(degrees: angle, straightDegrees: 20))
                        : (.turn, .init(degrees: angle, straightDegrees: 20))
                }
            } else if q.road.same(as: p.road) && !q.road.isUnnamed && abs(angle) < 45 {
                next = nil
            } else if others.count == 1, abs(angle) < 45, abs(others.firstAngle) < 45 {
                next = (.fork, angle < others.firstAngle ? .slightLeft : .slightRight)
            } else if q.road.same(as: p.road) && abs(angle) < 30 {
                next = nil
            } else if abs(angle) < 20 {
                next = (q.road.same(as: p.road) ? .continue : .newName, .straight)
            } else {
                next = (q.road.same(as: p.road) ? .continue : .turn, .init(degrees: angle, straightDegrees: 20))
            }
            if let (maneuver, modifierFound) = next {
                var modifier = modifierFound
                // "Make a U-turn" is for turning back on the same road; a turn that sharp
                // onto another road is a hairpin.
                let sameNamedRoad = (p.road.hasName && q.road.hasName && p.road.name == q.road.name)
                    || (p.road.hasRef && q.road.hasRef && p.road.ref == q.road.ref)
                if modifier == .uTurn && !(sameNamedRoad || q.edge == p.edge) {
                    modifier = angle < 0 ? .sharpLeft : .sharpRight
                }
                steps.append(current.step(end: junction, graph))
                current = Draft(maneuver: maneuver, modifier: modifier, start: junction, bearing: q.inBearing, road: q.road)
                current.exitRef = q.junctionRef
                current.lanes = p.lanes
            }
            add(q)
        }
        steps.append(current.step(end: last, graph))
        steps = tidy(steps)
        let (a, b) = lastSegment(geometry)
        steps.append(RouteStep(
            maneuver: .arrive, arrivalSide: path.lengthMeters == 0 ? .here : LegGeometry.arrivalSide(a, b, destination),
            heading: CompassDirection(bearingDegrees: a.initialBearing(to: b)), distanceMeters: 0,
            vertexIndex: last, endVertexIndex: last, isOnRoad: true))
        return steps
    }

    /// A step being assembled.
    struct Draft {
        var maneuver: RouteStep.Maneuver
        var modifier: RouteStep.Turn?
        var start: Int
        var bearing: Double
        var road: Road
        var exit: Int?
        var length = 0.0
        var duration = 0.0
        /// String ids: the motorway exit number, the lane markings of the road arriving.
        var exitRef: UInt32 = 0
        var lanes: UInt32 = 0

        init(maneuver: RouteStep.Maneuver, modifier: RouteStep.Turn?, start: Int, bearing: Double, road: Road) {
            self.maneuver = maneuver
            self.modifier = modifier
            self.start = start
            self.bearing = bearing
            self.road = road
        }

        func step(end: Int, _ graph: RoadGraph) -> RouteStep {
            RouteStep(
                maneuver: maneuver, modifier: modifier, exitNumber: maneuver == .roundabout ? (exit ?? 1) : nil,
                heading: CompassDirection(bearingDegrees: bearing), roadName: road.hasName ? graph.string(id: road.name) : "",
                roadRef: road.hasRef ? graph.string(id: road.ref) : "",
                distanceMeters: length, durationSeconds: duration, vertexIndex: start, endVertexIndex: max(start, end),
                isOnRoad: true, destination: destinationText(graph),
                exitRef: exitRef == 0 ? "" : graph.string(id: exitRef),
                lanes: lanes == 0 ? [] : RoadDirections.lanes(graph.string(id: lanes), maneuver, modifier))
        }

        /// "A 43: Lyon, Grenoble" from the road's `destination:ref` and `destination`.
        func destinationText(_ graph: RoadGraph) -> String {
            func list(_ id: UInt32) -> String {
                id == 0 ? "" : graph.string(id: id).split(separator: ";").map { $0.trimmingSpaces }.joined(separator: ", ")
            }
            let names = list(road.destination), refs = list(road.destinationRef)
            return refs.isEmpty ? names : names.isEmpty ? refs : refs + ": " + names
        }
    }

    /// What a driver does not experience as a maneuver is not said: a step shorter than
    /// `minimumStepMeters` that is no real turn (a name change, a fork, a slight bend, a
    /// turn to stay on the road that is less than a plain turn) goes into the step before
    /// it; a "Continue" onto the road the step before already follows goes into it too;
    /// and a turn back onto the road the step before followed is a turn to stay on it.
    static func tidy(_ steps: [RouteStep]) -> [RouteStep] {
        var out: [RouteStep] = []
        out.reserveCapacity(steps.count)
        for s in steps {
            guard let prev = out.last else {
                out.append(s)
                continue
            }
            let named = !s.roadName.isEmpty || !s.roadRef.isEmpty
            let sameRoad = named && s.roadName == prev.roadName && s.roadRef == prev.roadRef
            let goesOn = s.maneuver == .newName || (s.maneuver == .continue && s.modifier == .straight)
            let unnamedBefore = prev.roadName.isEmpty && prev.roadRef.isEmpty && prev.destination.isEmpty && prev.exitRef.isEmpty
            let namesNothing = !named && s.destination.isEmpty && s.exitRef.isEmpty
            if (!isRealTurn(s) && s.distanceMeters < minimumStepMeters) || (goesOn && sameRoad && s.exitRef.isEmpty)
                || (goesOn && s.modifier == .straight && namesNothing) {
                out[out.count - 1] = prev.extended(by: s)
            } else if unnamedBefore && !isRealTurn(s) && named && prev.distanceMeters < unnamedLeadMeters {
                // A few metres of unnamed road (a slip road, a junction's connector) lead
                // onto a named one: the maneuver is onto the road ahead.
                out[out.count - 1] = prev.extended(by: s, namedBy: s)
            } else if s.maneuver == .turn && sameRoad && s.exitRef.isEmpty {
                out.append(s.with(maneuver: .continue))
            } else {
                out.append(s)
            }
        }
        return out
    }

    /// Steps shorter than this (metres) are said only when they are real turns.
    public static let minimumStepMeters = 20.0
    /// An unnamed stretch shorter than this (metres) before a named road going on without
    /// a real turn is named by that road ("Turn right onto Rue Basse", not "Turn right and
    /// head north" then "Continue onto Rue Basse").
    public static let unnamedLeadMeters = 100.0

    /// A maneuver a driver must make: depart, roundabouts, motorway exits, and turns of
    /// 60° or more (not a bend, a fork or a name change). Steps under `minimumStepMeters`
    /// are said only when this is true.
    ///
    /// - Complexity: O(1). Thread safety: pure. C twin: none.
    public static func isRealTurn(_ s: RouteStep) -> Bool {
        if !s.exitRef.isEmpty { return true }
        switch s.maneuver {
        case .depart, .arrive, .roundabout: return true
        case .turn, .continue:
            switch s.modifier ?? .straight {
            case .left, .right, .sharpLeft, .sharpRight, .uTurn: return true
            case .straight, .slightLeft, .slightRight: return false
            }
        case .newName, .fork: return false
        }
    }

    /// The lanes of a `turn:lanes` value ("left|through;right|"), each valid when one of
    /// its markings goes the step's way (unmarked lanes go straight on; for a roundabout
    /// every lane is valid).
    static func lanes(_ text: String, _ maneuver: RouteStep.Maneuver, _ modifier: RouteStep.Turn?) -> [RouteStep.Lane] {
        let wanted: Set<String>
        switch (maneuver, modifier ?? .straight) {
        case (.roundabout, _): wanted = []
        case (_, .straight): wanted = ["through", "none", "", "merge_to_left", "merge_to_right"]
        case (_, .slightLeft): wanted = ["slight_left", "left"]
        case (_, .slightRight): wanted = ["slight_right", "right"]
        case (_, .left): wanted = ["left", "slight_left", "sharp_left"]
        case (_, .right): wanted = ["right", "slight_right", "sharp_right"]
        case (_, .sharpLeft): wanted = ["sharp_left", "left"]
        case (_, .sharpRight): wanted = ["sharp_right", "right"]
        case (_, .uTurn): wanted = ["reverse"]
        }
        return text.split(separator: "|", omittingEmptySubsequences: false).map { lane in
            let marks = lane.split(separator: ";").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty && $0 != "none" }
            let valid = maneuver == .roundabout || (marks.isEmpty ? wanted.contains("through") : marks.contains(where: wanted.contains))
            return RouteStep.Lane(indications: marks, isValid: valid)
        }
    }

    /// The last segment of the geometry with a length (for the arrival's side).
    static func lastSegment(_ g: [Coordinate]) -> (Coordinate, Coordinate) {
        guard g.count >= 2 else { return (g.first!, g.first!) }
        var i = g.count - 2
        while i > 0 && g[i] == g[g.count - 1] { i -= 1 }
        return (g[i], g[g.count - 1])
    }

    /// The change of heading from `a` to `b` in (-180, 180], positive to the right.
    static func signedTurn(from a: Double, to b: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }

    /// "via Boulevard du Larvotto and Avenue Princesse Grace": the two longest named
    /// roads of a path (by name, or by ref for roads without one), in the order driven;
    /// "" when no road is named.
    ///
    /// - Complexity: O(pieces log pieces); strings are made for the two winners only.
    public static func routeName(of path: RoadPath, on graph: RoadGraph) -> String {
        // (road, piece index, length) sorted by road then piece: each road's length is
        // summed in route order, without hashing.
        var named: [(key: Int64, first: Int, length: Double)] = []
        named.reserveCapacity(path.pieces.count)
        for (i, p) in path.pieces.enumerated() {
            let name = graph.edgeNameID(p.edge), ref = graph.edgeRefID(p.edge)
            if !graph.isEmptyString(id: name) {
                named.append((Int64(name), i, p.lengthMeters))
            } else if !graph.isEmptyString(id: ref) {
                named.append((Int64(ref) | 1 << 32, i, p.lengthMeters))
            }
        }
        named.sort { ($0.key, $0.first) < ($1.key, $1.first) }
        var roads: [(key: Int64, first: Int, length: Double)] = []
        for e in named {
            if let last = roads.last, last.key == e.key { roads[roads.count - 1].length += e.length } else { roads.append(e) }
        }
        let top = roads.sorted { $0.length > $1.length || ($0.length == $1.length && $0.key < $1.key) }.prefix(2)
        let ordered = top.sorted { $0.first < $1.first }.map(\.key)
        return ordered.isEmpty ? "" : "via " + ordered.map { graph.string(id: UInt32(truncatingIfNeeded: $0)) }
            .joined(separator: " and ")
    }
}
