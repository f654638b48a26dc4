"""Documents given as Python values travel to the core as marshal writes
them, and the core reads the very JSON the json module writes for them
(internal/pymarshal): in this interpreter, for the cases the Go tests check
against the bytes of CPython 3.9 to 3.13, and for values only Python
converts, which the core hands back to be written as JSON."""

import collections
import enum
import importlib.util
import json
import math
import os

import pytest

import metricc
from metricc import _core, _inputs
from conftest import COREF_GOLD, COREF_PRED, REPO, cli_json, read_docs

spec = importlib.util.spec_from_file_location("record", REPO / "internal" / "pymarshal" / "testdata" / "record.py")
record = importlib.util.module_from_spec(spec)
spec.loader.exec_module(record)


@pytest.fixture
def fallbacks(monkeypatch):
    """The blobs the core handed back to be written as JSON, by reason."""
    seen = []
    to_json = _inputs.Blobs.to_json

    def spy(self, index, req, message):
        seen.append(message)
        return to_json(self, index, req, message)

    monkeypatch.setattr(_inputs.Blobs, "to_json", spy)
    return seen


def core_json(docs):
    """The text the core reads for docs given as Python values, or the
    DataError it raises."""
    blobs = _inputs.Blobs()
    inp = _inputs.encode(docs, "gold", "auto", blobs)
    return _core.call({"op": "json", "gold": inp}, blobs)["json"]


def outcome(f):
    try:
        return "json", f()
    except metricc.DataError as e:
        return "error", (e.file, e.document, e.line, e.path, str(e), [repr(p) for p in e.errors])


@pytest.mark.parametrize("name,make,python", [c[:3] for c in record.CASES if not c[3]], ids=[c[0] for c in record.CASES if not c[3]])
def test_cases_equal_json(name, make, python, fallbacks):
    """The recorded cases, in this interpreter: the core reads the text
    json.dumps writes, or raises the DataError the json route raises;
    marshal goes back to JSON only for the cases that say so."""
    want = outcome(lambda: _inputs.dump(make(), "gold").decode("utf-8"))
    got = outcome(lambda: core_json(make()))
    assert got == want
    assert bool(fallbacks) == python, fallbacks


def test_documents_go_by_marshal(monkeypatch, fallbacks):
    """Plain documents are never written as JSON in Python."""

    def no_json(docs, what):
        raise AssertionError("written as JSON")

    monkeypatch.setattr(_inputs, "dump", no_json)
    gold, pred = read_docs(COREF_GOLD), read_docs(COREF_PRED)
    coref = metricc.load("coref")
    assert coref.score(gold, pred).to_dict() == cli_json("run", "coref", COREF_GOLD, COREF_PRED)
    acc = coref.accumulator()
    acc.update(gold[:1], pred[:1]).update(gold[1:], pred[1:])
    assert acc.compute().to_dict() == cli_json("run", "coref", COREF_GOLD, COREF_PRED)
    assert fallbacks == []


class Label(enum.Enum):
    PER = "PER"


class Size(enum.IntEnum):
    ONE = 1


XS = metricc.compile("type Doc { id: string, xs: set<int>, tags: set<string>, w: float }\ninput Doc\nmetric m = F<->[xs](delta)\nmetric t = F<->[tags](delta)\n", "xs.metric")


def test_values_only_python_converts(fallbacks):
    """Bytes (which marshal writes alike for every object with a buffer),
    NumPy values and arrays: the core hands them back, and they score as
    their JSON does."""
    np = pytest.importorskip("numpy")
    want = XS.score([{"id": "a", "xs": [1, 2, 3], "tags": ["x", "y"], "w": 0.5}], [{"id": "a", "xs": [2, 3], "tags": ["y"], "w": 0.5}]).to_dict()
    assert fallbacks == []
    for gold, pred in [
        ({"id": b"a", "xs": [1, 2, 3], "tags": (b"x", bytearray(b"y")), "w": 0.5}, {"id": "a", "xs": [2, 3], "tags": [memoryview(b"y")], "w": 0.5}),
        ({"id": "a", "xs": np.array([1, 2, 3]), "tags": ["x", "y"], "w": np.float64(0.5)}, {"id": np.str_("a"), "xs": [np.int64(2), 3], "tags": ["y"], "w": 0.5}),
    ]:
        fallbacks.clear()
        assert XS.score([gold], [pred]).to_dict() == want
        assert len(fallbacks) == 2 and all("bytes, or an object with a buffer" in m for m in fallbacks), fallbacks


def test_values_marshal_does_not_write(monkeypatch, fallbacks):
    """Dict subclasses, enums, objects: marshal refuses them, and the
    documents go as JSON at once."""
    want = XS.score([{"id": "a", "xs": [1, 2], "tags": ["PER"], "w": 1}], [{"id": "a", "xs": [1], "tags": ["PER"], "w": 1}]).to_dict()
    gold = collections.OrderedDict(id="a", xs=[1, 2], tags=[Label.PER.value], w=1)
    pred = collections.defaultdict(list, id="a", xs=[Size.ONE], tags=[Label.PER], w=1)
    assert XS.score([gold], [pred]).to_dict() == want
    assert fallbacks == []


def test_errors_name_the_document(fallbacks):
    """A value with no JSON form, found by the core: the DataError the
    json route raises, with the document's id found after the value."""
    with pytest.raises(metricc.DataError) as e:
        XS.score([{"id": "a"}, {"w": {"m": [1, math.nan]}, "xs": [], "id": "late"}], [])
    err = e.value
    assert (err.file, err.document, err.line, err.path) == ("<gold>", "late", None, "w.m.1")
    assert str(err) == '<gold>: document "late": w.m.1: nan is not a number JSON can hold (NaN and infinities have no JSON form)'
    with pytest.raises(metricc.DataError) as e:
        XS.score([{"id": "a"}], [{"id": "a"}, {"w": {1, "x"}}])
    assert (e.value.file, e.value.document, e.value.path) == ("<pred>", "2", "w")
    assert fallbacks == []


def test_compare_documents():
    """compare with the gold given as documents reads it for each system."""
    coref = metricc.load("coref")
    gold, pred = read_docs(COREF_GOLD), read_docs(COREF_PRED)
    want = metricc.compare(coref, COREF_GOLD, COREF_PRED, COREF_PRED, bootstrap=50, names=("a", "b")).to_dict()
    assert metricc.compare(coref, gold, pred, COREF_PRED, bootstrap=50, names=("a", "b")).to_dict() == want
    assert metricc.compare(coref, gold, pred, pred, bootstrap=50, names=("a", "b")).to_dict() == want


def test_in_a_forked_child():
    """The worker of a forked child reads marshalled documents too."""
    coref = metricc.load("coref")
    gold, pred = read_docs(COREF_GOLD), read_docs(COREF_PRED)
    want = coref.score(gold, pred).to_dict()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            ok = _core.in_worker() and coref.score(gold, pred).to_dict() == want and coref.score([dict(gold[0], x=b"\xff")], pred[:1]) is None
        except metricc.DataError as e:
            ok = "bytes that are not UTF-8" in str(e)
        except BaseException:
            ok = False
        os.write(w, json.dumps(ok).encode())
        os._exit(0)
    os.close(w)
    _, status = os.waitpid(pid, 0)
    assert json.loads(os.read(r, 100)) is True
