import CSIMDShim

extension RoadGraphStorage {
    /// Reads the sections of a graph file, checks its checksum and validates them.
    ///
    /// - Parameter linked: the hierarchies store links (version 3), not middle nodes (version 2).
    @_optimize(size)  // cold (once per load), and 41 sections: keep it small in the library
    convenience init(
        reading r: inout any SectionSource, nodeCount n: Int, edgeCount m: Int, contracted: Int, linked: Bool,
        path: String
    ) throws(GeoKernelError) {
        let corrupt = FileIO.corruption(path, kind: "road graph")
        var raw: [RawSection] = []
        for _ in 0..<RoadGraph.sectionCount { raw.append(try r.nextSection()) }
        var k = 0
        @inline(never) func next<T: BitwiseCopyable>() throws(GeoKernelError) -> Column<T> {
            k += 1
            return try raw[k - 1].column(corrupt)
        }
        let sc: Column<UInt64> = try next()
        let nodeCoord: Column<Int32> = try next(), edgeEnds: Column<UInt32> = try next()
        let edgeLength: Column<Double> = try next(), edgeDist: Column<UInt32> = try next()
        let arcTime: Column<UInt32> = try next(), arcSpeed: Column<Float> = try next()
        let edgeFlags: Column<UInt8> = try next(), edgeClass: Column<UInt8> = try next()
        let edgeName: Column<UInt32> = try next(), edgeRef: Column<UInt32> = try next()
        let edgeWay: Column<Int64> = try next(), edgeSigns: Column<UInt32> = try next()
        let geomFirst: Column<UInt32> = try next(), geom: Column<Int32> = try next()
        let stringFirst: Column<UInt32> = try next(), stringBytes: Column<UInt8> = try next()
        let incFirst: Column<UInt32> = try next(), incArc: Column<UInt32> = try next()
        let cellFirst: Column<UInt32> = try next(), cellSeg: Column<UInt32> = try next()
        let stateArc: Column<UInt32> = try next(), turnFirst: Column<UInt32> = try next()
        let turnTo: Column<UInt32> = try next(), turnCost: Column<UInt32> = try next()
        var read: [ContractionHierarchy] = []
        for _ in 0..<2 {
            let rank: Column<UInt32> = try next(), order: Column<UInt32> = try next()
            let upFirst: Column<UInt32> = try next(), upArc: Column<UInt64> = try next()
            if linked {
                let upLink: Column<UInt64> = try next(), downFirst: Column<UInt32> = try next()
                let downArc: Column<UInt64> = try next(), downLink: Column<UInt64> = try next()
                read.append(ContractionHierarchy(
                    rank: rank, order: order, upFirst: upFirst, upArc: upArc, upLink: upLink, downFirst: downFirst,
                    downArc: downArc, downLink: downLink))
            } else {
                let upMid: Column<UInt32> = try next(), downFirst: Column<UInt32> = try next()
                let downArc: Column<UInt64> = try next(), downMid: Column<UInt32> = try next()
                read.append(ContractionHierarchy(
                    rank: rank, order: order, upFirst: upFirst, upArc: upArc, upMid: upMid, downFirst: downFirst,
                    downArc: downArc, downMid: downMid))
            }
        }
        try r.finish()
        guard sc.count == 12, sc[4] >= 1, sc[5] >= 1, sc[4] <= 1 << 14, sc[5] <= 1 << 14 else {
            throw corrupt("bad scalars section")
        }
        let grid0 = (Int(sc[4]), Int(sc[5]))
        let gridD = (Double(bitPattern: sc[6]), Double(bitPattern: sc[7]), Double(bitPattern: sc[8]), Double(bitPattern: sc[9]))
        // The header's counts are checked against the arrays before they size anything.
        guard nodeCoord.count == 2 * n, edgeEnds.count == 2 * m else { throw corrupt("node or edge arrays of the wrong size") }
        guard let turns = TurnGraph(stateArc: stateArc, turnFirst: turnFirst, turnTo: turnTo, turnCost: turnCost, arcCount: 2 * m)
        else { throw corrupt("inconsistent turn graph") }
        var hierarchies: [ContractionHierarchy?] = []
        for (metric, h) in read.enumerated() {
            if contracted >> metric & 1 != 0 {
                hierarchies.append(h)
            } else {
                guard h.rank.isEmpty, h.order.isEmpty, h.upFirst.isEmpty, h.upArc.isEmpty, h.downFirst.isEmpty,
                    h.downArc.isEmpty, h.upLink.isEmpty, h.downLink.isEmpty
                else { throw corrupt("hierarchy data for a metric marked not contracted") }
                hierarchies.append(nil)
            }
        }
        let grid = SnapGrid(
            rows: grid0.0, cols: grid0.1, lat0: gridD.0, lon0: gridD.1, cellLat: gridD.2, cellLon: gridD.3,
            cellFirst: cellFirst, cellSeg: cellSeg)
        let report = RoadGraph.BuildReport(
            nodeCount: n, edgeCount: m, droppedNodes: Int(clamping: sc[0]), droppedEdges: Int(clamping: sc[1]),
            shortcuts: [Int(clamping: sc[2]), Int(clamping: sc[3])], turnStates: turns.stateCount, turns: turns.turnCount,
            restrictionsApplied: Int(clamping: sc[10]), restrictionsSkipped: Int(clamping: sc[11]))
        self.init(
            nodeCoord: nodeCoord, edgeEnds: edgeEnds, edgeLength: edgeLength, edgeDist: edgeDist, arcTime: arcTime,
            arcSpeed: arcSpeed, edgeFlags: edgeFlags, edgeClass: edgeClass, edgeName: edgeName, edgeRef: edgeRef,
            edgeWay: edgeWay, edgeSigns: edgeSigns, geomFirst: geomFirst, geom: geom, stringFirst: stringFirst, stringBytes: stringBytes,
            incFirst: incFirst, incArc: incArc, grid: grid, turns: turns, hierarchies: hierarchies, report: report)
        if let problem = problems() { throw corrupt(problem) }
    }

