"""Start-up of the ``misere`` command (issue 10, item 5): commands are built on demand, plain
values skip typer's pydantic coercion, and a command imports only what it needs. No timings here
(benchmarks/workloads/startup.py measures them); these tests check what is imported and that the
shortcuts give typer's own answers."""
from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
import typer.core
import typer.main
from typer.testing import CliRunner

from misere.cli.app import COMMAND_MODULES, LAZY_COMMANDS, app
from misere.cli.parsing import _QuickCoercion

SRC = str(Path(__file__).resolve().parents[2] / "src")

#: run ``misere ARGS...`` as ``python -m misere`` does, then print the loaded modules on stderr
_PROBE = """
import atexit, json, runpy, sys
atexit.register(lambda: sys.stderr.write("MODULES " + json.dumps(sorted(sys.modules)) + "\\n"))
sys.argv = ["misere"] + sys.argv[1:]
runpy.run_module("misere", run_name="__main__")
"""


def _modules_of(*args: str) -> tuple[str, set[str]]:
    env = dict(os.environ, PYTHONPATH=SRC)
    env.pop("TYPER_USE_RICH", None)
    r = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stderr.splitlines() if x.startswith("MODULES "))
    return r.stdout, set(json.loads(line[len("MODULES "):]))


def _loaded(modules: set[str], *prefixes: str) -> list[str]:
    return sorted(n for n in modules if any(n == p or n.startswith(p + ".") for p in prefixes))


def test_lazy_table_is_what_the_modules_register() -> None:
    """LAZY_COMMANDS lists every command of COMMAND_MODULES under the first module that registers
    it (partizan adds ``play`` only when play.py did not), in the order of eager registration:
    commands in module order, then sub-apps (typer lists groups after commands)."""
    commands: dict[str, str] = {}
    groups: dict[str, str] = {}
    for name in COMMAND_MODULES:
        sub = typer.Typer()
        importlib.import_module(f"misere.cli.{name}").register(sub)
        for cmd, obj in typer.main.get_group(sub).commands.items():
            (groups if isinstance(obj, typer.core.TyperGroup) else commands).setdefault(cmd, name)
    assert list(commands.items()) + list(groups.items()) == list(LAZY_COMMANDS.items())


def test_help_lists_every_command_in_order() -> None:
    group = typer.main.get_command(app)
    ctx = group.make_context("misere", ["--version"], resilient_parsing=True)
    names = group.list_commands(ctx)
    assert names == ["outcome", "canon", "compare", "distinguish", "tree", *LAZY_COMMANDS]
    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"}).stdout
    positions = [out.index(f"│ {n} ") for n in names]
    assert positions == sorted(positions)


def test_mistyped_command_still_suggests_lazy_commands() -> None:
    r = CliRunner().invoke(app, ["quoteint", "0.123"])
    assert r.exit_code == 2
    assert "Did you mean 'quotient'?" in r.output


def test_lazy_commands_run_in_one_process() -> None:
    runner = CliRunner()
    for args, key in ((["genus", "*2"], "genus"), (["play", "0.07", "3", "4"], "outcome"),
                      (["report", "universes"], None)):
        r = runner.invoke(app, [*args, "--json"])
        assert r.exit_code == 0, r.output
        assert key is None or key in json.loads(r.stdout)


def test_quotient_imports_only_what_it_needs() -> None:
    """A small quotient runs on Python lists (misere.quotients.monoid.storage): no numpy, no
    numba, no api layer, no checkpoint machinery (sqlite3) without --checkpoint."""
    out, modules = _modules_of("quotient", "0.123", "--json")
    got = json.loads(out)
    assert got["order"] == 20 and got["certificate"]["agreed"]
    assert _loaded(modules, "misere.cli.quotient", "misere.quotients.impartial.solver",
                   "misere.quotients.impartial.certify") == [
        "misere.cli.quotient", "misere.quotients.impartial.certify", "misere.quotients.impartial.solver"]
    assert _loaded(modules, "misere.cli.enumerate", "misere.cli.tour", "misere.cli.universes",
                   "misere.cli.impartial", "misere.cli.play", "misere.cli.partizan",
                   "misere.quotients.partizan", "misere.rulesets", "misere.universes", "misere.viz",
                   "pydantic", "pydantic_core", "misere.api", "numba", "numpy", "sqlite3",
                   "misere.quotients.impartial.kernels", "misere.quotients.impartial.sparse") == []
    # neither the game core nor the canonical forms of impartial games (issue 21 item 4)
    assert _loaded(modules, "misere.core", "misere.impartial.canonical", "misere.impartial.genus",
                   "misere.impartial.parts", "misere.impartial.counting") == []


def _imports_of(statement: str) -> set[str]:
    env = dict(os.environ, PYTHONPATH=SRC)
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return set(json.loads(r.stdout))


@pytest.mark.parametrize("statement", ["import misere", "import misere.cli.app", "import misere.quotients",
                                       "import misere.impartial.octal"])
