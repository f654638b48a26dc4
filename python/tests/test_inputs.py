"""Each kind of input gold and pred may be, and how Python values with no
JSON meaning are converted or refused."""

import io
import json
import math
import pathlib

import pytest

import metricc
from conftest import COREF_GOLD, COREF_PRED, REPO, TESTDATA, cli_json, read_docs


@pytest.fixture(autouse=True, params=["marshal", "json"])
def encoder(request, monkeypatch):
    """Every test runs with each route of documents given as Python values:
    marshal (what the package takes), and the json module (what it takes
    for values marshal does not write, or that the core leaves to Python)."""
    from metricc import _inputs

    if request.param == "json":
        monkeypatch.setattr(_inputs, "_MARSHAL", False)
    return request.param


@pytest.fixture(scope="module")
def coref():
    return metricc.load("coref")


@pytest.fixture(scope="module")
def want():
    return cli_json("run", "coref", COREF_GOLD, COREF_PRED)


def test_paths(coref, want):
    assert coref.score(str(COREF_GOLD), str(COREF_PRED)).to_dict() == want
    assert coref.score(COREF_GOLD, pathlib.PurePath(COREF_PRED)).to_dict() == want


def test_documents(coref, want):
    gold, pred = read_docs(COREF_GOLD), read_docs(COREF_PRED)
    assert coref.score(gold, pred).to_dict() == want
    assert coref.score(tuple(gold), (d for d in pred)).to_dict() == want
    assert coref.score(iter(gold), map(dict, pred)).to_dict() == want


def test_one_document(coref):
    gold, pred = read_docs(COREF_GOLD), read_docs(COREF_PRED)
    one = coref.score(gold[0], pred[0])
    assert one.documents == 1
    assert one.to_dict() == coref.score([gold[0]], [pred[0]]).to_dict()


def test_text_and_bytes(coref, want):
    gold, pred = COREF_GOLD.read_text(), COREF_PRED.read_text()
    assert coref.score(gold, pred).to_dict() == want
    assert coref.score(gold.encode(), pred.encode()).to_dict() == want
    assert coref.score(bytearray(gold.encode()), memoryview(pred.encode())).to_dict() == want
    # One line of JSON Lines is text too: it starts with "{".
    first = pred.splitlines()[0]
    assert coref.score(json.dumps([read_docs(COREF_GOLD)[0]]), first).documents == 1


def test_file_objects(coref, want):
    with open(COREF_GOLD) as g, open(COREF_PRED, "rb") as p:
        assert coref.score(g, p).to_dict() == want
    assert coref.score(io.StringIO(COREF_GOLD.read_text()), io.BytesIO(COREF_PRED.read_bytes())).to_dict() == want


def test_native_formats():
    key, response = TESTDATA / "coref/official/TC-A.key", TESTDATA / "coref/official/TC-A-1.response"
    want = cli_json("run", "coref", key, response)
    coref = metricc.load("coref")
    assert coref.score(key.read_text(), response.read_text()).to_dict() == want
    assert coref.score(key.read_bytes(), response.read_bytes(), input_format="conll2012").to_dict() == want
    with open(key, "rb") as k, open(response) as r:
        assert coref.score(k, r, input_format="conll2012").to_dict() == want
    ner = TESTDATA / "ner/conll2003"
    assert metricc.load("ner").score((ner / "gold.iob2.txt").read_bytes(), ner / "pred.iob2.2.txt", input_format="bio").to_dict() == cli_json(
        "run", "ner", ner / "gold.iob2.txt", ner / "pred.iob2.2.txt", "--input-format", "bio")


def test_input_format_is_for_text():
    with pytest.raises(ValueError, match="documents given as Python values are JSON"):
        metricc.load("coref").score([{"id": "a", "entities": []}], [], input_format="conll2012")


def test_bad_input_type(coref):
    with pytest.raises(TypeError, match="gold must be a path, documents"):
        coref.score(42, [])


XS = metricc.compile("type Doc { id: string, xs: set<int>, tags: set<string>, w: float }\ninput Doc\nmetric m = F<->[xs](delta)\nmetric t = F<->[tags](delta)\n", "xs.metric")


def doc(ident, xs=(), tags=(), w=0.0):
    return {"id": ident, "xs": list(xs), "tags": list(tags), "w": w}


def test_conversions():
    """Sets become sorted lists, tuples lists, bytes UTF-8 strings, NumPy
    values and arrays their Python values; int keys become strings, as
    json writes them."""
    np = pytest.importorskip("numpy")
    plain = XS.score([doc("a", [1, 2, 3], ["x", "y"])], [doc("a", [2, 3], ["y"])]).to_dict()
    converted = XS.score(
        [{"id": "a", "xs": {3, 1, 2}, "tags": (b"x", b"y"), "w": np.float64(0.0)}],
        [{"id": b"a", "xs": np.array([2, 3]), "tags": frozenset({"y"}), "w": 0, 7: "ignored"}],
    ).to_dict()
    assert converted == plain


def test_big_integers():
    """Python ints are written exactly; an int field reads any int64 exactly,
    and refuses beyond it, naming the document and the path."""
    big = 2**53 + 1
    res = XS.score([doc("a", [big, 1])], [doc("a", [big - 1, 1])])
    assert res["m"].sums == {"pred_gold": 1, "pred_pred": 2, "gold_gold": 2}
    with pytest.raises(metricc.DataError) as e:
        XS.score([doc("a", [2**70])], [doc("a")])
    assert (e.value.file, e.value.document, e.value.line, e.value.path) == ("<gold>", "a", 1, "xs.0")
    assert "outside the int64 range" in str(e.value)


@pytest.mark.parametrize(
    "value,path,message",
    [
        (math.nan, "w", "nan is not a number JSON can hold"),
        (math.inf, "w", "inf is not a number JSON can hold"),
        ({"nested": [1, -math.inf]}, "w.nested.1", "-inf is not a number"),
        ({1, "a"}, "w", "a set whose elements cannot be sorted"),
        (b"\xff\xfe", "w", "bytes that are not UTF-8"),
        ("bad \udc80 string", "w", "cannot be written as UTF-8 (a lone surrogate)"),
        ({(1, 2): "tuple key"}, "w", "a key of type tuple"),
        (object(), "w", "a value of type object has no JSON form"),
    ],
)
def test_values_without_json(value, path, message):
    docs = [doc("first"), dict(doc("second"), w=value)]
    with pytest.raises(metricc.DataError) as e:
        XS.score(docs, [doc("first"), doc("second")])
    err = e.value
    assert (err.file, err.document, err.line, err.path) == ("<gold>", "second", None, path)
    assert message in str(err)
    assert str(err).startswith(f'<gold>: document "second": {path}: ')


def test_values_without_json_in_documents_without_ids():
    with pytest.raises(metricc.DataError) as e:
        XS.score([doc("a")], [doc("a"), [math.nan]])
    assert (e.value.file, e.value.document, e.value.path) == ("<pred>", "2", "0")


def test_self_reference():
    d = doc("a")
    d["w"] = d
    with pytest.raises(metricc.DataError, match="contains itself"):
        XS.score([d], [doc("a")])
