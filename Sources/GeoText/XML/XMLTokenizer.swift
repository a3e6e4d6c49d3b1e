import GeoKernel

/// One attribute of the current tag: ranges into the tokenizer's buffer.
package struct XMLAttribute {
    package var name: Range<Int>
    package var value: Range<Int>
    /// The value holds `&`, or a literal tab, CR or LF (normalised to a space, XML 1.0 §3.3.3).
    package var needsDecoding: Bool
}

/// What the tokenizer reports. Comments, processing instructions (`<?xml ...?>`) and the
/// DOCTYPE are skipped; text and CDATA only when `XMLOptions.reportsText` is set.
package enum XMLToken {
    /// A start tag; `name` and `attributes` describe it.
    case start(selfClosing: Bool)
    /// An end tag; `name` describes it.
    case end
    /// Text between tags (raw: decode it with `decodedText()`), or the inside of a CDATA
    /// section (`textIsCDATA`, taken as it is); `textRange` is its range.
    case text
    /// The end of the input.
    case endOfInput
}

/// The policies of one tokenizer.
package struct XMLOptions: Sendable {
    /// Report text and CDATA (`XMLToken.text`); otherwise they are skipped unread.
    package var reportsText = false
    /// Accept a DOCTYPE internal subset and expand its internal general entities
    /// (`<!ENTITY name "value">`) in text and attribute values; otherwise such a DOCTYPE
    /// is refused. External entities cannot be referenced.
    package var allowsInternalSubset = false
    /// Prefix of messages: "source:LINE: byte offset N: ..." when set, else "line LINE,
    /// byte offset N: ...".
    package var sourceName: String?

    package init(reportsText: Bool = false, allowsInternalSubset: Bool = false, sourceName: String? = nil) {
        self.reportsText = reportsText
        self.allowsInternalSubset = allowsInternalSubset
        self.sourceName = sourceName
    }
}

