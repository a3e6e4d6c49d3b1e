"""Isochrones: the roads reachable from a point within a travel time or a distance, and
an outline polygon around them (gk_isochrone; Swift: module Route RoadIsochrone).

Made by ``Router.isochrone``. Units: degrees, metres, seconds. An isochrone is immutable
and may be read from any thread.
"""
from __future__ import annotations

import ctypes
from ctypes import byref, c_int, c_size_t
from typing import List, NamedTuple, Tuple

import numpy as np

from ._core import _array_count, _Handle, _text
from ._lib import check, context, lib

__all__ = ["Isochrone", "ReachPart", "Ring"]


class ReachPart(ctypes.Structure):
    """One reached part of a road (struct gk_reach_part): start_offset_m and end_offset_m
    along the edge from its first node (end below start when travelled backwards),
    start_cost and end_cost (seconds or metres from the origin), edge, forward,
    reaches_end (the limit does not cut it), starts_at_origin."""
    _fields_ = [("start_offset_m", ctypes.c_double), ("end_offset_m", ctypes.c_double),
                ("start_cost", ctypes.c_double), ("end_cost", ctypes.c_double), ("edge", ctypes.c_uint32),
                ("forward", ctypes.c_uint8), ("reaches_end", ctypes.c_uint8),
                ("starts_at_origin", ctypes.c_uint8), ("reserved", ctypes.c_uint8)]

    def __repr__(self) -> str:
        way = "forward" if self.forward else "backward"
        return (f"ReachPart(edge {self.edge} {way}, {self.start_offset_m:.1f}→{self.end_offset_m:.1f} m, "
                f"cost {self.start_cost:.1f}→{self.end_cost:.1f})")


class Ring(NamedTuple):
    """A ring of the outline: the polygon it belongs to, whether it is a hole (clockwise;
    outer rings run counterclockwise), and its closed lat, lon arrays in degrees."""
    polygon: int
    is_hole: bool
    lat: np.ndarray
    lon: np.ndarray


class Isochrone(_Handle):
    """Everything reachable from a point within a limit: the reached parts of the roads
    and their outline (gk_isochrone; Swift: RoadIsochrone). Made by Router.isochrone."""

    _what = "Isochrone"

    def __init__(self, ptr: int) -> None:
        self._adopt(ptr, lib.gk_isochrone_destroy)

    def parts(self) -> List[ReachPart]:
        """The reached parts, by edge then direction (gk_isochrone_parts)."""
        ctx = context()
        with self._using() as ptr:
            n = _array_count(lambda c, cap, cnt: lib.gk_isochrone_parts(c, ptr, None, cap, cnt), ctx)
            out = (ReachPart * n)()
            count = c_size_t(0)
            check(lib.gk_isochrone_parts(ctx, ptr, out if n else None, n, byref(count)), ctx)
        return list(out)

    def part_geometry(self, index: int) -> Tuple[np.ndarray, np.ndarray]:
        """Part index's lat, lon arrays in degrees, in the direction of travel."""
        i = int(index)
        ctx = context()
        with self._using() as ptr:
            n = _array_count(lambda c, cap, cnt: lib.gk_isochrone_part_geometry(c, ptr, i, None, None, cap, cnt), ctx)
            lat, lon = np.empty(n), np.empty(n)
            count = c_size_t(0)
            check(lib.gk_isochrone_part_geometry(ctx, ptr, i, lat.ctypes.data, lon.ctypes.data, n, byref(count)), ctx)
        return lat, lon

    def rings(self) -> List[Ring]:
        """The outline's rings: each polygon's outer ring, then its holes."""
        ctx = context()
        out = []
        with self._using() as ptr:
            for i in range(lib.gk_isochrone_ring_count(ptr)):
                n = _array_count(
                    lambda c, cap, cnt: lib.gk_isochrone_ring(c, ptr, i, None, None, cap, cnt, None, None), ctx)
                lat, lon = np.empty(n), np.empty(n)
                count, polygon, hole = c_size_t(0), c_size_t(0), c_int(0)
                check(lib.gk_isochrone_ring(ctx, ptr, i, lat.ctypes.data, lon.ctypes.data, n, byref(count),
                                            byref(polygon), byref(hole)), ctx)
                out.append(Ring(polygon.value, bool(hole.value), lat, lon))
        return out

    def geojson(self, parts: bool = True) -> str:
        """The origin, the outline (MultiPolygon) and, with parts, each reached part as
        GeoJSON text (RFC 7946)."""
        flag = 1 if parts else 0
        with self._using() as ptr:
            return _text(lambda c, b, cap, ln: lib.gk_isochrone_geojson(c, ptr, flag, b, cap, ln))

    def __repr__(self) -> str:
        return "Isochrone [closed]" if self.closed else "Isochrone()"
