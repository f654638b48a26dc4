"""Per-call cost of Spec.score on the coreference example (2 documents),
from paths and from Python documents, beside the subprocess route
(`metricc run --format json`, parsed). Run from the repository's root with
the package installed; compare with `go test -bench ScoreExample
./internal/bridge` (the same scoring in Go alone), run right after.

    .venv/bin/python python/benchmarks/overhead.py
"""

import json
import subprocess
import sys
import timeit
from pathlib import Path

import metricc

GOLD, PRED = "testdata/coref/example-gold.json", "testdata/coref/example-pred.jsonl"
spec = metricc.load("coref")
golds = json.load(open(GOLD))
preds = [json.loads(line) for line in open(PRED)]
cli = str(Path(sys.executable).parent / "metricc")


def best(stmt, number):
    return min(timeit.repeat(stmt, number=number, repeat=7)) / number * 1e3


spec.score(GOLD, PRED)
print(f"spec.score(paths)        {best(lambda: spec.score(GOLD, PRED), 2000):.3f} ms")
print(f"spec.score(documents)    {best(lambda: spec.score(golds, preds), 2000):.3f} ms")
print(f"subprocess metricc run   {best(lambda: json.loads(subprocess.run([cli, 'run', 'coref', GOLD, PRED, '--format', 'json'], capture_output=True).stdout), 20):.3f} ms")
