// The only door to OpenSSL 3 (libcrypto and libssl). Only files under a module's
// `OpenSSL/` folder import this module, with `internal import COpenSSL`.
#ifndef DEVICETRUST_COPENSSL_SHIM_H
#define DEVICETRUST_COPENSSL_SHIM_H

#include <openssl/bn.h>
#include <openssl/cms.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/obj_mac.h>
#include <openssl/params.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>


// Selection masks built from other macros are not imported into Swift; expose them.
static inline int devicetrust_EVP_PKEY_KEYPAIR(void) { return EVP_PKEY_KEYPAIR; }
static inline int devicetrust_EVP_PKEY_PUBLIC_KEY(void) { return EVP_PKEY_PUBLIC_KEY; }

#endif
