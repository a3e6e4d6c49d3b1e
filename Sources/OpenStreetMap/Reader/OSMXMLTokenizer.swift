import GeoKernel

/// One attribute of the current tag: ranges into the tokenizer's buffer.
struct OSMXMLAttribute {
    var name: Range<Int>
    var value: Range<Int>
    /// The value holds `&`, or a literal tab, CR or LF (normalised to a space, XML 1.0 §3.3.3).
    var needsDecoding: Bool
}

/// The markup the tokenizer reports; text between tags, comments, processing instructions
/// (`<?xml ...?>`), CDATA and a DOCTYPE without internal subset are skipped.
enum OSMXMLToken {
    /// A start tag; `name` and `attributes` describe it.
    case start(selfClosing: Bool)
    /// An end tag; `name` describes it.
    case end
    /// The end of the input.
    case endOfInput
}

/// A streaming XML tokenizer over bytes (UTF-8), enough for OpenStreetMap files: start,
/// end and empty-element tags with single- or double-quoted attributes. It reads its
/// source in 64 KiB chunks and keeps at most one tag (≤ 1 MiB) in memory beyond that.
///
/// Ranges it returns point into its buffer and are valid until the next call to `next()`.
/// Tracks line numbers and byte offsets (of the uncompressed text) for messages.
/// Complexity: O(1) amortised per byte. Thread safety: belongs to one read call.
final class OSMXMLTokenizer<Source: OSMByteSource> {
    static var chunkSize: Int { 1 << 16 }
    /// The longest tag, comment or processing instruction accepted.
    static var maxMarkupSize: Int { 1 << 20 }

    private var source: Source
    private let compressed: Bool
    private let storage = OSMScratchBuffer(capacity: 1 << 17)
    /// Decoded attribute values (entities replaced); never longer than the raw value.
    let valueScratch = OSMScratchBuffer(capacity: 1024)
    // Hot state of one tokenizer, used by one thread: exclusivity is not checked at run time.
    @exclusivity(unchecked) private(set) var buffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var limit = 0
    @exclusivity(unchecked) private var scan = 0
    @exclusivity(unchecked) private var markupStart = 0
    var tagStartIndex: Int { markupStart }
    private var inMarkup = false
    private var sourceEnded = false
    /// File offset of buffer[0].
    private var base = 0
    @exclusivity(unchecked) private var line = 1
    /// Line and byte offset of the current tag.
    private(set) var tagLine = 1
    private(set) var tagOffset = 0
    /// The current tag's element name and attributes.
    @exclusivity(unchecked) var name = 0..<0
    @exclusivity(unchecked) var attributes: [OSMXMLAttribute] = []

    init(_ source: Source, compressed: Bool) {
        self.source = source
        self.compressed = compressed
        buffer = storage.storage
    }

