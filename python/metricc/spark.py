"""Scoring a corpus held in Spark, with the numbers of one run.

    import metricc.spark
    res = metricc.spark.score(df, "ner")                 # rows: gold, pred
    res = metricc.spark.score_join(gold_df, pred_df, "coref", id_col="id")

Each partition is scored in its Python worker by the in-process core into
an accumulator, whose state (numbers only) is combined with Spark's own
treeReduce; the driver computes the Result from the combined state. Sums
are added exactly, so the result is that of ``metricc run`` on the same
documents, whatever the partitions and the order of the rows. The ids of
the scored documents come back as a DataFrame that Spark groups, so that a
document in two rows is an error, not a document counted twice.

docs/spark.md in the repository is the guide. Needs PySpark and pyarrow
(``pip install 'metricc[spark]'``).
"""

from __future__ import annotations

import datetime
import io
import json
import pickle
import warnings
from collections.abc import Mapping
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

try:
    import pyarrow as pa
    from pyspark import RDD, TaskContext
    from pyspark.sql import Column, DataFrame, SparkSession
    from pyspark.sql import functions as F
    from pyspark.sql import types as T
except ImportError as _e:  # pragma: no cover - tested in a process without PySpark
    raise ImportError(
        f"metricc.spark needs PySpark and pyarrow ({_e}): pip install 'metricc[spark]' "
        "(or pip install pyspark pyarrow)"
    ) from _e

from ._errors import DataError, DataProblem, InternalError, MetriccError, MetriccWarning, NotFoundError, SpecError
from ._inputs import dump
from ._result import Result
from ._spec import Accumulator, Spec, load

__all__ = ["score", "score_join", "SparkResult", "PER_DOC_SCHEMA"]

#: The columns of ``Result.per_doc`` for a Spark run: those of
#: ``Result.to_pandas(per_doc=True)``, one row per document and metric (and
#: per breakdown key).
PER_DOC_SCHEMA = T.StructType(
    [T.StructField("document", T.StringType()), T.StructField("metric", T.StringType()), T.StructField("key", T.StringType())]
    + [T.StructField(f, T.DoubleType()) for f in
       ("precision", "recall", "f1", "value", "pred_gold", "pred_pred", "gold_gold", "pred_gold_recall")]
)

# What the scoring of a partition emits: an "id" row per scored document
# (when documents pair by id), then one "outcome" row holding the
# partition's state, warnings and errors (pickled).
_SCORED_SCHEMA = T.StructType([
    T.StructField("kind", T.StringType(), False),
    T.StructField("part", T.IntegerType(), False),
    T.StructField("id", T.StringType()),
    T.StructField("data", T.BinaryType()),
])
_ARROW_SCORED = pa.schema([("kind", pa.string(), False), ("part", pa.int32(), False), ("id", pa.string()), ("data", pa.binary())])

# A batch of rows given to the core at once (Arrow batches come as Spark
# cuts them: spark.sql.execution.arrow.maxRecordsPerBatch rows).
_RDD_BATCH_ROWS = 10_000
# Warnings carried per partition, and problems per error.
_MAX_WARNINGS = 20
_MAX_PROBLEMS = 100


