"""The console stops when asked: the task that looks at the workbook for
every page ends once the server says it stops, even when the cancellation
that follows is lost (Python 3.11's wait_for can swallow one that comes as
the poke it waits for is set: a test client closing right after a refused
write waited for ever)."""

from __future__ import annotations

import asyncio

from archon.web.live import Live
from archon.web.workbook import ServedWorkbook
from test_console_api import cup  # noqa: F401 (a fixture)


def test_the_look_at_the_workbook_ends_when_the_server_stops_even_without_a_cancel(cup):
    async def run() -> bool:
        live = Live(ServedWorkbook(cup))
        task = asyncio.create_task(live.watch(0.05, files=False))
        await asyncio.sleep(0.2)  # it looks, waits for a poke or the poll, looks again...
        live.poke()
        live.end()  # what the server does first when it stops; no cancel follows here
        done, _ = await asyncio.wait([task], timeout=30)
        return task in done

    assert asyncio.run(run()), "the console's look at the workbook went on after the server stopped"
