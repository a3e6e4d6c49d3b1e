import GeoKernel

/// Turn-by-turn steps for a path on a road graph: where a traveller must decide
/// something, not one step per node.
///
/// Rules, in order, at each junction the path passes (the end of one edge and the start
/// of the next; zero-length connectors are looked through):
/// 1. Inside a roundabout nothing is said; the exits passed are counted (every road that
///    may be taken out of the roundabout at a node it passes). Entering one starts a
///    `.roundabout` step whose exit number and road are those of the exit taken.
/// 2. Where no other road may be taken (the road merely changes its OSM way): the same
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
/// A `.newName` step shorter than 10 m is merged into the step before it.
/// Headings are compass points of the bearing over the first (or last) few metres of an
/// edge; distances are haversine lengths (sphere of mean radius); durations follow the
/// graph's speeds.
///
/// Thread safety: a stateless namespace; reentrant. C twin: the steps of a road route plan (`gk_route_step`, `gk_route_step_text`, `gk_route_step_road`).
/// - Since: 0.2
public enum RoadDirections {
    /// The road a piece of the path follows, for naming steps: ids of its name and ref
    /// (equal ids, equal strings), whether each is present, and its class.
    package struct Road: Equatable {
        package var name: UInt32
        package var ref: UInt32
        package var hasName: Bool
        package var hasRef: Bool
        package var roadClass: RoadClass

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
                exitsPassed = 0
                add(q)
                continue
            }
            let others = alternatives(at: q, arrivingOn: p, plane, graph)
            var next: (RouteStep.Maneuver, RouteStep.Turn)?
            if others.count == 0 {
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
            if var (maneuver, modifier) = next {
                // "Make a U-turn" is for turning back on the same road; a turn that sharp
                // onto another road is a hairpin.
                let sameNamedRoad = (p.road.hasName && q.road.hasName && p.road.name == q.road.name)
                    || (p.road.hasRef && q.road.hasRef && p.road.ref == q.road.ref)
                if modifier == .uTurn && !(sameNamedRoad || q.edge == p.edge) {
                    modifier = angle < 0 ? .sharpLeft : .sharpRight
                }
                steps.append(current.step(end: junction, graph))
                current = Draft(maneuver: maneuver, modifier: modifier, start: junction, bearing: q.inBearing, road: q.road)
            }
            add(q)
        }
        steps.append(current.step(end: last, graph))
        steps = mergeShortNameChanges(steps)
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
                isOnRoad: true)
        }
    }

    /// Merges `.newName` steps shorter than 10 m into the step before them.
    static func mergeShortNameChanges(_ steps: [RouteStep]) -> [RouteStep] {
        var out: [RouteStep] = []
        for s in steps {
            if s.maneuver == .newName, s.distanceMeters < 10, let prev = out.popLast() {
                out.append(RouteStep(
                    maneuver: prev.maneuver, modifier: prev.modifier, exitNumber: prev.exitNumber, heading: prev.heading,
                    roadName: prev.roadName, roadRef: prev.roadRef, distanceMeters: prev.distanceMeters + s.distanceMeters,
                    durationSeconds: prev.durationSeconds + s.durationSeconds, vertexIndex: prev.vertexIndex,
                    endVertexIndex: s.endVertexIndex, isOnRoad: true))
            } else {
                out.append(s)
            }
        }
        return out
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
