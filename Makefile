# SwiftDynamics: `make run`, `make test`, `make bench`. Each one installs what is missing first (`make deps`).
#
# Variables (set on the command line or in the environment):
#   BUILD_DIR  SwiftPM scratch path                      (default .build)
#   SHARED     the shared/ folder holding peers/compare  (default ../shared, beside this repository)
#   REPEATS    runs of each configuration in `make bench` (default 3)
#   CONFIGS    `make bench` subset, e.g. CONFIGS="pile 1000;tumbler" (default: compare's full list)
#   BENCH_ARGS `make bench` options put before each configuration's arguments on our side only, e.g.
#              BENCH_ARGS="--substeps 4" (the sub-step trade-off: speed and quality at another solver setting)
#   BENCH_CORE the core `make bench` pins every engine to (default 0; compare reads it as its CPU variable, which
#              this Makefile's CPU would otherwise override)
#   N          operations per `make fuzz` test (default 100000); BOUND: value bound (a number, default 1e6, or
#              none); SEED: first scene seed; SANITIZE=address builds with AddressSanitizer (own scratch path)
#   CPU        `make bench`/`bench-ir` build: empty (default, runs on any x86-64) or haswell (AVX2/FMA, about 15 %
#              fewer instructions, bit-identical results; own scratch path $(BUILD_DIR)-haswell; the binary refuses a
#              processor without AVX2 with one line)
#   SCENES     `make memcheck` scenes (default: sticker-pile pendulum drag-field snap chain shapes)
#   SAMPLES    `make bench-spread` perturbations of gravity (default 16); it takes BENCH_ARGS too

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Use the Swift toolchain on PATH, else the usual /opt/swift install when there is one.
ifeq ($(shell command -v swift 2>/dev/null),)
ifneq ($(wildcard /opt/swift/usr/bin/swift),)
export PATH := /opt/swift/usr/bin:$(PATH)
endif
endif

SWIFT ?= swift
BUILD_DIR ?= .build
SHARED ?= $(abspath $(CURDIR)/../shared)
COMPARE := $(SHARED)/peers/compare
REPEATS ?= 3
SCENE ?= sticker-pile
SANDBOX_ARGS ?=
CONFIGS ?=
BENCH_ARGS ?=
BENCH_CORE ?= 0
CPU ?=
ifneq ($(CPU),)
ifneq ($(CPU),haswell)
$(error CPU must be empty (any x86-64) or haswell (AVX2 and FMA), e.g. make bench CPU=haswell; got '$(CPU)')
endif
endif
ifneq ($(shell echo 'x$(BENCH_CORE)' | grep -Ex 'x[0-9]+'),x$(BENCH_CORE))
$(error BENCH_CORE must be a core number (0, 1, ...), e.g. make bench BENCH_CORE=1; got '$(BENCH_CORE)')
endif
BENCH_DIR := $(if $(CPU),$(BUILD_DIR)-$(CPU),$(BUILD_DIR))
BENCH_FLAGS := $(if $(CPU),-Xswiftc -target-cpu -Xswiftc $(CPU) -Xswiftc -DSWIFTDYNAMICS_AVX2)
BENCH_BIN := $(abspath $(BENCH_DIR))/release/dynamics-bench

# Debian packages the build needs beyond the Swift toolchain, installed by `make deps` when missing:
# SDL2, zlib and FreeType headers and the DejaVu fonts (the sandbox's text) for the sandbox. `make test` also needs xvfb, xauth, xdotool and imagemagick for the
# real-window test (UI_TEST_PACKAGES).
APT_PACKAGES := libsdl2-dev zlib1g-dev libfreetype-dev fonts-dejavu-core
UI_TEST_PACKAGES := xvfb xauth xdotool imagemagick x11-xkb-utils
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

.PHONY: format format-check consumer-check help deps ui-deps apt-install build test ui-test run bench bench-ir bench-ir-threads bench-threads bench-substeps bench-spread clean idle-cpu fps docs fuzz memcheck scene-files stickers

