#!/usr/bin/env bash
# Builds GeoKernel with its PROJ trait disabled and runs every Swift test, with PROJ's
# headers, library, pkg-config file and data hidden (a private mount namespace: /dev/null
# over each file, empty directories over /usr/include/proj and /usr/share/proj), so that a
# dependency on PROJ creeping back fails here. Then checks with ldd and nm that neither the
# tests, the tool nor the C library reach libproj, and prints the stripped C library's size.
#
# Usage: scripts/noproj-check.sh SWIFT SCRATCH "SWIFT BUILD FLAGS"
set -euo pipefail
swift=${1:-swift} scratch=${2:-.build-noproj} flags=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build="$swift build -c release --scratch-path $scratch $flags --disable-default-traits"
run="$build --build-tests && $build --product GeoKernelC && $build --product geokernel \
  && $swift test -c release --scratch-path $scratch $flags --disable-default-traits --skip-build"
hide=""
for f in /usr/lib/*/libproj.so* /usr/lib/libproj.so* /usr/lib/*/pkgconfig/proj.pc \
         /usr/include/proj.h /usr/include/geodesic.h /usr/include/proj_*.h; do
  [ -e "$f" ] && hide="$hide mount --bind /dev/null '$f' &&"
done
[ -d /usr/include/proj ] && hide="$hide mount -t tmpfs none /usr/include/proj &&"
[ -d /usr/share/proj ] && hide="$hide mount -t tmpfs none /usr/share/proj &&"
if unshare -m true 2>/dev/null; then
  unshare -m sh -c "$hide $run"
  echo "noproj-check: built and tested without the PROJ trait, with PROJ's headers, library and data hidden"
else
  sh -c "$run"
  echo "noproj-check: built and tested without the PROJ trait (unshare not permitted: PROJ was not hidden)"
fi
bin=$($swift build -c release --scratch-path "$scratch" $flags --disable-default-traits --show-bin-path)
for f in "$bin/GeoKernelPackageTests.xctest" "$bin/geokernel" "$bin/libGeoKernelC.so"; do
  if ldd "$f" | grep -q libproj || nm -D "$f" | grep -qw 'U proj_create'; then
    echo "noproj-check: $f links PROJ" >&2; exit 1
  fi
done
stripped="$scratch/libgeokernel-noproj.so"
strip -o "$stripped" "$bin/libGeoKernelC.so"
echo "noproj-check: no libproj in the tests, the tool or the C library; stripped C library without PROJ: $(stat -c %s "$stripped") bytes"
