import GeoKernel
import OpenStreetMap
import Testing

@Suite("Profile: barriers on nodes and turn restrictions on relations")
struct ProfileNodeRelationTests {
    @Test("blocking barriers per profile", arguments: [
        ("bollard", true, false, false), ("block", true, false, false), ("cycle_barrier", true, false, false),
        ("kissing_gate", true, false, false), ("stile", true, false, false),
        ("gate", false, false, false), ("lift_gate", false, false, false), ("cattle_grid", false, false, false),
        ("toll_booth", false, false, false), ("no", false, false, false), ("entrance", false, false, false),
        ("wall", true, true, true), ("fence", true, true, true), ("yes", true, true, true),
        ("full-height_turnstile", true, true, false),
    ])
    func barriers(barrier: String, car: Bool, bicycle: Bool, foot: Bool) {
        let tags: OSMTags = ["barrier": barrier]
        #expect(RoutingProfile.car.blocks(nodeTags: tags) == car)
        #expect(RoutingProfile.bicycle.blocks(nodeTags: tags) == bicycle)
        #expect(RoutingProfile.foot.blocks(nodeTags: tags) == foot)
    }

    @Test("a node without barrier never blocks, whatever its access tags")
    func noBarrier() {
        #expect(!RoutingProfile.car.blocks(nodeTags: [:]))
        #expect(!RoutingProfile.car.blocks(nodeTags: ["highway": "traffic_signals"]))
        #expect(!RoutingProfile.car.blocks(nodeTags: ["shop": "bakery", "access": "private"]))
    }

    @Test("the barrier's own access tags win over the barrier type")
    func overrides() {
        #expect(!RoutingProfile.car.blocks(nodeTags: ["barrier": "bollard", "motorcar": "yes"]))
        #expect(!RoutingProfile.car.blocks(nodeTags: ["barrier": "bollard", "access": "destination"]))
        #expect(RoutingProfile.car.blocks(nodeTags: ["barrier": "bollard", "bicycle": "yes"]))
        #expect(RoutingProfile.car.blocks(nodeTags: ["barrier": "gate", "access": "no"]))
        #expect(RoutingProfile.car.blocks(nodeTags: ["barrier": "lift_gate", "access": "private"]))
        #expect(!RoutingProfile.car.blocks(nodeTags: ["barrier": "gate", "access": "no", "motor_vehicle": "yes"]))
        #expect(RoutingProfile.foot.blocks(nodeTags: ["barrier": "gate", "foot": "no"]))
        #expect(!RoutingProfile.foot.blocks(nodeTags: ["barrier": "gate", "vehicle": "no"]))
        #expect(!RoutingProfile.bicycle.blocks(nodeTags: ["barrier": "wall", "bicycle": "yes"]))
    }

    @Test("restriction values: no_* and only_*", arguments: [
        ("no_left_turn", TurnRestrictionKind.no), ("no_right_turn", .no), ("no_straight_on", .no),
        ("no_u_turn", .no), ("no_entry", .no), ("no_exit", .no),
        ("only_straight_on", .only), ("only_left_turn", .only), ("only_right_turn", .only), ("only_u_turn", .only),
    ])
    func kinds(value: String, kind: TurnRestrictionKind) {
        #expect(RoutingProfile.car.restriction(relationTags: ["type": "restriction", "restriction": value]) == kind)
        #expect(RoutingProfile.bicycle.restriction(relationTags: ["type": "restriction", "restriction": value]) == kind)
    }

    @Test("not a restriction: other relation types, odd values, missing value")
    func notRestrictions() {
        let car = RoutingProfile.car
        #expect(car.restriction(relationTags: ["type": "route", "restriction": "no_left_turn"]) == nil)
        #expect(car.restriction(relationTags: ["type": "restriction", "restriction": "give_way"]) == nil)
        #expect(car.restriction(relationTags: ["type": "restriction"]) == nil)
        #expect(car.restriction(relationTags: ["restriction": "no_left_turn"]) == nil)
        #expect(car.restriction(relationTags: ["type": "restriction", "restriction": ""]) == nil)
    }

    @Test("except=* excludes the listed modes")
    func except() {
        let tags: OSMTags = ["type": "restriction", "restriction": "no_left_turn", "except": "bicycle;psv"]
        #expect(RoutingProfile.car.restriction(relationTags: tags) == .no)
        #expect(RoutingProfile.bicycle.restriction(relationTags: tags) == nil)
        let cars: OSMTags = ["type": "restriction", "restriction": "no_left_turn", "except": "psv; motorcar"]
        #expect(RoutingProfile.car.restriction(relationTags: cars) == nil)
        #expect(RoutingProfile.bicycle.restriction(relationTags: cars) == .no)
    }

    @Test("restriction:<mode> keys and type=restriction:<mode> apply to that mode only")
    func modeSpecific() {
        let hgv: OSMTags = ["type": "restriction", "restriction:hgv": "no_left_turn"]
        #expect(RoutingProfile.car.restriction(relationTags: hgv) == nil)
        let bike: OSMTags = ["type": "restriction", "restriction:bicycle": "no_left_turn"]
        #expect(RoutingProfile.car.restriction(relationTags: bike) == nil)
        #expect(RoutingProfile.bicycle.restriction(relationTags: bike) == .no)
        let specific: OSMTags = ["type": "restriction", "restriction": "no_left_turn", "restriction:motorcar": "only_straight_on"]
        #expect(RoutingProfile.car.restriction(relationTags: specific) == .only)
        #expect(RoutingProfile.bicycle.restriction(relationTags: specific) == .no)
        let typed: OSMTags = ["type": "restriction:motor_vehicle", "restriction": "no_u_turn"]
        #expect(RoutingProfile.car.restriction(relationTags: typed) == .no)
        #expect(RoutingProfile.bicycle.restriction(relationTags: typed) == nil)
        let typedHgv: OSMTags = ["type": "restriction:hgv", "restriction": "no_u_turn"]
        #expect(RoutingProfile.car.restriction(relationTags: typedHgv) == nil)
    }

    @Test("foot ignores turn restrictions")
    func foot() {
        #expect(RoutingProfile.foot.restriction(relationTags: ["type": "restriction", "restriction": "no_left_turn"]) == nil)
        #expect(RoutingProfile.foot.restriction(relationTags: ["type": "restriction", "restriction:foot": "no_entry"]) == nil)
    }
}
