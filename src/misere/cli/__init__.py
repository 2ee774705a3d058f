"""The ``misere`` command line (typer). Each module registers its commands on the one app."""
