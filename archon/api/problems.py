"""A problem found in a workbook (what ``check`` lists, what the reader
could not use) as a message a shell renders: its place, what is wrong and
what to do, each of which may itself be a message."""

from __future__ import annotations

from typing import Any

from archon.words.message import Message, say

__all__ = ["problem_message", "problem_record"]


def problem_message(problem: Any) -> Message:
    """``problem`` (a :class:`archon.formats.workbook.problems.CheckedProblem`
    or :class:`archon.formats.workbook.reader.ReadProblem`: ``where``,
    ``message`` and perhaps ``advice``; as messages, ``said`` and
    ``advice_said``, where it has them) as a message: "Round 1!E5: what is
    wrong — what to do"."""
    what = getattr(problem, "said", None) or getattr(problem, "message", None)
    if what is None:
        return say("text", text=str(problem))
    where = getattr(problem, "where", "")
    advice = getattr(problem, "advice_said", None) or getattr(problem, "advice", "")
    if advice and where:
        return say("api.problem_advised", where=where, what=what, advice=advice)
    if advice:
        return say("api.problem_advised_nowhere", what=what, advice=advice)
    return say("api.problem", where=where, what=what) if where else say("api.problem_nowhere", what=what)


def problem_record(problem: Any, render) -> dict:
    """``problem.as_dict()`` (``where``, ``severity``, ``message``, ``advice``...)
    with its ``message`` and ``advice`` rendered by ``render`` (a shell's
    :meth:`~archon.words.render.Renderer.render`) where the problem has them
    as messages (``said``, ``advice_said``)."""
    out = problem.as_dict()
    for key, attribute in (("message", "said"), ("advice", "advice_said")):
        said = getattr(problem, attribute, None)
        if isinstance(said, Message):
            out[key] = render(said)
    return out
