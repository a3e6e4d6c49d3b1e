import GeoKernel

/// The tests' seeded generator: GeoKernel's SplitMix64, so tests, benchmarks and demo
/// data share one definition.
public typealias SeededRandom = SplitMix64
