// Made-up data with a known truth (a day of fixes, traces along routes), for tests, demos
// and benchmarks. Not linked into libgeokernel.so. A program that imports Simulation can
// name the types its API uses (Coordinate, Fix, RoadPath, MotionActivity, …) without
// importing GeoKernel and Timeline too.
@_exported import GeoKernel
@_exported import Timeline
