#!/usr/bin/python3
"""Writes the CoNLL-2003 test files of testdata/ner and reference.json, the
numbers conlleval and seqeval print on them, which specs/ner_test.go
compares with metricc's.

The gold files are documents 2 to 13 of the CoNLL-2003 English test set
(eng.testb, IOB1 as distributed) in four schemes: IOB1 (as is), IOB2, IOE2
and IOBES, converted here. Each prediction is the gold, per entity
dropped, retyped, shifted, split or joined, plus spurious entities, written
in a scheme and then given tag noise (random tags, some of them breaking
the scheme: I- after O, B- without E-, ...). Predictions have two columns,
word and tag, as systems write them.

conlleval is the original script (version 2004-01-26), run unmodified
with perl on the gold and prediction files pasted side by side (word POS
chunk gold pred, single spaces). Its per-type gold counts come from a run
of the gold against itself. conlleval predates IOBES, so IOBES files are
scored by seqeval only (see the README's departures).

seqeval is a checkout of chakki-works/seqeval (cd01b52) with Debian's
numpy and scikit-learn: classification_report in its default mode and in
strict mode (mode='strict', the scheme detected by its auto_detect on the
gold; where auto_detect refuses the gold's prefixes, as for IOB1 files
without B-, scheme=IOB2), and accuracy_score. Sentences are the blank-line
separated runs; a -DOCSTART- line is a sentence of its own, an O token, as
conlleval counts it.

The departure cases (departures/*) are small files built to show where
metricc differs from the scorers on purpose; their numbers are recorded the
same way.

Run (paths to a full eng.testb, the conlleval script and the seqeval
checkout):
    /usr/bin/python3 record_conll.py ENG_TESTB CONLLEVAL_PL SEQEVAL_DIR
"""
import json
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = ["PER", "ORG", "LOC", "MISC"]


# ---------------------------------------------------------------- reading

def read_docs(path):
    """Documents of a CoNLL-2003 file: lists of sentences, a sentence a list
    of (columns) lists; the -DOCSTART- line is kept as the first sentence."""
    docs, doc, sent = [], [], []
    for line in open(path, encoding="utf-8"):
        cols = line.split()
        if not cols:
            if sent:
                doc.append(sent)
                sent = []
            continue
        if cols[0] == "-DOCSTART-":
            if sent:
                doc.append(sent)
                sent = []
            if doc:
                docs.append(doc)
            doc = [[cols]]
            continue
        sent.append(cols)
    if sent:
        doc.append(sent)
    if doc:
        docs.append(doc)
    return docs


# ------------------------------------------------- entities and schemes

def iob1_chunks(tags):
    """Chunks of an IOB1 (or IOB2) sentence: (start, end, type), end inclusive."""
    out, start, typ = [], None, None
    for i, t in enumerate(tags + ["O"]):
        p, ty = (t[0], t[2:]) if t != "O" else ("O", None)
        if start is not None and (p in ("O", "B") or ty != typ):
            out.append((start, i - 1, typ))
            start = None
        if p != "O" and start is None:
            start, typ = i, ty
    return out


def render(n, chunks, scheme):
    """Tags of a sentence of n tokens holding the chunks, in a scheme."""
    tags = ["O"] * n
    ends = {e for _, e, _ in chunks}
    for s, e, ty in chunks:
        for i in range(s, e + 1):
            if scheme == "IOB1":
                p = "B" if i == s and (s - 1) in ends and tags[s - 1] != "O" and tags[s - 1][2:] == ty else "I"
            elif scheme == "IOB2":
                p = "B" if i == s else "I"
            elif scheme == "IOE2":
                p = "E" if i == e else "I"
            elif scheme == "IOBES":
                p = "S" if s == e else ("B" if i == s else ("E" if i == e else "I"))
            tags[i] = p + "-" + ty
    return tags


LETTERS = {"IOB1": "BI", "IOB2": "BI", "IOE2": "IE", "IOBES": "BIES"}


