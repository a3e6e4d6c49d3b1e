import GeoKernel

extension RoadMatcher {
    /// The share of `fixes` this matcher places on a road, in [0, 1] (1 for no fixes): the
    /// road evidence of travel modes (`ModeClassifier.RoadShare` of module Timeline), which
    /// tells a train — whose fixes lie off the roads, or need detours no route allows — from
    /// a road vehicle. Pass it as `roadShare: matcher.roadShare(of:)`.
    ///
    /// - Complexity: that of `match`. Thread safety: concurrent calls allowed. C twin: the
    ///   `roads` argument of `gk_timeline_legs`.
    public func roadShare(of fixes: [Fix]) throws(GeoKernelError) -> Double {
        guard !fixes.isEmpty else { return 1 }
        return Double(try match(fixes).matchedCount) / Double(fixes.count)
    }
}
