"""Writes the ANLS* value the anls-star package gives each document pair of
a gold and a prediction file (JSON Lines {"id", "answer"}; in the gold,
{"$or": [...]} is a tuple of alternatives), and their mean, for
internal/specs/anls_test.go.

    go run ./internal/cmd/anlsgen -docs 1000 -seed 1 -out /tmp/anls
    python3 anls_star_record.py /tmp/anls/gold.jsonl /tmp/anls/pred.jsonl > anls-star-gen.json

Needs `pip install anls-star munkres==1.1.4` (the munkres release anls-star's
lock file pins; see the docs for what later releases change)."""
import json
import sys
import warnings
from importlib.metadata import version

from anls_star import anls_score


def gold_hook(pairs):
    if len(pairs) == 1 and pairs[0][0] == "$or":
        return tuple(pairs[0][1])
    return dict(pairs)


def read(path, hook):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line, object_pairs_hook=hook) for line in f if line.strip()]


gold = read(sys.argv[1], gold_hook)
pred = {d["id"]: d["answer"] for d in read(sys.argv[2], dict)}
values = []
with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # the ST-VQA compatibility notice
    for d in gold:
        values.append({"id": d["id"], "anls": anls_score(d["answer"], pred[d["id"]])})
json.dump(
    {
        "about": __doc__.split("\n\n")[0],
        "anls_star": version("anls_star"),
        "munkres": version("munkres"),
        "mean": sum(v["anls"] for v in values) / len(values),
        "documents": values,
    },
    sys.stdout,
    indent=0,
)
print()