def perturb(rng, n, chunks, heavy):
    """The chunks of a sentence, perturbed per entity."""
    out = []
    taken = set()
    for s, e, ty in chunks:
        r = rng.random()
        if r < 0.07:
            continue  # missed
        if r < 0.14:
            ty = rng.choice([t for t in TYPES if t != ty])
        elif r < 0.20 and e > s:
            if rng.random() < 0.5:
                s += 1
            else:
                e -= 1
        elif r < 0.25:
            if rng.random() < 0.5 and e + 1 < n:
                e += 1
            elif s > 0:
                s -= 1
        elif r < 0.28 and e > s:
            m = rng.randint(s, e - 1)
            out.append((s, m, ty))
            s = m + 1
        out.append((s, e, ty))
    # spurious entities
    for i in range(n):
        if rng.random() < (0.02 if heavy else 0.01):
            out.append((i, min(n - 1, i + rng.randint(0, 2)), rng.choice(TYPES)))
    # keep non-overlapping, in order; adjacent chunks stay apart
    out.sort()
    kept = []
    for s, e, ty in out:
        if any(i in taken for i in range(s, e + 1)):
            continue
        taken.update(range(s, e + 1))
        kept.append((s, e, ty))
    return kept


def noise(rng, tags, scheme, p):
    """Random tags in place of some, in the scheme's letters."""
    out = list(tags)
    for i in range(len(out)):
        if rng.random() < p:
            out[i] = "O" if rng.random() < 0.3 else rng.choice(LETTERS[scheme]) + "-" + rng.choice(TYPES)
    return out


# ---------------------------------------------------------------- writing

def write_gold(path, docs, scheme):
    with open(path, "w", encoding="utf-8") as f:
        for doc in docs:
            for k, sent in enumerate(doc):
                if k == 0:
                    f.write(" ".join(sent[0]) + "\n\n")
                    continue
                tags = render(len(sent), iob1_chunks([c[-1] for c in sent]), scheme)
                for cols, t in zip(sent, tags):
                    f.write(" ".join(cols[:-1] + [t]) + "\n")
                f.write("\n")


def write_pred(path, docs, scheme, seed, heavy):
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as f:
        for doc in docs:
            for k, sent in enumerate(doc):
                if k == 0:
                    f.write("-DOCSTART- O\n\n")
                    continue
                chunks = perturb(rng, len(sent), iob1_chunks([c[-1] for c in sent]), heavy)
                tags = noise(rng, render(len(sent), chunks, scheme), scheme, 0.04 if heavy else 0.015)
                for cols, t in zip(sent, tags):
                    f.write(cols[0] + " " + t + "\n")
                f.write("\n")


# ----------------------------------------------------------- the scorers

def tag_lines(path):
    """(first column, tag) of every line; None for blank lines."""
    out = []
    for line in open(path, encoding="utf-8"):
        cols = line.split()
        out.append((cols[0], cols[-1]) if cols else None)
    return out


