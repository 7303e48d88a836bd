#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ with `swiftc -sanitize=fuzzer,address` and runs
# each for FUZZ_SECONDS (default 600). Fails on the first crash, sanitizer report, leak or
# timeout (an input slower than 10 s), or when a harness's sources are missing.
#
#   scripts/fuzz.sh [harness ...]        harnesses: DERCertificate CBORDecoder KeyDescription
#                                        HTTPRequest RouteJSON SigningPayload MachOFile ZipArchive
#   FUZZ_SECONDS=120 scripts/fuzz.sh DERCertificate
#   FUZZ_BUILD_ONLY=1 scripts/fuzz.sh    build, do not run
#
# Products and the growing corpora live in .build/fuzz/ (never committed); the seeds in
# Fuzz/<harness>/corpus/ are only read. A crashing input is written to
# .build/fuzz/artifacts/<harness>/ and its path printed; replay it with
# `.build/fuzz/bin/<harness> <file>`. FUZZ_STRICT=1 makes RouteJSON also check what a
# known, tolerated issue breaks (see Fuzz/README.md).
#
# The checks of HTTPRequest, RouteJSON and SigningPayload live in the test targets
# (Tests/MicroHTTPTests/*FuzzChecks.swift, Tests/DeviceBindingTests/*FuzzChecks.swift) and
# are compiled into the harness here, so the corpus replay tests run the very same checks.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

