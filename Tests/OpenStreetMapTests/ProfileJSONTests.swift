import GeoKernel
import OpenStreetMap
import Testing

@Suite("Profile: JSON reading and writing")
struct ProfileJSONTests {
    static func error(_ json: String) -> GeoKernelError? {
        do {
            _ = try RoutingProfile(json: json)
            return nil
        } catch { return error }
    }

    @Test("a profile argument is a built-in name in any letter case (aliases bike, walk) or JSON text; anything else names the forms")
    func profileArgument() throws {
        #expect(try RoutingProfile(argument: "car") == .car)
        #expect(try RoutingProfile(argument: "Car") == .car && (try RoutingProfile(argument: "WALK")) == .foot)
        #expect(try RoutingProfile(argument: "bike") == .bicycle && (try RoutingProfile(argument: "bicycle")) == .bicycle)
        #expect(try RoutingProfile(argument: "walk") == .foot && (try RoutingProfile(argument: "foot")) == .foot)
        let json = try RoutingProfile(argument: "  \n{\"base\": \"car\", \"name\": \"slow-car\", \"uTurnSeconds\": 40}")
        #expect(json.name == "slow-car" && json.turnCosts.uTurnSeconds == 40)
        for bad in ["", "truck", "cars", "[\"car\"]"] {
            let e = #expect(throws: GeoKernelError.self) { _ = try RoutingProfile(argument: bad) }
            #expect(e?.code == .invalidArgument && e?.message.contains("bicycle (bike)") == true, "\(bad)")
        }
        let e = #expect(throws: GeoKernelError.self) { _ = try RoutingProfile(argument: "{\"base\": \"car\", \"colour\": 1}") }
        #expect(e?.code == .parse)
    }

    @Test("the built-in profiles round-trip through JSON", arguments: ["car", "bicycle", "foot"])
    func roundTrip(name: String) throws {
        let p = try #require(RoutingProfile.builtIn(named: name))
        let back = try RoutingProfile(json: p.json)
        #expect(back == p)
        #expect(back.json == p.json)
    }

    @Test("a hand-edited profile round-trips, odd strings included")
    func editedRoundTrip() throws {
        var p = RoutingProfile.bicycle
        p.name = "vélo \"rapide\"\n\t\\ 🚲 \u{01}"
        p.highwaySpeedsKmh["trunk"] = 0.1 + 0.2
        p.excludedTags["surface"] = ["mud", "sand"]
        p.restrictionModes = []
        p.maxspeedRule = .replace
        #expect(try RoutingProfile(json: p.json) == p)
    }

    @Test("JSON keys are written in a stable order")
    func order() {
        let text = RoutingProfile.car.json
        var last = text.startIndex
        for key in RoutingProfile.jsonKeys {
            let r = text.firstRange(of: "\n  \"\(key)\": ")
            #expect(r != nil, "\(key)")
            if let r {
                #expect(r.lowerBound >= last, "\(key)")
                last = r.lowerBound
            }
        }
        #expect(text.hasPrefix("{\n  \"name\": \"car\","))
    }

    @Test("a partial profile takes missing keys from its base")
    func partial() throws {
        let p = try RoutingProfile(json: """
            {
              "base": "car",
              "name": "car with tracks",
              "highwaySpeedsKmh": {"track": 20, "residential": 30},
              "zoneSpeedsKmh": {"XX:Urban": 45},
              "usesFerries": false
            }
            """)
        #expect(p.name == "car with tracks")
        #expect(p.highwaySpeedsKmh == ["track": 20, "residential": 30])
        #expect(p.zoneSpeedsKmh == ["xx:urban": 45])
        #expect(p.accessKeys == RoutingProfile.car.accessKeys)
        #expect(!p.usesFerries)
        #expect(ProfileCheck.forwardKmh(p, ["highway": "track"]) == 20)
        #expect(ProfileCheck.forwardKmh(p, ["highway": "track", "maxspeed": "XX:urban"]) == 36)
        #expect(try RoutingProfile(json: #"{"base": "foot"}"#) == .foot)
    }

    @Test("errors name the key and its line and column", arguments: [
        (#"{"base": "car", "colour": 1}"#, "unknown key \"colour\"", "line 1, column 17", GeoKernelError.Code.parse),
        ("{\"base\": \"car\",\n  \"usesOneway\": \"yes\"}", "usesOneway", "line 2, column 17", .parse),
        ("{\"base\": \"car\",\n \"highwaySpeedsKmh\": {\"primary\": -5}}", "highwaySpeedsKmh.primary", "line 2, column 34", .invalidArgument),
        (#"{"base": "car", "highwaySpeedsKmh": {"primary": "fast"}}"#, "highwaySpeedsKmh.primary", "column 49", .parse),
        (#"{"base": "car", "accessKeys": ["access", 3]}"#, "accessKeys[1]", "column 42", .parse),
        (#"{"base": "car", "excludedTags": {"area": "yes"}}"#, "excludedTags.area", "column 42", .parse),
        (#"{"base": "car", "maxspeedFactor": 0}"#, "maxspeedFactor", "column 35", .invalidArgument),
        (#"{"base": "car", "maxspeedRule": "fastest"}"#, "maxspeedRule", "column 33", .invalidArgument),
        (#"{"base": "truck"}"#, "truck", "column 10", .invalidArgument),
        (#"{"base": 1}"#, "base", "column 10", .parse),
        (#"{"name": "x"}"#, "missing key \"highwaySpeedsKmh\"", "column 1", .parse),
        (#"["car"]"#, "top level", "column 1", .parse),
        ("{\"base\": \"car\",\n\n   \"name\": \"a\" \"b\"}", "expected ',' or '}'", "line 3, column 16", .parse),
        (#"{"base": "car", "base": "foot"}"#, "duplicate key", "column 17", .parse),
        (#"{"base": "car", "ferrySpeedKmh": 1e999}"#, "out of range", "column 34", .parse),
        ("", "unexpected end", "line 1, column 1", .parse),
        (#"{"base": "car"} x"#, "after the JSON value", "column 17", .parse),
    ])
    func errors(json: String, mentions: String, location: String, code: GeoKernelError.Code) {
        let e = Self.error(json)
        #expect(e?.code == code, "\(String(describing: e))")
        #expect(e?.message.contains(mentions) == true, "\(String(describing: e))")
        #expect(e?.message.contains(location) == true, "\(String(describing: e))")
    }
}
