import GeoKernel

// The in-memory mirror: a LandmarkTable (the storage LandmarkIndex searches) whose entries
// carry the rest of each live row (`MirrorRow`), keyed by mirror number. It is brought up to date under `lock` (the connection's turn) and swapped or changed
// under `mirrorLock`'s write side, so a search, on the read side, sees whole transactions.

extension LandmarkStore {
    /// Landmarks matching `search`, nearest first — the same landmarks, order, distances
    /// and hints as `LandmarkIndex.search` over the same landmarks (equal distances in the
    /// order the landmarks were first stored). Changes committed by other connections and
    /// processes before the call are seen: the store checks `PRAGMA data_version` first
    /// and reads what changed.
    ///
    /// - Throws: `.invalidArgument` for a negative limit or an invalid username;
    ///   `.misuse` once closed; `.io`/`.corrupt` when reading new changes fails.
    /// - Complexity: as `LandmarkIndex.search`, plus O(k log n) for k new changes.
    /// - Thread safety: concurrent with other searches and with changes.
    /// - C twin: `gk_landmark_store_search`.
    /// \since 0.4
    public func search(_ search: LandmarkSearch) throws(GeoKernelError) -> [StoredLandmarkResult] {
        try lock.write { () throws(GeoKernelError) in try refresh(force: false) }
        return try mirrorLock.read { () throws(GeoKernelError) -> [StoredLandmarkResult] in
            try index.hits(search) { (l, row, meters) throws(GeoKernelError) in
                StoredLandmarkResult(
                    landmark: row.landmark(l), distanceMeters: meters,
                    hint: DistanceHint.text(meters: meters, accuracyMeters: search.accuracyMeters))
            }
        }
    }

    /// Brings the mirror up to date: when `force`, or when another connection committed
    /// since the last time (PRAGMA data_version changed). Called under `lock`.
    ///
    /// When the wal-index header is what it was at the last check, no connection has
    /// committed since, and SQLite is not asked (a comparison of 48 bytes instead of a
    /// statement; `SQLiteConnection.walIndexHeader`).
    func refresh(force: Bool) throws(GeoKernelError) {
        let (c, s) = try open()
        // Read the header and then the version first: a commit after this point changes
        // both again, so the next check catches what this read might miss.
        let header = c.walIndexHeader()
        if !force, let header, header == checkedHeader { return }
        let version = try s.currentDataVersion()
        dataVersionQueries += 1
        guard force || version != dataVersion else {
            checkedHeader = header
            return
        }
        try c.readTransaction { () throws(GeoKernelError) in
            let compactions = try s.meta("compactions")
            if compactions != mirrorCompactions {
                try reload(s)
                mirrorCompactions = compactions
            } else {
                try catchUp(s)
            }
        }
        dataVersion = version
        checkedHeader = header
    }

    /// The fewest bytes a row of `landmarks` takes in the database file: a 2-byte cell
    /// pointer, the payload-size and row-id varints, and a record header of one byte per
    /// column plus its own size.
    package static let minimumRowBytes = 14

    /// Rebuilds the mirror from every live row (at open, and after another connection
    /// compacted tombstones that the mirror may not have seen).
    private func reload(_ s: StoreStatements) throws(GeoKernelError) {
        let sequence = try s.meta("seq")
        // The largest row bounds the number of live rows: reserve once (O(log n) to read).
        // A forged file may claim a huge row number; each row takes at least
        // `minimumRowBytes` of the file, so the file's size bounds the count too.
        let capacity = min(Int(clamping: try s.maxRow()), s.connection.storedBytes() / Self.minimumRowBytes)
        var marks: [Landmark] = []
        var rest: [MirrorRow] = []
        var numbers = DenseKeyMap()
        marks.reserveCapacity(capacity)
        rest.reserveCapacity(capacity)
        numbers.reserveDense(capacity + 1)  // rows count from 1
        mirrorReservedRows = capacity
        defer { s.live.reset() }
        while try s.live.step() {
            let (row, l) = try s.decode(s.live, path)
            let n = UInt64(marks.count)
            marks.append(Landmark(id: n, coordinate: l.coordinate, note: l.note, owner: l.owner))
            rest.append(MirrorRow(l))
            numbers[row] = UInt32(n)
        }
        let rebuilt = try LandmarkTable(mirroring: marks, rows: rest)
        mirrorLock.write {
            index = rebuilt
            liveCount = marks.count
        }
        nextMirrorNumber = UInt64(marks.count)
        mirrorNumbers = numbers
        mirrorSequence = sequence
    }

    /// Applies the rows changed after `mirrorSequence`.
    private func catchUp(_ s: StoreStatements) throws(GeoKernelError) {
        var changed: [(UInt64, StoredLandmark)] = []
        var last = mirrorSequence
        s.since.bind(1, mirrorSequence)
        s.since.bind(2, Int64(-1))
        defer { s.since.reset() }
        while try s.since.step() {
            let (row, l) = try s.decode(s.since, path)
            changed.append((row, l))
            last = max(last, l.sequence)
        }
        guard !changed.isEmpty else { return }
        try mirrorLock.write { () throws(GeoKernelError) in
            var upserts: [(Landmark, MirrorRow)] = [], removals: [UInt64] = []
            for (row, l) in changed {
                if let n = mirrorNumbers[row].map(UInt64.init) {
                    if l.deleted {
                        removals.append(n)
                        mirrorNumbers[row] = nil
                        liveCount -= 1
                    } else {
                        upserts.append((Landmark(id: n, coordinate: l.coordinate, note: l.note, owner: l.owner), .init(l)))
                    }
                } else if !l.deleted {
                    let n = nextMirrorNumber
                    nextMirrorNumber += 1
                    upserts.append((Landmark(id: n, coordinate: l.coordinate, note: l.note, owner: l.owner), .init(l)))
                    mirrorNumbers[row] = UInt32(n)
                    liveCount += 1
                }
            }
            try index.mirror(upserts: upserts, removals: removals)
        }
        mirrorSequence = last
    }
}
