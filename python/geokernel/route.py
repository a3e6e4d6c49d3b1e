"""Route plans (pins, legs, directions) and road routing on OpenStreetMap data (gk_route,
gk_road_graph, gk_router; Swift: module Route RoutePlan, RoadGraph and RoadRouter).

Units: degrees, metres, seconds. Great-circle legs are measured on the sphere of
EARTH_MEAN_RADIUS_M (sum of haversine distances); road legs along the roads (also haversine
sums). A road graph is immutable and may be shared by threads; a Router and a RoutePlan are
used by one thread at a time (their calls are serialised by a lock). Lifetimes are handled by
the library: a router keeps its graph's data alive and a road plan its router's, so objects
may be closed in any order.
"""
from __future__ import annotations

import ctypes
import math
import os
import threading
from ctypes import byref, c_double, c_size_t, c_void_p
from typing import TYPE_CHECKING, Callable, Dict, List, NamedTuple, Optional, Tuple, Union

import numpy as np

from ._core import _BUFFER_TOO_SMALL, _columns, _Handle, _owned, _text
from ._lib import check, context, encode, lib
from .errors import GK_ERR_NOT_FOUND
from .isochrone import Isochrone

if TYPE_CHECKING:
    from .geodesy import Region

__all__ = ["RoutePlan", "Leg", "RouteStep", "Lane", "RoadGraph", "Router", "SnappedPoint", "profile_json",
           "METRICS", "MODES", "MANEUVERS", "MODIFIERS", "SIDES", "LANGUAGES", "SNAP_ROLES"]

_Path = Union[str, "os.PathLike[str]"]

#: Router metrics (GK_METRIC_*): "fastest" (costs in seconds) and "shortest" (metres).
METRICS = {"fastest": 0, "shortest": 1}
#: Travel modes (GK_MODE_*): only name the directions.
MODES = {"driving": 0, "cycling": 1, "walking": 2}
MANEUVERS = {0: "depart", 1: "turn", 2: "continue", 3: "new_name", 4: "fork", 5: "roundabout",
             6: "arrive"}
MODIFIERS = {-1: None, 0: "straight", 1: "slight_left", 2: "slight_right", 3: "left", 4: "right",
             5: "sharp_left", 6: "sharp_right", 7: "uturn"}
SIDES = {-1: None, 0: "ahead", 1: "left", 2: "right", 3: "here"}
#: Languages of the directions (gk_route_set_language); a region ("de-CH") selects the language.
LANGUAGES = ("en", "de", "fr", "es", "it")
#: How a point is snapped (GK_SNAP_*): onto any road, one a route can leave ("start"), reach
#: ("end"), or both ("via").
SNAP_ROLES = {"any": 0, "start": 1, "end": 2, "via": 3}
_LANE_BITS = ("through", "left", "slight_left", "sharp_left", "right", "slight_right", "sharp_right", "reverse",
              "merge_to_left", "merge_to_right")


class _CStep(ctypes.Structure):
    _fields_ = [("maneuver", ctypes.c_int), ("modifier", ctypes.c_int), ("exit_number", ctypes.c_int),
                ("side", ctypes.c_int), ("heading_deg", ctypes.c_double), ("distance_m", ctypes.c_double),
                ("duration_s", ctypes.c_double), ("first_vertex", ctypes.c_size_t),
                ("last_vertex", ctypes.c_size_t)]


class Lane(NamedTuple):
    """One lane of the road arriving at a step, from the left: its turn markings
    ("through", "left", "slight_right", ...; empty when unmarked) and whether it goes the
    step's way (GK_LANE_* masks)."""
    indications: Tuple[str, ...]
    valid: bool


