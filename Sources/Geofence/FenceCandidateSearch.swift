import GeoKernel

/// Internal: finds the fences whose circle, grown by some metres, may contain a point.
///
/// The answer is a superset (never missing a fence with haversine(centre, point) <=
/// radius + extra, possibly naming others); the monitor filters it with chord bounds and
/// the scalar haversine test, so the structure behind this protocol decides only speed,
/// never events. The monitor uses nothing but these requirements, so the structure can be
/// swapped (e.g. for GeoKernel's spatial index) without touching the event logic.
///
/// Thread safety: a value; one writer at a time.
protocol FenceCandidateSearch {
    init()
    /// Adds the fence in `slot`, centred at `center` with `radiusMeters`. A slot is
    /// inserted at most once.
    mutating func insert(_ slot: Int32, at center: Coordinate, radiusMeters: Double)
    /// Removes the fence in `slot`, which was inserted with these values.
    mutating func remove(_ slot: Int32, at center: Coordinate, radiusMeters: Double)
    /// Forgets every fence.
    mutating func removeAll()
    /// Calls `body` once for every fence whose centre may lie within its radius +
    /// `extraMeters` (sphere) of `point`, in no particular order.
    func forEachCandidate(near point: Coordinate, extraMeters: Double, _ body: (Int32) -> Void)
}
