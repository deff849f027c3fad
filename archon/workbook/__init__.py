"""Archon workbooks: read them into the event model (and write them back).

Reading (:mod:`archon.workbook.reader`):

* :func:`read_event` -> :class:`ReadResult` (``.event``, ``.problems``,
  ``.cells``, ``.format``, ``.version``);
* :func:`load_event` -> :class:`~archon.model.Event`;
* :class:`WorkbookError`: a file that cannot be read as an Archon workbook.

Cell access per file format lives in :mod:`archon.workbook.grid`.
"""

from .grid import WorkbookError
from .reader import CellRef, EventCells, ReadProblem, ReadResult, load_event, read_event

__all__ = [
    "WorkbookError",
    "CellRef",
    "EventCells",
    "ReadProblem",
    "ReadResult",
    "load_event",
    "read_event",
]
