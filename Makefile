# DeviceTrust: the commands a developer and CI use. See README.md ("Set-up", "Contributing").
#
#   make run         install what is missing, then start the server on its embedded SQLite default
#   make test        install what is missing, check the formatting (.swift-format), build with
#                    zero warnings, run every test against a throwaway PostgreSQL cluster
#                    (scripts/postgres-test-cluster.sh), then compile and run the Apple-only
#                    files against the declared Apple surface (scripts/apple-surface-check.sh)
#                    and Schemathesis against a running server and docs/openapi.yaml
#                    (scripts/schemathesis.sh); neither with FILTER
#   make format      format every Swift file in place with the toolchain's swift-format
#   make valgrind    the crypto tests under valgrind's memcheck (leaks, invalid accesses)
#   make bench       the crypto benchmark next to `openssl speed` (release build); the
#                    server load and App Attest benchmarks: `make bench ARGS=server`,
#                    `make bench ARGS=attestation`
#   make bench-audit `devicetrust audit` next to mobsfscan on the same tree (pip-installs mobsfscan)
#   make bench-audit-ipa `devicetrust audit` on a generated 50 MB .ipa (release build)
#   make fuzz        build the libFuzzer harnesses in Fuzz/ and run each for FUZZ_SECONDS; fails on a crash or timeout
#   make clean       remove build products
#
# Variables: ARGS (flags for `devicetrust serve` or the benchmark, e.g.
# `make run ARGS="--port 9090"`, `make bench ARGS=--quick`), FILTER (a test
# filter, e.g. `make test FILTER=APISHA2Tests`; the tests get the cluster's URL in
# DEVICETRUST_TEST_POSTGRES_URL), FUZZ_SECONDS (per harness, default 600)
# and FUZZ_TARGETS (some of DERCertificate CBORDecoder KeyDescription HTTPRequest RouteJSON
# SigningPayload MachOFile ZipArchive; default all), e.g.
# `make fuzz FUZZ_SECONDS=120 FUZZ_TARGETS=CBORDecoder`.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
# `make test` and `make valgrind` build here, with -warnings-as-errors, apart from the
# plain `swift build` products in .build/debug (see scripts/build-tests-checked.sh).
CHECKED_BUILD := .build/checked
CHECKED_FLAGS := --scratch-path $(CHECKED_BUILD) -Xswiftc -warnings-as-errors
# Test targets whose tests `make valgrind` runs, and the tests it leaves out: those that
# start other programs, which Foundation's Process cannot do under valgrind 3.19.
VALGRIND_TEST_TARGETS := DeviceTrustCryptoTests
VALGRIND_SKIP := OpenSSLInteropTests
# `make test`'s throwaway PostgreSQL cluster: fresh for every run, stopped after it (its
# data and log stay here until the next run; as root, when the OS user postgres cannot
# reach this folder, they live under /tmp and this folder links to them).
POSTGRES_TEST_CLUSTER := .build/postgres-test
# Where scripts/apple-surface-check.sh builds Tests/AppleSurface (a package of its own).
APPLE_SURFACE_BUILD := .build/apple-surface

ARGS ?=
FILTER ?=
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?=

# The Swift files `make format` formats and `make test` checks (.swift-format: 160 columns):
# all but the auditor's fixture apps, whose code and line numbers are what the tests expect.
# Regular files only: Tests/AppleSurface links to files of Sources/ and Tests/ (formatted once,
# where they live).
FORMATTED = $(shell find Sources Tests Fuzz -type f -name '*.swift' -not -path '*/Fixtures/*' | sort) Package.swift

.PHONY: help deps deps-valgrind run bench bench-audit bench-audit-ipa test format format-check valgrind fuzz clean

help:
	@sed -n 's/^#   //p' $(firstword $(MAKEFILE_LIST))

deps:
	@bash scripts/install-deps.sh

deps-valgrind:
	@bash scripts/install-deps.sh valgrind

# The project's main job: `devicetrust serve` with ./devicetrust-data and SQLite.
run: deps
	$(SWIFT) run -c release devicetrust serve $(ARGS)

bench: deps
	$(SWIFT) run -c release devicetrust-benchmark $(ARGS)

bench-audit: deps
	bash scripts/audit-benchmark.sh $(ARGS)

bench-audit-ipa: deps
	bash scripts/audit-ipa-benchmark.sh $(ARGS)

test: deps format-check
	bash scripts/build-tests-checked.sh $(CHECKED_BUILD)
	DEVICETRUST_REQUIRE_POSTGRES=1 bash scripts/postgres-test-cluster.sh run $(POSTGRES_TEST_CLUSTER) -- \
		$(SWIFT) test --parallel $(CHECKED_FLAGS) $(if $(FILTER),--filter '$(FILTER)')
	$(if $(FILTER),,bash scripts/apple-surface-check.sh $(APPLE_SURFACE_BUILD))
	$(if $(FILTER),@echo "schemathesis: skipped (FILTER is set)",bash scripts/schemathesis.sh $(CHECKED_BUILD)/debug/devicetrust)

format:
	@echo "swift format: $(words $(FORMATTED)) files"
	@$(SWIFT) format format --in-place --parallel $(FORMATTED)

# Fails, naming each place, when a Swift file is not formatted as `make format` leaves it.
format-check:
	@echo "swift format lint --strict: $(words $(FORMATTED)) files (.swift-format)"
	@$(SWIFT) format lint --strict --parallel $(FORMATTED)

valgrind: deps-valgrind
	bash scripts/build-tests-checked.sh $(CHECKED_BUILD)
	bash scripts/valgrind-tests.sh --skip '$(VALGRIND_SKIP)' $(CHECKED_BUILD) $(VALGRIND_TEST_TARGETS)

# libFuzzer via `swiftc -sanitize=fuzzer,address`; see Fuzz/README.md. Crashing inputs
# land in .build/fuzz/artifacts/.
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh $(FUZZ_TARGETS)

clean:
	$(SWIFT) package clean
	rm -rf $(CHECKED_BUILD) $(APPLE_SURFACE_BUILD)
