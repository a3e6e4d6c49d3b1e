import GeoKernel
import Matching

// Section "match" of include/geokernel.h: map matching. A gk_matcher * is a retained
// RoadMatcher (immutable, Sendable: threads may share it); a gk_match * a retained
// MatchBox (the RoadMatch, immutable); a gk_match_stream * a retained MatchStreamBox (the
// stream and the fixes it finalised that C has not read yet: one thread at a time).

/// The object behind a `gk_match *`.
final class MatchBox: Sendable {
    let match: RoadMatch
    init(_ match: RoadMatch) { self.match = match }
}

/// The object behind a `gk_match_stream *`.
final class MatchStreamBox {
    var stream: RoadMatchStream
    var final = EventQueue<RoadMatch.MatchedFix>()
    init(_ stream: RoadMatchStream) { self.stream = stream }
}

/// The C layout of `struct gk_match_options`: fifteen doubles, two int32_t, five doubles
/// (168 bytes).
struct CMatchOptions {
    var defaultAccuracyM: Double, minimumSigmaM: Double, radiusSigmas: Double, minimumRadiusM: Double
    var maximumRadiusM: Double, betaM: Double, betaSigmas: Double, betaMPS: Double, maximumDetourFactor: Double
    var maximumSpeedMPS: Double, stationarySigmas: Double, denseSigmas: Double, denseSeconds: Double
    var uTurnPenaltyM: Double, outlierCost: Double
    var maximumCandidates: Int32, maximumOutliers: Int32
    var pace: Double, paceS: Double, timeFloorS: Double, timeSpreadFast: Double, timeSpreadSlow: Double

    init(_ o: MatchOptions) {
        defaultAccuracyM = o.defaultAccuracyMeters; minimumSigmaM = o.minimumSigmaMeters; radiusSigmas = o.radiusSigmas
        minimumRadiusM = o.minimumRadiusMeters; maximumRadiusM = o.maximumRadiusMeters; betaM = o.betaMeters
        betaSigmas = o.betaSigmas; betaMPS = o.betaMetersPerSecond; maximumDetourFactor = o.maximumDetourFactor
        maximumSpeedMPS = o.maximumSpeedMetersPerSecond; stationarySigmas = o.stationarySigmas
        denseSigmas = o.denseSigmas; denseSeconds = o.denseSeconds
        uTurnPenaltyM = o.uTurnPenaltyMeters; outlierCost = o.outlierCost
        maximumCandidates = Int32(clamping: o.maximumCandidates); maximumOutliers = Int32(clamping: o.maximumOutliers)
        pace = o.pace; paceS = o.paceSeconds; timeFloorS = o.timeFloorSeconds
        timeSpreadFast = o.timeSpreadFast; timeSpreadSlow = o.timeSpreadSlow
    }

    var options: MatchOptions {
        var o = MatchOptions()
        o.defaultAccuracyMeters = defaultAccuracyM; o.minimumSigmaMeters = minimumSigmaM; o.radiusSigmas = radiusSigmas
        o.minimumRadiusMeters = minimumRadiusM; o.maximumRadiusMeters = maximumRadiusM; o.betaMeters = betaM
        o.betaSigmas = betaSigmas; o.betaMetersPerSecond = betaMPS; o.maximumDetourFactor = maximumDetourFactor
        o.maximumSpeedMetersPerSecond = maximumSpeedMPS; o.stationarySigmas = stationarySigmas
        o.denseSigmas = denseSigmas; o.denseSeconds = denseSeconds
        o.uTurnPenaltyMeters = uTurnPenaltyM; o.outlierCost = outlierCost
        o.maximumCandidates = Int(maximumCandidates); o.maximumOutliers = Int(maximumOutliers)
        o.pace = pace; o.paceSeconds = paceS; o.timeFloorSeconds = timeFloorS
        o.timeSpreadFast = timeSpreadFast; o.timeSpreadSlow = timeSpreadSlow
        return o
    }
}

/// The C layout of `struct gk_matched_fix`: a uint64_t, four doubles, a uint32_t, an
/// int32_t (48 bytes).
struct CMatchedFix {
    var index: UInt64
    var lat: Double, lon: Double, distanceM: Double, offsetM: Double
    var edge: UInt32, piece: Int32

    init(_ f: RoadMatch.MatchedFix) {
        index = UInt64(f.index)
        if let s = f.snap, let p = f.piece {
            lat = s.point.latitude; lon = s.point.longitude; distanceM = s.distanceMeters; offsetM = s.offsetMeters
            edge = UInt32(s.edge); piece = Int32(p)
        } else {
            lat = .nan; lon = .nan; distanceM = .nan; offsetM = .nan; edge = .max; piece = -1
        }
    }
}

