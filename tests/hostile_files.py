"""Making damaged and hostile files in a test (nothing binary is committed).

Shared by the tests of every folder (``from hostile_files import rezip``):
copies of a zip with a part changed (:func:`rezip`, :func:`with_part`), a
sheet cut after a row, a watchdog for a command blocked on a named pipe,
and zips written byte by byte (:func:`raw_zip`) whose directory may say
what the test wants, with deflate streams that inflate far beyond their
size (:func:`zeros_deflated`).
"""

from __future__ import annotations

import os
import struct
import threading
import zipfile
import zlib
from pathlib import Path
from typing import Callable, Iterable, NamedTuple, Optional

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "samples" / "sample-event.xlsx"  # 25 players, 3R+F, results and a final

METHUSELAHS_PART = "xl/worksheets/sheet3.xml"
SHARED_STRINGS_PART = "xl/sharedStrings.xml"
WORKBOOK_PART = "xl/workbook.xml"


def rezip(source: Path, target: Path, change: Callable[[str, bytes], Optional[bytes]]) -> Path:
    """A copy of the zip ``source`` at ``target`` whose members go through
    ``change(name, data)``: the bytes to store, or None to leave the member out."""
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = change(info.filename, zin.read(info.filename))
            if data is not None:
                zout.writestr(info, data)
    return target


def with_part(part: str, new: Callable[[bytes], Optional[bytes]]):
    return lambda name, data: new(data) if name == part else data


def cut_after_row(xml: bytes, row: int) -> bytes:
    """The sheet XML ending right after ``</row>`` of row ``row``: a clean cut
    that a scan for cells would read as a sheet of fewer rows."""
    at = xml.index(f'<row r="{row + 1}"'.encode())
    return xml[:at]


class Watchdog:
    """Frees a command blocked opening a FIFO for reading (by opening it for
    writing after ``seconds``) and remembers that it had to."""

    def __init__(self, path: Path, seconds: float = 10.0) -> None:
        self.fired = False
        self._path = path
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(seconds,), daemon=True)
        if path.is_fifo():
            self._thread.start()

    def _run(self, seconds: float) -> None:
        if self._done.wait(seconds):
            return
        self.fired = True
        try:
            fd = os.open(self._path, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass

    def stop(self) -> None:
        self._done.set()


# ---------------------------------------------------------------- zips written byte by byte

class Member(NamedTuple):
    """A zip member as :func:`raw_zip` writes it: ``data`` as stored (already
    deflated when ``method`` is 8), with the sizes and CRC its headers say."""

    name: str
    data: bytes
    size: int  # the inflated size the headers declare
    crc: int
    method: int = zipfile.ZIP_DEFLATED


def deflated(name: str, data: bytes) -> Member:
    """``data`` deflated, its headers telling the truth."""
    c = zlib.compressobj(6, zlib.DEFLATED, -15)
    return Member(name, c.compress(data) + c.flush(), len(data), zlib.crc32(data))


def raw_zip(path: Path, members: Iterable[Member], entries: Optional[int] = None) -> Path:
    """The zip of ``members`` at ``path``, each with the sizes and CRC it
    says; ``entries``: the count the end record says (the true one if None)."""
    members = list(members)
    body, directory = bytearray(), bytearray()
    for m in members:
        name = m.name.encode()
        offset = len(body)
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, m.method, 0, 0, m.crc,
                            len(m.data), m.size & 0xFFFFFFFF, len(name), 0) + name + m.data
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, m.method, 0, 0, m.crc,
                                 len(m.data), m.size & 0xFFFFFFFF, len(name), 0, 0, 0, 0, 0, offset) + name
    count = len(members) if entries is None else entries
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, min(count, 0xFFFF), min(count, 0xFFFF), len(directory),
                      len(body), 0)
    path.write_bytes(bytes(body + directory + end))
    return path


def members_of(source: Path) -> list[Member]:
    """The members of the zip ``source``, deflated again, their headers true."""
    with zipfile.ZipFile(source) as zf:
        return [deflated(i.filename, zf.read(i.filename)) for i in zf.infolist()]


def zeros_deflated(size: int) -> bytes:
    """A raw deflate stream of ``size`` zero bytes (a multiple of 258 plus
    one), written by hand in fixed Huffman codes: a literal 0, then copies
    of 258 bytes at distance 1, 13 bits each. Made in milliseconds however
    large ``size`` is (10**9: 6 MB), where zlib takes seconds a gigabyte."""
    copies, rest = divmod(size - 1, 258)
    assert rest == 0, "size must be 1 + a multiple of 258"
    bits = _Bits()
    bits.put(1, 1)  # the last block
    bits.put(1, 2)  # fixed Huffman codes
    bits.put_code(0x30, 8)  # literal 0
    pair = [(0xC5, 8), (0, 5)]  # length 258 (symbol 285), distance 1 (code 0)
    for _ in range(16):
        for code, n in pair:
            bits.put_code(code, n)
    # after the first 8 copies the bytes repeat every 8 copies (104 bits = 13 bytes)
    first = bytes(bits.out[:13 + 1])  # the header's byte, then the first 8 copies
    period = bytes(bits.out[14:27])
    groups, extra = divmod(copies, 8)
    tail = _Bits()
    tail.value, tail.count = bits.value, bits.count  # the bits left after 16 copies: the same as after any 8k
    for _ in range(extra):
        for code, n in pair:
            tail.put_code(code, n)
    tail.put_code(0, 7)  # end of block (symbol 256)
    tail.flush()
    assert groups >= 2, "size must be at least 16 copies"
    return first + period * (groups - 1) + bytes(tail.out)


class _Bits:
    """Bits written least significant first, as deflate packs them."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.value = 0
        self.count = 0

    def put(self, value: int, n: int) -> None:
        self.value |= value << self.count
        self.count += n
        while self.count >= 8:
            self.out.append(self.value & 0xFF)
            self.value >>= 8
            self.count -= 8

    def put_code(self, code: int, n: int) -> None:
        """A Huffman code: its bits most significant first."""
        self.put(int(f"{code:0{n}b}"[::-1], 2), n)

    def flush(self) -> None:
        if self.count:
            self.out.append(self.value & 0xFF)
            self.value, self.count = 0, 0
