# tibench entry points. Everything starts from scripts/setup-deps.sh, so a
# fresh Debian 12 machine (as root) needs nothing installed by hand.
#
#   make run      full benchmark matrix, convergence tables, claims ledger, figures,
#                 and the HTML report results/report/index.html
#   make test     build and run the test suite (what CI runs), incl. the regression gate
#   make test-long      the long tests (claims families, long studies; label long)
#   make test-report    the HTML report in headless Chromium (also in make test-long)
#   make test-sanitize  a subset of the unit and CLI tests under ASan + UBSan
#   make test-fuzz      libFuzzer targets (clang), FUZZ_SECONDS each (default 60)
#   make test-slurm     opt-in, as root, not in make test: docs/scale-out.md's sbatch
#                       files on a one-node Slurm cluster started here (6.5-8 min)
#   make figures  figures from results/default.h5 (after make run)
#   make docs     docs/integrators.md, problems.md, claims.md from the registries
#   make bench    Google Benchmark suite against Boost.Odeint, an Eigen loop,
#                 PETSc TS and SUNDIALS ARKODE: ratio table + JSON in results/bench/
#   make bench-callgrind  instruction counts per step of fixed workloads
#   make bench-gate       fails when those rise > 3 % above the committed baseline
#   make bench-native     the suite built with -march=native (opt-in; gain vs make bench)
#   make vectorization-report  GCC's report on the force kernels' marked loops
#   make format           rewrite the C++ sources in the style of .clang-format
#   make format-check     fail naming every source that differs from that style (CI)
#
# CI=true selects the `ci` preset (warnings are errors).

PRESET ?= $(if $(filter true 1 yes,$(CI)),ci,release)
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
BUILD  := build/$(PRESET)
TIBENCH := $(BUILD)/cli/tibench
RESULTS := results
PYTHON := /usr/bin/python3

.PHONY: all deps build build-tool format format-check test test-long test-report test-sanitize test-fuzz test-slurm run docs figures bench bench-build bench-native bench-callgrind bench-gate vectorization-report clean distclean help

all: build

help:
	@sed -n '2,/^# CI=true/p' Makefile

# The tests also run mpirun (sharding), the figures script, the Python reader's
# tests and, in Chromium, the HTML report.
deps:
	@scripts/setup-deps.sh core figures python report

build: deps
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS)

# make run needs only the command-line tool, not the test binaries.
build-tool: deps
	@cmake --preset $(PRESET) >/dev/null
	@cmake --build --preset $(PRESET) -j $(JOBS) --target tibench

# Every C++ source, in the style of .clang-format (Google, 100 columns):
# tracked ones and new ones not yet added (untracked, not ignored), so that
# a new file is formatted before its first commit.
CXX_SOURCES = $(shell git ls-files --cached --others --exclude-standard '*.cpp' '*.hpp' '*.h')

format:
	@scripts/setup-deps.sh format
	@clang-format -i $(CXX_SOURCES)

format-check:
	@scripts/setup-deps.sh format
	@bad=$$(for f in $(CXX_SOURCES); do clang-format "$$f" | cmp -s - "$$f" || echo "$$f"; done); \
	if [ -n "$$bad" ]; then \
	    echo "format-check: these sources differ from .clang-format (run make format):"; \
	    echo "$$bad" | sed 's/^/  /'; exit 1; \
	fi; echo "format-check: $(words $(CXX_SOURCES)) sources follow .clang-format"

# Long studies (over 10 s on 2 cores) carry the ctest label `long` and are
# not part of `make test`: make test-long runs them (tests/CMakeLists.txt:
# a gtest suite named Long*, a claims family with a pin `long = true`).
# Both end by printing their slowest tests.
JUNIT = $(CURDIR)/$(BUILD)/ctest-junit.xml

test: build
	@status=0; ctest --preset $(PRESET) -j $(JOBS) -LE '^(long|bench)$$' \
	    --output-junit $(JUNIT) || status=$$?; \
	scripts/slowest-tests.sh $(JUNIT) 10; exit $$status

# The HTML report in headless Chromium (report.browser, about a minute;
# labels long and report): run by .ci/run after make test.
test-report: build
	@ctest --preset $(PRESET) -L '^report$$' --output-on-failure