    /// The bytes of a range returned by this tokenizer.
    @inline(__always)
    func bytes(_ r: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[r]) }

    /// A `.parse` error naming the current tag's line and byte offset.
    func error(_ message: String) -> GeoKernelError {
        GeoKernelError(
            .parse, "line \(tagLine), byte offset \(tagOffset)\(compressed ? " (uncompressed)" : ""): \(message)")
    }

    /// Reads more bytes, keeping the current markup (or nothing, between markup).
    /// Returns false at the end of the source.
    private func refill() throws(GeoKernelError) -> Bool {
        if sourceEnded { return false }
        let keep = inMarkup ? markupStart : position
        if keep > 0 {
            let n = limit - keep
            if n > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + keep, byteCount: n) }
            base += keep
            position -= keep
            scan -= keep
            markupStart -= keep
            limit = n
        }
        if inMarkup && limit >= Self.maxMarkupSize {
            throw error("a tag, comment or declaration is longer than 1 MiB")
        }
        if buffer.count - limit < Self.chunkSize {
            buffer = storage.prefix(Swift.min(buffer.count * 2, Self.maxMarkupSize + Self.chunkSize), preserving: true)
        }
        let n: Int
        do {
            n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[limit..<(limit + Self.chunkSize)]))
        } catch {
            tagLine = line
            tagOffset = base + limit
            throw GeoKernelError(error.code, self.error(error.message).message)
        }
        if n == 0 { sourceEnded = true }
        limit += n
        return n > 0
    }

    /// The next start tag, end tag or the end of input.
    func next() throws(GeoKernelError) -> OSMXMLToken {
        while true {
            inMarkup = false
            // Text: skipped up to the next '<'.
            while true {
                if position == limit {
                    guard try refill() else {
                        tagLine = line
                        tagOffset = base + limit
                        return .endOfInput
                    }
                    continue
                }
                let buf = buffer
                var i = position
                let end = limit
                var lines = 0
                while i < end {
                    let b = buf[i]
                    if b == UInt8(ascii: "<") { break }
                    if b == UInt8(ascii: "\n") { lines += 1 }
                    i += 1
                }
                position = i
                line += lines
                if i < end { break }
            }
            inMarkup = true
            markupStart = position
            tagLine = line
            tagOffset = base + position
            scan = position + 1
            let kind = try classify()
            try scanToEnd(kind)
            let end = scan  // one past '>'
            guard end - markupStart <= Self.maxMarkupSize else {
                throw error("a tag, comment or declaration is longer than 1 MiB")
            }
            position = end
            switch kind {
            case .startTag: return .start(selfClosing: try parseStartTag(end: end - 1))
            case .endTag:
                try parseEndTag(end: end - 1)
                return .end
            case .skipped: continue
            }
        }
    }

    private enum Kind { case startTag, endTag, skipped }
    private enum Terminator { case tag, comment, processingInstruction, cdata, doctype }
    private var terminator = Terminator.tag

    /// Makes `count` bytes from the start of the markup available, if the input has them.
    private func available(_ count: Int) throws(GeoKernelError) -> Bool {
        while limit - markupStart < count {
            guard try refill() else { return false }
        }
        return true
    }

    private func startsWith(_ prefix: StaticString) throws(GeoKernelError) -> Bool {
        guard try available(prefix.utf8CodeUnitCount) else { return false }
        let p = UnsafeRawBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        return UnsafeRawBufferPointer(rebasing: buffer[markupStart..<(markupStart + p.count)]).elementsEqual(p)
    }

    private func classify() throws(GeoKernelError) -> Kind {
        guard try available(2) else { throw error("the input ends inside a tag (truncated file)") }
        switch buffer[markupStart + 1] {
        case UInt8(ascii: "/"): terminator = .tag; return .endTag
        case UInt8(ascii: "?"): terminator = .processingInstruction; return .skipped
        case UInt8(ascii: "!"):
            if try startsWith("<!--") { terminator = .comment; return .skipped }
            if try startsWith("<![CDATA[") { terminator = .cdata; return .skipped }
            if try startsWith("<!DOCTYPE") { terminator = .doctype; return .skipped }
            throw error("unsupported markup '<!' (expected a comment, CDATA or DOCTYPE)")
        default: terminator = .tag; return .startTag
        }
    }

    /// Advances `scan` past the '>' that ends the current markup, counting lines.
    private func scanToEnd(_ kind: Kind) throws(GeoKernelError) {
        var quote: UInt8 = 0
        while true {
            if scan == limit {
                guard try refill() else { throw error("the input ends inside a tag or comment (truncated file)") }
            }
            if terminator == .tag {
                // Fast path for tags, on locals: the common case by far.
                let buf = buffer
                var i = scan
                let end = limit
                var lines = 0
                var done = false
                while i < end {
                    let b = buf[i]
                    i += 1
                    if b > UInt8(ascii: ">") { continue }
                    if b == UInt8(ascii: "\n") {
                        lines += 1
                    } else if quote != 0 {
                        if b == quote { quote = 0 }
                    } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                        quote = b
                    } else if b == UInt8(ascii: ">") {
                        done = true
                        break
                    } else if b == UInt8(ascii: "<") {
                        line += lines
                        throw error("'<' inside a tag (a '>' is missing)")
                    }
                }
                scan = i
                line += lines
                if done { return }
                continue
            }
            let b = buffer[scan]
            scan += 1
            if b == UInt8(ascii: "\n") { line += 1; continue }
            switch terminator {
            case .tag, .doctype:
                if quote != 0 {
                    if b == quote { quote = 0 }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    return
                } else if b == UInt8(ascii: "[") {
                    throw error("a DOCTYPE with an internal subset (entity declarations) is not supported")
                }
            case .comment:
                if b == UInt8(ascii: ">") && scan - markupStart >= 7
                    && buffer[scan - 2] == UInt8(ascii: "-") && buffer[scan - 3] == UInt8(ascii: "-") { return }
            case .processingInstruction:
                if b == UInt8(ascii: ">") && scan - markupStart >= 4 && buffer[scan - 2] == UInt8(ascii: "?") { return }
            case .cdata:
                if b == UInt8(ascii: ">") && scan - markupStart >= 12
                    && buffer[scan - 2] == UInt8(ascii: "]") && buffer[scan - 3] == UInt8(ascii: "]") { return }
            }
        }
    }
}
