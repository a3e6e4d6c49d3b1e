/// A forward-only stream of bytes that the file readers (OSM PBF and XML, GPX) pull from in
/// chunks: a file, bytes in memory, or a decoder over either.
///
/// Thread safety: a source belongs to one read call.
package protocol ByteSource {
    /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 only at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(GeoKernelError) -> Int
    /// How many bytes are left, when known (files and memory), for size checks before
    /// allocating; nil when unknown (decompressed streams).
    var remaining: Int? { get }
}

extension ByteSource {
    /// Fills `buffer` completely; returns false when the source ends first (the bytes read
    /// so far are in `buffer`).
    package mutating func readFully(into buffer: UnsafeMutableRawBufferPointer) throws(GeoKernelError) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if n == 0 { return false }
            filled += n
        }
        return true
    }
}

/// A regular file read through GeoKernel's `FileSource` (which refuses FIFOs, devices and
/// directories).
package struct FileByteSource: ByteSource {
    package let file: FileSource

    package init(path: String) throws(GeoKernelError) { file = try FileSource(path: path) }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(GeoKernelError) -> Int {
        let n = Swift.min(buffer.count, file.size - file.offset)
        guard n > 0 else { return 0 }
        try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<n]))
        return n
    }

    package var remaining: Int? { file.size - file.offset }
}

/// Bytes in memory.
package struct MemoryByteSource: ByteSource {
    let bytes: [UInt8]
    var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(GeoKernelError) -> Int {
        let n = Swift.min(buffer.count, bytes.count - position)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { src in
            buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
        }
        position += n
        return n
    }

    package var remaining: Int? { bytes.count - position }
}

/// A growable byte buffer reused across blobs or chunks, so a read allocates only when a
/// larger blob than any before arrives. Memory is bounded by the callers' size caps.
package final class ScratchBuffer {
    package private(set) var storage: UnsafeMutableRawBufferPointer

    package init(capacity: Int) {
        storage = .allocate(byteCount: Swift.max(capacity, 16), alignment: 16)
    }

    deinit { storage.deallocate() }

    /// The first `count` bytes, after growing the buffer to exactly `count` if needed (old
    /// contents are lost when it grows unless `preserving` is true).
    package func prefix(_ count: Int, preserving: Bool = false) -> UnsafeMutableRawBufferPointer {
        if count > storage.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
            if preserving { grown.baseAddress!.copyMemory(from: storage.baseAddress!, byteCount: storage.count) }
            storage.deallocate()
            storage = grown
        }
        return UnsafeMutableRawBufferPointer(rebasing: storage[..<count])
    }
}
