"""Never lose a workbook: one writer at a time, backups, atomic replacement.

Every write archon makes to a workbook goes through :func:`safe_write`, and
every command that reads a workbook to change it reads it inside
:func:`hold`:

1. **One archon command at a time.** :func:`hold` takes an exclusive lock on
   the workbook (the ``filelock`` package: ``flock`` on Linux and macOS,
   ``LockFileEx`` on Windows) through the lock file ``.~archon-NAME.lock``
   beside it, and keeps it from the moment the command reads the workbook
   until the new file is in place. Another archon command (a second
   terminal, a script, the event console) waits for it, up to
   :data:`DEFAULT_LOCK_WAIT` seconds (``archon --lock-wait S``, environment
   ``ARCHON_LOCK_WAIT``), then reads the new workbook and applies its change
   to it; past the wait it is refused (:class:`WorkbookHeldError`, exit
   status 3) naming the command that holds it. The operating system drops
   the lock of a command that is killed; the lock file is removed when the
   lock is released (the next command removes one a killed command left).
   A lock file is not a sign that the workbook is open: only the lock does.
2. **Open elsewhere? Read-only?** A workbook open in Excel has a lock file
   ``~$name.xlsx`` beside it; one open in LibreOffice has
   ``.~lock.name.xlsx#``. archon refuses to write it
   (:class:`WorkbookInUseError`): the spreadsheet would otherwise overwrite
   archon's changes, or archon the organizer's, when it saves. A read-only
   workbook (file permissions) is refused too (:class:`WorkbookReadOnlyError`).
3. **New file beside the old one.** The new workbook is written to a
   temporary file in the same folder (``.~archon-NAME.<random>.tmp``) and
   flushed to disk. Nothing changed? It is discarded: no backup, no
   replacement.
4. **Backup.** The current workbook is copied into its backups folder
   (``cup.xlsx`` -> ``cup-backups/cup.backup-YYYYmmdd-HHMMSS.xlsx``; see
   :mod:`archon.formats.workbook.backups` for the folder, the journal ``archon
   undo`` reads and the retention of the last 20), unless the copy an
   earlier change kept of the version it wrote is that file already; the
   new version is copied there too (what ``archon undo`` puts back if the
   workbook is damaged later).
5. **Nobody changed it meanwhile?** The workbook must still be the file read
   when the hold began (same size and SHA-256; its modification time is
   recorded too): a spreadsheet that saved it meanwhile makes archon refuse
   (:class:`WorkbookChangedError`, exit status 3) and change nothing.
6. **Replace.** The temporary file is moved over the workbook with
   :func:`os.replace`, which is atomic on the same file system: the workbook
   is either the old one or the new one, never half written. A workbook
   another program holds for a moment (an antivirus scanning it, a synced
   folder such as OneDrive uploading it) refuses that: it is tried again for
   about 2 seconds before archon gives up (:class:`WorkbookInUseError`). The
   change is recorded in the journal, and old backups beyond the retention
   are removed.

If anything fails before the replacement, the temporary file is removed and
the workbook is untouched. A command that is killed leaves at most its
temporary files: the next command that writes the workbook removes them.

The settings (lock wait, backups kept, the command line recorded in the
journal) come from :func:`settings`, which the command line and the event
console set around each command, else from the environment.
"""

from __future__ import annotations

import contextvars
import datetime as _dt
import errno
import io
import json
import os
import shlex
import shutil
import stat
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Callable, Iterator, Optional

from archon.exits import ExitStatus
from archon.formats.workbook import backups
from archon.formats.workbook.backups import TEMP_PREFIX, TEMP_SUFFIX, Fingerprint, backup_path, fingerprint, make_backup
from archon.words import WordedError, option, say
from archon.words.wording import shell_word

__all__ = [
    "WriteError",
    "WorkbookInUseError",
    "WorkbookHeldError",
    "WorkbookChangedError",
    "WorkbookReadOnlyError",
    "lock_files",
    "check_not_open",
    "check_writable",
    "backup_path",
    "make_backup",
    "hold",
    "Holding",
    "lock_path",
    "settings",
    "lock_wait",
    "keep_backups",
    "current_command",
    "safe_write",
    "SafeWriteResult",
    "DEFAULT_LOCK_WAIT",
    "LOCK_WAIT_ENV",
    "TEMP_PREFIX",
    "TEMP_SUFFIX",
]