    /// The first inconsistency found, or nil: every index in range, every CSR monotone,
    /// every turn joining its arcs, every hierarchy arc a turn or a shortcut whose halves exist
    /// below both its ends and add up to its weight. Whatever passes cannot make a query
    /// trap, loop or return an impossible path.
    ///
    /// - Complexity: O(size + shortcuts · degree).
    @inline(never)  // at full speed, not inlined into the size-optimised loader
    package func problems() -> String? {
        let n = nodeCount, m = edgeCount, vertices = geom.count / 2
        guard edgeLength.count == m, edgeDist.count == m, arcTime.count == 2 * m, arcSpeed.count == 2 * m,
            edgeFlags.count == m, edgeClass.count == m, edgeName.count == m, edgeRef.count == m, edgeWay.count == m,
            edgeSigns.count == RoadNetwork.Signs.fieldCount * m
        else { return "per-edge arrays of the wrong size" }
        for v in edgeEnds where Int(v) >= n { return "edge end \(v) is not below the node count \(n)" }
        // 4e7 m: no edge is longer than the Earth's circumference (the weights' range).
        for x in edgeLength where !(x.isFinite && x >= 0 && x < 4e7) { return "edge length \(x) m" }
        for x in arcSpeed where !(x.isFinite && x >= 0) { return "speed \(x) m/s" }
        for i in 0..<n where nodeCoord[2 * i].magnitude > 900_000_000 || nodeCoord[2 * i + 1].magnitude > 1_800_000_000 {
            return "node \(i) outside the globe"
        }
        if let p = csr(geomFirst, count: m, total: vertices, "edge geometry") { return p }
        for e in 0..<m where geomFirst[e + 1] - geomFirst[e] < 2 { return "edge \(e) has fewer than 2 vertices" }
        guard geom.count % 2 == 0 else { return "odd geometry array" }
        for i in 0..<vertices where geom[2 * i].magnitude > 900_000_000 || geom[2 * i + 1].magnitude > 1_800_000_000 {
            return "vertex \(i) outside the globe"
        }
        if let p = StringTable.problems(first: stringFirst, bytes: stringBytes, ids: [edgeName, edgeRef, edgeSigns].joined()) {
            return p
        }
        if let p = csr(incFirst, count: n, total: incArc.count, "node incidence") { return p }
        guard incArc.count == 2 * m else { return "incidence lists hold \(incArc.count) arcs, expected \(2 * m)" }
        for v in 0..<n {
            for i in Int(incFirst[v])..<Int(incFirst[v + 1]) where Int(incArc[i]) >= 2 * m || Int(edgeEnds[Int(incArc[i])]) != v {
                return "incidence entry \(i) of node \(v) is not an arc leaving it"
            }
        }
        if let p = gridProblems(vertices) { return p }
        if let p = turnProblems() { return p }
        return hierarchyProblems()
    }

