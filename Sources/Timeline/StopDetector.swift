#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// Turns fixes into placemarks (stays) and moves, one fix at a time or a whole track at
/// once, with identical results.
///
/// The algorithm is trackintel's sliding window (Li et al. 2008, "Mining user similarity
/// based on location history"), exactly as trackintel 1.4 implements it:
///
/// - the first stored fix is the *anchor* of a window; each later fix j joins it;
/// - if the pause since the previous stored fix is longer than `gapSeconds` (strictly:
///   trackintel's `diff > gap`), the window is dropped (its fixes become movement) and j
///   is the new anchor;
/// - else, if j lies at least `distanceMeters` from the anchor, then the window becomes a
///   placemark when j arrived at least `durationSeconds` after the anchor (a pause of
///   exactly `gapSeconds` before j keeps it): arrival = anchor's time, departure = j's
///   time (the first fix that left), location = mean latitude and circular-mean
///   longitude of the window's distinct positions; either way j is the new anchor;
/// - the last window is still open when the fixes end; `finish(includeOpenStay: true)`
///   emits it as an open placemark when it lasted long enough (trackintel's
///   `include_last`).
///
/// Before that, fixes whose horizontal accuracy is worse than `minimumAccuracyMeters` are
/// ignored, and a fix identical to the previous stored one (same latitude, longitude and
/// time) is not stored again. Distances from the anchor: the spherical law of cosines on a
/// sphere of R = 6 371 000 m (`earthRadiusMeters`), the formula and radius trackintel
/// 1.4 decides with (its `point_haversine_dist(..., float_flag=True)`,
/// R·acos(cos(φ₁−φ₂) − cos φ₁ cos φ₂ (1 − cos(λ₁−λ₂)))), evaluated in the same order, so
/// a fix within 1e-5 m of the threshold is decided as trackintel decides it. Near 1 it
/// rounds to about 1e-16 in the cosine: a few millimetres at 1 m, 0.1 m is its smallest
/// nonzero distance. Move lengths use the haversine formula.
///
/// Every stored fix ends up in exactly one placemark or one move (see `Transit`).
///
/// Options that leave trackintel's rule (all off in the `trackintel` preset, which stays
/// identical to trackintel): a cleaning stage in front (`TrackCleaning`: impossible jumps
/// and accuracy outliers dropped), and the signal-gap, departure and anchor rules of
/// `Parameters` (used by `timelyMoves`). `LiveStopDetector` reports the same stays while
/// they happen (arrived, updated, departed).
///
/// - Complexity: O(1) amortised per fix, plus O(w) once per placemark of w fixes (the
///   distinct positions of its window); memory O(fixes of the open window and of the move
///   in progress). Most fixes are placed inside or outside the window without any
///   trigonometry (see `isOutsideWindow`), far faster than recomputing the window at
///   every fix (`timeline.stays` against `timeline.stays.naive` in the benchmark table).
/// - Thread safety: a value; `Sendable`. One thread at a time may mutate a detector.
/// - C twin: `gk_timeline` (`gk_timeline_create`, `gk_timeline_add`, `gk_timeline_finish`).
/// \since 0.1
public struct StopDetector: Sendable {
    /// Radius of the sphere every Timeline distance is measured on: 6 371 000 m, the
    /// radius of trackintel's `haversine_dist` (GeoKernel's own mean radius is
    /// 6 371 008.8 m; the two differ by 1.4 ppm, 0.14 mm per 100 m).
    public static let earthRadiusMeters: Double = EarthModel.trackintelRadiusMeters

    /// The thresholds in use.
    public let parameters: Parameters
    /// Names placemarks as they are emitted, or nil.
    public let naming: (any PlacemarkNaming)?
    /// The cleaning stage in front of the detector, or nil (none). \since 0.4
    public let cleaning: TrackCleaning?

