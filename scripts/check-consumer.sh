#!/usr/bin/env bash
# Proves that an app can depend on swift-dynamics by version, as apps do:
#   1. the working tree (tracked files and new ones git does not ignore) becomes a git repository, tagged 0.1.0;
#   2. a throwaway app package depends on it with `.package(url: "file://…", from: "0.1.0")`;
#   3. the app's main.swift is the README's first Swift example, verbatim, plus one line that prints the ball;
#   4. the app is built and run, and the ball must have fallen.
# SwiftPM refuses `unsafeFlags` in a package used by version, so this fails as soon as one creeps back in.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/swift-dynamics-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. The package as a tagged repository.
mkdir "$work/swift-dynamics"
git ls-files -co --exclude-standard -z | (cd "$root" && xargs -0 cp --parents -t "$work/swift-dynamics")
(
    cd "$work/swift-dynamics"
    git init -q
    git add -A
    git -c user.name=consumer-check -c user.email=consumer@check.invalid commit -q -m "consumer check"
    git tag 0.1.0
)

# 2. and 3. The app.
mkdir -p "$work/app/Sources/app"
cat > "$work/app/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "app",
    dependencies: [.package(url: "file://$work/swift-dynamics", from: "0.1.0")],
    targets: [.executableTarget(name: "app", dependencies: [.product(name: "Dynamics", package: "swift-dynamics")])],
    swiftLanguageModes: [.v6]
)
EOF
awk '/^```swift$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' README.md > "$work/app/Sources/app/main.swift"
grep -q "import Dynamics" "$work/app/Sources/app/main.swift" || { echo "check-consumer: the README's first Swift example does not import Dynamics" >&2; exit 1; }
echo 'print("ball.center.y =", ball.center.y)' >> "$work/app/Sources/app/main.swift"

# 4. Build and run.
cd "$work/app"
if ! output=$(swift run -q app 2>&1); then
    echo "$output" >&2
    echo "check-consumer: an app depending on swift-dynamics 0.1.0 by URL did not build or run" >&2
    exit 1
fi
y=$(echo "$output" | sed -n 's/^ball.center.y = //p')
if [ -z "$y" ] || ! awk -v y="$y" 'BEGIN { exit !(y > 500) }'; then
    echo "$output" >&2
    echo "check-consumer: the README example ran but the ball did not fall (center.y = '$y')" >&2
    exit 1
fi
echo "check-consumer: an app depending on swift-dynamics from: \"0.1.0\" built and ran the README example (ball.center.y = $y)"
