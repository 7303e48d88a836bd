#!/usr/bin/env bash
# Builds everything, tests included, in debug, and fails on any compiler warning in this
# repository's own sources.
#
# The build uses its own scratch directory (.build/checked by default) and passes
# `-warnings-as-errors`, so a file with a warning never compiles "successfully" and
# cannot hide behind an incremental build that does not recompile it. The log is then
# also scanned for `warning:` lines about Sources/, Tests/ or Package.swift (SwiftPM's
# own package warnings included), which `-warnings-as-errors` does not cover.
#
#   scripts/build-tests-checked.sh [scratch-path]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${1:-"$root/.build/checked"}
cd "$root"

log=$(mktemp "${TMPDIR:-/tmp}/devicetrust-build.XXXXXX")
trap 'rm -f "$log"' EXIT

status=0
swift build --build-tests --scratch-path "$scratch" -Xswiftc -warnings-as-errors 2>&1 | tee "$log" || status=$?

# Compiler diagnostics carry an absolute or relative path; SwiftPM's package-level ones
# start with "warning: '<package>':".
root_pattern=$(printf '%s' "$root" | sed 's/[][\\.*^$+?(){}|]/\\&/g')
warnings=$(grep -E "^(${root_pattern}/)?(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning: |^(${root_pattern}/)?Package\.swift:[0-9]+(:[0-9]+)?: warning: |^warning: '[^']+': " "$log" | sort -u || true)

if [[ -n "$warnings" ]]; then
    echo >&2
    echo "build-tests-checked.sh: warnings in DeviceTrust's own sources (the policy is zero):" >&2
    echo "$warnings" >&2
    exit 1
fi
if [[ $status -ne 0 ]]; then
    echo >&2
    echo "build-tests-checked.sh: the build failed (status $status)." >&2
    errors=$(grep -E "^[^ ]+:[0-9]+:[0-9]+: error: " "$log" | sort -u || true)
    if [[ -n "$errors" ]]; then
        echo "Compiler errors (with -warnings-as-errors, a warning is one of them, in the compiler's own words):" >&2
        echo "$errors" >&2
    fi
    exit "$status"
fi