    /// Fixes ignored so far because their accuracy was worse than the limit.
    public private(set) var ignoredInaccurateFixes = 0
    /// Fixes ignored so far because they repeated the previous stored fix exactly.
    public private(set) var repeatedFixes = 0
    /// Fixes stored so far (given minus ignored minus repeated).
    public private(set) var storedFixes = 0
    /// Placemarks emitted so far.
    public private(set) var placemarkCount = 0
    /// True once `finish` has run; the detector then refuses fixes.
    public private(set) var isFinished = false
    /// Fixes the cleaning stage dropped for a bad accuracy (0 without cleaning). \since 0.4
    public var cleanedInaccurateFixes: Int { cleaner?.droppedInaccurateFixes ?? 0 }
    /// Fixes the cleaning stage dropped for an impossible speed (0 without cleaning). \since 0.4
    public var cleanedImpossibleFixes: Int { cleaner?.droppedImpossibleFixes ?? 0 }

    /// The cleaning stage's state, when there is one.
    private var cleaner: TrackCleaner?
    /// Scratch space for the fixes the cleaner releases.
    private var released: [Fix] = []

    /// The open window: `window[0]` is the anchor; never empty once a fix was stored.
    private var window: [Fix] = []
    /// Stored fixes of the move in progress (before the window).
    private var leg: [Fix] = []
    private var anchorPhi = 0.0, anchorLambda = 0.0, anchorCosPhi = 0.0
    /// With `Parameters.Anchor.centroid`: sums of the window's latitudes and longitude
    /// offsets from its first fix (degrees).
    private var centroidLatitudeSum = 0.0, centroidLongitudeOffsetSum = 0.0
    /// haversine `a` values bracketing the distance threshold (`SphereBand`): below
    /// `aInside` a fix is certainly inside, above `aOutside` certainly outside; in between
    /// trackintel's formula decides (so results equal trackintel's `>=` on the metre value).
    private let aInside: Double, aOutside: Double
    private var lastTime = -Double.infinity
    private var lastPlacemark: Placemark?
    private var lastWasGapReset = false

    /// Creates a detector.
    ///
    /// - Parameters:
    ///   - parameters: thresholds; default `.trackintel`.
    ///   - cleaning: the cleaning stage's rules (`TrackCleaning`), run on every fix before
    ///     the detector sees it; default none. A fix the cleaner holds back reaches the
    ///     detector (and its events) only once it is confirmed.
    ///   - naming: names each placemark when it is emitted; default none.
    /// - Complexity: O(1).
    public init(
        parameters: Parameters = .trackintel, cleaning: TrackCleaning? = nil, naming: (any PlacemarkNaming)? = nil
    ) {
        self.parameters = parameters
        self.cleaning = cleaning
        self.cleaner = cleaning.map { TrackCleaner(rules: $0) }
        self.naming = naming
        // The margins (SphereBand's) cover the rounding of the product bounds and of
        // libm's haversine, and the law of cosines' a = (1 − cos θ)/2, off by up to ~3e-16.
        // Beyond half the circumference the band sits at a = 1: fixes near the antipode
        // go to trackintel's formula like all others near the threshold.
        let band = SphereBand(angle: parameters.distanceMeters / Self.earthRadiusMeters)
        aInside = band.inside
        aOutside = band.outside
    }

    /// Creates a detector with a preset's parameters (and, optionally, a cleaning stage).
    public init(preset: Preset, cleaning: TrackCleaning? = nil, naming: (any PlacemarkNaming)? = nil) {
        self.init(parameters: preset.parameters, cleaning: cleaning, naming: naming)
    }

    /// Fixes stored but not yet part of an emitted placemark or move (the open window and
    /// the move in progress).
    public var pendingFixes: Int { window.count + leg.count }

    /// Adds the next fix; returns what it revealed (usually nothing; a move and a
    /// placemark when it shows the user has left a place).
    ///
    /// - Throws: `.order` when `fix` is earlier than the previous fix given (equal times
    ///   are fine); `.misuse` after `finish`. The detector is unchanged when it throws.
    /// - Complexity: O(1) amortised; O(w) when it closes a placemark of w fixes.
    public mutating func add(_ fix: Fix) throws(GeoKernelError) -> [TimelineEvent] {
        try checkNext(fix)
        return addChecked(fix)
    }

