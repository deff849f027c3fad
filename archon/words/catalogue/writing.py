"""The English texts of the messages of archon.formats.workbook's writing side: safety, backups, undo, repair, writer, xlsxpatch, template (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
