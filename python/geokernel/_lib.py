"""Loading libgeokernel.so through ctypes, the C signatures, per-thread contexts.

Search order for the library (the first that loads wins):
  1. the environment variable GEOKERNEL_LIBRARY (a path to the .so file; when it is set and
     does not load, that is the error: no other library is tried);
  2. the package directory (where a future wheel will put libgeokernel.so);
  3. the repository's staged build, <repo>/.build/c/lib/libgeokernel.so (``make lib``);
  4. the system loader: libgeokernel.so.0, then libgeokernel.so (e.g. after ``make install``).
"""
from __future__ import annotations

import ctypes
import os
import threading
import weakref
from ctypes import c_char_p, c_double, c_int, c_int64, c_size_t, c_ssize_t, c_uint32, c_void_p
from pathlib import Path
from typing import List, Union

from .errors import GK_ERR_MISUSE, GeoKernelError, error_for

_PKG_DIR = Path(__file__).resolve().parent
_REPO_LIB = _PKG_DIR.parent.parent / ".build" / "c" / "lib" / "libgeokernel.so"


def _candidates() -> List[str]:
    out: List[str] = []
    env = os.environ.get("GEOKERNEL_LIBRARY")
    if env:
        out.append(env)
    out.append(str(_PKG_DIR / "libgeokernel.so"))
    out.append(str(_REPO_LIB))
    out.append("libgeokernel.so.0")
    out.append("libgeokernel.so")
    return out


def _load() -> ctypes.CDLL:
    tried = []
    env = os.environ.get("GEOKERNEL_LIBRARY")
    if env:  # an explicit choice: never silently load another library instead
        try:
            return ctypes.CDLL(env)
        except OSError as e:
            raise ImportError(f"geokernel: cannot load GEOKERNEL_LIBRARY={env}: {e}") from None
    for cand in _candidates():
        is_path = os.sep in cand
        if is_path and not os.path.exists(cand):
            tried.append(f"{cand} (no such file)")
            continue
        try:
            return ctypes.CDLL(cand)
        except OSError as e:
            tried.append(f"{cand} ({e})")
    raise ImportError(
        "geokernel: cannot load libgeokernel.so. Tried, in order:\n  "
        + "\n  ".join(tried)
        + "\nBuild it with `make lib` in the GeoKernel repository, or set GEOKERNEL_LIBRARY "
        "to the path of libgeokernel.so."
    )


lib = _load()
LIBRARY_PATH: str = getattr(lib, "_name", "?")

#: PROJ's data (proj.db) that a wheel carries beside its library. When the library loaded is
#: the wheel's own (whose libproj came along in geokernel.libs/), PROJ_DATA points PROJ at
#: this folder, so transformations work where no PROJ is installed; GEOKERNEL_PROJ_DATA
#: chooses another folder. A library found elsewhere keeps the system's PROJ and data.
PROJ_DATA_DIR = _PKG_DIR / "proj_data"
if os.path.dirname(os.path.abspath(LIBRARY_PATH)) == str(_PKG_DIR) and (PROJ_DATA_DIR / "proj.db").is_file():
    os.environ["PROJ_DATA"] = os.environ.get("GEOKERNEL_PROJ_DATA", str(PROJ_DATA_DIR))

#: The header version these bindings follow (GK_VERSION_NUMBER of include/geokernel.h).
HEADER_VERSION_NUMBER = 800
lib.gk_libversion_number.restype = c_int
lib.gk_libversion_number.argtypes = []
_loaded = lib.gk_libversion_number()
if _loaded // 100 != HEADER_VERSION_NUMBER // 100:  # pre-1.0: a minor version may change the ABI
    raise ImportError(
        f"geokernel: {LIBRARY_PATH} is version {_loaded // 10000}.{_loaded // 100 % 100}."
        f"{_loaded % 100}, these bindings follow the header of "
        f"{HEADER_VERSION_NUMBER // 10000}.{HEADER_VERSION_NUMBER // 100 % 100}")

_P = c_void_p  # every pointer (handles, arrays) travels as a plain address
_S = c_size_t
_D = c_double
_I = c_int

