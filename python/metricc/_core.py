"""The Go core, and how this process reaches it.

The core is a C shared library (cmd/libmetricc) that answers requests of
JSON (internal/bridge). It is loaded into this process on first use, and
called through ctypes, which releases the GIL while Go works.

The Go runtime does not survive fork(): a child process forked after the
library was loaded has a copy of the runtime's memory but none of its
threads, and a call into it would hang. A forked child therefore never
calls the library its parent loaded; on its first request it starts a
worker process (the same Go package built as a program) and sends the same
requests on a pipe. Objects that name things in the core (specs,
accumulators) carry the process they were made in, and are made again in
the child's core on first use there.
"""

from __future__ import annotations

import ctypes
import json
import os
import struct
import subprocess
import sys
import threading
import weakref
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from ._errors import InternalError, MetriccWarning, from_response

_LIB_DIR = Path(__file__).resolve().parent / "lib"
_SUFFIX = ".dll" if sys.platform == "win32" else ".dylib" if sys.platform == "darwin" else ".so"
_EXE = ".exe" if sys.platform == "win32" else ""


def _library_path() -> str:
    path = os.environ.get("METRICC_LIBRARY") or str(_LIB_DIR / ("libmetricc" + _SUFFIX))
    if not os.path.exists(path):
        raise ImportError(
            f"metricc: the Go core {path} is missing: install the package with pip "
            "(pip install ./python from a checkout, with Go on PATH), or install a wheel"
        )
    return path


def _worker_path() -> str:
    return os.environ.get("METRICC_WORKER") or str(_LIB_DIR / ("metricc-worker" + _EXE))


class _Library:
    """The shared library, loaded into this process."""

    def __init__(self, path: str):
        lib = ctypes.CDLL(path)
        lib.metricc_call.restype = ctypes.c_void_p
        lib.metricc_call.argtypes = [
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.POINTER(ctypes.c_char_p),
            ctypes.POINTER(ctypes.c_size_t),
            ctypes.c_size_t,
            ctypes.POINTER(ctypes.c_size_t),
        ]
        lib.metricc_free.restype = None
        lib.metricc_free.argtypes = [ctypes.c_void_p]
        self._call = lib.metricc_call
        self._free = lib.metricc_free
        self.pid = os.getpid()

    def call(self, req: bytes, blobs: Sequence[bytes]) -> bytes:
        n = len(blobs)
        ptrs = (ctypes.c_char_p * n)(*blobs) if n else None
        lens = (ctypes.c_size_t * n)(*[len(b) for b in blobs]) if n else None
        size = ctypes.c_size_t()
        # ctypes releases the GIL for the call: other threads run, and
        # other threads' calls run in parallel in Go.
        p = self._call(req, len(req), ptrs, lens, n, ctypes.byref(size))
        try:
            return ctypes.string_at(p, size.value)
        finally:
            self._free(p)


class _Worker:
    """A worker process serving the same requests on a pipe, for a process
    forked after the library was loaded. One request at a time."""

    def __init__(self, path: str):
        if not os.path.exists(path):
            raise InternalError(
                f"metricc: this process was forked after loading the Go core, and the worker program {path} "
                "it needs is missing; reinstall metricc"
            )
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, close_fds=True, bufsize=0
        )
        self.lock = threading.Lock()
        self.pid = os.getpid()

    def call(self, req: bytes, blobs: Sequence[bytes]) -> bytes:
        parts = [req, *blobs]
        frame = [struct.pack("<I", len(parts))]
        for p in parts:
            frame.append(struct.pack("<Q", len(p)))
            frame.append(p)
        with self.lock:
            try:
                self.proc.stdin.write(b"".join(frame))
                self.proc.stdin.flush()
                (count,) = struct.unpack("<I", self._read(4))
                if count != 1:
                    raise EOFError("a response of %d parts" % count)
                (size,) = struct.unpack("<Q", self._read(8))
                return self._read(size)
            except (OSError, EOFError, struct.error) as e:
                code = self.proc.poll()
                raise InternalError(
                    f"metricc: the worker process of this forked process failed ({e}; exit status {code})"
                ) from None

    def _read(self, n: int) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            chunk = self.proc.stdout.read(n - len(buf))
            if not chunk:
                raise EOFError("the worker closed its output")
            buf += chunk
        return bytes(buf)

    def close(self) -> None:
        if self.pid != os.getpid():
            return  # the parent's worker: not ours to stop
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:  # noqa: BLE001 - best effort at exit
            self.proc.kill()


