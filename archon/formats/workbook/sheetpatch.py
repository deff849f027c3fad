"""Edits applied to one sheet part of an ``.xlsx`` package, as a string.

Only the ``<c r="..">`` elements archon writes are replaced or inserted:
everything else (namespaces, row attributes, other cells, merged ranges,
validations, protection, page setup, extension lists) is kept byte for
byte. A replaced cell keeps its ``s=`` style; a cell or a row that does not
exist yet is inserted in column/row order with the style the spreadsheet
would show for it (its row's, else its column's). A cell that heads a
*shared formula* other cells use is overwritten only after each of those
cells receives its own copy of the formula, translated to its position, so
they keep computing the same thing. The cells are found by
:class:`archon.formats.workbook.sheetxml.Sheet`; written by
:mod:`archon.formats.workbook.cellxml`.
"""

from __future__ import annotations

import re
from typing import Mapping, Optional

from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.cellxml import (
    CLEAR_VALUE,
    MAX_TEXT,
    PatchError,
    attrs,
    cell_style,
    cell_xml,
    column_letter,
    set_attr,
    split_ref,
    xml_escape,
)
from archon.formats.workbook.sheetxml import Sheet, cell_formula
from archon.formats.workbook.xmlparts import unescape
from archon.words import say

__all__ = ["patch_sheet"]

#: an address as archon writes it (``"AB12"``): no ``$``, upper case, no leading zero
_PLAIN_ADDRESS = re.compile(r"([A-Z]{1,3})([1-9][0-9]*)")


def _refuse_long_text(edits: Mapping[str, object], sheet_name: str) -> None:
    """A text longer than a cell holds, named by sheet and cell (the commands
    refuse such input first: :func:`archon.eventday.typed_text`)."""
    for ref, value in edits.items():
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise PatchError(say("writing.text_too_long", sheet=sheet_name, cell=ref, length=len(value),
                                 most=MAX_TEXT))


def patch_sheet(xml: str, edits: Mapping[str, object], date1904: bool, sheet_name: str) -> tuple[str, int, int]:
    """Apply ``edits`` (ref -> value) to one sheet's XML; returns (xml, changed, unshared).

    Steps: group the edits by row; give every cell of a shared formula whose
    head is overwritten its own copy; rewrite each row that changes, add the
    rows that are new; widen the sheet's dimension over what was written.
    """
    _refuse_long_text(edits, sheet_name)
    sheet = Sheet(xml, date1904)
    by_row = _edits_by_row(edits)
    sheet.index_cells({col for cols in by_row.values() for col in cols})
    spans = sheet.row_spans()
    if spans is None:  # a row element not closed: the rows as the full scan finds them
        spans = {n: (start, end) for n, start, end, _x in sheet.rows()}
    # rows whose every edit clears a cell already empty: left as they are
    cleared = {n for n, cols in by_row.items() if n in spans and sheet.cleared_already(cols, *spans[n])}
    masters = _overwritten_shared_formulas(sheet, spans, by_row, sheet_name, cleared)
    extra, unshared = _unshare_formulas(sheet, by_row, masters) if masters else ({}, 0)

    changed = 0
    patched: list[tuple[int, int, str]] = []  # (start, end, new XML) of each row that changes
    new_rows: dict[int, str] = {}
    extent: list[tuple[int, int]] = []  # (row, col) of every value written
    for n in sorted(set(by_row) | set(extra)):
        cols = by_row.get(n, {})
        if n not in spans:
            new_row, row_changed = _new_row(sheet, n, cols, extent)
            if row_changed:
                new_rows[n] = new_row
                changed += row_changed
            continue
        if n in cleared and n not in extra:
            continue
        start, end = spans[n]
        new_row, row_changed = _patch_row(sheet, n, xml[start:end], cols, extra.get(n, {}), extent, start)
        if row_changed:
            changed += row_changed
            patched.append((start, end, new_row))
    out = _splice(xml, patched)

    if new_rows:
        out = _insert_rows(out, new_rows, sheet.p)
    if extent:
        rs = [r for r, _c in extent]
        cs = [c for _r, c in extent]
        out = _widen_dimension(out, sheet.p, min(rs), min(cs), max(rs), max(cs))
    return out, changed, unshared


def _splice(xml: str, patched: list[tuple[int, int, str]]) -> str:
    """``xml`` with each ``(start, end, text)`` put in place of ``xml[start:end]``;
    everything else is copied as it is."""
    pieces: list[str] = []
    pos = 0
    for start, end, text in sorted(patched):
        pieces.append(xml[pos:start])
        pieces.append(text)
        pos = end
    pieces.append(xml[pos:])
    return "".join(pieces)


