"""trackintel's staypoint generation on GeoKernel's stop detector (and, from
geokernel.triplegs, its triplegs and transport modes: generate_triplegs,
predict_transport_mode).

``generate_staypoints(positionfixes, ...)`` takes the parameters of trackintel 1.4.2's
``trackintel.preprocessing.generate_staypoints`` and returns the same two frames: the
positionfixes with a ``staypoint_id`` column (Int64, <NA> outside stays) and the staypoints
(index ``id``; columns ``user_id``, ``started_at``, ``finished_at``, ``elevation`` when the
fixes have one, and the geometry). The sliding-window rules are trackintel's (Li et al.
2008): a stay starts at a fix, grows while later fixes are less than ``dist_threshold``
metres away from that first fix (spherical law of cosines on the sphere of R = 6 371 000 m,
as trackintel measures), and counts when the first fix outside comes at least
``time_threshold`` minutes later; a pause longer than ``gap_threshold`` minutes restarts the
window. A stay's geometry is the mean latitude and circular-mean longitude of its distinct
positions, its elevation the median of its fixes'. Times are compared exactly (in the
column's own integer unit), so the stays equal trackintel's to the nanosecond.

Input: a GeoPandas GeoDataFrame of Point geometries in a geographic CRS (degrees, x =
longitude), e.g. trackintel's ``Positionfixes``, or a plain pandas DataFrame with ``lat``
and ``lon`` (or ``latitude`` and ``longitude``) columns in degrees; both need ``user_id`` and a
timezone-aware ``tracked_at``. With a plain DataFrame the staypoints carry ``lat`` and ``lon``
columns instead of a geometry.

Only ``method="sliding"`` and ``distance_metric="haversine"`` exist (as in trackintel);
``n_jobs`` and ``print_progress`` are accepted and ignored (the kernel is fast enough on one
core; see geokernel.dask for clusters).
"""
from __future__ import annotations

import warnings
from typing import Any, List, Optional, Tuple

import numpy as np
import pandas as pd

from .timeline import StopDetector
from .triplegs import generate_triplegs, predict_transport_mode

__all__ = ["generate_staypoints", "generate_triplegs", "predict_transport_mode", "user_stays"]

_NS = {"s": 10**9, "ms": 10**6, "us": 10**3, "ns": 1}


def _coords(pfs: pd.DataFrame) -> Tuple[np.ndarray, np.ndarray, Optional[str]]:
    """(lat, lon, geometry column name or None) of a frame, as float64 arrays."""
    geo_col = None
    try:
        geo_col = pfs.geometry.name  # GeoDataFrame
    except AttributeError:
        pass
    if geo_col is not None:
        crs = getattr(pfs, "crs", None)
        if crs is not None and not crs.is_geographic:
            raise ValueError("generate_staypoints needs a geographic CRS (degrees, e.g. EPSG:4326), "
                             f"not {crs.name}; convert with .to_crs(4326)")
        import shapely
        geoms = pfs[geo_col].values
        types = shapely.get_type_id(np.asarray(geoms))
        if len(types) and (types != 0).any():
            raise ValueError("positionfixes must have Point geometries")
        arr = np.asarray(geoms)
        return shapely.get_y(arr), shapely.get_x(arr), geo_col  # empty or missing: NaN, refused later
    for la, lo in (("lat", "lon"), ("latitude", "longitude")):
        if la in pfs.columns and lo in pfs.columns:
            return (pfs[la].to_numpy(dtype=np.float64, copy=False), pfs[lo].to_numpy(dtype=np.float64, copy=False),
                    None)
    raise ValueError("positionfixes need a Point geometry or lat/lon (latitude/longitude) columns in degrees")


