import GeoKernel

extension GeofenceCore {
    /// The scalar haversine distance (metres) from the centre of the fence in slot `i`.
    @inline(__always)
    func distance(_ i: Int, _ latitude: Double, _ longitude: Double) -> Double {
        haversineCentralAngle(
            latitude1: latitudes[i], longitude1: longitudes[i], latitude2: latitude, longitude2: longitude)
            * EarthModel.meanRadiusMeters
    }

    /// Inside evidence for the fence in slot `i` at a fix with squared chord `c2`:
    /// the scalar test d <= radius − enter margin, settled by bounds when far from it.
    /// For a polygon: in it, and at least the enter margin from its boundary.
    @inline(__always)
    func insideEvidence(_ i: Int, _ c2: Double, _ latitude: Double, _ longitude: Double) -> Bool {
        if c2 < enterInner2[i] { return true }
        if c2 > enterOuter2[i] { return false }
        if let shape = shapeRefs[i] {
            guard inBox(i, latitude, longitude) else { return false }
            return shape._withUnsafeGuaranteedRef { polygonInsideEvidence($0, latitude, longitude) }
        }
        return distance(i, latitude, longitude) <= radii[i] - configuration.enterMarginMeters
    }

    /// Whether the fix is in the box of slot `i` (always for a circle); a polygon's fix
    /// outside its box is outside the polygon.
    @inline(__always)
    func inBox(_ i: Int, _ latitude: Double, _ longitude: Double) -> Bool {
        let b = boxes[i]
        return latitude >= b[0] && longitude >= b[1] && latitude <= b[2] && longitude <= b[3]
    }