def _edits_by_row(edits: Mapping[str, object]) -> dict[int, dict[int, tuple[str, object]]]:
    """``{row: {column: (ref, value)}}`` of the edits ``{ref: value}``."""
    by_row: dict[int, dict[int, tuple[str, object]]] = {}
    for ref, value in edits.items():
        plain = _PLAIN_ADDRESS.fullmatch(ref)
        if plain:  # "AB12" as archon writes addresses: already the cell's own spelling
            row, col = int(plain.group(2)), column_index(plain.group(1))
        else:
            row, col = split_ref(ref)
            ref = f"{column_letter(col)}{row}"
        by_row.setdefault(row, {})[col] = (ref, value)
    return by_row


def _overwritten_shared_formulas(sheet: Sheet, spans, by_row, sheet_name: str,
                                 cleared=frozenset()) -> dict[str, tuple[str, str]]:
    """Shared formulas whose head cell an edit overwrites: ``{si: (head ref,
    formula text)}``. An edit over the head of an array formula is refused.
    ``cleared``: rows whose edited cells are empty (no formula there)."""
    masters: dict[str, tuple[str, str]] = {}
    for n, cols in by_row.items():
        if n not in spans or n in cleared:
            continue
        start, end = spans[n]
        row_xml = sheet.xml[start:end]
        if "ref=" not in row_xml:
            continue  # no shared or array formula starts in this row
        for col, ref, cell in sheet.edited_cells(row_xml, n, cols, start):
            if col not in cols:
                continue
            value = cols[col][1]
            f = cell_formula(cell, sheet.p)
            if f is None or (value is CLEAR_VALUE):
                continue
            fa = attrs(f[0])
            if fa.get("t") == "shared" and "ref" in fa and f[1].strip():
                masters[fa.get("si", "")] = (ref, unescape(f[1]))
            elif fa.get("t") == "array" and ":" in fa.get("ref", ""):
                lo, hi = fa["ref"].split(":", 1)
                if lo != hi:
                    raise PatchError(say("writing.array_formula", sheet=sheet_name, cell=ref, range=fa["ref"]))
    return masters


def _unshare_formulas(sheet: Sheet, by_row, masters) -> tuple[dict[int, dict[int, str]], int]:
    """Each cell (not overwritten) of the shared formulas ``masters`` with its
    own translated copy of the formula: ``({row: {column: cell XML}}, count)``.
    Goes through every cell of the sheet (rare: a write over the head of a
    shared formula)."""
    from openpyxl.formula.translate import Translator

    p = sheet.p
    extra: dict[int, dict[int, str]] = {}
    unshared = 0
    for n, _s, _e, row_xml in sheet.rows():
        for col, ref, cell in sheet.cells_of_row(row_xml, n):
            if n in by_row and col in by_row[n] and by_row[n][col][1] is not CLEAR_VALUE:
                continue  # overwritten anyway
            f = cell_formula(cell, p)
            if f is None:
                continue
            fa = attrs(f[0])
            si = fa.get("si")
            if fa.get("t") != "shared" or si not in masters or (f[1].strip() and "ref" in fa):
                continue
            origin, text = masters[si]
            translated = Translator("=" + text, origin=origin).translate_formula(ref)[1:]
            keep = "".join(f' {k}="{v}"' for k, v in fa.items() if k not in ("t", "si", "ref"))
            new_f = f"<{p}f{keep}>{xml_escape(translated)}</{p}f>"
            m = re.search(rf"<{re.escape(p)}f\b[^>]*?(?:/>|>.*?</{re.escape(p)}f\s*>)", cell, re.S)
            assert m is not None
            new_cell = cell[: m.start()] + new_f + cell[m.end() :]
            if 'r="' not in cell[: cell.index(">")]:
                new_cell = set_attr(new_cell[: new_cell.index(">") + 1], "r", ref) + new_cell[new_cell.index(">") + 1 :]
            extra.setdefault(n, {})[col] = new_cell
            unshared += 1
    return extra, unshared


def _new_row(sheet: Sheet, n: int, cols, extent: list) -> tuple[str, int]:
    """The XML of row ``n``, absent from the sheet, holding the edits ``cols``,
    and how many cells it holds (0: nothing to write)."""
    cells = []
    for col in sorted(cols):
        new = _new_cell(sheet, n, col, cols[col], None)
        if new is not None:
            cells.append(new)
            extent.append((n, col))
    p = sheet.p
    return (f'<{p}row r="{n}">' + "".join(cells) + f"</{p}row>" if cells else ""), len(cells)


