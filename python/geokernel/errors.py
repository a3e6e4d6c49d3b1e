"""GeoKernel status codes and the exceptions they become.

Every ``GK_ERR_*`` code of ``include/geokernel.h`` maps to one subclass of
:class:`GeoKernelError`; the exception carries the code (``.code``), the
library's short description of it (``.description``, from ``gk_errstr``) and
the library's message for the failed call (``.message``, from
``gk_context_errmsg``), e.g. ``"crs not found: EPSG:99999"``.

Families (ranges as in PROJ): 1-9 misuse and arguments, 10-19 projection,
20-29 objects and ids, 30-39 files and data, 99 internal.
"""
from __future__ import annotations

from typing import Dict, Type

# The numbers of include/geokernel.h (a test checks that they agree with the header).
GK_OK = 0
GK_ERR_MISUSE = 1
GK_ERR_INVALID_ARGUMENT = 2
GK_ERR_OUT_OF_MEMORY = 3
GK_ERR_BUFFER_TOO_SMALL = 4
GK_ERR_CRS = 10
GK_ERR_PROJ_DATABASE = 11
GK_ERR_TRANSFORM = 12
GK_ERR_NOT_FOUND = 20
GK_ERR_DUPLICATE = 21
GK_ERR_PERMISSION = 22
GK_ERR_CAPACITY = 23
GK_ERR_IO = 30
GK_ERR_CORRUPT = 31
GK_ERR_PARSE = 32
GK_ERR_ORDER = 33
GK_ERR_INTERNAL = 99


class GeoKernelError(Exception):
    """Base class of every error the GeoKernel library reports.

    Attributes:
        code: the ``GK_ERR_*`` status code (an int).
        message: the library's message for the failed call (``gk_context_errmsg``).
        description: the library's short text for the code (``gk_errstr``).
    """

    code: int = -1

    def __init__(self, code: int, message: str, description: str = "") -> None:
        Exception.__init__(self, message)
        self.code = code
        self.message = message
        self.description = description

    def __str__(self) -> str:
        return self.message


class MisuseError(GeoKernelError):
    """GK_ERR_MISUSE: a NULL pointer, or a call not allowed now (e.g. a closed object)."""


class InvalidArgumentError(GeoKernelError, ValueError):
    """GK_ERR_INVALID_ARGUMENT: a value out of range, NaN/infinite, a bad count or stride."""


class OutOfMemoryError(GeoKernelError, MemoryError):
    """GK_ERR_OUT_OF_MEMORY: the library could not allocate (it never aborts)."""


class BufferTooSmallError(GeoKernelError):
    """GK_ERR_BUFFER_TOO_SMALL: an output buffer was too small (the bindings grow it)."""


class ProjError(GeoKernelError):
    """Projection family (10-19): PROJ could not do what was asked."""


class CrsError(ProjError):
    """GK_ERR_CRS: PROJ does not know or cannot use a CRS or operation."""


class ProjDatabaseError(ProjError):
    """GK_ERR_PROJ_DATABASE: PROJ's proj.db was not found (the message names the paths)."""


class TransformError(ProjError):
    """GK_ERR_TRANSFORM: points could not be transformed."""


class NotFoundError(GeoKernelError, LookupError):
    """GK_ERR_NOT_FOUND: no object with that id (never added, or removed)."""


class DuplicateError(GeoKernelError):
    """GK_ERR_DUPLICATE: an object with that id exists already."""


class PermissionDeniedError(GeoKernelError):
    """GK_ERR_PERMISSION: the user may not change that object (not the owner)."""


class CapacityError(GeoKernelError):
    """GK_ERR_CAPACITY: a fixed limit was reached (ids used up, too many pins, ...)."""


class FileIOError(GeoKernelError, OSError):
    """GK_ERR_IO: a file could not be read or written (the message names path and reason)."""


class CorruptFileError(GeoKernelError):
    """GK_ERR_CORRUPT: a damaged, truncated, foreign or other-version file."""


class ParseError(GeoKernelError, ValueError):
    """GK_ERR_PARSE: text (JSON, GPX, CSV, ...) could not be parsed."""


class OrderError(GeoKernelError, ValueError):
    """GK_ERR_ORDER: input earlier than the previous input (fixes must come in time order)."""


class InternalError(GeoKernelError):
    """GK_ERR_INTERNAL: a bug in GeoKernel; please report it with the message."""


#: code -> exception class, one entry per GK_ERR_* of the header.
ERROR_CLASSES: Dict[int, Type[GeoKernelError]] = {
    GK_ERR_MISUSE: MisuseError,
    GK_ERR_INVALID_ARGUMENT: InvalidArgumentError,
    GK_ERR_OUT_OF_MEMORY: OutOfMemoryError,
    GK_ERR_BUFFER_TOO_SMALL: BufferTooSmallError,
    GK_ERR_CRS: CrsError,
    GK_ERR_PROJ_DATABASE: ProjDatabaseError,
    GK_ERR_TRANSFORM: TransformError,
    GK_ERR_NOT_FOUND: NotFoundError,
    GK_ERR_DUPLICATE: DuplicateError,
    GK_ERR_PERMISSION: PermissionDeniedError,
    GK_ERR_CAPACITY: CapacityError,
    GK_ERR_IO: FileIOError,
    GK_ERR_CORRUPT: CorruptFileError,
    GK_ERR_PARSE: ParseError,
    GK_ERR_ORDER: OrderError,
    GK_ERR_INTERNAL: InternalError,
}

#: GK_ERR_* name -> code, as in the header.
ERROR_CODES: Dict[str, int] = {
    name: value for name, value in globals().items() if name.startswith("GK_ERR_")
}


def error_for(code: int, message: str, description: str = "") -> GeoKernelError:
    """The exception for a status code (an unknown code gives a plain GeoKernelError)."""
    cls = ERROR_CLASSES.get(code, GeoKernelError)
    return cls(code, message, description)
