"""archon: run VTES tournaments on The Archon workbook, with the rules in tested Python.

The folders are the layers, each importing only from the ones before it:

* :mod:`archon.words`: what archon says, as data (message ids and fields);
* :mod:`archon.seating`: seating plans on the VEKN criteria (plain numbers);
* :mod:`archon.rules`: the event (players, rounds, tables, overrides,
  final), the rule editions, legal table results, standings, checks;
* :mod:`archon.eventday`: what an organizer changes between rounds;
* :mod:`archon.formats`: Archon workbooks, CSV sets, players lists, JSON,
  the VEKN's outputs, conversion;
* :mod:`archon.reports`: report workbooks, seat lists, the HTML report;
* :mod:`archon.across`: archives of events, rating, leagues;
* the shells: :mod:`archon.api` (a Python function for every command),
  :mod:`archon.web` (the event console), :mod:`archon.cli` (the command line).

The names of archon 0.1 (``archon.standings``, ``archon.workbook``, ...)
still import: see :mod:`archon.compat`.
"""

__version__ = "0.2.0"

#: The layer folders, lowest first: a module imports from its own layer and
#: the ones before it, never after (``tests/shells/test_layers.py``).
LAYERS = ("words", "seating", "rules", "eventday", "formats", "reports", "across", "api", "web", "cli")

from archon.compat import install as _install_old_names  # noqa: E402

_install_old_names()

from archon.rules.editions import DEFAULT_EDITION, EDITIONS, RuleEdition, get_edition  # noqa: E402
from archon.rules.model import Event, Final, Override, Player, Round, Table  # noqa: E402
from archon.rules.scoring import TableResult, is_legal, legal_results, score_table  # noqa: E402
from archon.rules.standings import Standings, compute  # noqa: E402

__all__ = [
    "__version__",
    "DEFAULT_EDITION",
    "EDITIONS",
    "RuleEdition",
    "get_edition",
    "Event",
    "Final",
    "Override",
    "Player",
    "Round",
    "Table",
    "TableResult",
    "is_legal",
    "legal_results",
    "score_table",
    "Standings",
    "compute",
]
