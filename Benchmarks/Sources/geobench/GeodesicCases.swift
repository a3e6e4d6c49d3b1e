import CGeographicLibRaw
import CProjRaw
import GeoKernel

/// WGS84 inverse and direct geodesics on 100 000 seeded pairs: GeoKernel's native geodesic
/// beside GeographicLib's C++ (Debian's libgeographiclib 2.1.2) and PROJ's geod_* (its C
/// port), each asked for the same outputs. Global pairs are uniform on the sphere;
/// regional pairs lie within 5° of each other (up to about 700 km).
enum GeodesicCases {
    static func make(pairs n: Int = 100_000) -> [BenchCase] {
        var rng = SplitMix64(seed: 25)
        func pairs(regional: Bool) -> [(Double, Double, Double, Double)] {
            (0..<n).map { _ in
                let lat1 = asinDegrees(rng.uniform(-1, 1)), lon1 = rng.uniform(-180, 180)
                guard regional else { return (lat1, lon1, asinDegrees(rng.uniform(-1, 1)), rng.uniform(-180, 180)) }
                let lat2 = min(90, max(-90, lat1 + rng.uniform(-5, 5)))
                return (lat1, lon1, lat2, Coordinate.normalizedLongitude(lon1 + rng.uniform(-5, 5)))
            }
        }
        let global = pairs(regional: false), regional = pairs(regional: true)
        let directs = global.map { _ in (rng.uniform(-180, 180), rng.uniform(0, 19_000_000)) }
        let g = Geodesic.wgs84
        let coordinates = global.map {
            (try! Coordinate(latitude: $0.0, longitude: $0.1), try! Coordinate(latitude: $0.2, longitude: $0.3))
        }
        let regionalCoordinates = regional.map {
            (try! Coordinate(latitude: $0.0, longitude: $0.1), try! Coordinate(latitude: $0.2, longitude: $0.3))
        }
        let out = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let reference = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        var geod = geod_geodesic()
        geod_init(&geod, EarthModel.wgs84SemiMajorAxisMeters, EarthModel.wgs84Flattening)
        // One origin to many points (the batch): Zürich to the global points.
        let origin = try! Coordinate(latitude: 47.3769, longitude: 8.5417)
        let lats = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let lons = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        for i in 0..<n { lats[i] = global[i].2; lons[i] = global[i].3 }
        let columns = CoordinateColumns(latitudes: lats.baseAddress!, longitudes: lons.baseAddress!, count: n)
        // ... and to points within 5° of it (a region's geofences, a city's distance matrix).
        let nearLats = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let nearLons = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        for i in 0..<n {
            nearLats[i] = origin.latitude + rng.uniform(-5, 5)
            nearLons[i] = origin.longitude + rng.uniform(-5, 5)
        }
        let nearColumns = CoordinateColumns(latitudes: nearLats.baseAddress!, longitudes: nearLons.baseAddress!, count: n)

        // Direct geodesics from Zürich along the seeded azimuths and distances (the batch).
        let azimuths = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        let lengths = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
        for i in 0..<n { azimuths[i] = directs[i].0; lengths[i] = directs[i].1 }
        let ends = (0..<5).map { _ in UnsafeMutableBufferPointer<Double>.allocate(capacity: n) }
        let (endLat, endLon, endAzi, glLat, glLon) = (ends[0], ends[1], ends[2], ends[3], ends[4])
        func glDestinations() {
            var azi2 = 0.0
            for i in 0..<n {
                gl_direct(origin.latitude, origin.longitude, azimuths[i], lengths[i], &glLat[i], &glLon[i], &azi2)
                reference[i] = azi2
            }
        }

        func within15nm(_ what: String) -> String? {
            var worst = 0.0
            for i in 0..<n { worst = max(worst, abs(out[i] - reference[i])) }
            return worst <= 15e-9 ? nil : "\(what): \(worst) m from GeographicLib"
        }
        return [
            BenchCase(name: "geodesic.distance.geographiclib", n: n, baseline: nil, run: {
                for i in 0..<n { let p = global[i]; reference[i] = gl_distance(p.0, p.1, p.2, p.3) }
            }),
            BenchCase(name: "geodesic.distance", n: n, baseline: "geodesic.distance.geographiclib", run: {
                for i in 0..<n { out[i] = g.distanceMeters(from: coordinates[i].0, to: coordinates[i].1) }
            }, check: {
                for i in 0..<n { let p = global[i]; reference[i] = gl_distance(p.0, p.1, p.2, p.3) }
                return within15nm("distance")
            }),
            BenchCase(name: "geodesic.distance.regional.geographiclib", n: n, baseline: nil, run: {
                for i in 0..<n { let p = regional[i]; reference[i] = gl_distance(p.0, p.1, p.2, p.3) }
            }),
            BenchCase(name: "geodesic.distance.regional", n: n, baseline: "geodesic.distance.regional.geographiclib", run: {
                for i in 0..<n { out[i] = g.distanceMeters(from: regionalCoordinates[i].0, to: regionalCoordinates[i].1) }
            }, check: {
                for i in 0..<n { let p = regional[i]; reference[i] = gl_distance(p.0, p.1, p.2, p.3) }
                return within15nm("regional distance")
            }),
            BenchCase(name: "geodesic.inverse.proj", n: n, baseline: nil, run: {
                var azi1 = 0.0, azi2 = 0.0
                for i in 0..<n {
                    let p = global[i]
                    geod_inverse(&geod, p.0, p.1, p.2, p.3, out.baseAddress! + i, &azi1, &azi2)
                }
            }),
            BenchCase(name: "geodesic.inverse.geographiclib", n: n, baseline: nil, run: {
                var azi1 = 0.0, azi2 = 0.0, m12 = 0.0, area = 0.0
                for i in 0..<n {
                    let p = global[i]
                    reference[i] = gl_inverse_all(p.0, p.1, p.2, p.3, &azi1, &azi2, &m12, &area)
                }
            }),
            BenchCase(name: "geodesic.inverse", n: n, baseline: "geodesic.inverse.geographiclib", run: {
                for i in 0..<n { out[i] = g.inverse(from: coordinates[i].0, to: coordinates[i].1).areaSquareMeters }
            }, check: {
                var azi1 = 0.0, azi2 = 0.0, m12 = 0.0, area = 0.0, worst = 0.0, pair = global[0]
                for i in 0..<n {
                    let p = global[i]
                    _ = gl_inverse_all(p.0, p.1, p.2, p.3, &azi1, &azi2, &m12, &area)
                    let e = abs(out[i] - area)
                    if e > worst { worst = e; pair = p }
                }
                // The tests' tolerance: 0.1 m² + 4e-14 c² (c the authalic radius; azimuths a
                // few 1e-14 rad apart near the antipode move the area by c² times that).
                return worst <= 0.1 + 4e-14 * 6_371_007.2 * 6_371_007.2 ? nil
                    : "area differs from GeographicLib by \(worst) m² at \(pair)"
            }),
            BenchCase(name: "geodesic.direct.geographiclib", n: n, baseline: nil, run: {
                var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
                for i in 0..<n {
                    gl_direct(global[i].0, global[i].1, directs[i].0, directs[i].1, &lat2, &lon2, &azi2)
                    reference[i] = lat2
                }
            }),
            BenchCase(name: "geodesic.direct.proj", n: n, baseline: nil, run: {
                var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0
                for i in 0..<n {
                    geod_direct(&geod, global[i].0, global[i].1, directs[i].0, directs[i].1, &lat2, &lon2, &azi2)
                    out[i] = lat2
                }
            }),
            BenchCase(name: "geodesic.direct", n: n, baseline: "geodesic.direct.geographiclib", run: {
                for i in 0..<n {
                    out[i] = try! g.direct(
                        from: coordinates[i].0, azimuthDegrees: directs[i].0, distanceMeters: directs[i].1
                    ).destination.latitude
                }
            }, check: {
                var lat2 = 0.0, lon2 = 0.0, azi2 = 0.0, worst = 0.0
                for i in 0..<n {
                    gl_direct(global[i].0, global[i].1, directs[i].0, directs[i].1, &lat2, &lon2, &azi2)
                    worst = max(worst, abs(out[i] - lat2))
                }
                return worst <= 1e-12 ? nil : "end latitudes differ from GeographicLib by \(worst)°"
            }),
            BenchCase(name: "geodesic.batch.geographiclib", n: n, baseline: nil, run: {
                for i in 0..<n { reference[i] = gl_distance(origin.latitude, origin.longitude, lats[i], lons[i]) }
            }),
            BenchCase(name: "geodesic.batch", n: n, baseline: "geodesic.batch.geographiclib", run: {
                try! g.distances(from: origin, to: columns, into: out)
            }, check: {
                for i in 0..<n { reference[i] = gl_distance(origin.latitude, origin.longitude, lats[i], lons[i]) }
                return within15nm("batch distance")
            }),
            BenchCase(name: "geodesic.destinations.geographiclib", n: n, baseline: nil, run: glDestinations),
            BenchCase(name: "geodesic.destinations", n: n, baseline: "geodesic.destinations.geographiclib", run: {
                try! g.destinations(
                    from: origin, azimuthsDegrees: UnsafeBufferPointer(azimuths), distancesMeters: UnsafeBufferPointer(lengths),
                    latitudes: endLat, longitudes: endLon, finalAzimuths: endAzi)
            }, check: {
                glDestinations()
                var worst = 0.0
                for i in 0..<n { worst = max(worst, gl_distance(endLat[i], endLon[i], glLat[i], glLon[i])) }
                return worst <= 15e-9 ? nil : "batch end points: \(worst) m from GeographicLib's"
            }),
            BenchCase(name: "geodesic.batch.regional.geographiclib", n: n, baseline: nil, run: {
                for i in 0..<n {
                    reference[i] = gl_distance(origin.latitude, origin.longitude, nearLats[i], nearLons[i])
                }
            }),
            BenchCase(name: "geodesic.batch.regional", n: n, baseline: "geodesic.batch.regional.geographiclib", run: {
                try! g.distances(from: origin, to: nearColumns, into: out)
            }, check: {
                for i in 0..<n {
                    reference[i] = gl_distance(origin.latitude, origin.longitude, nearLats[i], nearLons[i])
                }
                return within15nm("regional batch distance")
            }),
        ]
    }
}
