"""How the event console says a message: its own buttons and fields.

The core says what happened as a :class:`~archon.words.message.Message` and
what to do next as an :class:`~archon.words.message.Action` (the twin's
name and arguments). The command line renders an action as the command to
type; the console (:class:`ConsoleRenderer`) as the control of its own page
that does it, labelled as the page labels it: ``act("seat", round=1,
force=True)`` reads '"Seat the round" for round 1, then OK when the page
asks' (a refusal that ``force`` overrides is confirmed in the page's
dialog), ``act("undo")`` '"Undo the last change"'. An action no page of
the console offers (``convert``) is named as the command line's. The
texts are the ``web.act.*`` and ``web.option.*`` messages of
:mod:`archon.words.catalogue.web`.

A plain text (a sentence not given an id yet) is shown as it is.

Each browser reads the console in its own language (:func:`console`: the
renderer of a language; :data:`CONSOLE` is English's).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Iterable, Optional

from archon.words.languages import SOURCE
from archon.words.message import Action, Message, Option, message_of, say
from archon.words.render import Renderer

__all__ = ["ConsoleRenderer", "CONSOLE", "console", "shown", "shown_lines", "shown_dict", "text_of_error"]


def _player(value: Any) -> Message:
    text = str(value).strip().lstrip("#")
    if isinstance(value, int) or text.isdecimal():
        return say("web.player_number", number=int(text) if text.isdecimal() else value)
    return say("web.player_named", name=str(value))


def _seat(args: dict) -> Message:
    number = args.get("round")
    if args.get("absent") in ("drop", "unregister"):  # round 1 after check-in (archon.eventday.checkin)
        return say(f"web.act.seat_absent_{args['absent']}", round=number)
    if args.get("show"):
        return say("web.act.seat_show", round=number)
    if args.get("force"):
        return say("web.act.seat_again", round=number) if number is not None else say("web.act.seat_again_next")
    return say("web.act.seat", round=number) if number is not None else say("web.act.seat_next")


def _result(args: dict) -> Message:
    if args.get("final"):
        said = say("web.act.record_final")
    elif args.get("round") is not None and args.get("table") is not None:
        said = say("web.act.record", round=args["round"], table=args["table"])
    else:
        said = say("web.act.record_table")
    if args.get("override"):
        said = say("web.act.overriding", action=said)
    if args.get("replace"):
        said = say("web.act.replacing", action=said)
    return said


def _drop(args: dict) -> Message:
    player = _player(args.get("player", "?"))
    if args.get("undo"):
        return say("web.act.undo_drop", player=player)
    if str(args.get("reason", "")).upper() == "DQ":
        return say("web.act.dq", player=player)
    return say("web.act.drop", player=player)


def _finals(args: dict) -> Message:
    if args.get("none"):
        return say("web.act.no_final")
    if args.get("seating") is not None or args.get("seat"):
        return say("web.act.seat_final")
    return say("web.act.final_section")


def _report(args: dict) -> Message:
    if args.get("archondata"):
        return say("web.act.archondata")
    if args.get("twd"):
        return say("web.act.twd")
    if args.get("round") is not None:
        return say("web.act.seat_list", round=args["round"])
    if args.get("html"):
        return say("web.act.report_html")
    return say("web.act.reports")


#: The clock's controls on the organizer's page, by the clock's action (archon.web.clock).
_CLOCK_CONTROLS: dict[str, Message] = {
    "start": say("web.act.clock_start"), "pause": say("web.act.clock_pause"),
    "resume": say("web.act.clock_resume"), "add": say("web.act.clock_add")}

#: Each action the console's pages offer: the message that names its control.
_CONTROLS: dict[str, Callable[[dict], Message]] = {
    "seat": _seat,
    "result": _result,
    "drop": _drop,
    "finals": _finals,
    "seat_final": lambda args: say("web.act.seat_final"),
    "close_without_final": lambda args: say("web.act.no_final"),
    "toss": lambda args: say("web.act.toss"),
    "register": lambda args: say("web.act.register"),
    "unregister": lambda args: say("web.act.unregister", player=_player(args.get("player", "?"))),
    "warn": lambda args: say("web.act.warn"),
    "warnings": lambda args: say("web.act.warnings"),
    "info": lambda args: say("web.act.info"),
    "undo": lambda args: say("web.act.undo_anyway") if args.get("force") else say("web.act.undo"),
    "check": lambda args: say("web.act.check"),
    "standings": lambda args: say("web.act.standings"),
    "report": _report,
    "serve": lambda args: say("web.act.console"),
    "checkin": lambda args: (say("web.act.checkin_all") if args.get("all") else
                             say("web.act.checkin_undo" if args.get("undo") else "web.act.checkin",
                                 player=_player(args.get("player", "?")))),
    "codes": lambda args: say("web.act.codes"),
    "pending": lambda args: say("web.act.pending"),  # the players' reports (archon.web.player_reports)
    "clock": lambda args: _CLOCK_CONTROLS.get(str(args.get("action")), say("web.act.clock_start")),
}

#: The options the console has a field or a step for, by their names.
_FIELDS = {"force", "override", "replace", "vekn", "city", "name", "seed", "round", "reason"}


def _elsewhere(action: Action) -> Message:
    """An action no page offers: named as the command line's, with its arguments in words."""
    args = [k.replace("_", " ") if v is True else f"{k.replace('_', ' ')} {v}"
            for k, v in action.args.items() if k != "file" and v is not False and v is not None]
    name = action.name.replace("_", " ")
    return say("web.act.elsewhere_with", name=name, args=", ".join(args)) if args else say(
        "web.act.elsewhere", name=name)


