"""``python -m archon.cli``: the ``archon`` command."""

from archon.cli import main

if __name__ == "__main__":
    main()
