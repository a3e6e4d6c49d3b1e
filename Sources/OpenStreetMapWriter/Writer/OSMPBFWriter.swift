import CZlibShim
import GeoKernel
import OpenStreetMap

/// Writes OpenStreetMap elements as an OSM PBF file (https://wiki.openstreetmap.org/wiki/PBF_Format),
/// the counterpart of `OSMFile.read`: an OSMHeader blob, then OSMData blobs of at most
/// 8 000 elements of one kind each (nodes as DenseNodes), zlib-compressed through the
/// system zlib.
///
/// - Coordinates are stored as PBF stores them, in units of 10⁻⁷ degree (granularity 100,
///   offsets 0): a coordinate comes back from `OSMFile.read` as
///   `OSMPBFWriter.storedDegrees(_:)` of what was written (within 5·10⁻⁸ degree, about
///   6 mm). Ids, tags (in order), node references and relation members come back
///   unchanged; metadata (versions, timestamps, users) is not written.
/// - Elements are written in the order given; consecutive elements of one kind share a
///   block. Readers that build road graphs (this one included) expect the usual order:
///   every node, then every way, then every relation.
/// - Bad input is refused before anything of it is written: a coordinate that is not
///   finite or lies outside [-90, 90] × [-180, 180], or an element too large for one
///   block (its encoding over 16 MiB).
///
/// Memory: one block (at most about 16 MiB of encoded elements, plus its compressed
/// copy). Complexity: O(size of the elements). Thread safety: a value that belongs to one
/// writing call; write several files on several threads with several writers.
/// C twin: none.
/// \since 0.9
public struct OSMPBFWriter {
    /// At most this many elements go in one block (the figure other writers use).
    public static let maximumElementsPerBlock = 8000
    /// A block is closed once its encoded elements reach this many bytes (half the
    /// format's limit of 32 MiB for a blob's uncompressed data).
    static let blockBytes = 16 << 20

    private enum Kind: Equatable { case node, way, relation }
    private enum Sink {
        case file(FileSink)
        case memory
    }

    private let sink: Sink
    private let level: Int32
    private let writingProgram: String
    /// What `encode` returns (the `.memory` sink).
    private var memory: [UInt8] = []
    private var headerWritten = false

    // The open block.
    private var kind: Kind?
    private var elementCount = 0
    private var strings: [String: UInt32] = ["": 0]
    private var stringList: [String] = [""]
    private var stringBytes = 0
    /// A second entry for "" in the string table (see `denseString`).
    private var emptyAlias: UInt32?
    // Dense nodes: deltas are taken when the block is encoded.
    private var nodeIDs: [Int64] = []
    private var nodeLats: [Int64] = []
    private var nodeLons: [Int64] = []
    private var nodeTags: [UInt32] = []  // key, value, …, 0 per node
    private var nodesTagged = false
    // Ways and relations: their messages, each as a field of the PrimitiveGroup.
    private var group = ProtobufWriter()
    private var scratch = ProtobufWriter()
    private var packed = ProtobufWriter()

    private init(sink: Sink, writingProgram: String, compressionLevel: Int) {
        self.sink = sink
        self.writingProgram = writingProgram
        level = Int32(compressionLevel)
    }

    /// Writes an OSM PBF file atomically (a temporary file beside it, flushed and renamed
    /// over `path`; on any error the temporary file is removed and `path` is untouched):
    /// `body` adds the elements, in order, with `add(_:)`.
    ///
    /// - Parameters:
    ///   - path: the file to write.
    ///   - writingProgram: the HeaderBlock's writingprogram.
    ///   - compressionLevel: zlib's level, 1 (fastest) to 9 (smallest), 6 by default.
    ///   - body: adds the elements; an error it throws stops the write and is rethrown.
    /// - Throws: `.invalidArgument` for a bad level or a refused element (see the type);
    ///   `.io` when the file cannot be written; `.outOfMemory` when zlib cannot allocate.
    /// - Complexity: O(size of the elements). Thread safety: see the type. C twin: none.
    @discardableResult
    public static func write(
        to path: String, writingProgram: String = "GeoKernel", compressionLevel: Int = 6,
        _ body: (inout OSMPBFWriter) throws(GeoKernelError) -> Void
    ) throws(GeoKernelError) -> Summary {
        try checkLevel(compressionLevel)
        var summary = Summary()
        try FileIO.writeAtomically(to: path) { (file) throws(GeoKernelError) in
            var writer = OSMPBFWriter(sink: .file(file), writingProgram: writingProgram, compressionLevel: compressionLevel)
            try body(&writer)
            try writer.finish()
            summary = writer.summary
        }
        return summary
    }

