#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel
import GeoText

/// A small town that GeoKernel generates itself, as an OpenStreetMap XML document: the
/// built-in road network of `make run`'s demo, the README's examples and tests that need
/// a network without `../shared`.
///
/// Six east–west and six north–south streets, 150 m apart, all named; Avenue de la Gare
/// (primary, ref D 7) and Boulevard Central (secondary, ref D 12) meet at a roundabout,
/// the Rond-point de la Fontaine (radius 25 m); Rue du Marché is one-way eastbound, Rue
/// Pasteur one-way westbound and Rue de la Poste one-way northbound; Impasse des Jardins
/// is a dead end for residents (`access=destination`); a bollard closes Rue des Tilleuls
/// to cars between Rue Pasteur and Rue Victor Hugo. Four places have a name and an address
/// (Café de la Fontaine, Boulangerie du Marché, the Mairie, Pharmacie de la Gare) and five
/// houses on Rue des Lilas a house number. The south-west corner is at (45.0, 5.0)
/// degrees; the town is fictional.
///
/// Thread safety: a stateless namespace; `Sendable`. C twin: none (C callers write their
/// own OSM file; `gk_road_graph_build_osm` reads it).
/// \since 0.2
public enum SampleTown {
    /// Latitude and longitude of the south-west corner, degrees.
    public static let origin = (latitude: 45.0, longitude: 5.0)
    /// Distance between parallel streets, metres.
    public static let blockMeters = 150.0

    static let rows = ["Rue des Écoles", "Rue du Marché", "Avenue de la Gare", "Rue des Lilas", "Rue Pasteur",
                       "Rue Victor Hugo"]
    static let columns = ["Rue du Moulin", "Rue de la Poste", "Boulevard Central", "Rue des Tilleuls",
                          "Rue Jean Jaurès", "Chemin des Vignes"]

    /// The position `east` metres east and `north` metres north of the origin (local
    /// equirectangular approximation on the sphere, exact enough for a town).
    public static func position(east: Double, north: Double) -> (latitude: Double, longitude: Double) {
        let metersPerDegree = EarthModel.meanRadiusMeters * Double.pi / 180
        let lat = origin.latitude + north / metersPerDegree
        let lon = origin.longitude + east / (metersPerDegree * cos(origin.latitude * Double.pi / 180))
        return (lat, lon)
    }

