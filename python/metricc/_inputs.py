"""Gold and predicted inputs: from what a caller gives to the core's inputs.

Documents given as Python values mean what their JSON means: the JSON
array json.dumps writes for them, read by the core as a JSON file. Values
JSON has no form for are converted as documented in docs/python.md ("Python
values"), or refused with a DataError naming the document and the path of
the value.

The documents travel to the core as marshal.dumps(docs, 4) writes them,
which takes a fifth of json.dumps's time; the core turns them into the
very text json.dumps writes (internal/pymarshal, tested against CPython's
bytes). When they hold a value only Python converts (bytes, which marshal
writes alike for NumPy arrays, memoryviews and every other object with a
buffer; complex numbers; tuples as keys...), the core says so, and they go
again as JSON written here (Blobs.to_json). Values marshal does not write
at all (dict subclasses, NumPy scalars that are not floats, enums...) go
as JSON at once.
"""

from __future__ import annotations

import enum
import json
import marshal
import math
import numbers
import os
import uuid
from collections.abc import Iterable, Mapping
from typing import Any, Dict, List, Optional, Tuple

from ._errors import DataError, DataProblem, InternalError

#: The marshal format version the core reads (internal/pymarshal).
MARSHAL_VERSION = 4
_MARSHAL = marshal.version >= MARSHAL_VERSION


class Blobs(list):
    """The blobs of a request, with the documents of those written by
    marshal, to write them as JSON instead when the core asks."""

    def __init__(self) -> None:
        super().__init__()
        self.documents: Dict[int, Tuple[list, str]] = {}

    def to_json(self, index: Any, req: dict, message: str) -> None:
        """Writes blob index as JSON, and its inputs in req as JSON inputs."""
        if index not in self.documents:
            raise InternalError(f"metricc: the core could not read blob {index!r}: {message}")
        docs, what = self.documents.pop(index)
        self[index] = dump(docs, what)
        for v in req.values():
            if isinstance(v, dict) and v.get("data") == index:
                v.pop("marshal", None)


def encode(x: Any, what: str, input_format: str, blobs: List[bytes]) -> dict:
    """The core's input for x (appending its bytes to blobs; documents go
    by marshal when blobs is a Blobs)."""
    fmt = input_format or "auto"
    if isinstance(x, os.PathLike):
        path = os.fspath(x)
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        return {"path": path, "format": fmt}
    if isinstance(x, str):
        if not _is_text(x):
            return {"path": x, "format": fmt}
        return _blob(_utf8(x, what), f"<{what}>", fmt, blobs)
    if isinstance(x, (bytes, bytearray, memoryview)):
        return _blob(bytes(x), f"<{what}>", fmt, blobs)
    if hasattr(x, "read") and callable(x.read):
        content = x.read()
        name = getattr(x, "name", None)
        name = name if isinstance(name, str) and name else f"<{what}>"
        if isinstance(content, str):
            content = _utf8(content, what)
        if not isinstance(content, (bytes, bytearray)):
            raise TypeError(f"metricc: {what}: the file object's read() returned {type(content).__name__}, not str or bytes")
        return _blob(bytes(content), name, fmt, blobs)
    if isinstance(x, Mapping):
        docs: Any = [x]
    elif isinstance(x, Iterable):
        docs = x
    else:
        raise TypeError(
            f"metricc: {what} must be a path, documents (a dict or an iterable of dicts), "
            f"str or bytes of a file's content, or a file object; got {type(x).__name__}"
        )
    if fmt not in ("auto", "json", "jsonl"):
        raise ValueError(
            f"metricc: {what}: documents given as Python values are JSON; input_format={fmt!r} is for files and text"
        )
    if not isinstance(docs, list):
        docs = list(docs)
    if _MARSHAL and isinstance(blobs, Blobs):
        try:
            data = marshal.dumps(docs, MARSHAL_VERSION)
        except ValueError:  # a value marshal does not write, or nested too deep
            pass
        else:
            inp = _blob(data, f"<{what}>", "json", blobs)
            inp["marshal"] = MARSHAL_VERSION
            blobs.documents[inp["data"]] = (docs, what)
            return inp
    return _blob(dump(docs, what), f"<{what}>", "json", blobs)


def _blob(data: bytes, name: str, fmt: str, blobs: List[bytes]) -> dict:
    blobs.append(data)
    return {"data": len(blobs) - 1, "name": name, "format": fmt}


def _is_text(s: str) -> bool:
    """A str is a file's content, not its path, when it has a newline or
    starts like a document (JSON, a PENMAN graph)."""
    return "\n" in s or s.lstrip()[:1] in ("{", "[", "(")


