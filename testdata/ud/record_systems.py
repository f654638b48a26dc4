#!/usr/bin/env python3
"""Cuts excerpts of real CoNLL 2018 system outputs and records the counts
of the CoNLL 2018 UD scorer on them.

usage: python3 testdata/ud/record_systems.py PATH/TO/conll18_ud_eval.py PATH/TO/official-submissions > testdata/ud/systems-counts.json

Run from the repository root. official-submissions is the directory of
github.com/pkolachi/depparse-conll-data (branch conll2018): the test gold
files in 00-gold-standard/ and each team's outputs. For each treebank of
TREEBANKS, the excerpt is the start of the gold file up to the end of its
document DOCS (with its "# newdoc" lines), and the start of each system's
output covering the same text: the cut is the first place at or after the
end of that document where the gold and every system end a sentence, so
that the files annotate the same text. The systems' files are cut as they
are: UDPipe-Future keeps one "# newdoc" line at its top, HIT-SCIR-18 has
none. The excerpts are written to testdata/ud/systems/; the scorer
(conll18_ud_eval.py v1.2, ufal/conll2018 evaluation_script/, commit
f2bc4dd) is loaded from the given path and not part of this repository.
"""
import importlib.util
import json
import os
import sys
import unicodedata

METRICS = ["Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags",
           "Lemmas", "UAS", "LAS", "CLAS", "MLAS", "BLEX"]
# treebank: the gold documents the excerpt covers
TREEBANKS = {"en_ewt": 4, "cs_pud": 5, "hy_armtdp": 2}
SYSTEMS = {"UDPipe-Future": "udpipe-future", "HIT-SCIR-18": "hit-scir"}
OUT = "testdata/ud/systems"


def sentences(path):
    """The sentences of a CoNLL-U file: (lines with the comments before the
    sentence and its blank line, characters of its tokens, newdoc)."""
    out, lines, chars, newdoc, mw_end = [], [], 0, False, 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            lines.append(line)
            s = line.rstrip("\r\n")
            if s.startswith("#"):
                newdoc = newdoc or s.startswith("# newdoc")
                continue
            if not s:
                out.append((lines, chars, newdoc))
                lines, chars, newdoc, mw_end = [], 0, False, 0
                continue
            cols = s.split("\t")
            if "." in cols[0]:
                continue
            if "-" in cols[0]:
                mw_end = int(cols[0].split("-")[1])
            elif int(cols[0]) <= mw_end:
                continue
            chars += sum(1 for c in cols[1] if unicodedata.category(c) != "Zs")
    return out


def ends(sents):
    """The character offset at the end of each sentence."""
    at, out = 0, []
    for _, chars, _ in sents:
        at += chars
        out.append(at)
    return out


def cut(sents, offset):
    """The lines of the sentences up to the one ending at offset."""
    lines, at = [], 0
    for ls, chars, _ in sents:
        lines += ls
        at += chars
        if at == offset:
            return "".join(lines)
    raise ValueError("no sentence ends at %d" % offset)


def main():
    spec = importlib.util.spec_from_file_location("conll18_ud_eval", sys.argv[1])
    scorer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scorer)
    subs = sys.argv[2]
    os.makedirs(OUT, exist_ok=True)
    cases = []
    for tb, docs in TREEBANKS.items():
        gold = sentences(os.path.join(subs, "00-gold-standard", tb + ".conllu"))
        systems = {s: sentences(os.path.join(subs, s, tb + ".conllu")) for s in SYSTEMS}
        # The end of gold document DOCS: where document DOCS+1 starts.
        starts = [i for i, (_, _, nd) in enumerate(gold) if nd]
        end = ends(gold)[starts[docs] - 1]
        common = set(ends(gold))
        for s in systems.values():
            common &= set(ends(s))
        offset = min(e for e in common if e >= end)
        gold_name = "%s-gold.conllu" % tb
        with open(os.path.join(OUT, gold_name), "w", encoding="utf-8") as f:
            f.write(cut(gold, offset))
        for s, short in SYSTEMS.items():
            name = "%s-%s.conllu" % (tb, short)
            with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
                f.write(cut(systems[s], offset))
            ev = scorer.evaluate(scorer.load_conllu_file(os.path.join(OUT, gold_name)),
                                 scorer.load_conllu_file(os.path.join(OUT, name)))
            cases.append({"gold": gold_name, "pred": name,
                          "counts": {m: [ev[m].correct, ev[m].gold_total, ev[m].system_total] for m in METRICS}})
    json.dump({"scorer": "conll18_ud_eval.py v1.2 (ufal/conll2018 f2bc4dd)",
               "source": "pkolachi/depparse-conll-data, branch conll2018, official-submissions",
               "counts": "correct, gold total, system total",
               "cases": cases}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
