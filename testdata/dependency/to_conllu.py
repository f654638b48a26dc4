"""Writes the documents of gold.json and pred.json named on the command line
as CoNLL-U files (gold.conllu, pred.conllu in the current directory), for
the CoNLL 2018 scorer. Each document is one sentence; word forms are made up
("w1", "w2", ...) and equal on both sides."""
import json
import sys

here = sys.argv[1]
ids = sys.argv[2:]
for side in ("gold", "pred"):
    docs = {d["id"]: d for d in json.load(open(f"{here}/{side}.json"))}
    with open(f"{side}.conllu", "w") as out:
        for i in ids:
            out.write(f"# sent_id = {i}\n")
            for t in sorted(docs[i]["tokens"], key=lambda t: t["id"]):
                n = t["id"]
                out.write(f"{n}\tw{n}\tw{n}\tX\t_\t_\t{t['head']}\t{t['deprel']}\t_\t_\n")
            out.write("\n")
