import Foundation
import GeoFormats
import GeoKernel
import Simulation
import Timeline

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The Timeline facade and the track readers (issue 6).
///
/// - `timeline.stays`: 1 000 000 simulated fixes (`SimulatedDay`, seeded, day after day)
///   through `StopDetector` with the trackintel preset, one fix at a time; ns per fix.
///   Baseline `timeline.stays.naive`: the same sliding window recomputed from scratch at
///   every fix (every distance from the anchor and the window's distinct fixes again), on
///   the first `naivePrefix` fixes because it is quadratic in the window length. Checked
///   after timing: both give the same placemarks on that prefix.
/// - `tracks.gpx`: reading a generated 1 000 000-point GPX 1.1 file (written once to the
///   temporary directory) with `TrackReader`, ns per point. Baseline
///   `tracks.gpx.xmlparser`: Foundation's `XMLParser` over the same file with a delegate
///   that does nothing, the floor of any XMLParser-based reader. Checked: every point
///   read back with its time, in order.
enum TimelineCases {
    static func make(points n: Int) throws -> [BenchCase] {
        try staysCases(fixes: n) + liveCases(fixes: n) + modeCases(fixes: n) + gpxCases(points: n)
    }

    // MARK: - timeline.modes (issue 23)

    /// - `timeline.modes`: the travel modes (`Diary.travelModes`, default thresholds, no
    ///   roads) of every move of the cleaned `timelyMoves` diary of the same simulated days;
    ///   n = seconds of track in the moves, so the figure is ns of work per second of track.
    ///   Baseline `timeline.modes.coarse`: trackintel's simple-coarse rule (one class per move
    ///   from its mean speed, its length summed over its fixes: under 15 km/h, under 100 km/h,
    ///   faster), the floor of any classifier that reads every fix once. Checked: the legs cover every move's fixes once,
    ///   and the day's walks, buses and drives are all found.
    static func modeCases(fixes n: Int) throws -> [BenchCase] {
        let diary = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(SimulatedDay.fixes(count: n))
        let seconds = Int(diary.moves.reduce(0) { $0 + $1.durationSeconds })
        var legs: [[TripLeg]] = []
        var coarse: [Int] = []
        return [
            BenchCase(name: "timeline.modes.coarse", n: seconds, baseline: nil, setUp: { coarse = [] }, run: {
                coarse = diary.moves.map { m in
                    // the move's length from its fixes, as trackintel measures a tripleg's line
                    var meters = 0.0
                    for (a, b) in zip(m.fixes, m.fixes.dropFirst()) { meters += haversineDistance(a.coordinate, b.coordinate) }
                    let v = m.durationSeconds > 0 ? meters / m.durationSeconds : 0
                    return v < 15 / 3.6 ? 0 : v < 100 / 3.6 ? 1 : 2
                }
            }, check: {
                // One class per move, and the classes read (the timed work cannot be dropped).
                guard coarse.count == diary.moves.count else { return "\(coarse.count) classes for \(diary.moves.count) moves" }
                return Set(coarse).count > 1 ? nil : "the coarse rule gave every move one class: \(Set(coarse))"
            }),
            BenchCase(name: "timeline.modes", n: seconds, baseline: "timeline.modes.coarse", setUp: { legs = [] }, run: {
                legs = (try? diary.travelModes()) ?? []
            }, check: {
                guard legs.count == diary.moves.count else { return "\(legs.count) leg lists for \(diary.moves.count) moves" }
                for (m, l) in zip(diary.moves, legs) where !m.fixes.isEmpty {
                    guard l.first?.fixes.lowerBound == 0, l.last?.fixes.upperBound == m.fixes.count - 1 else {
                        return "legs do not cover a move"
                    }
                }
                let found = Set(legs.joined().map(\.mode))
                guard found.isSuperset(of: [.walk, .bus, .car]) else { return "modes found: \(found)" }
                return nil
            }),
        ]
    }

    // MARK: - timeline.stays.live, timeline.clean+stays (issue 11)

