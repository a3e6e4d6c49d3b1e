import GeoKernel

/// The rules of one IANA time zone ("Europe/Zurich"), read from its TZif file (RFC 8536,
/// versions 1 to 4) in the system's zoneinfo folder, without Foundation: UTC offsets,
/// daylight-saving time and abbreviations for any time, past or future.
///
/// A time before the first transition takes local time type 0 (RFC 8536 §3.2); a time after
/// the last transition follows the file's footer, a POSIX TZ rule such as
/// `CET-1CEST,M3.5.0,M10.5.0/3` (all three rule forms: `Jn`, `n`, `Mm.w.d`, with the
/// version-3 extension of transition times outside 0–24 h), so times beyond 2037 and
/// "slim" files are right. Leap-second records are ignored (zoneinfo's default files have
/// none; times here are POSIX seconds).
///
/// For display only: machine output (GeoJSON, CSV) stays in UTC.
///
/// - Complexity: loading O(file size); `localTimeType(at:)` O(log transitions).
/// - Thread safety: an immutable value; `Sendable`. C twin: none. \since 0.4
public struct TimeZoneRules: Sendable, Hashable {
    /// One kind of local time: its offset from UTC, whether it is daylight-saving time,
    /// and its abbreviation ("CEST", "+0530").
    public struct LocalTimeType: Sendable, Hashable {
        /// Seconds east of UTC (Zurich in summer: 7200).
        public let utcOffsetSeconds: Int
        /// True for daylight-saving (summer) time.
        public let isDaylightSaving: Bool
        /// The abbreviation, as the zone's file gives it.
        public let abbreviation: String
    }

    /// The zone's name ("Europe/Zurich", "UTC").
    public let name: String
    /// Transition times (s since the Unix epoch), ascending.
    let transitions: [Int64]
    /// The local time type from each transition on (indices into `types`).
    let transitionTypes: [Int]
    let types: [LocalTimeType]
    /// The footer's rule for times after the last transition, when the file has one.
    let footer: PosixRule?

    /// Coordinated Universal Time.
    public static let utc = TimeZoneRules(
        name: "UTC", transitions: [], transitionTypes: [],
        types: [LocalTimeType(utcOffsetSeconds: 0, isDaylightSaving: false, abbreviation: "UTC")], footer: nil)

    /// The system's zoneinfo folder.
    public static let systemDirectory = "/usr/share/zoneinfo"

    private init(name: String, transitions: [Int64], transitionTypes: [Int], types: [LocalTimeType], footer: PosixRule?) {
        self.name = name
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.types = types
        self.footer = footer
    }

    /// Loads the zone `name` (an IANA name such as "Europe/Zurich", "America/New_York",
    /// "UTC") from `directory`/`name`.
    ///
    /// - Throws: `.invalidArgument` for a name that is empty, absolute, contains ".." or a
    ///   character outside A–Z, a–z, 0–9, "/", "_", "+", "-"; `.notFound` when there is no
    ///   such zone (the message says where it looked; Debian's package is `tzdata`);
    ///   `.corrupt` for a file that is not valid TZif.
    public init(named name: String, directory: String = TimeZoneRules.systemDirectory) throws(GeoKernelError) {
        let allowed = name.utf8.allSatisfy { c in
            (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39)
                || c == 0x2F || c == 0x5F || c == 0x2B || c == 0x2D
        }
        guard !name.isEmpty, allowed, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else {
            throw .invalid("time zone name \"\(name)\" is not an IANA name such as Europe/Zurich")
        }
        let path = directory + "/" + name
        let bytes: [UInt8]
        do {
            bytes = try FileSource(path: path).readRest()
        } catch {
            throw GeoKernelError(
                .notFound, "unknown time zone \"\(name)\" (\(error.message); Debian: apt-get install tzdata)")
        }
        try self.init(tzif: bytes, name: name, source: path)
    }

