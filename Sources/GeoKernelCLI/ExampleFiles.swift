import GeoFormats
import GeoKernel
import Matching
import Nearby
import OpenStreetMap
import Route
import Simulation
import Timeline

/// The example files of `docs/examples/`, which the README, the guides and the tests use:
/// `geokernel demo --write-examples DIR` writes them, and a test checks that the committed
/// copies are what the tool writes today. Everything is generated (the sample town, the
/// simulated day), so the same tool writes the same bytes.
enum ExampleFiles {
    /// The files, by name, in the order they are written.
    static let names = [
        "town.osm", "town.gkaddr", "pins.geojson", "day.csv", "fences.geojson", "places.csv", "drive.csv", "districts.geojson",
    ]

    /// Writes every example file into `directory` (which must exist), each atomically.
    static func write(into directory: String) throws {
        let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let town = SampleTown.osmXML
        try FileIO.writeAtomically(to: "\(dir)/town.osm", text: town)
        let built = try AddressIndex.build(bytes: Array(town.utf8), format: .xml)
        try built.index.save(to: "\(dir)/town.gkaddr")
        try FileIO.writeAtomically(to: "\(dir)/pins.geojson", text: pinsGeoJSON())
        let day = SimulatedDay()
        try FileIO.writeAtomically(to: "\(dir)/day.csv", text: dayCSV(day))
        try FileIO.writeAtomically(to: "\(dir)/fences.geojson", text: fencesGeoJSON())
        try FileIO.writeAtomically(to: "\(dir)/places.csv", text: placesCSV())
        try FileIO.writeAtomically(to: "\(dir)/drive.csv", text: try driveCSV())
        try FileIO.writeAtomically(to: "\(dir)/districts.geojson", text: districtsGeoJSON())
    }

    /// The sample town's nine districts as polygon fences (`geokernel fences`): 300 m
    /// districts with wiggly shared borders over the town (`SimulatedDistricts`, seed 45),
    /// "Le Parc" with a pond (a hole); positions rounded to 1e-7 degrees (about 1 cm), the
    /// same for both sides of a shared border.
    static func districtsGeoJSON() -> String {
        let names = ["Les Écoles", "La Poste", "Le Moulin", "Les Lilas", "La Fontaine", "La Gare", "Le Parc", "Pasteur", "Les Hauts"]
        let sw = SampleTown.position(east: -75, north: -75)
        let plan = SimulatedDistricts(
            rows: 3, columns: 3, southWest: Coordinate(uncheckedLatitude: sw.latitude, longitude: sw.longitude), sizeMeters: 300,
            verticesPerSide: 9)
        let features = plan.polygons(seed: 45).enumerated().map { k, polygon -> GeoJSONFeature in
            let rings = polygon.rings.map { ring in
                ring.map { GeoJSONPosition(longitude: rounded7($0.longitude), latitude: rounded7($0.latitude)) }
            }
            return GeoJSONFeature(id: .string(names[k]), geometry: .polygon(rings), properties: [:])
        }
        return GeoJSON.encode(.featureCollection(features)) + "\n"
    }

    /// A drive through the sample town for `geokernel match`: the fastest car route from
    /// pin A to pin E through pin C, sampled every 5 s at the profile's speeds with 8 m of
    /// Gaussian noise (`SimulatedTrace`, seed 2024), starting 2024-06-01T08:00:00Z.
    static func driveCSV() throws -> String {
        var builder = RoadNetworkBuilder(profile: .car)
        try OSMFile.read(bytes: Array(SampleTown.osmXML.utf8), format: .xml) { builder.add($0) }
        var out = "time,lat,lon,accuracy\n"
        for f in try driveFixes(on: try RoadGraph(try builder.build().network)) {
            out += "\(ISO8601Time.format(f.timestamp)),\(Format.fixed(f.coordinate.latitude, 7)),"
                + "\(Format.fixed(f.coordinate.longitude, 7)),\(Format.fixed(f.horizontalAccuracyMeters ?? 0, 1))\n"
        }
        return out
    }

