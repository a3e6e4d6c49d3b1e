import GeoKernel

// A landmark file is a `SectionedFile` (GeoKernel/Support/SectionedFile.swift), magic
// "GKLANDM\0", version 2: header words 2 = landmark count, 3 = next landmark id, 5 = 0.
// Sections, landmarks in id order: ids (UInt64), latitude and longitude (Double, two per
// landmark), note and owner byte lengths (UInt32 each, two per landmark), then every
// note's and owner's UTF-8 bytes back to back.
//
// Version 1 (before the one container) still loads: a 48-byte header (magic, version
// UInt32, byte-order mark UInt32, count, next id, payload bytes, XXH64 of header bytes
// 0..<40 and of the payload), then per landmark id, latitude, longitude, note and owner
// byte lengths, note and owner.

extension LandmarkIndex {
    static let fileMagic: UInt64 = 0x004D_444E_414C_4B47  // "GKLANDM\0"
    static let fileVersion: UInt32 = 2

    /// Saves every landmark to a file atomically: the contents are taken under the read
    /// lock (a consistent snapshot), written to a temporary file beside `path`, flushed
    /// to disk (fsync) and renamed over `path`. If the process dies during the save —
    /// killed, crashed, out of power — `path` still holds the previous file, intact.
    /// The file is GeoKernel's one container (magic, version, byte order, XXH64 checksum,
    /// section table).
    ///
    /// - Throws: `.io` naming the path and the reason.
    /// - Complexity: O(n). Thread safety: runs concurrently with searches; changes wait
    ///   only while the snapshot is copied, not while the file is written.
    /// - C twin: `gk_landmarks_save`.
    /// \since 0.1
    public func save(to path: String) throws(GeoKernelError) {
        let (landmarks, nextID) = try table.withState { (s) throws(GeoKernelError) in
            (Self.byID(s.entries.compactMap { $0?.landmark }), s.nextLandmarkID)
        }
        var ids: [UInt64] = [], coordinates: [Double] = [], lengths: [UInt32] = [], text: [UInt8] = []
        ids.reserveCapacity(landmarks.count)
        coordinates.reserveCapacity(2 * landmarks.count)
        lengths.reserveCapacity(2 * landmarks.count)
        for l in landmarks {
            ids.append(l.id)
            coordinates += [l.coordinate.latitude, l.coordinate.longitude]
            lengths += [UInt32(l.note.utf8.count), UInt32(l.owner.utf8.count)]
            text += l.note.utf8
            text += l.owner.utf8
        }
        try SectionedFile.save(
            to: path, magic: Self.fileMagic, version: Self.fileVersion, words: (UInt64(landmarks.count), nextID, 0),
            sectionCount: 4
        ) { (body) throws(GeoKernelError) in
            try forEachBytes(ids, body)
            try forEachBytes(coordinates, body)
            try forEachBytes(lengths, body)
            try forEachBytes(text, body)
        }
    }

    /// Loads landmarks saved by `save(to:)` (this version's files and version 1's).
    ///
    /// - Throws: `.io` when the file cannot be read; `.outOfMemory` when loading it would
    ///   not fit; `.corrupt` when it is not a landmark file, has another version, is
    ///   truncated or damaged (checksum), or holds invalid landmarks — the message says
    ///   which. Nothing is half-loaded.
    /// - Complexity: O(n log n). C twin: `gk_landmarks_load`.
    /// \since 0.1
    public convenience init(contentsOf path: String) throws(GeoKernelError) {
        func corrupt(_ what: String) -> GeoKernelError {
            GeoKernelError(.corrupt, "'\(path)' is not a valid landmark file: \(what)")
        }
        if try SectionedFile.version(of: path, magic: Self.fileMagic, kind: "a landmark", corrupt) == 1 {
            let file = try FileSource(path: path)
            // Loading peaks at about 6 times the file's size (strings, the spatial index); ask
            // for 16 times.
            try CheckedAllocation.requireHeadroom(
                CheckedAllocation.peakEstimate(inputBytes: file.size, factor: 16), "loading landmarks from '\(path)'")
            try self.init(state: Self.state(Self.decodeVersion1(try file.readRest(), corrupt), corrupt))
            return
        }
        let (header, sections) = try SectionedFile.load(
            path, magic: Self.fileMagic, version: Self.fileVersion, sectionCount: 4, kind: "a landmark", corrupt)
        var r = sections
        let ids: [UInt64] = try r.read(), coordinates: [Double] = try r.read(), lengths: [UInt32] = try r.read()
        let text: [UInt8] = try r.read()
        try r.finish()
        let count = Int(clamping: header[2])
        guard header[5] == 0, ids.count == count, coordinates.count == 2 * count, lengths.count == 2 * count else {
            throw corrupt("the sections do not hold \(header[2]) landmarks")
        }
        var landmarks: [StoredLandmark] = []
        landmarks.reserveCapacity(count)
        var offset = 0
        for i in 0..<count {
            let noteBytes = Int(lengths[2 * i]), ownerBytes = Int(lengths[2 * i + 1])
            guard text.count - offset >= noteBytes + ownerBytes else { throw corrupt("landmark \(i) is cut off") }
            landmarks.append(
                (ids[i], coordinates[2 * i], coordinates[2 * i + 1], text[offset..<offset + noteBytes],
                 text[offset + noteBytes..<offset + noteBytes + ownerBytes]))
            offset += noteBytes + ownerBytes
        }
        guard offset == text.count else { throw corrupt("\(text.count - offset) text bytes after the last landmark") }
        try self.init(state: Self.state((landmarks, header[3]), corrupt))
    }

