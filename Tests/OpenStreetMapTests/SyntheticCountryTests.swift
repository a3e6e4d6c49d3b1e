import GeoKernel
import OpenStreetMap
import OpenStreetMapWriter
import Testing

@Suite("SyntheticCountry")
struct SyntheticCountryTests {
    static func elements(junctions: Int, seed: UInt64) throws -> [OSMElement] {
        var out: [OSMElement] = []
        try SyntheticCountry.generate(junctions: junctions, seed: seed) { out.append($0) }
        return out
    }

    @Test("A country of 10 000 junctions gives a car graph of 10 000 junctions within 15 %, nearly all one component")
    func junctionCountIsAsAsked() throws {
        for (junctions, seed) in [(10_000, UInt64(1)), (10_000, 2), (2_000, 3)] {
            var builder = RoadNetworkBuilder(profile: .car)
            try SyntheticCountry.generate(junctions: junctions, seed: seed) { builder.add($0) }
            let (network, report) = try builder.build()
            #expect(report.missingNodeReferences == 0)
            let graph = try RoadGraph(network, options: RoadGraph.Options(contractedMetrics: []))
            let n = Double(graph.nodeCount)
            #expect(abs(n - Double(junctions)) <= 0.15 * Double(junctions), "\(junctions) asked, \(graph.nodeCount) built (seed \(seed))")
            // The largest strongly connected component holds nearly everything.
            #expect(Double(graph.report.droppedNodes) <= 0.01 * n, "\(graph.report.droppedNodes) of \(graph.nodeCount) dropped")
        }
    }

    @Test("The same seed gives the same file, another seed another network")
    func seedsAreReproducible() throws {
        let a = try OSMPBFWriter.encode(try Self.elements(junctions: 3_000, seed: 7))
        let b = try OSMPBFWriter.encode(try Self.elements(junctions: 3_000, seed: 7))
        let c = try OSMPBFWriter.encode(try Self.elements(junctions: 3_000, seed: 8))
        #expect(a == b)
        #expect(a != c)
    }

    @Test("Nodes come first with ids 1…n, then ways referring only to them")
    func elementsAreInFileOrder() throws {
        var nodes = 0, sawWay = false, bad = 0
        try SyntheticCountry.generate(junctions: 5_000, seed: 4) { e in
            switch e {
            case .node(let n):
                if sawWay || n.id != Int64(nodes + 1) { bad += 1 }
                nodes += 1
            case .way(let w):
                sawWay = true
                if w.nodeIDs.count < 2 || w.nodeIDs.contains(where: { $0 < 1 || $0 > Int64(nodes) }) { bad += 1 }
            case .relation: bad += 1
            }
        }
        #expect(bad == 0)
        #expect(sawWay)
    }

    @Test("It draws what a country has: every road class, one-way streets, roundabouts, ramps, signals, repeated names")
    func hasTheFeaturesOfACountry() throws {
        var highways: [String: Int] = [:]
        var oneway = 0, roundabouts = 0, signals = 0, names: [String: Int] = [:], refs = 0, speeds = 0
        var linkOneway = 0, motorwayOneway = 0
        try SyntheticCountry.generate(junctions: 20_000, seed: 5) { e in
            switch e {
            case .node(let n): if n.tags["highway"] == "traffic_signals" { signals += 1 }
            case .way(let w):
                let h = w.tags["highway"] ?? ""
                highways[h, default: 0] += 1
                if w.tags["oneway"] == "yes" { oneway += 1 }
                if w.tags["junction"] == "roundabout" {
                    roundabouts += 1
                    #expect(w.nodeIDs.first == w.nodeIDs.last, "a roundabout is a closed way")
                }
                if let name = w.tags["name"] { names[name, default: 0] += 1 }
                if w.tags["ref"] != nil { refs += 1 }
                if w.tags["maxspeed"] != nil { speeds += 1 }
                if h == "motorway_link" && w.tags["oneway"] == "yes" { linkOneway += 1 }
                if h == "motorway" && w.tags["oneway"] == "yes" { motorwayOneway += 1 }
            case .relation: break
            }
        }
        for h in ["motorway", "motorway_link", "primary", "secondary", "tertiary", "unclassified", "residential", "living_street"] {
            #expect(highways[h, default: 0] > 0, "no \(h)")
        }
        #expect(highways["motorway"] == motorwayOneway, "motorways are one-way carriageways")
        #expect(highways["motorway_link"] == linkOneway, "ramps are one-way")
        #expect(highways["motorway", default: 0] % 2 == 0, "carriageways come in pairs")
        #expect(oneway > highways["motorway", default: 0] + linkOneway, "some town streets are one-way")
        #expect(roundabouts > 10)
        #expect(signals > 10)
        #expect(refs > 0 && speeds > 0)
        #expect(names.values.contains { $0 > 50 }, "street names repeat between towns")
    }

