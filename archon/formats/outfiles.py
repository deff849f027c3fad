"""Output files (reports, CSV sets) written whole or not at all.

Every file is first written to a temporary file beside its target
(``.<name>.<random>.tmp``), flushed to disk, and only then moved into place
with :func:`os.replace`; a set of files is moved into place only once every
one of them is complete. A write that fails (a read-only folder, a full
disk) removes what it wrote and raises :class:`OutputError` (exit status 3)
naming the file and the reason: an older file of the same name is left as
it was and no partial file or set is left behind.

(Event workbooks are written by :mod:`archon.formats.workbook.safety`, which also
keeps backups and honours the spreadsheets' lock files.)
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Mapping

from archon.words.errors import WordedError
from archon.words.message import say
from archon.exits import ExitStatus

__all__ = ["OutputError", "write_file", "write_files"]


class OutputError(WordedError, OSError):
    """An output file that could not be written; nothing was left half written."""

    exit_status = ExitStatus.NOT_WRITTEN


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _new_file_mode(replacing: Path) -> int:
    """The mode of the file replaced, or the one a new file gets (mkstemp's is private)."""
    if replacing.exists():
        return replacing.stat().st_mode & 0o777
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _write_temp(target: Path, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``target``, on disk; its path."""
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutputError(say("output.cannot_write_in", file=str(target), error=_reason(exc), folder=str(folder))) from None
    tmp = Path(name)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, _new_file_mode(target))
    except OSError as exc:
        _remove(tmp)
        raise OutputError(say("output.cannot_write", file=str(target), error=_reason(exc))) from None
    except BaseException:
        _remove(tmp)
        raise
    return tmp


def _remove(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def write_file(path: "str | os.PathLike[str]", data: bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all; returns the path.

    Raises :class:`OutputError` naming the file and the reason."""
    target = Path(path)
    tmp = _write_temp(target, data)
    try:
        os.replace(tmp, target)
    except OSError as exc:
        _remove(tmp)
        raise OutputError(say("output.cannot_write", file=str(target), error=_reason(exc))) from None
    return target


def write_files(folder: "str | os.PathLike[str]", files: Mapping[str, bytes]) -> list[Path]:
    """Write every ``{name: data}`` into ``folder`` (created if missing), all or none.

    Every file is complete on disk before the first one is moved into place.
    Raises :class:`OutputError` naming the file and the reason; the folder
    is then as it was (a folder this call created is removed again).
    """
    target = Path(folder)
    created = not target.exists()
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(say("output.cannot_create_folder", folder=str(target), error=_reason(exc))) from None
    temps: list[tuple[Path, Path]] = []
    try:
        for name, data in files.items():
            temps.append((_write_temp(target / name, data), target / name))
        for tmp, final in temps:
            os.replace(tmp, final)
    except OSError as exc:
        for tmp, _ in temps:
            _remove(tmp)
        if created:
            try:
                target.rmdir()
            except OSError:
                pass
        if isinstance(exc, OutputError):
            raise
        raise OutputError(say("output.cannot_write_into", folder=str(target), error=_reason(exc))) from None
    return [final for _, final in temps]
