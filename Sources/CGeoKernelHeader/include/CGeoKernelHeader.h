/* The C ABI header, include/geokernel.h, as a Clang module for Swift code that needs its
 * names: the C ABI's Swift side maps every enumeration value by the header's own name
 * (Sources/GeoKernelC/Names.swift) and reads the version from GK_VERSION_*, and the
 * command-line tool prints that version. Nothing here is linked: the declarations of
 * gk_* functions are not called through this module. */
#include "../../../include/geokernel.h"
