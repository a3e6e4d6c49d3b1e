import GeoKernel

extension Recorder {
    /// Takes a motion-activity sample (it holds until the next), for the travel modes of
    /// the moves (`legs(leaving:roadShare:)`). Samples may come at any time, before or after
    /// the fixes they cover, but in time order.
    ///
    /// - Throws: `.order` when it is earlier than the previous sample (nothing changes).
    /// - Complexity: amortised O(1). C twin: `gk_timeline_add_activity`.
    public mutating func add(activity sample: MotionSample) throws(GeoKernelError) {
        if let last = activities.last, sample.timestamp < last.timestamp {
            throw GeoKernelError(.order, "activity sample at \(sample.timestamp) is earlier than the previous one (\(last.timestamp))")
        }
        activities.append(sample)
    }

    /// The legs of the move leaving placemark `index` (-1: the fixes before the first
    /// placemark), each with its travel mode (`ModeClassifier`, with `modeClassifier` and the
    /// activity samples so far); nil while the move is not closed. Indices of the legs'
    /// fixes are those of the move's fixes (`move(leaving:)`).
    ///
    /// - Parameters:
    ///   - index: the placemark left, or -1.
    ///   - roadShare: road evidence (e.g. `RoadMatcher.roadShare(of:)`), or nil.
    /// - Throws: `.notFound` for an index outside -1 ..< placemarks; what `roadShare` throws.
    /// - Complexity: O(the move's fixes + activity samples) plus the road evidence.
    ///   C twin: `gk_timeline_legs`.
    public func legs(leaving index: Int, roadShare: ModeClassifier.RoadShare? = nil) throws(GeoKernelError) -> [TripLeg]? {
        guard let m = try move(leaving: index) else { return nil }
        return try modeClassifier.legs(of: m.fixes, activities: activities, roadShare: roadShare)
    }
}
