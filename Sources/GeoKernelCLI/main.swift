print("geokernel")
