#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel
import OpenStreetMap

/// A seeded, made-up country's road network for tests and benchmarks at scale (10⁴ to
/// 10⁷ junctions), as OpenStreetMap elements or an OSM PBF file, so that the whole
/// pipeline (reader → profile → graph → hierarchy) runs on it.
///
/// What it draws (the same seed and size give the same network on every machine):
/// - **Towns** of varied size: junction counts drawn from a Pareto law (exponent 1.2, at
///   least 12 junctions, at most 1/30 of the whole), placed at random without overlap,
///   about one per 16 km². A town is a street grid of 80–150 m blocks, turned by a random
///   angle, clipped to a disc, its junctions jittered; streets with 1–6 shape
///   points per block. Its two central streets are primary (secondary in small towns),
///   every fourth street tertiary, the rest residential (living streets at the edge of
///   some); in towns of 9 blocks across or more a third of the residential streets are
///   one-way, alternating; in towns of 7 blocks across or more the two central streets
///   meet at a roundabout of 25 m radius. A few central junctions have traffic signals.
///   Street names come from a shared list ("Mill Road", "Station Street"), so names repeat
///   between towns as they do in real countries.
/// - **Rural roads**: each town joined to its three nearest towns, from the edge of one
///   to the edge of the other, winding (a shape point every 45 m or so): primary
///   between towns of 2 000 junctions or more, secondary, tertiary or unclassified as
///   towns get smaller (in countries under 120 000 junctions the thresholds shrink with
///   the size, so that every class appears); refs such as "D 123"; maxspeed 80 or 90.
/// - **Motorways**: the largest towns (about 3 %, at least two) joined by a minimum
///   spanning tree plus some shortcuts; each link a dual carriageway (two one-way ways
///   30 m apart, maxspeed 130, refs "A 1"…) between interchanges 1.5 km outside the
///   towns, where one-way motorway_link ramps lead to the town's nearest street and from
///   one motorway to the others.
/// - Roads cross without a junction only where a rural road or a motorway passes over
///   another (a bridge); every town is reachable from every other.
///
/// Junctions: the road graph that `RoadNetworkBuilder` makes with the car profile has
/// about `junctions` nodes (within 15 %; the tests check 2 000 and 10 000).
/// Coordinates: degrees on the mean-radius sphere, an equirectangular plane around
/// `center` (a country of 10⁷ junctions spans about 12° of latitude).
///
/// - Complexity: O(junctions) time; about 210 bytes per junction while generating (some
///   eight nodes of 16 bytes, their references and the ways).
/// - Thread safety: pure functions. C twin: none (`geokernel generate country`).
/// \since 0.9
public enum SyntheticCountry {
    /// The default centre: a mid-latitude inland point (46.5° N, 2.5° E).
    public static let defaultCenter = (latitude: 46.5, longitude: 2.5)

    /// Hands out the network's elements in order: every node (ids 1…n), then every way.
    ///
    /// - Parameters:
    ///   - junctions: about how many junctions the road graph should have, 100…50 000 000.
    ///   - seed: fixes everything drawn.
    ///   - center: the centre of the country (degrees).
    ///   - visit: called once per element; an error it throws stops the generation.
    /// - Throws: `.invalidArgument` for a size out of range; what `visit` throws.
    public static func generate(
        junctions: Int, seed: UInt64, center: (latitude: Double, longitude: Double) = defaultCenter,
        _ visit: (OSMElement) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) {
        guard (100...50_000_000).contains(junctions) else {
            throw .invalid("a synthetic country has 100 to 50 000 000 junctions, not \(junctions)")
        }
        guard abs(center.latitude) <= 60, abs(center.longitude) <= 170 else {
            throw .invalid(
                "the centre (\(center.latitude), \(center.longitude)) must lie within 60° of the equator "
                    + "and 170° of the prime meridian")
        }
        var drawing = CountryDrawing(junctions: junctions, seed: seed, center: center)
        drawing.draw()
        try drawing.sketch.emit(visit)
    }

