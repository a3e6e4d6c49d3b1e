import Testing

/// Records an issue unless `actual` is within `tolerance` of `expected` (absolute).
public func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let ok = abs(actual - expected) <= tolerance || (actual == expected)
    #expect(
        ok, "\(what()) expected \(expected), got \(actual) (|diff| \(abs(actual - expected)) > \(tolerance))",
        sourceLocation: sourceLocation)
}

/// The difference of two azimuths in degrees, folded into [0, 180].
public func azimuthDifference(_ a: Double, _ b: Double) -> Double {
    var d = (a - b).truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    return min(d, 360 - d)
}
