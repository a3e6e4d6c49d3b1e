import GeoKernel

/// Internal: the fences that could have inside evidence at any fix within `slack` of an
/// anchor fix, fetched once from the spatial index and reused while fixes stay near the
/// anchor.
///
/// A fence with inside evidence at p is within its radius (less the enter margin) of p,
/// hence within that radius + slack of the anchor when p is within slack of it (triangle
/// inequality on the sphere). Both conditions are tested with conservative chord bounds,
/// so the set is always a superset and the events never depend on it.
///
/// Layout: blocks of four entries (x, y, z and the outer chord² bound as SIMD4 lanes) for
/// the SIMD scan of `GeofenceCore.process`; unused lanes hold outer2 = −1, which never
/// passes. The entries of active fences (inside, or in a run of evidence;
/// `ActiveFence.cachePosition`) also hold outer2 = −1 while they are active, so that the
/// scan skips them: they move on in `updateActive` instead.
struct CandidateCache {
    /// Four entries.
    struct Block {
        var x = SIMD4<Double>()
        var y = SIMD4<Double>()
        var z = SIMD4<Double>()
        var outer2 = SIMD4<Double>(repeating: -1)
    }

    var valid = false
    /// Anchor unit vector.
    var ax = 0.0, ay = 0.0, az = 0.0
    /// Slack (radians): the set holds while the fix is within it of the anchor.
    var slack = 0.0
    /// Chord² below which a fix is certainly within `slack` of the anchor.
    var reuse2 = -1.0
    var blocks: [Block] = []
    /// Per entry: the inner chord² bound of the inside-evidence threshold, and the slot.
    var inner2: [Double] = []
    var slots: [Int32] = []
    /// Entries (the last block may be partly empty).
    var count: Int { slots.count }

    /// Empties the set and anchors it at (x, y, z) with the given slack.
    mutating func reset(anchor: (x: Double, y: Double, z: Double), slack: Double) {
        valid = true
        ax = anchor.x; ay = anchor.y; az = anchor.z
        self.slack = slack
        reuse2 = SphereBand(cheapAngle: slack).insideChordSquared
        blocks.removeAll(keepingCapacity: true)
        inner2.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
    }

    /// The outer chord² bound of entry `j` (−1 while hidden).
    func outer2(_ j: Int) -> Double { blocks[j >> 2].outer2[j & 3] }

    /// Sets the outer chord² bound of entry `j` (−1 hides it from the scan).
    mutating func setOuter2(_ j: Int, _ value: Double) { blocks[j >> 2].outer2[j & 3] = value }

    /// Adds a fence (slot, unit vector, inside-evidence angle and chord bounds) when it
    /// could matter within the slack (see the type).
    mutating func offer(
        slot s: Int32, x px: Double, y py: Double, z pz: Double, thetaEnter: Double,
        inner2 i2: Double, outer2 o2: Double
    ) {
        guard thetaEnter >= 0 else { return }  // never inside evidence
        let reach = SphereBand(cheapAngle: thetaEnter + slack).outsideChordSquared
        guard SphereBand.chordSquared(ax, ay, az, px, py, pz) <= reach else { return }
        let j = slots.count
        if j & 3 == 0 { blocks.append(Block()) }
        blocks[j >> 2].x[j & 3] = px
        blocks[j >> 2].y[j & 3] = py
        blocks[j >> 2].z[j & 3] = pz
        blocks[j >> 2].outer2[j & 3] = o2
        inner2.append(i2)
        slots.append(s)
    }

    /// Drops the fence in `slot`, if present; returns the fence moved into its place
    /// (slot and new index), if any.
    mutating func remove(slot s: Int32) -> (slot: Int32, index: Int)? {
        guard valid, let k = slots.firstIndex(of: s) else { return nil }
        let last = slots.count - 1
        if k != last {
            let (bk, lk, bl, ll) = (k >> 2, k & 3, last >> 2, last & 3)
            blocks[bk].x[lk] = blocks[bl].x[ll]
            blocks[bk].y[lk] = blocks[bl].y[ll]
            blocks[bk].z[lk] = blocks[bl].z[ll]
            blocks[bk].outer2[lk] = blocks[bl].outer2[ll]
            inner2[k] = inner2[last]
            slots[k] = slots[last]
        }
        blocks[last >> 2].outer2[last & 3] = -1
        if last & 3 == 0 { blocks.removeLast() }
        inner2.removeLast()
        slots.removeLast()
        return k != last ? (slots[k], k) : nil
    }
}