def score(
    df: Union[DataFrame, RDD],
    spec: Union[Spec, str],
    gold_col: str = "gold",
    pred_col: str = "pred",
    *,
    id_col: Optional[str] = None,
    metrics: Union[str, Sequence[str], None] = None,
    macro: bool = False,
    per_doc: bool = False,
    params: Optional[Mapping[str, float]] = None,
    input_format: str = "auto",
    allow_missing: bool = False,
    bootstrap: int = 0,
    seed: Optional[int] = None,
    level: Optional[float] = None,
    workers: Optional[int] = None,
    search_nodes: Optional[int] = None,
    search_time: Union[float, datetime.timedelta, None] = None,
    search_work: Optional[int] = None,
    search_pairs: Optional[int] = None,
    stats_out: Any = None,
    shard: Optional[str] = None,
) -> "SparkResult":
    """Scores the document pairs of a DataFrame, one pair per row, as
    ``metricc run SPEC GOLD PRED`` scores the gold column and the pred
    column written as two files of JSON Lines, and returns the same Result.

    A cell holds one document: a JSON string (or bytes), a struct (or a map
    or an array) that Spark writes as JSON (to_json), or null when that side
    is missing (an error unless allow_missing, as an unpaired document is).
    With another input_format, a string cell holds one document in that
    format (a PENMAN graph, ...). df may also be an RDD whose elements are
    (gold, pred) pairs, or Rows or dicts with gold_col and pred_col, each
    side a JSON string, a dict or None.

    spec is a Spec, or a shipped name or path to load. The options are
    those of Spec.score; with per_doc, ``Result.per_doc`` is a DataFrame
    (PER_DOC_SCHEMA) computed lazily by scoring the rows again when used,
    never gathered on the driver. workers defaults to spark.task.cpus, the
    cores Spark gives a task. stats_out and shard, which split a run across
    processes, have no meaning here: Spark splits it.

    id_col names a column that identifies each row, for the per_doc rows of
    documents that pair by position (default: their position in their
    batch, which does not identify them).

    Errors: a document that cannot be read or scored, an unpaired document
    or a document in more than one row raise DataError naming the document
    (its id, or its partition and row); a result is never computed from
    partitions that failed."""
    if not isinstance(spec, Spec):
        spec = load(spec)
    run = _Run(spec, _options(locals()), gold_col, pred_col)
    if isinstance(df, RDD):
        return run.score_rdd(df, id_col)
    if not isinstance(df, DataFrame):
        raise TypeError(f"metricc.spark.score takes a Spark DataFrame or RDD, not {type(df).__name__}")
    for c in (gold_col, pred_col) + ((id_col,) if id_col else ()):
        if c not in df.columns:
            raise ValueError(f"metricc.spark: the DataFrame has no column {c!r} (its columns: {', '.join(df.columns)})")
    cols = [_as_text(df, gold_col, run.json_cells).alias("gold"), _as_text(df, pred_col, run.json_cells).alias("pred")]
    if id_col:
        cols.append(F.col(id_col).cast("string").alias("row_id"))
    return run.score_frame(df.select(*cols))


def score_join(
    gold: DataFrame,
    pred: DataFrame,
    spec: Union[Spec, str],
    *,
    id_col: str = "id",
    doc_col: Optional[str] = None,
    **options: Any,
) -> "SparkResult":
    """Scores predicted documents against gold documents held in two
    DataFrames, one document per row, joined by id_col: as ``metricc run``
    scores the two as files. A document is doc_col (a JSON string or a
    struct), or by default the whole row (its columns, id_col among them, as
    one JSON object). A document without a partner in the other DataFrame
    is an error unless allow_missing; an id in two rows of one side is an
    error. The options are those of score."""
    if not isinstance(gold, DataFrame) or not isinstance(pred, DataFrame):
        raise TypeError("metricc.spark.score_join takes two Spark DataFrames, gold and pred")
    sides = []
    for name, df in (("gold", gold), ("pred", pred)):
        for c in (id_col,) + ((doc_col,) if doc_col else ()):
            if c not in df.columns:
                raise ValueError(f"metricc.spark: the {name} DataFrame has no column {c!r} (its columns: {', '.join(df.columns)})")
        doc = F.col(doc_col) if doc_col else F.struct(*[F.col(c) for c in df.columns])
        sides.append(df.select(F.col(id_col).alias("_metricc_id"), doc.alias(name)))
    joined = sides[0].join(sides[1], on="_metricc_id", how="full_outer")
    return score(joined, spec, "gold", "pred", id_col="_metricc_id", **options)


