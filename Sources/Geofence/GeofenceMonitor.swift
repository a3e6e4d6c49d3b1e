import GeoKernel

/// Turns a stream of fixes into `enter`, `exit` and `dwell` events for any number of
/// circular and polygon fences, without false exits from GPS jitter.
///
/// Fences can be added and removed at any time. Fixes must come in time order; time comes
/// only from the fixes (no clock), so replaying the same fences and fixes gives the same
/// events. The rules (accuracy filter, hysteresis, confirmation, dwell) are those of
/// `GeofenceConfiguration`.
///
/// Earth model: the sphere of mean radius 6 371 008.8 m. Every decision for a circle is
/// that of the scalar haversine test (`haversineCentralAngle` · R against the threshold):
/// a cheap bound on unit vectors settles the fences farther than about 6 mm from a
/// threshold, the scalar test settles the rest, so events are identical to those of a
/// naive loop over all fences (tests and benchmarks check this). A polygon fence
/// (`PolygonFence`) is culled by the cap around it the same way, then decided by its
/// exact containment test and, where the rules need a distance (enter margin, the exit's
/// accuracy and hysteresis), by its distance in metres to the nearest edge.
///
/// Speed: a fix costs O(c + a + e log e): c the fences whose boundary is within a few
/// hundred metres of the fix (fetched from GeoKernel's `SpatialIndex` once per
/// neighbourhood and reused while the fixes stay in it, then tested four at a time with
/// SIMD), a the fences the user is inside or about to enter, e the events of the fix —
/// not O(number of fences) (`geofence.update.*` against `geofence.naive.*` in the
/// benchmark table).
///
/// Thread safety: not `Sendable`; use a monitor from one thread at a time (every member,
/// queries included, may use internal scratch space).
/// C twin: `gk_geofence_monitor` (`gk_geofence_monitor_create` … `_destroy`).
/// \since 0.1
public final class GeofenceMonitor {
    /// All state. Not checked for exclusivity at run time: the monitor is used by one
    /// thread at a time, and no access to `core` starts while another is in progress (no
    /// caller code runs inside one), so the check — a third of a fix's cost — is dropped.
    @exclusivity(unchecked) var core: GeofenceCore

    /// A monitor with no fences.
    ///
    /// - Throws: `.invalidArgument` when `configuration.validate()` does, naming the setting.
    /// - Complexity: O(1). C twin: `gk_geofence_monitor_create` and
    ///   `gk_geofence_monitor_set_option`. \since 0.1
    public init(configuration: GeofenceConfiguration = GeofenceConfiguration()) throws(GeoKernelError) {
        try configuration.validate()
        core = GeofenceCore(configuration)
    }

    /// The rules in force, fixed at creation. C twin: `gk_geofence_monitor_get_option`. \since 0.1
    public var configuration: GeofenceConfiguration { core.configuration }

    /// The number of fences. - Complexity: O(1). C twin: `gk_geofence_monitor_count`. \since 0.1
    public var count: Int { core.slotOfID.count }

    /// The timestamp of the latest fix (accepted or ignored), seconds; nil before the first. \since 0.1
    public var lastTimestamp: Double? { core.lastTimestamp }

    /// Fixes fed so far, ignored ones included. \since 0.1
    public var fixCount: Int { core.fixCount }

    /// Fixes ignored for their accuracy (worse than `maximumAccuracyMeters`). \since 0.1
    public var ignoredFixCount: Int { core.ignoredFixCount }

    /// The circular fence with this id, or nil (also for a polygon fence's id).
    /// - Complexity: O(1) expected. \since 0.1
    public func fence(id: String) -> CircularFence? {
        guard let s = core.slotOfID[id], core.shapes[Int(s)] == nil else { return nil }
        return core.fence(slot: s)
    }

    /// Every circular fence, in the order they were added. - Complexity: O(n log n). \since 0.1
    public var fences: [CircularFence] {
        orderedSlots.filter { core.shapes[Int($0)] == nil }.map { core.fence(slot: $0) }
    }

    /// The polygon fence with this id, or nil (also for a circle's id).
    /// - Complexity: O(1) expected. \since 0.8
    public func polygonFence(id: String) -> PolygonFence? {
        guard let s = core.slotOfID[id], let shape = core.shapes[Int(s)] else { return nil }
        return try? PolygonFence(id: id, shape: shape)
    }

    /// Every polygon fence, in the order they were added. - Complexity: O(n log n). \since 0.8
    public var polygonFences: [PolygonFence] {
        orderedSlots.compactMap { s in core.shapes[Int(s)].flatMap { try? PolygonFence(id: core.ids[Int(s)], shape: $0) } }
    }

