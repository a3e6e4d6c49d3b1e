"""GeoKernel's Python bindings beside the tools people use, in the same run (make python-bench).

Each case prints one line: the case, its size, GeoKernel's time, the baseline's time and the
ratio (baseline / GeoKernel; > 1 means GeoKernel is faster). Times are the minimum of
--repeat runs (one run for the slow baselines), measured with time.perf_counter; inputs are
made before timing and results are checked after it. The machine may be shared: the figures
are only comparable within one run.

    python bench.py [--quick] [--only stays,knn,proj,dist,dask,polygon] [--fleet N] [--wheel-python PY]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import warnings

import numpy as np
import pandas as pd

import geokernel as gk

R = gk.EARTH_MEAN_RADIUS_M


def best(fn, repeat):
    times = []
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return min(times), out


def line(case, size, ours, base, base_name, who="geokernel"):
    print(f"{case:<34} {size:>12}  {who:<9} {ours * 1e3:10.2f} ms   {base_name:<22} {base * 1e3:10.2f} ms"
          f"   x{base / ours:8.1f}", flush=True)


def synthetic_fleet(users, fixes_per_user, seed=0, first_user=0):
    """A fleet of users alternating 30-fix stays (jitter of a few metres) and 30-fix trips
    (about 100 m per fix), a fix every 5-30 s; user_id, tracked_at (UTC), lat, lon."""
    rng = np.random.default_rng(seed)
    n = users * fixes_per_user
    step = np.arange(fixes_per_user)
    moving = (step // 30) % 2 == 1
    frames = []
    for u in range(users):
        lat0, lon0 = rng.uniform(40, 55), rng.uniform(-5, 20)
        dlat = np.where(moving, rng.normal(6e-4, 2e-4, fixes_per_user), rng.normal(0, 2e-5, fixes_per_user))
        dlon = np.where(moving, rng.normal(6e-4, 2e-4, fixes_per_user), rng.normal(0, 2e-5, fixes_per_user))
        lat = lat0 + np.cumsum(dlat) % 10
        lon = lon0 + np.cumsum(dlon) % 10
        t = 1_700_000_000 + np.cumsum(rng.integers(5, 31, fixes_per_user))
        frames.append(pd.DataFrame({"user_id": first_user + u, "tracked_at": pd.to_datetime(t, unit="s", utc=True),
                                    "lat": lat, "lon": lon}))
    out = pd.concat(frames, ignore_index=True)
    assert len(out) == n
    return out


def bench_stays(args):
    import geopandas as gpd
    import trackintel as ti
    import geokernel.trackintel as gkt
    users = 10
    per = 1000 if args.quick else 10_000
    fixes = synthetic_fleet(users, per, seed=1)
    gdf = gpd.GeoDataFrame(fixes[["user_id", "tracked_at"]], geometry=gpd.points_from_xy(fixes["lon"], fixes["lat"]),
                           crs="EPSG:4326").rename_geometry("geom")
    gdf.index.name = "id"
    pfs = ti.Positionfixes(gdf)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours, (o_pfs, o_sp) = best(lambda: gkt.generate_staypoints(pfs), args.repeat)
        base, (t_pfs, t_sp) = best(lambda: ti.preprocessing.generate_staypoints(pfs), 1)
    assert len(o_sp) == len(t_sp) and (o_sp["started_at"].to_numpy() == t_sp["started_at"].to_numpy()).all()
    line(f"stays ({users} users, {len(t_sp)} stays)", f"{len(pfs)} fixes", ours, base, "trackintel 1.4.2")
    print(f"{'':<34} {'':>12}  geokernel {ours / len(pfs) * 1e9:10.1f} ns/fix  trackintel {base / len(pfs) * 1e6:8.2f} us/fix")


def bench_knn(args):
    from scipy.spatial import cKDTree
    from sklearn.neighbors import BallTree
    from geokernel.frames import nearest_ids
    n = 100_000 if args.quick else 1_000_000
    q = 2_000 if args.quick else 20_000
    k = 10
    rng = np.random.default_rng(2)
    lat = np.degrees(np.arcsin(rng.uniform(-1, 1, n)))
    lon = rng.uniform(-180, 180, n)
    qlat = np.degrees(np.arcsin(rng.uniform(-1, 1, q)))
    qlon = rng.uniform(-180, 180, q)
    t_build, ix = best(lambda: gk.SpatialIndex(lat, lon), 1)
    ours, (ids, metres, counts) = best(lambda: nearest_ids(ix, qlat, qlon, k), args.repeat)
    pts = np.radians(np.column_stack([lat, lon]))
    qpts = np.radians(np.column_stack([qlat, qlon]))
    b_build, tree = best(lambda: BallTree(pts, metric="haversine"), 1)
    base, (bd, bi) = best(lambda: tree.query(qpts, k=k), 1)
    assert np.allclose(bd * R, metres, atol=1e-3)
    line(f"k={k} nearest, {q} queries", f"{n} points", ours, base, "sklearn BallTree(hav)")

    def unit(la, lo):
        a, b = np.radians(la), np.radians(lo)
        return np.column_stack([np.cos(a) * np.cos(b), np.cos(a) * np.sin(b), np.sin(a)])
    k_build, kd = best(lambda: cKDTree(unit(lat, lon)), 1)
    kbase, (kdist, ki) = best(lambda: kd.query(unit(qlat, qlon), k=k), args.repeat)
    assert (np.sort(ki, axis=1) == np.sort(ids.astype(np.int64), axis=1)).mean() > 0.999
    line(f"k={k} nearest, {q} queries", f"{n} points", ours, kbase, "scipy cKDTree(3D)")
    ours2, (ids2, _, _) = best(lambda: nearest_ids(ix, qlat, qlon, k, threads=2), args.repeat)
    assert (ids2 == ids).all()
    kd_workers, _ = best(lambda: kd.query(unit(qlat, qlon), k=k, workers=2), args.repeat)
    line(f"k={k} nearest, {q} q., 2 threads", f"{n} points", ours2, kd_workers, "cKDTree(3D) workers=2")
    line("index build", f"{n} points", t_build, b_build, "BallTree build")
    line("index build", f"{n} points", t_build, k_build, "cKDTree build")
    ix.close()


def best_interleaved(fns, repeat):
    """best() for several functions whose runs alternate (a, b, c, a, b, c, ...), so that a
    change of the machine's load hits all of them alike: {name: (min seconds, last output)}."""
    times = {k: [] for k in fns}
    outs = {}
    for _ in range(repeat):
        for k, fn in fns.items():
            t = time.perf_counter()
            outs[k] = fn()
            times[k].append(time.perf_counter() - t)
    return {k: (min(v), outs[k]) for k, v in times.items()}


