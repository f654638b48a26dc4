"""Prints (as JSON) what docSmatch (IBM/docAMR e8937ba, docSmatch/smatch.py
with its default -r 4: 5 hill-climbing iterations) finds on DocAMR document
pairs, per document pair: matched triples, test (predicted) and gold triple
totals, and the same three counts of its --coref-subscore ('Total Coref').
Recorded: docsmatch-r4.json (docK: every document pair of amrgen -join K on
the Little Prince files, amrparseeval-lpp tgt.test.amr as gold and
src.test.amr as prediction, K = 2, 5, 10) and docsmatch-r4-coref.json
(in testdata/amr/docsmatch: ibm, the DocAMR example of IBM/docAMR's
doc_amr_baseline, docamr_docAMR.out, as gold against its four sentence
AMRs, doc_sen.amr, joined by amrgen -join 4 as prediction: coreference
merged in the gold only; ibm-self, the gold against itself; ibm-edit, the
gold against a copy with two edits).

    for k in 2 5 10; do go run ./internal/cmd/amrgen -join $k \
        -gold adapter/penman/testdata/cases/lpp-tgt.test.amr \
        -pred adapter/penman/testdata/cases/lpp-src.test.amr -out DIR/doc$k; done
    python3 docsmatch_record.py /path/to/docAMR DIR doc2 doc5 doc10 > docsmatch-r4.json
    python3 docsmatch_record.py /path/to/docAMR docsmatch ibm ibm-self ibm-edit > docsmatch-r4-coref.json

/path/to/docAMR holds the docSmatch package (its smatch.py imports tqdm,
which may be replaced by a module whose tqdm returns its argument). Each
NAME is scored as DIR/NAME/pred.amr (file 1) against DIR/NAME/gold.amr.
docSmatch seeds its restarts from the OS, so a rerun may differ.

-r N sets the restarts (N + 1 iterations), and NAME:i,j,... scores only the
document pairs i, j, ... (1-based) of NAME: docsmatch-r100.json is

    python3 docsmatch_record.py /path/to/docAMR DIR -r 100 doc2:58,76 doc5:2,23,31 doc10:16 > docsmatch-r100.json

the document pairs where metricc matched more than docSmatch -r 4."""
import json
import sys
import time

sys.path.insert(0, sys.argv[1])
from docSmatch import smatch  # noqa: E402

smatch.iteration_num = 5
args = sys.argv[3:]
if args[:1] == ["-r"]:
    smatch.iteration_num = int(args[1]) + 1
    args = args[2:]
out = []
for arg in args:
    name, _, only = arg.partition(":")
    only = {int(i) for i in only.split(",")} if only else None
    counts, coref = [], []
    start = time.process_time()
    with open(f"{sys.argv[2]}/{name}/pred.amr") as f1, open(f"{sys.argv[2]}/{name}/gold.amr") as f2:
        for i, (a1, a2) in enumerate(smatch.generate_amr_lines(f1, f2), start=1):
            if only is not None and i not in only:
                continue
            nums, sub = smatch.get_amr_match(a1, a2, sent_num=i, coref=True)
            counts.append(list(nums))
            coref.append(list(sub["Total Coref"].get()))
            smatch.match_triple_dict.clear()
    out.append({"name": name, **({"documents": sorted(only)} if only else {}), "cpu_seconds": round(time.process_time() - start, 2),
                "matched_test_gold": counts, "coref_matched_test_gold": coref})
json.dump({"about": __doc__.split("\n\n")[0].replace("\n", " "), "pairs": out}, sys.stdout, indent=0)
