#!/usr/bin/env bash
# The C API fuzzer (Fuzz/harness): builds it with libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer
# (clang from the Swift toolchain), then either replays the checked-in corpus once (`replay`, what `make test`
# runs) or fuzzes for FUZZ_SECONDS (`run`, what `make fuzz` runs), starting from the corpus. New inputs go to
# .build-fuzz/corpus (not checked in); a crash is written to .build-fuzz/ as crash-<sha1>, to be fixed and then
# added to Fuzz/corpus/ as a regression input.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-replay}
CC=${FUZZ_CC:-clang}
OUT=.build-fuzz
BIN=$OUT/capi-fuzzer
mkdir -p "$OUT"

SOURCES=(CSolver/src/*.c Fuzz/harness/*.c)
newest=$(ls -t "${SOURCES[@]}" CSolver/include/*.h CSolver/src/*.h Fuzz/harness/*.h scripts/fuzz.sh | head -1)
if [[ ! -x $BIN || $newest -nt $BIN ]]; then
    echo "fuzz: building $BIN"
    # --wrap: the harness makes the core's allocations fail on demand (Fuzz/harness/fuzz_alloc.c).
    "$CC" -std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -Wall -Wextra -Werror -Wno-pass-failed \
        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -fuse-ld=lld -ICSolver/include "${SOURCES[@]}" -o "$BIN" \
        -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=aligned_alloc -llapack -lblas -lm
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
case "$MODE" in
replay)
    # Each corpus input once, invariants checked: a regression test. The log is shown when an input fails.
    count=$(ls Fuzz/corpus | wc -l)
    if ! "$BIN" -runs=0 -artifact_prefix="$OUT/" Fuzz/corpus > "$OUT/replay.log" 2>&1; then
        grep -v '^\\' "$OUT/replay.log" | head -40
        echo "fuzz: replay FAILED (see $OUT/replay.log)"
        exit 1
    fi
    echo "fuzz: replayed $count corpus inputs, no invariant broken"
    ;;
run)
    seconds=${FUZZ_SECONDS:-600}
    mkdir -p "$OUT/corpus"
    cp -n Fuzz/corpus/* "$OUT/corpus/" 2>/dev/null || true
    echo "fuzz: $seconds s from $(ls "$OUT/corpus" | wc -l) inputs"
    # FUZZ_KEEP_GOING=1: one forked job that records every crash and carries on (to collect several findings).
    keep_going=()
    [[ -n ${FUZZ_KEEP_GOING:-} ]] && keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    "$BIN" "${keep_going[@]}" -max_total_time="$seconds" -print_final_stats=1 -max_len=4096 -timeout=20 -rss_limit_mb=4096 \
        -artifact_prefix="$OUT/" "$OUT/corpus" Fuzz/corpus 2>&1 | tee "$OUT/last-run.log" | grep -E '^(#[0-9]+ +(INITED|DONE|REDUCE|pulse)|stat::|==|SUMMARY|fuzz invariant)' || true
    grep -q -E 'ERROR|fuzz invariant|deadly signal' "$OUT/last-run.log" && { echo "fuzz: FAILED (see $OUT/last-run.log)"; exit 1; }
    echo "fuzz: clean"
    ;;
*)
    echo "usage: scripts/fuzz.sh replay|run" >&2
    exit 2
    ;;
esac
