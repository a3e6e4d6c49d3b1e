import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel
import GeoText
import Nearby
import OpenStreetMap
import Timeline

/// `geokernel places build|lookup`: the address index (reverse geocoding by address from
/// OpenStreetMap data).
struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Name coordinates by their address, from OpenStreetMap data.",
        subcommands: [Build.self, Lookup.self])

    struct Build: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build an address index from an OpenStreetMap file and save it.",
            discussion: """
                Reads named places (amenity, shop, tourism, leisure, office, craft, historic, building \
                with a name), house numbers (addr:housenumber with addr:street or addr:place) and \
                named streets (highway ways) from a .osm.pbf, .osm or .osm.gz file.
                """)

        @Argument(help: "The OpenStreetMap file (.osm.pbf, .osm, .osm.gz); - for standard input.")
        var osm: String

        @Option(help: "Where to save the index (written atomically); - for standard output, the report then going to standard error.")
        var out: String

        @Flag(help: "No progress line on standard error (shown for work over 2 s when it is a terminal).")
        var quiet = false

        func run() throws {
            try DataOutput.prepare(out)
            let (index, report) = try Progress(quiet: quiet).phase("reading \(InputFiles.shown(osm))") {
                try InputFiles.withPath(osm) { try AddressIndex.build(osmFile: $0) }
            }
            print("read: \(report)")
            let size = try DataOutput.withPath(out) { try index.save(to: $0) }
            print("saved \(DataOutput.name(out)) (\(size) bytes)")
        }
    }

    struct Lookup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Name coordinates: the nearest named place, house number or street.",
            discussion: """
                A named place within --place-m wins, else the nearest house number within --address-m, \
                else the nearest named street within --street-m, else the nearest town of --gazetteer \
                (when given), else "-". Prints one line per coordinate: LAT,LON, kind, distance, name; \
                with --format json one JSON array with an object per coordinate (lat, lon, and when \
                something was found kind, distance_m, text, name, house_number, street, and its lat \
                and lon as match_lat, match_lon; null otherwise).
                """)

        @Argument(help: "Coordinates as LAT,LON in degrees.")
        var coordinates: [String]

        @Option(help: "An index saved by `places build`; - for standard input.")
        var index: String?

        @Option(help: "Or an OpenStreetMap file to index first; - for standard input.")
        var osm: String?

        @Option(help: "A gazetteer (CSV or GeoNames) for the town fallback; - for standard input.")
        var gazetteer: String?

        @Option(name: .customLong("place-m"), parsing: .unconditional, help: "How near a named place must be, metres.")
        var placeM: Double = AddressRadii.default.placeMeters
        @Option(name: .customLong("address-m"), parsing: .unconditional, help: "How near a house number must be, metres.")
        var addressM: Double = AddressRadii.default.addressMeters
        @Option(name: .customLong("street-m"), parsing: .unconditional, help: "How near a named street must be, metres.")
        var streetM: Double = AddressRadii.default.streetMeters

        @Option(help: "Output: text (a line per coordinate) or json (an array, full precision).")
        var format: TextOrJSON = .text

        func validate() throws {
            try InputFiles.requireOneStandardInput(["--index": index, "--osm": osm, "--gazetteer": gazetteer])
        }

        func run() throws {
            for (r, name) in [(placeM, "--place-m"), (addressM, "--address-m"), (streetM, "--street-m")] where !(r >= 0) {
                throw ValidationError("\(name) \(r): a radius in metres, 0 or more")
            }
            let addresses = try AddressIndexSource.load(index: index, osm: osm)
            let towns = try gazetteer.map { path in try InputFiles.withPath(path) { try ReverseGeocoder(contentsOf: $0) } }
            let radii = AddressRadii(placeMeters: placeM, addressMeters: addressM, streetMeters: streetM)
            var json = JSONWriter(.compact)
            json.beginArray()
            for text in coordinates {
                let c = try LatLonText.parse(text, option: "coordinate")
                let match = addresses.lookup(c, radii: radii, fallback: towns)
                switch (format, match) {
                case (.text, let m?): print("\(text)\t\(m.kind)\t\(Format.fixed(m.distanceMeters, 1)) m\t\(m.text)")
                case (.text, nil): print("\(text)\t-")
                case (.json, _):
                    json.beginObject()
                    json.member("lat", c.latitude)
                    json.member("lon", c.longitude)
                    if let m = match {
                        json.member("kind", "\(m.kind)")
                        json.member("distance_m", m.distanceMeters)
                        json.member("text", m.text)
                        json.member("name", m.name)
                        json.member("house_number", m.houseNumber)
                        json.member("street", m.street)
                        json.member("match_lat", m.coordinate.latitude)
                        json.member("match_lon", m.coordinate.longitude)
                    } else {
                        json.key("kind")
                        json.null()
                    }
                    json.endObject()
                }
            }
            json.endArray()
            if format == .json { print(json.text) }
        }
    }
}

/// An address index from a saved file or an OSM file (`--places` / `--osm`).
enum AddressIndexSource {
    static func load(index: String?, osm: String?) throws -> AddressIndex {
        if let index { return try InputFiles.withPath(index) { try AddressIndex(contentsOf: $0) } }
        if let osm { return try InputFiles.withPath(osm) { try AddressIndex.build(osmFile: $0).index } }
        throw ValidationError("give --index FILE (from `geokernel places build`) or --osm FILE")
    }
}

/// The places a diary's stays return to, printed by `geokernel timeline --visits`.
enum VisitsText {
    static func print(_ diary: Diary, radiusMeters: Double, zone: TimeZoneRules) throws {
        let visits = try PlaceVisits(
            placemarks: diary.placemarks, radiusMeters: radiusMeters, utcOffset: { Double(zone.utcOffsetSeconds(at: $0)) })
        Swift.print("places visited (stays within \(Format.fixed(radiusMeters, 0)) m of each other are one place):")
        for p in visits.places {
            let label = visits.label(p.id).map { $0 == p.name ? $0 : "\($0) (\(p.name ?? "#\(p.id)"))" } ?? "#\(p.id)"
            Swift.print("  \(label): \(p.visitCount) visit\(p.visitCount == 1 ? "" : "s"), "
                + "\(DiaryText.duration(p.totalSeconds)) in all")
        }
    }
}
