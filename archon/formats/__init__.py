"""File formats: each turns files into the model of :mod:`archon.rules` and
back (Archon workbooks, the CSV set, players lists, standings JSON, the
VEKN's outputs, conversion)."""
