"""Archon workbooks: read them into the event model (and write them back).

Reading (:mod:`archon.workbook.reader`):

* :func:`read_event` -> :class:`ReadResult` (``.event``, ``.problems``,
  ``.cells``, ``.format``, ``.version``);
* :func:`load_event` -> :class:`~archon.model.Event`;
* :class:`WorkbookError`: a file that cannot be read as an Archon workbook.

Cell access per file format lives in :mod:`archon.workbook.grid`.

Writing (:mod:`archon.workbook.writer`, package patching in
:mod:`archon.workbook.xlsxpatch`, backups and lock files in
:mod:`archon.workbook.safety`, the built-in template in
:mod:`archon.workbook.template`):

* :func:`write_event`, :func:`new_event`, :func:`update` -> :class:`WriteReport`;
* :func:`read_edition` (the rule edition recorded in a workbook), :func:`detect_kind`;
* :class:`WriteError` (and :class:`WorkbookInUseError`, :class:`EventTooBigError`,
  :class:`~archon.workbook.safety.WorkbookHeldError`...): a workbook archon must
  not or cannot write;
* :func:`~archon.workbook.safety.hold`: one archon command at a time changes a
  workbook; backups, their journal and retention in :mod:`archon.workbook.backups`;
  :func:`archon.workbook.undo.undo` (``archon undo``).
"""

from .grid import WorkbookError
from .reader import CellRef, EventCells, ReadProblem, ReadResult, load_event, read_event
from .safety import WorkbookInUseError, WriteError
from .writer import EventTooBigError, WriteReport, detect_kind, new_event, read_edition, update, write_event

__all__ = [
    "WorkbookError",
    "CellRef",
    "EventCells",
    "ReadProblem",
    "ReadResult",
    "load_event",
    "read_event",
    "WriteError",
    "WorkbookInUseError",
    "EventTooBigError",
    "WriteReport",
    "write_event",
    "new_event",
    "update",
    "read_edition",
    "detect_kind",
]