#: Seconds a command waits for another archon command that holds the workbook.
DEFAULT_LOCK_WAIT = 10.0
LOCK_WAIT_ENV = "ARCHON_LOCK_WAIT"
LOCK_SUFFIX = ".lock"


class WriteError(WordedError, ValueError):
    """A workbook archon must not or cannot write; the message says what to do."""

    exit_status = ExitStatus.NOT_WRITTEN


class WorkbookInUseError(WriteError):
    """The workbook is open in Excel or LibreOffice (its lock file is beside it)."""


class WorkbookHeldError(WriteError):
    """Another archon command holds the workbook (it is changing it) and did not finish in time."""


class WorkbookChangedError(WriteError):
    """The workbook changed on disk after archon read it (a spreadsheet saved it?)."""


class WorkbookReadOnlyError(WriteError):
    """The workbook's file permissions do not allow writing it."""


def lock_files(path: "str | os.PathLike[str]") -> list[tuple[Path, str]]:
    """Lock files beside ``path`` that say it is open: ``(lock file, application)``.

    Excel: ``~$name.xlsx`` (Excel may drop the name's first characters for
    long names: ``~$me.xlsx`` for ``name.xlsx`` is recognised too).
    LibreOffice: ``.~lock.name.xlsx#``.
    """
    p = Path(path)
    folder, name = p.parent, p.name
    candidates = [
        (folder / f"~${name}", "Excel"),
        (folder / f".~lock.{name}#", "LibreOffice"),
    ]
    if len(name) > 2:
        candidates.insert(1, (folder / f"~${name[2:]}", "Excel"))
    found = []
    for lock, app in candidates:
        if lock.exists():
            found.append((lock, app))
    return found


def check_not_open(path: "str | os.PathLike[str]") -> None:
    """Raise :class:`WorkbookInUseError` when ``path`` is open in Excel or LibreOffice."""
    found = lock_files(path)
    if found:
        lock, app = found[0]
        raise WorkbookInUseError(say("writing.open_elsewhere", file=Path(path).name, app=app, lock=lock.name,
                                     lock_path=str(lock)))


