// The only door to microhttpd; imported only by its owning module.
#ifndef DEVICETRUST_CMicroHTTPD_SHIM_H
#define DEVICETRUST_CMicroHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
#endif
