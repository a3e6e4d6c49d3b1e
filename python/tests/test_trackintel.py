"""geokernel.trackintel.generate_staypoints against the real trackintel 1.4.2 (installed in the
test venv from PyPI, pinned): the same frames on every trace of ../shared/data/traces."""
import warnings
import xml.etree.ElementTree as ET

import numpy as np
import pandas as pd
import pytest

geopandas = pytest.importorskip("geopandas")
ti = pytest.importorskip("trackintel")

import geokernel.trackintel as gkt  # noqa: E402


def gpx_positionfixes(path, user_id=0):
    """A GPX file's timed track points as trackintel positionfixes (elevation when present)."""
    rows = []
    for el in ET.parse(path).iter():
        if el.tag.split("}")[-1] != "trkpt":
            continue
        kids = {c.tag.split("}")[-1]: c.text for c in el}
        if not kids.get("time"):
            continue
        rows.append((float(el.get("lat")), float(el.get("lon")), kids["time"].strip(),
                     float(kids["ele"]) if kids.get("ele") else 0.0))
    df = pd.DataFrame(rows, columns=["lat", "lon", "time", "elevation"])
    gdf = geopandas.GeoDataFrame(
        {"user_id": user_id, "tracked_at": pd.to_datetime(df["time"], utc=True), "elevation": df["elevation"]},
        geometry=geopandas.points_from_xy(df["lon"], df["lat"]), crs="EPSG:4326")
    gdf.index.name = "id"
    return ti.Positionfixes(gdf.rename_geometry("geom"))


def all_traces(shared):
    traces = {}
    for name in ("google_trajectory", "posmo_trajectory"):
        traces[name] = ti.read_positionfixes_csv(shared / "traces" / "trackintel" / f"{name}.csv", sep=";",
                                                 index_col=None, crs="EPSG:4326")
    for path in sorted((shared / "traces").glob("*/*.gpx")):
        traces[path.stem] = gpx_positionfixes(path)
    return traces


PARAMS = [dict(), dict(dist_threshold=50, time_threshold=1.0), dict(include_last=True),
          dict(dist_threshold=200, time_threshold=2.5, gap_threshold=1.0, include_last=True)]


def assert_same(ours, theirs, exact=None):
    (o_pfs, o_sp), (t_pfs, t_sp) = ours, theirs
    assert type(o_pfs) is type(t_pfs) and type(o_sp) is type(t_sp)
    pd.testing.assert_frame_equal(o_pfs, t_pfs)
    geo = t_sp.geometry.name
    pd.testing.assert_frame_equal(o_sp.drop(columns=geo), t_sp.drop(columns=geo))
    assert o_sp.crs == t_sp.crs
    # the kernel's centroids: the same formula, summed in time order (last-bit differences)
    assert np.allclose(o_sp.geometry.get_coordinates().to_numpy(), t_sp.geometry.get_coordinates().to_numpy(),
                       rtol=0, atol=1e-12)
    if exact is not None:  # with exact_centroids: the whole frames, geometry bit for bit
        pd.testing.assert_frame_equal(exact[1], t_sp, check_exact=True)
        pd.testing.assert_frame_equal(exact[0], t_pfs)


