import GeoKernel
import OpenStreetMap
import Testing

@Suite("Profile: access hierarchy and destination-only roads")
struct ProfileAccessTests {
    @Test("the most specific access key wins", arguments: [
        (["highway": "residential", "access": "no"], false),
        (["highway": "residential", "access": "no", "motorcar": "yes"], true),
        (["highway": "residential", "motor_vehicle": "no", "motorcar": "yes"], true),
        (["highway": "residential", "motor_vehicle": "no"], false),
        (["highway": "residential", "vehicle": "no"], false),
        (["highway": "residential", "vehicle": "no", "motor_vehicle": "permissive"], true),
        (["highway": "residential", "access": "yes", "motorcar": "no"], false),
        (["highway": "residential", "access": "private"], false),
        (["highway": "residential", "access": "agricultural"], false),
        (["highway": "residential", "access": "forestry"], false),
        (["highway": "residential", "motor_vehicle": "agricultural;forestry"], true),
        (["highway": "residential", "access": "no", "motorcar": "unknown"], false),
    ] as [([String: String], Bool)])
    func carHierarchy(tags: [String: String], allowed: Bool) {
        let osm = OSMTags(tags.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
        #expect((RoutingProfile.car.travel(wayTags: osm) != nil) == allowed, "\(tags)")
    }

    @Test("vehicle=no stops cars and bicycles but not pedestrians; foot=no stops only pedestrians")
    func modes() {
        let noVehicles: OSMTags = ["highway": "residential", "vehicle": "no"]
        #expect(RoutingProfile.car.travel(wayTags: noVehicles) == nil)
        #expect(RoutingProfile.bicycle.travel(wayTags: noVehicles) == nil)
        #expect(RoutingProfile.foot.travel(wayTags: noVehicles) != nil)
        let noFoot: OSMTags = ["highway": "primary", "foot": "no"]
        #expect(RoutingProfile.foot.travel(wayTags: noFoot) == nil)
        #expect(RoutingProfile.car.travel(wayTags: noFoot) != nil)
        let noBicycle: OSMTags = ["highway": "primary", "bicycle": "no"]
        #expect(RoutingProfile.bicycle.travel(wayTags: noBicycle) == nil)
        #expect(RoutingProfile.car.travel(wayTags: noBicycle) != nil)
        #expect(RoutingProfile.bicycle.travel(wayTags: ["highway": "residential", "vehicle": "no", "bicycle": "yes"]) != nil)
        #expect(RoutingProfile.bicycle.travel(wayTags: ["highway": "cycleway", "bicycle": "use_sidepath"]) == nil)
    }

    @Test("destination, delivery and customers allow use as destination only; sidewalk tags are irrelevant")
    func destination() {
        for value in ["destination", "delivery", "customers"] {
            let t = RoutingProfile.car.travel(wayTags: ["highway": "residential", "motor_vehicle": value])
            #expect(t?.forward?.destinationOnly == true && t?.backward?.destinationOnly == true, "\(value)")
        }
        let plain = RoutingProfile.car.travel(wayTags: ["highway": "residential", "sidewalk": "no"])
        #expect(plain?.forward?.destinationOnly == false)
        #expect(RoutingProfile.foot.travel(wayTags: ["highway": "primary", "sidewalk": "none"]) != nil)
    }

    @Test("directional access: access:forward / motor_vehicle:backward act per direction")
    func directional() {
        let t = RoutingProfile.car.travel(wayTags: ["highway": "residential", "motor_vehicle:backward": "no"])
        #expect(t?.forward != nil && t?.backward == nil)
        let u = RoutingProfile.car.travel(wayTags: ["highway": "residential", "access:forward": "destination"])
        #expect(u?.forward?.destinationOnly == true && u?.backward?.destinationOnly == false)
        let v = RoutingProfile.car.travel(wayTags: [
            "highway": "residential", "motor_vehicle:forward": "no", "motorcar": "yes",
        ])
        #expect(v?.forward != nil && v?.backward != nil)
        #expect(RoutingProfile.car.travel(wayTags: [
            "highway": "residential", "access:forward": "no", "access:backward": "no",
        ]) == nil)
    }

    @Test("access and oneway combine: a one-way street with motorcar:backward=yes stays one-way")
    func onewayAndAccess() {
        let t = RoutingProfile.car.travel(wayTags: ["highway": "residential", "oneway": "yes", "motorcar:backward": "yes"])
        #expect(t?.forward != nil && t?.backward == nil)
    }
}
