import GeoKernel

/// A pin of a route: where the user tapped, labelled A, B, C, … in the order added.
///
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_route_pin`,
/// `gk_route_pin_label`.
/// - Since: 0.1
public struct RoutePin: Sendable, Hashable {
    /// Position in the route, from 0.
    public let index: Int
    /// "A", "B", …, "Z", then "AA", "AB", … (see `label(forIndex:)`).
    public let label: String
    /// Where the pin is (degrees).
    public let coordinate: Coordinate

    /// The label of the pin at `index`: A…Z for 0…25, then AA…AZ, BA…, ZZ, AAA, … like
    /// spreadsheet columns (bijective base 26).
    ///
    /// - Precondition: index ≥ 0 (`RoutePlan` never passes anything else).
    /// - Complexity: O(log index).
    public static func label(forIndex index: Int) -> String {
        precondition(index >= 0, "pin indices start at 0")
        var n = index + 1
        var letters: [UInt8] = []
        while n > 0 {
            n -= 1
            letters.append(UInt8(ascii: "A") + UInt8(n % 26))
            n /= 26
        }
        return String(decoding: letters.reversed(), as: UTF8.self)
    }
}

/// A compass direction of eight points, for headings in directions.
///
/// Thread safety: a value; `Sendable`. C twin: the words of `gk_route_direction` lines.
/// - Since: 0.1
public enum CompassDirection: String, Sendable, Hashable, CaseIterable {
    /// The eight points, clockwise from north; each covers 45° centred on its bearing
    /// (north 0°, northeast 45°, …, northwest 315°).
    case north, northeast, east, southeast, south, southwest, west, northwest

    /// The point whose 45° sector holds `bearingDegrees` (north is 337.5° up to 22.5°).
    ///
    /// - Complexity: O(1). Non-finite bearings give north.
    public init(bearingDegrees: Double) {
        guard bearingDegrees.isFinite else {
            self = .north
            return
        }
        var b = bearingDegrees.truncatingRemainder(dividingBy: 360)
        if b < 0 { b += 360 }
        let sector = Int(((b + 22.5) / 45).rounded(.down)) % 8
        self = Self.allCases[sector]
    }
}

/// One instruction of a leg's directions.
///
/// Thread safety: an immutable value; `Sendable`. C twin: the lines of
/// `gk_route_direction`.
/// - Since: 0.1
public struct RouteStep: Sendable, Hashable {
    /// Which way a turn goes and how sharply.
    public enum Turn: String, Sendable, Hashable {
        /// A change of heading up to 60° (above the threshold).
        case slightLeft, slightRight
        /// 60°–120°.
        case left, right
        /// 120°–170°.
        case sharpLeft, sharpRight
        /// 170° or more.
        case uTurn

        /// The turn for a signed change of heading in degrees (positive to the right).
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

        var phrase: String {
            switch self {
            case .slightLeft: "Bear left"
            case .slightRight: "Bear right"
            case .left: "Turn left"
            case .right: "Turn right"
            case .sharpLeft: "Turn sharp left"
            case .sharpRight: "Turn sharp right"
            case .uTurn: "Make a U-turn"
            }
        }
    }

    /// Where the destination lies when the leg's geometry ends.
    public enum ArrivalSide: String, Sendable, Hashable {
        /// Left or right of the direction of travel along the last segment (more than
        /// 1 m off its great circle).
        case left, right
        /// On the line of travel: the geometry ends at the pin, or the pin lies within
        /// 1 m of the last segment's great circle.
        case ahead
        /// The leg has no length: the pin is where the leg starts.
        case here
    }

    /// What the step says.
    public enum Kind: Sendable, Hashable {
        /// Leave the start heading this way.
        case depart(CompassDirection)
        /// Turn at a vertex, then head this way.
        case turn(Turn, CompassDirection)
        /// Arrive, with the destination on this side.
        case arrive(ArrivalSide)
    }

    /// What the step says.
    public let kind: Kind
    /// Metres travelled from this step to the next one along the leg's geometry
    /// (0 for the arrival).
    public let distanceMeters: Double
    /// Index in the leg's geometry of the vertex where the step begins.
    public let vertexIndex: Int

    /// The sentence shown to the user: "Head northeast for 12.3 km", "Turn left and head
    /// south for 850 m", "Your destination is on the right".
    public var instruction: String {
        switch kind {
        case .depart(let heading):
            return "Head \(heading.rawValue) for \(RouteStep.formatDistance(distanceMeters))"
        case .turn(let turn, let heading):
            return "\(turn.phrase) and head \(heading.rawValue) for \(RouteStep.formatDistance(distanceMeters))"
        case .arrive(.left): return "Your destination is on the left"
        case .arrive(.right): return "Your destination is on the right"
        case .arrive(.ahead): return "Your destination is ahead"
        case .arrive(.here): return "You are at your destination"
        }
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

/// The way between two consecutive pins.
///
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_route_leg`,
/// `gk_route_leg_geometry`.
/// - Since: 0.1
public struct RouteLeg: Sendable, Hashable {
    /// Where the geometry came from.
    public enum GeometrySource: Sendable, Hashable {
        /// Great-circle interpolation between the pins (sphere).
        case greatCircle
        /// Given by the caller (e.g. a road geometry).
        case supplied
    }

    /// Where the travel time came from.
    public enum TimeSource: Sendable, Hashable {
        /// Length divided by the plan's speed profile.
        case speedProfile
        /// Given by the caller.
        case supplied
    }

    /// The pin the leg leaves.
    public let from: RoutePin
    /// The pin the leg reaches.
    public let to: RoutePin
    /// The leg's polyline, at least two vertices (degrees).
    public let geometry: [Coordinate]
    /// The length of `geometry` in metres: the sum of haversine distances between
    /// consecutive vertices (sphere of mean radius).
    public let lengthMeters: Double
    /// The travel time.
    public let travelTime: TravelTime
    /// The directions of this leg: a departure, turns, an arrival.
    public let steps: [RouteStep]
    /// Where `geometry` came from.
    public let geometrySource: GeometrySource
    /// Where `travelTime` came from.
    public let timeSource: TimeSource
}
