// Header-only module: see include/CGeoKernelHeader.h.
