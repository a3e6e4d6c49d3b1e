import GeoKernel

/// The open elements of a document being tokenized, for the well-formedness checks every
/// XML reader needs: end tags must match, nesting is bounded, the input may not end inside
/// an element.
///
/// Thread safety: belongs to one read call.
package struct XMLElementStack {
    /// Names of the open elements, concatenated, and where each starts.
    private var names: [UInt8] = []
    private var starts: [Int] = []
    private var lines: [Int] = []
    /// The deepest nesting accepted.
    package let maxDepth: Int

    package init(maxDepth: Int = 256) { self.maxDepth = maxDepth }

    /// How many elements are open.
    package var depth: Int { starts.count }

    /// Opens the element of the current start tag.
    package mutating func push<S: ByteSource>(_ t: XMLTokenizer<S>) throws(GeoKernelError) {
        guard starts.count < maxDepth else { throw t.error("elements are nested more than \(maxDepth) deep") }
        starts.append(names.count)
        lines.append(t.tagLine)
        names.append(contentsOf: t.bytes(t.name))
    }

    /// Closes the innermost element with the current end tag, which must match it.
    package mutating func pop<S: ByteSource>(_ t: XMLTokenizer<S>) throws(GeoKernelError) {
        guard let last = starts.last else { throw t.error("unexpected end tag </\(t.text(t.name))>") }
        guard t.bytes(t.name).elementsEqual(names[last...]) else {
            throw t.error("</\(t.text(t.name))> does not close <\(name(starts.count - 1))> opened at line \(lines.last!)")
        }
        names.removeSubrange(last...)
        starts.removeLast()
        lines.removeLast()
    }

    /// Throws when an element is still open at the end of the input.
    package func checkClosed<S: ByteSource>(_ t: XMLTokenizer<S>) throws(GeoKernelError) {
        guard let line = lines.last else { return }
        throw t.error("the input ends inside <\(name(starts.count - 1))> opened at line \(line) (truncated file)")
    }

    private func name(_ i: Int) -> String {
        let end = i + 1 < starts.count ? starts[i + 1] : names.count
        return String(decoding: names[starts[i]..<end], as: UTF8.self)
    }
}
