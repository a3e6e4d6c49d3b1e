#!/usr/bin/env python3
"""Writes docs/benchmarks.md from the JSON of `geobench --json` (`make benchmarks-doc`).

The page is generated, never edited by hand: what the benchmarks are, the machine and
toolchain of the run, and one table with every case beside its baseline.
Usage: benchmarks-doc.py BENCH.json [--flags "..."] > docs/benchmarks.md
"""
import argparse
import datetime
import json
import os
import subprocess


GROUPS = [
    "- `haversine.*`: distances from one centre to 1M points, libm's scalar formula beside the SIMD"
    " batch kernel. `pic.*`: point in circle on the same points, in degrees and over precomputed"
    " unit vectors (`memory.stream`, reading the same bytes, is the latter's floor).",
    "- `geodesic.*`: WGS84 geodesics on 100 000 seeded pairs (uniform on the sphere; `regional`:"
    " within 5° of each other), GeoKernel's native geodesic beside GeographicLib's C++ (Debian's"
    " 2.1.2) asked for the same outputs (`distance`: s12 only; `inverse`: every output with the"
    " area) and PROJ's `geod_*` (its C port); `geodesic.batch` is one origin (Zürich) to the 100 000"
    " points (`regional`: 100 000 points within 5° of it) through the SIMD kernel, beside"
    " GeographicLib's distance from the same origin to the same points, one call per point;"
    " `geodesic.destinations` is the direct batch from Zürich along 100 000 seeded azimuths and"
    " distances (up to 19 000 km) through its SIMD kernel, beside GeographicLib's `Direct` on the"
    " same lines, one call per line. Results checked within 15 nm of GeographicLib.",
    "- `proj.*`: EPSG:4326 → EPSG:3857 (and `proj.utm.*`: → EPSG:32632, points within 2° of the"
    " zone) on 1M points: PROJ's `proj_trans_generic` called raw, PROJ through the `Transformer`"
    " (`shim`, the projection as a PROJ operation) and the `Transformer` on the EPSG pair, which"
    " GeoKernel answers natively (`native`); both checked within 8 nm of raw PROJ. `proj.inverse.*`"
    " and `proj.utm.inverse.*`: the images back to degrees, raw PROJ and native, checked within 8 nm"
    " on the ground.",
    "- `index.*` beside `scan.*`: the spatial index on 1M points, uniform on the sphere and"
    " clustered (200 Gaussian cities, some on the antimeridian and at the poles): build, load of"
    " a saved index, 10 nearest, within 1 km and 100 km, one-by-one inserts; every answer"
    " checked equal to the brute force. `geocode.*`: reverse geocoding on `cities1000.csv`.",
    "- `geofence.*`: one walker, 100 000 fixes, against 10 to 1 000 000 fences; the monitor"
    " beside a loop over every fence, events compared. `geofence.polygon.*`: the same walk over"
    " 100 000 polygon fences (generated districts of about 300 m and 48 vertices that tile a 95 km"
    " square, one in seven with a hole) beside every fence's own test at every fix, events"
    " compared. `polygon.*`: 1M points in one 1 000-vertex polygon, the prepared test beside a"
    " plain crossing count over every edge.",
    "- `dp.*`: Douglas–Peucker on a 1M-vertex random walk, a 10 000-vertex zig-zag (the worst"
    " case) and a 28 458-vertex route at 10 m, beside a plain recursive version; kept vertices"
    " compared.",
    "- `timeline.*`: stays of a 1M-fix simulated day (trackintel's preset, the live detector,"
    " the cleaning stage with `timelyMoves`) beside recomputing the window at every fix;"
    " `timeline.modes`: the travel modes of that diary's moves, n = seconds of track (so the figure"
    " is the work per second of track), beside trackintel's simple-coarse class from each move's"
    " mean speed."
    " `tracks.gpx`: a 1M-point GPX file read into fixes beside Foundation's `XMLParser` counting"
    " its elements.",
    "- `landmarks.*`: a 1M-landmark SQLite store (open, nearest 20 within 10 km, batch and durable"
    " adds, changes since a version) beside the in-memory `LandmarkIndex` or raw SQLite.",
    "- `places.*`: the address index of the Monaco extract: read, build, load, and lookups at"
    " 10 000 random points beside a full scan.",
    "- `osm.*`, `graph.*`, `route.*` on the Andorra extract (car profile, turn costs): reading (and writing PBF, beside reading),"
    " building with and without contraction hierarchies, loading the saved graph, 1 000"
    " one-to-one routes by CH beside bidirectional Dijkstra (costs checked equal), with path"
    " and steps, a 100 × 100 matrix beside 10 000 single routes, snapping, the C call, and map matching of 20"
    " made-up traces at 1 Hz (σ = 10 m) beside the naive pairwise-Dijkstra transitions (matches checked equal).",
]


