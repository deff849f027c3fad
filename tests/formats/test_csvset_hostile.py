"""A CSV set that would lose a round, or reach outside itself, is refused
(exit 2) naming the file and what is wrong: a round file that is a named
pipe (never read: it would hang), missing while a later round is there or
while the files say the round was played, empty, a symbolic link to
nothing or to a file outside the set (never followed), in a folder or a
zip; `convert` refuses it and `rating` lists it as a file it could not
read. Every set is built here."""

from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from archon.across.archive import read_archive
from archon.cli import main
from archon.exits import ExitStatus
from archon.formats.csvset import CsvSetError, load_csv_set, write_csv_set
from archon.rules.model import Event, Final, Player, Round, Table

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes and symbolic links: POSIX")

SECRET = "4242,LineOfAFileOutsideTheSet,Secret,9,9"


def _event() -> Event:
    players = [Player(n, f"F{n}", f"L{n}", vekn=f"300000{n}") for n in range(1, 9)]
    ev = Event(name="Cup", players=players, preliminary_rounds=3)
    seatings = ([[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]], [[1, 7, 4, 6], [3, 5, 2, 8]])
    for k, tables in enumerate(seatings, start=1):
        ev.rounds.append(Round(k, [Table(tables[0], [2, 1, 1, 0]), Table(tables[1], [1, 1, 1, 1])]))
    return ev


def _set(tmp_path: Path, final: bool = False) -> Path:
    ev = _event()
    if final:
        from archon.rules.standings import compute

        for tie in compute(ev).ties:
            for coin, n in enumerate(tie.players, start=1):
                ev.player(n).coin = coin
        ev.final = Final([s.number for s in compute(ev).players if s.finalist], [2, 1, 1, 1, 0])
    folder = tmp_path / "2026-03-14 Cup"
    write_csv_set(ev, folder)
    assert load_csv_set(folder).event.rounds[-1].number == 3  # whole, it reads
    return folder


def _refused(source: Path, *words: str) -> str:
    with pytest.raises(CsvSetError) as err:
        load_csv_set(source)
    text = str(err.value)
    for w in words:
        assert w in text, text
    assert SECRET not in text and "root:" not in text
    return text


def _convert_and_rate(tmp_path: Path, source: Path, *words: str) -> None:
    r = CliRunner().invoke(main, ["convert", str(source), str(tmp_path / "out.xlsx")])
    assert r.exit_code == ExitStatus.UNREADABLE, r.output
    assert all(w in r.output for w in words) and SECRET not in r.output, r.output
    assert not (tmp_path / "out.xlsx").exists()
    archive = read_archive([source.parent], processes=1)
    assert not archive.events
    failed = {f.path.name: f for f in archive.failed}
    assert source.name in failed and all(w in failed[source.name].reason for w in words)


def test_a_round_file_that_is_a_named_pipe_is_refused_without_being_read(tmp_path):
    folder = _set(tmp_path)
    (folder / "Round-2.csv").unlink()
    os.mkfifo(folder / "Round-2.csv")  # reading it would wait for a writer forever
    _refused(folder, "Round-2.csv", "named pipe")
    with pytest.raises(CsvSetError) as err:
        load_csv_set(folder)
    assert err.value.message.id == "csvset.member_special" and err.value.message.fields["file"] == "Round-2.csv"
    _convert_and_rate(tmp_path, folder, "Round-2.csv", "named pipe")


def test_a_round_missing_before_a_later_one_is_refused(tmp_path):
    folder = _set(tmp_path)
    (folder / "Round-2.csv").unlink()
    _refused(folder, "no Round-2.csv", "Round-3.csv", "round 2")
    _convert_and_rate(tmp_path, folder, "Round-2.csv")


