"""A local OpenAI-compatible server that answers from a file of recorded LLM-judge verdicts.

It finds the verdict of the record a prompt is about, not of the prompt's exact text: the key is
the record key of the recorded-verdicts file (``../shared/data/recorded/README.md``), the first
16 hex digits of the SHA-256 of the contents of the prompt's ``<question>``,
``<enriched_question>`` and ``<sql>`` blocks, as they appear in the prompt (escaped), joined by
a NUL character. A prompt whose other blocks or instructions changed still finds its record;
its reply is then the model's answer to the prompt of its time, an approximation to say when
quoting figures made with it.

The reply is the recorded ``{"p_correct", "verdict", "rationale"}`` object; usage reports the
prompt's and the reply's tokens as estimated by :func:`tokens` (about four characters a token).
A prompt whose record is not in the file gets HTTP 404 (not retried: STEF's cascade keeps the
offline verdict and says so). Calls are counted per record key.

    python benchmarks/replay_server.py ../shared/data/recorded/nl2sql_bugs_public.judge-4.jsonl
    stef eval ../shared/data/dev/nl2sql_bugs_public.jsonl \\
        --judge cascade:llm:openai/gpt-4o --api-base http://127.0.0.1:PORT/v1

Used by ``benchmarks/cascade.py``; nothing here is a test fixture (the tests keep their own
stand-in, ``tests/judges/llm_fake_server.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
import socket
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

_BLOCKS = ("question", "enriched_question", "sql")


def block_text(prompt: str, tag: str) -> str | None:
    """The content of the prompt's first ``<tag>`` block, as written there (escaped)."""
    found = re.search(rf"<{tag}>\n(.*?)\n</{tag}>", prompt, re.S)
    return found.group(1) if found else None


def record_key(prompt: str) -> str | None:
    """The record key of a judge prompt (its user message); None when a block is missing.

    >>> record_key("<question>\\nq\\n</question>\\n<enriched_question>\\n(none)\\n"
    ...            "</enriched_question>\\n<sql>\\nSELECT 1\\n</sql>")
    '85f41b08881f259b'
    """
    parts = [block_text(prompt, tag) for tag in _BLOCKS]
    if any(p is None for p in parts):
        return None
    joined = "\0".join(p for p in parts if p is not None)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:16]


def tokens(text: str) -> int:
    """A token estimate: one token per four characters (close to OpenAI's tokenizers on
    English text and SQL), at least one."""
    return max(1, math.ceil(len(text) / 4))


def load_recorded(path: str | Path) -> dict[str, dict[str, Any]]:
    """record key -> the recorded reply object."""
    replies: dict[str, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                replies[str(row["record_key"])] = dict(row["reply"])
            except (ValueError, KeyError, TypeError) as exc:
                raise SystemExit(f"{path}:{n}: not a recorded verdict ({exc})") from None
    return replies


class _Server(ThreadingHTTPServer):
    """Replies leave at once (TCP_NODELAY) and a burst of connections is accepted."""

    request_queue_size = 1024
    daemon_threads = True

    def get_request(self) -> tuple[socket.socket, Any]:
        conn, addr = super().get_request()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn, addr


class ReplayServer:
    """The server, on 127.0.0.1 (``port`` 0: any free port), in a background thread."""

    def __init__(self, recorded: str | Path, *, port: int = 0, latency: float = 0.0) -> None:
        self.replies = load_recorded(recorded)
        self.latency = latency
        self.calls: Counter[str] = Counter()  # record key (or "?") -> calls
        self.missing: Counter[str] = Counter()
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except ValueError:
                    self._send(400, {"error": {"message": "the request is not JSON"}})
                    return
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                status, payload = server.answer(body)
                if server.latency:
                    time.sleep(server.latency)
                self._send(status, payload)

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = _Server(("127.0.0.1", port), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def answer(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """The HTTP status and JSON body for one chat completion request."""
        messages = body.get("messages") or []
        users = [
            m.get("content", "")
            for m in messages
            if isinstance(m, dict) and m.get("role") == "user"
        ]
        key = record_key(users[0]) if users else None  # a repair turn keeps the first message
        reply = self.replies.get(key or "")
        with self._lock:
            self.calls[key or "?"] += 1
            if reply is None:
                self.missing[key or "?"] += 1
        if reply is None:
            return 404, {
                "error": {
                    "message": f"no recorded verdict for record key {key}",
                    "type": "not_found",
                }
            }
        content = json.dumps(reply)
        prompt = sum(tokens(str(m.get("content", ""))) for m in messages if isinstance(m, dict))
        completion = tokens(content)
        with self._lock:
            self.prompt_tokens += prompt
            self.completion_tokens += completion
        return 200, {
            "id": "chatcmpl-replay",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": str(body.get("model", "replay")),
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {"role": "assistant", "content": content},
                }
            ],
            "usage": {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            },
        }

    @property
    def total_calls(self) -> int:
        with self._lock:
            return sum(self.calls.values())

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("recorded", help="a recorded-verdicts file (*.judge-N.jsonl)")
    ap.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: any free)")
    ap.add_argument("--latency", type=float, default=0.0, help="seconds before each reply")
    args = ap.parse_args(argv)
    server = ReplayServer(args.recorded, port=args.port, latency=args.latency)
    print(f"{server.url}  ({len(server.replies)} recorded verdicts; Ctrl-C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        print(
            f"{server.total_calls} calls, {sum(server.missing.values())} without a recorded "
            "verdict",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
