import GeoKernel

/// How one mode of travel (car, bicycle, foot…) reads OpenStreetMap tags: which ways it may
/// use, in which directions and how fast, which nodes block it, which turn restrictions
/// bind it. A profile is plain data — every rule is a stored property — so a user can start
/// from a built-in (`.car`, `.bicycle`, `.foot`), change a table, or load one from JSON
/// (`init(json:)`) and save it (`json`).
///
/// Units: speeds in the profile are km/h; `RoadNetwork.Travel` (the output) is m/s.
/// Tag keys and values are compared exactly (OSM values are lowercase by convention),
/// except `maxspeed` values, which are read case-insensitively (`MaxSpeed`).
///
/// The rules, in the order `travel(wayTags:)` applies them:
/// 1. `excludedTags`: a way carrying any listed key=value (e.g. `area=yes`) is unusable.
/// 2. Ferries: `route=ferry` with `usesFerries` is a ferry at `ferrySpeedKmh` (class
///    `.ferry`), whatever its `highway` tag.
/// 3. Highway class: `highway` must be a key of `highwaySpeedsKmh` (usable by default) or
///    of `permittedHighwaySpeedsKmh` (usable only when an access key more specific than
///    `accessKeys[0]` explicitly allows it, e.g. `highway=footway` + `bicycle=yes`).
/// 4. Access, per direction: see `accessKeys`.
/// 5. Direction: see `onewayKeys`.
/// 6. Speed: see `maxspeedRule`; finally capped at `maxSpeedCapKmh`.
///
/// Thread safety: a value; `Sendable`. C twin: the `profile` argument of
/// `gk_road_graph_build_osm` ("car", "bicycle", "foot" or JSON text) and `gk_profile_json`.
/// \since 0.2
public struct RoutingProfile: Sendable, Hashable {
    /// How a tagged `maxspeed` changes the speed of a way.
    public enum MaxspeedRule: String, Sendable, Hashable, CaseIterable {
        /// `maxspeed` is not read; the class speed applies.
        case ignore
        /// The class speed is replaced by `maxspeed × maxspeedFactor` when the way has a
        /// usable limit (motor vehicles: they drive near the limit).
        case replace
        /// The class speed is lowered to `maxspeed × maxspeedFactor` when that is lower
        /// (bicycles, pedestrians: their own speed, never above the legal limit).
        case limit
    }

    /// The profile's name, e.g. "car".
    public var name: String

    // MARK: Ways

    /// Routable `highway` values → speed in km/h (finite, > 0) when no `maxspeed` applies.
    public var highwaySpeedsKmh: [String: Double]
    /// `highway` values usable only with explicit permission (a key after `accessKeys[0]`
    /// with an allowed or destination value) → speed in km/h.
    public var permittedHighwaySpeedsKmh: [String: Double]
    /// Tags that make a way unusable, key → values (e.g. `area` → [`yes`]).
    public var excludedTags: [String: Set<String>]
    /// `highway` values whose areas (`area=yes`, a closed way: a square, a platform) this
    /// profile walks although `excludedTags` excludes areas: along the outline, both ways,
    /// as GraphHopper does (not straight across: a route may be a little longer than the
    /// straight line over a square) (`WayTravel.isArea`).
    public var walkableAreaHighways: Set<String>

    // MARK: Access

    /// The access keys from general to specific, e.g. `["access", "vehicle", "bicycle"]`.
    /// The most specific key whose value is in one of the three value sets decides; a
    /// directional variant (`motorcar:forward`, `access:backward`) beats its plain key for
    /// that direction. Values in none of the sets are skipped; with no decision, the way's
    /// class decides (step 3 above).
    public var accessKeys: [String]
    /// Access values that allow use (`yes`, `permissive`, `designated`…).
    public var allowedAccessValues: Set<String>
    /// Access values that forbid use (`no`, `private`…).
    public var deniedAccessValues: Set<String>
    /// Access values that allow use only to reach a destination on the way:
    /// `RoadNetwork.Travel.destinationOnly` is set.
    public var destinationAccessValues: Set<String>

    // MARK: Direction

    /// False: every usable way may be travelled both ways (all the rules below are off).
    public var usesOneway: Bool
    /// Oneway keys from general to specific, e.g. `["oneway", "oneway:bicycle"]`. The most
    /// specific key with a known value decides: `yes`/`true`/`1` forward only,
    /// `-1`/`reverse` backward only, `no`/`false`/`0` both ways, a value in
    /// `unroutableOnewayValues` makes the way unusable.
    public var onewayKeys: [String]
    /// Oneway values that make a way unusable (`reversible`, `alternating`: the direction
    /// changes with time, which a static graph cannot express).
    public var unroutableOnewayValues: Set<String>
    /// `highway` values that are one-way (forward) unless a oneway key says otherwise.
    public var impliedOnewayHighways: Set<String>
    /// `junction` values that mark a roundabout (`WayTravel.isRoundabout`).
    public var roundaboutJunctions: Set<String>
    /// True: a roundabout is one-way (forward) unless a oneway key says otherwise.
    public var roundaboutImpliesOneway: Bool
    /// Keys whose value starting with `opposite` (`cycleway=opposite_lane`) lets this
    /// profile travel a one-way street both ways — unless the deciding oneway key is a
    /// specific one (not `onewayKeys[0]`), which always wins.
    public var contraflowKeys: [String]

    // MARK: Speed

    /// How `maxspeed` (and `maxspeed:forward`/`:backward`, which win per direction) is used.
    public var maxspeedRule: MaxspeedRule
    /// Factor applied to a tagged limit (finite, > 0), e.g. 0.8: cars average below it.
    public var maxspeedFactor: Double
    /// Zone values (`fr:urban`, `*:rural`) → km/h, for `MaxSpeed.parse`. Keys lowercase.
    public var zoneSpeedsKmh: [String: Double]
    /// No way is travelled faster than this, km/h (finite, > 0). Not applied to ferries.
    public var maxSpeedCapKmh: Double

