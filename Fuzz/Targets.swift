import Foundation  // Data, for GPX.decode and GeoJSON.decode
import GeoFormats
import GeoKernel
import Geofence
import GeoText
import Nearby
import OpenStreetMap
import OpenStreetMapWriter
import Route
import Timeline

/// One fuzz target: a name (the GK_FUZZ_TARGET value and the corpus directory) and the
/// code that feeds one input to the parser, then uses what it returns a little (writes it
/// back, queries it) the way the tool and the facades do. Every error a parser throws is a normal
/// outcome; only traps, sanitizer reports, hangs (> 1 s) and excessive memory are findings.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable (UnsafeBufferPointer<UInt8>) -> Void

    static let all: [FuzzTarget] = [
        // GeoFormats (Foundation).
        // Each reader's output is also written back (and GPX read again), as the tool does.
        FuzzTarget(name: "gpx") { bytes in
            guard let doc = try? GPX.decode(Data(bytes)) else { return }
            _ = try? GPX.decode(Data(GPX.encode(doc).utf8))
        },
        FuzzTarget(name: "geojson") { bytes in
            guard let doc = try? GeoJSON.decode(Data(bytes)) else { return }
            _ = try? TrackReader.fixes(from: doc)
            _ = GeoJSON.encode(doc)
        },
        // Polygon fences (`geokernel fences`): the Polygon and MultiPolygon features of a
        // GeoJSON document, prepared; at their vertices, edges and points beside them the
        // grid's answer must equal the edge-by-edge scan, distances must be numbers, and a
        // monitor must take the fence and a few fixes.
        FuzzTarget(name: "polygon-geojson") { bytes in
            guard let doc = try? GeoJSON.decode(Data(bytes)) else { return }
            for f in doc.features.prefix(8) { polygonFence(f) }
        },
        FuzzTarget(name: "csv-track") { bytes in
            guard let fixes = try? CSVTrack.decode(text(bytes)) else { return }
            for f in fixes.prefix(100) { _ = ISO8601Time.format(f.timestamp, fractionDigits: 3) }
        },
        // A trace in memory (`geokernel timeline -`): GPX (the fast track reader on memory),
        // GeoJSON or CSV, the format told from the content.
        FuzzTarget(name: "track-bytes") { bytes in
            guard let track = try? TrackReader.read(bytes: Array(bytes), source: "fuzz") else { return }
            for f in track.fixes.prefix(100) { _ = ISO8601Time.format(f.timestamp, fractionDigits: 3) }
        },
        // Nearby: gazetteers (one target per format, so that each corpus stays one format).
        FuzzTarget(name: "gazetteer-csv") { bytes in
            gazetteer(bytes, .csv)
        },
        FuzzTarget(name: "geonames") { bytes in
            gazetteer(bytes, .geoNames)
        },
        // Timeline: the tracking policy's JSON configuration.
        FuzzTarget(name: "tracking-policy") { bytes in
            guard let c = try? TrackingPolicy.Configuration(json: text(bytes)) else { return }
            _ = TrackingPolicy(configuration: c)
            _ = try? TrackingPolicy.Configuration(json: c.json)
        },
        // Timeline: the travel-mode thresholds as JSON, then used on a fixed day of legs.
        FuzzTarget(name: "mode-thresholds") { bytes in
            guard let t = try? ModeThresholds(json: text(bytes)), let c = try? ModeClassifier(thresholds: t) else { return }
            _ = try? ModeThresholds(json: t.json)
            _ = try? c.legs(of: modeJourney)
        },
        // Timeline: travel modes of arbitrary fixes, each 6 bytes: a time step (0–255 s),
        // a north and an east step (−128…127 m × 4), an accuracy (0: none), an activity.
        FuzzTarget(name: "travel-modes") { bytes in
            var fixes: [Fix] = [], samples: [MotionSample] = []
            var t = 0.0, north = 0.0, east = 0.0
            var i = 0
            while i + 6 <= bytes.count, fixes.count < 5_000 {
                t += Double(bytes[i])
                north += Double(Int8(bitPattern: bytes[i + 1])) * 4
                east += Double(Int8(bitPattern: bytes[i + 2])) * 4
                let accuracy = bytes[i + 3] == 0 ? nil : Double(bytes[i + 3])
                guard let c = try? Coordinate(latitude: 47 + north / 111_195, longitude: 8 + east / 75_800),
                      let f = try? Fix(coordinate: c, timestamp: t, horizontalAccuracyMeters: accuracy) else { break }
                fixes.append(f)
                if bytes[i + 4] < 6, let a = MotionActivity(rawValue: Int32(bytes[i + 4])),
                   let m = try? MotionSample(a, at: t) { samples.append(m) }
                i += 6
            }
            guard let legs = try? ModeClassifier.standard.legs(of: fixes, activities: samples) else { return }
            var next = 0
            for l in legs {  // the legs must cover every fix once, in order
                precondition(l.fixes.lowerBound == next && l.confidence >= 0 && l.confidence <= 1, "legs out of order")
                next = l.fixes.upperBound + 1
            }
            precondition(next == fixes.count, "legs miss fixes")
        },
        // Route: encoded polylines, at the usual precisions 5 and 6 and at 1 and 10.
        FuzzTarget(name: "polyline") { bytes in
            let s = text(bytes)
            for precision in [5, 6, 1, 10] {
                guard let line = try? EncodedPolyline.decode(s, precision: precision) else { continue }
                _ = try? EncodedPolyline.encode(line, precision: precision)
            }
        },
        // The package-internal JSON reader behind profiles and the tracking policy.
        FuzzTarget(name: "minijson") { bytes in
            _ = try? MiniJSON.parse(text(bytes))
        },
        // OpenStreetMap: routing profiles as JSON.
        FuzzTarget(name: "routing-profile") { bytes in
            guard let p = try? RoutingProfile(json: text(bytes)) else { return }
            _ = try? p.validate()
            _ = p.travel(wayTags: ["highway": "primary", "maxspeed": "50", "oneway": "yes"])
            _ = p.blocks(nodeTags: ["barrier": "bollard"])
            _ = try? RoutingProfile(json: p.json)
        },
        // OpenStreetMap files, from memory; what reads is then built into a road network
        // and a graph (no contraction), as `geokernel route --osm` would.
        FuzzTarget(name: "osm-pbf") { bytes in osm(bytes, .pbf) },
        FuzzTarget(name: "osm-xml") { bytes in osm(bytes, .xml) },
        FuzzTarget(name: "osm-gz") { bytes in osm(bytes, .xmlGzip) },
        // Saved files. The loaders take a path, so each input is written to a temporary
        // file first. The length and checksum fields are recomputed before writing
        // (ForgedFile), so that mutations get past the checksum to the validation: these
        // targets play a forger, which the loaders promise to refuse without trapping.
        FuzzTarget(name: "index-file") { bytes in
            let path = TempFile.write(ForgedFile.index(bytes))
            guard let index = try? SpatialIndex(contentsOf: path) else { return }
            let here = try! Coordinate(latitude: 45, longitude: 5)
            _ = try? index.nearest(to: here, k: 5)
            _ = try? index.within(radiusMeters: 1_000_000, of: here)
            var copy = index
            _ = try? copy.insert(here)
        },
        FuzzTarget(name: "landmark-file") { bytes in
            let path = TempFile.write(ForgedFile.landmarks(bytes))
            guard let landmarks = try? LandmarkIndex(contentsOf: path) else { return }
            let here = try! Coordinate(latitude: 45, longitude: 5)
            _ = try? landmarks.search(LandmarkSearch(position: here, user: "fuzz", text: "a"))
            _ = try? landmarks.add(at: here, note: "fuzz", owner: "fuzz")
        },
        // A landmark store: the bytes as the SQLite database file (no -wal or -shm beside
        // it), opened, searched, read whole and written to.
        FuzzTarget(name: "landmark-store") { bytes in
            let path = TempFile.write(Array(bytes))
            for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
            defer { for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) } }
            guard let store = try? LandmarkStore(path: path, durability: .normal) else { return }
            defer { store.close() }
            let here = try! Coordinate(latitude: 48.85, longitude: 2.35)
            _ = try? store.search(LandmarkSearch(position: here, user: "ana", text: "caf"))
            _ = try? store.all(includingDeleted: true)
            _ = try? store.changes(since: 0)
            _ = try? store.add(id: "fuzz", at: here, note: "fuzz", owner: "ana", createdAt: 1)
        },
        FuzzTarget(name: "road-graph-file") { bytes in
            let path = TempFile.write(ForgedFile.roadGraph(bytes))
            guard let graph = try? RoadGraph(contentsOf: path) else { return }
            exercise(graph)
        },
        FuzzTarget(name: "address-file") { bytes in
            let path = TempFile.write(ForgedFile.addressIndex(bytes))
            guard let index = try? AddressIndex(contentsOf: path) else { return }
            for (lat, lon) in [(43.7300, 7.4200), (43.72982, 7.42050), (0.0, 0.0), (-89.9, 179.9)] {
                let c = try! Coordinate(latitude: lat, longitude: lon)
                _ = index.lookup(c, radii: AddressRadii(placeMeters: 1e6, addressMeters: 1e6, streetMeters: 1e7))
            }
        },
        // GeoFormats: TZif time-zone files (timeline --time-zone), read and asked for times
        // before, inside and after their transitions.
        FuzzTarget(name: "tzif") { bytes in
            guard let zone = try? TimeZoneRules(tzif: Array(bytes), name: "Fuzz/Zone") else { return }
            for t in [-1e13, -2.2e9, 0, 1.7e9, 4.1e9, 9e12, .nan] { _ = zone.localText(t) + zone.iso8601(t) }
        },
    ]
}

