#!/usr/bin/env bash
# Installs the Debian packages DeviceTrust needs to build, test and benchmark.
#
# Idempotent and non-interactive: when every package is already installed it does
# nothing (no `apt-get update`); otherwise it runs `apt-get update` once and installs
# only the missing ones. Runs as root, or through sudo when that is available.
#
#   scripts/install-deps.sh            build + test + benchmark packages
#   scripts/install-deps.sh valgrind   the same plus the `make valgrind` packages
#
# The package lists live here and nowhere else. Add to them as modules arrive
# (libsqlite3-dev, libmicrohttpd-dev, libpq-dev, postgresql, ...).
set -euo pipefail

# Needed by `make run` and `make test`.
BUILD_PACKAGES=(
    libssl-dev   # OpenSSL 3 headers and libcrypto, for the COpenSSL system library
    openssl      # the CLI: interop tests and `openssl speed` in the benchmark
    pkg-config   # SwiftPM finds libssl-dev through `pkg-config openssl`
    util-linux   # taskset, to pin `openssl speed` to one core
    make         # the Makefile is the entry point for developers and CI
    libsqlite3-dev     # the server's embedded store (CSQLite)
    libmicrohttpd-dev  # the server's HTTP layer (CMicroHTTPD)
    libsodium-dev      # Argon2id for server-side PINs (CSodium)
)

# Needed only by `make valgrind`.
VALGRIND_PACKAGES=(
    valgrind
)

wanted=("${BUILD_PACKAGES[@]}")
for group in "$@"; do
    case "$group" in
        valgrind) wanted+=("${VALGRIND_PACKAGES[@]}") ;;
        *) echo "install-deps.sh: unknown group '$group' (known: valgrind)" >&2; exit 2 ;;
    esac
done

# The SARIF report test validates against the official schema with Python's jsonschema
# (PyPI); CPython and pip come with the machine.
if ! python3 -c 'import jsonschema' 2>/dev/null; then
    python3 -m pip install --quiet jsonschema
fi

missing=()
for package in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
    if [[ "$status" != "installed" ]]; then
        missing+=("$package")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi

as_root=()
if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
        as_root=(sudo -n)
    else
        echo "install-deps.sh: missing packages (${missing[*]}) and not root; install them and retry" >&2
        exit 1
    fi
fi

echo "install-deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