    /// Writes the network as an OSM PBF file (atomically; see `OSMPBFWriter`).
    ///
    /// - Throws: as `generate` and `OSMPBFWriter.write(to:writingProgram:compressionLevel:_:)`.
    @discardableResult
    public static func write(
        junctions: Int, seed: UInt64, center: (latitude: Double, longitude: Double) = defaultCenter,
        to path: String, compressionLevel: Int = 6
    ) throws(GeoKernelError) -> OSMPBFWriter.Summary {
        try OSMPBFWriter.write(to: path, compressionLevel: compressionLevel) { (w) throws(GeoKernelError) in
            try generate(junctions: junctions, seed: seed, center: center) { (e) throws(GeoKernelError) in try w.add(e) }
        }
    }
}

/// The drawing behind `SyntheticCountry`.
struct CountryDrawing {
    struct Town {
        var x: Double
        var y: Double
        /// Half the grid's width, in blocks.
        var k: Int
        var block: Double
        var angle: Double
        var junctions: Int
        var radius: Double { (Double(k) + 0.5) * block }
        /// The nodes where streets end at the town's edge (for roads out of town).
        var gates: [UInt32] = []
    }

    static let streetWords = [
        "Mill", "Church", "Station", "School", "Market", "Castle", "Bridge", "Garden", "Hill", "Lake", "River", "Oak",
        "Elm", "Cedar", "Park", "Meadow", "Forest", "Orchard", "Spring", "Well", "Victoria", "King", "Queen", "Chapel",
        "Manor", "Abbey", "Harbour", "Windmill", "Vineyard", "Baker", "Smith", "Tanner", "Cooper", "North", "South",
        "East", "West", "High", "New", "Old",
    ]
    static let streetKinds = ["Street", "Road", "Lane", "Avenue", "Way", "Close", "Row", "Drive"]

    let junctions: Int
    /// Towns of this many junctions or more have primary main streets and primary roads
    /// between them (2 000, less in countries too small to have such towns).
    let primaryTown: Int
    /// Roads between towns of this many junctions or more are secondary (300, or less).
    let secondaryTown: Int
    var rng: SplitMix64
    var sketch: NetworkSketch
    var towns: [Town] = []
    var side = 0.0

    init(junctions: Int, seed: UInt64, center: (latitude: Double, longitude: Double)) {
        self.junctions = junctions
        primaryTown = min(2_000, junctions / 60)
        secondaryTown = min(300, junctions / 180)
        rng = SplitMix64(seed: seed)
        // Towns hold most junctions; about one town per 16 km² (expected size ~70).
        let expectedTowns = max(2.0, Double(junctions) / 70)
        side = 4_000 * expectedTowns.squareRoot()
        let halfDegrees = side / 2 * 180 / (Double.pi * EarthModel.meanRadiusMeters)
        sketch = NetworkSketch(
            originLatitude: center.latitude - halfDegrees,
            originLongitude: center.longitude - halfDegrees / cos(center.latitude * .pi / 180),
            scaleLatitude: center.latitude)
    }

    mutating func draw() {
        placeTowns()
        for t in towns.indices { drawTown(t) }
        drawRuralRoads()
        drawMotorways()
    }

    // MARK: - Towns

    /// Draws town sizes until they hold ~97 % of the junctions (rural roads and their
    /// ends add the rest), then places them, largest first, where they overlap no other.
    mutating func placeTowns() {
        let cap = max(12, junctions / 30)
        var sizes: [Int] = []
        var total = 0
        while total < junctions * 97 / 100 {
            let u = rng.uniform(0, 1)
            let size = min(cap, Int(12 * pow(1 - u, -1 / 1.2)))
            sizes.append(size)
            total += size
        }
        sizes.sort(by: >)
        var grid = TownGrid(cell: 5_000)
        for size in sizes {
            let block = rng.uniform(80, 150)
            let k = max(1, Int((Double(size) / Double.pi).squareRoot().rounded()))
            var town = Town(x: 0, y: 0, k: k, block: block, angle: rng.uniform(0, .pi / 2), junctions: size)
            var placed = false
            for attempt in 0..<200 {
                // The country grows a little when it is crowded.
                let grow = 1 + Double(attempt / 50) * 0.1
                town.x = rng.uniform(0, side * grow)
                town.y = rng.uniform(0, side * grow)
                if !grid.overlaps(town, towns) {
                    placed = true
                    break
                }
            }
            guard placed else { continue }
            grid.insert(towns.count, town)
            towns.append(town)
        }
    }

