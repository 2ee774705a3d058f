"""CGSuite-compatible notation: parsing and printing game forms.

Grammar (whitespace is ignored)::

    expr    := ['-' | '~'] term (('+' | '-') term)*
    term    := [count '.'] unary          # n.G = G + ... + G (n copies)
    unary   := ('-' | '~' | '±') unary | atom   # ±G = {G | ~G}
    atom    := '{' options '}' | '(' expr ')' | number [ups] [star] | ups [star] | star | name
    number  := digits ['/' digits]        # dyadic rationals, e.g. 3/4
    ups     := '^' | 'v'                  # up, down
    star    := '*' [digits]               # *, *2, ...
             | '*' '[' [expr (',' expr)*] ']'   # impartial: *[*2,*] = {*2,*|*2,*} (CGSuite)
    options := lists of expr separated by ',' and runs of '|' (slash nesting: {2||1|0});
               without any '|', {a,b} is the impartial game {a,b|a,b} (and {} is 0)

``-G`` and ``~G`` are the conjugate (the misère "negative"); ``G - H`` is ``G + ~H``. Numbers,
``^``, ``v``, ``*n`` and compounds such as ``1*``, ``^*``, ``1/2*`` denote their normal-play
canonical *forms* (so ``1* = {1|1}``, ``^* = {0,*|0}``), as in CGSuite and Milley 001 §2.3.
User names (``A``, ``G1``, ...) are looked up in a mapping passed to :func:`parse`.

Printing (in :mod:`.printing`, re-exported here) uses the same names for forms it recognises and
braces otherwise; :func:`explicit` prints only ``{``, ``}``, ``|``, ``,`` and ``0``.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Mapping

from ..errors import NotationError
from . import theory
from .ops import DOWN, STAR, UP, conjugate
from .table import ZERO, GameId, intern
from .theory import Terms

__all__ = ["parse_id", "parse_list_id", "parse_terms", "MAX_DIGITS", "format_id", "explicit", "name_of", "MAX_DEPTH", "MAX_LENGTH"]

#: nesting depth (braces and parentheses) beyond which parsing fails cleanly
MAX_DEPTH = 400

#: longest digit string accepted in a number (Python's own int-to-str limit is 4,300)
MAX_DIGITS = 100_000

_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+)|(?P<name>[A-Za-z_][A-Za-z0-9_']*)|(?P<bars>\|+)|(?P<sym>[{}(),+\-~*^./±\[\]]))"
)


class _Item:
    """One element inside braces: a game, a comma, or a run of ``count`` bars."""

    __slots__ = ("kind", "value", "pos")

    def __init__(self, kind: str, value: int, pos: int) -> None:
        self.kind, self.value, self.pos = kind, value, pos


class _Parser:
    def __init__(self, text: str, names: Mapping[str, GameId]) -> None:
        self.text = text
        self.names = names
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        text_len = len(text)
        while pos < text_len:
            if text[pos].isspace():
                pos += 1
                continue
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                raise NotationError(text, pos, "a game, a number or one of { } | , + - ~ * ^ v")
            kind = m.lastgroup or "sym"
            self.tokens.append((kind, m.group(kind), m.start(kind)))
            pos = m.end()
        self.i = 0
        self.depth = 0

    # --- token helpers ---
    def peek(self) -> tuple[str, str, int]:
        if self.i < len(self.tokens):
            return self.tokens[self.i]
        return ("end", "", len(self.text))

    def take(self) -> tuple[str, str, int]:
        t = self.peek()
        self.i += 1
        return t

    def fail(self, expected: str) -> NotationError:
        return NotationError(self.text, self.peek()[2], expected)

    def is_sym(self, s: str) -> bool:
        k, v, _ = self.peek()
        return k == "sym" and v == s

    # --- grammar ---
    def parse(self) -> GameId:
        if self.peek()[0] == "end":
            raise self.fail("a game")
        g = self.expr()
        if self.peek()[0] != "end":
            raise self.fail("'+', '-' or the end of the input")
        return g

    def parse_terms(self) -> Terms:
        if self.peek()[0] == "end":
            raise self.fail("a game")
        terms = self.expr_terms()
        if self.peek()[0] != "end":
            raise self.fail("'+', '-' or the end of the input")
        return theory.normalise(terms)

    def parse_list(self) -> list[GameId]:
        if self.peek()[0] == "end":
            raise self.fail("a game")
        games = [self.expr()]
        while self.is_sym(","):
            self.take()
            games.append(self.expr())
        if self.peek()[0] != "end":
            raise self.fail("',', '+', '-' or the end of the input")
        return games

    def expr(self) -> GameId:
        """A sum, built as a form: refused up front when its explicit size is hopeless."""
        start = self.peek()[2]
        terms = self.expr_terms()
        return theory.build(theory.normalise(terms), self.text[start:self.peek()[2]].strip())

    def expr_terms(self) -> Terms:
        """A sum as symbolic terms (nim heaps and numbers are not built: :mod:`.theory`)."""
        terms = self.term()
        while self.is_sym("+") or self.is_sym("-"):
            op = self.take()[1]
            h = self.term()
            terms += h if op == "+" else [(theory.negate(t), c) for t, c in h]
        return terms

    def term(self) -> Terms:
        k, v, p = self.peek()
        nxt = self.tokens[self.i + 1] if self.i + 1 < len(self.tokens) else ("end", "", 0)
        if k == "num" and nxt[0] == "sym" and nxt[1] == ".":
            self.i += 2
            n = self.number(v, p)
            return [(t, c * n) for t, c in self.unary()]
        return self.unary()

    def number(self, digits: str, pos: int) -> int:
        """``int(digits)``, also past Python's int-to-str limit (up to ``MAX_DIGITS`` digits)."""
        if len(digits) > MAX_DIGITS:
            raise NotationError(self.text, pos, f"a number of at most {MAX_DIGITS:,} digits")
        if len(digits) <= 4000:
            return int(digits)
        n = 0
        for i in range(0, len(digits), 4000):
            chunk = digits[i:i + 4000]
            n = n * 10 ** len(chunk) + int(chunk)
        return n

    def unary(self) -> Terms:
        if self.is_sym("-") or self.is_sym("~"):
            self.take()
            return [(theory.negate(t), c) for t, c in self.unary()]
        if self.is_sym("±"):  # ±G = {G | ~G}
            self.take()
            start = self.peek()[2]
            terms = theory.normalise(self.unary())
            g = theory.build(terms, self.text[start:self.peek()[2]].strip())
            return [(theory.form(intern([g], [conjugate(g)])), 1)]
        return self.atom()

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"at most {MAX_DEPTH} levels of nesting")

    def atom(self) -> Terms:
        k, v, _ = self.peek()
        if k == "sym" and v == "{":
            self.take()
            self.enter()
            g = self.braces()
            self.depth -= 1
            return [(theory.form(g), 1)]
        if k == "sym" and v == "(":
            self.take()
            self.enter()
            terms = self.expr_terms()
            if not self.is_sym(")"):
                raise self.fail("')'")
            self.take()
            self.depth -= 1
            return terms
        if k == "name" and v not in ("v",) and not (v.startswith("v") and v[1:].isdigit()):
            self.take()
            if v in self.names:
                return [(theory.form(self.names[v]), 1)]
            raise NotationError(self.text, self.tokens[self.i - 1][2], f"a known game name, not {v!r}")
        return self.compound()

    def compound(self) -> Terms:
        """number? ups? star?  -- at least one part."""
        k, v, p = self.peek()
        value: Fraction | None = None
        if k == "num":
            self.take()
            value = Fraction(self.number(v, p))
            if self.is_sym("/"):
                self.take()
                k2, v2, p2 = self.take()
                if k2 != "num" or len(v2) > 400 or int(v2) == 0 or int(v2) & (int(v2) - 1):
                    raise NotationError(self.text, p2, "a power of two as denominator")
                value = Fraction(value.numerator, int(v2))
        ups = 0
        while True:
            k, v, _ = self.peek()
            if k == "sym" and v == "^":
                self.take()
                ups += 1
            elif k == "name" and v == "v":
                self.take()
                ups -= 1
            else:
                break
        star: int | None = None
        if self.is_sym("*"):
            self.take()
            if value is None and ups == 0 and self.is_sym("["):
                return [(theory.form(self.impartial_list()), 1)]
            star = 1
            k, v, p = self.peek()
            if k == "num":
                self.take()
                star = self.number(v, p)
        if value is None and ups == 0 and star is None:
            raise self.fail("a game")
        value, star = value or Fraction(0), star or 0
        if ups == 0 and star == 0:
            return [(theory.num(value), 1)]
        if ups == 0 and value == 0:
            return [(theory.nim(star), 1)]
        return [(theory.form(_named_form(value, ups, star)), 1)]

    def impartial_list(self) -> GameId:
        """CGSuite's impartial input ``*[G1, G2, ...]`` (after ``*``): the form with those
        options for both players, e.g. ``*[*2,*] = {*2,*|*2,*}``; ``*[]`` is 0."""
        self.take()  # '['
        self.enter()
        opts: list[GameId] = []
        while not self.is_sym("]"):
            if self.peek()[0] == "end":
                raise self.fail("']'")
            if opts:
                if not self.is_sym(","):
                    raise self.fail("',' or ']'")
                self.take()
            opts.append(self.expr())
        self.take()
        self.depth -= 1
        return intern(opts, opts)

    def braces(self) -> GameId:
        """Parse after '{' up to the matching '}' with CGSuite slash nesting."""
        items: list[_Item] = []
        while True:
            k, v, p = self.peek()
            if k == "sym" and v == "}":
                self.take()
                break
            if k == "end":
                raise self.fail("'}'")
            if k == "bars":
                self.take()
                items.append(_Item("bars", len(v), p))
            elif k == "sym" and v == ",":
                self.take()
                items.append(_Item("comma", 0, p))
            else:
                items.append(_Item("game", self.expr(), p))
        return self.split(items, self.tokens[self.i - 1][2])

    def split(self, items: list[_Item], end: int) -> GameId:
        bars = [x for x in items if x.kind == "bars"]
        if not bars:  # {a,b} without a bar: the impartial game with options a, b
            opts = self.side(items, end)
            return intern(opts, opts)
        top = max(x.value for x in bars)
        tops = [x for x in bars if x.value == top]
        if len(tops) != 1:
            raise NotationError(self.text, tops[1].pos, f"a single '{'|' * top}' (ambiguous braces)")
        cut = items.index(tops[0])
        return intern(self.side(items[:cut], tops[0].pos), self.side(items[cut + 1:], end))

    def side(self, items: list[_Item], end: int) -> list[GameId]:
        if any(x.kind == "bars" for x in items):
            return [self.split(items, end)]
        opts: list[GameId] = []
        expect_game = True
        for x in items:
            if x.kind == "comma":
                if expect_game:
                    raise NotationError(self.text, x.pos, "an option before ','")
                expect_game = True
            else:
                if not expect_game:
                    raise NotationError(self.text, x.pos, "',' between options")
                opts.append(x.value)
                expect_game = False
        if opts and expect_game:
            raise NotationError(self.text, end, "an option after ','")
        return opts


