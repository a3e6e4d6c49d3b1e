#!/usr/bin/env bash
# Installs the wheel into a fresh virtual environment and runs the Python tests that need only
# numpy against it, with the Swift toolchain hidden and Debian's libproj and PROJ data out of
# reach (a private mount namespace: empty files over libproj.so*, an empty /usr/share/proj),
# so the wheel's own PROJ and proj.db must serve.
#
# Usage: python/wheel/check.sh DIST_DIR WORK_DIR SWIFT
set -euo pipefail
dist=$1 work=$2 swift=${3:-swift}
root=$(cd "$(dirname "$0")/../.." && pwd)
whl=$(ls "$dist"/geokernel-*manylinux*.whl | head -n1)
venv="$work/wheel-check-venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "$whl" pytest==9.2.0
tests="test_errors.py test_kernels.py test_index.py test_transformer.py test_classes.py test_wheel_installed.py"
# After the tests: which libproj the installed package loaded and which proj.db it reads
# (python/wheel/loaded_proj.py), so the log shows the PROJ the wheel carries.
run="cd '$root/python/tests' && env -u GEOKERNEL_LIBRARY -u PROJ_DATA -u PROJ_LIB GEOKERNEL_TEST_INSTALLED=1 \
  GEOKERNEL_NO_CLI=1 '$venv/bin/python' -m pytest -q -rs -p no:cacheprovider $tests \
  && env -u GEOKERNEL_LIBRARY -u PROJ_DATA -u PROJ_LIB '$venv/bin/python' '$root/python/wheel/loaded_proj.py'"
if unshare -m true 2>/dev/null; then
  toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "$swift")")")")
  hide="mount -t tmpfs none '$toolchain'"
  for f in /usr/lib/*/libproj.so* /usr/lib/libproj.so*; do
    [ -e "$f" ] && hide="$hide && mount --bind /dev/null '$f'"
  done
  [ -d /usr/share/proj ] && hide="$hide && mount -t tmpfs none /usr/share/proj"
  unshare -m sh -c "$hide && $run"
  echo "wheel-check: the installed wheel passed its tests with the Swift toolchain ($toolchain), Debian's libproj and /usr/share/proj hidden"
else
  sh -c "$run"
  echo "wheel-check: the installed wheel passed its tests (unshare not permitted: nothing hidden)"
fi
