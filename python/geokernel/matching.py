"""Map matching: which roads a GPS trace followed (gk_matcher; Swift: module Matching,
RoadMatcher).

``Matcher(graph)`` weighs candidate positions on the roads near each fix against the
routes between them (a hidden Markov model after Newson & Krumm 2009; ``MatchOptions`` has
its parameters) and ``match(lat, lon, time_s, accuracy_m)`` returns a ``Match``: per fix
where it lies on the roads (or unmatched), and the pieces of road travelled. A trace with a
gap no route explains (a ferry, a jump) becomes several pieces. ``stream()`` matches fixes
as they arrive. Units: degrees, metres, seconds. A Matcher may be shared by threads; a
Match is immutable; a MatchStream is used by one thread at a time (a lock serialises calls).
"""
from __future__ import annotations

import ctypes
import math
import threading
from ctypes import byref, c_double, c_int, c_size_t, c_void_p, create_string_buffer
from typing import Any, List, NamedTuple, Optional

import numpy as np

from ._core import _BUFFER_TOO_SMALL, _array_count, _columns, _Handle, _owned, _text
from ._lib import check, context, lib
from .route import RoadGraph

__all__ = ["MatchOptions", "Matcher", "Match", "MatchPiece", "MatchedRoad", "MatchStream", "ROAD_CLASSES",
           "MATCHED_FIX_DTYPE"]

#: GK_ROAD_* class codes in order: OpenStreetMap highway values (Swift: RoadClass).
ROAD_CLASSES = ("motorway", "trunk", "primary", "secondary", "tertiary", "motorway_link", "trunk_link",
                "primary_link", "secondary_link", "tertiary_link", "unclassified", "residential", "living_street",
                "service", "track", "road", "cycleway", "path", "footway", "pedestrian", "steps", "bridleway",
                "ferry", "other")

#: One matched fix (struct gk_matched_fix): index in the trace; lat, lon of the matched point
#: (degrees), distance_m from the fix to it, offset_m along the edge, edge, piece. An
#: unmatched fix has NaN position, edge 2**32 - 1 and piece -1.
MATCHED_FIX_DTYPE = np.dtype([("index", "<u8"), ("lat", "<f8"), ("lon", "<f8"), ("distance_m", "<f8"),
                              ("offset_m", "<f8"), ("edge", "<u4"), ("piece", "<i4")])


class MatchOptions(ctypes.Structure):
    """The model's parameters (struct gk_match_options; Swift: MatchOptions), made with the
    defaults; keyword arguments change them: default_accuracy_m (10), minimum_sigma_m (4),
    radius_sigmas (4), minimum_radius_m (25), maximum_radius_m (200), beta_m (3),
    beta_sigmas (1), beta_mps (1), maximum_detour_factor (2), maximum_speed_mps (60),
    stationary_sigmas (2), dense_sigmas (4) within dense_seconds (5), u_turn_penalty_m (100), outlier_cost (8; inf: never leave a
    reachable fix unmatched), maximum_candidates (16), maximum_outliers (2); the time term:
    pace (1) weighed as pace_s (20), time_floor_s (3), time_spread_fast (0.25) and
    time_spread_slow (1; inf: not weighed). The Matcher checks them."""
    _fields_ = [(name, ctypes.c_double) for name in (
        "default_accuracy_m", "minimum_sigma_m", "radius_sigmas", "minimum_radius_m", "maximum_radius_m", "beta_m",
        "beta_sigmas", "beta_mps", "maximum_detour_factor", "maximum_speed_mps", "stationary_sigmas", "dense_sigmas",
        "dense_seconds", "u_turn_penalty_m", "outlier_cost")] + [("maximum_candidates", ctypes.c_int32), ("maximum_outliers", ctypes.c_int32)] + [
        (name, ctypes.c_double) for name in ("pace", "pace_s", "time_floor_s", "time_spread_fast", "time_spread_slow")]

    def __init__(self, **values: float) -> None:
        super().__init__()
        lib.gk_match_options_init(byref(self))
        names = {f[0] for f in self._fields_}
        for key, value in values.items():
            if key not in names:
                raise TypeError(f"MatchOptions has no option {key!r}")
            setattr(self, key, value)

    def __repr__(self) -> str:
        return "MatchOptions(" + ", ".join(f"{f[0]}={getattr(self, f[0])}" for f in self._fields_) + ")"


