"""The examples of docs/spark.md run, in order, in one namespace, from the
repository's root: Spark in local mode, the Dask recipe on Dask's default
scheduler for bags (a pool of processes), and the Ray Data recipe with a
stand-in for ray.data that cuts the rows into batches of one."""

import re
import sys
import types
from pathlib import Path

import metricc
from conftest import REPO

DOC = REPO / "docs" / "spark.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


class Dataset:
    """The part of ray.data.Dataset the recipe uses."""

    def __init__(self, rows):
        self.rows = list(rows)

    def map_batches(self, fn, batch_size=None):
        out = []
        for row in self.rows:  # batches of one row: the most merges
            got = fn({k: [v] for k, v in row.items()})
            n = len(next(iter(got.values())))
            out += [{k: v[i] for k, v in got.items()} for i in range(n)]
        return Dataset(out)

    def take_all(self):
        return list(self.rows)


def test_examples_run(monkeypatch):
    # Dask's processes are started afresh and import metricc from sys.path:
    # the installed package, whatever a test before this one put first
    # (test_marshal puts the source tree, whose core is not built).
    installed = Path(metricc.__file__).resolve().parents[1]
    monkeypatch.setattr(sys, "path", [p for p in sys.path
                                      if not (Path(p or ".") / "metricc" / "__init__.py").exists() or Path(p or ".").resolve() == installed])
    code = blocks()
    assert len(code) == 5
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("PYSPARK_PYTHON", sys.executable)
    ray = types.ModuleType("ray")
    ray.data = types.SimpleNamespace(from_items=Dataset)
    monkeypatch.setitem(sys.modules, "ray", ray)
    ns = {"__name__": "docs_spark"}
    try:
        for block in code:
            exec(compile(block, str(DOC), "exec"), ns)
    finally:
        if "spark" in ns:
            ns["spark"].stop()
    assert ns["total"].documents == 2
    # The Ray recipe's result (its accumulator, merged from one state per
    # row) is that of one run.
    assert ns["res"]["conll"].value == metricc.load("coref").score(ns["golds"], ns["preds"])["conll"].value
