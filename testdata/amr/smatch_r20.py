"""Writes smatch-r20.json: for each pair of AMR files used by
specs/smatch_test.go, the matched-triple count and the triple totals smatch
(snowblink14/smatch c01a838) finds per AMR pair with 20 random restarts
(21 iterations, its best), the reference metricc must never fall below.

    python3 smatch_r20.py /path/to/smatch > smatch-r20.json

Run from this directory; the AMR files are the adapter's test cases."""
import json
import sys

sys.path.insert(0, sys.argv[1])
import smatch  # noqa: E402

CASES = "../../adapter/penman/testdata/cases/"
PAIRS = [  # name, predicted (smatch's file 1), gold (file 2)
    ("smatch-test", "smatch-test_input1.txt", "smatch-test_input2.txt"),
    ("mtool-233", "mtool-233.system.amr", "mtool-233.gold.amr"),
    ("mtool-first", "mtool-first.system.amr", "mtool-first.gold.amr"),
    ("metric-suite", "metric-suite-a.txt", "metric-suite-b.txt"),
    ("lpp", "lpp-src.test.amr", "lpp-tgt.test.amr"),
]

smatch.iteration_num = 21
out = []
for name, pred, gold in PAIRS:
    counts = []
    with open(CASES + pred) as f1, open(CASES + gold) as f2:
        for i, (a1, a2) in enumerate(smatch.generate_amr_lines(f1, f2), start=1):
            counts.append(list(smatch.get_amr_match(a1, a2, sent_num=i)))
            smatch.match_triple_dict.clear()
    out.append({"name": name, "pred": pred, "gold": gold, "matched_test_gold": counts})
json.dump({"about": __doc__.split("\n\n")[0], "pairs": out}, sys.stdout, indent=0)
