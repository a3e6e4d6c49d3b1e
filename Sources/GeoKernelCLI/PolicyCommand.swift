import ArgumentParser
import FoundationEssentials
import GeoFormats
import GeoKernel
import GeoText
import Simulation
import Timeline

/// `geokernel policy TRACE`: the travel-survey tracking policy replayed over a recorded
/// trace with a JSON configuration; prints the state changes and writes the survey record.
struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Replay a recorded trace through the travel-survey tracking policy and print its state changes.",
        discussion: """
            Replays the fixes of a track (GPX, CSV or GeoJSON) and, with --motion, motion-activity samples \
            (CSV with a header time,activity: ISO 8601 or seconds since 1970; stationary, walking, running, \
            cycling, automotive or unknown) through TrackingPolicy, configured by a JSON file with the seed's \
            keys (--config; missing keys take the defaults). --demo replays the built-in simulated day \
            (fixes and motion) instead of a file. Prints every state change; --survey-csv and --survey-geojson \
            write the Travel Diary survey's record: every fix with its tracking state and motion activity \
            (times in UTC). Times are printed in UTC or in the IANA zone --time-zone names.
            """)

    @Argument(help: "The track: .gpx, .csv or .geojson, - for standard input (not with --demo).")
    var trace: String?

    @Option(help: "Output: text (for people) or json (fixes, motion samples and every state change with its time, rule and the accuracy asked for).")
    var format: TextOrJSON = .text

    @Option(help: "A JSON configuration file (e.g. {\"FastSpeedKmh\": 90}); - for standard input.")
    var config: String?

    @Option(help: "Motion samples: CSV with the header time,activity; - for standard input.")
    var motion: String?

    @Flag(help: "Replay the built-in simulated day (fixes and motion samples).")
    var demo = false

    @Option(name: .customLong("survey-csv"), help: "Write every fix with its tracking state and motion activity as CSV (atomically); - for standard output, the report then going to standard error.")
    var surveyCSV: String?

    @Option(name: .customLong("survey-geojson"), help: "Write the same record as GeoJSON (atomically); - for standard output.")
    var surveyGeoJSON: String?

    @Option(name: .customLong("time-zone"), help: "Print times in this IANA time zone (default UTC).")
    var timeZone: String?

    func validate() throws {
        guard demo != (trace != nil) else { throw ValidationError("give either a trace or --demo") }
        try InputFiles.requireOneStandardInput(["the trace": trace, "--config": config, "--motion": motion])
    }

    func run() throws {
        try DataOutput.prepare(surveyCSV, surveyGeoJSON)
        let zone = try timeZone.map { name throws(GeoKernelError) in try TimeZoneRules(named: name) } ?? .utc
        let configuration = try config.map { path in
            try TrackingPolicy.Configuration(json: try InputFiles.text(path))
        } ?? .default
        var inputs: [TrackingPolicy.Input]
        let label: String
        if demo {
            inputs = SimulatedDay(seed: 2024).inputs
            label = "simulated day (seed 2024)"
        } else {
            let path = trace!
            inputs = try InputFiles.track(path).fixes.map { .fix($0) }
            label = InputFiles.name(path)
            if let motion {
                inputs += try Self.readMotion(motion).map { .motion($0) }
                // Stable: a sample and a fix at the same time keep fixes first.
                inputs = inputs.enumerated().sorted { ($0.element.timestamp, $0.offset) < ($1.element.timestamp, $1.offset) }
                    .map(\.element)
            }
        }
        let record = try SurveyRecord(replaying: inputs, configuration: configuration)
        let samples = inputs.count - record.fixes.count
        if format == .json {
            var w = JSONWriter(.compact)
            w.beginObject()
            w.member("fixes", record.fixes.count)
            w.member("motion_samples", samples)
            w.key("transitions")
            w.beginArray()
            for t in record.transitions {
                w.beginObject()
                w.member("time", ISO8601Time.format(t.timestamp))
                w.member("t", t.timestamp)
                w.member("from", "\(t.from)")
                w.member("to", "\(t.to)")
                w.member("rule", "\(t.rule)")
                w.member("accuracy_m", t.to.desiredAccuracyMeters)
                w.endObject()
            }
            w.endArray()
            w.endObject()
            try writeSurvey(record, report: false)
            print(w.text)
            return
        }
        print("\(label): \(record.fixes.count) fixes, \(samples) motion samples")
        print("configuration: \(configuration.json)")
        if let first = inputs.first {
            print("  \(DiaryText.time(first.timestamp, zone: zone))  start: stopped (asks for 100 m)")
        }
        for t in record.transitions {
            print("  \(DiaryText.time(t.timestamp, zone: zone))  \(t.from) → \(t.to) (\(t.rule)): asks for "
                + DiaryText.distance(t.to.desiredAccuracyMeters))
        }
        print("\(record.transitions.count) state changes")
        try writeSurvey(record, report: true)
    }

    /// Writes the survey's record where --survey-csv and --survey-geojson say.
    func writeSurvey(_ record: SurveyRecord, report: Bool) throws {
        if let surveyCSV {
            try DataOutput.write(record.csv, to: surveyCSV)
            if report { print("survey CSV: \(DataOutput.name(surveyCSV))") }
        }
        if let surveyGeoJSON {
            try DataOutput.write(record.geoJSON, to: surveyGeoJSON)
            if report { print("survey GeoJSON: \(DataOutput.name(surveyGeoJSON))") }
        }
    }

    /// Motion samples from CSV (`time,activity`, header first); errors name the line.
    static func readMotion(_ path: String) throws -> [MotionSample] {
        let text = try InputFiles.text(path)
        let path = InputFiles.shown(path)
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingBlanks() }
        guard let header = lines.first, String(header.lowercased().filter { $0 != " " }) == "time,activity" else {
            throw GeoKernelError(.parse, "\(path): line 1 must be the header time,activity")
        }
        lines.removeFirst()
        var samples: [MotionSample] = []
        for (k, line) in lines.enumerated() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 2 else { throw GeoKernelError(.parse, "\(path): line \(k + 2): expected time,activity") }
            let timeText = fields[0].trimmingBlanks()
            guard let t = ISO8601Time.parse(timeText) ?? Double(timeText), t.isFinite else {
                throw GeoKernelError(.parse, "\(path): line \(k + 2): \"\(timeText)\" is not a time")
            }
            let name = fields[1].trimmingBlanks()
            guard let activity = MotionActivity.allCases.first(where: { $0.description == name }) else {
                throw GeoKernelError(.parse, "\(path): line \(k + 2): unknown activity \"\(name)\"")
            }
            samples.append(try MotionSample(activity, at: t))
        }
        return samples
    }
}
