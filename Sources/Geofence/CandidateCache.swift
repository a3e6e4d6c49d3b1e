import GeoKernel

/// Internal: the fences that could have inside evidence at any fix within `slack` of an
/// anchor fix, fetched once from the spatial index and reused while fixes stay near the anchor.
///
/// A fence with inside evidence at p is within its radius (less the enter margin) of p,
/// hence within that radius + slack of the anchor when p is within slack of it (triangle
/// inequality on the sphere). Both conditions are tested with conservative chord bounds,
/// so the set is always a superset and the events never depend on it.
///
/// Layout: structure of arrays padded to a multiple of 4 with entries that never pass
/// (outer2 = −1), for the SIMD scan in `GeofenceMonitor.update`.
struct CandidateCache {
    var valid = false
    /// Anchor unit vector.
    var ax = 0.0, ay = 0.0, az = 0.0
    /// Slack (radians): the set holds while the fix is within it of the anchor.
    var slack = 0.0
    /// Chord² below which a fix is certainly within `slack` of the anchor.
    var reuse2 = -1.0
    var x: [Double] = []
    var y: [Double] = []
    var z: [Double] = []
    var outer2: [Double] = []
    var inner2: [Double] = []
    var slots: [Int32] = []
    /// Real entries (the arrays are padded beyond).
    var count = 0

    /// Empties the set and anchors it at (x, y, z) with the given slack.
    mutating func reset(anchor: (x: Double, y: Double, z: Double), slack: Double) {
        valid = true
        ax = anchor.x; ay = anchor.y; az = anchor.z
        self.slack = slack
        reuse2 = ChordBounds.cheap(theta: slack).inner2
        x.removeAll(keepingCapacity: true); y.removeAll(keepingCapacity: true)
        z.removeAll(keepingCapacity: true); outer2.removeAll(keepingCapacity: true)
        inner2.removeAll(keepingCapacity: true); slots.removeAll(keepingCapacity: true)
        count = 0
    }

    /// Adds a fence (slot, unit vector, inside-evidence angle and chord bounds) when it
    /// could matter within the slack (see the type). `padded`: keep the padding (after
    /// filling, call `pad()` once instead).
    mutating func offer(
        slot s: Int32, x px: Double, y py: Double, z pz: Double, thetaEnter: Double,
        inner2 i2: Double, outer2 o2: Double, padded: Bool
    ) {
        guard thetaEnter >= 0 else { return }  // never inside evidence
        let reach = ChordBounds.cheap(theta: thetaEnter + slack).outer2
        guard ChordBounds.chord2(ax, ay, az, px, py, pz) <= reach else { return }
        if padded { unpad() }
        x.append(px); y.append(py); z.append(pz)
        outer2.append(o2); inner2.append(i2); slots.append(s)
        count += 1
        if padded { pad() }
    }

    /// Drops the fence in `slot`, if present.
    mutating func remove(slot s: Int32) {
        guard valid, let k = slots[0..<count].firstIndex(of: s) else { return }
        unpad()
        let last = count - 1
        if k != last {
            x[k] = x[last]; y[k] = y[last]; z[k] = z[last]
            outer2[k] = outer2[last]; inner2[k] = inner2[last]; slots[k] = slots[last]
        }
        x.removeLast(); y.removeLast(); z.removeLast()
        outer2.removeLast(); inner2.removeLast(); slots.removeLast()
        count -= 1
        pad()
    }

    /// Pads to a multiple of 4 with entries that never pass the scan.
    mutating func pad() {
        while x.count % 4 != 0 {
            x.append(0); y.append(0); z.append(0); outer2.append(-1); inner2.append(-1); slots.append(-1)
        }
    }

    private mutating func unpad() {
        let extra = x.count - count
        guard extra > 0 else { return }
        x.removeLast(extra); y.removeLast(extra); z.removeLast(extra)
        outer2.removeLast(extra); inner2.removeLast(extra); slots.removeLast(extra)
    }
}
