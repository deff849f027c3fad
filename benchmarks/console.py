"""Benchmark: a result entered in the event console until every open players' page shows it.

On a 300-player 3R+F event in a copy of the official Archon v1.5l, rounds 1
and 2 played and round 3 seated with no result yet, ``archon serve`` runs in
a process of its own (its CPU time read from ``/proc``, so this process's
clients do not count) and, for each number of pages given (``--streams``),
that many players' pages listen to its event stream as the page does
(``GET /api/events?page=players``, gzipped, on raw sockets from this
process: :class:`Page`). Results are posted one by one (``POST
/api/result``, one table each, :data:`GAP_SECONDS` apart so each change's
aftermath is its own); for each change it measures the time until every
page has the new live part showing the table complete (the stream brings
it; an older console's pages fetch it, ``GET /fragment/players``), also
counted from the post's answer, the server's CPU from the post until every
page has it and until the next post, and this process's own CPU. The first
result posted to each server is timed apart (its first write loads the
write's code and patches every sheet; the next ones patch the sheets they
change), not counted with the others. Then 200
pages load at once (``GET /``). The load average of each run is printed:
on a shared machine the wall times say more about the others' work than
about the console, the CPU times less. Targets on the 2-core machine: 300
pages, every page within 0.5 s at the 95th percentile; the server's CPU
per change within twice that with one page.

``--commands``: also the same action from the command line (``archon
result FILE --round 3 --table T ...``, a new process) and its Python twin
(:func:`archon.api.result`, in process).

Run from the repository root::

    python benchmarks/console.py [--streams 1,50,200,300] [--players 300] [--repeat 10] [--commands]

``--server-repo DIR`` serves with the archon of another checkout (to compare
with an older version).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))

from conftest import OFFICIAL_NAMES, official_dir_path, official_missing  # noqa: E402
from oracle import random_event  # noqa: E402

from archon import api  # noqa: E402
from archon.rules.model import Final, Round, Table  # noqa: E402
from archon.formats.workbook import write_event  # noqa: E402

#: Seconds between two posted results: longer than the console's look at a
#: file just written lasts (2 s of re-hashing, ``RACY_SECONDS``), so each
#: change's CPU is all its own.
GAP_SECONDS = 3.0
#: Pages that load the players' page at once after the changes.
PAGE_LOADS = 200
#: Pages that connect at once (a phone at a time would be slower than any event day).
CONNECT_BATCH = 50


def event_before_round_3_results(players: int):
    ev = random_event(random.Random(2026), players, 3, with_final=False, flagged=False, overrides=False)
    last = max(ev.rounds, key=lambda r: r.number)
    ev.rounds = [r for r in ev.rounds if r is not last] + [
        Round(last.number, [Table(list(t.players), [None] * len(t.players)) for t in last.tables])]
    ev.final = Final()
    return ev


def vps_for(size: int) -> list[float]:
    return [0.5] * size  # time out, no ousts: legal at 4 and 5 seats


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``values``, the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered) + 0.5)) - 1))]


class Server:
    """``archon serve FILE --port 0 --no-browser`` in a process of its own."""

    def __init__(self, path: Path, repo: Path, profile: Optional[Path] = None) -> None:
        env = {**os.environ, "PYTHONPATH": str(repo)}
        profiled = ["-m", "cProfile", "-o", str(profile)] if profile else []
        self.proc = subprocess.Popen([sys.executable, *profiled, "-m", "archon.cli", "serve", str(path), "--port", "0",
                                      "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=env, cwd=repo)
        organizer = self.proc.stdout.readline().split()
        if len(organizer) < 2 or "token=" not in organizer[1]:
            self.proc.kill()
            raise RuntimeError(f"the console did not start: {self.proc.stderr.read()[-2000:]}")
        url = organizer[1]
        self.token = url.split("token=")[1]
        self.host, port = url.split("//")[1].split("/")[0].split(":")
        self.port = int(port)
        self._clock = os.sysconf("SC_CLK_TCK")

    def cpu(self) -> Optional[float]:
        """The server's CPU seconds so far (user and system), or None without ``/proc``."""
        times = self.times()
        return None if times is None else sum(times)

    def times(self) -> Optional[tuple[float, float]]:
        """The server's CPU seconds so far: (user, system), or None without ``/proc``."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return int(fields[11]) / self._clock, int(fields[12]) / self._clock

    def stop(self) -> None:
        self.proc.send_signal(2)  # Ctrl-C
        try:
            self.proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.communicate()


async def request(server: Server, method: str, path: str, body: Optional[bytes] = None,
                  headers: Optional[dict] = None) -> tuple[int, bytes]:
    """One HTTP/1.1 request on a connection of its own: (status, body)."""
    reader, writer = await asyncio.open_connection(server.host, server.port)
    try:
        head = [f"{method} {path} HTTP/1.1", f"Host: {server.host}:{server.port}", "Connection: close",
                "Accept-Encoding: gzip"]  # as every browser
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + (body or b""))
        data = await reader.read(-1)
    finally:
        writer.close()
    status = int(data.split(b" ", 2)[1])
    head, _, content = data.partition(b"\r\n\r\n")
    if b"transfer-encoding: chunked" in head.lower():
        content = dechunked(content)
    if b"content-encoding: gzip" in head.lower():
        content = gzip.decompress(content)
    return status, content


def dechunked(data: bytes) -> bytes:
    out, at = [], 0
    while True:
        end = data.index(b"\r\n", at)
        size = int(data[at:end], 16)
        if size == 0:
            return b"".join(out)
        out.append(data[end + 2:end + 2 + size])
        at = end + 4 + size


class Page:
    """A players' page on a phone, as console.js has it: its event stream
    open (``?page=players``, read gzipped as a browser reads it). A
    ``page`` event brings the new live part itself; a ``state`` event (an
    older console, ``--server-repo``) names the new key, and the page then
    fetches its live part (``GET /fragment/players``).

    300 phones decode in parallel; this one process cannot. So that the
    time a page has the change is when the server's bytes reached it, not
    when this process found time to inflate them, a gzipped stream's
    chunks are only stamped and kept as they arrive (:attr:`chunks`), and
    inflated later (:meth:`decode`), once every page has something new."""

    def __init__(self, server: Server, key: str, lang: str = "en") -> None:
        self.server = server
        self.key = key
        self.lang = lang
        #: When the page showed the current key, and the live part it showed.
        self.shown: tuple[float, bytes] = (0.0, b"")
        #: Chunks of a gzipped stream not inflated yet: (when each arrived, its bytes).
        self.chunks: list[tuple[float, bytes]] = []
        self.heard = asyncio.Event()
        self.task: Optional[asyncio.Task] = None
        self._inflate = None
        self._text = b""

    async def listen(self) -> None:
        reader, writer = await asyncio.open_connection(self.server.host, self.server.port)
        try:
            writer.write(f"GET /api/events?page=players&lang={self.lang}&key={self.key} HTTP/1.1\r\n"
                         f"Host: {self.server.host}:{self.server.port}\r\nAccept: text/event-stream\r\n"
                         "Accept-Encoding: gzip\r\n\r\n".encode())
            head = (await reader.readuntil(b"\r\n\r\n")).lower()
            assert head.startswith(b"http/1.1 200") and b"transfer-encoding: chunked" in head, head
            if b"content-encoding: gzip" in head:
                self._inflate = zlib.decompressobj(31)
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                data = (await reader.readexactly(size + 2))[:-2]
                if not data:
                    return
                if self._inflate is not None:
                    self.chunks.append((time.perf_counter(), data))
                    self.heard.set()
                else:
                    await self._events(data, time.perf_counter())
        finally:
            writer.close()

    async def decode(self) -> None:
        """Inflate the chunks kept, and take in their events."""
        chunks, self.chunks = self.chunks, []
        for when, data in chunks:
            await self._events(self._inflate.decompress(data), when)

    async def _events(self, data: bytes, when: float) -> None:
        self._text += data
        while b"\n\n" in self._text:
            event, self._text = self._text.split(b"\n\n", 1)
            if event.startswith(b"event: page\n"):
                key = event.split(b"\n", 2)[1][len(b"id: "):].decode()
                if key != self.key:
                    self.key, self.shown = key, (when, event)
            elif event.startswith(b"event: state\n"):
                key = json.loads(event.split(b"data: ", 1)[1])["key"]
                if key != self.key:
                    status, page = await request(self.server, "GET", f"/fragment/players?lang={self.lang}")
                    assert status == 200, page[:500]
                    self.key, self.shown = key, (time.perf_counter(), page)
            self.heard.set()  # the stream is open (its first event: retry), or the page is shown


def complete(page: bytes, table: int) -> bool:
    """Whether ``page`` shows round 3's ``table`` complete ("Table 3", "Tisch 3", ...: any language)."""
    return re.search(rb'<caption>[^<]*\b%d <span class="status s-complete">' % table, page) is not None


