"""The English texts of the messages of archon.web (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
