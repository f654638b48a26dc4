"""Accumulators: any batching, any split into accumulators merged in any
order, through states as JSON or pickles, gives the output of one run."""

import json
import pickle
import random

import pytest

import metricc
from conftest import TUTORIAL, cli_json, write_jsonl

# ner.metric (tutorial): partial credit, so sums that are not integers, and
# a corpus metric; kept as corpus totals. ner-report.metric: a breakdown,
# a param and a metric that declares macro, so each document's sums are
# kept.
SPECS = [TUTORIAL / "ner.metric", TUTORIAL / "ner-report.metric"]
OPTIONS = [{}, {"per_doc": True}, {"macro": True}, {"bootstrap": 100, "seed": 9}, {"metrics": ["lenient"]}]


def cuts(rng, n):
    out, lo = [], 0
    while lo < n:
        hi = min(n, lo + rng.randint(1, 25))
        out.append((lo, hi))
        lo = hi
    return out


def flags(options):
    out = []
    for k, v in options.items():
        if k == "metrics":
            for m in v:
                out += ["--metric", m]
        elif v is True:
            out.append("--" + k.replace("_", "-"))
        else:
            out += ["--" + k.replace("_", "-"), str(v)]
    return out


@pytest.mark.parametrize("spec_path", SPECS, ids=lambda p: p.name)
@pytest.mark.parametrize("options", OPTIONS, ids=json.dumps)
def test_batches_equal_one_run(spec_path, options, corpus, tmp_path):
    gold, pred = corpus
    g, p = write_jsonl(tmp_path / "gold.jsonl", gold), write_jsonl(tmp_path / "pred.jsonl", pred)
    want = cli_json("run", spec_path, g, p, *flags(options))
    spec = metricc.load(spec_path)
    rng = random.Random(hash((spec_path.name, json.dumps(options))) & 0xFFFF)
    for _ in range(3):
        parts = cuts(rng, len(gold))
        # One accumulator, batch after batch.
        acc = spec.accumulator(**options)
        for lo, hi in parts:
            acc.update(gold[lo:hi], pred[lo:hi])
        assert acc.documents == len(gold)
        assert acc.compute().to_dict() == want

        # One accumulator per batch, carried as JSON or as a pickle, merged
        # in corpus order.
        total = spec.accumulator(**options)
        for i, (lo, hi) in enumerate(parts):
            a = spec.accumulator(**options).update(gold[lo:hi], pred[lo:hi])
            if i % 2:
                a = metricc.Accumulator.from_state(spec, json.loads(json.dumps(a.state())))
            else:
                a = pickle.loads(pickle.dumps(a))
            total.merge(a)
        assert total.compute().to_dict() == want


@pytest.mark.parametrize("options", [{}, {"macro": True, "bootstrap": 100}], ids=json.dumps)
def test_merge_order(options, corpus, tmp_path):
    """Merged in any order, the corpus values, macro averages and intervals
    are those of one run (only per-document rows follow the merges)."""
    gold, pred = corpus
    spec = metricc.load(SPECS[0])
    want = spec.score(gold, pred, **options).to_dict()
    rng = random.Random(5)
    accs = [spec.accumulator(**options).update(gold[lo:hi], pred[lo:hi]) for lo, hi in cuts(rng, len(gold))]
    for _ in range(3):
        rng.shuffle(accs)
        # A tree of merges: pairs, then pairs of pairs.
        level = [metricc.Accumulator.from_state(spec, a.state()) for a in accs]
        while len(level) > 1:
            level = [level[i].merge(level[i + 1]) if i + 1 < len(level) else level[i] for i in range(0, len(level), 2)]
        assert level[0].compute().to_dict() == want


def test_state_is_plain_numbers(corpus):
    gold, pred = corpus
    spec = metricc.load(SPECS[0])
    state = spec.accumulator().update(gold, pred).state()
    assert state["metricc_state"] == 1 and state["documents"] == len(gold)
    assert set(state["totals"]) == {"exact", "spans", "partial", "lenient"}
    sums = state["totals"]["partial"]
    assert set(sums) >= {"pred_gold", "pred_pred", "gold_gold", "pred_gold_recall"}
    assert all(isinstance(x, float) or isinstance(x, int) for x in sums["pred_gold"])
    # A sum is the exact sum of its list.
    res = spec.accumulator().update(gold, pred).compute()
    assert math_fsum(sums["pred_gold"]) == res["partial"].sums["pred_gold"]
    # Per-document sums when the options need them.
    per_doc = spec.accumulator(per_doc=True).update(gold[:3], pred[:3]).state()
    assert per_doc["docs"]["ids"] == ["doc0", "doc1", "doc2"]
    assert len(per_doc["docs"]["sums"]["partial"]) == 3


def math_fsum(xs):
    import math

    return math.fsum(xs)


def test_errors(corpus):
    gold, pred = corpus
    spec = metricc.load(SPECS[0])
    acc = spec.accumulator()
    with pytest.raises(metricc.MetriccError, match="no documents were added"):
        acc.compute()
    with pytest.raises(ValueError, match="itself"):
        acc.merge(acc)
    with pytest.raises(metricc.MetriccError, match="different options"):
        acc.merge(spec.accumulator(per_doc=True))
    other = metricc.load(SPECS[1])
    with pytest.raises(metricc.MetriccError, match="different specs"):
        acc.merge(other.accumulator())
    with pytest.raises(metricc.MetriccError, match="another spec"):
        metricc.Accumulator.from_state(other, acc.state())
    keep = spec.accumulator(per_doc=True).update(gold[:2], pred[:2])
    with pytest.raises(metricc.MetriccError, match='document "doc0" was added before'):
        keep.update(gold[:1], pred[:1])
    with pytest.raises(TypeError):
        metricc.Accumulator()


def test_params_travel_with_the_state(corpus):
    gold, pred = corpus
    spec = metricc.load(SPECS[1])
    acc = spec.accumulator(params={"cutoff": 0.9}).update(gold, pred)
    back = metricc.Accumulator.from_state(spec, acc.state())
    assert back.compute().to_dict() == spec.score(gold, pred, params={"cutoff": 0.9}).to_dict()
    assert back.compute().params == {"cutoff": 0.9}
