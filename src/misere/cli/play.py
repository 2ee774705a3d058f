"""``misere play``: outcome and winning moves of a position, answered from the theory first.

* Rulesets (``nim``, ``partizan-kayles``, ``penny-nim``, ...): the ruleset's own ``outcome`` and
  ``winning_moves``, which use the proved rule where there is one (Bouton; 000 Thm 4.4 checked
  against the computed quotient; 001 Thm 3.5.6) for any sizes, and search otherwise.
* Heap games (octal codes, ``pascal-beans[:ROWS]``): the misère quotient (Plambeck 002 §9),
  computed with a doubling heap bound until it is certified periodic (then any heap is answered
  through the period) or reaches the largest heap present, under the ``--timeout`` /
  ``--max-memory`` budget. Heaps beyond the periodicity horizon of an unsolved quotient are
  refused in one line. A heap of the first partial quotient proved infinite (Dawson's Kayles:
  heap 34) is answered from its certificate (:mod:`misere.quotients.infinite`). Without
  ``--timeout`` a heap past the known range of an open quotient (:data:`OPEN_QUOTIENTS`) is
  refused before computing, and any
  other code gets each bound past heap :data:`FIRST_BOUND` for :data:`SPECULATIVE_S` seconds
  (with progress) before it is refused; both ask for ``--timeout``, under which the doubling
  goes on and stops at the budget (exit 3). Partial quotients can grow without bound: Grundy's
  game takes minutes for heap 32.
"""
from __future__ import annotations

import contextlib
from typing import Any, List, Optional

import typer

from misere.errors import (BudgetExceededError, ComputationLimitError, InvalidArgumentError, RulesetError,
                           VerificationError)

from .common import JSON_OPTION, MEMORY_OPTION, QUIET_OPTION, TIMEOUT_OPTION, command, emit, keeping
from .play_checks import check_options

__all__ = ["register", "ruleset_data", "normal_data", "heap_data", "HORIZON", "help_text"]

#: an unsolved quotient is computed at most this far (the solver's own periodicity horizon)
HORIZON = 1000
#: first heap bound of the doubling search for a certified period
FIRST_BOUND = 16
#: without --timeout, a heap bound past the known range is tried for at most this many seconds
SPECULATIVE_S = 10.0
#: heap games whose quotient is known not to be certified periodic as far as it was computed:
#: name -> (the last heap of the known partial quotients, what is known)
OPEN_QUOTIENTS: dict[str, tuple[int, str]] = {}
#: winning moves of heaps with more options than this are not searched (outcome still given)
MAX_OPTIONS = 2_000_000


def help_text() -> str:
    """Help of ``misere play``: the position format of every ruleset, from the rulesets."""
    from misere.rulesets.registry import RULESETS
    rows = ["OCTAL CODE (or a name: kayles, dawsons-kayles, grundy, pascal-beans[:ROWS], S(1,3,4)): heap sizes as "
            "separate arguments", "    e.g. misere play 0.123 5 7 9"]
    for r in RULESETS:
        rows += [f"{r.name}: {r.syntax}", f"    e.g. misere play {r.name} '{getattr(r, 'example', '')}'"]
    return ("Misère outcome of a position and winning moves, from the theory first (rules, "
            "periodic quotients), else by search. A heap past the range where a quotient is known "
            "(not certified periodic) needs --timeout.\n\n"
            "RULESET is a ruleset name or an octal code; POSITION is one argument in its format. "
            "With --interactive you play the position against the machine (type 'moves', 'hint', "
            "'quit'; Ctrl-C ends the game).\n\n\b\n"
            + "\n".join(rows))


def _method(r: Any) -> str:
    name = getattr(r, "rule_name", None)
    return f"rule: {name}" if name else r.search


def _read(r: Any, position: str) -> tuple[list[Any], str, dict[str, Any], str]:
    """Components, their text, the JSON fields saying which position was read, and the text
    line's suffix (a sum of several components says so)."""
    comps = r.components(position)
    text = r.format(comps)
    note = f"  [read as a sum of {len(comps)} components]" if len(comps) > 1 else ""
    return comps, text, {"ruleset": r.name, "position": text, "components": len(comps)}, note


