import Foundation
import GeoKernel
import OpenStreetMap
import _GeoKernelTestSupport

/// Helpers shared by the OSMReader test suites.
enum OSMReaderFixture {
    static let monacoPBF = SharedData.path("osm/monaco.osm.pbf")
    static let monacoGzip = SharedData.path("osm/monaco.osm.gz")
    static let andorraPBF = SharedData.path("osm/andorra.osm.pbf")
    static let andorraGzip = SharedData.path("osm/andorra.osm.gz")

    /// Every element of a file, in order.
    static func elements(_ path: String, format: OSMFileFormat? = nil) throws -> [OSMElement] {
        var out: [OSMElement] = []
        try OSMFile.read(path, format: format) { out.append($0) }
        return out
    }

    /// Every element of bytes in memory.
    static func elements(bytes: [UInt8], format: OSMFileFormat) throws(GeoKernelError) -> [OSMElement] {
        var out: [OSMElement] = []
        try OSMFile.read(bytes: bytes, format: format) { out.append($0) }
        return out
    }

    /// Elements of tiny XML text.
    static func xml(_ text: String) throws(GeoKernelError) -> [OSMElement] {
        try elements(bytes: Array(text.utf8), format: .xml)
    }

    /// The error thrown while reading `bytes`, or nil when the read succeeds.
    static func error(bytes: [UInt8], format: OSMFileFormat) -> GeoKernelError? {
        do throws(GeoKernelError) {
            try OSMFile.read(bytes: bytes, format: format) { _ in }
            return nil
        } catch {
            return error
        }
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A file's gzip stream decompressed (through the system's gzip, as a reference).
    static func gunzip(_ path: String) throws -> [UInt8] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "gzip -dc \"$0\"", path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return [UInt8](data)
    }

    /// Counts of nodes, ways and relations.
    static func counts(_ elements: [OSMElement]) -> (nodes: Int, ways: Int, relations: Int) {
        var c = (nodes: 0, ways: 0, relations: 0)
        for e in elements {
            switch e {
            case .node: c.nodes += 1
            case .way: c.ways += 1
            case .relation: c.relations += 1
            }
        }
        return c
    }

    /// The element with coordinates rounded to 1e-7 degrees (the precision of OSM data).
    static func rounded(_ e: OSMElement) -> OSMElement {
        guard case .node(var n) = e else { return e }
        n.latitude = (n.latitude * 1e7).rounded() / 1e7
        n.longitude = (n.longitude * 1e7).rounded() / 1e7
        return .node(n)
    }
}