# The state of this process: the library once loaded (and by whom: a
# forked child inherits the object but must not call it), and the worker
# of a forked child.
_library: Optional[_Library] = None
_worker: Optional[_Worker] = None
_lock = threading.Lock()


def _after_fork_in_child() -> None:
    global _lock
    # Another thread may have held the lock at the fork; the child has one
    # thread, so a fresh lock is free.
    _lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def core() -> Any:
    """The core this process calls: the library, or a forked child's
    worker."""
    lib, worker = _library, _worker
    pid = os.getpid()
    if lib is not None and lib.pid == pid:
        return lib
    if worker is not None and worker.pid == pid:
        return worker
    return _start(pid)


def _start(pid: int) -> Any:
    global _library, _worker
    with _lock:
        if _library is not None and _library.pid == pid:
            return _library
        if _worker is not None and _worker.pid == pid:
            return _worker
        if _library is None:
            # Nothing loaded in this process or an ancestor: load it here.
            _library = _Library(_library_path())
            return _library
        # Forked after an ancestor loaded the library.
        _worker = _Worker(_worker_path())
        import atexit

        atexit.register(_worker.close)
        return _worker


def in_worker() -> bool:
    """Whether this process reaches the core through a worker process."""
    return not isinstance(core(), _Library)


def call(req: dict, blobs: Sequence[bytes] = (), warn: bool = True) -> dict:
    """Sends a request to the core; raises its error as an exception and
    issues its warnings as MetriccWarning. Documents that went by marshal
    and that the core leaves to Python go again as JSON."""
    while True:
        data = json.dumps(req, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
        resp = json.loads(core().call(data, blobs))
        err = resp.get("error")
        if err is None or err.get("type") != "marshal":
            break
        to_json = getattr(blobs, "to_json", None)
        if to_json is None:
            raise InternalError(f"metricc: the core could not read a blob: {err.get('message', '')}")
        to_json(err.get("data"), req, err.get("message", ""))
    if err is not None:
        raise from_response(err)
    if warn:
        for w in resp.get("warnings") or ():
            import warnings

            warnings.warn(w, MetriccWarning, stacklevel=4)
    return resp


class Handle:
    """Something that lives in the core (a spec, an accumulator), named by
    an integer handle there: made again, with `make`, in a process that
    did not make it (a forked child), and freed when collected."""

    __slots__ = ("_make", "_kind", "_pid", "_id", "_finalizer", "__weakref__")

    def __init__(self, kind: str, make: Callable[[], int]):
        self._kind = kind
        self._make = make
        self._pid = -1
        self._id = 0
        self._finalizer = None

    def get(self) -> int:
        """The handle in this process's core."""
        if self._pid != os.getpid():
            self._id = self._make()
            self._pid = os.getpid()
            if self._finalizer is not None:
                self._finalizer.detach()
            self._finalizer = weakref.finalize(self, _free, self._kind, self._id, self._pid)
            self._finalizer.atexit = False
        return self._id

    def set(self, ident: int) -> None:
        """Adopts a handle just made in this process's core."""
        if self._finalizer is not None:
            self._finalizer.detach()
        self._id, self._pid = ident, os.getpid()
        self._finalizer = weakref.finalize(self, _free, self._kind, ident, self._pid)
        self._finalizer.atexit = False

    def owned_here(self) -> bool:
        return self._pid == os.getpid()


def _free(kind: str, ident: int, pid: int) -> None:
    if pid != os.getpid() or sys.is_finalizing():
        return
    try:
        call({"op": "free", kind: ident}, warn=False)
    except Exception:  # noqa: BLE001 - freeing at collection must not raise
        pass

