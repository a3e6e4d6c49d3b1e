import Nearby
import Testing

@Suite("Distance hints for people")
struct DistanceHintTests {
    @Test("the app's four examples follow the rule")
    func appExamples() {
        #expect(DistanceHint.text(meters: 2.4) == "just here")
        #expect(DistanceHint.text(meters: 12.5, accuracyMeters: 20) == "less than 20 m away")
        #expect(DistanceHint.text(meters: 12.5) == "12.5 m away")
        #expect(DistanceHint.text(meters: 345_650) == "345.65 km away")
    }

    @Test("a few metres is just here, whatever the accuracy")
    func justHere() {
        #expect(DistanceHint.text(meters: 0) == "just here")
        #expect(DistanceHint.text(meters: 4.999) == "just here")
        #expect(DistanceHint.text(meters: 4.999, accuracyMeters: 50) == "just here")
        #expect(DistanceHint.text(meters: 5) == "5.0 m away")
    }

    @Test("within the accuracy of the fix the hint says less than the accuracy")
    func accuracy() {
        #expect(DistanceHint.text(meters: 15, accuracyMeters: 19.2) == "less than 20 m away")
        #expect(DistanceHint.text(meters: 19.5, accuracyMeters: 19.2) == "19.5 m away")
        #expect(DistanceHint.text(meters: 20, accuracyMeters: 20) == "20.0 m away")
        #expect(DistanceHint.text(meters: 12.5, accuracyMeters: 3) == "12.5 m away")
        #expect(DistanceHint.text(meters: 1_200, accuracyMeters: 1_500) == "less than 1.50 km away")
        #expect(DistanceHint.text(meters: 12.5, accuracyMeters: .nan) == "12.5 m away")
    }

    @Test("metres with one decimal below a kilometre, kilometres with two above")
    func units() {
        #expect(DistanceHint.text(meters: 7.25) == "7.3 m away")
        #expect(DistanceHint.text(meters: 999.94) == "999.9 m away")
        #expect(DistanceHint.text(meters: 999.96) == "1.00 km away")
        #expect(DistanceHint.text(meters: 1_000) == "1.00 km away")
        #expect(DistanceHint.text(meters: 1_234.5) == "1.23 km away")
        #expect(DistanceHint.text(meters: 20_015_086) == "20015.09 km away")
    }

    @Test("impossible distances say so")
    func invalid() {
        #expect(DistanceHint.text(meters: .nan) == "distance unknown")
        #expect(DistanceHint.text(meters: -1) == "distance unknown")
        #expect(DistanceHint.text(meters: .infinity) == "far away")
    }
}
