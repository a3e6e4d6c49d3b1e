#ifndef CPROJSHIM_H
#define CPROJSHIM_H
// CProjShim: the only code that includes <proj.h> and <geodesic.h>. Swift sees these
// CProjShim_* functions and opaque pointers, never PROJ's own types.
#include "CProjShim_geodesic.h"
#include "CProjShim_projection.h"
#endif
