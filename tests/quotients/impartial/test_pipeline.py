"""The impartial quotient engine as one pipeline (issue 21 item 5; package docstring of
:mod:`misere.quotients.impartial`): each stage imports only the stages below it, the heap step
is called by the driver alone, and the certificate shares no code with the stages."""
from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

import misere.quotients.impartial as pkg
from misere.impartial.octal import octal_game
from misere.quotients.impartial import solver, state

#: the engine's modules, lowest first: a module may import only modules before it
ORDER = ["compiled", "kernels", "sparse", "certify",             # helpers; the independent check
         "candidate", "marking",                                 # 1 candidate, 2 marking
         "verify",                                               # 3 failure search
         "reduction",                                            # 5 reduction
         "recalibrate",                                          # 4 recalibration (calls 1, 2, 5)
         "state", "solver", "checkpoint",                        # one heap; its state, stored
         "periodicity", "tame", "result", "driver"]              # 0 the loop over heaps
HERE = Path(pkg.__file__).parent


def _engine_imports(name: str) -> set[str]:
    """Modules of the package ``name`` imports, at the top or inside a function."""
    got = set()
    for node in ast.walk(ast.parse((HERE / f"{name}.py").read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == pkg.__name__:
                got.update(a.name for a in node.names)
            elif node.module.startswith(pkg.__name__ + "."):
                got.add(node.module.rpartition(".")[2])
    return {"kernels" if m.startswith("_") else m for m in got}  # _*_kernels: compiled leaves


@pytest.mark.parametrize("name", ORDER)
def test_stage_imports_only_downward(name):
    below = set(ORDER[:ORDER.index(name)]) | {"kernels"}
    assert _engine_imports(name) <= below, name


def test_only_the_driver_calls_the_heap_step():
    callers = [p.stem for p in HERE.glob("*.py") if "solver" in _engine_imports(p.stem)]
    assert callers == ["driver"]


def test_certificate_independent_of_the_stages():
    assert _engine_imports("certify") == set()


def test_checkpoints_naming_the_old_module_still_load():
    """States were pickled as ``misere.quotients.impartial.solver.SolverState`` before
    :mod:`.state` existed; such a pickle loads as the same class."""
    st = state.SolverState.initial()
    for _ in range(6):
        st = solver.step(octal_game("0.77"), st)
    blob = pickle.dumps(st, protocol=0).replace(b"impartial.state\n", b"impartial.solver\n")
    assert b"impartial.solver\n" in blob
    back = pickle.loads(blob)
    assert type(back) is state.SolverState
    assert (back.phi, back.changes, back.order) == (st.phi, st.changes, st.order)


def test_no_stage_calls_back_up_while_running():
    """Followed at run time (``tools/engine_path.py``, ``sys.setprofile``): along 0.123 to
    heap 20 (presentation changes with recalibration rounds included) no call from one misere
    module enters a module that is still running further down the stack; progress messages go
    down into :class:`misere.budget.Reporter`, not back into the driver or the heap step."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools"))
    from engine_path import measure, path_of

    path = path_of("0.123", 20, "misere")
    m = measure(path)
    assert any(callee.endswith("recalibrate") for _, callee, _, _ in path)
    assert any(callee == "misere.budget" and fn == "__call__" for _, callee, fn, _ in path)
    assert m["upward"] == []