def check_writable(path: "str | os.PathLike[str]") -> None:
    """Raise when the existing workbook at ``path`` must not be written: open
    in a spreadsheet (:class:`WorkbookInUseError`) or read-only
    (:class:`WorkbookReadOnlyError`). A missing file passes."""
    check_not_open(path)
    p = Path(path)
    try:
        mode = p.stat().st_mode
    except OSError:
        return
    # os.access alone says yes to an administrator (root) for any file
    if not os.access(p, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise WorkbookReadOnlyError(say("writing.read_only", file=p.name, file_word=shell_word(p.name)))


# ---------------------------------------------------------------------------
# Settings: set by the command line (and the event console) around a command


_COMMAND: contextvars.ContextVar[Optional[str]] = contextvars.ContextVar("archon_command", default=None)
_KEEP: contextvars.ContextVar[Optional[int]] = contextvars.ContextVar("archon_keep_backups", default=None)
_WAIT: contextvars.ContextVar[Optional[float]] = contextvars.ContextVar("archon_lock_wait", default=None)
_NOTED: contextvars.ContextVar[Optional[dict]] = contextvars.ContextVar("archon_journal_fields", default=None)


@contextmanager
def settings(
    *, command: Optional[str] = None, keep_backups: Optional[int] = None, lock_wait: Optional[float] = None,
    noted: Optional[dict] = None,
) -> Iterator[None]:
    """Within the block: ``command`` is the command line the journal records
    for each change, ``keep_backups`` the backups kept per workbook,
    ``lock_wait`` the seconds to wait for another archon command, ``noted``
    more fields for each journal entry (the console's: which judge, what
    was sent). ``None`` leaves a setting as it is."""
    tokens = [(var, var.set(value)) for var, value in ((_COMMAND, command), (_KEEP, keep_backups),  # type: ignore[arg-type]  # each set to a value of its own type
                                                        (_WAIT, lock_wait), (_NOTED, noted)) if value is not None]
    try:
        yield
    finally:
        for var, token in reversed(tokens):
            var.reset(token)


def _env_number(name: str, kind, default):
    text = os.environ.get(name, "").strip()
    try:
        value = kind(text) if text else default
    except ValueError:
        return default  # the command line checks it and says so (archon --help)
    return value if value >= 0 else default


def lock_wait() -> float:
    """Seconds to wait for another archon command: :func:`settings`, else
    ``ARCHON_LOCK_WAIT``, else :data:`DEFAULT_LOCK_WAIT`."""
    value = _WAIT.get()
    return value if value is not None else _env_number(LOCK_WAIT_ENV, float, DEFAULT_LOCK_WAIT)


def keep_backups() -> int:
    """Backups kept per workbook: :func:`settings`, else ``ARCHON_KEEP_BACKUPS``,
    else :data:`archon.formats.workbook.backups.DEFAULT_KEEP`."""
    value = _KEEP.get()
    return value if value is not None else _env_number(backups.KEEP_ENV, int, backups.DEFAULT_KEEP)


def current_command() -> str:
    """The command line the journal records: :func:`settings`, else this program's."""
    return _COMMAND.get() or "python " + shlex.join(sys.argv)


# ---------------------------------------------------------------------------
# Holding a workbook: one archon command at a time


class Holding:
    """A workbook held by this thread (see :func:`hold`).

    ``path``: the workbook; ``fingerprint``: the file as it was when the hold
    began (None when it did not exist), updated when archon replaces it;
    ``since``: when the hold began (``time.time()``).
    """

    def __init__(self, path: Path, fp: Optional[Fingerprint], since: float) -> None:
        self.path = path
        self.fingerprint = fp
        self.since = since

    def check_unchanged(self) -> None:
        """Raise :class:`WorkbookChangedError` when the file is no longer the
        one archon read (same size and content)."""
        now = fingerprint(self.path)
        if self.fingerprint is None and now is None:
            return
        if self.fingerprint is not None and self.fingerprint.same_content(now):
            return
        name = self.path.name
        if self.fingerprint is None:
            raise WorkbookChangedError(say("writing.appeared_meanwhile", file=name))
        if now is None:
            raise WorkbookChangedError(say("writing.deleted_meanwhile", file=name))
        raise WorkbookChangedError(say("writing.changed_meanwhile", file=name))

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"Holding({str(self.path)!r}, since={self.since})"


_HELD = threading.local()


def _held() -> dict:
    held = getattr(_HELD, "by_path", None)
    if held is None:
        held = _HELD.by_path = {}
    return held


def lock_path(path: "str | os.PathLike[str]") -> Path:
    """The lock file of the workbook at ``path``: ``.~archon-NAME.lock`` beside it."""
    real = Path(os.path.realpath(path))
    return real.parent / f"{TEMP_PREFIX}{real.name}{LOCK_SUFFIX}"


@contextmanager
def hold(path: "str | os.PathLike[str]", *, wait: Optional[float] = None) -> Iterator[Holding]:
    """Hold the workbook at ``path`` for a change, from reading it to replacing it.

    While the block runs no other archon command (process or thread) holds
    it: one that does waits up to ``wait`` seconds (default :func:`lock_wait`)
    and then reads the workbook afresh; past the wait it raises
    :class:`WorkbookHeldError` (exit status 3) naming the command that
    holds it. Within one thread a hold is reentrant (a nested ``hold`` of
    the same file yields the same :class:`Holding`). Taking the hold clears
    the temporary files killed commands left for this workbook
    (:func:`archon.formats.workbook.backups.clear_leftovers`).

    Yields the :class:`Holding`, whose ``fingerprint`` is the file as it was
    when the hold began; :func:`safe_write` refuses to replace a file that
    no longer matches it. Example::

        with hold("cup.xlsx") as held:
            event = read_event("cup.xlsx").event   # read inside the hold
            ...                                    # change it
            write_event("cup.xlsx", event)         # replaced inside the hold
    """
    target = Path(path)
    key = os.path.realpath(target)
    held = _held()
    if key in held:
        yield held[key]
        return
    if not os.path.isdir(os.path.dirname(key)):
        # No such folder: no workbook to protect and nothing can be written
        # there; the reader or the writer says so (no folder is made for the lock).
        yield Holding(target, None, time.time())
        return
    lock = _acquire(target, lock_wait() if wait is None else wait)
    try:
        since = time.time()
        holding = Holding(target, fingerprint(target), since)
        backups.clear_leftovers(Path(key), since)
        held[key] = holding
        try:
            yield holding
        finally:
            del held[key]
    finally:
        _release(lock, lock_path(target))


class _Unlinked(Exception):
    """The lock file was removed by its previous holder as we locked it."""


def _acquire(target: Path, wait: float):
    from filelock import FileLock, Timeout

    lock_file = lock_path(target)

    def claim(fd: int) -> None:
        # The previous holder removes the lock file before it lets go: a lock
        # on a removed file guards nothing, so take the new file instead.
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(lock_file))
        except FileNotFoundError:
            same = False
        if not same:
            raise _Unlinked()
        note = {"pid": os.getpid(), "command": current_command(), "since": time.time()}
        try:  # who holds it, for the message of a command that waits in vain
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, json.dumps(note).encode("utf-8"))
        except OSError:
            pass

    deadline = time.monotonic() + max(0.0, wait)
    while True:
        lock = FileLock(lock_file, timeout=max(0.0, deadline - time.monotonic()), on_acquired=claim)
        try:
            lock.acquire()
        except _Unlinked:
            continue
        except Timeout:
            raise WorkbookHeldError(_held_message(target, lock_file, wait)) from None
        except OSError as exc:
            raise WriteError(say("writing.no_lock_file", folder=str(lock_file.parent), reason=_reason(exc),
                                 lock=lock_file.name, file=target.name)) from None
        return lock


