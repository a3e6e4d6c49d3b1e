"""GeoKernel across a cluster with Dask: stays per user over a partitioned Dask DataFrame of
fixes, and the k-nearest join of a large point set against an index built once, saved, and
loaded once per worker process.

Fixes are pandas rows with ``user_id``, a timezone-aware ``tracked_at`` and ``lat``/``lon``
in degrees (Dask DataFrames of plain columns; no geometry objects cross the wire).
Distances are metres on the sphere (R = 6 371 000 m for stays, as trackintel;
EARTH_MEAN_RADIUS_M for the join). The same code runs on a LocalCluster or on a real
scheduler: ``Client("tcp://scheduler:8786")`` (the workers need this package, the library and
read access to the index file's path).

Users are never split: ``staypoints`` shuffles the fixes so that all of a user's fixes land
in one partition (skipped when the frame is already indexed by user_id with known
divisions), then runs geokernel.trackintel.generate_staypoints on each partition.
``compute_staypoints`` gathers the result with trackintel's ids (users in order, stays in
time order), identical to the single-process result.

Worker memory: Dask's nanny starts worker processes with ``MALLOC_TRIM_THRESHOLD_=65536``,
which also switches off glibc's adaptive mmap threshold, so every large numpy or pandas
buffer becomes a fresh ``mmap`` that the kernel zeroes page by page. For these tasks (many
short-lived arrays of a few MB) that made a partition's work about 1.6x slower than in a
plain process, and the page faults kept two workers on two cores from scaling. Unset it
before the cluster starts, when the workers' memory is not tight::

    dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None})

or, where ``dask worker`` starts the workers of a real cluster, the same key set to ``null``
in a Dask YAML configuration file (the DASK_* environment variables lower-case the key, so
they cannot unset it). Dask's "worker memory" documentation explains the trade-off.
"""
from __future__ import annotations

import math
import os
import threading
from typing import Any, Dict, Optional, Tuple

import numpy as np
import pandas as pd

import dask.dataframe as dd

from . import SpatialIndex
from .frames import nearest_ids
from .trackintel import generate_staypoints

__all__ = ["staypoints", "compute_staypoints", "build_index", "sjoin_nearest", "STAY_COLUMNS"]

#: The columns of the stays frame (lat/lon: the stay's centroid in degrees; n_fixes: its fixes).
STAY_COLUMNS = ["user_id", "started_at", "finished_at", "lat", "lon", "n_fixes"]


def _stays_of_partition(part: pd.DataFrame, kwargs: Dict[str, Any]) -> pd.DataFrame:
    cols = ["user_id", "tracked_at", "lat", "lon"]
    pfs, sp = generate_staypoints(part[cols], **kwargs)
    out = pd.DataFrame({c: sp[c].to_numpy() for c in ("user_id", "lat", "lon")})
    out.insert(1, "started_at", sp["started_at"].array if len(sp) else pd.array([], dtype=part["tracked_at"].dtype))
    out.insert(2, "finished_at", sp["finished_at"].array if len(sp) else pd.array([], dtype=part["tracked_at"].dtype))
    counts = pfs["staypoint_id"].value_counts()
    out["n_fixes"] = counts.reindex(sp.index).fillna(0).to_numpy(dtype=np.int64) if len(sp) else np.empty(0, np.int64)
    out["user_id"] = out["user_id"].astype(part["user_id"].dtype)
    return out[STAY_COLUMNS]