def bench_proj(args):
    from pyproj import Transformer as PT
    n = 100_000 if args.quick else 1_000_000
    rng = np.random.default_rng(3)
    cases = (("EPSG:3857", "EPSG:4326 -> EPSG:3857", rng.uniform(-180, 180, n), rng.uniform(-80, 80, n)),
             ("EPSG:32633", "EPSG:4326 -> EPSG:32633 (UTM)", rng.uniform(9, 21, n), rng.uniform(0, 80, n)))
    for target, case, lon, lat in cases:
        pt = PT.from_crs("EPSG:4326", target, always_xy=True)
        t = gk.Transformer("EPSG:4326", target)

        def in_place(fn):
            def once():
                x, y = lon.copy(), lat.copy()  # in place: a fresh copy each run (timed too, as pyproj allocates)
                fn(x, y)
                return x, y
            return once
        fns = {"pyproj": lambda: pt.transform(lon, lat), "ours": in_place(t.transform)}
        # The same proj_trans_generic call, raw through ctypes, on the libproj that
        # libgeokernel.so links (Debian's) and on the one pyproj's wheel carries: the first
        # ratio is GeoKernel's overhead around PROJ, the second the PROJ build's share.
        names = {"pyproj": "pyproj transform"}
        for which in ("system", "pyproj-lib"):
            raw = _raw_proj("EPSG:4326", target, which.split("-")[0])
            if raw is not None:
                fns[which] = in_place(raw)
                names[which] = f"raw PROJ {_proj_version(which.split('-')[0])}"
        # The installed wheel's geokernel (its own libgeokernel.so, the PROJ it carries and its
        # proj.db) in a process of its own, driven through a pipe so that its runs alternate
        # with the others; it times its own runs (the pipe is not timed).
        wheel = _WheelProj(args.wheel_python, lon, lat, target) if args.wheel_python else None
        if wheel is not None:
            fns["wheel"] = wheel.run
        try:
            res = best_interleaved(fns, args.repeat)
            wheel_result = wheel.result() if wheel is not None else None
        finally:
            if wheel is not None:
                wheel.close()
        res.pop("wheel", None)
        ours, (x, y) = res.pop("ours")
        bx, by = res["pyproj"][1]
        assert np.allclose(x, bx, rtol=0, atol=1e-6) and np.allclose(y, by, rtol=0, atol=1e-6)
        for k, (base, out) in res.items():
            assert np.allclose(out[0], bx, rtol=0, atol=1e-6)
            line(case, f"{n} points", ours, base, names[k])
        if wheel is not None:
            wx, wy = wheel_result
            assert np.allclose(wx, bx, rtol=0, atol=1e-6) and np.allclose(wy, by, rtol=0, atol=1e-6)
            if case == cases[0][1]:
                print(f"{'':<34} {'':>12}  gk wheel = geokernel {wheel.version} installed from the wheel "
                      f"({wheel.library}), PROJ {wheel.proj} ({os.path.basename(wheel.proj_path)})", flush=True)
            line(case, f"{n} points", min(wheel.times), res["pyproj"][0], "pyproj transform", who="gk wheel")
            if "pyproj-lib" in res:
                line(case, f"{n} points", min(wheel.times), res["pyproj-lib"][0], names["pyproj-lib"], who="gk wheel")