    /// - `timeline.stays.live`: the same 1M fixes through `LiveStopDetector` (trackintel
    ///   preset), events appended to one reused array; ns per fix. Baseline `timeline.stays`
    ///   (the batch detector fed one fix at a time). Checked: its departures are the batch
    ///   placemarks.
    /// - `timeline.clean+stays`: the cleaning stage (`TrackCleaning.standard`) and the
    ///   `timelyMoves` detector over the same day (naming excluded); ns per fix, so 500 ns
    ///   is 0.5 s for the 1M-fix day. Baseline `timeline.stays.timelyMoves`: the same
    ///   detector without cleaning. Checked: the cleaner dropped the simulated day's
    ///   outliers only (under 3 % of fixes) and found stays.
    static func liveCases(fixes n: Int) throws -> [BenchCase] {
        let fixes = SimulatedDay.fixes(count: n)
        var departed: [Placemark] = []
        var cleaned: Diary?
        var uncleaned: Diary?
        return [
            BenchCase(name: "timeline.stays.live", n: n, baseline: "timeline.stays", setUp: { departed = [] }, run: {
                var d = LiveStopDetector(preset: .trackintel)
                var events: [StayEvent] = []
                events.reserveCapacity(4096)
                var found: [Placemark] = []
                for f in fixes {
                    // add never throws on fixes in time order; an error would show as a check failure.
                    try? d.add(f, into: &events)
                    if events.count >= 4000 {
                        for case .departed(let p) in events { found.append(p) }
                        events.removeAll(keepingCapacity: true)
                    }
                }
                d.finish(into: &events)
                for case .departed(let p) in events { found.append(p) }
                departed = found
            }, check: {
                let batch = StopDetector(preset: .trackintel).detect(fixes).placemarks
                return departed == batch ? nil : "\(departed.count) live departures, \(batch.count) batch placemarks"
            }),
            BenchCase(name: "timeline.stays.timelyMoves", n: n, baseline: nil, setUp: { uncleaned = nil }, run: {
                uncleaned = StopDetector(preset: .timelyMoves).detect(fixes)
            }),
            BenchCase(
                name: "timeline.clean+stays", n: n, baseline: "timeline.stays.timelyMoves", setUp: { cleaned = nil },
                run: {
                    cleaned = StopDetector(preset: .timelyMoves, cleaning: .standard).detect(fixes)
                },
                check: {
                    guard let c = cleaned, let u = uncleaned else { return "nothing detected" }
                    let dropped = c.cleanedImpossibleFixes + c.cleanedInaccurateFixes
                    guard dropped < n * 3 / 100 else { return "the cleaner dropped \(dropped) of \(n) fixes" }
                    guard !c.placemarks.isEmpty, !u.placemarks.isEmpty else { return "no stays" }
                    return nil
                }),
        ]
    }

    // MARK: - timeline.stays

    /// Fixes the quadratic baseline runs on (its ns per fix grow with the stays' length,
    /// not with the track's).
    static let naivePrefix = 100_000

    static func staysCases(fixes n: Int) throws -> [BenchCase] {
        let fixes = SimulatedDay.fixes(count: n)
        let prefix = Array(fixes.prefix(min(n, naivePrefix)))
        let detector = StopDetector(preset: .trackintel)
        var streamed: [Placemark] = []
        var naive: [NaiveStay] = []
        return [
            BenchCase(name: "timeline.stays.naive", n: prefix.count, baseline: nil, setUp: { naive = [] }, run: {
                naive = NaiveSlidingWindow.stays(prefix)
            }),
            BenchCase(name: "timeline.stays", n: n, baseline: "timeline.stays.naive", setUp: { streamed = [] }, run: {
                var d = detector
                var found: [Placemark] = []
                for f in fixes {
                    // add never throws on fixes in time order; an error would show as a check failure.
                    for case .placemark(let p) in (try? d.add(f)) ?? [] { found.append(p) }
                }
                for case .placemark(let p) in d.finish() { found.append(p) }
                streamed = found
            }, check: {
                // About 1 450 fixes a day; 3 true stays a day, more where outliers (no accuracy
                // limit in this preset) break them.
                let perDay = Double(streamed.count) / (Double(n) / 1_450)
                guard perDay >= 3, perDay < 40 else { return "\(streamed.count) stays in \(n) fixes: \(perDay) a day" }
                let fast = detector.detect(prefix).placemarks
                guard fast.count == naive.count else { return "\(fast.count) stays, the naive window \(naive.count)" }
                for (a, b) in zip(fast, naive) {
                    guard a.arrival == b.arrival, a.departure == b.departure,
                        haversineDistance(a.coordinate, b.coordinate) < 1e-3
                    else { return "stay \(a.index) differs from the naive window's" }
                }
                guard Array(streamed.prefix(while: { $0.departure <= prefix.last!.timestamp })) == fast else {
                    return "streaming the whole track and detecting its prefix disagree"
                }
                return nil
            }),
        ]
    }

    // MARK: - tracks.gpx

    static func gpxCases(points n: Int) throws -> [BenchCase] {
        let path = Scratch.path("geobench-tracks-\(n)-\(getpid()).gpx")
        let (first, last) = try writeGPX(points: n, to: path)
        var read: TrackReadResult?
        var parsed = 0
        return [
            BenchCase(name: "tracks.gpx.xmlparser", n: n, baseline: nil, run: {
                let data = FileManager.default.contents(atPath: path)!
                let parser = XMLParser(stream: InputStream(data: data))
                let counter = ElementCounter()
                parser.delegate = counter
                _ = parser.parse()
                parsed = counter.count
            }, check: {
                parsed == 3 * n + 4 ? nil : "XMLParser saw \(parsed) elements, expected \(3 * n + 4)"
            }),
            BenchCase(name: "tracks.gpx", n: n, baseline: "tracks.gpx.xmlparser", setUp: { read = nil }, run: {
                read = try! TrackReader.read(contentsOf: path)
            }, check: {
                guard let r = read else { return "nothing read" }
                guard r.fixes.count == n, r.outOfOrderCount == 0, r.pointsWithoutTime == 0 else {
                    return "read \(r.fixes.count) fixes (\(r.outOfOrderCount) out of order), expected \(n)"
                }
                guard r.fixes.first == first, r.fixes.last == last else { return "first or last fix differs" }
                return nil
            }),
        ]
    }

