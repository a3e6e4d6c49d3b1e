import GeoKernel

/// One move prepared for `ModeClassifier`: its cleaned fixes, their speeds and motion
/// activity, and the rules that cut it into legs and score each leg.
struct ModeTrack {
    /// A run of kept fixes, `first...last` (indices into `kept`), on foot or riding.
    struct Part {
        var first: Int, last: Int, onFoot: Bool
    }

    let t: ModeThresholds
    /// The fixes kept by cleaning, and each one's index in the input.
    let kept: [Fix], index: [Int]
    let inputCount: Int
    /// Per kept fix: speed over the speed window and over the stop window (m/s); the
    /// distance to the next fix (m); the motion activity in effect (nil when none).
    let speed: [Double], stopSpeed: [Double], step: [Double]
    let activity: [MotionActivity?]

    init(_ fixes: [Fix], activities: [MotionSample], thresholds: ModeThresholds) {
        t = thresholds
        inputCount = fixes.count
        let cleaned = TrackCleaner.clean(fixes, rules: TrackCleaning(mode: .highSpeedRail)).fixes
        var kept: [Fix] = [], index: [Int] = []
        var j = 0
        for (i, f) in fixes.enumerated() where j < cleaned.count && cleaned[j] == f {
            kept.append(f)
            index.append(i)
            j += 1
        }
        // Network positions (no accuracy, or 0 m as Android and POSMO report them) jump by
        // kilometres between cells: when most fixes are measured, only those give speeds.
        let measured = kept.indices.filter { (kept[$0].horizontalAccuracyMeters ?? 0) > 0 }
        if measured.count >= 3, 2 * measured.count >= kept.count {
            kept = measured.map { kept[$0] }
            index = measured.map { index[$0] }
        }
        if kept.isEmpty { kept = [fixes[0]]; index = [0] }
        self.kept = kept
        self.index = index
        speed = Self.windowSpeeds(kept, window: thresholds.speedWindowSeconds)
        stopSpeed = Self.windowSpeeds(kept, window: thresholds.stopWindowSeconds)
        step = kept.indices.map { i in
            i + 1 < kept.count ? haversineDistance(kept[i].coordinate, kept[i + 1].coordinate) : 0
        }
        var a = 0
        activity = kept.map { f in
            while a < activities.count, activities[a].timestamp <= f.timestamp { a += 1 }
            return a > 0 ? activities[a - 1].activity : nil
        }
    }

    /// Per fix: the straight distance between the earliest fix at most `window`/2 before it
    /// and the latest at most `window`/2 after it (its neighbours when the window holds no
    /// other fix), over the time between them; 0 when no time passes. O(n): both ends only
    /// move forward.
    static func windowSpeeds(_ f: [Fix], window: Double) -> [Double] {
        var out = [Double](repeating: 0, count: f.count)
        guard f.count > 1 else { return out }
        var lo = 0, hi = 0
        for i in f.indices {
            let ti = f[i].timestamp
            while f[lo].timestamp < ti - window / 2 { lo += 1 }
            if hi < i { hi = i }
            while hi + 1 < f.count, f[hi + 1].timestamp <= ti + window / 2 { hi += 1 }
            var a = lo, b = hi
            if a == b { a = max(0, i - 1); b = min(f.count - 1, i + 1) }
            let dt = f[b].timestamp - f[a].timestamp
            out[i] = dt > 0 ? haversineDistance(f[a].coordinate, f[b].coordinate) / dt : 0
        }
        return out
    }

    /// On foot (true), riding (false), or standing (nil: it takes its neighbours' side).
    func isOnFoot(_ i: Int) -> Bool? {
        switch activity[i] {
        case .walking?, .running?: true
        case .cycling?, .automotive?: false
        default: speed[i] < t.standSpeed ? nil : speed[i] <= t.walkTopSpeed
        }
    }

    /// The time a part spans: to the next part's first fix, or to its own last fix.
    func duration(_ p: Part) -> Double {
        kept[min(p.last + 1, kept.count - 1)].timestamp - kept[p.first].timestamp
    }

    /// The metres a part covers: the steps between its fixes and to the next part's first.
    func distance(_ p: Part) -> Double {
        var d = 0.0
        for i in p.first...p.last { d += step[i] }
        return d
    }