    /// What a file holds.
    public struct Summary: Sendable, Hashable {
        public var nodes = 0
        public var ways = 0
        public var relations = 0
        /// The file's size.
        public var bytes = 0

        public init() {}
    }

    /// What was written so far (`bytes` counts whole blobs).
    public private(set) var summary = Summary()

    /// The bytes of an OSM PBF file holding `elements`, in order (tests, fuzzing, small
    /// extracts); as `write(to:writingProgram:compressionLevel:_:)`.
    ///
    /// - Throws: as `write`, except `.io`.
    /// - Complexity: O(size of the elements); the whole file is in memory.
    public static func encode(
        _ elements: some Sequence<OSMElement>, writingProgram: String = "GeoKernel", compressionLevel: Int = 6
    ) throws(GeoKernelError) -> [UInt8] {
        try checkLevel(compressionLevel)
        var writer = OSMPBFWriter(sink: .memory, writingProgram: writingProgram, compressionLevel: compressionLevel)
        for e in elements { try writer.add(e) }
        try writer.finish()
        return writer.memory
    }

    /// What `OSMFile.read` gives back for a coordinate (degrees) written by this writer:
    /// the nearest multiple of 10⁻⁷ degree (ties away from zero), as PBF stores it.
    public static func storedDegrees(_ degrees: Double) -> Double {
        Double(100 * (degrees * 1e7).rounded()) / 1e9
    }

    private static func checkLevel(_ level: Int) throws(GeoKernelError) {
        guard (1...9).contains(level) else { throw .invalid("compression level \(level) must be 1 to 9") }
    }

    /// Adds one element.
    ///
    /// - Throws: `.invalidArgument` for a refused element (nothing of it is written);
    ///   `.io`/`.outOfMemory` when a full block cannot be written.
    /// - Complexity: O(size of the element), amortised.
    public mutating func add(_ element: OSMElement) throws(GeoKernelError) {
        switch element {
        case .node(let n): try add(n)
        case .way(let w): try add(w)
        case .relation(let r): try add(r)
        }
    }

    /// Adds a node; as `add(_:)`.
    public mutating func add(_ node: OSMNode) throws(GeoKernelError) {
        guard node.latitude.isFinite, node.longitude.isFinite, abs(node.latitude) <= 90, abs(node.longitude) <= 180
        else {
            throw .invalid(
                "node \(node.id) has coordinates (\(node.latitude), \(node.longitude)) outside [-90, 90] × [-180, 180]")
        }
        let size = try check(node.tags, extra: 30, element: "node \(node.id)")
        try open(.node, adding: size)
        nodeIDs.append(node.id)
        nodeLats.append(Int64((node.latitude * 1e7).rounded()))
        nodeLons.append(Int64((node.longitude * 1e7).rounded()))
        for (k, v) in node.tags {
            nodeTags.append(denseString(k))
            nodeTags.append(denseString(v))
        }
        nodeTags.append(0)
        nodesTagged = nodesTagged || !node.tags.isEmpty
        summary.nodes += 1
        try closed()
    }

    /// Adds a way; as `add(_:)`.
    public mutating func add(_ way: OSMWay) throws(GeoKernelError) {
        let size = try check(way.tags, extra: 20 + way.nodeIDs.count * 10, element: "way \(way.id)")
        try open(.way, adding: size)
        var message = ProtobufWriter()
        message.field(1, varint: UInt64(bitPattern: way.id))
        tagFields(way.tags, into: &message)
        message.field(8, using: &packed) { p in
            var previous: Int64 = 0
            for ref in way.nodeIDs {
                p.signed(ref &- previous)
                previous = ref
            }
        }
        group.field(3, bytes: message.bytes)
        summary.ways += 1
        try closed()
    }