/// The C layout of `struct gk_matched_piece`: two uint64_t, three doubles, two uint64_t (56 bytes).
struct CMatchPiece {
    var firstFix: UInt64, lastFix: UInt64
    var lengthM: Double, durationS: Double, confidence: Double
    var pointCount: UInt64, roadCount: UInt64
}

func matcher(_ m: OpaquePointer?) throws(GeoKernelError) -> RoadMatcher {
    try required(borrow(m, as: RoadMatcher.self), "matcher")
}

func matchBox(_ m: OpaquePointer?) throws(GeoKernelError) -> MatchBox {
    try required(borrow(m, as: MatchBox.self), "match")
}

func matchStreamBox(_ s: OpaquePointer?) throws(GeoKernelError) -> MatchStreamBox {
    try required(borrow(s, as: MatchStreamBox.self), "stream")
}

/// Piece `index` of a match, or `.notFound`.
func matchPiece(_ match: RoadMatch, _ index: UInt) throws(GeoKernelError) -> RoadMatch.Piece {
    guard index < UInt(match.pieces.count) else {
        throw GeoKernelError(.notFound, "piece index \(index) is past the last one (the match has \(match.pieces.count))")
    }
    return match.pieces[Int(index)]
}

@c public func gk_match_options_init(_ out: UnsafeMutableRawPointer?) {
    out?.storeBytes(of: CMatchOptions(MatchOptions()), as: CMatchOptions.self)
}

@c public func gk_matcher_create(
    _ ctx: OpaquePointer?, _ graph: OpaquePointer?, _ options: UnsafeRawPointer?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let o = options.map { $0.loadUnaligned(as: CMatchOptions.self).options } ?? MatchOptions()
        outHandle.pointee = retainedHandle(try RoadMatcher(graph: try roadGraphBox(graph).graph, options: o))
    }
}

@c public func gk_matcher_destroy(_ matcher: OpaquePointer?) {
    releaseHandle(matcher, as: RoadMatcher.self)
}

@c public func gk_matcher_match(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ lat: UnsafePointer<Double>?, _ lon: UnsafePointer<Double>?,
    _ timeS: UnsafePointer<Double>?, _ accuracyM: UnsafePointer<Double>?, _ count: UInt, _ strideBytes: UInt,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let matcher = try matcher(m)
        var fixes: [Fix] = []
        try forEachFix(lat, lon, timeS, accuracyM, count, Int(clamping: strideBytes)) { _, f in fixes.append(f) }
        outHandle.pointee = retainedHandle(MatchBox(try matcher.match(fixes)))
    }
}

@c public func gk_match_destroy(_ match: OpaquePointer?) {
    releaseHandle(match, as: MatchBox.self)
}

/// Delivers matched fixes as `struct gk_matched_fix` entries (the array rule).
func deliverMatchedFixes(
    _ fixes: some RandomAccessCollection<RoadMatch.MatchedFix>, _ out: UnsafeMutableRawPointer?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) throws(GeoKernelError) {
    let base = fixes.startIndex
    try deliver(count: fixes.count, capacity: capacity, outCount: outCount, "the matched fixes",
                requiring: [(UnsafeRawPointer(out), "out")]) { i in
        out!.storeBytes(of: CMatchedFix(fixes[fixes.index(base, offsetBy: i)]),
                        toByteOffset: i * MemoryLayout<CMatchedFix>.stride, as: CMatchedFix.self)
    }
}

@c public func gk_match_fixes(
    _ ctx: OpaquePointer?, _ match: OpaquePointer?, _ out: UnsafeMutableRawPointer?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try deliverMatchedFixes(try matchBox(match).match.fixes, out, capacity, outCount)
    }
}

@c public func gk_match_piece_count(_ match: OpaquePointer?) -> UInt {
    UInt(borrow(match, as: MatchBox.self)?.match.pieces.count ?? 0)
}

@c public func gk_match_piece(
    _ ctx: OpaquePointer?, _ match: OpaquePointer?, _ index: UInt, _ out: UnsafeMutableRawPointer?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let piece = try matchPiece(try matchBox(match).match, index)
        try required(out, "out").storeBytes(
            of: CMatchPiece(
                firstFix: UInt64(piece.fixes.lowerBound), lastFix: UInt64(piece.fixes.upperBound),
                lengthM: piece.lengthMeters, durationS: piece.durationSeconds, confidence: piece.confidence,
                pointCount: UInt64(piece.geometry.count), roadCount: UInt64(piece.roads.count)),
            as: CMatchPiece.self)
    }
}

