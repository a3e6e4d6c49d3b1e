import GeoKernel
import OpenStreetMap
import Testing

@Suite("Profile: routable highway classes and their default speeds")
struct ProfileHighwayTests {
    static let carClasses: [(String, Double)] = [
        ("motorway", 100), ("motorway_link", 50), ("trunk", 80), ("trunk_link", 40), ("primary", 60),
        ("primary_link", 35), ("secondary", 55), ("secondary_link", 30), ("tertiary", 45), ("tertiary_link", 25),
        ("unclassified", 35), ("residential", 25), ("living_street", 10), ("service", 15), ("road", 25),
    ]

    @Test("car uses every road class at its default speed", arguments: carClasses)
    func car(highway: String, kmh: Double) {
        let t = RoutingProfile.car.travel(wayTags: ["highway": highway, "oneway": "no"])
        #expect(ProfileCheck.close(ProfileCheck.kmh(t?.forward), kmh))
        #expect(ProfileCheck.close(ProfileCheck.kmh(t?.backward), kmh))
        #expect(t?.roadClass == RoadClass(osmValue: highway))
        #expect(t?.forward?.destinationOnly == false)
    }

    @Test(
        "car does not use paths, footways, cycleways, steps, bridleways, pedestrian streets or plain tracks",
        arguments: ["footway", "path", "cycleway", "steps", "bridleway", "pedestrian", "track", "construction", "proposed"])
    func carExcludes(highway: String) {
        #expect(RoutingProfile.car.travel(wayTags: ["highway": highway]) == nil)
    }

