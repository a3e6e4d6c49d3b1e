import GeoKernel

// Section "projection" of include/geokernel.h. A gk_transformer * is a retained
// GeoKernel.Transformer, which owns its own PROJ context.

@c public func gk_transformer_create(
    _ ctx: OpaquePointer?, _ source: UnsafePointer<CChar>?, _ target: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let t = try Transformer(source: try cString(source, "source"), target: try cString(target, "target"))
        outHandle.pointee = retainedHandle(t)
    }
}

@c public func gk_transformer_create_operation(
    _ ctx: OpaquePointer?, _ operation: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let t = try Transformer(operation: try cString(operation, "operation"))
        outHandle.pointee = retainedHandle(t)
    }
}

@c public func gk_transformer_clone(
    _ ctx: OpaquePointer?, _ t: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let outHandle = try required(out, "out")
        let original = try required(borrow(t, as: Transformer.self), "t")
        outHandle.pointee = retainedHandle(try original.clone())
    }
}

@c public func gk_transformer_transform(
    _ ctx: OpaquePointer?, _ t: OpaquePointer?, _ direction: CInt,
    _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?, _ z: UnsafeMutablePointer<Double>?,
    _ count: UInt, _ strideBytes: Int, _ outFailed: UnsafeMutablePointer<UInt>?
) -> CInt {
    withContext(ctx) { () throws(GeoKernelError) in
        let transformer = try required(borrow(t, as: Transformer.self), "t")
        let dir = try Transformer.Direction(cValue: direction)
        try checkedStride(strideBytes)
        let n = try checkedCount(count, strideBytes: strideBytes)
        let failed = try transformer.transform(
            x: try required(x, "x"), y: try required(y, "y"), z: z, count: n,
            strideBytes: strideBytes, direction: dir)
        outFailed?.pointee = UInt(failed)
    }
}

@c public func gk_transformer_destroy(_ t: OpaquePointer?) {
    releaseHandle(t, as: Transformer.self)
}