@c public func gk_match_piece_geometry(
    _ ctx: OpaquePointer?, _ match: OpaquePointer?, _ index: UInt,
    _ outLat: UnsafeMutablePointer<Double>?, _ outLon: UnsafeMutablePointer<Double>?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let piece = try matchPiece(try matchBox(match).match, index)
        try deliverCoordinates(piece.geometry, outLat, outLon, capacity, outCount, "piece \(index)")
    }
}

@c public func gk_match_road(
    _ ctx: OpaquePointer?, _ match: OpaquePointer?, _ pieceIndex: UInt, _ index: UInt,
    _ outClass: UnsafeMutablePointer<CInt>?, _ outLengthM: UnsafeMutablePointer<Double>?,
    _ outDurationS: UnsafeMutablePointer<Double>?,
    _ name: UnsafeMutablePointer<CChar>?, _ nameCapacity: UInt, _ outNameLen: UnsafeMutablePointer<UInt>?,
    _ ref: UnsafeMutablePointer<CChar>?, _ refCapacity: UInt, _ outRefLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let piece = try matchPiece(try matchBox(match).match, pieceIndex)
        guard index < UInt(piece.roads.count) else {
            throw GeoKernelError(
                .notFound, "road index \(index) is past the last one (piece \(pieceIndex) has \(piece.roads.count))")
        }
        let road = piece.roads[Int(index)]
        try deliverPair(
            (road.name, name, nameCapacity, outNameLen, "name", "out_name_len"),
            (road.ref, ref, refCapacity, outRefLen, "ref", "out_ref_len"))
        outClass?.pointee = CInt(road.roadClass.rawValue)
        outLengthM?.pointee = road.lengthMeters
        outDurationS?.pointee = road.durationSeconds
    }
}

@c public func gk_match_geojson(
    _ ctx: OpaquePointer?, _ match: OpaquePointer?, _ buf: UnsafeMutablePointer<CChar>?, _ capacity: UInt,
    _ outLen: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        try deliver(try matchBox(match).match.geoJSON(), to: buf, capacity: capacity, outLen: outLen)
    }
}

@c public func gk_matcher_stream(
    _ ctx: OpaquePointer?, _ m: OpaquePointer?, _ maximumLag: UInt, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let lag = maximumLag == 0 ? 60 : Int(clamping: maximumLag)
        outHandle.pointee = retainedHandle(MatchStreamBox(try matcher(m).stream(maximumLag: lag)))
    }
}

@c public func gk_match_stream_destroy(_ stream: OpaquePointer?) {
    releaseHandle(stream, as: MatchStreamBox.self)
}

@c public func gk_match_stream_add(
    _ ctx: OpaquePointer?, _ stream: OpaquePointer?, _ lat: Double, _ lon: Double, _ timeS: Double,
    _ accuracyM: Double, _ outPending: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try matchStreamBox(stream)
        box.final.append(contentsOf: try box.stream.add(try cFix(lat, lon, timeS, accuracyM)))
        outPending?.pointee = UInt(box.final.pending)
    }
}

@c public func gk_match_stream_read(
    _ ctx: OpaquePointer?, _ stream: OpaquePointer?, _ out: UnsafeMutableRawPointer?, _ capacity: UInt,
    _ outCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try matchStreamBox(stream)
        try box.final.read(capacity: capacity, outCount: outCount) { (k, f) throws(GeoKernelError) in
            guard let out else { throw GeoKernelError(.misuse, "out is NULL") }
            out.storeBytes(of: CMatchedFix(f), toByteOffset: k * MemoryLayout<CMatchedFix>.stride, as: CMatchedFix.self)
        }
    }
}

@c public func gk_match_stream_state(
    _ ctx: OpaquePointer?, _ stream: OpaquePointer?, _ outPending: UnsafeMutablePointer<UInt>?,
    _ outUndecided: UnsafeMutablePointer<UInt>?, _ outForced: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let box = try matchStreamBox(stream)
        outPending?.pointee = UInt(box.final.pending)
        outUndecided?.pointee = UInt(box.stream.undecidedCount)
        outForced?.pointee = UInt(box.stream.forcedCount)
    }
}

@c public func gk_match_stream_finish(
    _ ctx: OpaquePointer?, _ stream: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        outHandle.pointee = retainedHandle(MatchBox(try matchStreamBox(stream).stream.finish()))
    }
}
