import gc
import math

import numpy as np
import pytest

import geokernel as gk


def merc(lon, lat):
    a = gk.WGS84_A
    return a * math.radians(lon), a * math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))


def test_epsg4326_to_3857_known_values():
    with gk.Transformer("EPSG:4326", "EPSG:3857") as t:
        x, y = t.transform_point(2.3522, 48.8566)  # x = lon, y = lat
        ex, ey = merc(2.3522, 48.8566)
        assert abs(x - ex) < 1e-6 and abs(y - ey) < 1e-6
        assert abs(x - 261845.7062) < 1e-3 and abs(y - 6250564.3495) < 1e-3
        assert t.transform_point(0.0, 0.0) == pytest.approx((0.0, 0.0), abs=1e-9)


def test_transform_columns_in_place_and_back():
    rng = np.random.default_rng(7)
    pts = np.column_stack([rng.uniform(-180, 180, 1000), rng.uniform(-80, 80, 1000)])
    orig = pts.copy()
    t = gk.Transformer("EPSG:4326", "EPSG:3857")
    assert t.transform(pts[:, 0], pts[:, 1]) == 0  # stride 16, in place
    ex = np.array([merc(lo, la) for lo, la in orig])
    assert np.allclose(pts, ex, rtol=0, atol=1e-6)
    t.transform(pts[:, 0], pts[:, 1], direction=gk.INVERSE)
    assert np.allclose(pts, orig, rtol=0, atol=1e-9)
    t.close()


def test_transform_refuses_read_only_or_float32():
    t = gk.Transformer("EPSG:4326", "EPSG:3857")
    a = np.zeros(3)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        t.transform(a, np.zeros(3))
    with pytest.raises(TypeError):
        t.transform(np.zeros(3, np.float32), np.zeros(3, np.float32))
    t.close()


def test_close_twice_is_harmless_and_use_after_close_raises():
    t = gk.Transformer("EPSG:4326", "EPSG:3857")
    t.close()
    t.close()
    assert t.closed
    with pytest.raises(gk.MisuseError, match="closed"):
        t.transform_point(0.0, 0.0)
    with pytest.raises(gk.MisuseError):
        with t:
            pass


def test_finalizer_after_close_does_not_double_free():
    for _ in range(200):
        t = gk.Transformer("EPSG:4326", "EPSG:3857")
        if _ % 2:
            t.close()
        del t
    gc.collect()
    with gk.Transformer("EPSG:4326", "EPSG:32633") as t:
        x, y = t.transform_point(15.0, 0.0)
        assert abs(x - 500000.0) < 1e-6 and abs(y) < 1e-6


def test_unknown_crs_raises_crs_error_with_proj_message():
    with pytest.raises(gk.CrsError) as e:
        gk.Transformer("EPSG:4326", "EPSG:99999")
    assert isinstance(e.value, gk.ProjError) and e.value.code == 10
    assert "EPSG:99999" in str(e.value)


def test_transform_with_heights_and_strides():
    # (n, 3) rows of lon, lat, h: stride 24; to geocentric ECEF metres and back
    pts = np.array([[0.0, 0.0, 0.0], [90.0, 0.0, 100.0], [0.0, 90.0, 0.0]])
    orig = pts.copy()
    with gk.Transformer("EPSG:4979", "EPSG:4978") as t:
        assert t.transform(pts[:, 0], pts[:, 1], pts[:, 2]) == 0
        assert np.allclose(pts[0], [gk.WGS84_A, 0, 0], atol=1e-6)
        assert np.allclose(pts[1], [0, gk.WGS84_A + 100, 0], atol=1e-6)
        t.transform(pts[:, 0], pts[:, 1], pts[:, 2], direction=gk.INVERSE)
    assert np.allclose(pts, orig, atol=1e-8)
