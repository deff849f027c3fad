"""The Archon v1.5l workbook layout: every sheet name and cell address.

This is the only module that spells out where things live in an Archon
workbook (``../shared/archon/FORMAT.md`` is the map it follows). Readers,
writers and the built-in template all take their addresses from here.

Rows and columns are 1-based, as in the spreadsheet. Columns are letters.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "VERSION_CELL",
    "SHEETS",
    "INFO",
    "METHUSELAHS",
    "ROUND_SHEETS",
    "ROUND",
    "FINAL",
    "OVERRIDE",
    "VEKN_REPORT",
    "STANDINGS",
    "NOTES",
    "CHARTS",
    "TPMATRIX",
    "ARCHON_MARKS",
    "MAX_PLAYERS",
    "round_table_rows",
    "chart_block_row",
]

#: Instructions!A1 holds e.g. "The Archon (v1.5l)".
VERSION_CELL = ("Instructions", "A1")

#: Sheet names in workbook order.
SHEETS: tuple[str, ...] = (
    "Instructions",
    "Tournament Info",
    "Methuselahs",
    "Standings",
    "Round 1",
    "Round 2",
    "Round 3",
    "Final Round",
    "Override",
    "VEKN Report",
    "Notes",
    "Optimal Seating 3R+F",
    "Optimal Seating 2R+F",
    "TPMatrix",
)

#: Player rows hold at most this many players.
MAX_PLAYERS = 300


class _Fixed:
    """A sheet's places: the class attributes of its one read-only instance
    (the module's constant, ``INFO``...). Not frozen dataclasses: those cost
    15 ms of CPU at the start of every archon command, and a sheet's places
    are never made with other values."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"archon.formats.layout: {type(self).__name__}.{name} is fixed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"archon.formats.layout: {type(self).__name__}.{name} is fixed")

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in type(self).__annotations__)
        return f"{type(self).__name__}({fields})"


class _Info(_Fixed):
    sheet: str = "Tournament Info"
    name: str = "B3"
    date: str = "B4"
    report_due: str = "B5"  # computed: B4 + 8
    report_due_days: int = 8  # The Archon's B5: the report is due 8 days after the event
    label_col: str = "A"  # the label of each B cell, same row ("Event Name:" ...)
    organizer: str = "B6"
    organizer_vekn: str = "C6"
    city: str = "B7"
    deck_format: str = "B8"  # "Constructed" or "Limited"
    level: str = "B9"
    levels_row: int = 9  # D9:M9 level names
    coefficients_row: int = 10  # D10:M10 coefficients
    levels_first_col: str = "D"
    levels_last_col: str = "M"
    players: str = "B10"  # computed
    rounds_with_final: str = "B11"  # 3 = 2R+F, 4 = 3R+F
    matches: str = "B12"  # computed
    new_members: str = "B13"
    warnings: str = "B14"
    disqualifications: str = "B15"
    multi_judge: str = "B16"
    head_judge: str = "B17"
    head_judge_vekn: str = "C17"
    assistant_judges_rows: tuple[int, int] = (18, 26)  # B: name, C: VEKN number


INFO = _Info()


class _Methuselahs(_Fixed):
    sheet: str = "Methuselahs"
    count: str = "A4"  # computed: players entered
    first_row: int = 7
    last_row: int = 306
    # inputs
    number: str = "A"
    first_name: str = "B"
    last_name: str = "C"
    city: str = "D"
    vekn: str = "E"
    out: str = "G"  # the "DQ flag": any text takes the player out
    coin: str = "M"
    # computed by The Archon (and written as values in the built-in template)
    rounds_played: str = "F"
    gw: str = "H"
    vp: str = "I"
    tp: str = "J"
    rank_before_coin: str = "K"
    status: str = "L"  # "DQ" or "TIE"
    rank: str = "N"  # adjusted rank, after coin ranking
    final_rank: str = "U"
    rating_points: str = "AB"

    @property
    def inputs(self) -> tuple[str, ...]:
        return (self.number, self.first_name, self.last_name, self.city, self.vekn, self.out, self.coin)


