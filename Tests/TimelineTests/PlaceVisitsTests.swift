import GeoKernel
import Testing
import Timeline

/// Stays grouped into places (`PlaceVisits`): visits within the radius, Home and Work from
/// local time, on hand-made placemarks whose times are worked out in the comments.
@Suite struct PlaceVisitsTests {
    static func at(_ lat: Double, _ lon: Double) throws -> Coordinate { try Coordinate(latitude: lat, longitude: lon) }
    // 2024-01-08 was a Monday: 1 704 672 000 s since the epoch at 00:00 UTC.
    static let monday = 1_704_672_000.0
    static func stay(_ i: Int, _ c: Coordinate, from: Double, hours: Double, name: String? = nil) -> Placemark {
        Placemark(index: i, coordinate: c, arrival: monday + from * 3600, departure: monday + (from + hours) * 3600, fixCount: 10, name: name)
    }

    @Test func aSecondStayAtTheSameCafeIsASecondVisitNotANewPlace() throws {
        let cafe = try Self.at(43.7300, 7.4200), nearCafe = try Self.at(43.7303, 7.4202)  // 38 m apart
        let other = try Self.at(43.7400, 7.4300)
        let v = try PlaceVisits(placemarks: [
            Self.stay(0, cafe, from: 10, hours: 1, name: "Café"), Self.stay(1, other, from: 12, hours: 2),
            Self.stay(2, nearCafe, from: 15, hours: 0.5, name: "Café again"),
        ])
        #expect(v.places.count == 2)
        #expect(v.places[0].visits == [0, 2] && v.places[0].visitCount == 2)
        #expect(v.places[0].totalSeconds == 5400 && v.places[0].name == "Café")
        #expect(v.placeOfPlacemark == [0, 1, 0])
    }

    @Test func homeHasTheMostNightAndWorkTheMostWeekdayDaytime() throws {
        let home = try Self.at(47.37, 8.54), office = try Self.at(47.39, 8.51), gym = try Self.at(47.36, 8.55)
        // Monday: home 00–08 (6 h of night), office 09–18 (8 h of daytime), gym 18:30–20,
        // home 21 – Tuesday 08 (6 h of night).
        let v = try PlaceVisits(placemarks: [
            Self.stay(0, home, from: 0, hours: 8), Self.stay(1, office, from: 9, hours: 9),
            Self.stay(2, gym, from: 18.5, hours: 1.5), Self.stay(3, home, from: 21, hours: 11),
        ])
        #expect(v.home == 0 && v.work == 1)
        #expect(v.places[0].overnightSeconds == 12 * 3600)
        #expect(v.places[1].weekdayDaytimeSeconds == 8 * 3600)
        #expect(v.label(0) == "Home" && v.label(1) == "Work" && v.label(2) == nil)
    }

    @Test func localTimeShiftsTheNightAndSaturdayIsNoWorkday() throws {
        let a = try Self.at(40.0, -74.0), b = try Self.at(40.1, -74.1)
        // UTC 05:00–11:00 Monday is 00:00–06:00 at UTC−5: all night there, 1 h in UTC.
        let stays = [Self.stay(0, a, from: 5, hours: 6), Self.stay(1, b, from: 5 * 24 + 10, hours: 4)]  // Saturday 10–14
        let utc = try PlaceVisits(placemarks: stays)
        let newYork = try PlaceVisits(placemarks: stays, utcOffset: { _ in -5 * 3600 })
        #expect(utc.places[0].overnightSeconds == 3600)
        #expect(newYork.places[0].overnightSeconds == 6 * 3600)
        #expect(utc.places[1].weekdayDaytimeSeconds == 0 && utc.work == nil)
    }

    @Test func aRadiusThatIsNotPositiveIsRefused() {
        #expect(throws: GeoKernelError.self) { _ = try PlaceVisits(placemarks: [], radiusMeters: 0) }
        #expect(throws: GeoKernelError.self) { _ = try PlaceVisits(placemarks: [], radiusMeters: .nan) }
    }

    @Test func anOffsetBeyondADayOrATimeBeyondTwoToTheFiftySecondsIsRefusedNotTrappedOrLooped() throws {
        let c = try Self.at(47.37, 8.54)
        for offset in [1e25, -1e22, 86_401, .nan, .infinity] {
            let e = #expect(throws: GeoKernelError.self) { _ = try PlaceVisits(placemarks: [Self.stay(0, c, from: 0, hours: 1)], utcOffset: { _ in offset }) }
            #expect(e?.code == .invalidArgument && e?.message.contains("within a day") == true, "\(offset)")
        }
        let far = Placemark(index: 0, coordinate: c, arrival: 1e20, departure: 2e20, fixCount: 2, name: nil)
        let e = #expect(throws: GeoKernelError.self) { _ = try PlaceVisits(placemarks: [far]) }
        #expect(e?.code == .invalidArgument && e?.message.contains("2^50") == true)
        // The largest accepted offset still counts hours: a day ahead shifts nothing but the weekday.
        let v = try PlaceVisits(placemarks: [Self.stay(0, c, from: 0, hours: 6)], utcOffset: { _ in 86_400 })
        #expect(v.places[0].overnightSeconds == 6 * 3600 && v.home == 0)
    }
}