def _release(lock, lock_file: Path) -> None:
    # Removed while still locked, so that a command waiting on this file
    # finds it gone and takes a new one (Windows refuses, and filelock
    # removes it once released).
    try:
        os.unlink(lock_file)
    except OSError:
        pass
    lock.release()


def _held_message(target: Path, lock_file: Path, wait: float):
    return say("writing.held", file=target.name, holder=_holder(lock_file), wait=wait,
               lock_wait=option("lock_wait"), env=LOCK_WAIT_ENV)


def _holder(lock_file: Path):
    """Who holds the workbook, as the lock file's note says (the command, its
    process, since when), or only that it is another archon command."""
    try:
        note = json.loads(lock_file.read_text(encoding="utf-8"))
        since = _dt.datetime.fromtimestamp(float(note["since"])).strftime("%H:%M:%S")
        return say("writing.holder_known", command=str(note["command"]), pid=int(note["pid"]), since=since)
    except (OSError, ValueError, KeyError, TypeError):
        return say("writing.holder")


def _reason(exc: OSError) -> str:
    """What the system said of a failed file operation: its text, without the file's name."""
    return exc.strerror or str(exc)


# ---------------------------------------------------------------------------
# Writing


class SafeWriteResult:
    """What :func:`safe_write` did."""

    def __init__(self, path: Path, changed: bool, backup: Optional[Path], removed: Optional[list[Path]] = None):
        self.path = path
        self.changed = changed
        self.backup = backup
        #: Older backups the retention removed after the change (``archon --keep-backups N``).
        self.removed = list(removed or [])

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"SafeWriteResult(path={self.path!r}, changed={self.changed}, backup={self.backup!r})"


def _same_bytes(a: Path, b: Path) -> bool:
    if a.stat().st_size != b.stat().st_size:
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        while True:
            x = fa.read(1 << 20)
            y = fb.read(1 << 20)
            if x != y:
                return False
            if not x:
                return True