METHUSELAHS = _Methuselahs()


class _Round(_Fixed):
    first_row: int = 7
    last_row: int = 306
    rows_per_table: int = 5
    # inputs
    player: str = "A"
    vp: str = "E"
    # computed
    first_name: str = "B"
    last_name: str = "C"
    table: str = "D"
    vp_number: str = "F"
    gw: str = "G"
    tp: str = "H"
    table_rank: str = "I"
    round_number_cell: str = "V4"
    start_time: str = "I2"
    end_time: str = "I3"

    @property
    def max_tables(self) -> int:
        return (self.last_row - self.first_row + 1) // self.rows_per_table


ROUND = _Round()

#: Round number -> sheet name.
ROUND_SHEETS: dict[int, str] = {1: "Round 1", 2: "Round 2", 3: "Round 3"}


def round_table_rows(table: int) -> range:
    """Rows of table ``table`` (1-based) on a Round sheet: 5 rows, seat order."""
    start = ROUND.first_row + ROUND.rows_per_table * (table - 1)
    return range(start, start + ROUND.rows_per_table)


class _Final(_Fixed):
    sheet: str = "Final Round"
    # computed: the five finalists by seed
    finalists_first_row: int = 6
    finalists_last_row: int = 10
    finalist: str = "A"
    seed: str = "D"
    # computed on both the finalists rows and the final table rows
    first_name: str = "B"
    last_name: str = "C"
    # inputs: the final table in seat order
    first_row: int = 14
    last_row: int = 18
    player: str = "A"
    vp: str = "F"
    # computed
    gw: str = "H"
    tp: str = "I"
    final_rank: str = "J"
    # inputs: round times, beside the labels in J2 / J3
    start_time: str = "K2"
    end_time: str = "K3"


FINAL = _Final()


class _Override(_Fixed):
    sheet: str = "Override"
    first_row: int = 6
    last_row: int = 125
    round: str = "A"  # 1, 2, 3 or "F"
    table: str = "B"
    key: str = "C"  # computed: table * 5 + round
    reason: str = "D"


OVERRIDE = _Override()


class _VeknReport(_Fixed):
    sheet: str = "VEKN Report"
    title: str = "A3"
    first_row: int = 7
    last_row: int = 306
    number: str = "A"
    vekn: str = "B"
    name: str = "C"
    games_played: str = "D"
    games_won: str = "E"
    total_vp: str = "F"
    rank: str = "G"


VEKN_REPORT = _VeknReport()


class _StandingsSheet(_Fixed):
    sheet: str = "Standings"
    title: str = "A3"
    first_row: int = 6
    last_row: int = 305
    rank: str = "A"
    position: str = "B"  # "Target Rank": 1, 2, 3 ... in display order
    number: str = "C"
    name: str = "D"
    gw: str = "E"
    vp: str = "F"
    final_vp: str = "G"
    tp: str = "H"


STANDINGS = _StandingsSheet()


class _Notes(_Fixed):
    sheet: str = "Notes"
    first_cell: str = "A3"


NOTES = _Notes()


@dataclass(frozen=True)
class _Chart:
    sheet: str
    rounds: int
    min_players: int
    max_players: int
    #: The block for N players starts at row (N - 4) * 5 + first_block_row.
    first_block_row: int = 7
    rows_per_block: int = 5
    count_col: str = "D"  # N
    label_col: str = "E"  # "Players" / "Round 1" ...
    first_seat_col: str = "F"  # seats from here on, 5 slots per table
    slots_per_table: int = 5
    #: Round lines under the ``Players`` line (``Round 1`` .. ``Round 3``);
    #: a 2-round block leaves the third empty, staggered blocks use all 3.
    max_rounds: int = 3


CHARTS: dict[int, _Chart] = {
    3: _Chart(sheet="Optimal Seating 3R+F", rounds=3, min_players=4, max_players=300),
    2: _Chart(sheet="Optimal Seating 2R+F", rounds=2, min_players=4, max_players=120),
}


def chart_block_row(chart: _Chart, players: int) -> int:
    """Row of the ``Players`` line of the chart block for ``players``."""
    return (players - chart.min_players) * chart.rows_per_block + chart.first_block_row


