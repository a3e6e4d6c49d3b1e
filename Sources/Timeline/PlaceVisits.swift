import GeoKernel

/// A place a person came back to: the stays (placemarks) within `radiusMeters` of it,
/// with how often and how long.
///
/// Thread safety: a value; `Sendable`. C twin: one row of `gk_timeline_places`. \since 0.4
public struct VisitedPlace: Sendable, Hashable {
    /// 0, 1, 2… in order of first visit.
    public var id: Int
    /// Where the place is: the location of its first stay (degrees).
    public var coordinate: Coordinate
    /// The first visit's name (`Placemark.name`), or nil.
    public var name: String?
    /// Indices (`Placemark.index`) of the stays at this place, in time order.
    public var visits: [Int]
    /// Sum of the stays' durations, seconds.
    public var totalSeconds: Double
    /// Seconds of the stays between 00:00 and 06:00 local time.
    public var overnightSeconds: Double
    /// Seconds of the stays between 09:00 and 17:00 local time, Monday to Friday.
    public var weekdayDaytimeSeconds: Double

    /// How many stays: `visits.count`.
    public var visitCount: Int { visits.count }
}

/// Stays grouped into the places a person returns to, and which of them are home and work.
///
/// Rule: stays are taken in time order; a stay within `radiusMeters` (great circle,
/// R = 6 371 008.8 m) of a known place's position becomes a visit of the nearest such
/// place, else it founds a new place at its own position. "Home" is the place with the
/// most overnight time (00:00–06:00 local), "Work" the other place with the most weekday
/// daytime (09:00–17:00 local, Monday–Friday); each needs at least one second of it.
/// Local time is UTC plus `utcOffset(t)` seconds (a time zone's offset at instant t;
/// default UTC).
///
/// - Complexity: O(stays × places), plus the hours the stays span.
/// - Thread safety: a value; `Sendable`. C twin: `gk_timeline_places`. \since 0.4
public struct PlaceVisits: Sendable, Hashable {
    /// The places, in order of first visit (`VisitedPlace.id` is the position here).
    public private(set) var places: [VisitedPlace] = []
    /// For each placemark (by position in the input), the id of its place.
    public private(set) var placeOfPlacemark: [Int] = []
    /// The id of the home place, or nil.
    public private(set) var home: Int?
    /// The id of the work place, or nil.
    public private(set) var work: Int?

    /// The largest UTC offset accepted, seconds (a day; real zones span −12 h … +14 h).
    public static let maximumUTCOffsetSeconds: Double = 86_400

    /// Groups `placemarks` (any order; usually a diary's).
    ///
    /// - Parameters:
    ///   - placemarks: the stays to group.
    ///   - radiusMeters: how close a stay must be to a place to count as a visit (> 0;
    ///     default 100 m, trackintel's default stay radius).
    ///   - utcOffset: seconds to add to UTC for local time at an instant (s since the epoch).
    /// - Throws: `.invalidArgument` for a radius that is not positive and finite, an offset
    ///   that is not finite or larger than a day (±86 400 s; real zones span −12 h … +14 h),
    ///   or a stay whose local times lie beyond ±2⁵⁰ s of the epoch.
    @_optimize(size)  // once per diary, over its stays
    public init(
        placemarks: [Placemark], radiusMeters: Double = 100, utcOffset: (Double) -> Double = { _ in 0 }
    ) throws(GeoKernelError) {
        guard radiusMeters > 0, radiusMeters.isFinite else { throw .invalid("visit radius \(radiusMeters) m must be positive") }
        placeOfPlacemark = [Int](repeating: 0, count: placemarks.count)
        let order = stableOrder(placemarks.count) { placemarks[$0].arrival < placemarks[$1].arrival }
        for i in order {
            let p = placemarks[i]
            var best = -1, bestD = Double.infinity
            for (k, place) in places.enumerated() {
                let d = haversineDistance(place.coordinate, p.coordinate)
                if d <= radiusMeters && d < bestD { best = k; bestD = d }
            }
            if best < 0 {
                best = places.count
                places.append(VisitedPlace(
                    id: best, coordinate: p.coordinate, name: p.name, visits: [], totalSeconds: 0, overnightSeconds: 0,
                    weekdayDaytimeSeconds: 0))
            }
            placeOfPlacemark[i] = best
            let (night, day) = try Self.split(p.arrival, max(p.arrival, p.departure), utcOffset)
            places[best].visits.append(p.index)
            places[best].totalSeconds += max(0, p.departure - p.arrival)
            places[best].overnightSeconds += night
            places[best].weekdayDaytimeSeconds += day
        }
        home = places.indices.filter { places[$0].overnightSeconds > 0 }.max { places[$0].overnightSeconds < places[$1].overnightSeconds || (places[$0].overnightSeconds == places[$1].overnightSeconds && $0 > $1) }
        work = places.indices.filter { $0 != home && places[$0].weekdayDaytimeSeconds > 0 }.max {
            places[$0].weekdayDaytimeSeconds < places[$1].weekdayDaytimeSeconds
                || (places[$0].weekdayDaytimeSeconds == places[$1].weekdayDaytimeSeconds && $0 > $1)
        }
    }

    /// "Home", "Work" or the place's name (nil when it has none).
    public func label(_ id: Int) -> String? {
        id == home ? "Home" : id == work ? "Work" : places[id].name
    }

    /// Overnight and weekday-daytime seconds of [start, end] (UTC instants), cut at local
    /// hour boundaries. Throws for an offset beyond a day or a local time whose hour
    /// arithmetic would not be exact (beyond ±2⁵⁰ s), rather than loop or trap on it.
    static func split(_ start: Double, _ end: Double, _ utcOffset: (Double) -> Double) throws(GeoKernelError) -> (Double, Double) {
        var night = 0.0, day = 0.0, t = start
        while t < end {
            let offset = utcOffset(t)
            guard offset.isFinite, abs(offset) <= maximumUTCOffsetSeconds else {
                throw .invalid("UTC offset \(offset) s at \(t) is not within a day (±86 400 s)")
            }
            let local = t + offset
            guard abs(t) <= 0x1p50, abs(local) <= 0x1p50 else {
                throw .invalid("stay time \(t) s is beyond ±2^50 s of the epoch")
            }
            let dayIndex = (local / 86_400).rounded(.down)
            let secondOfDay = local - dayIndex * 86_400
            let hour = Int(secondOfDay / 3600)
            let next = max(t.nextUp, min(end, t + (Double(hour + 1) * 3600 - secondOfDay)))
            let weekday = ((Int(dayIndex) % 7) + 7 + 3) % 7  // 0 = Monday (1970-01-01 was a Thursday)
            if hour < 6 { night += next - t }
            if weekday < 5 && hour >= 9 && hour < 17 { day += next - t }
            t = next
        }
        return (night, day)
    }
}
