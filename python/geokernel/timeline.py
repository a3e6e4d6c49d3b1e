"""Places and moves from fixes, and the travel-survey tracking policy (gk_timeline and
gk_tracking_policy; Swift: module Timeline, StopDetector, its Diary and TrackingPolicy).

Units: degrees, seconds (since 1970-01-01 UTC, or any origin: only differences and order
matter), metres. Earth model: the sphere of R = 6 371 000 m, the sphere trackintel measures
on (a stay's distance test is trackintel's spherical law of cosines; move lengths use the
haversine formula). Neither object reads a clock: time comes with the inputs.
"""
from __future__ import annotations

import contextlib
import json as _json
import math
import threading
from ctypes import byref, c_double, c_int, c_size_t, c_void_p
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, NamedTuple, Optional, Tuple, Union

import numpy as np

from ._core import _BUFFER_TOO_SMALL, _columns, _Handle, _owned, _text
from ._lib import check, context, encode, lib

if TYPE_CHECKING:
    from .matching import Matcher
    from .nearby import AddressIndex, ReverseGeocoder

__all__ = ["StopDetector", "Placemarks", "Move", "FixCounts", "TrackingPolicy", "PRESETS",
           "STATES", "ACTIVITIES"]

#: Presets of StopDetector (GK_TIMELINE_*): "trackintel" (100 m, 300 s, gap 900 s; equals
#: trackintel 1.4's generate_staypoints(method="sliding")), "timely_moves" (20 m, 3 s, fixes
#: worse than 160 m ignored), "travel_diary" (100 m, 900 s, fixes worse than 160 m ignored).
PRESETS: Dict[str, int] = {"trackintel": 1, "timely_moves": 2, "travel_diary": 3}
#: Tracking states (GK_TRACKING_*) by name, and the accuracy in metres each asks for.
STATES: Dict[int, str] = {1: "actively_moving", 2: "stopped", 3: "not_moving", 4: "in_fast_vehicle"}
#: Motion activities (GK_ACTIVITY_*).
ACTIVITIES: Dict[str, int] = {"stationary": 0, "walking": 1, "running": 2, "cycling": 3,
                              "automotive": 4, "unknown": 5}


class Placemarks(NamedTuple):
    """Stays as columns (numpy arrays): lat, lon in degrees (mean latitude and circular-mean
    longitude of the stay's distinct positions), arrival and departure in seconds (the first
    fix's time and the time of the first fix that left), fix_count."""
    lat: np.ndarray
    lon: np.ndarray
    arrival: np.ndarray
    departure: np.ndarray
    fix_count: np.ndarray

    def __len__(self) -> int:
        return int(self.lat.shape[0])


class Move(NamedTuple):
    """A move between places: start and end in seconds, length in metres (haversine sum)."""
    start_s: float
    end_s: float
    distance_m: float


class FixCounts(NamedTuple):
    """Fixes stored, ignored for their accuracy, ignored as exact repeats."""
    stored: int
    ignored_inaccurate: int
    repeated: int


