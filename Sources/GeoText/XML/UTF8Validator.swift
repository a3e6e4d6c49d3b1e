/// Incremental UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above
/// U+10FFFF) over a stream read in chunks: a sequence may be split between chunks.
///
/// Complexity: O(n), eight ASCII bytes per step. Thread safety: a value, one per stream.
package struct UTF8Validator {
    /// Continuation bytes still expected.
    private var need = 0
    /// The range the next continuation byte must be in.
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    package init() {}

    /// True when the bytes so far end inside a multi-byte sequence.
    package var isInsideSequence: Bool { need > 0 }

    /// Validates the next bytes of the stream; returns the index (in `bytes`) of the first
    /// byte that makes the stream invalid, or nil.
    package mutating func firstInvalid(_ bytes: UnsafeRawBufferPointer) -> Int? {
        let n = bytes.count
        var i = 0
        while i < n {
            if need == 0 {
                if i &+ 8 <= n && bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i &+= 8
                    continue
                }
                let b = bytes[i]
                switch b {
                case 0x00...0x7F: break
                case 0xC2...0xDF: need = 1
                case 0xE0: need = 2; low = 0xA0
                case 0xE1...0xEC, 0xEE, 0xEF: need = 2
                case 0xED: need = 2; high = 0x9F
                case 0xF0: need = 3; low = 0x90
                case 0xF1...0xF3: need = 3
                case 0xF4: need = 3; high = 0x8F
                default: return i
                }
            } else {
                let b = bytes[i]
                guard b >= low && b <= high else { return i }
                need -= 1
                low = 0x80
                high = 0xBF
            }
            i &+= 1
        }
        return nil
    }

    /// Where the character that `firstInvalid` stopped in begins: `invalid` itself when
    /// that byte cannot continue a sequence, or the lead byte of the unfinished sequence it
    /// was expected to continue (for messages that point at the bad character).
    package static func characterStart(of invalid: Int, in bytes: [UInt8]) -> Int {
        var j = invalid
        while j > 0, invalid - j < 3, bytes[j - 1] & 0xC0 == 0x80 { j -= 1 }
        guard j > 0, bytes[j - 1] >= 0xC0 else { return invalid }
        let lead = bytes[j - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return invalid - (j - 1) < length ? j - 1 : invalid
    }
}