def safe_write(
    path: "str | os.PathLike[str]",
    write: Callable[[IO[bytes]], object],
    *,
    backup: bool = True,
    must_exist: bool = True,
    journal: Optional[dict] = None,
    dry_run: bool = False,
) -> SafeWriteResult:
    """Write a workbook with ``write(file)`` and put it in place at ``path`` safely.

    ``write`` receives a binary file opened in ``path``'s folder and writes the
    whole new workbook into it. ``path`` must exist unless ``must_exist`` is
    False (a new workbook: nothing to back up, and an existing file is
    refused rather than replaced). ``journal``: more fields for the journal
    entry of the change. Runs inside :func:`hold` (the caller's, when the
    caller read the workbook inside one). See the module documentation.

    ``dry_run``: a rehearsal. Every check runs (the folder, the hold, lock
    files, permissions, the file unchanged since the hold began) and
    ``write`` makes the whole workbook, in memory; nothing is written, the
    result says whether the workbook would change (never a backup).
    """
    target = Path(path)
    folder = target.parent
    if must_exist:
        if not target.is_file():
            raise WriteError(say("writing.no_such_file", path=str(target)))
    elif target.exists():
        raise WriteError(say("writing.exists", path=str(target)))
    if not folder.is_dir():
        raise WriteError(say("writing.no_folder", folder=str(folder)))
    with hold(target) as held:
        if must_exist:
            check_writable(target)
            if held.fingerprint is None:
                raise WriteError(say("writing.no_such_file", path=str(target)))
        else:
            check_not_open(target)
        if dry_run:
            return _rehearse_held(held, write, must_exist=must_exist)
        return _write_held(held, write, backup=backup, must_exist=must_exist, journal=journal)


def _rehearse_held(held: Holding, write, *, must_exist: bool) -> SafeWriteResult:
    """:func:`safe_write`'s steps 3 and 5 in memory, the workbook held (a dry
    run): whether it would change, and refused as the write would be."""
    target = held.path
    made = io.BytesIO()
    write(made)
    if must_exist:
        if made.getvalue() == target.read_bytes():
            return SafeWriteResult(target, changed=False, backup=None)
        held.check_unchanged()
    return SafeWriteResult(target, changed=True, backup=None)


def _write_held(held: Holding, write, *, backup: bool, must_exist: bool, journal: Optional[dict]) -> SafeWriteResult:
    """:func:`safe_write`'s steps 3 to 6, the workbook held."""
    target = held.path
    tmp = _write_temp(held, write)
    try:
        if must_exist and _same_bytes(tmp, target):
            tmp.unlink()
            return SafeWriteResult(target, changed=False, backup=None)
        if not must_exist:
            return _put_new(held, tmp)
        return _replace_held(held, tmp, backup=backup, journal=journal)
    except BaseException:
        backups.discard(tmp)
        raise


def _write_temp(held: Holding, write) -> Path:
    """Step 3: the new workbook, made by ``write`` in a temporary file beside
    the workbook and flushed to disk; nothing is left when it fails."""
    target = held.path
    try:
        f, tmp = backups.temp_file(target.parent, target.name)
    except OSError as exc:
        raise WriteError(say("writing.cannot_write_in", folder=str(target.parent), reason=_reason(exc))) from None
    try:
        with f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
    except BaseException as exc:
        backups.discard(tmp)
        if isinstance(exc, OSError):  # disk full, drive removed...: the temporary file goes, the workbook stays
            raise WriteError(say("writing.cannot_write", file=target.name, reason=_reason(exc))) from None
        raise
    return tmp


def _replace_held(held: Holding, tmp: Path, *, backup: bool, journal: Optional[dict]) -> SafeWriteResult:
    """Steps 4 to 6: back up the workbook, check nobody changed it, replace
    it with ``tmp`` and record the change."""
    target = held.path
    shutil.copymode(target, tmp)
    before, after = held.fingerprint, fingerprint(tmp)
    held.check_unchanged()
    made = written = None
    new_copies: list[Path] = []
    try:
        if backup:
            made, written = _keep_versions(held, tmp, after, new_copies)
        # A lock file that appeared while we worked, or a save from a spreadsheet: do not replace.
        check_not_open(target)
        held.check_unchanged()
    except BaseException:
        for p in new_copies:
            p.unlink()
        raise
    try:
        _replace(tmp, target)
    except PermissionError:
        if written in new_copies:
            written.unlink()  # the copy of a version never put in place; the backup stays
        raise WorkbookInUseError(say("writing.cannot_replace", file=target.name)) from None
    held.fingerprint = after
    if written in new_copies:
        written = _name_written(written, target)
    removed = _journal(target, made, written, before, after, journal) if made is not None else []
    return SafeWriteResult(target, changed=True, backup=made, removed=removed)


