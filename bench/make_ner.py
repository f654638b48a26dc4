#!/usr/bin/python3
"""Writes the NER benchmark files from the CoNLL-2003 English test set.

    /usr/bin/python3 make_ner.py ENG_TESTB RECORD_CONLL_PY OUTDIR

ENG_TESTB is eng.testb (IOB1 as distributed; a copy whose first -DOCSTART-
line sits at the end is repaired). RECORD_CONLL_PY is the repository's
testdata/ner/record_conll.py, whose scheme conversion and perturbation make
the predictions (the same kind as testdata/ner/conll2003, on all 231
documents). Writes, for S in iob1 iob2: gold.S.txt (four columns),
pred.S.txt (word and tag) and paste.S.txt (word gold pred: conlleval's input).
"""
import importlib.util
import os
import sys

testb, record, out = sys.argv[1:4]
spec = importlib.util.spec_from_file_location("record_conll", record)
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)

text = open(testb, encoding="utf-8").read()
if not text.startswith("-DOCSTART-"):
    k = text.rstrip("\n").rfind("\n-DOCSTART-")
    text = "-DOCSTART- -X- -X- O\n\n" + text[:k + 1].rstrip("\n") + "\n"
os.makedirs(out, exist_ok=True)
fixed = os.path.join(out, "eng.testb")
open(fixed, "w", encoding="utf-8").write(text)
docs = rc.read_docs(fixed)
for scheme in ["IOB1", "IOB2"]:
    s = scheme.lower()
    gold, pred = os.path.join(out, "gold.%s.txt" % s), os.path.join(out, "pred.%s.txt" % s)
    rc.write_gold(gold, docs, scheme)
    rc.write_pred(pred, docs, scheme, seed=7 + len(s), heavy=False)
    g, p = rc.tag_lines(gold), rc.tag_lines(pred)
    assert len(g) == len(p)
    with open(os.path.join(out, "paste.%s.txt" % s), "w", encoding="utf-8") as f:
        for a, b in zip(g, p):
            f.write("\n" if a is None else "%s %s %s\n" % (a[0], a[1], b[1]))
print("%d documents" % len(docs))
