"""Twins of ``archon report``: the report files, the VEKN report, the
upload to vekn.net and the TWD entry, all from one read of the workbook
(:func:`report_standings`)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Optional

from archon.api.contracts import twin_of
from archon.api.errors import InputError, worded
from archon.api.problems import problem_message
from archon.exits import ExitStatus
from archon.formats import vekn
from archon.formats.cards_build import CardListError, card_list
from archon.formats.csvset import write_csv_set
from archon.formats.decklists import DeckListError, deck_list_text, read_deck_list
from archon.formats.serialize import standings_to_dict
from archon.formats.special_files import special_kind
from archon.formats.workbook import read_event
from archon.formats.workbook.problems import check_workbook
from archon.reports import ReportError, check_target, write_html_report, write_posting_sheet, write_xlsx_report
from archon.reports.labels import report_language
from archon.reports.output import CSV_SET, HTML_REPORT, REPORT_WORKBOOK, SEAT_LIST
from archon.rules.editions import RuleEdition
from archon.rules.standings import compute
from archon.words.message import act, option, say

__all__ = ["ReportResult", "report", "report_standings", "vekn_report", "archondata", "twd"]

_CRYPT_HEADING = re.compile(r"^\s*crypt\b", re.I | re.M)


class ReportResult:
    """What :func:`report` did: ``written`` = [(path, what)] (what: a message,
    "report workbook" in the reader's language), ``notes``: what
    a written file cannot hold (the CSV set), as messages. ``problems`` is
    always empty: a workbook read only in part is refused
    (:func:`report_standings`), no report is made of it."""

    def __init__(self, written: list, problems: list, notes: Optional[list] = None) -> None:
        self.written = written
        self.problems = problems
        self.notes = list(notes or [])

    def __repr__(self) -> str:
        return f"ReportResult(written={self.written!r}, problems={len(self.problems)})"


def _no_round_without_xlsx() -> InputError:
    return InputError(say("api.round_needs_xlsx", round=option("round"), xlsx=option("xlsx")))


def _check_outputs(xlsx, html, csv, round: Optional[int], force: bool) -> None:
    """Every output asked for, checked before any is written (and never over the event workbook)."""
    if xlsx is None and html is None and csv is None:
        raise InputError(say("api.nothing_to_write", xlsx=option("xlsx"), html=option("html"), csv=option("csv")))
    if round is not None and xlsx is None:
        raise _no_round_without_xlsx()
    if xlsx is not None:
        check_target(xlsx, REPORT_WORKBOOK if round is None else SEAT_LIST, force=force)
    if html is not None:
        check_target(html, HTML_REPORT, force=force)
    if csv is not None:
        check_target(csv, CSV_SET, force=force)


@twin_of("report")
def report(
    path,
    *,
    xlsx=None,
    html=None,
    round: Optional[int] = None,
    edition: "str | RuleEdition | None" = None,
    csv=None,
    dry_run: bool = False,
    force: bool = False,
    lang: str = "en",
    judges_notes: bool = False,
) -> ReportResult:
    """Twin of ``archon report FILE [--xlsx OUT.xlsx] [--html OUT.html] [--round N] [--csv DIR] [--force]
    [--judges-notes]``.

    ``lang``: the language of the report workbook, the seat list and the
    HTML report (``--lang``: their titles, headers, charts, and figures as
    the language writes them); the CSV set stays as The Archon writes it.

    The report workbook and the HTML report are made to be posted: they
    leave out the judges' warnings (who was warned, and why) and the reason
    a judge gave for accepting a table (which still says a judge accepted
    it). ``judges_notes`` (``--judges-notes``) makes the judges' own copy,
    with both. The VEKN report, the upload and the TWD carry what the VEKN
    asks for; the CSV set, what The Archon holds (``Override.csv``: the
    reasons).

    With ``dry_run`` every report is made in a temporary folder (so every
    check runs) and thrown away: ``written`` then lists what would be written
    where, and nothing is.

    Reads the Archon workbook ``path``, computes its standings once
    (:func:`archon.rules.standings.compute`, the numbers of ``archon standings``)
    and writes each report asked for:

    * ``xlsx``: the report workbook (:func:`archon.reports.write_xlsx_report`),
      or with ``round`` just that round's printable seat list
      (:func:`archon.reports.write_posting_sheet`);
    * ``html``: the one-page HTML report (:func:`archon.reports.write_html_report`);
    * ``csv``: a folder for the Archon-compatible CSV set
      (:func:`archon.formats.csvset.write_csv_set`: ``Methuselahs.csv``, ``Round-N.csv``,
      ``Finals.csv``, ``Override.csv`` when a judge overrode a table, ``Report.csv``).

    (``archon report FILE`` with no output prints the VEKN report:
    :func:`vekn_report`, :func:`archondata`, :func:`twd`.) Raises :class:`InputError` when no output is asked for or ``round`` is
    given without ``xlsx``; :class:`archon.formats.workbook.WorkbookError` for a file
    that is not an Archon workbook; :class:`archon.reports.ReportError` when
    a report cannot be written (round not seated, folder missing, file open,
    an output that is an Archon event workbook, a name without the report's
    suffix, a file in a workbook's backups folder, a file that exists:
    :func:`archon.reports.check_target`); nothing is written then. An
    existing output is replaced only when it is an earlier report of the
    same kind and ``force`` says so.
    """
    lang = report_language(lang)  # an unknown language refused before anything is read
    _check_outputs(xlsx, html, csv, round, force)
    st = report_standings(path, edition)
    if dry_run:
        return _rehearsed(path, xlsx=xlsx, html=html, csv=csv, round=round, edition=edition, lang=lang,
                          judges_notes=judges_notes)
    data = standings_to_dict(st, extras=True)  # the reports also show the deck format
    written = []
    if xlsx is not None:
        if round is not None:
            written.append((write_posting_sheet(data, round, xlsx, force=force, lang=lang),
                            say("report.kind.round_seat_list", round=round)))
        else:
            written.append((write_xlsx_report(data, xlsx, force=force, lang=lang, judges_notes=judges_notes),
                            REPORT_WORKBOOK.said))
    if html is not None:
        written.append((write_html_report(data, html, force=force, lang=lang, judges_notes=judges_notes),
                        HTML_REPORT.said))
    if csv is None:
        return ReportResult(written, [])
    done = write_csv_set(st, csv)  # checked above (check_target)
    written.extend((p, say("report.kind.csv_file")) for p in done.files)
    notes = list(done.not_held) + [say("api.stale_csv", file=str(p)) for p in done.stale]
    return ReportResult(written, [], notes)


def _rehearsed(path, *, xlsx, html, csv, round, edition, lang, judges_notes) -> ReportResult:
    """:func:`report` made in a temporary folder: what it would write where."""
    with tempfile.TemporaryDirectory(prefix="archon-dry-run-") as tmp:
        rehearsal = report(
            path, edition=edition, round=round, lang=lang, judges_notes=judges_notes,
            xlsx=Path(tmp) / "report.xlsx" if xlsx is not None else None,
            html=Path(tmp) / "report.html" if html is not None else None,
            csv=Path(tmp) / "csv" if csv is not None else None,
        )
    targets = {".xlsx": xlsx, ".html": html}
    planned = []
    for done, what in rehearsal.written:
        done = Path(done)
        target = targets.get(done.suffix) if done.parent.name != "csv" else Path(csv) / done.name
        assert target is not None  # a file rehearsed is one asked for
        planned.append((Path(target), what))
    return ReportResult(planned, rehearsal.problems, rehearsal.notes)


def report_standings(path, edition: "str | RuleEdition | None" = None):
    """The computed standings every report of the workbook ``path`` is made
    from (:func:`archon.rules.standings.compute`), the one read every report path
    shares.

    A workbook archon could read only in part (a round sheet missing or
    renamed, a formula cell with no saved value: what ``archon standings``
    warns about and exits 1 for) is refused: raises
    :class:`archon.reports.ReportError` (exit status 1) naming the cells,
    whatever the report (``--archondata --force`` too: force passes over
    what 'archon check' says of the values read, not over values unread).
    """
    read = read_event(path)
    if read.problems:
        more = len(read.problems) - 5
        err = worded(ReportError, say(
            "api.read_in_part", file=Path(path).name, problems=[problem_message(p) for p in read.problems[:5]],
            more=say("api.read_in_part_more", more=more) if more > 0 else "", check=act("check")))
        err.exit_status = ExitStatus.PROBLEMS  # as 'archon standings' on the same file
        raise err
    return compute(read.event, edition)


def vekn_report(path, edition: "str | RuleEdition | None" = None):
    """Twin of ``archon report FILE``: the VEKN Report rows
    (:func:`archon.formats.vekn.vekn_report`; :func:`archon.formats.vekn.vekn_report_text` prints them)."""
    return vekn.vekn_report(report_standings(path, edition))


def archondata(path, edition: "str | RuleEdition | None" = None, *, force: bool = False) -> str:
    """Twin of ``archon report FILE --archondata [--force]``: the string
    vekn.net's results endpoint takes (:func:`archon.formats.vekn.archondata`).

    Never what ``archon check`` says is wrong: when :func:`check` finds
    errors (a VEKN number that is not one, an impossible table...) raises
    :class:`archon.formats.vekn.VeknReportError` (exit status 1) listing them, unless
    ``force``. What vekn.net itself refuses (an unfinished event, a missing or
    shared VEKN number) is refused even with ``force``.
    """
    text = vekn.archondata(report_standings(path, edition))
    errors = [p for p in check_workbook(path, edition) if p.severity == "error"]
    if errors and not force:
        raise worded(vekn.VeknReportError, say(
            "api.upload_refused", check=act("check", file=False), errors=len(errors),
            problems=[problem_message(p) for p in errors[:8]],
            more=say("api.more_problems") if len(errors) > 8 else "", force=option("force")))
    return text


def twd(path, *, url: Optional[str] = None, country: Optional[str] = None, deck=None,
        edition: "str | RuleEdition | None" = None) -> str:
    """Twin of ``archon report FILE --twd [--url URL] [--country C] [--deck FILE]``:
    the Tournament Winning Deck entry (:func:`archon.formats.vekn.twd_entry`): the
    header, the winner's score line (``-- 2GW7 + 3vp in final``) and, with
    ``deck`` (a text file: the winner's deck list), that list as given (a
    plain list without a Crypt heading as the TWD lists a deck); without
    ``deck``, the winner's deck list recorded with the event (``archon deck``), if any.
    Raises :class:`InputError` for a deck file that cannot be read."""
    st = report_standings(path, edition)
    deck_text = _stored_deck(st) if deck is None else _listed(_deck_list(deck))
    return vekn.twd_entry(st, url=url, country=country, deck=deck_text)


def _stored_deck(st) -> Optional[str]:
    """The winner's deck list recorded with the event (``archon deck``), as the TWD lists it, or None."""
    stored = st.event.decks.get(st.winner) if st.winner is not None else None
    return deck_list_text(stored.deck, _cards()) if stored is not None else None


def _listed(text: str) -> str:
    """A deck file's text as given, or, when it has no Crypt heading (a plain
    "count name" list, which the TWD's parser reads as no card), as the TWD lists it."""
    if _CRYPT_HEADING.search(text):
        return text
    try:
        cards = card_list()
        return deck_list_text(read_deck_list(text, cards)[0], cards)
    except (DeckListError, CardListError):
        return text


def _cards():
    try:
        return card_list()
    except CardListError:
        return None  # a damaged updated list: the deck as recorded, without its capacities


def _deck_list(deck) -> str:
    kind = special_kind(deck)
    if kind is not None:
        raise InputError(say("api.deck_is_special", file=Path(deck).name, kind=kind))
    try:
        return Path(deck).read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise InputError(say("api.deck_unreadable", file=str(deck), error=exc.strerror or str(exc))) from None
    except UnicodeDecodeError:
        raise InputError(say("api.deck_not_utf8", file=str(deck))) from None
