#!/usr/bin/env python3
"""A local SMTP sink for Quarry's dev and test profiles.

Accepts every message (no auth, no TLS) and stores each one as an .eml file in the
mail directory, named by the time it arrived:
    20250101T120000.123456Z-0001-alice_at_example.com.eml
The stored file is the message as received, preceded by the envelope as headers
(X-Quarry-Envelope-From / X-Quarry-Envelope-To), so tests can find the recipient
even when the message's own headers differ.

Usage: smtp_sink.py [--host 127.0.0.1] [--port 2525] --dir MAILDIR
"""

import argparse
import asyncio
import datetime as dt
import itertools
import os
import re
import signal
import sys

from aiosmtpd.controller import Controller

_counter = itertools.count(1)


def _safe(text: str) -> str:
    text = text.replace("@", "_at_")
    return re.sub(r"[^A-Za-z0-9._+-]", "_", text)[:80] or "unknown"


class MaildirHandler:
    def __init__(self, directory: str) -> None:
        self.directory = directory

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        now = dt.datetime.now(dt.timezone.utc)
        stamp = now.strftime("%Y%m%dT%H%M%S.%fZ")
        first = envelope.rcpt_tos[0] if envelope.rcpt_tos else "unknown"
        name = f"{stamp}-{next(_counter):04d}-{_safe(first)}.eml"
        content = envelope.original_content or envelope.content or b""
        if isinstance(content, str):
            content = content.encode("utf-8", "surrogateescape")
        head = (
            f"X-Quarry-Envelope-From: {envelope.mail_from}\r\n"
            f"X-Quarry-Envelope-To: {', '.join(envelope.rcpt_tos)}\r\n"
            f"X-Quarry-Received-At: {now.isoformat()}\r\n"
        ).encode("utf-8")
        tmp = os.path.join(self.directory, f".{name}.tmp")
        final = os.path.join(self.directory, name)
        # Write then rename, so a reader never sees a half-written file.
        with open(tmp, "wb") as f:
            f.write(head)
            f.write(content)
        os.replace(tmp, final)
        print(f"stored {final} for {', '.join(envelope.rcpt_tos)}", flush=True)
        return "250 Message accepted for delivery"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=2525)
    parser.add_argument("--dir", required=True, help="directory the .eml files are written to")
    args = parser.parse_args()

    os.makedirs(args.dir, exist_ok=True)
    handler = MaildirHandler(os.path.abspath(args.dir))
    controller = Controller(
        handler,
        hostname=args.host,
        port=args.port,
        # Accept 8-bit / UTF-8 bodies and large messages (attachments in later issues).
        ready_timeout=10,
        decode_data=False,
        enable_SMTPUTF8=True,
        data_size_limit=50 * 1024 * 1024,
    )
    controller.start()
    print(f"smtp sink listening on {args.host}:{args.port}, mail to {handler.directory}", flush=True)

    loop = asyncio.new_event_loop()
    stop = loop.create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    try:
        loop.run_until_complete(stop)
    finally:
        controller.stop()
        loop.close()
    print("smtp sink stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
