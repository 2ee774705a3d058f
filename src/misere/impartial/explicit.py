"""Finite lists of explicit impartial games, analysed through their closure (seed 002 §9.5).

``cl(S)`` is linearised as in notes E.1: every follower of a game of S becomes a "heap" whose
options are single heaps (the game 0 is heap 0, an empty option), listed with options before
the game. Forms are written ``0``, ``*n``, ``{G, H, ...}`` (an impartial option set),
``*[G, H]`` and sums ``G + H``; text containing ``|`` is read with the core notation parser and
must be impartial. Forms are analysed as given (no misère simplification).
"""
from __future__ import annotations

from collections.abc import Iterable

from misere.core.notation import format_id, parse_id, parse_list_id
from misere.core.ops import followers
from misere.core.table import left, right
from misere.errors import RulesetError
from misere.impartial.heap import HeapGame

__all__ = ["Form", "parse_impartial", "parse_game_list", "impartial_form", "closure_game", "format_form", "add"]

Form = frozenset  # an impartial form is the frozenset of its options

ZERO: Form = frozenset()


def nim(n: int) -> Form:
    """The nim heap ``*n``."""
    heaps = [ZERO]
    for _ in range(n):
        heaps.append(frozenset(heaps))
    return heaps[n]


def add(g: Form, h: Form, memo: dict | None = None) -> Form:
    """Disjunctive sum of two impartial forms."""
    memo = {} if memo is None else memo
    key = (g, h) if hash(g) <= hash(h) else (h, g)
    if key not in memo:
        memo[key] = frozenset([add(x, h, memo) for x in g] + [add(g, y, memo) for y in h])
    return memo[key]


def _nim_value(g: Form, memo: dict) -> int | None:
    """``n`` when ``g`` is literally the form ``*n``."""
    if g not in memo:
        vals = []
        for x in g:
            v = _nim_value(x, memo)
            vals.append(-1 if v is None else v)
        memo[g] = len(vals) if sorted(vals) == list(range(len(vals))) else None
    return memo[g]


def format_form(g: Form, memo: dict | None = None, limit: int | None = None) -> str | None:
    """Text of a form: ``0``, ``*``, ``*n`` or ``{...}``; with ``limit``, ``None`` as soon as
    the text would be longer than ``limit`` characters (the text of a sum can be exponentially
    longer than its game graph, so callers that only show short texts should pass one)."""
    return _format(g, {} if memo is None else memo, {}, limit)


def _format(g: Form, memo: dict, texts: dict, limit: int | None) -> str | None:
    if g in texts:
        return texts[g]
    n = _nim_value(g, memo)
    if n is not None:
        out: str | None = "0" if n == 0 else ("*" if n == 1 else f"*{n}")
    else:
        parts: list[str] = []
        size = 2
        for x in g:
            text = _format(x, memo, texts, limit)
            if text is None:
                break
            size += len(text) + 1
            if limit is not None and size > limit + 1:
                break
            parts.append(text)
        out = "{" + ",".join(sorted(parts)) + "}" if len(parts) == len(g) else None
    texts[g] = out
    return out


def parse_impartial(text: str) -> Form:
    """Parse one impartial form with the core notation (``*2``, ``{*2,*}``, ``*[*2,*]``, sums).

    Raises
    ------
    NotationError
        for malformed text; :class:`RulesetError` if the game is not impartial.

    Examples
    --------
    >>> format_form(parse_impartial("{{*2}, 0}"))
    '{0,{*2}}'
    """
    return impartial_form(parse_id(text), text)


def parse_game_list(text: str) -> list[Form]:
    """Parse a comma-separated list of impartial games (core notation)."""
    games = [impartial_form(g, text) for g in parse_list_id(text)]
    if not games:
        raise RulesetError(f"no games in {text!r}")
    return games


def impartial_form(g: int, text: str | None = None) -> Form:
    """The frozenset form of the core game with id ``g``, which must be impartial."""
    memo: dict[int, Form] = {}
    for x in followers(g):  # options before the games that contain them
        if left(x) != right(x):
            raise RulesetError(f"{text or format_id(g)!r} is not impartial")
        memo[x] = frozenset(memo[y] for y in left(x))
    return memo[g]


def closure_game(games: Iterable[Form], name: str | None = None) -> HeapGame:
    """The heap game whose heaps are the followers of ``games`` (notes E.1, linearisation).

    Heaps are numbered by a depth-first walk from ``0`` and then each game, options in
    :func:`_ranks` order (deterministic, and linear in the number of followers: a sum's text can
    be exponentially longer than its game graph, so texts are neither sort keys nor labels
    beyond :data:`LABEL_MAX` characters; such a heap is labelled ``#n``)."""
    games = list(games)
    rank = _ranks([ZERO, *games])
    order: list[Form] = []
    index: dict[Form, int] = {}

    def visit(g: Form) -> None:
        stack = [(g, False)]
        while stack:
            x, done = stack.pop()
            if x in index:
                continue
            if done:
                index[x] = len(order)
                order.append(x)
                continue
            stack.append((x, True))
            for y in sorted(x, key=rank.__getitem__):
                if y not in index:
                    stack.append((y, False))

    visit(ZERO)
    for g in games:
        visit(g)
    memo: dict = {}
    labels = [format_form(g, memo, limit=LABEL_MAX) or f"#{i}" for i, g in enumerate(order)]
    opts = [[(index[y],) for y in g] for g in order]
    return HeapGame(name or ", ".join(labels[index[g]] for g in games),
                    lambda n: opts[n], labels=labels, max_heap=len(order) - 1)


#: heap labels of :func:`closure_game` are texts of at most this many characters
LABEL_MAX = 10_000


def _ranks(games: list[Form]) -> dict[Form, int]:
    """A total order on the followers of ``games``: by birthday, then by the sorted ranks of
    the options (distinct forms of one birthday have distinct option sets)."""
    birthday: dict[Form, int] = {}
    stack = list(games)
    while stack:
        x = stack[-1]
        if x in birthday:
            stack.pop()
            continue
        todo = [y for y in x if y not in birthday]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        birthday[x] = 1 + max((birthday[y] for y in x), default=-1)
    levels: dict[int, list[Form]] = {}
    for x, d in birthday.items():
        levels.setdefault(d, []).append(x)
    rank: dict[Form, int] = {}
    for b in sorted(levels):
        level = levels[b]
        keys = {x: sorted(rank[y] for y in x) for x in level}
        for x in sorted(level, key=keys.__getitem__):
            rank[x] = len(rank)
    return rank