def ruleset_data(r: Any, position: str, play_rule: str = "misere") -> tuple[dict[str, Any], str]:
    """JSON data and text for a position of the partizan ruleset ``r``: the misère outcome and
    winning moves (and the normal-play outcome when ``play_rule`` is ``"both"``), each kept
    when a budget stop or Ctrl-C comes before the next (:func:`~misere.cli.play_checks.keeping`)."""
    comps, text, data, note = _read(r, position)
    steps = ("outcome", "winning_moves") + (("normal_outcome",) if play_rule == "both" else ())
    with keeping(data, steps):
        o = r.outcome(comps)
        method = _method(r)
        if hasattr(r, "quotient_outcome"):  # Partizan Kayles: the computed quotient must agree
            if r.quotient_outcome(comps) != o:
                raise VerificationError(f"quotient and {r.rule_name} disagree on {text!r}: please report")
            method += "; agrees with the computed quotient <a,b | ab=1> (000 Thm 3.2 reduction)"
        data.update({"outcome": o.value, "method": method, "left_first": "Left" if o.left_first else "Right",
                     "right_first": "Right" if o.right_first else "Left"})
        moves = r.winning_moves(comps)
        data["winning_moves"] = {p: [m.to_dict() for m in ms] for p, ms in moves.items()}
        if play_rule == "both":
            normal = r.normal_outcome(comps)
            data["normal_outcome"] = getattr(normal, "value", normal)
    lines = [f"{r.name} {text}: outcome {o.value}  ({method}){note}"]
    # an impartial ruleset: both players have the same moves, one line for the player to move
    for p in ("Left",) if getattr(r, "impartial", False) else ("Left", "Right"):
        ms = moves.get(p, [])
        if not (o.left_first if p == "Left" else o.right_first):
            how = "loses"
        elif ms:
            how = f"wins by {_move_text(ms[0])} -> {ms[0].result}" + (f"  ({len(ms)} winning moves)" if len(ms) > 1 else "")
        else:
            how = "wins: no move available (misère)"
        lines.append(f"{'the player to move' if getattr(r, 'impartial', False) else p + ' moving first'}: {how}")
    if play_rule == "both":
        lines.append(f"normal play: {data['normal_outcome']}")
    if hasattr(r, "play_notes"):  # board rulesets: normal play, Grundy values, quotient cross-checks
        notes = r.play_notes(comps, o); data.update(notes); lines += [f"{k.replace('_', ' ')}: {v}" for k, v in notes.items()]
    return data, "\n".join(lines)


def _move_text(m: Any) -> str:
    """A move as players write it where the ruleset has a notation (with the ruleset's own
    description after it), else the description."""
    if getattr(m, "notation", None) is None:
        return m.label
    return m.notation + (f" {m.corner}" if m.corner else "") + f"  ({m.label})"


def normal_data(r: Any, position: str) -> tuple[dict[str, Any], str]:
    """JSON data and text of the normal-play outcome of a position of the ruleset ``r``
    (``misere play RULESET POSITION --play normal``)."""
    comps, text, data, note = _read(r, position)
    data["play"] = "normal"
    with keeping(data, ("outcome",)):
        o = r.normal_outcome(comps)
        o = getattr(o, "value", o)
    method = getattr(r, "normal_search", None) or _method(r)
    data.update({"outcome": o, "method": method})
    if getattr(r, "store_note", None) is not None:
        data["store"] = r.store_note
    lines = [f"{r.name} {text}: normal-play outcome {o}  ({method}){note}"] + [
        f"store: {data['store']}"] * ("store" in data)
    return data, "\n".join(lines)


def _sizes(heaps: List[str]) -> list[int]:
    out = []
    for h in (t for arg in heaps for t in arg.replace(",", " ").split()):
        if not (h.isascii() and h.isdigit()):
            raise RulesetError(f"heap sizes must be non-negative integers, got {h!r}")
        if len(h) > 4000:
            raise RulesetError(f"heap size {h[:12]}... has {len(h)} digits (at most 4000)")
        out.append(int(h))
    return out


