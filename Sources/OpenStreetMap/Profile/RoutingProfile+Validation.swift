import GeoKernel

extension RoutingProfile {
    /// Checks the values a user may have set by hand: every speed, the factor and the cap
    /// finite and > 0, turn costs finite, ≥ 0 and under a day, and at least one access key.
    ///
    /// `travel(wayTags:)` never traps on an invalid profile (a way whose speed is not
    /// finite and positive is simply unusable); call this to learn why.
    /// - Throws: `GeoKernelError(.invalidArgument, …)` naming the first bad key path.
    /// C twin: checked inside `gk_road_graph_build_osm` for a JSON profile.
    public func validate() throws(GeoKernelError) {
        func check(_ x: Double, _ path: String) throws(GeoKernelError) {
            guard x.isFinite, x > 0 else { throw GeoKernelError.invalid("profile \(name): \(path) is \(x), must be finite and > 0") }
        }
        for (table, name) in [(highwaySpeedsKmh, "highwaySpeedsKmh"), (permittedHighwaySpeedsKmh, "permittedHighwaySpeedsKmh"),
                              (zoneSpeedsKmh, "zoneSpeedsKmh")] {
            for k in table.keys.sorted() { try check(table[k]!, name + "." + k) }
        }
        try check(maxspeedFactor, "maxspeedFactor")
        try check(maxSpeedCapKmh, "maxSpeedCapKmh")
        try check(ferrySpeedKmh, "ferrySpeedKmh")
        for (x, path) in [(turnCosts.uTurnSeconds, "uTurnSeconds"), (turnCosts.sharpTurnSeconds, "sharpTurnSeconds")]
        where !(x.isFinite && x >= 0 && x < 86_400) {
            throw GeoKernelError.invalid("profile \(name): \(path) is \(x) s, must be finite, ≥ 0 and under a day")
        }
        if accessKeys.isEmpty { throw GeoKernelError.invalid("profile \(name): accessKeys is empty") }
    }
}
