#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
// zlib (apt: zlib1g-dev) for the sandbox's PNG encoder and decoder.
#include <zlib.h>
#endif
