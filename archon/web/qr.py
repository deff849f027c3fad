"""QR codes for the console's pages (issue 25): the players' page address
with the event's check-in code, for phones to scan from the projector or
the organizer's screen. Made offline by segno (pure Python), as SVG."""

from __future__ import annotations

import io

__all__ = ["svg"]


def svg(url: str, *, scale: int = 8) -> str:
    """The QR code of ``url`` as an SVG document (dark modules on white,
    a quiet zone of 4 modules, error correction M: a projector's glare
    and a phone's angle still read it), ``scale`` pixels a module; it carries
    a ``<title>`` naming the address, for a screen reader."""
    import segno

    code = segno.make(url, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=scale, border=4, dark="#000", light="#fff", xmldecl=False,
              svgns=True, title=url, unit=None)
    return out.getvalue().decode("utf-8")
