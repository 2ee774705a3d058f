"""Misère quotients of impartial games (seed 002 §5-§9; notes D, E).

The public entry point is :func:`quotient`; :class:`Quotient` carries the order, P-portion,
presentation, pretending function, periodicity, the history of changes and the brute-force
certificate.
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Sequence
from math import comb
from numbers import Integral

from misere.budget import limits as budget_limits
from misere.errors import BudgetExceededError, RulesetError
from misere.quotients.impartial.certify import Certificate, code_moves, refuse_hopeless
from misere.quotients.monoid import TableMonoid
from misere.quotients.impartial.driver import compute, established, verify_with_brute_force
from misere.quotients.impartial.result import Move, Quotient
from misere.quotients.impartial.solver import Limits
from misere.impartial.heap import HeapGame
from misere.impartial.octal import octal_game

__all__ = ["quotient", "Quotient", "Move", "Certificate", "Limits", "TableMonoid", "HeapGame",
           "verify_with_brute_force", "resolve_game"]


def _explicit(games) -> HeapGame:
    """The closure of explicit impartial games (:mod:`misere.impartial.explicit`, which loads the
    game notation, imported only for ``games=``)."""
    from misere.impartial.explicit import closure_game, impartial_form, parse_game_list, parse_impartial

    if isinstance(games, str):
        forms = parse_game_list(games)
    else:
        forms = []
        for g in games:
            if isinstance(g, str):
                forms.append(parse_impartial(g))
            elif isinstance(g, frozenset):
                forms.append(g)
            else:  # a core Game
                forms.append(impartial_form(g.id))
    return closure_game(forms)


def _default_bound(q: Quotient, by_tokens: bool) -> int:
    """26 tokens for heap games; for component counts, at most 4 and ~60 000 positions."""
    if by_tokens:
        return 26
    k = 4
    while k > 1 and comb(q.max_heap + k, k) > 60_000:
        k -= 1
    return k


def _count_arg(name: str, value: object) -> int | None:
    """A non-negative integer option (``max_heap``, ``certify``), or ``None``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, Integral) or value < 0:
        raise RulesetError(f"{name} must be a non-negative integer, got {value!r}")
    return int(value)


def _least_heaps(game: HeapGame, max_heap: int | None) -> int:
    """Heaps a run is sure to reach: ``max_heap``, the last heap of a finite game, or the
    shortest window the periodicity test can certify (``k + 3`` heaps; notes E.6)."""
    if max_heap is not None:
        return max_heap
    if game.max_heap is not None:
        return game.max_heap
    return game.periodicity[0] + 3 if game.periodicity else 1


def quotient(
    code: str | HeapGame | None = None,
    *,
    games: str | Iterable[object] | None = None,
    moves: Callable[[int], Iterable[Sequence[int]]] | None = None,
    max_heap: int | None = None,
    certify: int | None = None,
    checkpoint: str | None = None,
    limits: Limits | None = None,
    progress: Callable[[int, int, str], None] | None = None,
    partizan: bool = False,
    timeout: float | None = None,
    max_memory: int | str | None = None,
    quiet: bool | None = None,
    stored: bool = True,
) -> Quotient:
    """Misère quotient of an impartial heap game, with a brute-force certificate.

    Parameters
    ----------
    code : str or HeapGame, optional
        A take-and-break code (``"0.123"``, ``"4.7"``, ``"0.[12]3"``) or a :class:`HeapGame`
        (e.g. :func:`misere.impartial.pascal_beans.pascal_beans`).
    games : str or iterable, optional
        Explicit impartial games (``"*2, {*2,*}"``); the quotient of their closure is computed.
    moves : callable, optional
        Move function ``moves(n)`` of a heap game (options as tuples of smaller heaps).
    max_heap : int, optional
        Last heap to include (partial quotient ``Q_max_heap``). By default the computation
        runs until the periodicity test certifies the full quotient.
    certify : int, optional
        Total size bound of the brute-force cross-check (tokens for octal codes and move
        functions, components for explicit games and boards); 0 skips it. Default 26 tokens,
        or up to 4 components (fewer when that would exceed about 60 000 positions).
    checkpoint : str, optional
        SQLite checkpoint file (resume and save after each heap).
    limits : Limits, optional
        Size bounds (raise :class:`~misere.errors.ComputationLimitError`).
    progress : callable, optional
        ``progress(heap, order, message)``; progress lines also go to stderr
        (:class:`misere.budget.Progress`) unless ``quiet``.
    partizan : bool, optional
        Return the partizan (tetrapartite) quotient of ``cl(games)`` instead, a
        :class:`misere.quotients.partizan.PartizanQuotient` (Siegel 003 §8).
    timeout, max_memory, quiet : optional
        A budget for this call (as :func:`misere.limits`): seconds, bytes or ``"2G"``, and
        no progress lines.
    stored : bool, optional
        Read the stored certificates of infinite partial quotients (checked again when read;
        default). ``False``: the engine must find any proof itself from its rounds
        (:mod:`misere.quotients.infinite.discover`). Either way, when ``Q_n`` is proved
        infinite the computation stops at heap ``n - 1`` and ``.infinite`` says why.

    Returns
    -------
    Quotient

    Raises
    ------
    RulesetError
        Bad or missing game description, negative ``max_heap`` or ``certify``.
    ComputationLimitError
        A size bound was hit (``.partial``: what was established; ``.quotient``: the partial
        quotient), or a hopeless ``certify`` bound was refused up front.
    BudgetExceededError
        The time or memory budget ran out (same attachments; the checkpoint keeps every
        finished heap).
    VerificationError
        The brute-force cross-check disagreed (a bug).

    References
    ----------
    Plambeck 002 §5-§9; notes E.2 (verification), E.5 (solver), E.6 (periodicity).

    Examples
    --------
    >>> q = quotient("0.123")
    >>> q.order, q.P, q.period
    (20, ['a', 'b2', 'ac', 'bd', 'd2'], 5)
    >>> q.outcome([8, 9]), q.certificate.agreed
    ('P', True)
    """
    if partizan:  # tetrapartite quotient of cl(games) (issue 5: misere.quotients.partizan)
        from misere.quotients.partizan import partizan_quotient
        if games is None:
            raise RulesetError("a partizan quotient needs games=[...]")
        return partizan_quotient(games)  # type: ignore[arg-type, return-value]
    max_heap = _count_arg("max_heap", max_heap)
    certify = _count_arg("certify", certify)
    given = sum(x is not None for x in (code, games, moves))
    if given != 1:
        raise RulesetError("give exactly one of a code, explicit games or a move function")
    scope = (budget_limits(timeout=timeout, max_memory=max_memory, quiet=quiet)
             if (timeout, max_memory, quiet) != (None, None, None) else contextlib.nullcontext())
    with scope:
        return _quotient(code, games, moves, max_heap, certify, checkpoint, limits, progress,
                         stored)


