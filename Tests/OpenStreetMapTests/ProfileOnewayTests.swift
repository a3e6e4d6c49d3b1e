import GeoKernel
import OpenStreetMap
import Testing

@Suite("Profile: one-way streets, roundabouts and contraflow")
struct ProfileOnewayTests {
    @Test("oneway values for car", arguments: [
        ("yes", true, false), ("true", true, false), ("1", true, false),
        ("-1", false, true), ("reverse", false, true),
        ("no", true, true), ("false", true, true), ("0", true, true),
        ("unknown_value", true, true),
    ])
    func values(value: String, forward: Bool, backward: Bool) {
        let d = ProfileCheck.ways(.car, ["highway": "residential", "oneway": value])
        #expect(d?.0 == forward)
        #expect(d?.1 == backward)
    }

    @Test("reversible and alternating ways are not routable for car")
    func reversible() {
        #expect(RoutingProfile.car.travel(wayTags: ["highway": "primary", "oneway": "reversible"]) == nil)
        #expect(RoutingProfile.car.travel(wayTags: ["highway": "primary", "oneway": "alternating"]) == nil)
    }

    @Test("motorways, motorway links and roundabouts are one-way unless tagged otherwise")
    func implied() {
        #expect(ProfileCheck.ways(.car, ["highway": "motorway"])! == (true, false))
        #expect(ProfileCheck.ways(.car, ["highway": "motorway_link"])! == (true, false))
        #expect(ProfileCheck.ways(.car, ["highway": "motorway", "oneway": "no"])! == (true, true))
        #expect(ProfileCheck.ways(.car, ["highway": "trunk"])! == (true, true))
        let r = RoutingProfile.car.travel(wayTags: ["highway": "primary", "junction": "roundabout"])
        #expect(r?.isRoundabout == true)
        #expect(r?.forward != nil && r?.backward == nil)
        let c = RoutingProfile.car.travel(wayTags: ["highway": "primary", "junction": "circular"])
        #expect(c?.isRoundabout == true && c?.backward == nil)
        #expect(ProfileCheck.ways(.car, ["highway": "primary", "junction": "roundabout", "oneway": "-1"])! == (false, true))
    }

    @Test("foot ignores oneway and roundabouts, but obeys oneway:foot")
    func foot() {
        #expect(ProfileCheck.ways(.foot, ["highway": "residential", "oneway": "yes"])! == (true, true))
        let r = RoutingProfile.foot.travel(wayTags: ["highway": "residential", "junction": "roundabout"])
        #expect(r?.isRoundabout == true && r?.forward != nil && r?.backward != nil)
        #expect(ProfileCheck.ways(.foot, ["highway": "footway", "oneway:foot": "yes"])! == (true, false))
        #expect(ProfileCheck.ways(.foot, ["highway": "footway", "oneway:foot": "-1"])! == (false, true))
    }

    @Test("bicycle follows oneway, roundabouts included")
    func bicycle() {
        #expect(ProfileCheck.ways(.bicycle, ["highway": "residential", "oneway": "yes"])! == (true, false))
        #expect(ProfileCheck.ways(.bicycle, ["highway": "residential", "junction": "roundabout"])! == (true, false))
    }

    @Test("oneway:bicycle=no and cycleway=opposite* let bicycles ride against the flow; cars still cannot")
    func bicycleExceptions() {
        let cases: [OSMTags] = [
            ["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"],
            ["highway": "residential", "oneway": "yes", "cycleway": "opposite"],
            ["highway": "residential", "oneway": "yes", "cycleway": "opposite_lane"],
            ["highway": "residential", "oneway": "yes", "cycleway:left": "opposite_lane"],
            ["highway": "residential", "oneway": "yes", "cycleway:right": "opposite_track"],
            ["highway": "residential", "junction": "roundabout", "oneway:bicycle": "no"],
        ]
        for tags in cases {
            #expect(ProfileCheck.ways(.bicycle, tags)! == (true, true), "\(tags)")
            #expect(ProfileCheck.ways(.car, tags)! == (true, false), "\(tags)")
        }
    }

    @Test("oneway:bicycle=yes makes a two-way street one-way for bicycles only, and beats a contraflow tag")
    func bicycleSpecific() {
        let tags: OSMTags = ["highway": "residential", "oneway:bicycle": "yes"]
        #expect(ProfileCheck.ways(.bicycle, tags)! == (true, false))
        #expect(ProfileCheck.ways(.car, tags)! == (true, true))
        let both: OSMTags = ["highway": "residential", "oneway": "yes", "oneway:bicycle": "yes", "cycleway": "opposite"]
        #expect(ProfileCheck.ways(.bicycle, both)! == (true, false))
    }

    @Test("usesOneway=false makes every way two-way")
    func disabled() {
        var p = RoutingProfile.car
        p.usesOneway = false
        #expect(ProfileCheck.ways(p, ["highway": "motorway", "oneway": "yes"])! == (true, true))
        #expect(ProfileCheck.ways(p, ["highway": "primary", "oneway": "reversible"])! == (true, true))
    }
}
