"""Polygons through the C ABI, checked against shapely 2 (GEOS) on seeded polygons and
points, including points within 1e-9 degrees of edges and vertices."""
import math

import numpy as np
import pytest
import shapely

import geokernel as gk


def star(rng, n, lat, lon, size):
    """A star-shaped ring of n (lon, lat) vertices, not closed."""
    a = 2 * np.pi * (np.arange(n) + rng.uniform(0, 0.8, n)) / n
    r = size * rng.uniform(0.3, 1, n)
    return np.column_stack([lon + r * np.cos(a), lat + r * np.sin(a)])


def star_with_hole(rng, n, lat, lon, size):
    return shapely.Polygon(star(rng, n, lat, lon, size), [star(rng, max(3, n // 3), lat, lon, size * 0.25)[::-1]])


def probes(rng, geom, count):
    """Uniform points around the shape, its vertices, points on its edges, and points within
    1e-9 to 1e-12 degrees of vertices and edges: (lon, lat) columns."""
    x0, y0, x1, y1 = geom.bounds
    pts = [np.column_stack([rng.uniform(x0 - 0.1, x1 + 0.1, count), rng.uniform(y0 - 0.1, y1 + 0.1, count)])]
    polys = geom.geoms if hasattr(geom, "geoms") else [geom]
    for poly in polys:
        for ring in [poly.exterior, *poly.interiors]:
            v = np.asarray(ring.coords)
            a, b = v[:-1], v[1:]
            t = rng.uniform(0, 1, (len(a), 1))
            mid = a + t * (b - a)
            pts += [v, mid]
            for eps in (1e-9, 1e-10, 1e-12):
                pts += [mid + rng.uniform(-eps, eps, mid.shape), a + rng.uniform(-eps, eps, a.shape)]
    return np.vstack(pts)


@pytest.mark.parametrize("n,size", [(3, 0.5), (8, 1e-3), (50, 0.02), (300, 1.0), (1000, 0.05)])
def test_containment_equals_shapely_off_the_boundary(n, size):
    rng = np.random.default_rng(n)
    geom = star_with_hole(rng, n, rng.uniform(-60, 60), rng.uniform(-170, 170), size)
    with gk.Polygon.from_shapely(geom) as p:
        pts = probes(rng, geom, 20_000)
        lon, lat = pts[:, 0], pts[:, 1]
        ours = p.contains(lat, lon)
        inside = shapely.contains_xy(geom, lon, lat)
        touches = shapely.intersects_xy(geom, lon, lat) & ~inside
        off = ~touches
        assert off.sum() > 20_000
        mismatch = np.flatnonzero(ours[off] != inside[off])
        assert mismatch.size == 0, f"{mismatch.size} points differ, first {pts[off][mismatch[:3]]}"
        # On the boundary (as GEOS decides it): ours says boundary, hence contained.
        vertices = len(geom.exterior.coords) - 1 + sum(len(r.coords) - 1 for r in geom.interiors)
        assert touches.sum() >= vertices  # at least every vertex
        assert ours[touches].all()
        for x, y in pts[touches][:200]:
            assert p.locate(y, x) == "boundary"


def test_multipolygon_from_geojson_and_geodataframe():
    gpd = pytest.importorskip("geopandas")
    rng = np.random.default_rng(7)
    parts = [star_with_hole(rng, 40, 45, 7 + 2 * k, 0.5) for k in range(3)]
    geom = shapely.MultiPolygon(parts)
    p = gk.Polygon.from_geojson(shapely.geometry.mapping(geom))
    assert "3 polygons" in repr(p)
    lon, lat = rng.uniform(6, 13, 50_000), rng.uniform(44, 46, 50_000)
    frame = gpd.GeoDataFrame(geometry=gpd.points_from_xy(lon, lat), crs="EPSG:4326")
    ours = p.contains(frame)
    assert (ours == shapely.contains_xy(geom, lon, lat)).all()
    assert (p.contains(frame.geometry) == ours).all()
    feature = {"type": "Feature", "properties": {}, "geometry": shapely.geometry.mapping(parts[0])}
    assert gk.Polygon.from_geojson(feature).contains(lat, lon).sum() == shapely.contains_xy(parts[0], lon, lat).sum()


def test_antimeridian_ring_equals_the_shape_cut_at_180():
    jumped = gk.Polygon([(-10, 170), (-10, -170), (10, -170), (10, 170)])
    cut = shapely.MultiPolygon([shapely.box(170, -10, 180, 10), shapely.box(-180, -10, -170, 10)])
    rng = np.random.default_rng(180)
    lon, lat = rng.uniform(-180, 180, 100_000), rng.uniform(-12, 12, 100_000)
    assert (jumped.contains(lat, lon) == shapely.contains_xy(cut, lon, lat)).all()


def test_boundary_distance_and_locations():
    p = gk.Polygon([(0, 0), (0, 1), (1, 1), (1, 0)])
    assert p.locate(0.5, 0.5) == "inside" and p.locate(0, 0.5) == "boundary" and p.locate(2, 2) == "outside"
    want = 0.01 * math.pi / 180 * gk.EARTH_MEAN_RADIUS_M
    assert p.boundary_distance_m(-0.01, 0.5) == pytest.approx(want, abs=1e-6)
    assert p.boundary_distance_m(0.5, 0.5) == pytest.approx(0.5 * math.pi / 180 * gk.EARTH_MEAN_RADIUS_M, rel=1e-4)


def test_bad_input_is_refused_with_a_message():
    with pytest.raises(gk.InvalidArgumentError, match="distinct"):
        gk.Polygon([(0, 0), (0, 1), (0, 0)])
    with pytest.raises(gk.InvalidArgumentError, match="vertex 1"):
        gk.Polygon([(0, 0), (95, 1), (1, 1)])
    with pytest.raises(ValueError):
        gk.Polygon.from_geojson({"type": "Point", "coordinates": [0, 0]})
    p = gk.Polygon([(0, 0), (0, 1), (1, 1)])
    with pytest.raises(gk.InvalidArgumentError, match="point 1"):
        p.contains([0.5, 91], [0.5, 0.5])
    with pytest.raises(TypeError):
        p.contains(["a"], ["b"])
    p.close()
    with pytest.raises(gk.MisuseError):
        p.locate(0, 0)


def test_polygon_fence_events():
    park = gk.Polygon([(48.0, 2.0), (48.0, 2.015), (48.01, 2.015), (48.01, 2.0)],
                      holes=[[(48.004, 2.006), (48.006, 2.006), (48.006, 2.009), (48.004, 2.009)]])
    with gk.GeofenceMonitor(dwell_seconds=math.inf) as m:
        m.add_polygon(7, park)
        park.close()  # the monitor keeps its own reference
        m.add(8, 48.002, 2.003, 50)
        with pytest.raises(gk.DuplicateError):
            m.add_polygon(8, gk.Polygon([(0, 0), (0, 1), (1, 1)]))
        events = m.update(48.002, 2.003, 0, 5)
        assert [(e.kind, e.fence_id) for e in events] == [("enter", 7), ("enter", 8)]
        m.update(48.005, 2.0075, 60, 5)
        events = m.update(48.005, 2.0075, 120, 5)  # two fixes in the pond: exit
        assert [(e.kind, e.fence_id) for e in events] == [("exit", 7), ("exit", 8)]
        assert m.containing(48.002, 2.003) == [7, 8]
