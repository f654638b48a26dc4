"""10,000 CoNLL-2003-sized NER documents (internal/cmd/nergen) passed to
Spec.score as Python lists of dicts, beside `metricc run ner` on the same
documents as JSON Lines: CPU time (user + system) and peak memory.

    go run ./internal/cmd/nergen -docs 10000 -out /tmp/ner10k
    .venv/bin/python python/benchmarks/ner_10k.py /tmp/ner10k

The column files are turned into the JSON documents ner.metric reads
(tags, entities as conlleval chunks them, loose), written as JSON Lines for
the command line; the Python side reads them into lists of dicts first
(not counted), then scores them (counted).
"""

import json
import subprocess
import sys
from pathlib import Path


def chunks(tags):
    """conlleval's chunks (an I- after O or another type starts one) and
    those that break IOB2 (start with I-)."""
    ents, loose, cur = [], [], None
    for i, t in enumerate(tags + ["O"]):
        kind, _, label = t.partition("-")
        starts = kind == "B" or (kind == "I" and (cur is None or cur["label"] != label))
        if cur is not None and (kind == "O" or starts):
            ents.append(cur)
            cur = None
        if starts:
            cur = {"start": i, "end": i, "label": label}
            if kind == "I":
                loose.append(cur)
        elif kind == "I":
            cur["end"] = i
    return ents, loose


def docs(path):
    out, tags = [], None
    for line in open(path):
        cols = line.split()
        if cols and cols[0] == "-DOCSTART-":
            if tags is not None:
                out.append(tags)
            tags = []
        elif cols:
            tags.append(cols[-1])
    out.append(tags)
    result = []
    for i, t in enumerate(out):
        ents, loose = chunks(t)
        result.append({"id": str(i + 1), "tags": " ".join(t), "entities": ents, "loose": loose})
    return result


def main():
    d = Path(sys.argv[1])
    gold_jsonl, pred_jsonl = d / "gold.jsonl", d / "pred.jsonl"
    if not gold_jsonl.exists():
        for name, out in (("gold.txt", gold_jsonl), ("pred.txt", pred_jsonl)):
            with open(out, "w") as f:
                for doc in docs(d / name):
                    f.write(json.dumps(doc) + "\n")
    cli = str(Path(sys.executable).parent / "metricc")
    for _ in range(3):
        stats = d / "time.txt"
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", str(stats), cli, "run", "ner", str(gold_jsonl), str(pred_jsonl), "--format", "json"],
                              capture_output=True, check=True)
        want = json.loads(done.stdout)
        user, system, maxrss = stats.read_text().split()
        print(f"metricc run ner (JSON Lines): CPU {(float(user) + float(system)) * 1e3:.0f} ms, peak RSS {int(maxrss) / 1024:.0f} MB")
        # The Python side, in a fresh process each time.
        code = f"""
import json, resource, metricc
gold = [json.loads(l) for l in open({str(gold_jsonl)!r})]
pred = [json.loads(l) for l in open({str(pred_jsonl)!r})]
spec = metricc.load("ner")
rss0 = resource.getrusage(resource.RUSAGE_SELF)
res = spec.score(gold, pred)
r = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({{"cpu": (r.ru_utime - rss0.ru_utime) + (r.ru_stime - rss0.ru_stime), "maxrss": r.ru_maxrss, "maxrss_before": rss0.ru_maxrss, "result": res.to_dict()}}))
"""
        out = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, text=True).stdout)
        assert out["result"] == want
        grown = (out["maxrss"] - out["maxrss_before"]) / 1024
        print(f"spec.score(lists of dicts):   CPU {out['cpu'] * 1e3:.0f} ms, peak RSS {out['maxrss'] / 1024:.0f} MB "
              f"(of which {grown:.0f} MB while scoring; {out['maxrss_before'] / 1024:.0f} MB before, with the documents loaded)")


if __name__ == "__main__":
    main()