    /// The whole town as OpenStreetMap XML 0.6 (UTF-8 text, about 9 KB).
    ///
    /// - Complexity: O(1) (a fixed town).
    public static var osmXML: String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"GeoKernel SampleTown\">\n"
        func node(_ id: Int, _ east: Double, _ north: Double, _ tags: [(String, String)] = []) {
            let p = position(east: east, north: north)
            let at = "lat=\"\(fixed7(p.latitude))\" lon=\"\(fixed7(p.longitude))\""
            if tags.isEmpty {
                xml += "  <node id=\"\(id)\" \(at)/>\n"
            } else {
                xml += "  <node id=\"\(id)\" \(at)>" + tags.map { "<tag k=\"\($0.0)\" v=\"\(escape($0.1))\"/>" }.joined()
                    + "</node>\n"
            }
        }
        func way(_ id: Int, _ refs: [Int], _ tags: [(String, String)]) {
            xml += "  <way id=\"\(id)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + tags.map { "<tag k=\"\($0.0)\" v=\"\(escape($0.1))\"/>" }.joined() + "</way>\n"
        }
        func grid(_ i: Int, _ j: Int) -> Int { 1000 + 10 * j + i }
        let b = blockMeters
        for j in 0..<6 { for i in 0..<6 where !(i == 2 && j == 2) { node(grid(i, j), Double(i) * b, Double(j) * b) } }
        // The roundabout: eight nodes on a 25 m circle around the crossing (2, 2), counterclockwise from east.
        let ring = (0..<8).map { 2000 + $0 }
        for k in 0..<8 {
            let a = Double(k) * Double.pi / 4
            node(ring[k], 2 * b + 25 * cos(a), 2 * b + 25 * sin(a))
        }
        // A bollard on Rue des Tilleuls (column 3) between rows 4 and 5; the end of Impasse des Jardins.
        node(3000, 3 * b, 4.5 * b, [("barrier", "bollard")])
        node(3001, 4.5 * b, 1 * b - 60)
        node(3002, 4.5 * b, 1 * b)
        // Places and house numbers, for the address index (no way refers to them).
        for (id, east, north, tags) in places { node(id, east * b, north * b, tags) }
        for j in 0..<6 {
            var tags: [(String, String)] = [("highway", j == 2 ? "primary" : "residential"), ("name", rows[j])]
            if j == 2 { tags.append(("ref", "D 7")) }
            if j == 1 { tags.append(("oneway", "yes")) }
            if j == 4 { tags.append(("oneway", "-1")) }
            if j == 2 {
                way(100 + j, [grid(0, 2), grid(1, 2), ring[4]], tags)
                way(120, [ring[0], grid(3, 2), grid(4, 2), grid(5, 2)], tags)
            } else if j == 1 {
                way(100 + j, [grid(0, 1), grid(1, 1), grid(2, 1), grid(3, 1), grid(4, 1), 3002, grid(5, 1)], tags)
            } else {
                way(100 + j, (0..<6).map { grid($0, j) }, tags)
            }
        }
        for i in 0..<6 {
            var tags: [(String, String)] = [("highway", i == 2 ? "secondary" : "residential"), ("name", columns[i])]
            if i == 2 { tags.append(("ref", "D 12")) }
            if i == 1 { tags.append(("oneway", "yes")) }
            if i == 2 {
                way(200 + i, [grid(2, 0), grid(2, 1), ring[6]], tags)
                way(220, [ring[2], grid(2, 3), grid(2, 4), grid(2, 5)], tags)
            } else if i == 3 {
                way(200 + i, [grid(3, 0), grid(3, 1), grid(3, 2), grid(3, 3), grid(3, 4), 3000, grid(3, 5)], tags)
            } else {
                way(200 + i, (0..<6).map { grid(i, $0) }, tags)
            }
        }
        way(300, ring + [ring[0]], [("highway", "primary"), ("junction", "roundabout"),
                                     ("name", "Rond-point de la Fontaine")])
        way(301, [3002, 3001], [("highway", "residential"), ("name", "Impasse des Jardins"),
                                 ("access", "destination")])
        xml += "</osm>\n"
        return xml
    }

    /// Four named places with their addresses and five house numbers on Rue des Lilas:
    /// (node id, east and north in blocks, tags).
    static let places: [(Int, Double, Double, [(String, String)])] = {
        typealias Place = (Int, Double, Double, [(String, String)])
        let named: [Place] = [
        (4000, 2.3, 2.3, [("amenity", "cafe"), ("name", "Café de la Fontaine"), ("addr:housenumber", "2"),
                          ("addr:street", "Boulevard Central")]),
        (4001, 1.5, 1.08, [("shop", "bakery"), ("name", "Boulangerie du Marché"), ("addr:housenumber", "7"),
                           ("addr:street", "Rue du Marché")]),
        (4002, 0.5, 0.08, [("amenity", "townhall"), ("name", "Mairie"), ("addr:housenumber", "1"),
                           ("addr:street", "Rue des Écoles")]),
        (4003, 4.5, 1.9, [("amenity", "pharmacy"), ("name", "Pharmacie de la Gare"), ("addr:housenumber", "21"),
                          ("addr:street", "Avenue de la Gare")]),
        ]
        var houses: [Place] = []
        for k in 0..<5 {
            let tags: [(String, String)] = [("addr:housenumber", String(2 * k + 2)), ("addr:street", "Rue des Lilas")]
            houses.append((4010 + k, Double(k) + 0.5, 3.08, tags))
        }
        return named + houses
    }()

    /// Degrees with 7 decimals, as OpenStreetMap writes them.
    static func fixed7(_ v: Double) -> String {
        let scaled = Int((abs(v) * 1e7).rounded())
        let whole = scaled / 10_000_000, frac = scaled % 10_000_000
        let digits = String(frac)
        return (v < 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: 7 - digits.count) + digits
    }

    static func escape(_ s: String) -> String { XMLLiteral.escape(s) }
}