    /// The street grid of town `t`.
    mutating func drawTown(_ t: Int) {
        let town = towns[t]
        let k = town.k, b = town.block
        let c = cos(town.angle), s = sin(town.angle)
        let width = 2 * k + 1
        var ids = [UInt32](repeating: .max, count: width * width)
        let roundabout = width >= 7
        let big = town.junctions >= primaryTown
        // Grid nodes in the disc (the centre is replaced by a roundabout in larger towns).
        for j in -k...k {
            for i in -k...k where i * i + j * j <= k * k {
                if roundabout && i == 0 && j == 0 { continue }
                let u = (Double(i) + rng.uniform(-0.12, 0.12)) * b
                let v = (Double(j) + rng.uniform(-0.12, 0.12)) * b
                ids[(j + k) * width + (i + k)] = sketch.node(town.x + c * u - s * v, town.y + s * u + c * v)
            }
        }
        var ring: [UInt32] = []
        if roundabout {
            for q in 0..<8 {
                let a = Double(q) * .pi / 4
                ring.append(sketch.node(town.x + 25 * cos(town.angle + a), town.y + 25 * sin(town.angle + a)))
            }
            sketch.way(ring + [ring[0]], big ? .primary : .secondary, roundabout: true, name: "Town Roundabout")
        }
        let townWord = Int(rng.next() % UInt64(Self.streetWords.count))
        // Rows (lines of constant j) and columns (constant i), each one street.
        for vertical in [false, true] {
            for line in -k...k {
                let reach = Int((Double(k * k - line * line)).squareRoot())
                var nodes: [UInt32] = []
                for step in -reach...reach {
                    let (i, j) = vertical ? (line, step) : (step, line)
                    let id = ids[(j + k) * width + (i + k)]
                    if id != .max { nodes.append(id) }
                }
                guard nodes.count >= 2 else { continue }
                let arterial = line == 0 || line % 4 == 0
                if arterial { towns[t].gates += [nodes.first!, nodes.last!] }
                let highway: NetworkSketch.Highway
                if line == 0 {
                    highway = big ? .primary : .secondary
                } else if line % 4 == 0 {
                    highway = .tertiary
                } else if abs(line) == k - 1 && rng.uniform(0, 1) < 0.3 {
                    highway = .livingStreet
                } else {
                    highway = .residential
                }
                let oneway = highway == .residential && width >= 9 && rng.uniform(0, 1) < 0.33
                let forward = line & 1 == 0
                let word = Self.streetWords[(townWord + (vertical ? 17 : 0) + abs(line) * 7) % Self.streetWords.count]
                let kind = Self.streetKinds[(abs(line) + (vertical ? 3 : 0)) % Self.streetKinds.count]
                let name = "\(word) \(kind)" + (abs(line) >= Self.streetWords.count ? " \(abs(line))" : "")
                let maxspeed = highway == .livingStreet ? 20 : (highway == .residential && town.junctions % 3 == 0 ? 30 : 0)
                // The central streets stop at the roundabout on both sides.
                var pieces: [[UInt32]] = []
                if roundabout && line == 0 {
                    pieces = [Array(nodes[..<k]) + [ring[vertical ? 6 : 4]], [ring[vertical ? 2 : 0]] + Array(nodes[k...])]
                } else if arterial {
                    pieces = [nodes]
                } else {
                    // A fifth of the blocks of local streets are missing (dead ends, T-junctions).
                    var run = [nodes[0]]
                    for n in nodes.dropFirst() {
                        if rng.uniform(0, 1) < 0.2 {
                            if run.count >= 2 { pieces.append(run) }
                            run = []
                        }
                        run.append(n)
                    }
                    if run.count >= 2 { pieces.append(run) }
                }
                for piece in pieces {
                    // Shape points between neighbouring junctions.
                    var path: [UInt32] = []
                    for (n, id) in piece.enumerated() {
                        if n > 0 {
                            addShape(from: piece[n - 1], to: id, count: 1 + Int(rng.next() % 6), wiggle: 0.03 * b, into: &path)
                        }
                        path.append(id)
                    }
                    if oneway && !forward { path.reverse() }
                    sketch.way(path, highway, oneway: oneway, name: name, maxspeed: maxspeed)
                }
                if line == 0 || line % 4 == 0, nodes.count > 4, rng.uniform(0, 1) < 0.5 {
                    sketch.signal(nodes[nodes.count / 2 + (rng.next() & 1 == 0 ? 1 : -1)])
                }
            }
        }
    }

