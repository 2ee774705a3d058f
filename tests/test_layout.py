"""The house only looks down: imports follow the layers, no module cycles, no module over 500 lines.

Every ``import`` in ``src/misere`` counts, also those inside functions and under
``TYPE_CHECKING``: a call-time import upward is still an arrow upward.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PKG = SRC / "misere"

#: bottom to top; a module may import from its own layer's package or from layers below
LAYERS = ["errors", "budget", "read_only", "sqlite_file", "core", "impartial", "universes", "viz", "quotients", "rulesets", "api",
          "__init__", "cli", "__main__"]


def _modules() -> dict[str, Path]:
    out = {}
    for p in PKG.rglob("*.py"):
        parts = list(p.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Misère modules imported by ``name`` (submodules resolved for ``from pkg import sub``)."""
    is_pkg = path.name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split(".")[0] == "misere")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                target = ".".join(base[: len(base) - node.level + 1] + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "misere":
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in MODULES else target)
    out.discard(name)
    return {m for m in out if m in MODULES}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _layer(module: str) -> int:
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    return LAYERS.index(top)


def test_every_package_has_a_layer() -> None:
    for m in MODULES:
        _layer(m)  # raises ValueError for a package missing from LAYERS


def test_imports_only_look_down() -> None:
    upward = sorted(f"{m} -> {t}" for m, ts in GRAPH.items() for t in ts if _layer(t) > _layer(m))
    assert upward == []


def test_no_import_cycles() -> None:
    """Tarjan's strongly connected components over the module graph: all must be singletons."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        work = [(v, iter(sorted(GRAPH[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(GRAPH[w]))))
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        cycles.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert cycles == []


def test_core_imports_nothing_above_it() -> None:
    allowed = {"errors", "budget", "core"}
    bad = sorted(f"{m} -> {t}" for m, ts in GRAPH.items() if _layer(m) == LAYERS.index("core")
                 for t in ts if t.split(".")[1] not in allowed)
    assert bad == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_module_under_500_lines(name: str) -> None:
    assert len(MODULES[name].read_text().splitlines()) <= 500


def test_layout_test_sees_a_real_graph() -> None:
    """Guards the guard: the graph has the arrows we know of."""
    assert "misere.core.table" in GRAPH["misere.core.game"] or "misere.core.ops" in GRAPH["misere.core.game"]
    assert "misere.quotients.partizan.quotient" in GRAPH["misere.quotients.partizan.rank1"]
    assert _layer("misere.cli.app") > _layer("misere.quotients.impartial.solver") > _layer("misere.core.ops")
