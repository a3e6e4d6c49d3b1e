// swift-tools-version:6.0
//
// GeoKernel's benchmarks: a package of its own, so benchmark dependencies never reach
// users of GeoKernel. Run with `make bench` (built for this CPU) or
// `swift run -c release --package-path Benchmarks geobench [--json]`.
import PackageDescription

// `.package(path: "..")` takes its identity from the checkout's directory name.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last!)

let package = Package(
    name: "GeoKernelBenchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Direct access to PROJ for the `proj.raw` baseline.
        .systemLibrary(name: "CProjRaw", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),
        // Direct access to SQLite for the landmark store's `sqlite.*` baselines.
        .systemLibrary(name: "CSQLiteRaw", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // GeographicLib's C++ geodesic, the native geodesic's baseline (libgeographiclib-dev).
        .target(name: "CGeographicLibRaw", linkerSettings: [.linkedLibrary("GeographicLib")]),
        .executableTarget(
            name: "geobench",
            dependencies: [
                .product(name: "GeoKernel", package: root),
                .product(name: "Timeline", package: root),
                .product(name: "GeoFormats", package: root),
                .product(name: "Nearby", package: root),
                .product(name: "Route", package: root),
                .product(name: "Matching", package: root),
                .product(name: "Simulation", package: root),
                .product(name: "OpenStreetMap", package: root),
                .product(name: "OpenStreetMapWriter", package: root),
                .product(name: "Geofence", package: root),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "CProjRaw",
                "CSQLiteRaw",
                "CGeographicLibRaw",
            ]
        ),
    ]
)
