// The only door to libzip; imported only by AppBundle's `Zip/` folder and the test-support
// zip writer.
#ifndef DEVICETRUST_CLIBZIP_SHIM_H
#define DEVICETRUST_CLIBZIP_SHIM_H
#include <zip.h>
#endif
