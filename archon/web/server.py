"""Run the event console with uvicorn: bind, print where, open the browser, stop on Ctrl-C.

A client must send each request whole within :data:`REQUEST_SECONDS` of its
first byte (of connecting, for the first): one that sends a request's head
or body a byte at a time, or connects and sends nothing, is disconnected
(:func:`guarded_protocol`), so such clients cannot pile up and hold the
console's connections open. Between two requests a connection kept alive
stays open :data:`KEEP_ALIVE_SECONDS`. An answer that takes its time (the
pages' event streams) is not limited.
"""

from __future__ import annotations

import asyncio
import functools
import socket
import threading
import time
from typing import Callable, Optional

from archon.web.errors import ConsoleError
from archon.words.message import option, say

__all__ = ["run", "bind", "lan_address", "guarded_protocol", "server_config", "REQUEST_SECONDS",
           "KEEP_ALIVE_SECONDS"]

#: Seconds a client has to send a whole request, head and body, from its first byte.
REQUEST_SECONDS = 10.0
#: Seconds a connection stays open, idle, after an answer (uvicorn's keep-alive).
KEEP_ALIVE_SECONDS = 5


@functools.lru_cache(maxsize=None)
def guarded_protocol(seconds: float = REQUEST_SECONDS):
    """uvicorn's HTTP protocol (h11) with a deadline for each request: it
    must arrive whole (head and body) within ``seconds`` of its first byte,
    or of the connection for the first request, else the connection is
    closed. uvicorn itself waits for ever for a request begun and not
    finished."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):
        deadline: Optional[asyncio.TimerHandle] = None

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._expect()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
                self._expect()  # a request under way: the deadline of its first byte stands
            else:
                self._received()

        def connection_lost(self, exc) -> None:
            self._received()
            super().connection_lost(exc)

        def _expect(self) -> None:
            if self.deadline is None:
                self.deadline = self.loop.call_later(seconds, self._too_slow)

        def _received(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
                self.transport.close()  # the answer under way, if any, sees the client gone

    return GuardedH11Protocol


def server_config(app, request_seconds: float = REQUEST_SECONDS):
    """The uvicorn configuration the console runs with (quiet; slow clients
    disconnected: :func:`guarded_protocol`)."""
    import uvicorn

    return uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2, access_log=False,
                          http=guarded_protocol(request_seconds), timeout_keep_alive=KEEP_ALIVE_SECONDS)


def lan_address() -> str:
    """This machine's address on the local network (for phones), or 127.0.0.1.
    Connecting a UDP socket sends nothing: it only picks the outgoing interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def bind(port: int, lan: bool) -> socket.socket:
    """A listening socket on 127.0.0.1 (every interface with ``lan``); port 0: a free one."""
    if not 0 <= port <= 65535:
        raise ConsoleError(say("web.port_out_of_range", port=port))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("0.0.0.0" if lan else "127.0.0.1", port))
    except OSError as exc:
        sock.close()
        raise ConsoleError(say("web.port_taken", port=port, reason=exc.strerror, port_option=option("port"))) from None
    sock.listen(128)
    return sock


def run(app, *, port: int, lan: bool, open_browser: bool, on_ready: Optional[Callable], urls) -> None:
    """Serve ``app`` until Ctrl-C (or the server is told to stop)."""
    import uvicorn

    sock = bind(port, lan)
    port = sock.getsockname()[1]
    token = app.state.token
    host = lan_address() if lan else "127.0.0.1"  # the judges' links: for their own phones, with --lan
    where = urls(f"http://127.0.0.1:{port}/organizer?token={token}", f"http://{host}:{port}/",
                 app.state.judges.links(f"http://{host}:{port}"))
    app.state.hosts.serving(port, lan)  # the names it answers for, on this port only
    server = uvicorn.Server(server_config(app))
    app.state.closing = lambda: server.should_exit  # open pages' event streams end at once

    def announce() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if not server.started:
            return
        if on_ready is not None:
            on_ready(where)
        if open_browser:
            import webbrowser

            webbrowser.open(where.organizer)

    threading.Thread(target=announce, daemon=True).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


class running:
    """``with running(app) as base:`` the console served on 127.0.0.1 (a free
    port) in a background thread, stopped at the end of the block; ``base``
    is its URL (``http://127.0.0.1:PORT``). For tests, benchmarks and the
    README's pictures."""

    def __init__(self, app, *, port: int = 0, request_seconds: float = REQUEST_SECONDS) -> None:
        import uvicorn

        self.app = app
        self.sock = bind(port, False)
        self.base = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        app.state.hosts.serving(self.sock.getsockname()[1])
        self.server = uvicorn.Server(server_config(app, request_seconds))
        app.state.closing = lambda: self.server.should_exit
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the console did not start")
            time.sleep(0.02)
        return self.base

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.sock.close()
