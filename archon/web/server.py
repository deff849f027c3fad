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
    from ..api import InputError

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
