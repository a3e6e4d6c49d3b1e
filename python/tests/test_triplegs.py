"""geokernel.trackintel.generate_triplegs against the real trackintel 1.4.2, and
predict_transport_mode: trackintel's simple-coarse classes equal trackintel's, GeoKernel's
modes on the shared traces whose modes are known (the 304 bus, the Višnjan car, the
korita-zbevnica hike, the POSMO train)."""
import warnings

import numpy as np
import pandas as pd
import pytest

geopandas = pytest.importorskip("geopandas")
ti = pytest.importorskip("trackintel")

import geokernel as gk  # noqa: E402
import geokernel.trackintel as gkt  # noqa: E402
from test_trackintel import all_traces, gpx_positionfixes  # noqa: E402

KNOWN = {"304_to_UL_2019-02-18_0745": "bus", "around-visnjan-with-car": "car", "korita-zbevnica": "walk",
         "posmo_trajectory": "train"}


def both_triplegs(pfs, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pfs_sp, _ = gkt.generate_staypoints(pfs)
        return gkt.generate_triplegs(pfs_sp, **kw), ti.preprocessing.generate_triplegs(pfs_sp, **kw)


@pytest.mark.parametrize("gap", [15, 1])
def test_triplegs_equal_trackintel_on_every_shared_trace(shared, gap):
    found = 0
    for name, pfs in all_traces(shared).items():
        (o_pfs, o_tpls), (t_pfs, t_tpls) = both_triplegs(pfs, gap_threshold=gap)
        pd.testing.assert_frame_equal(o_pfs, t_pfs, check_like=False)
        assert type(o_tpls) is type(t_tpls), name
        geo = t_tpls.geometry.name
        pd.testing.assert_frame_equal(o_tpls.drop(columns=geo), t_tpls.drop(columns=geo))
        assert o_tpls.geometry.geom_equals_exact(t_tpls.geometry, tolerance=0).all(), name
        found += len(t_tpls)
    assert found > 10


def test_triplegs_need_staypoint_ids_and_the_between_staypoints_method(shared):
    pfs = all_traces(shared)["around-visnjan-with-car"]
    with pytest.raises(ValueError, match="generate_staypoints"):
        gkt.generate_triplegs(pfs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pfs_sp, _ = gkt.generate_staypoints(pfs)
    with pytest.raises(ValueError, match="between_staypoints"):
        gkt.generate_triplegs(pfs_sp, method="overlap_staypoints")


def test_simple_coarse_equals_trackintels_classes(shared):
    for name, pfs in all_traces(shared).items():
        (o_pfs, o_tpls), _ = both_triplegs(pfs)
        if len(o_tpls) == 0:
            continue
        ours = gkt.predict_transport_mode(o_tpls, method="simple-coarse")
        theirs = ti.analysis.predict_transport_mode(o_tpls, method="simple-coarse")
        assert (ours["mode"].astype(str) == theirs["mode"].astype(str)).all(), name
        cats = {2.0: "slow", np.inf: "fast"}
        assert (gkt.predict_transport_mode(o_tpls, method="simple-coarse", categories=cats)["mode"].astype(str)
                == ti.analysis.predict_transport_mode(o_tpls, categories=cats)["mode"].astype(str)).all()


def test_geokernel_modes_of_the_traces_whose_modes_are_known(shared):
    for name, pfs in all_traces(shared).items():
        if name not in KNOWN:
            continue
        (o_pfs, o_tpls), _ = both_triplegs(pfs)
        assert len(o_tpls), name
        with_fixes = gkt.predict_transport_mode(o_tpls, positionfixes=o_pfs)
        length = o_tpls.to_crs(3857).length  # weights only
        share = length[with_fixes["mode"] == KNOWN[name]].sum() / length.sum()
        assert share > 0.8, (name, with_fixes[["mode", "mode_confidence"]])
        assert ((with_fixes["mode_confidence"] >= 0) & (with_fixes["mode_confidence"] <= 1)).all()
    # without the fixes only the line's mean speed is left: the hike is still walked
    pfs = all_traces(shared)["korita-zbevnica"]
    (o_pfs, o_tpls), _ = both_triplegs(pfs)
    assert (gkt.predict_transport_mode(o_tpls)["mode"] == "walk").all()
    with pytest.raises(ValueError):
        gkt.predict_transport_mode(o_tpls, method="fancy")


def test_travel_modes_of_raw_fixes_and_of_a_stop_detectors_moves():
    # a walk, a wait, a bus through town (stops every 400 m), a walk; one fix a second
    rng = np.random.default_rng(3)
    north, east, t, pts = 0.0, 0.0, 0.0, []

    def go(seconds, speed, heading):
        nonlocal north, east, t
        for _ in range(int(seconds)):
            t += 1
            north += speed * np.cos(np.radians(heading))
            east += speed * np.sin(np.radians(heading))
            pts.append((47 + (north + rng.uniform(-3, 3)) / 111195.08,
                        8 + (east + rng.uniform(-3, 3)) / (111195.08 * np.cos(np.radians(47))), t))
    go(900, 0, 0)
    go(300, 1.3, 0)
    go(180, 0, 0)
    for b in range(10):
        go(400 / 11, 11, 90 * (b % 2))
        go(25, 0, 0)
    go(400, 1.4, 0)
    go(900, 0, 0)
    lat, lon, ts = (np.array(c) for c in zip(*pts))
    sd = gk.StopDetector("trackintel")
    sd.add_batch(lat, lon, ts, np.full(len(ts), 5.0))
    assert sd.finish(include_open_stay=True) == 2
    legs = sd.legs(0)
    assert gk.modes.mode_names(legs) == ["walk", "bus", "walk"]
    mlat, mlon, mt = sd.transit(0)
    again = gk.modes.travel_modes(mlat, mlon, mt)
    assert (again["mode"] == legs["mode"]).all() and (again["first_fix"] == legs["first_fix"]).all()
    assert again["last_fix"][-1] == len(mt) - 1 and np.isnan(again["road_share"]).all()
    assert gk.modes.mode_names(gk.modes.travel_modes(mlat, mlon, mt, thresholds={"BusStopsPerKm": 5})) == [
        "walk", "car", "walk"]
    assert gk.modes.mode_names(gk.modes.travel_modes(mlat, mlon, mt, activities=[("walking", 0)])) == ["walk"]
    sd.set_mode_thresholds({"BusStopsPerKm": 5})
    assert gk.modes.mode_names(sd.legs(0)) == ["walk", "car", "walk"]
    sd.add_activity("automotive", 0)
    assert len(sd.legs(0)) == 1
    with pytest.raises(gk.OrderError):
        sd.add_activity("walking", -5)
    with pytest.raises(gk.ParseError, match="Bus"):
        sd.set_mode_thresholds({"Bus": 1})
    with pytest.raises(gk.NotFoundError):
        sd.legs(1)
    with pytest.raises(ValueError):
        gk.modes.travel_modes(mlat, mlon, mt, activities=[("flying", 0)])
    assert len(gk.modes.travel_modes([], [], [])) == 0
