/// One instruction of a leg's directions, in words (`instruction`) and as fields an app
/// can translate or draw: the maneuver, its modifier, the roundabout exit, the road's
/// name and number, distance, time and the range of the leg's geometry it covers.
///
/// Great-circle legs have depart, turn and arrive steps with compass headings; road legs
/// (a `RoadRouter` attached to the plan) have the full vocabulary: "Head north on
/// Boulevard Albert 1er", "Turn left onto Rue Grimaldi", "Keep right onto D 12", "At the
/// roundabout, take the 2nd exit onto Avenue d'Ostende", "Your destination is on the left".
///
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_route_step` (fields) and
/// `gk_route_step_text`; the lines of `gk_route_direction`.
/// \since 0.1 (fields beyond `kind`, `distanceMeters` and `vertexIndex`: 0.2)
public struct RouteStep: Sendable, Hashable {
    /// What the traveller does where the step begins. Raw values are the C ABI's
    /// `GK_MANEUVER_*` numbers.
    public enum Maneuver: Int32, Sendable, Hashable, CaseIterable {
        /// Leave the start.
        case depart = 0
        /// Turn at a junction (see the modifier).
        case turn = 1
        /// Go on along the same road past a junction where other roads offer themselves
        /// ("Continue straight on Rue Pasteur"), or turn to stay on it ("Turn right to
        /// stay on Rue Pasteur").
        case `continue` = 2
        /// The road changes its name without a real turn ("Continue onto Rue Pasteur").
        case newName = 3
        /// Two ways of similar direction: keep left or right.
        case fork = 4
        /// Enter a roundabout and leave it by the numbered exit.
        case roundabout = 5
        /// Arrive at the destination (see the side).
        case arrive = 6
    }

    /// Which way a turn goes and how sharply (the maneuver's modifier). Raw values are
    /// the C ABI's `GK_MODIFIER_*` numbers.
    public enum Turn: Int32, Sendable, Hashable, CaseIterable {
        /// Less than 20° either way (road steps only).
        case straight = 0
        /// A change of heading up to 60° (above the threshold).
        case slightLeft = 1, slightRight = 2
        /// 60°–120°.
        case left = 3, right = 4
        /// 120°–170°.
        case sharpLeft = 5, sharpRight = 6
        /// 170° or more.
        case uTurn = 7

        /// The turn for a signed change of heading in degrees (positive to the right);
        /// never `.straight` (the great-circle steps' vocabulary).
        public init(degrees: Double) {
            let a = abs(degrees)
            let right = degrees > 0
            switch a {
            case ..<60: self = right ? .slightRight : .slightLeft
            case ..<120: self = right ? .right : .left
            case ..<170: self = right ? .sharpRight : .sharpLeft
            default: self = .uTurn
            }
        }

        /// Like `init(degrees:)`, but a change below `straightDegrees` is `.straight`.
        public init(degrees: Double, straightDegrees: Double) {
            self = abs(degrees) < straightDegrees ? .straight : Turn(degrees: degrees)
        }

        /// True for the left-hand turns.
        var isLeft: Bool { self == .slightLeft || self == .left || self == .sharpLeft }
    }

    /// Where the destination lies when the leg's geometry ends. Raw values are the C
    /// ABI's `GK_SIDE_*` numbers.
    public enum ArrivalSide: Int32, Sendable, Hashable {
        /// On the line of travel: the geometry ends at the pin, or the pin lies within
        /// 1 m of the last segment's great circle.
        case ahead = 0
        /// Left or right of the direction of travel along the last segment (more than
        /// 1 m off its great circle).
        case left = 1, right = 2
        /// The leg has no length: the pin is where the leg starts.
        case here = 3
    }

    /// What the step says, in the great-circle legs' terms (kept from 0.1).
    public enum Kind: Sendable, Hashable {
        /// Leave the start heading this way.
        case depart(CompassDirection)
        /// Turn (or any other maneuver of a road leg) at a vertex, then head this way.
        case turn(Turn, CompassDirection)
        /// Arrive, with the destination on this side.
        case arrive(ArrivalSide)
    }

    /// The maneuver where the step begins.
    public let maneuver: Maneuver
    /// How the maneuver turns: for `.turn`, `.continue`, `.newName` and `.fork`; nil
    /// for depart, arrive and roundabouts.
    public let modifier: Turn?
    /// The exit taken at a roundabout, from 1; nil for other maneuvers.
    public let exitNumber: Int?
    /// The side of the destination, for `.arrive`; nil for other maneuvers.
    public let arrivalSide: ArrivalSide?
    /// The direction of travel when the step begins (for `.roundabout`: on leaving it by
    /// the exit; for `.arrive`: along the last segment).
    public let heading: CompassDirection
    /// The name of the road the step follows ("" when unnamed, and on great-circle legs).
    public let roadName: String
    /// The number of the road the step follows, e.g. "D 12" ("" when none).
    public let roadRef: String
    /// Metres travelled from this step to the next one along the leg's geometry
    /// (0 for the arrival).
    public let distanceMeters: Double
    /// Seconds from this step to the next one (0 for the arrival; on great-circle legs,
    /// the leg's time shared out by distance).
    public let durationSeconds: Double
    /// Index in the leg's geometry of the vertex where the step begins.
    public let vertexIndex: Int
    /// Index in the leg's geometry of the vertex where the step ends (the next step's
    /// `vertexIndex`; equal to `vertexIndex` for the arrival).
    public let endVertexIndex: Int
    /// True when the step belongs to a road leg (road vocabulary in `instruction`).
    public let isOnRoad: Bool
    /// Where the road taken leads, from its signs (OpenStreetMap `destination:ref` and
    /// `destination`): "A 43: Lyon, Grenoble", "Andorra la Vella"; "" when unsigned.
    /// Named in the instruction when the road has neither name nor number.
    public let destination: String
    /// The exit number of the motorway junction where the step leaves ("12"), "" for
    /// others: "Take exit 12 towards Lyon".
    public let exitRef: String
    /// The lanes of the road arriving where the step begins, from the left, with their
    /// turn markings (OpenStreetMap `turn:lanes`) and whether each leads where the step
    /// goes; empty where the road has no lane markings.
    public let lanes: [Lane]

    /// One lane: its markings ("left", "through", "slight_right", "merge_to_left", …;
    /// empty for an unmarked lane, which leads straight on) and whether it can be used for
    /// the step's maneuver.
    ///
    /// Thread safety: a value; `Sendable`. C twin: the masks of `gk_route_step_lanes`.
    /// \since 0.5
    public struct Lane: Sendable, Hashable {
        public var indications: [String]
        public var isValid: Bool

        public init(indications: [String], isValid: Bool) {
            self.indications = indications
            self.isValid = isValid
        }
    }

    /// A step; `RoutePlan` and `RoadRouter` make them, apps read them.
    public init(
        maneuver: Maneuver, modifier: Turn? = nil, exitNumber: Int? = nil, arrivalSide: ArrivalSide? = nil,
        heading: CompassDirection, roadName: String = "", roadRef: String = "", distanceMeters: Double,
        durationSeconds: Double = 0, vertexIndex: Int, endVertexIndex: Int, isOnRoad: Bool, destination: String = "",
        exitRef: String = "", lanes: [Lane] = []
    ) {
        self.maneuver = maneuver
        self.modifier = modifier
        self.exitNumber = exitNumber
        self.arrivalSide = arrivalSide
        self.heading = heading
        self.roadName = roadName
        self.roadRef = roadRef
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.vertexIndex = vertexIndex
        self.endVertexIndex = endVertexIndex
        self.isOnRoad = isOnRoad
        self.destination = destination
        self.exitRef = exitRef
        self.lanes = lanes
    }

    /// The step in the great-circle legs' terms.
    public var kind: Kind {
        switch maneuver {
        case .depart: .depart(heading)
        case .arrive: .arrive(arrivalSide ?? .ahead)
        default: .turn(modifier ?? .straight, heading)
        }
    }

    /// The road as it is named in instructions: "Rue Grimaldi (D 7)", "Rue Grimaldi",
    /// "D 7", or "" when it has neither name nor number.
    public var roadLabel: String {
        switch (roadName.isEmpty, roadRef.isEmpty) {
        case (false, false): "\(roadName) (\(roadRef))"
        case (false, true): roadName
        case (true, false): roadRef
        case (true, true): ""
        }
    }

    /// The sentence shown to the user, in English. Great-circle legs: "Head northeast for
    /// 12.3 km", "Turn left and head south for 850 m", "Your destination is on the right".
    /// Road legs: see `RouteStep`; a road is named by its name and number, else by where it
    /// leads ("Turn right towards Andorra la Vella"), else by its direction ("Turn right
    /// and head north"); a motorway exit reads "Take exit 12 towards Lyon".
    public var instruction: String { instruction(in: .english) }

    /// The sentence in `language`, from its phrase table (see `instruction`).
    ///
    /// - Complexity: O(length of the sentence). C twin: `gk_route_step_text` (in the
    ///   plan's language).
    public func instruction(in language: DirectionsLanguage) -> String {
        let p = language.phrases
        let dir = p.compass[CompassDirection.allCases.firstIndex(of: heading) ?? 0]
        if maneuver == .arrive { return p.arrive[Int((arrivalSide ?? .ahead).rawValue)] }
        let turn = Int((modifier ?? .straight).rawValue)
        guard isOnRoad else {
            let d = language.distance(distanceMeters)
            if maneuver == .depart { return fill(p.headFor, Slots(dir: dir, dist: d)) }
            return p.turn[turn] + fill(p.headingFor, Slots(dir: dir, dist: d))
        }
        let road = roadLabel
        let v = Slots(road: road, dir: dir, dest: destination)
        /// After a maneuver: onto the road, else towards where it leads, else the heading.
        func then(_ onto: String) -> String {
            !road.isEmpty ? fill(onto, v) : !destination.isEmpty ? fill(p.towards, v) : fill(p.heading, v)
        }
        func turnSentence(_ m: Int) -> String { road.isEmpty ? p.turn[m] + then("") : fill(p.turnOnto[m], v) }
        if !exitRef.isEmpty && (maneuver == .turn || maneuver == .fork || maneuver == .newName) {
            let exit = fill(p.takeExit, Slots(exit: exitRef))
            return exit + (!destination.isEmpty ? fill(p.towards, v) : !road.isEmpty ? fill(p.onto, v) : "")
        }
        switch maneuver {
        case .depart:
            return road.isEmpty ? fill(p.head, v) : fill(p.headOn, v)
        case .roundabout:
            return fill(p.roundabout, Slots(exit: p.ordinal(exitNumber ?? 1))) + then(p.onto)
        case .fork:
            return p.keep[(modifier ?? .slightRight).isLeft ? 0 : 1] + then(p.onto)
        case .newName:
            if turn != 0 { return turnSentence(turn) }  // a new name round a bend: "Bear left onto …"
            if road.isEmpty { return destination.isEmpty ? fill(p.continueHeading, v) : p.turn[0] + fill(p.towards, v) }
            return fill(p.continueOnto, v)
        case .continue:
            if turn == 0 { return road.isEmpty ? fill(p.continueHeading, v) : fill(p.continueOn, v) }
            return road.isEmpty ? p.turn[turn] + fill(p.heading, v) : p.turn[turn] + fill(p.stayOn, v)
        case .turn, .arrive:
            return turnSentence(turn)
        }
    }

    /// The line of the cumulative directions: the instruction, and for road steps with
    /// a length, the distance ("Turn left onto Rue Grimaldi (450 m)"), in English.
    public var directionLine: String { directionLine(in: .english) }

    /// The line of the cumulative directions in `language`.
    public func directionLine(in language: DirectionsLanguage) -> String {
        let text = instruction(in: language)
        return isOnRoad && maneuver != .arrive && distanceMeters > 0 ? "\(text) (\(language.distance(distanceMeters)))" : text
    }

    /// A distance for directions: whole metres below 100 m, tens of metres below 1 km,
    /// kilometres with one decimal from there ("7 m", "450 m", "12.3 km").
    ///
    /// - Complexity: O(1). Non-finite or negative input gives "0 m".
    public static func formatDistance(_ meters: Double) -> String {
        guard meters.isFinite, meters > 0 else { return "0 m" }
        if meters < 99.5 { return "\(Int(meters.rounded())) m" }
        let tens = (meters / 10).rounded() * 10
        if tens < 1000 { return "\(Int(tens)) m" }
        let tenths = (meters / 100).rounded()
        guard tenths < 1e15 else { return "\(meters / 1000) km" }
        let t = Int(tenths)
        return "\(t / 10).\(t % 10) km"
    }
}

extension RouteStep {
    /// This step followed by `next` as one step: its maneuver and road, both distances and
    /// times, up to where `next` ends.
    /// With `namedBy`, the road (name, number, destination) is that step's.
    func extended(by next: RouteStep, namedBy road: RouteStep? = nil) -> RouteStep {
        let r = road ?? self
        return RouteStep(
            maneuver: maneuver, modifier: modifier, exitNumber: exitNumber, arrivalSide: arrivalSide, heading: heading,
            roadName: r.roadName, roadRef: r.roadRef, distanceMeters: distanceMeters + next.distanceMeters,
            durationSeconds: durationSeconds + next.durationSeconds, vertexIndex: vertexIndex,
            endVertexIndex: next.endVertexIndex, isOnRoad: isOnRoad, destination: r.destination, exitRef: exitRef, lanes: lanes)
    }

    /// This step with another maneuver.
    func with(maneuver m: Maneuver) -> RouteStep {
        RouteStep(
            maneuver: m, modifier: modifier, exitNumber: exitNumber, arrivalSide: arrivalSide, heading: heading,
            roadName: roadName, roadRef: roadRef, distanceMeters: distanceMeters, durationSeconds: durationSeconds,
            vertexIndex: vertexIndex, endVertexIndex: endVertexIndex, isOnRoad: isOnRoad, destination: destination,
            exitRef: exitRef, lanes: lanes)
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