_SIGNATURES = {
    "gk_libversion_number": (_I, []),
    "gk_libversion": (c_char_p, []),
    "gk_errstr": (c_char_p, [_I]),
    "gk_context_create": (_P, []),
    "gk_context_destroy": (None, [_P]),
    "gk_context_errmsg": (c_char_p, [_P]),
    "gk_context_errcode": (_I, [_P]),
    "gk_haversine": (_I, [_P, _D, _D, _D, _D, _P]),
    "gk_haversine_batch": (_I, [_P, _D, _D, _P, _P, _S, c_ssize_t, _P]),
    "gk_geodesic_distances": (_I, [_P, _D, _D, _P, _P, _S, c_ssize_t, _P]),
    "gk_geodesic_destinations": (_I, [_P, _D, _D, _P, _P, _S, _P, _P, _P]),
    "gk_circle_contains_batch": (_I, [_P, _D, _D, _D, _P, _P, _S, c_ssize_t, _P, _P]),
    "gk_transformer_create": (_I, [_P, c_char_p, c_char_p, _P]),
    "gk_transformer_create_operation": (_I, [_P, c_char_p, _P]),
    "gk_transformer_transform": (_I, [_P, _P, _I, _P, _P, _P, _S, c_ssize_t, _P]),
    "gk_transformer_destroy": (None, [_P]),
    "gk_index_build": (_I, [_P, _P, _P, _S, c_ssize_t, _P]),
    "gk_index_count": (_S, [_P]),
    "gk_index_insert": (_I, [_P, _P, _D, _D, _P]),
    "gk_index_remove": (_I, [_P, _P, c_uint32]),
    "gk_index_nearest": (_I, [_P, _P, _D, _D, _S, _D, _P, _P, _S, _P]),
    "gk_index_within": (_I, [_P, _P, _D, _D, _D, _I, _P, _P, _S, _P]),
    "gk_index_save": (_I, [_P, _P, c_char_p]),
    "gk_index_load": (_I, [_P, c_char_p, _P]),
    "gk_index_destroy": (None, [_P]),
    "gk_simplify_planar": (_I, [_P, _P, _P, _S, c_ssize_t, _D, _I, _P, _S, _P]),
    "gk_simplify_geographic": (_I, [_P, _P, _P, _S, c_ssize_t, _D, _I, _P, _S, _P]),
    # used by the tests to reach every error family
    "gk_geofence_monitor_create": (_I, [_P, _P]),
    "gk_geofence_monitor_add": (_I, [_P, _P, c_int64, _D, _D, _D]),
    "gk_geofence_monitor_add_polygon": (_I, [_P, _P, c_int64, _P]),
    "gk_polygon_create": (_I, [_P, _P, _P, _S, _P, _S, _P, _S, _P]),
    "gk_polygon_locate": (_I, [_P, _P, _D, _D, _P]),
    "gk_polygon_contains": (_I, [_P, _P, _P, _P, _S, c_ssize_t, _P, _P]),
    "gk_polygon_boundary_distance": (_I, [_P, _P, _D, _D, _P]),
    "gk_polygon_destroy": (None, [_P]),
    "gk_geofence_monitor_destroy": (None, [_P]),
    "gk_timeline_create": (_I, [_P, _I, _P]),
    "gk_timeline_add": (_I, [_P, _P, _D, _D, _D, _D, _P]),
    "gk_timeline_destroy": (None, [_P]),
    "gk_tracking_policy_create": (_I, [_P, c_char_p, _P]),
    "gk_tracking_policy_destroy": (None, [_P]),
    "gk_landmarks_create": (_I, [_P, _P]),
    "gk_landmarks_add": (_I, [_P, _P, _D, _D, c_char_p, c_char_p, _P]),
    "gk_landmarks_delete": (_I, [_P, _P, ctypes.c_uint64, c_char_p]),
    "gk_landmarks_destroy": (None, [_P]),
    "gk_route_create": (_I, [_P, _S, _D, _D, _P]),
    "gk_route_add_pin": (_I, [_P, _P, _D, _D]),
    "gk_route_destroy": (None, [_P]),
    "gk_unitvec_create": (_I, [_P, _P, _P, _S, c_ssize_t, _P]),
    "gk_unitvec_destroy": (None, [_P]),
    # geodesy (scalar)
    "gk_coord_check": (_I, [_P, _D, _D, _P, _P]),
    "gk_geodesic_inverse": (_I, [_P, _D, _D, _D, _D, _P, _P, _P]),
    "gk_geodesic_direct": (_I, [_P, _D, _D, _D, _D, _P, _P, _P]),
    "gk_initial_bearing": (_I, [_P, _D, _D, _D, _D, _P]),
    "gk_destination": (_I, [_P, _D, _D, _D, _D, _P, _P]),
    "gk_cross_track_distance": (_I, [_P, _D, _D, _D, _D, _D, _D, _P]),
    "gk_along_track_distance": (_I, [_P, _D, _D, _D, _D, _D, _D, _P]),
    "gk_bbox_of_circle": (_I, [_P, _D, _D, _D, _P, _P, _P, _P]),
    "gk_unitvec_count": (_S, [_P]),
    "gk_unitvec_contains": (_I, [_P, _P, _D, _D, _D, _P, _P]),
    "gk_transformer_clone": (_I, [_P, _P, _P]),
    # geofence
    "gk_geofence_monitor_set_option": (_I, [_P, _P, _I, _D]),
    "gk_geofence_monitor_get_option": (_I, [_P, _P, _I, _P]),
    "gk_geofence_monitor_remove": (_I, [_P, _P, c_int64]),
    "gk_geofence_monitor_count": (_S, [_P]),
    "gk_geofence_monitor_update": (_I, [_P, _P, _D, _D, _D, _D, _P]),
    "gk_geofence_monitor_update_batch": (_I, [_P, _P, _P, _P, _P, _P, _S, c_ssize_t, _P]),
    "gk_geofence_monitor_read_events": (_I, [_P, _P, _P, _P, _P, _S, _P]),
    "gk_geofence_monitor_pending_events": (_S, [_P]),
    "gk_geofence_monitor_inside": (_I, [_P, _P, _P]),
    "gk_geofence_monitor_inside_ids": (_I, [_P, _P, _P, _S, _P]),
    "gk_geofence_monitor_containing": (_I, [_P, _P, _D, _D, _P, _S, _P]),
    # timeline
    "gk_timeline_create_custom": (_I, [_P, _D, _D, _D, _D, _P]),
    "gk_timeline_add_batch": (_I, [_P, _P, _P, _P, _P, _P, _S, c_ssize_t, _P]),
    "gk_timeline_finish": (_I, [_P, _P, _I, _P]),
    "gk_timeline_placemarks": (_I, [_P, _P, _P, _P, _P, _P, _P, _S, _P]),
    "gk_timeline_transit": (_I, [_P, _P, c_ssize_t, _P, _P, _P, _S, _P]),
    "gk_timeline_move": (_I, [_P, _P, c_ssize_t, _P, _P, _P]),
    "gk_timeline_fix_counts": (_I, [_P, _P, _P, _P, _P]),
    "gk_tracking_policy_add_fix": (_I, [_P, _P, _D, _D, _D, _D, _P]),
    "gk_tracking_policy_add_activity": (_I, [_P, _P, _I, _D, _P]),
    "gk_tracking_policy_advance": (_I, [_P, _P, _D, _P]),
    "gk_tracking_policy_state": (_I, [_P, _P, _P, _P]),
    # nearby: landmarks, hints, geocoder
    "gk_landmarks_count": (_S, [_P]),
    "gk_landmarks_edit_note": (_I, [_P, _P, ctypes.c_uint64, c_char_p, c_char_p]),
    "gk_landmarks_search": (_I, [_P, _P, _D, _D, c_char_p, _I, c_char_p, _I, _S, _P, _P, _S, _P]),
    "gk_landmarks_get": (_I, [_P, _P, ctypes.c_uint64, _P, _P, _P, _S, _P, _S, _P, _P]),
    "gk_landmarks_save": (_I, [_P, _P, c_char_p]),
    "gk_landmarks_load": (_I, [_P, c_char_p, _P]),
    "gk_distance_hint": (_I, [_P, _D, _D, _P, _S, _P]),
    "gk_geocoder_load": (_I, [_P, c_char_p, _I, _P]),
    "gk_geocoder_count": (_S, [_P]),
    "gk_geocoder_nearest": (_I, [_P, _P, _D, _D, _P, _P]),
    "gk_geocoder_place": (_I, [_P, _P, _S, _P, _P, _P, _P, _P, _P]),
    "gk_geocoder_destroy": (None, [_P]),
    # places by address, placemark names
    "gk_address_index_build": (_I, [_P, c_char_p, _P]),
    "gk_address_index_load": (_I, [_P, c_char_p, _P]),
    "gk_address_index_save": (_I, [_P, _P, c_char_p]),
    "gk_address_index_count": (_S, [_P, _I]),
    "gk_address_index_lookup": (_I, [_P, _P, _P, _D, _D, _D, _D, _D, _P, _P, _S, _P, _P]),
    "gk_address_index_destroy": (None, [_P]),
    "gk_timeline_set_naming": (_I, [_P, _P, _P, _P, _D]),
    "gk_timeline_placemark_name": (_I, [_P, _P, _S, _P, _S, _P]),
    # route
    "gk_route_add_pin_with_leg": (_I, [_P, _P, _D, _D, _P, _P, _S, c_ssize_t, _P]),
    "gk_route_reset": (_I, [_P, _P]),
    "gk_route_pin_count": (_S, [_P]),
    "gk_route_pin": (_I, [_P, _P, _S, _P, _P]),
    "gk_route_pin_label": (_I, [_P, _P, _S, _P, _S, _P]),
    "gk_route_leg": (_I, [_P, _P, _S, _P, _P, _P]),
    "gk_route_leg_geometry": (_I, [_P, _P, _S, _P, _P, _S, _P]),
    "gk_route_direction_count": (_S, [_P]),
    "gk_route_direction": (_I, [_P, _P, _S, _P, _S, _P]),
    "gk_route_geojson": (_I, [_P, _P, _P, _S, _P]),
    "gk_route_region": (_I, [_P, _P, _D, _P, _P, _P, _P]),
    "gk_region_around": (_I, [_P, _D, _D, _D, _D, _P, _P, _P, _P]),
    "gk_region_of_points": (_I, [_P, _P, _P, _S, c_ssize_t, _D, _P, _P, _P, _P]),
    "gk_travel_time_format": (_I, [_P, _D, _P, _S, _P]),
    "gk_polyline_encode": (_I, [_P, _P, _P, _S, c_ssize_t, _I, _P, _S, _P]),
    "gk_polyline_decode": (_I, [_P, c_char_p, _I, _P, _P, _S, _P]),
    # road
    "gk_road_graph_build_osm": (_I, [_P, c_char_p, c_char_p, _P]),
    "gk_road_graph_save": (_I, [_P, _P, c_char_p]),
    "gk_road_graph_load": (_I, [_P, c_char_p, _P]),
    "gk_road_graph_destroy": (None, [_P]),
    "gk_road_graph_info": (_I, [_P, _P, _P, _P, _P, _P, _P]),
    "gk_profile_json": (_I, [_P, c_char_p, _P, _S, _P]),
    "gk_router_create": (_I, [_P, _P, _I, _I, _D, _P]),
    "gk_router_destroy": (None, [_P]),
    "gk_router_snap": (_I, [_P, _P, _D, _D, _P, _P, _P]),
    "gk_router_matrix": (_I, [_P, _P, _P, _P, _S, c_ssize_t, _P, _P, _S, c_ssize_t, _P, _S]),
    "gk_route_create_road": (_I, [_P, _S, _P, _P]),
    "gk_route_leg_name": (_I, [_P, _P, _S, _P, _S, _P]),
    "gk_route_step_count": (_S, [_P, _S]),
    "gk_route_step": (_I, [_P, _P, _S, _S, _P]),
    "gk_route_step_text": (_I, [_P, _P, _S, _S, _P, _S, _P]),
    "gk_route_step_road": (_I, [_P, _P, _S, _S, _P, _S, _P, _P, _S, _P]),
    "gk_route_step_signs": (_I, [_P, _P, _S, _S, _P, _S, _P, _P, _S, _P]),
    "gk_route_step_lanes": (_I, [_P, _P, _S, _S, _P, _S, _P]),
    "gk_route_set_language": (_I, [_P, _P, c_char_p]),
    "gk_route_pin_snap": (_I, [_P, _P, _S, _P, _S, _P]),
    "gk_router_snap_point": (_I, [_P, _P, _D, _D, _I, _P]),
    "gk_router_cost": (_I, [_P, _P, _P, _P, _P]),
    "gk_router_isochrone": (_I, [_P, _P, _D, _D, _I, _D, _D, _P]),
    "gk_isochrone_destroy": (None, [_P]),
    "gk_isochrone_parts": (_I, [_P, _P, _P, _S, _P]),
    "gk_isochrone_part_geometry": (_I, [_P, _P, _S, _P, _P, _S, _P]),
    "gk_isochrone_ring_count": (_S, [_P]),
    "gk_isochrone_ring": (_I, [_P, _P, _S, _P, _P, _S, _P, _P, _P]),
    "gk_isochrone_geojson": (_I, [_P, _P, _I, _P, _S, _P]),
    # travel modes
    "gk_timeline_legs": (_I, [_P, _P, c_ssize_t, _P, _P, _S, _P]),
    "gk_timeline_add_activity": (_I, [_P, _P, _I, _D]),
    "gk_timeline_set_mode_thresholds": (_I, [_P, _P, c_char_p]),
    "gk_travel_modes": (_I, [_P, c_char_p, _P, _P, _P, _P, _S, _S, _P, _P, _S, _P, _P, _S, _P]),
    # map matching
    "gk_match_options_init": (None, [_P]),
    "gk_matcher_create": (_I, [_P, _P, _P, _P]),
    "gk_matcher_destroy": (None, [_P]),
    "gk_matcher_match": (_I, [_P, _P, _P, _P, _P, _P, _S, _S, _P]),
    "gk_match_destroy": (None, [_P]),
    "gk_match_fixes": (_I, [_P, _P, _P, _S, _P]),
    "gk_match_piece_count": (_S, [_P]),
    "gk_match_piece": (_I, [_P, _P, _S, _P]),
    "gk_match_piece_geometry": (_I, [_P, _P, _S, _P, _P, _S, _P]),
    "gk_match_road": (_I, [_P, _P, _S, _S, _P, _P, _P, _P, _S, _P, _P, _S, _P]),
    "gk_match_geojson": (_I, [_P, _P, _P, _S, _P]),
    "gk_matcher_stream": (_I, [_P, _P, _S, _P]),
    "gk_match_stream_destroy": (None, [_P]),
    "gk_match_stream_add": (_I, [_P, _P, _D, _D, _D, _D, _P]),
    "gk_match_stream_read": (_I, [_P, _P, _P, _S, _P]),
    "gk_match_stream_state": (_I, [_P, _P, _P, _P, _P]),
    "gk_match_stream_finish": (_I, [_P, _P, _P]),
    # batch queries
    "gk_index_nearest_batch": (_I, [_P, _P, _P, _P, _S, c_ssize_t, _S, _D, _P, _P, _P]),
}

