#!/usr/bin/env bash
# The Swift API reference (`make docs`), offline: symbol graphs extracted from the release
# build's modules with swift-symbolgraph-extract, converted by the toolchain's docc into one
# static site per module under OUT/<Module>/ (GeoKernel's with the articles of
# Sources/GeoKernel/GeoKernel.docc). A docc warning (an undocumented parameter, a broken
# link) fails it. Usage: api-docs.sh BIN_PATH OUT
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:?usage: api-docs.sh BIN_PATH OUT}
out=${2:?usage: api-docs.sh BIN_PATH OUT}
graphs=$out/symbol-graphs
rm -rf "$out" && mkdir -p "$graphs"

args=(-I "$bin/Modules" -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public)
for m in CGeoKernelHeader CSIMDShim CZlibShim CProjShim; do
    args+=(-Xcc "-fmodule-map-file=$bin/$m.build/module.modulemap" -I "$root/Sources/$m/include")
done
for m in CProj CZlib CSQLite; do args+=(-I "$root/Sources/$m"); done
for flag in $(pkg-config --cflags-only-I proj sqlite3 zlib); do args+=(-Xcc "$flag"); done

for module in GeoKernel Geofence Nearby Route Matching Timeline Simulation OpenStreetMap GeoFormats; do
    mkdir -p "$graphs/$module"
    swift-symbolgraph-extract -module-name "$module" "${args[@]}" -output-dir "$graphs/$module"
    catalog=()
    [ -d "$root/Sources/$module/$module.docc" ] && catalog=("$root/Sources/$module/$module.docc")
    docc convert "${catalog[@]}" --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.geokernel.$module" \
        --transform-for-static-hosting --hosting-base-path "$module" \
        --output-path "$out/$module" > "$out/$module.log" 2>&1 \
        || { cat "$out/$module.log" >&2; echo "docs: docc failed for $module" >&2; exit 1; }
    warnings=$(grep -c 'warning:' "$out/$module.log" || true)
    if [ "$warnings" != 0 ]; then
        grep -A3 'warning:' "$out/$module.log" >&2
        echo "docs: $warnings docc warnings in $module" >&2
        exit 1
    fi
    echo "docs: $module → $out/$module"
done
echo "docs: open $out/GeoKernel/documentation/geokernel/index.html through a static web server"
