import ArgumentParser

/// Coordinates given as positional arguments, negative ones included: `geokernel distance
/// -33.9 151.2 40.7 -74` needs no `--`.
///
/// ArgumentParser reads a token such as `-33.9` as a group of short options, and a plain
/// `@Argument` never receives it. Commands that take numbers as positionals therefore
/// collect them with `.allUnrecognized` (every input that is not one of the command's
/// options, `--help` included, in order) and parse them here: a token that is a number
/// is a value, whatever its sign; any other token that starts with `-` is an unknown
/// option, reported as ArgumentParser reports one.
enum PositionalNumbers {
    /// The sentence the help of such a command carries.
    static let helpNote = "Negative values are given as they are (-33.9), before or after the options; no -- is needed."

    /// The numbers of `tokens`, one per name of `names` (e.g. ["LAT1", "LON1"]).
    ///
    /// - Throws: `ValidationError` for an unknown option, a token that is not a number or
    ///   a wrong count.
    static func parse(_ tokens: [String], names: [String]) throws -> [Double] {
        var values: [Double] = []
        var terminated = false
        for token in tokens {
            if token == "--" && !terminated { terminated = true; continue }
            if let v = Double(token) {
                values.append(v)
            } else if token.hasPrefix("-") && !terminated {
                throw ValidationError("Unknown option '\(token)'")
            } else {
                let name = values.count < names.count ? " for \(names[values.count])" : ""
                throw ValidationError("'\(token)' is not a number\(name)")
            }
        }
        guard values.count == names.count else {
            throw ValidationError(
                "expected \(names.count) numbers (\(names.joined(separator: " "))), got \(values.count)")
        }
        return values
    }
}
