"""Hackenbush (thesis 001 App. A, §4.5): red-blue-green graphs attached to a ground.

Left cuts a blue (``B``) or green (``G``) edge, Right a red (``R``) or green edge; edges no longer
connected to the ground disappear. Pieces that meet only at the ground are independent
components. Strings are paths rooted at the ground; a *sprig* is a string whose grounded edge is
green and whose other edges are red or blue: as a game it is the ordinal sum ``*:g`` and
``o⁻(*:g) = o⁺(g)`` (001 Thm 4.5.1).

Text format: strings as words over ``B R G`` from the ground up (``"BBR GRB"``), or a graph as
edges ``u-v:C`` with ``g`` (or ``0``) the ground (``"g-1:B 1-2:R 2-g:G"``). Python: a list of
strings, or a list of ``(u, v, colour)`` triples (ground ``"g"`` or ``0``).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Sequence

from misere.errors import RulesetError
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.partizan_draw import COLOURS, svg_document
from misere.rulesets.positions import bad_position, check_total

__all__ = ["HackenbushRuleset", "Hackenbush", "string_value"]

Edge = tuple[int, int, str]
Comp = tuple[Edge, ...]
_GROUND = {"g", "0", "ground", "G0"}
#: most edges a position may have (reading it is quadratic; search is hopeless far earlier)
MAX_EDGES = 5000


def string_value(s: str) -> Fraction:
    """Normal-play value of a red-blue string read from the ground (Berlekamp's rule).

    >>> [str(string_value(s)) for s in ("BR", "BRR", "BBR", "BRB", "RB")]
    ['1/2', '1/4', '3/2', '3/4', '-1/2']
    """
    s = s.upper()
    if set(s) - {"B", "R"}:
        raise RulesetError(f"{s!r} is not a red-blue string")
    if not s:
        return Fraction(0)
    sign = {"B": 1, "R": -1}
    t = 1
    while t < len(s) and s[t] == s[0]:
        t += 1
    v = Fraction(sign[s[0]] * t)
    for i in range(t, len(s)):
        v += Fraction(sign[s[i]], 2 ** (i - t + 1))
    return v


def _normalise(edges: Sequence[Edge]) -> list[Comp]:
    """Drop edges cut off from the ground (vertex 0), split at the ground, relabel."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for k, (u, v, _) in enumerate(edges):
        adj.setdefault(u, []).append((v, k))
        adj.setdefault(v, []).append((u, k))
    seen = {0}
    stack = [0]
    while stack:
        x = stack.pop()
        for y, _ in adj.get(x, []):
            if y not in seen:
                seen.add(y)
                stack.append(y)
    live = [k for k, (u, v, _) in enumerate(edges) if u in seen and v in seen]
    # components of the live graph with the ground removed
    comp_of: dict[int, int] = {}
    comps: list[list[int]] = []
    for k in live:
        u, v, _ = edges[k]
        for start in (u, v):
            if start == 0 or start in comp_of:
                continue
            cid = len(comps)
            comps.append([])
            comp_of[start] = cid
            stack = [start]
            while stack:
                x = stack.pop()
                for y, _ in adj.get(x, []):
                    if y != 0 and y in seen and y not in comp_of:
                        comp_of[y] = cid
                        stack.append(y)
    for k in live:
        u, v, _ = edges[k]
        x = u if u != 0 else v
        if x == 0:
            raise RulesetError("an edge from the ground to the ground is not allowed")
        comps[comp_of[x]].append(k)
    out = []
    for ks in comps:
        # relabel by breadth-first order from the ground, edges in a fixed order
        label = {0: 0}
        order = [0]
        i = 0
        sub = [edges[k] for k in ks]
        while i < len(order):
            x = order[i]
            i += 1
            nbrs = sorted((e[2], e[1] if e[0] == x else e[0]) for e in sub if x in (e[0], e[1]))
            for _, y in nbrs:
                if y not in label:
                    label[y] = len(label)
                    order.append(y)
        out.append(tuple(sorted((min(label[u], label[v]), max(label[u], label[v]), c)
                                for u, v, c in sub)))
    return sorted(out)


def _string(s: str) -> list[Edge]:
    return [(i, i + 1, c) for i, c in enumerate(s)]


class HackenbushRuleset(PartizanRuleset[Comp]):
    """Red-blue-green Hackenbush on graphs with a ground.

    Examples
    --------
    >>> str(Hackenbush.position(["B"])), str(Hackenbush.position(["G"]))
    ('1', '*')
    >>> Hackenbush.outcome("GB").value   # the sprig *:1 = ^* is a Left win (001 Cor 4.5.2)
    'L'
    """

    name = "hackenbush"
    aliases = ("hackenbush-strings", "sprigs", "rbg-hackenbush")
    syntax = "strings of B, R, G from the ground up, or edges u-v:C with g the ground ('g-1:B 1-2:R 2-g:G')"
    example = "BBR GRB"

    def parse(self, text: str) -> list[Comp]:
        if not isinstance(text, str):
            raise RulesetError(f"a hackenbush position in text is a str, got {type(text).__name__}")
        edges: list[tuple[str, str, str]] = []
        for k, t in enumerate(text.replace(",", " ").split()):
            if "-" in t:
                edges.append(self._edge_token(t, text))
                continue
            t = t.upper().replace("L", "B")
            if t == "0":
                continue
            if set(t) - {"B", "R", "G"}:
                bad = next(ch for ch in t if ch not in "BRG")
                raise bad_position(self, f"unexpected character {bad!r} in {t!r} (edge colours are B, R, G)",
                                   text)
            check_total(len(edges) + len(t), self, "edges", text[:40], MAX_EDGES)
            prev = "g"
            for i, c in enumerate(t):
                edges.append((prev, f"s{k}.{i}", c))
                prev = f"s{k}.{i}"
        return self._from_python(edges)

    @staticmethod
    def _edge_token(tok: str, text: str) -> tuple[str, str, str]:
        try:
            uv, c = tok.split(":")
            u, v = uv.split("-")
        except ValueError:
            raise RulesetError(f"cannot read Hackenbush edge {tok!r} in {text!r}: expected u-v:C") from None
        return (u, v, c)

    def _from_python(self, position: Any) -> list[Comp]:
        if isinstance(position, bytes) or not isinstance(position, Iterable):
            raise RulesetError(f"a hackenbush position is a list of strings or of (u, v, colour) edges, "
                               f"got {position!r}")
        items = list(position)
        check_total(len(items), self, "edges", position, MAX_EDGES)
        if items and all(isinstance(x, str) for x in items):
            return self.parse(" ".join(items))
        names: dict[Any, int] = {}
        edges: list[Edge] = []
        for item in items:
            try:
                u, v, c = item
            except (TypeError, ValueError):
                raise RulesetError(f"a Hackenbush edge is (u, v, colour), got {item!r}") from None
            c = str(c).upper().replace("L", "B")
            if c not in ("B", "R", "G"):
                raise RulesetError(f"a hackenbush edge colour is B, R or G, got {item!r}; {self.syntax}")
            ids = []
            for x in (u, v):
                if str(x) in _GROUND:
                    ids.append(0)
                else:
                    ids.append(names.setdefault(x, len(names) + 1))
            edges.append((ids[0], ids[1], c))
        return _normalise(edges)

    def component_moves(self, comp: Comp, left: bool) -> list[tuple[str, list[Comp]]]:
        allowed = ("B", "G") if left else ("R", "G")
        out = []
        seen = set()
        for k, e in enumerate(comp):
            if e[2] not in allowed:
                continue
            rest = _normalise([x for j, x in enumerate(comp) if j != k])
            key = tuple(rest)
            if key in seen:
                continue
            seen.add(key)
            out.append((f"cut {e[2]} edge {'g' if e[0] == 0 else e[0]}-{e[1]}", rest))
        return out

    @staticmethod
    def as_string(comp: Comp) -> str | None:
        """The colour word of a component that is a string from the ground, else ``None``."""
        if all(e == (i, i + 1, e[2]) for i, e in enumerate(comp)):
            return "".join(e[2] for e in comp)
        return None

    def format_component(self, comp: Comp) -> str:
        s = self.as_string(comp)
        if s is not None:
            return s
        return " ".join(f"{'g' if u == 0 else u}-{v}:{c}" for u, v, c in comp)

    def format(self, comps: Sequence[Comp]) -> str:
        if not comps:
            return "0"
        if all(self.as_string(c) is not None for c in comps):
            return " ".join(self.format_component(c) for c in comps)
        # relabel vertices apart so the text reads back as one graph
        parts, off = [], 0
        for c in comps:
            top = max(max(u, v) for u, v, _ in c)
            parts.append(" ".join(f"{'g' if u == 0 else u + off}-{v + off}:{col}" for u, v, col in c))
            off += top
        return " ".join(parts)

    def svg(self, position: Any) -> str:
        comps = self.components(position)
        step, items = 40, []
        x0 = 20.0
        layers: list[tuple[dict[int, tuple[float, int]], Comp]] = []
        height = 1
        for comp in comps:
            depth = {0: 0}
            frontier = [0]
            while frontier:
                nxt = []
                for x in frontier:
                    for u, v, _ in comp:
                        for a, b in ((u, v), (v, u)):
                            if a == x and b not in depth:
                                depth[b] = depth[x] + 1
                                nxt.append(b)
                frontier = nxt
            by_layer: dict[int, list[int]] = {}
            for vtx, d in sorted(depth.items()):
                if vtx:
                    by_layer.setdefault(d, []).append(vtx)
            wide = max((len(v) for v in by_layer.values()), default=1)
            pos = {}
            for d, vs in by_layer.items():
                for i, vtx in enumerate(vs):
                    pos[vtx] = (x0 + (i + (wide - len(vs)) / 2) * step, d)
            layers.append((pos, comp))
            height = max(height, max(by_layer, default=1))
            x0 += wide * step + step
        width = max(x0, 120.0)
        base = 30 + height * step

        def y(d: int) -> float:
            return base - d * step

        items.append(f'<line x1="5" y1="{base}" x2="{width - 5}" y2="{base}" stroke="#7a5c2e" stroke-width="6"/>')
        for pos, comp in layers:
            for u, v, c in comp:
                if u == 0:
                    (xv, dv) = pos[v]
                    x1, y1, x2, y2 = xv, y(0), xv, y(dv)
                else:
                    (xu, du), (xv, dv) = pos[u], pos[v]
                    x1, y1, x2, y2 = xu, y(du), xv, y(dv)
                if (x1, y1) == (x2, y2):
                    continue
                items.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                             f'stroke="{COLOURS[c]}" stroke-width="4"/>')
            for xv, dv in pos.values():
                items.append(f'<circle cx="{xv:.1f}" cy="{y(dv):.1f}" r="4" fill="black"/>')
        return svg_document(width, base + 20, items, f"Hackenbush {self.format(comps)}")


Hackenbush = HackenbushRuleset()
