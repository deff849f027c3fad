"""Every message's English text, keyed by the message's id.

One module a layer (:mod:`.rules`, :mod:`.eventday`, :mod:`.formats`, ...;
:mod:`.workbook` and :mod:`.writing` for :mod:`archon.formats.workbook`)
holds a dict ``TEXTS``: id -> text, or id -> ``{shell: text}`` where a shell
words a message its own way (``""`` is every other shell's). An id lives in
one module only (:func:`text_of` says so when imported).
"""

from __future__ import annotations

from typing import Mapping, Optional, Union

from archon.words.catalogue import across, api, cli, eventday, formats, reports, rules, seating, web, workbook, writing

__all__ = ["TEXTS", "text_of"]

Text = Union[str, Mapping[str, str]]


def _merged() -> dict[str, Text]:
    merged: dict[str, Text] = {}
    for module in (rules, seating, eventday, formats, workbook, writing, reports, across, api, web, cli):
        twice = sorted(set(merged) & set(module.TEXTS))
        if twice:
            raise RuntimeError(f"message ids in two catalogues: {', '.join(twice)}")
        merged.update(module.TEXTS)
    return merged


#: id -> the English text (or its texts by shell).
TEXTS: dict[str, Text] = _merged()


def text_of(id: str, shell: str = "") -> Optional[str]:
    """The text of message ``id`` for ``shell`` (its own, else the common one)."""
    text = TEXTS.get(id)
    if text is None or isinstance(text, str):
        return text
    return text.get(shell, text.get(""))
