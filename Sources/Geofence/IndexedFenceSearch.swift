import GeoKernel

/// Internal: the monitor's candidate search on GeoKernel's spatial index (`SpatialIndex`,
/// an R-tree over unit vectors with insert, remove and within-radius queries), one index
/// per class of radius (≤ 250 m, ≤ 1 km, ≤ 4 km, … ×4 up to 10 000 km) so that a few large
/// fences do not widen the search for the many small ones.
///
/// A query asks each class's index for the centres within that class's largest radius +
/// `extraMeters` (padded by 1e-9 relative + 1 m, so the index's metric, which agrees with
/// haversine to about 1e-9 m, never loses a fence).
///
/// Complexity: insert and remove amortised O(log n); a query about O(log n + m) per
/// non-empty class for m centres found. Memory: about 30 bytes per fence in the index plus
/// 24 here.
struct IndexedFenceSearch: FenceCandidateSearch {
    static let levelCount = 9

    /// One radius class.
    struct Level {
        var index = SpatialIndex()
        /// Index id → slot (-1 once removed); index ids are never reused.
        var slotOfID: [Int32] = []
        /// The largest radius ever inserted (metres); an upper bound of those present.
        var maxRadius: Double = 0
        var count = 0
    }

    private var levels: [Level] = Array(repeating: Level(), count: IndexedFenceSearch.levelCount)
    /// Slot → (index id, centre), to remove a fence and to rebuild a class.
    private var ids: [UInt32] = []
    private var centers: [Coordinate] = []

    init() {}

    /// The radius class of a radius in metres: 0 up to 250 m, then one per factor 4.
    static func level(_ radiusMeters: Double) -> Int {
        var bound = 250.0, l = 0
        while radiusMeters > bound, l < levelCount - 1 { bound *= 4; l += 1 }
        return l
    }

    mutating func insert(_ slot: Int32, at center: Coordinate, radiusMeters: Double) {
        let l = Self.level(radiusMeters)
        let s = Int(slot)
        if s >= ids.count {
            ids.append(contentsOf: repeatElement(UInt32.max, count: s + 1 - ids.count))
            centers.append(contentsOf: repeatElement(center, count: s + 1 - centers.count))
        }
        centers[s] = center
        let id: UInt32
        do {
            id = try levels[l].index.insert(center)
        } catch {
            // The class has handed out all 2³² − 1 ids: rebuild it with fresh ones.
            rebuild(l)
            id = (try? levels[l].index.insert(center)) ?? UInt32.max
        }
        ids[s] = id
        let k = Int(id)
        if k >= levels[l].slotOfID.count {
            levels[l].slotOfID.append(contentsOf: repeatElement(-1, count: k + 1 - levels[l].slotOfID.count))
        }
        levels[l].slotOfID[k] = slot
        levels[l].count += 1
        levels[l].maxRadius = max(levels[l].maxRadius, radiusMeters)
    }

    mutating func remove(_ slot: Int32, at center: Coordinate, radiusMeters: Double) {
        let l = Self.level(radiusMeters)
        let id = ids[Int(slot)]
        try? levels[l].index.remove(id: id)
        levels[l].slotOfID[Int(id)] = -1
        ids[Int(slot)] = UInt32.max
        levels[l].count -= 1
        if levels[l].count == 0 { levels[l] = Level() }
    }

    mutating func removeAll() { self = IndexedFenceSearch() }

    func forEachCandidate(near point: Coordinate, extraMeters: Double, _ body: (Int32) -> Void) {
        for level in levels where level.count > 0 {
            let radius = (level.maxRadius + extraMeters) * (1 + 1e-9) + 1
            guard let hits = try? level.index.within(radiusMeters: radius, of: point, sorted: false) else { continue }
            for h in hits {
                let s = level.slotOfID[Int(h.id)]
                if s >= 0 { body(s) }
            }
        }
    }

    /// Rebuilds class `l` with fresh ids (ids are never reused by the index).
    private mutating func rebuild(_ l: Int) {
        let live = levels[l].slotOfID.filter { $0 >= 0 }
        let built = (try? SpatialIndex(live.map { centers[Int($0)] })) ?? SpatialIndex()
        levels[l].index = built
        levels[l].slotOfID = live
        for (k, s) in live.enumerated() { ids[Int(s)] = UInt32(k) }
    }
}