help:
	@echo "make run    install what is missing, then open the sandbox window on SCENE (default sticker-pile;"
	@echo "            headless with a clear message when there is no display). SANDBOX_ARGS='--seed 7' passes flags"
	@echo "make test   install what is missing, then build (release, testable), run the tests and the real-window test"
	@echo "make idle-cpu  measure the sandbox's CPU use while the animator is paused (under Xvfb)"
	@echo "make fps    frame rate of the 2000-ball pile in a real window under Xvfb (LOAD=1: with a busy core)"
	@echo "make bench  release build, then ours vs Box2D 2.4.1 and Chipmunk 7.0.3 ($(COMPARE));"
	@echo "            BENCH_ARGS='--substeps 4' runs our side at another solver setting (speed and quality)"
	@echo "make fuzz   N random public-API operations per fuzz test (N=1000000 BOUND=none SANITIZE=address)"
	@echo "make memcheck  headless sandbox scenes under valgrind: 0 errors, 0 definite leaks"
	@echo "make bench-ir  instructions per frame of every bench configuration under callgrind (repeatable on a busy"
	@echo "            machine; WARMUP=60 FRAMES=30 JOBS=2, CONFIGS as for make bench)"
	@echo "make bench-ir-threads  instructions per frame on 1 and on THREADS=2 threads under callgrind, the threads'"
	@echo "            waits left out: the extra work of the parallel step, without the machine's noise"
	@echo "            (CONFIGS='pile 4000 --nosleep;tumbler' WARMUP=55 BASE=5 FRAMES=30 JOBS=2)"
	@echo "make bench-threads  the two-thread solve: pile 4000 --nosleep and tumbler on 1 thread, 2 threads and 2 when"
	@echo "            they pay (the sandbox's way), interleaved; median frame times, ratios, identical checksums"
	@echo "            (REPEATS=3 THREADS=2 CONFIGS=... ROUND_TRIP_LIMIT=200: runs during which the cores' round trip"
	@echo "            exceeded 200 ns, a host slowing this virtual machine's cores, are made again); then paired in"
	@echo "            one run: 1 and 2 threads alternating in blocks on the same world (PAIRED_FRAMES=1800 BLOCK=30)"
	@echo "make bench-substeps  every quality bar of the bench scenes at 4, 5 and 6 solver sub-steps (SUBSTEPS=...):"
	@echo "            what fewer, faster sub-steps cost in sag, sleep, overlap and joint gaps (BENCH_ARGS as for make bench)"
	@echo "make bench-spread  the spread of the chaotic outcomes (sleep frames, deep overlaps) over SAMPLES=16 invisible"
	@echo "            perturbations of gravity (dynamics-bench --perturb K); BENCH_ARGS='--substeps 4' for other settings"
	@echo "make scene-files  rewrite Assets/Scenes from the catalogue; make stickers: redraw Assets/Stickers"
	@echo "make docs   DocC archives of PhysicsCore, Dynamics and UIKitDynamics in $(BUILD_DIR)/docs (swift-docc-plugin)"
	@echo "make format rewrite the Swift files as .swift-format says (make format-check, part of make test, checks)"
	@echo "make build  debug build of everything"
	@echo "make deps   install what is missing (Debian packages; tells how to get Swift)"
	@echo "make clean  remove $(BUILD_DIR)"

deps:
	@if ! command -v $(SWIFT) >/dev/null 2>&1; then \
	  echo "make deps: the Swift toolchain (6.1 or newer) is not on PATH." >&2; \
	  echo "  Get it from https://www.swift.org/install/linux/ (Debian 12: the tarball or swiftly)," >&2; \
	  echo "  put its usr/bin on PATH (e.g. export PATH=/opt/swift/usr/bin:\$$PATH), then run make again." >&2; \
	  exit 1; \
	fi
	@if ! $(SWIFT) --version 2>/dev/null | grep -Eq 'Swift version (6\.([1-9]|[1-9][0-9])|[7-9]|[1-9][0-9])\.'; then \
	  echo "make deps: found '$$($(SWIFT) --version 2>&1 | head -n 1)'; Swift 6.1 or newer is needed" \
	       "(Package.swift: swift-tools-version 6.1). See https://www.swift.org/install/linux/" >&2; \
	  exit 1; \
	fi
	@$(MAKE) --no-print-directory apt-install PKGS="$(APT_PACKAGES)"

