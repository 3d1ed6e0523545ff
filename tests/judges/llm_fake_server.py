"""A local OpenAI-compatible server with scripted behaviours, for the LLM judge's tests.

Real sockets on 127.0.0.1 (random port), real litellm on the client side. Each request takes the
next behaviour from ``server.queue``; when the queue is empty, ``server.default`` answers. A
behaviour is a :class:`Reply` or a callable from the request body to one.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def verdict_json(p_correct: float = 0.9, verdict: str | None = None,
                 rationale: str = "looks right") -> str:
    """A judge reply: P(correct), and a label only when given."""
    reply: dict[str, Any] = {"p_correct": p_correct, "rationale": rationale}
    if verdict is not None:
        reply["verdict"] = verdict
    return json.dumps(reply)


@dataclass
class Reply:
    """One scripted answer."""

    content: str | None = None
    status: int = 200
    delay: float = 0.0
    prompt_tokens: int = 100
    completion_tokens: int = 20

    def __post_init__(self) -> None:
        if self.content is None:
            self.content = verdict_json()


Behaviour = Reply | Callable[[dict[str, Any]], Reply]


class _Server(ThreadingHTTPServer):
    """A threaded HTTP server that answers as fast as a real one: replies leave at once
    (TCP_NODELAY; with Nagle's algorithm a kept-alive connection waits about 40 ms for the
    client's delayed ACK before each reply) and a burst of connections is accepted (the
    standard backlog of 5 drops connections beyond it, which then retry a second later)."""

    request_queue_size = 1024

    def get_request(self) -> tuple[socket.socket, Any]:
        conn, addr = super().get_request()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return conn, addr


class FakeLlmServer:
    """The server and what it saw."""

    def __init__(self) -> None:
        self.queue: list[Behaviour] = []
        self.default: Behaviour = Reply()
        self.requests: list[dict[str, Any]] = []
        #: the HTTP headers of each request, in the same order (lower-case names)
        self.headers: list[dict[str, str]] = []
        #: requests answered with a 200 reply
        self.answered = 0
        self.in_flight = 0
        self.max_in_flight = 0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                headers = {k.lower(): v for k, v in self.headers.items()}
                reply = server._next(body, headers)
                with server._lock:
                    server.in_flight += 1
                    server.max_in_flight = max(server.max_in_flight, server.in_flight)
                try:
                    if reply.delay:
                        time.sleep(reply.delay)
                    if reply.status != 200:
                        self._send(reply.status, {"error": {
                            "message": f"scripted HTTP {reply.status}", "type": "server_error",
                            "code": reply.status}})
                        return
                    self._send(200, {
                        "id": "chatcmpl-test",
                        "object": "chat.completion",
                        "created": int(time.time()),
                        # echo the bare model name, so litellm can price known models
                        "model": str(body.get("model", "fake")),
                        "choices": [{"index": 0, "finish_reason": "stop", "message": {
                            "role": "assistant", "content": reply.content}}],
                        "usage": {"prompt_tokens": reply.prompt_tokens,
                                  "completion_tokens": reply.completion_tokens,
                                  "total_tokens": reply.prompt_tokens + reply.completion_tokens},
                    })
                    with server._lock:
                        server.answered += 1
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client timed out and left
                finally:
                    with server._lock:
                        server.in_flight -= 1

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.httpd.block_on_close = False  # type: ignore[attr-defined]
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def _next(self, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
            behaviour = self.queue.pop(0) if self.queue else self.default
        return behaviour(body) if callable(behaviour) else behaviour

    def reset(self) -> None:
        # Requests a client gave up on (timeouts) may still be sleeping in the server.
        deadline = time.monotonic() + 5
        while self.in_flight and time.monotonic() < deadline:
            time.sleep(0.02)
        with self._lock:
            self.queue.clear()
            self.default = Reply()
            self.requests.clear()
            self.headers.clear()
            self.answered = 0
            self.max_in_flight = 0

    @property
    def calls(self) -> int:
        with self._lock:
            return len(self.requests)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()




def main(argv: list[str] | None = None) -> None:
    """Serve replies that take ``--latency`` seconds until killed; print the URL first (for
    benchmarks that keep the server's threads out of the client's process)."""
    import argparse

    ap = argparse.ArgumentParser(description="A local OpenAI-compatible stand-in server.")
    ap.add_argument("--latency", type=float, default=0.5, help="seconds before each reply")
    args = ap.parse_args(argv)
    server = FakeLlmServer()
    server.default = Reply(delay=args.latency)
    print(server.url, flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


if __name__ == "__main__":
    main()
