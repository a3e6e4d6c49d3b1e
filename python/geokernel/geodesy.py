"""Scalar geodesy, map regions, travel times and encoded polylines (section geodesy and the
helpers of section route of include/geokernel.h).

Units: degrees (latitude in [-90, 90], longitude any finite value unless said otherwise),
metres, seconds. "Sphere" is the sphere of mean radius EARTH_MEAN_RADIUS_M = 6 371 008.8 m
(IUGG R1); "WGS84" is the ellipsoid, by GeoKernel's own geodesic (Karney 2013, no PROJ). The two differ
by up to 0.56 %. Every function raises InvalidArgumentError (a GeoKernelError and a
ValueError) for a latitude outside [-90, 90], NaN or infinite input, with the library's
message. All are safe from any thread (each thread has its own library context).
"""
from __future__ import annotations

from ctypes import byref, c_double
from typing import List, NamedTuple, Tuple

import numpy as np

from ._core import _columns, _text
from ._lib import check, context, encode, lib

__all__ = [
    "coord_check", "haversine", "geodesic_inverse", "geodesic_direct", "initial_bearing",
    "destination", "cross_track_distance", "along_track_distance", "bbox_of_circle", "BBox",
    "Region", "region_around", "region_of_points", "travel_time_format", "distance_hint",
    "polyline_encode", "polyline_decode",
]


def _doubles(n: int) -> List[c_double]:
    return [c_double(0.0) for _ in range(n)]


def coord_check(lat: float, lon: float) -> Tuple[float, float]:
    """Validates a coordinate in degrees and normalises its longitude into [-180, 180)
    (gk_coord_check; Swift: Coordinate(latitude:longitude:)).

    Returns:
        (lat, lon) in degrees.
    Raises:
        InvalidArgumentError: latitude outside [-90, 90], NaN or infinite values.
    """
    a, b = _doubles(2)
    ctx = context()
    check(lib.gk_coord_check(ctx, float(lat), float(lon), byref(a), byref(b)), ctx)
    return a.value, b.value