class SparkResult(Result):
    """The Result of a Spark run: what ``metricc run --format json`` prints
    (``to_dict()``), less the per-document rows, which ``per_doc`` holds as
    a Spark DataFrame (PER_DOC_SCHEMA) when the run was asked for them."""

    def __init__(self, d: dict, per_doc: Optional[DataFrame]):
        super().__init__(d)
        self._frame = per_doc

    @property
    def per_doc(self) -> Optional[DataFrame]:  # type: ignore[override]
        """Each document's results, one row per document and metric (and
        breakdown key), as a lazy DataFrame: every action on it scores the
        rows again (cache it to score them once). None unless per_doc=True."""
        return self._frame

    def to_pandas(self, per_doc: bool = False):
        """As Result.to_pandas; per_doc=True collects the per-document rows
        (ordered by document) to the driver."""
        if per_doc:
            if self._frame is None:
                raise ValueError("metricc: to_pandas(per_doc=True) needs a run with per_doc=True")
            return self._frame.orderBy("document", "metric", F.col("key").asc_nulls_first()).toPandas()
        return super().to_pandas()


def _options(args: dict) -> dict:
    """The keyword options of score, checked on the driver before any job."""
    if args["stats_out"] is not None:
        raise ValueError("metricc.spark: stats_out writes a run's per-document sums for `metricc merge`; "
                         "Spark merges the partitions itself (see docs/spark.md for merge on a batch scheduler)")
    if args["shard"] is not None:
        raise ValueError("metricc.spark: shard splits a run across processes; Spark splits it by partitions")
    names = ("metrics", "macro", "params", "input_format", "allow_missing", "bootstrap", "seed", "level", "workers",
             "search_nodes", "search_time", "search_work", "search_pairs")
    opts = {k: args[k] for k in names}
    opts["per_doc"] = args["per_doc"]
    return opts


def _as_text(df: DataFrame, col: str, json_only: bool) -> Column:
    """A column of documents as text: strings as they are, binary decoded as
    UTF-8, structs, maps and arrays written as JSON."""
    dtype = df.schema[col].dataType
    if isinstance(dtype, T.StringType):
        return F.col(col)
    if isinstance(dtype, T.BinaryType):
        return F.col(col).cast("string")
    if isinstance(dtype, (T.StructType, T.MapType, T.ArrayType)):
        if not json_only:
            raise ValueError(f"metricc.spark: column {col!r} holds {dtype.simpleString()}; "
                             "with an input_format other than JSON, cells must be strings")
        return F.to_json(F.col(col))
    raise TypeError(f"metricc.spark: column {col!r} holds {dtype.simpleString()}: a document is a JSON string, "
                    "binary JSON, or a struct, map or array")