ui-deps:
	@$(MAKE) --no-print-directory apt-install PKGS="$(UI_TEST_PACKAGES)"

# Installs the Debian packages in PKGS that are missing (retrying while another apt holds the lock).
apt-install:
	@missing=""; \
	for p in $(PKGS); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "make deps: missing packages:$$missing; this is not a Debian system, install their equivalents by hand." >&2; \
	    exit 1; \
	  fi; \
	  echo "make deps: installing$$missing"; \
	  for attempt in 1 2 3 4 5 6; do \
	    if $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	       $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; then \
	      break; \
	    fi; \
	    [ $$attempt -lt 6 ] || { echo "make deps: apt-get failed" >&2; exit 1; }; \
	    echo "make deps: apt-get failed (another install holding the lock?); retrying in 10 s" >&2; sleep 10; \
	  done; \
	fi

build: deps
	$(SWIFT) build --scratch-path $(BUILD_DIR)

# Release build with testing enabled: the physics tests step large scenes (10 000 flung balls, a 4000-ball pile,
# 40-row pyramids for 11 s) that a debug build would take many minutes over. The invariant checks that a debug
# build runs after every step are switched on explicitly by those tests.
test: deps ui-deps
	$(MAKE) --no-print-directory format-check
	$(SWIFT) build --scratch-path $(BUILD_DIR) -c release -Xswiftc -enable-testing --build-tests \
	  --explicit-target-dependency-import-check error
	$(SWIFT) test --scratch-path $(BUILD_DIR) -c release -Xswiftc -enable-testing --skip-build
	$(MAKE) --no-print-directory ui-test
	bash scripts/consumer-by-version.sh

# The real-window test: Xvfb + xdotool drag an item and press an arrow key; screenshots before/after must differ
# where the item was. Prints its own "N passed, N failed" line. Built with the tests' flags (-enable-testing), so
# after `make test`'s `swift build --build-tests` it reuses that build instead of compiling every module again
# (`swift test` building by itself uses other flags, hence the separate build step).
ui-test: ui-deps
	$(SWIFT) build --scratch-path $(BUILD_DIR) -c release -Xswiftc -enable-testing --product dynamics-sandbox
	APP=$(abspath $(BUILD_DIR))/release/dynamics-sandbox bash scripts/ui-smoke.sh

run: deps
	$(SWIFT) build --scratch-path $(BUILD_DIR) -c release --product dynamics-sandbox
	@# The app itself says what it does: an unknown SCENE is refused (one line, exit 64), and without a display it
	@# says that it runs the scene headless instead.
	$(abspath $(BUILD_DIR))/release/dynamics-sandbox --scene $(SCENE) $(SANDBOX_ARGS)

# Rewrites Assets/Scenes from the catalogue (after changing a scene's Swift; a test fails while they differ).
scene-files:
	$(SWIFT) build --scratch-path $(BUILD_DIR) --product dynamics-sandbox
	$(abspath $(BUILD_DIR))/debug/dynamics-sandbox --write-scene-files Assets/Scenes

# Redraws the sticker pictures in Assets/Stickers (ImageMagick).
stickers: ui-deps
	bash scripts/make-stickers.sh Assets/Stickers

# CPU use of the sandbox while the animator is paused (Xvfb, the pyramid asleep): must stay under 2 % of a core.
idle-cpu: ui-deps
	$(SWIFT) build --scratch-path $(BUILD_DIR) -c release --product dynamics-sandbox
	APP=$(abspath $(BUILD_DIR))/release/dynamics-sandbox bash scripts/idle-cpu.sh