def haversine(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in metres between two points in degrees, by the haversine formula
    on the sphere of EARTH_MEAN_RADIUS_M (gk_haversine; Swift: haversineDistance(_:_:))."""
    out = c_double(0.0)
    ctx = context()
    check(lib.gk_haversine(ctx, float(lat1), float(lon1), float(lat2), float(lon2), byref(out)), ctx)
    return out.value


class GeodesicInverse(NamedTuple):
    """The WGS84 geodesic between two points: distance in metres, azimuths in degrees
    clockwise from north in [0, 360), like every bearing of the library."""
    distance_m: float
    azimuth1_deg: float
    azimuth2_deg: float


class GeodesicDirect(NamedTuple):
    """The end of a WGS84 geodesic: position in degrees and forward azimuth in degrees
    clockwise from north, in [0, 360)."""
    lat: float
    lon: float
    azimuth2_deg: float


def geodesic_inverse(lat1: float, lon1: float, lat2: float, lon2: float) -> GeodesicInverse:
    """The WGS84 inverse geodesic problem (Karney 2013, native, within 15 nm of GeographicLib):
    distance in metres on the ellipsoid and the azimuths at both ends in degrees
    (gk_geodesic_inverse; Swift: Geodesic.wgs84.inverse(from:to:))."""
    s, a1, a2 = _doubles(3)
    ctx = context()
    check(lib.gk_geodesic_inverse(ctx, float(lat1), float(lon1), float(lat2), float(lon2),
                                  byref(s), byref(a1), byref(a2)), ctx)
    return GeodesicInverse(s.value, a1.value, a2.value)


def geodesic_direct(lat1: float, lon1: float, azimuth_deg: float, distance_m: float
                    ) -> GeodesicDirect:
    """The WGS84 direct geodesic problem: the point distance_m metres (on the ellipsoid) from
    (lat1, lon1) leaving at azimuth_deg degrees clockwise from north (gk_geodesic_direct;
    Swift: Geodesic.wgs84.direct(from:azimuthDegrees:distanceMeters:))."""
    la, lo, az = _doubles(3)
    ctx = context()
    check(lib.gk_geodesic_direct(ctx, float(lat1), float(lon1), float(azimuth_deg), float(distance_m),
                                 byref(la), byref(lo), byref(az)), ctx)
    return GeodesicDirect(la.value, lo.value, az.value)


def initial_bearing(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Initial bearing in degrees clockwise from north, in [0, 360), of the great circle from
    point 1 to point 2 on the sphere (gk_initial_bearing; Swift: Coordinate.initialBearing(to:))."""
    out = c_double(0.0)
    ctx = context()
    check(lib.gk_initial_bearing(ctx, float(lat1), float(lon1), float(lat2), float(lon2), byref(out)), ctx)
    return out.value


def destination(lat: float, lon: float, bearing_deg: float, distance_m: float) -> Tuple[float, float]:
    """The point distance_m metres from (lat, lon) along the great circle leaving at
    bearing_deg degrees (sphere); longitude in [-180, 180) (gk_destination;
    Swift: Coordinate.destination(bearingDegrees:distanceMeters:))."""
    la, lo = _doubles(2)
    ctx = context()
    check(lib.gk_destination(ctx, float(lat), float(lon), float(bearing_deg), float(distance_m),
                             byref(la), byref(lo)), ctx)
    return la.value, lo.value


def cross_track_distance(lat: float, lon: float, start_lat: float, start_lon: float,
                         end_lat: float, end_lon: float) -> float:
    """Signed distance in metres from (lat, lon) to the great circle from start towards end
    (sphere): positive right of the direction of travel (gk_cross_track_distance).

    Raises:
        InvalidArgumentError: start and end coincide or are antipodal.
    """
    out = c_double(0.0)
    ctx = context()
    check(lib.gk_cross_track_distance(ctx, float(lat), float(lon), float(start_lat), float(start_lon),
                                      float(end_lat), float(end_lon), byref(out)), ctx)
    return out.value


def along_track_distance(lat: float, lon: float, start_lat: float, start_lon: float,
                         end_lat: float, end_lon: float) -> float:
    """Distance in metres from start along the great circle towards end to the foot of the
    perpendicular from (lat, lon); negative behind start (sphere; gk_along_track_distance)."""
    out = c_double(0.0)
    ctx = context()
    check(lib.gk_along_track_distance(ctx, float(lat), float(lon), float(start_lat), float(start_lon),
                                      float(end_lat), float(end_lon), byref(out)), ctx)
    return out.value


class BBox(NamedTuple):
    """A latitude/longitude box in degrees. west > east means it crosses the antimeridian."""
    south: float
    north: float
    west: float
    east: float


def bbox_of_circle(lat: float, lon: float, radius_m: float) -> BBox:
    """The box of the circle of radius_m metres (sphere) around (lat, lon): antimeridian- and
    pole-aware (a box containing a pole spans west -180 to east 180) (gk_bbox_of_circle)."""
    s, n, w, e = _doubles(4)
    ctx = context()
    check(lib.gk_bbox_of_circle(ctx, float(lat), float(lon), float(radius_m), byref(s), byref(n),
                                byref(w), byref(e)), ctx)
    return BBox(s.value, n.value, w.value, e.value)


class Region(NamedTuple):
    """A map region: centre in degrees and full latitude/longitude spans in degrees
    (MapKit's MKCoordinateRegion)."""
    center_lat: float
    center_lon: float
    lat_delta: float
    lon_delta: float


def region_around(lat: float, lon: float, latitudinal_m: float, longitudinal_m: float) -> Region:
    """The region latitudinal_m metres tall and longitudinal_m wide around (lat, lon), spans
    on the sphere (metres / 111 195 m per degree of latitude) (gk_region_around;
    Swift: MapRegion(center:latitudinalMeters:longitudinalMeters:))."""
    a, b, c, d = _doubles(4)
    ctx = context()
    check(lib.gk_region_around(ctx, float(lat), float(lon), float(latitudinal_m), float(longitudinal_m),
                               byref(a), byref(b), byref(c), byref(d)), ctx)
    return Region(a.value, b.value, c.value, d.value)


def region_of_points(lat: np.ndarray, lon: np.ndarray, padding_factor: float = 1.0, *,
                     copy: bool = False) -> Region:
    """The region that shows every point (float64 arrays of degrees sharing one stride, read in
    place), spans times padding_factor (>= 1); antimeridian-aware (gk_region_of_points)."""
    (lat, lon), n, stride = _columns(("lat", "lon"), (lat, lon), copy=copy)
    a, b, c, d = _doubles(4)
    ctx = context()
    check(lib.gk_region_of_points(ctx, lat.ctypes.data, lon.ctypes.data, n, stride, float(padding_factor),
                                  byref(a), byref(b), byref(c), byref(d)), ctx)
    return Region(a.value, b.value, c.value, d.value)


def travel_time_format(seconds: float) -> str:
    """A travel time as the app shows it, "0d 2h 45m", rounded to the nearest minute (half a
    minute up) (gk_travel_time_format; Swift: TravelTime(seconds:).description)."""
    s = float(seconds)
    return _text(lambda ctx, buf, cap, ln: lib.gk_travel_time_format(ctx, s, buf, cap, ln))


def distance_hint(meters: float, accuracy_m: float = float("nan")) -> str:
    """A distance for people: "just here" (< 5 m), "less than 20 m away" (within the fix's
    accuracy in metres), "12.5 m away", "345.65 km away" (gk_distance_hint;
    Swift: DistanceHint.text(meters:accuracyMeters:))."""
    m, a = float(meters), float(accuracy_m)
    return _text(lambda ctx, buf, cap, ln: lib.gk_distance_hint(ctx, m, a, buf, cap, ln))


def polyline_encode(lat: np.ndarray, lon: np.ndarray, precision: int = 5, *, copy: bool = False) -> str:
    """Google's encoded polyline of points in degrees (precision 5: Google, 6: OSRM; 1..10),
    rounding half away from zero (gk_polyline_encode; Swift: EncodedPolyline.encode)."""
    (lat, lon), n, stride = _columns(("lat", "lon"), (lat, lon), copy=copy)
    p = int(precision)
    return _text(lambda ctx, buf, cap, ln: lib.gk_polyline_encode(
        ctx, lat.ctypes.data if n else None, lon.ctypes.data if n else None, n, stride, p, buf, cap, ln))


def polyline_decode(encoded: str, precision: int = 5) -> Tuple[np.ndarray, np.ndarray]:
    """Decodes an encoded polyline into (lat, lon) float64 arrays of degrees
    (gk_polyline_decode). Raises ParseError naming the offset for malformed text."""
    data, p = encode(encoded, "encoded"), int(precision)
    from ctypes import c_size_t
    count = c_size_t(0)
    ctx = context()
    status = lib.gk_polyline_decode(ctx, data, p, None, None, 0, byref(count))
    if status not in (0, 4):
        check(status, ctx)
    lat = np.empty(count.value, dtype=np.float64)
    lon = np.empty(count.value, dtype=np.float64)
    check(lib.gk_polyline_decode(ctx, data, p, lat.ctypes.data, lon.ctypes.data, count.value,
                                 byref(count)), ctx)
    return lat, lon
