"""Records what CPython writes for the cases of the marshal reader's tests:
for each case, the documents as marshal.dumps(docs, 4) writes them, and
what the Python package's json route makes of them (python/metricc/_inputs.py,
dump: the json module's text, or the DataError naming document and path).
The Go tests (pymarshal_test.go) require the reader to give the same text or
the same error, or to leave the case to Python where the case says so.

    cd internal/pymarshal/testdata
    for v in 3.9 3.10 3.11 3.12 3.13; do
        PYTHONHASHSEED=0 python$v record.py > cpython-$v.json
    done

PYTHONHASHSEED=0 writes sets in the same order each time.
"""

import base64
import json
import marshal
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "python"))
sys.setrecursionlimit(10000)

from metricc import _inputs  # noqa: E402
from metricc._errors import DataError  # noqa: E402


def floats():
    rng = random.Random(1)
    out = [0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1 / 3, 2 / 3, 1e16, 1e15, 9999999999999998.0, 1e17, 123456789012345678.0,
           1e-4, 1e-5, 0.00012345, 1.5e-5, 5e-324, 2.5e-310, 1.7976931348623157e308, 2.2250738585072014e-308,
           1e22, 1e21, 1e23, 9007199254740993.0, 4.35, 100.0, 1e100, -1e-100, 12345.678, 0.30000000000000004]
    while len(out) < 1500:
        f = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
        if math.isfinite(f):
            out.append(f)
    for _ in range(300):
        out.append(round(rng.uniform(-1e6, 1e6), rng.randrange(0, 8)))
        out.append(rng.random() * 10 ** rng.randrange(-20, 25))
    return out


def strings():
    rng = random.Random(2)
    out = ["", "a", "ascii text", "".join(chr(c) for c in range(0x20)), 'quote " backslash \\ slash /', "\x7f del",
           "é", "naïve café", "\u2028\u2029", "\uffff\ufffe", "😀 astral \U0010ffff", "日本語のテキスト", "x" * 255, "y" * 256,
           "é" * 300]
    alphabet = [chr(c) for c in list(range(0, 0x80)) + [0xe9, 0x3b1, 0x2028, 0x4e2d, 0xfeff, 0x1f600, 0x10ffff]]
    for _ in range(300):
        out.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 20))))
    return out


def ints():
    rng = random.Random(3)
    out = [0, 1, -1, 255, 256, -5, 2**31 - 1, -2**31, 2**31, -2**31 - 1, 2**53, 2**53 + 1, 2**60 - 1, 2**60,
           2**63 - 1, -2**63, 2**64, -(2**64) - 1, 10**30, 2**599, -(2**599) + 12345]
    for _ in range(500):
        out.append(rng.getrandbits(rng.randrange(1, 600)) * rng.choice([1, -1]))
    return out


def shared_key_int():
    k = 10**12
    f = 2.5
    return [{"id": "a", "m": {k: k, f: f}, "n": [k, f]}, {"id": "b", "n": [f, k], "m": {f: [k], k: 1}}]


def shared_values():
    inner = {"x": [1, 2, {"deep": "é"}], "s": "shared string " * 3}
    doc = {"id": "same", "v": inner}
    x = 10**12
    return [{"id": "a", "p": inner, "q": inner, "r": [inner, inner]}, {"id": "b", "r": inner}, doc, doc, doc,
            {"id": "c", "set": {x, 5, 7.5}, "v": x, "w": [x], "fs": frozenset({"q", "p"}), "fs2": None}]


def interned():
    import sys as s

    key = s.intern("a key of its own")
    return [{key: i, "id": str(i), s.intern("tag"): s.intern("LOC")} for i in range(5)]


def self_list():
    a = [1, 2]
    a.append(a)
    return [{"id": "a", "x": [0, a]}]


def self_dict():
    d = {"id": "d", "x": 1}
    d["me"] = d
    return [{"id": "fine"}, d]


def self_later():
    d = {"x": [1], "id": "later"}
    d["x"].append(d["x"])
    return [d]


def holds_docs():
    docs = [{"id": "a"}]
    docs.append({"id": "b", "all": docs})
    return docs


def deep(n):
    v = 1
    for _ in range(n):
        v = [v]
    return [{"id": "deep", "v": v}]


def bomb():
    v = [0]
    for _ in range(60):
        v = [v, v]
    return [{"id": "bomb", "v": v}]


def shared_nan():
    nan = float("nan")
    return [{"id": "a", "x": [1.5, nan], "y": nan}]


def shared_bad_string():
    s = "bad \udc80"
    return [{"id": "a", "x": [s], "y": s}]


NAN, INF = float("nan"), float("inf")

