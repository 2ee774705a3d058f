"""``census --address``: a Ray cluster that cannot be reached is one line within the budget
(issue 24, item 4), before the store is opened or Ray imported, never a flood of Ray retries."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from misere import limits
from misere.errors import MisereError
from misere.quotients.census.cluster import reach, split_address

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def listener() -> Iterator[tuple[socket.socket, int]]:
    """A TCP port on 127.0.0.1 that accepts connections (the test decides what it answers)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    yield srv, srv.getsockname()[1]
    srv.close()


def _serve(srv: socket.socket, reply: bytes | None) -> None:
    """Accept one connection, read the client's bytes, then send ``reply`` (None: stay silent)."""
    def run() -> None:
        conn, _ = srv.accept()
        with conn:
            conn.recv(64)
            if reply is not None:
                conn.sendall(reply)
            time.sleep(3)
    threading.Thread(target=run, daemon=True).start()


@pytest.mark.parametrize("address,want", [("10.0.0.1:6379", ("10.0.0.1", 6379)),
                                          ("ray://head:10001", ("head", 10001)),
                                          ("[::1]:6379", ("::1", 6379)), ("auto", None)])
def test_split_address(address: str, want: tuple | None) -> None:
    assert split_address(address) == want


@pytest.mark.parametrize("address", ["bogus", "host:", ":1", "host:0", "host:99999", "host:x"])
def test_malformed_addresses(address: str) -> None:
    with pytest.raises(MisereError, match="expected HOST:PORT"):
        split_address(address)


def test_a_grpc_server_is_reached(listener: tuple[socket.socket, int]) -> None:
    srv, port = listener
    _serve(srv, bytes([0, 0, 0, 4, 0, 0, 0, 0, 0]))  # an HTTP/2 SETTINGS frame, as the GCS sends
    reach(f"127.0.0.1:{port}")


def test_another_service_is_refused(listener: tuple[socket.socket, int]) -> None:
    srv, port = listener
    _serve(srv, b"HTTP/1.1 400 Bad Request\r\n\r\n")
    with pytest.raises(MisereError, match="not a Ray cluster"):
        reach(f"127.0.0.1:{port}")


def test_a_silent_service_is_given_up_within_the_budget(listener: tuple[socket.socket, int]) -> None:
    srv, port = listener
    _serve(srv, None)
    start = time.monotonic()
    with pytest.raises(MisereError, match=r"no answer within"):
        with limits(timeout=1, quiet=True):
            reach(f"127.0.0.1:{port}")
    assert time.monotonic() - start < 3


@pytest.mark.parametrize("address,reason", [("bogus:1", "unknown host 'bogus'"),
                                            ("127.0.0.1:1", "Connection refused"),
                                            ("ray://127.0.0.1:1", "Connection refused")])
def test_census_on_an_unreachable_cluster(address: str, reason: str, tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-m", "misere", "census", "0.1", "--workers", "2",
                        "--address", address, "--timeout", "5", "--store", str(store), "--json"],
                       capture_output=True, text=True, timeout=60, env=env)
    assert time.monotonic() - start < 15
    assert r.returncode == 1 and r.stderr == "", r.stderr
    obj = json.loads(r.stdout)
    assert obj == {"error": f"cannot reach the Ray cluster at {address!r}: {obj['error'].split(': ', 1)[1]}"}
    assert reason in obj["error"]
    assert not store.exists()  # refused before the store was opened
