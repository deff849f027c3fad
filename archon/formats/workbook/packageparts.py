"""The parts of an ``.xlsx`` package besides its cells: where the workbook
and its sheets are (:class:`Package`), the workbook part's request to
recompute on open, the calculation chain's relationship and content type,
and archon's custom document properties (``docProps/custom.xml``). Also one
cell's text read straight from the package (:func:`read_cell_text`: the
built-in template's mark), without openpyxl.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass
from typing import Mapping, Optional
from xml.etree import ElementTree as ET

from archon.formats.workbook.cellxml import PatchError, attrs, escape_text, set_attr, split_ref, xml_escape
from archon.formats.workbook.sheetxml import Sheet
from archon.formats.workbook.xmlparts import unescape
from archon.words import say

__all__ = [
    "Package",
    "resolve",
    "rels_name",
    "part_xml",
    "open_zip",
    "set_full_calc_on_load",
    "strip_formula_results",
    "drop_relationship",
    "drop_content_override",
    "check_patchable",
    "read_custom_properties",
    "put_custom_properties",
    "read_cell_text",
]

_NS_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#: Strict Open XML (ISO/IEC 29500 Strict) names its parts under this
_NS_STRICT = "http://purl.oclc.org/ooxml/"
_NS_CUSTOM = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
_NS_VT = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
_FMTID_USER = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"
_REL_CUSTOM = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties"
_CT_CUSTOM = "application/vnd.openxmlformats-officedocument.custom-properties+xml"


def resolve(base_part: str, target: str) -> str:
    """Zip member name of a relationship target, relative to ``base_part``."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(base_part), target))


def rels_name(part: str) -> str:
    """The relationships part of ``part``: ``xl/workbook.xml`` -> ``xl/_rels/workbook.xml.rels``."""
    d, f = posixpath.split(part)
    return posixpath.join(d, "_rels", f + ".rels")


@dataclass
class Package:
    """The parts of an xlsx package archon needs to find its way around."""

    workbook_part: str
    #: Sheet name -> zip member name, in workbook order.
    sheets: dict[str, str]
    date1904: bool
    calc_chain_part: Optional[str]

    @classmethod
    def read(cls, zf: zipfile.ZipFile) -> "Package":
        names = set(zf.namelist())
        workbook_part = "xl/workbook.xml"
        if "_rels/.rels" in names:
            root = part_xml(zf, "_rels/.rels")
            for rel in root.iter(f"{{{_NS_REL}}}Relationship"):
                if rel.get("Type", "").endswith("/officeDocument"):
                    workbook_part = resolve("", rel.get("Target", workbook_part))
                    break
        if workbook_part not in names:
            raise PatchError(say("writing.ods_package"))
        rels: dict[str, str] = {}
        calc_chain = None
        wb_rels = rels_name(workbook_part)
        if wb_rels in names:
            for rel in part_xml(zf, wb_rels).iter(f"{{{_NS_REL}}}Relationship"):
                target = resolve(workbook_part, rel.get("Target", ""))
                rels[rel.get("Id", "")] = target
                if rel.get("Type", "").endswith("/calcChain"):
                    calc_chain = target
        wb = part_xml(zf, workbook_part)
        if wb.tag.startswith("{" + _NS_STRICT):
            raise PatchError(say("writing.strict_xml"))
        sheets: dict[str, str] = {}
        for sh in wb.iter(f"{{{_NS_MAIN}}}sheet"):
            rid = sh.get(f"{{{_NS_R}}}id")
            if rid in rels:
                sheets[sh.get("name", "")] = rels[rid]
        date1904 = False
        pr = wb.find(f"{{{_NS_MAIN}}}workbookPr")
        if pr is not None and pr.get("date1904", "0").lower() in ("1", "true"):
            date1904 = True
        return cls(workbook_part, sheets, date1904, calc_chain if calc_chain in names else None)


def part_xml(zf: zipfile.ZipFile, part: str) -> ET.Element:
    """The parsed XML of the package part ``part``; :class:`PatchError` naming
    it when it is damaged (the reader says more: see :mod:`archon.formats.workbook.xmlparts`)."""
    try:
        return ET.fromstring(zf.read(part))
    except (ET.ParseError, zipfile.BadZipFile, zlib.error, EOFError, OSError) as exc:
        raise PatchError(say("writing.damaged_part", part=part, reason=str(exc))) from None


def open_zip(source) -> zipfile.ZipFile:
    """The package ``source`` (a path, a file or bytes) as a zip; :class:`PatchError` when it is none."""
    try:
        if isinstance(source, (bytes, bytearray)):
            return zipfile.ZipFile(io.BytesIO(source))
        return zipfile.ZipFile(source)
    except zipfile.BadZipFile:
        raise PatchError(say("writing.not_a_zip")) from None


# ---------------------------------------------------------------------------
# Workbook-level parts