    /// Throws when `fix` may not be added now (after `finish`, or earlier than the previous fix).
    @inline(__always)
    func checkNext(_ fix: Fix) throws(GeoKernelError) {
        if _slowPath(isFinished || !(fix.timestamp >= lastTime)) { try refuse(fix) }
    }

    /// The error of `checkNext`.
    @inline(never)
    private func refuse(_ fix: Fix) throws(GeoKernelError) {
        guard !isFinished else {
            throw GeoKernelError(.misuse, "fix at t=\(fix.timestamp) s added after finish(); use a new StopDetector")
        }
        guard fix.timestamp >= lastTime else {
            throw GeoKernelError(
                .order,
                "fix at t=\(fix.timestamp) s is earlier than the previous fix at t=\(lastTime) s "
                    + "(fix \(storedFixes + ignoredInaccurateFixes + repeatedFixes + cleanedInaccurateFixes + cleanedImpossibleFixes + 1) of the stream); "
                    + "streaming needs fixes in time order (batch detect() sorts them)")
        }
    }

    /// Runs `fix` (checked) through the cleaner into `released`; false when there is no
    /// cleaner (then the caller gives `fix` to `addInOrder` itself).
    @inline(__always)
    mutating func clean(_ fix: Fix, into released: inout [Fix]) -> Bool {
        guard cleaner != nil else { return false }
        lastTime = fix.timestamp
        released.removeAll(keepingCapacity: true)
        cleaner!.add(fix, into: &released)
        return true
    }

    /// `add` after the order and state checks: through the cleaner, when there is one.
    @inline(__always)
    mutating func addChecked(_ fix: Fix) -> [TimelineEvent] {
        guard cleaner != nil else { return addInOrder(fix) }
        lastTime = fix.timestamp
        released.removeAll(keepingCapacity: true)
        cleaner!.add(fix, into: &released)
        if released.isEmpty { return [] }
        if released.count == 1 { return addInOrder(released[0]) }
        var events: [TimelineEvent] = []
        for f in released { events += addInOrder(f) }
        return events
    }

    /// Adds fixes in order; returns the events of all of them.
    ///
    /// - Throws: as `add(_:)`, at the first bad fix (the ones before it are added).
    public mutating func add(contentsOf fixes: some Sequence<Fix>) throws(GeoKernelError) -> [TimelineEvent] {
        var events: [TimelineEvent] = []
        for f in fixes { events += try add(f) }
        return events
    }

    /// Ends the track: reports the last move and, when `includeOpenStay` is true and the
    /// open window lasted at least `durationSeconds`, the open placemark (departure = time
    /// of the last fix, `isOpen` true). Afterwards the detector refuses fixes; a second
    /// call returns nothing.
    ///
    /// - Complexity: O(w) for an open window of w fixes.
    public mutating func finish(includeOpenStay: Bool = false) -> [TimelineEvent] {
        guard !isFinished else { return [] }
        isFinished = true
        cleaner?.finish()
        if includeOpenStay, storedFixes >= 2, !lastWasGapReset, let first = window.first, let last = window.last,
            last.timestamp - first.timestamp >= parameters.durationSeconds
        {
            let events = emitStay(departure: last.timestamp, open: true)
            window = []
            return events
        }
        leg += window
        window = []
        guard !leg.isEmpty else { return [] }
        let move = makeMove(leg, to: nil)
        leg = []
        return [.move(move)]
    }

    /// The whole-track (batch) form: a fresh detector with this one's parameters, cleaning
    /// and naming (not its streaming state) over `fixes`, which are first sorted by time
    /// (stably) when they are not in order; `Diary.outOfOrderFixes` says how many were not.
    ///
    /// Equal to adding the sorted fixes one by one and calling `finish(includeOpenStay:)`.
    /// - Complexity: O(n) for sorted input, O(n log n) otherwise.
    public func detect(_ fixes: [Fix], includeOpenStay: Bool = false) -> Diary {
        var outOfOrder = 0
        for i in fixes.indices.dropFirst() where fixes[i].timestamp < fixes[i - 1].timestamp { outOfOrder += 1 }
        let sorted = outOfOrder == 0
            ? fixes
            : fixes.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
                .map(\.element)
        var d = StopDetector(parameters: parameters, cleaning: cleaning, naming: naming)
        var diary = Diary()
        for f in sorted {
            let events = d.addChecked(f)
            if !events.isEmpty { diary.record(events) }
        }
        diary.record(d.finish(includeOpenStay: includeOpenStay))
        diary.ignoredInaccurateFixes = d.ignoredInaccurateFixes
        diary.repeatedFixes = d.repeatedFixes
        diary.outOfOrderFixes = outOfOrder
        diary.cleanedInaccurateFixes = d.cleanedInaccurateFixes
        diary.cleanedImpossibleFixes = d.cleanedImpossibleFixes
        return diary
    }