class RouteStep(NamedTuple):
    """One step of a leg's directions (struct gk_route_step): maneuver ("depart", "turn",
    "continue", "new_name", "fork", "roundabout", "arrive"), modifier ("left", "slight_right",
    ... or None), roundabout exit (from 1; 0 otherwise), arrival side ("ahead", "left",
    "right", "here" or None), heading in degrees (0 north), metres and seconds to the next
    step, the vertex range in the leg's geometry, the instruction text (in the plan's
    language), road name and ref, where the road leads ("A 43: Lyon"), the motorway exit
    number and the lanes."""
    maneuver: str
    modifier: Optional[str]
    exit_number: int
    side: Optional[str]
    heading_deg: float
    distance_m: float
    duration_s: float
    first_vertex: int
    last_vertex: int
    instruction: str
    road_name: str
    road_ref: str
    destination: str = ""
    exit_ref: str = ""
    lanes: Tuple[Lane, ...] = ()


class SnappedPoint(ctypes.Structure):
    """A point snapped onto a router's graph (struct gk_snapped_point): lat, lon of the point
    on the road, distance_m from the point given, offset_m along its edge, edge, segment and
    graph_id. Plain data; meaningful with routers over the same graph."""
    _fields_ = [("lat", ctypes.c_double), ("lon", ctypes.c_double), ("distance_m", ctypes.c_double),
                ("offset_m", ctypes.c_double), ("edge", ctypes.c_uint32), ("segment", ctypes.c_uint32),
                ("graph_id", ctypes.c_uint64)]

    def __repr__(self) -> str:
        return f"SnappedPoint({self.lat:.6f}, {self.lon:.6f}, {self.distance_m:.1f} m off)"


class Leg(NamedTuple):
    """A leg between consecutive pins: length in metres, time in seconds (unrounded), its
    geometry (lat, lon arrays in degrees) and name ("via ..."; "" off roads)."""
    length_m: float
    time_s: float
    lat: np.ndarray
    lon: np.ndarray
    name: str

    def __repr__(self) -> str:
        # The geometry is shown by its size: a leg along roads has hundreds of vertices.
        via = f", {self.name!r}" if self.name else ""
        return (f"Leg({self.length_m / 1000:.2f} km, {self.time_s / 60:.1f} min, "
                f"{len(self.lat)} vertices{via})")


