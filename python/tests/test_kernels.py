import doctest

import numpy as np
import pytest

import geokernel as gk

R = gk.EARTH_MEAN_RADIUS_M


def np_haversine(lat1, lon1, lat2, lon2):
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dphi, dlmb = p2 - p1, np.radians(lon2 - lon1)
    h = np.sin(dphi / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dlmb / 2) ** 2
    return 2 * R * np.arcsin(np.sqrt(h))


def random_points(n, seed):
    rng = np.random.default_rng(seed)
    pts = np.empty((n, 2))
    pts[:, 0] = np.degrees(np.arcsin(rng.uniform(-1, 1, n)))
    pts[:, 1] = rng.uniform(-180, 180, n)
    return pts


def test_module_docstring_example():
    failures, tried = doctest.testmod(gk, verbose=False)[:2]
    assert tried > 0 and failures == 0


def test_haversine_matches_numpy_on_seeded_random_points():
    pts = random_points(20_000, 1)
    lat, lon = pts[:, 0].copy(), pts[:, 1].copy()  # contiguous, stride 8
    for clat, clon in [(0.0, 0.0), (47.3, 8.5), (-89.9, 179.9), (12.5, -170.0)]:
        d = gk.haversine_distances(clat, clon, lat, lon)
        ref = np_haversine(clat, clon, lat, lon)
        # relative agreement except for antipodal neighbourhoods where arcsin is ill-conditioned
        ok = ref < 19_000_000
        assert np.all(np.abs(d[ok] - ref[ok]) <= 1e-9 * np.maximum(ref[ok], 1.0))


def test_strided_columns_of_n_by_2_array_are_read_in_place():
    pts = random_points(5_000, 2)
    assert pts[:, 0].strides == (16,)
    d_strided = gk.haversine_distances(10.0, 20.0, pts[:, 0], pts[:, 1])
    d_contig = gk.haversine_distances(10.0, 20.0, pts[:, 0].copy(), pts[:, 1].copy())
    assert np.array_equal(d_strided, d_contig)
    # every other row: stride 32
    d_every_other = gk.haversine_distances(10.0, 20.0, pts[::2, 0], pts[::2, 1])
    assert np.array_equal(d_every_other, d_contig[::2])


def test_the_first_bad_point_is_named_in_every_layout_at_seeded_positions():
    rng = np.random.default_rng(11)
    for trial in range(60):
        n = int(rng.integers(1, 600))
        recs = np.empty((n, 3))
        recs[:, :2] = random_points(n, 100 + trial)
        recs[:, 2] = 1234.5
        bad = sorted(rng.choice(n, size=min(n, 2), replace=False))
        col, value = (0, [91.0, np.nan, -np.inf][trial % 3]) if trial % 2 else (1, [180.5, np.nan, np.inf][trial % 3])
        for b in bad:
            recs[b, col] = value
        pairs = np.ascontiguousarray(recs[:, :2])
        layouts = {"columns": (pairs[:, 0].copy(), pairs[:, 1].copy()), "interleaved": (pairs[:, 0], pairs[:, 1]),
                   "records of 24 bytes": (recs[:, 0], recs[:, 1])}
        for name, (lat, lon) in layouts.items():
            with pytest.raises(gk.InvalidArgumentError, match=rf"point {bad[0]}:") as e:
                gk.haversine_distances(48.85, 2.35, lat, lon)
            assert ("latitude" if col == 0 else "longitude") in str(e.value), name


def test_output_buffer_is_used_without_copy():
    pts = random_points(100, 3)
    out = np.empty(100)
    res = gk.haversine_distances(0.0, 0.0, pts[:, 0], pts[:, 1], out=out)
    assert res is out


def test_point_in_circle_equals_brute_force():
    pts = random_points(20_000, 4)
    for clat, clon, r in [(45.0, 7.0, 2_000_000.0), (0.0, 179.0, 5_000_000.0), (90.0, 0.0, 3e6)]:
        mask = gk.circle_contains(clat, clon, r, pts[:, 0], pts[:, 1])
        assert mask.dtype == np.bool_
        scalar = np.array([gk_scalar(clat, clon, a, b) <= r for a, b in pts])
        assert np.array_equal(mask, scalar)
        ref = np_haversine(clat, clon, pts[:, 0], pts[:, 1])
        clear = np.abs(ref - r) > 1e-6 * r  # away from the boundary numpy agrees too
        assert np.array_equal(mask[clear], (ref <= r)[clear])


