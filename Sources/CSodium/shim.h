// The only door to sodium; imported only by its owning module.
#ifndef DEVICETRUST_CSodium_SHIM_H
#define DEVICETRUST_CSodium_SHIM_H
#include <sodium.h>
#endif
