#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One packed R-tree over unit vectors: the immutable building block of `SpatialIndex`.
///
/// Layout (one allocation, which is also the file format of a run):
/// - internal nodes, level by level from the root: each node holds the boxes of its
///   `fanout` (16) children as six Float columns (lo x, lo y, lo z, hi x, hi y, hi z),
///   384 bytes. Node i of a level has children 16·i … 16·i + 15 on the level below;
///   children of the last internal level are leaf blocks. Unused child slots hold the
///   empty box (lo = +∞, hi = −∞), which no query ever enters.
/// - leaf blocks of `leafSize` (16) points: x, y, z as Double columns, then the ids
///   (UInt32), 448 bytes. Unused slots of the last block hold NaN coordinates and id
///   `UInt32.max`; NaN fails every comparison, so they are never results.
///
/// Points are ordered by `SphereMetric.packingKey` (cube face, then Hilbert order), so
/// neighbours share leaves (the packed Hilbert R-tree of Kamel & Faloutsos 1994, as in
/// flatbush). Boxes are axis-aligned in 3D and rounded outwards to Float; the distance
/// from a query vector to a box is a lower bound of the chord to every point inside,
/// which makes the antimeridian and the poles ordinary places.
///
/// Thread safety: immutable after construction; `Sendable` (hence `@unchecked`: it owns
/// raw memory that nobody writes after `init` returns).
final class PackedRun: @unchecked Sendable {
    static let fanout = 16
    static let leafSize = 16
    static let nodeBytes = 6 * fanout * 4
    static let blockBytes = leafSize * (3 * 8 + 4)
    /// The id of unused leaf slots.
    static let paddingID = UInt32.max

    /// Points stored (removed ones included until a merge drops them).
    let count: Int
    /// Leaf blocks: ⌈count / 16⌉.
    let blockCount: Int
    /// Nodes per internal level, root level first.
    let levelCounts: [Int]
    /// Index of the first node of each internal level.
    let levelStarts: [Int]
    /// All internal nodes.
    let nodeCount: Int
    /// The storage: nodes, then leaf blocks.
    let bytes: UnsafeMutableRawPointer
    let byteCount: Int

    /// Allocates a run for `count` ≥ 1 points; the caller fills leaves, then calls
    /// `computeBoxes()`.
    convenience init(capacityFor count: Int) {
        do {
            try self.init(checkedCapacityFor: count)
        } catch {
            fatalError(error.message)
        }
    }

    /// As `init(capacityFor:)`. - Throws: `.outOfMemory` when the run cannot be allocated.
    init(checkedCapacityFor count: Int) throws(GeoKernelError) {
        precondition(count > 0, "a packed run holds at least one point")
        let l = Self.layout(count: count)
        self.count = count
        blockCount = l.blocks
        levelCounts = l.levels
        var starts: [Int] = []
        var s = 0
        for c in l.levels { starts.append(s); s += c }
        levelStarts = starts
        nodeCount = s
        byteCount = l.bytes
        bytes = try CheckedAllocation.allocateRaw(byteCount: l.bytes, alignment: 64, "a packed run of \(count) points")
    }

    deinit { CheckedAllocation.release(bytes) }

    /// Blocks, internal level sizes and bytes of a run of `count` points.
    static func layout(count: Int) -> (blocks: Int, levels: [Int], bytes: Int) {
        let blocks = (count + leafSize - 1) / leafSize
        var levels: [Int] = []
        var c = blocks
        repeat {
            c = (c + fanout - 1) / fanout
            levels.insert(c, at: 0)
        } while c > 1
        let nodes = levels.reduce(0, +)
        return (blocks, levels, nodes * nodeBytes + blocks * blockBytes)
    }

    /// Start of the leaf blocks.
    @inline(__always)
    var leaves: UnsafeMutableRawPointer { bytes + nodeCount &* Self.nodeBytes }

    /// Start of leaf block `b`.
    @inline(__always)
    func block(_ b: Int) -> UnsafeMutableRawPointer { leaves + b &* Self.blockBytes }

    /// Start of internal node `n` (global number).
    @inline(__always)
    func node(_ n: Int) -> UnsafeMutableRawPointer { bytes + n &* Self.nodeBytes }

    /// Writes point `slot`.
    @inline(__always)
    func setPoint(_ slot: Int, _ x: Double, _ y: Double, _ z: Double, _ id: UInt32) {
        let b = block(slot >> 4), lane = slot & 15
        b.storeBytes(of: x, toByteOffset: lane &* 8, as: Double.self)
        b.storeBytes(of: y, toByteOffset: 128 &+ lane &* 8, as: Double.self)
        b.storeBytes(of: z, toByteOffset: 256 &+ lane &* 8, as: Double.self)
        b.storeBytes(of: id, toByteOffset: 384 &+ lane &* 4, as: UInt32.self)
    }

