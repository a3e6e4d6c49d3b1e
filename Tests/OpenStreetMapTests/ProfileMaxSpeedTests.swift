import GeoKernel
import OpenStreetMap
import Testing

@Suite("Profile: maxspeed parsing and how each profile uses it")
struct ProfileMaxSpeedTests {
    static func kmh(_ text: String) -> Double? {
        if case .kmh(let v)? = MaxSpeed.parse(text) { return v }
        return nil
    }

    @Test("plain numbers and km/h units", arguments: [
        ("50", 50.0), ("7.5", 7.5), ("50 km/h", 50), ("50km/h", 50), ("50 kmh", 50), ("50 kph", 50), (" 30 ", 30),
        ("130", 130),
    ])
    func numbers(text: String, expected: Double) {
        #expect(Self.kmh(text) == expected)
    }

    @Test("mph and knots are converted to km/h")
    func units() {
        #expect(ProfileCheck.close(Self.kmh("30 mph"), 48.28032))
        #expect(ProfileCheck.close(Self.kmh("30mph"), 48.28032))
        #expect(ProfileCheck.close(Self.kmh("10 knots"), 18.52))
        #expect(ProfileCheck.close(Self.kmh("10 kn"), 18.52))
    }

    @Test("none is unlimited; signals, variable and garbage give nil", arguments: [
        "signals", "variable", "", "  ", "fast", "50 furlongs", "0", "-30", "50,5", "5e3", "1.", ".5", "nan", "inf",
        "FR:nowhere_known", "DE:zone", "DE:zonexx", "∞", "五十", String(repeating: "9", count: 400),
    ])
    func garbage(text: String) {
        #expect(MaxSpeed.parse(text) == nil)
    }

    @Test("none means no limit")
    func none() {
        #expect(MaxSpeed.parse("none") == .unlimited)
        #expect(MaxSpeed.parse("None") == .unlimited)
    }

    @Test("country zones come from the table, case-insensitively", arguments: [
        ("FR:urban", 50.0), ("FR:rural", 80), ("fr:urban", 50), ("DE:rural", 100), ("DE:living_street", 7),
        ("RU:living_street", 20), ("RU:urban", 60), ("AT:rural", 100), ("CH:motorway", 120), ("NL:rural", 80),
    ])
    func zones(text: String, expected: Double) {
        #expect(Self.kmh(text) == expected)
    }

    @Test("unknown countries fall back to the *:zone wildcard; walk and living_street work bare")
    func fallback() {
        #expect(Self.kmh("XX:urban") == 50)
        #expect(Self.kmh("XX:rural") == 90)
        #expect(Self.kmh("XX:motorway") == 130)
        #expect(Self.kmh("XX:living_street") == 20)
        #expect(Self.kmh("walk") == 6)
        #expect(Self.kmh("DE:walk") == 6)
        #expect(ProfileCheck.close(Self.kmh("GB:nsl_single"), 96.56064))
    }

    @Test("numbered zones: DE:zone30, DE:zone:30, DE:30; GB zones are mph")
    func numberedZones() {
        #expect(Self.kmh("DE:zone30") == 30)
        #expect(Self.kmh("DE:zone:30") == 30)
        #expect(Self.kmh("FR:30") == 30)
        #expect(ProfileCheck.close(Self.kmh("GB:zone20"), 32.18688))
    }

    @Test("several values: the lowest limit wins, unparseable parts are skipped")
    func multiple() {
        #expect(Self.kmh("50;30") == 30)
        #expect(Self.kmh("30;50") == 30)
        #expect(Self.kmh("none;80") == 80)
        #expect(Self.kmh("garbage;70") == 70)
        #expect(MaxSpeed.parse("none;none") == .unlimited)
        #expect(MaxSpeed.parse("a;b") == nil)
    }

    @Test("a custom zone table replaces the default one; bad entries are ignored")
    func customZones() {
        #expect(MaxSpeed.parse("XX:urban", zones: ["xx:urban": 40]) == .kmh(40))
        #expect(MaxSpeed.parse("XX:urban", zones: ["xx:urban": -1]) == nil)
        #expect(MaxSpeed.parse("XX:urban", zones: [:]) == nil)
    }

    @Test("car: a tagged limit replaces the class speed at 0.8 × maxspeed, capped at 140 km/h")
    func carSpeed() {
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "primary", "maxspeed": "50"]) == 40)
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "residential", "maxspeed": "FR:urban"]) == 40)
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "motorway", "maxspeed": "300"]) == 140)
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "motorway", "maxspeed": "none"]) == 100)
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "primary", "maxspeed": "signals"]) == 60)
        #expect(ProfileCheck.forwardKmh(.car, ["highway": "primary", "maxspeed": "garbage"]) == 60)
        #expect(ProfileCheck.close(ProfileCheck.forwardKmh(.car, ["highway": "primary", "maxspeed": "30 mph"]), 38.624256))
    }

    @Test("maxspeed:forward and maxspeed:backward apply to their direction")
    func directional() {
        let t = RoutingProfile.car.travel(wayTags: [
            "highway": "primary", "maxspeed": "70", "maxspeed:forward": "50", "maxspeed:backward": "90",
        ])
        #expect(ProfileCheck.kmh(t?.forward) == 40)
        #expect(ProfileCheck.kmh(t?.backward) == 72)
        let u = RoutingProfile.car.travel(wayTags: ["highway": "primary", "maxspeed": "70", "maxspeed:forward": "x"])
        #expect(ProfileCheck.kmh(u?.forward) == 56)
    }

    @Test("bicycle rides at its own speed, never above a lower limit; foot ignores maxspeed")
    func slowModes() {
        #expect(ProfileCheck.forwardKmh(.bicycle, ["highway": "primary", "maxspeed": "50"]) == 18)
        #expect(ProfileCheck.forwardKmh(.bicycle, ["highway": "residential", "maxspeed": "10"]) == 10)
        #expect(ProfileCheck.forwardKmh(.bicycle, ["highway": "living_street", "maxspeed": "walk"]) == 6)
        #expect(ProfileCheck.forwardKmh(.foot, ["highway": "residential", "maxspeed": "2"]) == 5)
    }

    @Test("the cap bounds every road speed of a profile")
    func cap() {
        var p = RoutingProfile.bicycle
        p.maxSpeedCapKmh = 10
        #expect(ProfileCheck.forwardKmh(p, ["highway": "cycleway"]) == 10)
        #expect(ProfileCheck.forwardKmh(p, ["route": "ferry"]) == 10)
    }
}
