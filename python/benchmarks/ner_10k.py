"""10,000 CoNLL-2003-sized NER documents (internal/cmd/nergen) passed to
Spec.score as Python lists of dicts, beside `metricc run ner` on the same
documents as JSON Lines: CPU time (user + system) and peak memory.

    go run ./internal/cmd/nergen -docs 10000 -out /tmp/ner10k
    .venv/bin/python python/benchmarks/ner_10k.py /tmp/ner10k [ROUNDS [BASELINE]]

The column files are turned into the JSON documents ner.metric reads
(tags, entities as conlleval chunks them, loose), written as JSON Lines for
the command line; the Python side reads them into lists of dicts first
(not counted), then scores them (counted), each in a fresh process. Each
round runs the command line, then spec.score with the documents handed
over as the package hands them (marshal), then written with the json
module (the package's route for values marshal does not carry), then,
given the python of another installation of the package as BASELINE (an
older version, say), with that one, as it is and with orjson turned off:
interleaved, so that the machine's load falls on all alike. Every route's
result must equal the command line's.
"""

import json
import statistics
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


# The Python side, in a fresh process: ROUTE is how documents are written.
CHILD = """
import json, resource, sys, metricc
from metricc import _inputs
route = sys.argv[3]
if route == "json":
    _inputs._MARSHAL = False
if route.endswith("json") and hasattr(_inputs, "_orjson"):
    _inputs._orjson = None
gold = [json.loads(l) for l in open(sys.argv[1])]
pred = [json.loads(l) for l in open(sys.argv[2])]
spec = metricc.load("ner")
before = resource.getrusage(resource.RUSAGE_SELF)
res = spec.score(gold, pred)
r = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"cpu": (r.ru_utime - before.ru_utime) + (r.ru_stime - before.ru_stime), "maxrss": r.ru_maxrss,
                  "maxrss_before": before.ru_maxrss, "result": res.to_dict()}))
"""


def main():
    d = Path(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    gold_jsonl, pred_jsonl = d / "gold.jsonl", d / "pred.jsonl"
    if not gold_jsonl.exists():
        for name, out in (("gold.txt", gold_jsonl), ("pred.txt", pred_jsonl)):
            with open(out, "w") as f:
                for doc in docs(d / name):
                    f.write(json.dumps(doc) + "\n")
    routes = {"marshal": sys.executable, "json": sys.executable}
    if len(sys.argv) > 3:
        routes["baseline"] = routes["baseline-json"] = sys.argv[3]
    cli = str(Path(sys.executable).parent / "metricc")
    cpu = {r: [] for r in ["cli", *routes]}
    mem = {r: [] for r in ["cli", *routes]}
    for _ in range(rounds):
        stats = d / "time.txt"
        done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", str(stats), cli, "run", "ner", str(gold_jsonl), str(pred_jsonl), "--format", "json"],
                              capture_output=True, check=True)
        want = json.loads(done.stdout)
        user, system, maxrss = stats.read_text().split()
        cpu["cli"].append(float(user) + float(system))
        mem["cli"].append(int(maxrss) / 1024)
        for route in routes:
            out = json.loads(subprocess.run([routes[route], "-c", CHILD, str(gold_jsonl), str(pred_jsonl), route],
                                            capture_output=True, check=True, text=True).stdout)
            assert out["result"] == want, route
            cpu[route].append(out["cpu"])
            # What scoring adds to the process (the documents as Python
            # objects were there before).
            mem[route].append((out["maxrss"] - out["maxrss_before"]) / 1024)
        print("round: " + ", ".join(f"{r} {cpu[r][-1] * 1e3:.0f} ms {mem[r][-1]:.0f} MB" for r in cpu), flush=True)
    base_cpu, base_mem = statistics.median(cpu["cli"]), statistics.median(mem["cli"])
    print(f"\nmedians of {rounds} rounds (CPU; peak memory: the command line's peak RSS, the growth of the Python process while scoring)")
    print(f"  metricc run ner (JSON Lines):        CPU {base_cpu * 1e3:4.0f} ms          peak {base_mem:4.0f} MB")
    for r in routes:
        c, m = statistics.median(cpu[r]), statistics.median(mem[r])
        print(f"  spec.score, documents by {r + ':':14} CPU {c * 1e3:4.0f} ms ({c / base_cpu:.2f}x)  peak {m:4.0f} MB ({m / base_mem:.2f}x)")


if __name__ == "__main__":
    main()
