#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RoadNetwork {
    /// A seeded synthetic street grid for tests, benchmarks and demos: `rows × cols` junctions
    /// about `spacingMeters` apart (jittered by up to a fifth of the spacing) starting at
    /// (42.5°, 1.5°), streets with 0–2 extra shape vertices, speeds 10–130 km/h drawn per
    /// street, some one-way, some destination-only, some missing.
    ///
    /// - Parameters:
    ///   - rows: junctions from south to north.
    ///   - cols: junctions from west to east.
    ///   - seed: fixes the jitter, speeds and flags (the same seed, the same grid).
    ///   - spacingMeters: distance between neighbouring junctions before the jitter, metres.
    ///   - oneWayFraction: share of streets travelled in one direction only.
    ///   - destinationOnlyFraction: share of streets marked destination-only (one or both
    ///     directions).
    ///   - missingFraction: share of streets left out.
    ///   - origin: the south-west junction (degrees).
    /// - Complexity: O(rows · cols). Thread safety: pure (the same seed gives the same
    ///   network). C twin: none.
    /// \since 0.2
    @_optimize(size)
    public static func grid(
        rows: Int, cols: Int, seed: UInt64, spacingMeters: Double = 100, oneWayFraction: Double = 0.1,
        destinationOnlyFraction: Double = 0.02, missingFraction: Double = 0.05,
        origin: Coordinate = Coordinate(uncheckedLatitude: 42.5, longitude: 1.5)
    ) -> RoadNetwork {
        var rng = SplitMix64(seed: seed)
        let dLat = spacingMeters / (EarthModel.meanRadiusMeters * .pi / 180)
        let dLon = dLat / cos(origin.latitude * .pi / 180)
        var nodes: [Coordinate] = []
        nodes.reserveCapacity(rows * cols)
        for r in 0..<rows {
            for c in 0..<cols {
                nodes.append(Coordinate(
                    uncheckedLatitude: origin.latitude + (Double(r) + rng.uniform(-0.2, 0.2)) * dLat,
                    longitude: origin.longitude + (Double(c) + rng.uniform(-0.2, 0.2)) * dLon))
            }
        }
        var edges: [RoadNetwork.Edge] = []
        edges.reserveCapacity(2 * rows * cols)
        let classes: [RoadClass] = [.residential, .residential, .tertiary, .secondary, .primary, .service, .unclassified]
        func street(_ a: Int, _ b: Int, name: String) {
            guard rng.uniform(0, 1) >= missingFraction else { return }
            var geometry = [nodes[a]]
            let extra = Int(rng.next() % 3)
            for k in 0..<extra {
                let t = Double(k + 1) / Double(extra + 1)
                geometry.append(Coordinate(
                    uncheckedLatitude: nodes[a].latitude + (nodes[b].latitude - nodes[a].latitude) * t
                        + rng.uniform(-0.1, 0.1) * dLat,
                    longitude: nodes[a].longitude + (nodes[b].longitude - nodes[a].longitude) * t
                        + rng.uniform(-0.1, 0.1) * dLon))
            }
            geometry.append(nodes[b])
            let kmh = rng.uniform(10, 130)
            var forward: Travel? = Travel(speedMetersPerSecond: kmh / 3.6)
            var backward: Travel? = Travel(speedMetersPerSecond: kmh / 3.6 * rng.uniform(0.8, 1.0))
            if rng.uniform(0, 1) < oneWayFraction {
                if rng.next() & 1 == 0 { forward = nil } else { backward = nil }
            }
            if rng.uniform(0, 1) < destinationOnlyFraction {
                switch rng.next() % 3 {
                case 0: forward?.destinationOnly = true
                case 1: backward?.destinationOnly = true
                default: forward?.destinationOnly = true; backward?.destinationOnly = true
                }
            }
            let roadClass = classes[Int(rng.next() % UInt64(classes.count))]
            edges.append(Edge(
                from: a, to: b, geometry: geometry, forward: forward, backward: backward, name: name,
                ref: roadClass == .primary ? "CG-\(name.count)" : "", roadClass: roadClass,
                wayID: Int64(edges.count + 1)))
        }
        for r in 0..<rows {
            for c in 0..<cols {
                let v = r * cols + c
                if c + 1 < cols { street(v, v + 1, name: "Carrer \(r % 97)") }
                if r + 1 < rows { street(v, v + cols, name: "Avinguda \(c % 89)") }
            }
        }
        return RoadNetwork(nodes: nodes, edges: edges)
    }
}
