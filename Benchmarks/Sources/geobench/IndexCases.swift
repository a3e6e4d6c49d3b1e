import Foundation
import GeoKernel
import Nearby

/// The spatial index on 1M points, uniform on the sphere and clustered (200 Gaussian
/// cities, σ 5–30 km, with cities on the antimeridian and at both poles), 10 000
/// queries per dataset. Every `index.*` case has a `scan.*` baseline (LinearScan, the
/// brute force) in the same run, timed on the first 100 queries; after timing, every
/// query's result is compared with the brute force (cache-blocked LinearScan over all
/// 10 000 queries) and must be identical, ids and distances. Query cases time blocks of
/// 1 000 queries per repetition (see `queryBlock`); ns/op is per query.
/// `index.knn10.batch.*` answers the same blocks in one batch call (queries in packing-key
/// order, one heap for all), beside `index.knn10.*`, one call per query.
enum IndexCases {
    static let queryCount = 10_000
    /// Queries the brute-force baselines are timed on (each costs a full scan of 1M).
    static let scanTimedQueries = 100

    static func make(points n: Int) -> [BenchCase] {
        var cases: [BenchCase] = []
        for dataset in [Dataset.uniform(points: n), Dataset.clustered(points: n)] {
            cases += make(dataset)
        }
        return cases + GeocodeCases.make()
    }

    static func make(_ d: Dataset) -> [BenchCase] {
        let name = d.name
        let points = d.points, queries = d.queries
        let index = try! SpatialIndex(points)
        let scan = LinearScan(points)
        let reference = Reference(scan: scan, queries: queries)
        let path = Scratch.path("geobench-index-\(name)-\(getpid()).gkidx")
        try! index.save(to: path)
        FileHandle.standardError.write(Data((
            "index.\(name): \(points.count) points, \(fmt(Double(index.memoryBytes) / Double(points.count))) bytes per point "
            + "in memory, file \(fmt(Double(fileSize(path)) / 1e6)) MB\n").utf8))

        // Results of the timed runs by query, checked after timing against the brute force.
        let knn = Results(queries), knnBatch = Results(queries), r1 = Results(queries), r100 = Results(queries)
        let inserted = Box(SpatialIndex())
        let loaded = Box(SpatialIndex())
        let scanTimed = Array(queries.prefix(scanTimedQueries))
        let window = Window(block: queryBlock, of: queries.count)
        let scanWindow = Window(block: scanBlock, of: scanTimed.count)
        func timed(_ results: Results, _ query: @escaping (Coordinate) -> [SpatialIndex.Neighbor]) -> () -> Void {
            { for i in window.range { results.value[i] = query(queries[i]) } }
        }
        func scanned(_ query: @escaping (Coordinate) -> [SpatialIndex.Neighbor]) -> () -> Void {
            { for i in scanWindow.range { blackHole(query(scanTimed[i])) } }
        }

        return [
            BenchCase(name: "scan.build.\(name)", n: 1, baseline: nil, run: { blackHole(LinearScan(points)) }),
            BenchCase(name: "index.build.\(name)", n: 1, baseline: "scan.build.\(name)", run: {
                blackHole(try! SpatialIndex(points))
            }),
            BenchCase(name: "index.load.\(name)", n: 1, baseline: "index.build.\(name)", setUp: { loaded.value = SpatialIndex() }, run: {
                loaded.value = try! SpatialIndex(contentsOf: path)
            }, check: {
                try? FileManager.default.removeItem(atPath: path)
                guard loaded.value.count == points.count else { return "loaded \(loaded.value.count) points" }
                return reference.compare(queries.map { try! loaded.value.nearest(to: $0, k: 10) }, reference.knn10, "loaded knn10")
            }),
            BenchCase(name: "scan.knn10.\(name)", n: scanBlock, baseline: nil, setUp: scanWindow.advance,
                      run: scanned { try! scan.nearest(to: $0, k: 10) }),
            BenchCase(name: "index.knn10.\(name)", n: queryBlock, baseline: "scan.knn10.\(name)", setUp: window.advance,
                      run: timed(knn) { try! index.nearest(to: $0, k: 10) },
                      check: { reference.compare(knn.all { try! index.nearest(to: $0, k: 10) }, reference.knn10, "knn10") }),
            BenchCase(name: "index.knn10.batch.\(name)", n: queryBlock, baseline: "index.knn10.\(name)", setUp: window.advance,
                      run: {
                          // The same block of queries in one call (SpatialIndex.nearest(to: [Coordinate], k:)).
                          let r = window.range
                          let rows = try! index.nearest(to: Array(queries[r]), k: 10)
                          for (j, i) in r.enumerated() { knnBatch.value[i] = rows[j] }
                      },
                      check: { reference.compare(knnBatch.all { try! index.nearest(to: $0, k: 10) }, reference.knn10, "knn10 batch") }),
            BenchCase(name: "scan.radius1km.\(name)", n: scanBlock, baseline: nil, setUp: scanWindow.advance,
                      run: scanned { try! scan.within(radiusMeters: 1000, of: $0) }),
            BenchCase(name: "index.radius1km.\(name)", n: queryBlock, baseline: "scan.radius1km.\(name)", setUp: window.advance,
                      run: timed(r1) { try! index.within(radiusMeters: 1000, of: $0) },
                      check: {
                          let got = r1.all { try! index.within(radiusMeters: 1000, of: $0) }
                          IndexCases.note("index.radius1km.\(name): \(got.reduce(0) { $0 + $1.count } / got.count) hits per query on average")
                          return reference.compare(got, reference.radius1km, "radius1km")
                      }),
            BenchCase(name: "scan.radius100km.\(name)", n: scanBlock, baseline: nil, setUp: scanWindow.advance,
                      run: scanned { try! scan.within(radiusMeters: 100_000, of: $0) }),
            BenchCase(name: "index.radius100km.\(name)", n: queryBlock, baseline: "scan.radius100km.\(name)", setUp: window.advance,
                      run: timed(r100) { try! index.within(radiusMeters: 100_000, of: $0) },
                      check: {
                          let got = r100.all { try! index.within(radiusMeters: 100_000, of: $0) }
                          IndexCases.note("index.radius100km.\(name): \(got.reduce(0) { $0 + $1.count } / got.count) hits per query on average")
                          return reference.compare(got, reference.radius100km, "radius100km")
                      }),
            BenchCase(name: "scan.insert.\(name)", n: points.count, baseline: nil, run: {
                var s = LinearScan()
                for (i, p) in points.enumerated() { s.append(id: UInt32(i), p) }
                blackHole(s)
            }),
            BenchCase(name: "index.insert.\(name)", n: points.count, baseline: "scan.insert.\(name)", setUp: { inserted.value = SpatialIndex() }, run: {
                var s = SpatialIndex()
                for p in points { try! s.insert(p) }
                inserted.value = s
            }, check: {
                let ix = inserted.value
                return reference.compare(queries.map { try! ix.nearest(to: $0, k: 10) }, reference.knn10, "knn10 after inserts")
                    ?? reference.compare(queries.map { try! ix.within(radiusMeters: 100_000, of: $0) },
                                         reference.radius100km, "radius100km after inserts")
            }),
        ]
    }

