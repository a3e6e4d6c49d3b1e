import GeoKernel
import OpenStreetMap

/// Helpers shared by the Profile* suites.
enum ProfileCheck {
    /// The speed of a travel in km/h, rounded to 1e-6 so that `==` reads naturally (nil
    /// when not allowed).
    static func kmh(_ t: RoadNetwork.Travel?) -> Double? {
        t.map { ($0.speedMetersPerSecond * 3.6 * 1e6).rounded() / 1e6 }
    }

    /// The forward speed of a way in km/h for a profile.
    static func forwardKmh(_ p: RoutingProfile, _ tags: OSMTags) -> Double? { kmh(p.travel(wayTags: tags)?.forward) }

    /// True when |a - b| ≤ tolerance.
    static func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    /// (forward allowed, backward allowed) for a way, nil when unusable.
    static func ways(_ p: RoutingProfile, _ tags: OSMTags) -> (Bool, Bool)? {
        p.travel(wayTags: tags).map { ($0.forward != nil, $0.backward != nil) }
    }
}