class _TPMatrix(_Fixed):
    sheet: str = "TPMatrix"
    # table rank -> TP, one row per rank from first_row
    first_row: int = 6
    five_rank: str = "A"  # 5-player tables: A6:A10 ranks, B6:B10 TPs
    five_tp: str = "B"
    four_rank: str = "D"  # 4-player tables: D6:D9 ranks, E6:E9 TPs
    four_tp: str = "E"


TPMATRIX = _TPMatrix()


class _ArchonMarks(_Fixed):
    """What archon records in a workbook besides cells: custom document
    properties (``docProps/custom.xml``), which Excel and LibreOffice keep when
    they save, and the version text of its built-in template."""

    #: The rule edition an event is run under (issue 7).
    edition_property: str = "archon:edition"
    #: Present, with ``builtin_value``, in archon's built-in template.
    template_property: str = "archon:template"
    builtin_value: str = "builtin"
    #: ``none`` when the event closes without a final (rules 3.1.6; ``archon
    #: finals FILE --none``); ``final`` once a workbook carrying it has one again.
    final_property: str = "archon:final"
    no_final_value: str = "none"
    with_final_value: str = "final"
    #: The judges' warnings (issue 12), one property each, numbered from 1
    #: in the order given: ``archon:warning:1`` = ``player|round|reason``
    #: (round 1, 2, 3, F or empty). The Archon's formulas never read them.
    warning_property_prefix: str = "archon:warning:"
    #: Players' reports of a table's VPs waiting to be confirmed (issue 25),
    #: one property per table: ``archon:report:<round>:<table>``.
    report_property_prefix: str = "archon:report:"
    #: ``off`` when the organizer switched players' reports off.
    reporting_property: str = "archon:reporting"
    #: Check-in before round 1 (issue 25), one property per player number:
    #: ``archon:checkin:7`` = ``2026-11-27T09:05:00Z|phone`` (``|organizer``);
    #: empty once undone.
    checkin_property_prefix: str = "archon:checkin:"
    #: Each player's personal code (issue 25): ``archon:code:7`` = ``K7M2QX9A``.
    code_property_prefix: str = "archon:code:"
    #: The event's check-in code, typed on a phone to check in.
    checkin_code_property: str = "archon:checkin-code"
    #: The players' decks (issue 25): ``archon:deck:7`` and its parts ``archon:deck:7:1``...
    deck_property_prefix: str = "archon:deck:"
    #: Phones that claimed a player already bound to another phone (issue 25),
    #: one property each, numbered: ``archon:alert:1`` = ``7|2026-11-27T09:05:00Z``;
    #: empty once the organizer dismissed it.
    alert_property_prefix: str = "archon:alert:"
    #: The round's clock (issue 25): ``r=2;m=120;s=...;p=...;ps=0;a=0;t=3:10``
    #: (:mod:`archon.formats.workbook.clock_records`); empty once there is none.
    clock_property: str = "archon:clock"
    #: Every record archon keeps of an event in its properties (a name, or a
    #: prefix ending in ``:``): what ``archon convert`` carries to the new
    #: workbook as it is. A new kind of record is added here, once.
    records: tuple = (warning_property_prefix, report_property_prefix, reporting_property, checkin_property_prefix,
                      code_property_prefix, checkin_code_property, deck_property_prefix, alert_property_prefix,
                      clock_property)

    def is_record(self, name: str) -> bool:
        """Whether the property ``name`` is one of archon's :attr:`records` of an event."""
        return any(name.startswith(r) if r.endswith(":") else name == r for r in self.records)

    #: Instructions!A1 of the built-in template: starts like the official
    #: version string, so readers looking for "The Archon (v1.5l)" accept it.
    builtin_version_text: str = "The Archon (v1.5l) - archon built-in template"
    #: Workbook file name of the built-in template in the repository.
    builtin_template_file: str = "templates/archon.xlsx"


ARCHON_MARKS = _ArchonMarks()


