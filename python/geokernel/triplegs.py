"""trackintel's triplegs and transport modes on GeoKernel (imported by geokernel.trackintel).

``generate_triplegs(positionfixes, staypoints=None, method="between_staypoints",
gap_threshold=15)`` takes the positionfixes that ``generate_staypoints`` returned (with
``staypoint_id``) and returns trackintel 1.4.2's two frames: the positionfixes sorted by user
and time with a ``tripleg_id`` column (Int64, <NA> inside stays), and the triplegs (index
``id``; ``user_id``, ``started_at``, ``finished_at`` and a LineString of the fixes). A tripleg
is a run of fixes outside stays, cut where the user changes, where a stay ends, and at pauses
longer than ``gap_threshold`` minutes; runs of one fix, and invalid lines (every fix at one
position), make none.

``predict_transport_mode(triplegs, method="geokernel", positionfixes=None, ...)`` adds a
``mode`` column: with ``method="simple-coarse"`` trackintel's three speed classes (the length
over the duration; ``categories`` as trackintel takes them); with ``method="geokernel"``
(the default) GeoKernel's travel modes — walk, bicycle, car, bus, train or unknown — and a
``mode_confidence`` column, from each tripleg's fixes (its ``positionfixes`` with
``tripleg_id``, or else the vertices of its line, timed evenly by distance between start and
finish, which leaves speed as the only evidence).
"""
from __future__ import annotations

import warnings
from typing import Any, Dict, Mapping, Optional, Tuple, Union

import numpy as np
import pandas as pd

__all__ = ["generate_triplegs", "predict_transport_mode"]

_R = 6_371_000.0


def generate_triplegs(positionfixes: pd.DataFrame, staypoints: Optional[pd.DataFrame] = None,
                      method: str = "between_staypoints", gap_threshold: float = 15
                      ) -> Tuple[pd.DataFrame, pd.DataFrame]:
    """Triplegs from positionfixes with ``staypoint_id``, as trackintel 1.4.2's
    generate_triplegs(method="between_staypoints"). ``staypoints`` is accepted and not needed.

    Raises ValueError for another method or positionfixes without ``staypoint_id`` (call
    generate_staypoints first). Complexity: O(n log n) for the sort, O(n) after it."""
    if method != "between_staypoints":
        raise ValueError(f"method {method!r} is not supported; only 'between_staypoints' exists here")
    if "staypoint_id" not in positionfixes.columns:
        raise ValueError("positionfixes need a 'staypoint_id' column: call generate_staypoints first")
    import geopandas as gpd
    import shapely

    pfs = positionfixes.copy()
    if "tripleg_id" in pfs.columns:
        pfs.drop(columns="tripleg_id", inplace=True)
    pfs.sort_values(by=["user_id", "tracked_at"], inplace=True)
    n = len(pfs)
    user = pfs["user_id"].to_numpy()
    times = pfs["tracked_at"]
    sp = pfs["staypoint_id"]
    in_sp = sp.notna().to_numpy()
    new_user = np.r_[True, user[1:] != user[:-1]] if n else np.zeros(0, bool)
    gap = (times - times.shift(1) > pd.Timedelta(minutes=gap_threshold)).to_numpy(dtype=bool)
    sp_key = (sp + 1).fillna(0).to_numpy(dtype=np.float64)
    sp_change = np.r_[True, sp_key[1:] != sp_key[:-1]] if n else np.zeros(0, bool)
    starts = np.flatnonzero((new_user | gap | sp_change) & ~in_sp)
    # each run ends before the next start or the next fix inside a stay
    next_sp = np.full(n + 1, n, dtype=np.int64)
    for i in range(n - 1, -1, -1):  # the index of the next fix in a stay at or after i
        next_sp[i] = i if in_sp[i] else next_sp[i + 1]
    ends = np.minimum(np.r_[starts[1:], n], next_sp[starts]) if len(starts) else starts
    keep = ends - starts >= 2
    starts, ends = starts[keep], ends[keep]
    label = np.full(n, -1, dtype=np.int64)
    for k, (a, b) in enumerate(zip(starts, ends)):
        label[a:b] = k
    geoms = np.asarray(pfs.geometry.values)
    lines = [shapely.linestrings(shapely.get_coordinates(geoms[a:b])) for a, b in zip(starts, ends)]
    valid = np.array([line.is_valid for line in lines], dtype=bool)
    if len(valid) and not valid.all():
        bad = np.flatnonzero(~valid)
        warnings.warn(f"The positionfixes with ids {pfs.index[np.isin(label, bad)].values} lead to invalid tripleg "
                      "geometries. The resulting triplegs were omitted and the tripleg id of the positionfixes was "
                      "set to nan")
        label[np.isin(label, bad)] = -1
    ids = np.flatnonzero(valid) if len(valid) else np.zeros(0, np.int64)
    tpls = gpd.GeoDataFrame({
        "user_id": pfs["user_id"].array.take(starts[ids]),
        "started_at": times.array.take(starts[ids]),
        "finished_at": times.array.take(ends[ids] - 1),
        "geom": [lines[k] for k in ids],
    }, geometry="geom", crs=pfs.crs)
    tpls.index = pd.Index(ids.astype(np.int64), name="id")
    pfs["tripleg_id"] = pd.arrays.IntegerArray(np.where(label >= 0, label, 0), label < 0)
    if len(tpls) == 0:
        warnings.warn("No triplegs can be generated, returning empty tpls.")
        return pfs, tpls
    return pfs, _as_trackintel_triplegs(positionfixes, tpls)


