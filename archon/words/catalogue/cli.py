"""The English texts of the messages of archon.cli (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