/// The one streaming XML tokenizer of the package (OSM XML and GPX read through it): bytes
/// in, UTF-8 only (every byte is validated as it is read: invalid UTF-8 anywhere is an
/// error naming its line and byte offset); start, end and empty-element tags with single-
/// or double-quoted attributes; text, CDATA and internal entities on request. It reads its
/// source in 64 KiB chunks and keeps at most one tag or text run (≤ 1 MiB) in memory
/// beyond that.
///
/// Entity expansion is bounded: the replacement text of declared entities, summed over the
/// whole document, may not exceed 1 MiB + 8 × the bytes read so far (a "billion laughs"
/// document is refused, never expanded).
///
/// Ranges it returns point into its buffer and are valid until the next call to `next()`.
/// Tracks line numbers and byte offsets (of the uncompressed text) for messages.
/// Complexity: O(1) amortised per byte. Thread safety: belongs to one read call.
package final class XMLTokenizer<Source: ByteSource> {
    static var chunkSize: Int { 1 << 16 }
    /// The longest tag, text run, comment or processing instruction accepted.
    package static var maxMarkupSize: Int { 1 << 20 }

    private var source: Source
    private let compressed: Bool
    package let options: XMLOptions
    private let storage = ScratchBuffer(capacity: 1 << 17)
    /// Decoded attribute values and text (entities replaced).
    let valueScratch = ScratchBuffer(capacity: 1024)
    /// Declared internal entities: name bytes → replacement bytes.
    var entities: [[UInt8]: [UInt8]] = [:]
    /// Names of declared external entities (refused when referenced).
    var externalEntities: Set<[UInt8]> = []
    /// Replacement bytes produced by declared entities so far.
    var expandedBytes = 0
    private var validator = UTF8Validator()
    // Hot state of one tokenizer, used by one thread: exclusivity is not checked at run time.
    @exclusivity(unchecked) private(set) var buffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var limit = 0
    @exclusivity(unchecked) private var scan = 0
    @exclusivity(unchecked) private var markupStart = 0
    var tagStartIndex: Int { markupStart }
    /// The current text or CDATA content (after `.text`).
    package private(set) var textRange = 0..<0
    package private(set) var textIsCDATA = false
    private var inMarkup = false
    private var sourceEnded = false
    /// File offset of buffer[0].
    private var base = 0
    @exclusivity(unchecked) private var line = 1
    /// Line and byte offset of the current tag.
    package private(set) var tagLine = 1
    package private(set) var tagOffset = 0
    /// The current tag's element name and attributes.
    @exclusivity(unchecked) package var name = 0..<0
    @exclusivity(unchecked) package var attributes: [XMLAttribute] = []

    package init(_ source: Source, compressed: Bool, options: XMLOptions = XMLOptions()) {
        self.source = source
        self.compressed = compressed
        self.options = options
        buffer = storage.storage
    }

    /// The bytes of a range returned by this tokenizer.
    @inline(__always)
    package func bytes(_ r: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer[r]) }

    /// A `.parse` error naming the current tag's line and byte offset.
    package func error(_ message: String) -> GeoKernelError { error(message, line: tagLine, offset: tagOffset) }

    /// A `.parse` error naming a line and byte offset.
    func error(_ message: String, line: Int, offset: Int) -> GeoKernelError {
        let where_ = "byte offset \(offset)\(compressed ? " (uncompressed)" : "")"
        if let source = options.sourceName { return GeoKernelError(.parse, "\(source):\(line): \(where_): \(message)") }
        return GeoKernelError(.parse, "line \(line), \(where_): \(message)")
    }

    /// The byte offset of the current read position in the input.
    var inputOffset: Int { base + position }

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
            throw error("a tag, text run, comment or declaration is longer than 1 MiB")
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
        if n == 0 {
            sourceEnded = true
            if validator.isInsideSequence {
                throw error("the input is not valid UTF-8: it ends inside a multi-byte sequence", line: line, offset: base + limit)
            }
        } else if let bad = validator.firstInvalid(UnsafeRawBufferPointer(rebasing: buffer[limit..<(limit + n)])) {
            try invalidUTF8(at: limit + bad)
        }
        limit += n
        return n > 0
    }

    /// Throws the error for the invalid UTF-8 byte at buffer index `i` (not yet scanned).
    private func invalidUTF8(at i: Int) throws(GeoKernelError) -> Never {
        let from = Swift.min(inMarkup ? scan : position, i)
        var l = line
        for k in from..<i where buffer[k] == UInt8(ascii: "\n") { l += 1 }
        let byte = String(buffer[i], radix: 16, uppercase: true)
        throw error("the input is not valid UTF-8 (byte 0x\(byte.count < 2 ? "0" : "")\(byte))", line: l, offset: base + i)
    }

    /// The next start tag, end tag, text (when reported) or the end of input.
    package func next() throws(GeoKernelError) -> XMLToken {
        while true {
            inMarkup = false
            if options.reportsText, let token = try readText() { return token }
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
            case .skipped:
                if terminator == .doctype && sawSubset { try declareEntities(markupStart..<end) }
                if terminator == .cdata && options.reportsText && end - 3 > markupStart + 9 {
                    textRange = (markupStart + 9)..<(end - 3)
                    textIsCDATA = true
                    return .text
                }
                continue
            }
        }
    }

    /// Reads the text up to the next '<' (or the end) as one run; nil when it is empty.
    private func readText() throws(GeoKernelError) -> XMLToken? {
        inMarkup = true
        markupStart = position
        tagLine = line
        tagOffset = base + position
        scan = position
        while true {
            if scan == limit {
                guard scan - markupStart < Self.maxMarkupSize else { throw error("a text run is longer than 1 MiB") }
                guard try refill() else { break }
                continue
            }
            let b = buffer[scan]
            if b == UInt8(ascii: "<") { break }
            if b == UInt8(ascii: "\n") { line += 1 }
            scan += 1
        }
        guard scan - markupStart <= Self.maxMarkupSize else { throw error("a text run is longer than 1 MiB") }
        position = scan
        inMarkup = false
        // A UTF-8 byte-order mark at the very start is not text.
        if base + markupStart == 0, scan - markupStart >= 3, buffer[markupStart] == 0xEF,
            buffer[markupStart + 1] == 0xBB, buffer[markupStart + 2] == 0xBF
        {
            markupStart += 3
        }
        guard scan > markupStart else { return nil }
        textRange = markupStart..<scan
        textIsCDATA = false
        return .text
    }

    private enum Kind { case startTag, endTag, skipped }
    private enum Terminator { case tag, comment, processingInstruction, cdata, doctype }
    private var terminator = Terminator.tag
    /// The current DOCTYPE has an internal subset ('[ ... ]').
    private var sawSubset = false

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
            if try startsWith("<!DOCTYPE") { terminator = .doctype; sawSubset = false; return .skipped }
            throw error("unsupported markup '<!' (expected a comment, CDATA or DOCTYPE)")
        default: terminator = .tag; return .startTag
        }
    }

    /// Advances `scan` past the '>' that ends the current markup, counting lines.
    private func scanToEnd(_ kind: Kind) throws(GeoKernelError) {
        var quote: UInt8 = 0
        var inSubset = false
        var inSubsetComment = false
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
                if inSubsetComment {
                    // "-->" ends a comment of the internal subset (quotes mean nothing there).
                    if b == UInt8(ascii: ">") && buffer[scan - 2] == UInt8(ascii: "-") && buffer[scan - 3] == UInt8(ascii: "-") {
                        inSubsetComment = false
                    }
                } else if quote != 0 {
                    if b == quote { quote = 0 }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if inSubset {
                    if b == UInt8(ascii: "]") {
                        inSubset = false
                    } else if b == UInt8(ascii: "-") && scan - markupStart >= 5 && buffer[scan - 2] == UInt8(ascii: "-")
                        && buffer[scan - 3] == UInt8(ascii: "!") && buffer[scan - 4] == UInt8(ascii: "<") {
                        inSubsetComment = true
                    }
                } else if b == UInt8(ascii: ">") {
                    return
                } else if b == UInt8(ascii: "[") {
                    guard options.allowsInternalSubset, !sawSubset else {
                        throw error("a DOCTYPE with an internal subset (entity declarations) is not supported")
                    }
                    inSubset = true
                    sawSubset = true
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
