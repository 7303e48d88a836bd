// The only door to libpq; imported only by its owning module (TrustStorePostgres, LibPQ/ folder).
#ifndef DEVICETRUST_CLibPQ_SHIM_H
#define DEVICETRUST_CLibPQ_SHIM_H
#include <libpq-fe.h>

// PG_DIAG_* are character macros in postgres_ext.h; Swift imports them, but name them
// here once so the Swift side reads as the documentation does.
static const int devicetrust_PG_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int devicetrust_PG_DIAG_CONSTRAINT_NAME = PG_DIAG_CONSTRAINT_NAME;
#endif
