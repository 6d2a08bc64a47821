# tibench entry points. Everything starts from scripts/setup-deps.sh, so a
# fresh Debian 12 machine (as root) needs nothing installed by hand.
#
#   make run      full benchmark matrix, convergence tables, claims ledger, figures
#   make test     build and run the test suite (what CI runs), incl. the regression gate
#   make figures  figures from results/default.h5 (after make run)
#
# CI=true selects the `ci` preset (warnings are errors).

PRESET ?= $(if $(filter true 1 yes,$(CI)),ci,release)
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
BUILD  := build/$(PRESET)
TIBENCH := $(BUILD)/harness/tibench
RESULTS := results
PYTHON := /usr/bin/python3

.PHONY: all deps build test run figures clean distclean help

all: build

help:
	@sed -n '2,10p' Makefile

# The tests also run mpirun (sharding) and the figures script.
deps:
	@scripts/setup-deps.sh core figures

build: deps
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

# Long studies carry the ctest label `long` and are not part of `make test`.
test: build
	@ctest --preset $(PRESET) -j $(JOBS) -LE long

# From scratch: previous outputs are removed first. Fine-step references are
# reused from results/cache/ only when their key (problem, parameters,
# fingerprint, output times, method, h_ref) matches exactly.
run: build
	@mkdir -p $(RESULTS)
	@rm -f $(RESULTS)/default.h5 $(RESULTS)/claims.h5
	@start=$$(date +%s); \
	set -e; \
	$(TIBENCH) run --matrix harness/matrices/default.toml -o $(RESULTS)/default.h5 \
	    --jobs $(JOBS) --reference-cache $(RESULTS)/cache/references | tee $(RESULTS)/default.log; \
	for fmt in md csv tex; do \
	    $(TIBENCH) converge $(RESULTS)/default.h5 --format $$fmt -o $(RESULTS)/convergence.$$fmt; \
	done; \
	$(TIBENCH) verify -o $(RESULTS)/claims.h5 --report $(RESULTS)/claims.md | tee $(RESULTS)/claims.log; \
	$(PYTHON) scripts/plot.py $(RESULTS)/default.h5 --out $(RESULTS)/figures --tibench $(TIBENCH); \
	end=$$(date +%s); \
	echo; \
	echo "==== tibench make run: summary ===="; \
	grep -E "^(cells:|WARNING|INTERRUPTED)" $(RESULTS)/default.log; \
	tail -n 1 $(RESULTS)/claims.log; \
	echo "runs:        $(RESULTS)/default.h5 (tibench info $(RESULTS)/default.h5; log $(RESULTS)/default.log)"; \
	echo "tables:      $(RESULTS)/convergence.md, $(RESULTS)/convergence.csv, $(RESULTS)/convergence.tex"; \
	echo "claims:      $(RESULTS)/claims.md, $(RESULTS)/claims.h5"; \
	echo "figures:     $(RESULTS)/figures/ ($$(ls $(RESULTS)/figures | wc -l) files)"; \
	echo "references:  $(RESULTS)/cache/references/"; \
	echo "wall time:   $$((end - start)) s"

figures: deps
	$(PYTHON) scripts/plot.py $(RESULTS)/default.h5 --out $(RESULTS)/figures --tibench $(TIBENCH)

clean:
	rm -rf build

distclean: clean
	rm -rf $(RESULTS)/*.h5 $(RESULTS)/cache
