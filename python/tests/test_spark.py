"""metricc.spark on PySpark in local mode (local[2]): the output of
`metricc run` on the same documents as JSON Lines, for any partitioning and
any order of the rows, on 100,000-document NER and coreference corpora from
the repository's generators; the per-document rows, structs, the join of
two DataFrames and RDDs; and every way a run can fail."""

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

import metricc
import metricc.spark
from conftest import REPO, cli_json

# The large corpora: small documents (a sentence per NER document,
# coreference documents of about 60 tokens), 100,000 of each shape.
LARGE = 100_000
# The corpora for the per-document rows, structs, joins and RDDs.
SMALL = 3_000


@pytest.fixture(scope="module")
def spark(tmp_path_factory):
    os.environ["PYSPARK_PYTHON"] = sys.executable  # the workers run this Python, with metricc installed
    session = (
        SparkSession.builder.master("local[2]")
        .appName("metricc-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "8")
        .config("spark.local.dir", str(tmp_path_factory.mktemp("spark-local")))
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


class Corpus:
    """A generated corpus: JSON Lines files, the rows (gold, pred) as a
    Parquet file, and `metricc run`'s output on the files."""

    def __init__(self, shape: str, docs: int, out: Path):
        out.mkdir(parents=True, exist_ok=True)
        subprocess.run(["go", "run", "./internal/cmd/jsonlcorpus", "-shape", shape, "-small", "-docs", str(docs), "-out", str(out)],
                       cwd=REPO, check=True, capture_output=True)
        self.shape = shape
        self.gold, self.pred = out / "gold.jsonl", out / "pred.jsonl"
        self.gold_lines = self.gold.read_text().splitlines()
        self.pred_lines = self.pred.read_text().splitlines()
        assert len(self.gold_lines) == len(self.pred_lines) == docs
        self.parquet = out / "pairs.parquet"
        pq.write_table(pa.table({"gold": self.gold_lines, "pred": self.pred_lines}), self.parquet)

    def cli(self, *flags) -> dict:
        return cli_json("run", self.shape, self.gold, self.pred, *flags)


@pytest.fixture(scope="module")
def large(tmp_path_factory):
    base = tmp_path_factory.mktemp("large")
    return {shape: Corpus(shape, LARGE, base / shape) for shape in ("ner", "coref")}


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    base = tmp_path_factory.mktemp("small")
    return {shape: Corpus(shape, SMALL, base / shape) for shape in ("ner", "coref")}


def layouts(df):
    """The rows in 1, 7 and 64 partitions, and shuffled."""
    return {
        "1 partition": df.coalesce(1),
        "7 partitions": df.repartition(7),
        "64 partitions": df.repartition(64),
        "shuffled": df.orderBy(F.rand(seed=3)),
    }


@pytest.mark.parametrize("shape", ["ner", "coref"])
def test_large_corpus_equals_cli(spark, large, shape):
    c = large[shape]
    want = c.cli()
    assert want["documents"] == LARGE
    df = spark.read.parquet(str(c.parquet))
    for name, rows in layouts(df).items():
        if name == "1 partition":
            assert rows.rdd.getNumPartitions() == 1
        got = metricc.spark.score(rows, shape)
        assert got.to_dict() == want, name


@pytest.mark.parametrize("shape", ["ner", "coref"])
def test_macro_and_bootstrap_equal_cli(spark, large, small, shape):
    """Per-document sums travel in the states; the intervals resample the
    documents in the CLI's canonical order, whatever the rows' order. (The
    large NER corpus, and the small coreference one: the CLI's time.)"""
    c = large[shape] if shape == "ner" else small[shape]
    want = c.cli("--macro", "--bootstrap", "100", "--seed", "11", "--level", "0.9")
    assert "ci" in want["metrics"][next(iter(want["metrics"]))]
    rows = spark.read.parquet(str(c.parquet)).orderBy(F.rand(seed=5)).repartition(7)
    got = metricc.spark.score(rows, shape, macro=True, bootstrap=100, seed=11, level=0.9)
    assert got.to_dict() == want


def per_doc_rows(frame):
    return sorted((tuple(r) for r in frame.collect()), key=lambda r: (r[0], r[1], r[2] or ""))


def cli_per_doc_rows(d: dict):
    """The CLI's per-document rows in the layout of Result.to_pandas."""
    table = metricc.Result(d).to_pandas(per_doc=True)
    rows = []
    for r in table.itertuples(index=False):
        rows.append(tuple(None if isinstance(v, float) and v != v else v for v in r))
    return sorted(rows, key=lambda r: (r[0], r[1], r[2] or ""))


@pytest.mark.parametrize("shape", ["ner", "coref"])
def test_per_doc_is_a_dataframe(spark, small, shape):
    c = small[shape]
    want = c.cli("--per-doc")
    want_rows = cli_per_doc_rows(want)
    del want["per_doc"]
    df = spark.read.parquet(str(c.parquet)).repartition(5)
    got = metricc.spark.score(df, shape, per_doc=True)
    assert got.to_dict() == want
    assert got.per_doc.schema == metricc.spark.PER_DOC_SCHEMA
    assert per_doc_rows(got.per_doc) == want_rows
    assert len(got.to_pandas(per_doc=True)) == len(want_rows)


def test_struct_columns(spark, small):
    """Documents as structs (as spark.read.json reads them) are written as
    JSON by Spark: the same numbers."""
    c = small["ner"]
    gold = spark.read.json(str(c.gold))
    pred = spark.read.json(str(c.pred))
    rows = gold.select(F.col("id"), F.struct(*gold.columns).alias("gold")).join(
        pred.select(F.col("id"), F.struct(*pred.columns).alias("pred")), "id")
    assert dict(rows.dtypes)["gold"].startswith("struct")
    assert metricc.spark.score(rows.repartition(3), "ner").to_dict() == c.cli()


def test_score_join(spark, small, tmp_path):
    c = small["coref"]
    gold = spark.read.json(str(c.gold)).repartition(4)
    pred = spark.read.json(str(c.pred)).orderBy(F.rand(seed=1))
    assert metricc.spark.score_join(gold, pred, "coref").to_dict() == c.cli()

    # Predictions missing for some documents: an error, or with
    # allow_missing the numbers of the CLI with --allow-missing.
    kept = [line for k, line in enumerate(c.pred_lines) if k % 10 != 3]
    pred_file = tmp_path / "pred.jsonl"
    pred_file.write_text("\n".join(kept) + "\n")
    partial = spark.read.json(str(pred_file))
    with pytest.raises(metricc.DataError) as e:
        metricc.spark.score_join(gold, partial, "coref")
    assert "no prediction for gold document" in str(e.value)
    want = cli_json("run", "coref", c.gold, pred_file, "--allow-missing")
    assert metricc.spark.score_join(gold, partial, "coref", allow_missing=True).to_dict() == want

    # A document column of JSON strings, joined on an id column.
    g = spark.createDataFrame([(json.loads(s)["id"], s) for s in c.gold_lines], "key string, doc string")
    p = spark.createDataFrame([(json.loads(s)["id"], s) for s in c.pred_lines], "key string, doc string")
    assert metricc.spark.score_join(g, p, "coref", id_col="key", doc_col="doc", metrics=["muc", "conll"]).to_dict() == \
        c.cli("--metric", "muc", "--metric", "conll")


def test_penman_cells(spark, tmp_path):
    """With input_format, a cell holds one document in that format: here a
    PENMAN graph of the AMR Bank (Le Petit Prince), with its ::id."""
    text = (REPO / "testdata" / "amr" / "amr-bank-struct-v1.6.txt").read_text()
    gold = [b for b in re.split(r"\n\s*\n", text) if "# ::id" in b]
    pred = [b.replace(":ARG0 ", ":ARG1 ", 1) if k % 4 == 0 else b for k, b in enumerate(gold)]
    assert len(gold) == 1562
    (tmp_path / "gold.amr").write_text("\n\n".join(gold) + "\n")
    (tmp_path / "pred.amr").write_text("\n\n".join(pred) + "\n")
    want = cli_json("run", "smatch", tmp_path / "gold.amr", tmp_path / "pred.amr")
    assert want["metrics"]["smatch"]["f1"] < 1
    rows = spark.createDataFrame(list(zip(gold, pred)), "gold string, pred string").repartition(3)
    with pytest.warns(metricc.MetriccWarning, match="smatch drops :mod"):
        got = metricc.spark.score(rows, "smatch", input_format="penman")
    assert got.to_dict() == want


def test_rdd(spark, small):
    c = small["ner"]
    pairs = [(g, json.loads(p)) for g, p in zip(c.gold_lines, c.pred_lines)]
    rdd = spark.sparkContext.parallelize(pairs, 6)
    assert metricc.spark.score(rdd, "ner").to_dict() == c.cli()
    rows = spark.sparkContext.parallelize([{"g": g, "p": p} for g, p in pairs], 3)
    got = metricc.spark.score(rows, "ner", "g", "p", per_doc=True, metrics="ner")
    want = c.cli("--per-doc", "--metric", "ner")
    assert per_doc_rows(got.per_doc) == cli_per_doc_rows(want)


def test_workers_forked_after_loading_the_core(spark, small, tmp_path):
    """PySpark's daemon forks the Python workers. Here the daemon has loaded
    the core before forking them: each worker reaches the core through the
    package's fork path (a worker program), with the same numbers."""
    mod = tmp_path / "metricc_daemon.py"
    mod.write_text(textwrap.dedent("""
        import metricc
        metricc.version()  # loads the core in the daemon, before any fork
        from pyspark import daemon
        if __name__ == "__main__":
            daemon.manager()
    """))
    code = textwrap.dedent(f"""
        import json, os, sys
        sys.path.insert(0, {str(tmp_path)!r})
        os.environ["PYSPARK_PYTHON"] = sys.executable
        os.environ["PYTHONPATH"] = {str(tmp_path)!r} + os.pathsep + os.environ.get("PYTHONPATH", "")
        from pyspark.sql import SparkSession
        import metricc, metricc.spark
        spark = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
                 .config("spark.ui.showConsoleProgress", "false")
                 .config("spark.python.daemon.module", "metricc_daemon").getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        def where(_):
            from metricc import _core
            metricc.version()
            yield (os.getpid(), _core.in_worker())
        seen = spark.sparkContext.parallelize(range(4), 4).mapPartitions(where).collect()
        df = spark.read.parquet({str(small["coref"].parquet)!r}).repartition(4)
        print(json.dumps({{"seen": seen, "result": metricc.spark.score(df, "coref").to_dict()}}))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["seen"] and all(forked for _, forked in out["seen"]), out["seen"]
    assert out["result"] == small["coref"].cli()


def test_workers_load_the_core_after_the_fork(spark):
    """With PySpark's own daemon, each worker loads the core itself."""
    def where(_):
        from metricc import _core
        metricc.version()
        yield _core.in_worker()

    assert spark.sparkContext.parallelize(range(2), 2).mapPartitions(where).collect() == [False, False]


# --- errors

DOC = '{"id": "%s", "tags": "O B-PER", "entities": [{"start": 1, "end": 1, "label": "PER"}], "loose": []}'


def rows_of(spark, pairs, partitions=1):
    return spark.createDataFrame(pairs, "gold string, pred string").repartition(partitions) if partitions > 1 else \
        spark.createDataFrame(pairs, "gold string, pred string").coalesce(1)


def test_malformed_document(spark):
    pairs = [(DOC % i, DOC % i) for i in range(10)]
    pairs[4] = (DOC % 4, '{"id": "4", "tags": "O O", "entities": [{"start": "x"}], "loose": []}')
    with pytest.raises(metricc.DataError) as e:
        metricc.spark.score(rows_of(spark, pairs), "ner")
    assert (e.value.document, e.value.path) == ("4", "entities.0.start")
    assert "partition 0" in e.value.file

    pairs[4] = (DOC % 4, '{"id": "4", "tags": ')
    with pytest.raises(metricc.DataError) as e:
        metricc.spark.score(rows_of(spark, pairs), "ner")
    assert "malformed JSON" in str(e.value)
    assert e.value.file.startswith("<pred: partition 0, rows 1-10>"), e.value.file
    assert e.value.line == 5


def test_documents_over_several_lines(spark, small):
    """A JSON string cell may be written over several lines (as JSON allows
    between tokens): it is one document, as in a JSON file."""
    c = small["ner"]
    pairs = [(json.dumps(json.loads(g), indent=1), p) for g, p in zip(c.gold_lines[:200], c.pred_lines[:200])]
    assert "\n" in pairs[0][0]
    (Path(c.gold.parent) / "gold200.json").write_text("[" + ",".join(g for g, _ in pairs) + "]")
    (Path(c.gold.parent) / "pred200.jsonl").write_text("".join(p + "\n" for _, p in pairs))
    want = cli_json("run", "ner", c.gold.parent / "gold200.json", c.gold.parent / "pred200.jsonl")
    assert metricc.spark.score(rows_of(spark, pairs, 2), "ner").to_dict() == want
    pairs[3] = ('{"id": "4",\n "tags": "O", bad}', pairs[3][1])
    with pytest.raises(metricc.DataError, match="malformed JSON"):
        metricc.spark.score(rows_of(spark, pairs, 2), "ner")


def test_unpaired_document(spark, tmp_path):
    pairs = [(DOC % i, DOC % i) for i in range(20)]
    pairs[7] = (DOC % 7, None)
    pairs[12] = (None, DOC % 99)
    with pytest.raises(metricc.DataError) as e:
        metricc.spark.score(rows_of(spark, pairs, 3), "ner")
    text = str(e.value)
    assert 'no prediction for gold document "7"' in text and '"99"' in text
    # allow_missing scores them as the CLI does.
    gold = tmp_path / "gold.jsonl"
    pred = tmp_path / "pred.jsonl"
    gold.write_text("".join(g + "\n" for g, _ in pairs if g))
    pred.write_text("".join(p + "\n" for _, p in pairs if p))
    want = cli_json("run", "ner", gold, pred, "--allow-missing")
    for parts in (1, 3):
        assert metricc.spark.score(rows_of(spark, pairs, parts), "ner", allow_missing=True).to_dict() == want


def test_document_in_two_rows(spark):
    pairs = [(DOC % i, DOC % i) for i in range(20)] + [(DOC % 3, DOC % 3)]
    # In one batch the core finds it; across partitions, Spark does.
    for parts in (1, 4):
        for options in ({}, {"bootstrap": 10}):
            with pytest.raises(metricc.DataError) as e:
                metricc.spark.score(rows_of(spark, pairs, parts), "ner", **options)
            assert '"3"' in str(e.value), (parts, options)
    with pytest.raises(metricc.DataError) as e:
        metricc.spark.score(rows_of(spark, pairs, 4), "ner")
    assert e.value.document == "3" and "in 2 rows" in str(e.value)
    # A gold in one row and its prediction in another: the two halves are
    # never paired (partitions could keep them apart).
    split = [(DOC % i, DOC % i) for i in range(5)] + [(DOC % 9, None), (None, DOC % 9)]
    with pytest.raises(metricc.DataError) as e:
        metricc.spark.score(rows_of(spark, split), "ner", allow_missing=True)
    assert e.value.document == "9"


def test_nothing_to_score(spark):
    empty = spark.createDataFrame([], "gold string, pred string")
    with pytest.raises(metricc.DataError, match="nothing was scored"):
        metricc.spark.score(empty, "ner")


def test_bad_options_fail_before_any_job(spark):
    df = rows_of(spark, [(DOC % 1, DOC % 1)])
    with pytest.raises(metricc.MetriccError, match="unknown metric"):
        metricc.spark.score(df, "ner", metrics="nope")
    with pytest.raises(ValueError, match="stats_out"):
        metricc.spark.score(df, "ner", stats_out="x.stats")
    with pytest.raises(ValueError, match="shard"):
        metricc.spark.score(df, "ner", shard="1/2")
    with pytest.raises(ValueError, match="no column 'gold_doc'"):
        metricc.spark.score(df, "ner", gold_col="gold_doc")
    with pytest.raises(TypeError, match="holds int"):
        metricc.spark.score(spark.createDataFrame([(1, 2)], "gold int, pred int"), "ner")


def test_failed_partition_fails_the_job(spark):
    """A task that fails (here: an element no document can be made of)
    fails the run: no result is computed from the other partitions."""
    rdd = spark.sparkContext.parallelize([(DOC % i, DOC % i) for i in range(10)] + [(DOC % 10, 42)], 3)
    with pytest.raises(Exception, match="a document of column 'pred' is a JSON string, bytes or a dict, not int"):
        metricc.spark.score(rdd, "ner")


def test_import_error_without_pyspark():
    code = "import sys; sys.modules['pyspark'] = None\nimport metricc.spark"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode != 0
    assert "metricc.spark needs PySpark and pyarrow" in done.stderr and "pip install 'metricc[spark]'" in done.stderr
