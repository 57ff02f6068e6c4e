#!/usr/bin/env python3
"""Fetch the `movies` held-out set (17,472 films released 1940-2014, from Wikidata: the film
facts in `omdb` and the review scores, box office and production companies in `tomatoes`, one
row per film in each, joined on `ID`) and write one CSV per table.

    python3 scripts/bench/heldout/movies/fetch.py <outdir>

The data is the SQLite database `movies.db` that the PyPI package `bokeh-sampledata` (pinned
below; Bokeh's movie-explorer sample data, CC0) ships under bokeh_sampledata/_data/. The wheel is
downloaded (`pip download --no-deps`, never installed) into ~/.cache/quarry/heldout/packages/
(or $QUARRY_HELDOUT_CACHE) by the shared held-out fetcher and checked against its pinned
SHA-256. The database is copied out of the wheel next to it and read with the standard
library's sqlite3.

Each SQLite table becomes <outdir>/<table>.csv (UTF-8, comma separated, a header row with the
table's column names in their shipped order, all rows ordered by `ID`). Integers are written as
they are, reals whole-numbered without a decimal point (`90`) and otherwise in Python's
shortest form (`7.386`), SQL NULL and the empty strings the package uses for a missing genre,
director or cast as an empty field, and quotes only where a field needs them. The CSVs are
checked against pinned SHA-256 digests.
"""
import csv
import hashlib
import io
import sqlite3
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fetch import pip_download  # noqa: E402  (the shared held-out fetcher)

# Pinned so that the gold SQL answers stay the same.
BOKEH_SAMPLEDATA_PYPI = "bokeh-sampledata==2026.1"  # BSD-3 wrapper; movies.db is Wikidata (CC0)
WHEEL_SHA256 = "f40331a40ca30c64a1c1471835aad9006b61b0d9731a3f649ee8cbbf48d3822f"
MEMBER = "bokeh_sampledata/_data/movies.db"

TABLES = ["omdb", "tomatoes"]  # SQLite table = CSV base name

# SHA-256 of the CSVs this script writes (checked, so that a changed package cannot go unnoticed).
CSV_SHA256 = {
    "omdb": "5c77b5a7ef4a2693710ca8505efaaea5784164008ad8b55e9806961efe548d1c",
    "tomatoes": "49a54d2738f3f46ef5a49cf0fcde15fe747d79463d0c171da24cc44fc9fba1e2",
}


def text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return str(value)


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: movies/fetch.py <outdir>")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    wheel_path = pip_download(BOKEH_SAMPLEDATA_PYPI, binary_only=True)
    digest = hashlib.sha256(wheel_path.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel_path}: SHA-256 {digest}, expected {WHEEL_SHA256}")
    db_path = wheel_path.parent / "movies.db"
    with zipfile.ZipFile(wheel_path) as wheel:
        db_path.write_bytes(wheel.read(MEMBER))
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        for name in TABLES:
            cursor = con.execute(f'SELECT * FROM "{name}" ORDER BY "ID"')
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerow([d[0] for d in cursor.description])
            rows = 0
            for row in cursor:
                writer.writerow([text(v) for v in row])
                rows += 1
            data = buf.getvalue().encode("utf-8")
            csv_digest = hashlib.sha256(data).hexdigest()
            expected = CSV_SHA256[name]
            if expected is not None and csv_digest != expected:
                raise SystemExit(f"{name}.csv: other data than expected (sha256 {csv_digest})")
            (out / f"{name}.csv").write_bytes(data)
            print(f"{name}.csv: {rows} rows (sha256 {csv_digest})")
    finally:
        con.close()


if __name__ == "__main__":
    main()
