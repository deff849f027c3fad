"""Run the event console with uvicorn: bind, print where, open the browser, stop on Ctrl-C."""

from __future__ import annotations

import socket
import threading
import time
from typing import Callable, Optional

__all__ = ["run", "bind", "lan_address"]


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
    from archon.api import InputError

    if not 0 <= port <= 65535:
        raise InputError(f"port {port}: give a port from 1 to 65535 (or 0 for any free port)")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("0.0.0.0" if lan else "127.0.0.1", port))
    except OSError as exc:
        sock.close()
        raise InputError(f"port {port} cannot be used ({exc.strerror}): another program has it; "
                         f"give another one with --port") from None
    sock.listen(128)
    return sock


def run(app, *, port: int, lan: bool, open_browser: bool, on_ready: Optional[Callable], urls) -> None:
    """Serve ``app`` until Ctrl-C (or the server is told to stop)."""
    import uvicorn

    sock = bind(port, lan)
    port = sock.getsockname()[1]
    token = app.state.token
    where = urls(f"http://127.0.0.1:{port}/organizer?token={token}",
                 f"http://{lan_address() if lan else '127.0.0.1'}:{port}/")
    config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2,
                            access_log=False)
    server = uvicorn.Server(config)
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

    def __init__(self, app, *, port: int = 0) -> None:
        import uvicorn

        self.app = app
        self.sock = bind(port, False)
        self.base = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2,
                                                    access_log=False))
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
