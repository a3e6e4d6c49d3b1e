"""`make bench-scale`: GeoKernel beside RoutingKit's CCH and a plain C Dijkstra on made-up
countries of several sizes, in one run, on the same graphs and the same pairs.

For each size: the country is generated (`geokernel generate country`, seed 1, kept under
NETWORKS), built into a routable graph with both metrics (`geokernel graph`, wall time and
peak memory by /usr/bin/time), and handed to gk-scale, which exports the turn graph the
routes are searched on and random pairs with their search seeds, and times GeoKernel's
queries. RoutingKit (PyPI routingkit-cch) and the C Dijkstra then answer the same pairs from
the same seeds: every cost must equal GeoKernel's (the run fails otherwise). The results
go to a JSON file and, as a table, to a Markdown file. `--keep FILE` joins the rows of an
earlier run's results.json for the sizes this run does not measure (a 5·10⁶-junction row
takes over two hours on its own); each row keeps the time and machine it was measured on.
Each build leaves WORK/country-N/build.json (its wall time, peak and the graph's size and
modification time); `--resume` reuses such a graph instead of building it again, so that a
long run cut short continues from its graph (the row then says when it was built).

    python bench_scale.py --tool geokernel --scale gk-scale --dijkstra dijkstra --work DIR
        --networks DIR --sizes 10000 100000 --pairs 1000 [--markdown FILE] [--keep FILE] [--resume]
"""
import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(cmd, **kw):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"bench-scale: {' '.join(map(str, cmd))} failed ({r.returncode}):\n{r.stderr[-3000:]}")
    return r


def timed_run(cmd):
    """Wall seconds and peak resident megabytes of a command (GNU time)."""
    r = run(["/usr/bin/time", "-f", "%e %M"] + list(cmd))
    wall, kb = r.stderr.strip().splitlines()[-1].split()
    return float(wall), int(kb) / 1024


