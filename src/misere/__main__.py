"""``python -m misere``: the ``misere`` command line."""
from misere.cli.app import main

if __name__ == "__main__":
    main()
