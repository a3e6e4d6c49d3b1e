import GeoKernel
import Simulation
import Testing
import Timeline

/// Run again under ThreadSanitizer by `make tsan` (suites named *Concurren*).
@Suite("Timeline Concurrency")
struct TimelineConcurrencyTests {
    @Test("detectors and policies on several threads at once give the same results")
    func parallel() async throws {
        let day = SimulatedDay(seed: 99)
        let detector = StopDetector(preset: .travelDiary, naming: ClosureNaming { _ in "here" })
        let expected = detector.detect(day.fixes, includeOpenStay: true)
        var policy = TrackingPolicy()
        let expectedStates = try policy.replay(day.inputs)
        try await withThrowingTaskGroup(of: (Diary, [TrackingTransition]).self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var p = TrackingPolicy()
                    return (detector.detect(day.fixes, includeOpenStay: true), try p.replay(day.inputs))
                }
            }
            for try await (diary, states) in group {
                #expect(diary == expected)
                #expect(states == expectedStates)
            }
        }
    }
}
