#!/usr/bin/python3
"""Writes the SemEval-2010 Task 8 answer files of this directory as the JSON
documents semeval2010.metric reads, and runs the official scorer on them.

An answer file has one "<SENT_ID>\t<RELATION>" line per sentence; a file
becomes one document whose labels are its lines:
    {"labels": [{"sentence": 1, "label": "Component-Whole(e2,e1)",
                 "relation": "Component-Whole"}, ...]}
"relation" is the label without its direction, as the scorer's (9+1)-way
evaluations read it (Other has none).

The inputs are answer_key1.txt and proposed_answer1.txt of the official
distribution (SemEval2010_task8_scorer-v1.2), and the sentences 1 to 2000
of its answer_key2.txt (the training key) and proposed_answer2.txt. Run,
with SCORER_DIR the scorer's directory and perl on the path:
    /usr/bin/python3 convert.py SCORER_DIR
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read(path, limit=None):
    rows = []
    with open(path, newline="") as f:
        for line in f:
            sid, label = line.rstrip("\r\n").split("\t")
            if limit is None or int(sid) <= limit:
                rows.append((int(sid), label))
    return rows


def write_txt(rows, path):
    with open(path, "w", newline="") as f:
        for sid, label in rows:
            f.write("%d\t%s\r\n" % (sid, label))


def write_json(rows, path):
    labels = [{"sentence": sid, "label": label, "relation": re.sub(r"\(e[12],e[12]\)$", "", label)}
              for sid, label in rows]
    with open(path, "w") as f:
        json.dump({"labels": labels}, f, separators=(", ", ": "))
        f.write("\n")


def main():
    scorer_dir = sys.argv[1]
    scorer = os.path.join(scorer_dir, "semeval2010_task8_scorer-v1.2.pl")
    for n, limit in (("1", None), ("2", 2000)):
        key = read(os.path.join(scorer_dir, "answer_key%s.txt" % n), limit)
        prop = read(os.path.join(scorer_dir, "proposed_answer%s.txt" % n), limit)
        write_json(key, os.path.join(HERE, "answer_key%s.json" % n))
        write_json(prop, os.path.join(HERE, "proposed_answer%s.json" % n))
        tmp_key, tmp_prop = "/tmp/semeval_key%s.txt" % n, "/tmp/semeval_prop%s.txt" % n
        write_txt(key, tmp_key)
        write_txt(prop, tmp_prop)
        out = subprocess.run(["perl", scorer, tmp_prop, tmp_key], check=True, capture_output=True, text=True).stdout
        with open(os.path.join(HERE, "scores%s.txt" % n), "w") as f:
            f.write(out)
        print(n, len(key), "key lines,", len(prop), "proposed:", out.strip().splitlines()[-1])


if __name__ == "__main__":
    main()