    /// Reads a TZif file's bytes.
    ///
    /// - Parameters:
    ///   - tzif: the file's contents.
    ///   - name: the zone's name.
    ///   - source: what to call the bytes in error messages.
    /// - Throws: `.corrupt` naming what is wrong.
    public init(tzif: [UInt8], name: String, source: String = "TZif data") throws(GeoKernelError) {
        var reader = TZifReader(bytes: tzif, source: source)
        let v1 = try reader.header()
        var block = v1
        var timeSize = 4
        if v1.version >= 2 {
            try reader.skip(v1.dataSize(timeSize: 4))
            block = try reader.header()
            timeSize = 8
        }
        var transitions: [Int64] = []
        transitions.reserveCapacity(block.timeCount)
        for _ in 0..<block.timeCount { transitions.append(try reader.integer(timeSize)) }
        var transitionTypes: [Int] = []
        for _ in 0..<block.timeCount {
            let t = Int(try reader.byte())
            guard t < block.typeCount else { throw reader.corrupt("transition type \(t) of \(block.typeCount)") }
            transitionTypes.append(t)
        }
        var raw: [(Int, Bool, Int)] = []
        for _ in 0..<block.typeCount {
            let offset = Int(try reader.integer(4))
            let dst = try reader.byte()
            let index = Int(try reader.byte())
            guard abs(offset) <= 25 * 3600, dst <= 1 else { throw reader.corrupt("local time type offset \(offset) s") }
            raw.append((offset, dst == 1, index))
        }
        let chars = Array(try reader.take(block.charCount))
        var types: [LocalTimeType] = []
        for (offset, dst, index) in raw {
            guard index < chars.count else { throw reader.corrupt("abbreviation index \(index) of \(chars.count)") }
            let end = chars[index...].firstIndex(of: 0) ?? chars.count
            types.append(LocalTimeType(
                utcOffsetSeconds: offset, isDaylightSaving: dst,
                abbreviation: String(decoding: chars[index..<end], as: UTF8.self)))
        }
        try reader.skip(block.leapCount * (timeSize + 4) + block.isStdCount + block.isUTCount)
        for (a, b) in zip(transitions, transitions.dropFirst()) where a >= b {
            throw reader.corrupt("transition times not ascending (\(a) then \(b))")
        }
        var footer: PosixRule?
        if v1.version >= 2, let text = try reader.footer(), !text.isEmpty {
            guard let rule = PosixRule(text) else { throw reader.corrupt("footer \"\(text)\" is not a POSIX TZ rule") }
            footer = rule
        }
        self.init(name: name, transitions: transitions, transitionTypes: transitionTypes, types: types, footer: footer)
    }

    /// The local time type in force at `seconds` (s since the Unix epoch, UTC).
    /// - Complexity: O(log transitions). NaN, infinities and times beyond ±10¹³ s (300 000
    ///   years) take type 0.
    public func localTimeType(at seconds: Double) -> LocalTimeType {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return types[0] }
        let t = seconds.rounded(.down)
        if let last = transitions.last, t >= Double(last) || transitions.isEmpty {
            if let footer { return footer.localTimeType(at: t) }
            return types[transitionTypes[transitions.count - 1]]
        }
        if transitions.isEmpty {
            return footer?.localTimeType(at: t) ?? types[0]
        }
        if t < Double(transitions[0]) { return types[0] }
        var lo = 0, hi = transitions.count - 1  // transitions[lo] <= t < transitions[hi]
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if Double(transitions[mid]) <= t { lo = mid } else { hi = mid }
        }
        return types[transitionTypes[lo]]
    }

    /// Seconds east of UTC at `seconds` (s since the Unix epoch).
    public func utcOffsetSeconds(at seconds: Double) -> Int { localTimeType(at: seconds).utcOffsetSeconds }

    /// "2024-06-01 09:00:00 CEST": the local date and time (whole seconds, rounded down)
    /// and the abbreviation.
    public func localText(_ seconds: Double) -> String {
        let type = localTimeType(at: seconds)
        let iso = UTCTime.iso8601(seconds.rounded(.down) + Double(type.utcOffsetSeconds))
        guard iso.count >= 19 else { return iso }
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8)) + " " + type.abbreviation
    }

    /// "2024-06-01T09:00:00+02:00": ISO 8601 local time with its offset.
    public func iso8601(_ seconds: Double) -> String {
        let offset = localTimeType(at: seconds).utcOffsetSeconds
        let iso = UTCTime.iso8601(seconds.rounded(.down) + Double(offset))
        guard iso.count >= 19 else { return iso }
        let a = abs(offset)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var suffix = (offset < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a / 60 % 60)
        if a % 60 != 0 { suffix += ":" + two(a % 60) }
        return String(iso.prefix(19)) + suffix
    }
}

/// A byte cursor over TZif data.
private struct TZifReader {
    let bytes: [UInt8]
    let source: String
    var offset = 0

    struct Header {
        var version: Int
        var isUTCount, isStdCount, leapCount, timeCount, typeCount, charCount: Int