def test_lazy_imports(statement: str) -> None:
    """The CLI, ``import misere`` and the quotient engine load neither numpy nor numba, nor the
    game core (``misere.Game`` and friends load it on first use)."""
    modules = _imports_of(statement)
    assert statement.split()[1] in modules
    assert _loaded(modules, "numpy", "numba", "misere.core", "misere.api", "misere.universes",
                   "misere.impartial.canonical", "misere.impartial.genus", "misere.impartial.phyla",
                   "misere.impartial.counting", "misere.impartial.parts", "sqlite3", "rich", "pydantic") == []


def test_lazy_core_names_keep_their_hooks() -> None:
    """``misere.Game`` loads the core and attaches comparison and the notebook picture."""
    modules = _imports_of("import misere as m\nassert m.Game.parse('*') >= m.Game.parse('*')\n"
                          "assert not m.Game.parse('*') >= m.Game.parse('0')\n"
                          "assert hasattr(m.Game, '_repr_svg_') and hasattr(m.Outcome, '_repr_html_')")
    assert "misere.core.game" in modules and "misere.universes.general" in modules


def test_lazy_impartial_names_are_the_functions() -> None:
    """``misere.impartial.canonical``, ``genus`` and ``parts`` name both a submodule and a
    function: the package attribute is the function, also after the submodule is imported."""
    modules = _imports_of(
        "import misere.impartial as mi, misere.impartial.canonical, misere.impartial.genus\n"
        "import misere.impartial.parts\n"
        "assert callable(mi.canonical) and callable(mi.genus) and callable(mi.parts)\n"
        "assert mi.distinguisher is mi.discriminator\n"
        "from misere.impartial import Genus, born_by\n"
        "assert Genus.__module__ == 'misere.impartial.genus' and callable(born_by)\n"
        "assert sorted(mi.__all__) == sorted(n for n in dir(mi) if n in mi.__all__)")
    assert "misere.impartial.canonical" in modules


def test_large_quotient_still_loads_numpy() -> None:
    """Past SMALL_ORDER elements the engine switches to numpy (0.07 to heap 25: order 144,
    candidates of up to 960 elements)."""
    out, modules = _modules_of("quotient", "0.07", "--max-heap", "25", "--certify", "0", "--json")
    assert json.loads(out)["order"] == 144
    assert "numpy" in modules


def test_lazy_api_gives_the_same_names_and_hooks() -> None:
    import misere
    import misere.api as api
    for name in misere._API:
        assert getattr(misere, name) is getattr(api, name)
    g = misere.parse("{0|*}")
    assert g._repr_svg_().startswith("<svg") and "N" in misere.outcome("0")._repr_html_()


def test_outcome_imports_neither_numpy_nor_rich() -> None:
    out, modules = _modules_of("outcome", "{0,*|*}", "--json")
    assert json.loads(out)["outcome"] == "N"
    assert _loaded(modules, "numpy", "rich", "pydantic", "misere.quotients", "misere.cli.quotient") == []


def _param(command: str, name: str):
    group = typer.main.get_command(app)
    ctx = group.make_context("misere", ["--version"], resilient_parsing=True)
    cmd = group.get_command(ctx, command)
    return next(p for p in cmd.get_params(ctx) if p.name == name), cmd.make_context(command, [], parent=ctx,
                                                                                      resilient_parsing=True)


def _outcome(coercion, value, param, ctx):
    try:
        return ("value", coercion.coerce(value, param=param, ctx=ctx))
    except Exception as e:  # the error typer reports, compared below
        return ("error", type(e).__name__, str(e))


@pytest.mark.parametrize("command,name", [("quotient", "max_heap"), ("tree", "max_nodes"),
                                          ("enumerate", "day"), ("play", "max_heap"),
                                          ("quotient", "code"), ("outcome", "game"),
                                          ("outcome", "timeout"), ("tree", "output")])
def test_quick_coercion_agrees_with_typer(command: str, name: str) -> None:
    """The shortcut gives typer's own coercion (pydantic) on every value, valid or not."""
    build_runtime_param = pytest.importorskip("typer._coercion").build_runtime_param
    param, ctx = _param(command, name)
    assert isinstance(param.get_runtime_param(), _QuickCoercion)
    naive = build_runtime_param(param.type_descriptor)
    values = [None, "5", "007", "-3", "0", "1_000", " 5", "5.0", "abc", "", "-", "9" * 30, "٣",
              "{0,*|*}", "-{1|0}", "caf\u00e9", "bad\udcffbytes", "x.svg"]
    for v in values:
        assert _outcome(param.get_runtime_param(), v, param, ctx) == _outcome(naive, v, param, ctx), v


def test_quick_coercion_of_lists_agrees_with_typer() -> None:
    build_runtime_param = pytest.importorskip("typer._coercion").build_runtime_param
    param, ctx = _param("play", "heaps")
    assert isinstance(param.get_runtime_param(), _QuickCoercion)
    naive = build_runtime_param(param.type_descriptor)
    for v in [None, (), ("3", "4"), ["1"], ("bad\udcff",), ("x", 3), "34"]:
        assert _outcome(param.get_runtime_param(), v, param, ctx) == _outcome(naive, v, param, ctx), v
