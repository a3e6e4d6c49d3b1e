#!/usr/bin/env bash
# Compiles and runs the Swift and C examples of README.md, so the front door never lies.
# Swift: every ```swift block, concatenated, becomes main.swift of a scratch package that
# depends on this checkout. C: every ```c block is one program, compiled with the strict
# flags of the C consumer test against include/geokernel.h and the staged library.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
libdir=${1:-$root/.build/c/lib}
work=${2:-$root/.build/readme-examples}
mkdir -p "$work/swift/Sources/ReadmeExamples" "$work/c"

extract() {  # extract LANG: prints the blocks of that language, separated by a marker line
    awk -v lang="$1" '
        $0 == "```" lang { on = 1; n++; print "//@@block " n; next }
        on && $0 == "```" { on = 0; next }
        on { print }' "$root/README.md"
}

# Swift
extract swift | grep -v '^//@@block' > "$work/swift/Sources/ReadmeExamples/main.swift"
[ -s "$work/swift/Sources/ReadmeExamples/main.swift" ] || { echo "README has no swift example" >&2; exit 1; }
cat > "$work/swift/Package.swift" <<PKG
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "ReadmeExamples",
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "ReadmeExamples",
        dependencies: [$(for p in GeoKernel Nearby Route Geofence Timeline GeoFormats OpenStreetMap; do
            printf '.product(name: "%s", package: "%s"), ' "$p" "$(basename "$root")"; done)])])
PKG
(cd "$work/swift" && swift build -q && ./.build/debug/ReadmeExamples > "$work/swift.out")
echo "readme: Swift examples compiled and ran ($(wc -l < "$work/swift.out") lines of output)"

# C
extract c | awk -v dir="$work/c" '/^\/\/@@block/ { f = dir "/example" $2 ".c"; next } { print > f }'
count=0
for src in "$work"/c/example*.c; do
    [ -e "$src" ] || { echo "README has no C example" >&2; exit 1; }
    gcc -std=c99 -Wall -Wextra -Werror -pedantic -I"$root/include" "$src" -L"$libdir" -lgeokernel \
        -Wl,-rpath,"$libdir" -lm -o "${src%.c}"
    "${src%.c}" > "${src%.c}.out"
    count=$((count + 1))
done
echo "readme: $count C example(s) compiled with -std=c99 -Wall -Wextra -Werror -pedantic and ran"
