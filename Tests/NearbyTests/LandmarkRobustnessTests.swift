import Foundation
import GeoKernel
import Nearby
import Testing
import _GeoKernelTestSupport

/// Issue 13: forged landmark files and owner names that differ only in normalisation.
@Suite("Landmarks: forged ids and owner names")
final class LandmarkRobustnessTests {
    let scratch: TemporaryDirectory
    var dir: String { scratch.path }

    init() throws {
        scratch = try TemporaryDirectory("gk-landmark-robust")
    }

    /// Saves `marks`, sets the header's next id to `nextID` and recomputes the checksum.
    func forged(_ marks: LandmarkIndex, nextID: UInt64) throws -> String {
        let path = dir + "/forged-\(nextID).gklm"
        try marks.save(to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // The container's header: word 3 is the next id, word 7 the XXH64 of bytes 0..<56
        // and of the payload.
        withUnsafeBytes(of: nextID.littleEndian) { for i in 0..<8 { bytes[24 + i] = $0[i] } }
        var sum = Checksum64()
        bytes.withUnsafeBytes { b in
            sum.update(UnsafeRawBufferPointer(rebasing: b[0..<56]))
            sum.update(UnsafeRawBufferPointer(rebasing: b[64...]))
        }
        withUnsafeBytes(of: sum.finalize().littleEndian) { for i in 0..<8 { bytes[56 + i] = $0[i] } }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func three() throws -> LandmarkIndex {
        let marks = LandmarkIndex()
        for i in 0..<3 { try marks.add(at: try Coordinate(latitude: Double(i), longitude: 1), note: "n\(i)", owner: "u") }
        return marks
    }

    @Test("a next id of 0, of 2^64 − 1 or not above the largest id is refused at load", arguments: [
        UInt64(0), UInt64.max, 3, 2,
    ])
    func refusedNextID(nextID: UInt64) throws {
        let path = try forged(try Self.three(), nextID: nextID)
        let e = #expect(throws: GeoKernelError.self) { try LandmarkIndex(contentsOf: path) }
        #expect(e?.code == .corrupt && e?.message.contains("id") == true && e?.message.contains("checksum") == false,
            "\(e?.message ?? "")")
        // An empty file with next id 0 is refused too (it would hand out id 0).
        let empty = try forged(LandmarkIndex(), nextID: 0)
        #expect(throws: GeoKernelError.self) { try LandmarkIndex(contentsOf: empty) }
    }

    @Test("adding past the last id is a clear capacity error, not an overflow trap")
    func lastID() throws {
        let loaded = try LandmarkIndex(contentsOf: try forged(try Self.three(), nextID: UInt64.max - 1))
        let last = try loaded.add(at: try Coordinate(latitude: 5, longitude: 5), note: "last", owner: "u")
        #expect(last.id == UInt64.max - 1)
        let e = #expect(throws: GeoKernelError.self) {
            try loaded.add(at: try Coordinate(latitude: 6, longitude: 6), note: "one too many", owner: "u")
        }
        #expect(e?.code == .capacity && e?.message.contains("no landmark ids are left") == true, "\(e?.message ?? "")")
        #expect(loaded.count == 4)
    }

    @Test("owners are compared byte for byte: NFC \"josé\" and NFD \"jose\\u{301}\" are two users")
    func ownersByBytes() throws {
        let nfc = "jos\u{E9}", nfd = "jose\u{301}"
        #expect(nfc == nfd)  // Swift's String == is canonical equivalence
        let marks = LandmarkIndex()
        let mine = try marks.add(at: try Coordinate(latitude: 1, longitude: 1), note: "nfc's", owner: nfc)
        let e = #expect(throws: GeoKernelError.self) { try marks.editNote(id: mine.id, note: "taken over", by: nfd) }
        #expect(e?.code == .permission)
        let d = #expect(throws: GeoKernelError.self) { try marks.delete(id: mine.id, by: nfd) }
        #expect(d?.code == .permission)
        #expect(marks.landmark(id: mine.id)?.note == "nfc's")
        try marks.editNote(id: mine.id, note: "edited by its owner", by: nfc)
        let position = try Coordinate(latitude: 1, longitude: 1)
        #expect(try marks.search(LandmarkSearch(position: position, user: nfd, scope: .mine)).isEmpty)
        #expect(try marks.search(LandmarkSearch(position: position, user: nfd, scope: .others)).count == 1)
        #expect(try marks.search(LandmarkSearch(position: position, user: nfc, scope: .mine)).count == 1)
    }
}