def run_both(pfs, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = ti.preprocessing.generate_staypoints(pfs, method="sliding", **kw)
        ours = gkt.generate_staypoints(pfs, method="sliding", **kw)
        exact = gkt.generate_staypoints(pfs, method="sliding", exact_centroids=True, **kw)
    return ours, theirs, exact


@pytest.mark.parametrize("kw", PARAMS, ids=lambda kw: ",".join(f"{k}={v}" for k, v in kw.items()) or "defaults")
def test_staypoints_equal_trackintel_on_every_shared_trace(shared, kw):
    traces = all_traces(shared)
    assert len(traces) >= 6
    found = 0
    for name, pfs in traces.items():
        ours, theirs, exact = run_both(pfs, **kw)
        assert_same(ours, theirs, exact)
        found += len(theirs[1])
    assert found > 20


def test_several_users_shuffled_rows_and_duplicates_equal_trackintel(shared):
    traces = all_traces(shared)
    frames = []
    for uid, pfs in enumerate(traces.values()):
        f = pd.DataFrame(pfs.drop(columns=[c for c in pfs.columns if c not in ("tracked_at", "geom")]))
        f["user_id"] = uid
        frames.append(f)
    big = pd.concat(frames, ignore_index=True)
    big = pd.concat([big, big.iloc[::50]], ignore_index=True)  # exact duplicate rows
    rng = np.random.default_rng(5)
    big = big.iloc[rng.permutation(len(big))].reset_index(drop=True)
    big.index.name = "id"
    pfs = ti.Positionfixes(geopandas.GeoDataFrame(big, geometry="geom", crs="EPSG:4326"))
    with pytest.warns(UserWarning, match="duplicates were dropped"):
        gkt.generate_staypoints(pfs)
    for kw in PARAMS:
        assert_same(*run_both(pfs, **kw))
    # an index that is not in row order (trackintel sorts by it before sorting by time)
    shuffled = pfs.copy()
    shuffled.index = pd.Index(rng.permutation(len(shuffled)), name="id")
    for kw in PARAMS[:2]:
        assert_same(*run_both(shuffled, **kw))


def test_equal_times_at_other_places_and_exact_repeats_are_decided_as_trackintel_does():
    rng = np.random.default_rng(11)
    n = 3000
    t = pd.Timestamp("2024-05-01", tz="UTC") + pd.to_timedelta(np.cumsum(rng.choice([0, 0, 7, 30, 61, 400], n)), "s")
    moving = (np.arange(n) // 40) % 2 == 1  # 40 fixes lingering, 40 travelling, ...
    lat = 47 + np.cumsum(np.where(moving, rng.choice([0, 1e-3, 2e-3], n), rng.choice([0, 0, 1e-5, -1e-5, 1e-4, -1e-4], n)))
    lon = 8 + np.cumsum(np.where(moving, rng.choice([0, 1e-3], n), rng.choice([0, 0, -1e-5, 1e-4, -1e-4], n)))
    repeat = rng.random(n) < 0.1  # exact repeats of the previous fix, with another accuracy
    lat[1:][repeat[1:]] = lat[:-1][repeat[1:]]
    lon[1:][repeat[1:]] = lon[:-1][repeat[1:]]
    t = t.to_numpy()
    t[1:][repeat[1:]] = t[:-1][repeat[1:]]
    gdf = geopandas.GeoDataFrame({"user_id": np.arange(n) * 3 // n, "tracked_at": pd.to_datetime(t, utc=True),
                                  "accuracy": rng.integers(1, 50, n), "elevation": rng.normal(400, 5, n)},
                                 geometry=geopandas.points_from_xy(lon, lat), crs="EPSG:4326")
    gdf.index.name = "id"
    pfs = ti.Positionfixes(gdf.rename_geometry("geom"))
    for kw in PARAMS + [dict(exclude_duplicate_pfs=False)]:
        ours, theirs, exact = run_both(pfs, **kw)
        assert len(theirs[1]) > 10 or kw.get("gap_threshold") == 1.0  # 1-minute gaps end every stay here
        assert_same(ours, theirs, exact)


def test_a_plain_dataframe_with_lat_lon_columns_gives_the_same_stays(shared):
    pfs = all_traces(shared)["google_trajectory"]
    plain = pd.DataFrame({"user_id": pfs["user_id"], "tracked_at": pfs["tracked_at"],
                          "lat": pfs.geometry.y, "lon": pfs.geometry.x})
    _, sp = gkt.generate_staypoints(plain)
    _, ref = ti.preprocessing.generate_staypoints(pfs)
    assert list(sp.columns) == ["user_id", "started_at", "finished_at", "lat", "lon"]
    pd.testing.assert_series_equal(sp["started_at"], ref["started_at"])
    assert np.allclose(sp["lat"], ref.geometry.y, atol=1e-12)


def test_the_callers_positionfixes_are_left_unchanged(shared):
    """generate_staypoints works on a shallow copy: columns are added or dropped there, never
    written in place, so the caller's frame keeps its columns and values (here with a
    staypoint_id column already there and duplicate rows dropped)."""
    pfs = gpx_positionfixes(sorted((shared / "traces").glob("*/*.gpx"))[0])
    pfs = ti.Positionfixes(pd.concat([pfs, pfs.iloc[:5]]).sort_values("tracked_at", kind="stable"))
    pfs["staypoint_id"] = pd.array(np.full(len(pfs), 7), dtype="Int64")
    before = pfs.copy(deep=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out, _ = gkt.generate_staypoints(pfs)
    pd.testing.assert_frame_equal(pfs, before, check_exact=True)
    assert out is not pfs and len(out) == len(pfs) - 5


def test_bad_input_is_refused_with_a_clear_message(shared):
    pfs = all_traces(shared)["google_trajectory"]
    with pytest.raises(ValueError, match="sliding"):
        gkt.generate_staypoints(pfs, method="dbscan")
    with pytest.raises(ValueError, match="haversine"):
        gkt.generate_staypoints(pfs, distance_metric="euclidean")
    with pytest.raises(ValueError, match="geographic CRS"):
        gkt.generate_staypoints(pfs.to_crs(2056))
    naive = pd.DataFrame({"user_id": [1], "tracked_at": [pd.Timestamp("2024-01-01")], "lat": [1.0], "lon": [2.0]})
    with pytest.raises(ValueError, match="timezone-aware"):
        gkt.generate_staypoints(naive)


def test_generate_staypoints_takes_trackintels_own_signature():
    """Every parameter of trackintel 1.4.2's generate_staypoints, in its order, with its
    default; geokernel adds only the keyword-only exact_centroids."""
    import inspect
    import trackintel as ti
    import geokernel.trackintel as gkt
    theirs = inspect.signature(ti.preprocessing.generate_staypoints).parameters
    ours = inspect.signature(gkt.generate_staypoints).parameters
    assert list(ours)[:len(theirs)] == list(theirs)
    for name, p in theirs.items():
        assert ours[name].default == p.default, name
        assert ours[name].kind == p.kind, name
    assert list(ours)[len(theirs):] == ["exact_centroids"]
    assert ours["exact_centroids"].kind is inspect.Parameter.KEYWORD_ONLY
