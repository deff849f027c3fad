"""The English texts of the messages of archon.seating (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