/// The bytes as a Swift string (invalid UTF-8 becomes U+FFFD, as `String(decoding:)` does
/// for every string-taking API).
private func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
}

private func gazetteer(_ bytes: UnsafeBufferPointer<UInt8>, _ format: GazetteerFormat) {
    guard let g = try? ReverseGeocoder(text: text(bytes), format: format) else { return }
    _ = g.nearest(to: try! Coordinate(latitude: 45, longitude: 5))
}

private func osm(_ bytes: UnsafeBufferPointer<UInt8>, _ format: OSMFileFormat) {
    var builder = RoadNetworkBuilder(profile: .car)
    var elements: [OSMElement] = []
    var failure: GeoKernelError?
    do {
        try OSMFile.read(bytes: Array(bytes), format: format, threads: 1) { e in
            builder.add(e)
            elements.append(e)
        }
    } catch {
        failure = error
    }
    // PBF blobs inflated on several threads: the same elements in the same order, and the
    // same error after them.
    if format == .pbf {
        var parallel: [OSMElement] = []
        var parallelFailure: GeoKernelError?
        do {
            try OSMFile.read(bytes: Array(bytes), format: format, threads: 3) { parallel.append($0) }
        } catch {
            parallelFailure = error
        }
        precondition(parallel == elements, "a read on 3 threads hands out other elements")
        precondition(
            parallelFailure?.code == failure?.code && parallelFailure?.message == failure?.message,
            "a read on 3 threads ends otherwise: \(String(describing: parallelFailure)) vs \(String(describing: failure))")
    }
    if failure != nil { return }
    roundTrip(elements)
    // A read of some kinds skips the others' bytes: it must hand out exactly those
    // elements of the whole read (and cannot fail where the whole read did not).
    for kinds: OSMElementKinds in [.nodes, [.ways, .relations]] {
        var some: [OSMElement] = []
        do {
            try OSMFile.read(bytes: Array(bytes), format: format, kinds: kinds) { some.append($0) }
        } catch {
            preconditionFailure("a read of kinds \(kinds.rawValue) failed where the whole read did not: \(error)")
        }
        precondition(some == elements.filter { kinds.contains($0) }, "a read of kinds \(kinds.rawValue) differs")
    }
    guard let (network, _) = try? builder.build() else { return }
    guard let graph = try? RoadGraph(network, options: RoadGraph.Options(contractedMetrics: [])) else { return }
    exercise(graph)
}

