"""What every open page of the console hears: one look at the file per change, shared.

:class:`Live` keeps the last :class:`~archon.web.workbook.Look` at the
served workbook and publishes each new one to every page's event stream at
once (an :class:`asyncio.Event` replaced on each change). One task,
:meth:`Live.watch`, looks at the file: when the file watcher (watchfiles)
says it or its lock files changed, and every few seconds besides (a folder
the watcher cannot watch costs only speed). The streams never touch the
file: with 300 phones on the players' page, a change costs one look, not
300. The console's own writes publish the look they end with at once
(:meth:`Live.publish`).

A page (or ``/api/state``) wants the file as it is *now*: :meth:`Live.fresh`
gives a look begun after it asked, and every request that asks while one
is under way shares the next one. :class:`Pages` keeps what was rendered
for each (template, key, language, organizer or not), so the phones that
fetch the players' page after a change share one rendering.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Hashable, Optional

from starlette.concurrency import run_in_threadpool

from archon.web.workbook import Look, ServedWorkbook

__all__ = ["Live", "Pages", "CLOSING_SECONDS"]

#: How often the server's stopping is checked: open pages' streams end within this.
CLOSING_SECONDS = 0.2


class Live:
    """The published look at ``book``, and the looks pages ask for."""

    def __init__(self, book: ServedWorkbook, look: Optional[Look] = None) -> None:
        self.book = book
        self.look: Look = look if look is not None else book.look_now()
        #: The server is stopping: every stream ends.
        self.ended = False
        self._changed: Optional[asyncio.Event] = None
        self._poked: Optional[asyncio.Event] = None
        self._stop: Optional[asyncio.Event] = None  # the file watcher's: set when the server stops
        self._begun = 0  # looks begun by fresh()
        self._flight: Optional[tuple[int, asyncio.Future, asyncio.AbstractEventLoop]] = None

    # -- what the streams wait on ---------------------------------------------

    def changed(self) -> asyncio.Event:
        """Set at the next change of the published key (or when the server
        stops): take it *before* reading :attr:`look`, so a change published
        meanwhile is not missed."""
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def _announce(self) -> None:
        ev, self._changed = self.changed(), asyncio.Event()
        ev.set()

    def publish(self, look: Look) -> None:
        """Publish ``look`` unless a later one was published; wake every
        stream when its key differs from the one they heard."""
        if look.serial <= self.look.serial:
            return
        before, self.look = self.look.key, look
        if look.key != before:
            self._announce()

    def end(self) -> None:
        """The server is stopping: every stream ends now."""
        self.ended = True
        self._announce()
        if self._stop is not None:
            self._stop.set()

    # -- looking at the file -------------------------------------------------

    async def fresh(self) -> Look:
        """A look at the file begun after this call, published; the calls
        made while one is under way share the next one."""
        asked = self._begun
        loop = asyncio.get_running_loop()
        while True:
            # a look under way in another event loop (a second test client on
            # the same app) cannot be awaited here: this loop starts its own
            if self._flight is None or self._flight[2] is not loop:
                self._begun += 1
                self._flight = (self._begun, asyncio.ensure_future(self._look()), loop)
            number, flight, _ = self._flight
            look = await asyncio.shield(flight)
            if number > asked:
                return look

    async def _look(self) -> Look:
        try:
            look = await run_in_threadpool(self.book.look_now)
        finally:
            self._flight = None
        self.publish(look)
        return look

    def poke(self) -> None:
        """Look at the file now (the watcher saw it change, a write failed)."""
        if self._poked is not None:
            self._poked.set()

    async def watch(self, poll: float, *, files: bool = True, closing: Callable[[], bool] = lambda: False) -> None:
        """Look at the file on each change the file watcher sees (``files``)
        and every ``poll`` seconds, publishing each look; end the streams as
        soon as ``closing()`` says the server stops. Runs until cancelled or
        :meth:`end`."""
        self._stop, self.ended = asyncio.Event(), False
        tasks = [asyncio.ensure_future(self._until_closing(closing))]
        if files:
            tasks.append(asyncio.ensure_future(self._files()))
        try:
            # until the server stops (end()), not only until cancelled: Python
            # 3.11's wait_for can swallow a cancellation that comes as the
            # poke it waits for is set (a refused write pokes just before a
            # test client closes), and the server's shutdown waited for ever
            while not self.ended:
                self._poked = asyncio.Event()
                with contextlib.suppress(Exception):  # an unreadable file is a state; anything else: next time
                    await self.fresh()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self._poked.wait(), poll)
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await task

    async def _until_closing(self, closing: Callable[[], bool]) -> None:
        while not closing():
            await asyncio.sleep(CLOSING_SECONDS)
        self.end()

    async def _files(self) -> None:
        """Poke on every change to the workbook or its lock files (watchfiles)."""
        try:
            from watchfiles import awatch
        except ImportError:  # pragma: no cover - a required dependency
            return
        book = self.book

        def ours(_change, name: str) -> bool:  # the workbook, LibreOffice's and Excel's lock files
            n = Path(name).name
            return n in (book.name, f".~lock.{book.name}#") or n.startswith("~$")

        with contextlib.suppress(Exception):  # a folder the watcher cannot watch: the poll looks
            async for _ in awatch(book.path.parent, watch_filter=ours, stop_event=self._stop, debounce=50, step=20,
                                  recursive=False):
                book.forget()  # hash it again: a save may keep its size and clock tick
                self.poke()


class Pages:
    """Pages rendered once per (template, key, language, organizer...):
    the last ``size`` kept, the least recently served dropped first.
    Requests for one page not rendered yet share its one rendering."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: "OrderedDict[Hashable, asyncio.Future]" = OrderedDict()
        #: How many pages were rendered (each a miss of the cache).
        self.renders = 0

    async def get(self, seen: Hashable, render: Callable[[], Any]) -> Any:
        """The page ``seen`` names, rendered by ``render()`` (in a thread) the first time."""
        kept = self._kept.get(seen)
        if kept is None or (kept.done() and kept.exception() is not None):
            kept = self._kept[seen] = asyncio.ensure_future(self._render(render))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(seen)
        return await asyncio.shield(kept)

    async def _render(self, render: Callable[[], Any]) -> Any:
        self.renders += 1
        return await run_in_threadpool(render)
