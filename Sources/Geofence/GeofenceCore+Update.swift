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
    @inline(__always)
    func insideEvidence(_ i: Int, _ c2: Double, _ latitude: Double, _ longitude: Double) -> Bool {
        if c2 < enterInner2[i] { return true }
        if c2 > enterOuter2[i] { return false }
        return distance(i, latitude, longitude) <= radii[i] - configuration.enterMarginMeters
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
        let p = ChordBounds.unitVector(latitude: lat, longitude: lon)
        if let q = previous {
            let step = ChordBounds.chord2(p.x, p.y, p.z, q.x, q.y, q.z).squareRoot()
            meanStep = meanStep == 0 ? step : 0.875 * meanStep + 0.125 * step
        }
        previous = (p.x, p.y, p.z)
        fixEvents.removeAll(keepingCapacity: true)

        if !active.isEmpty { updateActive(t, lat, lon, p, accuracy) }
        if !slotOfID.isEmpty {
            if !cache.valid || ChordBounds.chord2(p.x, p.y, p.z, cache.ax, cache.ay, cache.az) >= cache.reuse2 {
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
    private mutating func updateActive(_ t: Double, _ lat: Double, _ lon: Double, _ p: UnitVectorComponents, _ accuracy: Double) {
        let rules = configuration
        var k = 0
        while k < active.count {
            var e = active[k]
            let i = Int(e.slot)
            let c2 = ChordBounds.chord2(p.x, p.y, p.z, vx[i], vy[i], vz[i])
            if e.inside {
                // Outside evidence: d > (radius + accuracy) + hysteresis.
                let threshold = (radii[i] + accuracy) + rules.hysteresisMeters
                let b = ChordBounds.cheap(theta: threshold / EarthModel.meanRadiusMeters)
                let outside =
                    c2 > b.outer2 ? true : (c2 < b.inner2 ? false : distance(i, lat, lon) > threshold)
                if outside {
                    if e.run == 0 { e.runStart = t }
                    if e.run < Int32.max { e.run += 1 }
                    if Int(e.run) >= rules.exitConfirmationFixes, t - e.runStart >= rules.exitConfirmationSeconds {
                        fixEvents.append(PendingEvent(kind: .exit, sequence: sequence[i], slot: e.slot))
                        deactivate(e.slot)  // moves the last entry to k
                        continue
                    }
                } else {
                    e.run = 0
                    if !e.dwellReported, t - e.enteredAt >= rules.dwellSeconds {
                        e.dwellReported = true
                        fixEvents.append(PendingEvent(kind: .dwell, sequence: sequence[i], slot: e.slot))
                    }
                }
                active[k] = e
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
    private mutating func refill(around point: Coordinate, _ p: UnitVectorComponents) {
        let R = EarthModel.meanRadiusMeters
        // Slack: about 24 typical steps, between 250 m and 2 km.
        let slackMeters = min(2_000, max(250, 24 * meanStep * R))
        cache.reset(anchor: (p.x, p.y, p.z), slack: slackMeters / R)
        var found = hits
        hits = []
        found.removeAll(keepingCapacity: true)
        search.forEachCandidate(near: point, extraMeters: slackMeters) { found.append($0) }
        for s in found { offer(s, padded: false) }
        cache.pad()
        hits = found
    }

    /// Runs the candidate set against the fix: fences in the default state with inside
    /// evidence start a run (or enter at once).
    private mutating func scanCandidates(_ t: Double, _ lat: Double, _ lon: Double, _ p: UnitVectorComponents) {
        var found = hits
        hits = []  // keep `found` uniquely referenced
        found.removeAll(keepingCapacity: true)
        let n = cache.x.count
        if n > 0 {
            cache.x.withUnsafeBufferPointer { x in
                cache.y.withUnsafeBufferPointer { y in
                    cache.z.withUnsafeBufferPointer { z in
                        cache.outer2.withUnsafeBufferPointer { o in
                            Self.scan(x.baseAddress!, y.baseAddress!, z.baseAddress!, o.baseAddress!, n, p, &found)
                        }
                    }
                }
            }
        }
        for j in found {
            let s = cache.slots[Int(j)]
            let i = Int(s)
            guard activeIndex[i] < 0 else { continue }  // already moved on by updateActive
            let c2 = ChordBounds.chord2(p.x, p.y, p.z, vx[i], vy[i], vz[i])
            guard insideEvidence(i, c2, lat, lon) else { continue }
            var e = ActiveFence(slot: s, inside: false, dwellReported: false, run: 1, runStart: t, enteredAt: 0)
            confirmEnter(&e, t)
            activate(e)
        }
        hits = found
    }

    /// The SIMD scan: indices of the entries whose squared chord to p is not above their
    /// `outer2` bound (the others certainly have no inside evidence).
    private static func scan(
        _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, _ z: UnsafePointer<Double>,
        _ outer2: UnsafePointer<Double>, _ n: Int, _ p: UnitVectorComponents, _ hits: inout [Int32]
    ) {
        typealias D4 = SIMD4<Double>
        let px = D4(repeating: p.x), py = D4(repeating: p.y), pz = D4(repeating: p.z)
        let rx = UnsafeRawPointer(x), ry = UnsafeRawPointer(y), rz = UnsafeRawPointer(z)
        let ro = UnsafeRawPointer(outer2)
        var i = 0
        while i < n {
            let off = i &* 8
            let dx = rx.loadUnaligned(fromByteOffset: off, as: D4.self) - px
            let dy = ry.loadUnaligned(fromByteOffset: off, as: D4.self) - py
            let dz = rz.loadUnaligned(fromByteOffset: off, as: D4.self) - pz
            let dxy: D4 = dx * dx + dy * dy
            let c2: D4 = dxy + dz * dz
            // outer2 − c2 >= +0 (sign bit clear) where the entry passes.
            let diff: D4 = ro.loadUnaligned(fromByteOffset: off, as: D4.self) - c2
            let bits = unsafeBitCast(diff, to: SIMD4<UInt64>.self)
            if (bits[0] & bits[1] & bits[2] & bits[3]) >> 63 == 0 {
                for lane in 0..<4 where bits[lane] >> 63 == 0 { hits.append(Int32(i &+ lane)) }
            }
            i &+= 4
        }
    }
}
