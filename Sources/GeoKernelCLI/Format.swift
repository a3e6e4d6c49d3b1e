import Foundation

/// Number formatting for the tool's output.
enum Format {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func meters(_ m: Double) -> String {
        m >= 10_000 ? "\(fixed(m / 1000, 3)) km" : "\(fixed(m, 3)) m"
    }
}