class _WheelProj:
    """python/benchmarks/wheel_proj.py under the Python of a venv where the geokernel wheel is
    installed (--wheel-python): the same transformation, on the same points, by the installed
    package. run() asks for one timed run (the seconds measured in the child go to .times)."""

    def __init__(self, python, lon, lat, target):
        import subprocess
        import tempfile
        self._dir = tempfile.TemporaryDirectory(prefix="gk-bench-wheel-")
        paths = [os.path.join(self._dir.name, f) for f in ("lon.npy", "lat.npy", "out.npy")]
        np.save(paths[0], lon)
        np.save(paths[1], lat)
        self._out = paths[2]
        env = {k: v for k, v in os.environ.items()
               if k not in ("GEOKERNEL_LIBRARY", "GEOKERNEL_PROJ_DATA", "PROJ_DATA", "PROJ_LIB", "PYTHONPATH")}
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wheel_proj.py")
        self._proc = subprocess.Popen([python, script, paths[0], paths[1], target, paths[2]], cwd=self._dir.name,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        head = self._proc.stdout.readline().rstrip("\n").split("\t")
        if len(head) != 4:
            self.close()
            raise RuntimeError(f"{script} under {python} did not start (is the wheel installed there?)")
        self.version, self.library, self.proj, self.proj_path = head
        if "site-packages" not in self.library:
            self.close()
            raise RuntimeError(f"{python}: geokernel loads {self.library}, not an installed wheel's library")
        self.times = []

    def _ask(self, cmd):
        self._proc.stdin.write(cmd + "\n")
        self._proc.stdin.flush()
        answer = self._proc.stdout.readline()
        if not answer:
            raise RuntimeError(f"the wheel's benchmark process ended (exit code {self._proc.wait()})")
        return answer.strip()

    def run(self):
        self.times.append(float(self._ask("run")))

    def result(self):
        self._ask("save")
        x, y = np.load(self._out)
        return x, y

    def close(self):
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait()
        self._dir.cleanup()


def _libproj_path(which):
    """The libproj that libgeokernel.so links ("system", found like the dynamic linker finds
    it) or the one pyproj's wheel carries in pyproj.libs ("pyproj"); None when absent."""
    import ctypes.util
    import glob
    if which == "system":
        return ctypes.util.find_library("proj")
    import pyproj
    found = sorted(glob.glob(os.path.join(os.path.dirname(pyproj.__path__[0]), "pyproj.libs", "libproj-*")))
    return found[0] if found else None


def _proj_version(which):
    import ctypes
    path = _libproj_path(which)
    if not path:
        return "?"

    class Info(ctypes.Structure):
        _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                    ("release", ctypes.c_char_p), ("version", ctypes.c_char_p), ("searchpath", ctypes.c_char_p),
                    ("paths", ctypes.c_void_p), ("path_count", ctypes.c_size_t)]  # PJ_INFO
    lib = ctypes.CDLL(path)
    lib.proj_info.restype = Info
    v = lib.proj_info()
    return f"{v.major}.{v.minor}.{v.patch}" + (", pyproj" if which == "pyproj" else "")


