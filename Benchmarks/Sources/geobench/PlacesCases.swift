import Foundation
import GeoKernel
import Nearby
import OpenStreetMap

/// Reverse geocoding by address on the Monaco extract (`../shared/data/osm/monaco.osm.pbf`,
/// or `$GEOKERNEL_SHARED_DATA/osm/…`):
/// - `places.build.monaco`: file → address index (n = 1), beside `places.read.monaco`
///   (streaming every element of the same file, nothing kept);
/// - `places.load.monaco`: loading the saved index, beside the build;
/// - `places.lookup.monaco`: `AddressIndex.lookup` at 10 000 seeded random points of the
///   extract's bounding box, beside `places.lookup.brute.monaco` (the same rules by scanning
///   every entry); every answer must equal the scan's.
/// Set up lazily, outside the timed region, only when a case of this group is selected.
enum PlacesCases {
    typealias Box = IndexCases.Box
    static let queryCount = 10_000

    static func make(selected: (String, String?) -> Bool) -> [BenchCase] {
        let root = ProcessInfo.processInfo.environment["GEOKERNEL_SHARED_DATA"] ?? "../shared/data"
        let pbf = root + "/osm/monaco.osm.pbf"
        let names = ["places.read.monaco", "places.build.monaco", "places.load.monaco", "places.lookup.brute.monaco",
                     "places.lookup.monaco"]
        guard names.contains(where: { selected($0, nil) }) || selected("places.build.monaco", "places.read.monaco") else {
            return []
        }
        guard FileManager.default.isReadableFile(atPath: pbf) else {
            IndexCases.note("places: \(pbf) not found; set GEOKERNEL_SHARED_DATA")
            return []
        }
        let elements = Box(0), built = Box<AddressIndex?>(nil), loaded = Box<AddressIndex?>(nil)
        let saved = Scratch.path("geobench-monaco-\(getpid()).gkaddr")
        let fixture = Box<(index: AddressIndex, points: [Coordinate])?>(nil)
        func ready() -> (index: AddressIndex, points: [Coordinate]) {
            if let f = fixture.value { return f }
            let index = try! AddressIndex.build(osmFile: pbf).index
            var random = SplitMix64(seed: 2026)
            let points = (0..<queryCount).map { _ in
                try! Coordinate(latitude: random.uniform(43.7247, 43.7519), longitude: random.uniform(7.4090, 7.4398))
            }
            fixture.value = (index, points)
            return (index, points)
        }
        let brute = Box<[String?]>([]), fast = Box<[String?]>([])
        return [
            BenchCase(name: "places.read.monaco", n: 1, baseline: nil, run: {
                var n = 0
                try! OSMFile.read(pbf) { _ in n += 1 }
                elements.value = n
            }),
            BenchCase(name: "places.build.monaco", n: 1, baseline: "places.read.monaco", run: {
                built.value = try! AddressIndex.build(osmFile: pbf).index
            }, check: {
                let i = built.value!
                IndexCases.note("places.build.monaco: \(i.count(.place)) places, \(i.count(.address)) addresses, "
                                + "\(i.count(.street)) streets")
                return nil
            }),
            BenchCase(name: "places.load.monaco", n: 1, baseline: "places.build.monaco", setUp: {
                try! ready().index.save(to: saved)
            }, run: {
                loaded.value = try! AddressIndex(contentsOf: saved)
            }, check: {
                let size = (try? FileManager.default.attributesOfItem(atPath: saved)[.size] as? Int) ?? 0
                IndexCases.note("places.load.monaco: saved index \(size) bytes")
                try? FileManager.default.removeItem(atPath: saved)
                return loaded.value!.count(.street) == ready().index.count(.street) ? nil : "loaded index differs"
            }),
            BenchCase(name: "places.lookup.brute.monaco", n: queryCount, baseline: nil, setUp: { _ = ready() }, run: {
                let (index, points) = ready()
                brute.value = points.map { c in
                    let r = AddressRadii.default
                    for (kind, radius) in [(AddressKind.place, r.placeMeters), (.address, r.addressMeters), (.street, r.streetMeters)] {
                        if let m = index.nearestBruteForce(kind, to: c), m.distanceMeters <= radius { return m.text }
                    }
                    return nil
                }
            }),
            BenchCase(name: "places.lookup.monaco", n: queryCount, baseline: "places.lookup.brute.monaco", setUp: { _ = ready() }, run: {
                let (index, points) = ready()
                fast.value = points.map { index.lookup($0)?.text }
            }, check: {
                let (index, points) = ready()
                let found = fast.value.count { $0 != nil }
                IndexCases.note("places.lookup.monaco: \(found) of \(queryCount) points named")
                for (i, c) in points.enumerated() {
                    let r = AddressRadii.default
                    var want: String?
                    for (kind, radius) in [(AddressKind.place, r.placeMeters), (.address, r.addressMeters), (.street, r.streetMeters)] {
                        if let m = index.nearestBruteForce(kind, to: c), m.distanceMeters <= radius { want = m.text; break }
                    }
                    if fast.value[i] != want { return "point \(i): \(fast.value[i] ?? "nil"), scan \(want ?? "nil")" }
                }
                return nil
            }),
        ]
    }
}
