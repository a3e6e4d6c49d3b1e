"""GeoKernel for Python: geo computations over libgeokernel.so, through its C ABI (ctypes).

No compiler is needed: the package loads ``libgeokernel.so`` (see ``geokernel._lib`` for the
search order; set ``GEOKERNEL_LIBRARY`` to choose a file) and hands numpy arrays to the
library without copying them.

Units and Earth model (as in include/geokernel.h):
  * angles in degrees: latitude in [-90, 90], longitude in [-180, 180];
  * distances in metres. "Sphere" is the sphere of mean radius ``EARTH_MEAN_RADIUS_M``
    (6 371 008.8 m, IUGG R1); every function here that measures along the Earth uses it.
  * projected coordinates are in the target CRS's unit (metres for EPSG:3857); a
    geographic CRS takes x = longitude, y = latitude.

Arrays (no copy when none is needed):
  Batch functions take any 1-D array-like of real numbers for latitude and longitude: numpy
  arrays of any int or float dtype, pandas Series, lists. ``float64`` arrays that share one
  stride, e.g. the two columns of an (n, 2) C-contiguous array (``pts[:, 0]`` and
  ``pts[:, 1]``, stride 16 bytes) or two float64 Series, are read where they are; anything
  else is converted to contiguous float64 copies first. Text, booleans, complex numbers,
  arrays that are not 1-D and unequal lengths raise ``TypeError``/``ValueError``.
  ``Transformer.transform`` works in place, so it takes only writable 1-D float64 arrays
  and never copies.

Errors:
  Every ``GK_ERR_*`` status becomes a subclass of ``GeoKernelError`` carrying ``.code`` and the
  library's message (see ``geokernel.errors``).

Objects own a C handle: ``close()`` it (twice is harmless), or use ``with``; a finalizer
frees it otherwise, exactly once. Using an object after ``close()`` raises ``MisuseError``.

Contents (one submodule per section of include/geokernel.h, all re-exported here):
  * batch kernels and ``Transformer``, ``SpatialIndex``, ``UnitVectors`` (this module);
  * ``geodesy``: haversine, WGS84 geodesics, bearings, cross/along-track, boxes, regions,
    travel-time text, distance hints, encoded polylines;
  * ``geofence``: ``GeofenceMonitor`` (enter/exit/dwell events, circles and polygons);
  * ``polygon``: ``Polygon`` (exact point-in-polygon for numpy arrays and GeoDataFrames,
    distances to the boundary);
  * ``timeline``: ``StopDetector`` (stays and moves), ``TrackingPolicy``;
  * ``nearby``: ``Landmarks``, ``ReverseGeocoder``, ``AddressIndex`` (naming by address);
  * ``route``: ``RoutePlan``, ``RoadGraph``, ``Router`` (offline road routing);
  * ``isochrone``: ``Isochrone`` (what ``Router.isochrone`` reaches within a limit, and its outline);
  * ``matching``: ``Matcher``, ``Match``, ``MatchStream`` (which roads a GPS trace followed);
  * ``modes``: ``travel_modes`` (walk, bicycle, car, bus, train for a move's legs; also
    ``StopDetector.legs``);
  * on demand (they need pandas, GeoPandas, Dask): ``geokernel.trackintel``
    (trackintel's generate_staypoints, generate_triplegs, predict_transport_mode), ``geokernel.frames`` (k-nearest join, stops as
    movingpandas returns them), ``geokernel.dask`` (the same across a cluster).

Example::

    >>> import numpy as np, geokernel as gk
    >>> pts = np.array([[48.8566, 2.3522], [51.5074, -0.1278]])  # (lat, lon) rows
    >>> d = gk.haversine_distances(52.52, 13.405, pts[:, 0], pts[:, 1])
    >>> [round(float(x) / 1000, 1) for x in d]                   # km from Berlin
    [877.5, 931.6]

Threads: each thread gets its own library context automatically. A ``Transformer`` is
used by one thread at a time (it locks); a ``SpatialIndex`` may be queried by many threads.
"""
from __future__ import annotations