    /// Runs of on-foot and riding fixes, short ones joined to their neighbours, shortest
    /// first (a heap of the short parts and a linked list of the parts: O(P log P) for P
    /// runs; merging only grows a part, so one that is long enough stays so).
    func firstLegs() -> [Part] {
        var parts: [Part] = []
        let sides = kept.indices.map(isOnFoot)
        let firstSide = sides.first(where: { $0 != nil }).flatMap { $0 } ?? true
        var side = firstSide
        for i in kept.indices {
            side = sides[i] ?? side
            if let last = parts.last, last.onFoot == side {
                parts[parts.count - 1].last = i
            } else {
                parts.append(Part(first: i, last: i, onFoot: side))
            }
        }
        let n = parts.count
        guard n > 1 else { return parts }
        func isShort(_ p: Part) -> Bool {
            duration(p) < t.minimumLegSeconds || distance(p) < (p.onFoot ? t.minimumWalkMeters : t.minimumRideMeters)
        }
        func key(_ p: Part) -> UInt64 { max(0, duration(p)).bitPattern }
        var previous = Array(-1..<(n - 1)), next = Array(1...n)  // n: none
        var alive = [Bool](repeating: true, count: n)
        var heap = BinaryHeap()
        for k in parts.indices where isShort(parts[k]) { heap.push(key(parts[k]), UInt32(k)) }
        var count = n
        while count > 1, !heap.isEmpty {
            let e = heap.pop(), k = Int(e.value)
            guard alive[k], e.key == key(parts[k]), isShort(parts[k]) else { continue }  // stale or long enough
            let lo = previous[k] >= 0 ? previous[k] : k, hi = next[k] < n ? next[k] : k
            let kind = parts[previous[k] >= 0 ? previous[k] : next[k]].onFoot
            parts[lo] = Part(first: parts[lo].first, last: parts[hi].last, onFoot: kind)
            for d in Set([k, hi]) where d != lo {
                alive[d] = false
                count -= 1
            }
            next[lo] = next[hi]
            if next[hi] < n { previous[next[hi]] = lo }
            if isShort(parts[lo]) { heap.push(key(parts[lo]), UInt32(lo)) }
        }
        return parts.indices.filter { alive[$0] }.map { parts[$0] }
    }

    /// The leg of a part: its figures, scores and mode; its fixes in input indices.
    func leg(_ p: Part, roadShare: ModeClassifier.RoadShare?) throws(GeoKernelError) -> TripLeg {
        let first = p.first == 0 ? 0 : index[p.first]
        let last = p.last + 1 < kept.count ? index[p.last + 1] - 1 : inputCount - 1
        let speeds = speed[p.first...p.last].sorted()
        let median = Self.percentile(speeds, 0.5), top = Self.percentile(speeds, 0.95)
        let meters = distance(p)
        let stops = stopCount(p)
        let perKm = meters > 0 ? Double(stops) / (meters / 1000) : 0
        let turns = turnsPerKilometer(p)
        let roads = try roadShare.map { (share: ModeClassifier.RoadShare) throws(GeoKernelError) -> Double in
            try share(Array(kept[p.first...p.last]))
        }
        var leg = TripLeg(
            mode: .unknown, confidence: 0, fixes: first...last, start: kept[p.first].timestamp,
            end: kept[p.last].timestamp, distanceMeters: meters, medianSpeed: median, topSpeed: top,
            stopsPerKilometer: perKm, turnsPerKilometer: turns, roadShare: roads)
        guard p.last - p.first >= 2 else { return leg }
        var score = scores(top: top, stopsPerKm: perKm, turnsPerKm: meters >= t.trainMinimumMeters ? turns : nil, roads: roads)
        applyActivity(p, to: &score)
        // In TravelMode order, so that sums and ties come out the same in every run.
        let total = score.reduce(0, +)
        var best = 0
        for m in score.indices where score[m] > score[best] { best = m }
        guard score[best] >= t.minimumConfidence, total > 0, let mode = TravelMode(rawValue: Int32(best)) else { return leg }
        leg.mode = mode
        leg.confidence = score[best] / total
        return leg
    }

