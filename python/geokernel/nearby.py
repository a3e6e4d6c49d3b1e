"""Shared landmarks with notes, and offline reverse geocoding (gk_landmarks, gk_geocoder;
Swift: module Nearby, LandmarkIndex and ReverseGeocoder).

Units: positions in degrees, distances in metres.
Distances are great-circle metres on the sphere of EARTH_MEAN_RADIUS_M (from unit-vector
chords; exact across the antimeridian and at the poles); results come nearest first.
"""
from __future__ import annotations

import contextlib
import os
import threading
from ctypes import byref, c_char_p, c_double, c_int, c_size_t, c_uint64, c_void_p, create_string_buffer
from typing import Callable, List, NamedTuple, Optional, Union

import numpy as np

from ._core import _BUFFER_TOO_SMALL, _Handle, _owned, _text
from ._lib import check, context, encode, lib
from .errors import NotFoundError

__all__ = ["Landmarks", "Landmark", "ReverseGeocoder", "Place", "AddressIndex", "AddressMatch", "ADDRESS_KINDS", "RADII", "SCOPES",
           "NOTE_MAX_BYTES", "OWNER_MAX_BYTES"]

#: Radius preferences of Landmarks.search (GK_RADIUS_*), by metres (None: global).
RADII = {None: 0, 1000: 1, 10_000: 2, 100_000: 3}
#: Search scopes (GK_SCOPE_*).
SCOPES = {"all": 0, "mine": 1, "others": 2}
#: Longest note and owner name, in bytes of UTF-8.
NOTE_MAX_BYTES, OWNER_MAX_BYTES = 1000, 64

_Path = Union[str, "os.PathLike[str]"]


class Landmark(NamedTuple):
    """A landmark: id, position in degrees, note and owner; distance_m in metres from the
    searching user (NaN when read by id)."""
    id: int
    lat: float
    lon: float
    note: str
    owner: str
    distance_m: float = float("nan")


