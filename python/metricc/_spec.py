"""Specs and accumulators."""

from __future__ import annotations

import datetime
import os
import threading
import weakref
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from . import _core
from ._inputs import Blobs, encode
from ._result import Comparison, Explanation, Result

#: What gold and pred may be: a path, documents (a dict, or an iterable of
#: dicts), str or bytes of a file's content, or a file object.
Input = Any


def _options(
    metrics: Union[str, Sequence[str], None] = None,
    macro: bool = False,
    per_doc: bool = False,
    params: Optional[Mapping[str, float]] = None,
    allow_missing: bool = False,
    bootstrap: int = 0,
    seed: Optional[int] = None,
    level: Optional[float] = None,
    workers: int = 0,
    search_nodes: Optional[int] = None,
    search_time: Union[float, datetime.timedelta, None] = None,
    search_work: Optional[int] = None,
    search_pairs: Optional[int] = None,
) -> dict:
    """The core's OPTS for the keyword options of score and friends."""
    o: Dict[str, Any] = {}
    if metrics is not None:
        o["metrics"] = [metrics] if isinstance(metrics, str) else list(metrics)
    if macro:
        o["macro"] = True
    if per_doc:
        o["per_doc"] = True
    if params:
        o["params"] = {str(k): float(v) for k, v in params.items()}
    if allow_missing:
        o["allow_missing"] = True
    if bootstrap:
        o["bootstrap"] = _int(bootstrap, "bootstrap")
    if seed is not None:
        o["seed"] = _int(seed, "seed")
    if level is not None:
        o["level"] = float(level)
    if workers:
        o["workers"] = _int(workers, "workers")
    if search_nodes is not None:
        o["search_nodes"] = _int(search_nodes, "search_nodes")
    if search_time is not None:
        o["search_time"] = search_time.total_seconds() if isinstance(search_time, datetime.timedelta) else float(search_time)
    if search_work is not None:
        o["search_work"] = _int(search_work, "search_work")
    if search_pairs is not None:
        o["search_pairs"] = _int(search_pairs, "search_pairs")
    return o


