"""The English texts of the messages of archon.across (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
}
