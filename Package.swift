// swift-tools-version:6.0
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
import PackageDescription

let root = Context.packageDirectory

let package = Package(
    name: "GeoKernel",
    products: [
        .library(name: "GeoKernel", targets: ["GeoKernel"]),
        .library(name: "GeoKernelC", type: .dynamic, targets: ["GeoKernelC"]),
        .executable(name: "geokernel", targets: ["GeoKernelCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The only code that includes <proj.h> and <geodesic.h>.
        .systemLibrary(
            name: "CProj",
            pkgConfig: "proj",
            providers: [.apt(["libproj-dev"])]
        ),
        .target(name: "CProjShim", dependencies: ["CProj"]),
        // Header-only vector helpers (sqrt on SIMD4<Double> without errno calls).
        .target(name: "CSIMDShim"),
        .target(
            name: "GeoKernel",
            dependencies: ["CProjShim", "CSIMDShim"]
        ),
        .target(
            name: "GeoKernelC",
            dependencies: ["GeoKernel"],
            exclude: ["geokernel.map"],
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "--version-script=\(root)/Sources/GeoKernelC/geokernel.map",
                    "-Xlinker", "-soname=libgeokernel.so.0",
                ])
            ]
        ),
        .executableTarget(
            name: "GeoKernelCLI",
            dependencies: [
                "GeoKernel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "_GeoKernelTestSupport",
            dependencies: ["GeoKernel"],
            path: "Tests/_GeoKernelTestSupport"
        ),
        .testTarget(
            name: "GeoKernelTests",
            dependencies: ["GeoKernel", "_GeoKernelTestSupport"]
        ),
    ]
)
