"""Writes smatch-triples.json: the triples snowblink14/smatch reads from each AMR.

Run from adapter/penman/testdata with smatch's amr.py importable, e.g.
    git clone https://github.com/snowblink14/smatch /tmp/smatch   # c01a838
    PYTHONPATH=/tmp/smatch python3 smatch_triples.py > smatch-triples.json
With file arguments it writes counts and hashes for those files instead.
It uses smatch's own reader unchanged: AMR.get_amr_line (one AMR per call, as
smatch.py reads files), AMR.parse_AMR_line and AMR.get_triples. Triples are
written as smatch.py compares them: names normalized with normalize() =
lower() + rstrip('_') (smatch.py:115-119), variables as written. Per AMR:
instance/attribute/relation counts (smatch's totals), "distinct" (the triples
left once repeats are dropped, which is what the adapter's set of props
holds), "hash" = first 16 hex digits of sha256 over the sorted lines
"kind<TAB>name<TAB>subj<TAB>obj" (kind I, A or R; repeats kept), and for the
small files the lines themselves. "error" is smatch's message (or the Python
exception) for an AMR it cannot read; smatch.py stops the run there.
The "id" is the first "# ::id" in the comments read with the AMR (the
adapter's convention, not smatch's; smatch ignores ids).
"""
import hashlib, io, json, re, sys

import amr
import smatch

FULL = ["quirks.amr", "bad.amr", "cases/smatch-test_input1.txt", "cases/smatch-test_input2.txt",
        "cases/mtool-233.gold.amr", "cases/mtool-233.system.amr", "cases/mtool-first.gold.amr",
        "cases/mtool-first.system.amr", "cases/metric-suite-a.txt", "cases/metric-suite-b.txt"]
COUNTS = ["cases/lpp-src.test.amr", "cases/lpp-tgt.test.amr"]


def blocks(path):
    with open(path) as f:  # smatch.py: argparse.FileType('r'), universal newlines
        while True:
            line = amr.AMR.get_amr_line(f)
            if not line:
                return
            yield line


def ids(path):
    out, cur, has = [], None, False
    for raw in open(path).read().splitlines() + [""]:
        s = raw.strip()
        if s == "":
            if has:
                out.append(cur)
                cur, has = None, False
            continue
        if s.startswith("#"):
            m = re.search(r"(?:^|\s)::id\s+(.*?)(?=\s::\S|$)", s[1:])
            if m and cur is None and m.group(1).strip():
                cur = m.group(1).strip()
            continue
        has = True
    return out


def record(i, line, ident, full):
    r = {"index": i}
    if ident is not None:
        r["id"] = ident
    err = io.StringIO()
    amr.ERROR_LOG = err
    try:
        a = amr.AMR.parse_AMR_line(line)
    except Exception as e:  # smatch.py:666-671 catches these, then fails on None
        a = None
        err.write("%s: %s" % (type(e).__name__, e))
    if a is None:
        r["error"] = err.getvalue().strip()
        return r
    inst, attr, rel = a.get_triples()
    n = smatch.normalize
    lines = (["I\tinstance\t%s\t%s" % (t[1], n(t[2])) for t in inst] +
             ["A\t%s\t%s\t%s" % (n(t[0]), t[1], n(t[2])) for t in attr] +
             ["R\t%s\t%s\t%s" % (n(t[0]), t[1], t[2]) for t in rel])
    r.update(instance=len(inst), attribute=len(attr), relation=len(rel), total=len(lines),
             distinct=len(set(lines)),
             hash=hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()[:16])
    if full:
        r["triples"] = lines
    return r


def main():
    out = sys.stdout
    out.write('{"produced_by": "testdata/smatch_triples.py with snowblink14/smatch c01a838 amr.py (see the script)",\n "files": [\n')
    paths = [(p, True) for p in FULL] + [(p, False) for p in COUNTS]
    if len(sys.argv) > 1:  # other files: counts and hashes only
        paths = [(p, False) for p in sys.argv[1:]]
    for k, (path, full) in enumerate(paths):
        idl = ids(path)
        out.write('  {"file": %s, "amrs": [\n' % json.dumps(path))
        recs = [record(i, line, idl[i] if i < len(idl) else None, full) for i, line in enumerate(blocks(path))]
        out.write(",\n".join("    " + json.dumps(r, ensure_ascii=False) for r in recs))
        out.write("\n  ]}%s\n" % ("," if k + 1 < len(paths) else ""))
    out.write(" ]}\n")


if __name__ == "__main__":
    main()
