#!/usr/bin/env python3
"""Writes GeographicLib's answers for seeded random geodesics, the reference of the native
geodesic's tests (Tests/GeoKernelTests/Fixtures/geodesic-geographiclib.csv).

Usage: python3 scripts/geodesic-reference.py OUT.csv   (needs `pip install geographiclib==2.1`)

Rows, every one an inverse problem solved by GeographicLib 2.1 (Python, full output):
random pairs uniform on the sphere, nearly antipodal pairs (the astroid's region), pairs
near the poles, short lines (up to 20 km), points on the equator and on one meridian, and
random pairs on other ellipsoids (f = 1/150, -1/150, 0 and 1/50). The direct problem is
checked on the same rows (longitudes are stored in [-180, 180), as
GeoKernel's Coordinate keeps them): from (lat1, lon1) along azi1 for s12 metres to (lat2, lon2).
"""
import csv, math, random, sys
from geographiclib.geodesic import Geodesic

rng = random.Random(20261127)
WGS84 = (6378137.0, 1 / 298.257223563)

def uniform_point():
    return math.degrees(math.asin(rng.uniform(-1, 1))), rng.uniform(-180, 180)

def normalized(lon):
    """The longitude as GeoKernel's Coordinate stores it, in [-180, 180)."""
    if -180 <= lon < 180:
        return lon
    r = math.fmod(lon + 180, 360)
    if r < 0:
        r += 360
    return -180.0 if r - 180 >= 180 else r - 180

def rows():
    for _ in range(400):
        yield "random", WGS84, *uniform_point(), *uniform_point()
    for _ in range(150):
        lat1, lon1 = uniform_point()
        d = 10 ** rng.uniform(-6, math.log10(0.5))
        yield "antipodal", WGS84, lat1, lon1, -lat1 + rng.uniform(-d, d), lon1 + 180 + rng.uniform(-d, d)
    for _ in range(100):
        lat1 = rng.choice([-1, 1]) * (90 - 10 ** rng.uniform(-9, 0))
        lat2 = rng.choice([-1, 1]) * (90 - 10 ** rng.uniform(-9, 0.5))
        yield "polar", WGS84, lat1, rng.uniform(-180, 180), lat2, rng.uniform(-180, 180)
    for _ in range(150):
        lat1, lon1 = uniform_point()
        lat1 = max(-89.0, min(89.0, lat1))
        d = 10 ** rng.uniform(-7, -0.75)  # about 1 cm to 20 km
        yield "short", WGS84, lat1, lon1, lat1 + rng.uniform(-d, d), lon1 + rng.uniform(-d, d)
    for _ in range(50):
        yield "equator", WGS84, 0.0, rng.uniform(-180, 180), 0.0, rng.uniform(-180, 180)
    for _ in range(50):
        lon = rng.uniform(-180, 180)
        yield "meridian", WGS84, rng.uniform(-90, 90), lon, rng.uniform(-90, 90), rng.choice([lon, lon + 180])
    for f in (1 / 150, -1 / 150, 0.0, 1 / 50):
        for _ in range(25):
            yield "ellipsoid", (6378137.0, f), *uniform_point(), *uniform_point()

out = csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n")
out.writerow(["set", "a", "f", "lat1", "lon1", "azi1", "lat2", "lon2", "azi2", "s12", "a12", "m12", "M12", "M21", "S12"])
for kind, (a, f), lat1, lon1, lat2, lon2 in rows():
    lon1, lon2 = normalized(lon1), normalized(lon2)
    g = Geodesic(a, f)
    r = g.Inverse(lat1, lon1, lat2, lon2, Geodesic.ALL)
    out.writerow([kind, repr(a), repr(f), repr(lat1), repr(lon1), repr(r["azi1"]), repr(lat2),
                  repr(lon2), repr(r["azi2"]), repr(r["s12"]), repr(r["a12"]), repr(r["m12"]),
                  repr(r["M12"]), repr(r["M21"]), repr(r["S12"])])