def _int(v: Any, name: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        try:
            import operator

            return operator.index(v)
        except TypeError:
            raise TypeError(f"metricc: {name} must be an int, not {type(v).__name__}") from None
    return v


class Spec:
    """A compiled spec: ``metricc.load(name_or_path)`` or
    ``metricc.compile(source)``. A Spec is read-only; it may score from
    several threads at once, and it pickles (by how it was made)."""

    def __init__(self, recipe: dict, info: dict):
        self._recipe = recipe
        self._info = info
        self._handle = _core.Handle("spec", self._make)
        self._handle.set(info["spec"])

    def _make(self) -> int:
        return _core.call(self._recipe)["spec"]

    @property
    def name(self) -> str:
        """The spec's file name (NAME.metric for a shipped spec)."""
        return self._info["name"]

    @property
    def metrics(self) -> List[str]:
        """The spec's metrics, in declaration order."""
        return list(self._info["metrics"])

    @property
    def params(self) -> Dict[str, float]:
        """The spec's params with the values it was compiled with."""
        return {p["name"]: p["value"] for p in self._info["params"]}

    @property
    def source(self) -> str:
        """The spec's text."""
        return self._info["source"]

    def __repr__(self) -> str:
        return f"<metricc.Spec {self.name}: {', '.join(self.metrics)}>"

    def __reduce__(self):
        return (_from_recipe, (self._recipe,))

    def _call(self, req: dict, blobs: Sequence[bytes] = ()) -> dict:
        req["spec"] = self._handle.get()
        return _core.call(req, blobs)

    def score(
        self,
        gold: Input,
        pred: Input,
        *,
        metrics: Union[str, Sequence[str], None] = None,
        macro: bool = False,
        per_doc: bool = False,
        params: Optional[Mapping[str, float]] = None,
        input_format: str = "auto",
        allow_missing: bool = False,
        bootstrap: int = 0,
        seed: Optional[int] = None,
        level: Optional[float] = None,
        workers: int = 0,
        search_nodes: Optional[int] = None,
        search_time: Union[float, datetime.timedelta, None] = None,
        search_work: Optional[int] = None,
        search_pairs: Optional[int] = None,
        stats_out: Union[str, os.PathLike, None] = None,
        shard: Optional[str] = None,
    ) -> Result:
        """Scores pred against gold, as ``metricc run SPEC GOLD PRED`` with
        the flags of the same names does, and returns what ``--format
        json`` prints, as a Result.

        gold and pred are each a path (str or PathLike), documents (one
        dict, or a list or other iterable of dicts), str or bytes holding a
        file's content (JSON, JSON Lines, or a native format such as
        CoNLL-2012: see input_format), or a file object. A str is a path
        unless it has a newline or starts with "{", "[" or "(".

        metrics reports only these; macro averages per-document values;
        per_doc adds each document's results (Result.per_doc); params
        overrides params of the spec (``--set``); input_format names the
        files' format (default: detected); allow_missing scores an unpaired
        document against an empty one; bootstrap, seed and level add
        percentile intervals; workers scores documents in parallel
        (default: all cores); search_nodes, search_time (seconds),
        search_work and search_pairs limit latent-variable searches as the
        flags do (0: no limit; None: the default); stats_out writes the
        per-document sums for ``metricc merge``; shard ("K/N") scores
        every N-th document from the K-th."""
        blobs = Blobs()
        o = _options(metrics, macro, per_doc, params, allow_missing, bootstrap, seed, level, workers,
                     search_nodes, search_time, search_work, search_pairs)
        if stats_out is not None:
            o["stats_out"] = os.fspath(stats_out)
        if shard is not None:
            o["shard"] = str(shard)
        req = {"op": "score", "gold": encode(gold, "gold", input_format, blobs),
               "pred": encode(pred, "pred", input_format, blobs), "options": o}
        return Result(self._call(req, blobs)["result"])

    def accumulator(
        self,
        *,
        metrics: Union[str, Sequence[str], None] = None,
        macro: bool = False,
        per_doc: bool = False,
        params: Optional[Mapping[str, float]] = None,
        input_format: str = "auto",
        allow_missing: bool = False,
        bootstrap: int = 0,
        seed: Optional[int] = None,
        level: Optional[float] = None,
        workers: int = 0,
        search_nodes: Optional[int] = None,
        search_time: Union[float, datetime.timedelta, None] = None,
        search_work: Optional[int] = None,
        search_pairs: Optional[int] = None,
    ) -> "Accumulator":
        """An empty Accumulator that scores batches with these options (those
        of score) and reports as they say."""
        o = _options(metrics, macro, per_doc, params, allow_missing, bootstrap, seed, level, workers,
                     search_nodes, search_time, search_work, search_pairs)
        return Accumulator._new(self, o, input_format)

    def explain(
        self,
        gold: Input,
        pred: Input,
        doc: Union[str, int],
        *,
        metrics: Union[str, Sequence[str], None] = None,
        params: Optional[Mapping[str, float]] = None,
        input_format: str = "auto",
        allow_missing: bool = False,
    ) -> Explanation:
        """The optimal alignment of one document (its id, or its position
        from 1) under each metric, as ``metricc explain`` prints it."""
        blobs = Blobs()
        o = _options(metrics=metrics, params=params, allow_missing=allow_missing)
        req = {"op": "explain", "gold": encode(gold, "gold", input_format, blobs),
               "pred": encode(pred, "pred", input_format, blobs), "doc": str(doc), "options": o}
        out = self._call(req, blobs)
        return Explanation(out["text"], out["json"], out["html"])

    def compare(
        self,
        gold: Input,
        pred_a: Input,
        pred_b: Input,
        *,
        names: Optional[Sequence[str]] = None,
        metrics: Union[str, Sequence[str], None] = None,
        macro: bool = False,
        params: Optional[Mapping[str, float]] = None,
        input_format: str = "auto",
        allow_missing: bool = False,
        bootstrap: int = 10000,
        seed: Optional[int] = None,
        level: Optional[float] = None,
        workers: int = 0,
    ) -> Comparison:
        """Compares two systems' predictions against the same gold, as
        ``metricc compare`` does: per value, B − A with a paired bootstrap
        interval and p-value and the p-value of a paired approximate
        randomization test, from `bootstrap` resamples. names name the two
        systems (default: their paths, or "A" and "B")."""
        blobs = Blobs()
        o = _options(metrics=metrics, macro=macro, params=params, allow_missing=allow_missing,
                     bootstrap=bootstrap, seed=seed, level=level, workers=workers)
        if names is None:
            names = [_input_name(pred_a, "A"), _input_name(pred_b, "B")]
        req = {"op": "compare", "gold": encode(gold, "gold", input_format, blobs),
               "pred_a": encode(pred_a, "pred_a", input_format, blobs),
               "pred_b": encode(pred_b, "pred_b", input_format, blobs), "names": list(names), "options": o}
        return Comparison(self._call(req, blobs)["comparison"])


def _input_name(x: Any, default: str) -> str:
    if isinstance(x, os.PathLike):
        return os.fspath(x) if isinstance(os.fspath(x), str) else default
    if isinstance(x, str) and "\n" not in x and x.lstrip()[:1] not in ("{", "[", "("):
        return x
    return default


def _from_recipe(recipe: dict) -> Spec:
    return Spec(recipe, _core.call(recipe))


def load(name_or_path: Union[str, os.PathLike], *, params: Optional[Mapping[str, float]] = None) -> Spec:
    """Compiles the spec file at a path, or the shipped spec of that name
    ("coref", "smatch", ...; see specs()): a file on disk wins. params set
    the spec's params (``--set``)."""
    recipe: Dict[str, Any] = {"op": "load", "path": os.fspath(name_or_path)}
    if params:
        recipe["params"] = {str(k): float(v) for k, v in params.items()}
    return _from_recipe(recipe)


def compile(source: str, name: Optional[str] = None, *, params: Optional[Mapping[str, float]] = None) -> Spec:  # noqa: A001
    """Compiles the text of a spec; name is its file name in errors. (A
    spec that reads files, such as an ontology, must be loaded from its
    file.)"""
    recipe: Dict[str, Any] = {"op": "compile", "source": source, "name": name or "<source>"}
    if params:
        recipe["params"] = {str(k): float(v) for k, v in params.items()}
    return _from_recipe(recipe)


# Accumulators alive in this process, whose contents a forked child takes
# over: exported before each fork (in the parent, whose core works).
_live: "weakref.WeakSet[Accumulator]" = weakref.WeakSet()


def _before_fork() -> None:
    for acc in list(_live):
        acc._forked_state = None
        if acc._documents and acc._handle.owned_here():
            try:
                acc._forked_state = acc._export()
            except Exception:  # noqa: BLE001 - the child will say it cannot go on
                acc._forked_state = False


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork)


