"""Archon workbooks: read them into the event model (and write them back).

Reading (:mod:`archon.formats.workbook.reader`):

* :func:`read_event` -> :class:`ReadResult` (``.event``, ``.problems``,
  ``.cells``, ``.format``, ``.version``);
* :func:`load_event` -> :class:`~archon.rules.model.Event`;
* :class:`WorkbookError`: a file that cannot be read as an Archon workbook.

Cell access per file format lives in :mod:`archon.formats.workbook.grid`.

Writing (:mod:`archon.formats.workbook.writer`, package patching in
:mod:`archon.formats.workbook.xlsxpatch`, backups and lock files in
:mod:`archon.formats.workbook.safety`, the built-in template in
:mod:`archon.formats.workbook.template`):

* :func:`write_event`, :func:`new_event` -> :class:`WriteReport`;
* :func:`read_edition` (the rule edition recorded in a workbook), :func:`detect_kind`;
* :class:`WriteError` (and :class:`WorkbookInUseError`, :class:`EventTooBigError`,
  :class:`~archon.formats.workbook.safety.WorkbookHeldError`...): a workbook archon must
  not or cannot write;
* :func:`~archon.formats.workbook.safety.hold`: one archon command at a time changes a
  workbook; backups, their journal and retention in :mod:`archon.formats.workbook.backups`;
  :func:`archon.formats.workbook.undo.undo` (``archon undo``).
"""

from archon.formats.workbook.grid import WorkbookError
from archon.formats.workbook.reader import CellRef, EventCells, ReadProblem, ReadResult, load_event, read_event
from archon.formats.workbook.safety import WorkbookInUseError, WriteError
from archon.formats.workbook.writer import EventTooBigError, WriteReport, detect_kind, new_event, read_edition, write_event

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
    "read_edition",
    "detect_kind",
]
