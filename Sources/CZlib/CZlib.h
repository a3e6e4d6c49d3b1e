// System-library shim: zlib from Debian's zlib1g-dev, found through pkg-config.
// Only CZlibShim depends on this module; Swift code never sees zlib's types.
#include <zlib.h>