    // MARK: - The window

    /// `add` after the order and state checks.
    mutating func addInOrder(_ fix: Fix) -> [TimelineEvent] {
        lastTime = fix.timestamp
        if let a = fix.horizontalAccuracyMeters, a > parameters.minimumAccuracyMeters {
            ignoredInaccurateFixes += 1
            return []
        }
        guard let previous = window.last else {
            storedFixes = 1
            startWindow(fix)
            return []
        }
        if fix.timestamp == previous.timestamp, fix.coordinate == previous.coordinate {
            repeatedFixes += 1
            return []
        }
        storedFixes += 1
        let gap = fix.timestamp - previous.timestamp
        if gap > parameters.gapSeconds {
            leg += window
            startWindow(fix)
            lastWasGapReset = true
            return []
        }
        lastWasGapReset = false
        guard isOutsideWindow(fix.coordinate) else {
            window.append(fix)
            if parameters.anchor != .firstFix { moveAnchorToCentroid(adding: fix) }
            return []
        }
        var events: [TimelineEvent] = []
        if gap > parameters.signalGapSeconds || parameters.departure == .lastFixInside {
            // The window ends at its own last fix: after a signal gap the person left at some
            // time within it, and the move spans the gap.
            let last = window[window.count - 1].timestamp
            if last - window[0].timestamp >= parameters.durationSeconds {
                events = emitStay(departure: last, open: false)
            } else {
                leg += window
            }
        } else if fix.timestamp - window[0].timestamp >= parameters.durationSeconds {
            // Here gap ≤ gapSeconds: a pause of exactly gapSeconds keeps the window (diff > gap).
            events = emitStay(departure: fix.timestamp, open: false)
        } else {
            leg += window
        }
        startWindow(fix)
        return events
    }

    // MARK: - What the live detector reads

    /// Time of the open window's first fix (its anchor), or nil before the first stored fix.
    var windowStart: Double? { window.first?.timestamp }
    /// Time of the open window's latest fix.
    var windowEnd: Double? { window.last?.timestamp }
    /// Times of the open window's first and latest fix (the window is never empty once a
    /// fix was stored; (0, 0) before).
    var windowSpan: (start: Double, end: Double) {
        window.isEmpty ? (0, 0) : (window[0].timestamp, window[window.count - 1].timestamp)
    }
    /// Number of fixes in the open window.
    var windowCount: Int { window.count }
    /// Counts the windows started so far (changes whenever a new window begins).
    private(set) var windowSerial = 0

    private mutating func startWindow(_ fix: Fix) {
        windowSerial &+= 1
        window.removeAll(keepingCapacity: true)
        window.append(fix)
        anchorPhi = fix.coordinate.latitude * Self.radiansPerDegree
        anchorLambda = fix.coordinate.longitude * Self.radiansPerDegree
        anchorCosPhi = cos(anchorPhi)
        centroidLatitudeSum = fix.coordinate.latitude
        centroidLongitudeOffsetSum = 0
    }

