"""The examples of docs/python.md run, in order, in one namespace, from the
repository's root; the torch.distributed recipe runs with a stand-in for
the collective that plays two ranks."""

import re
import sys
import types

import metricc
from conftest import REPO, read_docs, COREF_GOLD, COREF_PRED

DOC = REPO / "docs" / "python.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)


def test_examples_run(monkeypatch):
    code = blocks()
    assert len(code) >= 8
    monkeypatch.chdir(REPO)
    ns = {"__name__": "docs_python"}
    for block in code:
        exec(compile(block, str(DOC), "exec"), ns)

    # The recipe: this process is rank 0 with the first document; rank 1
    # scored the second.
    spec = metricc.load("coref")
    golds, preds = read_docs(COREF_GOLD), read_docs(COREF_PRED)
    mine = spec.accumulator().update(golds[:1], preds[:1])
    theirs = spec.accumulator().update(golds[1:], preds[1:]).state()

    def all_gather_object(out, obj):
        out[0], out[1] = obj, theirs

    dist = types.SimpleNamespace(get_world_size=lambda: 2, all_gather_object=all_gather_object)
    torch = types.ModuleType("torch")
    torch.distributed = dist
    monkeypatch.setitem(sys.modules, "torch", torch)
    monkeypatch.setitem(sys.modules, "torch.distributed", dist)
    got = ns["corpus_result"](spec, mine)
    assert got.to_dict() == spec.score(golds, preds).to_dict()
