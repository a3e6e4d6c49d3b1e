import GeoKernel
import Testing

/// The memory checks behind GK_ERR_OUT_OF_MEMORY (the C consumer's `oom` section runs
/// every builder and loader under address-space limits).
@Suite struct CheckedAllocationTests {
    @Test func headroomThatNoMachineHasIsAnOutOfMemoryErrorAndModestHeadroomIsGranted() throws {
        let e = #expect(throws: GeoKernelError.self) { try CheckedAllocation.requireHeadroom(Int.max, "a test") }
        #expect(e?.code == .outOfMemory && e?.message.contains("a test") == true)
        try CheckedAllocation.requireHeadroom(64 << 20, "64 MiB")
        try CheckedAllocation.requireHeadroom(0, "nothing")
    }

    @Test func peakEstimatesScaleTheInputAddFourMebibytesAndSaturate() {
        #expect(CheckedAllocation.peakEstimate(inputBytes: 1_000, factor: 8) == 8_000 + (4 << 20))
        #expect(CheckedAllocation.peakEstimate(inputBytes: 0, factor: 32) == 4 << 20)
        #expect(CheckedAllocation.peakEstimate(inputBytes: -5, factor: 32) == 4 << 20)
        #expect(CheckedAllocation.peakEstimate(inputBytes: Int.max / 4, factor: 8) == Int.max)
        #expect(CheckedAllocation.peakEstimate(inputBytes: Int.max - 10, factor: 1) == Int.max)
    }
}
