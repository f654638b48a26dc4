"""The wheel installs with --no-index into a fresh environment whose PATH
has no Go, and scores there: in process, in a forked child, and with the
`metricc` command it installs."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import COREF_GOLD, COREF_PRED, REPO, cli_json


def wheel(tmp_path: Path) -> Path:
    """The wheel `make test-python` built, or one built now."""
    given = os.environ.get("METRICC_WHEEL")
    if given:
        return Path(given)
    out = tmp_path / "wheel"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(REPO / "python")], check=True)
    (found,) = out.glob("metricc-*.whl")
    return found


SCRIPT = f"""
import json, os, metricc
from metricc import _core
spec = metricc.load("coref")
res = spec.score({str(COREF_GOLD)!r}, {str(COREF_PRED)!r})
pid = os.fork()
if pid == 0:
    ok = spec.score({str(COREF_GOLD)!r}, {str(COREF_PRED)!r}).to_dict() == res.to_dict() and _core.in_worker()
    os._exit(0 if ok else 1)
_, status = os.waitpid(pid, 0)
print(json.dumps({{"result": res.to_dict(), "child": os.waitstatus_to_exitcode(status)}}))
"""


def test_wheel_without_go(tmp_path):
    whl = wheel(tmp_path)
    assert whl.name.startswith("metricc-0.1.0-py3-none-")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bindir = venv / "bin"
    path = os.pathsep.join([str(bindir), "/usr/bin", "/bin"])
    assert shutil.which("go", path=path) is None
    env = {"PATH": path, "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    subprocess.run([str(bindir / "pip"), "install", "-q", "--no-index", "--disable-pip-version-check", str(whl)], check=True, env=env)
    want = cli_json("run", "coref", COREF_GOLD, COREF_PRED)
    done = subprocess.run([str(bindir / "python"), "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["result"] == want
    assert out["child"] == 0
    done = subprocess.run([str(bindir / "metricc"), "run", "coref", str(COREF_GOLD), str(COREF_PRED), "--format", "json"],
                          env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == want