# ---------------------------------------------------------------------------
# Labels beside the inputs: how an older edition is recognised (issue 7)


@dataclass(frozen=True)
class InputLabel:
    """A label The Archon v1.5l prints beside an input (``sheet!cell``:
    ``text``). ``part`` names what it stands for; an older edition whose label
    there says the same has that part where v1.5l has it."""

    part: str
    sheet: str
    cell: str
    text: str


def _label_beside(address: str) -> str:
    """Tournament Info: the label cell on the row of the B cell ``address``."""
    return f"{INFO.label_col}{address.lstrip('ABCDEFGHIJKLMNOPQRSTUVWXYZ')}"


def _input_labels() -> tuple[InputLabel, ...]:
    info = INFO
    m = METHUSELAHS
    head = m.first_row - 1  # Methuselahs row 6: "Num.", "First Name"...; row 5 above it
    labels = [
        InputLabel("event name", info.sheet, _label_beside(info.name), "Event Name:"),
        InputLabel("event date", info.sheet, _label_beside(info.date), "Event Date (DD-MON-YY):"),
        InputLabel("organizer", info.sheet, _label_beside(info.organizer), "Organizer:"),
        InputLabel("city", info.sheet, _label_beside(info.city), "City:"),
        InputLabel("deck format", info.sheet, _label_beside(info.deck_format), "Format (Constructed/Limited):"),
        InputLabel("level", info.sheet, _label_beside(info.level), "Level (Normal/Qualifier/Championship/Nationals)"),
        InputLabel("number of rounds", info.sheet, _label_beside(info.rounds_with_final),
                   "Number of Rounds (including final):"),
        InputLabel("judges and report details", info.sheet, _label_beside(info.new_members),
                   "Number of New Members:"),
        InputLabel("judges and report details", info.sheet, _label_beside(info.head_judge), "Head Judge:"),
        InputLabel("judges and report details", info.sheet, f"{info.label_col}{info.assistant_judges_rows[0]}",
                   "Assistant Judges:"),
        InputLabel("players", m.sheet, f"{m.number}{head}", "Num."),
        InputLabel("players", m.sheet, f"{m.first_name}{head}", "First Name"),
        InputLabel("players", m.sheet, f"{m.last_name}{head}", "Last Name"),
        InputLabel("player cities", m.sheet, f"{m.city}{head}", "City"),
        InputLabel("VEKN numbers", m.sheet, f"{m.vekn}{head - 1}", "V:EKN"),
        InputLabel("DQ flags", m.sheet, f"{m.out}{head - 1}", "DQ"),
        InputLabel("coin rankings", m.sheet, f"{m.coin}{head - 1}", "Coin"),
    ]
    for k, sheet in ROUND_SHEETS.items():
        labels.append(InputLabel(f"round {k}", sheet, f"{ROUND.player}{ROUND.first_row - 1}", "#"))
        labels.append(InputLabel(f"round {k}", sheet, f"{ROUND.vp}{ROUND.first_row - 1}", "VPs"))
    labels.append(InputLabel("final", FINAL.sheet, f"{FINAL.player}{FINAL.first_row - 1}", "#"))
    labels.append(InputLabel("final", FINAL.sheet, f"{FINAL.vp}{FINAL.first_row - 1}", "VPs"))
    o = OVERRIDE
    labels.append(InputLabel("overrides", o.sheet, f"{o.round}{o.first_row - 2}", "Round"))
    labels.append(InputLabel("overrides", o.sheet, f"{o.table}{o.first_row - 1}", "Table"))
    labels.append(InputLabel("overrides", o.sheet, f"{o.reason}{o.first_row - 1}", "Explanation"))
    labels.append(InputLabel("notes", NOTES.sheet, NOTES.first_cell, "Tournament Notes:"))
    return tuple(labels)


#: Every input label of The Archon v1.5l, by part (read off the official files).
INPUT_LABELS: tuple[InputLabel, ...] = _input_labels()

#: What The Archon shows beside a judge's name (Tournament Info C6, C17:C26)
#: until the VEKN number is typed over it.
VEKN_PLACEHOLDER = "VEKN id"