    /// The first inconsistency of the hierarchies, or nil. They are checked on every
    /// processor (the bulk of the validation): first each one's shape and the owners of its
    /// down entries, then its two directions, four pieces of about equal size.
    @_optimize(size)  // the orchestration; the checks themselves run at full speed
    private func hierarchyProblems() -> String? {
        let count = hierarchies.count
        var owners = [[UInt32]?](repeating: nil, count: count)
        var found = [String?](repeating: nil, count: 2 * count)
        owners.withUnsafeMutableBufferPointer { owners in
            found.withUnsafeMutableBufferPointer { slots in
                ParallelWork.forEach(count) { k in
                    guard let h = hierarchies[k] else { return }
                    switch h.shapeProblems(turns.stateCount) {
                    case .success(let o): owners[k] = o
                    case .failure(let p): slots[2 * k] = "hierarchy \(k): \(p.problem)"
                    }
                }
            }
            let ready = UnsafeBufferPointer(owners)
            found.withUnsafeMutableBufferPointer { slots in
                ParallelWork.forEach(2 * count) { piece in
                    let k = piece / 2
                    if let h = hierarchies[k], let downOwner = ready[k],
                        let p = h.entryProblems(self, RoadMetric(rawValue: UInt8(k))!, up: piece % 2 == 0, downOwner: downOwner)
                    {
                        slots[piece] = "hierarchy \(k): \(p)"
                    }
                }
            }
        }
        return found.compactMap { $0 }.first
    }

    /// Every state on an allowed arc, primary states first in arc order, every turn from
    /// the end of its state's arc to the start of the next one, and its weights within
    /// 32 bits in both metrics. (The turn graph's own initialiser checked the indices.)
    private func turnProblems() -> String? {
        let t = turns
        guard t.arcStateFirst.count == 2 * edgeCount + 1 else { return "turn graph of another edge count" }
        var primaries = 0
        for a in 0..<UInt32(2 * edgeCount) {
            guard let p = t.primary(a) else {
                if allowed(a) { return "allowed arc \(a) has no state" }
                continue
            }
            guard allowed(a), Int(p) == primaries else { return "arc \(a) has a misplaced primary state" }
            primaries += 1
        }
        for x in 0..<t.stateCount {
            for i in Int(t.turnFirst[x])..<Int(t.turnFirst[x + 1]) {
                let y = Int(t.turnTo[i])
                guard head(t.stateArc[x]) == tail(t.stateArc[y]) else {
                    return "turn \(i) from state \(x) does not join the arcs of states \(x) and \(y)"
                }
                guard turnWeight(i, .fastest) < UInt64(UInt32.max), t.turnCost[i] < 86_400_000 else {
                    return "turn \(i) costs \(t.turnCost[i]) ms"
                }
            }
        }
        return nil
    }

    private func gridProblems(_ vertices: Int) -> String? {
        grid.problems(geomFirst: geomFirst, vertices: vertices)
    }
}

/// Checks a CSR offset array: `count + 1` entries from 0, non-decreasing, ending at `total`.
package func csr<C: RandomAccessCollection<UInt32>>(_ first: C, count: Int, total: Int, _ what: String) -> String?
where C.Index == Int {
    guard first.count == count + 1, first[0] == 0, Int(first[count]) == total else {
        return "\(what) offsets do not span 0..<\(total)"
    }
    for i in 0..<count where first[i] > first[i + 1] { return "\(what) offsets decrease at \(i)" }
    return nil
}

/// A validation problem, as an error value (for `Result`).
struct ValidationProblem: Error { let problem: String }

extension ContractionHierarchy {
    /// The first inconsistency of this hierarchy's shape over `n` states (ranks a
    /// permutation, lists well formed), or the owner of each down entry (a shortcut's
    /// middle node is its first half's owner), for `entryProblems`. O(nodes + arcs); 4
    /// bytes per down arc.
    @_optimize(size)  // linear passes, a small part of the validation: kept small in the library
    func shapeProblems(_ n: Int) -> Result<[UInt32], ValidationProblem> {
        func fail(_ p: String) -> Result<[UInt32], ValidationProblem> { .failure(ValidationProblem(problem: p)) }
        guard rank.count == n, order.count == n else { return fail("rank arrays of the wrong size") }
        for (v, r) in rank.enumerated() where Int(r) >= n || Int(order[Int(r)]) != v { return fail("ranks are not a permutation") }
        if let p = csr(upFirst, count: n, total: upArc.count, "upward arcs") { return fail(p) }
        if let p = csr(downFirst, count: n, total: downArc.count, "downward arcs") { return fail(p) }
        // Unpacking marks down entries with bit 31: every entry index must stay below it.
        guard upArc.count < 1 << 31, downArc.count < 1 << 31 else { return fail("too many arcs") }
        guard upLink.count == upArc.count, downLink.count == downArc.count else { return fail("a shortcut has no halves") }
        var downOwner = [UInt32](repeating: 0, count: downArc.count)
        for c in 0..<n { for h in Int(downFirst[c])..<Int(downFirst[c + 1]) { downOwner[h] = UInt32(c) } }
        return .success(downOwner)
    }

