"""Checkpoints and census stores that cannot be corrupted or mixed up (issue 24, item 1).

Every command and API call that opens a store or a checkpoint is fed what is not one of its
files: random bytes, other programs' SQLite files (random schemas), truncated copies of real
files, real files with damaged pages, a census store as a checkpoint and the reverse, a
checkpoint of another ruleset. Each must be refused in one line (exit 1), the file left byte for
byte as it was and no side file (``-wal``, ``-shm``, ``-journal``) created.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import misere as m
import misere.quotients as mq
from misere.cli.app import app
from misere.errors import CheckpointError
from misere.quotients.census import Store
from misere.quotients.impartial.checkpoint import Checkpoint

runner = CliRunner()


class _Files(dict):
    """File contents by kind (shown by kind only in hypothesis' reports)."""

    def __repr__(self) -> str:
        return f"<files {sorted(self)}>"


@pytest.fixture(scope="module")
def real_files(tmp_path_factory) -> dict[str, bytes]:
    """The bytes of a real census store and a real checkpoint (of 0.123)."""
    d = tmp_path_factory.mktemp("real")
    m.census("0.1 0.2 0.15", max_heap=6, store=d / "store.sqlite")
    mq.quotient("0.123", max_heap=6, certify=0, checkpoint=str(d / "ck.sqlite"), quiet=True)
    return _Files(store=(d / "store.sqlite").read_bytes(), checkpoint=(d / "ck.sqlite").read_bytes())


# ---- the openers: every command and API call that opens a store or a checkpoint -------------


def _cli(*args: str) -> str:
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 1, (res.exit_code, res.output)
    lines = res.stdout.splitlines()
    assert len(lines) == 1, res.stdout
    return json.loads(lines[0])["error"]


def _api(call) -> str:
    with pytest.raises(CheckpointError) as info:
        call()
    return str(info.value)


#: opener name -> (kind of file it wants, function of the path returning the one-line error)
OPENERS = {
    "quotient --checkpoint": ("checkpoint", lambda f: _cli(
        "quotient", "0.123", "--max-heap", "6", "--certify", "0", "--checkpoint", f, "-q")),
    "census --store": ("store", lambda f: _cli("census", "0.1", "--max-heap", "6", "--store", f, "-q")),
    "census --report": ("store", lambda f: _cli("census", "--report", "--store", f)),
    "report census": ("store", lambda f: _cli("report", "census", "--store", f, "--html",
                                              str(Path(f).parent / "r.html"))),
    "m.quotient(checkpoint=)": ("checkpoint", lambda f: _api(
        lambda: mq.quotient("0.123", max_heap=6, certify=0, checkpoint=f, quiet=True))),
    "m.census(store=)": ("store", lambda f: _api(
        lambda: m.census("0.1", max_heap=6, store=f))),
}


def _refused_unchanged(opener: str, content: bytes) -> str:
    """Write ``content`` to a fresh folder, feed it to ``opener``; check the refusal and the
    file; return the error."""
    d = Path(tempfile.mkdtemp(prefix="misere-store-"))
    try:
        f = d / "file.sqlite"
        f.write_bytes(content)
        digest = hashlib.sha256(content).hexdigest()
        err = OPENERS[opener][1](str(f))
        assert "\n" not in err and str(f) in err, err
        assert hashlib.sha256(f.read_bytes()).hexdigest() == digest, f"{opener} changed the file"
        assert sorted(p.name for p in d.iterdir()) == ["file.sqlite"], f"{opener} left side files"
        return err
    finally:
        shutil.rmtree(d)


def _foreign_sqlite(tables: list[tuple[str, list[str]]], app_id: int, rows: int) -> bytes:
    """An SQLite file of another program: these tables, this application id."""
    d = Path(tempfile.mkdtemp(prefix="misere-foreign-"))
    try:
        with sqlite3.connect(d / "f.db") as db:
            db.execute(f"PRAGMA application_id = {app_id}")
            for name, cols in tables:
                db.execute(f'CREATE TABLE "{name}" ({", ".join(chr(34) + c + chr(34) for c in cols)})')
                db.executemany(f'INSERT INTO "{name}" VALUES ({", ".join("?" * len(cols))})',
                               [tuple(range(i, i + len(cols))) for i in range(rows)])
        db.close()
        return (d / "f.db").read_bytes()
    finally:
        shutil.rmtree(d)


def _damaged(content: bytes, pick: int, junk: bytes) -> bytes | None:
    """``content`` with the header of one of its b-tree pages (after the first) overwritten."""
    size = 65536 if content[16:18] == b"\x00\x01" else int.from_bytes(content[16:18], "big")
    pages = [i for i in range(1, len(content) // size) if content[i * size] in (2, 5, 10, 13)]
    if not pages:
        return None
    at = pages[pick % len(pages)] * size
    return content[:at] + bytes([0xFF]) + junk[:7].ljust(7, b"\x00") + content[at + 8:]


_NAMES = st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8)
_TABLES = st.lists(st.tuples(_NAMES, st.lists(_NAMES, min_size=1, max_size=4, unique=True)),
                   min_size=0, max_size=3, unique_by=lambda t: t[0])


@st.composite
def hostile(draw, real: dict[str, bytes], wants: str) -> bytes:
    """One file that the opener wanting ``wants`` must refuse."""
    other = "store" if wants == "checkpoint" else "checkpoint"
    how = draw(st.sampled_from(["bytes", "foreign", "truncated", "damaged", "other kind",
                                "header only"]))
    if how == "bytes":
        return draw(st.binary(min_size=1, max_size=5000))
    if how == "foreign":
        app_id = draw(st.sampled_from([0, 1, 0x12345678]))
        return _foreign_sqlite(draw(_TABLES), app_id, draw(st.integers(0, 3)))
    source = real[draw(st.sampled_from([wants, other]))]
    if how == "truncated":  # an empty file is a new file, so at least one byte
        return source[:draw(st.integers(1, len(source) - 1))]
    if how == "damaged":
        out = _damaged(source, draw(st.integers(0, 100)), draw(st.binary(min_size=7, max_size=7)))
        if out is not None:
            return out
    if how == "header only":  # our identity, then garbage pages
        pages = draw(st.integers(1, 4)) * 4096
        return source[:100] + draw(st.binary(min_size=pages - 100, max_size=pages - 100))
    return real[other]


@pytest.mark.parametrize("opener", sorted(OPENERS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_what_is_not_our_file_is_refused_unchanged(opener, real_files, data):
    content = data.draw(hostile(real_files, OPENERS[opener][0]))
    _refused_unchanged(opener, content)


@pytest.mark.parametrize("opener", sorted(OPENERS))
def test_each_kind_of_refusal_says_what_the_file_is(opener, real_files):
    wants = OPENERS[opener][0]
    other = "store" if wants == "checkpoint" else "checkpoint"
    label = {"store": "census store", "checkpoint": "quotient checkpoint"}
    assert "not an SQLite database" in _refused_unchanged(opener, os.urandom(3000))
    assert "cut short" in _refused_unchanged(opener, real_files[wants][:5000])
    assert f"is a misere {label[other]}, not a misere {label[wants]}" in \
        _refused_unchanged(opener, real_files[other])
    assert "another program (tables: t)" in _refused_unchanged(opener, _foreign_sqlite([("t", ["a"])], 0, 2))
    assert "another program (application_id 0x00000007)" in \
        _refused_unchanged(opener, _foreign_sqlite([("t", ["a"])], 7, 0))
    damaged = _damaged(real_files[wants], 0, b"\x00" * 7)
    assert damaged is not None and "damaged" in _refused_unchanged(opener, damaged)


def test_a_checkpoint_of_another_ruleset_is_refused_unchanged(real_files):
    d = Path(tempfile.mkdtemp(prefix="misere-other-"))
    f = d / "ck.sqlite"
    f.write_bytes(real_files["checkpoint"])
    res = runner.invoke(app, ["quotient", "0.07", "--max-heap", "5", "--checkpoint", str(f), "--json"])
    assert res.exit_code == 1 and "belongs to '0.123', not '0.07'" in json.loads(res.stdout)["error"]
    assert f.read_bytes() == real_files["checkpoint"] and [p.name for p in d.iterdir()] == ["ck.sqlite"]
    shutil.rmtree(d)


@pytest.mark.parametrize("args", [["census", "0.1-0.3", "--store", ""],
                                  ["census", "--report", "--store", ""],
                                  ["quotient", "0.123", "--checkpoint", ""]])
def test_an_empty_file_name_is_refused(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, [*args, "--json"])
    assert res.exit_code == 1 and "empty file name" in json.loads(res.stdout)["error"]
    assert list(tmp_path.iterdir()) == []


def test_new_files_carry_their_identity(tmp_path):
    for kind, make in (("census store", lambda p: Store(p).close()),
                       ("quotient checkpoint", lambda p: Checkpoint(p, "0.1").close())):
        path = tmp_path / f"{kind}.sqlite"
        make(path)
        head = path.read_bytes()[:100]
        ids = {"census store": b"mcns", "quotient checkpoint": b"mqck"}
        assert head[68:72] == ids[kind] and int.from_bytes(head[60:64], "big") == 2
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