test-long: build
	@status=0; ctest --preset $(PRESET) -j $(JOBS) -L '^long$$' --output-junit $(JUNIT) \
	    || status=$$?; \
	scripts/slowest-tests.sh $(JUNIT) 10; exit $$status

# ASan + UBSan (docs/reliability.md, "Sanitizers"): the gtest executables of
# every part but the claims (not the report, regression gate or long tests),
# and of the parameterized registry sweeps one
# instance per problem or integrator family (SANITIZE_TESTS): the other
# instances run the same code with other numbers, several times slower
# under ASan than in the release build.
SANITIZE_TESTS ?= ^[A-Za-z0-9]+\.|/(oscillator|spring_chain|beam|tet_rayleigh|bar1d|barrier_ipc|ball_drop|box_slide|particle_drop|sdirk2|ros3p|rk4|beam_jacobian_reuse|ball_drop_linear_solver_cholmod|ball_drop_linear_solver_supernodal)$$
# Left out: the observed-order ladders (long studies over code the subset
# already covers); the claims and long tests are left out by label.
SANITIZE_EXCLUDE ?= /ObservedOrder\.

test-sanitize: deps
	@cmake --preset sanitize >/dev/null
	@cmake --build --preset sanitize -j $(JOBS)
	@ctest --preset sanitize -j $(JOBS) -LE '^(long|bench|report|regression|claims)$$' \
	    -R '$(SANITIZE_TESTS)' -E '$(SANITIZE_EXCLUDE)'

# libFuzzer (docs/reliability.md, "Fuzzing"): clang build in build/fuzz, each
# target for FUZZ_SECONDS from a seed corpus of the shipped matrices, typical
# command lines (fuzz/corpus/cli) and a small HDF5 file of a tiny run.
FUZZ_SECONDS ?= 60
FUZZ_BUILD := build/fuzz

test-fuzz:
	@scripts/setup-deps.sh core fuzz
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS) --target make_h5_seed fuzz_matrix fuzz_cli fuzz_h5 \
	    fuzz_method_file
	@FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/run-fuzz.sh $(FUZZ_BUILD)

# A real Slurm cluster on this machine (docs/scale-out.md, "A real Slurm
# test"): munged, slurmctld and slurmd on localhost from a temporary directory;
# the sbatch files of scripts/slurm/ (shown verbatim in the doc) submitted as a
# job array and as an `srun -n 2` job; both merged shard sets compared with an
# unsharded run of the matrix. Stops its daemons on any exit. As root.
test-slurm: build-tool
	@scripts/setup-deps.sh slurm figures
	@scripts/test-slurm.sh $(TIBENCH)

# The registry pages of docs/, written by the binary (tibench list --format md);
# the cli test GeneratedDocs fails when a committed page differs from them.
DOC_PAGES := integrators problems claims

docs: build-tool
	@for page in $(DOC_PAGES); do \
	    $(TIBENCH) list $$page --format md > docs/$$page.md.tmp || exit 1; \
	    mv docs/$$page.md.tmp docs/$$page.md; echo "wrote docs/$$page.md"; \
	done

