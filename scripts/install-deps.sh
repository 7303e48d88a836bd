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
# The package lists live here and nowhere else. Add to them as modules arrive.
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
    libpq-dev          # the PostgreSQL client library (CLibPQ, `pkg-config libpq`)
    libzip-dev         # .ipa archives read by the auditor (CLibZip, `pkg-config libzip`)
    postgresql-15      # the server for the tests' throwaway cluster (scripts/postgres-test-cluster.sh;
                       # binaries in /usr/lib/postgresql/15/bin; brings psql)
    curl               # the README's requests to the server, which Tests/ReadmeTests runs
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

# `make test` runs Schemathesis 4 against the server (scripts/schemathesis.sh), also from PyPI.
if ! python3 -c 'import importlib.metadata as m, sys; sys.exit(m.version("schemathesis").split(".")[0] != "4")' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check 'schemathesis>=4,<5'
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

# Installing postgresql-15 creates a default cluster (port 5432) and would start it, and
# other packages may start services too: nothing here uses them. While installing,
# /usr/sbin/policy-rc.d answers 101 ("action forbidden"), so invoke-rc.d starts nothing
# and no running service or busy port can fail the installation; afterwards the
# machine's own policy-rc.d (Docker images ship one) or none is back.
policy=/usr/sbin/policy-rc.d
policy_backup=
restore_policy() {
    if [[ -n "$policy_backup" ]]; then
        "${as_root[@]}" mv -f "$policy_backup" "$policy"
    else
        "${as_root[@]}" rm -f "$policy"
    fi
}
if "${as_root[@]}" test -e "$policy"; then
    policy_backup=$("${as_root[@]}" mktemp "$policy.devicetrust.XXXXXX")
    "${as_root[@]}" cp -p "$policy" "$policy_backup"
fi
trap restore_policy EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
printf '#!/bin/sh\n# Written by DeviceTrust scripts/install-deps.sh while installing.\nexit 101\n' \
    | "${as_root[@]}" tee "$policy.devicetrust-new" >/dev/null
"${as_root[@]}" chmod 0755 "$policy.devicetrust-new"
"${as_root[@]}" mv -f "$policy.devicetrust-new" "$policy"

echo "install-deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