def _patch_row(sheet: Sheet, n: int, row_xml: str, cols, fixes, extent: list,
               row_start: int) -> tuple[str, int]:
    """Row ``n``'s XML with the edits ``cols`` and the unshared formulas
    ``fixes`` applied, and how many of its cells changed (0: leave it).

    Most writes replace cells that are there, each found by its address
    (:func:`_patch_cells_in_place`); the row's other cells are then copied
    without being looked at. Otherwise (a cell to insert, a cell that does
    not say its address, formulas to unshare) every cell of the row is
    gone through (:func:`_patch_every_cell`).
    """
    if not fixes:
        done = _patch_cells_in_place(sheet, n, row_xml, cols, extent, row_start)
        if done is not None:
            return done
    return _patch_every_cell(sheet, n, row_xml, cols, fixes, extent)


def _patch_cells_in_place(sheet: Sheet, n: int, row_xml: str, cols, extent: list,
                          row_start: int) -> Optional[tuple[str, int]]:
    """:func:`_patch_row` when every cell of ``cols`` is in the row, found by
    its address; None otherwise. ``row_start``: where the row starts in the
    sheet (see :meth:`Sheet.find_cell`)."""
    found = []
    for col, (ref, value) in cols.items():
        span = sheet.find_cell(row_xml, ref, row_start)
        if span is None:
            return None
        found.append((span, col, ref, value))
    patched: list[tuple[int, int, str]] = []
    written: list[int] = []  # the columns of the cells rewritten
    empty = sheet.patterns.empty_styled_cell
    for (start, end), col, ref, value in sorted(found):
        if value is None and empty.fullmatch(row_xml, start, end):
            continue  # empty, with its style: what clearing it writes
        cell = row_xml[start:end]
        new = _replace_cell(sheet, ref, cell, value)
        if new == cell:
            continue
        patched.append((start, end, new or ""))
        if new is not None:
            written.append(col)
    if not patched:
        return row_xml, 0
    extent.extend((n, col) for col in written)
    tag_end = row_xml.index(">") + 1
    widened = _widen_spans(row_xml[:tag_end], written)
    out = _splice(row_xml, patched)
    return widened + out[tag_end:], len(patched)


def _patch_every_cell(sheet: Sheet, n: int, row_xml: str, cols, fixes, extent: list) -> tuple[str, int]:
    """:func:`_patch_row` going through every cell of the row."""
    start_tag = row_xml[: row_xml.index(">") + 1]
    ra = attrs(start_tag)
    row_style = ra.get("s") if ra.get("customFormat") in ("1", "true") else None
    existing = sheet.cells_of_row(row_xml, n)
    tail_at = sheet.last_cell_end if existing else len(start_tag)
    present = {col for col, _r, _c in existing}
    inserts = sorted(c for c in cols if c not in present)
    out_cells: list[str] = []
    written: list[int] = []  # the columns of the cells inserted or rewritten: the row's spans cover them
    row_changed = 0
    ii = 0

    def insert_before(limit: Optional[int]) -> None:
        nonlocal ii, row_changed
        while ii < len(inserts) and (limit is None or inserts[ii] < limit):
            col = inserts[ii]
            new = _new_cell(sheet, n, col, cols[col], row_style)
            if new is not None:
                out_cells.append(new)
                written.append(col)
                row_changed += 1
                extent.append((n, col))
            ii += 1

    for col, ref, cell in existing:
        insert_before(col)
        if col in cols:
            new = _replace_cell(sheet, ref, cell, cols[col][1])
            if new != cell:
                row_changed += 1
                if new is not None:
                    extent.append((n, col))
                    written.append(col)
            if new is not None:
                out_cells.append(new)
        elif col in fixes:
            out_cells.append(fixes[col])
            row_changed += 1
        else:
            if inserts and 'r="' not in cell[: cell.index(">")]:
                # a cell without r= takes its place from the cell before
                # it: name it before anything is inserted ahead of it
                cell = set_attr(cell[: cell.index(">") + 1], "r", ref) + cell[cell.index(">") + 1 :]
            out_cells.append(cell)
    insert_before(None)
    if not row_changed:
        return row_xml, 0
    return _row_of(sheet.p, start_tag, "".join(out_cells), written, row_xml[tail_at:]), row_changed