# Frame rate of the 2000-ball pile (physics + drawing) in a real window under Xvfb; fails if a frame was dropped.
fps: ui-deps
	$(SWIFT) build --scratch-path $(BUILD_DIR) -c release --product dynamics-sandbox
	APP=$(abspath $(BUILD_DIR))/release/dynamics-sandbox LOAD=$${LOAD:-0} bash scripts/pile-fps.sh

bench: deps
	@if [ ! -x "$(COMPARE)" ]; then \
	  echo "make bench: $(COMPARE) not found. Put shared/ beside this repository or set SHARED=/path/to/shared." >&2; \
	  exit 1; \
	fi
	@command -v python3 >/dev/null 2>&1 || { echo "make bench: compare needs python3 (apt-get install python3)." >&2; exit 1; }
	$(SWIFT) build --scratch-path $(BENCH_DIR) -c release --product dynamics-bench $(BENCH_FLAGS)
	@mkdir -p bench-results
	@out="bench-results/compare-$$(date +%Y%m%d-%H%M%S)"; status=0; \
	latency=""; ports=""; cc=$$(command -v cc || command -v clang || true); \
	pin=""; if command -v taskset >/dev/null 2>&1; then pin="taskset -c $(BENCH_CORE)"; fi; \
	if [ -n "$$cc" ] && "$$cc" -O2 -o "$(BENCH_DIR)/cache-latency" scripts/cache-latency.c 2>/dev/null; then \
	  latency="$(BENCH_DIR)/cache-latency"; fi; \
	if [ -n "$$cc" ] && "$$cc" -O2 -o "$(BENCH_DIR)/port-contention" scripts/port-contention.c 2>/dev/null; then \
	  ports="$(BENCH_DIR)/port-contention"; fi; \
	echo "CPU=$(BENCH_CORE) $(COMPARE) --repeats $(REPEATS) $(if $(CONFIGS),--configs \"$(CONFIGS)\" )-- $(BENCH_BIN) $(BENCH_ARGS)" \
	  | tee "$$out.log"; \
	if [ -n "$$latency" ]; then echo "make bench: a load from a 1 MiB working set before the runs: $$($$pin "$$latency") ns (scripts/cache-latency.c)" | tee -a "$$out.log"; fi; \
	if [ -n "$$ports" ]; then echo "make bench: eight multiply-add chains over one before the runs: $$($$pin "$$ports") (scripts/port-contention.c; 1.0-1.2: the core is ours, 1.5 and more: shared)" | tee -a "$$out.log"; fi; \
	CPU=$(BENCH_CORE) "$(COMPARE)" --repeats $(REPEATS) $(if $(CONFIGS),--configs "$(CONFIGS)") -- "$(BENCH_BIN)" $(BENCH_ARGS) \
	  | tee -a "$$out.log" || status=$$?; \
	if [ -n "$$latency" ]; then echo "make bench: a load from a 1 MiB working set after the runs: $$($$pin "$$latency") ns" | tee -a "$$out.log"; fi; \
	if [ -n "$$ports" ]; then echo "make bench: eight multiply-add chains over one after the runs: $$($$pin "$$ports")" | tee -a "$$out.log"; fi; \
	grep '^|' "$$out.log" > "$$out.md" || true; \
	echo "make bench: table in $$out.md, full output in $$out.log"; \
	exit $$status