    /// The fixes of that drive on the sample town's car graph `graph`.
    static func driveFixes(on graph: RoadGraph) throws -> [Fix] {
        let b = SampleTown.blockMeters
        let stops = try [pins[0], pins[2], pins[4]].map { pin in
            let p = SampleTown.position(east: pin.east * b, north: pin.north * b)
            return try graph.snap(
                try Coordinate(latitude: p.latitude, longitude: p.longitude), maxDistanceMeters: 200, role: .via)
        }
        var sim = SimulatedTrace()
        sim.intervalSeconds = 5
        sim.noiseMeters = 8
        sim.startTime = 1_717_228_800
        var fixes: [Fix] = []
        for k in 0..<2 {
            let path = try graph.route(from: stops[k], to: stops[k + 1])
            sim.startTime = 1_717_228_800 + Double(k) * 600
            fixes += try sim.fixes(along: path, seed: 2024 + UInt64(k)).map(\.fix)
        }
        return fixes
    }

    /// Five pins A–E in the sample town: the west end of Avenue de la Gare, the Mairie, the
    /// café by the roundabout, the pharmacy and the north-east corner.
    static let pins: [(name: String, east: Double, north: Double)] = [
        ("A", 0.1, 2.0), ("B", 0.5, 0.08), ("C", 2.3, 2.3), ("D", 4.5, 1.9), ("E", 4.9, 4.9),
    ]

    static func pinsGeoJSON() -> String {
        let b = SampleTown.blockMeters
        let features = pins.map { pin -> GeoJSONFeature in
            let p = SampleTown.position(east: pin.east * b, north: pin.north * b)
            return GeoJSONFeature(
                geometry: .point(GeoJSONPosition(longitude: rounded7(p.longitude), latitude: rounded7(p.latitude))),
                properties: ["name": .string(pin.name)])
        }
        return GeoJSON.encode(.featureCollection(features)) + "\n"
    }

    /// The simulated day (06:00–22:00 UTC on 2024-06-01, Zürich, 1 572 fixes) as CSV, with
    /// each fix's horizontal accuracy in metres (which the cleaning stage uses to drop the
    /// indoor outliers; GPX has no field for it).
    static func dayCSV(_ day: SimulatedDay) -> String {
        var out = "time,lat,lon,accuracy\n"
        for f in day.fixes {
            out += "\(ISO8601Time.format(f.timestamp)),\(Format.fixed(f.coordinate.latitude, 7)),"
                + "\(Format.fixed(f.coordinate.longitude, 7)),\(Format.fixed(f.horizontalAccuracyMeters ?? 0, 1))\n"
        }
        return out
    }

    /// Fences around three places of the day: home (150 m), the office (200 m), the café (80 m).
    static func fencesGeoJSON() -> String {
        let fences: [(String, Double)] = [("home", 150), ("office", 200), ("café", 80)]
        let features = fences.map { name, radius -> GeoJSONFeature in
            let c = SimulatedDay.places[name]!.coordinate
            return GeoJSONFeature(
                id: .string(name), geometry: .point(GeoJSONPosition(c)), properties: ["radius": .number(radius)])
        }
        return GeoJSON.encode(.featureCollection(features)) + "\n"
    }

    /// The day's places as a gazetteer (`nearby`, `timeline --gazetteer`), sorted by name.
    static func placesCSV() -> String {
        var out = "name,lat,lon,admin1,cc\n"
        for place in SimulatedDay.places.values.sorted(by: { $0.name < $1.name }) {
            out += "\(place.name),\(place.coordinate.latitude),\(place.coordinate.longitude),Zürich,CH\n"
        }
        return out
    }

    private static func rounded7(_ v: Double) -> Double { (v * 1e7).rounded() / 1e7 }
}
