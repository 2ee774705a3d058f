"""Vertex-colouring games on graphs (Col and Snort; thesis 001 App. A, §5.7).

A position is a graph of uncoloured vertices, each carrying a *tint*: ``L`` if it is adjacent
to a blue (Left) vertex, ``R`` if adjacent to a red (Right) vertex, ``LR`` if both (coloured
vertices are deleted once their neighbours are tinted). The two games differ only in which
tint forbids a player; a vertex nobody may colour is deleted. Connected pieces are independent
components, stored as ``(tints, edges)`` with vertices ``0..k-1``.

Text format: ``path N``, ``cycle N``, ``star N`` (N leaves), ``grid RxC``, ``complete N``, or
explicit ``edges a-b b-c`` with optional tints ``a:L c:R`` and lone vertices ``d``; several
graphs joined by ``+``. Python: ``{"edges": [(a, b), ...], "tints": {a: "L"}, "vertices": [...]}``.
"""
from __future__ import annotations

from typing import Any, Sequence

from misere.errors import RulesetError
from misere.rulesets.partizan_base import PartizanRuleset
from misere.rulesets.partizan_draw import COLOURS
from misere.rulesets.positions import bad_position, check_total, size_token

__all__ = ["GraphColouring", "graph_components"]

Comp = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
_TINT = {"": 0, "L": 1, "B": 1, "R": 2, "LR": 3, "RL": 3}
_TINT_NAME = {0: "", 1: "L", 2: "R", 3: "LR"}


def graph_components(tints: dict[Any, int], edges: Sequence[tuple[Any, Any]], dead: int) -> list[Comp]:
    """Split into connected pieces, drop vertices whose tint is ``dead`` (nobody can colour),
    relabel each piece deterministically."""
    verts = [v for v in tints if tints[v] != dead]
    vs = set(verts)
    adj: dict[Any, list[Any]] = {v: [] for v in verts}
    for a, b in edges:
        if a in vs and b in vs and a != b:
            adj[a].append(b)
            adj[b].append(a)
    seen: set[Any] = set()
    out = []
    for v in sorted(verts, key=repr):
        if v in seen:
            continue
        comp = [v]
        seen.add(v)
        i = 0
        while i < len(comp):
            for y in sorted(adj[comp[i]], key=repr):
                if y not in seen:
                    seen.add(y)
                    comp.append(y)
            i += 1
        # relabel: by (tint, degree, discovery order) for a stable key
        found = {x: k for k, x in enumerate(comp)}
        comp.sort(key=lambda x: (tints[x], len(adj[x]), found[x]))
        lab = {x: k for k, x in enumerate(comp)}
        es = sorted({(min(lab[a], lab[b]), max(lab[a], lab[b])) for a in comp for b in adj[a]})
        out.append((tuple(tints[x] for x in comp), tuple(es)))
    return sorted(out)


