"""``misere tour`` writes its files where it says and never into the folder it runs in (issue 26
item 4: a tour run in a checkout left ``misere-day2.svg`` untracked in the repository root)."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from misere.cli.app import app


def _tour(*args: str) -> tuple[str, int]:
    result = CliRunner().invoke(app, ["tour", *args])
    return result.stdout, result.exit_code


def test_tour_writes_into_the_temporary_folder_not_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work, temp = tmp_path / "checkout", tmp_path / "temp"
    work.mkdir()
    temp.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    out, code = _tour()
    assert code == 0, out
    written = temp / "misere-tour" / "misere-day2.svg"
    assert list(work.iterdir()) == []
    assert written.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml"))
    assert out.rstrip().endswith(f"Hasse diagram of the day-2 order written to {written.resolve()}")


def test_tour_writes_where_hasse_says_and_reports_the_full_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    out, code = _tour("--hasse", "day2.dot", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["hasse"] == str(tmp_path.resolve() / "day2.dot")
    assert (tmp_path / "day2.dot").read_text(encoding="utf-8").startswith("digraph")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["day2.dot"]
