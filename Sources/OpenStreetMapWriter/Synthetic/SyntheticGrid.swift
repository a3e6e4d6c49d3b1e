#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel
import OpenStreetMap

/// A seeded street grid as OpenStreetMap elements: the worst case of contraction
/// hierarchies (no hierarchy to exploit), through the whole file pipeline.
///
/// `rows × columns` junctions about `spacingMeters` apart (jittered by up to a fifth of
/// the spacing), the south-west one at `origin`; every street between neighbouring
/// junctions with 0–2 shape points; every tenth line tertiary and the rest residential;
/// 10 % of the blocks one-way (a way of their own, direction drawn), 5 % missing. Ids:
/// nodes 1…n, then ways 1…m.
///
/// - Complexity: O(rows × columns). Thread safety: pure functions. C twin: none
///   (`geokernel generate grid`).
/// \since 0.9
public enum SyntheticGrid {
    /// Hands out the grid's elements: every node, then every way.
    ///
    /// - Parameters:
    ///   - rows: junctions from south to north, 2…10 000.
    ///   - columns: junctions from west to east, 2…10 000.
    ///   - seed: fixes the jitter and what is one-way or missing.
    ///   - spacingMeters: distance between neighbouring junctions, 10…10 000 m.
    ///   - origin: the south-west junction (degrees); the grid must end within ±85°
    ///     latitude and ±180° longitude.
    ///   - visit: called once per element; an error it throws stops the generation.
    /// - Throws: `.invalidArgument` for arguments out of range; what `visit` throws.
    public static func generate(
        rows: Int, columns: Int, seed: UInt64, spacingMeters: Double = 100,
        origin: (latitude: Double, longitude: Double) = (42.5, 1.5),
        _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        guard (2...10_000).contains(rows), (2...10_000).contains(columns) else {
            throw .invalid("a grid has 2 to 10 000 rows and columns, not \(rows) × \(columns)")
        }
        guard spacingMeters >= 10, spacingMeters <= 10_000 else {
            throw .invalid("spacing \(spacingMeters) m must be 10 to 10 000 m")
        }
        let degreesPerMeter = 180 / (Double.pi * EarthModel.meanRadiusMeters)
        let north = origin.latitude + Double(rows) * spacingMeters * degreesPerMeter
        let east = origin.longitude + Double(columns) * spacingMeters * degreesPerMeter / cos(origin.latitude * .pi / 180)
        guard abs(origin.latitude) <= 85, abs(north) <= 85, abs(origin.longitude) <= 180, abs(east) <= 180 else {
            throw .invalid(
                "a \(rows) × \(columns) grid from (\(origin.latitude), \(origin.longitude)) leaves ±85° latitude "
                    + "or ±180° longitude")
        }
        var sketch = NetworkSketch(
            originLatitude: origin.latitude, originLongitude: origin.longitude, scaleLatitude: origin.latitude)
        var rng = SplitMix64(seed: seed)
        let s = spacingMeters
        var ids: [UInt32] = []
        ids.reserveCapacity(rows * columns)
        for r in 0..<rows {
            for c in 0..<columns {
                ids.append(sketch.node((Double(c) + rng.uniform(-0.2, 0.2)) * s, (Double(r) + rng.uniform(-0.2, 0.2)) * s))
            }
        }
        for vertical in [false, true] {
            let lines = vertical ? columns : rows, length = vertical ? rows : columns
            for line in 0..<lines {
                let highway: NetworkSketch.Highway = line % 10 == 0 ? .tertiary : .residential
                let name = vertical ? "Avinguda \(line % 89)" : "Carrer \(line % 97)"
                let at = { (k: Int) in vertical ? ids[k * columns + line] : ids[line * columns + k] }
                var run: [UInt32] = [at(0)]
                func close() {
                    sketch.way(run, highway, name: name)
                    run = []
                }
                for k in 1..<length {
                    let draw = rng.uniform(0, 1)
                    if draw < 0.05 {
                        close()  // a missing block
                        run = [at(k)]
                        continue
                    }
                    var block: [UInt32] = [at(k - 1)]
                    for _ in 0..<Int(rng.next() % 3) {
                        let a = Int(at(k - 1)), b = Int(at(k))
                        let t = rng.uniform(0.2, 0.8)
                        block.append(sketch.node(
                            sketch.x[a] + (sketch.x[b] - sketch.x[a]) * t + rng.uniform(-0.1, 0.1) * s,
                            sketch.y[a] + (sketch.y[b] - sketch.y[a]) * t + rng.uniform(-0.1, 0.1) * s))
                    }
                    block.append(at(k))
                    if draw < 0.15 {
                        // A one-way block: a way of its own.
                        close()
                        sketch.way(rng.next() & 1 == 0 ? block : block.reversed(), highway, oneway: true, name: name)
                        run = [at(k)]
                    } else {
                        run += block.dropFirst()
                    }
                }
                close()
            }
        }
        try sketch.emit(visit)
    }

    /// Writes the grid as an OSM PBF file (atomically; see `OSMPBFWriter`).
    ///
    /// - Throws: as `generate` and `OSMPBFWriter.write(to:writingProgram:compressionLevel:_:)`.
    @discardableResult
    public static func write(
        rows: Int, columns: Int, seed: UInt64, spacingMeters: Double = 100,
        origin: (latitude: Double, longitude: Double) = (42.5, 1.5), to path: String, compressionLevel: Int = 6
    ) throws(GeoKernelError) -> OSMPBFWriter.Summary {
        try OSMPBFWriter.write(to: path, compressionLevel: compressionLevel) { (w) throws(GeoKernelError) in
            try generate(rows: rows, columns: columns, seed: seed, spacingMeters: spacingMeters, origin: origin) {
                (e) throws(GeoKernelError) in try w.add(e)
            }
        }
    }
}
