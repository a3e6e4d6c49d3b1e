/// What happened to one fence at one fix.
///
/// Events are stamped with the timestamp of the fix that caused them (never a clock).
/// The events of one fix come in a fixed order: exits, then enters, then dwells, each
/// group in the order the fences were added.
///
/// Thread safety: a value; `Sendable`.
/// C twin: one entry of `gk_geofence_monitor_read_events` (`kind`, `id`, `time`).
/// \since 0.1
public struct GeofenceEvent: Sendable, Hashable, CustomStringConvertible {
    /// The kind of event. C twin: `GK_GEOFENCE_ENTER`, `GK_GEOFENCE_EXIT`, `GK_GEOFENCE_DWELL`. \since 0.1
    public enum Kind: Int32, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The user came in: enough consecutive fixes inside (see `GeofenceConfiguration`).
        /// \since 0.1
        case enter = 1
        /// The user left: enough consecutive fixes outside by more than accuracy + hysteresis.
        /// \since 0.1
        case exit = 2
        /// The user has been inside for `dwellSeconds` since the enter; once per visit.
        /// \since 0.1
        case dwell = 3

        /// "enter", "exit" or "dwell" (as the command line prints them). \since 0.1
        public var description: String {
            switch self {
            case .enter: "enter"
            case .exit: "exit"
            case .dwell: "dwell"
            }
        }

        /// Position within the events of one fix: exits, enters, dwells.
        @inline(__always)
        var rank: Int { self == .exit ? 0 : (self == .enter ? 1 : 2) }
    }

    /// What happened. \since 0.1
    public let kind: Kind
    /// The id of the fence it happened to. \since 0.1
    public let fenceID: String
    /// The timestamp of the fix that caused it: seconds since 1970-01-01T00:00:00Z. \since 0.1
    public let timestamp: Double

    /// An event (for comparisons in tests and for replaying logs). \since 0.1
    public init(kind: Kind, fenceID: String, timestamp: Double) {
        self.kind = kind
        self.fenceID = fenceID
        self.timestamp = timestamp
    }

    /// `enter "id" at 1767261600.0`, for logs. \since 0.1
    public var description: String { "\(kind) \"\(fenceID)\" at \(timestamp)" }
}
