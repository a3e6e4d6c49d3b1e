"""Polygons: exact point-in-polygon and distances to the boundary (gk_polygon; Swift:
PreparedPolygon).

A ``Polygon`` is one GeoJSON Polygon (outer ring and holes) or MultiPolygon, prepared once.
Edge model (RFC 7946): edges are straight in longitude/latitude degrees; a point is in the
shape when inside an outer ring and outside its holes, and on an edge or vertex counts as in
(shapely's ``covers``/``intersects_xy``, not ``contains_xy``, which leaves the boundary out).
Decisions are exact. Rings crossing the antimeridian with a jump of more than 180 degrees are
read the shorter way (see include/geokernel.h, section polygon). Distances are metres on the
sphere of EARTH_MEAN_RADIUS_M.
"""
from __future__ import annotations

from ctypes import byref, c_double, c_int, c_size_t, c_void_p
from typing import Any, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from ._core import _columns, _Handle, _out, _owned
from ._lib import check, context, lib

__all__ = ["Polygon", "OUTSIDE", "INSIDE", "BOUNDARY"]

#: Locations (GK_POLYGON_*).
OUTSIDE, INSIDE, BOUNDARY = 0, 1, 2
_LOCATION_NAMES = {OUTSIDE: "outside", INSIDE: "inside", BOUNDARY: "boundary"}

# One polygon: rings, each a (lat array, lon array) pair; the outer ring first.
_Rings = List[Tuple[np.ndarray, np.ndarray]]


def _ring_from_lonlat(positions: Any, where: str) -> Tuple[np.ndarray, np.ndarray]:
    """A GeoJSON / shapely ring, [[lon, lat], ...] (extra coordinates ignored)."""
    a = np.asarray(positions, dtype=np.float64)
    if a.ndim != 2 or a.shape[1] < 2:
        raise ValueError(f"{where}: a ring must be a list of [lon, lat] positions")
    return np.ascontiguousarray(a[:, 1]), np.ascontiguousarray(a[:, 0])


