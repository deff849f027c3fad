"""Every message's English text, keyed by the message's id.

One module a layer (:mod:`.rules`, :mod:`.eventday`, :mod:`.formats`, ...;
:mod:`.workbook` and :mod:`.writing` for :mod:`archon.formats.workbook`)
holds a dict ``TEXTS``: id -> text, or id -> ``{shell: text}`` where a shell
words a message its own way (``""`` is every other shell's). An id lives in
one module only (importing the catalogue fails otherwise). A module may also
hold ``SHELL_TEXTS``: id -> ``{shell: text}``, a shell's own wording of a
message another module defines (the console's words for the event day's
refusals live with the console's messages).
"""

from __future__ import annotations

from typing import Mapping, Optional, Union

from archon.words.catalogue import (across, api, checkin, cli, clock, decks, eventday, formats, language,
                                    player_reports, reports, rules, seating, web, workbook, writing)

__all__ = ["TEXTS", "text_of"]

Text = Union[str, Mapping[str, str]]


#: The catalogue's modules, one a layer.
MODULES = (language, rules, seating, eventday, checkin, formats, workbook, writing, reports, across, api, web, cli,
           player_reports, decks, clock)


def _merged() -> dict[str, Text]:
    merged: dict[str, Text] = {}
    for module in MODULES:
        twice = sorted(set(merged) & set(module.TEXTS))
        if twice:
            raise RuntimeError(f"message ids in two catalogues: {', '.join(twice)}")
        merged.update(module.TEXTS)
    for module in MODULES:
        for id, texts in getattr(module, "SHELL_TEXTS", {}).items():
            if id not in merged:
                raise RuntimeError(f"{module.__name__}: a shell's text for {id!r}, which no catalogue defines")
            own = merged[id]
            common = {"": own} if isinstance(own, str) else dict(own)
            twice = sorted(set(common) & set(texts))
            if twice:
                raise RuntimeError(f"{module.__name__}: {id!r} has a {', '.join(twice)} text already")
            merged[id] = {**common, **texts}
    return merged


#: id -> the English text (or its texts by shell).
TEXTS: dict[str, Text] = _merged()


def text_of(id: str, shell: str = "") -> Optional[str]:
    """The text of message ``id`` for ``shell`` (its own, else the common one)."""
    text = TEXTS.get(id)
    if text is None or isinstance(text, str):
        return text
    return text.get(shell, text.get(""))
