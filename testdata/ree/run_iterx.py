"""Scores gold.json / pred.json (directory argv[2]) with IterX's CEAF-RME
scorers, src/iterx/metrics/muc/ceaf_rme.py of wanmok/iterx, whose src/
directory is argv[1]. Each document is converted to GTT templates
({"incident_type": type, role: [entity, ...]}) and scored as IterXMUCMetric
does: generate_scoring_structures, then the scorer's ceafe() per document,
counts summed over documents. The AllenNLP base class and the `overrides`
decorator are replaced by stand-ins (neither takes part in the counting).
Extra arguments name documents: only those are scored."""
import importlib.util
import json
import sys
import types

src = sys.argv[1]


def stub(name, **attrs):
    m = types.ModuleType(name)
    m.__dict__.update(attrs)
    sys.modules[name] = m
    return m


def overrides(f=None, **_):
    return f if f is not None else (lambda g: g)


class CountSingletonsScorer:  # AllenNLP Scorer subclass in IterX; only a base here
    pass


stub("overrides", overrides=overrides)
stub("iterx")
stub("iterx.metrics")
stub("iterx.metrics.muc")
stub("iterx.metrics.conll_coref_scores_mod", CountSingletonsScorer=CountSingletonsScorer)


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


load_module("iterx.metrics.muc.gtt_eval_utils", src + "/iterx/metrics/muc/gtt_eval_utils.py")
rme = load_module("iterx.metrics.muc.ceaf_rme", src + "/iterx/metrics/muc/ceaf_rme.py")


def load(path):
    docs = {}
    for d in json.load(open(path)):
        templates = []
        for t in d["templates"]:
            gtt = {"incident_type": t["type"]}
            for f in t["fillers"]:
                gtt.setdefault(f["role"], []).append(list(f["entity"]["mentions"]))
            templates.append(gtt)
        docs[d["id"]] = templates
    return rme.generate_scoring_structures(docs)


gold = load(sys.argv[2] + "/gold.json")
pred = load(sys.argv[2] + "/pred.json")
ids = sys.argv[3:] or list(gold)
print("documents:", " ".join(ids))
for kind, scorer in rme.SCORER_CONSTRUCTOR.items():
    pn = pd = rn = rd = 0
    for doc_id in ids:
        a, b, c, d = scorer.ceafe(pred.get(doc_id, []), gold.get(doc_id, []))
        print(f"  {kind.value} {doc_id}: p_num={a} p_den={b} r_num={c} r_den={d}")
        pn, pd, rn, rd = pn + a, pd + b, rn + c, rd + d
    p = pn / pd if pd else 0
    r = rn / rd if rd else 0
    f = 2 * p * r / (p + r) if p + r else 0
    print(f"{kind.value}: p_num={pn} p_den={pd} r_num={rn} r_den={rd} P={p!r} R={r!r} F1={f!r}")
