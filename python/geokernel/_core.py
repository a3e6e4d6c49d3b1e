"""Shared plumbing of the bindings: array checks, output-buffer loops, owned handles."""
from __future__ import annotations

import contextlib
import threading
import weakref
from ctypes import byref, c_size_t, c_void_p, create_string_buffer
from typing import Any, Callable, Iterator, Optional, Tuple, TypeVar

import numpy as np

from . import errors
from ._lib import check, closed_error, context

_BUFFER_TOO_SMALL = errors.GK_ERR_BUFFER_TOO_SMALL


def _columns(names: Tuple[str, ...], arrays: Tuple[object, ...], *, copy: bool = False,
             writable: bool = False) -> Tuple[Tuple[np.ndarray, ...], int, int]:
    """Arrays the library will read (or, with ``writable``, write) in place.

    Returns (arrays, count, stride_bytes). Inputs that are only read may be any 1-D array-like
    of real numbers (numpy arrays of any int or float dtype, pandas Series, lists): float64
    arrays that share one positive stride, a multiple of 8, are read where they are (no copy,
    e.g. the columns ``pts[:, 0]`` and ``pts[:, 1]``); anything else is converted to
    contiguous float64 copies (``copy`` asks for that conversion, which is no longer needed).
    Inputs written in place must already be aligned, writable, 1-D float64 arrays of one
    stride: a copy would leave the caller's array unchanged."""
    inputs = arrays if writable else tuple(_real_vector(name, a) for name, a in zip(names, arrays))
    checked: list[np.ndarray] = []
    for name, a in zip(names, inputs):
        if not isinstance(a, np.ndarray):
            raise TypeError(f"{name} must be a numpy float64 array (it is transformed in place), "
                            f"not {type(a).__name__}")
        if a.dtype != np.float64:
            raise TypeError(f"{name} must have dtype float64 (native byte order), not {a.dtype}: "
                            "it is transformed in place")
        if a.ndim != 1:
            raise ValueError(f"{name} must be 1-D, not of shape {a.shape}")
        if writable and not a.flags.aligned:
            raise ValueError(f"{name} is not aligned to 8 bytes")
        if writable and not a.flags.writeable:
            raise ValueError(f"{name} is read-only; it is transformed in place")
        checked.append(a)
    columns = tuple(checked)
    n = columns[0].shape[0]
    for name, a in zip(names, columns):
        if a.shape[0] != n:
            raise ValueError(f"{names[0]} and {name} differ in length ({n} and {a.shape[0]})")
    if n <= 1:
        return columns, n, 8  # a stride is never used to reach a second element
    stride: int = columns[0].strides[0]
    shared = all(a.strides[0] == stride and a.flags.aligned for a in columns) and stride >= 8 and stride % 8 == 0
    if not shared and not writable or copy and not writable:
        return tuple(np.ascontiguousarray(a) for a in columns), n, 8
    for name, a in zip(names, columns):
        if a.strides[0] != stride:
            raise ValueError(f"{names[0]} and {name} have different strides ({stride} and "
                             f"{a.strides[0]} bytes); arrays transformed in place take one stride")
    if stride < 8 or stride % 8:
        raise ValueError(f"the stride must be a positive multiple of 8 bytes, not {stride} "
                         "(reversed or broadcast arrays cannot be transformed in place)")
    return columns, n, stride


def _real_vector(name: str, a: object) -> np.ndarray:
    """``a`` as a 1-D float64 array, without a copy when it is one already (a float64 ndarray
    or Series); ints and other floats are converted. Refuses (TypeError) what does not hold
    real numbers: text, booleans, complex numbers, objects."""
    raw = a if isinstance(a, np.ndarray) else np.asarray(a)
    if raw.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold real numbers (float or int), not {raw.dtype}"
                        + ("" if isinstance(a, np.ndarray) else f" ({type(a).__name__})"))
    vector = raw.astype(np.float64, copy=False)
    if vector.dtype.byteorder not in "=|":
        vector = vector.astype(np.float64)  # native byte order
    if vector.ndim != 1:
        raise ValueError(f"{name} must be 1-D, not of shape {vector.shape}")
    return vector