class MatchedRoad(NamedTuple):
    """A stretch of road between two changes of name or class, in the order travelled:
    name and ref ("" when none), road_class (an OpenStreetMap highway value), length_m,
    duration_s at the graph's speeds."""
    name: str
    ref: str
    road_class: str
    length_m: float
    duration_s: float


class MatchPiece(NamedTuple):
    """A stretch of the trace matched without a break: the fixes it spans (first_fix to
    last_fix), length_m and duration_s of the matched route, confidence in [0, 1], the
    route's lat, lon arrays and its roads in order."""
    first_fix: int
    last_fix: int
    length_m: float
    duration_s: float
    confidence: float
    lat: np.ndarray
    lon: np.ndarray
    roads: List[MatchedRoad]


class _CPiece(ctypes.Structure):
    _fields_ = [("first_fix", ctypes.c_uint64), ("last_fix", ctypes.c_uint64), ("length_m", c_double),
                ("duration_s", c_double), ("confidence", c_double), ("point_count", ctypes.c_uint64),
                ("road_count", ctypes.c_uint64)]


class Match(_Handle):
    """A trace matched onto the roads (gk_match; Swift: RoadMatch). Immutable."""

    _what = "Match"

    def __init__(self, ptr: int) -> None:
        self._adopt(ptr, lib.gk_match_destroy)

    def fixes(self) -> np.ndarray:
        """One MATCHED_FIX_DTYPE record per fix, in trace order (gk_match_fixes)."""
        ctx = context()
        with self._using() as ptr:
            n = _array_count(lambda c, cap, cnt: lib.gk_match_fixes(c, ptr, None, cap, cnt), ctx)
            out = np.empty(n, dtype=MATCHED_FIX_DTYPE)
            count = c_size_t(0)
            check(lib.gk_match_fixes(ctx, ptr, out.ctypes.data if n else None, n, byref(count)), ctx)
        return out

    def pieces(self) -> List[MatchPiece]:
        """The pieces in trace order, each with its geometry and roads."""
        ctx = context()
        out = []
        with self._using() as ptr:
            for i in range(lib.gk_match_piece_count(ptr)):
                p = _CPiece()
                check(lib.gk_match_piece(ctx, ptr, i, byref(p)), ctx)
                n = int(p.point_count)
                lat, lon = np.empty(n), np.empty(n)
                count = c_size_t(0)
                check(lib.gk_match_piece_geometry(ctx, ptr, i, lat.ctypes.data, lon.ctypes.data, n, byref(count)), ctx)
                roads = [self._road(ctx, ptr, i, k) for k in range(int(p.road_count))]
                out.append(MatchPiece(int(p.first_fix), int(p.last_fix), p.length_m, p.duration_s, p.confidence,
                                      lat, lon, roads))
        return out

    @staticmethod
    def _road(ctx: int, ptr: int, piece: int, index: int) -> MatchedRoad:
        cls, length, duration = c_int(0), c_double(0), c_double(0)
        name_len, ref_len = c_size_t(0), c_size_t(0)
        status = lib.gk_match_road(ctx, ptr, piece, index, byref(cls), byref(length), byref(duration), None, 0,
                                   byref(name_len), None, 0, byref(ref_len))
        if status != _BUFFER_TOO_SMALL:
            check(status, ctx)
        name, ref = create_string_buffer(name_len.value + 1), create_string_buffer(ref_len.value + 1)
        check(lib.gk_match_road(ctx, ptr, piece, index, byref(cls), byref(length), byref(duration), name,
                                name_len.value + 1, byref(name_len), ref, ref_len.value + 1, byref(ref_len)), ctx)
        return MatchedRoad(name.raw[:name_len.value].decode("utf-8"), ref.raw[:ref_len.value].decode("utf-8"),
                           ROAD_CLASSES[cls.value], length.value, duration.value)

    @property
    def length_m(self) -> float:
        """The matched length of all pieces, metres."""
        return sum(p.length_m for p in self.pieces())

    def geojson(self) -> str:
        """GeoJSON text (RFC 7946): a LineString per piece, then a Point per fix."""
        with self._using() as ptr:
            return _text(lambda c, b, cap, ln: lib.gk_match_geojson(c, ptr, b, cap, ln))

    def __repr__(self) -> str:
        if self.closed:
            return "Match [closed]"
        with self._using() as ptr:
            return f"Match({lib.gk_match_piece_count(ptr)} pieces)"


