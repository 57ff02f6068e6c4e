"""A ClickHouse server for development and tests: ClickHouse's HTTP interface in front of
the real ClickHouse engine, which chDB (PyPI `chdb-core`) ships as a library.

ClickHouse's own server packages are not in the registries this project installs from
(Debian's is from 2018), so the engine runs in this process and this file speaks the
HTTP interface a client sees:

- `GET /` and `GET /ping` answer `Ok.`;
- `POST /` runs the body as one statement (`GET /?query=…` too, read-only), with URL
  parameters `database`, `query_id`, `default_format`, `readonly`, and any other parameter
  as a ClickHouse setting for this statement (an unknown one fails as the server's does);
- the user comes in `X-ClickHouse-User` / `X-ClickHouse-Key`, basic authentication, or the
  `user` / `password` parameters;
- a failure answers an HTTP error with `Code: N. DB::Exception: …` and the
  `X-ClickHouse-Exception-Code` header; `readonly` refuses anything but reads (code 164).

The engine runs one statement at a time. `KILL QUERY … WHERE query_id = '…'` is answered
at once (a statement that runs cannot be interrupted here; its own time limit stops it) and
noted: `GET /killed` lists the ids asked to stop, for tests.

    python3 clickhouse_http.py --port 58123 --data DIR --user quarry --password quarry
"""

import argparse
import base64
import json
import re
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

from chdb import session as chdb_session

# URL parameters that are not settings.
NOT_SETTINGS = {
    "query", "database", "query_id", "default_format", "user", "password", "readonly", "session_id",
    "session_timeout", "session_check", "compress", "decompress", "buffer_size", "wait_end_of_query",
    "enable_http_compression", "http_headers_progress_interval_ms", "send_progress_in_http_headers",
}
READ_STATEMENTS = ("SELECT", "WITH", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "EXISTS", "(")
KILL = re.compile(r"^\s*KILL\s+QUERY\s+WHERE\s+query_id\s*=\s*'([^']*)'", re.IGNORECASE)
CODE = re.compile(r"Code: (\d+)\.")
STATUS_OF_CODE = {
    194: 401,  # REQUIRED_PASSWORD
    192: 403, 193: 403, 516: 403,  # UNKNOWN_USER, WRONG_PASSWORD, AUTHENTICATION_FAILED
    164: 403,  # READONLY
    62: 400, 36: 400, 43: 400, 47: 400, 115: 400,  # syntax, bad arguments, types, identifiers, settings
    60: 404, 81: 404, 46: 404,  # unknown table, database, function
}


class Engine:
    """The chDB session and what it needs between statements."""

    def __init__(self, data_dir):
        self.session = chdb_session.Session(data_dir)
        self.lock = threading.Lock()
        self.killed = []
        self.version = self.session.query("SELECT version()", "TSV").bytes().decode().strip()

    def run(self, sql, database, settings, fmt):
        with self.lock:
            applied = []
            try:
                self.session.query(f"USE {quote_ident(database)}")
                for name, value in settings:
                    self.session.query(f"SET {quote_ident(name)} = {quote_text(value)}")
                    applied.append(name)
                return self.session.query(sql, fmt).bytes()
            finally:
                for name in applied:
                    self.session.query(f"SET {quote_ident(name)} = DEFAULT")


def quote_ident(name):
    return "`" + name.replace("\\", "\\\\").replace("`", "\\`") + "`"


def quote_text(value):
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "ClickHouse"

    def log_message(self, fmt, *args):  # quiet: one line per failure only
        pass

    def do_GET(self):
        url = urlsplit(self.path)
        params = dict(parse_qsl(url.query, keep_blank_values=True))
        if url.path == "/killed":
            return self.send(200, json.dumps(self.server.engine.killed).encode(), "application/json")
        if "query" not in params:
            return self.send(200, b"Ok.\n", "text/plain")
        self.statement(params, params["query"], read_only=True)

    def do_POST(self):
        url = urlsplit(self.path)
        params = dict(parse_qsl(url.query, keep_blank_values=True))
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", errors="replace") if length else ""
        sql = (params.get("query", "") + "\n" + body).strip() if "query" in params else body
        self.statement(params, sql, read_only=False)

    def user(self, params):
        user = self.headers.get("X-ClickHouse-User")
        key = self.headers.get("X-ClickHouse-Key")
        auth = self.headers.get("Authorization", "")
        if user is None and auth.startswith("Basic "):
            user, _, key = base64.b64decode(auth[6:]).decode(errors="replace").partition(":")
        if user is None:
            user, key = params.get("user"), params.get("password")
        return user or "default", key or ""

    def statement(self, params, sql, read_only):
        engine = self.server.engine
        user, key = self.user(params)
        if (user, key) != (self.server.user, self.server.password):
            return self.fail(f"Code: 516. DB::Exception: {user}: Authentication failed: password is incorrect, "
                             "or there is no user with such name. (AUTHENTICATION_FAILED)")
        killed = KILL.match(sql)
        if killed:
            engine.killed.append(killed.group(1))
            return self.send(200, b"", "text/plain")
        readonly = params.get("readonly", "0") != "0" or read_only
        if readonly and not sql.lstrip().upper().startswith(READ_STATEMENTS):
            return self.fail("Code: 164. DB::Exception: Cannot execute query in readonly mode. (READONLY)")
        settings = [(k, v) for k, v in params.items() if k not in NOT_SETTINGS and not k.startswith("param_")]
        fmt = params.get("default_format", "TabSeparated")
        try:
            out = engine.run(sql, params.get("database") or "default", settings, fmt)
        except Exception as error:  # the engine's own exception text, as the server sends it
            return self.fail(str(error).strip())
        self.send(200, out, "text/plain; charset=UTF-8", {
            "X-ClickHouse-Query-Id": params.get("query_id", ""),
            "X-ClickHouse-Format": fmt,
            "X-ClickHouse-Timezone": "UTC",
        })

    def fail(self, text):
        if not text.startswith("Code:"):
            text = "Code: 1000. DB::Exception: " + text
        code = int(CODE.match(text).group(1))
        text = f"{text} (version {self.server.engine.version})\n"
        self.send(STATUS_OF_CODE.get(code, 500), text.encode(), "text/plain; charset=UTF-8", {"X-ClickHouse-Exception-Code": str(code)})

    def send(self, status, body, content_type, headers=None):
        try:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client read what it wanted and left


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--user", default="default")
    parser.add_argument("--password", default="")
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    server.engine = Engine(args.data)
    server.user, server.password = args.user, args.password
    print(f"clickhouse (chDB {server.engine.version}) on http://{args.host}:{args.port}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
