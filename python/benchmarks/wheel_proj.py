"""The wheel's side of bench.py's projection cases (bench_proj), run by bench.py in a venv
where the geokernel wheel is installed (e.g. the one `make wheel-check` makes), so that the
installed package loads its own libgeokernel.so, the PROJ the wheel carries and its proj.db.

    python wheel_proj.py LON.npy LAT.npy TARGET_CRS OUT.npy

It prints one line: its geokernel version, library and PROJ (version and file); then for each
line "run" on stdin it transforms fresh copies of LON, LAT (EPSG:4326 -> TARGET_CRS, in place,
as bench.py times GeoKernel's own case) and prints the seconds it took (time.perf_counter
around the copy and the call only, so the pipe is not timed); "save" writes the last result
to OUT.npy (rows x, y) for bench.py to check against pyproj's. Needs only numpy.
"""
import os
import sys
import time

import numpy as np

import geokernel as gk

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "wheel"))
from loaded_proj import loaded_proj  # noqa: E402  (shared with the wheel's check)


def main(argv):
    lon, lat, target, out = np.load(argv[0]), np.load(argv[1]), argv[2], argv[3]
    t = gk.Transformer("EPSG:4326", target)
    version, path = loaded_proj()
    print(f"{gk.version()}\t{gk.LIBRARY_PATH}\t{version}\t{path}", flush=True)
    x = y = None
    for cmd in sys.stdin:
        cmd = cmd.strip()
        if cmd == "run":
            start = time.perf_counter()
            x, y = lon.copy(), lat.copy()  # as bench.py's in_place: a fresh copy each run, timed too
            t.transform(x, y)
            print(time.perf_counter() - start, flush=True)
        elif cmd == "save":
            np.save(out, np.stack([x, y]))
            print("saved", flush=True)
    t.close()


if __name__ == "__main__":
    main(sys.argv[1:])
