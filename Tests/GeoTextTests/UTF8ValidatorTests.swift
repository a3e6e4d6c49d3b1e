import GeoKernel
import GeoText
import Testing
import _GeoKernelTestSupport

@Suite("UTF-8 validation of a stream read in chunks")
struct UTF8ValidatorTests {
    /// The validator's verdict on `bytes` fed in pieces cut at `cuts`: nil when valid, else
    /// the offset of the first bad byte (or `bytes.count` when it ends inside a sequence).
    static func verdict(_ bytes: [UInt8], cuts: [Int]) -> Int? {
        var v = UTF8Validator()
        var start = 0
        for end in (cuts.filter { $0 > 0 && $0 < bytes.count }.sorted() + [bytes.count]) where end >= start {
            let bad = bytes.withUnsafeBytes { v.firstInvalid(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            if let bad { return start + bad }
            start = end
        }
        return v.isInsideSequence ? bytes.count : nil
    }

    @Test("agrees with the standard library on random bytes, however the stream is cut")
    func randomBytes() {
        var rng = SeededRandom(seed: 21)
        let alphabet: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0x9F, 0xED, 0xEF,
                                 0xF0, 0x90, 0x8F, 0xF4, 0xF5, 0xFF, 0x20]
        for _ in 0..<20_000 {
            let n = Int(rng.uniform(0, 24))
            let bytes = (0..<n).map { _ in alphabet[Int(rng.uniform(0, Double(alphabet.count)))] }
            let cuts = (0..<3).map { _ in Int(rng.uniform(0, Double(n + 1))) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((Self.verdict(bytes, cuts: cuts) == nil) == valid, "\(bytes) cut at \(cuts)")
        }
    }

    @Test("overlong forms, surrogates and code points above U+10FFFF are refused", arguments: [
        [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0x80], [0xE2, 0x82],
    ] as [[UInt8]])
    func refused(bytes: [UInt8]) {
        #expect(Self.verdict(bytes, cuts: []) != nil)
        #expect(Self.verdict(Array("abcdefgh".utf8) + bytes, cuts: [9]) != nil)
    }

    @Test("a long ASCII run with a multi-byte character split across pieces is valid")
    func split() {
        let text = Array((String(repeating: "x", count: 100) + "€😀é" + String(repeating: "y", count: 33)).utf8)
        for cut in 95..<110 { #expect(Self.verdict(text, cuts: [cut, cut + 1]) == nil, "cut \(cut)") }
    }
}
