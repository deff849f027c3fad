"""The module names of archon 0.1, kept for scripts written against them.

archon's modules now live in layer folders (:mod:`archon.rules`,
:mod:`archon.formats`, :mod:`archon.across`, ...). A script that imports
``archon.standings`` or ``archon.workbook.safety`` gets the very module now
named ``archon.rules.standings`` or ``archon.formats.workbook.safety`` (the
same object: patching one patches the other). archon's own code uses the
new names only (``tests/shells/test_layers.py`` says so).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from typing import Any, Callable, Mapping, Optional, Sequence

__all__ = ["OLD_NAMES", "current_name", "install", "names_on_first_use"]

#: An old module name -> the module's name now (a package's old name covers
#: its submodules: ``archon.workbook.safety`` is ``archon.formats.workbook.safety``).
OLD_NAMES = {
    "archon.model": "archon.rules.model",
    "archon.editions": "archon.rules.editions",
    "archon.scoring": "archon.rules.scoring",
    "archon.standings": "archon.rules.standings",
    "archon.validation": "archon.rules.validation",
    "archon.celltext": "archon.rules.celltext",
    "archon.typed": "archon.rules.typed",
    "archon.wording": "archon.words.wording",
    "archon.judging": "archon.eventday.judging",
    "archon.layout": "archon.formats.layout",
    "archon.charts": "archon.formats.charts",
    "archon.csvset": "archon.formats.csvset",
    "archon.csvcells": "archon.formats.csvcells",
    "archon.csvrecords": "archon.formats.csvrecords",
    "archon.players_csv": "archon.formats.players_csv",
    "archon.serialize": "archon.formats.serialize",
    "archon.vekn": "archon.formats.vekn",
    "archon.convert": "archon.formats.convert",
    "archon.special_files": "archon.formats.special_files",
    "archon.outfiles": "archon.formats.outfiles",
    "archon.workbook": "archon.formats.workbook",
    "archon.archive": "archon.across.archive",
    "archon.results": "archon.across.results",
    "archon.rating": "archon.across.rating",
    "archon.league": "archon.across.league",
}


def current_name(old: str) -> Optional[str]:
    """The name now of the module once called ``old``; None if it was never renamed."""
    for prefix, now in OLD_NAMES.items():
        if old == prefix or old.startswith(prefix + "."):
            return now + old[len(prefix):]
    return None


class _SameModule(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec):
        return importlib.import_module(self.target)

    def exec_module(self, module) -> None:  # the module ran under its own name
        pass


class _OldNames(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Optional[Sequence[str]], target=None):
        now = current_name(fullname)
        if now is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _SameModule(now))


def install() -> None:
    """Let the old names import (once per process)."""
    # first: the path finder would load a module a second time under its
    # old name (archon.workbook.safety from the folder archon.workbook is)
    if not any(isinstance(f, _OldNames) for f in sys.meta_path):
        sys.meta_path.insert(0, _OldNames())


def names_on_first_use(package: str, by_module: Mapping[str, Sequence[str]]) -> Callable[[str], Any]:
    """A package's ``__getattr__`` (PEP 562) that imports the module holding
    a public name the first time the name is used (``by_module``: submodule
    -> the names it defines), so that importing the package loads none of
    them: ``archon.seating`` keeps its search, ``archon.api`` its twins, off
    every command's start-up."""
    module_of = {name: module for module, names in by_module.items() for name in names}
    namespace = sys.modules[package].__dict__

    def first_use(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value  # the next use finds it without this function
        return value

    return first_use