    /// `Parameters.Anchor.centroid` (and `.centroidOnceEstablished` once the window has
    /// lasted `durationSeconds`): the window's centre becomes the mean of its fixes.
    private mutating func moveAnchorToCentroid(adding fix: Fix) {
        let first = window[0].coordinate.longitude
        var d = fix.coordinate.longitude - first
        if d > 180 { d -= 360 } else if d < -180 { d += 360 }
        centroidLatitudeSum += fix.coordinate.latitude
        centroidLongitudeOffsetSum += d
        if parameters.anchor == .centroidOnceEstablished,
            fix.timestamp - window[0].timestamp < parameters.durationSeconds
        {
            return
        }
        let n = Double(window.count)
        let centre = Coordinate(
            uncheckedLatitude: centroidLatitudeSum / n, longitude: first + centroidLongitudeOffsetSum / n)
        anchorPhi = centre.latitude * Self.radiansPerDegree
        anchorLambda = centre.longitude * Self.radiansPerDegree
        anchorCosPhi = cos(anchorPhi)
    }

    static let radiansPerDegree = Double.pi / 180

    /// trackintel's `point_haversine_dist(anchor, c, float_flag=True) >= distance`.
    ///
    /// Most fixes are decided without trigonometry: the haversine term
    /// a = sin²(Δφ/2) + cos φ₀ cos φ sin²(Δλ/2) lies between bounds made of products only
    /// (`SphereBand.haversineBounds`), and the threshold's band (`SphereBand`) carries
    /// margins far above the rounding of either formula. Then libm's a settles most of the
    /// rest. Only fixes within the band are measured with trackintel's own formula and
    /// order (degrees to radians first, then differences), so every decision equals
    /// trackintel's `>=` on the metre value.
    @inline(__always)
    private func isOutsideWindow(_ c: Coordinate) -> Bool {
        let phi = c.latitude * Self.radiansPerDegree
        let lambda = c.longitude * Self.radiansPerDegree
        let dPhi = phi - anchorPhi, dLambda = lambda - anchorLambda
        if SphereBand.haversineUpperBound(deltaPhi: dPhi, deltaLambda: dLambda, cosPhi0: anchorCosPhi) < aInside {
            return false
        }
        if SphereBand.haversineLowerBound(deltaPhi: dPhi, deltaLambda: dLambda, cosPhi0: anchorCosPhi) > aOutside {
            return true
        }
        let s1 = sin((phi - anchorPhi) / 2)
        let s2 = sin((lambda - anchorLambda) / 2)
        let a = s1 * s1 + anchorCosPhi * cos(phi) * (s2 * s2)
        if a < aInside { return false }
        if a > aOutside { return true }
        return Self.trackintelDistance(anchorPhi, anchorLambda, anchorCosPhi, phi, lambda) >= parameters.distanceMeters
    }

    /// trackintel 1.4's `point_haversine_dist(lon₁, lat₁, lon₂, lat₂, float_flag=True)`
    /// in metres, from radians (φ₁, λ₁ with cos φ₁ precomputed, φ₂, λ₂): the spherical law
    /// of cosines, R·acos(cos(φ₁−φ₂) − cos φ₁·cos φ₂·(1 − cos(λ₁−λ₂))), R = 6 371 000 m,
    /// term by term in trackintel's order (the argument cannot exceed 1; it is clamped to
    /// [-1, 1] all the same).
    @inline(never)
    static func trackintelDistance(
        _ phi1: Double, _ lambda1: Double, _ cosPhi1: Double, _ phi2: Double, _ lambda2: Double
    ) -> Double {
        let cosLat2 = cos(phi2)
        let cosLatD = cos(phi1 - phi2)
        let cosLonD = cos(lambda1 - lambda2)
        let argument = cosLatD - cosPhi1 * cosLat2 * (1 - cosLonD)
        return earthRadiusMeters * acos(Swift.min(1, Swift.max(-1, argument)))
    }

