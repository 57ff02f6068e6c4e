"""The R data reader both R-package held-out sets use (`dslabs/fetch.py`, `spdata/fetch.py`):
the data tarball of a Debian package, R's lazy-load database and its XDR serialization format,
read with the standard library only, and a column written as R's write.csv would show it.
"""
import datetime
import hashlib
import os
import subprocess
import gzip
import io
import math
import struct
import tarfile
import zlib
from pathlib import Path

CACHE = Path(os.environ.get("QUARRY_HELDOUT_CACHE", Path.home() / ".cache/quarry/heldout")) / "packages"


def apt_download(name: str, version: str, sha256: str | None = None) -> Path:
    """The .deb `apt-get download` brings for a pinned version (cached; checked when a SHA-256 is given)."""
    dest = CACHE / f"{name}-{version}"
    files = list(dest.glob("*.deb")) if dest.exists() else []
    if not files:
        dest.mkdir(parents=True, exist_ok=True)
        subprocess.run(["apt-get", "download", "-q", f"{name}={version}"], cwd=dest, check=True, stdout=subprocess.DEVNULL)
        files = list(dest.glob("*.deb"))
    if len(files) != 1:
        raise SystemExit(f"expected one .deb for {name}={version} in {dest}, found {files}")
    if sha256 is not None:
        digest = hashlib.sha256(files[0].read_bytes()).hexdigest()
        if digest != sha256:
            raise SystemExit(f"{files[0]}: SHA-256 {digest}, expected {sha256}")
    return files[0]

def deb_data(deb: Path) -> tarfile.TarFile:
    """The data.tar.* member of a .deb (an `ar` archive)."""
    raw = deb.read_bytes()
    if not raw.startswith(b"!<arch>\n"):
        raise SystemExit(f"{deb}: not an ar archive")
    at = 8
    while at < len(raw):
        name = raw[at : at + 16].decode().strip().rstrip("/")
        size = int(raw[at + 48 : at + 58].decode().strip())
        body = raw[at + 60 : at + 60 + size]
        if name.startswith("data.tar"):
            return tarfile.open(fileobj=io.BytesIO(body))  # xz or gz: the tarfile module reads both
        at += 60 + size + (size % 2)
    raise SystemExit(f"{deb}: no data.tar member")


# --- R serialization (XDR, format version 2 or 3), just what data frames need ---------------

NA_INTEGER = -(2**31)


class RObject:
    def __init__(self, kind: str, value, attrs: dict | None = None):
        self.kind, self.value, self.attrs = kind, value, attrs or {}

    def attr(self, name: str):
        a = self.attrs.get(name)
        return a.value if a is not None else None


