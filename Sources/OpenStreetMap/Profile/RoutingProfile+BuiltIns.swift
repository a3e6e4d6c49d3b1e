import GeoKernel

extension RoutingProfile {
    /// Cars. Class speeds (km/h) are typical travel speeds, about 0.8 × the usual legal limit
    /// of the class; a tagged `maxspeed` replaces them as `maxspeed × 0.8`, capped at
    /// 140 km/h. `track` is routable only with explicit permission (`motor_vehicle=yes`…).
    /// Delivery and customers-only roads count as destination-only. Motorways, motorway
    /// links and roundabouts are one-way unless tagged otherwise. Obeys turn restrictions
    /// for `vehicle`, `motor_vehicle` and `motorcar`. Takes ferries that allow it. Turns
    /// cost up to 7.5 s, U-turns only at dead ends (20 s more): `TurnCosts.driving`.
    public static let car: RoutingProfile = {
        var p = RoutingProfile(name: "car")
        p.highwaySpeedsKmh = [
            "motorway": 100, "motorway_link": 50, "trunk": 80, "trunk_link": 40,
            "primary": 60, "primary_link": 35, "secondary": 55, "secondary_link": 30,
            "tertiary": 45, "tertiary_link": 25, "unclassified": 35, "residential": 25,
            "living_street": 10, "service": 15, "road": 25,
        ]
        p.permittedHighwaySpeedsKmh = ["track": 15]
        p.excludedTags = ["area": ["yes"], "impassable": ["yes"]]
        p.accessKeys = ["access", "vehicle", "motor_vehicle", "motorcar"]
        p.allowedAccessValues = ["yes", "permissive", "designated", "official"]
        p.deniedAccessValues = ["no", "private", "agricultural", "forestry", "emergency", "psv", "bus", "military"]
        p.destinationAccessValues = ["destination", "delivery", "customers"]
        p.onewayKeys = ["oneway"]
        p.impliedOnewayHighways = ["motorway", "motorway_link"]
        p.maxspeedRule = .replace
        p.maxspeedFactor = 0.8
        p.maxSpeedCapKmh = 140
        p.blockingBarriers = [
            "block", "bollard", "bus_trap", "chain", "cycle_barrier", "debris", "fence",
            "full-height_turnstile", "horse_stile", "jersey_barrier", "kissing_gate", "log",
            "motorcycle_barrier", "planter", "rope", "stile", "turnstile", "wall", "yes",
        ]
        p.restrictionModes = ["vehicle", "motor_vehicle", "motorcar"]
        p.usesFerries = true
        p.ferrySpeedKmh = 10
        p.turnCosts = .driving
        return p
    }()

    /// Bicycles at 18 km/h on roads and cycleways, slower on tracks, paths and shared
    /// spaces; never above a tagged `maxspeed`, capped at 25 km/h. Motorways and trunks
    /// are excluded (trunks, footways, pedestrian streets and bridleways need explicit
    /// `bicycle=yes`/`designated`). Follows oneway except `oneway:bicycle=no` and
    /// `cycleway*=opposite*`. Obeys turn restrictions for `vehicle` and `bicycle`. Turns
    /// cost up to 4 s, U-turns only at dead ends (5 s more): `TurnCosts.cycling`.
    public static let bicycle: RoutingProfile = {
        var p = RoutingProfile(name: "bicycle")
        p.highwaySpeedsKmh = [
            "cycleway": 18, "primary": 18, "primary_link": 18, "secondary": 18, "secondary_link": 18,
            "tertiary": 18, "tertiary_link": 18, "unclassified": 18, "residential": 18, "road": 16,
            "living_street": 12, "service": 15, "track": 12, "path": 12,
        ]
        p.permittedHighwaySpeedsKmh = [
            "trunk": 18, "trunk_link": 18, "footway": 10, "pedestrian": 10, "bridleway": 10,
        ]
        p.excludedTags = ["area": ["yes"], "impassable": ["yes"], "motorroad": ["yes"]]
        p.accessKeys = ["access", "vehicle", "bicycle"]
        p.allowedAccessValues = ["yes", "permissive", "designated", "official", "dismount"]
        p.deniedAccessValues = ["no", "private", "agricultural", "forestry", "military", "use_sidepath"]
        p.destinationAccessValues = ["destination", "delivery", "customers"]
        p.onewayKeys = ["oneway", "oneway:bicycle"]
        p.impliedOnewayHighways = ["motorway", "motorway_link"]
        p.contraflowKeys = ["cycleway", "cycleway:left", "cycleway:right", "cycleway:both"]
        p.maxspeedRule = .limit
        p.maxspeedFactor = 1
        p.maxSpeedCapKmh = 25
        p.blockingBarriers = ["fence", "full-height_turnstile", "wall", "yes"]
        p.restrictionModes = ["vehicle", "bicycle"]
        p.usesFerries = true
        p.ferrySpeedKmh = 10
        p.turnCosts = .cycling
        return p
    }()

    /// Pedestrians at 5 km/h (3 km/h on steps), both ways on every way except
    /// `oneway:foot=yes`. Motorways are excluded; trunks, cycleways and bridleways need
    /// explicit `foot=yes`/`designated`; `motorroad=yes` excludes. `vehicle=*` and
    /// `motor_vehicle=*` do not concern pedestrians. Turn restrictions are ignored (they are
    /// made for vehicles); only walls, fences and unspecified barriers block. Squares and
    /// platforms (`highway=pedestrian|footway|platform` + `area=yes`) are walked along their
    /// outline (`walkableAreaHighways`). Turns are
    /// free and a walker may turn back at any junction: `TurnCosts.free`.
    public static let foot: RoutingProfile = {
        var p = RoutingProfile(name: "foot")
        var speeds: [String: Double] = [:]
        for h in [
            "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
            "unclassified", "residential", "road", "living_street", "service", "track", "path",
            "footway", "pedestrian", "platform", "corridor",
        ] {
            speeds[h] = 5
        }
        speeds["steps"] = 3
        p.highwaySpeedsKmh = speeds
        p.permittedHighwaySpeedsKmh = ["trunk": 5, "trunk_link": 5, "cycleway": 5, "bridleway": 5]
        p.excludedTags = ["area": ["yes"], "impassable": ["yes"], "motorroad": ["yes"]]
        p.walkableAreaHighways = ["pedestrian", "footway", "platform"]
        p.accessKeys = ["access", "foot"]
        p.allowedAccessValues = ["yes", "permissive", "designated", "official"]
        p.deniedAccessValues = ["no", "private", "agricultural", "forestry", "military", "use_sidepath"]
        p.destinationAccessValues = ["destination", "delivery", "customers"]
        p.onewayKeys = ["oneway:foot"]
        p.impliedOnewayHighways = []
        p.roundaboutImpliesOneway = false
        p.maxspeedRule = .ignore
        p.maxspeedFactor = 1
        p.maxSpeedCapKmh = 5
        p.blockingBarriers = ["fence", "wall", "yes"]
        p.restrictionModes = []
        p.usesFerries = true
        p.ferrySpeedKmh = 10
        return p
    }()
}