# name, documents, whether the reader leaves them to Python, whether the
# json route would run for ever (not run)
CASES = [
    ("scalars", lambda: [{"id": "a", "n": None, "t": True, "f": False, "i": 0, "neg": -5, "list": [], "dict": {}, "tuple": ()}], False, False),
    ("ints", lambda: [{"id": "ints", "v": ints()}], False, False),
    ("floats", lambda: [{"id": "floats", "v": floats()}], False, False),
    ("strings", lambda: [{"id": "strings", "v": strings()}, {s: i for i, s in enumerate(strings())}], False, False),
    ("keys", lambda: [{"id": "keys", "m": {2: "a", -2: "b", 2**70: "c", 1.5: "d", True: "e", None: "f", False: "g", "s": "h", 1e300: "i", -0.0: "j"}}], False, False),
    ("tuples", lambda: [{"id": "t", "t": (1, 2, (3,), ()), "long": tuple(range(300))}], False, False),
    ("sets", lambda: [{"id": "sets", "s": {3, 1, 2}, "fs": frozenset({"b", "a", "é", "😀", "\uffff"}), "nums": {True, 2, 0.5, -1, 2**70, 1.25, -2**70 - 0.5},
                       "empty": set(), "emptyfs": frozenset(), "one": {None}, "strs": set(strings()), "ints": set(range(-300, 300, 7))}], False, False),
    ("interned keys", interned, False, False),
    ("shared int and float keys", shared_key_int, False, False),
    ("shared values", shared_values, False, False),
    ("ids", lambda: [{"id": "é \"quoted\" \\ 😀"}, {"id": 7}, {"x": 1}, {"id": None}, [1, 2], "a string", 5], False, False),
    ("nested 150", lambda: deep(150), False, False),
    ("many documents", lambda: [{"id": str(i), "tags": "O B-PER I-PER O", "entities": [{"start": i, "end": i + 1, "label": "PER"}]} for i in range(300)], False, False),
    # values with no JSON form: refused, naming the document and the path
    ("nan", lambda: [{"id": "first"}, {"id": "second", "w": NAN}], False, False),
    ("inf", lambda: [{"id": "a", "w": INF}], False, False),
    ("-inf nested", lambda: [{"id": "a", "w": {"nested": [1, -INF]}}], False, False),
    ("nan before the id", lambda: [{"w": [NAN], "id": "late id"}], False, False),
    ("nan without an id", lambda: [{"id": "a"}, {"w": NAN}], False, False),
    ("nan as a document", lambda: [{"id": "a"}, [NAN]], False, False),
    ("nan in an int-keyed dict", lambda: [{"id": "a", "m": {5: {"x": NAN}, 1.5: 0}}], False, False),
    ("nan key", lambda: [{"id": "a", "m": {NAN: 1}}], False, False),
    ("inf key", lambda: [{"id": "a", "m": {"ok": 1, -INF: 1}}], False, False),
    ("shared nan", shared_nan, False, False),
    ("lone surrogate", lambda: [{"id": "a", "w": "bad \udc80 string"}], False, False),
    ("lone surrogate in a list", lambda: [{"id": "a", "w": ["ok", "é\ud800x"]}], False, False),
    ("shared lone surrogate", shared_bad_string, False, False),
    ("unsortable set", lambda: [{"id": "a", "w": {1, "a"}}], False, False),
    ("set with None", lambda: [{"id": "a", "w": {None, 1}}], False, False),
    ("list holds itself", self_list, False, False),
    ("dict holds itself", self_dict, False, False),
    ("list holds itself, id after", self_later, False, False),
    ("error in the second document after a good one", lambda: [{"id": "a", "w": 1.5}, {"id": "b", "w": [{"x": NAN}]}], False, False),
    # left to Python
    ("bytes", lambda: [{"id": "a", "w": b"utf-8 bytes"}], True, False),
    ("bytes not UTF-8", lambda: [{"id": "a", "w": b"\xff\xfe"}], True, False),
    ("bytearray", lambda: [{"id": "a", "w": bytearray(b"x")}], True, False),
    ("complex", lambda: [{"id": "a", "w": 1 + 2j}], True, False),
    ("ellipsis", lambda: [{"id": "a", "w": ...}], True, False),
    ("tuple key", lambda: [{"id": "a", "w": {(1, 2): "tuple key"}}], True, False),
    ("frozenset key", lambda: [{"id": "a", "w": {frozenset({1}): 1}}], True, False),
    ("set of one tuple", lambda: [{"id": "a", "w": frozenset({(1, 2)})}], True, False),
    ("set of tuples", lambda: [{"id": "a", "w": {(1, 2), (0, 5)}}], True, False),
    ("nan in a set", lambda: [{"id": "a", "w": {NAN, 1.0}}], True, False),
    ("surrogate key", lambda: [{"id": "a", "w": {"\udc80": 1}}], True, False),
    ("surrogate id", lambda: [{"id": "\udc80", "w": NAN}], True, False),
    ("huge int", lambda: [{"id": "a", "w": 2**700}], True, False),
    ("nested 250", lambda: deep(250), True, False),
    ("holds the documents", holds_docs, True, False),
    ("bytes after an error", lambda: [{"id": "a", "w": NAN, "b": b"x"}], True, False),
    ("shared values expanding past the bound", bomb, True, True),
]


def main():
    out = []
    for name, make, python, endless in CASES:
        docs = make()
        case = {"name": name, "marshal": base64.b64encode(marshal.dumps(docs, 4)).decode("ascii")}
        if python:
            # What the json route makes of these is the package's tests'
            # business (python/tests/test_marshal.py): a NaN's place in a
            # set, for one, changes from run to run.
            case["python"] = True
        elif not endless:
            try:
                case["json"] = _inputs.dump(docs, "gold").decode("utf-8")
            except DataError as e:
                p = e.errors[0]
                case["error"] = {"file": p.file, "document": p.document, "path": p.path, "message": p.message, "text": p.text}
        out.append(case)
    v = sys.version_info
    json.dump({"python": f"{v.major}.{v.minor}.{v.micro}", "marshal_version": marshal.version, "cases": out}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