    /// Appends `count` shape points between nodes a and b (evenly spaced, moved sideways
    /// by up to `wiggle` metres).
    mutating func addShape(from a: UInt32, to b: UInt32, count: Int, wiggle: Double, into path: inout [UInt32]) {
        guard count > 0 else { return }
        let ax = sketch.x[Int(a)], ay = sketch.y[Int(a)], bx = sketch.x[Int(b)], by = sketch.y[Int(b)]
        let length = max(1e-9, ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot())
        let nx = -(by - ay) / length, ny = (bx - ax) / length
        for q in 1...count {
            let t = Double(q) / Double(count + 1)
            let off = rng.uniform(-wiggle, wiggle)
            path.append(sketch.node(ax + (bx - ax) * t + nx * off, ay + (by - ay) * t + ny * off))
        }
    }

    /// The gate of town t nearest to (px, py).
    func gate(_ t: Int, toward px: Double, _ py: Double) -> UInt32 {
        var best = towns[t].gates[0], bestD = Double.infinity
        for g in towns[t].gates {
            let dx = sketch.x[Int(g)] - px, dy = sketch.y[Int(g)] - py
            let d = dx * dx + dy * dy
            if d < bestD {
                bestD = d
                best = g
            }
        }
        return best
    }

    // MARK: - Rural roads

    /// A winding road from node a to node b: a shape point every ~45 m, moved sideways
    /// by a smooth bend (up to 6 % of the length) and a little noise.
    mutating func road(from a: UInt32, to b: UInt32, spacing: Double = 45) -> [UInt32] {
        let ax = sketch.x[Int(a)], ay = sketch.y[Int(a)], bx = sketch.x[Int(b)], by = sketch.y[Int(b)]
        let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
        let count = max(0, Int(length / spacing) - 1)
        let nx = -(by - ay) / max(length, 1e-9), ny = (bx - ax) / max(length, 1e-9)
        let bend = rng.uniform(-0.06, 0.06) * length
        let waves = rng.uniform(1, 4).rounded(), phase = rng.uniform(0, 2 * .pi), wave = rng.uniform(0, 0.01) * length
        var path = [a]
        for q in stride(from: 1, through: count, by: 1) {
            let t = Double(q) / Double(count + 1)
            let off = bend * sin(.pi * t) + wave * sin(2 * .pi * waves * t + phase) * sin(.pi * t)
                + rng.uniform(-3, 3)
            path.append(sketch.node(ax + (bx - ax) * t + nx * off, ay + (by - ay) * t + ny * off))
        }
        path.append(b)
        return path
    }

    mutating func drawRuralRoads() {
        var grid = TownGrid(cell: 5_000)
        for (t, town) in towns.enumerated() { grid.insert(t, town) }
        var joined = Set<UInt64>()
        for t in towns.indices {
            for u in grid.nearest(3, to: t, towns) {
                let key = UInt64(min(t, u)) << 32 | UInt64(max(t, u))
                guard joined.insert(key).inserted else { continue }
                let a = gate(t, toward: towns[u].x, towns[u].y)
                let b = gate(u, toward: sketch.x[Int(a)], sketch.y[Int(a)])
                let smaller = min(towns[t].junctions, towns[u].junctions)
                let highway: NetworkSketch.Highway =
                    smaller >= primaryTown ? .primary : smaller >= secondaryTown ? .secondary
                    : smaller >= 40 ? .tertiary : .unclassified
                let number = Int(rng.next() % 999) + 1
                let ref = highway == .primary ? "N \(number)" : highway == .unclassified ? "" : "D \(number)"
                sketch.way(road(from: a, to: b), highway, ref: ref, maxspeed: highway == .primary ? 90 : 80)
            }
        }
    }