    /// Adds a relation; as `add(_:)`.
    public mutating func add(_ relation: OSMRelation) throws(GeoKernelError) {
        let roles = relation.members.reduce(0) { $0 + $1.role.utf8.count }
        let size = try check(
            relation.tags, extra: 20 + relation.members.count * 25 + roles, element: "relation \(relation.id)")
        try open(.relation, adding: size)
        var message = ProtobufWriter()
        message.field(1, varint: UInt64(bitPattern: relation.id))
        tagFields(relation.tags, into: &message)
        let roleIndices = relation.members.map { string($0.role) }
        message.field(8, using: &packed) { p in for r in roleIndices { p.varint(UInt64(r)) } }
        message.field(9, using: &packed) { p in
            var previous: Int64 = 0
            for m in relation.members {
                p.signed(m.ref &- previous)
                previous = m.ref
            }
        }
        message.field(10, using: &packed) { p in for m in relation.members { p.varint(UInt64(m.kind.rawValue)) } }
        group.field(4, bytes: message.bytes)
        summary.relations += 1
        try closed()
    }

    /// Writes the open block and, for an empty file, the header; call once, last.
    mutating func finish() throws(GeoKernelError) {
        try writeHeaderIfNeeded()
        try flush()
    }

    // MARK: - Blocks

    /// An upper bound of the bytes an element with `tags` and `extra` bytes of its own
    /// adds to a block (new strings included); refuses one that could not fit a block.
    private func check(_ tags: OSMTags, extra: Int, element: @autoclosure () -> String) throws(GeoKernelError) -> Int {
        var size = extra
        for (k, v) in tags { size += k.utf8.count + v.utf8.count + 28 }
        guard size <= Self.blockBytes else {
            throw .invalid("\(element()) takes about \(size) bytes, more than a PBF block holds (16 MiB)")
        }
        return size
    }

    /// An upper bound of the open block's encoded size.
    private var blockSize: Int { stringBytes + group.count + nodeIDs.count * 30 + nodeTags.count * 5 }

    /// Makes the open block one of `kind` with room for `size` more bytes, writing the
    /// open block first if it holds another kind or has no such room (so a block stays
    /// under 16 MiB, or holds one element of up to 16 MiB).
    private mutating func open(_ kind: Kind, adding size: Int) throws(GeoKernelError) {
        if self.kind != kind || blockSize + size > Self.blockBytes {
            try flush()
            self.kind = kind
        }
    }

    /// Counts the element just added and writes the block once it holds the most
    /// elements a block may.
    private mutating func closed() throws(GeoKernelError) {
        elementCount += 1
        if elementCount >= Self.maximumElementsPerBlock { try flush() }
    }

    /// The index of `s` in the block's string table.
    private mutating func string(_ s: String) -> UInt32 {
        if let i = strings[s] { return i }
        let i = UInt32(stringList.count)
        strings[s] = i
        stringList.append(s)
        stringBytes += s.utf8.count + 4
        return i
    }

    /// The index of `s` for DenseNodes' keys_vals, where 0 ends a node's tags: an empty
    /// key or value gets a second, nonzero entry for "".
    private mutating func denseString(_ s: String) -> UInt32 {
        guard s.isEmpty else { return string(s) }
        if let i = emptyAlias { return i }
        let i = UInt32(stringList.count)
        stringList.append("")
        stringBytes += 4
        emptyAlias = i
        return i
    }

    private mutating func tagFields(_ tags: OSMTags, into message: inout ProtobufWriter) {
        guard !tags.isEmpty else { return }
        var keys: [UInt32] = [], values: [UInt32] = []
        for (k, v) in tags {
            keys.append(string(k))
            values.append(string(v))
        }
        message.field(2, using: &packed) { p in for k in keys { p.varint(UInt64(k)) } }
        message.field(3, using: &packed) { p in for v in values { p.varint(UInt64(v)) } }
    }

