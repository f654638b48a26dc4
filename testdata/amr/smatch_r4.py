"""Prints (as JSON) what smatch (snowblink14/smatch c01a838) finds with 4
random restarts (its default, -r 4: 5 iterations) on generated AMR pairs,
per AMR pair: matched triples, test (predicted) and gold triple totals, and
its CPU time per file. Recorded: smatch-r4-pathological.json (the fixed set
of internal/cmd/amrgen) and smatch-r4-docs.json (docK: the first document
pair of amrgen -join K on the Little Prince files, amrparseeval-lpp
tgt.test.amr as gold and src.test.amr as prediction).

    go run ./internal/cmd/amrgen -out DIR
    python3 smatch_r4.py /path/to/smatch DIR onecon60 near60 near200 star1000 > smatch-r4-pathological.json

Each NAME is scored as DIR/NAME.pred.amr (smatch's file 1) against
DIR/NAME.gold.amr. smatch seeds its restarts from the OS, so a rerun may
differ."""
import json
import sys
import time

sys.path.insert(0, sys.argv[1])
import smatch  # noqa: E402

smatch.iteration_num = 5
out = []
for name in sys.argv[3:]:
    counts = []
    start = time.process_time()
    with open(f"{sys.argv[2]}/{name}.pred.amr") as f1, open(f"{sys.argv[2]}/{name}.gold.amr") as f2:
        for i, (a1, a2) in enumerate(smatch.generate_amr_lines(f1, f2), start=1):
            counts.append(list(smatch.get_amr_match(a1, a2, sent_num=i)))
            smatch.match_triple_dict.clear()
    out.append({"name": name, "cpu_seconds": round(time.process_time() - start, 2), "matched_test_gold": counts})
json.dump({"about": __doc__.split("\n\n")[0].replace("\n", " "), "pairs": out}, sys.stdout, indent=0)
