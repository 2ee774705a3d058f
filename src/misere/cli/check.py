"""``misere check``: prove a certificate file (or the stored one of a code) from the rules alone."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from misere.errors import MisereError

from .runner import emit

if TYPE_CHECKING:
    import typer

__all__ = ["register", "check_command"]


def check_command(target: str, as_json: bool = False) -> None:
    """The body of ``misere check``: ``target`` is a certificate file (``.npz``) or a code whose
    stored certificate is checked (:mod:`misere.quotients.infinite`)."""
    from pathlib import Path

    from misere.budget import Progress
    from misere.quotients.infinite.proof import load_claim, prove
    from misere.quotients.infinite.store import known_infinite

    path = Path(target)
    if not path.exists():
        known = known_infinite(target)
        if known is None:
            raise MisereError(f"{target!r} is neither a file nor a code with a stored certificate")
        path = known.path
    elif path.is_dir():
        raise MisereError(f"{target!r} is a folder, not a certificate file")
    claim = load_claim(path)
    with Progress(f"check {path.name}") as bar:
        proof = prove(claim, f"file {path}", tick=lambda line: bar.update(step=line))
    d = proof.as_dict()
    d["file"] = str(path)
    if proof.check.ok:
        d["check"] = {"fine_states": proof.check.states, "transition_pairs": proof.check.pairs,
                      "box": proof.check.box}
    else:
        d["check"] = {"refused": proof.check.reason}
    text = (f"{path}: {'proved' if proof.ok else 'NOT proved'}\n{proof.statement()}")
    emit(d, as_json, text)
    if not proof.ok:
        raise SystemExit(1)


def register(app: typer.Typer) -> None:
    """Add the ``check`` command to the ``misere`` app."""
    import typer

    from .common import JSON_OPTION, MEMORY_OPTION, QUIET_OPTION, TIMEOUT_OPTION, command

    @app.command()
    @command
    def check(
        target: str = typer.Argument(..., help="A certificate file (.npz), or a code with a stored "
                                               "certificate (0.07, grundy)."),
        as_json: bool = JSON_OPTION,
        timeout: Optional[float] = TIMEOUT_OPTION,
        max_memory: Optional[str] = MEMORY_OPTION,
        quiet: bool = QUIET_OPTION,
    ) -> None:
        """Prove that a partial quotient is infinite from a certificate file, from the rules alone.

        Checks the counter certificate (the outcome of every position as a table over coarse
        states of some heap counts and a finite monoid for the other heaps) by the outcome
        recursion, then tells every two powers of a counted heap apart. Exit 0 when proved,
        1 when the file is refused (it says which check failed).
        """
        check_command(target, as_json)
