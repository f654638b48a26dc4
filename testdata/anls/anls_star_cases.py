"""Writes anls-star-cases.json: the examples of anls-star's own tests (its
tests/test_anls_star.py, one instance of each property test) with the value
the test asserts ("expect", where it asserts one; "round": compared after
rounding to two decimals) and the value anls_score gives, for
internal/specs/anls_test.go. Tuples are written {"$or": [...]}.

    python3 anls_star_cases.py > anls-star-cases.json

Needs `pip install anls-star munkres==1.1.4`."""
import json
import sys
import warnings
from importlib.metadata import version

from anls_star import anls_score

TEN = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
CASES = [
    # name, gold, prediction, expected value (None: only recorded), rounded
    ("same none", None, None, 1.0, False),
    ("same bool", True, True, 1.0, False),
    ("same text", "Some text", "Some text", 1.0, False),
    ("same float", 1.5, 1.5, 1.0, False),
    ("same int", -42, -42, 1.0, False),
    ("cast bool", True, "True", 1.0, False),
    ("cast bool back", "True", True, 1.0, False),
    ("cast float", 0.5, "0.5", 1.0, False),
    ("cast int", "12", 12, 1.0, False),
    ("trim whitespace", "Test Hello ", " Test    Hello\n\n", 1.0, False),
    ("case insensitive", "TeSt HeLlO", "tEsT hElLO", 1.0, False),
    ("single answer", ("x y",), "x y", 1.0, False),
    ("single wrong answer", ("abc",), "Hi there", 0.0, False),
    ("single answer slightly off", ("500",), "$500", None, False),
    ("float str", ("0.123",), 0.123, 1.0, False),
    ("multiple possibilities", ("foo", "bar", "correct"), "correct", 1.0, False),
    ("tuple with empty list", {"a": ([], ["a", "b", "c"], ["d", "e", "f"])}, {"a": []}, 1.0, False),
    ("tuple with empty list 2", {"a": (["a", "b", "c"], ["d", "e", "f"], [])}, {"a": []}, 1.0, False),
    ("empty list", [], [], 1.0, False),
    ("permuted list", ["a", "b", "c", "d"], ["c", "a", "d", "b"], 1.0, False),
    ("one missing at end", TEN, TEN[:-1], 0.9, False),
    ("one missing at beginning", TEN, TEN[1:], 0.9, False),
    ("completely off", ["a", "b", "c"], ["what", "is", "otera"], 0.0, False),
    ("missed elements 1", ["one", "two", "three"], ["one", "to", "three"], None, False),
    ("missed elements 2", ["one", "two", "three"], ["one", "to"], None, False),
    ("hallucinated elements", ["one", "two", "three"], ["one", "to", "three", "four"], None, False),
    ("permutation invariant", ["one", "two", "three"], ["three", "one", "two"], 1.0, False),
    ("none vs empty list", None, [], 1.0, False),
    ("none vs empty dict", None, {}, 1.0, False),
    ("none vs empty string", None, "", 1.0, False),
    ("none vs bool", None, False, 0.0, False),
    ("none vs text", None, "x", 0.0, False),
    ("none vs number", None, 0, 0.0, False),
    ("none vs list", None, ["a"], 0.0, False),
    ("none vs dict", None, {"k": "v"}, 0.0, False),
    ("empty dict", {}, {}, 1.0, False),
    ("equal dicts", {"a": None, "b": True, "c": "x", "d": 2.5, "e": 3}, {"a": None, "b": True, "c": "x", "d": 2.5, "e": 3}, 1.0, False),
    ("hallucinated key", {"b": "y", "c": "z"}, {"a": "x", "b": "y", "c": "z"}, 2 / 3, False),
    ("missing key", {"a": "x", "b": "y", "c": "z"}, {"b": "y", "c": "z"}, 2 / 3, False),
    ("dict against none", {"a": "b"}, None, None, False),
    ("recursive dicts", {"x": {"a": "b"}, "y": {"c": "d", "e": "f"}}, {"x": {"a": "b"}, "y": {"c": "d", "e": "f"}}, 1.0, False),
    ("recursive options 1", {"a": {"b": ("c", "e")}}, {"a": {"b": "e"}}, 1.0, False),
    ("recursive options 2", {"a": {"b": ("c", "e")}}, {"a": {"b": "c"}}, 1.0, False),
    ("dict with options", {"a": ("b", "t"), "c": "d"}, {"a": "t", "c": "d"}, 1.0, False),
    ("dicts with lists", {"k": ["a", "b"], "l": []}, {"k": ["a", "b"], "l": []}, 1.0, False),
    ("different dict values", {"a": "b", "c": "d"}, {"a": "b", "c": "e"}, 0.5, False),
    ("different dict keys", {"a": "b", "c": "d"}, {"a": "b", "e": "d"}, 1 / 3, False),
    ("list of dicts", [{"a": "b"}, {"c": "d", "e": "f"}, {}], [{}, {"c": "d", "e": "f"}, {"a": "b"}], 1.0, False),
    ("line items", {"k1": 1, "k2": "mock", "line_items": [{"a": "b", "c": "d"}, {"e": "f"}]},
     {"k1": 1, "k2": "kcom", "line_items": [{"e": "f"}, {"a": "y", "c": "d"}]}, 3 / 5, False),
    ("dict list", {"a": ["a", "b", "c"]}, {"a": ["b", "c"]}, 2 / 3, False),
    ("dict list but scalar", {"a": ["a", "b", "c"]}, {"a": "b"}, 0.0, False),
    ("dict list options", {"a": ("David Peer", "Peer David")}, {"a": "David Peer"}, 1.0, False),
    ("hallucinated keys 1", {"a": "b"}, {"a": "b", "c": "d"}, None, False),
    ("hallucinated keys 2", {"a": "b"}, {"a": "b", "c": "d", "e": "f", "g": "h"}, None, False),
    ("missed keys 1", {"a": "b", "c": "d", "e": "f", "g": "h"}, {"a": "b", "c": "d"}, None, False),
    ("missed keys 2", {"a": "b", "c": "d", "e": "f", "g": "h"}, {"a": "b"}, None, False),
    ("classical qa", ["first", "second", "third"], "second", 1.0, False),
    ("classical qa hospital", ["st. louis children's hospital", "st. louis childrens hospital", "st. louis children hospital"],
     "St. Louis Children's Hospital", 1.0, False),
    ("empty response", {"jurisdiction": None, "party": None, "effective_date": None, "term": None},
     {"jurisdiction": "California", "party": "Ray_M._Dolby"}, 0.5, False),
    ("missing key is none", {"name": "david", "company": None}, {"name": "david"}, 1.0, False),
    ("paper string correct", "Hello World", "Hello World", 1.0, False),
    ("paper string typo", "Hello World", "Hello Wrold", 0.82, True),
    ("paper wrong answer", "Hello World", "How are you?", 0.0, False),
    ("paper hallucination", None, "How are you?", 0.0, False),
    ("paper one of n", ("Hello", "World"), "Hello", 1.0, False),
    ("paper one of n typo", ("Hello", "World"), "Wolrd", 0.6, False),
    ("paper expected string", "Hello World", ["Hello", "World"], 0.0, False),
    ("paper list correct", ["Hello", "World"], ["World", "Hello"], 1.0, False),
    ("paper list missing", ["Hello", "World"], ["Hello"], 0.5, False),
    ("paper two dicts", {"a": "Hello", "b": "World"}, {"b": "World", "a": "Hello"}, 1.0, False),
    ("paper missing key", {"a": "Hello", "b": "World"}, {"a": "Hello"}, 0.5, False),
    ("paper hallucinating", {"a": "Hello", "b": "World"}, {"b": "World", "a": "Hello", "c": "Great"}, 0.67, True),
    ("paper complex object", {"a": "Hello", "b": ["w", "r", "l", "d"]}, {"a": "Hello", "b": ["w", "r", "d"]}, 0.8, False),
    ("paper list casted", ["Hello", "World"], "World", 1.0, False),
    ("paper numbers", 0.2, 0.199999, 0.0, False),
    ("paper date formats", "31.12.2023", "31. Dec 2023", 0.58, True),
    ("paper unanswerable wrong", "Yesterday", "Last Week", 0.0, False),
    ("paper unanswerable none", "Yesterday", None, 0.0, False),
    ("additional nones", {}, {"string": "", "dict": {}, "list": [], "none": None, "bool": False}, 0.0, False),
    ("none ground truth", {"a": None}, {}, 1.0, False),
    ("key scores hierarchy",
     {"a": "Hello", "b": [{"l1": "aa", "l2": "b"}, {"l1": "c", "l2": "d"}, {"l1": "e", "l2": "f"}], "c": "Test",
      "second_order": {"name": "Fluffy", "age": "3", "items": [{"id": "1", "value": "12.3"}, {"id": "2", "value": "13.4"}]}},
     {"a": "Helloo", "b": [{"l1": "a", "l2": "q"}, {"l1": "c", "l2": "d"}],
      "second_order": {"name": "Fluffy", "age": "31", "items": [{"id": "1", "value": "12.1"}, {"id": "3", "value": "13.4"}]}},
     None, False),
    ("readme example", {"a": ("hello", "world"), "b": ["this", "is", "a", "test"]}, {"a": "hello!", "b": ["a", "test", "this", "be"]}, None, False),
]


def spell(v):
    """The JSON spelling of a gold answer: tuples as {"$or": [...]}."""
    if isinstance(v, tuple):
        return {"$or": [spell(x) for x in v]}
    if isinstance(v, list):
        return [spell(x) for x in v]
    if isinstance(v, dict):
        return {k: spell(x) for k, x in v.items()}
    return v


out = []
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for name, gold, pred, expect, rounded in CASES:
        out.append({"name": name, "gold": spell(gold), "pred": pred, "expect": expect, "round": rounded,
                    "anls": anls_score(gold, pred)})
json.dump({"about": __doc__.split("\n\n")[0], "anls_star": version("anls_star"), "munkres": version("munkres"),
           "cases": out}, sys.stdout, indent=0, ensure_ascii=False)
print()
