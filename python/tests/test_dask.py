"""geokernel.dask on a dask.distributed.LocalCluster with two worker processes: the results
are identical to the single-process ones."""
import numpy as np
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")

import geokernel as gk  # noqa: E402
import geokernel.dask as gkd  # noqa: E402
from geokernel.frames import sjoin_nearest  # noqa: E402
from geokernel.trackintel import generate_staypoints  # noqa: E402
from conftest import read_gpx  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, silence_logs=40)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def fleet(shared):
    """The shared GPX traces as users, each also shifted in time and space to make more users."""
    frames = []
    uid = 0
    for path in sorted((shared / "traces").glob("*/*.gpx")):
        lat, lon, t = read_gpx(path)
        for shift in range(3):
            frames.append(pd.DataFrame({"user_id": uid, "tracked_at": pd.to_datetime(t + 86400 * shift, unit="s", utc=True),
                                        "lat": lat + 0.01 * shift, "lon": lon}))
            uid += 1
    return pd.concat(frames, ignore_index=True)


def test_stays_on_two_worker_processes_equal_the_single_process_result(shared, client):
    fixes = fleet(shared)
    rng = np.random.default_rng(3)
    fixes = fixes.iloc[rng.permutation(len(fixes))].reset_index(drop=True)  # users spread over every partition
    ddf = dd.from_pandas(fixes, npartitions=6, sort=False)
    ours = gkd.compute_staypoints(ddf)
    pfs, ref = generate_staypoints(fixes)
    assert len(ref) > 20
    pd.testing.assert_frame_equal(ours[["user_id", "started_at", "finished_at", "lat", "lon"]],
                                  ref[["user_id", "started_at", "finished_at", "lat", "lon"]])
    n_fixes = pfs["staypoint_id"].value_counts().sort_index().to_numpy()
    assert ours["n_fixes"].tolist() == n_fixes.tolist()
    # already partitioned by user: no shuffle, the same result
    by_user = dd.from_pandas(fixes.set_index("user_id").sort_index(), npartitions=4)
    pd.testing.assert_frame_equal(gkd.compute_staypoints(by_user, dist_threshold=100), ours)


def test_nearest_join_on_two_workers_loads_the_index_once_per_worker(client, tmp_path):
    rng = np.random.default_rng(9)
    right_lat = np.degrees(np.arcsin(rng.uniform(-1, 1, 50_000)))
    right_lon = rng.uniform(-180, 180, 50_000)
    path = gkd.build_index(right_lat, right_lon, tmp_path / "places.gkidx")
    left = pd.DataFrame({"lat": np.degrees(np.arcsin(rng.uniform(-1, 1, 8000))),
                         "lon": rng.uniform(-180, 180, 8000), "trip": np.arange(8000)})
    joined = gkd.sjoin_nearest(dd.from_pandas(left, npartitions=8), path, k=5).compute()
    single = sjoin_nearest(left, index=path, k=5)
    pd.testing.assert_frame_equal(joined, single)
    loaded = client.run(lambda: len(__import__("geokernel.dask").dask._INDEXES))
    assert sorted(loaded.values()) == [1, 1]  # each worker process loaded it once, for 8 tasks
    # a second join reuses the loaded index
    gkd.sjoin_nearest(dd.from_pandas(left.head(100), npartitions=2), path, k=1).compute()
    assert sorted(client.run(lambda: len(__import__("geokernel.dask").dask._INDEXES)).values()) == [1, 1]
    with gk.SpatialIndex.load(path) as ix:
        ids, m = ix.nearest(left["lat"][0], left["lon"][0], k=5)
    assert joined.loc[0, "index_right"].tolist() == ids.tolist()