    // MARK: - Motorways

    mutating func drawMotorways() {
        let order = towns.indices.sorted { towns[$0].junctions > towns[$1].junctions }
        let hubs = Array(order.prefix(max(2, towns.count * 3 / 100)))
        guard hubs.count >= 2 else { return }
        // Prim's minimum spanning tree over the hubs, plus shortcuts to the second nearest.
        let m = hubs.count
        func distance(_ a: Int, _ b: Int) -> Double {
            let dx = towns[hubs[a]].x - towns[hubs[b]].x, dy = towns[hubs[a]].y - towns[hubs[b]].y
            return (dx * dx + dy * dy).squareRoot()
        }
        var inTree = [Bool](repeating: false, count: m)
        var best = [Double](repeating: .infinity, count: m)
        var parent = [Int](repeating: -1, count: m)
        var links: [(Int, Int)] = []
        best[0] = 0
        for _ in 0..<m {
            var v = -1
            for i in 0..<m where !inTree[i] && (v < 0 || best[i] < best[v]) { v = i }
            inTree[v] = true
            if parent[v] >= 0 { links.append((parent[v], v)) }
            for i in 0..<m where !inTree[i] {
                let d = distance(v, i)
                if d < best[i] {
                    best[i] = d
                    parent[i] = v
                }
            }
        }
        let tree = Set(links.map { UInt64(min($0.0, $0.1)) << 32 | UInt64(max($0.0, $0.1)) })
        for a in 0..<m where rng.uniform(0, 1) < 0.3 {
            let near = (0..<m).filter { $0 != a }.sorted { distance(a, $0) < distance(a, $1) }
            if near.count >= 2, !tree.contains(UInt64(min(a, near[1])) << 32 | UInt64(max(a, near[1]))) {
                links.append((a, near[1]))
            }
        }
        // Interchanges: 1.5 km outside each hub town, on a side drawn at random.
        var interchange: [(Double, Double)] = []
        for h in hubs {
            let a = rng.uniform(0, 2 * .pi), r = towns[h].radius + 1_500
            interchange.append((towns[h].x + r * cos(a), towns[h].y + r * sin(a)))
        }
        // Per hub: the carriageways arriving (their last node) and leaving (their first).
        var arriving = [[(link: Int, node: UInt32)]](repeating: [], count: m)
        var leaving = [[(link: Int, node: UInt32)]](repeating: [], count: m)
        for (number, (a, b)) in links.enumerated() {
            let (ax, ay) = interchange[a], (bx, by) = interchange[b]
            let length = max(1, ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot())
            let nx = -(by - ay) / length * 15, ny = (bx - ax) / length * 15
            // Right-hand traffic: the a→b carriageway on the right of the direction a→b.
            let ab0 = sketch.node(ax - nx, ay - ny), ab1 = sketch.node(bx - nx, by - ny)
            let ba0 = sketch.node(bx + nx, by + ny), ba1 = sketch.node(ax + nx, ay + ny)
            let forward = road(from: ab0, to: ab1, spacing: 100)
            // The other carriageway follows the same bends, 30 m away.
            var backward: [UInt32] = [ba0]
            for n in forward.dropFirst().dropLast().reversed() {
                backward.append(sketch.node(sketch.x[Int(n)] + 2 * nx, sketch.y[Int(n)] + 2 * ny))
            }
            backward.append(ba1)
            let ref = "A \(number + 1)"
            sketch.way(forward, .motorway, oneway: true, ref: ref, maxspeed: 130)
            sketch.way(backward, .motorway, oneway: true, ref: ref, maxspeed: 130)
            leaving[a].append((number, ab0))
            arriving[b].append((number, ab1))
            leaving[b].append((number, ba0))
            arriving[a].append((number, ba1))
        }
        // Ramps: from every arriving carriageway to the town and to every other
        // motorway; from the town to every leaving carriageway.
        for (h, town) in hubs.enumerated() {
            let (ix, iy) = interchange[h]
            let access = gate(town, toward: ix, iy)
            for arrive in arriving[h] {
                sketch.way(road(from: arrive.node, to: access, spacing: 60), .motorwayLink, oneway: true)
                for leave in leaving[h] where leave.link != arrive.link {
                    sketch.way(ramp(arrive.node, leave.node), .motorwayLink, oneway: true)
                }
            }
            for leave in leaving[h] {
                sketch.way(road(from: access, to: leave.node, spacing: 60), .motorwayLink, oneway: true)
            }
        }
    }

