import GeoKernel

/// A pin of a route: where the user tapped, labelled A, B, C, … in the order added.
///
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_route_pin`,
/// `gk_route_pin_label`.
/// \since 0.1
public struct RoutePin: Sendable, Hashable {
    /// Position in the route, from 0.
    public let index: Int
    /// "A", "B", …, "Z", then "AA", "AB", … (see `label(forIndex:)`).
    public let label: String
    /// Where the pin is (degrees).
    public let coordinate: Coordinate
    /// Where its legs start and end on the road network, for a plan with a router
    /// (`RoadRouter.snap(_:role:)`: pin A onto a road a route can leave, later pins onto
    /// roads a route can reach and leave, since a plan never rewrites a leg); nil without.
    public internal(set) var snap: RoadSnap? = nil
    /// "snapped 3 m onto Rue Basse" (`RoadRouter.describe`); "" without a router.
    public internal(set) var snapDescription: String = ""

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
/// \since 0.1
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

/// The way between two consecutive pins.
///
/// Thread safety: an immutable value; `Sendable`. C twin: `gk_route_leg`,
/// `gk_route_leg_geometry`.
/// \since 0.1
public struct RouteLeg: Sendable, Hashable {
    /// Where the geometry came from.
    public enum GeometrySource: Sendable, Hashable {
        /// Great-circle interpolation between the pins (sphere).
        case greatCircle
        /// Given by the caller (e.g. a road geometry).
        case supplied
        /// Computed by the plan's `RoadRouter` along the road network.
        case road
    }

    /// Where the travel time came from.
    public enum TimeSource: Sendable, Hashable {
        /// Length divided by the plan's speed profile.
        case speedProfile
        /// Given by the caller.
        case supplied
        /// The road network's speeds along the route (`RoadRouter`).
        case road
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
    /// For road legs, "via Boulevard du Larvotto and Avenue Princesse Grace": the two
    /// longest named roads; "" otherwise.
    public internal(set) var name: String = ""
}