class _Run:
    """One scoring job: the spec, the options, and what the driver does."""

    def __init__(self, spec: Spec, opts: dict, gold_col: str, pred_col: str):
        self.spec = spec
        self.per_doc = bool(opts.pop("per_doc"))
        self.input_format = opts.get("input_format") or "auto"
        self.json_cells = self.input_format in ("auto", "json", "jsonl")
        if opts.get("workers") is None:
            opts["workers"] = _task_cpus()
        # An accumulator made here checks the options (an unknown metric, a
        # bad level) before any job runs.
        spec.accumulator(**opts)
        self.opts = opts
        self.cols = (gold_col, pred_col)
        self.recipe = spec._recipe

    # --- the jobs

    def score_frame(self, cells: DataFrame) -> Result:
        job = _PartitionJob(self.recipe, self.opts, self.cols)
        scored = cells.mapInArrow(job.arrow, _SCORED_SCHEMA)
        per_doc = None
        if self.per_doc:
            per_doc = cells.mapInArrow(_PerDocJob(self.recipe, self.opts, self.cols).arrow, PER_DOC_SCHEMA)
        return self._finish(scored, per_doc)

    def score_rdd(self, rdd: RDD, id_col: Optional[str]) -> Result:
        spark = SparkSession.builder.getOrCreate()
        cols = self.cols
        job = _PartitionJob(self.recipe, self.opts, cols)
        scored = spark.createDataFrame(rdd.mapPartitionsWithIndex(lambda i, it: job.rows(i, _rdd_batches(it, cols, id_col))), _SCORED_SCHEMA)
        per_doc = None
        if self.per_doc:
            pd_job = _PerDocJob(self.recipe, self.opts, cols)
            per_doc = spark.createDataFrame(rdd.mapPartitionsWithIndex(lambda i, it: pd_job.rows(i, _rdd_batches(it, cols, id_col))), PER_DOC_SCHEMA)
        return self._finish(scored, per_doc)

    def _finish(self, scored: DataFrame, per_doc: Optional[DataFrame]) -> Result:
        # The scored rows are read twice (the states, then the ids): kept
        # by a local checkpoint rather than scored again. (persist() would
        # keep them too, but a cached plan keeps the partitioning it was
        # planned with: the 200 partitions of spark.sql.shuffle.partitions
        # after a join, where adaptive execution makes one of a small
        # input.)
        scored = scored.localCheckpoint(eager=True)
        try:
            outcomes = scored.where(F.col("kind") == "outcome").select("data").rdd
            expected = outcomes.getNumPartitions()
            recipe = self.recipe
            total = outcomes.map(lambda row: _Outcome.of(pickle.loads(row[0]))).treeReduce(lambda a, b: a.merge(b, recipe), depth=2) \
                if expected > 0 else _Outcome.empty()
            total.reissue_warnings()
            # Errors in the documents first; then documents in two rows
            # (which also make the merge of per-document states fail).
            total.raise_errors(data_only=True)
            if total.pairing == "id":
                self._check_ids(scored)
            total.raise_errors()
            if sorted(total.parts) != list(range(expected)):
                missing = sorted(set(range(expected)) - set(total.parts))
                raise InternalError(f"metricc.spark: partitions {missing} of {expected} reported no result")
            if total.state is None or total.state.get("documents", 0) == 0:
                raise DataError(f"<{self.cols[0]}>: nothing was scored: neither column has a document",
                                [DataProblem(f"<{self.cols[0]}>", "", None, "", "nothing was scored: neither column has a document",
                                             f"<{self.cols[0]}>: nothing was scored: neither column has a document")])
            # The driver's bootstrap uses all its cores (the intervals do
            # not depend on them).
            res = Accumulator.from_state(self.spec, total.state).compute()
        finally:
            # Spark drops the checkpoint's blocks once the JVM collects it.
            del scored
        return SparkResult(res._d, per_doc)

    def _check_ids(self, scored: DataFrame) -> None:
        """A document scored in more than one row (a duplicate id, or its
        gold and prediction in different rows) fails the run."""
        dups = (scored.where(F.col("kind") == "id").groupBy("id").count().where(F.col("count") > 1)
                .orderBy("id").limit(_MAX_PROBLEMS).collect())
        if not dups:
            return
        file = f"<{self.cols[0]}, {self.cols[1]}>"
        problems = []
        for row in dups:
            msg = (f"in {row['count']} rows: a document must be in one row (a duplicate id, "
                   "or its gold and its prediction in different rows)")
            problems.append(DataProblem(file, row["id"], None, "", msg, f'{file}: document "{row["id"]}": {msg}'))
        raise DataError("\n".join(p.text for p in problems), problems)


def _task_cpus() -> int:
    try:
        return int(SparkSession.builder.getOrCreate().sparkContext.getConf().get("spark.task.cpus", "1"))
    except (ValueError, TypeError):
        return 1


