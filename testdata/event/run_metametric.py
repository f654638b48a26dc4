"""Scores gold.json / pred.json (in the directory given as argv[1]) with the
four event metrics of metametric (the paper's library, wanmok/metametric),
document by document, and prints per-document and summed (micro) sums
Σ(pred, gold), Σ(pred, pred), Σ(gold, gold) with P, R and F1."""
import json
import sys

from metametric.metrics.event_extraction import (
    argument_classification,
    argument_identification,
    trigger_classification,
    trigger_identification,
)
from metametric.structures.ie import Argument, Event, EventSet, Mention, Trigger

here = sys.argv[1]


def load(name):
    docs = {}
    for d in json.load(open(f"{here}/{name}")):
        events = []
        seen = set()
        for e in d["events"]:
            key = json.dumps(e, sort_keys=True)
            if key in seen:  # the spec reads events as a set
                continue
            seen.add(key)
            t = e["trigger"]
            args = {json.dumps(a, sort_keys=True): a for a in e["args"]}.values()  # a set, too
            events.append(Event(
                trigger=Trigger(mention=Mention(**t["mention"]), type=t["type"]),
                args=[Argument(mention=Mention(**a["mention"]), role=a["role"]) for a in args],
            ))
        docs[d["id"]] = EventSet(events=events)
    return docs


gold, pred = load("gold.json"), load("pred.json")
metrics = {
    "trig_id": trigger_identification,
    "trig_cls": trigger_classification,
    "arg_id": argument_identification,
    "arg_cls": argument_classification,
}
for name, m in metrics.items():
    xy = xx = yy = 0.0
    for doc_id in gold:
        x, y = pred[doc_id], gold[doc_id]
        s = (m.score(x, y), m.score_self(x), m.score_self(y))
        print(f"  {name} {doc_id}: xy={s[0]} xx={s[1]} yy={s[2]}")
        xy, xx, yy = xy + s[0], xx + s[1], yy + s[2]
    p = xy / xx if xx else 0.0
    r = xy / yy if yy else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    print(f"{name}: xy={xy} xx={xx} yy={yy} P={p!r} R={r!r} F1={f!r}")
