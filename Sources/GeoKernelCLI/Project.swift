import ArgumentParser
import GeoKernel

/// `geokernel project --from EPSG:4326 --to EPSG:3857 X Y`: one point through PROJ.
struct Project: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Transform one point between two CRS (x = longitude for geographic CRS).")

    @Option(help: "Source CRS (EPSG code, PROJ string or WKT).") var from = "EPSG:4326"
    @Option(help: "Target CRS.") var to = "EPSG:3857"
    @Argument(help: "x (longitude, easting).") var x: Double
    @Argument(help: "y (latitude, northing).") var y: Double

    func run() throws {
        let t = try Transformer(source: from, target: to)
        let p = try t.transform(x: x, y: y)
        print("\(Format.fixed(p.x, 6)) \(Format.fixed(p.y, 6))")
    }
}
