"""``archon convert``: bring old and foreign event files into a current Archon workbook.

:func:`convert` reads one of

* an **Archon workbook** in any published form (``.xlsx`` from Excel or
  LibreOffice, the Google Sheets export, ``.ods``, or the same layout saved as
  ``.xls``): v1.5 (any letter) is read with :func:`archon.formats.workbook.read_event`;
  an older edition is recognised from ``Instructions!A1`` (``The Archon
  (v1.2)``) and its sheet names, and each input part of it (event details,
  players, each round, the final, the overrides...) is taken only where the
  label beside it is the one v1.5l prints there
  (:data:`archon.formats.layout.INPUT_LABELS`); what is not is listed;
* the **CSV set** of the archon Discord bot (a folder or a ``.zip``; see
  :mod:`archon.formats.csvset`);
* archon's own **standings JSON** (``archon standings FILE --json``; see
  :mod:`archon.formats.serialize`);

and writes a new current workbook (archon's built-in template, or a copy of
an official Archon given as ``template``) recording the rule edition, then
runs ``archon check`` on it.

Nothing is silently dropped. A value the current layout has no place for (a
4th preliminary round, more than 300 players, a CSV column or a JSON field
that does not map, a cell of the workbook archon could not read, a part of
an older edition whose label differs, a sheet The Archon does not have that
holds values) is *unmapped*: the conversion stops
(:class:`ConversionStopped`, nothing written) unless ``force`` is given, in
which case the rest is converted and the unmapped values are left out.
Inputs of a workbook that the event model does not carry (the judges, new
members, warnings on Tournament Info, round times, the Notes sheet) are
copied cell for cell into the new workbook. A control character in a text
(:mod:`archon.rules.celltext`: invisible, stored as ``_x0001_``) is dropped, and
each text changed is a warning naming where it was read.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any, Callable, Optional, Union

from archon.rules.editions import get_edition
from archon.rules.model import Event
from archon.words.message import Message, message_of, option, say
from archon.formats.convert_types import (
    CSV_SET, STANDINGS_JSON, WORKBOOK, ConversionResult, ConversionStopped, ConvertError, Finding, SourceRead,
)
from archon.formats.convert_layout import layout_findings
from archon.formats.convert_sources import drop_control_characters, read_source
from archon.formats.convert_workbook import label_matches, survey_labels

__all__ = [
    "WORKBOOK",
    "CSV_SET",
    "STANDINGS_JSON",
    "Finding",
    "SourceRead",
    "ConversionResult",
    "ConvertError",
    "ConversionStopped",
    "read_source",
    "layout_findings",
    "survey_labels",
    "label_matches",
    "convert",
]


def convert(
    source: Union[str, Path],
    output: Union[str, Path],
    *,
    edition: Optional[str] = None,
    template: Union[str, Path, None] = None,
    force: bool = False,
    progress: Optional[Callable[[Message], None]] = None,
    dry_run: bool = False,
) -> ConversionResult:
    """Convert ``source`` (a workbook, a CSV set or a standings JSON) into a new
    current Archon workbook at ``output`` (``.xlsx``, must not exist).

    ``edition`` (``current``, ``2004``, ``2001``) is the rule edition the
    event ran under; default: the one the input records, else ``current``. It
    is recorded in the new workbook and used by every command on it.
    ``template``: an official Archon workbook to copy instead of archon's
    built-in template. ``progress`` is called with a message before each
    step (``convert.progress.reading``, ``.writing``, ``.checking``). Returns a
    :class:`ConversionResult` (with what ``archon check`` finds in the new
    workbook).

    ``dry_run``: the conversion is made and checked in a temporary folder
    and thrown away: nothing is written.

    Raises :class:`ConvertError` (unreadable input, ``output`` not
    ``.xlsx``, unknown edition: exit status 2); :class:`ConversionStopped`
    when values have no place in the current layout and ``force`` is not
    given (nothing is written: 1); :class:`archon.formats.workbook.WriteError` when
    the workbook cannot be written (``output`` exists, its folder does not: 3).
    """
    from archon.formats.workbook import WriteError

    out = Path(output)
    if out.suffix.lower() not in (".xlsx", ".xlsm"):
        raise ConvertError(say("convert.output_not_xlsx", file=out.name))
    if out.exists():
        raise WriteError(say("convert.output_exists", file=str(out)))
    if not (out.parent if str(out.parent) else Path(".")).is_dir():
        raise WriteError(say("convert.no_folder", folder=str(out.parent)))
    if template is not None and not Path(template).is_file():
        raise ConvertError(say("convert.no_template", template=str(template)))
    if edition is not None:
        try:
            edition = get_edition(edition).name
        except ValueError as exc:
            raise ConvertError(message_of(exc)) from None
    step = progress or (lambda _msg: None)
    step(say("convert.progress.reading", file=Path(source).name))
    src = read_source(source, edition=edition)
    drop_control_characters(src)
    if edition is not None:
        ed, ed_from = edition, "--edition"
        if src.edition and src.edition != edition:
            src.notes.append(Finding("", say("convert.edition_differs", recorded=repr(src.edition),
                                             given=repr(edition), edition=option("edition"))))
    elif src.edition:
        ed, ed_from = get_edition(src.edition).name, "recorded in the input"
    else:
        ed, ed_from = get_edition(None).name, "default; the input does not say, give --edition otherwise"
    event = src.event
    event.edition = ed
    src.unmapped.extend(layout_findings(event, trim=False))
    result = ConversionResult(source=src, output=out, edition=ed, edition_from=ed_from)
    if src.unmapped and not force:
        raise ConversionStopped(result)
    if src.unmapped:
        layout_findings(event, trim=True)
        result.left_out = list(src.unmapped)
    if not dry_run:
        _write_and_check(out, event, template, src, result, step)
        return result
    from archon.formats.workbook.safety import safe_write

    safe_write(out, lambda f: None, must_exist=False, dry_run=True)  # refused where the write would be
    with tempfile.TemporaryDirectory(prefix="archon-dry-run-") as tmp:
        _write_and_check(Path(tmp) / out.name, event, template, src, result, step)
    result.dry_run = True
    return result


def _write_and_check(out: Path, event: Event, template, src: SourceRead, result: ConversionResult, step) -> None:
    """Write the new workbook at ``out`` and record what ``archon check`` finds in it."""
    step(say("convert.progress.writing", file=out.name))
    result.written, result.carried_cells = _write(out, event, template, src.carried, src.records)
    from archon.formats.workbook.problems import check_workbook

    step(say("convert.progress.checking", file=out.name))
    # seating notes (criteria R2-R7, R1 in rounds played) describe history, not problems
    result.problems = [p for p in check_workbook(out) if p.severity != "note"]


def _write(out: Path, event: Event, template, carried: dict[str, dict[str, Any]], records: dict[str, str]):
    """Write the new workbook; copy the carried cells and archon's records
    (the input's document properties, as they are) in the same write."""
    from archon.formats.workbook import new_event
    from archon.formats.workbook.safety import safe_write
    from archon.formats.workbook.xlsxpatch import PatchError, patch_package

    if not carried and not records:
        return new_event(out, event, template=template), 0
    folder = out.parent if str(out.parent) else Path(".")
    with tempfile.TemporaryDirectory(prefix=".archon-convert-", dir=folder) as tmp:
        first = Path(tmp) / out.name
        report = new_event(first, event, template=template)
        data = first.read_bytes()

        def write(f) -> None:
            try:
                patch_package(data, f, carried, properties=records)
            except PatchError as exc:
                from archon.formats.workbook import WriteError

                raise WriteError(say("convert.patch_failed", file=out.name, error=message_of(exc))) from None

        safe_write(out, write, must_exist=False)
    report.path = out
    return report, sum(len(cells) for cells in carried.values())

