/// The one error type of GeoKernel: a code that equals the C status code of
/// `include/geokernel.h`, and a message that says what was wrong and where.
///
/// Codes are grouped in ranges, as PROJ groups its errno values: 1–9 misuse and invalid
/// arguments, 10–19 projection, 20–29 objects and ids, 30–39 files and data.
///
/// Thread safety: a value type; `Sendable`.
/// C twin: the `int` status returned by every `gk_*` function, `gk_errstr(code)` and
/// `gk_context_errmsg(ctx)`.
public struct GeoKernelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A status code. Raw values equal the `GK_ERR_*` constants of `geokernel.h`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `GK_ERR_MISUSE`: a NULL pointer or a call the API does not allow.
        public static let misuse = Code(rawValue: 1)
        /// `GK_ERR_INVALID_ARGUMENT`: a value out of range, NaN or infinite, or
        /// mismatched array lengths.
        public static let invalidArgument = Code(rawValue: 2)
        /// `GK_ERR_OUT_OF_MEMORY`: an allocation failed.
        public static let outOfMemory = Code(rawValue: 3)
        /// `GK_ERR_BUFFER_TOO_SMALL`: a caller-owned output buffer has too little room.
        public static let bufferTooSmall = Code(rawValue: 4)
        /// `GK_ERR_CRS`: PROJ does not know or cannot use a coordinate reference system.
        public static let crs = Code(rawValue: 10)
        /// `GK_ERR_PROJ_DATABASE`: PROJ's `proj.db` could not be found or opened.
        public static let projDatabase = Code(rawValue: 11)
        /// `GK_ERR_TRANSFORM`: one or more points could not be transformed.
        public static let transform = Code(rawValue: 12)
        /// `GK_ERR_NOT_FOUND`: an unknown id.
        public static let notFound = Code(rawValue: 20)
        /// `GK_ERR_DUPLICATE`: an id that already exists.
        public static let duplicate = Code(rawValue: 21)
        /// `GK_ERR_PERMISSION`: the caller may not change this object.
        public static let permission = Code(rawValue: 22)
        /// `GK_ERR_CAPACITY`: a configured maximum was reached.
        public static let capacity = Code(rawValue: 23)
        /// `GK_ERR_IO`: reading or writing a file failed.
        public static let io = Code(rawValue: 30)
        /// `GK_ERR_CORRUPT`: a saved file is damaged, foreign or of another version.
        public static let corrupt = Code(rawValue: 31)
        /// `GK_ERR_PARSE`: malformed GeoJSON, GPX, CSV or JSON.
        public static let parse = Code(rawValue: 32)
        /// `GK_ERR_ORDER`: input out of time order.
        public static let order = Code(rawValue: 33)
        /// `GK_ERR_INTERNAL`: a bug in GeoKernel.
        public static let `internal` = Code(rawValue: 99)

        public var description: String {
            switch self {
            case .misuse: "misuse"
            case .invalidArgument: "invalid argument"
            case .outOfMemory: "out of memory"
            case .bufferTooSmall: "buffer too small"
            case .crs: "unknown or unusable CRS"
            case .projDatabase: "PROJ database not found"
            case .transform: "transformation failed"
            case .notFound: "not found"
            case .duplicate: "duplicate id"
            case .permission: "permission denied"
            case .capacity: "capacity reached"
            case .io: "input/output error"
            case .corrupt: "damaged or foreign file"
            case .parse: "malformed input"
            case .order: "out of order"
            case .internal: "internal error"
            default: "unknown error \(rawValue)"
            }
        }
    }

    /// What kind of error this is; equals the C status code.
    public let code: Code
    /// What was wrong and where, e.g. "latitude 91.0 is outside [-90, 90]".
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// Shorthand for `.invalidArgument` errors.
    public static func invalid(_ message: String) -> GeoKernelError {
        GeoKernelError(.invalidArgument, message)
    }
}
