#!/usr/bin/env bash
# Compiles the Apple-only files (`#if canImport(Security)` and friends) against the declared
# Apple surface in Tests/AppleSurface, with zero warnings, and runs that package's tests: the
# surface's own tests and the Keychain scenarios through `SystemKeychainBackend`.
#
# Tests/AppleSurface is a package of its own (its own build folder), so its `Security`,
# `LocalAuthentication`, `DeviceCheck` and `CryptoKit` never reach the root package's build;
# see README.md, "Apple-only code on Linux".
#
#   scripts/apple-surface-check.sh [scratch-path]     (default .build/apple-surface)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=${1:-"$root/.build/apple-surface"}
cd "$root"

log=$(mktemp "${TMPDIR:-/tmp}/devicetrust-apple-surface.XXXXXX")
trap 'rm -f "$log"' EXIT

echo "== Apple surface: building Tests/AppleSurface (-warnings-as-errors)"
status=0
swift build --build-tests --package-path Tests/AppleSurface --scratch-path "$scratch" -Xswiftc -warnings-as-errors 2>&1 | tee "$log" || status=$?
# SwiftPM's own warnings about the package (an unhandled file, a missing exclude).
if grep -E "^warning: '[^']+': " "$log"; then
    echo "apple-surface-check: SwiftPM warns about Tests/AppleSurface (above); fix the package" >&2
    exit 1
fi
if [[ $status -ne 0 ]]; then
    echo "apple-surface-check: Tests/AppleSurface does not build (above): an Apple-only file or the surface is wrong" >&2
    exit "$status"
fi

echo "== Apple surface: running its tests"
swift test --package-path Tests/AppleSurface --scratch-path "$scratch" --skip-build --parallel
