"""Writes pytext.json: what Python's str.lower(), str.split() and repr()
of a float give on the inputs the string similarities must read as Python
does, and the assignments munkres 1.1.4 chooses on small cost matrices
with many ties, for internal/stdlib and internal/solver tests.

    python3 pytext_record.py > pytext.json   # with munkres==1.1.4 installed"""
import json
import random
import sys
from importlib.metadata import version

from munkres import Munkres

TEXTS = ["ΟΔΟΣ ΕΡΜΟΥ", "ΣΙΣΥΦΟΣ.", "Σ", "ΑΣ'Α", "ΑΣ'", "İstanbul", "Straße", "ÅNGSTRÖM x", "Ünïcödé", "ǅemal",
         "a\x1cb\x1fc", "a\u00a0b\u2003c\u3000d", "tab\tsep\nline\r\n", " \x0b\x0c ", "MiXeD CaSe", "ΣΑΣ ΣΑΣ", "x̅Σ", "ῼΣ"]
FLOATS = [1e16, 1e15, 0.0001, 1e-05, 100.0, 0.1, 1.5e300, 123456789.123, -0.5, 5e-324, 0.2, 0.199999, 12.5,
          1234.5678, 2.0, 1e22, 9007199254740993.0, 1.7976931348623157e308, -1e-07, 3.14159]
rnd = random.Random(7)
matrices = []
for _ in range(300):
    n, m = rnd.randint(1, 6), rnd.randint(1, 6)
    cost = [[rnd.choice([0, 0.25, 0.5, 1, 1]) for _ in range(m)] for _ in range(n)]
    matrices.append({"cost": cost, "pairs": [list(p) for p in Munkres().compute(cost)]})
json.dump({
    "about": __doc__.split("\n\n")[0],
    "python": sys.version.split()[0],
    "munkres": version("munkres"),
    "lower": [[t, t.lower()] for t in TEXTS],
    "split": [[t, t.split()] for t in TEXTS],
    "repr": [[f, repr(f)] for f in FLOATS],
    "munkres_cases": matrices,
}, sys.stdout, indent=0, ensure_ascii=False)
print()
