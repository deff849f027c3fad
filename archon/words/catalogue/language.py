"""The English texts of the messages of :mod:`archon.words` itself: choosing a
language, and the words every renderer needs (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    "language.unknown": "archon does not speak {code!r}: give one of {languages}",
    # a field that is true or false, as a sentence says it
    "language.yes": "yes",
    "language.no": "no",
}
