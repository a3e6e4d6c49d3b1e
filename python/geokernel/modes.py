"""Travel modes: the legs of a move (walk, bicycle, car, bus, train or unknown), each with
a confidence and the figures it was decided on (gk_travel_modes, gk_timeline_legs; Swift:
module Timeline, ModeClassifier).

``travel_modes(lat, lon, time_s)`` cuts a time-ordered sequence of fixes into legs where the
traveller walks between rides and classifies each by its speeds, stops and sharp turns, the
phone's motion activity (``activities``) and, with a ``Matcher`` (``matcher``), how many of
its fixes lie on roads. ``thresholds`` changes the rules (a dict or JSON text with the keys
of the README's travel-mode table). Units: degrees, seconds, metres, m/s.
"""
from __future__ import annotations

import json as _json
from ctypes import byref, c_size_t
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ._core import _columns
from ._lib import check, context, encode, lib

if TYPE_CHECKING:
    from .matching import Matcher

__all__ = ["travel_modes", "MODES", "LEG_DTYPE", "thresholds_json"]

#: Travel modes by GK_TRAVEL_* value.
MODES: Tuple[str, ...] = ("unknown", "walk", "bicycle", "car", "bus", "train")

#: One leg (struct gk_trip_leg): start_s, end_s, distance_m, confidence, median_speed_mps,
#: top_speed_mps, stops_per_km, turns_per_km, road_share (NaN without roads), first_fix and
#: last_fix (indices into the fixes given), mode (an index into MODES).
LEG_DTYPE = np.dtype([("start_s", "<f8"), ("end_s", "<f8"), ("distance_m", "<f8"), ("confidence", "<f8"),
                      ("median_speed_mps", "<f8"), ("top_speed_mps", "<f8"), ("stops_per_km", "<f8"),
                      ("turns_per_km", "<f8"), ("road_share", "<f8"), ("first_fix", "<u8"), ("last_fix", "<u8"),
                      ("mode", "<i4"), ("reserved", "<i4")])

_ACTIVITIES = {"stationary": 0, "walking": 1, "running": 2, "cycling": 3, "automotive": 4, "unknown": 5}


def thresholds_json(thresholds: Union[str, Mapping[str, float], None]) -> Optional[str]:
    """Thresholds as JSON text (None stays None: the defaults)."""
    if thresholds is None or isinstance(thresholds, str):
        return thresholds
    return _json.dumps(dict(thresholds))


def travel_modes(lat: Any, lon: Any, time_s: Any, accuracy_m: Any = None, *,
                 activities: Optional[Sequence[Tuple[str, float]]] = None,
                 thresholds: Union[str, Mapping[str, float], None] = None,
                 matcher: Optional["Matcher"] = None) -> np.ndarray:
    """The legs of one move's fixes (1-D arrays; times never decreasing) as LEG_DTYPE
    records, covering every fix once in order. ``activities``: (name, time_s) motion
    samples in time order, each holding until the next (names: stationary, walking,
    running, cycling, automotive, unknown). Raises InvalidArgumentError naming a bad fix,
    ParseError for bad thresholds."""
    names = ("lat", "lon", "time_s") + (("accuracy_m",) if accuracy_m is not None else ())
    arrays = (lat, lon, time_s) + ((accuracy_m,) if accuracy_m is not None else ())
    cols, count, stride = _columns(names, arrays)
    acc = cols[3].ctypes.data if accuracy_m is not None else None
    samples = list(activities or [])
    for name, _ in samples:
        if name not in _ACTIVITIES:
            raise ValueError(f"unknown activity {name!r}; known: {', '.join(_ACTIVITIES)}")
    kinds = np.array([_ACTIVITIES[n] for n, _ in samples], dtype=np.intc)
    times = np.array([float(t) for _, t in samples], dtype=np.float64)
    text = thresholds_json(thresholds)
    data = encode(text, "thresholds") if text is not None else None
    out = np.zeros(max(count, 1), dtype=LEG_DTYPE)  # at most one leg per fix
    n = c_size_t(0)
    ctx = context()

    def call(mptr: Optional[int]) -> None:
        check(lib.gk_travel_modes(ctx, data, cols[0].ctypes.data, cols[1].ctypes.data, cols[2].ctypes.data, acc, count,
                                  stride, kinds.ctypes.data if len(samples) else None,
                                  times.ctypes.data if len(samples) else None, len(samples), mptr,
                                  out.ctypes.data, len(out), byref(n)), ctx)

    if matcher is None:
        call(None)
    else:
        with matcher._using() as mptr:
            call(mptr)
    return out[:n.value]


def mode_names(legs: np.ndarray) -> list[str]:
    """The modes of LEG_DTYPE records by name."""
    return [MODES[int(m)] for m in legs["mode"]]
