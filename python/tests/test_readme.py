import contextlib
import io
import os
import re
import subprocess
import sys

import geokernel as gk
from conftest import PYTHON_DIR, REPO


def doc_python_blocks():
    """(file, number, code) of every ```python block of README.md and docs/*.md."""
    out = []
    for doc in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        blocks = re.findall(r"^```python\n(.*?)^```$", doc.read_text(), re.M | re.S)
        out += [(doc.relative_to(REPO), n + 1, code) for n, code in enumerate(blocks)]
    return out


def test_every_python_example_of_the_docs_runs_alone_and_prints_what_it_says():
    blocks = doc_python_blocks()
    assert any(str(doc) == "README.md" for doc, _, _ in blocks), "README has a ```python block"
    everything = []
    for doc, n, code in blocks:
        # Its own interpreter, from the checkout's root (the examples read docs/examples/).
        r = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": str(PYTHON_DIR)})
        assert r.returncode == 0, f"{doc} python block {n}:\n{r.stderr}"
        printed = r.stdout.splitlines()
        promised = [m.strip() for m in re.findall(r"print\(.*#\s*(.*)$", code, re.M)]
        assert len(promised) == len(printed), f"{doc} python block {n}: {printed}"
        for want, got in zip(promised, printed):
            got, want = " ".join(got.split()), " ".join(want.split())
            if want.endswith("..."):  # a promised prefix
                assert got.startswith(want[:-3]), (doc, n, got, want)
            else:
                assert got == want, (doc, n, got, want)
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
    for submodule in ("geodesy", "geofence", "isochrone", "matching", "modes", "nearby", "route", "timeline"):
        assert submodule in names
    assert all(hasattr(gk, n) for n in names)