class RoutePlan(_Handle):
    """Pins labelled A, B, C, ..., legs between them and cumulative directions (gk_route;
    Swift: RoutePlan).

    ``RoutePlan(max_pins=5, speed_mps=60 / 3.6, spacing_m=1000)`` makes great-circle legs
    (sphere of EARTH_MEAN_RADIUS_M, a vertex every spacing_m metres, timed by the speed);
    ``RoutePlan(router=r)`` (or ``router.plan()``) snaps every pin onto the roads and routes
    its legs along them. Adding a pin beyond max_pins raises CapacityError.
    One thread at a time.
    """

    _what = "RoutePlan"

    def __init__(self, max_pins: int = 5, speed_mps: float = 60 / 3.6, spacing_m: float = 1000.0, *,
                 router: Optional["Router"] = None, language: str = "en") -> None:
        self._lock = threading.Lock()
        self._language = "en"
        out = c_void_p()
        ctx = context()
        if router is not None:
            with router._lock, router._using() as rptr:
                check(lib.gk_route_create_road(ctx, int(max_pins), rptr, byref(out)), ctx)
        else:
            check(lib.gk_route_create(ctx, int(max_pins), float(speed_mps), float(spacing_m), byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_route_destroy)
        if language != "en":
            self.language = language

    @property
    def language(self) -> str:
        """The language of the directions and step texts ("en", "de", "fr", "es", "it");
        setting it rewrites every line (gk_route_set_language). An unknown one raises
        InvalidArgumentError naming the languages there are."""
        return self._language

    @language.setter
    def language(self, code: str) -> None:
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_route_set_language(ctx, ptr, encode(code, "language")), ctx)
        self._language = str(code)

    def add_pin(self, lat: float, lon: float, *, leg_lat: Optional[np.ndarray] = None,
                leg_lon: Optional[np.ndarray] = None, travel_time_s: Optional[float] = None) -> None:
        """Adds a pin at (lat, lon) degrees and, from the second pin on, the leg to it: the
        great circle (or the road route), or the geometry given as leg_lat/leg_lon (>= 2
        vertices, degrees) timed by travel_time_s seconds (default length / speed).
        Nothing changes on error."""
        ctx = context()
        with self._lock, self._using() as ptr:
            if leg_lat is None and leg_lon is None and travel_time_s is None:
                check(lib.gk_route_add_pin(ctx, ptr, float(lat), float(lon)), ctx)
                return
            t = c_double(float(travel_time_s)) if travel_time_s is not None else None
            if leg_lat is None or leg_lon is None:
                check(lib.gk_route_add_pin_with_leg(ctx, ptr, float(lat), float(lon), None, None, 0, 8,
                                                    byref(t) if t is not None else None), ctx)
                return
            (la, lo), n, stride = _columns(("leg_lat", "leg_lon"), (leg_lat, leg_lon), copy=True)
            check(lib.gk_route_add_pin_with_leg(ctx, ptr, float(lat), float(lon), la.ctypes.data, lo.ctypes.data,
                                                n, stride, byref(t) if t is not None else None), ctx)

    def reset(self) -> None:
        """Removes every pin, leg and direction line (the settings stay)."""
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_route_reset(ctx, ptr), ctx)

    def __len__(self) -> int:
        """The number of pins."""
        with self._lock, self._using() as ptr:
            return int(lib.gk_route_pin_count(ptr))

    def pins(self) -> List[Tuple[str, float, float]]:
        """(label, lat, lon) of every pin, degrees."""
        ctx = context()
        out = []
        with self._lock, self._using() as ptr:
            for i in range(int(lib.gk_route_pin_count(ptr))):
                la, lo = c_double(), c_double()
                check(lib.gk_route_pin(ctx, ptr, i, byref(la), byref(lo)), ctx)
                label = _text(lambda c, b, cap, ln: lib.gk_route_pin_label(c, ptr, i, b, cap, ln), ctx)
                out.append((label, la.value, lo.value))
        return out

    def pin_snaps(self) -> List[str]:
        """Where each pin of a road plan was snapped: "snapped 3 m onto Rue Basse" ("" for
        plans without a router) (gk_route_pin_snap)."""
        ctx = context()
        with self._lock, self._using() as ptr:
            return [_text(lambda c, b, cap, ln: lib.gk_route_pin_snap(c, ptr, i, b, cap, ln), ctx)
                    for i in range(int(lib.gk_route_pin_count(ptr)))]

    def leg(self, index: int) -> Leg:
        """Leg index (0-based, from pin index to pin index + 1). Raises NotFoundError."""
        i = int(index)
        length, time, nv = c_double(), c_double(), c_size_t()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_route_leg(ctx, ptr, i, byref(length), byref(time), byref(nv)), ctx)
            lat = np.empty(nv.value, dtype=np.float64)
            lon = np.empty(nv.value, dtype=np.float64)
            count = c_size_t()
            check(lib.gk_route_leg_geometry(ctx, ptr, i, lat.ctypes.data, lon.ctypes.data, nv.value,
                                            byref(count)), ctx)
            name = _text(lambda c, b, cap, ln: lib.gk_route_leg_name(c, ptr, i, b, cap, ln), ctx)
        return Leg(length.value, time.value, lat, lon, name)

    def legs(self) -> List[Leg]:
        """Every leg, in order."""
        return [self.leg(i) for i in range(max(len(self) - 1, 0))]

    def steps(self, leg: int) -> List[RouteStep]:
        """The steps of a leg as fields and text (a departure, the maneuvers, an arrival)."""
        i = int(leg)
        ctx = context()
        out = []
        with self._lock, self._using() as ptr:
            if i < 0:
                raise IndexError(f"leg index must be >= 0, not {i}")
            if i >= max(int(lib.gk_route_pin_count(ptr)) - 1, 0):
                check(lib.gk_route_step(ctx, ptr, i, 0, byref(_CStep())), ctx)  # NotFoundError
            for j in range(int(lib.gk_route_step_count(ptr, i))):
                s = _CStep()
                check(lib.gk_route_step(ctx, ptr, i, j, byref(s)), ctx)
                text = _text(lambda c, b, cap, ln: lib.gk_route_step_text(c, ptr, i, j, b, cap, ln), ctx)
                name, ref = _text_pair(lib.gk_route_step_road, ctx, ptr, i, j)
                dest, exit_ref = _text_pair(lib.gk_route_step_signs, ctx, ptr, i, j)
                count = c_size_t()
                status = lib.gk_route_step_lanes(ctx, ptr, i, j, None, 0, byref(count))
                if status not in (0, _BUFFER_TOO_SMALL):
                    check(status, ctx)
                masks = (ctypes.c_uint32 * max(count.value, 1))()
                check(lib.gk_route_step_lanes(ctx, ptr, i, j, masks, count.value, byref(count)), ctx)
                lanes = tuple(Lane(tuple(n for k, n in enumerate(_LANE_BITS) if masks[m] >> k & 1),
                                   bool(masks[m] >> 31 & 1)) for m in range(count.value))
                out.append(RouteStep(MANEUVERS[s.maneuver], MODIFIERS.get(s.modifier), s.exit_number,
                                     SIDES.get(s.side), s.heading_deg, s.distance_m, s.duration_s,
                                     s.first_vertex, s.last_vertex, text, name, ref, dest, exit_ref, lanes))
        return out

    def directions(self) -> List[str]:
        """The direction lines so far ("Directions from A to B", "Estimated time: 0d 2h 45m",
        the steps ...); lines are only ever appended, until reset()."""
        ctx = context()
        with self._lock, self._using() as ptr:
            return [_text(lambda c, b, cap, ln: lib.gk_route_direction(c, ptr, i, b, cap, ln), ctx)
                    for i in range(int(lib.gk_route_direction_count(ptr)))]

    def geojson(self) -> str:
        """The route as GeoJSON (RFC 7946) text: pins as Points, legs as LineStrings."""
        ctx = context()
        with self._lock, self._using() as ptr:
            return _text(lambda c, b, cap, ln: lib.gk_route_geojson(c, ptr, b, cap, ln), ctx)

    def region(self, padding_factor: float = 1.0) -> "Region":
        """The map region (geodesy.Region: centre and spans in degrees) showing every pin,
        spans times padding_factor (>= 1). Raises NotFoundError without pins."""
        from .geodesy import Region
        a, b, c, d = c_double(), c_double(), c_double(), c_double()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_route_region(ctx, ptr, float(padding_factor), byref(a), byref(b), byref(c), byref(d)), ctx)
        return Region(a.value, b.value, c.value, d.value)

    def __repr__(self) -> str:
        return "RoutePlan [closed]" if self.closed else f"RoutePlan({len(self)} pins)"


