#if canImport(Glibc)
import Glibc
#endif
import CGeoKernelHeader

// The version is GK_VERSION_* of include/geokernel.h, read through the imported header.
nonisolated(unsafe) private let versionString = UnsafePointer(
    strdup("\(GK_VERSION_MAJOR).\(GK_VERSION_MINOR).\(GK_VERSION_PATCH)")!)

@c public func gk_libversion_number() -> CInt {
    CInt(GK_VERSION_MAJOR * 10000 + GK_VERSION_MINOR * 100 + GK_VERSION_PATCH)
}

@c public func gk_libversion() -> UnsafePointer<CChar>? { versionString }