def _raw_proj(source, target, which="system"):
    """proj_trans_generic of a libproj (_libproj_path: Debian's, which libgeokernel.so links,
    or pyproj's own) through ctypes, on the whole arrays as pyproj calls it: what PROJ itself
    costs, without GeoKernel. None when it cannot be found."""
    import ctypes
    name = _libproj_path(which)
    if not name:
        return None
    lib = ctypes.CDLL(name)
    P = ctypes.c_void_p
    lib.proj_context_create.restype = P
    lib.proj_create_crs_to_crs.restype = P
    lib.proj_create_crs_to_crs.argtypes = [P, ctypes.c_char_p, ctypes.c_char_p, P]
    lib.proj_normalize_for_visualization.restype = P
    lib.proj_normalize_for_visualization.argtypes = [P, P]
    S = ctypes.c_size_t
    lib.proj_trans_generic.restype = S
    lib.proj_trans_generic.argtypes = [P, ctypes.c_int, P, S, S, P, S, S, P, S, S, P, S, S]
    ctx = lib.proj_context_create()
    if which == "pyproj":  # its own proj.db, as pyproj uses it
        import pyproj
        lib.proj_context_set_search_paths.argtypes = [P, ctypes.c_int, P]
        lib.proj_context_set_search_paths(ctx, 1, (ctypes.c_char_p * 1)(pyproj.datadir.get_data_dir().encode()))
    pj = lib.proj_normalize_for_visualization(ctx, lib.proj_create_crs_to_crs(ctx, source.encode(), target.encode(), None))

    def run(x, y):
        n = len(x)
        lib.proj_trans_generic(pj, 1, x.ctypes.data, 8, n, y.ctypes.data, 8, n, None, 0, 0, None, 0, 0)
    return run


def bench_dist(args):
    n = 100_000 if args.quick else 1_000_000
    rng = np.random.default_rng(4)
    pts = np.column_stack([np.degrees(np.arcsin(rng.uniform(-1, 1, n))), rng.uniform(-180, 180, n)])
    lat, lon = pts[:, 0], pts[:, 1]
    out = np.empty(n)

    def numpy_haversine():
        p1, p2 = np.radians(52.52), np.radians(lat)
        h = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(np.radians(lon - 13.405) / 2) ** 2
        return 2 * R * np.arcsin(np.sqrt(h))
    clat, clon = np.ascontiguousarray(lat), np.ascontiguousarray(lon)
    out2 = np.empty(n)
    # runs alternate with numpy's, so a change of load hits both alike
    res = best_interleaved({"numpy": numpy_haversine,
                            "strided": lambda: gk.haversine_distances(52.52, 13.405, lat, lon, out=out),
                            "columns": lambda: gk.haversine_distances(52.52, 13.405, clat, clon, out=out2)},
                           args.repeat)
    base, ref = res["numpy"]
    for key, case in (("strided", "haversine, one centre (strided)"), ("columns", "haversine, one centre (columns)")):
        ours, d = res[key]
        assert np.allclose(d, ref, rtol=1e-12, atol=1e-6)
        line(case, f"{n} points", ours, base, "numpy vectorised")
    mask = np.empty(n, dtype=bool)
    res = best_interleaved({"numpy": lambda: numpy_haversine() <= 500_000,
                            "ours": lambda: gk.circle_contains(52.52, 13.405, 500_000, lat, lon, out=mask)},
                           args.repeat)
    assert (res["numpy"][1] == res["ours"][1]).mean() > 0.99999
    line("point in circle (500 km)", f"{n} points", res["ours"][0], res["numpy"][0], "numpy haversine <= r")


def _fleet_partition(i, users, per, run=0):
    """Partition i of the Dask fleet (whole users); `run` only tells runs' tasks apart."""
    return synthetic_fleet(users, per, seed=100 + i, first_user=i * users)


def bench_dask(args):
    import dask
    import dask.dataframe as dd
    from distributed import Client, LocalCluster
    import geokernel.dask as gkd
    total = args.fleet or (400_000 if args.quick else 10_000_000)
    nparts = 20
    users = 25
    per = max(total // (nparts * users), 60)
    total = per * nparts * users
    meta = _fleet_partition(0, 1, 60).iloc[:0]
    results = {}
    # Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536, which also turns off
    # glibc's adaptive mmap threshold: every large numpy/pandas buffer is then a fresh
    # mmap, zeroed page by page (about 1.6x the time of this task in one process, and
    # page faults that two workers do not scale on). geokernel.dask's doc recommends
    # unsetting it for these workloads; both runs use the same setting.
    with dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}):
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                              silence_logs=40) as cluster, Client(cluster) as client:
                client.run(lambda: __import__("geokernel.dask"))  # warm the workers' imports
                # generating the fleet on the workers is part of the timed work in both runs;
                # each partition holds whole users, so no shuffle is needed. The minimum of
                # up to 3 runs per cluster (the machine may be shared); each run has its own
                # keys (`run`), so none reuses results the scheduler still holds.
                reps = min(args.repeat, 3)
                queries = [gkd.staypoints(dd.from_map(_fleet_partition, range(nparts), users=users, per=per,
                                                      run=r, meta=meta), shuffle=False)["n_fixes"].count()
                           for r in range(reps)]
                elapsed, n = best(lambda: int(queries.pop().compute()), reps)
                results[workers] = (elapsed, n)
    (t1, n1), (t2, n2) = results[1], results[2]
    assert n1 == n2
    print(f"{'dask stays, 2 workers vs 1':<34} {str(total) + ' fixes':>12}  2 workers {t2 * 1e3:10.2f} ms   "
          f"{'1 worker':<22} {t1 * 1e3:10.2f} ms   x{t1 / t2:8.2f}   ({n1} stays, {os.cpu_count()} cores)", flush=True)


