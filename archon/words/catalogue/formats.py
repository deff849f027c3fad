"""The English texts of the messages of archon.formats, but the workbook (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