async def heard_all(pages: list[Page], waiting) -> None:
    """Until ``waiting(page)`` is false for every page: each time every
    page still waiting has heard something, what they heard is decoded."""
    while True:
        late = [p for p in pages if waiting(p)]
        if not late:
            return
        await asyncio.wait_for(asyncio.gather(*(p.heard.wait() for p in late)), 60)
        for p in late:
            p.heard.clear()
            await p.decode()


async def open_pages(server: Server, n: int, languages: tuple[str, ...] = ("en",)) -> list[Page]:
    status, state = await request(server, "GET", "/api/state")
    key = json.loads(state)["key"]  # the key the pages were loaded with
    pages = []
    for start in range(0, n, CONNECT_BATCH):
        batch = [Page(server, key, languages[(start + i) % len(languages)])
                 for i in range(min(CONNECT_BATCH, n - start))]
        for p in batch:
            p.task = asyncio.ensure_future(p.listen())
        await asyncio.wait_for(asyncio.gather(*(p.heard.wait() for p in batch)), 120)
        pages += batch
    for p in pages:
        p.heard.clear()
        await p.decode()
    return pages


async def streams_run(path: Path, n: int, tables: list[int], sizes: dict[int, int], repo: Path,
                      profile: Optional[Path] = None, languages: tuple[str, ...] = ("en",)) -> dict:
    """``n`` pages open on one console; the changes; then :data:`PAGE_LOADS` page loads at once."""
    server = Server(path, repo, profile)
    try:
        pages = await open_pages(server, n, languages)
        auth = {"Authorization": f"Bearer {server.token}"}
        every, each, after, cpu, until, system, ours = [], [], [], [], [], [], []
        # the first result posted (round 3's last table) is timed apart and not
        # counted with the others: a server's first write loads the write's
        # code and patches every sheet the event's cells are on (the next
        # writes patch only the sheets they change): once a server, not once a result
        first = None
        for t in [max(sizes)] + tables:
            keys = {p.key for p in pages}
            before, start, mine = server.times(), time.perf_counter(), time.process_time()
            body = json.dumps({"round": 3, "table": t, "vps": vps_for(sizes[t])}).encode()
            status, answer = await request(server, "POST", "/api/result", body, auth)
            answered = time.perf_counter()
            assert status == 200, answer[:500]
            await heard_all(pages, lambda p: p.key in keys)
            reached = server.times()
            done = []
            for p in pages:
                shown, page = p.shown
                assert complete(page, t), "the page does not show it"
                done.append(shown - start)
            if first is None:  # the server's first write: apart
                first = max(done)
                await asyncio.sleep(max(0.0, start + GAP_SECONDS - time.perf_counter()))
                for p in pages:
                    p.heard.clear()
                    await p.decode()
                continue
            every.append(max(done))
            each += done
            after.append(max(done) - (answered - start))
            ours.append(time.process_time() - mine)
            await asyncio.sleep(max(0.0, start + GAP_SECONDS - time.perf_counter()))
            later = server.times()
            if before is not None and later is not None:
                cpu.append(sum(later) - sum(before))
                until.append(sum(reached) - sum(before))
                system.append(later[1] - before[1])
            for p in pages:  # what came meanwhile (a comment that keeps the stream open)
                p.heard.clear()
                await p.decode()
        loads = await page_loads(server)
        for p in pages:
            p.task.cancel()
        await asyncio.gather(*(p.task for p in pages), return_exceptions=True)
        return {"first": first, "every": every, "each": each, "after": after, "cpu": cpu, "until": until, "system": system, "loads": loads,
                "client": ours, "load": os.getloadavg()[0]}
    finally:
        server.stop()


