"""Patch cells of an ``.xlsx`` package without rewriting the rest of it.

openpyxl rebuilds a whole workbook when it saves it: it drops what it does not
understand (VML comment shapes, printer settings, custom properties it cannot
map, calculation chains, extension lists) and takes seconds on The Archon's
10 MB of sheet XML. archon writes instead by *patching the package*
(:func:`patch_package`):

* every zip member is copied unchanged, as its compressed bytes are
  (:mod:`archon.formats.workbook.zipcopy`), except the sheet parts (their
  changed cells and formula results, see below), ``xl/workbook.xml`` (to ask
  for a full recalculation on open), ``docProps/custom.xml`` (archon's
  document properties) and, when a sheet changes, the calculation chain
  (dropped with its relationship and content type: it is a cache that Excel
  and LibreOffice rebuild, and a chain that names a cell which no longer
  holds a formula makes Excel "repair" the file); the package's parts are
  found and changed by :mod:`archon.formats.workbook.packageparts`;
* inside a changed sheet part only the ``<c r="..">`` elements archon writes
  are replaced or inserted, as strings, everything else kept byte for byte
  (:mod:`archon.formats.workbook.sheetpatch`, which finds its way with
  :mod:`archon.formats.workbook.sheetxml`); numbers are written as ``<v>``,
  text as inline strings so ``sharedStrings.xml`` is left untouched
  (:mod:`archon.formats.workbook.cellxml`, which says what each value becomes);
* formulas are recomputed when the workbook is opened: Excel is asked to
  (``fullCalcOnLoad``) and, because LibreOffice ignores that flag and shows
  cached formula results as they are, the cached result of every formula cell
  is dropped (its formula and style stay): a stale result is never shown;
* a cell that heads a *shared formula* other cells use is overwritten only
  after each of those cells receives its own copy of the formula, translated
  to its position, so they keep computing the same thing.

This module keeps the names the writer and the tests import from it.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re
import threading
import zipfile
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import IO, Mapping, Optional

from archon.formats.workbook.cellref import column_index
from archon.formats.workbook.cellxml import CLEAR_VALUE, PatchError, column_letter, split_ref
from archon.formats.workbook.packageparts import (
    Package,
    check_patchable,
    drop_content_override,
    drop_relationship,
    open_zip,
    put_custom_properties,
    read_cell_text,
    read_custom_properties,
    rels_name,
    set_full_calc_on_load,
    strip_formula_results,
)
from archon.formats.workbook.inflated import compressed_bytes, inflate
from archon.formats.workbook.sheetpatch import patch_sheet
from archon.formats.workbook.unchanged_store import open_unchanged_store
from archon.formats.workbook.zipcopy import is_bare, write_zip
from archon.words import say

__all__ = [
    "CLEAR_VALUE",
    "PatchError",
    "PatchResult",
    "Package",
    "patch_package",
    "read_custom_properties",
    "read_cell_text",
    "check_patchable",
    "column_index",
    "column_letter",
    "split_ref",
]


@dataclass
class PatchResult:
    """What :func:`patch_package` changed."""

    #: Package parts rewritten (zip member names).
    changed_parts: list[str] = field(default_factory=list)
    #: Parts removed (the calculation chain).
    removed_parts: list[str] = field(default_factory=list)
    #: Cells whose XML changed.
    cells_changed: int = 0
    #: Cells outside the edits that received their own copy of a shared formula.
    formulas_unshared: int = 0


def patch_package(
    source,
    destination: IO[bytes],
    edits: Mapping[str, Mapping[str, object]],
    *,
    properties: Optional[Mapping[str, str]] = None,
    recalculate: bool = True,
) -> PatchResult:
    """Copy the xlsx package ``source`` to ``destination`` with ``edits`` applied.

    ``edits`` maps a sheet name to ``{cell address: value}``. ``properties``
    are custom document properties to set (text). With ``recalculate``, when
    a cell changes, every formula is recomputed when the workbook is opened:
    Excel is asked to (``<calcPr fullCalcOnLoad="1"/>``) and the cached
    results of formula cells are dropped, which makes LibreOffice compute them
    too (it ignores ``fullCalcOnLoad``); no stale result is ever shown. Raises
    :class:`PatchError` (nothing useful is written) when a sheet is missing or
    a cell cannot be written.
    """
    result = PatchResult()
    with open_zip(source) as zf:
        pkg = Package.read(zf)
        missing = [s for s in edits if s not in pkg.sheets]
        if missing:
            raise PatchError(say("writing.no_such_sheets", sheets=[repr(s) for s in missing]))
        replaced = _patch_sheets(zf, pkg, edits, result)
        drop: set[str] = set()
        bare: set[str] = set()  # sheet parts stored without cached formula results
        if replaced:
            if pkg.calc_chain_part:
                drop.add(pkg.calc_chain_part)
            if recalculate:
                _recalculate_on_open(zf, pkg, replaced)
                bare = set(pkg.sheets.values())
        if drop:
            _drop_parts(zf, pkg, drop, replaced)
        added: dict[str, bytes] = {}
        if properties:
            put_custom_properties(zf, properties, replaced, added)
        write_zip(zf, destination, replaced, drop, added, bare)
        result.changed_parts = sorted(replaced) + sorted(added)
        result.removed_parts = sorted(drop)
    return result


#: The values whose ``repr`` says all a cell's XML is made from (:func:`_unchanged_key`).
_FAITHFUL = (str, int, float, bool, type(None), _dt.date, _dt.datetime, _dt.time, type(CLEAR_VALUE))
#: An address written the one plain way (capitals, no "$", no leading zero):
#: two such addresses name one cell only when they are the same text.
_PLAIN_ADDRESS = re.compile(r"[A-Z]{1,3}[1-9][0-9]{0,6}")
#: Patches found to change nothing: the sheet's bytes and the edits (:func:`_unchanged_key`).
#: A write writes every cell of the event, and a result changes one sheet of
#: seven: the others' bytes and edits are those of the last write, which
#: changed nothing in them, so they are not patched again.
_unchanged: "OrderedDict[bytes, None]" = OrderedDict()
_UNCHANGED_KEPT = 64
_unchanged_lock = threading.Lock()


def _unchanged_key(raw: bytes, cells: Mapping[str, object], date1904: bool, sheet_name: str) -> Optional[bytes]:
    """What names a patch of the sheet part ``raw`` (its bytes, or what
    says them: :func:`_identity`) with ``cells``: the SHA-256 of both (None
    when a value's ``repr`` may not say all of it, or when an address is not
    written the one plain way, :data:`_PLAIN_ADDRESS`)."""
    if any(type(v) not in _FAITHFUL for v in cells.values()):
        return None
    if not all(map(_PLAIN_ADDRESS.fullmatch, cells)):
        return None  # "Z9" beside "$Z$9" is one cell twice, the last written winning: an order no key keeps
    digest = hashlib.sha256(len(raw).to_bytes(8, "big"))
    digest.update(raw)
    digest.update(repr((sheet_name, date1904, sorted((k, type(v).__name__, repr(v)) for k, v in cells.items())))
                  .encode("utf-8"))
    return digest.digest()


def _identity(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> Optional[bytes]:
    """What says the sheet's bytes, for :func:`_unchanged_key`: its
    compressed bytes with the method, CRC and size they inflate to (hashed
    in an eighth of the time, and known before inflating), else None (then
    the inflated bytes say it)."""
    packed = compressed_bytes(zf, info)
    if packed is None:
        return None
    return b"packed:%d:%d:%d:" % (info.compress_type, info.CRC, info.file_size) + packed


def _patch_sheets(zf: zipfile.ZipFile, pkg: Package, edits, result: PatchResult) -> dict[str, bytes]:
    """The sheet parts the ``edits`` change, patched (``{part: bytes}``);
    their changed cells and unshared formulas are counted in ``result``. A
    sheet whose bytes and edits were patched before with no change is not
    patched again (:data:`_unchanged` in this process,
    :mod:`archon.formats.workbook.unchanged_store` between commands)."""
    replaced: dict[str, bytes] = {}
    store = open_unchanged_store()
    try:
        for sheet_name, cells in edits.items():
            if cells:
                _patch_one(zf, pkg, sheet_name, cells, result, replaced, store)
    finally:
        if store is not None:
            store.close()
    return replaced


def _patch_one(zf, pkg: Package, sheet_name: str, cells, result: PatchResult, replaced: dict, store) -> None:
    """Patch one sheet into ``replaced`` (see :func:`_patch_sheets`)."""
    part = pkg.sheets[sheet_name]
    info = zf.getinfo(part)
    raw = None
    identity = _identity(zf, info)
    if identity is None:
        raw = inflate(zf, info, lambda: zf.read(part))
        identity = b"raw:" + raw
    key = _unchanged_key(identity, cells, pkg.date1904, sheet_name)
    if key is not None:
        with _unchanged_lock:
            if key in _unchanged:
                _unchanged.move_to_end(key)
                return
        if store is not None and store.known(key):
            _remember_unchanged(key)
            return
    if raw is None:
        raw = inflate(zf, info, lambda: zf.read(part))  # kept: the last write wrote it
    xml = raw.decode("utf-8")
    new_xml, changed, unshared = patch_sheet(xml, cells, pkg.date1904, sheet_name)
    if new_xml != xml:
        replaced[part] = new_xml.encode("utf-8")
        result.cells_changed += changed
        result.formulas_unshared += unshared
    elif key is not None:
        _remember_unchanged(key)
        if store is not None:
            store.note(key)


def _remember_unchanged(key: bytes) -> None:
    with _unchanged_lock:
        _unchanged[key] = None
        _unchanged.move_to_end(key)
        while len(_unchanged) > _UNCHANGED_KEPT:
            _unchanged.popitem(last=False)


def _recalculate_on_open(zf: zipfile.ZipFile, pkg: Package, replaced: dict[str, bytes]) -> None:
    """Every formula recomputed when the workbook opens: the cached results
    dropped (:func:`_drop_formula_results`) and Excel asked to (the workbook
    part), in ``replaced``."""
    _drop_formula_results(zf, pkg, replaced)
    wb_xml = zf.read(pkg.workbook_part).decode("utf-8")
    new_wb = set_full_calc_on_load(wb_xml)
    if new_wb != wb_xml:
        replaced[pkg.workbook_part] = new_wb.encode("utf-8")


def _drop_parts(zf: zipfile.ZipFile, pkg: Package, drop: set[str], replaced: dict[str, bytes]) -> None:
    """The calculation chain's relationship and the content types of the
    parts ``drop`` removed, in ``replaced``."""
    rels = rels_name(pkg.workbook_part)
    replaced[rels] = drop_relationship(zf.read(rels).decode("utf-8"), "/calcChain").encode("utf-8")
    ct = zf.read("[Content_Types].xml").decode("utf-8")
    for part in drop:
        ct = drop_content_override(ct, part)
    replaced["[Content_Types].xml"] = ct.encode("utf-8")


def _drop_formula_results(zf: zipfile.ZipFile, pkg: Package, replaced: dict[str, bytes]) -> None:
    """Every sheet part without the cached results of its formulas (see
    :func:`~archon.formats.workbook.packageparts.strip_formula_results`), in
    ``replaced`` when that changes it. A part archon stored so before
    (:func:`~archon.formats.workbook.zipcopy.is_bare`: the member's comment
    says so, with its CRC) is not even unpacked: a patch writes values, never
    a formula's result."""
    for part in pkg.sheets.values():
        if is_bare(zf.getinfo(part)):
            continue
        xml = replaced[part].decode("utf-8") if part in replaced else zf.read(part).decode("utf-8")
        stripped = strip_formula_results(xml)
        if stripped != xml:
            replaced[part] = stripped.encode("utf-8")
