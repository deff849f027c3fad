"""The card list archon ships, and the one an organizer updates.

Derived from the VEKN's published card list, its two CSV files
(``vtescrypt.csv``, ``vteslib.csv``, from vekn.net's downloads): facts only,
one row a card (:meth:`archon.rules.cards.Card.as_row`: name, crypt or
library, group, capacity, advanced, banned since, other name), in a gzipped
JSON file. The package ships ``archon/formats/cards.json.gz``; rebuild it
with::

    python -m archon.formats.cards_build vtescrypt.csv vteslib.csv

``archon cards update FILE...`` runs the same on the files an organizer
downloaded and writes the result to the user's data folder
(:func:`data_folder`), which archon then reads instead of the shipped list.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import sys
from pathlib import Path
from typing import Iterable, Optional, Sequence

from archon.formats.user_folders import DATA, user_folder
from archon.rules.cards import ANY_GROUP, CRYPT, LIBRARY, Card, CardList
from archon.words.errors import WordedError
from archon.words.message import say


__all__ = ["SHIPPED", "CardListError", "data_folder", "updated_list_path", "cards_of_csv", "build",
           "write_card_list", "read_card_list", "card_list", "main"]

#: The card list shipped with archon.
SHIPPED = Path(__file__).with_name("cards.json.gz")
_FILE_NAME = "cards.json.gz"
_CRYPT_TYPES = {"vampire", "imbued"}


class CardListError(WordedError):
    """A card list file that cannot be read."""


def data_folder() -> Optional[Path]:
    """The user's data folder (:data:`archon.formats.user_folders.DATA`:
    ``ARCHON_DATA_DIR`` when set). None when there is no home folder."""
    return user_folder(DATA)


def updated_list_path() -> Optional[Path]:
    """Where ``archon cards update`` writes the card list (None: no data folder)."""
    folder = data_folder()
    return folder / _FILE_NAME if folder is not None else None


def _card_of(row: dict) -> Optional[Card]:
    name = (row.get("Name") or "").strip()
    if not name:
        return None
    banned, aka = (row.get("Banned") or "").strip(), (row.get("Aka") or "").strip()
    if "Group" in row:  # the crypt's file
        group = (row.get("Group") or "").strip().lower()
        capacity = (row.get("Capacity") or "").strip()
        return Card(name, CRYPT, ANY_GROUP if group == "any" else group,
                    int(capacity) if capacity.isdigit() else None,
                    (row.get("Adv") or "").strip() != "", banned, aka)
    return Card(name, LIBRARY, banned=banned, aka=aka)


def cards_of_csv(path: Path) -> list[Card]:
    """The cards of one of the VEKN's CSV files (crypt or library, told by its columns)."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise CardListError(say("decks.cards_unreadable", file=str(path), error=exc.strerror or str(exc))) from None
    except UnicodeDecodeError:
        raise CardListError(say("decks.cards_not_csv", file=path.name)) from None
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "Name" not in reader.fieldnames or (
            "Group" not in reader.fieldnames and "Type" not in reader.fieldnames):
        raise CardListError(say("decks.cards_not_csv", file=path.name))
    return [c for c in (_card_of(row) for row in reader) if c is not None]


def build(files: Sequence[Path]) -> CardList:
    """The card list of the VEKN's CSV ``files`` (both are needed: crypt and library)."""
    cards: list[Card] = []
    for f in files:
        cards.extend(cards_of_csv(Path(f)))
    kinds = {c.kind for c in cards}
    if kinds != {CRYPT, LIBRARY}:
        missing = "vtescrypt.csv" if CRYPT not in kinds else "vteslib.csv"
        raise CardListError(say("decks.cards_missing_file", missing=missing))
    return CardList(cards)


def write_card_list(cards: Iterable[Card], out: Path) -> None:
    """Write ``cards`` as the compact gzipped JSON archon reads (replacing ``out`` at once)."""
    data = json.dumps([c.as_row() for c in cards], ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(gzip.compress(data, mtime=0))
    os.replace(tmp, out)


def read_card_list(path: Path) -> CardList:
    """The card list written by :func:`write_card_list`."""
    try:
        rows = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))
        return CardList([Card.of_row(r) for r in rows], source="" if path == SHIPPED else str(path))
    except (OSError, ValueError, TypeError, EOFError, gzip.BadGzipFile):
        raise CardListError(say("decks.card_list_damaged", file=str(path))) from None


_LOADED: dict[str, CardList] = {}


def card_list() -> CardList:
    """The card list archon checks decks against: the updated one in the data
    folder (``archon cards update``) when there is one, else the one shipped."""
    updated = updated_list_path()
    path = updated if updated is not None and updated.is_file() else SHIPPED
    key = f"{path}:{path.stat().st_mtime_ns}"
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = read_card_list(path)
    return _LOADED[key]


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m archon.formats.cards_build vtescrypt.csv vteslib.csv [OUT]``: rebuild the shipped list."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (2, 3):
        print("usage: python -m archon.formats.cards_build vtescrypt.csv vteslib.csv [OUT]", file=sys.stderr)
        return 2
    out = Path(args.pop()) if len(args) == 3 else SHIPPED
    try:
        cards = build([Path(a) for a in args])
        write_card_list(cards.cards, out)
    except (CardListError, OSError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    print(f"{len(cards)} cards -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
