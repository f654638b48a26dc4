#!/usr/bin/python3
"""metricc against the official scorers, and metricc against metricc.

    bench.py peers   [-r ROUNDS] [--only TASK,...] [--workers all,1] BIN...   metricc binaries vs peers (CPU, RSS)
    bench.py workers [-r ROUNDS] [--only TASK,...] BIN...   --workers 2 vs --workers 1 (wall)
    bench.py compare [-r ROUNDS] [--only TASK,...] OLD NEW  before/after: outputs byte-identical, CPU
    bench.py check   BIN...                                 counts equal to conll18_ud_eval.py and conlleval

BIN is a path to a metricc binary, or NAME for WORK/metricc-NAME (bench.sh build makes
those). WORK is $METRICC_BENCH, else bench/work (fetch.sh fills it).
Each measurement runs the command under runstat (bench/runstat, built by
bench.sh), which writes the program's own rusage and wall time: CPU
(user+sys) to the microsecond, peak RSS, and the wall time from its start
to its end, with nothing of the harness (run under /usr/bin/time and reaped
by wait4, a program is charged time's own start too, about a millisecond of
CPU). Rounds interleave the programs (their order alternates
from round to round), so drift of the shared machine hits all of them alike;
ratios are taken within a round, then summarized as min / median / max.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.environ.get("METRICC_BENCH") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "work")
D = os.path.join(HERE, "data")
PY3 = sys.executable
VPY = os.path.join(HERE, "venv", "bin", "python")
RUNSTAT = os.path.join(HERE, "runstat")
UD_TREEBANKS = ["en_ewt", "et_edt", "cs_pud"]
UD_SYSTEM = "UDPipe-Future"


def ud_files(tb, system=UD_SYSTEM):
    return (os.path.join(D, "conll18", "00-gold-standard", tb + ".conllu"),
            os.path.join(D, "conll18", system, tb + ".conllu"))


def stripped(path):
    """A copy of a CoNLL-U file without its "# newdoc" lines (for binaries
    that refuse files whose documents differ)."""
    out = os.path.join(D, "conll18", "stripped", os.path.basename(os.path.dirname(path)) + "-" + os.path.basename(path))
    if not os.path.exists(out):
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with open(path, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as g:
            for line in f:
                if not line.startswith("# newdoc"):
                    g.write(line)
    return out


# ------------------------------------------------------------------ tasks
# A task: the metricc command line after the binary (spec, gold, pred,
# flags), and the peer's command and working directory.

def peer_tasks():
    t = []
    for tb in UD_TREEBANKS:
        g, p = ud_files(tb)
        t.append(dict(name="ud-" + tb, spec="ud", gold=g, pred=p, ud=True,
                      peer=[PY3, os.path.join(HERE, "conll18_ud_eval.py"), "-v", g, p], peer_name="conll18_ud_eval.py -v"))
    for s in ["iob1", "iob2"]:
        g, p = os.path.join(D, "ner", "gold.%s.txt" % s), os.path.join(D, "ner", "pred.%s.txt" % s)
        t.append(dict(name="ner-test-" + s, spec="ner", gold=g, pred=p,
                      peer=["perl", os.path.join(HERE, "conlleval.pl")], peer_stdin=os.path.join(D, "ner", "paste.%s.txt" % s),
                      peer_name="conlleval"))
    g, p = os.path.join(D, "coref", "key.conll"), os.path.join(D, "coref", "response.conll")
    t.append(dict(name="coref-conll12test", spec="coref", gold=g, pred=p,
                  peer=[VPY, os.path.join(HERE, "coval", "scorer.py"), g, p], peer_cwd=os.path.join(HERE, "coval"), peer_name="coval scorer.py"))
    g, p = os.path.join(D, "conll16", "gold.json"), os.path.join(D, "conll16", "pred.json")
    t.append(dict(name="conll16-1000docs", spec="conll16", gold=g, pred=p,
                  peer=[VPY, "partial_scorer.py", g, p], peer_cwd=os.path.join(HERE, "conll16st-py3"), peer_name="partial_scorer.py"))
    return t


def worker_tasks():
    """Each native format's largest benchmark input."""
    t = []
    g, p = os.path.join(D, "coref10", "key.conll"), os.path.join(D, "coref10", "response.conll")
    t.append(dict(name="conll2012-coref-x10", spec="coref", gold=g, pred=p))
    g = ud_files("en_ewt")[0]
    t.append(dict(name="conllu-en_ewt-perturbed", spec="ud", gold=g, pred=os.path.join(D, "ud-perturbed", "en_ewt.conllu")))
    g, p = ud_files("en_ewt")
    t.append(dict(name="conllu-en_ewt-udpipe", spec="ud", gold=g, pred=p, ud=True))
    t.append(dict(name="bio-nergen-train", spec="ner", gold=os.path.join(D, "nergen", "gold.txt"), pred=os.path.join(D, "nergen", "pred.txt")))
    t.append(dict(name="conll16-1000docs", spec="conll16", gold=os.path.join(D, "conll16", "gold.json"), pred=os.path.join(D, "conll16", "pred.json")))
    t.append(dict(name="eael-500docs", spec="eael", gold=os.path.join(D, "eael", "key"), pred=os.path.join(D, "eael", "system")))
    t.append(dict(name="penman-lpp-1562", spec="smatch", gold=os.path.join(D, "amr", "amr-bank-struct-v1.6.txt"), pred=os.path.join(D, "amr", "amr-bank-struct-v3.0.txt")))
    t.append(dict(name="mrp-eds-wsj", spec="mrp", gold=os.path.join(D, "mrp", "wsj.mrp"), pred=os.path.join(D, "mrp", "wsj.pet.mrp")))
    return t


