"""Every kind of error, with its fields; none crashes the interpreter."""

import warnings

import pytest

import metricc
from metricc import _core
from conftest import COREF_GOLD, COREF_PRED, REPO, cli


def test_spec_error():
    src = "type Doc { id: string, xs: set<int> }\ninput Doc\nmetric m = F<->[ys](delta)\nmetric n = F<->[xs](nope)\n"
    with pytest.raises(metricc.SpecError) as e:
        metricc.compile(src, "bad.metric")
    errs = e.value.errors
    assert [(x.file, x.line, x.column) for x in errs] == [("bad.metric", 3, 17), ("bad.metric", 4, 21)]
    assert "ys" in errs[0].message
    assert errs[0].rendered.splitlines()[1:] == ["    metric m = F<->[ys](delta)", "                    ^~"]
    # The message is what `metricc check` prints.
    path = REPO / "python" / "build" / "bad.metric"
    path.parent.mkdir(exist_ok=True)
    path.write_text(src)
    try:
        with pytest.raises(metricc.SpecError) as e:
            metricc.load(path)
        assert str(e.value) + "\n" == cli("check", path, check=False).stderr
    finally:
        path.unlink()


def test_data_error():
    spec = metricc.load("coref")
    gold = '{"id": "a", "entities": []}\n{"id": "b", "entities": [{"mentions": [{"left": 1, "right": "x"}]}]}\n'
    with pytest.raises(metricc.DataError) as e:
        spec.score(gold, '{"id": "a", "entities": []}\n{"id": "b", "entities": []}\n')
    err = e.value
    assert (err.file, err.document, err.line, err.path) == ("<gold>", "b", 2, "entities.0.mentions.0.right")
    assert str(err).startswith('<gold>: document "b" (line 2): entities.0.mentions.0.right: ')
    assert isinstance(err, ValueError)
    # Every problem is listed, in file order.
    with pytest.raises(metricc.DataError) as e:
        spec.score('{"id": "a"}\n{"id": "b"}\n', '{"id": "c", "entities": []}\n')
    assert len(e.value.errors) > 1
    assert all(isinstance(p, metricc.DataProblem) for p in e.value.errors)


def test_not_found():
    with pytest.raises(metricc.NotFoundError, match="nope.json") as e:
        metricc.load("coref").score("nope.json", COREF_PRED)
    assert isinstance(e.value, FileNotFoundError)
    with pytest.raises(metricc.MetriccError, match='no spec file "no-such-spec", and no shipped spec of that name'):
        metricc.load("no-such-spec")


def test_bad_options():
    spec = metricc.load("coref")
    with pytest.raises(metricc.MetriccError, match='unknown metric "nope"'):
        spec.score(COREF_GOLD, COREF_PRED, metrics="nope")
    with pytest.raises(metricc.MetriccError, match="workers cannot be negative"):
        spec.score(COREF_GOLD, COREF_PRED, workers=-1)
    with pytest.raises(metricc.MetriccError, match="level must be between 0 and 1"):
        spec.score(COREF_GOLD, COREF_PRED, bootstrap=10, level=2)
    with pytest.raises(TypeError):
        spec.score(COREF_GOLD, COREF_PRED, per_docs=True)
    with pytest.raises(TypeError, match="bootstrap must be an int"):
        spec.score(COREF_GOLD, COREF_PRED, bootstrap=1.5)
    with pytest.raises(metricc.MetriccError, match='no document "nope"'):
        spec.explain(COREF_GOLD, COREF_PRED, doc="nope")


def test_internal_error():
    """A Go panic comes back as InternalError, and the process goes on."""
    with pytest.raises(metricc.InternalError) as e:
        _core.call({"op": "panic"})
    assert str(e.value) == "internal error: the panic op was called"
    assert "bridge.(*Bridge).serve" in e.value.stack
    assert metricc.load("coref").score(COREF_GOLD, COREF_PRED)["conll"].value == 0.4581818181818182


def test_warnings():
    gold = REPO / "testdata/mrp/constructed/gold.mrp"
    pred = REPO / "testdata/mrp/constructed/system.mrp"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        metricc.load("mrp").score(gold, pred)
    texts = [str(w.message) for w in caught if issubclass(w.category, metricc.MetriccWarning)]
    assert texts == [line.removeprefix("warning: ") for line in cli("run", "mrp", gold, pred).stderr.splitlines()]
    assert any('graph "eds/missing"' in t for t in texts)