    @Test("Sizes and centres out of range are refused")
    func badArgumentsAreRefused() {
        for junctions in [0, 99, 50_000_001] {
            #expect(throws: GeoKernelError.self) { try SyntheticCountry.generate(junctions: junctions, seed: 1) { _ in } }
        }
        #expect(throws: GeoKernelError.self) {
            try SyntheticCountry.generate(junctions: 1_000, seed: 1, center: (80, 0)) { _ in }
        }
    }
}

@Suite("TiledExtract and SyntheticGrid")
struct TiledExtractTests {
    typealias F = OSMReaderFixture

    @Test("2 × 2 tiles of Andorra make four copies joined into one network")
    func tilesAreFourJoinedCopies() throws {
        let original = try F.elements(F.andorraPBF)
        var tiled: [OSMElement] = []
        try TiledExtract.generate(from: F.andorraPBF, tiles: 2) { tiled.append($0) }
        let count = { (elements: [OSMElement], kind: Int) in
            elements.filter {
                switch $0 {
                case .node: kind == 0
                case .way: kind == 1
                case .relation: kind == 2
                }
            }.count
        }
        // Four joins (two east–west, two south–north) add ways and their inner nodes.
        #expect(count(tiled, 1) == 4 * count(original, 1) + 4)
        #expect(count(tiled, 2) == 4 * count(original, 2))
        #expect(count(tiled, 0) > 4 * count(original, 0))
        // Ids are unique per kind, and every way refers to nodes of the file.
        var nodeIDs = Set<Int64>(), wayIDs = Set<Int64>(), duplicates = 0
        for case .node(let n) in tiled where !nodeIDs.insert(n.id).inserted { duplicates += 1 }
        for case .way(let w) in tiled where !wayIDs.insert(w.id).inserted { duplicates += 1 }
        #expect(duplicates == 0)
        var dangling = 0
        for case .way(let w) in tiled { dangling += w.nodeIDs.filter { !nodeIDs.contains($0) }.count }
        #expect(dangling == 0)
        // A copy is the original moved: tile 3 (north-east) of the first node.
        guard case .node(let first) = original[0], case .node(let copy) = tiled[3 * count(original, 0)] else {
            Issue.record("the first nodes are missing")
            return
        }
        #expect(copy.tags == first.tags)
        #expect(copy.latitude > first.latitude && copy.longitude > first.longitude)

        // The car graph: four Andorras, joined into one strongly connected component.
        var one = RoadNetworkBuilder(profile: .car), four = RoadNetworkBuilder(profile: .car)
        for e in original { one.add(e) }
        for e in tiled { four.add(e) }
        let g1 = try RoadGraph(try one.build().0, options: RoadGraph.Options(contractedMetrics: []))
        let g4 = try RoadGraph(try four.build().0, options: RoadGraph.Options(contractedMetrics: []))
        #expect(g4.nodeCount >= 4 * g1.nodeCount, "\(g4.nodeCount) junctions for 4 × \(g1.nodeCount)")
        #expect(g4.report.droppedNodes <= 4 * g1.report.droppedNodes + 8)
    }

    @Test("Tile counts out of range are refused")
    func badTileCountsAreRefused() {
        for k in [0, 65] {
            #expect(throws: GeoKernelError.self) { try TiledExtract.generate(from: F.andorraPBF, tiles: k) { _ in } }
        }
    }

    @Test("A 60 × 40 grid has its junctions, some one-way blocks and one component for cars")
    func gridHasItsJunctions() throws {
        var builder = RoadNetworkBuilder(profile: .car)
        var oneway = 0, nodes = 0
        try SyntheticGrid.generate(rows: 60, columns: 40, seed: 3) { e in
            builder.add(e)
            if case .way(let w) = e, w.tags["oneway"] == "yes" { oneway += 1 }
            if case .node = e { nodes += 1 }
        }
        #expect(oneway > 100)
        #expect(nodes > 2_400)
        let graph = try RoadGraph(try builder.build().0, options: RoadGraph.Options(contractedMetrics: []))
        // Every junction but a few cut off by missing or one-way blocks.
        #expect(graph.nodeCount >= 2_300 && graph.nodeCount <= 2_400, "\(graph.nodeCount)")
        #expect(throws: GeoKernelError.self) { try SyntheticGrid.generate(rows: 1, columns: 10, seed: 1) { _ in } }
        #expect(throws: GeoKernelError.self) {
            try SyntheticGrid.generate(rows: 10_000, columns: 10, seed: 1, spacingMeters: 10_000) { _ in }
        }
    }
}
