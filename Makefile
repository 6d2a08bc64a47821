# tibench entry points. Everything starts from scripts/setup-deps.sh, so a
# fresh Debian 12 machine (as root) needs nothing installed by hand.
#
#   make run    full benchmark matrix, convergence tables, claims ledger
#   make test   build and run the test suite (what CI runs)
#
# CI=true selects the `ci` preset (warnings are errors).

PRESET ?= $(if $(filter true 1 yes,$(CI)),ci,release)
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
BUILD  := build/$(PRESET)
TIBENCH := $(BUILD)/harness/tibench
RESULTS := results

.PHONY: all deps build test run clean distclean help

all: build

help:
	@sed -n '2,9p' Makefile

deps:
	@scripts/setup-deps.sh core

build: deps
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

# Long studies carry the ctest label `long` and are not part of `make test`.
test: build
	@ctest --preset $(PRESET) -j $(JOBS) -LE long

run: build
	@mkdir -p $(RESULTS)
	$(TIBENCH) run --matrix harness/matrices/default.toml -o $(RESULTS)/default.h5
	$(TIBENCH) converge $(RESULTS)/default.h5 --format md -o $(RESULTS)/convergence.md
	@cat $(RESULTS)/convergence.md
	$(TIBENCH) verify -o $(RESULTS)/claims.h5 --report $(RESULTS)/claims.md
	@echo "tibench: wrote $(RESULTS)/default.h5 $(RESULTS)/convergence.md $(RESULTS)/claims.h5 $(RESULTS)/claims.md"

clean:
	rm -rf build

distclean: clean
	rm -f $(RESULTS)/*.h5