def _as_trackintel_triplegs(positionfixes: Any, tpls: pd.DataFrame) -> pd.DataFrame:
    """trackintel's Triplegs class when the input was trackintel's Positionfixes."""
    if type(positionfixes).__module__.startswith("trackintel"):
        try:
            from trackintel import Triplegs
            return Triplegs(tpls, validate=False)
        except Exception:  # trackintel's validation differs: the plain frame is still right
            return tpls
    return tpls


def _haversine_length(lat: np.ndarray, lon: np.ndarray) -> float:
    p1, p2 = np.radians(lat[:-1]), np.radians(lat[1:])
    dl = np.radians(lon[1:] - lon[:-1])
    h = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    return float((2 * _R * np.arcsin(np.sqrt(np.minimum(1.0, h)))).sum())


def predict_transport_mode(triplegs: pd.DataFrame, method: str = "geokernel", *,
                           positionfixes: Optional[pd.DataFrame] = None,
                           thresholds: Union[str, Mapping[str, float], None] = None,
                           matcher: Any = None, **kwargs: Any) -> pd.DataFrame:
    """The triplegs with a ``mode`` column (and ``mode_confidence`` for method="geokernel").

    Args:
        triplegs: trackintel triplegs (LineString geometries in degrees, started_at, finished_at).
        method: "geokernel" (walk, bicycle, car, bus, train, unknown) or "simple-coarse"
            (trackintel's slow_mobility, motorized_mobility, fast_mobility; ``categories`` as
            trackintel takes them: {upper bound in m/s: name}).
        positionfixes: the fixes with ``tripleg_id`` (generate_triplegs), for speeds, stops and
            turns fix by fix; without them the line's vertices are timed evenly by distance.
        thresholds: GeoKernel's mode thresholds (dict or JSON text).
        matcher: a geokernel.Matcher over a road graph of the area (road evidence).
    """
    tpls = triplegs.copy()
    geoms = np.asarray(tpls.geometry.values)
    import shapely
    if method == "simple-coarse":
        categories: Dict[float, str] = kwargs.pop(
            "categories", {15 / 3.6: "slow_mobility", 100 / 3.6: "motorized_mobility", np.inf: "fast_mobility"})
        categories = dict(sorted(categories.items(), key=lambda item: item[0]))
        lengths = np.array([_haversine_length(shapely.get_coordinates(g)[:, 1], shapely.get_coordinates(g)[:, 0])
                            for g in geoms])
        duration = (tpls["finished_at"] - tpls["started_at"]).dt.total_seconds().to_numpy()
        with np.errstate(divide="ignore", invalid="ignore"):
            speed = pd.Series(lengths / duration, index=tpls.index)
        intervals = pd.IntervalIndex.from_breaks([-np.inf] + list(categories.keys()), closed="left")
        tpls["mode"] = pd.cut(speed, intervals).cat.rename_categories(list(categories.values()))
        return tpls
    if method != "geokernel":
        raise ValueError(f"Method {method} not known for predicting tripleg transport modes.")
    if kwargs:
        raise TypeError(f"unexpected arguments {', '.join(kwargs)}")
    from .modes import MODES, travel_modes
    groups = None
    if positionfixes is not None:
        if "tripleg_id" not in positionfixes.columns:
            raise ValueError("positionfixes need a 'tripleg_id' column (generate_triplegs)")
        pf = positionfixes[positionfixes["tripleg_id"].notna()].sort_values(["tripleg_id", "tracked_at"], kind="stable")
        groups = {k: g for k, g in pf.groupby("tripleg_id", sort=False)}
    modes, confidence = [], []
    for (tid, row), g in zip(tpls.iterrows(), geoms):
        if groups is not None and tid in groups:
            pts = groups[tid]
            xy = shapely.get_coordinates(np.asarray(pts.geometry.values))
            t = (pts["tracked_at"] - pts["tracked_at"].iloc[0]).dt.total_seconds().to_numpy()
            acc = pts["accuracy"].to_numpy(dtype=np.float64) if "accuracy" in pts.columns else None
        else:
            xy = shapely.get_coordinates(g)
            step = np.r_[0.0, np.cumsum([_haversine_length(xy[i:i + 2, 1], xy[i:i + 2, 0]) for i in range(len(xy) - 1)])]
            span = (row["finished_at"] - row["started_at"]).total_seconds()
            t = step / step[-1] * span if len(step) and step[-1] > 0 else np.linspace(0, span, len(xy))
            acc = None
        legs = travel_modes(xy[:, 1], xy[:, 0], t, acc, thresholds=thresholds, matcher=matcher)
        metres: Dict[int, float] = {}
        for leg in legs:
            metres[int(leg["mode"])] = metres.get(int(leg["mode"]), 0.0) + float(leg["distance_m"])
        best = max(metres, key=lambda m: (metres[m], -m)) if metres else 0
        share = [float(leg["confidence"]) * float(leg["distance_m"]) for leg in legs if int(leg["mode"]) == best]
        modes.append(MODES[best])
        confidence.append(sum(share) / metres[best] if metres and metres[best] > 0 else 0.0)
    tpls["mode"] = pd.Series(modes, index=tpls.index, dtype=object)
    tpls["mode_confidence"] = np.array(confidence, dtype=np.float64)
    return tpls
