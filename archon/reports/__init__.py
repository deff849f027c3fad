"""Reports an event posts and publishes: a report workbook, a seat list per
round for the venue wall, and a one-page HTML report.

Every report starts from the standings contract,
:func:`archon.serialize.standings_to_dict` of
:func:`archon.standings.compute`, the same data ``archon standings --json``
prints, so every number in every report is the number archon computed once.
Nothing here recomputes a score, a rank or a rating.

* :func:`write_xlsx_report` -- the report workbook (event, standings, one
  sheet per round, the final, charts, a printable seat list per round);
* :func:`write_posting_sheet` -- one round's seat list alone, to print minutes
  before the round starts;
* :func:`write_html_report` / :func:`render_html_report` -- one
  self-contained HTML page (no network, no script).

Each accepts the contract ``dict``, computed
:class:`~archon.standings.Standings`, or an :class:`~archon.model.Event`
(computed first).
"""

from __future__ import annotations

import os
import tempfile
import unicodedata
from pathlib import Path
from typing import Any, Callable, Optional, Union

from ..exits import ExitStatus
from ..model import Event
from ..serialize import standings_to_dict
from ..standings import Standings, compute

__all__ = [
    "ReportError",
    "as_standings_dict",
    "check_target",
    "write_xlsx_report",
    "write_posting_sheet",
    "write_html_report",
    "render_html_report",
    "seat_list",
    "name_sort_key",
    "posting_name",
    "display_name",
    "winner_of",
]


class ReportError(ValueError):
    """A report that cannot be written as asked (the message says what to do)."""

    exit_status = ExitStatus.NOT_WRITTEN


StandingsLike = Union[dict, Standings, Event]


def as_standings_dict(standings: StandingsLike) -> dict[str, Any]:
    """The standings contract for a contract dict, computed Standings or an Event."""
    if isinstance(standings, dict):
        return standings
    if isinstance(standings, Standings):
        return standings_to_dict(standings, extras=True)
    if isinstance(standings, Event):
        return standings_to_dict(compute(standings), extras=True)
    raise TypeError(f"expected the standings contract, Standings or an Event, not {type(standings).__name__}")


# ---------------------------------------------------------------------------
# Names

#: Letters that Unicode does not decompose into a base letter and an accent.
_FOLD = str.maketrans(
    {
        "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss",
        "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "TH",
        "ı": "i",
    }
)


def _fold(text: str) -> str:
    """'Ångström' -> 'angstrom': the text without accents, case folded."""
    decomposed = unicodedata.normalize("NFKD", (text or "").strip().translate(_FOLD))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def name_sort_key(player: dict) -> tuple:
    """Alphabetical order: last name, then first name; accents and case ignored.

    'Élodie Ábel' sorts with the A's, 'Øyvind' with the O's. A player with only
    one name sorts by it.
    """
    first = player.get("first_name") or ""
    last = player.get("last_name") or ""
    primary = last or first
    secondary = first if last else ""
    return (_fold(primary), _fold(secondary), primary, secondary, player.get("number") or 0)


def display_name(player: Optional[dict], number: Optional[int] = None) -> str:
    """'First Last' (or '#12' for a player with no name or not registered)."""
    if player is None:
        return f"#{number}" if number is not None else ""
    name = " ".join(p for p in ((player.get("first_name") or "").strip(), (player.get("last_name") or "").strip()) if p)
    return name or f"#{player.get('number')}"


def posting_name(player: Optional[dict], number: Optional[int] = None) -> str:
    """'Last, First' as a seat list shows it."""
    if player is None:
        return f"#{number} (not registered)" if number is not None else ""
    first = (player.get("first_name") or "").strip()
    last = (player.get("last_name") or "").strip()
    if first and last:
        return f"{last}, {first}"
    return last or first or f"#{player.get('number')}"


# ---------------------------------------------------------------------------
# Reading the contract


def players_by_number(data: dict) -> dict[int, dict]:
    return {p["number"]: p for p in data["players"]}


def winner_of(data: dict) -> Optional[dict]:
    """The winner's player entry: the final's winner, or for an event closed
    without a final the one player placed 1st; None while undecided."""
    by_number = players_by_number(data)
    final = data.get("final")
    if final:
        w = final.get("winner")
        return by_number.get(w) if w is not None else None
    firsts = [p for p in data["players"] if p.get("final_rank") == 1]
    return firsts[0] if len(firsts) == 1 else None


