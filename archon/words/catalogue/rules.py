"""The English texts of the messages of :mod:`archon.rules` (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # a sentence that has no id of its own yet, or a text from outside (an OS error)
    "text": "{text}",
}