import contextlib
import math
import os
import threading
import weakref
from ctypes import byref, c_size_t, c_uint32, c_void_p
from typing import Any, Callable, Iterator, List, Optional, Tuple, Union

import numpy as np

from . import errors
from ._lib import LIBRARY_PATH, check, closed_error, context, encode, lib, version
from .errors import (BufferTooSmallError, CapacityError, CorruptFileError, CrsError,
                     DuplicateError, FileIOError, GeoKernelError, InternalError,
                     InvalidArgumentError, MisuseError, NotFoundError, OrderError,
                     OutOfMemoryError, ParseError, PermissionDeniedError, ProjDatabaseError,
                     ProjError, TransformError)

__all__ = [
    "EARTH_MEAN_RADIUS_M", "WGS84_A", "WGS84_F", "FORWARD", "INVERSE", "SIMPLIFY_RADIAL_PREPASS",
    "LIBRARY_PATH", "version",
    "haversine_distances", "geodesic_distances", "geodesic_destinations", "circle_contains", "simplify_geographic", "simplify_planar",
    "Transformer", "SpatialIndex", "UnitVectors",
    # classes and functions of the other sections (also reachable as submodules)
    "GeofenceMonitor", "GeofenceEvent", "Polygon", "StopDetector", "TrackingPolicy", "Landmarks", "Landmark",
    "ReverseGeocoder", "Place", "AddressIndex", "AddressMatch", "RoutePlan", "RoadGraph", "Router", "RouteStep", "Lane", "SnappedPoint", "Leg",
    "Isochrone", "ReachPart", "Ring", "Matcher", "MatchOptions", "Match", "MatchPiece", "MatchedRoad", "MatchStream",
    "profile_json",
    "coord_check", "haversine", "geodesic_inverse", "geodesic_direct", "initial_bearing", "destination",
    "cross_track_distance", "along_track_distance", "bbox_of_circle", "region_around", "region_of_points",
    "travel_time_format", "distance_hint", "polyline_encode", "polyline_decode",
    "GeoKernelError", "MisuseError", "InvalidArgumentError", "OutOfMemoryError",
    "BufferTooSmallError", "ProjError", "CrsError", "ProjDatabaseError", "TransformError",
    "NotFoundError", "DuplicateError", "PermissionDeniedError", "CapacityError", "FileIOError",
    "CorruptFileError", "ParseError", "OrderError", "InternalError", "errors",
]

__version__ = "0.8.0"

#: Mean Earth radius in metres (IUGG R1): the sphere of every spherical function.
EARTH_MEAN_RADIUS_M = 6371008.8
#: WGS84 equatorial radius in metres and flattening.
WGS84_A = 6378137.0
WGS84_F = 1.0 / 298.257223563
#: Directions of Transformer.transform.
FORWARD = 1
INVERSE = -1
#: Flag of the simplifiers: a radial-distance pre-pass before Douglas-Peucker.
SIMPLIFY_RADIAL_PREPASS = 1



from ._core import _BUFFER_TOO_SMALL, _Handle, _columns, _out, _owned, _real_vector  # noqa: E402

def haversine_distances(center_lat: float, center_lon: float, lat: np.ndarray, lon: np.ndarray,
                        *, out: Optional[np.ndarray] = None, copy: bool = False) -> np.ndarray:
    """Great-circle distances in metres on the sphere (radius EARTH_MEAN_RADIUS_M) from one
    centre to every point, by the haversine formula (SIMD; gk_haversine_batch).

    Args:
        center_lat, center_lon: the centre in degrees (latitude in [-90, 90]).
        lat, lon: 1-D float64 arrays of degrees sharing one stride (e.g. the columns of an
            (n, 2) array), read in place; longitudes in [-180, 180].
        out: optional contiguous float64 array of n entries for the result.
        copy: read from contiguous float64 copies even when the inputs could be read in place.

    Returns:
        float64 array of n distances in metres.

    Raises:
        InvalidArgumentError: a bad centre or point (the message names the first bad point).
    """
    return _distance_batch(lib.gk_haversine_batch, center_lat, center_lon, lat, lon, out, copy)


