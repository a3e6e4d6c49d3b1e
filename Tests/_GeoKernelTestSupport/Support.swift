import GeoKernel