#: Seconds between the tries of a replacement the workbook's file refuses for
#: a moment (:func:`_replace`): about 2 s in all, then archon gives up.
RENAME_WAITS = (0.05, 0.1, 0.2, 0.4, 0.5, 0.75)
#: Windows errors of a file another program holds: access denied, a sharing
#: or a lock violation.
_BUSY_WINERRORS = frozenset({5, 32, 33})


def _busy(exc: OSError) -> bool:
    """Whether ``exc`` is what a file another program holds for a moment
    gives (an antivirus scanning the workbook, a synced folder such as
    OneDrive uploading it): access denied (EACCES), or on Windows one of
    :data:`_BUSY_WINERRORS`. Other errors (EPERM, a full disk) are not."""
    if getattr(exc, "winerror", None) in _BUSY_WINERRORS:
        return True
    return isinstance(exc, PermissionError) and exc.errno == errno.EACCES


def _replace(tmp: Path, target: Path) -> None:
    """Step 6: :func:`os.replace` ``tmp`` over ``target``, tried again after
    each of :data:`RENAME_WAITS` while the workbook's file is busy
    (:func:`_busy`); the last try's error is raised."""
    for wait in RENAME_WAITS:
        try:
            os.replace(tmp, target)
            return
        except OSError as exc:
            if not _busy(exc):
                raise
        time.sleep(wait)
    os.replace(tmp, target)


def _put_new(held: Holding, tmp: Path) -> SafeWriteResult:
    """Give a new workbook its name, never replacing a file that appeared meanwhile."""
    target = held.path
    # mkstemp makes the file private; a new workbook gets the usual mode
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp, 0o666 & ~mask)
    check_not_open(target)
    after = fingerprint(tmp)
    try:
        if not backups.put_in_place(tmp, target):
            raise WriteError(say("writing.exists_now", path=str(target)))
    except PermissionError:
        raise WriteError(say("writing.permission_denied", path=str(target))) from None
    held.fingerprint = after
    return SafeWriteResult(target, changed=True, backup=None)


def _keep_versions(held: Holding, tmp: Path, written_fp: Optional[Fingerprint], new_copies: list[Path]) -> tuple[Path, Path]:
    """Step 4: (the backup of the workbook as it is, a copy of the new
    version ``tmp`` (its fingerprint ``written_fp``), both in the backups folder (the copy a temporary file
    until :func:`_name_written` names it); the files made are added to
    ``new_copies``. The version archon's last change wrote is kept
    already (its copy): when the workbook is still it, that copy is the
    backup. The copy of the new version is what ``archon undo`` puts back
    when the workbook is damaged later: the last recorded result is never
    only in the workbook."""
    target = held.path
    try:
        entries = backups.journal_entries(target)  # read once: the workbook is held
        made = backups.kept_copy(target, held.fingerprint, entries)
        if made is None:
            made = make_backup(target)
            new_copies.append(made)
        # an undo puts back a version kept already; else a copy, named once the version is in place
        written = backups.kept_copy(target, written_fp, entries)
        if written is None:
            written = backups.copy_for_backup(tmp, target)
            new_copies.append(written)
    except OSError as exc:
        raise WriteError(say("writing.cannot_back_up", file=target.name, reason=_reason(exc))) from None
    return made, written


def _name_written(tmp: Path, target: Path) -> Optional[Path]:
    """The copy of the version now in place, given its backup name (None
    when that fails: the change is made; undo cannot repair it)."""
    try:
        return backups.name_backup(tmp, target)
    except OSError:
        return None


def _journal(target: Path, made: Path, written: Optional[Path], before, after, extra: Optional[dict]) -> list[Path]:
    """Record the change in the journal and keep the last backups; returns
    the older backups removed. The workbook is already replaced: a journal
    that cannot be written costs ``archon undo`` this step, not the change."""
    entry = {
        "time": _dt.datetime.now().astimezone().isoformat(timespec="seconds"),
        "command": current_command(),
        "backup": made.name,
        "written": written.name if written is not None else None,
        "before": before.as_dict() if before else None,
        "after": after.as_dict() if after else None,
        **(_NOTED.get() or {}),
        **(extra or {}),
    }
    try:
        return backups.record_change(target, entry, made, keep_backups(), written)
    except OSError:
        return []
