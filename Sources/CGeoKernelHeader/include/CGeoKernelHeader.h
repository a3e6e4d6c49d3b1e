/* The C ABI header, include/geokernel.h, as a Clang module for Swift code that needs its
 * constants: the command-line tool reads GK_VERSION_MAJOR, _MINOR and _PATCH from here,
 * so the version it prints is the one the header declares (its single source). Nothing
 * here is linked: the declarations of gk_* functions are not called through this module. */
#include "../../../include/geokernel.h"
