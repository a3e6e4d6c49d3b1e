import GeoFormats
import GeoKernel
import Simulation
import Testing
import Timeline

@Suite("The diary as GeoJSON")
struct DiaryGeoJSONTests {
    @Test("placemarks, moves and tracking states read back as RFC 7946 features")
    func readsBack() throws {
        let day = SimulatedDay()
        let naming = ClosureNaming { c in c.latitude > 47.40 ? "Office \"Oerlikon\"" : nil }
        let diary = StopDetector(parameters: .travelDiary, naming: naming).detect(day.fixes, includeOpenStay: true)
        var policy = TrackingPolicy()
        let states = try policy.replay(day.inputs)
        let doc = try GeoJSON.decode(diary.geoJSON(tracking: states))
        let features = doc.features
        #expect(features.count == diary.placemarks.count + diary.moves.count + states.count)

        let places = features.filter { $0.properties["kind"] == "placemark" }
        #expect(places.count == diary.placemarks.count)
        for (f, p) in zip(places, diary.placemarks) {
            guard case .point(let pos)? = f.geometry else {
                Issue.record("placemark without a Point")
                continue
            }
            #expect(pos.latitude == p.coordinate.latitude && pos.longitude == p.coordinate.longitude)
            // Times are written to the millisecond.
            let arrival = f.properties["arrival"]?.stringValue.flatMap(ISO8601Time.parse) ?? 0
            #expect(abs(arrival - p.arrival) <= 0.0005)
            #expect(f.properties["fixes"]?.numberValue == Double(p.fixCount))
            #expect(f.properties["name"]?.stringValue == p.name)
        }
        #expect(places.compactMap { $0.properties["name"]?.stringValue } == ["Office \"Oerlikon\""])

        let moves = features.filter { $0.properties["kind"] == "move" }
        for (f, m) in zip(moves, diary.moves) {
            let ends = (m.fromPlacemark == nil ? 0 : 1) + (m.toPlacemark == nil ? 0 : 1)
            if case .lineString(let line)? = f.geometry {
                #expect(line.count == m.fixes.count + ends)
            } else {
                #expect(m.fixes.count + ends < 2)
            }
            #expect(f.properties["coordTimes"]?.arrayValue?.count == m.fixes.count + ends)
            #expect(abs((f.properties["distanceMeters"]?.numberValue ?? -1) - m.distanceMeters) <= 0.05)
        }
        // The moves read back as timed tracks through the track reader's GeoJSON rules.
        let (fixes, _) = try TrackReader.fixes(from: doc)
        func key(_ f: Fix) -> [Double] { [(f.timestamp * 1000).rounded(), f.coordinate.latitude, f.coordinate.longitude] }
        #expect(Set(diary.moves.flatMap(\.fixes).map(key)).isSubset(of: Set(fixes.map(key))))
        #expect(fixes.count == diary.moves.reduce(0) { $0 + $1.fixes.count + ($1.fromPlacemark == nil ? 0 : 1) + ($1.toPlacemark == nil ? 0 : 1) })

        let tracking = features.filter { $0.properties["kind"] == "tracking" }
        #expect(tracking.map { $0.properties["to"]?.stringValue } == states.map { $0.to.description })
        #expect(tracking.allSatisfy { $0.geometry == nil })
    }
}