/// Writes what was read as PBF and reads it back: every element must come back equal
/// (coordinates as PBF stores them), or the writer and the reader disagree (a finding).
private func roundTrip(_ elements: [OSMElement]) {
    guard let bytes = try? OSMPBFWriter.encode(elements, compressionLevel: 1) else {
        // Only an element too large for one block may be refused: the reader gave it.
        return
    }
    var back: [OSMElement] = []
    do {
        try OSMFile.read(bytes: bytes, format: .pbf) { back.append($0) }
    } catch {
        preconditionFailure("the PBF writer wrote a file its reader refuses: \(error)")
    }
    let expected = elements.map { (e: OSMElement) -> OSMElement in
        guard case .node(var n) = e else { return e }
        n.latitude = OSMPBFWriter.storedDegrees(n.latitude)
        n.longitude = OSMPBFWriter.storedDegrees(n.longitude)
        return .node(n)
    }
    precondition(back == expected, "the PBF writer and reader disagree on \(elements.count) elements")
}

/// Snaps the first and the last node and routes between them with every algorithm the
/// graph supports: a loaded or built graph must answer or throw, never trap.
private func exercise(_ graph: RoadGraph) {
    guard graph.nodeCount > 0 else { return }
    let a = graph.nodeCoordinate(0), b = graph.nodeCoordinate(graph.nodeCount - 1)
    guard let from = try? graph.snap(a, maxDistanceMeters: 1_000),
          let to = try? graph.snap(b, maxDistanceMeters: 1_000)
    else { return }
    for metric in [RoadMetric.shortest, .fastest] {
        _ = try? graph.route(from: from, to: to, metric: metric, algorithm: .dijkstra)
        _ = try? graph.route(from: from, to: to, metric: metric, algorithm: .contractionHierarchy)
    }
}