class Landmarks(_Handle):
    """Shared landmarks (coordinate, note, owner) that many users add, edit and delete; only
    the owner may edit or delete (gk_landmarks; Swift: LandmarkIndex).

    ``Landmarks()`` is empty, ``Landmarks.load(path)`` reads a file written by ``save``.
    ``search(lat, lon, user=..., radius_m=1000 | 10_000 | 100_000 | None, text=..., scope=...)``
    lists landmarks nearest first with their distances in metres (sphere).

    Thread safety: many threads may use one object at once (it locks internally).
    """

    _what = "Landmarks"

    def __init__(self) -> None:
        out = c_void_p()
        ctx = context()
        check(lib.gk_landmarks_create(ctx, byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_landmarks_destroy)

    @classmethod
    def load(cls, path: _Path) -> "Landmarks":
        """Loads landmarks saved by save(). Raises FileIOError or CorruptFileError (nothing is
        half-loaded)."""
        out = c_void_p()
        ctx = context()
        check(lib.gk_landmarks_load(ctx, encode(path, "path"), byref(out)), ctx)
        self = cls.__new__(cls)
        self._adopt(_owned(out), lib.gk_landmarks_destroy)
        return self

    def save(self, path: _Path) -> None:
        """Saves atomically (temporary file, fsync, rename, checksum)."""
        data = encode(path, "path")
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_landmarks_save(ctx, ptr, data), ctx)

    def __len__(self) -> int:
        with self._using() as ptr:
            return int(lib.gk_landmarks_count(ptr))

    def add(self, lat: float, lon: float, note: str, owner: str) -> int:
        """Adds a landmark at (lat, lon) degrees; returns its id (1, 2, 3 ..., never reused).
        note: 1 to 1000 bytes of UTF-8, not blank; owner: 1 to 64 bytes, no line break."""
        out = c_uint64(0)
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_landmarks_add(ctx, ptr, float(lat), float(lon), encode(note, "note"),
                                       encode(owner, "owner"), byref(out)), ctx)
        return out.value

    def edit_note(self, landmark_id: int, user: str, note: str) -> None:
        """Replaces the note; only the owner may (PermissionDeniedError names both users)."""
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_landmarks_edit_note(ctx, ptr, int(landmark_id), encode(user, "user"),
                                             encode(note, "note")), ctx)

    def delete(self, landmark_id: int, user: str) -> None:
        """Deletes the landmark; only the owner may. Raises NotFoundError, PermissionDeniedError."""
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_landmarks_delete(ctx, ptr, int(landmark_id), encode(user, "user")), ctx)

    def get(self, landmark_id: int) -> Landmark:
        """The landmark with this id. Raises NotFoundError."""
        la, lo = c_double(), c_double()
        note = create_string_buffer(NOTE_MAX_BYTES + 1)
        owner = create_string_buffer(OWNER_MAX_BYTES + 1)
        nb, ob = c_size_t(), c_size_t()
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_landmarks_get(ctx, ptr, int(landmark_id), byref(la), byref(lo), note, len(note),
                                       owner, len(owner), byref(nb), byref(ob)), ctx)
        return Landmark(int(landmark_id), la.value, lo.value, note.raw[:nb.value].decode("utf-8"),
                        owner.raw[:ob.value].decode("utf-8"))

    def search(self, lat: float, lon: float, *, user: Optional[str] = None,
               radius_m: Optional[int] = None, text: Optional[str] = None, scope: str = "all",
               limit: int = 100) -> List[Landmark]:
        """Landmarks nearest first from the user's position (lat, lon) in degrees.

        Args:
            user: the searching user (needed for scope "mine" and "others").
            radius_m: 1000, 10_000, 100_000 metres, or None for the whole globe.
            text: matched case-insensitively as a substring of the note or the owner's name.
            scope: "all", "mine" or "others".
            limit: at most this many.
        Returns:
            Landmarks with distance_m (metres on the sphere).
        """
        if radius_m not in RADII:
            raise ValueError(f"radius_m must be one of 1000, 10000, 100000 or None, not {radius_m!r}")
        if scope not in SCOPES:
            raise ValueError(f"scope must be one of {', '.join(SCOPES)}, not {scope!r}")
        u = encode(user, "user") if user is not None else None
        t = encode(text, "text") if text is not None else None
        la, lo, lim = float(lat), float(lon), int(limit)
        ctx = context()
        count = c_size_t(0)
        cap = min(lim, 64)
        with self._using() as ptr:
            while True:
                ids = np.empty(max(cap, 1), dtype=np.uint64)
                metres = np.empty(max(cap, 1), dtype=np.float64)
                status = lib.gk_landmarks_search(ctx, ptr, la, lo, u, RADII[radius_m], t, SCOPES[scope], lim,
                                                 ids.ctypes.data, metres.ctypes.data, cap, byref(count))
                if status == _BUFFER_TOO_SMALL:
                    cap = count.value
                    continue
                check(status, ctx)
                break
        out = []
        for i, m in zip(ids[:count.value].tolist(), metres[:count.value].tolist()):
            mark = self.get(i)
            out.append(mark._replace(distance_m=m))
        return out

    def __repr__(self) -> str:
        return "Landmarks [closed]" if self.closed else f"Landmarks({len(self)})"


class Place(NamedTuple):
    """A named place of a gazetteer: name, admin1, admin2, country code, position (degrees),
    distance_m in metres (sphere) from the point asked about, and row: the place's position
    in the gazetteer, from 0 (named so that it does not hide ``tuple.index``)."""
    name: str
    admin1: str
    admin2: str
    country_code: str
    lat: float
    lon: float
    distance_m: float
    row: int


class ReverseGeocoder(_Handle):
    """Offline reverse geocoding: the named place nearest to a point (gk_geocoder; Swift:
    ReverseGeocoder). ``ReverseGeocoder(path, format="auto" | "csv" | "geonames")`` loads a
    gazetteer (GeoNames cities*.txt, or CSV with lat, lon, name, admin1, admin2, cc);
    ``nearest(lat, lon)`` returns a Place with its distance in metres on the sphere.

    Immutable once loaded: many threads may query it at once.
    """

    _what = "ReverseGeocoder"
    _FORMATS = {"auto": 0, "csv": 1, "geonames": 2}

    def __init__(self, path: _Path, format: str = "auto") -> None:
        if format not in self._FORMATS:
            raise ValueError(f"format must be one of {', '.join(self._FORMATS)}")
        out = c_void_p()
        ctx = context()
        check(lib.gk_geocoder_load(ctx, encode(path, "path"), self._FORMATS[format], byref(out)), ctx)
        self._adopt(_owned(out), lib.gk_geocoder_destroy)

    def __len__(self) -> int:
        with self._using() as ptr:
            return int(lib.gk_geocoder_count(ptr))

    def place(self, index: int, distance_m: float = float("nan")) -> Place:
        """Place number index (0 <= index < len(self)). Raises NotFoundError."""
        strs = [c_char_p() for _ in range(4)]
        la, lo = c_double(), c_double()
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_geocoder_place(ctx, ptr, int(index), *(byref(s) for s in strs), byref(la), byref(lo)), ctx)
            texts = [(s.value or b"").decode("utf-8") for s in strs]  # copied while g is alive
        return Place(texts[0], texts[1], texts[2], texts[3], la.value, lo.value, distance_m, int(index))

    def nearest(self, lat: float, lon: float) -> Place:
        """The named place nearest to (lat, lon) in degrees, with its distance in metres."""
        idx, m = c_size_t(), c_double()
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_geocoder_nearest(ctx, ptr, float(lat), float(lon), byref(idx), byref(m)), ctx)
        return self.place(idx.value, m.value)

    def __repr__(self) -> str:
        return "ReverseGeocoder [closed]" if self.closed else f"ReverseGeocoder({len(self)} places)"


