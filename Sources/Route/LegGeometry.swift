#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GeoKernel

/// The geometry work behind a leg: great-circle interpolation, lengths and the steps
/// derived from a polyline.
enum LegGeometry {
    /// The most vertices one interpolated leg may have.
    static let maximumVertices = 1_000_000

    /// Points along the great circle from `a` to `b`, `spacingMeters` apart at most
    /// (spherical linear interpolation of unit vectors; both ends included exactly).
    ///
    /// - Throws: `.invalidArgument` when a and b are antipodal (no unique great circle)
    ///   or the spacing would give more than `maximumVertices` vertices.
    static func greatCircle(from a: Coordinate, to b: Coordinate, spacingMeters: Double) throws(GeoKernelError)
        -> [Coordinate]
    {
        // The angle from the unit vectors: atan2(|a × b|, a · b) is well conditioned
        // everywhere, unlike the haversine near antipodes.
        let va = UnitVector(a), vb = UnitVector(b)
        let cross = va.cross(vb)
        let sine = cross.dot(cross).squareRoot()
        let delta = atan2(sine, va.dot(vb))
        if delta < 1e-12 { return [a, b] }
        guard sine > 1e-9 else {
            throw .invalid("\(a) and \(b) are antipodal: no unique great circle joins them")
        }
        let length = delta * EarthModel.meanRadiusMeters
        let segments = (length / spacingMeters).rounded(.up)
        guard segments < Double(maximumVertices) else {
            throw .invalid(
                "a spacing of \(spacingMeters) m gives \(segments) segments over \(Int(length)) m; "
                    + "a leg may have at most \(maximumVertices) vertices")
        }
        let n = max(1, Int(segments))
        let s = sine
        var out = [a]
        out.reserveCapacity(n + 1)
        for i in 1..<n {
            let f = Double(i) / Double(n)
            let wa = sin((1 - f) * delta) / s, wb = sin(f * delta) / s
            let x = wa * va.x + wb * vb.x, y = wa * va.y + wb * vb.y, z = wa * va.z + wb * vb.z
            let lat = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
            out.append(try Coordinate(latitude: max(-90, min(90, lat)), longitude: atan2(y, x) * 180 / .pi))
        }
        out.append(b)
        return out
    }

    /// The length in metres of a polyline: the sum of haversine distances.
    static func length(_ line: [Coordinate]) -> Double {
        var total = 0.0
        for (p, q) in zip(line, line.dropFirst()) { total += haversineDistance(p, q) }
        return total
    }

    /// The directions of a leg whose geometry is `line`, ending at `destination`.
    ///
    /// The geometry is first simplified by Douglas–Peucker at `simplifyMeters` (jitter of
    /// a recorded or road geometry must not read as turns; a line too long for one
    /// gnomonic plane is used as it is). At each remaining vertex the change of heading
    /// is the initial bearing of the next segment minus the final bearing of the
    /// previous one (so a great circle has none); a change beyond `thresholdDegrees`
    /// makes a turn. Distances run along the full geometry.
    static func steps(
        _ line: [Coordinate], destination: Coordinate, thresholdDegrees: Double, simplifyMeters: Double
    ) -> [RouteStep] {
        // Cumulative distances along the full geometry.
        var along = [0.0]
        along.reserveCapacity(line.count)
        for (p, q) in zip(line, line.dropFirst()) { along.append(along.last! + haversineDistance(p, q)) }
        let end = line.count - 1
        guard along.last! > 0 else {
            return [RouteStep(maneuver: .arrive, arrivalSide: .here, heading: .north, distanceMeters: 0,
                              vertexIndex: end, endVertexIndex: end, isOnRoad: false)]
        }
        var kept = (try? DouglasPeucker.simplify(line, toleranceMeters: simplifyMeters).keptIndices)
            ?? Array(line.indices)
        // Drop zero-length segments, whose bearing is undefined.
        kept = kept.enumerated().filter { k, i in k == 0 || along[i] > along[kept[k - 1]] }.map(\.element)
        if kept.count < 2 { kept = [0, end] }

        var steps: [RouteStep] = []
        var startVertex = kept[0]
        var maneuver = RouteStep.Maneuver.depart, modifier: RouteStep.Turn? = nil
        var heading = CompassDirection(bearingDegrees: line[kept[0]].initialBearing(to: line[kept[1]]))
        func close(at vertex: Int) {
            steps.append(RouteStep(
                maneuver: maneuver, modifier: modifier, heading: heading,
                distanceMeters: along[vertex] - along[startVertex], vertexIndex: startVertex, endVertexIndex: vertex,
                isOnRoad: false))
        }
        for k in 1..<(kept.count - 1) {
            let previous = line[kept[k - 1]], here = line[kept[k]], next = line[kept[k + 1]]
            let incoming = (here.initialBearing(to: previous) + 180).truncatingRemainder(dividingBy: 360)
            let outgoing = here.initialBearing(to: next)
            var change = (outgoing - incoming).truncatingRemainder(dividingBy: 360)
            if change > 180 { change -= 360 }
            if change <= -180 { change += 360 }
            guard abs(change) > thresholdDegrees else { continue }
            close(at: kept[k])
            startVertex = kept[k]
            maneuver = .turn
            modifier = RouteStep.Turn(degrees: change)
            heading = CompassDirection(bearingDegrees: outgoing)
        }
        close(at: end)
        let lastStart = line[kept[kept.count - 2]], lastEnd = line[kept[kept.count - 1]]
        steps.append(RouteStep(
            maneuver: .arrive, arrivalSide: arrivalSide(lastStart, lastEnd, destination),
            heading: CompassDirection(bearingDegrees: lastStart.initialBearing(to: lastEnd)), distanceMeters: 0,
            vertexIndex: end, endVertexIndex: end, isOnRoad: false))
        return steps
    }

    /// The steps with the leg's travel time shared out by distance (great-circle legs
    /// move at one speed).
    static func timed(_ steps: [RouteStep], totalSeconds: Double) -> [RouteStep] {
        let total = steps.reduce(0) { $0 + $1.distanceMeters }
        guard total > 0 else { return steps }
        return steps.map { s in
            RouteStep(
                maneuver: s.maneuver, modifier: s.modifier, exitNumber: s.exitNumber, arrivalSide: s.arrivalSide,
                heading: s.heading, roadName: s.roadName, roadRef: s.roadRef, distanceMeters: s.distanceMeters,
                durationSeconds: totalSeconds * s.distanceMeters / total, vertexIndex: s.vertexIndex,
                endVertexIndex: s.endVertexIndex, isOnRoad: s.isOnRoad)
        }
    }

    /// Left or right of the travel direction a → b, or ahead when within 1 m of its
    /// great circle (or when b is the destination).
    static func arrivalSide(_ a: Coordinate, _ b: Coordinate, _ destination: Coordinate) -> RouteStep.ArrivalSide {
        if haversineDistance(b, destination) < 1 { return .ahead }
        guard let offset = try? destination.crossTrackDistance(start: a, end: b), abs(offset) >= 1 else { return .ahead }
        return offset > 0 ? .right : .left
    }
}
