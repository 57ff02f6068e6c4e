"""Sync throughput against a plain copy, in one run.

    ~/.cache/quarry/dlt/<version>/bin/python scripts/bench/sync_throughput.py [ROWS]

Needs the dev services (scripts/services.sh start dev): a table of ROWS rows (default
1,000,000) is made on the source Postgres (127.0.0.1:55431), then copied into a fresh DuckDB
file three times each way, alternating:
- baseline: Postgres `COPY … TO STDOUT (FORMAT csv)` into a file, then DuckDB
  `CREATE TABLE … AS SELECT * FROM read_csv(…)` — the plainest copy of the same table;
- Quarry: workers/sync/quarry_sync.py, the sync engine as the worker runs it (a full copy,
  no cursor), including its start-up.
Prints each median in rows/s and the ratio Quarry / baseline.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import duckdb
import psycopg2

ROWS = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
SOURCE = dict(host="127.0.0.1", port=55431, dbname="postgres", user="quarry", password="quarry")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "workers", "sync", "quarry_sync.py")


def make_table():
    with psycopg2.connect(**SOURCE) as conn, conn.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS bench_events")
        cur.execute(
            "CREATE TABLE bench_events (id bigint PRIMARY KEY, kind text, amount numeric(12,2), at timestamptz NOT NULL)"
        )
        cur.execute(
            "INSERT INTO bench_events SELECT g, 'k' || (g %% 17), (g %% 1000) / 7.0, "
            "timestamp '2025-01-01' + make_interval(secs => g) FROM generate_series(1, %s) g",
            (ROWS,),
        )


def baseline(dir):
    csv = os.path.join(dir, "events.csv")
    store = os.path.join(dir, "baseline.duckdb")
    started = time.perf_counter()
    with psycopg2.connect(**SOURCE) as conn, conn.cursor() as cur, open(csv, "w") as out:
        cur.copy_expert("COPY bench_events TO STDOUT (FORMAT csv, HEADER)", out)
    with duckdb.connect(store) as db:
        db.execute(f"CREATE TABLE bench_events AS SELECT * FROM read_csv('{csv}', header = true)")
        assert db.execute("SELECT COUNT(*) FROM bench_events").fetchone()[0] == ROWS
    return time.perf_counter() - started


def quarry(dir):
    job = {
        "source": {"dialect": "postgresql", "host": SOURCE["host"], "port": SOURCE["port"], "database": SOURCE["dbname"],
                   "user": SOURCE["user"], "password": SOURCE["password"]},
        "tables": [{"schema": "public", "name": "bench_events", "cursor": None, "primaryKey": ["id"]}],
        "store": os.path.join(dir, "staging.duckdb"),
        "pipelinesDir": os.path.join(dir, "pipelines"),
        "chunkRows": int(os.environ.get("CHUNK_ROWS", "100000")),
    }
    started = time.perf_counter()
    done = subprocess.run([sys.executable, SCRIPT], input=json.dumps(job), capture_output=True, text=True, check=True)
    elapsed = time.perf_counter() - started
    assert '"event": "done"' in done.stdout, done.stdout + done.stderr
    with duckdb.connect(job["store"], read_only=True) as db:
        assert db.execute('SELECT COUNT(*) FROM public."bench_events"').fetchone()[0] == ROWS
    return elapsed


def main():
    make_table()
    times = {"baseline": [], "quarry": []}
    for _ in range(3):
        for name, run in (("baseline", baseline), ("quarry", quarry)):
            with tempfile.TemporaryDirectory() as dir:
                times[name].append(run(dir))
    base, ours = statistics.median(times["baseline"]), statistics.median(times["quarry"])
    print(f"rows: {ROWS:,}")
    print(f"baseline (COPY to CSV, DuckDB read_csv): median {base:.2f} s, {ROWS / base:,.0f} rows/s")
    print(f"Quarry sync engine (dlt, pyarrow):       median {ours:.2f} s, {ROWS / ours:,.0f} rows/s")
    print(f"ratio (Quarry rows/s / baseline rows/s): {base / ours:.2f}x")


if __name__ == "__main__":
    main()