/// The checks of `polygon-geojson` on one feature.
private func polygonFence(_ feature: GeoJSONFeature) {
    var rings: [[[GeoJSONPosition]]] = []
    switch feature.geometry {
    case .polygon(let r)?: rings = [r]
    case .multiPolygon(let parts)?: rings = parts
    default: return
    }
    var polygons: [Polygon] = []
    for part in rings.prefix(16) {
        var cs: [[Coordinate]] = []
        for ring in part.prefix(16) { cs.append(ring.prefix(4096).compactMap { try? $0.coordinate() }) }
        guard let p = try? Polygon(rings: cs) else { return }
        polygons.append(p)
    }
    // Distances cost up to 720 Newton searches per edge (edges are cut into 1° pieces): keep
    // an input's work under the fuzzer's second.
    guard polygons.reduce(0, { $0 + $1.vertexCount }) <= 256, let shape = try? PreparedPolygon(polygons) else { return }
    var probes: [Coordinate] = []
    for p in polygons {
        for ring in p.rings {
            for (k, a) in ring.prefix(32).enumerated() {
                let b = ring[(k + 1) % ring.count]
                probes.append(a)
                probes.append(Coordinate(uncheckedLatitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2))
                probes.append(Coordinate(uncheckedLatitude: a.latitude, longitude: a.longitude.nextUp))
            }
        }
    }
    for (k, q) in probes.prefix(128).enumerated() {
        let grid = shape.location(of: q), scan = shape.locationByScan(of: q)
        precondition(grid == scan, "polygon-geojson: grid \(grid) and scan \(scan) differ at \(q)")
        guard k < 8 else { continue }
        let d = shape.boundaryDistanceMeters(from: q)
        precondition(d >= 0 && d <= 2.1e7, "polygon-geojson: boundary distance \(d) m at \(q)")
        precondition(shape.boundaryWithin(d, of: q, strictly: false), "polygon-geojson: boundary not within its distance at \(q)")
    }
    guard let fence = try? PolygonFence(id: "f", shape: shape), let monitor = try? GeofenceMonitor() else { return }
    try? monitor.add(fence)
    for (k, q) in probes.prefix(16).enumerated() {
        _ = try? monitor.update(with: Fix(coordinate: q, timestamp: Double(k), horizontalAccuracyMeters: 10))
    }
}

/// A fixed day for `mode-thresholds`: 5 min still, a 5 min walk, a bus through four
/// blocks with stops, a 5 min walk, 5 min still; one fix every 2 s.
let modeJourney: [Fix] = {
    var fixes: [Fix] = []
    var t = 0.0, north = 0.0, east = 0.0
    func go(_ seconds: Double, _ speed: Double, _ heading: Double) {
        for _ in 0..<Int(seconds / 2) {
            t += 2
            north += 2 * speed * cos(heading * .pi / 180)
            east += 2 * speed * sin(heading * .pi / 180)
            if let c = try? Coordinate(latitude: 47 + north / 111_195, longitude: 8 + east / 75_800),
               let f = try? Fix(coordinate: c, timestamp: t, horizontalAccuracyMeters: 5) { fixes.append(f) }
        }
    }
    go(300, 0, 0)
    go(300, 1.3, 0)
    for b in 0..<4 {
        go(40, 11, b % 2 == 0 ? 90 : 0)
        go(20, 0, 0)
    }
    go(300, 1.4, 180)
    go(300, 0, 0)
    return fixes
}()
