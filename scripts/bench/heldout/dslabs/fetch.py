#!/usr/bin/env python3
"""Fetch the `dslabs` held-out set (US states: 2010 gun murders, 2016 election results and
polls, contagious disease counts) and write one CSV per table.

    python3 scripts/bench/heldout/dslabs/fetch.py <outdir>

The data ships in the Debian package r-cran-dslabs (R package dslabs 0.7.4), as R's lazy-load
database data/Rdata.rdb/.rdx: R objects serialized in XDR form and zlib-compressed. The .deb is
downloaded (`apt-get download`, never installed) into ~/.cache/quarry/heldout/packages/ (or
$QUARRY_HELDOUT_CACHE) and read with the standard library only: an `ar` archive holding
data.tar.xz, and a small reader for R's serialization format below.

Each data frame becomes <outdir>/<name>.csv (UTF-8, comma separated, a header row with R's
column names, all rows in R's order). R has no text form for these values, so they are written
as R's own write.csv would show them, without quotes where none are needed: factors as their
level label, Dates as ISO YYYY-MM-DD, whole doubles without a decimal point (1966, 4779736),
other doubles in their shortest round-trip form (38.03, 45.20163), and NA as an empty field.
"""
import csv
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from rdata import apt_download, column_text, deb_data, lazy_load  # noqa: E402


# Pinned so that the gold SQL answers stay the same (Debian bookworm; Artistic-2.0).
DEB_NAME, DEB_VERSION = "r-cran-dslabs", "0.7.4-1"
RDATA = "./usr/lib/R/site-library/dslabs/data/Rdata"

TABLES = {  # R data set -> CSV base name
    "murders": "murders",
    "results_us_election_2016": "results_us_election_2016",
    "polls_us_election_2016": "polls_us_election_2016",
    "us_contagious_diseases": "us_contagious_diseases",
}



def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: fetch.py <outdir>")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with deb_data(apt_download(DEB_NAME, DEB_VERSION)) as tar:
        rdx = tar.extractfile(f"{RDATA}.rdx").read()
        rdb = tar.extractfile(f"{RDATA}.rdb").read()
    objects = lazy_load(rdx, rdb, TABLES)
    for dataset, name in TABLES.items():
        frame = objects[dataset]
        if "data.frame" not in (frame.attr("class") or []):
            raise SystemExit(f"{dataset}: not a data frame")
        columns = [column_text(c) for c in frame.value]
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(frame.attr("names"))
        writer.writerows(zip(*columns))
        (out / f"{name}.csv").write_bytes(buf.getvalue().encode("utf-8"))
        print(f"{name}.csv: {len(columns[0])} rows")


if __name__ == "__main__":
    main()