def _text_pair(fn: Callable[..., int], ctx: int, ptr: int, leg: int, step: int) -> Tuple[str, str]:
    """The two strings of a step that a gk_route_step_road-shaped call delivers (size first,
    then the text)."""
    na, nb = c_size_t(), c_size_t()
    status = fn(ctx, ptr, leg, step, None, 0, byref(na), None, 0, byref(nb))
    if status not in (0, _BUFFER_TOO_SMALL):
        check(status, ctx)
    a, b = ctypes.create_string_buffer(na.value + 1), ctypes.create_string_buffer(nb.value + 1)
    check(fn(ctx, ptr, leg, step, a, len(a), byref(na), b, len(b), byref(nb)), ctx)
    return a.raw[:na.value].decode("utf-8"), b.raw[:nb.value].decode("utf-8")


def profile_json(name: str) -> str:
    """A built-in routing profile ("car", "bicycle", "foot") as JSON text, every key present,
    to edit and pass to RoadGraph.from_osm (gk_profile_json)."""
    data = encode(name, "name")
    return _text(lambda c, b, cap, ln: lib.gk_profile_json(c, data, b, cap, ln))


class RoadGraph(_Handle):
    """A road network for routing, immutable (gk_road_graph; Swift: RoadGraph).

    ``RoadGraph.from_osm(path, profile="car")`` reads OSM PBF, XML or gzipped XML and keeps
    the largest strongly connected part the profile may travel, contracted for both metrics;
    ``save(path)`` / ``RoadGraph.load(path)`` store it as a memory image (validated on load).
    Lengths are metres (haversine sums along the roads, sphere of EARTH_MEAN_RADIUS_M).
    Any number of threads may share it.
    """

    _what = "RoadGraph"

    @classmethod
    def _wrap(cls, ptr: int) -> "RoadGraph":
        self = cls.__new__(cls)
        self._adopt(ptr, lib.gk_road_graph_destroy)
        return self

    @classmethod
    def from_osm(cls, path: _Path, profile: str = "car") -> "RoadGraph":
        """Builds the graph of a profile ("car", "bicycle" or "bike", "foot" or "walk", or
        JSON text; read as the tool's --profile is) from an OpenStreetMap file. Raises
        FileIOError, ParseError, CorruptFileError, InvalidArgumentError, OutOfMemoryError
        with the library's message."""
        out = c_void_p()
        ctx = context()
        check(lib.gk_road_graph_build_osm(ctx, encode(path, "path"), encode(profile, "profile"), byref(out)), ctx)
        return cls._wrap(_owned(out))

    @classmethod
    def load(cls, path: _Path) -> "RoadGraph":
        """Loads a graph saved by save() (validated; a damaged file raises CorruptFileError)."""
        out = c_void_p()
        ctx = context()
        check(lib.gk_road_graph_load(ctx, encode(path, "path"), byref(out)), ctx)
        return cls._wrap(_owned(out))

    def save(self, path: _Path) -> None:
        """Saves atomically (temporary file, fsync, rename) with a checksum."""
        data = encode(path, "path")
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_road_graph_save(ctx, ptr, data), ctx)

    def info(self) -> Dict[str, int]:
        """nodes, edges, dropped_nodes, dropped_edges (outside the largest strongly connected
        part) and bytes (the size of its arrays)."""
        vals = [c_size_t() for _ in range(5)]
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_road_graph_info(ctx, ptr, *(byref(v) for v in vals)), ctx)
        return dict(zip(("nodes", "edges", "dropped_nodes", "dropped_edges", "bytes"), (v.value for v in vals)))

    def router(self, metric: str = "fastest", mode: str = "driving", max_snap_m: float = 200.0) -> "Router":
        """A Router over this graph (see Router)."""
        return Router(self, metric, mode, max_snap_m)

    def __repr__(self) -> str:
        if self.closed:
            return "RoadGraph [closed]"
        i = self.info()
        return f"RoadGraph({i['nodes']} nodes, {i['edges']} edges)"