    /// Writes the open block as an OSMData blob and empties it.
    private mutating func flush() throws(GeoKernelError) {
        guard let kind, elementCount > 0 else { return }
        try writeHeaderIfNeeded()
        var block = ProtobufWriter()
        block.field(1, using: &scratch) { table in
            for s in stringList { table.field(1, bytes: s.utf8) }
        }
        if kind == .node { encodeDenseNodes() }
        block.field(2, bytes: group.bytes)
        try writeBlob(type: "OSMData", block.bytes)
        self.kind = nil
        elementCount = 0
        strings = ["": 0]
        stringList = [""]
        stringBytes = 0
        emptyAlias = nil
        nodeIDs.removeAll(keepingCapacity: true)
        nodeLats.removeAll(keepingCapacity: true)
        nodeLons.removeAll(keepingCapacity: true)
        nodeTags.removeAll(keepingCapacity: true)
        nodesTagged = false
        group.removeAll()
    }

    /// The block's nodes as one DenseNodes field of `group`.
    private mutating func encodeDenseNodes() {
        var dense = ProtobufWriter()
        let deltas = { (values: [Int64]) in
            { (p: inout ProtobufWriter) in
                var previous: Int64 = 0
                for v in values {
                    p.signed(v &- previous)
                    previous = v
                }
            }
        }
        dense.field(1, using: &packed, deltas(nodeIDs))
        dense.field(8, using: &packed, deltas(nodeLats))
        dense.field(9, using: &packed, deltas(nodeLons))
        if nodesTagged {
            let tags = nodeTags
            dense.field(10, using: &packed) { p in for t in tags { p.varint(UInt64(t)) } }
        }
        group.removeAll()
        group.field(2, bytes: dense.bytes)
    }

    private mutating func writeHeaderIfNeeded() throws(GeoKernelError) {
        guard !headerWritten else { return }
        headerWritten = true
        var header = ProtobufWriter()
        header.field(4, bytes: "OsmSchema-V0.6".utf8)
        header.field(4, bytes: "DenseNodes".utf8)
        header.field(16, bytes: writingProgram.utf8)
        try writeBlob(type: "OSMHeader", header.bytes)
    }

    /// Compresses `data` and writes it with its BlobHeader and length prefix.
    private mutating func writeBlob(type: String, _ data: [UInt8]) throws(GeoKernelError) {
        let bound = CZlibShim_deflate_bound(data.count)
        guard bound > 0 else { throw .invalid("a PBF block of \(data.count) bytes is too large to compress") }
        var compressed = [UInt8](repeating: 0, count: bound)
        var produced = 0
        let status = data.withUnsafeBufferPointer { src in
            compressed.withUnsafeMutableBufferPointer { dst in
                CZlibShim_deflate(src.baseAddress, src.count, dst.baseAddress, dst.count, &produced, level)
            }
        }
        switch Int(status) {
        case Int(CZlibShim_OK): break
        case Int(CZlibShim_ERR_MEMORY): throw GeoKernelError(.outOfMemory, "zlib could not allocate memory")
        default: throw GeoKernelError(.internal, "zlib could not compress a PBF block (status \(status))")
        }
        var blob = ProtobufWriter()
        blob.field(2, varint: UInt64(data.count))
        blob.field(3, bytes: compressed[..<produced])
        var blobHeader = ProtobufWriter()
        blobHeader.field(1, bytes: type.utf8)
        blobHeader.field(3, varint: UInt64(blob.count))
        let n = UInt32(blobHeader.count)
        let prefix: [UInt8] = [
            UInt8(n >> 24), UInt8(truncatingIfNeeded: n >> 16), UInt8(truncatingIfNeeded: n >> 8),
            UInt8(truncatingIfNeeded: n),
        ]
        try emit(prefix)
        try emit(blobHeader.bytes)
        try emit(blob.bytes)
    }

    private mutating func emit(_ bytes: [UInt8]) throws(GeoKernelError) {
        summary.bytes += bytes.count
        switch sink {
        case .file(let file):
            try file.write(array: bytes)
        case .memory:
            memory.append(contentsOf: bytes)
        }
    }
}
