#!/usr/bin/env python3
"""Records the counts of the CoNLL 2018 UD scorer on the ud test cases.

usage: python3 testdata/ud/record_conll18.py PATH/TO/conll18_ud_eval.py > testdata/ud/conll18-counts.json

Run from the repository root. The scorer is conll18_ud_eval.py v1.2 of
github.com/ufal/conll2018 (evaluation_script/, commit f2bc4dd); it is loaded
from the given path and not part of this repository. The perturbed
predictions are made by `go run ./internal/cmd/udperturb` (the Go test makes
the same files with the same seeds and rates).
"""
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

METRICS = ["Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags",
           "Lemmas", "UAS", "LAS", "CLAS", "MLAS", "BLEX"]

spec = importlib.util.spec_from_file_location("conll18_ud_eval", sys.argv[1])
scorer = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scorer)

D = "testdata/ud"
cases = [("conll18/gold.conllu", "conll18/" + s) for s in
         ["sys1.conllu", "sys2.conllu", "sys-space.conllu", "gold.conllu"]]
cases += [("conll18/case-gold.conllu", "conll18/case-sys.conllu"),
          ("conll18/func-gold.conllu", "conll18/func-sys.conllu"),
          ("en_ewt-ud-test-head.conllu", "en_ewt-ud-test-head.conllu")]
cases += [("departures/%s-gold.conllu" % n, "departures/%s-pred.conllu" % n)
          for n in ["split", "merged", "greedy", "twins"]]
PERTURB = [(seed, rate) for rate in ("0.05", "0.1", "0.3") for seed in (1, 2, 3)]

out = []
tmp = tempfile.mkdtemp()
for gold, pred in cases:
    out.append({"gold": gold, "pred": pred, "counts": None})
for seed, rate in PERTURB:
    out.append({"gold": "en_ewt-ud-test-head.conllu", "perturb": {"seed": seed, "rate": float(rate)}, "counts": None})

for case in out:
    gold = os.path.join(D, case["gold"])
    if "perturb" in case:
        pred = os.path.join(tmp, "pred.conllu")
        with open(pred, "wb") as f:
            subprocess.run(["go", "run", "./internal/cmd/udperturb", "-seed", str(case["perturb"]["seed"]),
                            "-rate", str(case["perturb"]["rate"]), gold], stdout=f, check=True)
    else:
        pred = os.path.join(D, case["pred"])
    ev = scorer.evaluate(scorer.load_conllu_file(gold), scorer.load_conllu_file(pred))
    case["counts"] = {m: [ev[m].correct, ev[m].gold_total, ev[m].system_total] for m in METRICS}

json.dump({"scorer": "conll18_ud_eval.py v1.2 (ufal/conll2018 f2bc4dd)",
           "counts": "correct, gold total, system total",
           "cases": out}, sys.stdout, indent=1)
print()