def _row_of(p: str, start_tag: str, body: str, written: list[int], tail: str) -> str:
    """A row element rebuilt from its start tag, its cells ``body`` (the
    columns ``written`` among them) and ``tail``, what followed its cells
    (the closing tag, an extLst if any); a self-closing row is opened."""
    if start_tag.endswith("/>"):
        return _widen_spans(start_tag[:-2].rstrip() + ">", written) + body + f"</{p}row>" if body else start_tag
    return _widen_spans(start_tag, written) + body + tail


def _new_cell(sheet: Sheet, row: int, col: int, item: tuple[str, object], row_style: Optional[str]) -> Optional[str]:
    ref, value = item
    if value is None or value is CLEAR_VALUE:
        return None  # nothing to clear
    style = row_style if row_style is not None else sheet.col_style(col)
    return cell_xml(sheet.p, ref, style, value, sheet.date1904)


def _replace_cell(sheet: Sheet, ref: str, cell: str, value) -> Optional[str]:
    p = sheet.p
    tag = cell[: cell.index(">") + 1]
    if value is CLEAR_VALUE:
        if cell_formula(cell, p) is not None:
            return cell
        value = None
    style = cell_style(tag)
    new = cell_xml(p, ref, style, value, sheet.date1904)
    if new is None:
        return None
    if new == cell:
        return cell
    # An empty cell written as <c r="A1" s="3"></c>, or with a type and no
    # value (Google Sheets writes <c r="A1" s="3" t="n"></c>), is already
    # empty: left as it is, not counted as written.
    if value is None and sheet.patterns.empty_cell.fullmatch(cell):
        if set(attrs(tag)) <= {"r", "s", "t"}:
            return cell
    return new


_PLAIN_SPANS = re.compile(r'\sspans="([0-9]+):([0-9]+)"')


def _widen_spans(start_tag: str, cols: list[int]) -> str:
    """A row's start tag whose ``spans`` (its first and last column) cover the
    columns ``cols`` written in it."""
    if not cols or "spans" not in start_tag:
        return start_tag
    plain = _PLAIN_SPANS.search(start_tag)
    if plain:
        lo, hi = int(plain.group(1)), int(plain.group(2))
    else:
        spans = attrs(start_tag).get("spans")
        if not spans or ":" not in spans or " " in spans.strip():
            return start_tag
        lo, hi = (int(x) for x in spans.split(":"))
    nlo, nhi = min(lo, min(cols)), max(hi, max(cols))
    if (nlo, nhi) == (lo, hi):
        return start_tag
    return set_attr(start_tag, "spans", f"{nlo}:{nhi}")


def _insert_rows(xml: str, new_rows: dict[int, str], p: str) -> str:
    """Insert new ``<row>`` elements among the existing ones, in row order."""
    sheet = Sheet(xml, False)
    pending = sorted(new_rows)
    if sheet.empty_data:  # <sheetData/> -> <sheetData>...</sheetData>
        tag = xml[sheet.data_start : sheet.data_inner_start]
        opened = tag[:-2].rstrip() + ">"
        body = "".join(new_rows[k] for k in pending)
        return xml[: sheet.data_start] + opened + body + f"</{p}sheetData>" + xml[sheet.data_inner_start :]
    out = [xml[: sheet.data_inner_start]]
    pos = sheet.data_inner_start
    i = 0
    for n, start, _end, _x in sheet.rows():
        while i < len(pending) and pending[i] < n:
            out.append(xml[pos:start])
            out.append(new_rows[pending[i]])
            pos = start
            i += 1
        if i == len(pending):
            break
    out.append(xml[pos : sheet.data_end])
    out.extend(new_rows[k] for k in pending[i:])
    out.append(xml[sheet.data_end :])
    return "".join(out)


def _widen_dimension(xml: str, p: str, r1: int, c1: int, r2: int, c2: int) -> str:
    m = re.search(rf"<{re.escape(p)}dimension\b[^>]*?/>", xml[:4096] if len(xml) > 4096 else xml)
    if not m:
        return xml
    ref = attrs(m.group(0)).get("ref", "")
    parts = ref.split(":")
    try:
        lo_r, lo_c = split_ref(parts[0])
        hi_r, hi_c = split_ref(parts[-1])
    except PatchError:
        return xml
    nr1, nc1, nr2, nc2 = min(lo_r, r1), min(lo_c, c1), max(hi_r, r2), max(hi_c, c2)
    if (nr1, nc1, nr2, nc2) == (lo_r, lo_c, hi_r, hi_c):
        return xml
    new_ref = f"{column_letter(nc1)}{nr1}:{column_letter(nc2)}{nr2}"
    return xml[: m.start()] + set_attr(m.group(0), "ref", new_ref) + xml[m.end() :]
