"""Run the official CoNLL-2016 scorers (github.com/attapol/conll16st, Python 2)
under Python 3 on a gold and a system file, and write their printouts.

    python3 testdata/conll16/run_official.py REPO GOLD PRED OUTDIR

REPO is a checkout of conll16st (a65be4b). Its *.py files are copied to a
temporary directory and converted with lib2to3 (2to3's relative imports made
absolute again); nothing else changes. Writes OUTDIR/out.scorer.txt
(scorer.py), OUTDIR/out.partial.0.7.txt and OUTDIR/out.partial.1.0.txt
(partial_scorer.py --cutoff), and prints the CPU time of each run.
"""
import glob
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile


def main():
    repo, gold, pred, outdir = sys.argv[1:5]
    gold, pred, outdir = (os.path.abspath(p) for p in (gold, pred, outdir))
    tmp = tempfile.mkdtemp()
    for path in glob.glob(os.path.join(repo, "*.py")):
        shutil.copy(path, tmp)
    subprocess.run([sys.executable, "-W", "ignore", "-m", "lib2to3", "-w", "-n", "-f", "all", tmp],
                   check=True, capture_output=True)
    for path in glob.glob(os.path.join(tmp, "*.py")):
        with open(path) as f:
            text = f.read()
        text = re.sub(r"^from \. import ", "import ", text, flags=re.M)
        text = re.sub(r"^from \.(\w+) import", r"from \1 import", text, flags=re.M)
        with open(path, "w") as f:
            f.write(text)
    os.makedirs(outdir, exist_ok=True)
    runs = [("out.scorer.txt", ["scorer.py"]),
            ("out.partial.0.7.txt", ["partial_scorer.py", "--cutoff", "0.7"]),
            ("out.partial.1.0.txt", ["partial_scorer.py", "--cutoff", "1.0"])]
    for name, args in runs:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with open(os.path.join(outdir, name), "w") as out:
            subprocess.run([sys.executable] + args + [gold, pred], cwd=tmp, stdout=out, stderr=subprocess.STDOUT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print("%-22s %.2f s CPU" % (name, cpu))
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
