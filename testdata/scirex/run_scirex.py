"""Scores gold.json / pred.json (directory argv[2]) with SciREX's relation
scorer, scirex/evaluation_scripts/scirex_relation_evaluate.py of
allenai/SciREX, whose checkout is argv[1]. The documents are converted to
SciREX's four files (gold with ner/coref/n_ary_relations, predicted ner,
salient clusters and relations) in a temporary directory; clusters are named
by content per document and side, token sets become spans [s, e). Extra
arguments name documents: only those are scored. pandas prints means with
12 decimals."""
import argparse
import json
import sys
import tempfile

sys.path.insert(0, sys.argv[1])
import pandas as pd  # noqa: E402
from scirex.evaluation_scripts.scirex_relation_evaluate import main  # noqa: E402

pd.set_option("display.precision", 12)
here = sys.argv[2]
ids = sys.argv[3:]


def span(tokens):
    s, e = min(tokens), max(tokens) + 1
    assert sorted(tokens) == list(range(s, e)), tokens
    return [s, e]


def convert(doc, prefix):
    names, clusters, ner, relations = {}, {}, {}, []
    for rel in doc["relations"]:
        r = {}
        for arg in rel["args"]:
            spans = sorted(span(m) for m in arg["entity"]["mentions"])
            key = json.dumps(spans)
            if key not in names:
                names[key] = f"{prefix}{len(names)}"
                clusters[names[key]] = spans
            for s in spans:
                ner[tuple(s)] = arg["role"]
            r[arg["role"]] = names[key]
        relations.append(r)
    return clusters, [[s, e, t] for (s, e), t in sorted(ner.items())], relations


gold = {d["id"]: d for d in json.load(open(here + "/gold.json"))}
pred = {d["id"]: d for d in json.load(open(here + "/pred.json"))}
ids = ids or list(gold)
out = tempfile.mkdtemp()
files = {k: open(f"{out}/{k}.jsonl", "w") for k in ("gold", "ner", "clusters", "relations")}
for i in ids:
    clusters, ner, rels = convert(gold[i], "g")
    files["gold"].write(json.dumps({
        "doc_id": i, "words": ["w"] * 100, "ner": ner, "coref": clusters,
        "n_ary_relations": rels, "method_subrelations": {},
    }) + "\n")
    clusters, ner, rels = convert(pred[i], "p")
    order = ["Material", "Metric", "Task", "Method"]  # SciREX's used_entities
    files["ner"].write(json.dumps({"doc_id": i, "ner": ner}) + "\n")
    files["clusters"].write(json.dumps({"doc_id": i, "clusters": clusters}) + "\n")
    files["relations"].write(json.dumps({
        "doc_id": i, "predicted_relations": [[[r[t] for t in order], 1.0, 1] for r in rels],
    }) + "\n")
for f in files.values():
    f.close()
print("documents:", " ".join(ids))
main(argparse.Namespace(
    gold_file=f"{out}/gold.jsonl", ner_file=f"{out}/ner.jsonl",
    clusters_file=f"{out}/clusters.jsonl", relations_file=f"{out}/relations.jsonl",
))
