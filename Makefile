# Set-up and everyday commands. `make demo` and `make test` install the Debian packages first if missing.
SHELL := /bin/bash
SWIFT ?= swift
# The project's own builds: strict C warnings (Package.swift carries no unsafe flags, so apps can depend on a
# tagged release; these apply to this checkout only).
STRICT = -Xcc -Wall -Xcc -Wextra -Xswiftc -warnings-as-errors
# Any compiler warning in the project's own sources (C or Swift) fails the build, and so does a failed build (`&&`:
# with `;` the grep's status replaced the build's, and `swift test --skip-build` then ran the previous binaries).
NO_WARNINGS = 2>&1 | tee .build-warnings.log && ! grep -E '(CSolver|Sources|Tests|Benchmarks)/[^:]*:[0-9]+:[0-9]+: warning:' .build-warnings.log

.PHONY: deps demo test bench bench-smoke bench-peers sanitize tsan docs docs-preview fuzz fuzz-replay soak

deps:
	@bash scripts/install-system-packages.sh

# Plays every scenario and writes the replay page (.build/demo/index.html); the terminal names the file.
demo: deps
	$(SWIFT) run dynamics-demo

# The benchmark builds in release and runs a short smoke pass first; the test run comes next, then the demo page in
# headless Chromium (scripts/check-demo.sh; skipped with a message when chromium is not installed), the docs check
# last (these reuse the test build: same flags).
test: deps bench-smoke
	set -o pipefail; $(SWIFT) build --build-tests $(STRICT) $(NO_WARNINGS)
	$(SWIFT) test --skip-build $(STRICT)
	SWIFT=$(SWIFT) bash scripts/check-demo.sh $(STRICT)
	bash scripts/check-consumer.sh
	SWIFT=$(SWIFT) bash scripts/check-docs.sh $(STRICT)
	bash scripts/fuzz.sh replay

# The C API fuzzer (Fuzz/harness: libFuzzer with ASan and UBSan) for FUZZ_SECONDS (default 600), starting from the
# checked-in corpus; a crash lands in .build-fuzz/ (fix it, then add it to Fuzz/corpus/ as a regression input).
FUZZ_SECONDS ?= 600
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh run

# Replays Fuzz/corpus once with every invariant checked (the last step of `make test`).
fuzz-replay:
	bash scripts/fuzz.sh replay

bench-smoke: deps
	set -o pipefail; $(SWIFT) build -c release --product dynamics-bench $(STRICT) $(NO_WARNINGS)
	$(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench scenes --cells 100 --steps 10 --reference-steps 5
	$(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench facade --cells 100 --steps 10 --solver both
	$(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench fidelity > /dev/null
	$(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench fields --items 100 --steps 10 --reference-steps 2
	$(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench collisions --items 100 --frames 10 --reference-frames 2
	# Determinism across processes: two runs of the mixed scene print the same hash of the final state's bits.
	a=$$($(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench soak --steps 2000 --print-hash) && \
	b=$$($(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench soak --steps 2000 --print-hash) && \
	echo "soak hash $$a / $$b" && [ "$$a" = "$$b" ]

# DocC documentation for Dynamics and the solver modules, with DocC warnings as errors; fails when a public symbol
# is undocumented or an article's Swift code does not compile (scripts/check-docs.sh). Archives end up in
# .build/plugins/Swift-DocC/outputs.
docs: deps
	SWIFT=$(SWIFT) bash scripts/check-docs.sh $(STRICT)

# Serves the Dynamics documentation at http://localhost:8080/documentation/dynamics, rebuilt on every change.
docs-preview: deps
	$(SWIFT) package --disable-sandbox preview-documentation --target Dynamics

# The README's performance table (takes several minutes; see README "Performance").
bench: deps
	$(SWIFT) build -c release --product dynamics-bench
	$(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench scenes --json bench-results.json

sanitize: deps
	# Swift on Linux has no UBSan: the C core gets -fsanitize=undefined, whose handlers the ASan runtime carries.
	# Leak checking is on over the whole suite (AnimatorLifetimeTests: an animator with behaviors, actions, a
	# delegate and a running real-time driver is freed when released).
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan-suppressions.txt $(SWIFT) test --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined --scratch-path .build-sanitize
	$(MAKE) tsan

# Thread Sanitizer over two C worlds stepped on two threads at once, over a large grid solved by 2 and 3 worker
# threads, a pour whose collision pass and a pile whose soft step run on them (WorkerThreads, PileWorkerThreads,
# SoftPileWorkers), and over the real-time driver (a Dispatch timer on the main queue stepping the animator); any
# report fails the run.
tsan: deps
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --filter 'ConcurrentWorlds|WorkerThreads|SoftPileWorkers|RealTimeDriver|AnimatorLifetime' --scratch-path .build-tsan

# The soak: the mixed scene for SOAK_STEPS (default 10⁶) steps, checked every 1000 (README "Reliability").
SOAK_STEPS ?= 1000000
soak: deps
	$(SWIFT) build -c release --product dynamics-bench $(STRICT)
	$(SWIFT) run -c release --skip-build $(STRICT) dynamics-bench soak --steps $(SOAK_STEPS)

# Peer engines on the collision scenes (Benchmarks/Peers/README.md). A standalone C++17 program, never built by
# SwiftPM, so the package does not depend on Box2D or Chipmunk. Run: Benchmarks/Peers/peers > peers.jsonl
PEERS_DIR = Benchmarks/Peers
PEERS_SOURCES = $(wildcard $(PEERS_DIR)/*.cpp)
PEERS_HEADERS = $(wildcard $(PEERS_DIR)/*.hpp)
PEERS_CXX ?= g++
PEERS_CXXFLAGS ?= -std=c++17 -O2 -Wall -Wextra -Wpedantic -Werror

.PHONY: peers
peers: $(PEERS_DIR)/peers

$(PEERS_DIR)/peers: $(PEERS_SOURCES) $(PEERS_HEADERS)
	$(PEERS_CXX) $(PEERS_CXXFLAGS) -o $@ $(PEERS_SOURCES) -lbox2d -lchipmunk

# Box2D's and Chipmunk's Debian packages, for the harness (never for the package itself).
.PHONY: peers-deps
peers-deps:
	@dpkg -s libbox2d-dev libchipmunk-dev >/dev/null 2>&1 || { \
		sudo_cmd=""; [ "$$(id -u)" = "0" ] || sudo_cmd="sudo"; \
		$$sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo_cmd apt-get install -y -qq libbox2d-dev libchipmunk-dev; }

# swift-dynamics (C core and animator) beside Box2D 2.4.1 and Chipmunk 7 on the collision scenes, one table (a few
# minutes: pour 1,000 and 10,000 and the small scenes under the harness's 60 s budget). The full set:
# `dynamics-bench peers --items 1000,10000,100000`; without budget: `--budget 0` (Box2D with bullets then takes
# over half an hour at N = 10,000).
bench-peers: deps peers-deps peers
	$(SWIFT) build -c release --product dynamics-bench
	$(SWIFT) run -c release --skip-build dynamics-bench peers
