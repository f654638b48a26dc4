"""Prints, as JSON, what smatch (snowblink14/smatch c01a838) finds with 4
random restarts (its default, -r 4: 5 iterations) on each AMR pair of the
given files, with its CPU time: matched triples, test (predicted) and gold
triple totals per pair and summed.

    python3 smatch_r4.py /path/to/smatch PRED GOLD > out.json

smatch seeds its restarts from the OS, so a rerun may differ. The pairs of
the latent-search issue (internal/cmd/amrgen writes them) were recorded in
smatch-r4-pathological.json."""
import json
import sys
import time

sys.path.insert(0, sys.argv[1])
import smatch  # noqa: E402

smatch.iteration_num = 5
pred, gold = sys.argv[2], sys.argv[3]
counts = []
start = time.process_time()
with open(pred) as f1, open(gold) as f2:
    for i, (a1, a2) in enumerate(smatch.generate_amr_lines(f1, f2), start=1):
        counts.append(list(smatch.get_amr_match(a1, a2, sent_num=i)))
        smatch.match_triple_dict.clear()
cpu = time.process_time() - start
total = [sum(c[k] for c in counts) for k in range(3)]
json.dump({"pred": pred.split("/")[-1], "gold": gold.split("/")[-1], "cpu_seconds": round(cpu, 2),
           "matched_test_gold": counts, "total": total}, sys.stdout)
print()
