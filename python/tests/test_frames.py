"""geokernel.frames: the k-nearest join (brute force on seeded random data) and the
movingpandas-style stops (the bus trace against its GTFS stops and against movingpandas)."""
import datetime as dt
import math
import warnings

import numpy as np
import pandas as pd
import pytest

import geokernel as gk
from conftest import read_gpx
from test_kernels import np_haversine

geopandas = pytest.importorskip("geopandas")
import geokernel.frames as fr  # noqa: E402


def random_frame(n, seed, geo=True):
    rng = np.random.default_rng(seed)
    lat = np.degrees(np.arcsin(rng.uniform(-1, 1, n)))
    lon = rng.uniform(-180, 180, n)
    if geo:
        return geopandas.GeoDataFrame({"name": [f"p{i}" for i in range(n)], "value": rng.normal(size=n)},
                                      geometry=geopandas.points_from_xy(lon, lat), crs="EPSG:4326",
                                      index=pd.Index(rng.permutation(n) + 1000, name="pid"))
    return pd.DataFrame({"lat": lat, "lon": lon, "value": rng.normal(size=n)})


def brute(left_lat, left_lon, right_lat, right_lon, k):
    out = []
    for a, b in zip(left_lat, left_lon):
        d = np_haversine(a, b, right_lat, right_lon)
        order = np.lexsort((np.arange(len(d)), d))[:k]
        out.append((order, d[order]))
    return out


@pytest.mark.parametrize("k", [1, 10])
def test_k_nearest_join_equals_brute_force_on_seeded_random_points(k):
    left, right = random_frame(300, 1), random_frame(5000, 2)
    joined = fr.sjoin_nearest(left, right, k=k)
    assert len(joined) == 300 * k
    assert list(joined.columns[:3]) == ["name_left", "value_left", "geometry"]
    assert {"index_right", "name_right", "value_right", "distance_m"} <= set(joined.columns)
    ref = brute(left.geometry.y, left.geometry.x, right.geometry.y.to_numpy(), right.geometry.x.to_numpy(), k)
    pos = {label: i for i, label in enumerate(right.index)}
    for i, (ids, d) in enumerate(ref):
        rows = joined.iloc[i * k:(i + 1) * k]
        assert (rows.index == left.index[i]).all()
        assert np.allclose(rows["distance_m"].to_numpy(), d, rtol=0, atol=1e-6)
        got = [pos[r] for r in rows["index_right"]]
        assert np.allclose(np_haversine(left.geometry.y.iloc[i], left.geometry.x.iloc[i],
                                        right.geometry.y.to_numpy()[got], right.geometry.x.to_numpy()[got]), d, atol=1e-6)
        assert (rows["name_right"].to_numpy() == right["name"].to_numpy()[got]).all()


def test_join_with_a_saved_index_and_a_distance_limit(tmp_path):
    left, right = random_frame(200, 3, geo=False), random_frame(2000, 4, geo=False)
    ix = gk.SpatialIndex(right["lat"].to_numpy(), right["lon"].to_numpy())
    path = tmp_path / "right.gkidx"
    ix.save(path)
    a = fr.sjoin_nearest(left, right, k=3, max_distance_m=300_000, index=path)
    b = fr.sjoin_nearest(left, right, k=3, max_distance_m=300_000, index=ix)
    pd.testing.assert_frame_equal(a, b)
    assert (a["distance_m"] <= 300_000).all()
    ref = brute(left["lat"], left["lon"], right["lat"].to_numpy(), right["lon"].to_numpy(), 3)
    assert len(a) == sum(int((d <= 300_000).sum()) for _, d in ref)
    only_ids = fr.sjoin_nearest(left, index=ix, k=1)
    assert only_ids["index_right"].tolist() == [int(ids[0]) for ids, _ in ref]


def test_join_refuses_bad_input():
    left = random_frame(5, 5, geo=False)
    with pytest.raises(ValueError, match="k must be"):
        fr.sjoin_nearest(left, left, k=0)
    bad = left.copy()
    bad.loc[2, "lat"] = 95.0
    with pytest.raises(gk.InvalidArgumentError, match="query point 2"):
        fr.sjoin_nearest(bad, left)
    with pytest.raises(ValueError, match="geographic CRS"):
        fr.sjoin_nearest(random_frame(5, 6).to_crs(3857), random_frame(5, 7))