    /// Occupied slots in add order.
    private var orderedSlots: [Int32] {
        core.inAddOrder(Array(core.slotOfID.values))
    }

    /// Adds a fence. It starts outside: if the next fix is inside, that is an `enter`
    /// (after the enter confirmation).
    ///
    /// - Throws: `.duplicate` when a fence with the same id exists.
    /// - Complexity: amortised O(log n). C twin: `gk_geofence_monitor_add`. \since 0.1
    public func add(_ fence: CircularFence) throws(GeoKernelError) {
        guard core.slotOfID[fence.id] == nil else {
            throw GeoKernelError(.duplicate, "a fence with id \"\(fence.id)\" already exists")
        }
        core.insert(fence)
    }

    /// Adds a fence of `radiusMeters` (default 1 000 m) around `center`.
    ///
    /// - Throws: `.invalidArgument` for an empty id or a radius that is not finite, not
    ///   positive or above 10 000 km; `.duplicate` for an existing id.
    /// - Complexity: amortised O(log n). C twin: `gk_geofence_monitor_add`. \since 0.1
    public func add(id: String, center: Coordinate, radiusMeters: Double = CircularFence.defaultRadiusMeters)
        throws(GeoKernelError)
    {
        try add(CircularFence(id: id, center: center, radiusMeters: radiusMeters))
    }

    /// Adds many fences, all or none.
    ///
    /// - Throws: `.duplicate` naming the first id that exists already or appears twice in
    ///   `fences`; nothing is added then.
    /// - Complexity: O(k log n) for k fences. \since 0.1
    public func add(contentsOf fences: [CircularFence]) throws(GeoKernelError) {
        try checkNew(fences.map(\.id))
        core.reserveCapacity(count + fences.count)
        for f in fences { core.insert(f) }
    }

    /// Refuses ids that exist already or repeat, naming the first (all or none).
    private func checkNew(_ ids: [String]) throws(GeoKernelError) {
        var seen = Set<String>(minimumCapacity: ids.count)
        for id in ids {
            guard core.slotOfID[id] == nil, seen.insert(id).inserted else {
                throw GeoKernelError(.duplicate, "a fence with id \"\(id)\" already exists (adding \(ids.count) fences)")
            }
        }
    }

    /// Adds a polygon fence, beside the circles and under the same rules (see
    /// `PolygonFence` for what the distances mean). It starts outside.
    ///
    /// - Throws: `.duplicate` when a fence (circle or polygon) with the same id exists.
    /// - Complexity: amortised O(log n). C twin: `gk_geofence_monitor_add_polygon`. \since 0.8
    public func add(_ fence: PolygonFence) throws(GeoKernelError) {
        guard core.slotOfID[fence.id] == nil else {
            throw GeoKernelError(.duplicate, "a fence with id \"\(fence.id)\" already exists")
        }
        core.insert(fence)
    }

    /// Adds many polygon fences, all or none.
    ///
    /// - Throws: `.duplicate` naming the first id that exists already or appears twice in
    ///   `fences`; nothing is added then.
    /// - Complexity: O(k log n) for k fences. \since 0.8
    public func add(contentsOf fences: [PolygonFence]) throws(GeoKernelError) {
        try checkNew(fences.map(\.id))
        core.reserveCapacity(count + fences.count)
        for f in fences { core.insert(f) }
    }

    /// Removes a fence. No event is reported for it, even if the user was inside.
    ///
    /// - Throws: `.notFound` when no fence has this id.
    /// - Complexity: amortised O(log n + c). C twin: `gk_geofence_monitor_remove`. \since 0.1
    public func remove(id: String) throws(GeoKernelError) {
        guard core.remove(id: id) else { throw GeoKernelError(.notFound, "no fence with id \"\(id)\"") }
    }

    /// Removes every fence (no events). Time, fix counts and the configuration stay.
    ///
    /// - Complexity: O(n). \since 0.1
    public func removeAll() {
        var fresh = GeofenceCore(core.configuration)
        fresh.lastTimestamp = core.lastTimestamp
        fresh.fixCount = core.fixCount
        fresh.ignoredFixCount = core.ignoredFixCount
        core = fresh
    }

    /// Feeds one fix and returns the events it causes (often none), in the order of
    /// `GeofenceEvent`.
    ///
    /// A fix whose accuracy is worse than `maximumAccuracyMeters` is ignored (it only
    /// advances `lastTimestamp`). A fix with the same timestamp as the previous one is
    /// accepted.
    ///
    /// - Throws: `.order` when the fix is earlier than the previous fix; the monitor is
    ///   unchanged then.
    /// - Complexity: O(c + a + e log e), see the type; not O(number of fences).
    /// - C twin: `gk_geofence_monitor_update`. \since 0.1
    public func update(with fix: Fix) throws(GeoKernelError) -> [GeofenceEvent] {
        var events: [GeofenceEvent] = []
        try update(with: fix, into: &events)
        return events
    }

