import sys
from pathlib import Path

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent
# GEOKERNEL_TEST_INSTALLED=1 tests the installed package (the wheel check), not this checkout.
if str(PYTHON_DIR) not in sys.path and not __import__("os").environ.get("GEOKERNEL_TEST_INSTALLED"):
    sys.path.insert(0, str(PYTHON_DIR))

import os
import shutil

import pytest

#: ../shared/data beside the repository (GEOKERNEL_SHARED_DATA overrides it, as in the C tests).
SHARED = Path(os.environ.get("GEOKERNEL_SHARED_DATA", REPO.parent / "shared" / "data"))
#: The Swift command-line tool of this checkout, when it was built (the reference results).
CLI = next((p for p in (REPO / ".build" / "release" / "geokernel", shutil.which("geokernel") or "")
            if p and Path(p).is_file()), None)


@pytest.fixture(scope="session")
def shared():
    if not SHARED.is_dir():
        pytest.skip(f"the shared data folder {SHARED} is not there")
    return SHARED


@pytest.fixture(scope="session")
def swift_cli():
    """The Swift tool `geokernel`, whose output the bindings are compared with."""
    if CLI is None or os.environ.get("GEOKERNEL_NO_CLI"):
        pytest.skip("the Swift command-line tool is not built here")
    return str(CLI)


def read_gpx(path):
    """(lat, lon, time_s) float64 arrays of a GPX file's track points that have a time, in
    file order (the standard library's XML parser; times as UTC seconds)."""
    import datetime as dt
    import xml.etree.ElementTree as ET
    import numpy as np
    lat, lon, t = [], [], []
    for el in ET.parse(path).iter():
        if el.tag.split("}")[-1] != "trkpt":
            continue
        when = next((c.text for c in el if c.tag.split("}")[-1] == "time"), None)
        if not when:
            continue
        stamp = dt.datetime.fromisoformat(when.strip().replace("Z", "+00:00"))
        lat.append(float(el.get("lat")))
        lon.append(float(el.get("lon")))
        t.append(stamp.timestamp())
    return np.array(lat), np.array(lon), np.array(t)