def staypoints(fixes: dd.DataFrame, *, shuffle: Optional[bool] = None, **kwargs: Any) -> dd.DataFrame:
    """Stays of every user, lazily, one task per partition (see the module's doc).

    Args:
        fixes: a Dask DataFrame with user_id, tracked_at (timezone-aware), lat, lon (degrees).
        shuffle: force (True) or skip (False) the shuffle that puts each user's fixes in one
            partition; None decides: skipped when the index is user_id with known divisions.
        kwargs: the parameters of geokernel.trackintel.generate_staypoints (dist_threshold in
            metres, time_threshold and gap_threshold in minutes, include_last, ...).
    Returns:
        a Dask DataFrame with STAY_COLUMNS (partition order; ids are given by compute_staypoints).
    """
    if shuffle is None:
        shuffle = not (fixes.index.name == "user_id" and fixes.known_divisions)
    if fixes.index.name == "user_id":
        fixes = fixes.reset_index()
    if shuffle and fixes.npartitions > 1:
        fixes = fixes.shuffle(on="user_id")
    meta = pd.DataFrame({"user_id": pd.Series([], dtype=fixes["user_id"].dtype),
                         "started_at": pd.Series([], dtype=fixes["tracked_at"].dtype),
                         "finished_at": pd.Series([], dtype=fixes["tracked_at"].dtype),
                         "lat": pd.Series([], dtype="float64"), "lon": pd.Series([], dtype="float64"),
                         "n_fixes": pd.Series([], dtype="int64")})
    return fixes.map_partitions(_stays_of_partition, kwargs, meta=meta)


def compute_staypoints(fixes: dd.DataFrame, **kwargs: Any) -> pd.DataFrame:
    """staypoints(...) computed and numbered as trackintel numbers them: users in order, each
    user's stays in time order, index ``id`` 0, 1, 2 ... (identical to running
    geokernel.trackintel.generate_staypoints on the whole frame in one process)."""
    sp = staypoints(fixes, **kwargs).compute()
    sp = sp.sort_values(["user_id", "started_at"], kind="stable").reset_index(drop=True)
    sp.index = sp.index.astype("int64")
    sp.index.name = "id"
    return sp


def build_index(lat: np.ndarray, lon: np.ndarray, path: "os.PathLike[str] | str") -> str:
    """Builds a SpatialIndex over points in degrees and saves it (atomically) to path, where
    every worker can read it; returns the path as a string. Build once, query everywhere."""
    with SpatialIndex(np.ascontiguousarray(lat, dtype=np.float64),
                      np.ascontiguousarray(lon, dtype=np.float64)) as ix:
        ix.save(path)
    return os.fspath(path)


_INDEXES: Dict[Tuple[str, int, int], SpatialIndex] = {}
_INDEX_LOCK = threading.Lock()


def _worker_index(path: str) -> SpatialIndex:
    """The index saved at path, loaded once per process (per file version) and kept; every
    task of the process then queries it in place (many threads may)."""
    st = os.stat(path)
    key = (os.path.realpath(path), st.st_mtime_ns, st.st_size)
    with _INDEX_LOCK:
        ix = _INDEXES.get(key)
        if ix is None:
            for old in [k for k in _INDEXES if k[0] == key[0]]:
                _INDEXES.pop(old).close()
            ix = _INDEXES[key] = SpatialIndex.load(path)
        return ix


def _join_partition(part: pd.DataFrame, path: str, k: int, max_distance_m: float,
                    distance_col: str) -> pd.DataFrame:
    ix = _worker_index(path)
    ids, metres, counts = nearest_ids(ix, part["lat"].to_numpy(), part["lon"].to_numpy(), k, max_distance_m)
    valid = np.arange(ids.shape[1])[None, :] < counts[:, None]
    out = part.iloc[np.repeat(np.arange(len(part)), counts)].copy()
    out["index_right"] = ids[valid].astype(np.int64)
    out[distance_col] = metres[valid]
    return out


def sjoin_nearest(left: dd.DataFrame, index_path: "os.PathLike[str] | str", *, k: int = 1,
                  max_distance_m: float = math.inf, distance_col: str = "distance_m") -> dd.DataFrame:
    """The k nearest points of a saved index (build_index) for every row of a Dask DataFrame
    with lat/lon columns in degrees: left's rows repeated per match, plus ``index_right`` (the
    indexed point's number, i.e. its row in the frame the index was built from) and the
    distance in metres on the sphere, nearest first. Each worker process loads the index
    once (checksum-verified memory image) and keeps it for later tasks."""
    path = os.fspath(index_path)
    meta = left._meta.assign(index_right=pd.Series([], dtype="int64"),
                             **{distance_col: pd.Series([], dtype="float64")})
    return left.map_partitions(_join_partition, path, int(k), float(max_distance_m), distance_col, meta=meta)
