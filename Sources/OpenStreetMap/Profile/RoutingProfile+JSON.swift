import GeoKernel
import GeoText

extension RoutingProfile {
    /// The JSON keys of a profile, in the order `json` writes them (the property names).
    public static let jsonKeys: [String] = [
        "name", "highwaySpeedsKmh", "permittedHighwaySpeedsKmh", "excludedTags", "walkableAreaHighways",
        "accessKeys", "allowedAccessValues", "deniedAccessValues", "destinationAccessValues",
        "usesOneway", "onewayKeys", "unroutableOnewayValues", "impliedOnewayHighways",
        "roundaboutJunctions", "roundaboutImpliesOneway", "contraflowKeys",
        "maxspeedRule", "maxspeedFactor", "zoneSpeedsKmh", "maxSpeedCapKmh",
        "blockingBarriers", "restrictionModes", "usesFerries", "ferrySpeedKmh",
        "uTurns", "uTurnSeconds", "sharpTurnSeconds", "drivingSide",
    ]

    /// Reads a profile from JSON text (RFC 8259): an object whose keys are the property
    /// names (`jsonKeys`). Sets are arrays of strings, tables are objects (`excludedTags`:
    /// object of string arrays), `maxspeedRule` is "ignore", "replace" or "limit". Keys that
    /// are missing take their values from the built-in profile named by `"base"` ("car",
    /// "bicycle" or "foot"); without `"base"` every key is required. `zoneSpeedsKmh` keys
    /// are lowercased.
    ///
    /// Example: `{"base": "car", "name": "car-tracks", "permittedHighwaySpeedsKmh": {}, …}`.
    ///
    /// - Throws: `GeoKernelError(.parse, …)` for malformed JSON, an unknown or missing key,
    ///   or a value of the wrong type — the message names the key path and its line and
    ///   column; `.invalidArgument` for a value out of range (a speed or factor that is not
    ///   finite and > 0, an unknown `base` or `maxspeedRule`), naming the key.
    /// C twin: the `profile` argument of `gk_road_graph_build_osm` (JSON text).
    public init(json text: String) throws(GeoKernelError) {
        let root = try MiniJSON.parse(text)
        var decoder = ProfileJSONDecoder(text: text)
        self = try decoder.decode(root)
    }

    /// The profile as JSON that `init(json:)` reads back to an equal value: every key of
    /// `jsonKeys` in that order, tables' keys and sets sorted, two-space indentation, no
    /// trailing newline. A non-finite number (only possible in a profile that fails
    /// `validate()`) is written as `null`, which `init(json:)` refuses.
    /// C twin: `gk_profile_json` (built-in profiles).
    public var json: String {
        var w = JSONWriter()
        w.beginObject()
        for key in Self.jsonKeys {
            w.key(key)
            switch key {
            case "name": w.string(name)
            case "highwaySpeedsKmh": Self.write(highwaySpeedsKmh, &w)
            case "permittedHighwaySpeedsKmh": Self.write(permittedHighwaySpeedsKmh, &w)
            case "excludedTags":
                w.beginObject()
                for k in excludedTags.keys.sorted() {
                    w.key(k)
                    Self.write(excludedTags[k]!.sorted(), &w)
                }
                w.endObject()
            case "walkableAreaHighways": Self.write(walkableAreaHighways.sorted(), &w)
            case "accessKeys": Self.write(accessKeys, &w)
            case "allowedAccessValues": Self.write(allowedAccessValues.sorted(), &w)
            case "deniedAccessValues": Self.write(deniedAccessValues.sorted(), &w)
            case "destinationAccessValues": Self.write(destinationAccessValues.sorted(), &w)
            case "usesOneway": w.bool(usesOneway)
            case "onewayKeys": Self.write(onewayKeys, &w)
            case "unroutableOnewayValues": Self.write(unroutableOnewayValues.sorted(), &w)
            case "impliedOnewayHighways": Self.write(impliedOnewayHighways.sorted(), &w)
            case "roundaboutJunctions": Self.write(roundaboutJunctions.sorted(), &w)
            case "roundaboutImpliesOneway": w.bool(roundaboutImpliesOneway)
            case "contraflowKeys": Self.write(contraflowKeys, &w)
            case "maxspeedRule": w.string(maxspeedRule.rawValue)
            case "maxspeedFactor": w.number(maxspeedFactor)
            case "zoneSpeedsKmh": Self.write(zoneSpeedsKmh, &w)
            case "maxSpeedCapKmh": w.number(maxSpeedCapKmh)
            case "blockingBarriers": Self.write(blockingBarriers.sorted(), &w)
            case "restrictionModes": Self.write(restrictionModes, &w)
            case "usesFerries": w.bool(usesFerries)
            case "ferrySpeedKmh": w.number(ferrySpeedKmh)
            case "uTurns": w.string(turnCosts.uTurns == .anywhere ? "anywhere" : "deadEndsOnly")
            case "uTurnSeconds": w.number(turnCosts.uTurnSeconds)
            case "sharpTurnSeconds": w.number(turnCosts.sharpTurnSeconds)
            case "drivingSide": w.string(turnCosts.drivingSide == .right ? "right" : "left")
            default: w.string("")  // unreachable: every key of jsonKeys is handled above
            }
        }
        w.endObject()
        return w.text
    }

    private static func write(_ table: [String: Double], _ w: inout JSONWriter) {
        w.beginObject()
        for k in table.keys.sorted() {
            w.key(k)
            w.number(table[k]!)
        }
        w.endObject()
    }

    private static func write(_ list: [String], _ w: inout JSONWriter) {
        w.beginArray()
        for s in list { w.string(s) }
        w.endArray()
    }
}
