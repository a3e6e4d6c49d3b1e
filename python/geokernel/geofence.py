"""Geofences: enter, exit and dwell events from a stream of fixes (gk_geofence_monitor;
Swift: module Geofence, GeofenceMonitor).

Units: positions in degrees, radii and accuracies in metres, times in seconds.
Earth model: the sphere of EARTH_MEAN_RADIUS_M; every decision is the scalar haversine test
against the monitor's rules (radius, the fix's accuracy in metres, hysteresis). Time comes
only from the fixes (seconds, e.g. since 1970-01-01 UTC): replaying the same fixes gives the
same events.
"""
from __future__ import annotations

import math
import threading
from ctypes import byref, c_double, c_int, c_size_t, c_void_p
from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional

import numpy as np

from ._core import _BUFFER_TOO_SMALL, _columns, _Handle, _owned
from ._lib import check, context, lib

if TYPE_CHECKING:
    from .polygon import Polygon

__all__ = ["GeofenceMonitor", "GeofenceEvent", "ENTER", "EXIT", "DWELL", "DEFAULT_RADIUS_M",
           "OPTIONS"]

#: Event kinds (GK_GEOFENCE_*).
ENTER, EXIT, DWELL = 1, 2, 3
_KIND_NAMES = {ENTER: "enter", EXIT: "exit", DWELL: "dwell"}
#: The usual fence radius in metres (GK_GEOFENCE_DEFAULT_RADIUS_M).
DEFAULT_RADIUS_M = 1000.0

#: Keyword options of GeofenceMonitor -> GK_GEOFENCE_OPT_* (units as named).
OPTIONS: Dict[str, int] = {
    "hysteresis_m": 1, "enter_margin_m": 2, "enter_fixes": 3, "enter_seconds": 4,
    "exit_fixes": 5, "exit_seconds": 6, "max_accuracy_m": 7, "dwell_seconds": 8,
    "assumed_accuracy_m": 9,
}


class GeofenceEvent(NamedTuple):
    """One event: kind ("enter", "exit" or "dwell"), the fence id, the fix's time (seconds)."""
    kind: str
    fence_id: int
    time_s: float


