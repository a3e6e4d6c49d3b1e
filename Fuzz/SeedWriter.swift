#if canImport(Glibc)
import Glibc
#endif
import GeoKernel
import Nearby
import OpenStreetMap
import Timeline

/// Writes the seeds that only the library can produce (GK_FUZZ_WRITE_SEEDS=<dir>):
/// freshly saved index, landmark and road-graph files, the built-in routing profiles and
/// tracking-policy configuration as JSON, and the sample town as OSM XML.
enum SeedWriter {
    static func writeAll(to dir: String) -> Int32 {
        do {
            try write(to: dir)
            return 0
        } catch {
            print("gk-fuzz: writing seeds: \(error)")
            return 1
        }
    }

    private static func write(to dir: String) throws(GeoKernelError) {
        func sub(_ name: String) -> String {
            let d = dir + "/" + name
            mkdir(dir, 0o755)
            mkdir(d, 0o755)
            return d
        }
        // Index files: empty; 300 points in one run; points in runs plus the insert
        // buffer plus removals.
        let idx = sub("index-file")
        try SpatialIndex().save(to: idx + "/empty.gkindex")
        var rng = SplitMix64(seed: 13)
        let points = try (0..<300).map { (_) throws(GeoKernelError) in
            try Coordinate(latitude: rng.uniform(-90, 90), longitude: rng.uniform(-180, 180))
        }
        try SpatialIndex(points).save(to: idx + "/300.gkindex")
        var dynamic = try SpatialIndex(Array(points.prefix(100)))
        for p in points.suffix(20) { _ = try dynamic.insert(p) }
        for id in stride(from: UInt32(0), to: 120, by: 7) { try dynamic.remove(id: id) }
        try dynamic.save(to: idx + "/dynamic.gkindex")

        // Landmark files: empty; three landmarks, one deleted.
        let lm = sub("landmark-file")
        try LandmarkIndex().save(to: lm + "/empty.gklm")
        let landmarks = LandmarkIndex()
        let a = try landmarks.add(at: try Coordinate(latitude: 48.85, longitude: 2.35), note: "Café de Flore", owner: "ana")
        _ = try landmarks.add(at: try Coordinate(latitude: -33.86, longitude: 151.2), note: "Opera 🎭", owner: "bo")
        _ = try landmarks.add(at: try Coordinate(latitude: 0, longitude: 179.99), note: "x", owner: "cy")
        try landmarks.save(to: lm + "/two.gklm")
        try landmarks.delete(id: a.id, by: "ana")
        try landmarks.save(to: lm + "/deleted.gklm")

        // Landmark stores: empty; three landmarks, one deleted (closing checkpoints the WAL
        // into the file and removes it).
        let ls = sub("landmark-store")
        try LandmarkStore(path: ls + "/empty.db").close()
        let store = try LandmarkStore(path: ls + "/three.db")
        _ = try store.add(id: "flore", at: try Coordinate(latitude: 48.85, longitude: 2.35), note: "Café de Flore", owner: "ana", createdAt: 1)
        _ = try store.add(id: "opera", at: try Coordinate(latitude: -33.86, longitude: 151.2), note: "Opera 🎭", owner: "bo", createdAt: 2)
        _ = try store.add(id: "x", at: try Coordinate(latitude: 0, longitude: 179.99), note: "x", owner: "cy", createdAt: 3)
        try store.delete(id: "x", by: "cy", at: 4)
        store.close()

        // Road graphs of the sample town: contracted for both metrics, and not contracted.
        let town = SampleTown.osmXML
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(bytes: Array(town.utf8), format: .xml) { builder.add($0) }
        let network = try builder.build().network
        let rg = sub("road-graph-file")
        try RoadGraph(network).save(to: rg + "/town.gkroad")
        try RoadGraph(network, options: RoadGraph.Options(contractedMetrics: [])).save(to: rg + "/town-plain.gkroad")
        try RoadGraph(network).save(to: rg + "/town-v2.gkroad", version: 2)  // the previous layout, read into memory

        // Address indexes: the sample town's streets with a place and an address.
        let ad = sub("address-file")
        let townIndex = try AddressIndex.build(bytes: Array(town.utf8), format: .xml).index
        try townIndex.save(to: ad + "/town.gkaddr")
        let (p1, p2) = (SampleTown.position(east: 75, north: 8), SampleTown.position(east: 300, north: 440))
        try AddressIndex(points: [
            AddressPoint(kind: .place, coordinate: try Coordinate(latitude: p1.latitude, longitude: p1.longitude), name: "Café",
                         houseNumber: "1", street: "Rue des Écoles"),
            AddressPoint(kind: .address, coordinate: try Coordinate(latitude: p2.latitude, longitude: p2.longitude),
                         houseNumber: "12", street: "Boulevard Central"),
        ], streets: []).save(to: ad + "/points.gkaddr")

        // Forging a file the library saved must leave it unchanged (else the targets would
        // fuzz only the checksum check).
        for (dir, forge) in [(idx, ForgedFile.index), (lm, ForgedFile.landmarks), (rg, ForgedFile.roadGraph), (ad, ForgedFile.addressIndex)] {
            for name in try files(in: dir) {
                let bytes = try contents(of: dir + "/" + name)
                let forged = bytes.withUnsafeBufferPointer { forge($0) }
                guard forged == bytes else { throw GeoKernelError(.corrupt, "forging changed the saved file \(name)") }
            }
        }

        // Text seeds.
        try text(town, sub("osm-xml") + "/sample-town.osm")
        let profiles = sub("routing-profile"), json = sub("minijson")
        for (name, p) in [("car", RoutingProfile.car), ("bicycle", .bicycle), ("foot", .foot)] {
            try text(p.json, profiles + "/\(name).json")
            try text(p.json, json + "/\(name).json")
        }
        try text(ModeThresholds().json, sub("mode-thresholds") + "/default.json")
        try text(#"{"WalkTopSpeed": 2, "MinimumLegSeconds": 0, "SpeedWindowSeconds": 1e9}"#,
                 sub("mode-thresholds") + "/edges.json")
        // travel-modes: a walk then a ride, 6 bytes a fix (dt, north, east, accuracy, activity, spare)
        var ride: [UInt8] = []
        for k in 0..<120 { ride += [5, k < 60 ? 2 : 30, k % 7 == 0 ? 20 : 0, 8, k < 60 ? 1 : 4, 0] }
        try raw(ride, sub("travel-modes") + "/walk-then-ride.bin")
        let policy = TrackingPolicy.Configuration.default.json
        try text(policy, sub("tracking-policy") + "/default.json")
        try text(policy, json + "/tracking-policy.json")
    }

    private static func files(in dir: String) throws(GeoKernelError) -> [String] {
        guard let d = opendir(dir) else { throw GeoKernelError(.io, "cannot list \(dir)") }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = String(decoding: FileIO.directoryEntryName(e), as: UTF8.self)
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    private static func contents(of path: String) throws(GeoKernelError) -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw GeoKernelError(.io, "cannot open \(path)") }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n == 0 { break }
            out += chunk[0..<n]
        }
        return out
    }

    private static func text(_ s: String, _ path: String) throws(GeoKernelError) { try raw(Array(s.utf8), path) }

    private static func raw(_ bytes: [UInt8], _ path: String) throws(GeoKernelError) {
        guard let f = fopen(path, "wb") else { throw GeoKernelError(.io, "cannot create \(path)") }
        defer { fclose(f) }
        guard fwrite(bytes, 1, bytes.count, f) == bytes.count else { throw GeoKernelError(.io, "cannot write \(path)") }
    }
}
