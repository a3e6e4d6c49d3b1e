import numpy as np
import pytest

import geokernel as gk
from test_kernels import np_haversine, random_points


@pytest.fixture(scope="module")
def pts():
    return random_points(10_000, 42)


def test_nearest_equals_brute_force(pts):
    rng = np.random.default_rng(43)
    with gk.SpatialIndex(pts[:, 0], pts[:, 1]) as ix:
        assert len(ix) == 10_000
        for _ in range(50):
            qlat, qlon = float(np.degrees(np.arcsin(rng.uniform(-1, 1)))), float(rng.uniform(-180, 180))
            ids, m = ix.nearest(qlat, qlon, k=10)
            ref = np_haversine(qlat, qlon, pts[:, 0], pts[:, 1])
            order = np.lexsort((np.arange(len(ref)), ref))[:10]
            assert ids.dtype == np.uint32 and m.dtype == np.float64
            assert np.allclose(m, ref[order], rtol=0, atol=1e-6)
            assert set(ids.tolist()) == set(order.tolist()) or np.allclose(ref[ids], ref[order], atol=1e-6)


def test_within_grows_its_buffer(pts):
    ix = gk.SpatialIndex(pts[:, 0], pts[:, 1])
    ids, m = ix.within(0.0, 0.0, 5_000_000.0)  # far more than the first capacity (64)
    ref = np_haversine(0.0, 0.0, pts[:, 0], pts[:, 1])
    assert sorted(ids.tolist()) == np.flatnonzero(ref <= 5_000_000.0).tolist()
    assert np.all(np.diff(m) >= 0)
    u_ids, _ = ix.within(0.0, 0.0, 5_000_000.0, sort=False)
    assert sorted(u_ids.tolist()) == sorted(ids.tolist())
    assert ix.nearest(0.0, 0.0, k=0)[0].shape == (0,)
    assert len(ix.nearest(0.0, 0.0, k=1_000_000)[0]) == 10_000
    ix.close()


def test_insert_remove_save_load(pts, tmp_path):
    ix = gk.SpatialIndex(pts[:100, 0], pts[:100, 1])
    new = ix.insert(10.0, 10.0)
    assert new == 100
    assert ix.nearest(10.0, 10.0)[0].tolist() == [100]
    ix.remove(new)
    with pytest.raises(gk.NotFoundError):
        ix.remove(new)
    path = tmp_path / "pts.gkidx"
    ix.save(path)
    ix2 = gk.SpatialIndex.load(path)
    assert len(ix2) == 100
    assert ix2.nearest(1.0, 2.0, k=5)[0].tolist() == ix.nearest(1.0, 2.0, k=5)[0].tolist()
    ix.close(); ix2.close(); ix2.close()
    with pytest.raises(gk.MisuseError):
        len(ix2)


def test_numpy_scalars_and_ids_are_accepted(pts):
    ix = gk.SpatialIndex(pts[:50, 0], pts[:50, 1])
    ids, _ = ix.nearest(np.float32(1.5), np.float64(2.5), k=np.int64(3))
    ix.remove(ids[0])  # a numpy uint32
    assert len(ix) == 49
    ix.close()


def test_many_threads_query_one_index(pts):
    import threading
    ix = gk.SpatialIndex(pts[:, 0], pts[:, 1])
    want = ix.nearest(10.0, 20.0, k=7)[0].tolist()
    results, errs = [], []

    def work():
        try:
            for _ in range(200):
                results.append(ix.nearest(10.0, 20.0, k=7)[0].tolist() == want)
        except Exception as e:  # pragma: no cover
            errs.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errs and len(results) == 800 and all(results)
    ix.close()


def test_unclosed_index_is_freed_by_its_finalizer(pts):
    import gc
    ix = gk.SpatialIndex(pts[:10, 0], pts[:10, 1])
    fin = ix._finalizer
    assert fin.alive
    del ix
    gc.collect()
    assert not fin.alive


def test_close_while_other_threads_query_waits_for_them(pts):
    import threading
    import time
    ix = gk.SpatialIndex(pts[:, 0], pts[:, 1])
    ok, refused, other = [0], [0], []
    start = threading.Event()

    def work():
        start.wait()
        while True:
            try:
                ix.within(0.0, 0.0, 3_000_000.0)
                ok[0] += 1
            except gk.MisuseError:
                refused[0] += 1
                return
            except Exception as e:  # pragma: no cover
                other.append(e)
                return

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    start.set()
    time.sleep(0.05)
    ix.close()
    for t in threads:
        t.join()
    assert not other and refused[0] == 3 and ok[0] > 0 and ix.closed