@pytest.fixture(scope="module")
def bus(shared):
    lat, lon, t = read_gpx(shared / "traces" / "movingpandas" / "304_to_UL_2019-02-18_0745.gpx")
    df = geopandas.GeoDataFrame({"t": pd.to_datetime(t, unit="s", utc=True)},
                                geometry=geopandas.points_from_xy(lon, lat), crs="EPSG:4326").set_index("t")
    gtfs = pd.read_csv(shared / "traces" / "movingpandas" / "stops_304_to_ul.csv")
    return df, gtfs


def test_stops_of_the_304_bus_are_at_its_bus_stops(bus):
    df, gtfs = bus
    stops = fr.detect_stops(df, max_diameter=30, min_duration=dt.timedelta(seconds=15))
    assert list(stops.columns) == ["start_time", "end_time", "traj_id", "duration_s", "lat", "lon", "geometry"]
    assert (stops["duration_s"] >= 15).all() and (stops["end_time"] > stops["start_time"]).all()
    assert stops["start_time"].is_monotonic_increasing
    near = [gk.haversine_distances(a, b, gtfs["lat"].to_numpy(), gtfs["lon"].to_numpy()).min()
            for a, b in zip(stops["lat"], stops["lon"])]
    at_stop = np.array(near) < 50
    # most stops are at a GTFS stop; the others are traffic lights and the terminus
    assert at_stop.sum() >= 0.7 * len(stops) and at_stop.sum() >= 20
    served = {int(np.argmin(gk.haversine_distances(a, b, gtfs["lat"].to_numpy(), gtfs["lon"].to_numpy())))
              for a, b, ok in zip(stops["lat"], stops["lon"], at_stop) if ok}
    assert len(served) >= 20
    # the centroid is the stop's own fixes' mean position
    first = stops.iloc[0]
    inside = df.loc[first["start_time"]:first["end_time"]]
    assert gk.haversine(first["lat"], first["lon"], inside.geometry.y.mean(), inside.geometry.x.mean()) < 15


def test_stops_overlap_movingpandas_stops(bus):
    mpd = pytest.importorskip("movingpandas")
    df, _ = bus
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = mpd.TrajectoryStopDetector(mpd.Trajectory(df, 1)).get_stop_points(
            max_diameter=30, min_duration=dt.timedelta(seconds=15))
    ours = fr.detect_stops(df, max_diameter=30, min_duration=15.0)
    start, end = ours["start_time"].dt.tz_localize(None), ours["end_time"].dt.tz_localize(None)  # theirs: naive UTC
    overlapping = sum(((theirs["start_time"] <= e) & (theirs["end_time"] >= s)).any() for s, e in zip(start, end))
    assert overlapping >= 0.9 * len(ours)
    assert 0.6 * len(theirs) <= len(ours) <= 1.2 * len(theirs)


def test_stops_per_trajectory_and_from_plain_columns():
    base = pd.Timestamp("2024-01-01 08:00", tz="UTC")
    rows = []
    for traj, lat0 in (("a", 47.0), ("b", 48.0)):
        for i in range(30):
            moving = 10 <= i < 20
            rows.append((traj, base + pd.Timedelta(seconds=10 * i), lat0 + (i - 9) * 1e-3 * moving + 1e-3 * 10 * (i >= 20), 8.0))
    df = pd.DataFrame(rows, columns=["traj", "time", "lat", "lon"])
    stops = fr.detect_stops(df, max_diameter=20, min_duration=60, time_col="time", traj_id_col="traj")
    assert stops["traj_id"].tolist() == ["a", "a", "b", "b"]
    assert stops["duration_s"].tolist() == [90.0, 100.0, 90.0, 100.0]  # fix 19 is already at the last stop
    assert "geometry" not in stops.columns
    assert math.isclose(stops["lat"].iloc[0], 47.0)


def test_nearest_ids_on_two_threads_equal_one_thread():
    rng = np.random.default_rng(12)
    lat, lon = np.degrees(np.arcsin(rng.uniform(-1, 1, 20_000))), rng.uniform(-180, 180, 20_000)
    with gk.SpatialIndex(lat, lon) as ix:
        one = fr.nearest_ids(ix, lat[:999], lon[:999], 4)
        two = fr.nearest_ids(ix, lat[:999], lon[:999], 4, threads=2)
        for a, b in zip(one, two):
            assert (a == b).all()
        assert (one[0][:, 0] == np.arange(999)).all() and (one[1][:, 0] == 0).all()