def geodesic_distances(origin_lat: float, origin_lon: float, lat: np.ndarray, lon: np.ndarray,
                       *, out: Optional[np.ndarray] = None, copy: bool = False) -> np.ndarray:
    """WGS84 geodesic distances in metres from one origin to every point (Karney 2013,
    GeoKernel's own geodesic, within 15 nm of GeographicLib; gk_geodesic_distances). Four
    points at a time through a SIMD kernel: each within 8 nm of
    ``geodesic_inverse(origin, point).distance_m``, not the same bits.

    Args:
        origin_lat, origin_lon: the origin in degrees (latitude in [-90, 90]).
        lat, lon: 1-D float64 arrays of degrees sharing one stride, read in place;
            longitudes in [-180, 180].
        out: optional contiguous float64 array of n entries for the result.
        copy: read from contiguous float64 copies even when the inputs could be read in place.

    Returns:
        float64 array of n distances in metres.

    Raises:
        InvalidArgumentError: a bad origin or point (the message names the first bad point;
            nothing is written then).
    """
    return _distance_batch(lib.gk_geodesic_distances, origin_lat, origin_lon, lat, lon, out, copy)


def geodesic_destinations(origin_lat: float, origin_lon: float, azimuths: Any, distances: Any
                          ) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """WGS84 direct geodesics from one origin (Karney 2013, GeoKernel's own geodesic, within
    15 nm of GeographicLib; gk_geodesic_destinations): end point i lies distances[i] metres
    from the origin along azimuths[i] (negative distances go backwards). Four at a time
    through a SIMD kernel: each end within 8 nm on the ground of
    ``geodesic_direct(origin, azimuth, distance)``'s, not the same bits. For circles of a
    given radius on the ellipsoid, range rings, points at bearings.

    Args:
        origin_lat, origin_lon: the origin in degrees (latitude in [-90, 90]).
        azimuths: 1-D array-like of azimuths at the origin, degrees clockwise from north.
        distances: 1-D array-like of as many distances in metres along the ellipsoid.

    Returns:
        (lat, lon, azimuth2): float64 arrays of the end points in degrees (longitudes in
        [-180, 180]) and the azimuths there (forward), degrees in [0, 360).

    Raises:
        InvalidArgumentError: a bad origin, or an azimuth or distance that is not finite (the
            message names the first).
        ValueError: azimuths and distances of different lengths.
    """
    azi = np.ascontiguousarray(_real_vector("azimuths", azimuths))
    s12 = np.ascontiguousarray(_real_vector("distances", distances))
    if azi.shape != s12.shape:
        raise ValueError(f"{azi.shape[0]} azimuths but {s12.shape[0]} distances")
    n = azi.shape[0]
    lat, lon, azi2 = np.empty(n), np.empty(n), np.empty(n)
    ctx = context()
    check(lib.gk_geodesic_destinations(ctx, float(origin_lat), float(origin_lon), azi.ctypes.data,
                                       s12.ctypes.data, n, lat.ctypes.data, lon.ctypes.data,
                                       azi2.ctypes.data), ctx)
    return lat, lon, azi2


def _distance_batch(fn: Any, origin_lat: float, origin_lon: float, lat: np.ndarray, lon: np.ndarray,
                    out: Optional[np.ndarray], copy: bool) -> np.ndarray:
    """One origin to many points through a C distance batch (haversine or geodesic)."""
    (lat, lon), n, stride = _columns(("lat", "lon"), (lat, lon), copy=copy)
    res = _out(out, n, np.float64)
    ctx = context()
    check(fn(ctx, float(origin_lat), float(origin_lon), lat.ctypes.data, lon.ctypes.data, n, stride,
             res.ctypes.data), ctx)
    return res