def gk_scalar(lat1, lon1, lat2, lon2):
    from ctypes import byref, c_double
    from geokernel._lib import check, context, lib
    out = c_double()
    ctx = context()
    check(lib.gk_haversine(ctx, lat1, lon1, lat2, lon2, byref(out)), ctx)
    return out.value


def test_array_likes_are_accepted_and_float64_columns_read_in_place():
    pts = random_points(10, 5)
    expected = gk.haversine_distances(1, 2, pts[:, 0], pts[:, 1])
    # Lists, int and float32 arrays, unequal strides, reversed views: converted, same answer.
    for lat, lon in [
        (list(pts[:, 0]), list(pts[:, 1])),
        (pts[:, 0].astype(np.float32), pts[:, 1].astype(np.float32)),
        (pts[:, 0], pts[:, 1].copy()),
        (pts[::-1, 0][::-1], pts[::-1, 1][::-1]),
        (pts[:, 0].astype(">f8"), pts[:, 1].astype(">f8")),
    ]:
        got = gk.haversine_distances(1, 2, lat, lon)
        if np.asarray(lat).dtype == np.float32:
            np.testing.assert_allclose(got, expected, rtol=1e-6)
        else:
            np.testing.assert_array_equal(got, expected)
    ints = gk.haversine_distances(0, 0, np.array([0, 0]), np.array([0, 1]))
    assert ints[0] == 0.0 and abs(ints[1] - np.radians(1) * R) < 1e-6
    # A float64 column is read where it is: the C call sees the caller's own buffer.
    from geokernel._core import _columns
    (a, b), n, stride = _columns(("lat", "lon"), (pts[:, 0], pts[:, 1]))
    assert a.ctypes.data == pts[:, 0].ctypes.data and b.ctypes.data == pts[:, 1].ctypes.data
    assert n == 10 and stride == 16
    # copy=True asks for contiguous copies anyway.
    (a, b), _, stride = _columns(("lat", "lon"), (pts[:, 0], pts[:, 1]), copy=True)
    assert a.ctypes.data != pts[:, 0].ctypes.data and stride == 8
    # What holds no real numbers, or is not 1-D, or has unequal lengths is refused.
    with pytest.raises(TypeError, match="real numbers"):
        gk.haversine_distances(0, 0, ["a", "b"], [1.0, 2.0])
    with pytest.raises(TypeError, match="real numbers"):
        gk.haversine_distances(0, 0, np.array([1j, 2j]), [1.0, 2.0])
    with pytest.raises(TypeError, match="real numbers"):
        gk.haversine_distances(0, 0, [True, False], [1.0, 2.0])
    with pytest.raises(ValueError, match="1-D"):
        gk.haversine_distances(0, 0, pts, pts)
    with pytest.raises(ValueError, match="differ in length"):
        gk.haversine_distances(0, 0, pts[:, 0], pts[:5, 1])
    # The caller's arrays come back unchanged.
    before = pts.copy()
    gk.haversine_distances(0, 0, pts[:, 0].astype(np.float32), pts[:, 1])
    np.testing.assert_array_equal(pts, before)


def test_pandas_series_are_read_without_a_copy():
    pd = pytest.importorskip("pandas")
    pts = random_points(10, 6)
    frame = pd.DataFrame({"lat": pts[:, 0], "lon": pts[:, 1]})
    got = gk.haversine_distances(1, 2, frame["lat"], frame["lon"])
    np.testing.assert_array_equal(got, gk.haversine_distances(1, 2, pts[:, 0].copy(), pts[:, 1].copy()))
    from geokernel._core import _columns
    (a, b), n, _ = _columns(("lat", "lon"), (frame["lat"], frame["lon"]))
    assert n == 10 and np.shares_memory(a, frame["lat"].to_numpy()) and np.shares_memory(b, frame["lon"].to_numpy())


def test_empty_arrays():
    e = np.empty(0)
    assert gk.haversine_distances(0, 0, e, e).shape == (0,)
    assert gk.circle_contains(0, 0, 1, e, e).shape == (0,)