def test_the_last_round_missing_is_refused_when_the_players_list_says_it_was_played(tmp_path):
    folder = _set(tmp_path, final=True)
    (folder / "Round-3.csv").unlink()
    text = _refused(folder, "no Round-3.csv", "Methuselahs.csv, line 1", "played 4 rounds (the final included)")
    assert "round 3" in text
    # without Methuselahs.csv, the Report's games played say it
    (folder / "Methuselahs.csv").unlink()
    _refused(folder, "no Round-3.csv", "Report.csv, line 2")


def test_a_round_file_with_no_seat_before_a_later_round_is_refused(tmp_path):
    folder = _set(tmp_path)
    (folder / "Round-2.csv").write_bytes(b",,,,\r\n")
    _refused(folder, "Round-2.csv holds no seat", "Round-3.csv")


def test_a_dangling_symbolic_link_is_refused(tmp_path):
    folder = _set(tmp_path)
    (folder / "Round-2.csv").unlink()
    os.symlink("Round-2-old.csv", folder / "Round-2.csv")
    _refused(folder, "Round-2.csv", "symbolic link to Round-2-old.csv, which does not exist")
    _convert_and_rate(tmp_path, folder, "Round-2.csv", "does not exist")


@pytest.mark.parametrize("target", ["outside.csv", "/etc/passwd", "pipe-outside"])
def test_a_symbolic_link_out_of_the_set_is_refused_without_being_followed(tmp_path, target):
    folder = _set(tmp_path)
    if target == "outside.csv":
        target = str(tmp_path / target)
        Path(target).write_text(SECRET + "\r\n")
    elif target == "pipe-outside":
        target = str(tmp_path / target)
        os.mkfifo(target)  # followed and read, the test would hang here
    (folder / "Round-2.csv").unlink()
    os.symlink(target, folder / "Round-2.csv")
    _refused(folder, "Round-2.csv", "symbolic link to", "outside the CSV set", "not followed")
    _convert_and_rate(tmp_path, folder, "Round-2.csv", "outside the CSV set")


def test_a_symbolic_link_to_a_file_of_the_set_is_read(tmp_path):
    folder = _set(tmp_path)
    (folder / "Round-2.csv").rename(folder / "kept.txt")
    os.symlink("kept.txt", folder / "Round-2.csv")
    assert [r.number for r in load_csv_set(folder).event.rounds] == [1, 2, 3]


def _zip(folder: Path, zipped: Path, special: dict) -> Path:
    with zipfile.ZipFile(zipped, "w") as zf:
        for p in sorted(folder.iterdir()):
            if p.name in special:
                info = zipfile.ZipInfo(p.name)
                info.external_attr = special[p.name] << 16
                zf.writestr(info, "/etc/passwd" if stat.S_ISLNK(special[p.name]) else "")
            else:
                zf.write(p, p.name)
    return zipped


@pytest.mark.parametrize("mode,words", [
    (stat.S_IFLNK | 0o777, ("Round-2.csv", "symbolic link", "not followed")),
    (stat.S_IFIFO | 0o644, ("Round-2.csv", "special file")),
])
def test_a_zip_holding_a_link_or_a_pipe_in_place_of_a_round_is_refused(tmp_path, mode, words):
    folder = _set(tmp_path)
    (tmp_path / "events").mkdir()
    zipped = _zip(folder, tmp_path / "events" / "cup.zip", {"Round-2.csv": mode})
    _refused(zipped, *words)
    _convert_and_rate(tmp_path, zipped, *words)


def test_a_zip_missing_a_round_is_refused(tmp_path):
    folder = _set(tmp_path)
    (folder / "Round-1.csv").unlink()
    (tmp_path / "events").mkdir()
    zipped = _zip(folder, tmp_path / "events" / "cup.zip", {})
    _refused(zipped, "no Round-1.csv", "Round-2.csv, Round-3.csv")


def test_a_named_pipe_given_as_the_set_is_refused(tmp_path):
    pipe = tmp_path / "cup.zip"
    os.mkfifo(pipe)
    _refused(pipe, "cup.zip", "named pipe")