class GraphColouring(PartizanRuleset[Comp]):
    """Base of Col and Snort: ``forbid_left``/``forbid_right`` are the tint bits that forbid."""

    #: tint bit set on the neighbours of a vertex Left colours (1 = "adjacent to blue")
    forbid_left = 1
    forbid_right = 2
    syntax = "path N, cycle N, star N, grid RxC, complete N, or edges a-b b-c with tints a:L, c:R, d:LR; graphs joined by '+'"
    example = "path 4 + grid 2x2"

    def parse(self, text: str) -> list[Comp]:
        return sorted(c for graph in self.graphs(text) for c in self._from_python(graph))

    def graphs(self, text: str) -> list[dict[str, Any]]:
        """The graphs of a text position with the user's vertex names, as Python dicts
        (``vertices``, ``edges``, ``tints``), before pieces are split and renumbered."""
        out: list[dict[str, Any]] = []
        for k, part in enumerate(text.split("+")):
            toks = part.replace(",", " ").split()
            if not toks or toks == ["0"]:
                continue
            kind = toks[0].lower()
            try:
                if kind in ("path", "cycle", "complete", "star") and len(toks) == 2:
                    n = size_token(toks[1], self, text, "number of vertices")
                    check_total(n * n if kind == "complete" else n, self,
                                "edges" if kind == "complete" else "vertices", part.strip())
                    vs = list(range(n + (kind == "star")))
                    if kind == "path":
                        es = [(i, i + 1) for i in range(n - 1)]
                    elif kind == "cycle":
                        es = [(i, (i + 1) % n) for i in range(n)] if n > 2 else [(i, i + 1) for i in range(n - 1)]
                    elif kind == "star":
                        es = [(0, i) for i in range(1, n + 1)]
                    else:
                        es = [(i, j) for i in range(n) for j in range(i + 1, n)]
                    out.append({"vertices": vs, "edges": es})
                    continue
                if kind == "grid" and len(toks) == 2:
                    sides = toks[1].lower().split("x")
                    if len(sides) != 2:
                        raise bad_position(self, f"grid size {toks[1]!r} is not RxC", text)
                    r, c = (size_token(x, self, text, "grid side") for x in sides)
                    check_total(r * c, self, "vertices", part.strip())
                    vs2 = [(i, j) for i in range(r) for j in range(c)]
                    es2 = [((i, j), (i + di, j + dj)) for i, j in vs2 for di, dj in ((0, 1), (1, 0))
                           if i + di < r and j + dj < c]
                    out.append({"vertices": vs2, "edges": es2})
                    continue
                if kind == "edges":
                    check_total(len(toks), self, "edges and vertices", part.strip())
                    verts, edges, tints = [], [], {}
                    for t in toks[1:]:
                        if ":" in t:
                            v, tint = t.split(":")
                            tints[v] = tint
                            verts.append(v)
                        elif "-" in t:
                            a, b = t.split("-")
                            edges.append((a, b))
                        else:
                            verts.append(t)
                    out.append({"vertices": verts, "edges": edges, "tints": tints})
                    continue
            except RulesetError:
                raise
            except ValueError:
                raise bad_position(self, f"cannot read the graph {part.strip()!r}", text) from None
            raise bad_position(self, f"unknown graph {toks[0]!r} (or wrong number of arguments)", text)
        return out

    def _from_python(self, position: Any) -> list[Comp]:
        if not isinstance(position, dict):
            raise RulesetError(f"a {self.name} position is a dict with 'edges' (and 'vertices', 'tints'), "
                               f"got {position!r}")
        unknown = set(position) - {"edges", "vertices", "tints"}
        if unknown:
            raise RulesetError(f"a {self.name} position has keys 'edges', 'vertices', 'tints', not "
                               f"{sorted(map(str, unknown))[0]!r}")
        try:
            edges = [tuple(e) for e in position.get("edges", [])]
            bad = next((e for e in edges if len(e) != 2), None)
        except TypeError:
            raise RulesetError(f"{self.name} edges are pairs (a, b), got {position.get('edges')!r}") from None
        if bad is not None:
            raise RulesetError(f"a {self.name} edge is a pair (a, b), got {bad!r}")
        check_total(len(edges) + len(position.get("vertices", [])), self, "edges and vertices", position)
        verts = list(position.get("vertices", [])) + [v for e in edges for v in e]
        tints: dict[Any, int] = {}
        for v in verts:
            tints.setdefault(v, 0)
        for v, t in dict(position.get("tints", {})).items():
            key = str(t).upper()
            if key not in _TINT:
                raise RulesetError(f"tint of {v!r} must be L, R or LR, got {t!r}")
            tints[v] = _TINT[key]
        return graph_components(tints, edges, 3)

    def component_moves(self, comp: Comp, left: bool) -> list[tuple[str, list[Comp]]]:
        tints, edges = comp
        forbidden = self.forbid_left if left else self.forbid_right
        mark = 1 if left else 2
        out, seen = [], set()
        for v, t in enumerate(tints):
            if t & forbidden:
                continue
            new = {u: tt for u, tt in enumerate(tints) if u != v}
            for a, b in edges:
                if v in (a, b):
                    other = b if a == v else a
                    new[other] |= mark
            rest = tuple(graph_components(new, edges, 3))
            if rest in seen:
                continue
            seen.add(rest)
            out.append((f"colour vertex {v} {'blue' if left else 'red'}", list(rest)))
        return out

    def format_component(self, comp: Comp) -> str:
        tints, edges = comp
        toks = [f"{a}-{b}" for a, b in edges]
        toks += [f"{v}:{_TINT_NAME[t]}" if t else str(v) for v, t in enumerate(tints)
                 if t or not any(v in e for e in edges)]
        return "edges " + " ".join(toks)

    def svg(self, position: Any) -> str:
        """The position as drawn by :func:`misere.viz.graphs.graph_svg`: the user's vertex names,
        no needless crossings, a caption and a legend of the ring colours (tints)."""
        from misere.viz.graphs import DEAD, graph_svg

        comps = self.components(position)  # checks the position
        if isinstance(position, str):
            graphs, text = self.graphs(position), position.strip()
        elif isinstance(position, dict):
            graphs, text = [position], self.format(comps)
        else:
            graphs = [{"edges": e, "vertices": range(len(t)), "tints": {v: _TINT_NAME[x] for v, x in enumerate(t)}}
                      for t, e in comps]
            text = self.format(comps)
        ring = {0: "#000", 1: COLOURS["B"], 2: COLOURS["R"], 3: DEAD}
        drawn = [{"vertices": g.get("vertices", []), "edges": g.get("edges", []),
                  "ring": {v: ring[_TINT[str(t).upper()]] for v, t in dict(g.get("tints", {})).items() if t}}
                 for g in graphs]

        def who(bit: int) -> str:
            names = [p for p, f in (("Left", self.forbid_left), ("Right", self.forbid_right)) if f & bit]
            return " and ".join(names) + " may not colour it"

        legend = [("#000", "uncoloured: either player may colour it"),
                  (COLOURS["B"], f"next to a blue vertex: {who(1)}"),
                  (COLOURS["R"], f"next to a red vertex: {who(2)}"),
                  (DEAD, "next to both: out of play")]
        caption = [f"{self.name.capitalize()}: {text}",
                   "Left colours blue, Right red; a vertex's ring shows its tint. Vertex names as given."]
        return graph_svg(drawn, caption, legend)
