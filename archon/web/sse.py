"""Server-sent events encoded once and sent as they are to every open page.

With 300 phones on the players' page, each change is one event sent 300
times: the event (the page's new live part, some 160 KB of HTML for a
300-player event) is encoded and compressed once per version and language
(:class:`Piece`), and each stream only writes those same bytes
(:class:`Stream`): no stream encodes, compresses or hashes anything itself.

A stream the browser reads gzipped (all do) is one gzip member whose
deflate data is the pieces' own deflated blocks one after another: each
piece is deflated on its own and ends on a full flush (byte-aligned, no
reference to what came before), so any sequence of pieces is valid deflate
data. The member's trailer (the CRC-32 and length of everything sent) is
worked out when the stream ends, from each piece's CRC and a table of how
its length moves a CRC (:meth:`Piece.after`), not by reading the bytes
again.
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from typing import Optional

__all__ = ["Piece", "Stream", "page_event", "state_event", "RETRY", "STILL_HERE", "GZIP_HEADER"]

#: How hard the pieces are deflated (as the pages are gzipped).
LEVEL = 6
#: A gzip member's header: deflate, no name, no time, unknown system.
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
#: The last deflate block: empty, fixed codes, final.
FINAL_BLOCK = b"\x03\x00"

_LINE_END = re.compile(rb"\r\n|\r|\n")


class Piece:
    """One event (or comment) of a stream: ``text`` as sent plain, and
    deflated on its own (:data:`LEVEL`, ending on a full flush)."""

    __slots__ = ("text", "_deflated", "_crc", "_moves")

    def __init__(self, text: bytes) -> None:
        self.text = text
        self._deflated: Optional[bytes] = None
        self._crc: Optional[int] = None
        self._moves: Optional[list[int]] = None

    @property
    def deflated(self) -> bytes:
        """``text`` deflated (made the first time a gzipped stream sends it)."""
        if self._deflated is None:
            deflater = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
            self._deflated = deflater.compress(self.text) + deflater.flush(zlib.Z_FULL_FLUSH)
        return self._deflated

    @property
    def crc(self) -> int:
        if self._crc is None:
            self._crc = zlib.crc32(self.text)
        return self._crc

    def after(self, crc: int) -> int:
        """The CRC-32 of some bytes followed by this piece, ``crc`` being
        theirs. A CRC-32 is linear in the CRC it starts from: what this
        piece's length does to each of its 32 bits is worked out once."""
        if self._moves is None:
            zeros = bytes(len(self.text))
            base = zlib.crc32(zeros, 0)
            self._moves = [zlib.crc32(zeros, 1 << bit) ^ base for bit in range(32)]
        moved, bit = 0, 0
        while crc:
            if crc & 1:
                moved ^= self._moves[bit]
            crc >>= 1
            bit += 1
        return moved ^ self.crc


class Stream:
    """The bytes one event stream sends: its pieces as they are, or, when
    ``gzipped``, a gzip member made of their deflated blocks."""

    def __init__(self, gzipped: bool) -> None:
        self.gzipped = gzipped
        self._sent: list[Piece] = []

    def start(self) -> bytes:
        return GZIP_HEADER if self.gzipped else b""

    def send(self, piece: Piece) -> bytes:
        if not self.gzipped:
            return piece.text
        self._sent.append(piece)
        return piece.deflated

    def end(self) -> bytes:
        """The last bytes of a stream that ends (the gzip member's trailer)."""
        if not self.gzipped:
            return b""
        crc, size = 0, 0
        for piece in self._sent:
            crc, size = piece.after(crc), size + len(piece.text)
        return FINAL_BLOCK + struct.pack("<II", crc, size & 0xFFFFFFFF)


def page_event(key: str, html: bytes) -> Piece:
    """The ``page`` event: a page's new live part (``html``), for ``key``
    (its ``id``: a browser that reconnects says which it has); deflated
    here, once (made in a thread, not by the first stream that sends it)."""
    data = b"".join(b"data: " + line + b"\n" for line in _LINE_END.split(html))
    piece = Piece(b"event: page\nid: " + key.encode() + b"\n" + data + b"\n")
    piece.deflated  # noqa: B018 - made now
    return piece


def state_event(key: str) -> Piece:
    """The ``state`` event: the key of the file as it is now (the page fetches its live part)."""
    return Piece(b"event: state\ndata: " + json.dumps({"key": key}).encode() + b"\n\n")


#: The first piece of every stream: a browser reconnects a second after its stream ends.
RETRY = Piece(b"retry: 1000\n\n")
#: What a stream says when it has said nothing for a while (proxies close quiet connections).
STILL_HERE = Piece(b": still here\n\n")
