#!/usr/bin/python3
"""Records, with the MRP 2019 scorer itself, what the tests of specs/mrp
need beyond the reference outputs in expected-2019/ (copied from the
project's shared cases, which were recorded with the same scorer):

  * mtool-exact.json: for every fixture pair and gold graph, whether
    mtool's search finished (exact) or stopped at its step limit, and its
    per-type counts in that run;
  * data/score/amr/{233,first}.{gold,system}.amr.mrp: the Penman fixtures
    of the scorer's repository converted to MRP by the scorer's own AMR
    reader (--read amr --write mrp), so that the mrp adapter reads them.

Usage (mtool checked out at its tag 2019; numpy >= 1.24 lacks np.int,
which the scorer uses, so it is restored before running its main.py):

  /usr/bin/python3 record_mtool.py MTOOL_DIR [AMR_DIR]

AMR_DIR holds the scorer repository's data/score/amr/*.amr (needed only to
redo the conversion). Nothing of the scorer is copied here; it is run.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# The scorer is run through this shim: np.int is an alias of int that
# numpy 1.24 removed.
SHIM = """
import runpy, sys, numpy as np
if not hasattr(np, "int"):
    np.int = int
d = sys.argv[1]
sys.argv = [d + "/main.py"] + sys.argv[2:]
sys.path.insert(0, d)
runpy.run_path(d + "/main.py", run_name="__main__")
"""

# fixture name: (gold, system), paths relative to data/
FIXTURES = {
    "partial": ("score/amr/partial.gold.mrp", "score/amr/partial.system.mrp"),
    "empty": ("score/dm/empty.gold.mrp", "score/dm/empty.peking.mrp"),
    "test12": ("score/amr/test1.mrp", "score/amr/test2.mrp"),
    "233": ("score/amr/233.gold.amr.mrp", "score/amr/233.system.amr.mrp"),
    "first": ("score/amr/first.gold.amr.mrp", "score/amr/first.system.amr.mrp"),
    "ucca.small": ("score/ucca/small.gold.mrp", "score/ucca/small.tupa.mrp"),
    "ucca.anchors": ("score/ucca/anchors.gold.mrp", "score/ucca/anchors.tupa.mrp"),
    "ucca.test": ("score/ucca/test.gold.mrp", "score/ucca/test.tupa.mrp"),
    "psd.107480": ("score/psd/107480.gold.mrp", "score/psd/107480.foxik.mrp"),
    "eds.wsj": ("sample/eds/wsj.mrp", "score/eds/wsj.pet.mrp"),
    "constructed": ("../constructed/gold.mrp", "../constructed/system.mrp"),
}

MCES_LIMIT = 500000  # the scorer's default step limit


def mtool(mtool_dir, *args):
    return subprocess.run([sys.executable, "-c", SHIM, mtool_dir] + list(args),
                          capture_output=True, text=True, check=True)


def exactness(mtool_dir, gold, system):
    """Runs --score mrp with the default limits and -t -t; the trace on
    stderr names each graph ("graph #ID") and ends its search with
    "[STEPS] edges in correspondence"."""
    run = mtool(mtool_dir, "--read", "mrp", "--score", "mrp", "-t", "-t",
                "--gold", gold, system)
    # With a trace, anchor repairs are printed before the JSON.
    out = json.loads(run.stdout[run.stdout.index("{\"n\""):])
    graphs, current = {}, None
    for line in run.stderr.splitlines():
        m = re.match(r"graph #(.*)$", line)
        if m:
            current = m.group(1)
            continue
        m = re.match(r"\[(\d+)\] edges in correspondence", line)
        if m and current is not None:
            steps = int(m.group(1))
            graphs[current] = {"steps": steps, "exact": steps <= MCES_LIMIT}
    for gid, counts in (out.get("scores") or {}).items():
        graphs.setdefault(str(gid), {})["counts"] = counts
    return {"n": out["n"], "exact": out["exact"],
            "all": {k: out["all"][k] for k in ("g", "s", "c")},
            "graphs": graphs}


def main():
    mtool_dir = os.path.abspath(sys.argv[1])
    if len(sys.argv) > 2:
        amr = sys.argv[2]
        for name in ("233.gold", "233.system", "first.gold", "first.system"):
            mtool(mtool_dir, "--read", "amr", "--write", "mrp",
                  os.path.join(amr, name + ".amr"),
                  os.path.join(HERE, "data/score/amr", name + ".amr.mrp"))
    result = {}
    for name, (gold, system) in FIXTURES.items():
        result[name] = exactness(mtool_dir, os.path.join(HERE, "data", gold),
                                 os.path.join(HERE, "data", system))
        r = result[name]
        print(name, "n", r["n"], "exact", r["exact"], "all", r["all"])
    with open(os.path.join(HERE, "mtool-exact.json"), "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
