import ArgumentParser
import GeoFormats
import GeoKernel
import GeoText
import Matching
import Route

/// `geokernel match --osm FILE TRACE`: which roads a GPS trace followed.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Match a GPS trace onto the roads: which roads it followed.",
        discussion: """
            Each fix is weighed against the roads within a radius driven by its accuracy \
            (or --accuracy when the file has none), and consecutive fixes by how much the \
            route between their candidates (on the network of --osm or --graph, with its \
            profile's one-way rules and turn restrictions) differs from the straight line, \
            and how its time at the profile's speeds fits the time between the fixes at \
            the trace's own pace (--no-clock: distances only, for traces whose times cannot \
            be trusted): a hidden Markov model after Newson & Krumm (2009) with a time term \
            (docs/matching.md), solved by Viterbi. Where no \
            plausible route joins two fixes the trace is cut into pieces. The text output \
            lists each piece's roads; --format json gives the figures, geojson the matched \
            pieces and each fix's matched position; --svg draws the pieces over the roads.
            """)

    @OptionGroup var network: RoadNetworkOptions

    @Argument(help: "The trace: .gpx, .csv (lat, lon, time, optional accuracy columns) or .geojson; - reads standard input.")
    var trace: String

    @Option(help: "σ of a fix's position error in metres when the trace does not give its accuracy.")
    var accuracy: Double = MatchOptions().defaultAccuracyMeters

    @Option(help: "The farthest a road may be from a fix, in metres.")
    var maxRadius: Double = MatchOptions().maximumRadiusMeters

    @Option(help: "The pace assumed before the trace shows its own: elapsed time over the time at the profile's speeds.")
    var pace: Double = MatchOptions().pace

    @Flag(help: "Weigh the routes between fixes by their length only, not by their time (traces with unreliable times).")
    var noClock = false

    @Option(help: "Output: text, json (the figures) or geojson (pieces and matched fixes).")
    var format: OutputFormat = .text

    @Option(help: "Also draw the match into this SVG file (- for standard output, the usual output then going to standard error).")
    var svg: String?

    enum OutputFormat: String, CaseInsensitiveChoice {
        case text, json, geojson
    }

    func validate() throws {
        try InputFiles.requireOneStandardInput(["--osm": network.osm, "--graph": network.graph, "trace": trace])
        guard network.isGiven else { throw ValidationError("give --osm FILE or --graph FILE") }
    }

    func run() throws {
        try DataOutput.prepare(svg)
        let track = try InputFiles.track(trace)
        let (graph, _) = try network.loadGraph()
        var options = MatchOptions()
        options.defaultAccuracyMeters = accuracy
        options.maximumRadiusMeters = maxRadius
        options.minimumRadiusMeters = min(options.minimumRadiusMeters, maxRadius)
        options.pace = pace
        if noClock {
            options.timeSpreadFast = .infinity
            options.timeSpreadSlow = .infinity
        }
        let fixes = track.fixes.sorted { $0.timestamp < $1.timestamp }
        let match = try RoadMatcher(graph: graph, options: options).match(fixes)
        let name = InputFiles.name(trace)
        let out: String =
            switch format {
            case .text: Self.text(match, name: name)
            case .json: Self.json(match)
            case .geojson: match.geoJSON()
            }
        if svg == "-" { StandardStreams.note(out + "\n") } else { print(out) }
        if let svg {
            let summary = Self.text(match, name: name).split(separator: "\n").first.map(String.init) ?? name
            try SVGPictures.write(SVGPictures.match(match, title: "\(name) matched onto the roads", subtitle: summary, roads: graph), to: svg)
        }
    }

    /// The text output: a summary line, then per piece its fixes, length, confidence and roads.
    static func text(_ m: RoadMatch, name: String) -> String {
        var lines = [
            "\(name): \(m.fixes.count) fixes, \(m.matchedCount) matched, \(m.pieces.count) piece\(m.pieces.count == 1 ? "" : "s"), "
                + "\(DiaryText.distance(m.lengthMeters)) of road"
        ]
        for (k, p) in m.pieces.enumerated() {
            lines.append(
                "piece \(k + 1): fixes \(p.fixes.lowerBound)–\(p.fixes.upperBound), \(DiaryText.distance(p.lengthMeters)), "
                    + "\(DiaryText.duration(p.durationSeconds)) at the profile's speeds, confidence \(Format.fixed(p.confidence, 2))")
            for r in p.roads {
                let name = [r.name, r.ref].filter { !$0.isEmpty }.joined(separator: " ")
                lines.append("  \(name.isEmpty ? "(unnamed)" : name) [\(r.roadClass)] \(DiaryText.distance(r.lengthMeters))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `--format json`: `fixes`, `matched`, `length_m`, and `pieces` (each `first_fix`,
    /// `last_fix`, `length_m`, `duration_s`, `confidence`, `roads`: `name`, `ref`, `class`,
    /// `length_m`).
    static func json(_ m: RoadMatch) -> String {
        var w = JSONWriter(.compact)
        w.beginObject()
        w.member("fixes", m.fixes.count)
        w.member("matched", m.matchedCount)
        w.member("length_m", m.lengthMeters)
        w.key("pieces")
        w.beginArray()
        for p in m.pieces {
            w.beginObject()
            w.member("first_fix", p.fixes.lowerBound)
            w.member("last_fix", p.fixes.upperBound)
            w.member("length_m", p.lengthMeters)
            w.member("duration_s", p.durationSeconds)
            w.member("confidence", p.confidence)
            w.key("roads")
            w.beginArray()
            for r in p.roads {
                w.beginObject()
                w.member("name", r.name)
                w.member("ref", r.ref)
                w.member("class", r.roadClass.osmValue)
                w.member("length_m", r.lengthMeters)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }
}
