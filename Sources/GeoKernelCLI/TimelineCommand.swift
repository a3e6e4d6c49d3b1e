import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel
import Matching
import Nearby
import Timeline

/// `geokernel timeline TRACE`: the diary of a track (placemarks and moves), printed and
/// written as GeoJSON.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "A diary of stays and moves from a GPS track.",
        discussion: """
            Placemarks (stays) and moves from a track (GPX, CSV or GeoJSON): prints the \
            diary and writes it as GeoJSON. Presets: timelyMoves (the default: 50 m, 180 s, departure at the last \
            fix inside, signal gaps of 120 s, 100 m; cleaned by default), trackintel (100 m, 300 s, gap 900 s, no \
            accuracy limit: trackintel's sliding window, the same stays as trackintel), travelDiary (100 m, 900 s, no gap limit, 160 m), timelyMovesSeed (the seed's \
            literal rule: 20 m, 3 s, no gap limit, 160 m). --distance, --duration, --gap and --min-accuracy \
            override the preset; "inf" means no limit. The stay the track ends inside is reported as an open stay \
            (--no-include-open leaves it out, as trackintel does). --clean drops impossible jumps and accuracy outliers \
            first (--max-speed, --max-clean-accuracy). --live replays the track fix by fix and prints the live \
            events (arrived, departed, cancelled; --updates also every update) as they happen. Times are printed \
            in UTC, or in the IANA zone --time-zone names (read from /usr/share/zoneinfo); the GeoJSON stays in UTC.
            """)

    @Argument(help: "The track: .gpx, .csv (lat, lon, time, optional accuracy columns) or .geojson; - reads standard input (format from the content).")
    var trace: String

    @Flag(help: "No progress line on standard error (shown for work over 2 s when it is a terminal).")
    var quiet = false

    @OptionGroup var background: MapBackgroundOptions

    func validate() throws {
        try InputFiles.requireOneStandardInput(["the trace": trace, "--osm": background.osm, "--graph": background.graph])
    }

    @Option(help: "timelyMoves (a cleaned diary, the default), trackintel (trackintel's stays exactly), travelDiary or timelyMovesSeed.")
    var preset: StopDetector.Preset = .timelyMoves

    @Option(help: "Radius of a place in metres (overrides the preset).")
    var distance: Double?

    @Option(help: "Shortest stay in seconds (overrides the preset).")
    var duration: Double?

    @Option(help: "Longest pause between fixes inside a stay, in seconds; inf for none.")
    var gap: Double?

    @Option(name: .customLong("min-accuracy"), help: "Ignore fixes less accurate than this many metres; inf keeps all.")
    var minAccuracy: Double?

    @Flag(name: .customLong("include-open"), inversion: .prefixedNo,
          help: "Report the stay the track ends inside as an open stay (--no-include-open: as trackintel, leave it out).")
    var includeOpen = true

    @Flag(inversion: .prefixedNo, help: "Clean the track first: drop impossible jumps and accuracy outliers (default: on for timelyMoves only).")
    var clean: Bool?

    @Option(name: .customLong("max-speed"), help: "Top speed of the cleaning stage in m/s (default 50, 180 km/h).")
    var maxSpeed: Double = TrackCleaning.standard.maximumSpeedMetersPerSecond

    @Option(name: .customLong("max-clean-accuracy"), help: "The cleaning stage drops fixes less accurate than this many metres (default 100).")
    var maxCleanAccuracy: Double = TrackCleaning.standard.maximumAccuracyMeters

    @Flag(help: "Replay the track fix by fix and print the live events (arrived, departed, cancelled) as they happen.")
    var live = false

    @Flag(help: "With --live, also print every update of an established stay.")
    var updates = false

    @Option(name: .customLong("time-zone"), help: "Print times in this IANA time zone (e.g. Europe/Zurich; default UTC). The GeoJSON stays in UTC.")
    var timeZone: String?

    @Option(help: "Name placemarks after the nearest place of this gazetteer (CSV lat,lon,name,… or GeoNames).")
    var gazetteer: String?

    @Option(name: .customLong("name-within"), help: "Only names of places within this many metres (default 10000).")
    var nameWithin: Double = 10_000

    @Option(help: "Name placemarks by address from this index (`geokernel places build`; the gazetteer's town is the fallback).")
    var places: String?

    @Option(help: "List the places the stays return to (visits, time, Home and Work in --time-zone's local time) with this radius in metres.")
    var visits: Double?

    @Flag(help: "Give each move its travel mode (walk, bicycle, car, bus, train or unknown), cut into legs where the mode changes; with --osm or --graph the roads are evidence too (trains are off them).")
    var modes = false

    @Option(name: .customLong("mode-thresholds"), help: "With --modes: a JSON file of thresholds (keys as in the README's travel-mode table; missing keys keep the defaults).")
    var modeThresholds: String?

    @Option(help: "Where to write the GeoJSON; - for standard output, the report then going to standard error (default: the system temporary directory, as NAME-HASH.diary.geojson, HASH from the trace's full path).")
    var output: String?

    @Option(help: "Also draw the diary into this SVG file: stays as red circles (area ∝ time), moves as blue lines, on a Web Mercator map; - for standard output.")
    var svg: String?

    func run() throws {
        try DataOutput.prepare(output, svg)
        let p = preset.parameters
        let parameters = try StopDetector.Parameters(
            distanceMeters: distance ?? p.distanceMeters, durationSeconds: duration ?? p.durationSeconds,
            gapSeconds: gap ?? p.gapSeconds, minimumAccuracyMeters: minAccuracy ?? p.minimumAccuracyMeters,
            signalGapSeconds: p.signalGapSeconds, departure: p.departure, anchor: p.anchor)
        let cleaning = try (clean ?? (preset == .timelyMoves))
            ? TrackCleaning(maximumSpeedMetersPerSecond: maxSpeed, maximumAccuracyMeters: maxCleanAccuracy) : nil
        let zone = try timeZone.map { name throws(GeoKernelError) in try TimeZoneRules(named: name) } ?? .utc
        let progress = Progress(quiet: quiet)
        let track = try progress.phase("reading \(InputFiles.name(trace))") { try InputFiles.track(trace) }
        let towns = try gazetteer.map { path throws(GeoKernelError) in try ReverseGeocoder(contentsOf: path) }
        let naming: (any PlacemarkNaming)? = try places.map { AddressNaming(index: try AddressIndex(contentsOf: $0), towns: towns) }
            ?? towns.map { towns throws(GeoKernelError) in try GazetteerNaming(geocoder: towns, maxDistanceMeters: nameWithin) }
        let detector = StopDetector(parameters: parameters, cleaning: cleaning, naming: naming)

        let name = InputFiles.name(trace)
        print("\(name): \(track.fixes.count) fixes (\(track.outOfOrderCount) out of time order, sorted; "
            + "\(track.pointsWithoutTime) points without a time left out)")
        print("preset \(preset.rawValue): \(parameters)")
        if let cleaning { print("cleaning: \(cleaning)") }
        if zone != .utc { print("times in \(zone.name) (the GeoJSON stays in UTC)") }
        let diary: Diary
        if live {
            diary = try LiveText.replay(track.fixes, parameters: parameters, cleaning: cleaning, naming: naming,
                                        includeOpen: includeOpen, updates: updates, zone: zone)
        } else {
            diary = progress.phase("finding the stays of \(track.fixes.count) fixes") {
                detector.detect(track.fixes, includeOpenStay: includeOpen)
            }
        }
        print("ignored: \(diary.ignoredInaccurateFixes) inaccurate, \(diary.repeatedFixes) repeated"
            + (cleaning == nil ? "" : "; cleaned out: \(diary.cleanedInaccurateFixes) inaccurate, "
                + "\(diary.cleanedImpossibleFixes) impossible jumps"))
        let roads = modes || svg != nil ? try background.load(progress: progress) : nil
        var legs: [[TripLeg]]?
        if modes {
            let thresholds = try modeThresholds.map { path in try ModeThresholds(json: try InputFiles.text(path)) } ?? ModeThresholds()
            let classifier = try ModeClassifier(thresholds: thresholds)
            let matcher = try roads.map { graph throws(GeoKernelError) in try RoadMatcher(graph: graph) }
            legs = try progress.phase("travel modes of \(diary.moves.count) moves") {
                try diary.travelModes(classifier: classifier, roadShare: matcher?.roadShare(of:))
            }
            print("travel modes: \(matcher == nil ? "speeds, stops and turns" : "speeds, stops, turns and the roads")")
        }
        DiaryText.print(diary, zone: zone, legs: legs)
        if let visits { try VisitsText.print(diary, radiusMeters: visits, zone: zone) }

        let path = output ?? Self.defaultDiaryPath(for: trace)
        try DataOutput.write(diary.geoJSON(legs: legs), to: path)
        print("GeoJSON: \(DataOutput.name(path))")
        if let svg {
            try SVGPictures.write(SVGPictures.timeline(diary, title: name, zone: zone, roads: roads, legs: legs), to: svg)
            print("SVG: \(DataOutput.name(svg))")
        }
    }
}

