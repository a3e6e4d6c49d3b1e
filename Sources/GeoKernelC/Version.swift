#if canImport(Glibc)
import Glibc
#endif

/// Keep in step with GK_VERSION_* in include/geokernel.h (the C consumer test checks).
let versionMajor: CInt = 0, versionMinor: CInt = 2, versionPatch: CInt = 0
nonisolated(unsafe) private let versionString = UnsafePointer(strdup("\(versionMajor).\(versionMinor).\(versionPatch)")!)

@c public func gk_libversion_number() -> CInt {
    versionMajor * 10000 + versionMinor * 100 + versionPatch
}

@c public func gk_libversion() -> UnsafePointer<CChar>? { versionString }
