import GeoKernel

/// Internal: everything a `GeofenceMonitor` holds, as one value, so that the per-fix work
/// runs inside a single mutating call (one exclusivity check per call instead of one per
/// array access, which cost about half the time of a fix).
///
/// Fences live in dense slots (freed slots are reused): centre degrees for the scalar
/// test, unit vectors and chord bounds for the culls. Fences in the default state
/// (outside, no run of evidence) are touched only when a fix comes near them, through the
/// candidate cache; the others are in `active` and move on at every fix.
struct GeofenceCore {
    let configuration: GeofenceConfiguration

    var ids: [String] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var vx: [Double] = []
    var vy: [Double] = []
    var vz: [Double] = []
    /// Circles: the radius. Polygons: the radius of the cap around them (metres).
    var radii: [Double] = []
    /// The polygon of each slot; nil for a circle. A polygon slot's centre and radius are
    /// its cap's, and its inner chord bound is −1 (the cap never settles "inside").
    var shapes: [PreparedPolygon?] = []
    /// The same polygons unretained, for the per-fix paths (`shapes` keeps them alive):
    /// reading a class reference out of an array retains and releases it, a tenth of a fix.
    var shapeRefs: [Unmanaged<PreparedPolygon>?] = []
    /// South, west, north, east (degrees): outside this box a polygon slot's fix is
    /// outside the polygon (`PreparedPolygon.locationBox`), settled without reading the
    /// polygon; the whole globe for a circle.
    var boxes: [SIMD4<Double>] = []
    /// Chord² bounds of the inside-evidence threshold (radius − enter margin).
    var enterInner2: [Double] = []
    var enterOuter2: [Double] = []
    /// Add order (for event order); -1 marks a free slot.
    var sequence: [Int64] = []
    /// Index into `active`, or -1 for a fence outside with no run of evidence.
    var activeIndex: [Int32] = []
    var freeSlots: [Int32] = []
    var slotOfID: [String: Int32] = [:]
    var nextSequence: Int64 = 0
    /// The candidate search (swap the type to change the structure).
    var search = IndexedFenceSearch()

    /// The fences that are inside or in a run of evidence.
    var active: [ActiveFence] = []
    /// Beside each entry of `active`: for a polygon, a fix's unit vector (x, y, z) and an
    /// angle (radians) within which the boundary passes of it (+∞: nothing known),
    /// measured at a fix in the exit's hysteresis band; see
    /// `GeofenceCore.boundaryCertainlyWithin`. Apart, so that the circles' entries stay small.
    var activeNear: [SIMD4<Double>] = []
    var insideCount = 0
    var cache = CandidateCache()

    /// Scratch: the events of one fix, the candidate search's hits at a refill.
    var fixEvents: [PendingEvent] = []
    var hits: [Int32] = []
    /// Accepted fixes since the candidate set was last fetched (for the slack).
    var fixesSinceRefill = 0

    var lastTimestamp: Double?
    var fixCount = 0
    var ignoredFixCount = 0

    init(_ configuration: GeofenceConfiguration) { self.configuration = configuration }

    /// The circle in slot `s` (a circle slot).
    func fence(slot s: Int32) -> CircularFence {
        let i = Int(s)
        // Stored fences were validated when added.
        return try! CircularFence(
            id: ids[i], center: Coordinate(uncheckedLatitude: latitudes[i], longitude: longitudes[i]),
            radiusMeters: radii[i])
    }

    mutating func reserveCapacity(_ n: Int) {
        guard n > ids.count else { return }
        ids.reserveCapacity(n); latitudes.reserveCapacity(n); longitudes.reserveCapacity(n)
        vx.reserveCapacity(n); vy.reserveCapacity(n); vz.reserveCapacity(n); radii.reserveCapacity(n)
        enterInner2.reserveCapacity(n); enterOuter2.reserveCapacity(n); sequence.reserveCapacity(n)
        shapes.reserveCapacity(n); shapeRefs.reserveCapacity(n); boxes.reserveCapacity(n)
        activeIndex.reserveCapacity(n); slotOfID.reserveCapacity(n)
    }

    /// Stores a circle whose id is new.
    mutating func insert(_ fence: CircularFence) {
        insert(id: fence.id, center: fence.center, radiusMeters: fence.radiusMeters, shape: nil)
    }

    /// Stores a polygon fence whose id is new, under its cap.
    mutating func insert(_ fence: PolygonFence) {
        insert(id: fence.id, center: fence.shape.capCenter, radiusMeters: fence.shape.capRadiusMeters, shape: fence.shape)
    }

