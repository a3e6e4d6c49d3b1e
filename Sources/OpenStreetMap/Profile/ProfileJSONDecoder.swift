import GeoKernel
import GeoText

/// Turns a parsed JSON tree into a `RoutingProfile`, with messages that name the key path
/// and its line and column. Internal to `RoutingProfile.init(json:)`.
struct ProfileJSONDecoder {
    let text: String

    private func at(_ node: MiniJSON.Node) -> String { MiniJSON.location(of: node.offset, in: text) }
    private func at(key member: MiniJSON.Member) -> String { MiniJSON.location(of: member.keyOffset, in: text) }

    private func typeError(_ path: String, _ expected: String, _ node: MiniJSON.Node) -> GeoKernelError {
        GeoKernelError(.parse, "profile JSON: \(path) must be \(expected) (\(at(node)))")
    }

    @_optimize(size)
    mutating func decode(_ root: MiniJSON.Node) throws(GeoKernelError) -> RoutingProfile {
        guard case .object(let members) = root.kind else { throw typeError("the top level", "an object", root) }
        var p: RoutingProfile
        if let base = members.first(where: { $0.key == "base" })?.value {
            guard case .string(let name) = base.kind else { throw typeError("base", "a string", base) }
            guard let builtIn = RoutingProfile.builtIn(named: name) else {
                throw GeoKernelError.invalid(
                    "profile JSON: base \"\(name)\" is not one of car, bicycle, foot (\(at(base)))")
            }
            p = builtIn
        } else {
            let present = Set(members.map(\.key))
            if let missing = RoutingProfile.jsonKeys.first(where: { !present.contains($0) }) {
                throw GeoKernelError(
                    .parse,
                    "profile JSON: missing key \"\(missing)\" (give \"base\" for a partial profile) (\(at(root)))")
            }
            p = RoutingProfile(name: "")
        }
        for member in members {
            let (key, node) = (member.key, member.value)
            switch key {
            case "base": break
            case "name": p.name = try string(key, node)
            case "highwaySpeedsKmh": p.highwaySpeedsKmh = try speeds(key, node)
            case "permittedHighwaySpeedsKmh": p.permittedHighwaySpeedsKmh = try speeds(key, node)
            case "excludedTags":
                guard case .object(let tags) = node.kind else { throw typeError(key, "an object", node) }
                var table: [String: Set<String>] = [:]
                for tag in tags { table[tag.key] = Set(try strings(key + "." + tag.key, tag.value)) }
                p.excludedTags = table
            case "walkableAreaHighways": p.walkableAreaHighways = Set(try strings(key, node))
            case "accessKeys": p.accessKeys = try strings(key, node)
            case "allowedAccessValues": p.allowedAccessValues = Set(try strings(key, node))
            case "deniedAccessValues": p.deniedAccessValues = Set(try strings(key, node))
            case "destinationAccessValues": p.destinationAccessValues = Set(try strings(key, node))
            case "usesOneway": p.usesOneway = try bool(key, node)
            case "onewayKeys": p.onewayKeys = try strings(key, node)
            case "unroutableOnewayValues": p.unroutableOnewayValues = Set(try strings(key, node))
            case "impliedOnewayHighways": p.impliedOnewayHighways = Set(try strings(key, node))
            case "roundaboutJunctions": p.roundaboutJunctions = Set(try strings(key, node))
            case "roundaboutImpliesOneway": p.roundaboutImpliesOneway = try bool(key, node)
            case "contraflowKeys": p.contraflowKeys = try strings(key, node)
            case "maxspeedRule":
                let raw = try string(key, node)
                guard let rule = RoutingProfile.MaxspeedRule(rawValue: raw) else {
                    throw GeoKernelError.invalid(
                        "profile JSON: maxspeedRule \"\(raw)\" is not ignore, replace or limit (\(at(node)))")
                }
                p.maxspeedRule = rule
            case "maxspeedFactor": p.maxspeedFactor = try positive(key, node)
            case "zoneSpeedsKmh":
                var zones: [String: Double] = [:]
                for (zone, kmh) in try speeds(key, node) { zones[MaxSpeed.lowercasedASCII(Substring(zone))] = kmh }
                p.zoneSpeedsKmh = zones
            case "maxSpeedCapKmh": p.maxSpeedCapKmh = try positive(key, node)
            case "blockingBarriers": p.blockingBarriers = Set(try strings(key, node))
            case "restrictionModes": p.restrictionModes = try strings(key, node)
            case "usesFerries": p.usesFerries = try bool(key, node)
            case "ferrySpeedKmh": p.ferrySpeedKmh = try positive(key, node)
            case "uTurns":
                switch try string(key, node) {
                case "deadEndsOnly": p.turnCosts.uTurns = .deadEndsOnly
                case "anywhere": p.turnCosts.uTurns = .anywhere
                case let raw:
                    throw GeoKernelError.invalid(
                        "profile JSON: uTurns \"\(raw)\" is not deadEndsOnly or anywhere (\(at(node)))")
                }
            case "uTurnSeconds": p.turnCosts.uTurnSeconds = try seconds(key, node)
            case "sharpTurnSeconds": p.turnCosts.sharpTurnSeconds = try seconds(key, node)
            case "drivingSide":
                switch try string(key, node) {
                case "right": p.turnCosts.drivingSide = .right
                case "left": p.turnCosts.drivingSide = .left
                case let raw:
                    throw GeoKernelError.invalid("profile JSON: drivingSide \"\(raw)\" is not right or left (\(at(node)))")
                }
            default:
                throw GeoKernelError(.parse, "profile JSON: unknown key \"\(key)\" (\(at(key: member)))")
            }
        }
        return p
    }

    private func string(_ path: String, _ node: MiniJSON.Node) throws(GeoKernelError) -> String {
        guard case .string(let s) = node.kind else { throw typeError(path, "a string", node) }
        return s
    }

    private func bool(_ path: String, _ node: MiniJSON.Node) throws(GeoKernelError) -> Bool {
        guard case .bool(let b) = node.kind else { throw typeError(path, "true or false", node) }
        return b
    }

    private func strings(_ path: String, _ node: MiniJSON.Node) throws(GeoKernelError) -> [String] {
        guard case .array(let items) = node.kind else { throw typeError(path, "an array of strings", node) }
        var out: [String] = []
        for (i, item) in items.enumerated() { out.append(try string("\(path)[\(i)]", item)) }
        return out
    }

    private func positive(_ path: String, _ node: MiniJSON.Node) throws(GeoKernelError) -> Double {
        guard case .number(let x) = node.kind else { throw typeError(path, "a number", node) }
        guard x.isFinite, x > 0 else {
            throw GeoKernelError.invalid("profile JSON: \(path) is \(x), must be finite and > 0 (\(at(node)))")
        }
        return x
    }

    /// A cost in seconds: finite, ≥ 0 and under a day.
    private func seconds(_ path: String, _ node: MiniJSON.Node) throws(GeoKernelError) -> Double {
        guard case .number(let x) = node.kind else { throw typeError(path, "a number", node) }
        guard x.isFinite, x >= 0, x < 86_400 else {
            throw GeoKernelError.invalid("profile JSON: \(path) is \(x) s, must be finite, ≥ 0 and under a day (\(at(node)))")
        }
        return x
    }

    private func speeds(_ path: String, _ node: MiniJSON.Node) throws(GeoKernelError) -> [String: Double] {
        guard case .object(let members) = node.kind else { throw typeError(path, "an object of numbers", node) }
        var table: [String: Double] = [:]
        for m in members { table[m.key] = try positive(path + "." + m.key, m.value) }
        return table
    }
}