def conlleval(script, gold, pred):
    g, p = tag_lines(gold), tag_lines(pred)
    assert len(g) == len(p), (gold, pred)
    lines = []
    for a, b in zip(g, p):
        assert (a is None) == (b is None)
        lines.append("" if a is None else "%s %s %s" % (a[0], a[1], b[1]))
    out = subprocess.run(["perl", script], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
    m = re.search(r"processed (\d+) tokens with (\d+) phrases; found: (\d+) phrases; correct: (\d+)\.", out)
    res = {"tokens": int(m.group(1)), "phrases": int(m.group(2)), "found": int(m.group(3)), "correct": int(m.group(4))}
    m = re.search(r"accuracy:\s*([\d.]+)%; precision:\s*([\d.]+)%; recall:\s*([\d.]+)%; FB1:\s*([\d.]+)", out)
    res.update(accuracy=m.group(1), precision=m.group(2), recall=m.group(3), f1=m.group(4))
    res["by"] = {}
    for m in re.finditer(r"^\s*(\S+): precision:\s*([\d.]+)%; recall:\s*([\d.]+)%; FB1:\s*([\d.]+)\s+(\d+)$", out, re.M):
        res["by"][m.group(1)] = {"precision": m.group(2), "recall": m.group(3), "f1": m.group(4), "found": int(m.group(5))}
    res["output"] = out
    return res


def sentences(path):
    sents, cur = [], []
    for t in tag_lines(path):
        if t is None:
            if cur:
                sents.append(cur)
                cur = []
            continue
        if t[0] == "-DOCSTART-":
            if cur:
                sents.append(cur)
            sents.append(["O"])
            cur = []
            continue
        cur.append(t[1])
    if cur:
        sents.append(cur)
    return sents


def seqeval_numbers(gold, pred):
    from seqeval.metrics import classification_report, accuracy_score
    from seqeval.scheme import auto_detect, IOB2
    y_true, y_pred = sentences(gold), sentences(pred)
    assert [len(s) for s in y_true] == [len(s) for s in y_pred]

    def rows(report):
        out = {"by": {}}
        for k, v in report.items():
            row = {"precision": float(v["precision"]), "recall": float(v["recall"]),
                   "f1": float(v["f1-score"]), "support": int(v["support"])}
            if k == "micro avg":
                out["micro"] = row
            elif not k.endswith(" avg"):
                out["by"][k] = row
        return out

    res = {"default": rows(classification_report(y_true, y_pred, output_dict=True, zero_division=0))}
    try:
        scheme, how = auto_detect(y_true), "auto_detect"
    except ValueError:
        scheme, how = IOB2, "IOB2 (auto_detect refuses the gold's prefixes)"
    try:
        strict = rows(classification_report(y_true, y_pred, output_dict=True, mode="strict", scheme=scheme, zero_division=0))
        strict["scheme"] = scheme.__name__ + " by " + how
        res["strict"] = strict
    except ValueError as e:
        res["strict"] = {"error": str(e), "scheme": scheme.__name__ + " by " + how}
    res["accuracy"] = float(accuracy_score(y_true, y_pred))
    return res


def main():
    testb, script, seqeval_dir = sys.argv[1:4]
    sys.path.insert(0, seqeval_dir)
    docs = read_docs(testb)
    # The first document of some copies lacks its -DOCSTART- line; the
    # slice starts at the second.
    docs = [d for d in docs if d[0][0][0] == "-DOCSTART-"][1:13]
    os.makedirs(os.path.join(HERE, "conll2003"), exist_ok=True)
    cases = []
    for scheme in ["IOB1", "IOB2", "IOE2", "IOBES"]:
        gold = "conll2003/gold.%s.txt" % scheme.lower()
        write_gold(os.path.join(HERE, gold), docs, scheme)
        for k, heavy in [(1, False), (2, True)]:
            pred = "conll2003/pred.%s.%d.txt" % (scheme.lower(), k)
            write_pred(os.path.join(HERE, pred), docs, scheme, seed=100 * k + sum(map(ord, scheme)), heavy=heavy)
            cases.append((gold, pred, scheme))
    # IOB1 predictions against IOB2 gold: the same chunks for conlleval,
    # fewer for seqeval's strict mode.
    cases.append(("conll2003/gold.iob2.txt", "conll2003/pred.iob1.1.txt", "IOB2 gold, IOB1 prediction"))
    # The gold against itself.
    cases.append(("conll2003/gold.iob2.txt", "conll2003/gold.iob2.txt", "IOB2, gold as prediction"))

    out = {"about": __doc__, "cases": []}
    gold_counts = {}
    for gold, pred, scheme in cases:
        g, p = os.path.join(HERE, gold), os.path.join(HERE, pred)
        c = {"gold": gold, "pred": pred, "scheme": scheme}
        if "IOBES" not in scheme:
            if gold not in gold_counts:
                gold_counts[gold] = {t: r["found"] for t, r in conlleval(script, g, g)["by"].items()}
            c["conlleval"] = conlleval(script, g, p)
            c["conlleval"]["gold_by_type"] = gold_counts[gold]
        c["seqeval"] = seqeval_numbers(g, p)
        out["cases"].append(c)

    # Departures: small files that show where metricc differs on purpose.
    dep = []
    for gold, pred, what in [
        ("departures/iobes-gold.txt", "departures/iobes-pred.txt",
         "IOBES read by conlleval: S-PER S-PER is one chunk there, two in metricc (and seqeval)"),
        ("departures/scheme-gold.txt", "departures/scheme-pred.txt",
         "seqeval's strict mode reads the prediction in the gold's scheme (IOBES); metricc reads each file in its own (the prediction, without E- or S-, in IOB2)"),
    ]:
        g, p = os.path.join(HERE, gold), os.path.join(HERE, pred)
        cl = conlleval(script, g, p)
        cl["gold_by_type"] = {t: r["found"] for t, r in conlleval(script, g, g)["by"].items()}
        dep.append({"gold": gold, "pred": pred, "what": what, "conlleval": cl, "seqeval": seqeval_numbers(g, p)})
    out["departures"] = dep
    with open(os.path.join(HERE, "reference.json"), "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
