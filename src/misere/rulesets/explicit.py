"""Finite lists of explicit impartial games, analysed through their closure (seed 002 §9.5).

``cl(S)`` is linearised as in notes E.1: every follower of a game of S becomes a "heap" whose
options are single heaps (the game 0 is heap 0, an empty option), listed with options before
the game. Forms are written ``0``, ``*n``, ``{G, H, ...}`` (an impartial option set),
``*[G, H]`` and sums ``G + H``; text containing ``|`` is read with the core notation parser and
must be impartial. Forms are analysed as given (no misère simplification).
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from misere.errors import NotationError, RulesetError
from misere.rulesets.heap import HeapGame

__all__ = ["Form", "parse_impartial", "parse_game_list", "closure_game", "format_form", "add"]

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


def format_form(g: Form, memo: dict | None = None) -> str:
    """Text of a form: ``0``, ``*``, ``*n`` or ``{...}``."""
    memo = {} if memo is None else memo
    n = _nim_value(g, memo)
    if n is not None:
        return "0" if n == 0 else ("*" if n == 1 else f"*{n}")
    return "{" + ",".join(sorted(format_form(x, memo) for x in g)) + "}"


_TOK = re.compile(r"\s*(\*|\d+|[{}\[\],+])")


def parse_impartial(text: str) -> Form:
    """Parse one impartial form (see module docstring).

    Examples
    --------
    >>> format_form(parse_impartial("{{*2}, 0}"))
    '{0,{*2}}'
    """
    if "|" in text:
        return _via_core(text)
    toks, pos = [], 0
    while pos < len(text):
        m = _TOK.match(text, pos)
        if not m:
            if text[pos:].strip() == "":
                break
            raise NotationError(text, pos, "0, *n, {...}, *[...] or +")
        toks.append((m.group(1), m.start(1)))
        pos = m.end()
    i = 0

    def expr() -> Form:
        nonlocal i
        g = atom()
        while i < len(toks) and toks[i][0] == "+":
            i += 1
            g = add(g, atom())
        return g

    def atom() -> Form:
        nonlocal i
        if i >= len(toks):
            raise NotationError(text, len(text), "a game")
        t, p = toks[i]
        i += 1
        if t.isdigit():
            if t != "0":
                raise NotationError(text, p, "0 (integers are not impartial)")
            return ZERO
        if t == "*":
            if i < len(toks) and toks[i][0].isdigit():
                i += 1
                return nim(int(toks[i - 1][0]))
            if i < len(toks) and toks[i][0] == "[":
                i += 1
                return group("]")
            return nim(1)
        if t == "{":
            return group("}")
        raise NotationError(text, p, "0, *n, {...} or *[...]")

    def group(close: str) -> Form:
        nonlocal i
        opts = []
        if i < len(toks) and toks[i][0] == close:
            i += 1
            return ZERO
        while True:
            opts.append(expr())
            if i < len(toks) and toks[i][0] == ",":
                i += 1
                continue
            if i < len(toks) and toks[i][0] == close:
                i += 1
                return frozenset(opts)
            raise NotationError(text, toks[i][1] if i < len(toks) else len(text), f"',' or {close!r}")

    g = expr()
    if i != len(toks):
        raise NotationError(text, toks[i][1], "end of game")
    return g


def _via_core(text: str) -> Form:
    """Read CGSuite notation with the core parser; the game must be impartial."""
    from misere.core.notation import parse_id
    from misere.core.table import left, right

    memo: dict[int, Form] = {}

    def conv(g: int) -> Form:
        if g not in memo:
            ls, rs = set(left(g)), set(right(g))
            if ls != rs:
                raise RulesetError(f"{text!r} is not impartial")
            memo[g] = frozenset(conv(x) for x in ls)
        return memo[g]

    return conv(parse_id(text))


def parse_game_list(text: str) -> list[Form]:
    """Split a comma-separated list at top level and parse each game."""
    depth, cuts = 0, [-1]
    for i, ch in enumerate(text):
        depth += (ch in "{[(") - (ch in "}])")
        if ch == "," and not depth:
            cuts.append(i)
    cuts.append(len(text))
    parts = [text[a + 1:b] for a, b in zip(cuts, cuts[1:])]
    games = [parse_impartial(p) for p in parts if p.strip()]
    if not games:
        raise RulesetError(f"no games in {text!r}")
    return games


def closure_game(games: Iterable[Form], name: str | None = None) -> HeapGame:
    """The heap game whose heaps are the followers of ``games`` (notes E.1, linearisation)."""
    games = list(games)
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
            for y in sorted(x, key=lambda f: format_form(f)):
                if y not in index:
                    stack.append((y, False))

    visit(ZERO)
    for g in games:
        visit(g)
    memo: dict = {}
    labels = [format_form(g, memo) for g in order]
    opts = [[(index[y],) for y in g] for g in order]
    return HeapGame(name or ", ".join(format_form(g, memo) for g in games),
                    lambda n: opts[n], labels=labels, max_heap=len(order) - 1)