def _named_form(value: Fraction, ups: int, star: int) -> GameId:
    """The normal-play canonical form of ``value + ups.^ + *star`` for the few shapes named
    other than plain numbers and nim heaps (those are symbolic terms: :mod:`.theory`)."""
    if ups == 0:
        if star == 1:
            x = theory.build([(theory.num(value), 1)], f"{value}*")
            return intern([x], [x])  # x* = {x|x}
        raise _unsupported(value, ups, star)
    if value != 0 or abs(ups) > 1 or star > 1:
        raise _unsupported(value, ups, star)
    if star == 0:
        return UP if ups > 0 else DOWN
    return intern([ZERO, STAR], [ZERO]) if ups > 0 else intern([ZERO], [ZERO, STAR])


def _unsupported(value: Fraction, ups: int, star: int) -> NotationError:
    text = f"{value}{'^' * ups if ups > 0 else 'v' * -ups}{'*' + str(star) if star else ''}"
    return NotationError(text, 0, "a supported compound (x, x*, *n, ^, v, ^*, v*)")


def parse_id(text: str, names: Mapping[str, GameId] | None = None) -> GameId:
    """Parse ``text`` to a game id. Raises :class:`NotationError` with the position on failure.

    Examples
    --------
    >>> format_id(parse_id("{2||1|0}"))
    '{2|{1|0}}'
    >>> parse_id("*+*") == parse_id("{*|*}")
    True
    """
    if not isinstance(text, str):
        raise NotationError(str(text), 0, "a string")
    return _Parser(text, names or {}).parse()