def _rdd_batches(it: Iterable[Any], cols: Tuple[str, str], id_col: Optional[str]) -> Iterator[Tuple[list, list, Optional[list]]]:
    """An RDD partition's elements as batches of (golds, preds, row ids)."""
    golds: list = []
    preds: list = []
    ids: Optional[list] = [] if id_col else None
    for x in it:
        if isinstance(x, (tuple, list)) and not hasattr(x, "asDict"):
            if len(x) != 2:
                raise TypeError(f"metricc.spark: an RDD element is a (gold, pred) pair, not a sequence of {len(x)}")
            g, p = x
            rid = None
        else:
            d = x.asDict() if hasattr(x, "asDict") else x
            if not isinstance(d, Mapping):
                raise TypeError(f"metricc.spark: an RDD element is a (gold, pred) pair, a Row or a dict, not {type(x).__name__}")
            g, p = d.get(cols[0]), d.get(cols[1])
            rid = d.get(id_col) if id_col else None
        golds.append(g)
        preds.append(p)
        if ids is not None:
            ids.append(None if rid is None else str(rid))
        if len(golds) == _RDD_BATCH_ROWS:
            yield golds, preds, ids
            golds, preds, ids = [], [], ([] if id_col else None)
    if golds:
        yield golds, preds, ids


def _arrow_batches(batches: Iterable["pa.RecordBatch"]) -> Iterator[Tuple[list, list, Optional[list]]]:
    for b in batches:
        if b.num_rows == 0:
            continue
        ids = b.column(2).to_pylist() if b.num_columns > 2 else None
        yield b.column(0).to_pylist(), b.column(1).to_pylist(), ids


# --- in the Python workers

_specs: Dict[str, Spec] = {}


def _spec_of(recipe: dict) -> Spec:
    """The spec of a recipe, compiled once per worker process."""
    key = json.dumps(recipe, sort_keys=True)
    s = _specs.get(key)
    if s is None:
        from ._spec import _from_recipe

        s = _specs[key] = _from_recipe(recipe)
    return s


class _PartitionJob:
    """Scores a partition into one accumulator: what each task runs."""

    def __init__(self, recipe: dict, opts: dict, cols: Tuple[str, str]):
        self.recipe, self.opts, self.cols = recipe, opts, cols

    def arrow(self, batches: Iterator["pa.RecordBatch"]) -> Iterator["pa.RecordBatch"]:
        part = TaskContext.get().partitionId()
        for kind, p, ident, data in self._run(part, _arrow_batches(batches), arrow=True):
            if kind == "ids":
                yield pa.RecordBatch.from_arrays(
                    [pa.array(["id"] * len(ident), pa.string()), pa.array([p] * len(ident), pa.int32()),
                     pa.array(ident, pa.string()), pa.nulls(len(ident), pa.binary())], schema=_ARROW_SCORED)
            else:
                yield pa.RecordBatch.from_arrays(
                    [pa.array([kind], pa.string()), pa.array([p], pa.int32()), pa.array([None], pa.string()),
                     pa.array([data], pa.binary())], schema=_ARROW_SCORED)

    def rows(self, part: int, batches: Iterator[Tuple[list, list, Optional[list]]]) -> Iterator[tuple]:
        for kind, p, ident, data in self._run(part, batches, arrow=False):
            if kind == "ids":
                for i in ident:
                    yield ("id", p, i, None)
            else:
                yield (kind, p, None, bytearray(data))

    def _run(self, part: int, batches: Iterator[Tuple[list, list, Optional[list]]], arrow: bool) -> Iterator[tuple]:
        spec = _spec_of(self.recipe)
        scorer = _Scorer(spec, self.opts, self.cols, part)
        row = 0
        for golds, preds, _ in batches:
            if scorer.failed:
                continue  # the rest of the input is read, not scored
            ids = scorer.add(golds, preds, row)
            row += len(golds)
            if ids:
                yield ("ids", part, ids, None)
        yield ("outcome", part, None, pickle.dumps(scorer.outcome(), protocol=pickle.HIGHEST_PROTOCOL))