    // MARK: Nodes, relations, ferries

    /// `barrier` values that block this profile, unless the node's own access tags allow it.
    public var blockingBarriers: Set<String>
    /// The modes this profile is, for turn restrictions, general to specific (car:
    /// `vehicle`, `motor_vehicle`, `motorcar`). Empty: turn restrictions are ignored.
    public var restrictionModes: [String]
    /// True: `route=ferry` ways are usable.
    public var usesFerries: Bool
    /// Speed on ferries, km/h (finite, > 0), an average that includes boarding.
    public var ferrySpeedKmh: Double

    // MARK: Turns

    /// What turns cost and where U-turns are allowed (`TurnCosts`; the network carries it
    /// into the graph). JSON keys `uTurns` ("deadEndsOnly" or "anywhere"), `uTurnSeconds`,
    /// `sharpTurnSeconds` and `drivingSide` ("right" or "left").
    public var turnCosts: TurnCosts

    /// An empty profile named `name`: no routable highway, the common access values, oneway
    /// keys `["oneway"]`, roundabouts one-way, `maxspeed` ignored, no barriers, no turn
    /// restrictions, no ferries. Fill in the tables, or start from a built-in instead.
    public init(name: String) {
        self.name = name
        highwaySpeedsKmh = [:]
        permittedHighwaySpeedsKmh = [:]
        excludedTags = ["area": ["yes"]]
        walkableAreaHighways = []
        accessKeys = ["access"]
        allowedAccessValues = ["yes", "permissive", "designated"]
        deniedAccessValues = ["no", "private"]
        destinationAccessValues = ["destination"]
        usesOneway = true
        onewayKeys = ["oneway"]
        unroutableOnewayValues = ["reversible", "alternating"]
        impliedOnewayHighways = []
        roundaboutJunctions = ["roundabout", "circular"]
        roundaboutImpliesOneway = true
        contraflowKeys = []
        maxspeedRule = .ignore
        maxspeedFactor = 1
        zoneSpeedsKmh = MaxSpeed.defaultZonesKmh
        maxSpeedCapKmh = 200
        blockingBarriers = []
        restrictionModes = []
        usesFerries = false
        ferrySpeedKmh = 10
        turnCosts = .free
    }

    /// The built-in profile called `name` ("car"; "bicycle" or "bike"; "foot" or "walk"),
    /// in any letter case ("Car", "WALK"), or nil.
    public static func builtIn(named name: String) -> RoutingProfile? {
        switch name.lowercased() {
        case "car": .car
        case "bicycle", "bike": .bicycle
        case "foot", "walk": .foot
        default: nil
        }
    }

    /// The profile a user names, the one reading of a profile argument (the tool's
    /// `--profile`, after it read a file's text; the C `profile` arguments; Python's
    /// `profile=`): a built-in name (`builtIn(named:)`), or JSON text whose first
    /// non-blank character is '{' (`init(json:)`, then `validate()`).
    ///
    /// - Throws: `.invalidArgument` for any other text, naming the accepted forms; as
    ///   `init(json:)` and `validate()` for JSON.
    /// - Complexity: O(text). C twin: the `profile` argument of `gk_road_graph_build_osm`.
    /// \since 0.5
    public init(argument text: String) throws(GeoKernelError) {
        if let builtIn = Self.builtIn(named: text) {
            self = builtIn
            return
        }
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard text.utf8.first(where: { !blanks.contains($0) }) == UInt8(ascii: "{") else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw .invalid(
                "unknown routing profile \"\(shown)\": use car, bicycle (bike), foot (walk) or JSON text starting with '{'")
        }
        let profile = try RoutingProfile(json: text)
        try profile.validate()
        self = profile
    }
}

/// How a way may be travelled by one profile.
///
/// Units: `RoadNetwork.Travel.speedMetersPerSecond` is m/s. Thread safety: a value;
/// `Sendable`. C twin: none (used inside `gk_road_graph_build_osm`).
/// \since 0.2
public struct WayTravel: Sendable, Hashable {
    /// The way's class (`.ferry` for ferries, `.other` for highway values without a class).
    public var roadClass: RoadClass
    /// Travel along the way's node order; nil when not allowed.
    public var forward: RoadNetwork.Travel?
    /// Travel against the way's node order; nil when not allowed.
    public var backward: RoadNetwork.Travel?
    /// True for `junction=roundabout` (or another of the profile's roundabout values).
    public var isRoundabout: Bool
    /// True for a walkable area (`RoutingProfile.walkableAreaHighways`), travelled along
    /// its outline.
    public var isArea: Bool

    public init(
        roadClass: RoadClass, forward: RoadNetwork.Travel?, backward: RoadNetwork.Travel?, isRoundabout: Bool,
        isArea: Bool = false
    ) {
        self.roadClass = roadClass
        self.forward = forward
        self.backward = backward
        self.isRoundabout = isRoundabout
        self.isArea = isArea
    }
}

/// The kind of a turn restriction, from its value: `no_*` (`no_left_turn`, `no_u_turn`,
/// `no_entry`, `no_exit`…) forbids the turn; `only_*` (`only_straight_on`…) forbids every
/// other turn from the `from` way at the `via`. The kernel's
/// `RoadNetwork.TurnRestriction.Kind`.
///
/// Thread safety: a value; `Sendable`. C twin: none.
/// \since 0.2
public typealias TurnRestrictionKind = RoadNetwork.TurnRestriction.Kind