def parse_list_id(text: str, names: Mapping[str, GameId] | None = None) -> list[GameId]:
    """Parse a comma-separated list of games, e.g. ``"1, -1, {0|*}"``.

    Examples
    --------
    >>> [format_id(g) for g in parse_list_id("1, {0,*|*}, *+*")]
    ['1', '{0,*|*}', '{*|*}']
    """
    if not isinstance(text, str):
        raise NotationError(str(text), 0, "a string")
    return _Parser(text, names or {}).parse_list()


def parse_terms(text: str, names: Mapping[str, GameId] | None = None) -> Terms:
    """Parse ``text`` as a symbolic sum (:mod:`.theory`): nim heaps and numbers stay symbols,
    other summands are built as forms (each refused up front when hopeless).

    Examples
    --------
    >>> [(t.kind, t.value, c) for t, c in parse_terms("*100000 + 3.* - 2")]
    [('nim', 100000, 1), ('nim', 1, 3), ('num', Fraction(-2, 1), 1)]
    """
    if not isinstance(text, str):
        raise NotationError(str(text), 0, "a string")
    return _Parser(text, names or {}).parse_terms()


# printing lives in .printing; re-exported so that one module names the notation
from .printing import MAX_LENGTH, explicit, format_id, name_of  # noqa: E402
