"""The English texts of the messages of archon.reports (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
