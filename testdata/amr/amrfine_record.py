"""Writes amrfine-r20.json: for each pair of AMR files used by
specs/amrfine_test.go, the per-AMR-pair counts of the fine-grained AMR
metrics of mdtux89/amr-evaluation (8bc6b2e), computed by that checkout's
own code: Unlabeled and No WSD rewrite both files with evaluation.sh's sed
and perl lines and score them with its smatch/smatch.py; Concepts, Named
Ent., Negations, Wikification, Reentrancies and SRL follow scores.py's loop
(its preprocessing, its reader, utils.py's extractors, its
smatch_fromlists). The Smatch-based counts are the best of 21 hill-climbing
iterations (evaluation.sh uses 5), a lower bound metricc must never fall
below; the set counts are exact.

    python3 amrfine_record.py /path/to/amr-evaluation > amrfine-r20.json

Run from this directory; the AMR files are the adapter's test cases.
Nothing of the scorer is copied here: it is imported from the checkout."""
import importlib.util
import json
import os
import subprocess
import sys
from collections import defaultdict

ROOT = os.path.abspath(sys.argv[1])
sys.path.insert(0, ROOT)
import smatch.amr as amr  # noqa: E402  (the package smatch/, as scores.py)
import smatch.smatch_fromlists as fromlists  # noqa: E402
import utils  # noqa: E402

sys.modules["amr"] = amr  # smatch.py's "import amr", as run from smatch/
spec = importlib.util.spec_from_file_location("smatch_script", os.path.join(ROOT, "smatch", "smatch.py"))
script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(script)  # smatch/smatch.py, as evaluation.sh runs it

CASES = "../../adapter/penman/testdata/cases/"
PAIRS = [  # name, predicted (the scorer's first argument), gold
    ("smatch-test", "smatch-test_input1.txt", "smatch-test_input2.txt"),
    ("mtool-233", "mtool-233.system.amr", "mtool-233.gold.amr"),
    ("mtool-first", "mtool-first.system.amr", "mtool-first.gold.amr"),
    ("metric-suite", "metric-suite-a.txt", "metric-suite-b.txt"),
    ("lpp", "lpp-src.test.amr", "lpp-tgt.test.amr"),
    ("fine", "fine-pred.amr", "fine-gold.amr"),
]
ITER = 21
script.iteration_num = ITER
fromlists.iteration_num = ITER
fromlists.run.__globals__["iteration_num"] = ITER

# evaluation.sh's rewrites, run by the same tools.
SED_UNLABELED = ["sed", "s/:[a-zA-Z0-9-]*/:label/g"]
PERL_NOWSD = ["perl", "-ne", r"s/(\/ [a-zA-Z0-9\-][a-zA-Z0-9\-]*)-[0-9][0-9]*/\1-01/g; print;"]
PERL_NOCOMMENT = ["perl", "-ne", r"s/^#.*\n//g; print;"]


def rewrite(cmd, path):
    with open(path, "rb") as f:
        return subprocess.run(cmd, stdin=f, capture_output=True, check=True).stdout.decode()


def smatch_counts(text1, text2):
    """smatch.py on two files' texts: per pair [matched, test, gold]."""
    counts = []
    f1, f2 = text1.splitlines(True), text2.splitlines(True)
    it1, it2 = iter(f1), iter(f2)
    for i, (a1, a2) in enumerate(script.generate_amr_lines(it1, it2), start=1):
        counts.append(list(script.get_amr_match(a1, a2, sent_num=i)))
        script.match_triple_dict.clear()
    return counts


def scores_py(pred_path, gold_path):
    """scores.py's loop, its counts kept per AMR pair."""
    def prep(path):
        text = rewrite(PERL_NOCOMMENT, path).replace("\t", " ")
        while "  " in text:
            text = text.replace("  ", " ")  # tr -s ' '
        return text.strip().split("\n\n")

    def read(s):
        a = amr.AMR.parse_AMR_line(s.replace("\n", ""))
        d = utils.var2concept(a)
        triples = []
        for t in a.get_triples()[1] + a.get_triples()[2]:
            if t[0].endswith('-of'):
                triples.append((t[0][:-3], t[2], t[1]))
            else:
                triples.append((t[0], t[1], t[2]))
        return d, triples

    sets = defaultdict(list)
    smatch_rows = defaultdict(list)
    extract = {
        "concepts": lambda d, t: utils.concepts(d),
        "ne": lambda d, t: utils.namedent(d, t),
        "negations": lambda d, t: utils.negations(d, t),
        "wiki": lambda d, t: utils.wikification(t),
    }
    for sp, sg in zip(prep(pred_path), prep(gold_path)):
        dp, tp = read(sp)
        dg, tg = read(sg)
        for name, f in extract.items():
            lp, lg = utils.disambig(f(dp, tp)), utils.disambig(f(dg, tg))
            sets[name].append([len(set(lp) & set(lg)), len(set(lp)), len(set(lg))])
        for name, f in (("reentrancies", utils.reentrancies), ("srl", utils.srl)):
            a1 = fromlists.parse_relations(*f(dp, tp))
            a2 = fromlists.parse_relations(*f(dg, tg))
            smatch_rows[name].append(list(fromlists.get_amr_match(a1, a2)))
            fromlists.match_triple_dict.clear()
    return sets, smatch_rows


out = []
for name, pred, gold in PAIRS:
    p, g = CASES + pred, CASES + gold
    rows = {}
    rows["unlabeled"] = smatch_counts(rewrite(SED_UNLABELED, p), rewrite(SED_UNLABELED, g))
    rows["nowsd"] = smatch_counts(rewrite(PERL_NOWSD, p), rewrite(PERL_NOWSD, g))
    sets, sm = scores_py(p, g)
    rows.update(sets)
    rows.update(sm)
    out.append({"name": name, "pred": pred, "gold": gold, "matched_pred_gold": rows})
json.dump({"about": __doc__.split("\n\n")[0], "pairs": out}, sys.stdout, indent=0)
