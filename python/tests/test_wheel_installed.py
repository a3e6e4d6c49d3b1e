"""Run by the wheel check (python/wheel/check.sh, GEOKERNEL_TEST_INSTALLED=1): the installed
wheel uses its own library, its own libproj and its own proj.db."""
import os
from pathlib import Path

import numpy as np
import pytest

import geokernel as gk

pytestmark = pytest.mark.skipif(not os.environ.get("GEOKERNEL_TEST_INSTALLED"),
                                reason="checks an installed wheel (make wheel-check)")


def test_the_wheel_loads_its_own_library_proj_and_data():
    pkg = Path(gk.__file__).resolve().parent
    assert "site-packages" in str(pkg)
    assert Path(gk.LIBRARY_PATH).resolve().parent == pkg
    assert os.environ["PROJ_DATA"] == str(pkg / "proj_data")
    with gk.Transformer("EPSG:4326", "EPSG:32633") as t:  # needs proj.db
        x, y = np.array([15.0]), np.array([52.0])
        t.transform(x, y)
        assert abs(x[0] - 500000.0) < 1e-6
    maps = Path("/proc/self/maps").read_text()
    projs = {line.split()[-1] for line in maps.splitlines() if "libproj" in line}
    assert projs and all("geokernel.libs" in p for p in projs), projs