def test_simplify_geographic_and_planar():
    # a straight meridian with a bump: the bump survives, the collinear points go
    lat = np.linspace(0.0, 1.0, 101)
    lon = np.zeros(101)
    lon[50] = 0.01  # about 1.1 km east
    kept = gk.simplify_geographic(lat, lon, 10.0)
    assert kept.tolist() == [0, 49, 50, 51, 100]  # the spike and its two flanks
    assert gk.simplify_geographic(lat, lon, 5_000.0).tolist() == [0, 100]
    xy = np.column_stack([np.arange(5.0), [0.0, 0.0, 3.0, 0.0, 0.0]])
    assert gk.simplify_planar(xy[:, 0], xy[:, 1], 1.0).tolist() == [0, 2, 4]  # (1, 0) is 0.83 from (0,0)-(2,3)
    assert gk.simplify_planar(xy[:, 0], xy[:, 1], 0.5).tolist() == [0, 1, 2, 3, 4]
    assert gk.simplify_planar(xy[:, 0], xy[:, 1], 10.0).tolist() == [0, 4]


def test_unit_vectors_decide_as_the_batch_kernel_and_a_clone_transforms_alike():
    pts = random_points(5000, 77)
    with gk.UnitVectors(pts[:, 0], pts[:, 1]) as uv:
        assert len(uv) == 5000
        for lat, lon, r in ((10, 20, 1e6), (89.9, 0, 5e5), (0, 179.9, 3e5)):
            want = gk.circle_contains(lat, lon, r, pts[:, 0], pts[:, 1])
            assert (uv.contains(lat, lon, r) == want).all()
        with pytest.raises(gk.InvalidArgumentError):
            uv.contains(0, 0, -1)
    t = gk.Transformer("EPSG:4326", "EPSG:3857")
    twin = t.clone()
    t.close()
    assert twin.transform_point(2.0, 48.0) == pytest.approx((222638.98, 6106854.83), abs=0.01)
    twin.close()


def test_geodesic_distances_are_within_8_nm_of_the_scalar_inverse_and_15_nm_of_pyproj():
    pyproj = pytest.importorskip("pyproj")
    rng = np.random.default_rng(2511)
    lat = np.degrees(np.arcsin(rng.uniform(-1, 1, 2000)))
    lon = rng.uniform(-180, 180, 2000)
    lat[:2] = [90, -90]
    lat[2], lon[2] = -47.3769, -171.4583  # the origin's antipode
    d = gk.geodesic_distances(47.3769, 8.5417, lat, lon)
    for i in range(0, 2000, 97):
        assert abs(d[i] - gk.geodesic_inverse(47.3769, 8.5417, lat[i], lon[i]).distance_m) <= 8e-9
    _, _, ref = pyproj.Geod(ellps="WGS84").inv(np.full(2000, 8.5417), np.full(2000, 47.3769), lon, lat)
    assert np.max(np.abs(d - ref)) <= 15e-9
    with pytest.raises(gk.InvalidArgumentError, match="point 3"):
        gk.geodesic_distances(0, 0, np.array([0, 1, 2, 95.0]), np.zeros(4))


def test_geodesic_destinations_are_within_8_nm_of_the_scalar_direct_and_15_nm_of_pyproj():
    pyproj = pytest.importorskip("pyproj")
    rng = np.random.default_rng(2512)
    azi = rng.uniform(-180, 180, 2003)
    s12 = rng.uniform(0, 1.8e7, 2003)
    s12[:3] = [1.95e7, -5e6, 0]  # beyond the kernel's range (scalar), backwards, nowhere
    lat, lon, azi2 = gk.geodesic_destinations(47.3769, 8.5417, azi, s12)
    for i in list(range(0, 2003, 89)) + [0, 1, 2, 2002]:
        d = gk.geodesic_direct(47.3769, 8.5417, azi[i], s12[i])
        assert gk.geodesic_inverse(d.lat, d.lon, lat[i], lon[i]).distance_m <= 8e-9
        assert min(abs(azi2[i] - d.azimuth2_deg), 360 - abs(azi2[i] - d.azimuth2_deg)) <= 1e-9
    geod = pyproj.Geod(ellps="WGS84")
    ref_lon, ref_lat, _ = geod.fwd(np.full(2003, 8.5417), np.full(2003, 47.3769), azi, s12)
    _, _, apart = geod.inv(lon, lat, ref_lon, ref_lat)
    assert np.max(np.abs(apart)) <= 15e-9
    assert np.all((lon >= -180) & (lon <= 180)) and np.all((azi2 >= 0) & (azi2 < 360))
    with pytest.raises(gk.InvalidArgumentError, match="distance 2"):
        gk.geodesic_destinations(0, 0, [0, 90, 180], [1, 2, np.inf])
    with pytest.raises(ValueError, match="3 azimuths but 2 distances"):
        gk.geodesic_destinations(0, 0, [0, 90, 180], [1, 2])
