#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import GeoKernel
import Synchronization

/// Signs of life for long work (issue 26, point 4): a command names its phases ("reading
/// day.gpx", "contracting the road graph"), and when one lasts longer than two seconds and
/// standard error is a terminal, a line on standard error says which phase runs and for how
/// long, rewritten every half second and cleared when the phase ends. `--quiet` (or a
/// standard error that is a file or a pipe) keeps it silent, so output that is piped or
/// logged never holds it. `GEOKERNEL_PROGRESS=always` shows it without a terminal and
/// `GEOKERNEL_PROGRESS_AFTER=SECONDS` moves the threshold (the tests use both).
final class Progress: Sendable {
    private struct State {
        var phase: String?
        var started = 0.0
        var shown = false
        /// What the work itself reports, by part ("fastest" → "43 %"), shown after the time.
        var details: [String: String] = [:]
    }

    private let state = Mutex(State())
    /// The ticking timer of the current phase; set and cancelled by the thread that runs
    /// the phases (`phase` is not reentrant across threads).
    nonisolated(unsafe) private var timer: (any DispatchSourceTimer)?
    private let enabled: Bool
    private let after: Double

    /// A progress line for a command; `quiet` is its `--quiet` flag.
    init(quiet: Bool) {
        let mode = getenv("GEOKERNEL_PROGRESS").map { String(cString: $0) }
        enabled = !quiet && (mode == "always" || (mode != "never" && isatty(2) == 1))
        after = getenv("GEOKERNEL_PROGRESS_AFTER").flatMap { Double(String(cString: $0)) } ?? 2
    }

    /// Runs `body` as the phase `name`.
    func phase<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        begin(name)
        defer { end() }
        return try body()
    }

    private func begin(_ name: String) {
        guard enabled else { return }
        let showNow = after <= 0  // a threshold of 0 shows every phase at once (deterministic, for tests)
        state.withLock { s in
            s.phase = name
            s.started = Self.now()
            s.shown = showNow
            s.details = [:]
        }
        if showNow { Self.write("\r\u{1B}[K\(name)… 0 s") }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [self] in tick() }
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(500))
        timer.resume()
        self.timer = timer
    }

    private func tick() {
        state.withLock { s in
            guard let phase = s.phase else { return }
            let elapsed = Self.now() - s.started
            guard elapsed >= after else { return }
            s.shown = true
            let details = s.details.keys.sorted().map { "\($0) \(s.details[$0]!)" }.joined(separator: ", ")
            // Under the lock: never after end() cleared the line.
            Self.write("\r\u{1B}[K\(phase)… \(Int(elapsed)) s" + (details.isEmpty ? "" : " (\(details))"))
        }
    }

    /// Sets what part `key` of the current phase reports ("43 %"), shown with the time at
    /// the next tick. Thread-safe: the work may report from several threads.
    func detail(_ key: String, _ text: String) {
        guard enabled else { return }
        state.withLock { s in
            if s.phase != nil { s.details[key] = text }
        }
    }

    /// A `RoadGraph` build's progress closure: each metric's contracted percentage.
    var contraction: @Sendable (RoadGraph.BuildProgress) -> Void {
        { [self] p in detail(p.metric == .fastest ? "fastest" : "shortest", "\(Int(p.fraction * 100)) %") }
    }

    private func end() {
        guard enabled else { return }
        timer?.cancel()
        timer = nil
        let shown = state.withLock { s -> Bool in
            defer { s.phase = nil }
            return s.shown
        }
        if shown { Self.write("\r\u{1B}[K") }
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private static func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
