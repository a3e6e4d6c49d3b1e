#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel
import Route

/// Map matching: which roads a GPS trace followed. Each fix gets candidate positions on
/// the roads within a radius driven by its accuracy; a hidden Markov model weighs each
/// candidate by its distance to the fix and each pair of consecutive candidates by how
/// much the route between them (found on the road graph) differs from the straight line
/// between the fixes; Viterbi picks the likeliest sequence (`MatchOptions` has the model
/// and its parameters). Where no plausible route joins two fixes (a ferry, a gap in the
/// data, an area without roads), the trace is cut: the result has several pieces, never
/// a wild detour between them.
///
/// ```swift
/// let matcher = try RoadMatcher(graph: graph)
/// let match = try matcher.match(fixes)
/// for piece in match.pieces { print(piece.roads.map(\.name), piece.lengthMeters) }
/// ```
///
/// Units: metres, seconds, degrees (WGS84 coordinates; distances on the sphere of mean
/// radius, routes as the graph measures them). Thread safety: `Sendable`; calls from
/// many threads at once are allowed, each with its own workspace (or one borrowed from
/// the matcher's pool). C twin: `gk_matcher`.
/// \since 0.7
public final class RoadMatcher: Sendable {
    /// The road graph (its profile decides which roads and directions exist).
    public let graph: RoadGraph
    /// The model's parameters.
    public let options: MatchOptions
    let pool: WorkspacePool

    /// A matcher over `graph`.
    ///
    /// - Throws: `.invalidArgument` naming the first unusable option.
    /// - Complexity: O(1).
    public init(graph: RoadGraph, options: MatchOptions = MatchOptions()) throws(GeoKernelError) {
        if let p = options.problem() { throw .invalid(p) }
        self.graph = graph
        self.options = options
        pool = WorkspacePool(graph: graph)
    }

    /// Matches a trace.
    ///
    /// - Parameters:
    ///   - fixes: the trace, in time order (equal timestamps allowed).
    ///   - workspace: this thread's workspace for the graph, or nil to borrow one.
    /// - Returns: one entry per fix and the matched pieces.
    /// - Throws: `.invalidArgument` when a fix is earlier than the one before it;
    ///   `.misuse` for a workspace of another graph.
    /// - Complexity: O(fixes · candidates · one bounded Dijkstra), the Dijkstra bounded by
    ///   the distance the fixes allow (`MatchOptions.maximumDetourFactor`,
    ///   `maximumSpeedMetersPerSecond`).
    /// - Thread safety: concurrent calls allowed. C twin: `gk_matcher_match`.
    public func match(_ fixes: [Fix], workspace: RoadGraph.Workspace? = nil) throws(GeoKernelError) -> RoadMatch {
        for i in fixes.indices.dropFirst() where fixes[i].timestamp < fixes[i - 1].timestamp {
            throw .invalid("fix \(i) (t = \(fixes[i].timestamp)) is earlier than fix \(i - 1) (t = \(fixes[i - 1].timestamp))")
        }
        return try pool.with(workspace) { ws throws(GeoKernelError) in
            var viterbi = Viterbi(matcher: self, workspace: ws, streaming: false)
            for f in fixes { try viterbi.push(f) }
            try viterbi.finish()
            return RoadMatch(fixes: viterbi.matchedFixes(), pieces: viterbi.pieces)
        }
    }

    /// A matcher of fixes as they arrive (`RoadMatchStream`), with its own workspace.
    ///
    /// - Parameter maximumLag: the most weighed fixes left undecided (default 60): when
    ///   more are, the oldest is decided on the best sequence so far.
    /// - Throws: `.invalidArgument` for a lag below 1.
    /// - Complexity: O(graph states) for the workspace. C twin: `gk_matcher_stream`.
    public func stream(maximumLag: Int = 60) throws(GeoKernelError) -> RoadMatchStream {
        guard maximumLag >= 1 else { throw .invalid("the maximum lag \(maximumLag) must be at least 1") }
        return RoadMatchStream(Viterbi(matcher: self, workspace: RoadGraph.Workspace(for: graph), streaming: true, lag: maximumLag))
    }
}

/// Map matching as fixes arrive: each `add` returns the fixes whose match has become
/// final, in trace order. A fix is final once every sequence the model still considers
/// passes through the same candidate there (the paths of the online Viterbi converge); such
/// fixes get exactly what `RoadMatcher.match` gives on the whole trace. When more than
/// `maximumLag` weighed fixes are undecided, the oldest is decided on the best sequence so
/// far (it may then differ from the whole trace's match; `forcedCount` counts them).
///
/// ```swift
/// var stream = try matcher.stream()
/// for fix in incoming { for done in try stream.add(fix) { show(done) } }
/// let match = try stream.finish()
/// ```
///
/// Units: as `RoadMatcher`. Thread safety: not `Sendable`: it owns a workspace (copies
/// share it), so keep a stream on one thread or task. C twin: `gk_match_stream`
/// (`gk_match_stream_add`, `_read`, `_state`, `_finish`).
/// \since 0.7
public struct RoadMatchStream {
    var viterbi: Viterbi

    init(_ viterbi: Viterbi) { self.viterbi = viterbi }

    /// Takes the next fix; returns the fixes that became final, in order.
    ///
    /// - Throws: `.invalidArgument` when the fix is earlier than the previous one, or the
    ///   stream is finished.
    /// - Complexity: amortised O(candidates · one bounded Dijkstra + lag · candidates).
    public mutating func add(_ fix: Fix) throws(GeoKernelError) -> [RoadMatch.MatchedFix] {
        try viterbi.push(fix)
        return viterbi.takeFinal()
    }

    /// Decides every remaining fix and returns the whole match (every fix, every piece).
    /// The stream takes no more fixes afterwards.
    ///
    /// - Throws: `.misuse` when called twice.
    public mutating func finish() throws(GeoKernelError) -> RoadMatch {
        try viterbi.finish()
        return RoadMatch(fixes: viterbi.matchedFixes(), pieces: viterbi.pieces)
    }

    /// The pieces closed so far.
    public var pieces: [RoadMatch.Piece] { viterbi.pieces }
    /// Fixes decided by the lag bound rather than by convergence.
    public var forcedCount: Int { viterbi.forced }
    /// Weighed fixes not yet decided.
    public var undecidedCount: Int { viterbi.chain.count - (viterbi.rootEmitted ? 1 : 0) }
}


