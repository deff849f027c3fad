"""archon: run VTES tournaments on The Archon workbook, with the rules in tested Python.

The core is plain data and pure functions:

* :mod:`archon.model`: the event (players, rounds, tables, overrides, final);
* :mod:`archon.editions`: the rule editions and every scoring constant;
* :mod:`archon.scoring`: legal table results, GW and TP;
* :mod:`archon.standings`: ranking, finalists, final, rating points.

File formats and the command line sit on top of it; :mod:`archon.api` has a
Python function for every command.
"""

__version__ = "0.1.0"

from .editions import DEFAULT_EDITION, EDITIONS, RuleEdition, get_edition  # noqa: E402
from .model import Event, Final, Override, Player, Round, Table  # noqa: E402
from .scoring import TableResult, is_legal, legal_results, score_table  # noqa: E402
from .standings import Standings, compute  # noqa: E402

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