class StopDetector(_Handle):
    """Stays (placemarks) and the moves between them from a time-ordered stream of fixes
    (gk_timeline; Swift: Recorder, its StopDetector and Diary).

    ``StopDetector("trackintel")`` uses a preset (see PRESETS);
    ``StopDetector(distance_m=100, duration_s=300, gap_s=900, min_accuracy_m=math.inf)``
    explicit rules: a stay is a run of fixes all less than distance_m metres from the run's
    first fix that lasted at least duration_s seconds when the first fix outside arrived; a
    pause longer than gap_s drops the run; fixes with accuracy worse than min_accuracy_m
    metres are ignored. Add fixes with ``add`` or ``add_batch`` (arrays, read in place),
    call ``finish()``, then read ``placemarks()``, ``placemark_names()``, ``transit(i)``,
    ``move(i)``. ``set_naming(places=AddressIndex, towns=ReverseGeocoder)`` (before the first
    fix) names each placemark by address, or by the nearest town.

    Thread safety: one thread at a time (a lock serialises calls).
    """

    _what = "StopDetector"

    def __init__(self, preset: Optional[str] = None, *, distance_m: Optional[float] = None,
                 duration_s: Optional[float] = None, gap_s: float = math.inf,
                 min_accuracy_m: float = math.inf) -> None:
        self._lock = threading.Lock()
        out = c_void_p()
        ctx = context()
        if preset is not None:
            if distance_m is not None or duration_s is not None:
                raise TypeError("give a preset or distance_m/duration_s, not both")
            if preset not in PRESETS:
                raise ValueError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
            check(lib.gk_timeline_create(ctx, PRESETS[preset], byref(out)), ctx)
        else:
            if distance_m is None or duration_s is None:
                raise TypeError("StopDetector needs a preset or distance_m and duration_s")
            check(lib.gk_timeline_create_custom(ctx, float(distance_m), float(duration_s), float(gap_s),
                                                float(min_accuracy_m), byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_timeline_destroy)

    def add(self, lat: float, lon: float, time_s: float, accuracy_m: float = math.nan) -> int:
        """Adds the next fix (degrees, seconds, metres or NaN); returns the placemarks known.

        Raises:
            OrderError: earlier than the previous fix (nothing changes).
            MisuseError: after finish().
        """
        n = c_size_t(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_timeline_add(ctx, ptr, float(lat), float(lon), float(time_s), float(accuracy_m),
                                      byref(n)), ctx)
        return n.value

    def add_batch(self, lat: np.ndarray, lon: np.ndarray, time_s: np.ndarray,
                  accuracy_m: Optional[np.ndarray] = None, *, copy: bool = False) -> int:
        """Adds fixes in order from float64 arrays sharing one stride (read in place, e.g. the
        columns of an (n, 4) array). On an error the message names the fix ("fix 17: ...")
        and the fixes before it have been added. Returns the placemarks known."""
        names = ("lat", "lon", "time_s") + (("accuracy_m",) if accuracy_m is not None else ())
        arrays = (lat, lon, time_s) + ((accuracy_m,) if accuracy_m is not None else ())
        arrays, count, stride = _columns(names, arrays, copy=copy)
        acc = arrays[3].ctypes.data if accuracy_m is not None else None
        n = c_size_t(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_timeline_add_batch(ctx, ptr, arrays[0].ctypes.data, arrays[1].ctypes.data,
                                            arrays[2].ctypes.data, acc, count, stride, byref(n)), ctx)
        return n.value

    def finish(self, include_open_stay: bool = False) -> int:
        """Ends the track: the last move becomes known and, with include_open_stay, the open
        stay when it lasted long enough (trackintel's include_last; its departure is the last
        fix's time). Later fixes are refused. Returns the final placemark count."""
        n = c_size_t(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_timeline_finish(ctx, ptr, 1 if include_open_stay else 0, byref(n)), ctx)
        return n.value

    def placemarks(self) -> Placemarks:
        """The placemarks known so far, in time order, as numpy columns."""
        ctx = context()
        count = c_size_t(0)
        with self._lock, self._using() as ptr:
            while True:
                status = lib.gk_timeline_placemarks(ctx, ptr, None, None, None, None, None, 0, byref(count))
                if status not in (0, _BUFFER_TOO_SMALL):
                    check(status, ctx)
                n = count.value
                cols = [np.empty(n, dtype=np.float64) for _ in range(4)]
                fixes = np.empty(n, dtype=np.uintp)
                status = lib.gk_timeline_placemarks(ctx, ptr, *(c.ctypes.data for c in cols),
                                                    fixes.ctypes.data, n, byref(count))
                if status == _BUFFER_TOO_SMALL:
                    continue
                check(status, ctx)
                return Placemarks(cols[0], cols[1], cols[2], cols[3], fixes.astype(np.int64))

    def set_naming(self, places: Optional["AddressIndex"] = None, towns: Optional["ReverseGeocoder"] = None,
                   max_distance_m: float = 1000.0) -> None:
        """How placemarks are named, before the first fix: with ``places`` by address (a named
        place within 30 m, else a house number within 50 m, else a street within 100 m, else
        the nearest town of ``towns`` when given); with ``towns`` alone by the gazetteer's
        nearest place within max_distance_m metres; with neither, unnamed.

        Raises:
            MisuseError: after the first fix.
            InvalidArgumentError: a negative or NaN max_distance_m (with towns alone).
        """
        ctx = context()
        with contextlib.ExitStack() as stack:
            p = stack.enter_context(places._using()) if places is not None else None
            t = stack.enter_context(towns._using()) if towns is not None else None
            with self._lock, self._using() as ptr:
                check(lib.gk_timeline_set_naming(ctx, ptr, p, t, float(max_distance_m)), ctx)

    def placemark_names(self) -> List[str]:
        """The names of the placemarks known so far, in their order ("" when unnamed)."""
        names: List[str] = []
        with self._lock, self._using() as ptr:
            count = c_size_t(0)
            ctx = context()
            status = lib.gk_timeline_placemarks(ctx, ptr, None, None, None, None, None, 0, byref(count))
            if status not in (0, _BUFFER_TOO_SMALL):
                check(status, ctx)

            def name(i: int) -> str:
                return _text(lambda c, buf, cap, length: lib.gk_timeline_placemark_name(c, ptr, i, buf, cap, length), ctx)

            names = [name(i) for i in range(count.value)]
        return names

    def _transit_count(self, ctx: int, ptr: int, from_index: int) -> int:
        count = c_size_t(0)
        status = lib.gk_timeline_transit(ctx, ptr, from_index, None, None, None, 0, byref(count))
        if status not in (0, _BUFFER_TOO_SMALL):
            check(status, ctx)
        return count.value

    def transit_counts(self) -> np.ndarray:
        """The number of fixes of every transit: entry 0 before the first placemark (index -1),
        entry i + 1 leaving placemark i. With placemarks().fix_count they partition the stored
        fixes in time order (after finish())."""
        ctx = context()
        with self._lock, self._using() as ptr:
            count = c_size_t(0)
            status = lib.gk_timeline_placemarks(ctx, ptr, None, None, None, None, None, 0, byref(count))
            if status not in (0, _BUFFER_TOO_SMALL):
                check(status, ctx)
            return np.array([self._transit_count(ctx, ptr, i) for i in range(-1, count.value)],
                            dtype=np.int64)

    def transit(self, from_index: int) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The fixes (lat, lon, time_s arrays) of the move leaving placemark from_index (-1: the
        fixes before the first). Raises NotFoundError for an index outside -1 .. count - 1."""
        ctx = context()
        i = int(from_index)
        with self._lock, self._using() as ptr:
            while True:
                n = self._transit_count(ctx, ptr, i)
                cols = [np.empty(n, dtype=np.float64) for _ in range(3)]
                count = c_size_t(0)
                status = lib.gk_timeline_transit(ctx, ptr, i, *(c.ctypes.data for c in cols), n, byref(count))
                if status == _BUFFER_TOO_SMALL:
                    continue
                check(status, ctx)
                return cols[0], cols[1], cols[2]

    def move(self, from_index: int) -> Move:
        """The move leaving placemark from_index (-1: before the first): start, end (seconds)
        and length in metres. Raises NotFoundError while it is not known."""
        a, b, d = c_double(), c_double(), c_double()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_timeline_move(ctx, ptr, int(from_index), byref(a), byref(b), byref(d)), ctx)
        return Move(a.value, b.value, d.value)

    def legs(self, from_index: int, matcher: Optional["Matcher"] = None) -> np.ndarray:
        """The legs of the move leaving placemark from_index (-1: before the first), each with
        its travel mode (LEG_DTYPE records of geokernel.modes; first_fix and last_fix index
        transit(from_index)'s fixes). With a Matcher, the share of each leg's fixes on its
        roads is evidence too (trains are off them). Raises NotFoundError while the move is
        not known (gk_timeline_legs; Swift: Recorder.legs(leaving:roadShare:))."""
        from .modes import LEG_DTYPE
        ctx = context()
        i = int(from_index)

        def call(mptr: Optional[int], out: Optional[np.ndarray], count: c_size_t) -> int:
            return int(lib.gk_timeline_legs(ctx, ptr, i, mptr, None if out is None else out.ctypes.data,
                                            0 if out is None else len(out), byref(count)))

        with contextlib.ExitStack() as stack:
            stack.enter_context(self._lock)
            ptr = stack.enter_context(self._using())
            mptr = stack.enter_context(matcher._using()) if matcher is not None else None
            count = c_size_t(0)
            status = call(mptr, None, count)
            if status != _BUFFER_TOO_SMALL:
                check(status, ctx)
            out = np.zeros(count.value, dtype=LEG_DTYPE)
            if count.value:
                check(call(mptr, out, count), ctx)
            return out

    def add_activity(self, activity: str, time_s: float) -> None:
        """Takes a motion-activity sample (a name of ACTIVITIES) holding from time_s on, for
        the travel modes of legs(); samples come in time order (OrderError otherwise)."""
        if activity not in ACTIVITIES:
            raise ValueError(f"unknown activity {activity!r}; known: {', '.join(ACTIVITIES)}")
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_timeline_add_activity(ctx, ptr, ACTIVITIES[activity], float(time_s)), ctx)

    def set_mode_thresholds(self, thresholds: Union[str, Mapping[str, float]]) -> None:
        """The thresholds of legs()' travel modes: a dict or JSON text with the keys of the
        README's travel-mode table; missing keys keep the defaults."""
        from .modes import thresholds_json
        text = thresholds_json(thresholds)
        if text is None:
            raise TypeError("thresholds must be a dict or JSON text")
        data = encode(text, "thresholds")
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_timeline_set_mode_thresholds(ctx, ptr, data), ctx)

    def fix_counts(self) -> FixCounts:
        """Fixes stored, ignored for accuracy, and ignored as exact repeats so far."""
        a, b, c = c_size_t(), c_size_t(), c_size_t()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_timeline_fix_counts(ctx, ptr, byref(a), byref(b), byref(c)), ctx)
        return FixCounts(a.value, b.value, c.value)

    def __repr__(self) -> str:
        return "StopDetector [closed]" if self.closed else f"StopDetector({self.fix_counts().stored} fixes)"