        func dataSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4) + isStdCount
                + isUTCount
        }
    }

    func corrupt(_ what: String) -> GeoKernelError {
        GeoKernelError(.corrupt, "\(source): not a valid TZif file: \(what) (at byte \(offset))")
    }

    mutating func take(_ n: Int) throws(GeoKernelError) -> ArraySlice<UInt8> {
        guard n >= 0, n <= bytes.count - offset else { throw corrupt("truncated (\(bytes.count) bytes)") }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    mutating func skip(_ n: Int) throws(GeoKernelError) { _ = try take(n) }

    mutating func byte() throws(GeoKernelError) -> UInt8 { try take(1).first! }

    /// A big-endian two's-complement integer of 4 or 8 bytes.
    mutating func integer(_ size: Int) throws(GeoKernelError) -> Int64 {
        var v: UInt64 = 0
        for b in try take(size) { v = v << 8 | UInt64(b) }
        if size == 4 { return Int64(Int32(truncatingIfNeeded: v)) }
        return Int64(bitPattern: v)
    }

    mutating func header() throws(GeoKernelError) -> Header {
        guard Array(try take(4)) == Array("TZif".utf8) else { throw corrupt("no TZif magic") }
        let v = try byte()
        let version: Int
        switch v {
        case 0: version = 1
        case 0x32...0x34: version = Int(v - 0x30)
        default: throw corrupt("unknown version byte \(v)")
        }
        try skip(15)
        var counts: [Int] = []
        for _ in 0..<6 {
            let c = try integer(4)
            guard c >= 0, c <= 1 << 20 else { throw corrupt("count \(c)") }
            counts.append(Int(c))
        }
        let h = Header(
            version: version, isUTCount: counts[0], isStdCount: counts[1], leapCount: counts[2], timeCount: counts[3],
            typeCount: counts[4], charCount: counts[5])
        guard h.typeCount >= 1 else { throw corrupt("no local time type") }
        guard h.dataSize(timeSize: 8) <= bytes.count else { throw corrupt("counts larger than the file") }
        return h
    }

    /// The footer's text between two newlines, or nil when the file ends without one.
    mutating func footer() throws(GeoKernelError) -> String? {
        guard offset < bytes.count else { return nil }
        guard bytes[offset] == 0x0A, let end = bytes[(offset + 1)...].firstIndex(of: 0x0A) else {
            throw corrupt("footer not enclosed in newlines")
        }
        let text = bytes[(offset + 1)..<end]
        guard let s = String(validating: text, as: UTF8.self) else { throw corrupt("footer not UTF-8") }
        offset = end + 1
        return s
    }
}

/// A POSIX TZ rule (POSIX.1-2017 §8.3, with RFC 8536's version-3 extension):
/// `std offset [dst [offset] [,start[/time],end[/time]]]`.
struct PosixRule: Sendable, Hashable {
    enum Day: Sendable, Hashable {
        /// Jn: day 1…365, February 29 never counted.
        case julianNoLeap(Int)
        /// n: day 0…365, February 29 counted.
        case julian(Int)
        /// Mm.w.d: day d (0 = Sunday) of week w (1…5, 5 = last) of month m.
        case monthWeekDay(Int, Int, Int)
    }

    var standard: TimeZoneRules.LocalTimeType
    var daylight: TimeZoneRules.LocalTimeType?
    var start: (day: Day, time: Int) = (.monthWeekDay(3, 2, 0), 7200)
    var end: (day: Day, time: Int) = (.monthWeekDay(11, 1, 0), 7200)

    static func == (a: PosixRule, b: PosixRule) -> Bool {
        a.standard == b.standard && a.daylight == b.daylight && a.start.day == b.start.day && a.start.time == b.start.time
            && a.end.day == b.end.day && a.end.time == b.end.time
    }

    func hash(into h: inout Hasher) {
        h.combine(standard)
        h.combine(daylight)
    }

