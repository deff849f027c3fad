"""The event console: ``archon serve FILE``, the event day in a browser.

* :mod:`archon.web.render`: the Jinja2 templates (also the HTML report's);
* :mod:`archon.web.workbook`: the served workbook: its version, its lock
  files, the state the pages show;
* :mod:`archon.web.app`: the Starlette application (pages, JSON API,
  server-sent events); every action calls a twin in :mod:`archon.api`.

:func:`archon.api.console_app` builds the application and
:func:`archon.api.serve` runs it.
"""
