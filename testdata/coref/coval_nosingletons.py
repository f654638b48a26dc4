"""Writes coval-nosingletons.json: the raw counts coval (ns-moosavi/coval
87071a6) computes with remove_singletons for MUC, B3, CEAF-e and LEA on the
official test cases (all but A7-A9, whose pipe-less multi-annotations coval
misreads), for specs/coref_nosingletons_test.go. CEAF-m is left out:
coval divides it by entity counts.

    python3 coval_nosingletons.py /path/to/coval > coval-nosingletons.json
"""
import contextlib
import json
import sys

sys.path.insert(0, sys.argv[1])
from coval.conll import reader  # noqa: E402
from coval.eval import evaluator  # noqa: E402

cases = json.load(open("official-cases.json"))["cases"]
metrics = {"muc": evaluator.muc, "b3": evaluator.b_cubed, "ceafe": evaluator.ceafe, "lea": evaluator.lea}
out = []
for c in cases:
    if c["id"] in ("A7", "A8", "A9"):
        continue
    with contextlib.redirect_stdout(sys.stderr):  # coval reports on stdout
        infos = reader.get_coref_infos("official/" + c["key_file"], "official/" + c["response_file"],
                                       False, False, False)
    counts = {}
    for name, metric in metrics.items():
        ev = evaluator.Evaluator(metric)
        for info in infos.values():
            ev.update(info)
        pn, pd, rn, rd = ev.get_counts()
        counts[name] = {"precision_num": pn, "precision_den": pd, "recall_num": rn, "recall_den": rd}
    out.append({"id": c["id"], "key_file": c["key_file"], "response_file": c["response_file"], "coval": counts})
json.dump({"about": __doc__.split("\n\n")[0], "cases": out}, sys.stdout, indent=1)
