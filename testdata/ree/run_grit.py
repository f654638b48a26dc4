"""Scores gold.json / pred.json (directory argv[2]) with GRIT's CEAF-REE
scorer: eval.py of xinyadu/grit_doc_event_entity, whose directory is
argv[1]. A document's fillers are pooled over its templates into GRIT's
{role: [entity, ...]} form, entity = list of mention strings. Extra
arguments name documents: only those are scored."""
import json
import sys

sys.path.insert(0, sys.argv[1])
from eval import eval_ceaf  # noqa: E402  GRIT's eval.py

ROLES = ["PerpInd", "PerpOrg", "Target", "Victim", "Weapon"]


def load(path):
    docs = {}
    for d in json.load(open(path)):
        roles = {r: [] for r in ROLES}
        for t in d["templates"]:
            for f in t["fillers"]:
                roles[f["role"]].append(list(f["entity"]["mentions"]))
        docs[d["id"]] = roles
    return docs


gold = load(sys.argv[2] + "/gold.json")
pred = load(sys.argv[2] + "/pred.json")
ids = sys.argv[3:] or list(gold)
res = eval_ceaf(pred, gold, docids=list(ids))["strict"]["micro_avg"]
print("documents:", " ".join(ids))
print("CEAF-REE (phi_strict) p_num={p_num} p_den={p_den} r_num={r_num} r_den={r_den}".format(**res))
print("P={!r} R={!r} F1={!r}".format(res["p"], res["r"], res["f1"]))