class _Scorer:
    """One partition's accumulator, and what it met."""

    def __init__(self, spec: Spec, opts: dict, cols: Tuple[str, str], part: int):
        self.spec, self.cols, self.part = spec, cols, part
        self.input_format = opts.get("input_format") or "auto"
        self.acc = spec.accumulator(**opts)
        self.pairing: Optional[str] = None
        self.warnings: List[str] = []
        self.more_warnings = 0
        self.error: Optional[dict] = None

    @property
    def failed(self) -> bool:
        return self.error is not None

    def add(self, golds: list, preds: list, first_row: int) -> List[str]:
        """Scores a batch of rows (first_row: the partition's rows before
        it); returns the ids of its documents when they pair by id."""
        ids: List[str] = []
        for start, end, has_gold, has_pred in _runs(golds, preds):
            if not (has_gold or has_pred):
                continue  # a row with neither side holds nothing to score
            rows = f"partition {self.part}, row{'s' if end - start > 1 else ''} {first_row + start + 1}" + (
                f"-{first_row + end}" if end - start > 1 else "")
            g = self._blob(golds[start:end] if has_gold else [], self.cols[0], rows)
            p = self._blob(preds[start:end] if has_pred else [], self.cols[1], rows)
            if self.error is not None:
                return ids
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always", MetriccWarning)
                    got = self.acc._update(g, p, ids=True)
                self._warned(caught)
            except MetriccError as e:
                self.error = _error_of(e)
                return ids
            if self.pairing is None:
                self.pairing = self.acc.state()["pairing"]
            if self.pairing == "id" and got:
                ids.extend(got)
        return ids

    def _blob(self, cells: list, col: str, rows: str) -> io.BytesIO:
        """The cells of a run of rows as one input: JSON Lines (or, in
        another format, documents separated by blank lines), named by the
        column, the partition and the rows (line k is the k-th row)."""
        parts: List[bytes] = []
        for k, c in enumerate(cells):
            if isinstance(c, str):
                b = c.encode("utf-8", "surrogatepass")
            elif isinstance(c, (bytes, bytearray, memoryview)):
                b = bytes(c)
            elif isinstance(c, Mapping) and self.input_format in ("auto", "json", "jsonl"):
                try:
                    b = dump([c], col)[1:-1]
                except DataError as e:
                    self.error = _error_of(e, f"<{col}: {rows}>")
                    return io.BytesIO()
            else:
                raise TypeError(f"metricc.spark: a document of column {col!r} is a JSON string, bytes or a dict, not {type(c).__name__}")
            parts.append(b)
        if self.input_format in ("auto", "json", "jsonl"):
            data = b"\n".join(parts)
            if data.count(b"\n") != max(len(parts) - 1, 0) or b"\r" in data:
                data = b"\n".join(_one_line(b) for b in parts)
        else:
            data = b"\n\n".join(parts)
        blob = io.BytesIO(data)
        blob.name = f"<{col}: {rows}>"
        return blob

    def _warned(self, caught: list) -> None:
        for w in caught:
            if not issubclass(w.category, MetriccWarning):
                warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
            elif len(self.warnings) < _MAX_WARNINGS:
                self.warnings.append(str(w.message))
            else:
                self.more_warnings += 1

    def outcome(self) -> dict:
        out: Dict[str, Any] = {"parts": [self.part], "warnings": self.warnings, "more_warnings": self.more_warnings,
                               "pairing": self.pairing, "errors": []}
        if self.error is not None:
            self.error["part"] = self.part
            out["errors"] = [self.error]
            out["state"] = None
        else:
            out["state"] = self.acc.state()
            out["pairing"] = out["state"]["pairing"] or None
        return out


