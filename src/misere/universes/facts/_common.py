"""Games and helpers shared by the fact checks."""
from __future__ import annotations


from ...core.notation import format_id, parse_id
from ...core.outcome import sum_outcome
from ...core.table import GameId
from ..base import find_universe
from .registry import agree

P = parse_id
fmt = format_id
D = find_universe("dicot")
E = find_universe("dead-ending")
GEN = find_universe("general")


_ok = agree


def _o(*games: GameId) -> str:
    return sum_outcome(games).value


def _why_not(u: object, g: GameId, h: GameId) -> str:
    x = u.verified_witness(g, h)  # type: ignore[attr-defined]
    return f"X = {fmt(x)}: o(G+X) = {_o(g, x)}, o(H+X) = {_o(h, x)}"


DAY2 = {n: P(t) for n, t in [("0", "0"), ("*", "*"), ("^", "^"), ("v", "v"), ("^*", "^*"),
                             ("v*", "v*"), ("E", "{0,*|*}"), ("Eb", "{*|0,*}"), ("*2", "*2")]}

STRICT_16 = {("E", "0"), ("E", "^"), ("E", "*2"), ("E", "v*"), ("E", "Eb"), ("^*", "*"),
             ("^*", "v"), ("^*", "*2"), ("^*", "v*"), ("^*", "Eb"), ("*", "v*"), ("^", "v*"),
             ("*2", "v*"), ("*2", "Eb"), ("0", "Eb"), ("v", "Eb")}


def _strict_d(a: str, b: str) -> bool:
    g, h = DAY2[a], DAY2[b]
    return D.ge(g, h) and not D.ge(h, g)