def select(tasks, only):
    if not only:
        return tasks
    keep = only.split(",")
    return [t for t in tasks if any(k in t["name"] for k in keep)]


# ------------------------------------------------------------ measuring

def measure(cmd, cwd=None, out=None, stdin=None):
    """Runs cmd once (stdin from the file of that name): (cpu seconds, max
    RSS MB, wall seconds, exit code), the program's own (runstat)."""
    with tempfile.NamedTemporaryFile("r", suffix=".stat") as tf:
        stdout = out if out is not None else subprocess.DEVNULL
        with open(stdin or os.devnull, "rb") as inp:
            rc = subprocess.run([RUNSTAT, "-o", tf.name] + cmd, cwd=cwd, stdin=inp,
                                stdout=stdout, stderr=subprocess.DEVNULL).returncode
        fields = tf.read().split()
    if len(fields) != 5:
        return float("nan"), float("nan"), float("nan"), rc if rc else 127
    cpu_us, _, _, rss_kb, wall_us = map(int, fields)
    return cpu_us / 1e6, rss_kb / 1024, wall_us / 1e6, rc


def run_out(cmd, cwd=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True)
    return r.returncode, r.stdout, r.stderr


def inputs(t):
    """The files a task's programs read (a directory: every file in it)."""
    paths = []
    for p in (t["gold"], t["pred"], t.get("peer_stdin")):
        if p and os.path.isdir(p):
            paths += [os.path.join(d, f) for d, _, fs in os.walk(p) for f in fs]
        elif p:
            paths.append(p)
    return paths


