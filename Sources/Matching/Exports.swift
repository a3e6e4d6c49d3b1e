// A program that imports Matching can name the kernel types its API uses (Coordinate, Fix,
// RoadGraph, GeoKernelError, …) without importing GeoKernel too.
@_exported import GeoKernel
