"""The English texts of the messages of archon.formats.workbook's reading side: grid, readers, sheetcells, xmlparts, errors, problems (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
