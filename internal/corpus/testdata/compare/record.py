#!/usr/bin/python3
"""Reference numbers for eval's paired comparison (TestCompareAgainstPython).

Writes fixture.json (per-document sums of two systems, fixed bootstrap
resamples as counts per document, fixed swap masks) and expected.json (the
values, B - A, percentile intervals and p-values computed here with numpy,
and scipy.stats.permutation_test's exact p-value over every swap mask of a
smaller corpus). Run from this directory: python3 record.py
"""
import itertools
import json

import numpy as np
from scipy import stats

rng = np.random.default_rng(20251124)


def system_sums(gold):
    pred = rng.integers(0, 9, size=len(gold)).astype(float)
    pg = np.minimum(pred, gold) * rng.uniform(0.3, 1.0, size=len(gold))
    pg = np.round(pg * 4) / 4  # quarters: exact in binary
    return pg, pred


def corpus(n, empty):
    gold = rng.integers(0, 9, size=n).astype(float)
    a_pg, a_pp = system_sums(gold)
    b_pg, b_pp = system_sums(gold)
    for k in empty:  # documents empty on both sides: P = R = F1 = 1 per document
        gold[k] = a_pg[k] = a_pp[k] = b_pg[k] = b_pp[k] = 0
    return {"gold": gold, "a": (a_pg, a_pp), "b": (b_pg, b_pp)}


def div(x, y):
    return 0.0 if y == 0 else x / y


def f1(p, r):
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def micro(pg, pp, gg, w):
    p, r = div(np.dot(w, pg), np.dot(w, pp)), div(np.dot(w, pg), np.dot(w, gg))
    return {"precision": p, "recall": r, "f1": f1(p, r)}


def macro(pg, pp, gg, w):
    vals = {"precision": [], "recall": [], "f1": []}
    for k in range(len(pg)):
        if pp[k] == 0 and gg[k] == 0:
            p = r = f = 1.0
        else:
            p, r = div(pg[k], pp[k]), div(pg[k], gg[k])
            f = f1(p, r)
        for _ in range(int(w[k])):
            vals["precision"].append(p)
            vals["recall"].append(r)
            vals["f1"].append(f)
    return {k: float(np.mean(v)) for k, v in vals.items()}


def values(c, side, w, swap=None):
    """Metric values of system side ('a' or 'b') on weights w, taking the
    other system's sums where swap is set."""
    other = "b" if side == "a" else "a"
    pg, pp = c[side][0].copy(), c[side][1].copy()
    if swap is not None:
        pg[swap], pp[swap] = c[other][0][swap], c[other][1][swap]
    out = {}
    for name, fn in (("f", micro), ("m", macro)):
        for field, v in fn(pg, pp, c["gold"], w).items():
            out[name + "." + field] = v
    return out


def pvalue(vals, center, obs):
    limit = abs(obs) - 1e-12 * max(1, abs(obs))
    extreme = sum(1 for v in vals if abs(v - center) >= limit)
    return (1 + extreme) / (1 + len(vals))


# Bootstrap and approximate randomization on fixed draws.
n, n_samples = 25, 400
c = corpus(n, empty=[3, 17])
counts = [np.bincount(rng.integers(0, n, size=n), minlength=n) for _ in range(n_samples)]
masks = [rng.integers(0, 2, size=n).astype(bool) for _ in range(n_samples)]
ones = np.ones(n)
point_a, point_b = values(c, "a", ones), values(c, "b", ones)
expected = {"rows": {}}
for key in point_a:
    obs = point_b[key] - point_a[key]
    boot = [values(c, "b", w)[key] - values(c, "a", w)[key] for w in counts]
    perm = [values(c, "b", ones, m)[key] - values(c, "a", ones, m)[key] for m in masks]
    lo, hi = np.percentile(boot, [2.5, 97.5])
    expected["rows"][key] = {
        "a": point_a[key], "b": point_b[key], "diff": obs,
        "ci": [float(lo), float(hi)],
        "p_bootstrap": pvalue(boot, obs, obs),
        "p_randomization": pvalue(perm, 0, obs),
    }
    # Intervals of system A alone (run --bootstrap) on the same resamples.
    lo, hi = np.percentile([values(c, "a", w)[key] for w in counts], [2.5, 97.5])
    expected["rows"][key]["ci_a"] = [float(lo), float(hi)]

# Exact randomization over every swap mask of a small corpus, by scipy.
small = corpus(10, empty=[])
# scipy permutes 1-D samples: observation k of A is the number k, of B
# k + 0.5, and the statistic looks the sums up (a swap exchanges them).
def lookup(obs):
    pg, pp = np.zeros(len(obs)), np.zeros(len(obs))
    for k, v in enumerate(obs):
        side = "a" if v == int(v) else "b"
        pg[k], pp[k] = small[side][0][int(v)], small[side][1][int(v)]
    return pg, pp
def statistic(x, y):
    w = np.ones(len(x))
    (xa, xp), (ya, yp) = lookup(x), lookup(y)
    return micro(ya, yp, small["gold"], w)["f1"] - micro(xa, xp, small["gold"], w)["f1"]
idx = np.arange(10, dtype=float)
while statistic(idx, idx + 0.5) == 0:  # a tie of the two systems tests nothing
    small = corpus(10, empty=[])
res = stats.permutation_test((idx, idx + 0.5), statistic, permutation_type="samples",
                             vectorized=False, n_resamples=np.inf, alternative="two-sided")
expected["exact"] = {"statistic": float(res.statistic), "pvalue": float(res.pvalue), "masks": 2 ** 10}

fixture = {
    "gold": c["gold"].tolist(),
    "a": [c["a"][0].tolist(), c["a"][1].tolist()],
    "b": [c["b"][0].tolist(), c["b"][1].tolist()],
    "counts": [w.tolist() for w in counts],
    "masks": [[int(x) for x in m] for m in masks],
    "small": {"gold": small["gold"].tolist(), "a": [small["a"][0].tolist(), small["a"][1].tolist()],
              "b": [small["b"][0].tolist(), small["b"][1].tolist()]},
}
with open("fixture.json", "w") as f:
    json.dump(fixture, f)
    f.write("\n")
with open("expected.json", "w") as f:
    json.dump(expected, f, indent=1)
    f.write("\n")
print(json.dumps(expected["exact"]))
for key, row in expected["rows"].items():
    print(key, json.dumps(row))