def resolve_game(spec: str) -> HeapGame | str:
    """A game named on a command line or in :func:`quotient`: an octal code (returned as text),
    ``grundy`` (Grundy's game), a subtraction game ``S(1,3,4)`` (its octal code) or
    ``pascal-beans[:ROWS]``."""
    from misere.impartial.heap_rulesets import heap_ruleset
    from misere.impartial.pascal_beans import pascal_beans

    named = heap_ruleset(spec)
    if named is not None:
        return named
    s = spec.strip().lower()
    if s.startswith("pascal") or s.startswith("beans"):
        _, _, rows = s.partition(":")
        try:
            return pascal_beans(int(rows) if rows else 12)
        except ValueError:
            raise RulesetError(f"bad board size in {spec!r}") from None
    return spec


def _known(game: HeapGame, code: str | None, max_heap: int | None):
    """Theory first: a stored certificate that ``Q_n`` is infinite for some ``n <= max_heap``
    (any ``n`` when ``max_heap`` is None), not yet checked (:mod:`misere.quotients.infinite`)."""
    from misere.quotients.infinite.store import known_infinite

    known = known_infinite(code if code is not None else game.name)
    return None if known is None or (max_heap is not None and max_heap < known.heap) else known


def _proved(known) -> tuple[dict, object] | None:
    """The stored certificate of ``known`` proved from the rules now (once per process):
    ``(answer, proof)``, or None when it fails its check."""
    from misere.quotients.infinite.store import describe, stored_proof

    found = stored_proof(known.code)
    return None if found is None else (describe(*found), found[1])


def _quotient(code, games, moves, max_heap, certify, checkpoint, limits, progress,
              stored=True) -> Quotient:
    """:func:`quotient` once its arguments are checked and its budget installed."""
    by_tokens, rules = True, None
    if isinstance(code, str):
        code = resolve_game(code)
    if isinstance(code, HeapGame):
        game = code
        by_tokens = game.max_heap is None
    elif code is not None:
        game = octal_game(str(code))
        rules = code_moves(str(code))
    elif games is not None:
        game = _explicit(games)
        by_tokens = False
    else:
        game = HeapGame(getattr(moves, "__name__", "heap game"), moves)  # type: ignore[arg-type]
        if max_heap is None:
            raise RulesetError("a move function needs max_heap")
    known = _known(game, code if isinstance(code, str) else None, max_heap) \
        if games is None and moves is None and stored else None
    asked = max_heap
    if known is not None:  # Q_n is infinite: the quotient to heap n - 1 first, then the proof
        max_heap = known.heap - 1
    if certify:  # hopeless bounds are refused before any work
        refuse_hopeless(_least_heaps(game, max_heap), certify, by_tokens)
    watch = None
    if games is None and moves is None and game.max_heap is None:
        from misere.quotients.infinite.discover import Watcher  # the engine finds them itself
        watch = Watcher(code if isinstance(code, str) else game.name)
    q = compute(game, max_heap, limits=limits, checkpoint=checkpoint, progress=progress,
                watch=watch)
    proved = _proved(known) if known is not None else None
    if known is not None and proved is None:  # the stored file fails its check: compute on
        q = compute(game, asked, limits=limits, checkpoint=checkpoint, progress=progress,
                    watch=watch)
    if proved is not None:
        q.infinite, q.infinite_proof = proved
    elif q.settled is not None:  # Q_(max_heap + 1) proved infinite by the engine's own claim
        from misere.quotients.infinite.store import found
        q.infinite, q.infinite_proof = found(q.settled, limits), q.settled
    bound = certify if certify is not None else _default_bound(q, by_tokens)
    if bound:
        try:
            verify_with_brute_force(q, bound, rules, by_tokens)
        except BudgetExceededError as err:
            err.partial.update({k: v for k, v in established(q.game, q.state, q.records, None).items()
                                if k not in err.partial})
            err.quotient = q  # type: ignore[attr-defined]
            raise
    return q