class Matcher(_Handle):
    """Map matching on a RoadGraph (gk_matcher; Swift: RoadMatcher). ``options`` is a
    MatchOptions, or keyword arguments make one. Threads may share a Matcher."""

    _what = "Matcher"

    def __init__(self, graph: RoadGraph, options: Optional[MatchOptions] = None, **values: Any) -> None:
        if options is not None and values:
            raise TypeError("give options or keyword values, not both")
        opts = options if options is not None else MatchOptions(**values)
        out = c_void_p()
        ctx = context()
        with graph._using() as gptr:
            check(lib.gk_matcher_create(ctx, gptr, byref(opts), byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_matcher_destroy)

    def match(self, lat: Any, lon: Any, time_s: Any, accuracy_m: Any = None) -> Match:
        """Matches a whole trace: 1-D arrays of degrees, seconds (never decreasing) and
        accuracies in metres (NaN or None: unknown). Raises InvalidArgumentError naming a
        bad fix ("fix 17: ...")."""
        names = ("lat", "lon", "time_s") + (("accuracy_m",) if accuracy_m is not None else ())
        arrays = (lat, lon, time_s) + ((accuracy_m,) if accuracy_m is not None else ())
        cols, count, stride = _columns(names, arrays)
        acc = cols[3].ctypes.data if accuracy_m is not None else None
        out = c_void_p()
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_matcher_match(ctx, ptr, cols[0].ctypes.data, cols[1].ctypes.data, cols[2].ctypes.data, acc,
                                       count, stride, byref(out)), ctx)
        return Match(_owned(out))

    def stream(self, max_lag: int = 60) -> "MatchStream":
        """A MatchStream: fixes matched as they arrive, at most max_lag weighed fixes undecided."""
        return MatchStream(self, max_lag)

    def __repr__(self) -> str:
        return "Matcher [closed]" if self.closed else "Matcher()"


class MatchStream(_Handle):
    """Map matching as fixes arrive (gk_match_stream; Swift: RoadMatchStream): add() returns
    the fixes whose match became final (the same as Matcher.match gives on the whole trace,
    unless the lag bound forced them: ``forced``); finish() returns the whole Match."""

    _what = "MatchStream"

    def __init__(self, matcher: Matcher, max_lag: int = 60) -> None:
        if int(max_lag) < 1:
            raise ValueError(f"max_lag must be at least 1, not {max_lag}")
        self._lock = threading.Lock()
        out = c_void_p()
        ctx = context()
        with matcher._using() as mptr:
            check(lib.gk_matcher_stream(ctx, mptr, int(max_lag), byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_match_stream_destroy)

    def add(self, lat: float, lon: float, time_s: float, accuracy_m: float = math.nan) -> np.ndarray:
        """Takes the next fix; returns the fixes that became final (MATCHED_FIX_DTYPE records)."""
        pending = c_size_t(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_match_stream_add(ctx, ptr, float(lat), float(lon), float(time_s), float(accuracy_m),
                                          byref(pending)), ctx)
            out = np.empty(pending.value, dtype=MATCHED_FIX_DTYPE)
            got = c_size_t(0)
            check(lib.gk_match_stream_read(ctx, ptr, out.ctypes.data if pending.value else None, pending.value,
                                           byref(got)), ctx)
        return out[:got.value]

    @property
    def undecided(self) -> int:
        """Weighed fixes not yet final."""
        return self._state()[0]

    @property
    def forced(self) -> int:
        """Fixes decided by the lag bound rather than by convergence."""
        return self._state()[1]

    def _state(self) -> tuple[int, int]:
        u, f = c_size_t(0), c_size_t(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_match_stream_state(ctx, ptr, None, byref(u), byref(f)), ctx)
        return u.value, f.value

    def finish(self) -> Match:
        """Decides the remaining fixes and returns the whole match; no fixes after it."""
        out = c_void_p()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_match_stream_finish(ctx, ptr, byref(out)), ctx)
        return Match(_owned(out))

    def __repr__(self) -> str:
        return "MatchStream [closed]" if self.closed else f"MatchStream({self.undecided} undecided)"