async def page_loads(server: Server) -> list[float]:
    async def one() -> float:
        start = time.perf_counter()
        status, page = await request(server, "GET", "/?lang=en")
        assert status == 200 and b"players" in page.lower(), page[:500]
        return time.perf_counter() - start

    return list(await asyncio.gather(*(one() for _ in range(PAGE_LOADS))))


def cpu_now() -> float:
    """CPU seconds of this process and its finished children."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def cli_times(path: Path, tables: list[int], sizes: dict[int, int]) -> list[tuple[float, float]]:
    times = []
    for t in tables:
        start, cpu = time.perf_counter(), cpu_now()
        subprocess.run([sys.executable, "-m", "archon.cli", "result", str(path), "--round", "3", "--table", str(t),
                        *map(str, vps_for(sizes[t]))], check=True, capture_output=True, cwd=REPO)
        times.append((time.perf_counter() - start, cpu_now() - cpu))
    return times


def twin_times(path: Path, tables: list[int], sizes: dict[int, int]) -> list[tuple[float, float]]:
    times = []
    for t in tables:
        start, cpu = time.perf_counter(), cpu_now()
        api.result(path, vps_for(sizes[t]), round=3, table=t)
        times.append((time.perf_counter() - start, cpu_now() - cpu))
    return times



def ms(x: float) -> str:
    return f"{x * 1000:7.0f}"


def report_streams(results: dict[int, dict]) -> None:
    print("every page has it: from the result posted until the last page shows it; after the write: the same")
    print("from the post's answer (the workbook written); each page: every page of every change")
    print(f"{'pages':>6} | {'every page has it (ms)':^25} | {'after the write':^17} | {'each page (ms)':^17} | "
          f"{'server CPU/change':^17} | {f'{PAGE_LOADS} page loads (ms)':^17} | load")
    print(f"{'':>6} | {'p50':>7} {'p95':>7} {'max':>7}   | {'p50':>8} {'p95':>8} | {'p50':>8} {'p95':>8} | "
          f"{'median':>8} {'max':>8} | {'p50':>8} {'p95':>8} |")
    for n, r in results.items():
        cpu = r["cpu"]
        print(f"{n:>6} | {ms(percentile(r['every'], .5))} {ms(percentile(r['every'], .95))} {ms(max(r['every']))}   | "
              f" {ms(percentile(r['after'], .5))}  {ms(percentile(r['after'], .95))} | "
              f" {ms(percentile(r['each'], .5))}  {ms(percentile(r['each'], .95))} | "
              f" {ms(statistics.median(cpu)) if cpu else '      ?'}  {ms(max(cpu)) if cpu else '      ?'} | "
              f" {ms(percentile(r['loads'], .5))}  {ms(percentile(r['loads'], .95))} | {r['load']:4.1f}")
    print("(the server's CPU from the result posted until every page had it, median: " + ", ".join(f"{n} pages {statistics.median(r['until']) * 1000:.0f} ms"
                                          for n, r in results.items() if r["until"]) + ")")
    print("(the server's CPU per change in the kernel (sockets), median: "
          + ", ".join(f"{n} pages {statistics.median(r['system']) * 1000:.0f} ms" for n, r in results.items()
                      if r["system"]) + ")")
    print("(the pages' own CPU per change, in this process, median: "
          + ", ".join(f"{n} pages {statistics.median(r['client']) * 1000:.0f} ms" for n, r in results.items()) + ")")
    print("(the first result posted to the server, not counted above, until every page had it: "
          + ", ".join(f"{n} pages {r['first'] * 1000:.0f} ms" for n, r in results.items() if r.get("first")) + ")")
    most = max(results)
    p95 = percentile(results[most]["every"], .95)
    print(f"target: {most} pages, every page within 500 ms at the 95th percentile: "
          f"{'OK' if p95 <= 0.5 else 'SLOWER THAN TARGET'} ({p95 * 1000:.0f} ms, load average {results[most]['load']:.1f})")
    least = min(results)
    if results[most]["cpu"] and results[least]["cpu"] and least != most:
        ratio = statistics.median(results[most]["cpu"]) / statistics.median(results[least]["cpu"])
        print(f"target: server CPU per change with {most} pages within twice that with {least}: "
              f"{'OK' if ratio <= 2 else 'MORE THAN TARGET'} ({ratio:.2f} times)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--streams", default="1,50,200,300", help="numbers of open players' pages, comma-separated")
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=10, help="results posted for each number of pages")
    ap.add_argument("--languages", default="en", help="the pages' languages, comma-separated (spread evenly)")
    ap.add_argument("--commands", action="store_true", help="also the command line and the Python twin")
    ap.add_argument("--server-repo", type=Path, default=REPO, help="serve with the archon of this checkout")
    ap.add_argument("--profile", type=Path, help="profile the server (cProfile) into FOLDER/pages-N.prof")
    args = ap.parse_args(argv)
    counts = [int(n) for n in args.streams.split(",") if n.strip()]
    official = official_dir_path() / OFFICIAL_NAMES["xlsx"]
    if not official.is_file():
        print(official_missing())
        return 2
    work = Path(tempfile.mkdtemp(prefix="archon-bench-console-"))
    try:
        ev = event_before_round_3_results(args.players)
        sizes = {k: len(t.players) for k, t in enumerate(ev.rounds[-1].tables, start=1)}
        tables = list(range(1, args.repeat + 1))
        assert len(tables) < len(sizes), f"--repeat: at most {len(sizes) - 1} tables"
        made = work / "made.xlsx"
        shutil.copyfile(official, made)  # the shared official file is read-only
        write_event(made, ev)

        def copy(what: str) -> Path:
            path = work / what / "event.xlsx"
            path.parent.mkdir()
            shutil.copyfile(made, path)
            return path

        print(f"event: {len(ev.players)} players, round 3 seated ({len(sizes)} tables), "
              f"workbook {made.stat().st_size / 1e6:.1f} MB; {len(tables)} results posted {GAP_SECONDS:.0f} s apart "
              f"for each number of pages; pages in {args.languages}; load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores")
        results = {}
        for n in counts:
            profile = None
            if args.profile:
                args.profile.mkdir(parents=True, exist_ok=True)
                profile = args.profile.resolve() / f"pages-{n}.prof"
            results[n] = asyncio.run(streams_run(copy(f"streams-{n}"), n, tables, sizes, args.server_repo, profile,
                                                 tuple(lang.strip() for lang in args.languages.split(","))))
            print(f"  {n} pages done (load average {os.getloadavg()[0]:.1f})", flush=True)
        report_streams(results)
        if args.commands:
            for label, fn in (("command line: archon result (a new process)", cli_times),
                              ("Python twin: archon.api.result (in process)", twin_times)):
                times = fn(copy(fn.__name__), tables, sizes)
                print(f"{label:50} {statistics.median(w for w, _ in times) * 1000:8.0f} ms wall "
                      f"{statistics.median(c for _, c in times) * 1000:8.0f} ms CPU (medians)")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