def set_full_calc_on_load(xml: str) -> str:
    """The workbook part ``xml`` asking Excel to recompute every formula on open."""
    m = re.search(r"<(\w+:)?calcPr\b[^>]*?/?>", xml)
    if m:
        tag = m.group(0)
        new = set_attr(tag, "fullCalcOnLoad", "1")
        return xml[: m.start()] + new + xml[m.end() :]
    p = ""
    mw = re.search(r"<(\w+:)?workbook\b", xml)
    if mw and mw.group(1):
        p = mw.group(1)
    # calcPr comes right after definedNames (or sheets) in the schema order.
    for after in ("definedNames", "externalReferences", "functionGroups", "sheets"):
        mm = re.search(rf"</{re.escape(p)}{after}\s*>|<{re.escape(p)}{after}\b[^>]*/>", xml)
        if mm:
            return xml[: mm.end()] + f'<{p}calcPr fullCalcOnLoad="1"/>' + xml[mm.end() :]
    raise PatchError(say("writing.no_sheets_element"))


def strip_formula_results(xml: str) -> str:
    """Remove the cached result of every formula cell (the formula stays).

    LibreOffice ignores ``fullCalcOnLoad`` and, with its default settings,
    shows the cached number of a formula cell as is; only a formula without a
    cached result is computed on load. Excel computes such cells too. An
    empty ``<v></v>`` (Google Sheets writes one in every formula cell) is no
    cached result: LibreOffice computes the cell, so it stays as it is.
    """
    m = re.search(r"<(\w+:)?sheetData\b", xml)
    if not m:
        return xml
    p = re.escape(m.group(1) or "")
    pat = re.compile(
        rf"(<{p}c\b[^>]*>)(<{p}f\b[^>]*?(?:/>|>[^<]*</{p}f\s*>))<{p}v>[^<]+</{p}v\s*>"
    )
    t_attr = re.compile(r'\s+t\s*=\s*"[^"]*"')

    def repl(mm: "re.Match[str]") -> str:
        return t_attr.sub("", mm.group(1), count=1) + mm.group(2)

    return pat.sub(repl, xml)


def drop_relationship(xml: str, target_type_suffix: str) -> str:
    """The relationships part ``xml`` without the relationships of that type."""
    return re.sub(
        r"<(\w+:)?Relationship\b[^>]*Type=\"[^\"]*" + re.escape(target_type_suffix) + r"\"[^>]*/>",
        "",
        xml,
    )


def drop_content_override(xml: str, part: str) -> str:
    """``[Content_Types].xml`` without the content type of ``part``."""
    return re.sub(
        r"<(\w+:)?Override\b[^>]*PartName=\"/" + re.escape(part) + r"\"[^>]*/>",
        "",
        xml,
    )


def check_patchable(source) -> None:
    """:class:`PatchError` saying why when archon cannot patch the package
    ``source`` (not an .xlsx, a Strict Open XML workbook)."""
    with open_zip(source) as zf:
        Package.read(zf)


def read_custom_properties(source) -> dict[str, str]:
    """Custom document properties (``docProps/custom.xml``) as text, by name."""
    with open_zip(source) as zf:
        return _custom_properties(zf)


def _custom_part(zf: zipfile.ZipFile) -> Optional[str]:
    """The custom document properties' part of the package, if it has one."""
    names = set(zf.namelist())
    if "_rels/.rels" in names:
        for rel in part_xml(zf, "_rels/.rels").iter(f"{{{_NS_REL}}}Relationship"):
            if rel.get("Type", "").endswith("/custom-properties"):
                part = resolve("", rel.get("Target", ""))
                return part if part in names else None
    return None


def _custom_properties(zf: zipfile.ZipFile) -> dict[str, str]:
    """The custom document properties of the package, as text, by name."""
    part = _custom_part(zf)
    if part is None:
        return {}
    out = {}
    for prop in part_xml(zf, part).iter(f"{{{_NS_CUSTOM}}}property"):
        name = prop.get("name")
        if name is None:
            continue
        value = "".join(child.text or "" for child in prop)
        out[name] = value
    return out


def _set_custom_properties(xml: Optional[str], props: Mapping[str, str]) -> str:
    """Set text properties in custom.xml (created if ``xml`` is None)."""
    if xml is None:
        xml = (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Properties xmlns="{_NS_CUSTOM}" xmlns:vt="{_NS_VT}"></Properties>'
        )
    root_m = re.search(r"<(\w+:)?Properties\b[^>]*?(/?)>", xml)
    if not root_m:
        raise PatchError(say("writing.no_properties_element"))
    p = root_m.group(1) or ""
    if root_m.group(2):
        xml = xml[: root_m.start()] + root_m.group(0)[:-2].rstrip() + f"></{p}Properties>" + xml[root_m.end() :]
        root_m = re.search(r"<(\w+:)?Properties\b[^>]*?>", xml)
        assert root_m
    # the prefix bound to the vt namespace
    vt = "vt"
    for k, v in attrs(root_m.group(0)).items():
        if v == _NS_VT and k.startswith("xmlns:"):
            vt = k.split(":", 1)[1]
            break
    else:
        if f'xmlns:vt="{_NS_VT}"' not in root_m.group(0):
            tag = set_attr(root_m.group(0), "xmlns:vt", _NS_VT)
            xml = xml[: root_m.start()] + tag + xml[root_m.end() :]
    pids = [int(x) for x in re.findall(r'\bpid="(\d+)"', xml)]
    next_pid = max(pids + [1]) + 1
    for name, value in props.items():
        esc_name = xml_escape(name, {'"': "&quot;"})
        body = f"<{vt}:lpwstr>{escape_text(str(value))}</{vt}:lpwstr>"
        pat = re.compile(
            rf'(<{re.escape(p)}property\b[^>]*\bname="{re.escape(esc_name)}"[^>]*>)(.*?)(</{re.escape(p)}property\s*>)',
            re.S,
        )
        m = pat.search(xml)
        if m:
            xml = xml[: m.start()] + m.group(1) + body + m.group(3) + xml[m.end() :]
        else:
            new = f'<{p}property fmtid="{_FMTID_USER}" pid="{next_pid}" name="{esc_name}">{body}</{p}property>'
            next_pid += 1
            close = xml.rindex(f"</{p}Properties")
            xml = xml[:close] + new + xml[close:]
    return xml


