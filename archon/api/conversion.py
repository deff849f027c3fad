"""Twin of ``archon convert``: an event file (or a folder of them) into
current Archon workbooks."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from archon.across.archive import convert_folder, is_csv_folder
from archon.api.contracts import twin_of
from archon.api.errors import InputError
from archon.formats.convert import convert as convert_file
from archon.words.message import option, say

__all__ = ["convert", "is_folder_of_events"]


def is_folder_of_events(source) -> bool:
    """Whether ``source`` is a folder of event files (converted one by one),
    not one event (a file, or a folder that is a CSV set)."""
    return Path(source).is_dir() and not is_csv_folder(Path(source))


@twin_of("convert")
def convert(source, output, *, edition: Optional[str] = None, template=None, force: bool = False, progress=None,
            dry_run: bool = False):
    """Twin of ``archon convert IN OUT.xlsx [--edition E] [--template OFFICIAL.xlsx] [--force] [--dry-run]``
    and of ``archon convert OLD/ NEW/``.

    A folder that is not a CSV set is an archive: every event file under it
    is converted into the same place under the folder ``output``
    (:func:`archon.across.archive.convert_folder`, which returns a
    :class:`archon.across.archive.FolderConversion`; ``progress`` is then called
    with (files done, files in all, the file)), never stopping at a bad file.

    Reads an Archon workbook of any published form and version, the Discord
    bot's CSV set (folder or zip) or archon's standings JSON, writes a new
    current workbook at ``output`` and checks it; returns the
    :class:`archon.formats.convert.ConversionResult` (``progress`` is then
    called with a line saying what is done). Raises
    :class:`archon.formats.convert.ConversionStopped` (nothing written) when values
    have no place in the current layout and ``force`` is not given,
    :class:`archon.formats.convert.ConvertError` for an input it cannot read and
    :class:`archon.formats.workbook.WriteError` when ``output`` cannot be written.
    With ``dry_run`` the conversion is made and checked, and nothing written.
    See :mod:`archon.formats.convert`.
    """
    if is_folder_of_events(source):
        if dry_run:
            raise InputError(say("api.dry_run_one_file", dry_run=option("dry_run")))
        return convert_folder(source, output, edition=edition, template=template, force=force, progress=progress)
    return convert_file(source, output, edition=edition, template=template, force=force, progress=progress,
                        dry_run=dry_run)
