// OpenStreetMapWriter: OpenStreetMap data the project writes — OSM PBF files
// (`OSMPBFWriter`) and made-up road networks for tests and benchmarks at scale
// (`SyntheticCountry`, `TiledExtract`, `SyntheticGrid`; docs/scale.md). Kept out of
// libgeokernel.so, which reads OpenStreetMap data but never writes it.
// A program that imports it can name the element types and the kernel's without
// importing OpenStreetMap and GeoKernel too.
@_exported import OpenStreetMap