def _quotient(game: Any, largest: int, max_heap: Optional[int]) -> Any:
    """The quotient answering heaps up to ``largest``: doubling bounds until it is certified
    periodic or covers ``largest`` (or exactly ``max_heap`` when given)."""
    import misere.quotients as mq
    from misere.budget import Progress, current, limits

    from misere.quotients.infinite.store import known_infinite

    finite = getattr(game, "max_heap", None)
    if max_heap is not None:
        return mq.quotient(game, max_heap=max_heap, certify=0)
    proved = known_infinite(game.name)
    if proved is not None and largest > proved.heap:  # refused before any work
        raise ComputationLimitError(
            f"heap {largest} of {game.name} lies beyond the range answered here: Q_{proved.heap} is "
            f"infinite (stored proof: misere check {proved.source}), so no finite quotient reaches "
            f"it; positions with heaps <= {proved.heap} are answered")
    if proved is not None and largest == proved.heap:  # Q_(n-1) and the proof that Q_n is infinite
        q = mq.quotient(game, max_heap=proved.heap, certify=0)
        if q.infinite is not None:
            return q
    target = min(largest, HORIZON) if finite is None else min(largest, finite)
    known, what = OPEN_QUOTIENTS.get(_canonical_name(game.name), (FIRST_BOUND, ""))
    if what and target > known:
        _ask_for_timeout(game.name, largest, known, what)
    bound = min(FIRST_BOUND, target) if target else 1
    q = None
    with Progress("play: quotient") as bar:
        while True:
            bar.update(heap_bound=bound)
            # past the known range and without --timeout, a bound is only tried for SPECULATIVE_S
            trial = bound > known and current().timeout is None
            try:
                with limits(timeout=SPECULATIVE_S) if trial else contextlib.nullcontext():
                    q = mq.quotient(game, max_heap=bound, certify=0)
                if q.solved or bound >= target:
                    break
                current().check(force=True)  # between bounds: the clock, not only the counter
            except BudgetExceededError as e:
                if trial and e.kind == "time" and q is not None:
                    _ask_for_timeout(game.name, largest, q.max_heap,
                                     f"its quotient is not certified periodic by heap {q.max_heap} "
                                     f"(|Q| = {q.order}) and partial quotients to heap {bound} did not "
                                     f"finish in {SPECULATIVE_S:g} s")
                e.partial.update({"game": game.name, "heap_bound": bound, "largest_heap": largest,
                                  "certified_periodic": False})
                raise
            bound = min(2 * bound, target)
    if largest > q.max_heap and not q.solved and q.infinite is not None \
            and largest <= q.infinite["infinite_from_heap"]:
        return q  # Q_n is proved infinite: heaps <= n are answered by its certificate
    if largest > q.max_heap and not q.solved:
        raise ComputationLimitError(
            f"heap {largest} of {q.game.name}: the quotient is not certified periodic by heap "
            f"{q.max_heap} (|Q| = {q.order}) and partial quotients up to heap {largest} are out of "
            f"reach; give heaps <= {q.max_heap}")
    return q


def _canonical_name(name: str) -> str:
    """``.07`` and ``0.070`` are ``0.07``."""
    name = "0" + name if name.startswith(".") else name
    return name.rstrip("0") if "." in name and not name.endswith(".0") else name


def _ask_for_timeout(name: str, largest: int, known: int, what: str) -> None:
    """Refuse, before computing, a heap past the known range of a quotient when no ``--timeout``
    bounds the attempt (with one, the doubling goes on and stops at the budget, exit 3)."""
    from misere.budget import current

    if current().timeout is None:
        raise ComputationLimitError(
            f"heap {largest} of {name} lies beyond the range known here: {what}; computing that far "
            f"may not finish: give --timeout SECONDS to try (it stops with what it established), "
            f"or heaps <= {known}")


def _options_count(game: Any, sizes: list[int]) -> int:
    parts = (getattr(game, "periodicity", None) or (0, 1))[1]
    return sum(h ** max(parts - 1, 1) for h in set(sizes))


