"""Threads share a Spec and get identical results, with the GIL released
while Go works; processes forked after the core was loaded score
correctly, through their worker."""

import multiprocessing
import os
import threading
import time

import pytest

import metricc
from metricc import _core
from conftest import COREF_GOLD, COREF_PRED, TESTDATA, TUTORIAL, cli_json, read_docs


def test_threads_share_a_spec(corpus):
    gold, pred = corpus
    spec = metricc.load(TUTORIAL / "ner-report.metric")
    want = spec.score(gold, pred, per_doc=True).to_dict()
    results, errors = [], []

    def work():
        try:
            for _ in range(10):
                results.append(spec.score(gold, pred, per_doc=True).to_dict())
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 80
    assert all(r == want for r in results)


def test_gil_is_released():
    """While one thread is in a long Go call, another runs Python."""
    ner = TESTDATA / "ner/conll2003"
    spec = metricc.load("ner")
    done = threading.Event()

    def score():
        spec.score(ner / "gold.iob2.txt", ner / "pred.iob2.2.txt", bootstrap=20000, workers=1)
        done.set()

    t = threading.Thread(target=score)
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
        time.sleep(0)
    t.join()
    # Holding the GIL, the call would leave this thread a few switch
    # intervals at most; released, it spins all along.
    assert spins > 1000, spins


def child_scores(_):
    spec = metricc.load("coref")
    res = spec.score(read_docs(COREF_GOLD), read_docs(COREF_PRED))
    return os.getpid(), _core.in_worker(), res.to_dict()


SPEC = None


def module_spec_scores(_):
    return _core.in_worker(), SPEC.score(COREF_GOLD, COREF_PRED, per_doc=True).to_dict()


def test_forked_children_score():
    """multiprocessing's fork start method, after the parent loaded the
    core: each child scores through its worker, with the parent's
    results."""
    global SPEC
    want = cli_json("run", "coref", COREF_GOLD, COREF_PRED)
    SPEC = metricc.load("coref")
    assert SPEC.score(COREF_GOLD, COREF_PRED).to_dict() == want  # the core is loaded here
    assert not _core.in_worker()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(3) as pool:
        out = pool.map(child_scores, range(6))
        assert all(in_worker and res == want for _, in_worker, res in out)
        # A Spec made before the fork, used in the child.
        want_per_doc = cli_json("run", "coref", COREF_GOLD, COREF_PRED, "--per-doc")
        out = pool.map(module_spec_scores, range(3))
        assert all(in_worker and res == want_per_doc for in_worker, res in out)
    assert SPEC.score(COREF_GOLD, COREF_PRED).to_dict() == want  # and the parent still scores


def grandchild(conn):
    # Forked from a forked child: a worker of its own.
    pid = os.fork()
    if pid == 0:
        try:
            ok = metricc.load("coref").score(COREF_GOLD, COREF_PRED)["conll"].value == 0.4581818181818182
            os._exit(0 if ok and _core.in_worker() else 3)
        except BaseException:  # noqa: BLE001
            os._exit(4)
    _, status = os.waitpid(pid, 0)
    conn.send(os.waitstatus_to_exitcode(status))


def test_grandchild():
    metricc.version()  # load the core
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe()
    p = ctx.Process(target=grandchild, args=(child,))
    p.start()
    assert parent.recv() == 0
    p.join()
    assert p.exitcode == 0


def test_accumulator_crosses_the_fork(corpus):
    """An accumulator made before a fork holds, in the child, what it held
    at the fork, and goes on from there."""
    gold, pred = corpus
    spec = metricc.load(TUTORIAL / "ner.metric")
    acc = spec.accumulator(per_doc=True).update(gold[:50], pred[:50])
    want = spec.score(gold, pred, per_doc=True).to_dict()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            acc.update(gold[50:], pred[50:])
            ok = acc.compute().to_dict() == want and acc.documents == len(gold) and _core.in_worker()
        except BaseException as e:  # noqa: BLE001
            os.write(w, repr(e).encode())
            os._exit(5)
        os._exit(0 if ok else 6)
    os.close(w)
    _, status = os.waitpid(pid, 0)
    msg = os.read(r, 10000).decode()
    os.close(r)
    assert os.waitstatus_to_exitcode(status) == 0, msg
    # The parent's accumulator is untouched.
    assert acc.documents == 50


def test_fork_before_loading():
    """A child forked before the core was ever loaded loads it itself."""
    code = (
        "import os, metricc\n"
        "from metricc import _core\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        f"    ok = metricc.load('coref').score({str(COREF_GOLD)!r}, {str(COREF_PRED)!r})['muc'].f1 == 0.4000000000000001\n"
        "    os._exit(0 if ok and not _core.in_worker() else 7)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "raise SystemExit(os.waitstatus_to_exitcode(status))\n"
    )
    import subprocess
    import sys

    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