    /// Point `slot`: its unit vector and id.
    @inline(__always)
    func point(_ slot: Int) -> (x: Double, y: Double, z: Double, id: UInt32) {
        let b = UnsafeRawPointer(block(slot >> 4)), lane = slot & 15
        return (
            b.load(fromByteOffset: lane &* 8, as: Double.self),
            b.load(fromByteOffset: 128 &+ lane &* 8, as: Double.self),
            b.load(fromByteOffset: 256 &+ lane &* 8, as: Double.self),
            b.load(fromByteOffset: 384 &+ lane &* 4, as: UInt32.self)
        )
    }

    /// Fills the unused slots of the last block, then computes every box bottom-up.
    func computeBoxes() {
        for slot in count..<(blockCount * Self.leafSize) {
            setPoint(slot, .nan, .nan, .nan, Self.paddingID)
        }
        // Every child slot starts empty.
        for n in 0..<nodeCount {
            let p = node(n)
            for f in 0..<6 {
                let v: Float = f < 3 ? .infinity : -.infinity
                for j in 0..<Self.fanout { p.storeBytes(of: v, toByteOffset: (f &* 16 &+ j) &* 4, as: Float.self) }
            }
        }
        // Leaf boxes go into the children slots of the last internal level.
        let last = levelCounts.count - 1
        for b in 0..<blockCount {
            let lanes = Swift.min(Self.leafSize, count - b * Self.leafSize)
            let p = UnsafeRawPointer(block(b))
            var lo = (Double.infinity, Double.infinity, Double.infinity)
            var hi = (-Double.infinity, -Double.infinity, -Double.infinity)
            for lane in 0..<lanes {
                let x = p.load(fromByteOffset: lane * 8, as: Double.self)
                let y = p.load(fromByteOffset: 128 + lane * 8, as: Double.self)
                let z = p.load(fromByteOffset: 256 + lane * 8, as: Double.self)
                lo = (Swift.min(lo.0, x), Swift.min(lo.1, y), Swift.min(lo.2, z))
                hi = (Swift.max(hi.0, x), Swift.max(hi.1, y), Swift.max(hi.2, z))
            }
            let box = SIMD8<Float>(
                Self.floatDown(lo.0), Self.floatDown(lo.1), Self.floatDown(lo.2),
                Self.floatUp(hi.0), Self.floatUp(hi.1), Self.floatUp(hi.2), 0, 0)
            store(box, intoSlot: b & 15, ofNode: levelStarts[last] + (b >> 4))
        }
        // Each node's own box goes into its parent's slot.
        var level = last
        while level > 0 {
            for i in 0..<levelCounts[level] {
                let p = UnsafeRawPointer(node(levelStarts[level] + i))
                var box = SIMD8<Float>()
                for f in 0..<6 {
                    var v: Float = f < 3 ? .infinity : -.infinity
                    for j in 0..<Self.fanout {
                        let c = p.load(fromByteOffset: (f * 16 + j) * 4, as: Float.self)
                        v = f < 3 ? Swift.min(v, c) : Swift.max(v, c)
                    }
                    box[f] = v
                }
                store(box, intoSlot: i & 15, ofNode: levelStarts[level - 1] + (i >> 4))
            }
            level -= 1
        }
    }

    /// Recomputes every box from the points (`computeBoxes`) and tells whether the boxes
    /// stored before were exactly those, bit for bit (a loaded file's check: what a build
    /// writes is what `computeBoxes` gives). Memory: a copy of the nodes, 1.5 bytes per
    /// point. Complexity: O(n).
    func recomputedBoxesMatch() -> Bool {
        let nodeBytes = nodeCount * Self.nodeBytes
        let saved = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(nodeBytes, 1), alignment: 64)
        defer { saved.deallocate() }
        saved.copyMemory(from: bytes, byteCount: nodeBytes)
        computeBoxes()
        return memcmp(saved, bytes, nodeBytes) == 0
    }

    private func store(_ box: SIMD8<Float>, intoSlot j: Int, ofNode n: Int) {
        let p = node(n)
        for f in 0..<6 { p.storeBytes(of: box[f], toByteOffset: (f * 16 + j) * 4, as: Float.self) }
    }

    /// The largest Float ≤ v.
    @inline(__always)
    static func floatDown(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) > v ? f.nextDown : f
    }

    /// The smallest Float ≥ v.
    @inline(__always)
    static func floatUp(_ v: Double) -> Float {
        let f = Float(v)
        return Double(f) < v ? f.nextUp : f
    }
}
