#!/usr/bin/env python3
"""Run every gold SQL of a held-out set over its CSVs in DuckDB and print the row counts.

    python3 scripts/bench/heldout/check_gold.py <dataset> <csvdir>

<csvdir> is what `fetch.py <dataset> <csvdir>` wrote. Each CSV becomes a table named after
its file (`CREATE TABLE t AS SELECT * FROM read_csv('t.csv', ...)`), reading the package's
own missing-value marker as missing (see README.md). A gold SQL fails the check when it does
not run or returns no rows; it is flagged when its answer hangs on a tie (rows tied on the
ORDER BY key at a LIMIT boundary, or tied rows in an ordered result, whose order is then
arbitrary). Exits non-zero on any failure or flag.

Needs the duckdb module: run it with a Python that has it, e.g. the venv that
`python3 -m venv ~/.cache/quarry/heldout/venv && ~/.cache/quarry/heldout/venv/bin/pip install duckdb`
makes.
"""
import json
import re
import sys
from pathlib import Path

try:
    import duckdb
except ImportError:
    raise SystemExit("check_gold.py needs duckdb: pip install duckdb (in a venv, see the docstring)")

# What each package writes for a missing value, besides an empty field. Lahman's "NA" is a
# real value (the National Association league of 1871-1875), so it is not a marker there.
NULL_MARKERS = {"northwind": [""], "lahman": [""], "nycflights13": ["", "NA"]}
NULL_MARKERS["dslabs"] = [""]  # R NA written as an empty field by dslabs/fetch.py
NULL_MARKERS["tpch"] = [""]  # TPC-H dbgen output (tpch/fetch.py) has no missing values
NULL_MARKERS["spdata"] = [""]  # R NA written as an empty field; Namibia's ISO code "NA" is a value
NULL_MARKERS["bakeoff"] = [""]  # R NA written as an empty field by bakeoff/fetch.py
NULL_MARKERS["ratdat"] = [""]  # R NA written as an empty field by ratdat/fetch.py
NULL_MARKERS["movies"] = [""]  # SQL NULL (and empty text) written as an empty field by movies/fetch.py


def load(dataset: str, csvdir: Path):
    con = duckdb.connect()
    for csv in sorted(csvdir.glob("*.csv")):
        path = str(csv).replace("'", "''")
        con.execute(f"CREATE TABLE {csv.stem} AS SELECT * FROM read_csv('{path}', nullstr = {NULL_MARKERS[dataset]!r})")
    return con


def top_level(sql: str, word: str) -> list[int]:
    """Offsets of `word` (a keyword, any case) outside parentheses and quotes."""
    found, depth, quote = [], 0, None
    pattern = re.compile(rf"(?i)\b{word}\b")
    for i, ch in enumerate(sql):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and pattern.match(sql, i) and (i == 0 or not (sql[i - 1].isalnum() or sql[i - 1] == "_")):
            found.append(i)
    return found


