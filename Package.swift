// swift-tools-version:6.1
//
// GeoKernel: an embeddable geo-computation kernel for Swift and C.
//
// Products:
//   GeoKernel   the kernel library; no unsafe flags, usable as a versioned dependency.
//   GeoKernelC  libGeoKernelC.so with soname libgeokernel.so.0: the C ABI of
//               include/geokernel.h, the Swift runtime linked in statically and only gk_*
//               symbols exported. `make lib` stages it as libgeokernel.so. It carries
//               unsafe linker flags, so it is meant to be built from this checkout, not
//               consumed as a versioned SwiftPM dependency.
//   geokernel   the command-line tool.
//   gk-fuzz     (executable target, no product) the libFuzzer harness of `make fuzz`.
//   gk-scale    (executable target, no product) GeoKernel's side of `make bench-scale`.
//   gk-match-accuracy  (executable target, no product) the accuracy table of
//               docs/matching.md (`make match-accuracy`).
import PackageDescription

let root = Context.packageDirectory

let package = Package(
    name: "GeoKernel",
    products: [
        .library(name: "GeoKernel", targets: ["GeoKernel"]),
        .library(name: "Nearby", targets: ["Nearby"]),
        .library(name: "Route", targets: ["Route"]),
        .library(name: "Matching", targets: ["Matching"]),
        .library(name: "Simulation", targets: ["Simulation"]),
        .library(name: "Geofence", targets: ["Geofence"]),
        .library(name: "Timeline", targets: ["Timeline"]),
        .library(name: "GeoFormats", targets: ["GeoFormats"]),
        .library(name: "OpenStreetMap", targets: ["OpenStreetMap"]),
        .library(name: "OpenStreetMapWriter", targets: ["OpenStreetMapWriter"]),
        .library(name: "GeoKernelC", type: .dynamic, targets: ["GeoKernelC"]),
        .executable(name: "geokernel", targets: ["GeoKernelCLI"]),
    ],
    // PROJ (on by default): every CRS and operation through the system's PROJ 9. Without it
    // every target builds with nothing beyond what iOS ships (zlib, SQLite); Transformer then
    // answers only its native CRS (README: "On a phone").
    traits: [
        .trait(name: "PROJ", description: "Any CRS and PROJ operation through libproj (Linux: libproj-dev)."),
        .default(enabledTraits: ["PROJ"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The only code that includes <proj.h> (only with the PROJ trait).
        .systemLibrary(
            name: "CProj",
            pkgConfig: "proj",
            providers: [.apt(["libproj-dev"])]
        ),
        // Compiled empty without the trait (SwiftPM builds every target of the package).
        .target(
            name: "CProjShim",
            dependencies: [.byName(name: "CProj", condition: .when(traits: ["PROJ"]))],
            cSettings: [.define("GEOKERNEL_PROJ", .when(traits: ["PROJ"]))]
        ),
        // The only code that includes <zlib.h> (PBF blobs, .osm.gz).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "CZlibShim", dependencies: ["CZlib"]),
        // The only code that includes <sqlite3.h>: the landmark store (Nearby/Store).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Header-only vector helpers (sqrt on SIMD4<Double> without errno calls).
        .target(name: "CSIMDShim"),
        // include/geokernel.h as a Clang module, for its names: the C ABI's Swift side maps
        // enumerations by name; the tool prints GK_VERSION_*.
        .target(name: "CGeoKernelHeader"),
        .target(
            name: "GeoKernel",
            dependencies: [.target(name: "CProjShim", condition: .when(traits: ["PROJ"])), "CSIMDShim"]
        ),
        // GeoText: the one text layer (JSON, XML and CSV reading and writing), without
        // Foundation; package-internal API for the modules above the kernel.
        .target(name: "GeoText", dependencies: ["GeoKernel"]),
        // Thin facades over the kernel, one per kind of app (DESIGN.md).
        .target(name: "Nearby", dependencies: ["GeoKernel", "GeoText", "OpenStreetMap", "CSQLite", "CSIMDShim"]),
        .target(name: "Route", dependencies: ["GeoKernel", "GeoText"]),
        // Map matching (RoadMatcher); not linked into libgeokernel.so until its C API exists.
        .target(name: "Matching", dependencies: ["GeoKernel", "GeoText", "Route"]),
        // Made-up data with a known truth (SimulatedDay, SimulatedTrace); not in libgeokernel.so.
        .target(name: "Simulation", dependencies: ["GeoKernel", "Timeline"]),
        .target(name: "Geofence", dependencies: ["GeoKernel"]),
        .target(name: "Timeline", dependencies: ["GeoKernel", "GeoText"]),
        // OpenStreetMap: PBF and XML readers, routing profiles, OSM → road network.
        // No Foundation (libgeokernel.so links it).
        .target(name: "OpenStreetMap", dependencies: ["GeoKernel", "GeoText", "CZlibShim"]),
        // OSM PBF writing and made-up networks for scale (docs/scale.md); not in
        // libgeokernel.so.
        .target(name: "OpenStreetMapWriter", dependencies: ["GeoKernel", "OpenStreetMap", "CZlibShim"]),
        // File formats (GeoJSON, GPX, CSV) for the tool and the tests; their text through
        // GeoText, files through Foundation.
        .target(name: "GeoFormats", dependencies: ["GeoKernel", "GeoText"]),
        .target(
            name: "GeoKernelC",
            dependencies: ["GeoKernel", "Nearby", "Route", "Matching", "Geofence", "Timeline", "OpenStreetMap", "CGeoKernelHeader"],
            exclude: ["geokernel.map"],
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "--version-script=\(root)/Sources/GeoKernelC/geokernel.map",
                    "-Xlinker", "-soname=libgeokernel.so.0",
                    // Identical code folding (of functions whose address is never taken): the
                    // many equal generic specialisations share one copy.
                    "-Xlinker", "--icf=safe",
                ])
            ]
        ),
        .executableTarget(
            name: "GeoKernelCLI",
            dependencies: [
                "GeoKernel", "GeoText", "Nearby", "Route", "Matching", "Simulation", "Geofence", "Timeline", "GeoFormats",
                "OpenStreetMap",
                "OpenStreetMapWriter", "CGeoKernelHeader",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The Swift runtime and Foundation linked in, so that the installed tool runs
            // where no Swift toolchain is (`make tool-check` runs it with the toolchain hidden).
            // (FoundationEssentials only: the rest of Foundation would add ICU's 30 MB.)
            linkerSettings: [.unsafeFlags([
                "-static-stdlib", "-Xlinker", "--start-group",
                "-Xlinker", "-lFoundationEssentials", "-Xlinker", "-l_FoundationCShims",
                "-Xlinker", "-l_FoundationCollections", "-Xlinker", "-lswiftSynchronization",
                "-Xlinker", "-lswiftDispatch", "-Xlinker", "-ldispatch", "-Xlinker", "-lBlocksRuntime",
                "-Xlinker", "-lswiftCore", "-Xlinker", "-lstdc++",
                "-Xlinker", "--end-group",
            ])]
        ),
        // gk-fuzz: the libFuzzer entry point for every parser and loader (`make fuzz`,
        // Fuzz/FuzzMain.swift). Only a `--sanitize=fuzzer` build links libFuzzer into it;
        // a plain build links a program that does nothing.
        .executableTarget(
            name: "gk-fuzz",
            dependencies: [
                "GeoKernel", "GeoText", "Nearby", "Route", "Timeline", "GeoFormats", "OpenStreetMap", "OpenStreetMapWriter",
                "Geofence",
            ],
            path: "Fuzz",
            exclude: ["Dictionaries"]
        ),
        // gk-scale: GeoKernel's side of `make bench-scale` (Scale/main.swift): exports the
        // turn graph for the other engines and times the queries on the same pairs.
        .executableTarget(
            name: "gk-scale",
            dependencies: ["GeoKernel", "Route"],
            path: "Scale"
        ),
        // gk-match-accuracy: map matching on simulated traces of the shared extracts, the
        // table of docs/matching.md (MatchAccuracy/main.swift, `make match-accuracy`).
        .executableTarget(
            name: "gk-match-accuracy",
            dependencies: ["GeoKernel", "Matching", "Simulation", "OpenStreetMap"],
            path: "MatchAccuracy"
        ),
        .target(
            name: "_GeoKernelTestSupport",
            dependencies: ["GeoKernel"],
            path: "Tests/_GeoKernelTestSupport"
        ),
        .testTarget(name: "GeoKernelTests", dependencies: ["GeoKernel", "_GeoKernelTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "NearbyTests", dependencies: ["Nearby", "OpenStreetMap", "GeoFormats", "_GeoKernelTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "RouteTests", dependencies: ["Route", "OpenStreetMap", "GeoFormats", "_GeoKernelTestSupport"]),
        .testTarget(name: "MatchingTests", dependencies: ["Matching", "Route", "Simulation", "OpenStreetMap", "_GeoKernelTestSupport"]),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "GeoFormats", "_GeoKernelTestSupport"]),
        .testTarget(name: "GeofenceTests", dependencies: ["Geofence", "GeoFormats", "Simulation", "_GeoKernelTestSupport"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline", "Simulation", "GeoFormats", "_GeoKernelTestSupport"]),
        .testTarget(
            name: "OpenStreetMapTests", dependencies: ["OpenStreetMap", "OpenStreetMapWriter", "Route", "_GeoKernelTestSupport"],
            exclude: ["Fixtures"]),
        // The command-line tool's tests (they run the built `geokernel`); CZlibShim: the PNG
        // reader of the --svg picture tests.
        .testTarget(
            name: "GeoKernelCLITests",
            dependencies: [
                "GeoKernel", "GeoText", "GeoFormats", "Route", "Nearby", "Timeline", "CZlibShim", "_GeoKernelTestSupport",
            ]),
        .testTarget(name: "GeoTextTests", dependencies: ["GeoText", "_GeoKernelTestSupport"]),
        .testTarget(name: "GeoFormatsTests", dependencies: ["GeoFormats", "_GeoKernelTestSupport"]),
    ]
)
