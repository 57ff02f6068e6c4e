"""One STANDARD sync of a project: chosen tables of a SQL source copied into the project's
DuckDB store by dlt (https://dlthub.com), the sync engine. Run by the worker's SyncTables
activity with the job on stdin as JSON:

    {"source": {"dialect": "postgresql" | "mysql", "host": "10.0.0.5", "port": 5432,
                "database": "shop", "user": "u", "password": "p", "ssl": false},
     "tables": [{"schema": "public", "name": "orders", "cursor": "updated_at", "primaryKey": ["id"]}],
     "store": "/…/sync/staging.duckdb", "pipelinesDir": "/…/sync/pipelines", "chunkRows": 100000}

The host is the address the worker's network policy checked: nothing here resolves names.
A table with a cursor column is read from where the last sync stopped and merged into the
store by its primary key; one without is copied whole and replaces the store's. Names are
kept as the source writes them (dlt's case-sensitive naming), each source schema in a store
schema of the same name, so the project's models read the store as they read the source.

dlt keeps its state and unfinished loads under `pipelinesDir`: a sync killed midway is
finished by the next run, and a cursor moves only once its rows are in the store. When the
worker that started it dies (killed, crashed), this process ends too: the run is taken up
by another worker, and two writers never hold the store.

Progress goes to stdout, one JSON object a line:
    {"event": "rows", "table": "public.orders", "rows": 150000}
    {"event": "done", "tables": {"public.orders": 200000}}
    {"event": "error", "message": "…"}   (then exit status 1)
"""

import json
import os
import sys
import threading
import time
from collections import defaultdict
from urllib.parse import quote

# Before dlt is imported: no telemetry, names as the source writes them, quiet logs.
os.environ.setdefault("RUNTIME__DLTHUB_TELEMETRY", "false")
os.environ.setdefault("SCHEMA__NAMING", "sql_cs_v1")
os.environ.setdefault("RUNTIME__LOG_LEVEL", "WARNING")

PROGRESS_EVERY_SECONDS = 1.0


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}), flush=True)


def credentials(source):
    driver = {"postgresql": "postgresql+psycopg2", "mysql": "mysql+pymysql"}[source["dialect"]]
    user, password = quote(source["user"], safe=""), quote(source.get("password") or "", safe="")
    host = source["host"]
    if ":" in host:
        host = f"[{host}]"
    url = f"{driver}://{user}:{password}@{host}:{int(source['port'])}/{quote(source['database'], safe='')}"
    if source["dialect"] == "postgresql":
        url += "?sslmode=" + ("require" if source.get("ssl") else "prefer") + "&connect_timeout=15"
    return url


def end_with_parent():
    """Exits as soon as the worker that started this process is gone (reparented)."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(3)

    threading.Thread(target=watch, daemon=True).start()


def main():
    end_with_parent()
    job = json.load(sys.stdin)
    os.environ.setdefault("DLT_DATA_DIR", os.path.join(job["pipelinesDir"], "data"))
    import dlt
    from dlt.sources.sql_database import sql_table

    url = credentials(job["source"])
    counted = defaultdict(int)
    last_said = [0.0]

    def counter(key):
        def count(item):
            counted[key] += getattr(item, "num_rows", None) or (len(item) if isinstance(item, list) else 1)
            now = time.monotonic()
            if now - last_said[0] >= PROGRESS_EVERY_SECONDS:
                last_said[0] = now
                emit("rows", table=key, rows=counted[key])
            return item
        return count

    by_schema = defaultdict(list)
    for table in job["tables"]:
        by_schema[table["schema"]].append(table)
    for schema, tables in by_schema.items():
        resources = []
        for table in tables:
            key = f"{schema}.{table['name']}"
            cursor = table.get("cursor")
            incremental = dlt.sources.incremental(cursor) if cursor else None
            resource = sql_table(
                credentials=url, schema=schema, table=table["name"], incremental=incremental,
                backend="pyarrow", chunk_size=int(job.get("chunkRows") or 100000), reflection_level="full_with_precision",
            )
            primary_key = table.get("primaryKey") or []
            if cursor and primary_key:
                resource.apply_hints(primary_key=primary_key, write_disposition="merge")
            elif cursor:
                resource.apply_hints(write_disposition="append")
            else:
                resource.apply_hints(write_disposition="replace")
            resource.add_map(counter(key))
            counted[key] = 0
            resources.append(resource)
        pipeline = dlt.pipeline(
            pipeline_name=f"quarry_{schema}",
            destination=dlt.destinations.duckdb(job["store"]),
            dataset_name=schema,
            pipelines_dir=job["pipelinesDir"],
        )
        pipeline.run(resources)
    # Everything in the store's file itself (no write-ahead log beside it): the worker copies
    # the file to publish it.
    import duckdb
    with duckdb.connect(job["store"]) as store:
        store.execute("CHECKPOINT")
    emit("done", tables=dict(counted))


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # the reason, as the source or dlt gave it
        message = str(error).strip().splitlines()
        emit("error", message=" ".join(message)[:2000] or type(error).__name__)
        sys.exit(1)
