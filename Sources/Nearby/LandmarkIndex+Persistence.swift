import GeoKernel

// The landmark file (little-endian):
//   header, 48 bytes: magic "GKLANDM\0", format version (UInt32), byte-order mark
//   0x01020304 (UInt32), landmark count (UInt64), next landmark id (UInt64), payload bytes
//   (UInt64), XXH64 of header bytes 0..<40 and of the payload (UInt64);
//   payload, per landmark in id order: id (UInt64), latitude and longitude (Double),
//   note bytes and owner bytes (UInt32 each), then the UTF-8 note and owner.

extension LandmarkIndex {
    static let fileMagic: UInt64 = 0x004D_444E_414C_4B47  // "GKLANDM\0"
    static let fileVersion: UInt32 = 1
    static let byteOrderMark: UInt32 = 0x0102_0304

    /// Saves every landmark to a file atomically: the contents are taken under the read
    /// lock (a consistent snapshot), written to a temporary file beside `path`, flushed
    /// to disk (fsync) and renamed over `path`. If the process dies during the save —
    /// killed, crashed, out of power — `path` still holds the previous file, intact.
    ///
    /// - Throws: `.io` naming the path and the reason.
    /// - Complexity: O(n). Thread safety: runs concurrently with searches; changes wait
    ///   only while the snapshot is copied, not while the file is written.
    /// - C twin: `gk_landmarks_save`.
    /// \since 0.1
    public func save(to path: String) throws(GeoKernelError) {
        let bytes = try serialized()
        try FileIO.writeAtomically(to: path) { (sink) throws(GeoKernelError) in
            try bytes.withUnsafeBufferPointer { (b) throws(GeoKernelError) in try sink.write(UnsafeRawBufferPointer(b)) }
        }
    }

    /// The file contents of the current landmarks.
    func serialized() throws(GeoKernelError) -> [UInt8] {
        let (landmarks, nextID) = try withState { (s) throws(GeoKernelError) in
            (s.entries.compactMap { $0?.landmark }, s.nextLandmarkID)
        }
        var payload: [UInt8] = []
        payload.reserveCapacity(landmarks.count * 64)
        for l in landmarks.sorted(by: { $0.id < $1.id }) {
            append(&payload, l.id)
            append(&payload, l.coordinate.latitude.bitPattern)
            append(&payload, l.coordinate.longitude.bitPattern)
            append(&payload, UInt32(l.note.utf8.count))
            append(&payload, UInt32(l.owner.utf8.count))
            payload += l.note.utf8
            payload += l.owner.utf8
        }
        var header: [UInt8] = []
        append(&header, Self.fileMagic)
        append(&header, Self.fileVersion)
        append(&header, Self.byteOrderMark)
        append(&header, UInt64(landmarks.count))
        append(&header, nextID)
        append(&header, UInt64(payload.count))
        var sum = Checksum64()
        header.withUnsafeBytes { sum.update($0) }
        payload.withUnsafeBytes { sum.update($0) }
        append(&header, sum.finalize())
        return header + payload
    }

    private func append<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ v: T) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Loads landmarks saved by `save(to:)`.
    ///
    /// - Throws: `.io` when the file cannot be read; `.corrupt` when it is not a
    ///   landmark file, has another version, is truncated or damaged (checksum), or holds
    ///   invalid landmarks — the message says which. Nothing is half-loaded.
    /// - Complexity: O(n log n). C twin: `gk_landmarks_load`.
    /// \since 0.1
    public convenience init(contentsOf path: String) throws(GeoKernelError) {
        let file = try FileSource(path: path)
        // Loading peaks at about 6 times the file's size (strings, the spatial index); ask
        // for 16 times.
        try CheckedAllocation.requireHeadroom(
            CheckedAllocation.peakEstimate(inputBytes: file.size, factor: 16), "loading landmarks from '\(path)'")
        let bytes = try file.readRest()
        try self.init(state: Self.decode(bytes, path))
    }

    private static func decode(_ bytes: [UInt8], _ path: String) throws(GeoKernelError) -> State {
        func corrupt(_ what: String) -> GeoKernelError {
            GeoKernelError(.corrupt, "'\(path)' is not a valid landmark file: \(what)")
        }
        var reader = ByteReader(bytes: bytes)
        guard bytes.count >= 48 else { throw corrupt("\(bytes.count) bytes, shorter than the 48-byte header") }
        guard reader.u64() == fileMagic else { throw corrupt("wrong magic number (not a landmark file)") }
        let version = reader.u32(), mark = reader.u32()
        guard mark == byteOrderMark else { throw corrupt("written with another byte order") }
        guard version == fileVersion else { throw corrupt("format version \(version); this library reads \(fileVersion)") }
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
        guard nextID >= 1, nextID < Landmark.idLimit else {
            throw corrupt("next landmark id \(nextID) is out of range (1 ..< \(Landmark.idLimit))")
        }
        var landmarks: [Landmark] = []
        landmarks.reserveCapacity(Int(count))
        var previous: UInt64 = 0
        for i in 0..<Int(count) {
            guard reader.left >= 32 else { throw corrupt("landmark \(i) is cut off") }
            let id = reader.u64()
            let lat = Double(bitPattern: reader.u64()), lon = Double(bitPattern: reader.u64())
            let noteBytes = Int(reader.u32()), ownerBytes = Int(reader.u32())
            guard reader.left >= noteBytes + ownerBytes else { throw corrupt("landmark \(i) is cut off") }
            guard id > previous, id < nextID else { throw corrupt("landmark \(i): id \(id) out of order or range") }
            previous = id
            guard let note = String(validating: reader.bytes(noteBytes), as: UTF8.self),
                  let owner = String(validating: reader.bytes(ownerBytes), as: UTF8.self)
            else { throw corrupt("landmark \(id): note or owner is not UTF-8") }
            let coordinate: Coordinate
            do throws(GeoKernelError) {
                coordinate = try Coordinate(latitude: lat, longitude: lon)
                try Landmark.checkNote(note)
                try Landmark.checkUser(owner)
            } catch {
                throw corrupt("landmark \(id): \(error.message)")
            }
            landmarks.append(Landmark(id: id, coordinate: coordinate, note: note, owner: owner))
        }
        guard reader.left == 0 else { throw corrupt("\(reader.left) bytes after the last landmark") }
        // Every id is below nextID (checked above, landmark by landmark): ids never repeat.
        var state = State()
        state.nextLandmarkID = nextID
        state.spatial = try SpatialIndex(landmarks.map(\.coordinate))
        state.entries = landmarks.map { Entry($0) }
        for (slot, l) in landmarks.enumerated() { state.slots[l.id] = UInt32(slot) }
        return state
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
