"""CPU time (user + system, from getrusage of the children) of metricc and
of the official partial scorer on the same files, in interleaved rounds.

    python3 testdata/conll16/time_runs.py METRICC SCORERDIR GOLD PRED [ROUNDS] [REPEAT]

METRICC is a built binary (go build -o /tmp/metricc ./cmd/metricc);
SCORERDIR holds conll16st converted to Python 3 (as run_official.py does it:
its temporary directory, kept). Each round runs, REPEAT times each:
`metricc run conll16 GOLD PRED` (all 29 metrics), the same with the 15
partial metrics only, and `python3 partial_scorer.py GOLD PRED` (cutoff 0.7),
and prints the mean CPU seconds per run and the ratios.
"""
import os
import resource
import subprocess
import sys


def cpu(cmd, cwd=None, repeat=1):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(repeat):
        subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) / repeat


def main():
    metricc, scorer, gold, pred = sys.argv[1:5]
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    repeat = int(sys.argv[6]) if len(sys.argv) > 6 else 1
    gold, pred = os.path.abspath(gold), os.path.abspath(pred)
    partial = []
    for block in ("", "explicit_", "nonexplicit_"):
        for m in ("arg1", "arg2", "concat", "conj", "parser"):
            partial += ["--metric", block + "partial_" + m]
    for r in range(rounds):
        all_ = cpu([metricc, "run", "conll16", gold, pred], repeat=repeat)
        part = cpu([metricc, "run", "conll16", gold, pred] + partial, repeat=repeat)
        py = cpu([sys.executable, "partial_scorer.py", gold, pred], cwd=scorer, repeat=repeat)
        print("round %d: metricc all %.4f s, metricc partial %.4f s, partial_scorer.py %.4f s: %.1fx, %.1fx"
              % (r + 1, all_, part, py, py / all_, py / part))


if __name__ == "__main__":
    main()
