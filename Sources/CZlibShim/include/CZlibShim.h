#ifndef CZLIBSHIM_H
#define CZLIBSHIM_H
// CZlibShim: the only code that includes <zlib.h>. Swift sees these CZlibShim_*
// functions, never zlib's types. (Filled in with the OSM reader.)
#endif