extension TimelineCommand {
    /// Where the diary of `trace` goes without --output: the temporary directory, named
    /// after the trace and 8 hex digits of a hash (XXH64) of its absolute path, so two
    /// traces of the same name in different folders keep their own diary, and the same
    /// trace always writes the same file. A trace read from standard input (`-`) writes
    /// `standard-input.diary.geojson` there.
    static func defaultDiaryPath(for trace: String) -> String {
        if trace == "-" {
            return FileManager.default.temporaryDirectory.appendingPathComponent("standard-input.diary.geojson").path
        }
        let url = URL(fileURLWithPath: trace).standardizedFileURL
        var hash = Checksum64()
        Array(url.path.utf8).withUnsafeBytes { hash.update($0) }
        let hex = String(hash.finalize() & 0xFFFF_FFFF, radix: 16)
        let tag = String(repeating: "0", count: 8 - hex.count) + hex
        let stem = url.deletingPathExtension().lastPathComponent
        return FileManager.default.temporaryDirectory.appendingPathComponent("\(stem)-\(tag).diary.geojson").path
    }
}

extension StopDetector.Preset: CaseInsensitiveChoice {}

/// `geokernel timeline --live`: the track replayed fix by fix through a `Recorder`, each
/// event printed as it happens.
enum LiveText {
    static func replay(
        _ fixes: [Fix], parameters: StopDetector.Parameters, cleaning: TrackCleaning?, naming: (any PlacemarkNaming)?,
        includeOpen: Bool, updates: Bool, zone: TimeZoneRules = .utc
    ) throws -> Diary {
        var recorder = Recorder(parameters: parameters, cleaning: cleaning, naming: naming)
        try recorder.enableLiveEvents(includingMoves: true)
        print("live events:")
        func show(_ at: Double) {
            for e in recorder.takeEvents() {
                if let line = line(e, updates: updates, zone: zone) { print("  \(DiaryText.time(at, zone: zone))  \(line)") }
            }
        }
        for f in fixes.sorted(by: { $0.timestamp < $1.timestamp }) {
            try recorder.add(f)
            show(f.timestamp)
        }
        recorder.finish(includeOpenStay: includeOpen)
        show(fixes.map(\.timestamp).max() ?? 0)
        return recorder.diary
    }