def heap_data(code: str, sizes: list[int], max_heap: Optional[int]) -> tuple[dict[str, Any], str]:
    """JSON data and text for a sum of heaps of a heap game (octal code or Pascal's Beans)."""
    import misere.quotients as mq

    from .quotient import resolve_game

    spec = resolve_game(code)
    game = mq.octal_game(spec) if isinstance(spec, str) else spec
    q = _quotient(game, max(sizes, default=0), max_heap)
    if max(sizes, default=0) > q.max_heap and q.infinite is not None and not q.solved:
        return _certified_data(q, sizes)
    out = q.outcome(sizes)
    d: dict[str, Any] = {"game": q.game.name, "heaps": sizes, "outcome": out,
                         "value": q.pres.word(q.element(sizes)), "solved": q.solved,
                         "heaps_computed": q.max_heap, "period": q.period, "preperiod": q.preperiod}
    text = f"{out}  (value {d['value']})"
    if out == "P":
        d["move"] = None
    elif _options_count(game, sizes) > MAX_OPTIONS:
        d["move"] = None
        d["move_note"] = f"not searched: the heaps have about {_options_count(game, sizes)} options"
        text += f"; winning move {d['move_note']}"
    else:
        mv = q.winning_move(sizes)
        d["move"] = None if mv is None else {"heap": mv.heap, "to": list(mv.to), "position": list(mv.position)}
        if mv is not None:
            text += f"; winning move: {mv.heap} -> {' + '.join(map(str, mv.to)) or 'nothing'}" \
                    f"  leaving {' + '.join(map(str, mv.position)) or 'nothing'}"
    return d, text


def _certified_data(q: Any, sizes: list[int]) -> tuple[dict[str, Any], str]:
    """A position with a heap of the first infinite partial quotient ``Q_n``: its outcome (and a
    winning move) from the certificate that proves ``Q_n`` infinite (no element to name)."""
    fact, proof = q.infinite, q.infinite_proof
    shift = fact["infinite_from_heap"] - proof.heap
    try:
        out = proof.outcome(sizes, shift)
    except ValueError as e:
        raise ComputationLimitError(f"heap {max(sizes)} of {q.game.name}: Q_{fact['infinite_from_heap']} "
                                    f"is infinite and this position lies outside its certificate's "
                                    f"domain ({e})") from None
    d: dict[str, Any] = {"game": q.game.name, "heaps": sizes, "outcome": out, "value": None,
                         "solved": False, "heaps_computed": q.max_heap, "period": None,
                         "preperiod": None, "infinite": fact,
                         "method": f"counter certificate of Q_{fact['infinite_from_heap']} (misere check "
                                   f"{proof.code})"}
    text = f"{out}  (from the certificate proving Q_{fact['infinite_from_heap']} infinite)"
    mv = proof.winning_move(sizes, shift) if out == "N" else None
    d["move"] = None if mv is None else {"heap": mv[0], "to": list(mv[1])}
    if mv is not None:
        text += f"; winning move: {mv[0]} -> {' + '.join(map(str, mv[1])) or 'nothing'}"
    return d, text


def register(app: typer.Typer) -> None:
    """Add the ``play`` command to the ``misere`` app."""

    @app.command(help=help_text())
    @command
    def play(
        code: str = typer.Argument(..., metavar="RULESET", help="Ruleset name, octal code or pascal-beans[:ROWS]."),
        heaps: List[str] = typer.Argument(..., metavar="POSITION...", help="Heap sizes, or a ruleset position "
                                          "(see the table above)."),
        max_heap: Optional[int] = typer.Option(None, "--max-heap", min=0,
                                               help="Use exactly the partial quotient up to this heap."),
        interactive: bool = typer.Option(False, "--interactive", "-i",
                                         help="Play the position against perfect strategy."),
        moves: Optional[str] = typer.Option(None, "--moves", metavar="MOVES",
                                            help="Play these moves (';'-separated) against the machine, "
                                                 "as --interactive would read them."),
        side: Optional[str] = typer.Option(None, "--as", metavar="SIDE",
                                           help="Your side in interactive play of a partizan ruleset: Left "
                                                "(the default) or Right."),
        machine_first: bool = typer.Option(False, "--machine-first", help="The machine moves first."),
        svg: Optional[str] = typer.Option(None, "--svg", metavar="FILE",
                                          help="Draw the position, spots numbered, with the winning move drawn in "
                                               "(sprouts; .svg, or .png with the optional converter)."),
        play_rule: str = typer.Option("misere", "--play", metavar="PLAY",
                                      help="misere (the default), normal (the outcome in normal play: last "
                                           "player to move wins) or both, for rulesets that have a normal-play "
                                           "search (sprouts)."),
        plain: bool = typer.Option(False, "--plain",
                                   help="Misère Sprouts: the plain search instead of reduced canonical trees "
                                        "(the same answers; for comparing the two searches)."),
        timeout: Optional[float] = TIMEOUT_OPTION,
        max_memory: Optional[str] = MEMORY_OPTION,
        quiet: bool = QUIET_OPTION,
        as_json: bool = JSON_OPTION,
    ) -> None:
        from misere.errors import MisereError
        from misere.rulesets.registry import find_ruleset
        try:
            r = find_ruleset(code)
        except MisereError:
            r = None
        check_options(r, code, " ".join(heaps), max_heap=max_heap, interactive=interactive, moves=moves,
                      side=side, machine_first=machine_first, play_rule=play_rule, svg=svg, plain=plain)
        if plain:
            r.use_trees(False)
        try:
            _answer(r, code, heaps, max_heap, interactive, moves, side, machine_first, svg, play_rule, as_json)
        finally:
            if plain:   # the ruleset is shared by the process: back to the trees
                r.use_trees(True)