# Long runs of the property-based fuzz test (Tests/DynamicsTests/Fuzz): every test of FuzzTests runs N operations;
# each prints what it measured (operations, non-finite states, operations over 100 ms, the slowest). With SANITIZE,
# LeakSanitizer is off: its only report is 144 bytes XCTest's runner keeps until exit (leaks are `make memcheck`'s).
N ?= 100000
BOUND ?= 1e6
SANITIZE ?=
FUZZ_DIR := $(BUILD_DIR)$(if $(SANITIZE),-$(SANITIZE))
fuzz: deps
	$(SWIFT) build --scratch-path $(FUZZ_DIR) -c release -Xswiftc -enable-testing --build-tests \
	  $(if $(SANITIZE),--sanitize=$(SANITIZE))
	FUZZ_OPS=$(N) FUZZ_BOUND=$(BOUND) $(if $(SEED),FUZZ_SEED=$(SEED)) $(if $(SANITIZE),ASAN_OPTIONS=detect_leaks=0) \
	  $(SWIFT) test --scratch-path $(FUZZ_DIR) -c release -Xswiftc -enable-testing --skip-build \
	  $(if $(SANITIZE),--sanitize=$(SANITIZE)) --filter FuzzTests 2>&1 | grep -E '^fuzz|passed|failed|error'

# The sandbox run headless on several scenes under valgrind (memcheck): fails on any error or definite leak.
# No suppressions are needed today (scripts/memcheck.sh says what is not counted and why).
SCENES ?= sticker-pile pendulum drag-field snap chain shapes
memcheck: deps
	@command -v valgrind >/dev/null 2>&1 || $(MAKE) --no-print-directory apt-install PKGS=valgrind
	$(SWIFT) build --scratch-path $(BUILD_DIR) -c release --product dynamics-sandbox
	APP=$(abspath $(BUILD_DIR))/release/dynamics-sandbox SCENES="$(SCENES)" bash scripts/memcheck.sh
# Instructions per frame of each configuration under callgrind (scripts/bench-ir.sh): the primary measure of solver
# speed on a shared machine, where wall-clock times are noisy. valgrind comes from Debian.
bench-ir: deps
	@$(MAKE) --no-print-directory apt-install PKGS="valgrind"
	$(SWIFT) build --scratch-path $(BENCH_DIR) -c release --product dynamics-bench $(BENCH_FLAGS)
	@mkdir -p bench-results
	@out="bench-results/ir-$$(date +%Y%m%d-%H%M%S).md"; \
	BENCH="$(BENCH_BIN)" $(if $(CONFIGS),CONFIGS="$(CONFIGS)") scripts/bench-ir.sh | tee "$$out"; \
	echo "make bench-ir: table in $$out"

# The parallel step's extra work in instructions (scripts/bench-ir-threads.sh): each configuration on 1 and on THREADS
# threads under callgrind, the pool's waits left out. The wall clock's two-thread ratio can be no better than
# (1 + extra) / THREADS; the rest of it is waiting and the cores' cache traffic.
bench-ir-threads: deps
	@$(MAKE) --no-print-directory apt-install PKGS="valgrind"
	$(SWIFT) build --scratch-path $(BENCH_DIR) -c release --product dynamics-bench $(BENCH_FLAGS)
	@mkdir -p bench-results
	@out="bench-results/ir-threads-$$(date +%Y%m%d-%H%M%S).md"; \
	BENCH="$(BENCH_BIN)" $(if $(CONFIGS),CONFIGS="$(CONFIGS)") $(if $(THREADS),THREADS="$(THREADS)") \
	  scripts/bench-ir-threads.sh | tee "$$out"; \
	echo "make bench-ir-threads: table in $$out"

# The sub-step decision: every quality bar of the bench scenes at 4, 5 and 6 solver sub-steps (SUBSTEPS="..." for
# others), scripts/substep-tradeoff.sh; `make bench BENCH_ARGS="--substeps S"` times the same counts.
bench-substeps: deps
	$(SWIFT) build --scratch-path $(BENCH_DIR) -c release --product dynamics-bench $(BENCH_FLAGS)
	@mkdir -p bench-results
	@out="bench-results/substeps-$$(date +%Y%m%d-%H%M%S).md"; \
	BENCH="$(BENCH_BIN)" $(if $(SUBSTEPS),SUBSTEPS="$(SUBSTEPS)") BENCH_ARGS="$(BENCH_ARGS)" scripts/substep-tradeoff.sh | tee "$$out"; \
	echo "make bench-substeps: table in $$out"

