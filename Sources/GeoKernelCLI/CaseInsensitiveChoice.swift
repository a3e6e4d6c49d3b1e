import ArgumentParser

/// An option whose values are a fixed list of names (`--format`, `--preset`, `--mode`,
/// `--metric`…): one rule for every command, a value matches a name in any letter case
/// ("GeoJSON", "TimelyMoves"), and the help lists the names as they are spelled.
public protocol CaseInsensitiveChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension CaseInsensitiveChoice {
    public init?(argument: String) {
        let wanted = argument.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
        self = match
    }
}
