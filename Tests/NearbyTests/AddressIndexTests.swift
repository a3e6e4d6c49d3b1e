import Foundation
import GeoKernel
import Nearby
import OpenStreetMap
import Testing
import _GeoKernelTestSupport

/// Reverse geocoding by address (`AddressIndex.build(osmFile:)`, over `OSMAddressReader`): the rules
/// on a hand-written file, the Monaco extract in both formats, brute-force equivalence of
/// the grid search on seeded random points, and the saved file.
@Suite struct AddressIndexTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/places/addresses.osm").path

    static func at(_ lat: Double, _ lon: Double) throws -> Coordinate { try Coordinate(latitude: lat, longitude: lon) }

    @Test func aPlaceWithoutAnAddressTakesTheNearestStreetsName() throws {
        let (index, report) = try AddressIndex.build(osmFile: Self.fixture)
        let m = try #require(index.lookup(try Self.at(43.72982, 7.42050)))
        #expect(m.kind == .place)
        #expect(m.text == "Café du Coin, Rue Nord")
        #expect(m.distanceMeters < 0.01)
        #expect(report.placesNamedByNearestStreet == 1)
    }

    @Test func aPlaceWithItsOwnAddressShowsNameNumberAndStreet() throws {
        let (index, _) = try AddressIndex.build(osmFile: Self.fixture)
        let m = try #require(index.lookup(try Self.at(43.72952, 7.42086)))
        #expect(m.text == "Boulangerie, 7 Rue Est")
        #expect(m.name == "Boulangerie" && m.houseNumber == "7" && m.street == "Rue Est")
    }

    @Test func houseNumbersWithoutAStreetAreSkippedAndAddrPlaceStandsInForTheStreet() throws {
        let (index, report) = try AddressIndex.build(osmFile: Self.fixture)
        #expect(report.addressesWithoutStreet == 1)
        #expect(report.places == 2 && report.addresses == 2 && report.streets == 2)
        let m = try #require(index.lookup(try Self.at(43.72921, 7.42151)))
        #expect(m.kind == .address && m.text == "3 Quartier Haut")
    }

    @Test func aBuildingsAddressSitsAtTheMeanOfItsCorners() throws {
        let (index, _) = try AddressIndex.build(osmFile: Self.fixture)
        let m = try #require(index.nearest(.address, to: try Self.at(43.7289, 7.4219), maxDistanceMeters: 5))
        #expect(m.text == "12 Rue Est")
        #expect(abs(m.coordinate.latitude - 43.7289) < 1e-7 && abs(m.coordinate.longitude - 7.4219) < 1e-7)
    }

    @Test func farFromPlacesAndAddressesTheStreetIsNamedAndBeyondItNothing() throws {
        let (index, _) = try AddressIndex.build(osmFile: Self.fixture)
        // 40 m east of Rue Est (lon 7.4210), away from every point.
        let m = try #require(index.lookup(try Self.at(43.72960, 7.42150), radii: AddressRadii(placeMeters: 30, addressMeters: 20)))
        #expect(m.kind == .street && m.text == "Rue Est")
        expectClose(m.distanceMeters, 0.0005 * 111_194.93 * cos(43.7296 * .pi / 180), tolerance: 0.05)
        #expect(abs(m.coordinate.longitude - 7.4210) < 1e-9)
        #expect(index.lookup(try Self.at(43.7400, 7.4300)) == nil)
    }

    @Test("AddressNaming names as the lookup does, GazetteerNaming only within its distance")
    func placemarkNaming() throws {
        let (index, _) = try AddressIndex.build(osmFile: Self.fixture)
        let towns = try ReverseGeocoder(places: [
            NamedPlace(name: "Monaco", admin1: "", admin2: "", countryCode: "MC", coordinate: try Self.at(43.7325, 7.4189))
        ])
        let byAddress = AddressNaming(index: index, towns: towns)
        for c in [try Self.at(43.72982, 7.42050), try Self.at(43.72921, 7.42151), try Self.at(43.7400, 7.4300)] {
            #expect(byAddress.placemarkName(for: c) == index.lookup(c, fallback: towns)?.text)
        }
        #expect(byAddress.placemarkName(for: try Self.at(43.7400, 7.4300)) == "Monaco")
        #expect(AddressNaming(index: index).placemarkName(for: try Self.at(43.7400, 7.4300)) == nil)
        let narrow = AddressNaming(index: index, radii: AddressRadii(placeMeters: 30, addressMeters: 20))
        #expect(narrow.placemarkName(for: try Self.at(43.72960, 7.42150)) == "Rue Est")

        let byTown = try GazetteerNaming(geocoder: towns, maxDistanceMeters: 1_000)
        #expect(byTown.placemarkName(for: try Self.at(43.7330, 7.4190)) == "Monaco")
        #expect(byTown.placemarkName(for: try Self.at(43.7400, 7.4300)) == nil)  // 1.22 km away
        for bad in [-1.0, .nan] {
            #expect(throws: GeoKernelError.self) { try GazetteerNaming(geocoder: towns, maxDistanceMeters: bad) }
        }
    }

    @Test func theGazetteerTownIsTheLastFallback() throws {
        let (index, _) = try AddressIndex.build(osmFile: Self.fixture)
        let towns = try ReverseGeocoder(places: [
            NamedPlace(name: "Monaco", admin1: "", admin2: "", countryCode: "MC", coordinate: try Self.at(43.7325, 7.4189))
        ])
        let m = try #require(index.lookup(try Self.at(43.7400, 7.4300), fallback: towns))
        #expect(m.kind == .town && m.text == "Monaco")
    }

    @Test func monacoReadsTheSameFromPBFAndXMLAndNamesItsPlaces() throws {
        let pbf = try AddressIndex.build(osmFile: SharedData.path("osm/monaco.osm.pbf"))
        let xml = try AddressIndex.build(osmFile: SharedData.path("osm/monaco.osm.gz"))
        #expect(pbf.report == xml.report)
        #expect(pbf.report.places == 136 && pbf.report.addresses == 1 && pbf.report.streets == 317)
        let wine = try #require(pbf.index.lookup(try Self.at(43.7433120, 7.4278510)))
        #expect(wine.text == "Wine O Clock, 3 Avenue saint laurent")
        let justice = try #require(pbf.index.lookup(try Self.at(43.73025, 7.42225)))
        #expect(justice.text == "Palais de Justice, 5 Rue Colonel Bellando de Castro")
        var random = SeededRandom(seed: 11)
        for _ in 0..<300 {
            let c = try Self.at(random.uniform(43.725, 43.7385), random.uniform(7.409, 7.4395))
            #expect(pbf.index.lookup(c) == xml.index.lookup(c))
        }
    }

    @Test func theGridFindsWhatBruteForceFindsOnSeededRandomPoints() throws {
        let (index, _) = try AddressIndex.build(osmFile: SharedData.path("osm/monaco.osm.pbf"))
        var random = SeededRandom(seed: 7)
        for _ in 0..<500 {
            let c = try Self.at(random.uniform(43.72, 43.745), random.uniform(7.40, 7.445))
            for kind in [AddressKind.place, .address, .street] {
                let want = try #require(index.nearestBruteForce(kind, to: c))
                let got = try #require(index.nearest(kind, to: c, maxDistanceMeters: .infinity))
                #expect(got.distanceMeters == want.distanceMeters, "\(kind) at \(c)")
                #expect(got.text == want.text || got.distanceMeters == want.distanceMeters)
                if want.distanceMeters > 0 {
                    #expect(index.nearest(kind, to: c, maxDistanceMeters: want.distanceMeters * 0.999) == nil)
                }
            }
        }
    }

    @Test func aSavedIndexLoadsIdenticalAndADamagedOneIsRefused() throws {
        let (index, _) = try AddressIndex.build(osmFile: SharedData.path("osm/monaco.osm.pbf"))
        let tmp = try TemporaryDirectory("gk-address")
        let path = tmp.file("monaco.gkaddr")
        try index.save(to: path)
        let loaded = try AddressIndex(contentsOf: path)
        for kind in AddressKind.allCases { #expect(loaded.count(kind) == index.count(kind)) }
        var random = SeededRandom(seed: 3)
        for _ in 0..<200 {
            let c = try Self.at(random.uniform(43.725, 43.7385), random.uniform(7.409, 7.4395))
            #expect(loaded.lookup(c) == index.lookup(c))
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        func refused(_ b: [UInt8], _ text: String) throws {
            let bad = tmp.file("bad")
            try Data(b).write(to: URL(fileURLWithPath: bad))
            #expect {
                _ = try AddressIndex(contentsOf: bad)
            } throws: { e in
                guard let e = e as? GeoKernelError else { return false }
                return e.code == .corrupt && e.message.contains(text)
            }
        }
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x40
        try refused(flipped, "checksum mismatch")
        try refused(Array(bytes.prefix(bytes.count - 3)), "payload bytes")
        try refused(Array(bytes.prefix(40)), "shorter than the 64-byte header")
        var magic = bytes
        magic[0] ^= 1
        try refused(magic, "wrong magic number")
        // A road graph file is not an address index.
        #expect(throws: GeoKernelError.self) { _ = try RoadGraph(contentsOf: path) }
    }

    @Test func pointsThatAreNeitherPlacesNorAddressesAndOneVertexStreetsAreRefused() throws {
        let c = try Self.at(43.73, 7.42)
        #expect(throws: GeoKernelError.self) { _ = try AddressIndex(points: [AddressPoint(kind: .street, coordinate: c)], streets: []) }
        #expect(throws: GeoKernelError.self) { _ = try AddressIndex(points: [], streets: [NamedStreet(name: "A", vertices: [c])]) }
        let empty = try AddressIndex(points: [], streets: [])
        #expect(empty.lookup(c) == nil)
    }
    @Test func aForgedFileWithAVertexAtInt32MinIsRefusedNotTrapped() throws {
        // Tests/FuzzRegressions/address-file/vertex-latitude-int32-min, with its payload
        // length and checksum rewritten as the fuzz harness does: validation used abs(),
        // which overflows on Int32.min.
        let input = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../FuzzRegressions/address-file/vertex-latitude-int32-min")
        var b = try [UInt8](Data(contentsOf: input))
        let payload = UInt64(b.count - 64)
        for i in 0..<8 { b[48 + i] = UInt8(truncatingIfNeeded: payload >> (8 * UInt64(i))) }
        var sum = Checksum64()
        b.withUnsafeBytes { r in
            sum.update(UnsafeRawBufferPointer(rebasing: r[0..<56]))
            sum.update(UnsafeRawBufferPointer(rebasing: r[64...]))
        }
        let digest = sum.finalize()
        for i in 0..<8 { b[56 + i] = UInt8(truncatingIfNeeded: digest >> (8 * UInt64(i))) }
        let tmp = try TemporaryDirectory("gk-forged")
        let path = tmp.file("forged.gkaddr")
        try Data(b).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try AddressIndex(contentsOf: path)
        } throws: { e in
            (e as? GeoKernelError)?.code == .corrupt
        }
    }
}