    /// Writes a GPX 1.1 track of `n` points (a seeded random walk at 1 Hz with elevation
    /// and time, 6 decimals as devices write them); returns the first and last fix.
    static func writeGPX(points n: Int, to path: String) throws -> (Fix, Fix) {
        var rng = SplitMix64(seed: 1_000_000)
        var lat = 47.3769, lon = 8.5417, ele = 408.0
        let t0 = 1_714_550_400.0  // 2024-05-01T08:00:00Z
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="geobench" xmlns="http://www.topografix.com/GPX/1/1">
             <trk><name>generated</name><trkseg>

            """
        out.reserveCapacity(n * 110)
        var first: Fix?, last: Fix?
        for i in 0..<n {
            lat = min(89, max(-89, lat + rng.uniform(-1e-4, 1e-4)))
            lon = Coordinate.normalizedLongitude(lon + rng.uniform(-1e-4, 1e-4))
            ele += rng.uniform(-0.5, 0.5)
            let latText = fixed(lat, 6), lonText = fixed(lon, 6), eleText = fixed(ele, 1)
            let t = t0 + Double(i)
            out += "  <trkpt lat=\"\(latText)\" lon=\"\(lonText)\"><ele>\(eleText)</ele><time>\(ISO8601Time.format(t))</time></trkpt>\n"
            if i == 0 || i == n - 1 {
                let f = try Fix(latitude: Double(latText)!, longitude: Double(lonText)!, timestamp: t,
                                elevationMeters: Double(eleText)!)
                if i == 0 { first = f }
                if i == n - 1 { last = f }
            }
        }
        out += " </trkseg></trk>\n</gpx>\n"
        try out.write(toFile: path, atomically: true, encoding: .utf8)
        return (first!, last!)
    }

    static func fixed(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
}

/// An XMLParser delegate that only counts elements: the baseline's floor.
final class ElementCounter: NSObject, XMLParserDelegate {
    var count = 0
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        count += 1
    }
}

/// A stay found by the naive baseline.
struct NaiveStay {
    var arrival: Double
    var departure: Double
    var coordinate: Coordinate
}

/// trackintel's sliding window (100 m, 5 min, gap 15 min) written the obvious way: at
/// every fix the window is recomputed from scratch — the distance from its anchor to
/// every fix in it, with the kernel's full haversine (R = 6 371 000 m), and, when the
/// newest fix is the first outside, the distinct positions and their centroid. O(n·w) for
/// windows of w fixes. The same stays as `StopDetector`, found slowly.
enum NaiveSlidingWindow {
    static func stays(_ fixes: [Fix]) -> [NaiveStay] {
        var out: [NaiveStay] = []
        var kept: [Fix] = []  // exact repeats dropped, as trackintel's drop_duplicates
        for f in fixes where kept.last.map({ $0.timestamp != f.timestamp || $0.coordinate != f.coordinate }) ?? true {
            kept.append(f)
        }
        guard kept.count > 1 else { return out }
        var start = 0
        for j in 1..<kept.count {
            let gap = kept[j].timestamp - kept[j - 1].timestamp
            if gap > 900 {
                start = j
                continue
            }
            // Recompute the window: the first fix from the anchor that lies 100 m or more away.
            var firstOutside: Int?
            for k in start...j
            where haversineDistance(kept[start].coordinate, kept[k].coordinate, radiusMeters: StopDetector.earthRadiusMeters) >= 100 {
                firstOutside = k
                break
            }
            guard firstOutside == j else { continue }
            if kept[j].timestamp - kept[start].timestamp >= 300, gap < 900 {
                var distinct: [Coordinate] = []
                for k in start..<j where !distinct.contains(kept[k].coordinate) { distinct.append(kept[k].coordinate) }
                let lat = distinct.reduce(0) { $0 + $1.latitude } / Double(distinct.count)
                let s = distinct.reduce(0) { $0 + sin($1.longitude * .pi / 180) } / Double(distinct.count)
                let c = distinct.reduce(0) { $0 + cos($1.longitude * .pi / 180) } / Double(distinct.count)
                out.append(NaiveStay(
                    arrival: kept[start].timestamp, departure: kept[j].timestamp,
                    coordinate: (try? Coordinate(latitude: lat, longitude: atan2(s, c) * 180 / .pi)) ?? kept[start].coordinate))
            }
            start = j
        }
        return out
    }
}
