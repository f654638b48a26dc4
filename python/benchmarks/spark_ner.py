"""NER documents of the size of CoNLL-2003's (internal/cmd/jsonlcorpus,
from nergen through the bio adapter) scored by metricc.spark.score on
local[2], beside `metricc run ner` on the same documents as JSON Lines:
wall time, CPU of every process, peak memory, and the same output.

    go run ./internal/cmd/jsonlcorpus -shape ner -docs 1000000 -out /tmp/ner1m
    .venv/bin/pip install psutil
    .venv/bin/python python/benchmarks/spark_ner.py /tmp/ner1m 100000 1000000

For each corpus size (the first N documents), the command line and a Spark
driver (a fresh Python process: a SparkSession on local[2], then
metricc.spark.score over a Parquet file of (gold, pred) rows written
beforehand, not counted) run one after the other. CPU is counted for the
whole process tree: for the command line, /usr/bin/time; for Spark, the
driver samples itself and all its descendants (the JVM, PySpark's daemon
and its Python workers) with psutil every 0.2 s and, before stopping the
session, sums the user and system time of each, alive to the end; the CPU
of the session's start (the JVM's) is given apart. Peak memory is sampled
per process: the Python driver, the JVM (driver and executors in one, in
local mode; its heap is bounded by spark.driver.memory), and the largest
Python worker.
"""

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path


def prepare(d: Path, n: int):
    """The first n documents as JSON Lines and as Parquet rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    gold, pred, parquet = d / f"gold-{n}.jsonl", d / f"pred-{n}.jsonl", d / f"pairs-{n}.parquet"
    if parquet.exists():
        return gold, pred, parquet
    writer = None
    with open(d / "gold.jsonl") as gi, open(d / "pred.jsonl") as pi, open(gold, "w") as go, open(pred, "w") as po:
        left = n
        while left > 0:
            k = min(left, 50_000)
            g = [gi.readline() for _ in range(k)]
            p = [pi.readline() for _ in range(k)]
            if not g[-1] or not p[-1]:
                raise SystemExit(f"{d} has fewer than {n} documents")
            go.writelines(g)
            po.writelines(p)
            t = pa.table({"gold": [x.rstrip("\n") for x in g], "pred": [x.rstrip("\n") for x in p]})
            if writer is None:
                writer = pq.ParquetWriter(str(parquet) + ".tmp", t.schema)
            writer.write_table(t)
            left -= k
    writer.close()
    os.rename(str(parquet) + ".tmp", parquet)
    return gold, pred, parquet


def run_cli(gold: Path, pred: Path) -> dict:
    cli = str(Path(sys.executable).parent / "metricc")
    stats = gold.parent / "time.txt"
    t = time.time()
    done = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", str(stats), cli, "run", "ner", str(gold), str(pred), "--format", "json"],
                          capture_output=True, check=True)
    wall = time.time() - t
    user, system, maxrss = stats.read_text().split()
    return {"result": json.loads(done.stdout), "wall": wall, "cpu": float(user) + float(system), "rss_mb": int(maxrss) / 1024}


def run_spark(parquet: Path) -> dict:
    done = subprocess.run([sys.executable, __file__, "--driver", str(parquet)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-4000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


class Tree:
    """CPU and peak memory of this process and its descendants, sampled."""

    def __init__(self):
        import psutil

        self.psutil = psutil
        self.me = psutil.Process()
        self.cpu = {}   # pid -> (name, user + system)
        self.peak = {}  # pid -> (name, peak RSS)
        self.stop = False
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def role(self, p) -> str:
        if p.pid == self.me.pid:
            return "driver"
        name = p.name()
        if name == "java":
            return "jvm"
        return "python worker" if "python" in name else name

    def sample(self):
        for p in [self.me] + self.me.children(recursive=True):
            try:
                t = p.cpu_times()
                rss = p.memory_info().rss
                role = self.role(p)
            except self.psutil.Error:
                continue
            self.cpu[p.pid] = (role, t.user + t.system)
            if rss > self.peak.get(p.pid, ("", 0))[1]:
                self.peak[p.pid] = (role, rss)

    def loop(self):
        while not self.stop:
            self.sample()
            time.sleep(0.2)

    def total_cpu(self) -> float:
        self.sample()
        return sum(c for _, c in self.cpu.values())

    def peaks(self) -> dict:
        out = {}
        for role, rss in self.peak.values():
            out[role] = max(out.get(role, 0), rss / 2**20)
        return out


def driver(parquet: str):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    tree = Tree()
    t0 = time.time()
    from pyspark.sql import SparkSession

    import metricc.spark

    spark = (SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    started, cpu0 = time.time(), tree.total_cpu()
    res = metricc.spark.score(spark.read.parquet(parquet), "ner")
    done = time.time()
    cpu = tree.total_cpu()
    tree.stop = True
    print(json.dumps({"result": res.to_dict(), "wall": done - t0, "wall_scoring": done - started, "cpu": cpu,
                      "cpu_start": cpu0, "peaks": tree.peaks(), "partitions": spark.read.parquet(parquet).rdd.getNumPartitions()}))
    spark.stop()


def main():
    d = Path(sys.argv[1])
    sizes = [int(x) for x in sys.argv[2:]] or [1_000_000]
    rows = []
    for n in sizes:
        gold, pred, parquet = prepare(d, n)
        cli = run_cli(gold, pred)
        sp = run_spark(parquet)
        assert sp["result"] == cli["result"], "the outputs differ"
        rows.append((n, cli, sp))
        print(f"{n:>9,} documents, {sp['partitions']} partitions: outputs identical", flush=True)
        print(f"  metricc run ner      wall {cli['wall']:7.1f} s   CPU {cli['cpu']:7.1f} s   peak RSS {cli['rss_mb']:6.0f} MB", flush=True)
        print(f"  metricc.spark.score  wall {sp['wall']:7.1f} s   CPU {sp['cpu']:7.1f} s   (session start {sp['cpu_start']:.1f} s; "
              f"scoring: wall {sp['wall_scoring']:.1f} s, CPU {sp['cpu'] - sp['cpu_start']:.1f} s)", flush=True)
        print("  peak RSS: " + ", ".join(f"{k} {v:.0f} MB" for k, v in sorted(sp["peaks"].items())), flush=True)
        print(f"  CPU ratio Spark / CLI: {sp['cpu'] / cli['cpu']:.2f} (scoring alone {(sp['cpu'] - sp['cpu_start']) / cli['cpu']:.2f})", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--driver":
        driver(sys.argv[2])
    else:
        main()
