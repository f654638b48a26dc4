"""Shared helpers: the repository's test data, the command line installed
with the package (the reference the Python results must equal), and
generated corpora."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TESTDATA = REPO / "testdata"
COREF_GOLD = TESTDATA / "coref" / "example-gold.json"
COREF_PRED = TESTDATA / "coref" / "example-pred.jsonl"
TUTORIAL = TESTDATA / "tutorial"


def cli_path() -> str:
    """The `metricc` command the package installed beside this Python."""
    exe = Path(sys.executable).parent / ("metricc.exe" if os.name == "nt" else "metricc")
    assert exe.exists(), f"the metricc command is not installed beside {sys.executable}"
    return str(exe)


def cli(*args, cwd=REPO, check=True) -> subprocess.CompletedProcess:
    done = subprocess.run([cli_path(), *map(str, args)], cwd=cwd, capture_output=True, text=True)
    if check:
        assert done.returncode == 0, done.stderr
    return done


def cli_json(*args, cwd=REPO) -> dict:
    """What `metricc ARGS --format json` prints, decoded."""
    return json.loads(cli(*args, "--format", "json", cwd=cwd).stdout)


def read_docs(path: Path) -> list:
    """The documents of a JSON or JSON Lines file."""
    text = path.read_text()
    if text.lstrip().startswith("["):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


LABELS = ["PER", "ORG", "LOC", "MISC"]


def entity_corpus(n: int, seed: int):
    """n gold documents of the tutorial's entity shape and predictions made
    from them by realistic errors (moved boundaries, wrong labels, misses,
    spurious entities): partial credit gives sums that are not integers."""
    rng = random.Random(seed)
    gold, pred = [], []
    for d in range(n):
        ents, pos = [], 0
        for _ in range(rng.randint(0, 8)):
            pos += rng.randint(0, 5)
            length = rng.randint(1, 4)
            ents.append({"start": pos, "end": pos + length - 1, "label": rng.choice(LABELS), "tokens": list(range(pos, pos + length))})
            pos += length
        guess = []
        for e in ents:
            r = rng.random()
            if r < 0.15:
                continue
            e = dict(e)
            if r < 0.35:
                e["end"] = max(e["start"], e["end"] + rng.choice([-1, 1]))
                e["tokens"] = list(range(e["start"], e["end"] + 1))
            elif r < 0.45:
                e["label"] = rng.choice(LABELS)
            guess.append(e)
        if rng.random() < 0.3:
            s = pos + 2
            guess.append({"start": s, "end": s, "label": rng.choice(LABELS), "tokens": [s]})
        gold.append({"id": f"doc{d}", "entities": ents})
        pred.append({"id": f"doc{d}", "entities": guess})
    return gold, pred


def write_jsonl(path: Path, docs: list) -> Path:
    path.write_text("".join(json.dumps(d) + "\n" for d in docs))
    return path


@pytest.fixture(scope="session")
def corpus():
    return entity_corpus(120, seed=7)
