"""The host names the console answers for, and nothing else.

A page of another site can make the browser send requests to the console
through a name of its own that it points at 127.0.0.1 (DNS rebinding): the
browser then lets that page read the answers, the players' page,
``/api/check``, ``/api/archondata``. Such a request carries that other name
in its ``Host`` header: the console answers only the names it serves
(:class:`Hosts`: 127.0.0.1 and localhost, and with ``--lan`` this machine's
network addresses and names), on its own port, and refuses any other with
400 (:class:`HostCheck`).
"""

from __future__ import annotations

import socket
from typing import Iterable, Optional

from archon.web.answers import refused
from archon.web.errors import BadRequest
from archon.web.server import lan_address
from archon.words.message import say

__all__ = ["Hosts", "HostCheck", "LOCAL_NAMES", "lan_names"]

#: The names of this machine seen from itself.
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")


def lan_names() -> set[str]:
    """This machine's names and addresses on the local network, as a phone
    may type them: its address (:func:`archon.web.server.lan_address`), its
    host name (``name``, ``name.local``, the full one) and the addresses it
    resolves to."""
    names = {lan_address()}
    host = socket.gethostname()
    for name in (host, f"{host}.local", socket.getfqdn()):
        if name:
            names.add(name.lower())
    try:
        for *_, address in socket.getaddrinfo(host, None, socket.AF_INET):
            names.add(str(address[0]))  # AF_INET: a text address
    except OSError:  # a host name the resolver does not know: the other names still work
        pass
    return names


def _split(host: str) -> tuple[str, Optional[int]]:
    """``Host`` header -> (name, port or None); None as the name when it cannot be read."""
    host = host.strip().lower()
    name, port = host, ""
    if host.startswith("["):  # [::1]:8000
        end = host.find("]")
        name, port = host[:end + 1], host[end + 2:] if host[end + 1:end + 2] == ":" else host[end + 1:]
    elif ":" in host:
        name, _, port = host.rpartition(":")
    if port and not (port.isascii() and port.isdecimal()):
        return "", None
    return name, int(port) if port else None


class Hosts:
    """The ``Host`` headers the console answers: one of ``names``, with
    ``port`` (without one only on port 80); any port while ``port`` is
    ``None`` (the application not yet served: the server sets it,
    :meth:`serving`)."""

    def __init__(self, names: Iterable[str] = LOCAL_NAMES, port: Optional[int] = None) -> None:
        self.names = {n.lower() for n in names}
        self.port = port

    def serving(self, port: int, lan: bool = False) -> None:
        """Served on ``port``: on this machine only, or on the network too (``lan``)."""
        self.port = port
        if lan:
            self.names |= lan_names()

    def allows(self, host: str) -> bool:
        name, port = _split(host)
        if name not in self.names:
            return False
        return self.port is None or port == self.port or (port is None and self.port == 80)


class HostCheck:
    """ASGI middleware: a request whose ``Host`` header :class:`Hosts` does
    not allow is answered 400 (JSON under ``/api/``, text elsewhere)."""

    def __init__(self, app, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), "")
            if not self.hosts.allows(host):
                if scope["type"] == "websocket":  # the console has none: closed before it is accepted
                    await send({"type": "websocket.close", "code": 1008})
                    return
                answer = refused(scope["path"], BadRequest(say("web.wrong_host", host=host[:100]), 400))
                await answer(scope, receive, send)
                return
        await self.app(scope, receive, send)
