import GeoKernel

extension RoutingProfile {
    /// Whether the way may be travelled forward and backward, before access; nil when the
    /// direction rules make it unusable (`oneway=reversible`).
    ///
    /// Precedence: the most specific of `onewayKeys` with a known value; then, if that was
    /// `onewayKeys[0]` or nothing decided, a contraflow tag (`cycleway=opposite*`) opens
    /// both ways; otherwise roundabouts and `impliedOnewayHighways` are forward only.
    package func directions(_ tags: OSMTags, highway: String) -> (forward: Bool, backward: Bool)? {
        guard usesOneway else { return (true, true) }
        var explicit: (forward: Bool, backward: Bool)? = nil
        var specific = false
        for i in onewayKeys.indices.reversed() {
            guard let v = tags[onewayKeys[i]] else { continue }
            if unroutableOnewayValues.contains(v) { return nil }
            if let d = Self.onewayValue(v) {
                explicit = d
                specific = i > 0
                break
            }
        }
        if let explicit, specific { return explicit }
        let oneway: (forward: Bool, backward: Bool)
        if let explicit {
            oneway = explicit
        } else {
            let roundabout = roundaboutImpliesOneway && (tags["junction"].map { roundaboutJunctions.contains($0) } ?? false)
            oneway = roundabout || impliedOnewayHighways.contains(highway) ? (true, false) : (true, true)
        }
        if !(oneway.forward && oneway.backward), hasContraflow(tags) { return (true, true) }
        return oneway
    }

    private func hasContraflow(_ tags: OSMTags) -> Bool {
        contraflowKeys.contains { key in tags[key]?.hasPrefix("opposite") ?? false }
    }

    /// `yes`/`true`/`1` → forward only; `-1`/`reverse` → backward only; `no`/`false`/`0` →
    /// both; anything else → nil (not a oneway statement).
    static func onewayValue(_ value: String) -> (forward: Bool, backward: Bool)? {
        switch value {
        case "yes", "true", "1": (true, false)
        case "-1", "reverse": (false, true)
        case "no", "false", "0": (true, true)
        default: nil
        }
    }
}
