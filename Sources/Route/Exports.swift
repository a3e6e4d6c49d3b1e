// A program that imports Route can name the kernel types its API uses (Coordinate, Fix,
// GeoKernelError, …) without importing GeoKernel too.
@_exported import GeoKernel