def circle_contains(center_lat: float, center_lon: float, radius_m: float, lat: np.ndarray,
                    lon: np.ndarray, *, out: Optional[np.ndarray] = None,
                    copy: bool = False) -> np.ndarray:
    """Which points lie in a circle on the sphere (gk_circle_contains_batch).

    A point is inside when its haversine distance (sphere of EARTH_MEAN_RADIUS_M) from the
    centre is <= radius_m; the decisions equal the scalar test exactly.

    Args:
        center_lat, center_lon: the centre in degrees.
        radius_m: the radius in metres along the sphere, finite and >= 0.
        lat, lon: 1-D float64 arrays of degrees sharing one stride, read in place.
        out: optional contiguous bool array of n entries for the result.
        copy: read from contiguous float64 copies even when the inputs could be read in place.

    Returns:
        bool array of n entries, True inside (``mask.sum()`` counts them).
    """
    (lat, lon), n, stride = _columns(("lat", "lon"), (lat, lon), copy=copy)
    mask = _out(out, n, np.bool_)
    inside = c_size_t(0)
    ctx = context()
    check(lib.gk_circle_contains_batch(ctx, float(center_lat), float(center_lon), float(radius_m), lat.ctypes.data,
                                       lon.ctypes.data, n, stride, mask.ctypes.data,
                                       byref(inside)), ctx)
    return mask


def _simplify(fn: Callable[..., int], names: Tuple[str, str], a: object, b: object, tolerance: float,
              flags: int, copy: bool) -> np.ndarray:
    (a, b), n, stride = _columns(names, (a, b), copy=copy)
    kept = np.empty(n, dtype=np.uintp)  # a capacity of n always suffices
    count = c_size_t(0)
    ctx = context()
    check(fn(ctx, a.ctypes.data, b.ctypes.data, n, stride, float(tolerance), flags, kept.ctypes.data,
             n, byref(count)), ctx)
    return kept[:count.value].view(np.intp).copy()


def simplify_geographic(lat: np.ndarray, lon: np.ndarray, tolerance_m: float, *,
                        radial_prepass: bool = False, copy: bool = False) -> np.ndarray:
    """Douglas-Peucker simplification of a line in degrees with a tolerance in metres
    (gk_simplify_geographic).

    The line is projected to the gnomonic plane tangent at the mean of its vertices (sphere of
    EARTH_MEAN_RADIUS_M), so no removed vertex is farther than tolerance_m from the result on
    the sphere. Lines reaching more than 60 degrees from their centre are refused.

    Args:
        lat, lon: 1-D float64 arrays of degrees sharing one stride, read in place.
        tolerance_m: metres, finite, >= 0.
        radial_prepass: drop vertices closer than the tolerance to the previous kept one first.
        copy: read from contiguous float64 copies even when the inputs could be read in place.

    Returns:
        the indices of the kept vertices (ascending, dtype intp): ``lat[kept]``, ``lon[kept]``.
    """
    return _simplify(lib.gk_simplify_geographic, ("lat", "lon"), lat, lon, tolerance_m,
                     SIMPLIFY_RADIAL_PREPASS if radial_prepass else 0, copy)


def simplify_planar(x: np.ndarray, y: np.ndarray, tolerance: float, *,
                    radial_prepass: bool = False, copy: bool = False) -> np.ndarray:
    """Douglas-Peucker on planar (projected) coordinates, deciding exactly as GEOS's
    DouglasPeuckerLineSimplifier (gk_simplify_planar).

    Args:
        x, y: 1-D float64 arrays sharing one stride (finite, |value| <= 1e150), read in place.
        tolerance: in the units of x and y; finite, >= 0.
        radial_prepass: the radial-distance pre-pass first.
        copy: read from contiguous float64 copies even when the inputs could be read in place.

    Returns:
        the indices of the kept vertices (ascending, dtype intp).
    """
    return _simplify(lib.gk_simplify_planar, ("x", "y"), x, y, tolerance,
                     SIMPLIFY_RADIAL_PREPASS if radial_prepass else 0, copy)


