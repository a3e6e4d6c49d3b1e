extension RoadGraph {
    /// How far a graph build has come: the contraction of one metric's hierarchy, the long
    /// part of building a large graph. Reported to the `progress` closure of
    /// `init(_:options:progress:)` about every half percent of the metric's turn states,
    /// and once when it is done (`contracted == total`).
    ///
    /// The states contracted last take the longest (they have the most neighbours), so the
    /// fraction runs ahead of the time: on a made-up country of 10⁵ junctions the last
    /// 5 % of the states took a third of the contraction.
    ///
    /// Thread safety: a value; `Sendable`. C twin: none (`gk_road_graph_build_osm` reports
    /// no progress).
    /// \since 0.6
    public struct BuildProgress: Sendable, Hashable {
        /// The metric whose hierarchy is being contracted.
        public var metric: RoadMetric
        /// Turn states contracted so far.
        public var contracted: Int
        /// Turn states to contract.
        public var total: Int

        /// `contracted / total`, 0…1 (1 for an empty graph).
        public var fraction: Double { total == 0 ? 1 : Double(contracted) / Double(total) }
    }
}
