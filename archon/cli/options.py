"""What the commands share: their help (the contract, :func:`command`), the
workbook argument and the options several commands take."""

from __future__ import annotations

import inspect
from typing import Callable

import click
from click.core import ParameterSource

from archon.api.contracts import CONTRACTS
from archon.cli.errors import remember_dry_run, remember_json
from archon.cli.output import remember_language, remember_workbook
from archon.cli.words import CliRenderer
from archon.rules.editions import EDITIONS

__all__ = ["command", "help_of", "WORKBOOK_ARGUMENT", "EDITION_OPTION", "edition_option", "DRY_RUN_OPTION",
           "dry_run_option", "json_option", "CHANGE_KEYS", "CHANGE_JSON", "players_list", "Setting", "LANG_OPTION"]

#: Where a command's own help (its docstring) shows its examples: after the contract's exit statuses.
_EXAMPLES = ("\b\nExamples:", "\b\nExample:")


def help_of(name: str, own: str = "") -> str:
    """The ``--help`` of command ``name``: its contract (what it does, then
    its exit statuses) with the command line's own paragraphs (``own``: the
    options' details) before the exit statuses and its examples last."""
    contract = CONTRACTS[name]
    said = CliRenderer()
    cut = min((own.index(mark) for mark in _EXAMPLES if mark in own), default=len(own))
    details, examples = own[:cut].strip(), own[cut:].strip()
    parts = [said.render(contract.summary), said.render(contract.does), details, said.render(contract.exits),
             examples]
    return "\n\n".join(p for p in parts if p)


def command(name: str, **attrs) -> Callable:
    """``click.command(name)`` whose help is :func:`help_of` the command, its
    docstring giving the command line's own paragraphs and examples."""

    def make(f: Callable) -> click.Command:
        return click.command(name, help=help_of(name, inspect.getdoc(f) or ""), **attrs)(LANG_OPTION(f))

    return make


#: --lang, which every command takes (and the group, before the command's
#: name): the language of what it says to a person and of the outputs made
#: for people; JSON keys and ids, the CSV set, archondata and The Archon's
#: own sheets stay as the VEKN reads them.
LANG_OPTION = click.option(
    "--lang", metavar="CODE", default=None, expose_value=False, is_eager=True, callback=remember_language,
    help="Language of what the command says and of the seat lists and reports it makes: en, fr, es, it, pt, "
         "de, pl, cs (default: env ARCHON_LANG, else the system's locale, else English).")

#: The event workbook a command works on, named in the commands its messages
#: tell the organizer to type.
WORKBOOK_ARGUMENT = click.argument("file", type=click.Path(dir_okay=False), callback=remember_workbook)


def edition_option(help: str = "Rule edition to compute with (default: the one the workbook records; "
                               "see 'archon editions')."):
    return click.option("--edition", type=click.Choice(sorted(EDITIONS)), default=None, help=help)


#: --edition of a command that reads a workbook: the one it records unless said.
EDITION_OPTION = edition_option()


def dry_run_option(help: str = "Print what would change; write nothing.") -> Callable:
    return click.option("--dry-run", is_flag=True, callback=remember_dry_run, help=help)


DRY_RUN_OPTION = dry_run_option()


def json_option(help: str) -> Callable:
    """``--json``: the output as JSON; a failure then prints its JSON object too
    (:func:`archon.cli.errors.error_object`)."""
    return click.option("--json", "as_json", is_flag=True, callback=remember_json, help=help)


#: The keys of the JSON a command that changes the workbook prints
#: (:func:`archon.api.json_output.change_json`).
CHANGE_KEYS = ('"file", "dry_run", "changed", "written", "backup", "seed", "player", "messages" (each "id", '
               '"fields", "text") and "backups_removed"')
#: The help of --json on a command that changes the workbook.
CHANGE_JSON = f"Print one JSON object: {CHANGE_KEYS}."


def players_list(value):
    """A players CSV option's value (``register --from``, ``new --players``):
    ``-`` is standard input (bytes: the reader finds UTF-8 or Windows-1252),
    else the path as given."""
    return click.open_file("-", "rb") if value == "-" else value


class Setting(click.ParamType):
    """A number 0 or more from an option or its environment variable: a bad
    value says where it came from (the organizer who set ARCHON_LOCK_WAIT
    never typed --lock-wait)."""

    def __init__(self, kind: type, wanted: str) -> None:
        self.kind, self.wanted, self.name = kind, wanted, kind.__name__

    def convert(self, value, param, ctx):
        try:
            number = self.kind(value)
        except (TypeError, ValueError):
            number = -1
        if number >= 0:
            return number
        if ctx is not None and param is not None and ctx.get_parameter_source(param.name) is ParameterSource.ENVIRONMENT:
            raise click.BadParameter(f"{value!r} is not {self.wanted}; fix or unset it", ctx, param,
                                     param_hint=f"environment variable {param.envvar}")
        raise click.BadParameter(f"{value!r} is not {self.wanted}", ctx, param)