def settle(tasks):
    """Puts every input of the tasks in the page cache as a first reading
    from disk leaves it: each file is dropped from the cache and read
    once from start to end. How the kernel holds a file changes the cost
    of reading it: the coreference corpus (26 MB), as a long-lived work
    directory held it, cost metricc 3 ms more to read (a tenth of its run)
    than once read back in one pass. Settled, every program of a round
    reads its inputs alike."""
    for p in sorted({p for t in tasks for p in inputs(t)}):
        fd = os.open(p, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            while os.read(fd, 1 << 20):
                pass
        finally:
            os.close(fd)


def metricc_cmd(binary, t, extra=()):
    return [binary, "run", t["spec"], t["gold"], t["pred"]] + list(extra)


def run_rounds(rounds, tasks, programs, must_succeed=False):
    """Runs the programs of each task once a round, in an order that
    alternates from round to round, after settling the round's inputs.
    programs(t) lists the task's (key, cmd, cwd, stdin, inputs), inputs
    being the task whose files that program reads. Returns {(task name,
    key): [(cpu, rss, wall), ...]}; must_succeed: a failing program ends
    the bench."""
    per = {}
    for r in range(rounds):
        progs = {t["name"]: programs(t) for t in tasks}
        settle([p[4] for ps in progs.values() for p in ps])
        for t in tasks:
            ps = progs[t["name"]][::-1] if r % 2 else progs[t["name"]]
            for key, cmd, cwd, stdin, _ in ps:
                cpu, rss, wall, rc = measure(cmd, cwd, stdin=stdin)
                if rc != 0 and must_succeed:
                    sys.exit("%s: %s exits %d: %s" % (t["name"], key, rc, " ".join(cmd)))
                per.setdefault((t["name"], key), []).append((cpu, rss, wall))
        print("round %d of %d done" % (r + 1, rounds), file=sys.stderr)
    return per


def resolve_all(tasks, bins, names):
    """Each task for each binary (resolve_ud), keyed by (task name, binary
    name), and the notes saying which were changed."""
    variants, notes = {}, []
    for t in tasks:
        for b, n in zip(bins, names):
            u, note = resolve_ud(b, t)
            variants[(t["name"], n)] = u
            if note:
                notes.append("%s, %s: %s" % (t["name"], n, note))
    return variants, notes


def resolve_ud(binary, t):
    """The task for this binary: the files as they are, or, if the binary
    refuses them (documents that differ), the gold without its newdoc lines."""
    if not t.get("ud"):
        return t, ""
    rc, _, _ = run_out(metricc_cmd(binary, t))
    if rc == 0:
        return t, ""
    u = dict(t, gold=stripped(t["gold"]), pred=stripped(t["pred"]))
    return u, "refuses the files (their documents differ); run on copies without '# newdoc' lines"


def fmt_stats(xs, unit=""):
    if not xs:
        return "-"
    return "%s / %s / %s%s" % (f3(min(xs)), f3(statistics.median(xs)), f3(max(xs)), unit)


def f3(x):
    return "%.3f" % x if x < 10 else "%.2f" % x


def progs_label(binaries):
    return [os.path.basename(b) for b in binaries]


# -------------------------------------------------------------- modes

def worker_settings(spec):
    """--workers of peers: "all" (metricc's default, every core) or a count,
    comma-separated; each binary runs once per setting in every round."""
    settings = [w.strip() for w in spec.split(",") if w.strip()]
    for w in settings:
        if w != "all" and not (w.isdigit() and int(w) > 0):
            sys.exit("--workers: %r is neither 'all' nor a positive count" % w)
    return settings or ["all"]


def peers(args):
    tasks = select(peer_tasks(), args.only)
    settings = worker_settings(args.workers)
    base = progs_label(args.binaries)
    # Whether a binary refuses the UD files does not depend on --workers:
    # each binary is asked once.
    variants, notes = resolve_all(tasks, args.binaries, base)
    progs = [(n if w == "all" else "%s --workers %s" % (n, w), b, n, [] if w == "all" else ["--workers", w])
             for b, n in zip(args.binaries, base) for w in settings]
    names = [label for label, _, _, _ in progs]
    per = run_rounds(args.rounds, tasks, lambda t: [
        (label, metricc_cmd(b, variants[(t["name"], n)], flags), None, None, variants[(t["name"], n)])
        for label, b, n, flags in progs
    ] + [("peer", t["peer"], t.get("peer_cwd"), t.get("peer_stdin"), t)], must_succeed=True)
    print("CPU seconds (user+sys) min / median / max over %d interleaved rounds; max RSS MB median; ratio = peer CPU / metricc CPU within each round, min / median / max" % args.rounds)
    print()
    print("| task | program | CPU s | RSS MB | ratio |")
    print("|---|---|---|---|---|")
    for t in tasks:
        pc = [x[0] for x in per[(t["name"], "peer")]]
        pr = [x[1] for x in per[(t["name"], "peer")]]
        print("| %s | %s | %s | %.0f | |" % (t["name"], t["peer_name"], fmt_stats(pc), statistics.median(pr)))
        for n in names:
            mc = [x[0] for x in per[(t["name"], n)]]
            mr = [x[1] for x in per[(t["name"], n)]]
            ratios = [p / m for p, m in zip(pc, mc)]
            print("| %s | %s | %s | %.0f | %s |" % (t["name"], n, fmt_stats(mc), statistics.median(mr),
                                                   "%.1f / %.1f / %.1fx" % (min(ratios), statistics.median(ratios), max(ratios))))
    for n in notes:
        print("\nnote: " + n)


def workers(args):
    tasks = select(worker_tasks(), args.only)
    bins = args.binaries
    names = progs_label(bins)
    variants, notes = resolve_all(tasks, bins, names)
    for t in tasks:
        for b, n in zip(bins, names):
            u = variants[(t["name"], n)]
            # --workers must not change a byte of the output.
            o1 = run_out(metricc_cmd(b, u, ["--workers", "1", "--format", "json", "--per-doc"]))
            o2 = run_out(metricc_cmd(b, u, ["--workers", "2", "--format", "json", "--per-doc"]))
            if o1 != o2:
                notes.append("%s, %s: OUTPUT DIFFERS between --workers 1 and 2" % (t["name"], n))
            if o1[0] != 0:
                notes.append("%s, %s: exits %d: %s" % (t["name"], n, o1[0], o1[2].decode()[:300]))
    per = run_rounds(args.rounds, tasks, lambda t: [
        ((n, w), metricc_cmd(b, variants[(t["name"], n)], ["--workers", w]), None, None, variants[(t["name"], n)])
        for b, n in zip(bins, names) for w in ("1", "2")])
    print("wall seconds min / median / max over %d interleaved rounds (CPU s median; RSS MB median); speedup = wall(--workers 1) / wall(--workers 2) within each round" % args.rounds)
    print()
    print("| input | binary | --workers 1 wall | --workers 2 wall | CPU 1 / 2 | RSS 1 / 2 | speedup |")
    print("|---|---|---|---|---|---|---|")
    for t in tasks:
        for n in names:
            a, b = per[(t["name"], (n, "1"))], per[(t["name"], (n, "2"))]
            sp = [x[2] / y[2] for x, y in zip(a, b)]
            print("| %s | %s | %s | %s | %s / %s | %.0f / %.0f | %.2f / %.2f / %.2fx |" % (
                t["name"], n, fmt_stats([x[2] for x in a]), fmt_stats([x[2] for x in b]),
                f3(statistics.median([x[0] for x in a])), f3(statistics.median([x[0] for x in b])),
                statistics.median([x[1] for x in a]), statistics.median([x[1] for x in b]),
                min(sp), statistics.median(sp), max(sp)))
    for n in notes:
        print("\nnote: " + n)


def compare(args):
    old, new = args.binaries
    tasks = select(peer_tasks() + [t for t in worker_tasks() if t["name"] not in {x["name"] for x in peer_tasks()}], args.only)
    print("outputs (stdout, stderr, exit code) of %s and %s:" % (old, new))
    print()
    print("| input | flags | identical |")
    print("|---|---|---|")
    variants = ("",), ("--format", "json", "--per-doc"), ("--format", "csv", "--workers", "1")
    same_all = True
    for t in tasks:
        for extra in variants:
            extra = [e for e in extra if e]
            a, b = run_out(metricc_cmd(old, t, extra)), run_out(metricc_cmd(new, t, extra))
            if a == b:
                verdict = "yes"
            elif a[0] != 0 and b[0] == 0:
                verdict = "no: the old binary refuses (exit %d), the new one scores" % a[0]
            else:
                same_all = False
                verdict = "NO (exit %d vs %d; stdout %s, stderr %s)" % (a[0], b[0], "same" if a[1] == b[1] else "differs", "same" if a[2] == b[2] else "differs")
            print("| %s | %s | %s |" % (t["name"], " ".join(extra) or "(table)", verdict))
    print()
    print("all outputs identical where both score: %s" % ("yes" if same_all else "NO"))
    if args.rounds <= 0:
        return
    print()
    # The same files for both: the old binary's (inputs() is what settle reads).
    chosen = {t["name"]: resolve_ud(old, t)[0] for t in tasks}
    per = run_rounds(args.rounds, tasks, lambda t: [
        (n, metricc_cmd(b, chosen[t["name"]]), None, None, chosen[t["name"]]) for n, b in (("old", old), ("new", new))])
    print("CPU seconds min / median / max over %d interleaved rounds, RSS MB median; ratio = old / new within each round" % args.rounds)
    print()
    print("| input | old CPU s | new CPU s | old / new RSS MB | ratio |")
    print("|---|---|---|---|---|")
    for t in tasks:
        a, b = per[(t["name"], "old")], per[(t["name"], "new")]
        ratios = [x[0] / y[0] for x, y in zip(a, b)]
        print("| %s | %s | %s | %.0f / %.0f | %.2f / %.2f / %.2fx |" % (
            t["name"], fmt_stats([x[0] for x in a]), fmt_stats([x[0] for x in b]),
            statistics.median([x[1] for x in a]), statistics.median([x[1] for x in b]),
            min(ratios), statistics.median(ratios), max(ratios)))


UD_METRICS = ["Tokens", "Sentences", "Words", "UPOS", "XPOS", "UFeats", "AllTags", "Lemmas",
              "UAS", "LAS", "CLAS", "MLAS", "BLEX"]


def check(args):
    """Counts equal to the official scorers' (UD: conll18_ud_eval.py --counts,
    13 metrics x 3 counts; NER: conlleval's phrases, found and correct)."""
    ok = True
    treebanks = UD_TREEBANKS
    if args.all:
        gd = os.path.join(D, "conll18", "00-gold-standard")
        treebanks = sorted(f[:-7] for f in os.listdir(gd) if f.endswith(".conllu")
                           and all(os.path.exists(ud_files(f[:-7], s)[1]) for s in [UD_SYSTEM, "HIT-SCIR-18"]))
    for b in args.binaries:
        for tb in treebanks:
            for system in [UD_SYSTEM, "HIT-SCIR-18"]:
                g, p = ud_files(tb, system)
                t, note = resolve_ud(b, dict(spec="ud", gold=g, pred=p, ud=True))
                rc, out, err = run_out(metricc_cmd(b, t, ["--format", "json"]))
                if rc != 0:
                    print("%s %s %s: exit %d: %s" % (os.path.basename(b), tb, system, rc, err.decode()[:300]))
                    ok = False
                    continue
                got = json.loads(out)["metrics"]
                _, sout, _ = run_out([PY3, os.path.join(HERE, "conll18_ud_eval.py"), "--counts", g, p])
                want = {}
                for line in sout.decode().splitlines():
                    f = [x.strip() for x in line.split("|")]
                    if f[0] in UD_METRICS:
                        want[f[0]] = [int(f[1]), int(f[2]), int(f[3])]
                bad = []
                for m in UD_METRICS:
                    s = got[m.lower()]["sums"]
                    mine = [s["pred_gold"], s["gold_gold"], s["pred_pred"]]
                    if mine != want[m]:
                        bad.append("%s %s != %s" % (m, mine, want[m]))
                warn = [l for l in err.decode().splitlines() if l.startswith("warning")]
                print("%s %s %s: %d of 39 counts equal to conll18_ud_eval.py%s%s%s" % (
                    os.path.basename(b), tb, system, 39 - len(bad), "" if not bad else ": " + "; ".join(bad),
                    " (" + note + ")" if note else "", "; stderr: " + warn[0] if warn else ""))
                ok = ok and not bad
        for s in ["iob1", "iob2"]:
            g, p = os.path.join(D, "ner", "gold.%s.txt" % s), os.path.join(D, "ner", "pred.%s.txt" % s)
            rc, out, err = run_out(metricc_cmd(b, dict(spec="ner", gold=g, pred=p), ["--format", "json"]))
            s_ = json.loads(out)["metrics"]["ner"]["sums"]
            cl = subprocess.run("perl %s < %s" % (os.path.join(HERE, "conlleval.pl"), os.path.join(D, "ner", "paste.%s.txt" % s)),
                                shell=True, capture_output=True, text=True).stdout
            m = re.search(r"with (\d+) phrases; found: (\d+) phrases; correct: (\d+)\.", cl)
            want = [int(m.group(3)), int(m.group(1)), int(m.group(2))]
            mine = [s_["pred_gold"], s_["gold_gold"], s_["pred_pred"]]
            print("%s ner %s: correct, phrases, found %s, conlleval %s: %s" % (os.path.basename(b), s, mine, want, "equal" if mine == want else "DIFFER"))
            ok = ok and mine == want
    print("all equal" if ok else "SOME DIFFER")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["peers", "workers", "compare", "check"])
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("-r", "--rounds", type=int, default=5)
    ap.add_argument("--only", default="")
    ap.add_argument("--workers", default="all", help="peers: 'all' (the default flags), a count, or several, e.g. all,1: each binary once per setting in every round")
    ap.add_argument("--all", action="store_true", help="check: every treebank of data/conll18, not only the three timed")
    args = ap.parse_args()
    # A name without a slash is a binary built by bench.sh: metricc-NAME here.
    args.binaries = [b if "/" in b else os.path.join(HERE, b if b.startswith("metricc-") else "metricc-" + b)
                     for b in args.binaries]
    if args.mode == "compare" and len(args.binaries) != 2:
        ap.error("compare takes two binaries: OLD NEW")
    {"peers": peers, "workers": workers, "compare": compare, "check": check}[args.mode](args)


if __name__ == "__main__":
    main()