class Polygon(_Handle):
    """One or more polygons with holes, prepared for containment tests (gk_polygon).

    ``Polygon(outer, holes=())`` takes (lat, lon) pairs in degrees; ``Polygon.from_geojson``
    a GeoJSON Polygon or MultiPolygon (geometry, Feature, or a dict with "coordinates"), and
    ``Polygon.from_shapely`` a shapely Polygon or MultiPolygon (x = longitude, y = latitude).
    Rings may repeat their first vertex at the end or not.

    Thread safety: immutable; many threads may query one polygon at once. close() or
    ``with`` frees it; a finalizer does otherwise, exactly once.
    """

    _what = "Polygon"

    def __init__(self, outer: Sequence[Sequence[float]], holes: Iterable[Sequence[Sequence[float]]] = ()) -> None:
        rings = []
        for k, ring in enumerate([outer, *holes]):
            a = np.asarray(ring, dtype=np.float64)
            if a.ndim != 2 or a.shape[1] != 2:
                raise ValueError(f"ring {k}: expected (lat, lon) pairs, got shape {a.shape}")
            rings.append((np.ascontiguousarray(a[:, 0]), np.ascontiguousarray(a[:, 1])))
        self._create([rings])

    @classmethod
    def _of(cls, polygons: List[_Rings]) -> "Polygon":
        self = cls.__new__(cls)
        self._create(polygons)
        return self

    def _create(self, polygons: List[_Rings]) -> None:
        if not polygons or any(not p for p in polygons):
            raise ValueError("a polygon needs at least one ring")
        lat = np.concatenate([r[0] for p in polygons for r in p])
        lon = np.concatenate([r[1] for p in polygons for r in p])
        lengths = np.array([len(r[0]) for p in polygons for r in p], dtype=np.uintp)
        groups = np.array([len(p) for p in polygons], dtype=np.uintp)
        out = c_void_p()
        ctx = context()
        check(lib.gk_polygon_create(ctx, lat.ctypes.data, lon.ctypes.data, lat.shape[0], lengths.ctypes.data,
                                    lengths.shape[0], groups.ctypes.data, groups.shape[0], byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_polygon_destroy)
        self.polygon_count = len(polygons)
        self.vertex_count = int(lat.shape[0])

    @classmethod
    def from_geojson(cls, obj: Any) -> "Polygon":
        """From a GeoJSON Polygon or MultiPolygon: a geometry, a Feature holding one, or any
        object with ``__geo_interface__``. Raises ValueError for other types."""
        geo = getattr(obj, "__geo_interface__", obj)
        if isinstance(geo, dict) and geo.get("type") == "Feature":
            geo = geo.get("geometry")
        if not isinstance(geo, dict):
            raise ValueError("expected a GeoJSON Polygon or MultiPolygon")
        kind, coords = geo.get("type"), geo.get("coordinates")
        if not isinstance(coords, list) and not isinstance(coords, tuple):
            raise ValueError(f"a GeoJSON {kind} needs a list of coordinates")
        parts: List[Any]
        if kind == "Polygon":
            parts = [coords]
        elif kind == "MultiPolygon":
            parts = list(coords)
        else:
            raise ValueError(f"expected a GeoJSON Polygon or MultiPolygon, not {kind!r}")
        return cls._of([[_ring_from_lonlat(r, f"polygon {i}, ring {k}") for k, r in enumerate(p)]
                        for i, p in enumerate(parts)])

    @classmethod
    def from_shapely(cls, geometry: Any) -> "Polygon":
        """From a shapely Polygon or MultiPolygon in longitude/latitude (EPSG:4326)."""
        return cls.from_geojson(geometry)

    def locate(self, lat: float, lon: float) -> str:
        """Where (lat, lon) lies: "inside", "outside" or "boundary"; exact."""
        out = c_int(-1)
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_polygon_locate(ctx, ptr, float(lat), float(lon), byref(out)), ctx)
        return _LOCATION_NAMES[out.value]

    def contains(self, lat: Any, lon: Optional[Any] = None, *, out: Optional[np.ndarray] = None,
                 copy: bool = False) -> np.ndarray:
        """Which points are in the polygons, boundary included (gk_polygon_contains).

        Args:
            lat, lon: 1-D arrays of degrees (numpy, pandas, lists; float64 columns of one
                stride are read in place). Or, with ``lon`` omitted, a GeoSeries or
                GeoDataFrame of points in EPSG:4326 (x = longitude, y = latitude).
            out: optional contiguous bool array of n entries for the result.
            copy: read from contiguous float64 copies even when the inputs could be read in place.

        Returns:
            bool array of n entries.

        Raises:
            InvalidArgumentError: a point out of range (the message names the first).
        """
        if lon is None:
            geometry = getattr(lat, "geometry", lat)
            if not hasattr(geometry, "x") or not hasattr(geometry, "y"):
                raise TypeError("contains(points) takes a GeoSeries or GeoDataFrame of points; "
                                "otherwise pass lat and lon arrays")
            lat, lon = np.asarray(geometry.y, dtype=np.float64), np.asarray(geometry.x, dtype=np.float64)
        (la, lo), n, stride = _columns(("lat", "lon"), (lat, lon), copy=copy)
        mask = _out(out, n, np.bool_)
        inside = c_size_t(0)
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_polygon_contains(ctx, ptr, la.ctypes.data, lo.ctypes.data, n, stride,
                                          mask.ctypes.data, byref(inside)), ctx)
        return mask

    def boundary_distance_m(self, lat: float, lon: float) -> float:
        """Metres on the sphere from (lat, lon) to the nearest edge of any ring."""
        out = c_double(0.0)
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_polygon_boundary_distance(ctx, ptr, float(lat), float(lon), byref(out)), ctx)
        return out.value

    def __repr__(self) -> str:
        if self.closed:
            return "Polygon [closed]"
        return f"Polygon({self.polygon_count} polygon{'s' if self.polygon_count != 1 else ''}, {self.vertex_count} vertices)"
