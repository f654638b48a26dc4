#!/usr/bin/env python3
"""Convert the 17 scenarios of BBN's 2015 EAEL scorer unit test
(../shared/cases/eael/scorer_test_scenarios.json, transcribed from
ScorerTest.java of tac-kbp-eal 2.4.4) to the JSON documents of
specs/eael.metric: <name>.gold.json and <name>.pred.json, "/" in a name
written "_".

Usage: python3 convert.py ../../../../shared/cases/eael/scorer_test_scenarios.json

This is my own code, written from the scorer's documented behaviour
(seed-scorers.md (b)): it does what adapter/eael does for a native store
(the scorer's keepBest with the key's coreference, the assessment of each
system response, the linking pool) for these abstract responses, so the
spec can be checked on them. Every response is in document DOC, event type
Conflict.Attack, role Victim; a letter is the response whose canonical
argument string (CAS) is that letter at offsets 0-1, 'a_prime' the same
CAS with base filler and justification at 1-2, 'a_generic' the response
'a' with realis Generic. Each CAS is its own coreference cluster, named by
its string. System responses have confidence 1.0, so keepBest and the
selected response of a TRFR fall back to the Java hashCode of the
responses, computed here as Java computes it.
"""
import json
import os
import sys

TYPE, ROLE, DOC = "Conflict.Attack", "Victim", "DOC"


def i32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x & 0x80000000 else x


def jstr(s):  # java.lang.String.hashCode over UTF-16 code units
    h = 0
    b = s.encode("utf-16-le")
    for i in range(0, len(b), 2):
        h = i32(31 * h + int.from_bytes(b[i:i + 2], "little"))
    return h


def jarr(*xs):  # java.util.Arrays.hashCode (Guava Objects.hashCode)
    h = 1
    for x in xs:
        h = i32(31 * h + x)
    return h


def response(name):
    cas = name[0]
    off = 1 if name.endswith("_prime") else 0
    realis = "Generic" if name.endswith("_generic") else "Actual"
    span = jarr(off, off + 1)
    # Response.hashCode: docid, type, role, CAS (string, offsets 0-1), base
    # filler, additional justifications (none), predicate justifications
    # (one span: an ImmutableSet's hash is the sum of its elements'),
    # realis.stableHashCode() (its name's hash).
    h = jarr(jstr(DOC), jstr(TYPE), jstr(ROLE), jarr(jstr(cas), jarr(0, 1)),
             span, 0, span, jstr(realis))
    trfr = {"type": TYPE, "role": ROLE, "entity": cas, "realis": realis}
    return {"name": name, "hash": h, "trfr": trfr, "key": json.dumps(trfr, sort_keys=True)}


def best(rs):  # ByConfidenceThenOld2014ID: all confidences are 1.0
    return max(rs, key=lambda r: r["hash"])


def frames_of(linking, keep=lambda r: True, allowed=None):
    out = {}
    for frame in linking:
        trfrs = {}
        for r in frame:
            if keep(r) and r["trfr"]["realis"] != "Generic" and (allowed is None or r["key"] in allowed):
                trfrs[r["key"]] = r["trfr"]
        if trfrs:
            out[tuple(sorted(trfrs))] = [trfrs[k] for k in sorted(trfrs)]
    return [out[k] for k in sorted(out)]


def convert(t):
    R = {}

    def get(n):
        if n not in R:
            R[n] = response(n)
        return R[n]

    correct = {n for n in t["key_correct"]}
    assessed = correct | set(t["key_incorrect"])
    system = [get(n) for n in t["system"]]
    sys_linking = [[get(n) for n in f] for f in t["system_linking"]]
    ref_linking = [[get(n) for n in f] for f in t["reference_linking"]]

    # keepBest with the key's coreference: the best response of each TRFR
    # in each frame, and of each TRFR among the Generic responses.
    keep = set()
    for frame in sys_linking:
        groups = {}
        for r in frame:
            groups.setdefault(r["key"], []).append(r)
        keep |= {best(g)["name"] for g in groups.values()}
    generic = {}
    for r in system:
        if r["trfr"]["realis"] == "Generic":
            generic.setdefault(r["key"], []).append(r)
    keep |= {best(g)["name"] for g in generic.values()}
    system = [r for r in system if r["name"] in keep]
    sys_linking = [[r for r in f if r["name"] in keep] for f in sys_linking]

    # Arguments: one per TRFR of the system, assessed by its best response.
    # (No scenario has an unassessed selected response.)
    ecs = {}
    for r in system:
        ecs.setdefault(r["key"], []).append(r)
    pred_args = []
    for k in sorted(ecs):
        sel = best(ecs[k])
        assert sel["name"] in assessed, (t["name"], sel["name"])
        pred_args.append({"trfr": sel["trfr"], "correct": sel["name"] in correct})
    gold_keys = {}
    for n in sorted(correct):
        gold_keys[get(n)["key"]] = get(n)["trfr"]
    gold_args = [{"trfr": gold_keys[k], "correct": True} for k in sorted(gold_keys)]

    # Linking: the reference frames (Generic dropped); the system frames
    # keep the correct responses whose TRFR the reference links.
    gold_frames = frames_of(ref_linking)
    linked = {r["key"] for f in ref_linking for r in f if r["trfr"]["realis"] != "Generic"}
    pred_frames = frames_of(sys_linking, keep=lambda r: r["name"] in correct, allowed=linked)
    return ({"id": t["name"], "args": gold_args, "frames": gold_frames},
            {"id": t["name"], "args": pred_args, "frames": pred_frames})


def dump(doc):
    """One argument and one frame a line."""
    c = lambda v: json.dumps(v, sort_keys=True)
    lines = ['{"id": %s,' % c(doc["id"]), ' "args": [']
    lines += ["  " + c(a) + "," for a in doc["args"]]
    lines[-1] = lines[-1].rstrip(",")
    lines += [" ],", ' "frames": [']
    lines += ["  " + c(f) + "," for f in doc["frames"]]
    lines[-1] = lines[-1].rstrip(",")
    lines += [" ]}"]
    return "\n".join(lines) + "\n"


def main():
    data = json.load(open(sys.argv[1]))
    out = os.path.dirname(os.path.abspath(__file__))
    for t in data["tests"]:
        gold, pred = convert(t)
        base = os.path.join(out, t["name"].replace("/", "_"))
        for suffix, doc in ((".gold.json", gold), (".pred.json", pred)):
            with open(base + suffix, "w") as f:
                f.write(dump(doc))
        print(t["name"], "args", len(pred["args"]), "/", len(gold["args"]),
              "frames", len(pred["frames"]), "/", len(gold["frames"]))


if __name__ == "__main__":
    main()
