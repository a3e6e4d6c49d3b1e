import GeoKernel

extension RoutingProfile {
    /// True when a node with these tags blocks this profile.
    ///
    /// Only nodes with a `barrier` tag can block. The node's own access tags decide first
    /// (same `accessKeys` hierarchy as ways, no direction): allowed or destination → passes
    /// (`barrier=bollard` + `motorcar=yes`), denied → blocks (`barrier=gate` +
    /// `access=private`). Without a deciding access tag, the barrier blocks when its value
    /// is in `blockingBarriers` (a gate or lift gate passes: it is assumed open to whoever
    /// may use the road).
    /// - Complexity: O(number of tags × number of access keys).
    public func blocks(nodeTags tags: OSMTags) -> Bool {
        guard let barrier = tags["barrier"] else { return false }
        if let (decision, _) = access(tags, nil) { return decision == .denied }
        return blockingBarriers.contains(barrier)
    }

    /// For a relation: the kind of turn restriction when it is one that binds this profile;
    /// nil otherwise.
    ///
    /// The relation must have `type=restriction`, or `type=restriction:<mode>` with a mode
    /// of `restrictionModes`. Its value is read from the most specific
    /// `restriction:<mode>` key (modes from specific to general), then `restriction` (for
    /// `type=restriction:<mode>`, the plain key means that mode). Values `no_*` give `.no`,
    /// `only_*` give `.only`, others are skipped. A restriction whose `except` list
    /// (`;`-separated) names one of `restrictionModes` does not bind this profile.
    /// Conditions (`restriction:conditional`, `day_on`, `hour_on`) are not evaluated: the
    /// restriction applies always. An empty `restrictionModes` ignores all restrictions.
    public func restriction(relationTags tags: OSMTags) -> TurnRestrictionKind? {
        guard !restrictionModes.isEmpty, let type = tags["type"] else { return nil }
        if type != "restriction" {
            guard type.hasPrefix("restriction:"),
                restrictionModes.contains(String(type.dropFirst("restriction:".count)))
            else { return nil }
        }
        if let except = tags["except"] {
            for mode in except.split(separator: ";") where restrictionModes.contains(Self.trimmed(mode)) {
                return nil
            }
        }
        for mode in restrictionModes.reversed() {
            if let v = tags["restriction:" + mode], let kind = Self.restrictionKind(v) { return kind }
        }
        return tags["restriction"].flatMap(Self.restrictionKind)
    }

    static func restrictionKind(_ value: String) -> TurnRestrictionKind? {
        if value.hasPrefix("no_") { return .no }
        if value.hasPrefix("only_") { return .only }
        return nil
    }

    private static func trimmed(_ s: Substring) -> String {
        var s = s
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
