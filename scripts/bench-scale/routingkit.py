"""RoutingKit's CCH for `make bench-scale` (PyPI routingkit-cch): on the turn graph gk-scale
exported, the preprocessing (nested-dissection order by inertial flow, the CCH, one
customization with the fastest weights), the pairs' queries from GeoKernel's own seeds (every
cost must equal GeoKernel's), and a matrix. Prints one line of JSON.

    python routingkit.py DIR MATRIX_SIDE
"""
import json
import resource
import sys
import time

import numpy as np
import routingkit_cch as rk


def main() -> None:
    d, side = sys.argv[1], int(sys.argv[2])
    first = np.fromfile(d + "/first_out", dtype=np.uint32)
    head = np.fromfile(d + "/head", dtype=np.uint32).tolist()
    weight = np.fromfile(d + "/weight", dtype=np.uint32).tolist()
    lat = np.fromfile(d + "/latitude", dtype=np.float32).tolist()
    lon = np.fromfile(d + "/longitude", dtype=np.float32).tolist()
    n = len(first) - 1
    tail = np.repeat(np.arange(n, dtype=np.uint32), np.diff(first)).tolist()
    t0 = time.perf_counter()
    order = rk.compute_order_inertial(n, tail, head, lat, lon)
    t1 = time.perf_counter()
    cch = rk.CCH(order, tail, head, False)
    t2 = time.perf_counter()
    metric = rk.CCHMetric(cch, weight)
    t3 = time.perf_counter()
    pairs = []
    with open(d + "/pairs.txt") as f:
        for line in f:
            v = list(map(int, line.split()))
            nf = v[0]
            k = 1 + 2 * nf
            pairs.append(([(v[1 + 2 * i], v[2 + 2 * i]) for i in range(nf)],
                          [(v[k + 1 + 2 * i], v[k + 2 + 2 * i]) for i in range(v[k])], v[-1]))
    q = rk.CCHQuery(metric)
    wrong = 0
    q0 = time.perf_counter()
    for fs, bs, want in pairs:
        r = q.run_multi(fs, bs)
        got = r.distance
        del r  # the binding allows one live result per query object
        wrong += got != want
    q1 = time.perf_counter()
    # The same loop without the engine: what Python and the binding's argument conversion cost.
    o0 = time.perf_counter()
    for fs, bs, want in pairs:
        _ = (list(fs), list(bs))
    o1 = time.perf_counter()
    sources = [fs[0][0] for fs, _, _ in pairs[:side]]
    targets = [bs[0][0] for _, bs, _ in pairs[:side]]
    m0 = time.perf_counter()
    many = rk.CCHOneToMany(metric, targets)
    for s in sources:
        many.distances_from(s)
    m1 = time.perf_counter()
    print(json.dumps({
        "order_s": t1 - t0, "cch_s": t2 - t1, "customize_s": t3 - t2, "preprocessing_s": t3 - t0,
        "pairs": len(pairs), "query_us": 1e6 * (q1 - q0) / len(pairs), "python_loop_us": 1e6 * (o1 - o0) / len(pairs),
        "mismatches": wrong, "matrix_side": side, "matrix_ms": 1e3 * (m1 - m0),
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }))


if __name__ == "__main__":
    main()