class Accumulator:
    """Scores a corpus batch by batch (update), or in pieces merged
    afterwards (merge, state, from_state): compute() gives what one run over
    all the documents gives, bit for bit, whatever the batches and the
    merges (sums are added exactly). Documents pair within a batch.

    state() is a plain dict of numbers and lists (and, when the options
    need each document, the documents' ids), picklable and JSON-ready: per
    metric, the corpus sums, each a list of floats whose exact sum is its
    value; with macro, per_doc or bootstrap, each document's sums instead.
    Two states merge by adding counts and joining lists (merge does it).
    An Accumulator pickles by its state."""

    def __init__(self) -> None:  # use Spec.accumulator or from_state
        raise TypeError("metricc: create accumulators with Spec.accumulator() or Accumulator.from_state()")

    @classmethod
    def _new(cls, spec: Spec, options: dict, input_format: str = "auto", state: Optional[dict] = None) -> "Accumulator":
        self = object.__new__(cls)
        self.spec = spec
        self._options = options
        self._input_format = input_format
        self._documents = 0
        # The state it was made from, and what it held at the last fork.
        self._state0 = state
        self._forked_state: Any = None
        self._lock = threading.Lock()
        self._handle = _core.Handle("accumulator", self._make)
        self._handle.get()
        _live.add(self)
        return self

    def _make(self) -> int:
        """The accumulator in this process's core: new, or (in a forked
        child, or from a state) from its state."""
        state = self._forked_state
        if state is False:
            raise _core.InternalError("metricc: this accumulator could not be carried into the forked process")
        if state is None:
            state = self._state0
        if state is not None:
            out = _core.call({"op": "from_state", "spec": self.spec._handle.get(), "state": state,
                              "options": {"workers": self._options.get("workers", 0)}})
            self._documents = out["documents"]
            return out["accumulator"]
        self._documents = 0
        return _core.call({"op": "accumulator", "spec": self.spec._handle.get(), "options": self._options})["accumulator"]

    @property
    def documents(self) -> int:
        """The number of document pairs added so far."""
        return self._documents

    def _call(self, req: dict, blobs: Sequence[bytes] = ()) -> dict:
        with self._lock:
            req["accumulator"] = self._handle.get()
            return _core.call(req, blobs)

    def update(self, gold: Input, pred: Input) -> "Accumulator":
        """Scores a batch: gold and pred hold the same documents' two sides
        (any input score takes). Returns the accumulator."""
        self._update(gold, pred, ids=False)
        return self

    def _update(self, gold: Input, pred: Input, ids: bool) -> Optional[List[str]]:
        """update; with ids, returns the ids of the batch's document pairs
        (their pairing keys, or positions in the batch), in the order of
        one run (metricc.spark finds documents added twice with them)."""
        blobs = Blobs()
        req = {"op": "update", "gold": encode(gold, "gold", self._input_format, blobs),
               "pred": encode(pred, "pred", self._input_format, blobs)}
        if ids:
            req["ids"] = True
        out = self._call(req, blobs)
        self._documents = out["documents"]
        return out.get("ids")

    def compute(self) -> Result:
        """The results of the documents added so far."""
        return Result(self._call({"op": "compute"})["result"])

    def merge(self, other: "Accumulator") -> "Accumulator":
        """Adds other's documents after this one's (other is unchanged);
        both must have the same spec and options. Returns the accumulator."""
        if not isinstance(other, Accumulator):
            raise TypeError(f"metricc: merge takes an Accumulator, not {type(other).__name__}")
        if other is self:
            raise ValueError("metricc: cannot merge an accumulator with itself")
        with other._lock:
            ident = other._handle.get()  # made in this process's core if need be
        self._documents = self._call({"op": "merge", "other": ident})["documents"]
        return self

    def _export(self) -> dict:
        with self._lock:
            return _core.call({"op": "state", "accumulator": self._handle.get()})["state"]

    def state(self) -> dict:
        """The accumulator as a plain dict (see the class)."""
        return self._export()

    @classmethod
    def from_state(cls, spec: Spec, state: Mapping[str, Any], *, workers: int = 0) -> "Accumulator":
        """An accumulator holding what state holds (written by state() with
        the same spec, params and version of metricc), with the options it
        was created with."""
        if not isinstance(spec, Spec):
            raise TypeError(f"metricc: from_state takes a Spec first, not {type(spec).__name__}")
        if not isinstance(state, Mapping):
            raise TypeError(f"metricc: a state is a dict (from Accumulator.state()), not {type(state).__name__}")
        return cls._new(spec, {"workers": workers} if workers else {}, "auto", dict(state))

    def __reduce__(self):
        return (_accumulator_from_state, (self.spec, self.state(), self._input_format))

    def __repr__(self) -> str:
        return f"<metricc.Accumulator of {self.spec.name}: {self._documents} documents>"


def _accumulator_from_state(spec: Spec, state: dict, input_format: str) -> Accumulator:
    acc = Accumulator.from_state(spec, state)
    acc._input_format = input_format
    return acc


def specs() -> Dict[str, str]:
    """The shipped specs: name → what it scores (one sentence)."""
    return {s["name"]: s["summary"] for s in _core.call({"op": "specs"})["specs"]}


def input_formats() -> List[str]:
    """The names input_format takes."""
    return list(_core.call({"op": "input_formats"})["formats"])


def version() -> str:
    """The version of the Go core."""
    return _core.call({"op": "version"})["version"]


def compare(spec: Union[Spec, str], gold: Input, pred_a: Input, pred_b: Input, **options: Any) -> Comparison:
    """``metricc compare SPEC GOLD PRED_A PRED_B``: see Spec.compare. spec
    is a Spec, or a name or path to load."""
    if not isinstance(spec, Spec):
        spec = load(spec, params=options.pop("params", None))
    return spec.compare(gold, pred_a, pred_b, **options)