class ConsoleRenderer(Renderer):
    """Messages as the event console shows them: an action by the control of
    its page that does it, an option by its field; a message's own
    ``"console"`` text where the catalogue gives one."""

    shell = "console"

    def action(self, action: Action) -> str:
        control = _CONTROLS.get(action.name)
        return self.render(control(dict(action.args)) if control else _elsewhere(action))

    def option(self, option: Option) -> str:
        if option.name in _FIELDS:
            return self.render(Message(f"web.option.{option.name}"))
        return self.render(say("web.option.elsewhere", name=option.name.replace("_", " ")))


@lru_cache(maxsize=None)
def console(language: str = SOURCE) -> ConsoleRenderer:
    """The console's renderer for ``language`` (one per language)."""
    return ConsoleRenderer(language)


#: The console's renderer, in English.
CONSOLE = console(SOURCE)


def shown(value: Any, renderer: Optional[Renderer] = None) -> Any:
    """``value`` as the console shows it (in ``renderer``'s language, English
    by default): a message rendered, a text as it is, lists and dicts with
    every message in them rendered."""
    renderer = renderer or CONSOLE
    if isinstance(value, (Message, Action, Option)):
        return renderer.field(value)
    if isinstance(value, (list, tuple)):
        return [shown(v, renderer) for v in value]
    if isinstance(value, dict):
        return {k: shown(v, renderer) for k, v in value.items()}
    return value


def shown_lines(items: Iterable[Any], renderer: Optional[Renderer] = None) -> list[str]:
    """Lines said (messages, or texts of one or more lines), one text a line."""
    out: list[str] = []
    for item in items:
        if isinstance(item, (list, tuple)):
            out.extend(shown_lines(item, renderer))
        elif item is not None:
            out.extend(str(shown(item, renderer)).splitlines())
    return out


def shown_dict(obj: Any, renderer: Optional[Renderer] = None) -> dict:
    """``obj.as_dict()`` (a check's problem, a table's verdict) with each
    value that ``obj`` holds as a message (its ``message``, ``advice``,
    ``reason``...; a check's problem's ``said`` and ``advice_said``)
    rendered by the console, where the dict has its text."""
    data = obj.as_dict()
    for key in list(data):
        held = getattr(obj, key, None)
        if isinstance(held, (Message, Action, Option)) or (
                isinstance(held, (list, tuple)) and any(isinstance(v, Message) for v in held)):
            data[key] = shown(held, renderer)
    # a check's problem keeps its English texts and, beside them, its messages
    for key, said in (("message", "said"), ("advice", "advice_said"), ("reason", "said")):
        held = getattr(obj, said, None)
        if key in data and isinstance(held, Message):
            data[key] = shown(held, renderer)
    return data


def text_of_error(exc: BaseException, renderer: Optional[Renderer] = None) -> str:
    """An error's message as the console says it."""
    return (renderer or CONSOLE).render(message_of(exc))