    /// "arrived #0 47.376900, 8.541700 (since 07:00:00, 6 fixes)", or nil for what is not shown.
    static func line(_ e: StayEvent, updates: Bool, zone: TimeZoneRules = .utc) -> String? {
        func at(_ c: Coordinate) -> String { "\(Format.fixed(c.latitude, 6)), \(Format.fixed(c.longitude, 6))" }
        switch e {
        case .arrived(let s):
            return "arrived   #\(s.index) \(at(s.coordinate)) (since \(DiaryText.clock(s.arrival, zone: zone)), \(s.fixCount) fixes)"
        case .updated(let s):
            return updates ? "updated   #\(s.index) \(DiaryText.duration(s.durationSeconds)), \(s.fixCount) fixes" : nil
        case .departed(let p):
            return "departed  \(DiaryText.place(p)) \(at(p.coordinate)) at \(DiaryText.clock(p.departure, zone: zone))"
                + "\(p.isOpen ? " (open)" : "") after \(DiaryText.duration(p.durationSeconds)), \(p.fixCount) fixes"
        case .cancelled(let s):
            return "cancelled #\(s.index) (no placemark: a pause beyond the gap limit, or the track ended)"
        case .move(let m):
            return "move      \(DiaryText.distance(m.distanceMeters)) in \(DiaryText.duration(m.durationSeconds))"
        }
    }
}