    /// Parses `text`; nil when it is not a rule.
    init?(_ text: String) {
        var p = Substring(text).utf8[...]
        func name() -> String? {
            if p.first == UInt8(ascii: "<") {
                guard let close = p.firstIndex(of: UInt8(ascii: ">")) else { return nil }
                let n = String(decoding: p[p.index(after: p.startIndex)..<close], as: UTF8.self)
                p = p[p.index(after: close)...]
                return n.isEmpty ? nil : n
            }
            let letters = p.prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
            guard letters.count >= 3 else { return nil }
            p = p.dropFirst(letters.count)
            return String(decoding: letters, as: UTF8.self)
        }
        func number() -> Int? {
            let digits = p.prefix { $0 >= 0x30 && $0 <= 0x39 }
            guard !digits.isEmpty, digits.count <= 4 else { return nil }
            p = p.dropFirst(digits.count)
            return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        /// [+-]hh[:mm[:ss]] in seconds.
        func hms() -> Int? {
            var sign = 1
            if p.first == UInt8(ascii: "+") { p = p.dropFirst() } else if p.first == UInt8(ascii: "-") {
                sign = -1
                p = p.dropFirst()
            }
            guard let h = number(), h <= 167 else { return nil }
            var s = h * 3600
            for scale in [60, 1] {
                guard p.first == UInt8(ascii: ":") else { break }
                p = p.dropFirst()
                guard let v = number(), v < 60 else { return nil }
                s += v * scale
            }
            return sign * s
        }
        func day() -> Day? {
            if p.first == UInt8(ascii: "J") {
                p = p.dropFirst()
                guard let n = number(), n >= 1, n <= 365 else { return nil }
                return .julianNoLeap(n)
            }
            if p.first == UInt8(ascii: "M") {
                p = p.dropFirst()
                guard let m = number(), m >= 1, m <= 12, p.first == UInt8(ascii: ".") else { return nil }
                p = p.dropFirst()
                guard let w = number(), w >= 1, w <= 5, p.first == UInt8(ascii: ".") else { return nil }
                p = p.dropFirst()
                guard let d = number(), d <= 6 else { return nil }
                return .monthWeekDay(m, w, d)
            }
            guard let n = number(), n <= 365 else { return nil }
            return .julian(n)
        }
        func transition() -> (Day, Int)? {
            guard let d = day() else { return nil }
            var time = 7200
            if p.first == UInt8(ascii: "/") {
                p = p.dropFirst()
                guard let t = hms() else { return nil }
                time = t
            }
            return (d, time)
        }
        guard let stdName = name(), let stdOffset = hms() else { return nil }
        standard = .init(utcOffsetSeconds: -stdOffset, isDaylightSaving: false, abbreviation: stdName)
        if p.isEmpty { return }
        guard let dstName = name() else { return nil }
        var dstOffset = -stdOffset + 3600
        if let f = p.first, f != UInt8(ascii: ",") {
            guard let o = hms() else { return nil }
            dstOffset = -o
        }
        daylight = .init(utcOffsetSeconds: dstOffset, isDaylightSaving: true, abbreviation: dstName)
        if p.first == UInt8(ascii: ",") {
            p = p.dropFirst()
            guard let s = transition(), p.first == UInt8(ascii: ",") else { return nil }
            p = p.dropFirst()
            guard let e = transition() else { return nil }
            start = s
            end = e
        }
        guard p.isEmpty else { return nil }
    }

    /// Days since 1970-01-01 of the rule day in `year`.
    static func days(_ day: Day, year: Int) -> Int {
        let jan1 = UTCTime.daysFromCivil(year, 1, 1)
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        switch day {
        case .julianNoLeap(let n): return jan1 + n - 1 + (leap && n >= 60 ? 1 : 0)
        case .julian(let n): return jan1 + n
        case .monthWeekDay(let m, let w, let d):
            let first = UTCTime.daysFromCivil(year, m, 1)
            let next = m == 12 ? UTCTime.daysFromCivil(year + 1, 1, 1) : UTCTime.daysFromCivil(year, m + 1, 1)
            let weekday = ((first + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday (4)
            var day = first + (d - weekday + 7) % 7 + 7 * (w - 1)
            while day >= next { day -= 7 }
            return day
        }
    }

    /// The local time type at `t` (whole seconds since the epoch, UTC).
    func localTimeType(at t: Double) -> TimeZoneRules.LocalTimeType {
        guard let daylight else { return standard }
        let localDays = Int(((t + Double(standard.utcOffsetSeconds)) / 86_400).rounded(.down))
        let year = UTCTime.civilFromDays(localDays).year
        // Start is given in standard local time, end in daylight local time.
        let startUTC = Double(Self.days(start.day, year: year) * 86_400 + start.time - standard.utcOffsetSeconds)
        let endUTC = Double(Self.days(end.day, year: year) * 86_400 + end.time - daylight.utcOffsetSeconds)
        let inDaylight = startUTC < endUTC ? (t >= startUTC && t < endUTC) : !(t >= endUTC && t < startUTC)
        return inDaylight ? daylight : standard
    }
}