    /// The ramps of rule 4 (`turnsPerKm` nil for a leg too short to judge its turns): one
    /// score per mode, indexed by `TravelMode.rawValue` (unknown's is 0).
    func scores(top v: Double, stopsPerKm: Double, turnsPerKm: Double?, roads: Double?) -> [Double] {
        func up(_ x: Double, _ a: Double, _ b: Double) -> Double { min(1, max(0, (x - a) / (b - a))) }
        let walk = 1 - up(v, t.walkTopSpeed, 1.4 * t.walkTopSpeed)
        let bicycle = up(v, t.walkTopSpeed, 1.4 * t.walkTopSpeed) * (1 - up(v, t.bicycleTopSpeed, 1.2 * t.bicycleTopSpeed))
        let vehicle = up(v, t.vehicleTopSpeed, 1.3 * t.vehicleTopSpeed)
        let train: Double
        if let roads {
            train = 1 - up(roads, max(0, t.trainRoadShare - 0.2), t.trainRoadShare)
        } else {
            let straight = (turnsPerKm.map { $0 <= t.trainTurnsPerKilometer } ?? false)
                && stopsPerKm < 0.6 * t.busStopsPerKilometer
            train = straight ? 1 : up(v, t.trainTopSpeed, 1.15 * t.trainTopSpeed)
        }
        let bus = (1 - up(v, t.busTopSpeed, 1.2 * t.busTopSpeed)) * up(stopsPerKm, 0.6 * t.busStopsPerKilometer, t.busStopsPerKilometer)
        var score = [Double](repeating: 0, count: TravelMode.allCases.count)
        score[Int(TravelMode.walk.rawValue)] = walk
        score[Int(TravelMode.bicycle.rawValue)] = bicycle
        score[Int(TravelMode.car.rawValue)] = vehicle * (1 - train) * (1 - bus)
        score[Int(TravelMode.bus.rawValue)] = vehicle * (1 - train) * bus
        score[Int(TravelMode.train.rawValue)] = vehicle * train
        return score
    }

    /// Rule 4's override: motion activity covering enough of the part decides between on
    /// foot, cycling and in a vehicle.
    func applyActivity(_ p: Part, to score: inout [Double]) {
        var foot = 0.0, cycling = 0.0, vehicle = 0.0, covered = 0.0
        for i in p.first..<p.last {
            let dt = kept[i + 1].timestamp - kept[i].timestamp
            switch activity[i] {
            case .walking?, .running?: foot += dt
            case .cycling?: cycling += dt
            case .automotive?: vehicle += dt
            case .stationary?, .unknown?: break
            case nil: continue
            }
            covered += dt
        }
        let span = kept[p.last].timestamp - kept[p.first].timestamp
        guard span > 0, covered >= span / 2 else { return }
        func k(_ m: TravelMode) -> Int { Int(m.rawValue) }
        let riding = [k(.car), k(.bus), k(.train)]
        if foot / covered >= t.activityShare {
            score[k(.walk)] = max(score[k(.walk)], foot / covered)
            for m in riding + [k(.bicycle)] { score[m] *= 0.3 }
        } else if cycling / covered >= t.activityShare {
            score[k(.bicycle)] = max(score[k(.bicycle)], cycling / covered)
            for m in riding + [k(.walk)] { score[m] *= 0.3 }
        } else if vehicle / covered >= t.activityShare {
            score[k(.walk)] *= 0.2
            score[k(.bicycle)] *= 0.2
            if riding.allSatisfy({ score[$0] == 0 }) { score[k(.car)] = vehicle / covered }
        }
    }

    /// Sharp turns per kilometre: along the part's path resampled every 100 m (the next fix
    /// at least 100 m on), a turn is a run of chords whose heading differs by more than 60°
    /// from the next chord's or the one after (a corner that falls between samples splits
    /// its angle over two chords).
    func turnsPerKilometer(_ p: Part) -> Double {
        var points = [kept[p.first].coordinate]
        for i in p.first...p.last where haversineDistance(points[points.count - 1], kept[i].coordinate) >= 100 {
            points.append(kept[i].coordinate)
        }
        guard points.count >= 3 else { return 0 }
        let headings = (0..<(points.count - 1)).map { points[$0].initialBearing(to: points[$0 + 1]) }
        func change(_ a: Double, _ b: Double) -> Double { abs((b - a + 540).truncatingRemainder(dividingBy: 360) - 180) }
        var turns = 0, turning = false
        for k in 0..<(headings.count - 1) {
            let sharp = change(headings[k], headings[k + 1]) > 60
                || k + 2 < headings.count && change(headings[k], headings[k + 2]) > 60
            if sharp && !turning { turns += 1 }
            turning = sharp
        }
        return Double(turns) / (Double(points.count - 1) * 0.1)
    }

    /// Stops inside a part: runs of fixes standing (stop speed below `stopSpeed`) for at
    /// least the minimum, not touching the part's ends.
    func stopCount(_ p: Part) -> Int {
        var count = 0, i = p.first
        while i <= p.last {
            guard stopSpeed[i] < t.stopSpeed else { i += 1; continue }
            var j = i
            while j + 1 <= p.last, stopSpeed[j + 1] < t.stopSpeed { j += 1 }
            // From its first standing fix to the next fix moving (a logger that pauses while
            // standing leaves one fix and a gap).
            if i > p.first, j < p.last, kept[j + 1].timestamp - kept[i].timestamp >= t.minimumStopSeconds { count += 1 }
            i = j + 1
        }
        return count
    }

    /// The nearest-rank percentile of sorted values (0 when none).
    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, max(0, Int((q * Double(sorted.count)).rounded(.up)) - 1))]
    }
}
