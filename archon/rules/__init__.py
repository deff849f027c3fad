"""The rules, as pure functions over plain data: the event model, the rule
editions, legal table results, standings and the checks of an event.

Nothing here reads a file or knows a shell; it imports only :mod:`archon.words`
and :mod:`archon.exits`."""
