#!/usr/bin/python3
"""Writes random.json: random tag sequences, well formed or not, with what
the official scorers make of them, for adapter/bio's chunking tests.

- "chunks": sentences over B-, I-, E-, S- and O with two types, and the
  chunks of seqeval's default mode (get_entities), which metricc's
  "entities" are.
- "strict": sentences over the letters of each scheme of seqeval's strict
  mode (IOB2, IOE2, IOBES) and the entities of seqeval.scheme.Tokens.
- "conlleval": pairs of random documents without S- (conlleval predates
  IOBES) and the counts conlleval (2004-01-26) prints for them: tokens,
  gold chunks, found chunks, correct chunks and correct tags.

Run (paths to the conlleval script and the seqeval checkout, cd01b52):
    /usr/bin/python3 record_random.py CONLLEVAL_PL SEQEVAL_DIR
"""
import json
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def sentence(rng, letters, n):
    return [rng.choice(letters) + "-" + rng.choice("XY") if rng.random() < 0.6 else "O" for _ in range(n)]


def main():
    script, seqeval_dir = sys.argv[1:3]
    sys.path.insert(0, seqeval_dir)
    from seqeval.metrics.sequence_labeling import get_entities
    from seqeval.scheme import Tokens, IOB2, IOE2, IOBES

    rng = random.Random(2003)
    out = {"about": __doc__, "chunks": [], "strict": [], "conlleval": []}
    for _ in range(400):
        s = sentence(rng, "BIES", rng.randint(1, 12))
        out["chunks"].append({"tags": s, "entities": [[t, a, b] for t, a, b in get_entities(s)]})
    for name, scheme, letters in [("IOB2", IOB2, "BI"), ("IOE2", IOE2, "IE"), ("IOBES", IOBES, "BIES")]:
        for _ in range(300):
            s = sentence(rng, letters, rng.randint(1, 12))
            ents = Tokens(s, scheme).entities
            # Tokens' end is exclusive.
            out["strict"].append({"scheme": name, "tags": s, "entities": [[e.tag, e.start, e.end - 1] for e in ents]})
    for _ in range(150):
        gold, pred = [], []
        for _ in range(rng.randint(1, 4)):
            n = rng.randint(1, 10)
            gold.append(sentence(rng, "BIE", n))
            pred.append([t if rng.random() < 0.6 else (rng.choice("BIE") + "-" + rng.choice("XY") if rng.random() < 0.6 else "O") for t in gold[-1]])
        lines = []
        for g, p in zip(gold, pred):
            lines += ["w %s %s" % (a, b) for a, b in zip(g, p)] + [""]
        res = subprocess.run(["perl", script], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout
        m = re.search(r"processed (\d+) tokens with (\d+) phrases; found: (\d+) phrases; correct: (\d+)\.", res)
        acc = re.search(r"accuracy:\s*([\d.]+)%", res)
        out["conlleval"].append({"gold": gold, "pred": pred, "tokens": int(m.group(1)), "phrases": int(m.group(2)),
                                 "found": int(m.group(3)), "correct": int(m.group(4)), "accuracy": acc.group(1)})
    with open(os.path.join(HERE, "random.json"), "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