    /// Feeds one fix and appends the events it causes to `events` (no allocation when
    /// there are none and `events` has room).
    ///
    /// - Throws: `.order` as `update(with:)`.
    /// - Complexity: as `update(with:)`. C twin: `gk_geofence_monitor_update`. \since 0.1
    public func update(with fix: Fix, into events: inout [GeofenceEvent]) throws(GeoKernelError) {
        if let last = core.lastTimestamp, fix.timestamp < last {
            throw GeoKernelError(.order, "fix at \(fix.timestamp) s is earlier than the previous fix at \(last) s")
        }
        core.process(fix, into: &events)
    }

    /// Feeds fixes in order and returns all their events; all or nothing.
    ///
    /// - Throws: `.order` naming the first fix (by index) that is earlier than the one
    ///   before it (or than the monitor's last fix); no fix is fed then.
    /// - Complexity: as `update(with:)` per fix. C twin: `gk_geofence_monitor_update_batch`. \since 0.1
    public func update(with fixes: [Fix]) throws(GeoKernelError) -> [GeofenceEvent] {
        var last = core.lastTimestamp
        for (k, f) in fixes.enumerated() {
            if let l = last, f.timestamp < l {
                throw GeoKernelError(.order, "fixes[\(k)] at \(f.timestamp) s is earlier than the fix before it at \(l) s")
            }
            last = f.timestamp
        }
        var events: [GeofenceEvent] = []
        for f in fixes { core.process(f, into: &events) }
        return events
    }

    /// Whether the user is inside at least one fence now, by the monitor's state: true
    /// from an `enter` until the matching `exit` (with the hysteresis and confirmation of
    /// the rules), so it does not flicker with the jitter. "Green inside, white outside."
    ///
    /// - Complexity: O(1). C twin: `gk_geofence_monitor_inside`. \since 0.1
    public var isInsideAnyFence: Bool { core.insideCount > 0 }

    /// The ids of the fences the user is inside now (entered, not yet exited), in the
    /// order the fences were added.
    ///
    /// - Complexity: O(a log a), a the fences inside or in a run of evidence.
    /// - C twin: `gk_geofence_monitor_inside_ids`. \since 0.1
    public var insideFenceIDs: [String] { core.insideSlots.map { core.ids[Int($0)] } }

    /// Whether the monitor considers the user inside the fence `id` now.
    ///
    /// - Throws: `.notFound` when no fence has this id.
    /// - Complexity: O(1) expected. \since 0.1
    public func isInside(fenceID id: String) throws(GeoKernelError) -> Bool {
        guard let s = core.slotOfID[id] else { throw GeoKernelError(.notFound, "no fence with id \"\(id)\"") }
        let k = Int(core.activeIndex[Int(s)])
        return k >= 0 && core.active[k].inside
    }

    /// The ids of the fences that contain `point`: pure geometry — for a circle the scalar
    /// haversine test `haversineDistance(center, point) <= radiusMeters` on the sphere
    /// R = 6 371 008.8 m, for a polygon `PolygonFence.contains` — boundary included, no
    /// accuracy or hysteresis; in the order the fences were added. Does not change the
    /// monitor's state.
    ///
    /// Identical to looping over every fence with its own test (tests check this on
    /// 100 000 random circles and on generated districts); chord bounds on unit vectors
    /// settle the fences more than about 6 mm from their boundary (or cap).
    ///
    /// - Complexity: about O(log n + f log f), f the fences of similar radius near `point`.
    /// - C twin: `gk_geofence_monitor_containing`. \since 0.1
    public func fences(containing point: Coordinate) -> [String] {
        var found: [Int32] = []
        core.forEachFence(containing: point) { s in
            found.append(s)
            return true
        }
        return core.inAddOrder(found).map { core.ids[Int($0)] }
    }

    /// Whether any fence contains `point` (the geometry of `fences(containing:)`).
    ///
    /// - Complexity: as `fences(containing:)`, stopping at the first fence found. \since 0.1
    public func anyFence(contains point: Coordinate) -> Bool {
        var any = false
        core.forEachFence(containing: point) { _ in
            any = true
            return false
        }
        return any
    }

    /// Checks the internal bookkeeping and stops with a message when it is broken.
    /// For tests; not API. - Complexity: O(n + c).
    package func _checkInvariants() { core.checkInvariants() }
}
