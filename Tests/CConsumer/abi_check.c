/* Proves that include/geokernel.h and the Swift exports agree: compiled (syntax only) with
 * clang together with the header SwiftPM generates from the @c functions. A changed
 * parameter or return type gives a "conflicting types" error. Handles are compared as
 * void pointers, which is how Swift emits OpaquePointer. */
#define GK_HANDLES_AS_VOID 1
#include "geokernel.h"
#include "GeoKernelC-Swift.h"