seconds=${FUZZ_SECONDS:-600}
build=${FUZZ_BUILD_DIR:-"$root/.build/fuzz"}
harnesses=("$@")
if [[ ${#harnesses[@]} -eq 0 ]]; then
    harnesses=(DERCertificate CBORDecoder KeyDescription HTTPRequest RouteJSON SigningPayload MachOFile ZipArchive)
fi

# Coverage instrumentation and ASan for every module, libFuzzer's main at the link of each
# harness. lld avoids gold's noise about ASan's local symbols. -O keeps Swift's overflow
# and bounds checks, which libFuzzer reports as crashes ("deadly signal").
flags=(-O -g -parse-as-library -sanitize=fuzzer,address -use-ld=lld -swift-version 6
       -enable-upcoming-feature ExistentialAny -warnings-as-errors)
modules="$build/modules"
mkdir -p "$modules" "$build/bin"

sources_of() { find "$1" -name '*.swift' | sort; }

# A library module: .swiftmodule for `import`, a static archive for the link.
build_module() {
    local name=$1; shift
    echo "fuzz.sh: building module $name"
    # shellcheck disable=SC2046
    swiftc "${flags[@]}" -module-name "$name" -I "$modules" \
        -emit-module -emit-module-path "$modules/$name.swiftmodule" \
        -emit-library -static -o "$modules/lib$name.a" "$@"
}

# A harness executable: its own files plus, compiled into the same module, the sources
# under test that are internal to their module (CBOR, KeyDescription).
build_harness() {
    local name=$1; shift
    echo "fuzz.sh: building harness $name"
    swiftc "${flags[@]}" -module-name "${name}Fuzz" -I "$modules" -L "$modules" "$@" -o "$build/bin/$name"
}

require_sources() {
    local harness=$1 folder=$2
    if [[ -z $(find "$folder" -name '*.swift' 2>/dev/null | head -1) ]]; then
        echo "fuzz.sh: $harness needs the Swift sources in $folder, which do not exist yet" >&2
        exit 2
    fi
}

built_asn1der=0
need_asn1der() {
    if [[ $built_asn1der -eq 0 ]]; then
        build_module ASN1DER $(sources_of Sources/ASN1DER)
        built_asn1der=1
    fi
}

built_codederrors=0
need_codederrors() {
    if [[ $built_codederrors -eq 0 ]]; then
        build_module CodedErrors $(sources_of Sources/CodedErrors)
        built_codederrors=1
    fi
}

# DeviceBinding over CodedErrors and DeviceTrustCrypto, whose OpenSSL/ files import the
# COpenSSL system module: its module map is found with -I Sources/COpenSSL, libcrypto
# linked at the end.
openssl_include=(-I Sources/COpenSSL)
built_devicebinding=0
need_devicebinding() {
    if [[ $built_devicebinding -eq 0 ]]; then
        require_sources "$1" Sources/DeviceBinding
        need_codederrors
        build_module DeviceTrustCrypto "${openssl_include[@]}" $(sources_of Sources/DeviceTrustCrypto)
        build_module DeviceBinding "${openssl_include[@]}" $(sources_of Sources/DeviceBinding)
        built_devicebinding=1
    fi
}

build() {
    case $1 in
    DERCertificate)
        need_asn1der
        need_codederrors
        # The pure-Swift parser only: without COpenSSL on the include path, the
        # OpenSSL/ files compile to nothing (`#if canImport(COpenSSL)`).
        build_module X509Certificates $(find Sources/X509Certificates -maxdepth 1 -name '*.swift' | sort)
        build_harness DERCertificate Fuzz/DERCertificate/*.swift \
            -lASN1DER -lCodedErrors -lX509Certificates
        ;;
    CBORDecoder)
        require_sources CBORDecoder Sources/Attestation/CBOR
        build_harness CBORDecoder Fuzz/CBORDecoder/*.swift $(sources_of Sources/Attestation/CBOR)
        ;;
    KeyDescription)
        require_sources KeyDescription Sources/Attestation/AndroidKeyAttestation/KeyDescription
        need_asn1der
        build_harness KeyDescription Fuzz/KeyDescription/*.swift \
            $(sources_of Sources/Attestation/AndroidKeyAttestation/KeyDescription) -lASN1DER
        ;;
    HTTPRequest)
        require_sources HTTPRequest Sources/MicroHTTP
        # The pure-Swift files only: not MHD/ (libmicrohttpd) and not HTTPServer.swift, which
        # drives MHD/'s daemon. -enable-testing: the checks reach RequestAssembly (internal).
        build_module MicroHTTP -enable-testing \
            $(find Sources/MicroHTTP -maxdepth 1 -name '*.swift' ! -name HTTPServer.swift | sort)
        build_harness HTTPRequest Fuzz/HTTPRequest/*.swift Tests/MicroHTTPTests/HTTPRequestFuzzChecks.swift -lMicroHTTP
        ;;
    RouteJSON | SigningPayload)
        need_devicebinding "$1"
        build_harness "$1" Fuzz/"$1"/*.swift Tests/DeviceBindingTests/"$1"FuzzChecks.swift \
            "${openssl_include[@]}" -lDeviceBinding -lCodedErrors -lDeviceTrustCrypto -lcrypto
        ;;
    MachOFile | ZipArchive)
        # AppBundle's readers compiled into the harness (the checks reach both), libzip
        # through the CLibZip module map.
        require_sources "$1" Sources/AppBundle/MachO
        build_harness "$1" Fuzz/"$1"/*.swift Tests/AuditorTests/AppBundleFuzzChecks.swift Sources/AppBundle/AppBundleError.swift \
            $(sources_of Sources/AppBundle/MachO) $(sources_of Sources/AppBundle/Zip) -I Sources/CLibZip -lzip
        ;;
    *)
        echo "fuzz.sh: unknown harness $1 (DERCertificate, CBORDecoder, KeyDescription, HTTPRequest, RouteJSON, SigningPayload, MachOFile, ZipArchive)" >&2
        exit 2
        ;;
    esac
}

# Inputs larger than any real one: a certificate is under 2 KiB, an App Attest object
# under 6 KiB, a KeyDescription under 2 KiB, a request head with its JSON body under
# 4 KiB (longer bodies are simulated by HTTPRequest's extra chunks), a route's JSON body
# under 8 KiB; a signing payload is at most 4 KiB, so 5000 reaches the size limit.
max_len() {
    case $1 in
    DERCertificate) echo 4096 ;;
    CBORDecoder) echo 8192 ;;
    KeyDescription) echo 4096 ;;
    HTTPRequest) echo 4096 ;;
    RouteJSON) echo 8192 ;;
    SigningPayload) echo 5000 ;;
    MachOFile) echo 65536 ;;
    ZipArchive) echo 65536 ;;
    esac
}

run() {
    local name=$1
    local corpus="$build/corpus/$name" artifacts="$build/artifacts/$name/"
    mkdir -p "$corpus" "$artifacts"
    echo "fuzz.sh: running $name for $seconds s (corpus $corpus, seeds Fuzz/$name/corpus)"
    # libFuzzer exits non-zero on a crash, a sanitizer report, a leak or a timeout.
    # Fuzz/lsan.supp: what Swift's one-time global initialisers allocate is not a leak.
    # SWIFT_BACKTRACE=enable=no leaves crashes to libFuzzer's handler (the Swift backtracer
    # would print first and then trip AddressSanitizer reading memory).
    local status
    set +e
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
        LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Fuzz/lsan.supp} \
        SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no} \
        "$build/bin/$name" "$corpus" "Fuzz/$name/corpus" \
        -max_total_time="$seconds" -timeout=10 -max_len="$(max_len "$name")" \
        -artifact_prefix="$artifacts" -print_final_stats=1 \
        2>&1 | tee "$build/$name.log" \
        | grep --line-buffered -E '^(#[0-9]+.*(pulse|DONE|INITED)|==[0-9]+==|stat::|SUMMARY|Test unit written|INFO: seed corpus)'
    status=${PIPESTATUS[0]}
    set -e
    if [[ $status -ne 0 ]]; then
        echo "fuzz.sh: $name FAILED (exit $status); log: $build/$name.log; inputs: $artifacts" >&2
        tail -40 "$build/$name.log" >&2
        exit 1
    fi
    echo "fuzz.sh: $name passed $seconds s with no crash and no timeout"
}

for harness in "${harnesses[@]}"; do build "$harness"; done
if [[ -n ${FUZZ_BUILD_ONLY:-} ]]; then exit 0; fi
for harness in "${harnesses[@]}"; do run "$harness"; done