# make run: the default matrix and every paper matrix of harness/matrices/,
# their tables, the claims ledger in fast mode, the figures and the HTML
# report. A long matrix (`long = true`: over a minute on 2 cores) runs in
# its short version (`tibench run --short`: each study's `short` t_end) into
# results/<name>.short.{h5,md,log} and figures/<name>.short/; its tables
# and the report say so. FULL=1 (make run-long) runs the long matrices in
# full (results/<name>.h5) and the full ledger (over 2 h on 2 cores). In
# fast mode a claim whose check reads the mode is a short version of the
# full computation: claims.md and the report mark it, and its verdict is
# compared with the pin's `fast` verdict.
#
# Incremental: results/<name>.h5 is rerun only when its matrix or the
# binary changed, the ledger only when the binary, the pins or the mode
# changed; a second make run with the same binary recomputes nothing. When
# only a matrix changed, `run --reuse` keeps its file's runs of the cells
# that did not change (same build, committed tree) and runs the others.
# $(RESULTS)/.binary holds the binary's SHA-256 and changes only with it.
# Fine-step references are reused from results/cache/ only when their key
# (problem, parameters, fingerprint, output times, method, h_ref) matches.
FULL ?=
ALL_MATRICES := $(sort $(wildcard harness/matrices/*.toml))
LONG_MATRICES := $(shell grep -l '^long *= *true' $(ALL_MATRICES))
SHORT_MATRICES := $(if $(FULL),,$(LONG_MATRICES))
PAPER_MATRICES := $(filter-out $(addprefix harness/matrices/,default.toml smoke.toml ci.toml) \
                    $(SHORT_MATRICES),$(ALL_MATRICES))
PAPER_NAMES := $(notdir $(basename $(PAPER_MATRICES)))
SHORT_NAMES := $(notdir $(basename $(SHORT_MATRICES)))
LEDGER_MODE := $(if $(FULL),full,fast)
RUN_FLAGS = --jobs $(JOBS) --reference-cache $(RESULTS)/cache/references \
            --mesh-cache $(RESULTS)/cache/meshes
BINARY_ID := $(RESULTS)/.binary
LEDGER_STAMP := $(RESULTS)/.ledger-mode
RUN_OUTPUTS := $(RESULTS)/default.h5 $(addprefix $(RESULTS)/,$(addsuffix .h5,$(PAPER_NAMES))) \
               $(addprefix $(RESULTS)/,$(addsuffix .short.h5,$(SHORT_NAMES)))

# Rewritten only when its content changes, so that targets depending on it
# are remade only then.
define write_if_changed
	@mkdir -p $(dir $(1)); printf '%s\n' "$(2)" > $(1).tmp; \
	if cmp -s $(1).tmp $(1); then rm $(1).tmp; else mv $(1).tmp $(1); fi
endef

.PHONY: binary-id ledger-mode run-long figures-stamp
$(BINARY_ID): build-tool
	$(call write_if_changed,$@,$$(sha256sum $(TIBENCH) | cut -d' ' -f1))
$(LEDGER_STAMP): ledger-mode
	$(call write_if_changed,$@,$(LEDGER_MODE))
ledger-mode:

$(RESULTS)/default.h5: harness/matrices/default.toml $(BINARY_ID)
	@echo "== $@ ($<)"
	@$(TIBENCH) run --matrix $< -o $@ --reuse $(RUN_FLAGS) > $(RESULTS)/default.log
	@grep -E "^(cells:|WARNING|INTERRUPTED)" $(RESULTS)/default.log || true
	@for fmt in md csv tex; do \
	    $(TIBENCH) converge $@ --matrix $< --format $$fmt -o $(RESULTS)/convergence.$$fmt && \
	    $(TIBENCH) workprecision $@ --format $$fmt -o $(RESULTS)/workprecision.$$fmt || exit 1; \
	done

$(RESULTS)/%.h5: harness/matrices/%.toml $(BINARY_ID)
	@echo "== $@ ($<)"
	@$(TIBENCH) run --matrix $< -o $@ --reuse $(RUN_FLAGS) > $(RESULTS)/$*.log
	@grep -E "^(cells:|WARNING|INTERRUPTED)" $(RESULTS)/$*.log || true
	@$(TIBENCH) converge $@ --matrix $< -o $(RESULTS)/$*.md >> $(RESULTS)/$*.log

# A long matrix's short version (the shortest stem wins over %.h5).
$(RESULTS)/%.short.h5: harness/matrices/%.toml $(BINARY_ID)
	@echo "== $@ ($<, short version)"
	@$(TIBENCH) run --matrix $< --short -o $@ --reuse $(RUN_FLAGS) > $(RESULTS)/$*.short.log
	@grep -E "^(cells:|WARNING|INTERRUPTED)" $(RESULTS)/$*.short.log || true
	@$(TIBENCH) converge $@ --matrix $< -o $(RESULTS)/$*.short.md >> $(RESULTS)/$*.short.log

$(RESULTS)/claims.h5: $(BINARY_ID) $(LEDGER_STAMP) $(wildcard claims/*/expected_verdicts.toml)
	@echo "== $@ ($(LEDGER_MODE) ledger)"
	@$(TIBENCH) verify $(if $(FULL),,--fast) --jobs $(JOBS) --mesh-cache $(RESULTS)/cache/meshes -o $@ \
	    --report $(RESULTS)/claims.md --expected claims > $(RESULTS)/claims.log
	@grep -E "^[0-9]+ claims:|^verdict differs" $(RESULTS)/claims.log

# One plot.py per run file, $(JOBS) at a time (matplotlib draws on one core;
# the figures took 4.5 min one after another on 2 cores). xargs fails when
# any of them does.
FIGURE_SETS := default $(PAPER_NAMES) $(addsuffix .short,$(SHORT_NAMES))
# PNGs, and SVGs of the paper reproductions (an SVG costs as much to draw
# as its PNG: all figures in both took 2 min 23 s of make run's 7 min 52 s);
# make figures, or plot.py --formats png,svg, draws every SVG.
PLOT_ONE = n=$$0; if [ $$n = default ]; then \
	    exec $(PYTHON) scripts/plot.py $(RESULTS)/default.h5 --out $(RESULTS)/figures \
	        --tibench $(TIBENCH) --formats png; fi; \
	exec $(PYTHON) scripts/plot.py $(RESULTS)/$$n.h5 --out $(RESULTS)/figures/$$n \
	    --tibench $(TIBENCH) --every-step --no-stability --matrix harness/matrices/$${n%.short}.toml \
	    --formats png --paper-formats png,svg

$(RESULTS)/figures/.drawn: $(RUN_OUTPUTS) scripts/plot.py
	@echo "== $(RESULTS)/figures/ ($(JOBS) run files at a time)"
	@rm -f $(RESULTS)/figures/*.png $(RESULTS)/figures/*.svg
	@for n in $(filter-out default,$(FIGURE_SETS)); do rm -rf $(RESULTS)/figures/$$n; done
	@printf '%s\n' $(FIGURE_SETS) | xargs -P $(JOBS) -n 1 sh -c '$(PLOT_ONE)'
	@touch $@

$(RESULTS)/report/index.html: $(RUN_OUTPUTS) $(RESULTS)/claims.h5 $(RESULTS)/figures/.drawn \
                              scripts/report.py
	@echo "== $@"
	@$(PYTHON) scripts/report.py --results $(RESULTS) --out $(RESULTS)/report

# The matrices run two at a time ($(JOBS) make jobs, each with --jobs
# $(JOBS) threads): a matrix's last, longest cells leave cores idle that
# the next matrix fills. Then the ledger alone (its timing claim measures
# wall time), the figures and the report.
run: docs
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory -j $(JOBS) $(RUN_OUTPUTS) || exit 1; \
	$(MAKE) --no-print-directory $(RESULTS)/report/index.html || exit 1; \
	end=$$(date +%s); \
	echo; echo "==== tibench make run$(if $(FULL), FULL=1): summary ===="; \
	for m in default $(PAPER_NAMES) $(addsuffix .short,$(SHORT_NAMES)); do \
	    printf "%-30s " "$$m:"; grep -E "^cells:" $(RESULTS)/$$m.log; \
	    grep -E "^(WARNING|INTERRUPTED)" $(RESULTS)/$$m.log || true; \
	    grep -E "^table " $(RESULTS)/$$m.log | sed 's/^/    /' || true; \
	done; \
	$(if $(SHORT_NAMES),echo "short versions (long matrices; make run FULL=1 runs them in full): $(SHORT_NAMES)";) \
	printf "%-30s " "claims ($(LEDGER_MODE)):"; grep -E "^[0-9]+ claims:" $(RESULTS)/claims.log; \
	grep -E "^verdict differs from its pin" $(RESULTS)/claims.log || true; \
	echo "runs:        $(RESULTS)/*.h5 (tibench info FILE), logs $(RESULTS)/*.log"; \
	echo "tables:      $(RESULTS)/convergence.{md,csv,tex} $(RESULTS)/workprecision.{md,csv,tex} and $(RESULTS)/<matrix>.md (.short.md: short versions)"; \
	echo "claims:      $(RESULTS)/claims.md, $(RESULTS)/claims.h5"; \
	echo "figures:     $(RESULTS)/figures/ ($$(find $(RESULTS)/figures -type f | wc -l) files; paper reproductions in subdirectories)"; \
	echo "report:      $(RESULTS)/report/index.html (static site: tables, figures, claims, provenance)"; \
	echo "wall time:   $$((end - start)) s"

run-long:
	@$(MAKE) --no-print-directory run FULL=1

# The benchmark suite (bench/): always the optimized release build, with the
# peers of the `bench` dependency group (never needed by make test). Medians
# over 5 repetitions in random order; BENCH_FLAGS adds Google Benchmark flags
# (e.g. BENCH_FLAGS=--benchmark_filter=chain-1000).
BENCH_BUILD := build/release
BENCH_BIN := $(BENCH_BUILD)/bench/tibench_bench
BENCH_FLAGS ?=

bench-build:
	@scripts/setup-deps.sh core bench figures
	@prefix=$$(scripts/build-arkode.sh) && \
	    cmake --preset release -DTIBENCH_BUILD_BENCH=ON -DTIBENCH_SUNDIALS_PREFIX=$$prefix >/dev/null
	@cmake --build --preset release -j $(JOBS) --target tibench_bench

bench: bench-build
	@mkdir -p $(RESULTS)/bench
	@stamp=$$(date -u +%Y%m%dT%H%M%SZ); \
	$(BENCH_BIN) --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \
	    --benchmark_min_time=0.2 \
	    --benchmark_display_aggregates_only=true \
	    --benchmark_out=$(RESULTS)/bench/bench-$$stamp.json --benchmark_out_format=json \
	    $(BENCH_FLAGS) | tee $(RESULTS)/bench/bench-$$stamp.txt; \
	echo "wrote $(RESULTS)/bench/bench-$$stamp.json and .txt"; \
	if grep -q '"run_name": "ball-scaling-' $(RESULTS)/bench/bench-$$stamp.json; then \
	    /usr/bin/python3 scripts/plot-bench-scaling.py $(RESULTS)/bench/bench-$$stamp.json \
	        $(RESULTS)/bench/bench-$$stamp-scaling.png; fi

# The same suite built for this CPU (-march=native, build/native; opt-in, not
# portable): compare its rows with make bench's to see the gain.
bench-native:
	@scripts/setup-deps.sh core bench
	@prefix=$$(scripts/build-arkode.sh) && \
	    cmake --preset native -DTIBENCH_SUNDIALS_PREFIX=$$prefix >/dev/null
	@cmake --build --preset native -j $(JOBS) --target tibench_bench
	@mkdir -p $(RESULTS)/bench
	@stamp=$$(date -u +%Y%m%dT%H%M%SZ); \
	build/native/bench/tibench_bench --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \
	    --benchmark_min_time=0.2 --benchmark_display_aggregates_only=true \
	    --benchmark_out=$(RESULTS)/bench/bench-native-$$stamp.json --benchmark_out_format=json \
	    $(BENCH_FLAGS) | tee $(RESULTS)/bench/bench-native-$$stamp.txt

# Every loop marked `// simd:` in the force kernels, as GCC reports it
# (fails naming any it did not vectorize; also a ctest of make test).
vectorization-report: deps
	@cmake --preset $(PRESET) >/dev/null
	@scripts/vectorization-report.sh $(BUILD)

bench-callgrind: bench-build
	@scripts/bench-callgrind.sh $(BENCH_BIN)

# The regression gate: fails when instructions per step rise more than 3 %
# above results/baselines/callgrind.txt (after an intended change:
# scripts/bench-callgrind.sh --update results/baselines/callgrind.txt BIN).
bench-gate: bench-build
	@ctest --test-dir $(BENCH_BUILD) -L '^bench$$' --output-on-failure

figures: deps
	@test -x $(TIBENCH) || $(MAKE) --no-print-directory build-tool
	$(PYTHON) scripts/plot.py $(RESULTS)/default.h5 --out $(RESULTS)/figures --tibench $(TIBENCH)

clean:
	rm -rf build

distclean: clean
	rm -rf $(RESULTS)/*.h5 $(RESULTS)/cache
