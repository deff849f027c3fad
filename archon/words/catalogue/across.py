"""The English texts of the messages of archon.across (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # archive: files read or converted, and why one was not
    "archive.summary": ("{events:count:event|events} read, {failed:count:file|files} could not be read, "
                        "{duplicates:count:duplicate|duplicates} counted once, {skipped:count:other file|other files} "
                        "skipped"),
    "archive.failed": "could not read {path}: {reason}",
    "archive.duplicate": "duplicate: {path} is the same event as {same_as}",
    "archive.skipped": "skipped {path}: {reason}",
    "archive.listed": "{path}: {reason}",
    "archive.does_not_exist": "does not exist",
    "archive.special": "{kind}: not read",
    "archive.no_event_file": "a folder holding no event file (.xlsx, .ods, .xls, .json, .zip, CSV set)",
    "archive.not_an_event_file": "not an event file ({suffix})",
    "archive.not_an_event_file.no_extension": "not an event file (no extension)",
    "archive.bug": "archon could not read it ({error}: {text})",
    "archive.same_event": "the same event as another file",
    "archive.converted": "converted {path} -> {output}",
    "archive.not_converted": "could not convert {path}: {reason}",
    "archive.converted_once": "duplicate: {path} is the same event as {same_as} (converted once)",
    "archive.conversion_summary": ("{converted:count:event|events} converted, {failed:count:file|files} could not be, "
                                   "{duplicates:count:duplicate|duplicates} converted once, "
                                   "{skipped:count:other file|other files} skipped"),
    "archive.nothing_to_convert": "{folder} holds no event file to convert: {skipped:join:; }",
    "archive.stopped": "{stop} ({values:join:; })",
    # rating and league: what they refuse
    "across.none_read": "no event could be read: {lines:join:; }",
    "across.unknown_system": "rating system {value}: choose one of {systems:join:, }",
    "across.unknown_category": "category {value}: choose one of {categories:join:, }",
    "across.players_not_found": "VEKN number(s) {players:join:, }: in none of the events read",
    "across.not_a_date": "{option} {value}: expected a date, YYYY-MM-DD",
    "league.special": "{file} is {kind}, not a league file: give the path of a .toml file",
    "league.cannot_read": "{file}: cannot be read ({error})",
    "league.not_toml": "{file}: not a league file (TOML): {error}",
    "league.best_missing": "{best} N: how many results count (or give a league file, league.toml)",
    "league.best": "best = {value}: the number of results counted is a whole number, 1 or more",
    "league.points": "points = {value}: choose one of {points:join:, }",
    "league.dates": "the league starts ({start}) after it ends ({end})",
    "league.unknown_keys": "{file}: unknown {keys:plural:key|keys} {keys:join:, }: expected {known:join:, }",
    "league.no_best": "{file}: 'best' is missing: how many results count (best = 3)",
    "league.events": '{file}: \'events\' is a list of files or folders (events = ["winter/"])',
    "league.date": "{file}: {key} = {value}: expected a date, YYYY-MM-DD",
}
