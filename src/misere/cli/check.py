"""``misere check``: prove a certificate file (or the stored one of a code) from the rules alone."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from misere.errors import MisereError

from .runner import emit

if TYPE_CHECKING:
    import typer

__all__ = ["register", "check_command"]


def _from_census(code: str, store: str) -> tuple[object, str, dict]:
    """The certificate of ``code``'s ``infinite`` record in a census store, and what it adds:
    when the record is another code's (``same_game``), that the two codes are still the same
    game to the heap the proof needs (recomputed here, :mod:`misere.impartial.heap_forms`)."""
    import io

    from misere.impartial.heap_forms import same_game_to
    from misere.impartial.octal import octal_game
    from misere.quotients.census import Store

    with Store(store, create=False) as st:
        rec = st.get(code)
    if rec is None or rec["status"] != "infinite" or not rec.get("proof"):
        status = "no record" if rec is None else f"status {rec['status']}"
        raise MisereError(f"{store} holds no infinite certificate for {code!r} ({status})")
    extra: dict = {"store": store}
    twin = rec.get("same_game")
    if twin:
        need = rec["last_heap"] + 1
        m = same_game_to(octal_game(code), octal_game(twin["code"]), need)
        if m < need:
            raise MisereError(f"{code} and {twin['code']} are the same game only to heap {m}, "
                              f"not {need}: the stored record does not answer {code}")
        extra["same_game"] = {"code": twin["code"], "heap": need, "checked": True}
    return io.BytesIO(rec["proof"]), f"{store}:{code}", extra


def check_command(target: str, as_json: bool = False, store: str | None = None) -> None:
    """The body of ``misere check``: ``target`` is a certificate file (``.npz``), a code whose
    stored certificate is checked (:mod:`misere.quotients.infinite`), or with ``store`` a code
    whose census record is ``infinite``."""
    from pathlib import Path

    from misere.budget import Progress
    from misere.quotients.infinite.proof import load_claim, prove
    from misere.quotients.infinite.store import known_infinite

    extra: dict = {}
    path: object = Path(target)
    if store is not None:
        path, name, extra = _from_census(target, store)
    elif not path.exists():  # type: ignore[attr-defined]
        known = known_infinite(target)
        if known is None:
            raise MisereError(f"{target!r} is neither a file nor a code with a stored certificate")
        path = known.path
        if known.same_game:  # confirmed on the forms when it was found (infinite.store)
            extra["same_game"] = {"code": known.source, "heap": known.heap, "checked": True}
        elif known.source != known.code:
            extra["shift"] = {"code": known.source, "heaps": known.shift}
    elif path.is_dir():  # type: ignore[attr-defined]
        raise MisereError(f"{target!r} is a folder, not a certificate file")
    if store is None:
        name = str(path)
    claim = load_claim(path)
    with Progress(f"check {Path(name).name}") as bar:
        proof = prove(claim, f"file {name}", tick=lambda line: bar.update(step=line))
    d = proof.as_dict()
    d["file"] = name
    d.update(extra)
    if proof.check.ok:
        d["check"] = {"fine_states": proof.check.states, "transition_pairs": proof.check.pairs,
                      "box": proof.check.box}
    else:
        d["check"] = {"refused": proof.check.reason}
    text = (f"{name}: {'proved' if proof.ok else 'NOT proved'}\n{proof.statement()}")
    if "same_game" in extra:
        text += (f"\n{target} is the same game as {extra['same_game']['code']} to heap "
                 f"{extra['same_game']['heap']} (canonical forms of the heaps, checked now)")
    elif "shift" in extra:
        text += (f"\nheap n of {target} is heap n{-extra['shift']['heaps']:+d} of "
                 f"{extra['shift']['code']} (chain of shifts, misere.impartial.octal.shifted_code)")
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
        store: Optional[str] = typer.Option(
            None, "--store", help="A census store: check the certificate of TARGET's infinite "
                                  "record there."),
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
        check_command(target, as_json, store)