def split_top(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return parts + [current]


def tie_problem(con, sql: str) -> str | None:
    """Rows tied on the outermost ORDER BY keys: at the LIMIT boundary, or anywhere in an
    ordered result (whose tied rows may then come in any order). The keys are added to the
    select list so that keys the answer does not show are checked too."""
    orders = top_level(sql, r"order\s+by")
    if not orders:
        return None
    at = orders[-1]
    tail = sql[at:]
    head = re.match(r"(?i)order\s+by", tail)
    limit = re.search(r"(?i)\blimit\s+(\d+)\s*;?\s*$", tail)
    keys_text = tail[head.end() : limit.start() if limit else len(tail)]
    keys = [re.sub(r"(?i)\s+(asc|desc)(\s+nulls\s+(first|last))?\s*$", "", k.strip()) for k in split_top(keys_text)]
    froms = [f for f in top_level(sql, "from") if f < at]
    if not froms:
        return None
    n = int(limit.group(1)) if limit else None
    body = tail[: limit.start() if limit else len(tail)]
    suffix = f" LIMIT {n + 1}" if limit else ""
    cursor = con.execute(sql[:at] + body + suffix)
    rows = cursor.fetchall()
    names = [d[0].lower() for d in cursor.description]
    width = len(names)
    index, extra = [], []
    for k in keys:
        if k.strip('"').lower() in names:  # an output column or its alias
            index.append(names.index(k.strip('"').lower()))
        else:
            index.append(width + len(extra))
            extra.append(k)
    if extra:
        rows = con.execute(f"{sql[: froms[0]].rstrip()}, {', '.join(extra)} {sql[froms[0]:at]}{body}{suffix}").fetchall()
    key = lambda row: tuple(row[i] for i in index)
    if limit and len(rows) > n:
        if key(rows[n - 1]) == key(rows[n]):
            return f"tie at LIMIT {n}: {rows[n - 1]} and {rows[n]}"
        rows = rows[:n]
    for a, b in zip(rows, rows[1:]):
        if key(a) == key(b):
            return f"tied rows in an ordered result: {a} and {b}"
    return None


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in NULL_MARKERS:
        raise SystemExit(f"usage: check_gold.py {{{','.join(NULL_MARKERS)}}} <csvdir>")
    dataset, csvdir = sys.argv[1], Path(sys.argv[2])
    questions = json.loads((Path(__file__).parent / dataset / "questions.json").read_text())
    con = load(dataset, csvdir)
    for (table,) in con.execute("SELECT table_name FROM information_schema.tables ORDER BY 1").fetchall():
        print(f"table {table}: {con.execute(f'SELECT count(*) FROM {table}').fetchone()[0]} rows")
    relationships = json.loads((Path(__file__).parent / dataset / "relationships.json").read_text())
    bad_relations = 0
    for r in relationships:
        frm, fc, to, tc = r["fromModel"], r["fromColumn"], r["toModel"], r["toColumn"]
        dup = con.execute(f'SELECT count("{tc}") - count(DISTINCT "{tc}") FROM {to}').fetchone()[0]
        orphans = con.execute(
            f'SELECT count(*) FROM {frm} f WHERE f."{fc}" IS NOT NULL AND f."{fc}" NOT IN (SELECT "{tc}" FROM {to} WHERE "{tc}" IS NOT NULL)'
        ).fetchone()[0]
        bad_relations += dup > 0
        print(f"relationship {frm}.{fc} -> {to}.{tc} ({r['type']}): {dup} duplicate keys, {orphans} rows without a match")
    ok = failed = flagged = unplaceable = 0
    ids = set()
    for q in questions:
        assert q["db_id"] == dataset and q["id"] not in ids, q
        ids.add(q["id"])
        if q["gold_sql"] is None:
            assert q.get("unplaceable"), q
            unplaceable += 1
            print(f"  -  {q['id']:>3} unplaceable \"{q['unplaceable']}\": {q['question']}")
            continue
        try:
            rows = con.execute(q["gold_sql"]).fetchall()
        except Exception as error:  # noqa: BLE001 - report any failure of the gold SQL
            failed += 1
            print(f"FAIL {q['id']:>3} does not run: {q['question']}\n      {error}")
            continue
        if not rows:
            failed += 1
            print(f"FAIL {q['id']:>3} no rows: {q['question']}")
            continue
        tie = tie_problem(con, q["gold_sql"])
        if tie:
            flagged += 1
            print(f"TIE  {q['id']:>3} {q['question']}\n      {tie}")
            continue
        ok += 1
        shown = rows[0] if len(rows) == 1 else f"{rows[0]} …"
        print(f"ok   {q['id']:>3} {len(rows):>5} rows  {q['question']}  ->  {shown}")
    print(f"{dataset}: {ok} gold SQL ok, {failed} failed, {flagged} tied; {unplaceable} unplaceable")
    sys.exit(1 if failed or flagged or bad_relations else 0)


if __name__ == "__main__":
    main()