class GeofenceMonitor(_Handle):
    """Circular and polygon geofences and their enter/exit/dwell events (gk_geofence_monitor).

    ``GeofenceMonitor(hysteresis_m=20, exit_fixes=2, ...)``: keyword rules as OPTIONS lists
    them (defaults: hysteresis 20 m, enter margin 0 m, 1 fix to enter, 2 fixes to exit, fixes
    worse than 100 m ignored, dwell after 300 s, unknown accuracy taken as 0 m). Fences are
    added with ``add(id, lat, lon, radius_m)`` or ``add_polygon(id, Polygon(...))``; ``update(lat, lon, time_s, accuracy_m)`` or
    ``update_batch(lat, lon, time_s, accuracy_m)`` feed fixes and return their events.

    Thread safety: one thread at a time (calls are serialised by a lock). close() or ``with``
    frees it; a finalizer does otherwise, exactly once.
    """

    _what = "GeofenceMonitor"

    def __init__(self, **options: float) -> None:
        self._lock = threading.Lock()
        out = c_void_p()
        ctx = context()
        check(lib.gk_geofence_monitor_create(ctx, byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_geofence_monitor_destroy)
        for name, value in options.items():
            if name not in OPTIONS:
                self.close()
                raise TypeError(f"unknown option {name!r}; known: {', '.join(OPTIONS)}")
            status = lib.gk_geofence_monitor_set_option(ctx, self._handle(), OPTIONS[name], float(value))
            if status != 0:
                try:
                    check(status, ctx)  # the message lives on ctx, not on the monitor
                finally:
                    self.close()

    def option(self, name: str) -> float:
        """The value of one rule (see OPTIONS), in its unit."""
        out = c_double(0.0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_geofence_monitor_get_option(ctx, ptr, OPTIONS[name], byref(out)), ctx)
        return out.value

    def add(self, fence_id: int, lat: float, lon: float, radius_m: float = DEFAULT_RADIUS_M) -> None:
        """Adds a circular fence (radius in metres on the sphere, > 0 and at most 10 000 km)
        around (lat, lon) degrees; it starts outside. Raises DuplicateError for a used id."""
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_geofence_monitor_add(ctx, ptr, int(fence_id), float(lat), float(lon),
                                              float(radius_m)), ctx)

    def add_polygon(self, fence_id: int, polygon: "Polygon") -> None:
        """Adds a polygon fence (a ``geokernel.Polygon``; the monitor keeps its own reference)
        under the same rules, distances measured from its boundary; it starts outside.
        Raises DuplicateError for a used id (circles and polygons share ids)."""
        ctx = context()
        with self._lock, self._using() as ptr, polygon._using() as shape:
            check(lib.gk_geofence_monitor_add_polygon(ctx, ptr, int(fence_id), shape), ctx)

    def remove(self, fence_id: int) -> None:
        """Removes a fence (no event for it). Raises NotFoundError."""
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_geofence_monitor_remove(ctx, ptr, int(fence_id)), ctx)

    def __len__(self) -> int:
        with self._lock, self._using() as ptr:
            return int(lib.gk_geofence_monitor_count(ptr))

    def _drain(self, ctx: int, ptr: int) -> List[GeofenceEvent]:
        n = int(lib.gk_geofence_monitor_pending_events(ptr))
        if n == 0:
            return []
        kinds = np.empty(n, dtype=np.intc)
        ids = np.empty(n, dtype=np.int64)
        times = np.empty(n, dtype=np.float64)
        got = c_size_t(0)
        check(lib.gk_geofence_monitor_read_events(ctx, ptr, kinds.ctypes.data, ids.ctypes.data,
                                                  times.ctypes.data, n, byref(got)), ctx)
        return [GeofenceEvent(_KIND_NAMES[int(k)], int(i), float(t))
                for k, i, t in zip(kinds[:got.value], ids[:got.value], times[:got.value])]

    def update(self, lat: float, lon: float, time_s: float, accuracy_m: float = math.nan
               ) -> List[GeofenceEvent]:
        """Feeds one fix (degrees, seconds, accuracy in metres or NaN when unknown) and returns
        the events it caused: exits, then enters, then dwells, in fence order.

        Raises:
            OrderError: time_s earlier than the previous fix (the monitor is unchanged).
        """
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_geofence_monitor_update(ctx, ptr, float(lat), float(lon), float(time_s),
                                                 float(accuracy_m), None), ctx)
            return self._drain(ctx, ptr)

    def update_batch(self, lat: np.ndarray, lon: np.ndarray, time_s: np.ndarray,
                     accuracy_m: Optional[np.ndarray] = None, *, copy: bool = False
                     ) -> List[GeofenceEvent]:
        """Feeds many fixes, all or none (each is checked first), from float64 arrays sharing
        one stride (read in place); returns their events in order."""
        names = ("lat", "lon", "time_s") + (("accuracy_m",) if accuracy_m is not None else ())
        arrays = (lat, lon, time_s) + ((accuracy_m,) if accuracy_m is not None else ())
        arrays, n, stride = _columns(names, arrays, copy=copy)
        acc = arrays[3].ctypes.data if accuracy_m is not None else None
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_geofence_monitor_update_batch(ctx, ptr, arrays[0].ctypes.data, arrays[1].ctypes.data,
                                                       arrays[2].ctypes.data, acc, n, stride, None), ctx)
            return self._drain(ctx, ptr)

    @property
    def inside_any(self) -> bool:
        """Whether the user is inside at least one fence now, by the rules."""
        out = c_int(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_geofence_monitor_inside(ctx, ptr, byref(out)), ctx)
        return bool(out.value)

    def _ids(self, call: Callable[..., int]) -> List[int]:
        ctx = context()
        cap = 16
        count = c_size_t(0)
        with self._lock, self._using() as ptr:
            while True:
                ids = np.empty(cap, dtype=np.int64)
                status = call(ctx, ptr, ids.ctypes.data, cap, byref(count))
                if status == _BUFFER_TOO_SMALL:
                    cap = count.value
                    continue
                check(status, ctx)
                return [int(i) for i in ids[:count.value]]

    def inside_ids(self) -> List[int]:
        """The ids of the fences the user is inside now (by the rules), in the order added."""
        return self._ids(lib.gk_geofence_monitor_inside_ids)

    def containing(self, lat: float, lon: float) -> List[int]:
        """The ids of the fences containing (lat, lon): pure geometry, haversine <= radius."""
        la, lo = float(lat), float(lon)
        return self._ids(lambda ctx, ptr, ids, cap, cnt: lib.gk_geofence_monitor_containing(
            ctx, ptr, la, lo, ids, cap, cnt))

    def __repr__(self) -> str:
        return "GeofenceMonitor [closed]" if self.closed else f"GeofenceMonitor({len(self)} fences)"
