#if canImport(Glibc)
import Glibc
#endif
import CGeoKernelHeader
import GeoKernel

@c public func gk_context_create() -> OpaquePointer? {
    retainedHandle(ContextBox())
}

@c public func gk_context_destroy(_ ctx: OpaquePointer?) {
    releaseHandle(ctx, as: ContextBox.self)
}

@c public func gk_context_errmsg(_ ctx: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let box = ContextBox.from(ctx) else { return StaticCStrings.noContext }
    return box.messagePointer
}

@c public func gk_context_errcode(_ ctx: OpaquePointer?) -> CInt {
    ContextBox.from(ctx)?.code ?? GeoKernelError.Code.misuse.cStatus
}

/// Descriptions of status codes, created once.
nonisolated(unsafe) private let errorStrings: [CInt: UnsafePointer<CChar>] = {
    var table: [CInt: UnsafePointer<CChar>] = [GK_OK: UnsafePointer(strdup("ok")!)]
    for c in GeoKernelError.Code.all { table[c.cStatus] = UnsafePointer(strdup(c.description)!) }
    return table
}()
nonisolated(unsafe) private let unknownErrorString = UnsafePointer(strdup("unknown error")!)

@c public func gk_errstr(_ code: CInt) -> UnsafePointer<CChar>? {
    errorStrings[code] ?? unknownErrorString
}
