"""The CSV set's names and kinds: its files, their columns, what reading and
writing one returns (:class:`CsvSetRead`, :class:`CsvSetWritten`), its
notes and its error (the format: :mod:`archon.formats.csvset`)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from archon.words.errors import WordedError
from archon.words.message import Message, as_message
from archon.words.render import PLAIN
from archon.exits import ExitStatus
from archon.rules.model import Event

METHUSELAHS_FILE = "Methuselahs.csv"
FINALS_FILE = "Finals.csv"
OVERRIDE_FILE = "Override.csv"
REPORT_FILE = "Report.csv"
#: Report.csv's header line, exactly as the bot writes it.
REPORT_HEADER = (
    "Player Num", "V:EKN Num", "Name", "Games Played", "Games Won", "Total VPs", "Finals Position", "Rank",
)
#: Column names used in messages (those files have no header line).
METHUSELAHS_COLUMNS = ("player number", "first name", "last name", "country", "VEKN number", "rounds played", "DQ flag")
ROUND_COLUMNS = ("player number", "first name", "last name", "table", "VP")
FINALS_COLUMNS = ("player number", "first name", "last name", "table", "seed", "VP")
OVERRIDE_COLUMNS = ("round", "table", "reason")
#: Rank written for a player flagged out (the bot's and The Archon's word).
OUT_RANK = "DQ"

ENCODING = "utf-8"
DELIMITER = ","
LINE_END = "\r\n"

DROPPED = "dropped"
DIFFERS = "differs"
CHANGED = "changed"
INFO = "info"


def round_file(number: int) -> str:
    """``Round-2.csv`` for round 2."""
    return f"Round-{number}.csv"


class CsvSetError(WordedError, ValueError):
    """A CSV set archon cannot read; the message names the file and line and
    says what was expected."""

    exit_status = ExitStatus.UNREADABLE


@dataclass(frozen=True)
class CsvNote:
    """Something about a CSV set worth telling: ``file``, ``line`` (or None),
    what (``said``, a message; ``message``, its plain text), and ``kind``: :data:`DROPPED`, :data:`DIFFERS` or
    :data:`INFO`."""

    file: str
    line: Optional[int]
    said: Message
    kind: str = INFO

    def __post_init__(self) -> None:
        object.__setattr__(self, "said", as_message(self.said))

    @property
    def message(self) -> str:
        """What :attr:`said` says, in plain English."""
        return PLAIN.render(self.said)

    @property
    def where(self) -> str:
        return f"{self.file}, line {self.line}" if self.line else self.file

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class CsvSetRead:
    """What :func:`load_csv_set` read: the ``event``, the ``notes``, the CSV
    ``files`` used (names as found) and the ``source`` folder or zip."""

    event: Event
    notes: list[CsvNote]
    files: list[str]
    source: Path

    @property
    def dropped(self) -> list[CsvNote]:
        return [n for n in self.notes if n.kind == DROPPED]

    @property
    def differences(self) -> list[CsvNote]:
        return [n for n in self.notes if n.kind == DIFFERS]


@dataclass
class CsvSetWritten:
    """What :func:`write_csv_set` did: the ``files`` written (in order), what
    the CSV set cannot hold (``not_held``, sentences), and ``stale`` files of
    the set left in the folder by an earlier export that this event does not
    have (a later read would take them in: delete them)."""

    folder: Path
    files: list[Path]
    not_held: list[Message] = field(default_factory=list)
    stale: list[Path] = field(default_factory=list)



def file_key(name: str) -> str:
    """``Round 1.csv``, ``round_1.CSV``, ``Round-1.csv`` -> ``round1.csv``."""
    return re.sub(r"[\s_\-]+", "", unicodedata.normalize("NFC", name).lower())


ROUND_KEY = re.compile(r"^round(\d+)\.csv$")


def is_set_member(key: str) -> bool:
    return key in (
        file_key(METHUSELAHS_FILE), file_key(FINALS_FILE), file_key(OVERRIDE_FILE), file_key(REPORT_FILE)
    ) or bool(
        ROUND_KEY.match(key)
    )

