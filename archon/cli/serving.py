"""``archon serve``: the event console (:func:`archon.web.serve`)."""

from __future__ import annotations

import click

from archon.cli.options import WORKBOOK_ARGUMENT, command
from archon.cli.output import say
from archon.cli.writing import writes
from archon.web import serve as run

__all__ = ["serve"]


@command("serve")
@WORKBOOK_ARGUMENT
@click.option("--port", type=int, default=8000, show_default=True, help="Port to listen on (0: any free port).")
@click.option("--lan", is_flag=True, help="Listen on every interface, for the players' page on phones (writes still need the token).")
@click.option("--no-browser", is_flag=True, help="Do not open the organizer's page in the browser.")
@click.option("--judge", "judges", multiple=True, metavar="NAME",
              help="Give this judge a link of their own (repeatable); each change is recorded under its judge's name.")
@writes
def serve(file, port, lan, no_browser, judges):
    """Ctrl-C stops the server.

    \b
    Examples:
      archon serve cup.xlsx
      archon serve cup.xlsx --lan --port 8080
      archon serve cup.xlsx --lan --judge Ada --judge Bruno
    """

    def ready(urls):
        say("cli.serve.organizer", url=urls.organizer)
        say("cli.serve.players", url=urls.players)
        for name, url in urls.judges.items():
            say("cli.serve.judge", who=name, url=url)
        say("cli.serve.how_to_stop")

    try:
        run(file, port=port, lan=lan, open_browser=not no_browser, on_ready=ready, judges=judges)
    except KeyboardInterrupt:
        pass
    say("cli.serve.stopped")
