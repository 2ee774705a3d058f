"""First compilations say so (issue 21 item 4): ``misere.core.jit.announce`` names what is being
compiled with an estimate, ``report`` says how long it took (numba's compile events, nested
compilations counted once); both are silent once the kernels are in numba's disk cache and
under a quiet budget. No timings are asserted, only what is said."""
from __future__ import annotations

import importlib.util
import re
import sys

import pytest

from misere import budget
from misere.core import jit

pytestmark = pytest.mark.skipif(not jit.available, reason="numba missing")

_SOURCE = '''
from misere.core.jit import njit


@njit(cache=True)
def inner(x):
    return x + 1


@njit(cache=True)
def outer(x):
    return inner(x) * 2
'''


def _load(tmp_path, name: str):
    path = tmp_path / f"{name}.py"
    if not path.exists():
        path.write_text(_SOURCE)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_first_compilation_is_announced_and_timed(tmp_path, capsys) -> None:
    mod = _load(tmp_path, "misere_jit_notice_a")
    assert not jit.cached_on_disk(mod)
    assert jit.announce(mod, "the test kernels", 3)
    err = capsys.readouterr().err
    assert "misere: compiling the test kernels (first run on this machine, about 3 s;" in err
    assert mod.outer(1) == 4  # compiles outer, and inner inside it
    seconds = jit.report()
    err = capsys.readouterr().err
    assert seconds is not None and seconds > 0
    assert re.fullmatch(r"misere: compiled the test kernels in \d+\.\d s\n", err)
    assert jit.report() is None and capsys.readouterr().err == ""  # reported once

    again = _load(tmp_path, "misere_jit_notice_a")  # a later process: loaded from the disk cache
    assert jit.cached_on_disk(again)
    assert not jit.announce(again, "the test kernels", 3)
    assert jit.report() is None and capsys.readouterr().err == ""


def test_quiet_budget_says_nothing(tmp_path, capsys) -> None:
    mod = _load(tmp_path, "misere_jit_notice_b")
    with budget.limits(quiet=True):
        assert not jit.announce(mod, "the test kernels")
        with jit.compiling(mod, "the test kernels"):
            assert mod.outer(2) == 6
    assert capsys.readouterr().err == ""


def test_compiling_block(tmp_path, capsys) -> None:
    mod = _load(tmp_path, "misere_jit_notice_c")
    with jit.compiling(mod, "the block's kernels"):
        assert mod.outer(3) == 8
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("misere: compiling the block's kernels (first run on this machine;")
    assert re.fullmatch(r"misere: compiled the block's kernels in \d+\.\d s", lines[1])


def test_quotient_engine_reports_after_its_run(monkeypatch, capsys) -> None:
    """The quotient driver reports what was announced during the run (here a stand-in
    announcement: compiling the engine's own kernels takes about 10 s)."""
    import misere.quotients as mq

    monkeypatch.setattr(jit, "cached_on_disk", lambda module: False)
    assert jit.announce(sys.modules[__name__], "the stand-in kernels", 1)
    q = mq.quotient("0.123", max_heap=10, certify=0)
    assert q.order == 20
    err = capsys.readouterr().err
    assert "misere: compiling the stand-in kernels" in err
    assert re.search(r"misere: compiled the stand-in kernels in \d+\.\d s", err)
    assert jit.report() is None
