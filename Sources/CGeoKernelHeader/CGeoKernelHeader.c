/* No code: the target exists for its header (see include/CGeoKernelHeader.h). */
#include "CGeoKernelHeader.h"
