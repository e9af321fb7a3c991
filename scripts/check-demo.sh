#!/usr/bin/env bash
# The demo page in a real browser: generates it (dynamics-demo), opens it in headless Chromium with ?check=1
# (the page plays every scenario to its last frame and writes what it drew, and any JavaScript error, into
# the DOM), checks the dumped DOM, and saves a screenshot of each scenario under .build/demo/ to look at.
# Skips, saying so, when no Chromium is installed (`apt-get install -y chromium`).
#
# Usage: scripts/check-demo.sh [build flags…]   (the Makefile passes its strict flags, reusing the test build)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
browser=""
for candidate in chromium chromium-browser google-chrome; do
    if command -v "$candidate" >/dev/null 2>&1; then browser=$(command -v "$candidate"); break; fi
done
if [ -z "$browser" ]; then
    echo "check-demo: SKIPPED, no chromium installed (apt-get install -y chromium); the demo page was not checked in a browser"
    exit 0
fi

out=.build/demo
"$SWIFT" run "$@" dynamics-demo --output "$out/index.html" > "$out.log" 2>&1 || { cat "$out.log"; exit 1; }
page="file://$PWD/$out/index.html"
profile=$(mktemp -d "${TMPDIR:-/tmp}/check-demo.XXXXXX")
trap 'rm -rf "$profile"' EXIT
# Debian's chromium: no GPU and no sandbox in a container; virtual time runs the page's timers without waiting.
flags=(--headless --disable-gpu --no-sandbox --hide-scrollbars --user-data-dir="$profile" --no-first-run --mute-audio)

# 1. Play every scenario to its end; read the results from the DOM.
dom="$out/check-dom.html"
"$browser" "${flags[@]}" --virtual-time-budget=600000 --dump-dom "$page?check=1" > "$dom" 2> "$out/chromium.log" || {
    echo "check-demo: chromium failed (log: $out/chromium.log)" >&2; tail -20 "$out/chromium.log" >&2; exit 1; }
python3 - "$dom" <<'PY'
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
status = re.search(r'id="check-status">([^<]*)<', dom)
rows = re.findall(r'<li data-scenario="([^"]+)" data-frames="(\d+)" data-drawn="(\d+)">', dom)
errors = re.findall(r'<li class="js-error">([^<]*)</li>', dom)
verdict = re.search(r'<html[^>]*data-check="(\w+)"', dom)
for name, frames, drawn in rows:
    print(f"check-demo: {name:32} drew {drawn:>5} of {frames:>5} frames")
for error in errors:
    print(f"check-demo: JavaScript error: {error}")
finished = status and status.group(1).startswith("CHECK DONE")
print(f"check-demo: {status.group(1) if finished else 'FAILED: the page never finished its check (a JavaScript error above, or the time budget ran out)'}")
failed = (not verdict or verdict.group(1) != "passed" or not rows or errors
          or any(frames != drawn for _, frames, drawn in rows))
sys.exit(1 if failed else 0)
PY

# 2. A screenshot of each scenario at its most telling frame, and of the page playing the first one.
names=$("$SWIFT" run "$@" dynamics-demo --list 2>/dev/null | cut -f1)
for name in $names; do
    "$browser" "${flags[@]}" --window-size=1400,900 --virtual-time-budget=2000 \
        --screenshot="$out/$name.png" "$page?scenario=$name&frame=poster" > /dev/null 2>> "$out/chromium.log"
done
echo "check-demo: screenshots of $(echo "$names" | wc -w) scenarios in $out/*.png; the page: $out/index.html"
