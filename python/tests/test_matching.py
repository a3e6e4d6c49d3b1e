"""Map matching through the C ABI (geokernel.matching): the shipped town drive matched onto
the town's roads equals what the Swift tool prints; the stream's final fixes equal the
batch's; options and bad input are refused with the library's message."""
import csv
import datetime as dt
import json
import math
import subprocess
from pathlib import Path

import numpy as np
import pytest

import geokernel as gk

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def read_drive():
    """docs/examples/drive.csv as lat, lon, time_s (UTC seconds), accuracy_m arrays."""
    rows = list(csv.DictReader((EXAMPLES / "drive.csv").open()))
    t = [dt.datetime.fromisoformat(r["time"].replace("Z", "+00:00")).timestamp() for r in rows]
    return (np.array([float(r["lat"]) for r in rows]), np.array([float(r["lon"]) for r in rows]), np.array(t),
            np.array([float(r["accuracy"]) for r in rows]))


@pytest.fixture(scope="module")
def town():
    g = gk.RoadGraph.from_osm(EXAMPLES / "town.osm", "car")
    yield g
    g.close()


def test_the_town_drive_matches_as_the_swift_tool_does(town, swift_cli):
    lat, lon, t, acc = read_drive()
    with gk.Matcher(town) as matcher, matcher.match(lat, lon, t, acc) as match:
        fixes = match.fixes()
        pieces = match.pieces()
        mine = json.loads(match.geojson())
    assert fixes.shape == (27,) and (fixes["index"] == np.arange(27)).all()
    assert (fixes["piece"] == 0).all() and (fixes["distance_m"] < 3 * 8).all()
    assert len(pieces) == 1
    piece = pieces[0]
    assert (piece.first_fix, piece.last_fix) == (0, 26) and 0.5 < piece.confidence <= 1
    assert piece.lat.shape == piece.lon.shape and piece.lat.size >= 2
    assert math.isclose(sum(r.length_m for r in piece.roads), piece.length_m, rel_tol=1e-9)
    assert all(r.road_class in gk.matching.ROAD_CLASSES for r in piece.roads)
    assert piece.roads[0].name  # the town's streets are named
    args = [swift_cli, "match", "--osm", str(EXAMPLES / "town.osm"), str(EXAMPLES / "drive.csv"), "--format", "geojson"]
    theirs = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    assert mine == theirs


def test_a_stream_finalises_what_the_batch_matched(town):
    lat, lon, t, acc = read_drive()
    matcher = gk.Matcher(town)
    batch = matcher.match(lat, lon, t, acc).fixes()
    stream = matcher.stream(max_lag=60)
    final = [stream.add(*row) for row in zip(lat, lon, t, acc)]
    done = np.concatenate(final)
    assert done.size > 0 and (done["index"] == np.arange(done.size)).all()
    assert (done["edge"] == batch["edge"][:done.size]).all()
    assert (done["offset_m"] == batch["offset_m"][:done.size]).all()
    assert stream.forced == 0 and done.size + stream.undecided <= lat.size
    whole = stream.finish()
    assert (whole.fixes()["edge"] == batch["edge"]).all()
    with pytest.raises(gk.MisuseError):
        stream.finish()


def test_options_and_bad_traces_are_refused_with_the_reason(town):
    assert gk.MatchOptions().maximum_candidates == 16 and gk.MatchOptions().default_accuracy_m == 10
    defaults = gk.MatchOptions()
    assert (defaults.pace, defaults.pace_s, defaults.time_floor_s) == (1, 20, 3)
    assert (defaults.time_spread_fast, defaults.time_spread_slow, defaults.beta_mps) == (0.25, 1, 1)
    with pytest.raises(gk.InvalidArgumentError, match="timeSpreadSlow"):
        gk.Matcher(town, time_spread_slow=0)
    blind = gk.Matcher(town, time_spread_fast=float("inf"), time_spread_slow=float("inf"))
    assert len(blind.match(*read_drive()[:3]).pieces()) == 1
    with pytest.raises(gk.InvalidArgumentError, match="maximumCandidates"):
        gk.Matcher(town, maximum_candidates=0)
    with pytest.raises(TypeError):
        gk.MatchOptions(sigma=3)
    lat, lon, t, _ = read_drive()
    t[5] = t[4] - 1
    with pytest.raises(gk.InvalidArgumentError, match="fix 5"):
        gk.Matcher(town).match(lat, lon, t)
    with pytest.raises(ValueError):
        gk.Matcher(town).match(lat, lon[:3], t)
    with pytest.raises(ValueError):
        gk.Matcher(town).stream(max_lag=0)
    far = gk.Matcher(town, maximum_radius_m=30).match([0.0], [0.0], [0.0])
    assert far.fixes()["piece"][0] == -1 and np.isnan(far.fixes()["lat"][0]) and far.pieces() == []
