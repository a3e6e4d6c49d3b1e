"""Which libproj this process loaded (its file) and its version (PROJ's proj_info), for the
wheel's check and benchmark: run as a script in a venv where geokernel is installed, it
prints "wheel-check: PROJ <version> (<file>), PROJ_DATA=<dir>"; wheel_proj.py imports
loaded_proj()."""
import ctypes
import os


def loaded_proj():
    """(version, path) of the libproj mapped into this process (Linux: /proc/self/maps)."""
    path = next(line.split()[-1] for line in open("/proc/self/maps") if "libproj" in line)

    class Info(ctypes.Structure):  # PJ_INFO
        _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                    ("release", ctypes.c_char_p), ("version", ctypes.c_char_p), ("searchpath", ctypes.c_char_p),
                    ("paths", ctypes.c_void_p), ("path_count", ctypes.c_size_t)]
    lib = ctypes.CDLL(path)
    lib.proj_info.restype = Info
    v = lib.proj_info()
    return f"{v.major}.{v.minor}.{v.patch}", path


if __name__ == "__main__":
    import geokernel as gk
    with gk.Transformer("EPSG:4326", "EPSG:32633"):
        pass
    version, path = loaded_proj()
    print(f"wheel-check: PROJ {version} ({os.path.basename(path)}), PROJ_DATA={os.environ.get('PROJ_DATA')}")
