"""The English texts of the deck lists' messages: archon.rules.decks,
archon.formats.decklists and cards_build, archon.eventday.decks,
archon.api.deck_lists and their commands and console (see :mod:`archon.words.catalogue`)."""

TEXTS: dict = {
    # construction rules (archon.rules.decks)
    "decks.crypt_too_small": "the crypt has {n:count:card|cards}: at least {least} are needed",
    "decks.library_too_small": "the library has {n:count:card|cards}: at least {least} are needed",
    "decks.library_too_large": "the library has {n:count:card|cards}: at most {most} are allowed",
    "decks.unknown_card": "{card}: not a card of the card list (a typing mistake?)",
    "decks.library_in_crypt": "{card}: a library card, listed in the crypt",
    "decks.crypt_in_library": "{card}: a crypt card, listed in the library",
    "decks.banned": "{card}: banned since {year}",
    "decks.too_many_groups": "the crypt's vampires are of {n:count:group|groups} {groups:join:-}: at most two "
                             "consecutive groups are allowed",
    "decks.groups_not_consecutive": "the crypt's groups {groups:join: and } are not consecutive",

    # reading a deck list (archon.formats.decklists)
    "decks.text_too_long": "this deck list is longer than {most} characters: is it the right file?",
    "decks.nothing_read": "no card found in this deck list: give one card a line, \"3x Name\" or \"3 Name\"",
    "decks.line_not_read": "line {line} not read: {text}",

    # the card list (archon.formats.cards_build)
    "decks.cards_unreadable": "cannot read {file}: {error}",
    "decks.cards_not_csv": "{file} is not one of the VEKN's card list files (vtescrypt.csv, vteslib.csv)",
    "decks.cards_missing_file": "give both files of the VEKN's card list: {missing} is missing",
    "decks.card_list_damaged": "the card list {file} is damaged: update it again from the VEKN's files, or "
                               "delete it to use the one archon ships",
    "decks.no_data_folder": "there is no home folder to keep the card list in: set ARCHON_DATA_DIR",

    # a deck with the event (archon.eventday.decks, archon.formats.workbook.deck_records)
    "decks.recorded": "{player}'s deck list recorded: {crypt:count:crypt card|crypt cards}, "
                      "{library:count:library card|library cards}",
    "decks.replaced": "{player}'s deck list replaced: {crypt:count:crypt card|crypt cards}, "
                      "{library:count:library card|library cards}",
    "decks.problem": "problem: {problem}",
    "decks.legal": "the deck list follows the construction rules",
    "decks.now_locked": "round 1 has started: {player}'s deck list is locked",
    "decks.locked": {"": "{player}'s deck list is locked: round 1 has started and a received deck list may not "
                         "be altered; the head judge can unlock it ({unlock})",
                     "cli": "{player}'s deck list is locked: round 1 has started and a received deck list may not "
                            "be altered; the head judge can unlock it ('{unlock}')"},
    "decks.unlocked": "{player}'s deck list is unlocked: the next deck list recorded replaces it and is locked",
    "decks.not_locked": "{player}'s deck list is not locked",
    "decks.none_recorded": "{player} has no deck list recorded: enter one first ({enter})",
    "decks.record_unreadable": "a deck list archon recorded cannot be read: {value}",
    "decks.text_or_unlock": "give a deck list (a file, or - to read it from standard input), or {unlock}",
    "decks.export_failed": "cannot write {out}: {error}",

    # the players' form (archon.web.decks)
    "decks.code_unknown": "this code is not a player's personal code: check it, or ask the organizer",
    "decks.closed_for_players": "round 1 has started: deck lists are no longer handed in here; see the organizer",

    # the commands (archon.cli.decks)
    "decks.listed": "{player}: {crypt:count:crypt card|crypt cards}, {library:count:library card|library cards}"
                    "{locked}",
    "decks.listed_locked": " (locked)",
    "decks.listed_none": "{player}: no deck list",
    "decks.summary": "{with_deck:count:deck list|deck lists} of {players:count:player|players}, "
                     "{with_problems} with problems",
    "decks.exported": "{n:count:deck list|deck lists} written to {out}",
    "decks.cards_updated": "{n:count:card|cards} read: archon now checks deck lists against {path}",

    "contract.deck.summary": "Record a player's deck list, or unlock a locked one.",
    "contract.deck.does":
        "PLAYER is a player number, a VEKN number or a unique part of a name; DECK is a text file (- reads "
        "standard input) in any common format: Amaranth and VDB exports, the TWD or JOL text, Lackey's "
        "tab-separated deck, a \"count name\" list with or without Crypt and Library headings. archon counts "
        "the crypt and the library and checks the construction rules (a crypt of 12 cards or more, a library of "
        "60 to 90, crypt groups at most two consecutive) and, with the card list, card names and banned cards; "
        "each problem is said, and the deck is recorded all the same, in the workbook's document properties. "
        "Once round 1 is seated a recorded deck list is locked; {unlock} (the head judge) allows one new list.",
    "contract.deck.exits":
        "Exit status: 0 when recorded or unlocked; 1 when the deck list is locked; 2 when FILE or DECK cannot "
        "be read, no card is found in DECK, or no player or several fit PLAYER; 3 when FILE cannot be written.",
    "contract.decks.summary": "List the players' deck lists with their counts and problems.",
    "contract.decks.does":
        "Each registered player in number order: the crypt and library counts, locked or not, and every "
        "problem of the deck list. {export} writes every deck list at once, a text file a player, to a folder "
        "or a .zip file.",
    "contract.decks.exits": "Exit status: 0; 2 when FILE cannot be read or the export cannot be written.",
    "contract.cards.summary": "Update the card list deck lists are checked against.",
    "contract.cards.does":
        "update reads the VEKN's card list, vtescrypt.csv and vteslib.csv (vekn.net's downloads), and keeps "
        "its facts (names, crypt or library, groups, capacities, banned cards) in the user's data folder, "
        "where archon reads them instead of the list it ships.",
    "contract.cards.exits": "Exit status: 0 when updated; 2 when a file cannot be read or is not one of those.",
}