def wiggly_polygon(n_vertices, rng, lat=47.37, lon=8.54, size=0.02):
    """A ring of n (lon, lat) vertices: a square of `size` degrees whose sides wave and jitter
    (a district-like shape, as SimulatedDistricts draws them), not closed."""
    per_side = n_vertices // 4
    t = np.arange(per_side) / per_side
    corners = np.array([[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]], dtype=float)
    pts = []
    for k in range(4):
        a, b = corners[k], corners[k + 1]
        d = b - a
        normal = np.array([-d[1], d[0]])
        wave = np.sin(np.pi * t) * (0.03 * np.sin(2 * np.pi * t + rng.uniform(0, 6)) + 0.015 * np.sin(6 * np.pi * t)
                                    + rng.uniform(-0.005, 0.005, per_side))
        pts.append(a + t[:, None] * d + wave[:, None] * normal)
    ring = np.vstack(pts) * size
    return np.column_stack([lon + ring[:, 0], lat + ring[:, 1]])


def bench_polygon(args):
    import shapely
    n = 100_000 if args.quick else 1_000_000
    rng = np.random.default_rng(1000)
    ring = wiggly_polygon(1000, rng)
    geom = shapely.Polygon(ring)
    x0, y0, x1, y1 = geom.bounds
    lon, lat = rng.uniform(x0, x1, n), rng.uniform(y0, y1, n)
    poly = gk.Polygon.from_shapely(geom)
    mask = np.empty(n, dtype=bool)
    shapely.prepare(geom)
    res = best_interleaved({"shapely": lambda: shapely.contains_xy(geom, lon, lat),
                            "ours": lambda: poly.contains(lat, lon, out=mask)}, args.repeat)
    ref, ours = res["shapely"][1], res["ours"][1]
    off = ~(shapely.intersects_xy(geom, lon, lat) & ~ref)  # points off the boundary
    assert (ours[off] == ref[off]).all()
    line(f"point in polygon ({len(ring)} vertices)", f"{n} points", res["ours"][0], res["shapely"][0],
         f"shapely {shapely.__version__} contains_xy")


CASES = {"stays": bench_stays, "knn": bench_knn, "proj": bench_proj, "dist": bench_dist, "dask": bench_dask,
         "polygon": bench_polygon}


def _default_wheel_python():
    """GEOKERNEL_WHEEL_PYTHON, else the wheel-check venv's Python (make wheel-check) if it exists."""
    env = os.environ.get("GEOKERNEL_WHEEL_PYTHON")
    if env is not None:
        return env
    py = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "wheel-check-venv", "bin", "python")
    return os.path.normpath(py) if os.path.exists(py) else ""


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    p.add_argument("--only", default=",".join(CASES), help="comma-separated cases: " + ", ".join(CASES))
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--fleet", type=int, default=0, help="fixes of the Dask fleet (default 10 000 000)")
    p.add_argument("--wheel-python", default=_default_wheel_python(),
                   help="the Python of a venv where the geokernel wheel is installed: the projection cases "
                        "also time the installed wheel (default: the venv of `make wheel-check`, "
                        "<repo>/.build/wheel-check-venv, when it exists; '' for none)")
    args = p.parse_args(argv)
    print(f"geokernel {gk.version()} ({gk.LIBRARY_PATH}), Python {sys.version.split()[0]}, "
          f"numpy {np.__version__}, {os.cpu_count()} cores", flush=True)
    for name in args.only.split(","):
        CASES[name.strip()](args)


if __name__ == "__main__":
    main()