for _name, (_res, _args) in _SIGNATURES.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args


class _Context:
    """One gk_context, destroyed exactly once (by its finalizer)."""

    def __init__(self) -> None:
        ptr = lib.gk_context_create()
        if not ptr:
            raise MemoryError("gk_context_create returned NULL (out of memory)")
        self.ptr: int = ptr
        self._finalizer = weakref.finalize(self, lib.gk_context_destroy, ptr)


_local = threading.local()


def context() -> int:
    """The calling thread's gk_context (created on first use, destroyed with the thread
    or at interpreter exit)."""
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        ctx = _local.ctx = _Context()
    return ctx.ptr


def errstr(code: int) -> str:
    return lib.gk_errstr(code).decode("utf-8", "replace")


def check(status: int, ctx: int) -> None:
    """Raises the GeoKernelError subclass for a non-zero status, with ctx's message."""
    if status != 0:
        raw = lib.gk_context_errmsg(ctx)
        msg = raw.decode("utf-8", "replace") if raw else errstr(status)
        raise error_for(status, msg, errstr(status))


def closed_error(what: str) -> GeoKernelError:
    return error_for(GK_ERR_MISUSE, f"{what} is closed", errstr(GK_ERR_MISUSE))


def encode(text: Union[str, bytes, "os.PathLike[str]"], what: str) -> bytes:
    """A str or path as NUL-terminated UTF-8 (the header's rule); NUL inside is refused."""
    if isinstance(text, os.PathLike):
        text = os.fspath(text)
    if isinstance(text, bytes):
        data = text
    elif isinstance(text, str):
        data = text.encode("utf-8")  # surrogates raise UnicodeEncodeError: never rewritten
    else:
        raise TypeError(f"{what} must be str, bytes or a path, not {type(text).__name__}")
    if b"\0" in data:
        raise ValueError(f"{what} contains a NUL byte")
    return data


def version() -> str:
    return lib.gk_libversion().decode()

