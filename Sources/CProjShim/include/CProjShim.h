#ifndef CPROJSHIM_H
#define CPROJSHIM_H
// CProjShim: the only code that includes <proj.h>. Swift sees these CProjShim_* functions
// and opaque pointers, never PROJ's own types. (Geodesics are native Swift: Geodesic.swift.)
#include "CProjShim_projection.h"
#endif