    /// `trackintelDistance` between two coordinates (degrees), for tests.
    package static func _trackintelDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let p1 = a.latitude * radiansPerDegree, p2 = b.latitude * radiansPerDegree
        return trackintelDistance(p1, a.longitude * radiansPerDegree, cos(p1), p2, b.longitude * radiansPerDegree)
    }

    /// Emits the window as a placemark (and the move before it).
    private mutating func emitStay(departure: Double, open: Bool) -> [TimelineEvent] {
        let location = Self.stayLocation(window)
        let p = Placemark(
            index: placemarkCount, coordinate: location, arrival: window[0].timestamp, departure: departure,
            fixCount: window.count, name: naming?.placemarkName(for: location), isOpen: open)
        placemarkCount += 1
        var events: [TimelineEvent] = []
        if lastPlacemark != nil || !leg.isEmpty {
            events.append(.move(makeMove(leg, to: p)))
        }
        leg = []
        events.append(.placemark(p))
        lastPlacemark = p
        return events
    }

    private func makeMove(_ fixes: [Fix], to next: Placemark?) -> Move {
        var length = 0.0
        var previous = lastPlacemark?.coordinate
        for f in fixes {
            if let p = previous { length += haversineDistance(p, f.coordinate, radiusMeters: Self.earthRadiusMeters) }
            previous = f.coordinate
        }
        if let n = next, let p = previous {
            length += haversineDistance(p, n.coordinate, radiusMeters: Self.earthRadiusMeters)
        }
        // A move has fixes whenever one of its ends is not a placemark (see emitStay/finish).
        let start = lastPlacemark?.departure ?? fixes.first?.timestamp ?? next?.arrival ?? 0
        let end = next?.arrival ?? fixes.last?.timestamp ?? start
        return Move(
            fromPlacemark: lastPlacemark?.index, toPlacemark: next?.index, fixes: fixes, start: start, end: end,
            distanceMeters: length)
    }

    /// Mean latitude and circular-mean longitude (degrees) of the distinct positions of
    /// `fixes` (trackintel: `angle_centroid_multipoints` of the window's union; positions
    /// are equal when their degrees compare equal, so 0.0 and -0.0 are one position).
    ///
    /// Distinct positions are found with an open-addressing table of indices keyed by a
    /// multiplicative hash of the two doubles' bits: cheaper than `Set`'s SipHash, which
    /// showed in profiles as the second cost of `timeline.stays` after the trigonometry.
    /// The longitudes are averaged as unit vectors rotated to the first fix's longitude
    /// (mathematically trackintel's `atan2(mean sin λ, mean cos λ)`; numerically within
    /// 1e-15 rad of it).
    static func stayLocation(_ fixes: [Fix]) -> Coordinate {
        if fixes.count == 1 { return fixes[0].coordinate }
        var capacity = 16
        while capacity < 2 * fixes.count { capacity <<= 1 }
        let mask = capacity - 1
        var table = [Int](repeating: -1, count: capacity)
        var sumLatitude = 0.0, sumSin = 0.0, sumCos = 0.0
        var k = 0.0
        let lambda0 = fixes[0].coordinate.longitude * radiansPerDegree
        for i in fixes.indices {
            let c = fixes[i].coordinate
            // + 0.0 turns -0.0 into 0.0, so equal positions have equal bits.
            let bits = (c.latitude + 0.0).bitPattern &* 0x9E37_79B9_7F4A_7C15
                ^ (c.longitude + 0.0).bitPattern &* 0xC2B2_AE3D_27D4_EB4F
            var slot = Int(truncatingIfNeeded: bits >> 32) & mask
            var isNew = true
            while table[slot] >= 0 {
                if fixes[table[slot]].coordinate == c {
                    isNew = false
                    break
                }
                slot = (slot + 1) & mask
            }
            guard isNew else { continue }
            table[slot] = i
            // Angles relative to the first fix: the same circular mean, rotated, and for
            // the small angles of a stay sine and cosine are short series exact to
            // rounding (next terms below 1e-21) instead of libm calls.
            var d = c.longitude * radiansPerDegree - lambda0
            if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
            if abs(d) < 1e-3 {
                let d2 = d * d
                sumSin += d * (1 - d2 / 6 * (1 - d2 / 20))
                sumCos += 1 - d2 / 2 * (1 - d2 / 12 * (1 - d2 / 30))
            } else {
                sumSin += sin(d)
                sumCos += cos(d)
            }
            sumLatitude += c.latitude
            k += 1
        }
        let longitude = (lambda0 + atan2(sumSin / k, sumCos / k)) / radiansPerDegree
        return Coordinate(uncheckedLatitude: sumLatitude / k, longitude: longitude)
    }
}
