"""The English texts of the messages of archon.eventday (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
