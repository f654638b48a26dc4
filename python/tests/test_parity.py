"""Every shipped spec, scored through Python on its test data, gives the
object `metricc run --format json` prints, exactly; and with the options
that change the output's shape."""

import pytest

import metricc
from conftest import REPO, cli_json

# A gold and a prediction for each shipped spec, from testdata/.
CASES = {
    "anls": ("testdata/anls/example-gold.jsonl", "testdata/anls/example-pred.jsonl"),
    "amr-fine": ("testdata/amr/docsmatch/ibm/gold.amr", "testdata/amr/docsmatch/ibm/pred.amr"),
    "conll16": ("testdata/conll16/cases/exact/gold.json", "testdata/conll16/cases/exact/pred.json"),
    "coref": ("testdata/coref/example-gold.json", "testdata/coref/example-pred.jsonl"),
    "coref-nosingletons": ("testdata/coref/example-gold.json", "testdata/coref/example-pred.jsonl"),
    "dependency": ("testdata/dependency/gold.json", "testdata/dependency/pred.json"),
    "docsmatch": ("testdata/amr/docsmatch/ibm/gold.amr", "testdata/amr/docsmatch/ibm/pred.amr"),
    "eael": ("testdata/eael/scenarios/sampleTest.gold.json", "testdata/eael/scenarios/sampleTest.pred.json"),
    "edm": ("testdata/mrp/constructed/gold.mrp", "testdata/mrp/constructed/system.mrp"),
    "event": ("testdata/event/gold.json", "testdata/event/pred.json"),
    "mrp": ("testdata/mrp/constructed/gold.mrp", "testdata/mrp/constructed/system.mrp"),
    "ner": ("testdata/ner/conll2003/gold.iob2.txt", "testdata/ner/conll2003/pred.iob2.2.txt"),
    "ranking": ("testdata/ranking/gold.jsonl", "testdata/ranking/pred.jsonl"),
    "ree": ("testdata/ree/gold.json", "testdata/ree/pred.json"),
    "relation": ("testdata/relation/gold.json", "testdata/relation/pred.json"),
    "scirex": ("testdata/scirex/gold.json", "testdata/scirex/pred.json"),
    "smatch": ("testdata/amr/docsmatch/ibm/gold.amr", "testdata/amr/docsmatch/ibm/pred.amr"),
    "templates": ("testdata/templates/gold.json", "testdata/templates/pred.json"),
    "ud": ("testdata/ud/conll18/gold.conllu", "testdata/ud/conll18/sys1.conllu"),
}


def test_every_shipped_spec_has_a_case():
    assert sorted(CASES) == sorted(metricc.specs())


@pytest.mark.parametrize("name", sorted(CASES))
def test_shipped_spec_equals_cli(name):
    gold, pred = CASES[name]
    spec = metricc.load(name)
    got = spec.score(REPO / gold, REPO / pred)
    assert got.to_dict() == cli_json("run", name, gold, pred)
    assert list(got) == [m for m in got.to_dict()["metrics"]]


# Options that add to the output: per-document rows, intervals, macro
# averages, a subset of metrics, params.
OPTION_CASES = [
    ("coref", {"per_doc": True}, ["--per-doc"]),
    ("coref", {"bootstrap": 200, "seed": 3, "level": 0.9}, ["--bootstrap", "200", "--seed", "3", "--level", "0.9"]),
    ("coref", {"macro": True, "metrics": ["muc", "conll"]}, ["--macro", "--metric", "muc", "--metric", "conll"]),
    ("ner", {"per_doc": True, "bootstrap": 100}, ["--per-doc", "--bootstrap", "100"]),
    ("smatch", {"search_work": 0, "search_pairs": 0}, ["--search-work", "0", "--search-pairs", "0"]),
    ("conll16", {"params": {"cutoff": 1.0}}, ["--set", "cutoff=1.0"]),
    ("mrp", {"per_doc": True, "workers": 1}, ["--per-doc", "--workers", "1"]),
]


@pytest.mark.parametrize("name,options,flags", OPTION_CASES)
def test_options_equal_cli(name, options, flags):
    gold, pred = CASES[name]
    got = metricc.load(name).score(REPO / gold, REPO / pred, **options)
    assert got.to_dict() == cli_json("run", name, gold, pred, *flags)


def test_spec_file_with_params_equals_cli():
    spec = metricc.load(REPO / "testdata/tutorial/ner-report.metric", params={"cutoff": 0.7})
    assert spec.params == {"cutoff": 0.7}
    got = spec.score(REPO / "testdata/tutorial/gold.jsonl", REPO / "testdata/tutorial/pred.jsonl", per_doc=True)
    want = cli_json("run", "testdata/tutorial/ner-report.metric", "testdata/tutorial/gold.jsonl", "testdata/tutorial/pred.jsonl",
                    "--set", "cutoff=0.7", "--per-doc")
    assert got.to_dict() == want
    assert got.params == {"cutoff": 0.7}
