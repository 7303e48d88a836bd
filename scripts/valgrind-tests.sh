#!/usr/bin/env bash
# Runs test targets' tests under valgrind's memcheck and fails on any definite leak or
# invalid memory access. Used by `make valgrind`, after scripts/build-tests-checked.sh.
#
#   scripts/valgrind-tests.sh [--skip REGEX] SCRATCH_PATH TEST_TARGET...
#   scripts/valgrind-tests.sh --skip OpenSSLInteropTests .build/checked DeviceTrustCryptoTests
#
# --skip leaves out tests whose identifier (Target.Type/method) matches REGEX. Tests that
# start other programs must be skipped: Foundation's Process cannot spawn under
# valgrind 3.19 (it fails with EBADF, "Bad file descriptor").
#
# How the test bundle is run. On Linux, .build/debug/<Package>PackageTests.xctest is an
# ordinary executable: with no arguments it runs the XCTest tests; with
# `--testing-library swift-testing` it runs the Swift Testing tests (this is what
# `swift test` does, once for each library). Both passes run here, each restricted to
# the tests of TEST_TARGET...
#
# What is checked, and what is not:
#   - leaks: `--leak-check=full`; a "definitely lost" block fails the run. "Possibly
#     lost" does not: the Swift runtime keeps its metadata caches behind interior
#     pointers, which memcheck reports as possible leaks in every Swift program.
#   - invalid reads, writes and frees: any one fails the run.
#   - uninitialised values: not checked (`--undef-value-errors=no`). The Swift runtime
#     allocates generic type metadata with fields it fills in later, and memcheck then
#     reports "uninitialised value" at every use site in generic code, ours included,
#     so the reports cannot be suppressed selectively.
#   - scripts/valgrind.supp lists the remaining Swift runtime false positives.
#   - scripts/valgrind-sigsuspend-shim.c works around a valgrind 3.19 crash at
#     sigsuspend in every Swift program with an async entry point (Swift Testing's).
set -euo pipefail

skip=
if [[ ${1:-} == --skip ]]; then
    skip=${2:?--skip needs a regular expression}
    shift 2
fi
if [[ $# -lt 2 ]]; then
    echo "usage: $0 [--skip REGEX] SCRATCH_PATH TEST_TARGET..." >&2
    exit 2
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=$1
shift
targets=("$@")
cd "$root"

bin_path=$(swift build --scratch-path "$scratch" --show-bin-path)
bundle=$(find "$bin_path" -maxdepth 1 -name '*PackageTests.xctest' -type f -perm -u+x | head -n 1)
if [[ -z "$bundle" ]]; then
    echo "valgrind-tests.sh: no *PackageTests.xctest in $bin_path; build the tests first (make valgrind does)" >&2
    exit 1
fi

# The sigsuspend shim, built with the C compiler that ships next to `swift`.
swift_bin=$(dirname "$(readlink -f "$(command -v swift)")")
cc=$swift_bin/clang
[[ -x "$cc" ]] || cc=cc
shim=$scratch/valgrind/sigsuspend-shim.so
mkdir -p "$(dirname "$shim")"
if [[ ! -f "$shim" || scripts/valgrind-sigsuspend-shim.c -nt "$shim" ]]; then
    "$cc" -shared -fPIC -O2 -Wall -Werror -o "$shim" scripts/valgrind-sigsuspend-shim.c
fi
shim=$(readlink -f "$shim")

logs=$scratch/valgrind
valgrind_options=(
    --tool=memcheck
    --leak-check=full
    --show-leak-kinds=definite
    --errors-for-leak-kinds=definite
    --undef-value-errors=no
    --error-exitcode=1
    --num-callers=40
    --suppressions="$root/scripts/valgrind.supp"
)

failed=0

# run_under_valgrind NAME ARGS...: runs the bundle with ARGS under valgrind, then
# checks the log rather than trusting the exit status alone.
run_under_valgrind() {
    local name=$1
    shift
    local log=$logs/$name.log
    echo "==> valgrind: $name (log: $log)"
    local status=0
    LD_PRELOAD="$shim${LD_PRELOAD:+:$LD_PRELOAD}" \
        valgrind "${valgrind_options[@]}" --log-file="$log" "$bundle" "$@" || status=$?
    grep -E "definitely lost:|indirectly lost:|possibly lost:|suppressed:|ERROR SUMMARY:|All heap blocks were freed" "$log" \
        | sed -E 's/^==[0-9]+== +/    /'
    if ! grep -qE "definitely lost: 0 bytes|All heap blocks were freed" "$log"; then
        echo "valgrind-tests.sh: $name: memory was definitely lost; see $log. First report:" >&2
        sed -n '/are definitely lost in loss record/,/^==[0-9]*== $/p' "$log" | head -n 30 >&2
        failed=1
    fi
    if ! grep -qE "ERROR SUMMARY: 0 errors" "$log"; then
        echo "valgrind-tests.sh: $name: memcheck reported errors; see $log" >&2
        failed=1
    fi
    if [[ $status -ne 0 ]]; then
        echo "valgrind-tests.sh: $name: exited with status $status (a test failed, or memcheck found errors)" >&2
        failed=1
    fi
}

# Swift Testing: test identifiers start with the target (module) name.
target_pattern=$(IFS='|'; echo "${targets[*]}")
swift_testing_arguments=(--testing-library swift-testing --filter "^($target_pattern)\\.")
[[ -z "$skip" ]] || swift_testing_arguments+=(--skip "$skip")
run_under_valgrind swift-testing "${swift_testing_arguments[@]}"

# XCTest: the runner takes exact Module.Class names, so list them and pick ours.
xctest_classes=$("$bundle" --list-tests 2>/dev/null | grep -E "^($target_pattern)\\.[^/]+/" \
    | { if [[ -n "$skip" ]]; then grep -Ev -- "$skip"; else cat; fi; } \
    | cut -d/ -f1 | sort -u | paste -sd, - || true)
if [[ -n "$xctest_classes" ]]; then
    run_under_valgrind xctest "$xctest_classes"
else
    echo "==> valgrind: xctest: no XCTest tests in ${targets[*]}; skipped"
fi

if [[ $failed -ne 0 ]]; then
    echo "valgrind-tests.sh: FAILED" >&2
    exit 1
fi
echo "valgrind-tests.sh: no definite leaks and no memory errors in ${targets[*]}"