class RReader:
    def __init__(self, data: bytes):
        if data[:2] != b"X\n":
            raise SystemExit("not an XDR R serialization")
        self.data, self.at, self.refs = data, 2, []
        version = self.int()
        self.int(), self.int()  # writer's and minimal reader's R versions
        if version == 3:
            n = self.int()
            self.at += n  # native encoding name

    def int(self) -> int:
        (v,) = struct.unpack_from(">i", self.data, self.at)
        self.at += 4
        return v

    def length(self) -> int:
        n = self.int()
        return (self.int() << 32) + self.int() if n == -1 else n

    def item(self):
        flags = self.int()
        sxp, levels = flags & 0xFF, flags >> 12
        has_attr, has_tag = flags & (1 << 9), flags & (1 << 10)
        if sxp == 254:  # NILVALUE_SXP
            return None
        if sxp in (253, 252, 251, 250, 242, 241):  # global/empty/base env, unbound, missing arg
            return RObject("special", sxp)
        if sxp == 255:  # REFSXP
            return self.refs[(flags >> 8 or self.int()) - 1]
        if sxp in (249, 248, 247):  # namespace, package, persistent reference
            self.int()
            obj = RObject("persistent", [self.item() for _ in range(self.int())])
            self.refs.append(obj)
            return obj
        if sxp == 1:  # SYMSXP
            obj = RObject("symbol", None)
            self.refs.append(obj)
            obj.value = self.item().value
            return obj
        if sxp == 4:  # ENVSXP
            obj = RObject("environment", None)
            self.refs.append(obj)
            self.int()
            obj.value = [self.item() for _ in range(4)]  # enclosure, frame, hash table, attributes
            return obj
        if sxp in (2, 3, 5, 6, 17, 239, 240):  # pairlists and language objects
            attrs = self.item() if has_attr else None
            tag = self.item() if has_tag else None
            car, cdr = self.item(), self.item()
            cells = [(tag.value if tag is not None else None, car)]
            if cdr is not None and cdr.kind == "pairlist":
                cells += cdr.value
            return RObject("pairlist", cells)
        if sxp == 9:  # CHARSXP
            n = self.int()
            if n == -1:
                return RObject("char", None)  # NA_STRING
            text = self.data[self.at : self.at + n].decode("latin-1" if levels & (1 << 2) else "utf-8")
            self.at += n
            return RObject("char", text)
        if sxp in (10, 13):  # LGLSXP, INTSXP
            n = self.length()
            values = [None if v == NA_INTEGER else v for v in struct.unpack_from(f">{n}i", self.data, self.at)]
            self.at += 4 * n
            obj = RObject("logical" if sxp == 10 else "integer", values)
        elif sxp == 14:  # REALSXP (NA and NaN are both missing)
            n = self.length()
            obj = RObject("double", [None if math.isnan(v) else v for v in struct.unpack_from(f">{n}d", self.data, self.at)])
            self.at += 8 * n
        elif sxp == 16:  # STRSXP
            obj = RObject("character", [self.item().value for _ in range(self.length())])
        elif sxp in (19, 20):  # VECSXP, EXPRSXP
            obj = RObject("list", [self.item() for _ in range(self.length())])
        elif sxp == 238:  # ALTREP_SXP: only compact sequences and wrappers
            info, state, attrs = self.item(), self.item(), self.item()
            cls = info.value[0][1].value
            if cls in ("compact_intseq", "compact_realseq"):
                n, start, step = state.value
                obj = RObject("integer" if cls == "compact_intseq" else "double", [start + i * step for i in range(int(n))])
                if cls == "compact_intseq":
                    obj.value = [int(v) for v in obj.value]
            elif cls.startswith("wrap_"):
                obj = state.value[0]
            else:
                raise SystemExit(f"R object of ALTREP class {cls} is not supported")
            if attrs is not None:
                obj.attrs = dict(attrs.value)
            return obj
        else:
            raise SystemExit(f"R object of SEXPTYPE {sxp} is not supported")
        if has_attr:
            obj.attrs = dict(self.item().value)
        return obj


def lazy_load(rdx: bytes, rdb: bytes, wanted) -> dict:
    """name -> R object for the wanted variables of an R lazy-load database (zlib-compressed)."""
    index = RReader(gzip.decompress(rdx)).item()
    parts = dict(zip(index.attr("names"), index.value))
    if parts["compressed"].value != [True]:
        raise SystemExit("only zlib-compressed lazy-load databases are supported")
    variables = parts["variables"]
    objects = {}
    for name, where in zip(variables.attr("names"), variables.value):
        if name not in wanted:
            continue
        offset, size = (int(v) for v in where.value)
        blob = rdb[offset : offset + size]  # 4-byte length, then a zlib stream
        objects[name] = RReader(zlib.decompress(blob[4:])).item()
    missing = set(wanted) - set(objects)
    if missing:
        raise SystemExit(f"not in the package's data: {sorted(missing)}")
    return objects


def column_text(col: RObject) -> list[str]:
    labels, classes = col.attr("levels"), col.attr("class") or []
    out = []
    for v in col.value:
        if v is None:
            out.append("")
        elif labels is not None:  # factor
            out.append(labels[v - 1])
        elif "Date" in classes:
            out.append((datetime.date(1970, 1, 1) + datetime.timedelta(days=int(v))).isoformat())
        elif col.kind == "logical":
            out.append("TRUE" if v else "FALSE")
        elif col.kind == "double":
            out.append(str(int(v)) if v == int(v) and abs(v) < 1e15 else repr(v))
        else:
            out.append(str(v))
    return out
