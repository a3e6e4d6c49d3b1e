// System-library shim: PROJ 9 from Debian's libproj-dev, found through pkg-config.
// Only CProjShim depends on this module; Swift code never sees PROJ's types.
#include <proj.h>