    /// A short curved ramp between two carriageway ends of one interchange.
    mutating func ramp(_ a: UInt32, _ b: UInt32) -> [UInt32] {
        let ax = sketch.x[Int(a)], ay = sketch.y[Int(a)], bx = sketch.x[Int(b)], by = sketch.y[Int(b)]
        let mx = (ax + bx) / 2 + (by - ay) * 0.3, my = (ay + by) / 2 - (bx - ax) * 0.3
        return [a, sketch.node((ax + mx) / 2, (ay + my) / 2), sketch.node(mx, my), sketch.node((mx + bx) / 2, (my + by) / 2), b]
    }
}

/// Towns in square cells, for overlap tests and nearest-town searches.
struct TownGrid {
    let cell: Double
    private var cells: [Int64: [Int]] = [:]
    /// Towns larger than a cell, checked one by one.
    private var large: [Int] = []

    init(cell: Double) { self.cell = cell }

    private func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << 32 | Int64(UInt32(bitPattern: Int32(cy))) }

    mutating func insert(_ index: Int, _ town: CountryDrawing.Town) {
        if town.radius > cell / 2 {
            large.append(index)
        } else {
            cells[key(Int((town.x / cell).rounded(.down)), Int((town.y / cell).rounded(.down))), default: []].append(index)
        }
    }

    /// Whether `town` comes within 800 m of a town already inserted.
    func overlaps(_ town: CountryDrawing.Town, _ towns: [CountryDrawing.Town]) -> Bool {
        let clash = { (o: CountryDrawing.Town) -> Bool in
            let dx = o.x - town.x, dy = o.y - town.y, r = o.radius + town.radius + 800
            return dx * dx + dy * dy < r * r
        }
        if large.contains(where: { clash(towns[$0]) }) { return true }
        let reach = Int(((town.radius + 800 + cell / 2) / cell).rounded(.up))
        let cx = Int((town.x / cell).rounded(.down)), cy = Int((town.y / cell).rounded(.down))
        for gx in (cx - reach)...(cx + reach) {
            for gy in (cy - reach)...(cy + reach) {
                if let list = cells[key(gx, gy)], list.contains(where: { clash(towns[$0]) }) { return true }
            }
        }
        return false
    }

    /// The `count` towns nearest to town t (by centre), widening the search ring by ring.
    func nearest(_ count: Int, to t: Int, _ towns: [CountryDrawing.Town]) -> [Int] {
        let town = towns[t]
        let cx = Int((town.x / cell).rounded(.down)), cy = Int((town.y / cell).rounded(.down))
        var found: [(Double, Int)] = large.filter { $0 != t }.map { (dist2(towns[$0], town), $0) }
        var ring = 0
        while true {
            for gx in (cx - ring)...(cx + ring) {
                for gy in (cy - ring)...(cy + ring) where max(abs(gx - cx), abs(gy - cy)) == ring {
                    for u in cells[key(gx, gy)] ?? [] where u != t { found.append((dist2(towns[u], town), u)) }
                }
            }
            // Every town within `ring` cells is in; those found are final once the count is
            // met within that distance.
            let sure = Double(ring) * cell
            let close = found.filter { $0.0 <= sure * sure }
            if close.count >= count || ring > 4_000 || found.count >= towns.count - 1 {
                return found.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }.prefix(count).map(\.1)
            }
            ring += 1
        }
    }

    private func dist2(_ a: CountryDrawing.Town, _ b: CountryDrawing.Town) -> Double {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }
}
