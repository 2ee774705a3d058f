"""reproductions/census_decided.py: the rerun of a census store's undecided codes leaves out, by
default, the groups an earlier rerun stopped under at least its budget (the store's attempts)."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from misere.quotients.census import Store, census

ROOT = Path(__file__).resolve().parents[3]
TIGHT = {"max_order": 30, "max_candidate": 2000, "max_wide_candidate": 4000, "max_rounds": 6}


def _run(monkeypatch, capsys, *args: str) -> list[dict]:
    spec = importlib.util.spec_from_file_location("census_decided",
                                                  ROOT / "reproductions" / "census_decided.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    monkeypatch.setattr(sys, "argv", ["census_decided.py", *args])
    mod.main()
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_group_stopped_under_this_budget_is_left_out_unless_retried(tmp_path, monkeypatch, capsys):
    path = tmp_path / "s.sqlite"
    (first,) = census("0.15", max_heap=40, store=path, work=TIGHT)
    assert first["status"] == "limit"
    plan, counts = _run(monkeypatch, capsys, str(path), "--per-code-timeout", "0.01")
    assert plan["taken"] == 1 and counts == {"stopped": 1}
    with Store(path) as st:
        assert st.get("0.15")["status"] == "limit" and len(st.attempts()) == 1
    (plan,) = _run(monkeypatch, capsys, str(path), "--per-code-timeout", "0.01")[:1]
    assert plan["taken"] == 0  # it would stop again
    plan = _run(monkeypatch, capsys, str(path), "--per-code-timeout", "0.01", "--retry-stopped")[0]
    assert plan["taken"] == 1


def test_a_missing_store_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit) as e:
        _run(monkeypatch, capsys, str(tmp_path / "none.sqlite"))
    assert "cannot open census store" in str(e.value) and not (tmp_path / "none.sqlite").exists()
