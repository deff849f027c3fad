"""The English texts of the messages of archon.cli (see :mod:`archon.words.catalogue`).

The command line's own sentences (progress, summaries) are English texts in
:mod:`archon.cli`; these are what it says when a command fails, so that
``--json`` gives them an id.
"""

TEXTS: dict = {
    # the command was used wrongly (options that do not go together, a value that cannot be read)
    "cli.usage": "{text}",
    "cli.internal_error": "archon failed ({kind}: {error}). Nothing was written by this command. Please report it "
                          "with the command you ran (ARCHON_DEBUG=1 shows the details).",
    "cli.internal_error_after_write": (
        "archon failed after {file} was written ({kind}: {error}). The change was made and backed up (the "
        "workbook is whole; '{undo}' takes it back); what this command printed may be incomplete. Please "
        "report it with the command you ran (ARCHON_DEBUG=1 shows the details)."),
    "cli.not_written": "cannot write {file}: {error}; the output is incomplete: free some space (or write "
                       "elsewhere) and run the command again",
}