    /// Queries per timed repetition: each repetition answers the next block of the
    /// 10 000 queries (cycling), so that one repetition (a few ms) fits in a scheduler
    /// time slice on shared cores; with 50 repetitions every query is timed 5 times.
    /// ns/op is per query.
    static let queryBlock = 1_000
    /// Queries per repetition of the brute-force baselines (each costs a full scan).
    static let scanBlock = 10

    static func note(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

    /// The block of queries the next repetition answers.
    final class Window: @unchecked Sendable {
        let block: Int, total: Int
        var start = -1
        init(block: Int, of total: Int) { self.block = block; self.total = total }
        var range: Range<Int> { start..<Swift.min(start + block, total) }
        func advance() { start = start < 0 ? 0 : (start + block >= total ? 0 : start + block) }
    }

    /// Results by query; queries no repetition reached are answered in the check.
    final class Results: @unchecked Sendable {
        let queries: [Coordinate]
        var value: [[SpatialIndex.Neighbor]?]
        init(_ queries: [Coordinate]) { self.queries = queries; value = Array(repeating: nil, count: queries.count) }
        func all(_ fill: (Coordinate) -> [SpatialIndex.Neighbor]) -> [[SpatialIndex.Neighbor]] {
            value.indices.map { value[$0] ?? fill(queries[$0]) }
        }
    }

    /// The brute-force answers, computed once (after timing) and shared by the checks.
    final class Reference: @unchecked Sendable {
        let scan: LinearScan
        let queries: [Coordinate]
        init(scan: LinearScan, queries: [Coordinate]) { self.scan = scan; self.queries = queries }
        lazy var knn10 = try! scan.nearest(to: queries, k: 10)
        lazy var radius1km = try! scan.within(radiusMeters: 1000, of: queries)
        lazy var radius100km = try! scan.within(radiusMeters: 100_000, of: queries)

        func check(_ what: String, _ failure: String?) -> String? { failure.map { "\(what): \($0)" } }

        /// nil when every query's result equals the brute force's (ids and distances).
        func compare(_ got: [[SpatialIndex.Neighbor]], _ want: [[SpatialIndex.Neighbor]], _ what: String) -> String? {
            for (i, (g, w)) in zip(got, want).enumerated() where g != w {
                return "\(what): query \(i) differs from the brute-force scan (\(g.count) vs \(w.count) results)"
            }
            return nil
        }
    }

    final class Box<T>: @unchecked Sendable {
        var value: T
        init(_ v: T) { value = v }
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    static func fmt(_ v: Double) -> String { String(format: "%.2f", v) }
}

/// Seeded benchmark data.
struct Dataset {
    var name: String
    var points: [Coordinate]
    var queries: [Coordinate]

    /// Uniform on the sphere (latitude = asin of a uniform value).
    static func uniform(points n: Int) -> Dataset {
        var rng = SplitMix64(seed: 0x1D_E7)
        func draw() -> Coordinate {
            try! Coordinate(latitude: asinDegrees(rng.uniform(-1, 1)), longitude: rng.uniform(-180, 180))
        }
        let p = (0..<n).map { _ in draw() }
        let q = (0..<IndexCases.queryCount).map { _ in draw() }
        return Dataset(name: "uniform", points: p, queries: q)
    }

    /// About 200 Gaussian cities, σ 5–30 km: centres uniform on the sphere, except cities
    /// on the antimeridian (equator, Fiji, Chukotka) and at both poles. Queries are drawn
    /// from the same cities.
    static func clustered(points n: Int, cities: Int = 200) -> Dataset {
        var rng = SplitMix64(seed: 0xC1_7135)
        var centres: [Coordinate] = [
            try! Coordinate(latitude: 0.5, longitude: 179.95),
            try! Coordinate(latitude: -17.8, longitude: -179.9),
            try! Coordinate(latitude: 65.5, longitude: 180),
            try! Coordinate(latitude: 90, longitude: 0),
            try! Coordinate(latitude: -90, longitude: 0),
        ]
        while centres.count < cities {
            centres.append(try! Coordinate(latitude: asinDegrees(rng.uniform(-1, 1)), longitude: rng.uniform(-180, 180)))
        }
        let sigmas = centres.map { _ in rng.uniform(5_000, 30_000) }
        func draw(_ city: Int) -> Coordinate {
            var u = rng.uniform(0, 1)
            while u == 0 { u = rng.uniform(0, 1) }
            let r = sigmas[city] * (-2 * log(u)).squareRoot()
            return try! centres[city].destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: r)
        }
        let p = (0..<n).map { draw($0 % cities) }
        let q = (0..<IndexCases.queryCount).map { _ in draw(Int(rng.next() % UInt64(cities))) }
        return Dataset(name: "clustered", points: p, queries: q)
    }
}

/// Reverse geocoding on the shared gazetteer (cities1000.csv, 144 563 places): 10 000
/// positions within 30 km of random places; baseline the linear scan over all places.
/// Results are checked against the cache-blocked brute force for every query.
enum GeocodeCases {
    static func make() -> [BenchCase] {
        let root = ProcessInfo.processInfo.environment["GEOKERNEL_SHARED_DATA"] ?? "../shared/data"
        let path = root + "/gazetteer/cities1000.csv"
        guard let geocoder = try? ReverseGeocoder(contentsOf: path) else {
            FileHandle.standardError.write(Data("geocode: \(path) not found; set GEOKERNEL_SHARED_DATA\n".utf8))
            return []
        }
        var rng = SplitMix64(seed: 0x6E0C0DE)
        let queries = (0..<IndexCases.queryCount).map { _ in
            try! geocoder.places[Int(rng.next() % UInt64(geocoder.count))].coordinate
                .destination(bearingDegrees: rng.uniform(0, 360), distanceMeters: rng.uniform(0, 30_000))
        }
        let scan = LinearScan(geocoder.places.map(\.coordinate))
        let scanTimed = Array(queries.prefix(200))
        let foundBox = IndexCases.Box([PlaceMatch?](repeating: nil, count: queries.count))
        let window = IndexCases.Window(block: IndexCases.queryBlock, of: queries.count)
        let scanWindow = IndexCases.Window(block: IndexCases.scanBlock, of: scanTimed.count)
        return [
            BenchCase(name: "geocode.load", n: 1, baseline: nil, run: {
                blackHole(try! ReverseGeocoder(contentsOf: path))
            }),
            BenchCase(name: "geocode.scan", n: IndexCases.scanBlock, baseline: nil, setUp: scanWindow.advance, run: {
                for i in scanWindow.range { blackHole(try! scan.nearest(to: scanTimed[i], k: 1)) }
            }),
            BenchCase(name: "geocode.reverse", n: IndexCases.queryBlock, baseline: "geocode.scan", setUp: window.advance, run: {
                for i in window.range { foundBox.value[i] = geocoder.nearest(to: queries[i]) }
            }, check: {
                let want = try! scan.nearest(to: queries, k: 1)
                let all = foundBox.value.indices.map { foundBox.value[$0] ?? geocoder.nearest(to: queries[$0]) }
                for (i, m) in all.enumerated()
                where m?.index != want[i].first.map({ Int($0.id) }) || m?.distanceMeters != want[i].first?.distanceMeters {
                    return "query \(i) differs from the brute-force scan"
                }
                return nil
            }),
        ]
    }
}