class TrackingPolicy(_Handle):
    """The battery-saving tracking policy of the travel survey (gk_tracking_policy; Swift:
    TrackingPolicy). States: "actively_moving" (asks for 10 m accuracy), "stopped" (100 m),
    "not_moving" (3000 m), "in_fast_vehicle" (1000 m); it starts "stopped".

    ``TrackingPolicy({"FastSpeedKmh": 80})`` or ``TrackingPolicy('{"FastSpeedKmh": 80}')``:
    the configuration's keys are exactly StartedTravellingDistanceMetres (250),
    StoppedMovingStationarySeconds (600), SameLocationDistanceMetres (100),
    StopMovingSameLocationSeconds (900), FastSpeedKmh (80), InVehicleOrStationarySeconds (300)
    and ActivelyMovingSeconds (20); missing keys take these defaults.

    Inputs (fixes, activities, advance) must come in time order (seconds); no clock is read.
    Thread safety: one thread at a time (a lock serialises calls).

    Raises:
        ParseError: an unknown key, a negative or non-numeric value, malformed JSON.
    """

    _what = "TrackingPolicy"

    def __init__(self, configuration: Union[str, Mapping[str, Any], None] = None) -> None:
        self._lock = threading.Lock()
        if configuration is None:
            text = "{}"
        elif isinstance(configuration, str):
            text = configuration
        else:
            text = _json.dumps(dict(configuration))
        out = c_void_p()
        ctx = context()
        check(lib.gk_tracking_policy_create(ctx, encode(text, "configuration"), byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_tracking_policy_destroy)

    def add_fix(self, lat: float, lon: float, time_s: float, accuracy_m: float = math.nan) -> str:
        """Feeds a fix (degrees, seconds, metres or NaN); returns the state afterwards."""
        st = c_int(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_tracking_policy_add_fix(ctx, ptr, float(lat), float(lon), float(time_s),
                                                 float(accuracy_m), byref(st)), ctx)
        return STATES[st.value]

    def add_activity(self, activity: str, time_s: float) -> str:
        """Feeds a motion-activity sample (a name of ACTIVITIES) holding from time_s on."""
        if activity not in ACTIVITIES:
            raise ValueError(f"unknown activity {activity!r}; known: {', '.join(ACTIVITIES)}")
        st = c_int(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_tracking_policy_add_activity(ctx, ptr, ACTIVITIES[activity], float(time_s),
                                                      byref(st)), ctx)
        return STATES[st.value]

    def advance(self, time_s: float) -> str:
        """Lets time pass to time_s (seconds) without input; returns the state."""
        st = c_int(0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_tracking_policy_advance(ctx, ptr, float(time_s), byref(st)), ctx)
        return STATES[st.value]

    @property
    def state(self) -> str:
        """The current state's name."""
        return self._state()[0]

    @property
    def desired_accuracy_m(self) -> float:
        """The accuracy in metres the current state asks the location provider for."""
        return self._state()[1]

    def _state(self) -> Tuple[str, float]:
        st, acc = c_int(0), c_double(0.0)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_tracking_policy_state(ctx, ptr, byref(st), byref(acc)), ctx)
        return STATES[st.value], acc.value

    def __repr__(self) -> str:
        return "TrackingPolicy [closed]" if self.closed else f"TrackingPolicy({self.state})"