    /// Inside evidence for a polygon whose cap holds the fix: in the polygon (boundary
    /// included) when there is no enter margin, else inside and at least the margin from
    /// every edge.
    func polygonInsideEvidence(_ shape: PreparedPolygon, _ latitude: Double, _ longitude: Double) -> Bool {
        let where_ = shape.location(of: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
        let margin = configuration.enterMarginMeters
        if margin == 0 { return where_ != .outside }
        guard where_ == .inside else { return false }
        let point = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        return !shape.boundaryWithin(margin, of: point, strictly: true)  // distance >= margin
    }

    /// Outside evidence for a polygon: out of it by more than `threshold` metres (the fix's
    /// accuracy + hysteresis); when out, settled by the cap grown by the threshold if far.
    /// A fix out of the polygon but within the threshold of its boundary (the hysteresis
    /// band) leaves in `near` how near the boundary is (see `activeNear`).
    func polygonOutsideEvidence(
        _ i: Int, _ shape: PreparedPolygon, _ c2: Double, _ latitude: Double, _ longitude: Double, _ p: UnitVector,
        _ threshold: Double, _ near: inout SIMD4<Double>
    ) -> Bool {
        let point = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        // The common case: still in.
        guard !inBox(i, latitude, longitude) || shape.location(of: point) == .outside else { return false }
        let grown = SphereBand(cheapAngle: (radii[i] + threshold) / EarthModel.meanRadiusMeters)
        if c2 > grown.outsideChordSquared { return true }
        // distance > threshold
        guard shape.boundaryWithin(threshold, of: point, strictly: false, outside: true, unitVector: p) else { return true }
        near = SIMD4(p.x, p.y, p.z, shape.boundaryUpperBound(near: point, unitVector: p))
        return false
    }

    /// Whether the boundary of a polygon is certainly within `thresholdMeters` of the fix p,
    /// by the triangle inequality from the fix where `near` was measured (`activeNear`):
    /// then p has no outside evidence (in the polygon, or out of it within the threshold),
    /// settled without reading the polygon. The chord c to that fix bounds the angle by
    /// 2 asin(c/2) ≤ c (1 + c²/20) for c < 0.01; 1e-9 relative and 1 µm cover the rounding,
    /// far beyond the 1e-15 rad of the distance the test replaces.
    @inline(__always)
    static func boundaryCertainlyWithin(_ near: SIMD4<Double>, _ p: UnitVector, _ thresholdMeters: Double) -> Bool {
        guard near[3] < .infinity else { return false }
        let c = SphereBand.chordSquared(p.x, p.y, p.z, near[0], near[1], near[2]).squareRoot()
        guard c < 0.01 else { return false }
        return (c * (1 + c * c / 20) + near[3]) * EarthModel.meanRadiusMeters * (1 + 1e-9) + 1e-6 < thresholdMeters
    }

    /// The per-fix work, once the fix is known to be in time order.
    mutating func process(_ fix: Fix, into events: inout [GeofenceEvent]) {
        let t = fix.timestamp
        lastTimestamp = t
        fixCount += 1
        let accuracy = fix.horizontalAccuracyMeters ?? configuration.assumedAccuracyMeters
        guard accuracy <= configuration.maximumAccuracyMeters else {
            ignoredFixCount += 1
            return
        }
        let lat = fix.coordinate.latitude, lon = fix.coordinate.longitude
        let p = UnitVector(latitude: lat, longitude: lon)
        fixesSinceRefill += 1
        if !fixEvents.isEmpty { fixEvents.removeAll(keepingCapacity: true) }

        if !active.isEmpty { updateActive(t, lat, lon, p, accuracy) }
        if !slotOfID.isEmpty {
            if !cache.valid || SphereBand.chordSquared(p.x, p.y, p.z, cache.ax, cache.ay, cache.az) >= cache.reuse2 {
                refill(around: fix.coordinate, p)
            }
            scanCandidates(t, lat, lon, p)
        }

        if fixEvents.isEmpty { return }
        if fixEvents.count > 1 {
            fixEvents.sort { ($0.kind.rank, $0.sequence) < ($1.kind.rank, $1.sequence) }
        }
        for e in fixEvents {
            events.append(GeofenceEvent(kind: e.kind, fenceID: ids[Int(e.slot)], timestamp: t))
        }
    }

    /// Fences inside, or in a run of inside evidence: every fix moves them on.
    private mutating func updateActive(_ t: Double, _ lat: Double, _ lon: Double, _ p: UnitVector, _ accuracy: Double) {
        let rules = configuration
        var k = 0
        while k < active.count {
            var e = active[k]
            let i = Int(e.slot)
            let c2 = SphereBand.chordSquared(p.x, p.y, p.z, vx[i], vy[i], vz[i])
            if e.inside {
                // Outside evidence: d > (radius + accuracy) + hysteresis. Certainly not
                // when the fix is certainly within radius − enter margin (the common case).
                let outside: Bool
                if c2 < enterInner2[i] {
                    outside = false
                } else if let shape = shapeRefs[i] {
                    let threshold = accuracy + rules.hysteresisMeters
                    var near = activeNear[k]
                    if Self.boundaryCertainlyWithin(near, p, threshold) {
                        outside = false
                    } else {
                        outside = shape._withUnsafeGuaranteedRef { polygonOutsideEvidence(i, $0, c2, lat, lon, p, threshold, &near) }
                        activeNear[k] = near  // what a band fix measured
                    }
                } else {
                    let threshold = (radii[i] + accuracy) + rules.hysteresisMeters
                    let b = SphereBand(cheapAngle: threshold / EarthModel.meanRadiusMeters)
                    outside = c2 > b.outsideChordSquared ? true : (c2 < b.insideChordSquared ? false : distance(i, lat, lon) > threshold)
                }
                if outside {
                    if e.run == 0 { e.runStart = t }
                    if e.run < Int32.max { e.run += 1 }
                    if Int(e.run) >= rules.exitConfirmationFixes, t - e.runStart >= rules.exitConfirmationSeconds {
                        fixEvents.append(PendingEvent(kind: .exit, sequence: sequence[i], slot: e.slot))
                        deactivate(e.slot)  // moves the last entry to k
                        continue
                    }
                    active[k] = e
                } else if e.run != 0 || (!e.dwellReported && t - e.enteredAt >= rules.dwellSeconds) {
                    e.run = 0
                    if !e.dwellReported, t - e.enteredAt >= rules.dwellSeconds {
                        e.dwellReported = true
                        fixEvents.append(PendingEvent(kind: .dwell, sequence: sequence[i], slot: e.slot))
                    }
                    active[k] = e
                }  // else unchanged: no write
            } else {
                guard insideEvidence(i, c2, lat, lon) else {
                    deactivate(e.slot)  // the run is broken: back to the default state
                    continue
                }
                if e.run < Int32.max { e.run += 1 }
                confirmEnter(&e, t)
                active[k] = e
            }
            k += 1
        }
    }

    /// Turns a run of inside evidence into an enter when it is long enough.
    @inline(__always)
    private mutating func confirmEnter(_ e: inout ActiveFence, _ t: Double) {
        let rules = configuration
        guard Int(e.run) >= rules.enterConfirmationFixes, t - e.runStart >= rules.enterConfirmationSeconds else {
            return
        }
        let seq = sequence[Int(e.slot)]
        e.inside = true
        e.run = 0
        e.enteredAt = t
        e.dwellReported = false
        insideCount += 1
        fixEvents.append(PendingEvent(kind: .enter, sequence: seq, slot: e.slot))
        if t - e.enteredAt >= rules.dwellSeconds {
            e.dwellReported = true
            fixEvents.append(PendingEvent(kind: .dwell, sequence: seq, slot: e.slot))
        }
    }

    /// Refetches the candidate set around the fix: every fence that could have inside
    /// evidence at a fix within the slack of this one.
    private mutating func refill(around point: Coordinate, _ p: UnitVector) {
        let R = EarthModel.meanRadiusMeters
        // Slack: about 24 fixes' worth of the speed at which the fixes left the previous
        // neighbourhood, between 250 m and 2 km.
        var speed = 0.0  // radians per fix
        if cache.valid {
            speed = SphereBand.chordSquared(p.x, p.y, p.z, cache.ax, cache.ay, cache.az).squareRoot() / Double(fixesSinceRefill)
        }
        fixesSinceRefill = 0
        let slackMeters = min(2_000, max(250, 24 * speed * R))
        cache.reset(anchor: (p.x, p.y, p.z), slack: slackMeters / R)
        var found = hits
        hits = []
        found.removeAll(keepingCapacity: true)
        search.forEachCandidate(near: point, extraMeters: slackMeters) { found.append($0) }
        for s in found { offer(s) }
        hits = found
        // Active fences are moved on by updateActive; hide them from the scan.
        for k in active.indices { active[k].cachePosition = -1 }
        for j in 0..<cache.count {
            let k = Int(activeIndex[Int(cache.slots[j])])
            if k >= 0 {
                active[k].cachePosition = Int32(j)
                cache.setOuter2(j, -1)
            }
        }
    }

    /// Runs the candidate set against the fix: fences in the default state with inside
    /// evidence start a run (or enter at once). An entry that starts a run is hidden
    /// (outer2 −1) after its block was tested, so each block is read once.
    private mutating func scanCandidates(_ t: Double, _ lat: Double, _ lon: Double, _ p: UnitVector) {
        var b = cache.blocks.withUnsafeBufferPointer { Self.firstHit($0, p, from: 0) }
        while b >= 0 {  // the common case: no block, nothing near a boundary
            let bits = Self.passing(cache.blocks[b], p)
            for lane in 0..<4 where bits[lane] >> 63 == 0 { startRun(4 * b + lane, t, lat, lon, p) }
            b = cache.blocks.withUnsafeBufferPointer { Self.firstHit($0, p, from: b + 1) }
        }
    }

    /// The candidate in cache entry `j` passed the scan: when it has inside evidence, a run
    /// starts (or it enters at once).
    @inline(__always)
    private mutating func startRun(_ j: Int, _ t: Double, _ lat: Double, _ lon: Double, _ p: UnitVector) {
        let s = cache.slots[j]
        let i = Int(s)
        guard activeIndex[i] < 0 else { return }  // active entries hold outer2 = −1; a safety net
        let c2 = SphereBand.chordSquared(p.x, p.y, p.z, vx[i], vy[i], vz[i])
        guard insideEvidence(i, c2, lat, lon) else { return }
        var e = ActiveFence(
            slot: s, inside: false, dwellReported: false, run: 1, runStart: t, enteredAt: 0, cachePosition: Int32(j))
        cache.setOuter2(j, -1)
        confirmEnter(&e, t)
        activate(e)
    }

    /// Sign bits of outer2 − chord² for the four entries of a block: clear (the top bit of
    /// a lane is 0) where the entry passes, i.e. may have inside evidence.
    @inline(__always)
    private static func passing(_ block: CandidateCache.Block, _ p: UnitVector) -> SIMD4<UInt64> {
        typealias D4 = SIMD4<Double>
        let dx: D4 = block.x - D4(repeating: p.x)
        let dy: D4 = block.y - D4(repeating: p.y)
        let dz: D4 = block.z - D4(repeating: p.z)
        let dxy: D4 = dx * dx + dy * dy
        let c2: D4 = dxy + dz * dz
        return unsafeBitCast(block.outer2 - c2, to: SIMD4<UInt64>.self)
    }

    /// The SIMD scan: the index of the first block at or after `from` with an entry whose
    /// squared chord to p is not above its `outer2` bound (the others certainly have no
    /// inside evidence), or −1.
    private static func firstHit(
        _ blocks: UnsafeBufferPointer<CandidateCache.Block>, _ p: UnitVector, from start: Int
    ) -> Int {
        var b = start
        while b < blocks.count {
            let bits = passing(blocks[b], p)
            if (bits[0] & bits[1] & bits[2] & bits[3]) >> 63 == 0 { return b }
            b &+= 1
        }
        return -1
    }
}
