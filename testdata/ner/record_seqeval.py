#!/usr/bin/python3
"""Writes seqeval-by.json: random BIO tag sequences (gold and a perturbed
prediction), the entities seqeval extracts from each (get_entities, the
conlleval-compatible default mode) and the per-type and overall numbers of
seqeval's classification_report, which metricc's `by label` breakdown must
reproduce from the same entities (eval/testdata via specs tests).

Run from a checkout of chakki-works/seqeval (cd01b52) with Debian's numpy:
    cd /path/to/seqeval && /usr/bin/python3 /path/to/record_seqeval.py > seqeval-by.json
"""
import json
import random
import sys

sys.path.insert(0, ".")
from seqeval.metrics import classification_report  # noqa: E402
from seqeval.metrics.sequence_labeling import precision_recall_fscore_support  # noqa: E402
from seqeval.metrics.sequence_labeling import get_entities  # noqa: E402

rng = random.Random(7)
TYPES = ["PER", "ORG", "LOC", "MISC"]


def sentence(n):
    tags, i = [], 0
    while i < n:
        if rng.random() < 0.35:
            t = rng.choice(TYPES)
            ln = rng.randint(1, 3)
            for k in range(min(ln, n - i)):
                tags.append(("B-" if k == 0 else "I-") + t)
            i += ln
        else:
            tags.append("O")
            i += 1
    return tags[:n]


def perturb(tags):
    out = list(tags)
    for i in range(len(out)):
        r = rng.random()
        if r < 0.08:
            out[i] = "O"
        elif r < 0.14:
            out[i] = rng.choice(["B-", "I-"]) + rng.choice(TYPES)
    return out


docs = []
for d in range(30):
    gold = [sentence(rng.randint(5, 25)) for _ in range(rng.randint(1, 4))]
    pred = [perturb(s) for s in gold]
    docs.append((gold, pred))

y_true = [s for g, _ in docs for s in g]
y_pred = [s for _, p in docs for s in p]
report = classification_report(y_true, y_pred, output_dict=True)


def entities(sents):
    out, off = [], 0
    for s in sents:
        for label, start, end in get_entities(s):
            out.append({"start": off + start, "end": off + end, "label": label})
        off += len(s) + 1  # sentences never share an entity
    return out


cases = []
for i, (g, p) in enumerate(docs):
    cases.append({"id": str(i), "gold_tags": g, "pred_tags": p,
                  "gold": entities(g), "pred": entities(p)})

by = {}
for t in TYPES:
    if t in report:
        r = report[t]
        by[t] = {"precision": float(r["precision"]), "recall": float(r["recall"]),
                 "f1": float(r["f1-score"]), "support": int(r["support"])}
p, r, f, _ = precision_recall_fscore_support(y_true, y_pred, average="micro")
json.dump({"about": __doc__, "docs": cases, "by": by,
           "micro": {"precision": float(p), "recall": float(r), "f1": float(f)}}, sys.stdout, indent=1)
print()
