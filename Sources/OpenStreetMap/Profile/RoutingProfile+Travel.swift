import GeoKernel

extension RoutingProfile {
    /// How a way with these tags may be travelled; nil when this profile cannot use it at
    /// all (not a routable class, excluded, forbidden both ways, or `oneway=reversible`).
    ///
    /// See the type's documentation for the order of the rules. Never traps: odd values
    /// (empty, huge numbers, non-ASCII) are treated as absent.
    /// - Complexity: O(number of tags × number of keys consulted).
    public func travel(wayTags tags: OSMTags) -> WayTravel? {
        let isArea = tags["area"] == "yes" && tags["highway"].map(walkableAreaHighways.contains) == true
        for (key, values) in excludedTags where !(isArea && key == "area") {
            if let v = tags[key], values.contains(v) { return nil }
        }
        let isRoundabout = tags["junction"].map { roundaboutJunctions.contains($0) } ?? false
        if usesFerries, tags["route"] == "ferry" {
            guard let (forward, backward) = directions(tags, highway: "ferry") else { return nil }
            let speed = ferrySpeedKmh
            let f = forward ? leg(tags, .forward, kmh: { _ in speed }, needsPermission: false) : nil
            let b = backward ? leg(tags, .backward, kmh: { _ in speed }, needsPermission: false) : nil
            if f == nil && b == nil { return nil }
            return WayTravel(roadClass: .ferry, forward: f, backward: b, isRoundabout: isRoundabout)
        }
        guard let highway = tags["highway"] else { return nil }
        let classKmh: Double
        let needsPermission: Bool
        if let kmh = highwaySpeedsKmh[highway] {
            classKmh = kmh
            needsPermission = false
        } else if let kmh = permittedHighwaySpeedsKmh[highway] {
            classKmh = kmh
            needsPermission = true
        } else {
            return nil
        }
        guard let (forward, backward) = directions(tags, highway: highway) else { return nil }
        let speed = { (d: Direction) in self.roadSpeedKmh(tags, d, classKmh: classKmh) }
        let f = forward ? leg(tags, .forward, kmh: speed, needsPermission: needsPermission) : nil
        let b = backward ? leg(tags, .backward, kmh: speed, needsPermission: needsPermission) : nil
        if f == nil && b == nil { return nil }
        return WayTravel(
            roadClass: RoadClass(osmValue: highway) ?? .other, forward: f, backward: b, isRoundabout: isRoundabout,
            isArea: isArea)
    }

    package enum Direction {
        case forward, backward
        var suffix: String { self == .forward ? ":forward" : ":backward" }
    }

    package enum AccessDecision: Equatable {
        case allowed, destination, denied
    }

    /// The access decision of the most specific key with a known value, and that key's
    /// index in `accessKeys`; nil when no key decides. With a direction, `key:forward` /
    /// `key:backward` is consulted before `key`.
    package func access(_ tags: OSMTags, _ direction: Direction?) -> (AccessDecision, Int)? {
        for i in accessKeys.indices.reversed() {
            let key = accessKeys[i]
            if let direction, let v = tags[key + direction.suffix], let d = classify(v) { return (d, i) }
            if let v = tags[key], let d = classify(v) { return (d, i) }
        }
        return nil
    }

    private func classify(_ value: String) -> AccessDecision? {
        if deniedAccessValues.contains(value) { return .denied }
        if destinationAccessValues.contains(value) { return .destination }
        if allowedAccessValues.contains(value) { return .allowed }
        return nil
    }

    private func leg(
        _ tags: OSMTags, _ direction: Direction, kmh: (Direction) -> Double, needsPermission: Bool
    ) -> RoadNetwork.Travel? {
        let decision = access(tags, direction)
        var destinationOnly = false
        switch decision {
        case nil:
            if needsPermission { return nil }
        case (.denied, _)?:
            return nil
        case (let d, let keyIndex)?:
            if needsPermission && keyIndex == 0 { return nil }
            destinationOnly = d == .destination
        }
        let metersPerSecond = kmh(direction) / 3.6
        guard metersPerSecond.isFinite, metersPerSecond > 0 else { return nil }
        return RoadNetwork.Travel(speedMetersPerSecond: metersPerSecond, destinationOnly: destinationOnly)
    }

    /// The speed in km/h on a road for one direction (before the finite/positive check).
    package func roadSpeedKmh(_ tags: OSMTags, _ direction: Direction, classKmh: Double) -> Double {
        var kmh = classKmh
        if maxspeedRule != .ignore, let limit = taggedLimit(tags, direction), case .kmh(let legal) = limit {
            let scaled = legal * maxspeedFactor
            kmh = maxspeedRule == .replace ? scaled : min(classKmh, scaled)
        }
        return min(kmh, maxSpeedCapKmh)
    }

    /// `maxspeed:forward`/`:backward` when it parses, else `maxspeed`.
    private func taggedLimit(_ tags: OSMTags, _ direction: Direction) -> MaxSpeed.Limit? {
        if let v = tags["maxspeed" + direction.suffix], let limit = MaxSpeed.parse(v, zones: zoneSpeedsKmh) {
            return limit
        }
        return tags["maxspeed"].flatMap { MaxSpeed.parse($0, zones: zoneSpeedsKmh) }
    }
}