def _one_line(doc: bytes) -> bytes:
    """A JSON document on one line: line breaks are whitespace between
    tokens (JSON strings cannot hold them raw), so a document written over
    several lines is compacted; one that is not JSON is left for the core
    to report, on one line."""
    if b"\n" not in doc and b"\r" not in doc:
        return doc
    try:
        return json.dumps(json.loads(doc), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except ValueError:
        return doc.replace(b"\r", b"\\r").replace(b"\n", b"\\n")


def _runs(golds: list, preds: list) -> Iterator[Tuple[int, int, bool, bool]]:
    """Runs of consecutive rows with the same sides present: scored apart,
    so that a gold alone in one row never pairs with a prediction alone in
    another (which a partition boundary could keep apart)."""
    n = len(golds)
    start = 0
    while start < n:
        hg, hp = golds[start] is not None, preds[start] is not None
        end = start + 1
        while end < n and (golds[end] is not None) == hg and (preds[end] is not None) == hp:
            end += 1
        yield start, end, hg, hp
        start = end


def _error_of(e: MetriccError, file: Optional[str] = None) -> dict:
    kind = "data" if isinstance(e, DataError) else "spec" if isinstance(e, SpecError) else \
        "not_found" if isinstance(e, NotFoundError) else "internal" if isinstance(e, InternalError) else "error"
    problems = []
    for p in getattr(e, "errors", [])[:_MAX_PROBLEMS] if isinstance(e, DataError) else []:
        problems.append([p.file, p.document, p.line, p.path, p.message, p.text])
    return {"type": kind, "message": str(e), "problems": problems}


class _Outcome:
    """Partitions' results combined: their accumulator state, or their
    errors (a run with an error has no state)."""

    __slots__ = ("parts", "state", "pairing", "warnings", "more_warnings", "errors")

    @classmethod
    def of(cls, d: dict) -> "_Outcome":
        o = object.__new__(cls)
        o.parts, o.state, o.pairing = d["parts"], d["state"], d["pairing"]
        o.warnings, o.more_warnings, o.errors = d["warnings"], d["more_warnings"], d["errors"]
        return o

    @classmethod
    def empty(cls) -> "_Outcome":
        return cls.of({"parts": [], "state": None, "pairing": None, "warnings": [], "more_warnings": 0, "errors": []})

    def merge(self, other: "_Outcome", recipe: dict) -> "_Outcome":
        """Both outcomes combined (self is changed): states merged in the
        core, exactly."""
        self.parts = self.parts + other.parts
        self.pairing = self.pairing or other.pairing
        room = _MAX_WARNINGS - len(self.warnings)
        self.warnings = self.warnings + other.warnings[:room]
        self.more_warnings += other.more_warnings + max(0, len(other.warnings) - room)
        self.errors = self.errors + other.errors
        if self.errors:
            self.state = None
            return self
        if self.state is None or other.state is None:
            raise InternalError("metricc.spark: a partition's outcome has neither a state nor an error")
        try:
            spec = _spec_of(recipe)
            a = Accumulator.from_state(spec, self.state)
            a.merge(Accumulator.from_state(spec, other.state))
            self.state = a.state()
        except MetriccError as e:
            self.errors = [dict(_error_of(e), part=-1)]
            self.state = None
        return self

    def reissue_warnings(self) -> None:
        for w in self.warnings:
            warnings.warn(w, MetriccWarning, stacklevel=4)
        if self.more_warnings:
            warnings.warn(f"metricc.spark: {self.more_warnings} more warnings", MetriccWarning, stacklevel=4)

    def raise_errors(self, data_only: bool = False) -> None:
        """Raises the errors of the partitions, in partition order: the
        DataErrors together, else the first other error."""
        if not self.errors:
            return
        errs = sorted(self.errors, key=lambda e: e["part"])
        data = [e for e in errs if e["type"] == "data"]
        if data:
            problems = [DataProblem(*p) for e in data for p in e["problems"]][:_MAX_PROBLEMS]
            raise DataError("\n".join(e["message"] for e in data), problems)
        if data_only:
            return
        e = errs[0]
        if e["type"] == "internal":
            raise InternalError(e["message"])
        raise MetriccError(e["message"])


class _PerDocJob:
    """Each document's results, scored again batch by batch, as rows of
    PER_DOC_SCHEMA."""

    def __init__(self, recipe: dict, opts: dict, cols: Tuple[str, str]):
        self.recipe, self.cols = recipe, cols
        # Per-document rows do not depend on the corpus: no bootstrap, no
        # macro averages.
        self.opts = {k: v for k, v in opts.items() if k not in ("bootstrap", "seed", "level", "macro")}
        self.opts["per_doc"] = True

    def arrow(self, batches: Iterator["pa.RecordBatch"]) -> Iterator["pa.RecordBatch"]:
        part = TaskContext.get().partitionId()
        names = PER_DOC_SCHEMA.fieldNames()
        arrow_schema = pa.schema([(n, pa.string() if i < 3 else pa.float64()) for i, n in enumerate(names)])
        for rows in self._run(part, _arrow_batches(batches)):
            cols = list(zip(*rows)) if rows else [[] for _ in names]
            yield pa.RecordBatch.from_arrays([pa.array(list(c), arrow_schema.field(i).type) for i, c in enumerate(cols)],
                                             schema=arrow_schema)

    def rows(self, part: int, batches: Iterator[Tuple[list, list, Optional[list]]]) -> Iterator[tuple]:
        for rows in self._run(part, batches):
            yield from rows

    def _run(self, part: int, batches: Iterator[Tuple[list, list, Optional[list]]]) -> Iterator[List[tuple]]:
        spec = _spec_of(self.recipe)
        first = 0
        for golds, preds, row_ids in batches:
            out: List[tuple] = []
            for start, end, hg, hp in _runs(golds, preds):
                if not (hg or hp):
                    continue
                scorer = _Scorer(spec, self.opts, self.cols, part)
                g = scorer._blob(golds[start:end] if hg else [], self.cols[0], f"partition {part}, rows {first + start + 1}-{first + end}")
                p = scorer._blob(preds[start:end] if hp else [], self.cols[1], f"partition {part}, rows {first + start + 1}-{first + end}")
                if scorer.error is not None:
                    _Outcome.of({"parts": [part], "state": None, "pairing": None, "warnings": [], "more_warnings": 0,
                                 "errors": [dict(scorer.error, part=part)]}).raise_errors()
                with warnings.catch_warnings():
                    # The run that made this DataFrame reported them.
                    warnings.simplefilter("ignore", MetriccWarning)
                    scorer.acc.update(g, p)
                res = scorer.acc.compute().to_dict()
                keyed = scorer.acc.state()["pairing"] == "id"
                for k, d in enumerate(res["per_doc"]):
                    doc = d["id"]
                    if not keyed and row_ids is not None and start + k < end:
                        doc = row_ids[start + k]
                    out.extend(_per_doc_rows(doc, d["metrics"]))
            first += len(golds)
            yield out


def _per_doc_rows(doc: str, metrics: dict) -> List[tuple]:
    sums = ("pred_gold", "pred_pred", "gold_gold", "pred_gold_recall")
    rows = []
    for name, m in metrics.items():
        s = m.get("sums") or {}
        rows.append((doc, name, None, m.get("precision"), m.get("recall"), m.get("f1"), m.get("value"), *(_f(s.get(f)) for f in sums)))
        for key, r in (m.get("by") or {}).items():
            rs = r.get("sums") or {}
            rows.append((doc, name, key, r.get("precision"), r.get("recall"), r.get("f1"), None, *(_f(rs.get(f)) for f in sums)))
    return [tuple(_f(v) if i >= 3 else v for i, v in enumerate(r)) for r in rows]


def _f(v: Any) -> Optional[float]:
    return None if v is None else float(v)
