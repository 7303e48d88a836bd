// The only door to sqlite3; imported only by its owning module.
#ifndef DEVICETRUST_CSQLite_SHIM_H
#define DEVICETRUST_CSQLite_SHIM_H
#include <sqlite3.h>
#endif
