import Foundation

/// A fresh directory under the system's temporary directory, for one test or one suite
/// instance, removed with everything in it when the value goes away. The one fixture for
/// files that tests write (saved indexes, stores, command-line outputs).
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory.
    public let path: String

    /// Creates `<tmp>/<label>-<pid>-<random>`.
    public init(_ label: String = "gk-test") throws {
        path = NSTemporaryDirectory() + "\(label)-\(getpid())-\(UInt64.random(in: 0..<1 << 40))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Runs `body` with the path of a fresh directory, removed when `body` returns.
    public static func with<T>(_ label: String, _ body: (String) throws -> T) throws -> T {
        let tmp = try TemporaryDirectory(label)
        return try withExtendedLifetime(tmp) { try body(tmp.path) }
    }
}
