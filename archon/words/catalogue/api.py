"""The English texts of the messages of archon.api (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