def read_cell_text(source, sheet: str, ref: str) -> Optional[str]:
    """The text or number shown in one cell, read straight from the package (no openpyxl)."""
    with open_zip(source) as zf:
        pkg = Package.read(zf)
        if sheet not in pkg.sheets:
            return None
        s = Sheet(zf.read(pkg.sheets[sheet]).decode("utf-8"), pkg.date1904)
        cell = _find_cell(s, *split_ref(ref))
        if cell is None:
            return None
        a = attrs(cell[: cell.index(">") + 1])
        p = re.escape(s.p)
        if a.get("t") == "inlineStr":
            return unescape("".join(re.findall(rf"<{p}t\b[^>]*>(.*?)</{p}t>", cell, re.S)))
        v = re.search(rf"<{p}v>(.*?)</{p}v>", cell, re.S)
        if v is None:
            return None
        if a.get("t") == "s":
            return _shared_string(zf, pkg, int(v.group(1)))
        return unescape(v.group(1))


def _find_cell(s: Sheet, row: int, col: int) -> Optional[str]:
    """The XML of the cell of the sheet ``s`` at ``row`` and ``col``, if there is one."""
    for place in s.row_elements():
        if place is None:
            break
        n, start, end = place
        if n != row:
            continue
        for c, _r, cell in s.cells_of_row(s.xml[start:end], n):
            if c == col:
                return cell
    return None


def _shared_string(zf: zipfile.ZipFile, pkg: Package, index: int) -> Optional[str]:
    wb_rels = rels_name(pkg.workbook_part)
    part = None
    for rel in part_xml(zf, wb_rels).iter(f"{{{_NS_REL}}}Relationship"):
        if rel.get("Type", "").endswith("/sharedStrings"):
            part = resolve(pkg.workbook_part, rel.get("Target", ""))
    if part is None:
        return None
    root = part_xml(zf, part)
    items = root.findall(f"{{{_NS_MAIN}}}si")
    if index >= len(items):
        return None
    return "".join(t.text or "" for t in items[index].iter(f"{{{_NS_MAIN}}}t"))




def put_custom_properties(zf: zipfile.ZipFile, properties: Mapping[str, str], replaced: dict[str, bytes],
                          added: dict[str, bytes]) -> None:
    """Set the custom document ``properties`` of the package ``zf`` (when one
    differs): its properties part rewritten in ``replaced``, or, when it has
    none, a new one in ``added`` with its relationship and content type (in
    ``replaced``, over what ``replaced`` holds of them already)."""
    part = _custom_part(zf)
    current = _custom_properties(zf)
    if not any(current.get(k) != str(v) for k, v in properties.items()):
        return
    if part is not None:
        replaced[part] = _set_custom_properties(zf.read(part).decode("utf-8"), properties).encode("utf-8")
        return
    part = "docProps/custom.xml"
    added[part] = _set_custom_properties(None, properties).encode("utf-8")
    rels_xml = zf.read("_rels/.rels").decode("utf-8") if "_rels/.rels" in zf.namelist() else None
    if rels_xml is None:
        raise PatchError(say("writing.no_package_relationships"))
    ids = {int(x) for x in re.findall(r'Id="rId(\d+)"', rels_xml)}
    rid = f"rId{max(ids | {0}) + 1}"
    close = rels_xml.rindex("</")
    rels_xml = (
        rels_xml[:close]
        + f'<Relationship Id="{rid}" Type="{_REL_CUSTOM}" Target="docProps/custom.xml"/>'
        + rels_xml[close:]
    )
    replaced["_rels/.rels"] = rels_xml.encode("utf-8")
    ct = replaced.get("[Content_Types].xml", zf.read("[Content_Types].xml")).decode("utf-8")
    close = ct.rindex("</")
    ct = ct[:close] + f'<Override PartName="/docProps/custom.xml" ContentType="{_CT_CUSTOM}"/>' + ct[close:]
    replaced["[Content_Types].xml"] = ct.encode("utf-8")
