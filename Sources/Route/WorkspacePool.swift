import GeoKernel

/// The workspaces a router lends to calls that bring none: taken from a short stack
/// under a lock and put back after the call, so a plan that adds pin after pin, or a
/// server that answers from many threads, reuses a few workspaces instead of allocating
/// one per leg (its memory: `RoadGraph.Workspace`).
///
/// Thread safety: any number of threads; each borrowed workspace serves one call.
package final class WorkspacePool: @unchecked Sendable {
    /// At most this many idle workspaces are kept.
    static let capacity = 8
    private let graph: RoadGraph
    private let lock = ReadWriteLock()
    private var idle: [RoadGraph.Workspace] = []

    package init(graph: RoadGraph) { self.graph = graph }

    /// Runs `body` with `given`, or else with a borrowed workspace returned afterwards.
    package func with<R>(
        _ given: RoadGraph.Workspace?, _ body: (RoadGraph.Workspace) throws(GeoKernelError) -> R
    ) throws(GeoKernelError) -> R {
        if let given { return try body(given) }
        let ws = lock.write { idle.popLast() } ?? RoadGraph.Workspace(for: graph)
        defer { lock.write { if idle.count < Self.capacity { idle.append(ws) } } }
        return try body(ws)
    }
}
