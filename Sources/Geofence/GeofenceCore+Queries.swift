import GeoKernel

extension GeofenceCore {
    /// `slots` in the order their fences were added.
    func inAddOrder(_ slots: [Int32]) -> [Int32] {
        stableOrder(slots.count) { sequence[Int(slots[$0])] < sequence[Int(slots[$1])] }.map { slots[$0] }
    }

    /// The fences the user is inside, in add order.
    var insideSlots: [Int32] {
        inAddOrder(active.filter(\.inside).map(\.slot))
    }

    /// Calls `body` with the slot of each fence containing `point` (the scalar test
    /// d <= radius, settled by chord bounds when far from it) until it returns false.
    func forEachFence(containing point: Coordinate, _ body: (Int32) -> Bool) {
        guard !slotOfID.isEmpty else { return }
        let p = UnitVector(point)
        var going = true
        search.forEachCandidate(near: point, extraMeters: 0) { s in
            guard going else { return }
            let i = Int(s)
            let c2 = SphereBand.chordSquared(p.x, p.y, p.z, vx[i], vy[i], vz[i])
            let b = SphereBand(cheapAngle: radii[i] / EarthModel.meanRadiusMeters)
            let inside: Bool
            if c2 > b.outsideChordSquared {
                inside = false
            } else if let shape = shapes[i] {
                inside = shape.contains(point)
            } else {
                inside = c2 < b.insideChordSquared ? true : distance(i, point.latitude, point.longitude) <= radii[i]
            }
            if inside { going = body(s) }
        }
    }

    /// Checks the bookkeeping (slots, ids, the active set, the candidate cache); stops with
    /// a message when it is broken.
    func checkInvariants() {
        precondition(slotOfID.count + freeSlots.count == ids.count, "slots: \(slotOfID.count) + \(freeSlots.count) free != \(ids.count)")
        for (id, s) in slotOfID { precondition(ids[Int(s)] == id && sequence[Int(s)] >= 0, "slot \(s) of \"\(id)\"") }
        for s in freeSlots { precondition(sequence[Int(s)] == -1 && activeIndex[Int(s)] == -1, "free slot \(s) in use") }
        var inside = 0
        for (k, e) in active.enumerated() {
            precondition(activeIndex[Int(e.slot)] == Int32(k), "active[\(k)] not indexed")
            precondition(sequence[Int(e.slot)] >= 0, "active fence in a free slot")
            precondition(e.inside || e.run > 0, "active fence in the default state")
            if e.inside { inside += 1 }
        }
        precondition(activeIndex.filter { $0 >= 0 }.count == active.count, "stray active index")
        precondition(activeNear.count == active.count, "activeNear out of step with active")
        precondition(inside == insideCount, "insideCount \(insideCount) != \(inside)")
        if cache.valid {
            precondition(cache.blocks.count == (cache.count + 3) / 4 && cache.inner2.count == cache.count, "cache layout")
            for j in cache.count..<(4 * cache.blocks.count) { precondition(cache.outer2(j) == -1, "cache padding") }
            for j in 0..<cache.count {
                let s = Int(cache.slots[j])
                precondition(sequence[s] >= 0, "cache holds a free slot")
                let k = Int(activeIndex[s])
                if k >= 0 {
                    precondition(active[k].cachePosition == Int32(j) && cache.outer2(j) == -1, "active fence visible to the scan")
                } else {
                    precondition(cache.outer2(j) == enterOuter2[s], "default fence hidden from the scan")
                }
            }
        }
        for e in active where e.cachePosition >= 0 {
            precondition(cache.valid && Int(e.cachePosition) < cache.count && cache.slots[Int(e.cachePosition)] == e.slot,
                         "active fence's cache position is stale")
        }
    }
}