class Transformer(_Handle):
    """A PROJ coordinate transformation between two CRS (gk_transformer).

    ``Transformer("EPSG:4326", "EPSG:3857")``: CRS as PROJ text ("EPSG:32633",
    "+proj=merc +datum=WGS84", WKT). A geographic CRS takes x = longitude and y = latitude
    in degrees; a projected one its own unit (metres for EPSG:3857 and UTM).

    Use ``transform(x, y)`` to transform float64 arrays in place, ``close()`` or ``with``
    to free it. One thread at a time (calls are serialised by a lock).

    Raises:
        CrsError: PROJ does not know a CRS (with PROJ's message, e.g. "crs not found: ...").
        ProjDatabaseError: proj.db was not found (the message names the searched paths).
    """

    _what = "Transformer"

    def __init__(self, source: str, target: str) -> None:
        self._lock = threading.Lock()
        out = c_void_p()
        ctx = context()
        check(lib.gk_transformer_create(ctx, encode(source, "source"), encode(target, "target"),
                                        byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_transformer_destroy)
        self.source, self.target = source, target

    def transform(self, x: np.ndarray, y: np.ndarray, z: Optional[np.ndarray] = None, *,
                  direction: int = FORWARD) -> int:
        """Transforms points in place (gk_transformer_transform); never copies.

        Args:
            x: float64 array of first coordinates (longitude in degrees for a geographic CRS).
            y: float64 array of second coordinates (latitude for a geographic CRS).
            z: optional heights in metres, likewise.
            direction: FORWARD (source to target) or INVERSE.
            x, y (and z) must be writable, 1-D, of one length and share one stride, e.g.
            ``pts[:, 0], pts[:, 1]`` of an (n, 2) float64 array.

        Returns:
            the number of points that could not be transformed (they become +inf).
        """
        names = ("x", "y") if z is None else ("x", "y", "z")
        columns, n, stride = _columns(names, (x, y) if z is None else (x, y, z), writable=True)
        failed = c_size_t(0)
        with self._lock, self._using() as ptr:
            ctx = context()
            check(lib.gk_transformer_transform(
                ctx, ptr, direction, columns[0].ctypes.data, columns[1].ctypes.data,
                columns[2].ctypes.data if z is not None else None, n, stride, byref(failed)), ctx)
        return failed.value

    def transform_point(self, x: float, y: float, *, direction: int = FORWARD
                        ) -> Tuple[float, float]:
        """One point: returns the transformed (x, y); +inf where it failed."""
        p = np.array([x, y], dtype=np.float64)
        self.transform(p[0:1], p[1:2], direction=direction)
        return float(p[0]), float(p[1])

    def clone(self) -> "Transformer":
        """An independent copy with its own PROJ context, for another thread
        (gk_transformer_clone; cheaper than creating a new one)."""
        out = c_void_p()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_transformer_clone(ctx, ptr, byref(out)), ctx)
        twin = Transformer.__new__(Transformer)
        twin._lock = threading.Lock()
        twin._adopt(_owned(out), lib.gk_transformer_destroy)
        twin.source, twin.target = self.source, self.target
        return twin

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"Transformer({self.source!r}, {self.target!r}) [{state}]"


