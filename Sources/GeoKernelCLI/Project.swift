import ArgumentParser
import GeoKernel
import GeoText

/// `geokernel project --from EPSG:4326 --to EPSG:3857 X Y`: one point through the `Transformer` (native for its CRS, PROJ for the rest).
struct Project: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Transform one point between two CRS (PROJ).",
        discussion: "x is the longitude or easting, y the latitude or northing. " + PositionalNumbers.helpNote)

    @Option(help: "Source CRS (EPSG code, PROJ string or WKT).") var from = "EPSG:4326"
    @Option(help: "Target CRS.") var to = "EPSG:3857"
    @Option(help: "Output: text (x y), or json ({\"x\": …, \"y\": …}, full precision).") var format: TextOrJSON = .text
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("x (longitude, easting), then y (latitude, northing).", valueName: "x y"))
    var point: [String] = []

    func validate() throws { _ = try PositionalNumbers.parse(point, names: ["X", "Y"]) }

    func run() throws {
        let v = try PositionalNumbers.parse(point, names: ["X", "Y"])
        let t = try Transformer(source: from, target: to)
        let p = try t.transform(x: v[0], y: v[1])
        guard format == .json else { return print("\(Format.fixed(p.x, 6)) \(Format.fixed(p.y, 6))") }
        var w = JSONWriter(.compact)
        w.beginObject()
        w.member("x", p.x)
        w.member("y", p.y)
        w.endObject()
        print(w.text)
    }
}
