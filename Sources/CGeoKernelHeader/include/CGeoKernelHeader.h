// The public header, imported by the Swift side of the C ABI so that it uses the
// header's own names for constants (GK_ERR_*, GK_GEOFENCE_OPT_*, …) and struct layouts
// instead of repeating their numbers.
#include "../../../include/geokernel.h"
