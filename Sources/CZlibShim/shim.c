#include "CZlibShim.h"
