#!/usr/bin/env bash
# Checks that another package can depend on this one BY VERSION (SwiftPM refuses unsafe flags, e.g. -Ounchecked,
# in a versioned dependency): copies the tracked files of this tree into a temporary git repository tagged 1.0.0,
# makes a consumer package that depends on it with `from: "1.0.0"` and uses the Dynamics and UIKitDynamics
# products, and builds it. Prints one line; exit 0 when it builds.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/dep" "$work/consumer/Sources/consumer"
(cd "$here" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} cp --parents {} "$work/dep/")
(cd "$work/dep" && git init -q && git add -A && git -c user.name=check -c user.email=check@localhost commit -qm dep \
  && git tag 1.0.0)
cat > "$work/consumer/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "consumer",
    dependencies: [.package(url: "file://$work/dep", from: "1.0.0")],
    targets: [.executableTarget(name: "consumer", dependencies: [
        .product(name: "Dynamics", package: "dep"), .product(name: "UIKitDynamics", package: "dep")])]
)
SWIFT
cat > "$work/consumer/Sources/consumer/main.swift" <<'SWIFT'
import Dynamics

@MainActor func fall() -> Double {
    let item = SimpleDynamicItem(center: CGPoint(x: 50, y: 50), size: CGSize(width: 10, height: 10))
    let animator = DynamicAnimator()
    animator.addBehavior(GravityBehavior(items: [item]))
    for _ in 0..<60 { animator.advance(by: 1.0 / 60) }
    return Double(item.center.y)
}
let y = MainActor.assumeIsolated { fall() }
print("consumer: the item fell to y = \(y)")
SWIFT
if out=$(cd "$work/consumer" && swift build 2>&1) && run=$(cd "$work/consumer" && swift run -q consumer 2>&1); then
  echo "consumer-by-version: a package depending on this one by version (from: \"1.0.0\") builds and runs ($run)"
else
  echo "$out" | tail -20 >&2
  echo "consumer-by-version: a package depending on this one by version does NOT build (see above)" >&2
  exit 1
fi
