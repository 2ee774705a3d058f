"""``misere quotient``: misère quotient of a take-and-break code, a board game or explicit games."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from misere.errors import BudgetExceededError, ComputationLimitError, MisereError, RulesetError

from .runner import emit, keeping

if TYPE_CHECKING:
    import typer

__all__ = ["register", "resolve_game", "quotient_command"]


def resolve_game(spec: str):
    """Ruleset from a command-line spec (:func:`misere.quotients.resolve_game`, the API's)."""
    from misere.quotients import resolve_game as resolve

    return resolve(spec)


def _yes(flag: object) -> str:
    return "yes" if flag else "no"


def _history(d: dict) -> list[str]:
    lines = []
    for r in d["history"]:
        lines.append(f"-- changed at heap {r['heap']} --")
        lines.append(f"Size {r['order']}: " + (r["tame"] or r["presentation"]))
        lines.append("P = {" + ",".join(r["P"]) + "}")
        lines.append("Phi = " + " ".join(r["phi"]))
    return lines


def _text(d: dict, history: bool = False) -> str:
    """Plain output: the answer first, then how it was established (history on request)."""
    cert = d["certificate"]
    none = "n/a (finite game)" if d["solved"] and d["period"] is None else "none certified"
    period = (f"{d['period']}  (preperiod {d['preperiod']})" if d["period"] is not None else none)
    normal = d["normal"]
    nperiod = (f"{normal['period']}  (preperiod {normal['preperiod']})"
               if normal["period"] is not None else none)
    lines = [
        f"Quotient order : {d['order']}  ({d['p_count']} P-positions)",
        f"Presentation   : {d['presentation']}",
        "P              : {" + ",".join(d["P"]) + "}",
        "Phi            : " + " ".join(d["phi"]),
        f"Misere period  : {period}",
        f"Normal period  : {nperiod}",
        f"Heaps computed : {d['max_heap']}   solved: {_yes(d['solved'])}   tame: {d['tame'] or 'no'}",
        f"Last tame heap : {d['last_tame_heap']}",
        f"Game           : {d['game']}",
    ]
    if d.get("labels") and len(d["labels"]) <= 40:
        lines.append("Heaps          : " + ", ".join(f"{i}={lab}" for i, lab in enumerate(d["labels"])))
    if cert:
        lines.append(f"Certificate    : brute force on {cert['positions']} positions of total "
                     f"{cert['weight']} <= {cert['bound']}: "
                     + ("agreed" if cert["agreed"] else f"MISMATCH at {cert['mismatch']}"))
    if history:
        lines += ["", f"History ({len(d['history'])} changes):"] + _history(d)
    elif d["history"]:
        lines.append(f"History        : {len(d['history'])} changes (--history shows them)")
    return "\n".join(lines)


def _picture_format(path: str) -> str:
    """The format of a Cayley graph file (``svg`` or ``dot``), checked with its folder before any work."""
    from pathlib import Path

    from ..viz.output import check_writable

    fmt = {".svg": "svg", ".dot": "dot", ".gv": "dot"}.get(Path(path).suffix.lower())
    if fmt is None:
        raise RulesetError(f"cannot write a Cayley graph to {path!r}: use a .svg or .dot file name")
    check_writable(Path(path))
    return fmt


def _write_picture(q, path: str) -> None:
    """Write the Cayley graph as SVG or Graphviz text, chosen by the file name."""
    from pathlib import Path

    fmt = _picture_format(path)
    try:
        Path(path).write_text(q.cayley(fmt))
    except OSError as exc:
        raise MisereError(f"cannot write {path!r}: {exc.strerror or exc}") from None


def _run(code, games, max_heap, certify, checkpoint, limits, stored=True):
    """The quotient; a size bound hit on the way is reported like a budget (exit 3)."""
    import misere.quotients as mq

    try:
        if games is not None:
            return mq.quotient(games=games, max_heap=max_heap, certify=certify,
                               checkpoint=checkpoint, limits=limits)
        return mq.quotient(code, max_heap=max_heap, certify=certify,
                           checkpoint=checkpoint, limits=limits, stored=stored)
    except (BudgetExceededError, KeyboardInterrupt) as exc:
        partial = getattr(exc, "partial", None)
        if not partial:  # stopped before the engine started (imports, theory): heap 0 only
            heap0 = {"game": code if games is None else "games", "status": "unsolved", "last_heap": 0}
            if isinstance(partial, dict):
                partial.update(heap0)
            else:
                exc.partial = heap0  # type: ignore[union-attr]
        raise
    except ComputationLimitError as exc:
        partial = getattr(exc, "partial", None)
        if isinstance(partial, dict):
            raise BudgetExceededError("size", str(exc), partial) from None
        raise


def _certificate_target(path: str) -> None:
    """Refuse an output file for ``--certificate`` before any computation: a ``.npz`` name in
    a folder that exists."""
    from pathlib import Path

    target = Path(path)
    if target.suffix.lower() != ".npz":
        raise RulesetError(f"cannot write a certificate to {path!r}: use a .npz file name")
    if not target.parent.is_dir():
        raise MisereError(f"cannot write {path!r}: no folder {str(target.parent)!r}")
    if target.is_dir():
        raise MisereError(f"cannot write {path!r}: it is a folder")


def _write_certificate(q, path: str) -> str:
    """Write the certificate of ``q``'s proof that the next quotient is infinite."""
    from misere.quotients.infinite import save_proof

    if q.infinite_proof is None:
        raise MisereError(f"no certificate to write to {path!r}: the quotient to heap "
                          f"{q.max_heap} was not found to be followed by an infinite one")
    try:
        save_proof(q.infinite_proof, path)
    except OSError as exc:
        raise MisereError(f"cannot write {path!r}: {exc.strerror or exc}") from None
    return path


def quotient_command(code: Optional[str] = None, games: Optional[str] = None, max_heap: Optional[int] = None,
                     checkpoint: Optional[str] = None, certify: Optional[int] = None, max_size: Optional[int] = None,
                     max_order: Optional[int] = None, max_rounds: Optional[int] = None, cayley: Optional[str] = None,
                     partizan: bool = False, ruleset: Optional[str] = None, history: bool = False,
                     as_json: bool = False, certificate: Optional[str] = None,
                     stored: bool = True) -> None:
    """The body of ``misere quotient`` (its options, without the budget ones, which the caller
    installs: :func:`register`'s command, or the fast path of :mod:`misere.cli.entry`). The
    defaults are the command's."""
    import misere.quotients as mq

    if partizan or ruleset is not None:  # partizan quotients (issue 5, misere.cli.partizan)
        from .partizan import quotient_data
        pd, ptext = quotient_data(games, ruleset, 6 if max_size is None else max_size)
        emit(pd, as_json, ptext)
        return

    if (code is None) == (games is None):
        raise RulesetError("give a CODE or --games (not both)")
    if certificate is not None:
        _certificate_target(certificate)
    limits = mq.Limits()
    if max_size is not None:
        limits.max_candidate = max_size
    if max_order is not None:
        limits.max_order = max_order
    if max_rounds is not None:
        limits.max_rounds = max_rounds
    if cayley:
        _picture_format(cayley)  # a bad file name is refused before the computation
    q = _run(code, games, max_heap, certify, checkpoint, limits, stored)
    d = q.as_dict()
    if cayley:
        with keeping(d, ("cayley",)):  # a stop while drawing keeps the quotient
            _write_picture(q, cayley)
        d["cayley"] = cayley
    fact = d.get("infinite")
    if certificate is not None:
        d["certificate_file"] = _write_certificate(q, certificate)
    text = _text(d, history)
    if fact is not None:  # the engine stopped at the heap before a proved infinite quotient
        n = fact["infinite_from_heap"]
        text += (f"\n{'Heap ' + str(n):<15}: the quotient is infinite from heap {n} on (proved: "
                 f"{fact['proof']}; check: {fact['reproduce']}); above, the quotient to heap {n - 1}")
    if certificate is not None:
        text += f"\nCertificate    : {d['certificate_file']}"
    emit(d, as_json, text)


def register(app: typer.Typer) -> None:
    """Add the ``quotient`` command to the ``misere`` app."""
    import typer

    from .common import JSON_OPTION, MEMORY_OPTION, QUIET_OPTION, TIMEOUT_OPTION, command

    @app.command()
    @command
    def quotient(
        code: Optional[str] = typer.Argument(None, help="Octal code (0.123, 4.7), a named game (kayles, dawsons-kayles, dawsons-chess, grundy), S(1,3,4) or pascal-beans[:ROWS]."),
        games: Optional[str] = typer.Option(None, "--games", help="Explicit impartial games, e.g. '*2, {*2,*}'."),
        max_heap: Optional[int] = typer.Option(
            None, "--max-heap", min=0, help="Stop after this heap (default: when the quotient is certified "
                                            "periodic, at most heap 1000)."),
        checkpoint: Optional[str] = typer.Option(None, "--checkpoint", help="SQLite file to resume from / save to."),
        certify: Optional[int] = typer.Option(
            None, "--certify", min=0, help="Brute-force cross-check up to this total size (default 26 tokens "
                                           "or 4 components; 0 = skip)."),
        max_size: Optional[int] = typer.Option(
            None, "--max-size", min=1, help="Largest candidate monoid, in elements (default "
                                            "400000); with --ruleset the largest strip (default 6)."),
        max_order: Optional[int] = typer.Option(
            None, "--max-order", min=1, help="Largest reduced candidate (default 8000; "
                                             "above 1024 elements held as generator actions, "
                                             "4*generators+8 bytes each)."),
        max_rounds: Optional[int] = typer.Option(
            None, "--max-rounds", min=1, help="Recalibration rounds allowed at one heap (default "
                                              "200; Dawson's Kayles at heap 34 needs more)."),
        cayley: Optional[str] = typer.Option(None, "--cayley", help="Write the Cayley graph (.svg or .dot)."),
        certificate: Optional[str] = typer.Option(
            None, "--certificate", help="Write the certificate (.npz) proving the next partial "
                                        "quotient infinite; `misere check FILE` verifies it."),
        stored: bool = typer.Option(True, "--stored/--no-stored",
                                    help="Read stored certificates of infinite quotients (checked "
                                         "again when read); --no-stored: the engine finds "
                                         "any proof itself from its rounds."),
        partizan: bool = typer.Option(False, "--partizan", help="Partizan (tetrapartite) quotient of --games."),
        ruleset: Optional[str] = typer.Option(None, "--ruleset", help="Partizan ruleset (partizan-kayles); "
                                              "--max-size is then the largest strip."),
        history: bool = typer.Option(False, "--history", help="Also print every change of the partial quotient."),
        as_json: bool = JSON_OPTION,
        timeout: Optional[float] = TIMEOUT_OPTION,
        max_memory: Optional[str] = MEMORY_OPTION,
        quiet: bool = QUIET_OPTION,
    ) -> None:
        """Misère quotient, presentation, P-portion, pretending function and periodicity.

        Long runs print progress lines on stderr (--quiet: none). When --timeout, --max-memory
        or a size bound stops the run, what was established (last heap finished, partial
        quotient, "unsolved") is printed and the exit status is 3; with --checkpoint every
        finished heap is kept, and a rerun resumes exactly.
        """
        quotient_command(code, games, max_heap, checkpoint, certify, max_size, max_order, max_rounds, cayley,
                         partizan, ruleset, history, as_json, certificate, stored)
