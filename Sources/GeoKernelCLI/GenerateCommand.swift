import ArgumentParser
import FoundationEssentials
import GeoKernel
import OpenStreetMap
import OpenStreetMapWriter

/// `geokernel generate country|tiles|grid`: road networks made by the project, written as
/// OSM PBF, for tests and benchmarks at scale (issue 22).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write made-up road networks (a country, tiled extracts, a grid) as OSM PBF.",
        discussion: """
            Every network is seeded: the same arguments give the same file on every machine. \
            The files read like any OpenStreetMap extract (`geokernel graph --osm FILE`, \
            `geokernel route --osm FILE`).
            """,
        subcommands: [Country.self, Tiles.self, Grid.self])

    struct Country: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A made-up country: towns, rural roads, motorways.",
            discussion: """
                Towns of varied size (street grids with one-way streets and roundabouts), rural \
                roads between neighbouring towns, and motorways with ramps between the largest, \
                sized so that the car graph has about --junctions junctions. See \
                docs/openstreetmap.md for what is drawn.
                """)

        @Option(help: "About how many junctions the car graph should have (100 to 50 000 000).")
        var junctions: Int

        @Option(help: "Seed of everything drawn.")
        var seed: UInt64 = 1

        @Option(help: "Centre of the country, LAT,LON in degrees.")
        var center: String = "46.5,2.5"

        @OptionGroup var file: GeneratedFile

        func run() throws {
            let c = try LatLonText.parse(center, option: "--center")
            try file.write { path, level in
                try SyntheticCountry.write(
                    junctions: junctions, seed: seed, center: (c.latitude, c.longitude), to: path, compressionLevel: level)
            }
        }
    }

    struct Tiles: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "K × K copies of a real extract, joined by trunk roads.",
            discussion: """
                Each copy keeps the extract's data with its ids shifted; neighbouring copies are \
                joined east–west and south–north by a trunk road between the extract's outermost \
                nodes on its main roads.
                """)

        @Option(help: "The extract to copy (PBF, XML or gzip-compressed XML); - reads standard input.")
        var osm: String

        @Option(help: "K: the network is K × K copies (1 to 64).")
        var tiles: Int

        @OptionGroup var file: GeneratedFile

        func run() throws {
            try InputFiles.withPath(osm) { input in
                try file.write { path, level in
                    try TiledExtract.write(from: input, tiles: tiles, to: path, compressionLevel: level)
                }
            }
        }
    }

    struct Grid: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A street grid: the hardest case for contraction hierarchies.",
            discussion: """
                ROWS × COLUMNS junctions about --spacing metres apart, jittered; 10 % of the \
                blocks one-way, 5 % missing; every tenth street tertiary, the rest residential.
                """)

        @Option(help: "Junctions from south to north (2 to 10 000).")
        var rows: Int

        @Option(help: "Junctions from west to east (2 to 10 000).")
        var columns: Int

        @Option(help: "Distance between neighbouring junctions, metres.")
        var spacing: Double = 100

        @Option(help: "Seed of the jitter and of what is one-way or missing.")
        var seed: UInt64 = 1

        @OptionGroup var file: GeneratedFile

        func run() throws {
            try file.write { path, level in
                try SyntheticGrid.write(
                    rows: rows, columns: columns, seed: seed, spacingMeters: spacing, to: path, compressionLevel: level)
            }
        }
    }

    /// The file every generator writes: where, and how hard it is compressed.
    struct GeneratedFile: ParsableArguments {
        @Option(help: "zlib compression level, 1 (fastest) to 9 (smallest).")
        var compression: Int = 6

        @Option(help: "Where to write the PBF file (atomically); - for standard output.")
        var out: String

        /// Runs `body` with the path to write (a temporary file for `-`) and the level, then
        /// says on standard error what was written where.
        func write(_ body: (String, Int) throws -> OSMPBFWriter.Summary) throws {
            try DataOutput.prepare(out)
            var summary = OSMPBFWriter.Summary()
            try DataOutput.withPath(out) { path in summary = try body(path, compression) }
            StandardStreams.note(
                "wrote \(summary.nodes) nodes and \(summary.ways) ways (\(summary.bytes) bytes) to \(DataOutput.name(out))\n")
        }
    }
}
