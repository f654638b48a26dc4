"""Records what CPython's str methods give, for pytext's tests.

    python3 internal/pytext/testdata/record.py > internal/pytext/testdata/python.json

lower: str.lower() on texts around capital sigmas (the Final_Sigma rule)
and dotted capital I, with every case-ignorable and cased neighbour the
rule looks through or stops at, and on those neighbours alone; isspace: the code points below U+3100 for
which str.isspace() holds; repr: repr(float) of edge values.
"""
import json
import struct
import sys
import unicodedata

neighbours = []
for cp in list(range(0x20, 0x600)) + [0x1d2c, 0x2018, 0x2019, 0x2024, 0x2027, 0x2071, 0x24b6, 0x24d0,
                                        0x2c7d, 0xa69c, 0xfe13, 0xfe52, 0xfe55, 0xff07, 0xff0e, 0xff1a]:
    c = chr(cp)
    if unicodedata.category(c) in ("Cs", "Cn", "Cc"):
        continue
    neighbours.append(c)
texts = ["", "ABC", "abc", "İstanbul", "ΣΑΣ", "ΌΣΟΣ ΣΟΦΟΣ", "Σ", "aΣ", "Σa", "a.Σ.", "a'Σ'b", "ΑΣ-",
         "\U00010400\u03a3", "ǅΣ", "aΣ\u0301", "\xad\u03a3"]
for c in neighbours:
    texts += ["A" + c + "\u03a3", "A\u03a3" + c, "A\u03a3" + c + "b", c + "\u03a3"]
plain = [c for c in neighbours if c not in "\u03a3\u0130"]
texts += ["".join(plain[i:i + 40]) for i in range(0, len(plain), 40)]  # neither rule applies
lower = [[t, t.lower()] for t in texts]
space = [cp for cp in range(0x3100) if chr(cp).isspace()]
floats = [0.0, -0.0, 1.0, -1.5, 0.1, 1e16, 1e15, 123456789012345678.0, 1e-4, 1e-5, 0.00012345,
          2.5e-7, 1e100, -1e-100, 5e-324, 1.7976931348623157e308, 3.14159, 100.0, 1234.5678,
          9999999999999998.0, 1e22, 123.0, 0.001, 1.5e-5, -2.5e16, 7e-310,
          float("inf"), float("-inf")]
reprs = [[struct.unpack("<Q", struct.pack("<d", f))[0], repr(f)] for f in floats]
out = sys.stdout
out.write('{"python": %s, "unicode": %s,\n' % (json.dumps(sys.version.split()[0]), json.dumps(unicodedata.unidata_version)))
out.write('"isspace": %s,\n' % json.dumps(space))
out.write('"repr": [\n%s],\n' % ",\n".join(json.dumps(r) for r in reprs))
out.write('"lower": [\n%s]}\n' % ",\n".join(json.dumps(r) for r in lower))