def _ticks(tracked_at: pd.Series) -> Tuple[np.ndarray, int]:
    """The times as int64 ticks and nanoseconds per tick: the column's own unit, made as
    coarse as the data allows (so that differences stay exact in float64)."""
    values = tracked_at.array
    if not isinstance(tracked_at.dtype, pd.DatetimeTZDtype):
        raise ValueError("tracked_at must be a timezone-aware datetime column (e.g. UTC), "
                         f"not {tracked_at.dtype}")
    arr = np.asarray(values.asi8 if hasattr(values, "asi8") else values.view("i8"))
    unit = np.datetime_data(values._ndarray.dtype)[0] if hasattr(values, "_ndarray") else "ns"
    ns = _NS.get(unit, 1)
    if tracked_at.isna().any():
        raise ValueError("tracked_at has missing times")
    while ns < 10**9 and len(arr) and not (arr % 1000).any():
        arr = arr // 1000
        ns *= 1000
    return arr.astype(np.int64, copy=False), ns


def user_stays(lat: np.ndarray, lon: np.ndarray, ticks: np.ndarray, *, dist_threshold: float,
               duration_ticks: float, gap_ticks: float, include_last: bool
               ) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stays of one user's fixes, sorted by time (degrees, integer time ticks).

    Returns (label, lat, lon): label[i] = the stay (0, 1, ...) fix i belongs to, or -1, and the
    stays' positions in degrees. Fixes repeating the previous one (same time and position) are
    ignored by the kernel and take their predecessor's label, as trackintel's window does."""
    n = len(lat)
    label = np.full(n, -1, dtype=np.int64)
    if n == 0:
        return label, np.empty(0), np.empty(0)
    t0 = ticks[0]
    rel = (ticks - t0).astype(np.float64)
    if n and rel[-1] >= 2.0**53:
        raise ValueError("a user's fixes span more than 2^53 ticks of the time column's unit; "
                         "store tracked_at with a coarser unit (e.g. datetime64[us])")
    repeat = np.zeros(n, dtype=bool)
    repeat[1:] = (ticks[1:] == ticks[:-1]) & (lat[1:] == lat[:-1]) & (lon[1:] == lon[:-1])
    rel_stored = rel[~repeat] if repeat.any() else rel
    increasing = bool((np.diff(rel_stored) > 0).all())
    sd = StopDetector(distance_m=dist_threshold, duration_s=duration_ticks, gap_s=gap_ticks)
    try:
        sd.add_batch(lat, lon, rel, copy=True)
        sd.finish(include_open_stay=include_last)
        pm = sd.placemarks()
        transits = None if increasing else sd.transit_counts()
        stored = sd.fix_counts().stored
    finally:
        sd.close()
    if stored != len(rel_stored):
        raise RuntimeError("geokernel: the stop detector stored an unexpected number of fixes")
    k = len(pm)
    if transits is None:
        # times strictly increasing: a stay's first stored fix is the one at its arrival time
        first = np.searchsorted(rel_stored, pm.arrival)
        if k and not (rel_stored[np.minimum(first, stored - 1)] == pm.arrival).all():
            raise RuntimeError("geokernel: a stay's arrival is not the time of a fix")
        stored_label = np.full(stored, -1, dtype=np.int64)
        total = int(pm.fix_count.sum())
        if total:
            within = np.arange(total) - np.repeat(np.cumsum(pm.fix_count) - pm.fix_count, pm.fix_count)
            stored_label[np.repeat(first, pm.fix_count) + within] = np.repeat(np.arange(k), pm.fix_count)
    else:
        # stored fixes: transit(-1), stay 0, transit(0), stay 1, ...: label runs over them
        sizes = np.empty(2 * k + 1, dtype=np.int64)
        sizes[0::2] = transits
        sizes[1::2] = pm.fix_count
        if sizes.sum() != stored:
            raise RuntimeError("geokernel: stays and transits do not partition the fixes")
        seg = np.full(2 * k + 1, -1, dtype=np.int64)
        seg[1::2] = np.arange(k)
        stored_label = np.repeat(seg, sizes)
    if repeat.any():
        idx = np.cumsum(~repeat) - 1  # the stored fix each fix is (or repeats)
        label = stored_label[idx]
    else:
        label = stored_label
    return label, pm.lat, pm.lon


def generate_staypoints(positionfixes: pd.DataFrame, method: str = "sliding",
                        distance_metric: str = "haversine", dist_threshold: float = 100,
                        time_threshold: float = 5.0, gap_threshold: float = 15.0,
                        include_last: bool = False, print_progress: bool = False,
                        exclude_duplicate_pfs: bool = True, n_jobs: int = 1, *,
                        exact_centroids: bool = False) -> Tuple[pd.DataFrame, pd.DataFrame]:
    """Staypoints from positionfixes, as trackintel 1.4.2's generate_staypoints(method="sliding").

    Args:
        positionfixes: fixes with user_id, tracked_at (timezone-aware) and a Point geometry in
            degrees (or lat/lon columns).
        dist_threshold: metres (sphere of R = 6 371 000 m) a fix may be from a stay's first fix.
        time_threshold: minutes a stay must last.
        gap_threshold: minutes; a longer pause between consecutive fixes restarts the window.
        include_last: also return the stay the track ends in, when it lasted long enough.
        exclude_duplicate_pfs: drop duplicate rows first (with trackintel's warning).
        exact_centroids: sum each stay's distinct positions in the order trackintel's
            shapely union gives them (sorted by longitude, then latitude), so the geometry
            equals trackintel's to the last bit; otherwise the kernel's centroid is used,
            the same formula summed in time order (within 1e-12 degrees), which saves a sort.
    Returns:
        (positionfixes with staypoint_id, staypoints), as trackintel returns them.
    Complexity: O(n) plus a sort when the fixes are not in (user_id, tracked_at) order.
    """
    if method != "sliding":
        raise ValueError(f"method {method!r} is not known; only 'sliding' exists")
    if distance_metric != "haversine":
        raise ValueError("distance_metric unknown. We only support ['haversine']. "
                         f"You passed {distance_metric}")
    for col in ("user_id", "tracked_at"):
        if col not in positionfixes.columns:
            raise ValueError(f"positionfixes need a {col!r} column")
    # A shallow copy: columns are only added or dropped below, never written in place.
    pfs = positionfixes.copy(deep=False)
    user_col, time_col = pfs["user_id"], pfs["tracked_at"]  # each column read once
    codes, users = _factorize_sorted(user_col)
    ticks, ns_per_tick = _ticks(time_col)
    if exclude_duplicate_pfs:
        dup = _duplicates(pfs, codes, ticks)  # O(n) unless user and time repeat
        if dup is not None:
            pfs = pfs[~dup]
            user_col, time_col = pfs["user_id"], pfs["tracked_at"]
            codes, users = _factorize_sorted(user_col)
            ticks, ns_per_tick = _ticks(time_col)
    if "staypoint_id" in pfs.columns:
        pfs.drop(columns="staypoint_id", inplace=True)
    elevation_flag = "elevation" in pfs.columns
    lat, lon, geo_col = _coords(pfs)
    duration = pd.Timedelta(time_threshold, unit="minutes").value / ns_per_tick
    gap = pd.Timedelta(gap_threshold, unit="minutes").value / ns_per_tick

    # trackintel's order: users sorted, then each user's fixes by index, then (stably) by time
    order = _order(codes, ticks, pfs.index)
    identity = len(order) == 0 or (order[0] == 0 and order[-1] == len(order) - 1
                                   and bool((np.diff(order) == 1).all()))
    if identity:  # already in trackintel's order: no copies
        c_s, t_s, la_s, lo_s = codes, ticks, lat, lon
    else:
        c_s, t_s = codes[order], ticks[order]
        la_s, lo_s = lat[order], lon[order]
    bounds = np.flatnonzero(np.diff(c_s)) + 1
    starts = np.concatenate(([0], bounds))
    ends = np.concatenate((bounds, [len(c_s)]))

    label_sorted = np.full(len(c_s), -1, dtype=np.int64)
    sp_user: List[np.ndarray] = []
    sp_lat: List[np.ndarray] = []
    sp_lon: List[np.ndarray] = []
    offset = 0
    for s, e in zip(starts, ends):
        lab, plat, plon = user_stays(la_s[s:e], lo_s[s:e], t_s[s:e], dist_threshold=float(dist_threshold),
                                     duration_ticks=duration, gap_ticks=gap, include_last=include_last)
        k = len(plat)
        if k:
            inside = lab >= 0
            label_sorted[s:e][inside] = lab[inside] + offset
            sp_user.append(np.full(k, c_s[s]))
            sp_lat.append(plat)
            sp_lon.append(plon)
            offset += k
    n_sp = offset
    if identity:
        label = label_sorted
    else:
        label = np.empty_like(label_sorted)
        label[order] = label_sorted

    # the staypoints: first and finishing fix of each stay (times), elevation median
    sp_lab_sorted = label_sorted
    tracked_arr = time_col.array  # a DatetimeArray (to_numpy would make Timestamps)
    sel = np.flatnonzero(sp_lab_sorted >= 0)
    firsts = sel[np.r_[True, sp_lab_sorted[sel][1:] != sp_lab_sorted[sel][:-1]]] if len(sel) else sel
    lasts = sel[np.r_[sp_lab_sorted[sel][1:] != sp_lab_sorted[sel][:-1], True]] if len(sel) else sel
    started = tracked_arr.take(order[firsts])
    # finished_at: the time of the first fix that left (or the last fix for include_last)
    n_all = len(c_s)
    fin_idx = np.minimum(lasts + 1, n_all - 1) if len(lasts) else lasts
    same_user = (c_s[fin_idx] == c_s[lasts]) & (lasts + 1 < n_all) if len(lasts) else lasts.astype(bool)
    fin_idx = np.where(same_user, fin_idx, lasts)
    finished = tracked_arr.take(order[fin_idx])

    if n_sp:
        sp = pd.DataFrame({"user_id": users.take(np.concatenate(sp_user)),
                           "started_at": started, "finished_at": finished})
    else:  # trackintel's empty frame has float columns
        sp = pd.DataFrame({"user_id": np.empty(0, dtype=user_col.dtype),
                           "started_at": np.empty(0), "finished_at": np.empty(0)})
    if elevation_flag:
        elev = pfs["elevation"].to_numpy()[order]
        med = pd.Series(elev[sel]).groupby(sp_lab_sorted[sel]).median().to_numpy() if n_sp else np.empty(0)
        sp["elevation"] = med
    lat_sp = np.concatenate(sp_lat) if n_sp else np.empty(0)
    lon_sp = np.concatenate(sp_lon) if n_sp else np.empty(0)
    if exact_centroids and n_sp:
        lat_sp, lon_sp = _union_centroids(label_sorted, la_s, lo_s, n_sp)
    sp.index = pd.RangeIndex(n_sp).astype("int64")
    sp.index.name = "id"
    sp["user_id"] = sp["user_id"].astype(user_col.dtype)

    pfs["staypoint_id"] = pd.arrays.IntegerArray(np.where(label >= 0, label, 0), label < 0)

    if geo_col is not None:
        import geopandas as gpd
        sp[geo_col] = gpd.points_from_xy(lon_sp, lat_sp, crs=pfs.crs)
        sp = gpd.GeoDataFrame(sp, geometry=geo_col, crs=pfs.crs)
    else:
        sp["lat"] = lat_sp
        sp["lon"] = lon_sp
    if n_sp == 0:
        warnings.warn("No staypoints can be generated, returning empty sp.")
        return pfs, sp
    return pfs, _as_trackintel(positionfixes, sp)


def _union_centroids(label: np.ndarray, lat: np.ndarray, lon: np.ndarray, k: int
                     ) -> Tuple[np.ndarray, np.ndarray]:
    """trackintel's angle_centroid_multipoints of each stay's union of points, bit for bit:
    distinct positions sorted by (lon, lat) as shapely's union_all returns them, summed in
    that order (np.bincount), mean latitude and circular-mean longitude."""
    m = label >= 0
    x, y, lab = lon[m], lat[m], label[m]
    o = np.lexsort((y, x, lab))
    x, y, lab = x[o], y[o], lab[o]
    keep = np.ones(len(lab), dtype=bool)
    keep[1:] = (lab[1:] != lab[:-1]) | (x[1:] != x[:-1]) | (y[1:] != y[:-1])
    x, y, lab = x[keep], y[keep], lab[keep]
    count = np.bincount(lab, minlength=k)
    mean_y = np.bincount(lab, weights=y, minlength=k) / count
    xr = np.deg2rad(x)
    mean_x = np.rad2deg(np.arctan2(np.bincount(lab, weights=np.sin(xr), minlength=k) / count,
                                   np.bincount(lab, weights=np.cos(xr), minlength=k) / count))
    return mean_y, mean_x


def _order(codes: np.ndarray, ticks: np.ndarray, index: pd.Index) -> np.ndarray:
    """Positions in trackintel's order: by user, then time, ties by index label."""
    n = len(codes)
    if n == 0:
        return np.arange(0)
    if index.is_monotonic_increasing:
        dc = np.diff(codes)
        if (dc >= 0).all() and ((dc > 0) | (np.diff(ticks) >= 0)).all():
            return np.arange(n)  # already in order: no sort
        return np.lexsort((ticks, codes))
    by_index = np.argsort(index.to_numpy(), kind="stable")
    sub = np.lexsort((ticks[by_index], codes[by_index]))
    return by_index[sub]


def _factorize_sorted(user: pd.Series) -> Tuple[np.ndarray, pd.Index]:
    """pd.factorize(user, sort=True), in O(n) when the column is already sorted."""
    if user.is_monotonic_increasing and not user.hasnans:
        v = user.to_numpy()
        if len(v) == 0:
            return np.empty(0, dtype=np.intp), pd.Index(v)
        change = np.empty(len(v), dtype=bool)
        change[0] = True
        change[1:] = v[1:] != v[:-1]
        return np.cumsum(change) - 1, pd.Index(v[change])
    return pd.factorize(user, sort=True)


def _duplicates(pfs: pd.DataFrame, codes: np.ndarray, ticks: np.ndarray) -> Optional[np.ndarray]:
    """The rows pfs.drop_duplicates() would drop (a mask), with trackintel's warning, or None
    when there are none. Full rows are compared only where user and time repeat (duplicate
    rows share both), so the common case costs O(n). `codes` and `ticks` are the user codes
    and times of pfs's rows."""
    if len(codes) == 0:
        return None
    dc = np.diff(codes)
    if (dc >= 0).all() and ((dc > 0) | (np.diff(ticks) >= 0)).all():
        key_order = np.arange(len(codes))  # already sorted by user and time
    else:
        key_order = np.lexsort((ticks, codes))
    same = (np.diff(codes[key_order]) == 0) & (np.diff(ticks[key_order]) == 0)
    if not same.any():
        return None
    cand = np.zeros(len(pfs), dtype=bool)
    cand[key_order[1:][same]] = True
    cand[key_order[:-1][same]] = True
    pos = np.flatnonzero(cand)
    dup = np.zeros(len(pfs), dtype=bool)
    dup[pos] = pfs.iloc[pos].duplicated().to_numpy()
    nb_dropped = int(dup.sum())
    if nb_dropped == 0:
        return None
    warnings.warn(f"{nb_dropped} duplicates were dropped from your positionfixes. Dropping duplicates is"
                  " recommended but can be prevented using the 'exclude_duplicate_pfs' flag.")
    return dup


def _as_trackintel(positionfixes: Any, sp: pd.DataFrame) -> pd.DataFrame:
    """trackintel's Staypoints class when the input was trackintel's Positionfixes."""
    cls = type(positionfixes)
    if cls.__module__.startswith("trackintel"):
        try:
            from trackintel import Staypoints
            return Staypoints(sp, validate=False)
        except Exception:  # trackintel's validation differs: the plain frame is still right
            return sp
    return sp
