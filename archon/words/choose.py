"""Which language archon speaks to a person.

* :func:`choose_language`: the language of a command: ``--lang``, else
  ``ARCHON_LANG``, else the system's locale, else English;
* :func:`from_accept_language`: the language a browser asks for (the
  console's pages follow it until the person picks another).
"""

from __future__ import annotations

import os
from typing import Mapping, Optional, Sequence

from archon.exits import ExitStatus
from archon.words.errors import WordedError
from archon.words.languages import LANGUAGES, SOURCE, supported
from archon.words.message import say

__all__ = ["ENVIRONMENT", "LOCALE_VARIABLES", "UnknownLanguage", "choose_language", "from_accept_language"]

#: The environment variable naming the language of archon's commands.
ENVIRONMENT = "ARCHON_LANG"
#: The system's locale variables, in the order gettext reads them.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


class UnknownLanguage(WordedError, ValueError):
    """A language code archon has no catalogue for (exit status 2: wrong usage)."""

    exit_status = ExitStatus.UNREADABLE

    def __init__(self, code: str) -> None:
        super().__init__(say("language.unknown", code=code[:40], languages=list(LANGUAGES)))
        self.code = code


def choose_language(explicit: Optional[str] = None, environ: Optional[Mapping[str, str]] = None) -> str:
    """The language archon speaks to a person: ``explicit`` (``--lang``), else
    ``ARCHON_LANG``, else the system's locale (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``: the first one set, as gettext reads them), else English.

    An ``explicit`` code archon does not speak raises :class:`UnknownLanguage`
    (the organizer asked for it); one of the environment is passed over (a
    system set to Hungarian reads English until archon speaks Hungarian).
    """
    env = os.environ if environ is None else environ
    if explicit:
        found = supported(explicit)
        if found is None:
            raise UnknownLanguage(explicit)
        return found
    found = supported(env.get(ENVIRONMENT))
    if found:
        return found
    for name in LOCALE_VARIABLES:
        value = env.get(name)
        if value:  # the first one set is the system's choice ("C": none, English)
            return supported(value) or SOURCE
    return SOURCE


def from_accept_language(header: Optional[str], languages: Sequence[str] = LANGUAGES) -> Optional[str]:
    """The language archon speaks that a browser's ``Accept-Language`` header
    prefers most (``pl-PL,pl;q=0.9,en;q=0.8`` is Polish), else ``None``."""
    if not header:
        return None
    asked = []
    for i, part in enumerate(header[:2000].split(",")[:50]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if weight > 0:
            asked.append((-weight, i, tag.strip()))
    for _, _, tag in sorted(asked):
        found = supported(tag, languages)
        if found:
            return found
    return None