    @Test("car uses a track only with explicit motor vehicle permission")
    func carTrack() {
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "track", "motor_vehicle": "yes"]) == 15)
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "track", "motorcar": "destination"]) == 15)
        #expect(RoutingProfile.car.travel(wayTags: ["highway": "track", "access": "yes"]) == nil)
    }

    static let bicycleClasses: [(String, Double)] = [
        ("cycleway", 18), ("primary", 18), ("secondary", 18), ("tertiary", 18), ("unclassified", 18),
        ("residential", 18), ("living_street", 12), ("service", 15), ("track", 12), ("path", 12), ("road", 16),
    ]

    @Test("bicycle uses cycleways, roads, tracks and paths at its own speeds", arguments: bicycleClasses)
    func bicycle(highway: String, kmh: Double) {
        #expect(ProfileCheck.forwardKmh(.bicycle, ["highway": highway]) == kmh)
    }

    @Test("bicycle keeps off motorways and trunks, footways and steps unless permitted",
          arguments: ["motorway", "motorway_link", "trunk", "trunk_link", "footway", "pedestrian", "steps", "bridleway"])
    func bicycleExcludes(highway: String) {
        #expect(RoutingProfile.bicycle.travel(wayTags: ["highway": highway]) == nil)
    }

    @Test("bicycle=yes or designated opens a footway, a pedestrian street or a trunk; never a motorway")
    func bicyclePermitted() {
        #expect(ProfileCheck.forwardKmh(.bicycle, ["highway": "footway", "bicycle": "yes"]) == 10)
        #expect(ProfileCheck.forwardKmh(.bicycle, ["highway": "pedestrian", "bicycle": "designated"]) == 10)
        #expect(ProfileCheck.forwardKmh(.bicycle, ["highway": "trunk", "bicycle": "yes"]) == 18)
        #expect(RoutingProfile.bicycle.travel(wayTags: ["highway": "motorway", "bicycle": "yes"]) == nil)
        #expect(RoutingProfile.bicycle.travel(wayTags: ["highway": "steps", "bicycle": "yes"]) == nil)
    }

    static let footClasses: [(String, Double)] = [
        ("footway", 5), ("pedestrian", 5), ("path", 5), ("steps", 3), ("living_street", 5), ("residential", 5),
        ("primary", 5), ("secondary", 5), ("service", 5), ("track", 5), ("unclassified", 5),
    ]

    @Test("foot walks footways, paths, steps, streets and main roads", arguments: footClasses)
    func foot(highway: String, kmh: Double) {
        let t = RoutingProfile.foot.travel(wayTags: ["highway": highway])
        #expect(ProfileCheck.close(ProfileCheck.kmh(t?.forward), kmh))
        #expect(ProfileCheck.close(ProfileCheck.kmh(t?.backward), kmh))
    }

    @Test("foot keeps off motorways always, and off trunks and cycleways unless foot=yes")
    func footExcludes() {
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "motorway"]) == nil)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "motorway", "foot": "yes"]) == nil)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "trunk"]) == nil)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "cycleway"]) == nil)
        #expect(ProfileCheck.forwardKmh(.foot, ["highway": "cycleway", "foot": "designated"]) == 5)
        #expect(ProfileCheck.forwardKmh(.foot, ["highway": "trunk", "foot": "yes"]) == 5)
    }

    @Test("a way without highway, or an area (but a square on foot), or motorroad=yes for bicycle and foot, is not routable")
    func exclusions() {
        #expect(RoutingProfile.car.travel(wayTags: ["name": "Rue Grimaldi"]) == nil)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "pedestrian", "area": "yes"])?.isArea == true)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "pedestrian"])?.isArea == false)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "residential", "area": "yes"]) == nil)
        #expect(RoutingProfile.bicycle.travel(wayTags: ["highway": "pedestrian", "area": "yes", "bicycle": "yes"]) == nil)
        #expect(RoutingProfile.car.travel(wayTags: ["highway": "service", "area": "yes"]) == nil)
        #expect(RoutingProfile.car.travel(wayTags: ["highway": "primary", "area": "no"]) != nil)
        #expect(RoutingProfile.car.travel(wayTags: ["highway": "primary", "motorroad": "yes"]) != nil)
        #expect(RoutingProfile.bicycle.travel(wayTags: ["highway": "primary", "motorroad": "yes"]) == nil)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "primary", "motorroad": "yes"]) == nil)
        #expect(RoutingProfile.car.travel(wayTags: ["highway": "primary", "impassable": "yes"]) == nil)
    }

    @Test("a highway value with a speed but no road class is classed .other")
    func otherClass() {
        var p = RoutingProfile.foot
        p.highwaySpeedsKmh["busway"] = 4
        #expect(p.travel(wayTags: ["highway": "busway"])?.roadClass == .other)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "corridor"])?.roadClass == .other)
    }

    @Test("a profile changed by hand routes what its tables say; an invalid speed makes the way unusable, not a trap")
    func editedProfile() {
        var p = RoutingProfile.car
        p.highwaySpeedsKmh["track"] = 20
        #expect(ProfileCheck.forwardKmh(p, ["highway": "track"]) == 20)
        p.highwaySpeedsKmh["track"] = -.infinity
        #expect(p.travel(wayTags: ["highway": "track"]) == nil)
        p.highwaySpeedsKmh["track"] = .nan
        #expect(p.travel(wayTags: ["highway": "track"]) == nil)
        #expect(throws: GeoKernelError.self) { try p.validate() }
        #expect(throws: Never.self) { try RoutingProfile.car.validate() }
    }

    @Test("ferries: route=ferry is used at the ferry speed when enabled, refused when disabled or forbidden")
    func ferries() {
        let ferry: OSMTags = ["route": "ferry", "name": "Bac"]
        let t = RoutingProfile.car.travel(wayTags: ferry)
        #expect(t?.roadClass == .ferry)
        #expect(ProfileCheck.close(ProfileCheck.kmh(t?.forward), 10))
        #expect(ProfileCheck.close(ProfileCheck.kmh(t?.backward), 10))
        var noFerries = RoutingProfile.car
        noFerries.usesFerries = false
        #expect(noFerries.travel(wayTags: ferry) == nil)
        #expect(RoutingProfile.car.travel(wayTags: ["route": "ferry", "motor_vehicle": "no"]) == nil)
        #expect(RoutingProfile.foot.travel(wayTags: ["route": "ferry", "motor_vehicle": "no"]) != nil)
        #expect(RoutingProfile.car.travel(wayTags: ["route": "bus"]) == nil)
    }
}
