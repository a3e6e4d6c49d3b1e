#!/usr/bin/env bash
# Compiles and runs every Swift and C example of README.md and docs/*.md, each one alone, so
# that the docs never lie and no example leans on another's imports or declarations:
# - every ```swift block becomes its own executable target of one scratch package that
#   depends on this checkout (each target names the products it may import; a block must
#   import what it uses), built once and run from the checkout's root;
# - every ```c block is its own program, compiled with the strict flags of the C consumer
#   test against the installed header and library (pkg-config of PREFIX) and run from the
#   checkout's root.
# The ```python blocks run each in its own interpreter in python/tests/test_readme.py.
# Usage: check-doc-examples.sh PREFIX WORKDIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=${1:?usage: check-doc-examples.sh PREFIX WORKDIR}
work=${2:-$root/.build/doc-examples}
docs=("$root/README.md" "$root"/docs/*.md)

# split LANG DIR: writes each block of that language to DIR/<doc>_<n>.<ext>, one per block.
split() {
    local lang=$1 dir=$2 ext=$3 doc name
    rm -rf "$dir" && mkdir -p "$dir"
    for doc in "${docs[@]}"; do
        name=$(basename "$doc" .md | tr -c 'A-Za-z0-9\n' '_')
        awk -v lang="$lang" -v dir="$dir" -v name="$name" -v ext="$ext" '
            $0 == "```" lang { on = 1; n++; f = dir "/" name "_" n "." ext; next }
            on && $0 == "```" { on = 0; close(f); next }
            on { print > f }' "$doc"
    done
}

# Swift
split swift "$work/swift-blocks" swift
blocks=("$work"/swift-blocks/*.swift)
[ -e "${blocks[0]}" ] || { echo "the docs have no swift example" >&2; exit 1; }
rm -rf "$work/swift/Sources" && mkdir -p "$work/swift/Sources"
products=""
for p in GeoKernel Nearby Route Matching Geofence Timeline Simulation GeoFormats OpenStreetMap OpenStreetMapWriter; do
    products+=".product(name: \"$p\", package: \"$(basename "$root")\"), "
done
targets=""
for block in "${blocks[@]}"; do
    t=$(basename "$block" .swift)
    mkdir -p "$work/swift/Sources/$t" && cp "$block" "$work/swift/Sources/$t/main.swift"
    targets+="    .executableTarget(name: \"$t\", dependencies: [$products]),"$'\n'
done
cat > "$work/swift/Package.swift" <<PKG
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "DocExamples",
    dependencies: [.package(path: "$root")],
    targets: [
$targets    ])
PKG
(cd "$work/swift" && swift build -q)
bin=$(cd "$work/swift" && swift build --show-bin-path)
for block in "${blocks[@]}"; do
    t=$(basename "$block" .swift)
    (cd "$root" && "$bin/$t" > "$work/swift/$t.out") || { echo "docs: Swift example $t failed" >&2; exit 1; }
done
echo "docs: ${#blocks[@]} Swift examples compiled alone and ran"

# C
split c "$work/c" c
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
count=0
for src in "$work"/c/*.c; do
    [ -e "$src" ] || { echo "the docs have no C example" >&2; exit 1; }
    # shellcheck disable=SC2046
    gcc -std=c99 -Wall -Wextra -Werror -pedantic "$src" $(pkg-config --cflags --libs geokernel) \
        -Wl,-rpath,"$(pkg-config --variable=libdir geokernel)" -lm -o "${src%.c}"
    (cd "$root" && "${src%.c}" > "${src%.c}.out") || { echo "docs: C example $(basename "$src") failed" >&2; exit 1; }
    count=$((count + 1))
done
echo "docs: $count C examples compiled alone (-std=c99 -Wall -Wextra -Werror -pedantic, installed header) and ran"