def run(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def machine():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    swift = run(["swift", "--version"]).splitlines()
    proj = run(["pkg-config", "--modversion", "proj"])
    return f"{model}, {os.cpu_count()} cores; {swift[0] if swift else 'swift unknown'}; PROJ {proj}"


def duration(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.2f} {unit}"
    return f"{ns:.2f} ns"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--flags", default="", help="the compiler flags of the benchmark build")
    ap.add_argument("--load", default="", help="the load average when the run started")
    args = ap.parse_args()
    with open(args.json) as f:
        cases = json.load(f)
    by_name = {c["name"]: c for c in cases}
    when = datetime.datetime.fromtimestamp(os.path.getmtime(args.json), datetime.timezone.utc)
    out = [
        "# Benchmarks",
        "",
        "<!-- Generated by scripts/benchmarks-doc.py from `make bench ARGS=--json` (make benchmarks-doc);"
        " do not edit. -->",
        "",
        "`make bench` builds `Benchmarks/` (a package of its own) for this machine's CPU and runs every",
        "case beside its baseline in the same run; after timing, each case is checked against its",
        "baseline (identical decisions, ids, events or vertex sets; distances within 4e-15), and",
        "`check` says how that went. `make bench ARGS=--json` prints the same as JSON;",
        "`make bench ARGS=\"--filter andorra\"` runs the cases whose name contains `andorra` (the road",
        "router on `../shared/data/osm/andorra.osm.pbf`, when it is there). The 1M-node grid of the",
        "router (`--grid`, about 25 minutes) is not part of a plain run.",
        "",
        "ns/op is the minimum over the repetitions; speed-up is the baseline's minimum divided by the",
        "case's. Index query cases time blocks of 1 000 of 10 000 queries; `scan.*` is the brute",
        "force. On a shared virtual machine, timings move by ±20 % from run to run: compare speed-ups",
        "within one run rather than times across runs.",
        "",
        "## What the cases measure",
        "",
        *GROUPS,
        "",
        "## The last run",
        "",
        f"{when:%Y-%m-%d %H:%M} UTC; {machine()}"
        + (f"; build flags `{args.flags}`" if args.flags else "")
        + (f"; load average {args.load} at the start" if args.load else "") + ".",
        "",
        "| case | n | ns/op (min) | mean ± std per op | baseline | speed-up | check |",
        "|---|---:|---:|---:|---|---:|---|",
    ]
    for c in cases:
        base = by_name.get(c.get("baseline") or "")
        ratio = base["ns_per_op"] / c["ns_per_op"] if base and c["ns_per_op"] > 0 else None
        speedup = "" if ratio is None else f"{ratio:.2f}×" if ratio >= 0.1 else f"{ratio:.2g}×"
        out.append(
            f"| {c['name']} | {c['n']} | {duration(c['ns_per_op'])} | "
            f"{duration(c['mean_ns_per_op'])} ± {duration(c['std_ns_per_op'])} | "
            f"{c.get('baseline') or '—'} | {speedup} | {c.get('check', '')} |")
    print("\n".join(out))


if __name__ == "__main__":
    main()