    private mutating func insert(id: String, center: Coordinate, radiusMeters: Double, shape: PreparedPolygon?) {
        let v = UnitVector(center)
        let theta = (radiusMeters - configuration.enterMarginMeters) / EarthModel.meanRadiusMeters
        let b = SphereBand(angle: theta)
        // A polygon is never certainly inside by its cap.
        let inner2 = shape == nil ? b.insideChordSquared : -1
        let box = shape?.locationBox ?? SIMD4(-90, -180, 90, 180)
        let s: Int32
        if let free = freeSlots.popLast() {
            s = free
            let i = Int(s)
            ids[i] = id
            latitudes[i] = center.latitude; longitudes[i] = center.longitude
            vx[i] = v.x; vy[i] = v.y; vz[i] = v.z
            radii[i] = radiusMeters
            shapes[i] = shape
            shapeRefs[i] = shape.map { Unmanaged.passUnretained($0) }
            boxes[i] = box
            enterInner2[i] = inner2; enterOuter2[i] = b.outsideChordSquared
            sequence[i] = nextSequence
            activeIndex[i] = -1
        } else {
            s = Int32(ids.count)
            ids.append(id)
            latitudes.append(center.latitude); longitudes.append(center.longitude)
            vx.append(v.x); vy.append(v.y); vz.append(v.z)
            radii.append(radiusMeters)
            shapes.append(shape)
            shapeRefs.append(shape.map { Unmanaged.passUnretained($0) })
            boxes.append(box)
            enterInner2.append(inner2); enterOuter2.append(b.outsideChordSquared)
            sequence.append(nextSequence)
            activeIndex.append(-1)
        }
        nextSequence += 1
        slotOfID[id] = s
        search.insert(s, at: center, radiusMeters: radiusMeters)
        if cache.valid { offer(s) }
    }

    /// Removes the fence with this id; false when there is none.
    mutating func remove(id: String) -> Bool {
        guard let s = slotOfID.removeValue(forKey: id) else { return false }
        let i = Int(s)
        if activeIndex[i] >= 0 { deactivate(s) }
        if let moved = cache.remove(slot: s), activeIndex[Int(moved.slot)] >= 0 {
            active[Int(activeIndex[Int(moved.slot)])].cachePosition = Int32(moved.index)
        }
        search.remove(s, at: Coordinate(uncheckedLatitude: latitudes[i], longitude: longitudes[i]), radiusMeters: radii[i])
        sequence[i] = -1
        ids[i] = ""
        shapeRefs[i] = nil
        shapes[i] = nil
        freeSlots.append(s)
        return true
    }

    /// Offers the fence in slot `s` to the candidate cache.
    mutating func offer(_ s: Int32) {
        let i = Int(s)
        let thetaEnter = (radii[i] - configuration.enterMarginMeters) / EarthModel.meanRadiusMeters
        cache.offer(slot: s, x: vx[i], y: vy[i], z: vz[i], thetaEnter: thetaEnter,
                    inner2: enterInner2[i], outer2: enterOuter2[i])
    }

    /// An `activeNear` entry that knows nothing.
    static let nothingNear = SIMD4<Double>(0, 0, 0, .infinity)

    /// Marks a fence active (inside or in a run of evidence).
    mutating func activate(_ entry: ActiveFence) {
        activeIndex[Int(entry.slot)] = Int32(active.count)
        active.append(entry)
        activeNear.append(GeofenceCore.nothingNear)
    }

    /// Returns a fence to the default state (outside, no run), keeping `insideCount` right
    /// and letting the candidate scan see it again.
    mutating func deactivate(_ slot: Int32) {
        let k = Int(activeIndex[Int(slot)])
        if active[k].inside { insideCount -= 1 }
        let position = Int(active[k].cachePosition)
        if position >= 0 { cache.setOuter2(position, enterOuter2[Int(slot)]) }
        let last = active.count - 1
        if k != last {
            active[k] = active[last]
            activeNear[k] = activeNear[last]
            activeIndex[Int(active[k].slot)] = Int32(k)
        }
        active.removeLast()
        activeNear.removeLast()
        activeIndex[Int(slot)] = -1
    }
}

/// A fence that is inside, or outside in a run of inside evidence.
struct ActiveFence {
    var slot: Int32
    /// Inside (entered and not yet exited).
    var inside: Bool
    var dwellReported: Bool
    /// Consecutive evidence fixes towards the other state, and the first one's time.
    var run: Int32
    var runStart: Double
    /// Timestamp of the enter event.
    var enteredAt: Double
    /// Index of the fence in the candidate cache (whose outer2 is −1 meanwhile), or −1.
    var cachePosition: Int32
}

/// An event of the fix being processed, before ordering.
struct PendingEvent {
    var kind: GeofenceEvent.Kind
    var sequence: Int64
    var slot: Int32
}
