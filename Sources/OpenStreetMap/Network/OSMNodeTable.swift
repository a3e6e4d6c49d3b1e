/// The positions of every node read from a file, for resolving way references: node ids
/// and coordinates in flat arrays, looked up by binary search once sorted.
///
/// OpenStreetMap files list nodes before ways, so a one-pass reader must keep every
/// node's position: 24 bytes per node (69 385 nodes of the Andorra extract: 1.7 MB);
/// `RoadNetworkBuilder.build(osmFile:profile:)` reads twice and keeps only the nodes the
/// roads use.
///
/// Thread safety: a value; mutate from one thread. C twin: none (internal).
struct OSMNodeTable {
    private(set) var ids: [Int64] = []
    private(set) var latitudes: [Double] = []
    private(set) var longitudes: [Double] = []
    private var sorted = true

    var count: Int { ids.count }

    mutating func append(id: Int64, latitude: Double, longitude: Double) {
        if let last = ids.last, last >= id { sorted = false }
        ids.append(id)
        latitudes.append(latitude)
        longitudes.append(longitude)
    }

    /// Sorts by id (files from extract services are already sorted; this is for others).
    /// A node listed twice keeps its last position.
    ///
    /// - Complexity: O(1) when sorted, else O(n log n).
    mutating func finish() {
        guard !sorted else { return }
        let order = ids.indices.sorted { ids[$0] < ids[$1] || (ids[$0] == ids[$1] && $0 < $1) }
        var i2: [Int64] = [], la: [Double] = [], lo: [Double] = []
        i2.reserveCapacity(ids.count)
        for k in order {
            if i2.last == ids[k] {
                la[la.count - 1] = latitudes[k]
                lo[lo.count - 1] = longitudes[k]
            } else {
                i2.append(ids[k])
                la.append(latitudes[k])
                lo.append(longitudes[k])
            }
        }
        ids = i2
        latitudes = la
        longitudes = lo
        sorted = true
    }

    /// The position of node `id` in the table, or nil when the file does not have it
    /// (a way leaving the extract). Call `finish()` first.
    ///
    /// - Complexity: O(log n).
    func index(of id: Int64) -> Int? {
        let at = Self.firstIndex(notBelow: id, in: ids)
        return at < ids.count && ids[at] == id ? at : nil
    }

    /// The first position in the ascending `sorted` whose id is ≥ `id` (its count when
    /// none is).
    ///
    /// - Complexity: O(log n).
    static func firstIndex(notBelow id: Int64, in sorted: [Int64]) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if sorted[mid] < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
