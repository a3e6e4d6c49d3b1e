import contextlib
import io
import re
import subprocess
import sys

import geokernel as gk
from conftest import PYTHON_DIR, REPO


def readme_python_blocks():
    text = (REPO / "README.md").read_text()
    return re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)


def test_readme_python_example_runs_and_prints_what_it_says():
    blocks = readme_python_blocks()
    assert blocks, "README has a ```python block"
    everything = []
    for code in blocks:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            exec(compile(code, "README.md", "exec"), {"__name__": "__main__"})
        printed = buf.getvalue().splitlines()
        promised = [m.strip() for m in re.findall(r"print\(.*#\s*(.*)$", code, re.M)]
        assert len(promised) == len(printed)
        for want, got in zip(promised, printed):
            got, want = " ".join(got.split()), " ".join(want.split())
            if want.endswith("..."):  # a promised prefix
                assert got.startswith(want[:-3]), (got, want)
            else:
                assert got == want
        everything += printed
    assert any("crs not found: EPSG:99999" in line for line in everything)


def test_help_teaches_units_and_earth_model():
    text = gk.__doc__ + gk.haversine_distances.__doc__ + gk.Transformer.__doc__
    for word in ("degrees", "metres", "EARTH_MEAN_RADIUS_M", "stride", "close()", "array-like"):
        assert word in text
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        help(gk.SpatialIndex)
    assert "nearest" in buf.getvalue() and "metres" in buf.getvalue()


def test_import_error_names_what_was_tried():
    env = {"GEOKERNEL_LIBRARY": "/nonexistent/libgeokernel.so", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-c", "import geokernel"], cwd=PYTHON_DIR, env=env,
                       capture_output=True, text=True)
    assert r.returncode != 0
    assert "ImportError" in r.stderr and "/nonexistent/libgeokernel.so" in r.stderr


def test_dir_lists_the_public_names_only():
    names = set(dir(gk))
    assert set(gk.__all__) <= names
    for private in ("np", "os", "byref", "c_size_t", "threading", "weakref", "lib", "check", "Optional"):
        assert private not in names, private
    for submodule in ("geodesy", "geofence", "nearby", "route", "timeline"):
        assert submodule in names
    assert all(hasattr(gk, n) for n in names)