def _answer(r: Any, code: str, heaps: List[str], max_heap: Optional[int], interactive: bool, moves: Optional[str],
            side: Optional[str], machine_first: bool, svg: Optional[str], play_rule: str, as_json: bool) -> None:
    """What ``misere play`` prints, its options checked."""
    if play_rule == "normal":
        data, text = normal_data(r, " ".join(heaps))
        emit(data, as_json, text)
        return
    if interactive or moves is not None:
        if as_json:
            raise InvalidArgumentError("interactive play has no JSON form: drop --json")
        _interactive(r, code, heaps, max_heap, moves, side, machine_first)
        return
    if r is not None:
        data, text = ruleset_data(r, " ".join(heaps), play_rule)
        if svg is not None:
            from pathlib import Path

            from misere.viz.output import write_picture

            write_picture(Path(svg), lambda: r.winning_svg(" ".join(heaps)))
            data["svg"] = svg
            text += f"\npicture: {svg}"
    else:
        data, text = heap_data(code, _sizes(heaps), max_heap)
    emit(data, as_json, text)


def _interactive(r: Any, code: str, heaps: List[str], max_heap: Optional[int], moves: Optional[str],
                 side: Optional[str], machine_first: bool) -> None:
    """Run :func:`misere.cli.interactive.play_session` on a terminal or on scripted moves."""
    from .interactive import HeapArena, arena_for, play_session, scripted

    if r is not None:
        you = {"left": "Left", "l": "Left", "right": "Right", "r": "Right"}.get((side or "Left").strip().lower())
        if you is None:
            raise InvalidArgumentError(f"--as takes Left or Right, got {side!r}")
        arena: Any = arena_for(r, " ".join(heaps))
        me = "Right" if you == "Left" else "Left"
        if not arena.partizan:  # impartial: both have the same moves
            you, me = "you", "the machine"
    else:
        from .quotient import resolve_game
        import misere.quotients as mq

        spec = resolve_game(code)
        game = mq.octal_game(spec) if isinstance(spec, str) else spec
        sizes = _sizes(heaps)
        arena = HeapArena(_quotient(game, max(sizes, default=0), max_heap), sizes)
        you, me = "you", "the machine"
    if moves is not None:
        lines = scripted(moves)

        def read(prompt: str) -> Optional[str]:
            line = next(lines, None)
            typer.echo(prompt + ("(end of the scripted moves)" if line is None else line))
            return line
    else:
        def read(prompt: str) -> Optional[str]:
            try:
                return input(prompt)
            except EOFError:
                typer.echo()
                return None
    def say(line: str) -> None:
        if moves is not None and line.startswith("not a move: "):  # a script stops at its first bad move
            raise InvalidArgumentError(f"--moves: {line[len('not a move: '):]}")
        typer.echo(line)

    try:
        play_session(arena, you=you, me=me, you_first=not machine_first, read=read, say=say)
    except KeyboardInterrupt:
        typer.echo("\nGame abandoned.")
        raise typer.Exit(130) from None