def machine():
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
                 platform.processor())
    mem = next((int(line.split()[1]) // 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal")), 0)
    return f"{os.cpu_count()} cores ({model}), {mem / 1024:.0f} GB, load average {os.getloadavg()[0]:.2f} at the start"


def one(n, a):
    pbf = Path(a.networks) / f"country-{n}.osm.pbf"
    if not pbf.exists():
        pbf.parent.mkdir(parents=True, exist_ok=True)
        run([a.tool, "generate", "country", "--junctions", n, "--seed", 1, "--compression", 1, "--out", pbf])
    work = Path(a.work) / f"country-{n}"
    work.mkdir(parents=True, exist_ok=True)
    graph = work / "graph.gkroad"
    build = built_before(work, graph) if a.resume else None
    resumed = build is not None
    if build is None:
        build_s, build_mb = timed_run([a.tool, "graph", "--osm", pbf, "--out", graph, "--quiet"])
        st = graph.stat()
        build = {"build_s": build_s, "build_peak_mb": build_mb, "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                 "machine": machine(), "tool": str(a.tool), "graph_bytes": st.st_size, "graph_mtime_ns": st.st_mtime_ns}
        (work / "build.json").write_text(json.dumps(build, indent=1))
    build_s, build_mb = build["build_s"], build["build_peak_mb"]
    gk = json.loads(run([a.scale, graph, work, a.pairs]).stdout)
    dj = json.loads(run([a.dijkstra, work, a.dijkstra_pairs]).stdout)
    rk = json.loads(run([sys.executable, HERE / "routingkit.py", work, 100]).stdout)
    problems = []
    if gk["dijkstra_mismatches"]:
        problems.append(f"GeoKernel's bidirectional Dijkstra differs from its hierarchy on {gk['dijkstra_mismatches']} pairs")
    if dj["mismatches"]:
        problems.append(f"the C Dijkstra differs from GeoKernel on {dj['mismatches']} of {dj['pairs']} pairs")
    if rk["mismatches"]:
        problems.append(f"RoutingKit's CCH differs from GeoKernel on {rk['mismatches']} of {rk['pairs']} pairs")
    return {"junctions_asked": n, "pbf_mb": pbf.stat().st_size / 1e6, "build_s": build_s, "build_peak_mb": build_mb,
            "graph_mb": graph.stat().st_size / 1e6, "geokernel": gk, "dijkstra": dj, "routingkit": rk,
            "problems": problems, "build_measured": build["measured"], "build_resumed": resumed}


def built_before(work, graph):
    """The build record an earlier run left beside its graph (`--resume`), when the graph is
    still the one it describes (same size and modification time); else None."""
    record = work / "build.json"
    if not (record.exists() and graph.exists()):
        return None
    build = json.loads(record.read_text())
    st = graph.stat()
    if build.get("graph_bytes") != st.st_size or build.get("graph_mtime_ns") != st.st_mtime_ns:
        return None
    return build


def stamped(earlier):
    """The rows of a results.json, each with the time and machine it was measured on (files
    written before rows carried them have one of each for the whole run)."""
    for r in earlier["results"]:
        r.setdefault("measured", earlier["started"])
        r.setdefault("machine", earlier["machine"])
    return earlier["results"]


def provenance(results):
    """When and where the rows were measured: one phrase when they share a run, else one
    per group of sizes."""
    runs = {}
    for r in results:
        runs.setdefault((r["measured"], r["machine"]), []).append(f"{r['junctions_asked']:,}".replace(",", " "))
    if len(runs) == 1:
        (measured, machine), = runs
        return f"{measured} on {machine}"
    return "; ".join(f"{', '.join(sizes)} junctions asked: {measured} on {machine}" for (measured, machine), sizes in runs.items())


def table(results, title):
    rows = [
        "| junctions | turn states | GeoKernel build (both metrics) | peak | saved graph | load (mapped, validated) "
        "| RoutingKit CCH preprocessing "
        "(one metric) | query: GeoKernel | RoutingKit | C Dijkstra | GeoKernel bidir. Dijkstra | 100 × 100 matrix: "
        "GeoKernel | RoutingKit | 30-min isochrone | route with steps |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        g, d, k = r["geokernel"], r["dijkstra"], r["routingkit"]
        rows.append(
            f"| {g['junctions']:,} | {g['states']:,} | {r['build_s']:.1f} s | {r['build_peak_mb']:.0f} MB "
            f"| {r['graph_mb']:.1f} MB ({1e6 * r['graph_mb'] / g['junctions']:.0f} B/junction) "
            f"| {g['load_s']:.2f} s | {k['preprocessing_s']:.1f} s ({k['peak_mb']:.0f} MB) | {g['one_to_one_us']:.1f} µs "
            f"| {k['query_us']:.1f} µs | {d['query_ms']:.2f} ms | {g['bidirectional_dijkstra_ms']:.2f} ms "
            f"| {g['matrix_ms']:.1f} ms | {k['matrix_ms']:.1f} ms | {g['isochrone_dijkstra_ms']:.1f} ms "
            f"({g['isochrone_parts']:,} parts; hierarchy sweep {g['isochrone_ms']:.1f} ms) "
            f"| {g['route_ms']:.2f} ms ({g['route_km']:.0f} km) |".replace(",", " "))
    return "\n".join([title, ""] + rows)


def readme_table(results, where):
    rows = ["| junctions | build, both metrics (RoutingKit CCH, one) | peak memory | saved graph | load | query (RoutingKit; "
            "plain Dijkstra) | 100 × 100 matrix | 30-min isochrone |", "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        g, d, k = r["geokernel"], r["dijkstra"], r["routingkit"]
        rows.append(f"| {g['junctions']:,} | {r['build_s']:.1f} s ({k['preprocessing_s']:.1f} s) | "
                    f"{r['build_peak_mb']:.0f} MB | {r['graph_mb']:.0f} MB | {g['load_s']:.2f} s | {g['one_to_one_us']:.1f} µs "
                    f"({k['query_us']:.1f} µs; {d['query_ms']:.1f} ms) | {g['matrix_ms']:.1f} ms | "
                    f"{g['isochrone_dijkstra_ms']:.1f} ms |".replace(",", " "))
    return "\n".join(rows + ["", f"Made-up countries, the car profile; {where}. Every engine's costs equal "
                              "GeoKernel's on every pair. Details: [docs/scale-benchmarks.md](docs/scale-benchmarks.md)."])


def update_readme(path, text):
    sys.path.insert(0, str(HERE.parent))
    doc_table = __import__("doc-table")  # scripts/doc-table.py: one way to replace a generated block
    doc_table.replace(path, "scale-table", text)


def main():
    p = argparse.ArgumentParser()
    for name in ("tool", "scale", "dijkstra", "work", "networks"):
        p.add_argument("--" + name, required=True)
    p.add_argument("--sizes", nargs="+", type=int, required=True)
    p.add_argument("--pairs", type=int, default=1000)
    p.add_argument("--dijkstra-pairs", type=int, default=100)
    p.add_argument("--markdown")
    p.add_argument("--tables-from", help="the results.json of an earlier run: only the tables are written")
    p.add_argument("--readme", help="a file with the scale-table markers, whose table is replaced")
    p.add_argument("--keep", help="an earlier results.json whose rows of other sizes join this run's")
    p.add_argument("--resume", action="store_true",
                   help="reuse a graph an earlier run built in WORK (with its build.json): its build figures are that run's")
    a = p.parse_args()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    where = machine()
    results = []
    if a.tables_from:  # rewrite the tables of an earlier run, measuring nothing
        results = stamped(json.loads(Path(a.tables_from).read_text()))
        a.sizes = []
    if a.keep:
        results = [r for r in stamped(json.loads(Path(a.keep).read_text())) if r["junctions_asked"] not in a.sizes]
    for n in a.sizes:
        r = one(n, a)
        r["measured"], r["machine"] = started, where
        if r["build_resumed"]:  # a build an earlier run made
            r["measured"] = f"{started} (built {r['build_measured']})"
        results.append(r)
        results.sort(key=lambda r: r["junctions_asked"])
        g = r["geokernel"]
        print(f"{n}: {g['junctions']} junctions, build {r['build_s']:.1f} s / {r['build_peak_mb']:.0f} MB, "
              f"query {g['one_to_one_us']:.1f} µs (RoutingKit {r['routingkit']['query_us']:.1f} µs, "
              f"C Dijkstra {r['dijkstra']['query_ms']:.2f} ms), all costs equal: {not r['problems']}", flush=True)
    if not a.tables_from:
        Path(a.work, "results.json").write_text(json.dumps({"machine": where, "started": started, "results": results},
                                                           indent=1))
    problems = [f"{r['junctions_asked']}: {p}" for r in results for p in r["problems"]]
    when = provenance(results) if results else f"{started} on {where}"
    if a.markdown:
        pairs = results[0]["geokernel"]["pairs"] if results else a.pairs
        text = table(results, f"Measured {when}; {pairs} random pairs per network.")
        Path(a.markdown).write_text(
            "# Routing at scale: GeoKernel beside RoutingKit's CCH and a plain Dijkstra\n\n"
            "Generated by `make bench-scale` (scripts/bench-scale/bench_scale.py); do not edit. Made-up countries "
            "(`geokernel generate country --seed 1`), the car profile. Build: OpenStreetMap PBF to a saved graph with "
            "turn costs and a contraction hierarchy for each of the two metrics (`geokernel graph`). RoutingKit "
            "(PyPI `routingkit-cch`) preprocesses the exported turn graph for the fastest metric only: inertial-flow "
            "order, CCH, one customization. Load: `RoadGraph(contentsOf:)` on the saved graph (mapped into memory, "
            "checksum and validation over every byte, in a process of its own; the file is in the page cache). "
            "Queries: the fastest metric between the same random pairs, every engine "
            "starting from GeoKernel's own search seeds, every cost equal to GeoKernel's (checked); RoutingKit's "
            "times include its Python binding. Matrix: GeoKernel's bucket many-to-many between road points, "
            "RoutingKit's one-to-many from each source node. Isochrone: the roads reached in 30 minutes from 10 origins, "
            "by Dijkstra stopped at the limit (what `RoadRouter.isochrone` uses), the hierarchy's sweep beside it. "
            "Route: a leg with geometry and turn-by-turn steps.\n\n"
            + text + "\n")
    if a.readme:
        update_readme(a.readme, readme_table(results, when.replace(" on ", ", ")))
    if problems:
        sys.exit("bench-scale: " + "; ".join(problems))


if __name__ == "__main__":
    main()
