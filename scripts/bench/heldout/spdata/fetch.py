#!/usr/bin/env python3
"""Fetch the `spdata` held-out set (countries of the world with World Bank indicators and coffee
production; US states with census population, income and poverty) and write one CSV per table.

    python3 scripts/bench/heldout/spdata/fetch.py <outdir>

The data ships in the Debian package r-cran-spdata (R package spData 2.2.1), as R's lazy-load
database data/Rdata.rdb/.rdx: R objects serialized in XDR form and zlib-compressed. The .deb is
downloaded (`apt-get download`, never installed) into ~/.cache/quarry/heldout/packages/ (or
$QUARRY_HELDOUT_CACHE), checked against its pinned SHA-256, and read with the standard library
only: an `ar` archive holding data.tar.xz, and a small reader for R's serialization format (the
same reader as dslabs/fetch.py). Only the five data frames below are deserialized.

Each data frame becomes <outdir>/<name>.csv (UTF-8, comma separated, a header row with R's
column names, all rows in R's order). `world` and `us_states` are sf objects: their geometry
column (polygons) is left out, every other column is kept. Values are written as R's write.csv
would show them, without quotes where none are needed: factors as their level label, whole
doubles without a decimal point (1966, 4779736), other doubles in their shortest round-trip form
(38.03, 45.20163), and NA as an empty field.
"""
import csv
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from rdata import apt_download, column_text, deb_data, lazy_load  # noqa: E402


# Pinned so that the gold SQL answers stay the same (Debian bookworm, Architecture: all; CC0).
DEB_NAME, DEB_VERSION = "r-cran-spdata", "2.2.1-1"
DEB_SHA256 = "cec45c198df2ad7dbbea61311067b09b1ffac79c062ffaa2f823b286811feaaf"
RDATA = "./usr/lib/R/site-library/spData/data/Rdata"

TABLES = {  # R data set -> CSV base name
    "world": "world",
    "worldbank_df": "worldbank_df",
    "coffee_data": "coffee_data",
    "us_states": "us_states",
    "us_states_df": "us_states_df",
}



def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: fetch.py <outdir>")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with deb_data(apt_download(DEB_NAME, DEB_VERSION, DEB_SHA256)) as tar:
        rdx = tar.extractfile(f"{RDATA}.rdx").read()
        rdb = tar.extractfile(f"{RDATA}.rdb").read()
    objects = lazy_load(rdx, rdb, TABLES)
    for dataset, name in TABLES.items():
        frame = objects[dataset]
        if "data.frame" not in (frame.attr("class") or []):
            raise SystemExit(f"{dataset}: not a data frame")
        geometry = frame.attr("sf_column")  # sf objects: the polygon column, not written
        keep = [(n, c) for n, c in zip(frame.attr("names"), frame.value) if not (geometry and n == geometry[0])]
        columns = [column_text(c) for _, c in keep]
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow([n for n, _ in keep])
        writer.writerows(zip(*columns))
        (out / f"{name}.csv").write_bytes(buf.getvalue().encode("utf-8"))
        print(f"{name}.csv: {len(columns[0])} rows")


if __name__ == "__main__":
    main()
