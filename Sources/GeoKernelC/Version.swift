#if canImport(Glibc)
import Glibc
#endif
import CGeoKernelHeader

/// GK_VERSION_* of include/geokernel.h, the single source of the version (the C consumer
/// test checks that the loaded library agrees with the header it was compiled against).
let versionMajor = CInt(GK_VERSION_MAJOR), versionMinor = CInt(GK_VERSION_MINOR), versionPatch = CInt(GK_VERSION_PATCH)
nonisolated(unsafe) private let versionString = UnsafePointer(strdup("\(versionMajor).\(versionMinor).\(versionPatch)")!)

@c public func gk_libversion_number() -> CInt {
    versionMajor * 10000 + versionMinor * 100 + versionPatch
}

@c public func gk_libversion() -> UnsafePointer<CChar>? { versionString }