    /// A landmark as read from a file, not yet validated.
    typealias StoredLandmark = (id: UInt64, latitude: Double, longitude: Double, note: ArraySlice<UInt8>, owner: ArraySlice<UInt8>)

    /// Validates what a file holds (ids increasing and below `nextID`, coordinates, UTF-8
    /// notes and owners within their limits) and builds the index state.
    private static func state(
        _ stored: (landmarks: [StoredLandmark], nextID: UInt64), _ corrupt: (String) -> GeoKernelError
    ) throws(GeoKernelError) -> State {
        let nextID = stored.nextID
        guard nextID >= 1, nextID < Landmark.idLimit else {
            throw corrupt("next landmark id \(nextID) is out of range (1 ..< \(Landmark.idLimit))")
        }
        var landmarks: [Landmark] = []
        landmarks.reserveCapacity(stored.landmarks.count)
        var previous: UInt64 = 0
        for (i, l) in stored.landmarks.enumerated() {
            guard l.id > previous, l.id < nextID else { throw corrupt("landmark \(i): id \(l.id) out of order or range") }
            previous = l.id
            guard let note = String(validating: l.note, as: UTF8.self), let owner = String(validating: l.owner, as: UTF8.self)
            else { throw corrupt("landmark \(l.id): note or owner is not UTF-8") }
            let coordinate: Coordinate
            do throws(GeoKernelError) {
                coordinate = try Coordinate(latitude: l.latitude, longitude: l.longitude)
                try Landmark.checkNote(note)
                try Landmark.checkUser(owner)
            } catch {
                throw corrupt("landmark \(l.id): \(error.message)")
            }
            landmarks.append(Landmark(id: l.id, coordinate: coordinate, note: note, owner: owner))
        }
        // Every id is below nextID (checked above, landmark by landmark): ids never repeat.
        var state = State()
        state.nextLandmarkID = nextID
        state.spatial = try SpatialIndex(landmarks.map(\.coordinate))
        state.entries = landmarks.map { Entry($0) }
        for (slot, l) in landmarks.enumerated() { state.slots[l.id] = UInt32(slot) }
        return state
    }

    /// The landmarks of a version 1 file (its own header; see the top of this file).
    @_optimize(size)
    private static func decodeVersion1(
        _ bytes: [UInt8], _ corrupt: (String) -> GeoKernelError
    ) throws(GeoKernelError) -> (landmarks: [StoredLandmark], nextID: UInt64) {
        var reader = ByteReader(bytes: bytes)
        guard bytes.count >= 48 else { throw corrupt("\(bytes.count) bytes, shorter than the 48-byte header") }
        guard reader.u64() == fileMagic else { throw corrupt("wrong magic number (not a landmark file)") }
        let version = reader.u32(), mark = reader.u32()
        guard mark == FileIO.byteOrderMark else { throw corrupt("written with another byte order") }
        guard version == 1 else { throw corrupt("format version \(version); this library reads 1 and \(fileVersion)") }
        let count = reader.u64(), nextID = reader.u64(), payload = reader.u64(), checksum = reader.u64()
        guard payload == UInt64(bytes.count - 48) else {
            throw corrupt("header announces \(payload) payload bytes, the file has \(bytes.count - 48)")
        }
        var sum = Checksum64()
        bytes.withUnsafeBytes { b in
            sum.update(UnsafeRawBufferPointer(rebasing: b[0..<40]))
            sum.update(UnsafeRawBufferPointer(rebasing: b[48...]))
        }
        guard sum.finalize() == checksum else { throw corrupt("checksum mismatch (the file is damaged)") }
        guard count <= payload / 32 else { throw corrupt("\(count) landmarks cannot fit in \(payload) bytes") }
        var landmarks: [StoredLandmark] = []
        landmarks.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            guard reader.left >= 32 else { throw corrupt("landmark \(i) is cut off") }
            let id = reader.u64()
            let lat = Double(bitPattern: reader.u64()), lon = Double(bitPattern: reader.u64())
            let noteBytes = Int(reader.u32()), ownerBytes = Int(reader.u32())
            guard reader.left >= noteBytes + ownerBytes else { throw corrupt("landmark \(i) is cut off") }
            landmarks.append((id, lat, lon, reader.bytes(noteBytes), reader.bytes(ownerBytes)))
        }
        guard reader.left == 0 else { throw corrupt("\(reader.left) bytes after the last landmark") }
        return (landmarks, nextID)
    }
}

/// Little-endian reads from a byte array; callers check `left` first.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    var left: Int { bytes.count - offset }

    mutating func u64() -> UInt64 {
        var v: UInt64 = 0
        for i in 0..<8 { v |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return v
    }

    mutating func u32() -> UInt32 {
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[offset + i]) << (8 * UInt32(i)) }
        offset += 4
        return v
    }

    mutating func bytes(_ n: Int) -> ArraySlice<UInt8> {
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }
}
