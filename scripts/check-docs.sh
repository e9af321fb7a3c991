#!/usr/bin/env bash
# Builds the DocC documentation and fails on any of:
#   1. a DocC warning (broken symbol or article link, unknown directive, …): `--warnings-as-errors`;
#   2. a public symbol without documentation, from DocC's coverage report (scripts/check-doc-coverage.swift);
#   3. a `swift` code block in the catalog's articles that does not compile against the library as built.
# Targets: Dynamics (the product) and the three solver modules it is built on.
#
# Usage: scripts/check-docs.sh [build flags…]   (the Makefile passes its strict flags, so the docs plugin reuses
# the test build instead of compiling the package a second time with other flags)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
build_flags=("$@")
targets=(Dynamics SolverBackend AcceleratedSolver ReferenceSolver)
outputs=.build/plugins/Swift-DocC/outputs
catalog=Sources/Dynamics/Dynamics.docc

# 1 and 2. Generate; a stale report must not pass for a fresh one.
for target in "${targets[@]}"; do rm -f "$outputs/$target.doccarchive/documentation-coverage.json"; done
target_args=()
for target in "${targets[@]}"; do target_args+=(--target "$target"); done
"$SWIFT" package "${build_flags[@]}" generate-documentation "${target_args[@]}" \
    --warnings-as-errors \
    --experimental-skip-synthesized-symbols \
    --experimental-documentation-coverage --coverage-summary-level brief
"$SWIFT" scripts/check-doc-coverage.swift "$outputs" "${targets[@]}"

# 3. Each article's swift blocks, in order, are one program (script mode: top-level code on the main actor),
# type-checked against the modules the plugin just built. Blocks fenced with a plain ``` are shell or prose.
bin=$("$SWIFT" build "${build_flags[@]}" --show-bin-path)
swiftc=$(dirname "$(command -v "$SWIFT")")/swiftc
work=$(mktemp -d "${TMPDIR:-/tmp}/swift-dynamics-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
checked=0
while IFS= read -r -d '' article; do
    name=$(basename "$article" .md)
    awk '/^```swift$/ { inside = 1; next } inside && /^```$/ { inside = 0; next } inside { print }' "$article" \
        > "$work/$name.swift"
    [ -s "$work/$name.swift" ] || continue
    if ! (cd "$work" && "$swiftc" -typecheck -module-name ArticleCode -swift-version 6 -warnings-as-errors -I "$bin/Modules" \
        -Xcc -fmodule-map-file="$bin/CSolver.build/module.modulemap" \
        -Xcc -fmodule-map-file="$OLDPWD/CSolver/system/CLAPACK/module.modulemap" "$name.swift"); then
        echo "check-docs: the swift code in $article does not compile (the blocks, joined in order: $work/$name.swift)" >&2
        trap - EXIT
        exit 1
    fi
    checked=$((checked + 1))
done < <(find "$catalog" -name '*.md' -print0 | sort -z)
echo "check-docs: the swift code of $checked articles compiles"
echo "check-docs: documentation archives in $outputs"