def find_round(data: dict, round_number: int) -> dict:
    """The round entry for ``round_number``; ReportError when it has no seating."""
    for r in data.get("rounds") or []:
        if int(r["round"]) == int(round_number) and r.get("tables"):
            return r
    seated = [str(r["round"]) for r in data.get("rounds") or [] if r.get("tables")]
    hint = f"rounds seated: {', '.join(seated)}" if seated else "no round is seated yet"
    err = ReportError(f"round {round_number} has no seating ({hint}); seat it first with 'archon seat'")
    err.exit_status = ExitStatus.PROBLEMS  # the event is not there yet: nothing wrong with the command
    raise err


def seat_list(data: dict, round_number: int) -> list[dict]:
    """Every player seated in a round, alphabetically, with table and seat.

    Each entry: ``{"number", "name" ('Last, First'), "table", "seat", "player"}``
    (``player`` is the contract entry, None for a number not registered).
    """
    rnd = find_round(data, round_number)
    by_number = players_by_number(data)
    rows = []
    for t in rnd["tables"]:
        for s in t["seats"]:
            p = by_number.get(s["player"])
            rows.append(
                {
                    "number": s["player"],
                    "name": posting_name(p, s["player"]),
                    "table": t["table"],
                    "seat": s["seat"],
                    "player": p,
                }
            )
    rows.sort(
        key=lambda r: name_sort_key(r["player"]) if r["player"] else ("\uffff", "", "", "", r["number"])
    )
    return rows


# ---------------------------------------------------------------------------
# Writing files


def lock_file(path: Path) -> Path:
    """The lock file Excel keeps beside a workbook it has open."""
    return path.with_name("~$" + path.name)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _is_event_workbook(path: Path) -> bool:
    """Whether ``path`` is an Archon event workbook (it has a Methuselahs sheet)."""
    from ..layout import METHUSELAHS
    from ..workbook.grid import WorkbookError, open_book

    try:
        with open_book(path) as book:
            return METHUSELAHS.sheet in book.sheet_names
    except (WorkbookError, OSError, ValueError):
        return False


def check_target(path: "str | os.PathLike[str]", suffix: Optional[str] = None) -> Path:
    """Raise ReportError unless a report can be written to ``path``: its folder
    exists, it is not open in Excel or LibreOffice, it is not an Archon event
    workbook (a report never replaces the event it reports on) and, when
    ``suffix`` is given, its name ends with it."""
    target = Path(path)
    if suffix is not None and target.suffix.lower() != suffix:
        raise ReportError(f"{target.name}: this report is a {suffix} file: give a name ending in {suffix}")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise ReportError(f"cannot write {target}: folder {folder} does not exist")
    if lock_file(target).exists():
        raise ReportError(
            f"{target} is open in Excel (lock file {lock_file(target).name} beside it): close it and try again"
        )
    lo_lock = target.with_name(f".~lock.{target.name}#")
    if lo_lock.exists():
        raise ReportError(
            f"{target} is open in LibreOffice (lock file {lo_lock.name} beside it): close it and try again"
        )
    if target.is_file() and _is_event_workbook(target):
        raise ReportError(
            f"{target} is an Archon event workbook: a report is never written over it; give another name"
        )
    return target


def write_atomically(path: "str | os.PathLike[str]", write: Callable[[Path], None]) -> Path:
    """Call ``write(tmp)`` on a temp file beside ``path``, then move it into place.

    The old file (if any) is replaced only once the new one is complete.
    Raises ReportError naming the file when the folder is missing, the file
    is open in Excel or LibreOffice, or it is an Archon event workbook
    (:func:`check_target`).
    """
    target = check_target(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=target.suffix + ".tmp", dir=folder)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        # mkstemp makes the file private: give it the mode a new file gets
        # (or the mode of the file it replaces).
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_umask())
        os.replace(tmp, target)
    except PermissionError:
        raise ReportError(f"cannot write {target}: permission denied (is it open in another program?)") from None
    finally:
        if tmp.exists():
            tmp.unlink()
    return target


from .html_report import render_html_report, write_html_report  # noqa: E402
from .posting import write_posting_sheet  # noqa: E402
from .xlsx_report import write_xlsx_report  # noqa: E402
