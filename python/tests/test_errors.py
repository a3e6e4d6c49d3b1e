import re
from ctypes import byref, c_size_t, c_uint64, c_void_p

import numpy as np
import pytest

import geokernel as gk
from geokernel import errors
from geokernel._lib import check, context, lib
from conftest import REPO


def header_codes():
    text = (REPO / "include" / "geokernel.h").read_text()
    return {m.group(1): int(m.group(2))
            for m in re.finditer(r"^#define (GK_ERR_\w+)\s+(\d+)", text, re.M)}


def test_every_header_code_has_a_class_with_the_same_number():
    codes = header_codes()
    assert len(codes) >= 16
    assert errors.ERROR_CODES == codes
    for name, code in codes.items():
        cls = errors.ERROR_CLASSES[code]
        assert issubclass(cls, gk.GeoKernelError)
        assert cls is not gk.GeoKernelError
    assert len(set(errors.ERROR_CLASSES.values())) == len(codes)


def raises(cls, code, call, match=None):
    ctx = context()
    with pytest.raises(cls) as e:
        check(call(ctx), ctx)
    assert e.value.code == code
    msg = lib.gk_context_errmsg(ctx).decode()
    assert str(e.value) == e.value.message == msg and msg != "no error"
    if match:
        assert re.search(match, msg), msg
    return e.value


def test_misuse():
    raises(gk.MisuseError, 1, lambda ctx: lib.gk_index_remove(ctx, None, 0))


def test_invalid_argument_via_public_api():
    with pytest.raises(gk.InvalidArgumentError) as e:
        gk.haversine_distances(91.0, 0.0, np.zeros(2), np.zeros(2))
    assert isinstance(e.value, ValueError) and e.value.code == 2 and "91" in str(e.value)


def test_buffer_too_small():
    ix = gk.SpatialIndex(np.zeros(3), np.zeros(3))
    raises(gk.BufferTooSmallError, 4, lambda ctx: lib.gk_index_nearest(
        ctx, ix._handle(), 0.0, 0.0, 3, float("inf"), None, None, 0, byref(c_size_t())))
    ix.close()


def test_out_of_memory_or_refused_count():
    out = c_void_p()
    a = np.zeros(1)
    ctx = context()
    st = lib.gk_unitvec_create(ctx, a.ctypes.data, a.ctypes.data, 1 << 58, 8, byref(out))
    assert st in (errors.GK_ERR_OUT_OF_MEMORY, errors.GK_ERR_INVALID_ARGUMENT)
    with pytest.raises((gk.OutOfMemoryError, gk.InvalidArgumentError)):
        check(st, ctx)


def test_crs():
    e = raises(gk.CrsError, 10, lambda ctx: lib.gk_transformer_create(
        ctx, b"EPSG:4326", b"EPSG:99999", byref(c_void_p())), "EPSG:99999")
    assert isinstance(e, gk.ProjError)


def test_not_found_duplicate_and_permission():
    m = c_void_p()
    check(lib.gk_geofence_monitor_create(context(), byref(m)), context())
    raises(gk.DuplicateError, 21, lambda ctx: lib.gk_geofence_monitor_add(ctx, m, 7, 0.0, 0.0, 100.0)
           or lib.gk_geofence_monitor_add(ctx, m, 7, 0.0, 0.0, 100.0))
    lib.gk_geofence_monitor_destroy(m)
    lm = c_void_p()
    check(lib.gk_landmarks_create(context(), byref(lm)), context())
    lid = c_uint64()
    check(lib.gk_landmarks_add(context(), lm, 1.0, 2.0, b"note", "ann\u00e9e".encode(), byref(lid)),
          context())
    raises(gk.PermissionDeniedError, 22, lambda ctx: lib.gk_landmarks_delete(ctx, lm, lid.value, b"bob"))
    raises(gk.NotFoundError, 20, lambda ctx: lib.gk_landmarks_delete(ctx, lm, 12345, b"bob"))
    lib.gk_landmarks_destroy(lm)


def test_capacity():
    r = c_void_p()
    check(lib.gk_route_create(context(), 1, 16.6667, 1000.0, byref(r)), context())
    check(lib.gk_route_add_pin(context(), r, 0.0, 0.0), context())
    raises(gk.CapacityError, 23, lambda ctx: lib.gk_route_add_pin(ctx, r, 1.0, 1.0))
    lib.gk_route_destroy(r)


def test_io_and_corrupt(tmp_path):
    missing = tmp_path / "missing.gkidx"
    with pytest.raises(gk.FileIOError) as e:
        gk.SpatialIndex.load(missing)
    assert e.value.code == 30 and isinstance(e.value, OSError) and str(missing) in str(e.value)
    bad = tmp_path / "bad.gkidx"
    bad.write_bytes(b"not an index" * 10)
    with pytest.raises(gk.CorruptFileError) as e:
        gk.SpatialIndex.load(bad)
    assert e.value.code == 31 and e.value.message


def test_parse():
    raises(gk.ParseError, 32, lambda ctx: lib.gk_tracking_policy_create(ctx, b"{not json", byref(c_void_p())))


def test_order():
    tl = c_void_p()
    check(lib.gk_timeline_create(context(), 1, byref(tl)), context())
    check(lib.gk_timeline_add(context(), tl, 1.0, 2.0, 100.0, 5.0, None), context())
    raises(gk.OrderError, 33, lambda ctx: lib.gk_timeline_add(ctx, tl, 1.0, 2.0, 50.0, 5.0, None))
    lib.gk_timeline_destroy(tl)


def test_unmapped_families_still_have_classes():
    for code, cls in [(11, gk.ProjDatabaseError), (12, gk.TransformError), (99, gk.InternalError)]:
        e = errors.error_for(code, "m")
        assert type(e) is cls and e.code == code and str(e) == "m"


def test_contexts_are_per_thread():
    import threading
    seen = []
    t = threading.Thread(target=lambda: seen.append(context()))
    t.start(); t.join()
    assert seen and seen[0] != context()


def test_a_threads_context_is_destroyed_with_the_thread():
    import gc
    import threading
    from geokernel import _lib
    fins = []

    def work():
        context()
        fins.append(_lib._local.ctx._finalizer)

    t = threading.Thread(target=work)
    t.start(); t.join()
    gc.collect()
    assert fins and not fins[0].alive


def test_versions_agree_with_the_header():
    from geokernel import _lib
    text = (REPO / "include" / "geokernel.h").read_text()
    parts = [int(re.search(rf"^#define GK_VERSION_{p} (\d+)", text, re.M).group(1))
             for p in ("MAJOR", "MINOR", "PATCH")]
    assert _lib.HEADER_VERSION_NUMBER == parts[0] * 10000 + parts[1] * 100 + parts[2]
    assert gk.__version__ == ".".join(map(str, parts)) == gk.version()
    pyproject = (REPO / "python" / "pyproject.toml").read_text()
    assert f'version = "{gk.__version__}"' in pyproject
