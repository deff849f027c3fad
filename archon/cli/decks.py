"""The deck commands: ``deck`` (record or unlock a player's deck list),
``decks`` (list and export them), ``cards update`` (the card list).
Twins in :mod:`archon.api.deck_lists`."""

from __future__ import annotations

import sys

import click

from archon.api.deck_lists import cards_update as update_cards, deck as record_deck, decks as deck_rows, export_decks
from archon.api.errors import InputError
from archon.api.json_output import change_json, message_record, versioned
from archon.cli.options import CHANGE_JSON, DRY_RUN_OPTION, WORKBOOK_ARGUMENT, command, json_option
from archon.cli.options import LANG_OPTION, help_of
from archon.cli.output import renderer, say, say_json
from archon.cli.progress import changing
from archon.cli.writing import say_done, writes
from archon.formats.special_files import special_kind
from archon.words.message import say as message

__all__ = ["deck", "decks_command", "cards", "deck_text"]


def deck_text(source: str) -> str:
    """The deck list in the file ``source`` (``-``: standard input), as text."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read()
        else:
            kind = special_kind(source)
            if kind is not None:
                raise InputError(message("api.deck_is_special", file=source, kind=kind))
            with open(source, "rb") as f:
                data = f.read(200_000)
        return data.decode("utf-8-sig")
    except OSError as exc:
        raise InputError(message("api.deck_unreadable", file=source, error=exc.strerror or str(exc))) from None
    except UnicodeDecodeError:
        raise InputError(message("api.deck_not_utf8", file=source)) from None


@command("deck")
@WORKBOOK_ARGUMENT
@click.argument("player")
@click.argument("deck_file", metavar="DECK", required=False)
@click.option("--unlock", is_flag=True, help="The head judge unlocks the player's locked deck list "
                                             "(with DECK: and records the new one).")
@json_option(CHANGE_JSON)
@DRY_RUN_OPTION
@writes
def deck(file, player, deck_file, unlock, as_json, dry_run):
    """\b
    Examples:
      archon deck event.xlsx 7 deck.txt
      archon deck event.xlsx Kowalski - < deck.txt
      archon deck event.xlsx 7 --unlock
      archon deck event.xlsx 7 new-deck.txt --unlock
    """
    text = deck_text(deck_file) if deck_file is not None else None
    rep = changing(file, lambda: record_deck(file, player, text, unlock=unlock, dry_run=dry_run))
    say_done(rep, change_json("deck", rep) if as_json else None)


def _json_row(row: dict) -> dict:
    return {**row, "problems": [message_record(m) for m in row["problems"]]}


@command("decks")
@WORKBOOK_ARGUMENT
@click.option("--export", "export_to", default=None, metavar="OUT",
              help="Write every deck list, a text file a player, to the folder OUT or the .zip file OUT.")
@json_option('Print {"decks": [{"player", "name", "deck_name", "crypt", "library", "locked", "problems" (each '
             '"id", "fields", "text"), "cards" ({"crypt", "library"}: [count, name] pairs)}, ...], '
             '"exported": [file names] or null}.')
def decks_command(file, export_to, as_json):
    """\b
    Examples:
      archon decks event.xlsx
      archon decks event.xlsx --export decks.zip
    """
    rows = deck_rows(file)
    exported = export_decks(file, export_to) if export_to else None
    if as_json:
        say_json(versioned("decks", {"decks": [_json_row(r) for r in rows], "exported": exported}),
                 ensure_ascii=False)
        return
    r = renderer()
    for row in rows:
        if row["crypt"] is None:
            click.echo(r.render(message("decks.listed_none", player=f"#{row['player']} {row['name']}")))
            continue
        locked = message("decks.listed_locked") if row["locked"] else ""
        click.echo(r.render(message("decks.listed", player=f"#{row['player']} {row['name']}", crypt=row["crypt"], library=row["library"],
                                    locked=locked)))
        for problem in row["problems"]:
            click.echo("  " + r.render(message("decks.problem", problem=problem)))
    say("decks.summary", with_deck=sum(1 for x in rows if x["crypt"] is not None), players=len(rows),
        with_problems=sum(1 for x in rows if x["problems"]))
    if exported is not None:
        say("decks.exported", n=len(exported), out=export_to)


@click.group("cards", help=help_of("cards", "\b\nExample:\n  archon cards update vtescrypt.csv vteslib.csv"))
@LANG_OPTION
def cards():
    pass


@cards.command("update")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
def cards_update(files):
    """Read vtescrypt.csv and vteslib.csv (the VEKN's card list) into the user's data folder.

    \b
    Example:
      archon cards update vtescrypt.csv vteslib.csv
    """
    done = update_cards(files)
    say("decks.cards_updated", n=done["cards"], path=done["path"])