def _out(out: Optional[np.ndarray], n: int, dtype: type, name: str = "out") -> np.ndarray:
    if out is None:
        return np.empty(n, dtype=dtype)
    if (not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != (n,)
            or not out.flags.c_contiguous or not out.flags.writeable):
        raise ValueError(f"{name} must be a writable contiguous {np.dtype(dtype).name} array "
                         f"of shape ({n},)")
    return out




def _text(call: Callable[[int, Optional[object], int, object], int], ctx: Optional[int] = None) -> str:
    """Runs a text call by the header's rule: ``call(ctx, buf, capacity, out_len)`` is asked
    for the length first (capacity 0), then given a buffer of length + 1 bytes."""
    ctx = context() if ctx is None else ctx
    length = c_size_t(0)
    status = call(ctx, None, 0, byref(length))
    if status != _BUFFER_TOO_SMALL:
        check(status, ctx)
    while True:
        buf = create_string_buffer(length.value + 1)
        status = call(ctx, buf, length.value + 1, byref(length))
        if status == _BUFFER_TOO_SMALL:
            continue  # grew meanwhile
        check(status, ctx)
        return buf.raw[:length.value].decode("utf-8")


def _array_count(call: Callable[[int, int, object], int], ctx: int) -> int:
    """The count an array call needs: ``call(ctx, capacity=0, out_count)``."""
    count = c_size_t(0)
    status = call(ctx, 0, byref(count))
    if status not in (0, _BUFFER_TOO_SMALL):
        check(status, ctx)
    return count.value


def _owned(handle: c_void_p) -> int:
    """The pointer a create or load call wrote into ``handle`` once it returned success."""
    if handle.value is None:  # the library never does this; a defect, not bad input
        raise RuntimeError("the library reported success but returned no object")
    return handle.value


_H = TypeVar("_H", bound="_Handle")


class _Handle:
    """An owned C handle: freed exactly once, by close() or by the finalizer.

    Calls take the handle through ``_using()``, which counts them; ``close()`` refuses new
    calls at once and frees the handle when the calls in flight (other threads) are done,
    so a close racing with a query never frees memory under it."""

    _what = "object"

    def _adopt(self, ptr: int, destroy: Callable[[int], Any]) -> None:
        self._cv = threading.Condition(threading.Lock())
        self._busy = 0
        self._ptr: Optional[int] = ptr
        self._finalizer = weakref.finalize(self, destroy, ptr)

    @contextlib.contextmanager
    def _using(self) -> Iterator[int]:
        cv = getattr(self, "_cv", None)
        if cv is None:  # construction failed
            raise closed_error(self._what)
        with cv:
            ptr = self._ptr
            if ptr is None:
                raise closed_error(self._what)
            self._busy += 1
        try:
            yield ptr
        finally:
            with cv:
                self._busy -= 1
                if self._busy == 0:
                    cv.notify_all()

    def _handle(self) -> int:
        """The raw handle (for tests and advanced use; not counted, see _using)."""
        ptr = getattr(self, "_ptr", None)
        if ptr is None:
            raise closed_error(self._what)
        return ptr

    @property
    def closed(self) -> bool:
        """True once close() was called (or construction failed)."""
        return getattr(self, "_ptr", None) is None

    def close(self) -> None:
        """Frees the C object (after calls in flight on other threads finish). Calling it
        again does nothing; any other use afterwards raises MisuseError."""
        cv = getattr(self, "_cv", None)
        if cv is None:
            return
        with cv:
            if self._ptr is None:
                return
            self._ptr = None  # new calls are refused from now on
            while self._busy:
                cv.wait()
        self._finalizer()  # runs the destroy function at most once

    def __enter__(self: _H) -> _H:
        self._handle()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