#: What an address lookup found (GK_ADDRESS_*), by its C value.
ADDRESS_KINDS = {0: "place", 1: "address", 2: "street", 3: "town"}


class AddressMatch(NamedTuple):
    """An address lookup's answer: kind ("place", "address", "street" or "town"), the text
    ("Café de Paris, Place du Casino", "12 Rue Grimaldi"), its distance in metres."""
    kind: str
    text: str
    distance_m: float


class AddressIndex(_Handle):
    """Places, house numbers and named streets from OpenStreetMap, for naming positions by
    address (gk_address_index; Swift: AddressIndex). ``AddressIndex.build(osm_path)`` reads
    a .osm.pbf, .osm or .osm.gz file; ``AddressIndex.load(path)`` a file saved by ``save``.
    ``lookup(lat, lon)`` names a position; ``StopDetector.set_naming(places=...)`` names a
    diary's placemarks with it.

    Immutable once built: many threads may query it at once.
    """

    _what = "AddressIndex"

    def __init__(self, _handle: int) -> None:
        self._adopt(_handle, lib.gk_address_index_destroy)

    @classmethod
    def build(cls, osm_path: _Path) -> "AddressIndex":
        """Builds the index from an OpenStreetMap file (PBF, XML or gzip'd XML)."""
        return cls._made_by(lib.gk_address_index_build, osm_path, "osm_path")

    @classmethod
    def load(cls, path: _Path) -> "AddressIndex":
        """Loads an index saved by ``save`` (checksummed; a damaged file raises CorruptFileError)."""
        return cls._made_by(lib.gk_address_index_load, path, "path")

    @classmethod
    def _made_by(cls, constructor: Callable[..., int], path: _Path, name: str) -> "AddressIndex":
        out = c_void_p()
        ctx = context()
        check(constructor(ctx, encode(path, name), byref(out)), ctx)
        return cls(_owned(out))

    def save(self, path: _Path) -> None:
        """Saves atomically (temporary file, fsync, rename)."""
        ctx = context()
        with self._using() as ptr:
            check(lib.gk_address_index_save(ctx, ptr, encode(path, "path")), ctx)

    def count(self, kind: str) -> int:
        """How many entries of a kind ("place", "address" or "street") the index holds."""
        codes = {v: k for k, v in ADDRESS_KINDS.items()}
        if kind not in codes or kind == "town":
            raise ValueError("kind must be 'place', 'address' or 'street'")
        with self._using() as ptr:
            return int(lib.gk_address_index_count(ptr, codes[kind]))

    def lookup(self, lat: float, lon: float, *, towns: Optional[ReverseGeocoder] = None, place_m: float = 30,
               address_m: float = 50, street_m: float = 100) -> Optional[AddressMatch]:
        """The name of (lat, lon): the nearest named place within place_m metres, else the
        nearest house number within address_m, else the nearest named street within
        street_m, else the nearest town of ``towns`` when given; None when nothing is found."""
        kind, m = c_int(-1), c_double()
        ctx = context()
        with contextlib.ExitStack() as stack:
            ptr = stack.enter_context(self._using())
            g = stack.enter_context(towns._using()) if towns is not None else None

            def call(c: int, buf: Optional[object], capacity: int, length: object) -> int:
                return lib.gk_address_index_lookup(c, ptr, g, float(lat), float(lon), float(place_m),
                                                   float(address_m), float(street_m), byref(kind), buf, capacity,
                                                   length, byref(m))
            try:
                text = _text(call, ctx)
            except NotFoundError:
                return None
        return AddressMatch(ADDRESS_KINDS.get(kind.value, "?"), text, m.value)

    def __repr__(self) -> str:
        if self.closed:
            return "AddressIndex [closed]"
        return (f"AddressIndex({self.count('place')} places, {self.count('address')} addresses, "
                f"{self.count('street')} streets)")