def _utf8(s: str, what: str) -> bytes:
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError as e:
        line = s.count("\n", 0, e.start) + 1
        msg = f"character {s[e.start]!r} at offset {e.start} cannot be written as UTF-8 (a lone surrogate)"
        raise DataError(f"<{what}>:{line}: {msg}", [DataProblem(f"<{what}>", "", line, "", msg, f"<{what}>:{line}: {msg}")]) from None


def _default(o: Any) -> Any:
    """What json cannot write itself, written as documented."""
    if isinstance(o, (set, frozenset)):
        try:
            return sorted(o)
        except TypeError:
            raise TypeError("a set whose elements cannot be sorted has no order to write; give a list") from None
    if isinstance(o, (bytes, bytearray, memoryview)):
        return bytes(o).decode("utf-8")
    if isinstance(o, numbers.Integral):
        return int(o)
    if isinstance(o, numbers.Real):
        return float(o)
    if hasattr(o, "tolist"):  # NumPy arrays and scalars, PyTorch tensors
        return o.tolist()
    if isinstance(o, enum.Enum):
        return o.value
    if isinstance(o, uuid.UUID):
        return str(o)
    raise TypeError(f"a value of type {type(o).__name__} has no JSON form")


def dump(docs: Any, what: str) -> bytes:
    """Documents as one JSON array, or a DataError naming the document and
    the path of the first value with no JSON form."""
    if not isinstance(docs, list):
        docs = list(docs)
    try:
        text = json.dumps(docs, ensure_ascii=False, allow_nan=False, check_circular=False, separators=(",", ":"), default=_default)
        return text.encode("utf-8")
    except (ValueError, TypeError, UnicodeError, RecursionError) as e:
        raise _locate(docs, what, e) from None


def _doc_name(doc: Any, i: int) -> str:
    if isinstance(doc, Mapping):
        ident = doc.get("id")
        if isinstance(ident, str):
            return ident
    return str(i + 1)


def _locate(docs: list, what: str, err: Exception) -> DataError:
    file = f"<{what}>"
    for i, doc in enumerate(docs):
        try:
            found = _find(doc, [], set())
        except RecursionError:
            found = ([], "the document is nested too deeply (or refers to itself)")
        if found is not None:
            path, msg = found
            name = _doc_name(doc, i)
            desc = f'document "{name}"' if isinstance(doc, Mapping) and isinstance(doc.get("id"), str) else f"document {name}"
            where = ".".join(path)
            text = f"{file}: {desc}: {where}: {msg}" if where else f"{file}: {desc}: {msg}"
            return DataError(text, [DataProblem(file, name, None, where, msg, text)])
    return DataError(f"{file}: {err}", [DataProblem(file, "", None, "", str(err), f"{file}: {err}")])


def _find(v: Any, path: List[str], seen: set) -> Optional[Tuple[List[str], str]]:
    """The path of the first value in v that has no JSON form, and why."""
    if v is None or isinstance(v, (bool, int)):
        return None
    if isinstance(v, float):
        if math.isnan(v) or math.isinf(v):
            return path, f"{v} is not a number JSON can hold (NaN and infinities have no JSON form)"
        return None
    if isinstance(v, str):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError as e:
            return path, f"character {v[e.start]!r} at offset {e.start} of the string cannot be written as UTF-8 (a lone surrogate)"
        return None
    if isinstance(v, (list, tuple, Mapping)):
        if id(v) in seen:
            return path, "the value contains itself"
        seen = seen | {id(v)}
    if isinstance(v, Mapping):
        for k, x in v.items():
            if not isinstance(k, (str, int, float, bool)) and k is not None:
                return path, f"a key of type {type(k).__name__} ({k!r}): JSON keys are strings"
            if isinstance(k, float) and (math.isnan(k) or math.isinf(k)):
                return path, f"the key {k} is not a number JSON can hold"
            key = k if isinstance(k, str) else json.dumps(k)
            found = _find(x, path + [key], seen)
            if found:
                return found
        return None
    if isinstance(v, (list, tuple)):
        for j, x in enumerate(v):
            found = _find(x, path + [str(j)], seen)
            if found:
                return found
        return None
    try:
        conv = _default(v)
    except (TypeError, ValueError) as e:
        if isinstance(e, UnicodeDecodeError):
            return path, f"bytes that are not UTF-8 ({e.reason} at byte {e.start}): decode them, or give str"
        return path, str(e)
    return _find(conv, path, seen)