# The chaotic outcomes of the bench scenes (the frame at which a pile sleeps, deep overlaps) over SAMPLES invisible
# perturbations of gravity (scripts/outcome-spread.sh, dynamics-bench --perturb K): one run of make bench draws one
# sample of each, so a change of the physics is judged by these medians and tails, not by that sample.
bench-spread: deps
	$(SWIFT) build --scratch-path $(BENCH_DIR) -c release --product dynamics-bench $(BENCH_FLAGS)
	@mkdir -p bench-results
	@out="bench-results/spread-$$(date +%Y%m%d-%H%M%S).md"; \
	BENCH="$(BENCH_BIN)" $(if $(SAMPLES),SAMPLES="$(SAMPLES)") $(if $(BENCH_ARGS),BENCH_ARGS="$(BENCH_ARGS)") \
	  scripts/outcome-spread.sh | tee "$$out"; \
	echo "make bench-spread: table in $$out"

# The parallel solve (WorldSettings.workerCount) in one run: each configuration on 1 thread, on THREADS threads and on
# THREADS threads when they pay (WorldSettings.adaptiveWorkers, the sandbox's way), runs interleaved, not pinned to a
# core (scripts/bench-threads.sh). Measure when the machine is quiet (it prints the load; runs during which other
# processes load a core, or the cores' round trip exceeds ROUND_TRIP_LIMIT ns, are made again). Then the same
# comparison paired inside each run (dynamics-bench --paired: blocks of BLOCK frames alternating on one world,
# PAIRED_FRAMES frames a run), which a host that slows the whole machine for seconds cannot tilt.
THREADS ?= 2
bench-threads: deps
	$(SWIFT) build --scratch-path $(BENCH_DIR) -c release --product dynamics-bench $(BENCH_FLAGS)
	@mkdir -p bench-results
	@out="bench-results/threads-$$(date +%Y%m%d-%H%M%S).md"; \
	BENCH="$(BENCH_BIN)" REPEATS=$(REPEATS) THREADS=$(THREADS) $(if $(CONFIGS),CONFIGS="$(CONFIGS)") \
	  $(if $(ROUND_TRIP_LIMIT),ROUND_TRIP_LIMIT="$(ROUND_TRIP_LIMIT)") $(if $(PAIRED_FRAMES),PAIRED_FRAMES="$(PAIRED_FRAMES)") \
	  $(if $(BLOCK),BLOCK="$(BLOCK)") bash scripts/bench-threads.sh | tee "$$out"; \
	status=$${PIPESTATUS[0]}; echo "make bench-threads: table in $$out"; exit $$status

clean:
	rm -rf $(BUILD_DIR)

# DocC archives of the library modules (their catalogues: Sources/PhysicsCore/PhysicsCore.docc,
# Sources/Dynamics/Dynamics.docc), through the swift-docc-plugin. Open one with `xcrun docc preview` on a Mac, or
# serve the folder with any static web server.
DOC_TARGETS := PhysicsCore Dynamics UIKitDynamics
docs: deps
	@for t in $(DOC_TARGETS); do \
	  $(SWIFT) package --scratch-path $(BUILD_DIR) --disable-sandbox generate-documentation --target "$$t" \
	    --transform-for-static-hosting --output-path "$(BUILD_DIR)/docs/$$t" >/dev/null || exit 1; \
	  echo "make docs: $(BUILD_DIR)/docs/$$t"; \
	done

# A package that depends on this one by version (a local git URL tagged 1.0.0) builds and runs (part of make test).
consumer-check: deps
	bash scripts/consumer-by-version.sh

# The layout of every Swift file (.swift-format: 4-space indent, 120 columns), with the toolchain's swift-format.
# `make format` rewrites the files; `make format-check` (part of make test) fails on any difference.
format:
	$(SWIFT) format format -i --configuration .swift-format -r Sources Tests Package.swift
format-check:
	$(SWIFT) format lint --strict --configuration .swift-format -r Sources Tests Package.swift
	@echo "format-check: every Swift file is laid out as .swift-format says"