class Router(_Handle):
    """Routes on a RoadGraph with one metric ("fastest": seconds, "shortest": metres) and mode
    ("driving", "cycling", "walking": only names the directions) (gk_router; Swift:
    RoadRouter). Points farther than max_snap_m metres from a road raise NotFoundError.
    One thread at a time (a lock serialises calls); make one router per thread over a
    shared graph.
    """

    _what = "Router"

    def __init__(self, graph: RoadGraph, metric: str = "fastest", mode: str = "driving",
                 max_snap_m: float = 200.0) -> None:
        if metric not in METRICS:
            raise ValueError(f"metric must be one of {', '.join(METRICS)}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self._lock = threading.Lock()
        self.metric = metric
        out = c_void_p()
        ctx = context()
        with graph._using() as gptr:
            check(lib.gk_router_create(ctx, gptr, METRICS[metric], MODES[mode], float(max_snap_m), byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_router_destroy)

    def snap_point(self, lat: float, lon: float, role: str = "any") -> "SnappedPoint":
        """(lat, lon) snapped once onto the nearest road that suits role ("any", "start":
        a road a route can leave, "end": one it can reach, "via": both), for cost() as often
        as needed (gk_router_snap_point; Swift: RoadRouter.snap(_:role:))."""
        if role not in SNAP_ROLES:
            raise ValueError(f"role must be one of {', '.join(SNAP_ROLES)}")
        p = SnappedPoint()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_router_snap_point(ctx, ptr, float(lat), float(lon), SNAP_ROLES[role], byref(p)), ctx)
        return p

    def cost(self, a: "SnappedPoint", b: "SnappedPoint") -> float:
        """The cost of the best route from a to b (snapped points of this router's graph):
        seconds for "fastest", metres for "shortest"; inf when not connected (the cost-only
        hierarchy query, gk_router_cost)."""
        out = c_double()
        ctx = context()
        with self._lock, self._using() as ptr:
            status = lib.gk_router_cost(ctx, ptr, byref(a), byref(b), byref(out))
        if status == GK_ERR_NOT_FOUND:  # not connected
            return math.inf
        check(status, ctx)
        return out.value

    def snap(self, lat: float, lon: float) -> Tuple[float, float, float]:
        """The nearest point of a road to (lat, lon): (lat, lon, distance_m)."""
        a, b, d = c_double(), c_double(), c_double()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_router_snap(ctx, ptr, float(lat), float(lon), byref(a), byref(b), byref(d)), ctx)
        return a.value, b.value, d.value

    def matrix(self, src_lat: np.ndarray, src_lon: np.ndarray, dst_lat: np.ndarray,
               dst_lon: np.ndarray, *, copy: bool = False) -> np.ndarray:
        """Costs of the best routes from every source to every target (seconds for "fastest",
        metres for "shortest"), an (n_src, n_dst) float64 array; inf where not connected."""
        (sla, slo), ns, ss = _columns(("src_lat", "src_lon"), (src_lat, src_lon), copy=copy)
        (dla, dlo), nd, ds = _columns(("dst_lat", "dst_lon"), (dst_lat, dst_lon), copy=copy)
        out = np.empty((ns, nd), dtype=np.float64)
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_router_matrix(ctx, ptr, sla.ctypes.data if ns else None, slo.ctypes.data if ns else None,
                                       ns, ss, dla.ctypes.data if nd else None, dlo.ctypes.data if nd else None,
                                       nd, ds, out.ctypes.data, ns * nd), ctx)
        return out

    def isochrone(self, lat: float, lon: float, *, seconds: Optional[float] = None,
                  minutes: Optional[float] = None, meters: Optional[float] = None,
                  cell_m: float = 0.0) -> Isochrone:
        """Everything reachable from (lat, lon) within one limit: seconds or minutes of travel
        (the fastest metric) or meters along the roads (the shortest metric), whatever this
        router's metric. The point is snapped onto a road a route can leave; cell_m is the
        outline's grid cell (0: 1/150 of the reached area's side, at least 30 m)
        (gk_router_isochrone; Swift: RoadRouter.isochrone(from:within:cellMeters:))."""
        given = [v for v in (seconds, minutes, meters) if v is not None]
        if len(given) != 1:
            raise ValueError("give one of seconds, minutes or meters")
        kind, limit = (1, float(meters)) if meters is not None else (
            0, float(seconds) if seconds is not None else 60.0 * float(minutes))  # type: ignore[arg-type]
        out = c_void_p()
        ctx = context()
        with self._lock, self._using() as ptr:
            check(lib.gk_router_isochrone(ctx, ptr, float(lat), float(lon), kind, limit, float(cell_m), byref(out)), ctx)
        return Isochrone(_owned(out))

    def plan(self, max_pins: int = 5, language: str = "en") -> RoutePlan:
        """An empty RoutePlan whose legs follow this router's roads, its directions in
        language."""
        return RoutePlan(max_pins, router=self, language=language)

    def __repr__(self) -> str:
        return "Router [closed]" if self.closed else f"Router({self.metric})"
