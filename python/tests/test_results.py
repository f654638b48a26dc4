"""Results, explanations and comparisons: what the command line prints, as
Python objects, tables, DataFrames and notebook views."""

import json
import sys

import pytest

import metricc
from conftest import COREF_GOLD, COREF_PRED, REPO, cli, cli_json


@pytest.fixture(scope="module")
def res():
    return metricc.load("coref").score(COREF_GOLD, COREF_PRED, per_doc=True, bootstrap=100)


def test_result_mapping(res):
    want = cli_json("run", "coref", COREF_GOLD, COREF_PRED, "--per-doc", "--bootstrap", "100")
    assert res.to_dict() == want
    assert list(res) == list(want["metrics"])
    assert res.documents == 2
    muc = res["muc"]
    assert (muc.precision, muc.recall, muc.f1, muc.value) == (0.4, 0.4, 0.4000000000000001, None)
    assert muc.sums == {"pred_gold": 2, "pred_pred": 5, "gold_gold": 5}
    assert muc.ci == want["metrics"]["muc"]["ci"]
    conll = res["conll"]
    assert (conll.precision, conll.value) == (None, 0.4581818181818182)
    assert list(res.per_doc) == ["pradhan", "empty"]
    assert res.per_doc["pradhan"]["muc"].to_dict() == want["per_doc"][0]["metrics"]["muc"]
    assert res.bootstrap == {"samples": 100, "seed": 1}
    with pytest.raises(KeyError):
        res["nope"]


def test_breakdown_and_search():
    ner = metricc.load("ner").score(REPO / "testdata/ner/conll2003/gold.iob2.txt", REPO / "testdata/ner/conll2003/pred.iob2.2.txt")
    assert sorted(ner["ner"].by) == ["LOC", "MISC", "ORG", "PER"]
    assert ner["ner"].by["PER"].f1 == ner.to_dict()["metrics"]["ner"]["by"]["PER"]["f1"]
    smatch = metricc.load("smatch").score(REPO / "testdata/amr/docsmatch/ibm/gold.amr", REPO / "testdata/amr/docsmatch/ibm/pred.amr")
    search = next(m.search for m in smatch.values() if m.search)
    assert search["pairs"] == search["proven_optimal"] > 0


def test_text_and_html(res):
    text = str(res)
    assert text.splitlines()[0].split() == ["metric", "P", "R", "F1"]
    assert "muc         40.00    40.00    40.00" in text
    assert "conll                         45.82" in text
    page = res._repr_html_()
    assert page.startswith("<table>") and "<td style='text-align:left'>muc</td><td>40.00</td>" in page


def test_to_pandas(res):
    pd = pytest.importorskip("pandas")
    df = res.to_pandas()
    assert list(df["metric"]) == list(res)
    assert df.set_index("metric").loc["b3", "pred_gold_recall"] == 2.9166666666666665
    per_doc = res.to_pandas(per_doc=True)
    assert set(per_doc["document"]) == {"pradhan", "empty"}
    assert isinstance(df, pd.DataFrame)


def test_to_pandas_without_pandas(res, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"Result.to_pandas needs pandas \(pip install pandas"):
        res.to_pandas()


def test_explain_equals_cli():
    ex = metricc.load("coref").explain(COREF_GOLD, COREF_PRED, doc="pradhan", metrics=["muc"])
    args = ("explain", "coref", COREF_GOLD, COREF_PRED, "--doc", "pradhan", "--metric", "muc")
    assert str(ex) == cli(*args).stdout
    assert ex.to_dict() == json.loads(cli(*args, "--format", "json").stdout)
    assert ex.html == cli(*args, "--format", "html").stdout
    frame = ex._repr_html_()
    assert frame.startswith('<iframe') and "srcdoc=" in frame and "&lt;html" in frame.lower()
    by_position = metricc.load("coref").explain(COREF_GOLD, COREF_PRED, doc=1, metrics=["muc"])
    assert by_position.to_dict() == ex.to_dict()


def test_compare_equals_cli():
    args = ("coref", COREF_GOLD, COREF_PRED, COREF_GOLD)
    cmp = metricc.compare("coref", *args[1:], bootstrap=500, seed=4, metrics=["muc", "b3"])
    assert cmp.to_dict() == json.loads(cli("compare", *args, "--bootstrap", "500", "--seed", "4", "--metric", "muc", "--metric", "b3", "--format", "json").stdout)
    assert cmp.documents == 2
    assert {(r["metric"], r["field"]) for r in cmp.rows} >= {("muc", "f1"), ("b3", "precision")}
    assert "muc (F1)" in repr(cmp) and "<table>" in cmp._repr_html_()


def test_specs_and_version():
    specs = metricc.specs()
    assert "coref" in specs and specs["coref"].startswith("Coreference resolution")
    assert list(specs) == [line.split()[0] for line in cli("specs").stdout.splitlines()]
    assert metricc.version() == metricc.__version__ == cli("--version").stdout.split()[1]
    assert "conll2012" in metricc.input_formats()
    spec = metricc.load("coref")
    assert spec.name == "coref.metric" and spec.metrics[0] == "mentions" and spec.params == {}
    assert spec.source == cli("show", "coref").stdout