/// Printing and writing diaries, for `geokernel timeline` and the demo.
enum DiaryText {
    /// "2024-06-01 06:00:00" (UTC), or "2024-06-01 08:00:00 CEST" in another zone.
    static func time(_ t: Double, zone: TimeZoneRules = .utc) -> String {
        if zone != .utc { return zone.localText(t) }
        let iso = ISO8601Time.format(t.rounded(.down))
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8))
    }

    /// "06:00:00" (UTC), or "08:00:00 CEST" in another zone.
    static func clock(_ t: Double, zone: TimeZoneRules = .utc) -> String {
        zone != .utc ? String(zone.localText(t).dropFirst(11)) : String(time(t).suffix(8))
    }

    /// "1 h 41 min", "12 min", "45 s".
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        return "\(s / 3600) h \(s / 60 % 60) min"
    }

    static func place(_ p: Placemark) -> String { p.name ?? "#\(p.index)" }

    /// `s` padded with spaces to `width` characters (never cut).
    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }

    /// "350 m", "1.50 km", "18.3 km", "3 km".
    static func distance(_ m: Double) -> String {
        if m < 1000 { return "\(Int(m.rounded())) m" }
        if m.truncatingRemainder(dividingBy: 1000) == 0 { return "\(Int(m / 1000)) km" }
        return "\(Format.fixed(m / 1000, m < 10_000 ? 2 : 1)) km"
    }

    /// One line per stay and move, in time order.
    /// With `legs` (one array per move), each move is followed by its legs and their modes.
    static func print(
        _ diary: Diary, indent: String = "  ", clockOnly: Bool = false, zone: TimeZoneRules = .utc, legs: [[TripLeg]]? = nil
    ) {
        let t = { (s: Double) in clockOnly ? clock(s, zone: zone) : time(s, zone: zone) }
        var moveIndex = 0
        for segment in diary.segments {
            switch segment {
            case .stay(let p):
                Swift.print(indent + "stay \(pad(place(p), 18)) "
                    + "\(t(p.arrival)) → \(t(p.departure))\(p.isOpen ? " (open)" : "")  "
                    + "\(duration(p.durationSeconds)), \(p.fixCount) fixes, "
                    + "\(Format.fixed(p.coordinate.latitude, 6)), \(Format.fixed(p.coordinate.longitude, 6))")
            case .move(let m):
                let from = m.fromPlacemark.map { diary.placemarks[$0] }.map(place) ?? "start"
                let to = m.toPlacemark.map { diary.placemarks[$0] }.map(place) ?? "end"
                Swift.print(indent + "move \(pad("\(from) → \(to)", 18)) "
                    + "\(t(m.start)) → \(t(m.end))  \(distance(m.distanceMeters)) in "
                    + "\(duration(m.durationSeconds)), \(m.fixes.count) fixes")
                for l in legs.map({ moveIndex < $0.count ? $0[moveIndex] : [] }) ?? [] {
                    Swift.print(indent + "  " + pad(l.mode.description, 8) + "\(t(l.start)) → \(t(l.end))  "
                        + "\(distance(l.distanceMeters)), top \(Format.fixed(l.topSpeed * 3.6, 0)) km/h, "
                        + "\(Format.fixed(l.stopsPerKilometer, 1)) stops/km, confidence \(Format.fixed(l.confidence, 2))"
                        + (l.roadShare.map { ", \(Int(($0 * 100).rounded())) % on roads" } ?? ""))
                }
                moveIndex += 1
            }
        }
        if diary.segments.isEmpty { Swift.print(indent + "no fixes") }
    }

    /// Writes the diary's GeoJSON (atomically, a regular file only; `-`: the standard output).
    static func write(_ diary: Diary, tracking: [TrackingTransition] = [], to path: String) throws {
        try DataOutput.write(diary.geoJSON(tracking: tracking), to: path)
    }
}
