import GeoKernel

/// The specification's own model of a track: the places passed through, in order (A, C, D, E,
/// B), and for each place the fixes that lead from it to the next one, keyed by that
/// place's index.
///
/// Together with the placemarks' own fixes, `fixesBeforeFirstPlacemark` and
/// `fixesLeaving` partition every stored fix of the track: each one is either part of
/// exactly one stay or in exactly one of these lists.
///
/// Thread safety: a value; `Sendable`. C twin: `gk_timeline_placemarks` and
/// `gk_timeline_transit` (index -1 for the fixes before the first place). \since 0.1
public struct Transit: Sendable, Hashable {
    /// The places, in the order they were passed through.
    public var placemarks: [Placemark]
    /// For each placemark index k, the fixes from leaving `placemarks[k]` up to arriving
    /// at `placemarks[k + 1]` (or up to the end of the track for the last one; empty
    /// until `finish` reports it). Every index of `placemarks` has an entry.
    public var fixesLeaving: [Int: [Fix]]
    /// The fixes before the first placemark (all fixes when there is none).
    public var fixesBeforeFirstPlacemark: [Fix]
}

/// One entry of the chronological list of a track: a stay or a move.
///
/// Thread safety: a value; `Sendable`. \since 0.1
public enum DiarySegment: Sendable, Hashable {
    /// A stay at a placemark.
    case stay(Placemark)
    /// A move between placemarks.
    case move(Move)

    /// Start of the segment (s since the Unix epoch).
    public var start: Double {
        switch self {
        case .stay(let p): p.arrival
        case .move(let m): m.start
        }
    }

    /// End of the segment (s since the Unix epoch).
    public var end: Double {
        switch self {
        case .stay(let p): p.departure
        case .move(let m): m.end
        }
    }
}

/// The events of a `StopDetector` collected into a day: placemarks, moves, the specification's
/// `Transit` and a plain chronological list of stays and moves.
///
/// Build one with `StopDetector.detect(_:includeOpenStay:)` (batch), or `record` the
/// events of a streaming detector yourself; both give equal diaries for the same fixes.
///
/// Memory: every move keeps its fixes (O(fixes outside stays)); stays keep only their
/// summary. Thread safety: a value; `Sendable`.
/// C twin: the `gk_timeline` handle, which records its own events. \since 0.1
public struct Diary: Sendable, Hashable {
    /// The placemarks, in time order; `placemarks[k].index == k`.
    public private(set) var placemarks: [Placemark] = []
    /// The moves, in time order: possibly one before the first placemark, then one after
    /// every placemark (the last one only after `finish`).
    public private(set) var moves: [Move] = []
    /// Stays and moves interleaved in time order.
    public private(set) var segments: [DiarySegment] = []
    /// Fixes ignored because their horizontal accuracy was worse than the limit.
    public var ignoredInaccurateFixes = 0
    /// Fixes ignored because they repeated the previous stored fix exactly.
    public var repeatedFixes = 0
    /// Fixes that were out of time order in the input of a batch detection (they were
    /// sorted into place first).
    public var outOfOrderFixes = 0
    /// Fixes the cleaning stage dropped for an accuracy worse than its limit (0 without
    /// cleaning). \since 0.4
    public var cleanedInaccurateFixes = 0
    /// Fixes the cleaning stage dropped for an impossible speed (0 without cleaning). \since 0.4
    public var cleanedImpossibleFixes = 0

    /// An empty diary.
    public init() {}

    /// Adds one event. - Complexity: O(1) amortised.
    public mutating func record(_ event: TimelineEvent) {
        switch event {
        case .move(let m):
            moves.append(m)
            segments.append(.move(m))
        case .placemark(let p):
            placemarks.append(p)
            segments.append(.stay(p))
        }
    }

    /// Adds events in order. - Complexity: O(events).
    public mutating func record(_ events: [TimelineEvent]) {
        for e in events { record(e) }
    }

    /// The specification's model of the same diary (see `Transit`). - Complexity: O(fixes in moves).
    public var transit: Transit {
        var leaving: [Int: [Fix]] = [:]
        for p in placemarks { leaving[p.index] = [] }
        var before: [Fix] = []
        for m in moves {
            if let k = m.fromPlacemark { leaving[k, default: []] += m.fixes } else { before += m.fixes }
        }
        return Transit(placemarks: placemarks, fixesLeaving: leaving, fixesBeforeFirstPlacemark: before)
    }

    /// Number of stored fixes the diary accounts for: every placemark's fixes plus every
    /// move's fixes. Equals the fixes the detector stored once `finish` has run.
    public var fixCount: Int {
        placemarks.reduce(0) { $0 + $1.fixCount } + moves.reduce(0) { $0 + $1.fixes.count }
    }
}