    /// The first inconsistency of the `up` (else `down`) entries of this hierarchy over
    /// `g`, whose shape passed `shapeProblems` (giving `downOwner`), or nil: every entry
    /// leads upwards and is a turn of the right weight or a shortcut whose halves exist
    /// below both its ends and add up to its weight. O(arcs).
    @inline(never)  // at full speed, not inlined into the size-optimised orchestration
    func entryProblems(_ g: RoadGraphStorage, _ m: RoadMetric, up: Bool, downOwner: [UInt32]) -> String? {
        let n = g.turns.stateCount, t = g.turns
        // The checks gather from arrays far larger than the caches, at random (the halves,
        // their owners, the turns, the ranks): each block of entries is read three times,
        // so that its misses are in flight together. First the entries' own targets are
        // prefetched, then what those lead to, then everything is checked.
        let block = 64
        let first = up ? upFirst : downFirst, entries = up ? upArc : downArc, links = up ? upLink : downLink
        var o = 0  // the owner of entry `i`: entries are stored by owner
        var start = 0
        while start < entries.count {
            let end = min(start + block, entries.count)
            for i in start..<end { prefetchHalves(links[i], t, downOwner) }
            for i in start..<end { prefetchBeneath(links[i], t, downOwner) }
            for i in start..<end {
                while Int(first[o + 1]) <= i { o += 1 }
                let x = Int(entries[i] >> 32), w = entries[i] & 0xFFFF_FFFF, link = links[i]
                guard x < n, x > o else { return "arc \(i) of rank \(o) does not lead upwards" }
                let (a, b) = up ? (o, x) : (x, o)
                if link & Self.originalLink != 0 {
                    let turn = Int(link & ~Self.originalLink)
                    guard turn < t.turnCount, Int(rank[Int(t.turnFrom[turn])]) == a,
                        Int(rank[Int(t.turnTo[turn])]) == b, g.turnWeight(turn, m) == w
                    else { return "arc \(i) of rank \(o) does not match turn \(turn)" }
                } else {
                    let h1 = Int(link >> 32), h2 = Int(link & 0xFFFF_FFFF)
                    guard h1 < downArc.count, h2 < upArc.count else {
                        return "shortcut \(i) of rank \(o) has halves out of range"
                    }
                    let c = Int(downOwner[h1])  // the middle node: h1 is in its down list
                    guard c < o, Int(downArc[h1] >> 32) == a, h2 >= Int(upFirst[c]), h2 < Int(upFirst[c + 1]),
                        Int(upArc[h2] >> 32) == b, (downArc[h1] & 0xFFFF_FFFF) + (upArc[h2] & 0xFFFF_FFFF) == w
                    else { return "shortcut \(i) of rank \(o) has no matching halves" }
                }
            }
            start = end
        }
        return nil
    }
}

extension ContractionHierarchy {
    /// Prefetches what checking an entry with `link` reads first: its turn's ends and cost,
    /// or its halves and the middle node (hints only: nothing out of range is touched).
    @inline(__always)
    private func prefetchHalves(_ link: UInt64, _ t: TurnGraph, _ downOwner: [UInt32]) {
        if link & Self.originalLink != 0 {
            let turn = Int(link & ~Self.originalLink)
            guard turn < t.turnCount else { return }
            t.turnFrom.withUnsafeBufferPointer { CSIMDShim_prefetch($0.baseAddress! + turn) }
            CSIMDShim_prefetch(t.turnTo.base + turn)
            CSIMDShim_prefetch(t.turnCost.base + turn)
        } else {
            let h1 = Int(link >> 32), h2 = Int(link & 0xFFFF_FFFF)
            guard h1 < downArc.count, h2 < upArc.count else { return }
            downOwner.withUnsafeBufferPointer { CSIMDShim_prefetch($0.baseAddress! + h1) }
            CSIMDShim_prefetch(downArc.base + h1)
            CSIMDShim_prefetch(upArc.base + h2)
        }
    }

    /// Prefetches what checking an entry reads second: the ranks of its turn's ends and
    /// the arc the turn enters (its weight), or the middle node's upward range.
    @inline(__always)
    private func prefetchBeneath(_ link: UInt64, _ t: TurnGraph, _ downOwner: [UInt32]) {
        if link & Self.originalLink != 0 {
            let turn = Int(link & ~Self.originalLink)
            guard turn < t.turnCount else { return }
            let from = Int(t.turnFrom[turn]), to = Int(t.turnTo[turn])
            guard from < rank.count, to < rank.count, to < t.stateArc.count else { return }
            CSIMDShim_prefetch(rank.base + from)
            CSIMDShim_prefetch(rank.base + to)
            CSIMDShim_prefetch(t.stateArc.base + to)
        } else {
            let h1 = Int(link >> 32)
            guard h1 < downOwner.count else { return }
            let c = Int(downOwner[h1])
            guard c < upFirst.count else { return }
            CSIMDShim_prefetch(upFirst.base + c)
        }
    }
}

extension RoadGraph {
    /// Throws `.internal` naming the first broken invariant (for tests).
    package func checkInvariants() throws(GeoKernelError) {
        if let p = storage.problems() { throw GeoKernelError(.internal, p) }
    }
}