class UnitVectors(_Handle):
    """Points converted once to unit vectors (40 bytes each) for repeated point-in-circle
    tests (gk_unitvec; Swift: UnitVectorBuffer).

    ``UnitVectors(lat, lon)`` reads float64 arrays of degrees sharing one stride (in place,
    as haversine_distances); ``contains(lat, lon, radius_m)`` tests every point against a
    circle of radius_m metres on the sphere of EARTH_MEAN_RADIUS_M, deciding exactly as the
    scalar haversine test. Immutable: many threads may test at once.
    """

    _what = "UnitVectors"

    def __init__(self, lat: np.ndarray, lon: np.ndarray, *, copy: bool = False) -> None:
        (lat, lon), n, stride = _columns(("lat", "lon"), (lat, lon), copy=copy)
        out = c_void_p()
        ctx = context()
        check(lib.gk_unitvec_create(ctx, lat.ctypes.data, lon.ctypes.data, n, stride, byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_unitvec_destroy)

    def __len__(self) -> int:
        with self._using() as ptr:
            return int(lib.gk_unitvec_count(ptr))

    def contains(self, center_lat: float, center_lon: float, radius_m: float, *,
                 out: Optional[np.ndarray] = None) -> np.ndarray:
        """A bool array, True for the points within radius_m metres of the centre (degrees)."""
        ctx = context()
        with self._using() as ptr:
            mask = _out(out, int(lib.gk_unitvec_count(ptr)), np.bool_)
            check(lib.gk_unitvec_contains(ctx, ptr, float(center_lat), float(center_lon), float(radius_m),
                                          mask.ctypes.data, None), ctx)
        return mask

    def __repr__(self) -> str:
        return "UnitVectors [closed]" if self.closed else f"UnitVectors({len(self)} points)"


class SpatialIndex(_Handle):
    """A spatial index over points on the globe (gk_index; a packed Hilbert R-tree).

    ``SpatialIndex(lat, lon)`` bulk-builds from float64 arrays in degrees (point i gets id i);
    ``SpatialIndex.load(path)`` reads a file written by ``save``. Distances are great-circle
    metres on the sphere of EARTH_MEAN_RADIUS_M (exact across the antimeridian and at the poles).
    Results come nearest first, equal distances in id order.

    Many threads may query one index at once; close() waits for the calls in flight.
    """

    _what = "SpatialIndex"

    def __init__(self, lat: np.ndarray, lon: np.ndarray, *, copy: bool = False) -> None:
        (lat, lon), n, stride = _columns(("lat", "lon"), (lat, lon), copy=copy)
        out = c_void_p()
        ctx = context()
        check(lib.gk_index_build(ctx, lat.ctypes.data, lon.ctypes.data, n, stride, byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_index_destroy)

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "SpatialIndex":
        """Loads an index saved by save() (validated; nothing is half-loaded).

        Raises:
            FileIOError: the file cannot be read or is not a regular file.
            CorruptFileError: a damaged, truncated, foreign or other-version file.
        """
        out = c_void_p()
        ctx = context()
        check(lib.gk_index_load(ctx, encode(path, "path"), byref(out)), ctx)
        self = cls.__new__(cls)
        self._adopt(_owned(out), lib.gk_index_destroy)
        return self

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Saves atomically (temporary file, fsync, rename). Raises FileIOError naming the path."""
        data = encode(path, "path")
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_index_save(ctx, ptr, data), ctx)

    def __len__(self) -> int:
        with self._using() as ptr:
            return int(lib.gk_index_count(ptr))

    def insert(self, lat: float, lon: float) -> int:
        """Adds a point (degrees); returns its id (the next after every id handed out)."""
        out = c_uint32(0)
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_index_insert(ctx, ptr, float(lat), float(lon), byref(out)), ctx)
        return out.value

    def remove(self, id: int) -> None:
        """Removes the point with this id. Raises NotFoundError when there is none."""
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_index_remove(ctx, ptr, int(id)), ctx)

    def _query(self, call: Callable[..., int], capacity: int) -> Tuple[np.ndarray, np.ndarray]:
        # The output-buffer rule: ask with a capacity; on GK_ERR_BUFFER_TOO_SMALL the needed
        # count is in out_count and nothing was written: grow to it and ask again.
        count = c_size_t(0)
        ctx = context()
        while True:
            ids = np.empty(capacity, dtype=np.uint32)
            metres = np.empty(capacity, dtype=np.float64)
            status = call(ctx, ids.ctypes.data if capacity else None,
                          metres.ctypes.data if capacity else None, capacity, byref(count))
            if status == _BUFFER_TOO_SMALL and count.value > capacity:
                capacity = count.value  # the index may grow meanwhile: loop
                continue
            check(status, ctx)
            k = count.value
            if k == capacity:
                return ids, metres
            return ids[:k].copy(), metres[:k].copy()

    def nearest(self, lat: float, lon: float, k: int = 1, max_m: float = math.inf
                ) -> Tuple[np.ndarray, np.ndarray]:
        """The k points nearest to (lat, lon) in degrees, at most max_m metres away.

        Returns:
            (ids, metres): uint32 ids and float64 distances in metres, nearest first.
        """
        k, lat, lon, max_m = int(k), float(lat), float(lon), float(max_m)
        if k < 0:
            raise ValueError("k must be >= 0")
        with self._using() as ptr:
            cap = min(k, int(lib.gk_index_count(ptr)))
            return self._query(lambda ctx, ids, m, c, cnt: lib.gk_index_nearest(
                ctx, ptr, lat, lon, k, max_m, ids, m, c, cnt), cap)

    def within(self, lat: float, lon: float, radius_m: float, *, sort: bool = True
               ) -> Tuple[np.ndarray, np.ndarray]:
        """Every point within radius_m metres of (lat, lon), boundary included.

        Args:
            sort: nearest first (equal distances in id order); False keeps storage order.

        Returns:
            (ids, metres): uint32 ids and float64 distances in metres.
        """
        lat, lon, radius_m = float(lat), float(lon), float(radius_m)
        order = 1 if sort else 0
        with self._using() as ptr:
            return self._query(lambda ctx, ids, m, c, cnt: lib.gk_index_within(
                ctx, ptr, lat, lon, radius_m, order, ids, m, c, cnt), 64)

    def __repr__(self) -> str:
        return "SpatialIndex [closed]" if self.closed else f"SpatialIndex({len(self)} points)"


# The other sections of the header, one submodule each (imported here so that
# ``import geokernel`` is enough; ``geokernel.trackintel``, ``geokernel.frames`` and
# ``geokernel.dask`` need pandas/geopandas/dask and are imported on demand).
from . import geodesy, geofence, isochrone, matching, modes, nearby, polygon, route, timeline  # noqa: E402
from .geodesy import (along_track_distance, bbox_of_circle, coord_check, cross_track_distance,  # noqa: E402
                      destination, distance_hint, geodesic_direct, geodesic_inverse, haversine,
                      initial_bearing, polyline_decode, polyline_encode, region_around,
                      region_of_points, travel_time_format)
from .geofence import GeofenceEvent, GeofenceMonitor  # noqa: E402
from .polygon import Polygon  # noqa: E402
from .nearby import AddressIndex, AddressMatch, Landmark, Landmarks, Place, ReverseGeocoder  # noqa: E402
from .isochrone import Isochrone, ReachPart, Ring  # noqa: E402
from .matching import Match, MatchedRoad, Matcher, MatchOptions, MatchPiece, MatchStream  # noqa: E402
from .route import Lane, Leg, RoadGraph, RoutePlan, Router, RouteStep, SnappedPoint, profile_json  # noqa: E402
from .timeline import StopDetector, TrackingPolicy  # noqa: E402


def __dir__() -> List[str]:
    """``dir(geokernel)``: the public names (``__all__``), the submodules and ``__version__``,
    not the modules and helpers the package imports for itself (numpy, ctypes, os...)."""
    return sorted(set(__all__) | {"geodesy", "geofence", "isochrone", "matching", "modes", "nearby", "route", "timeline", "__version__"})
