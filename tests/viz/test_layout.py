"""The layered layout and the crossing counts that the picture tests rely on."""
from __future__ import annotations

import itertools
import random

from misere.viz.layout import (bilayer_crossings, count_crossings, layered_crossings, layering,
                               order_layers, place)


def _brute(upper: list[int], lower: list[int], edges: list[tuple[int, int]]) -> int:
    pu, pl = {v: k for k, v in enumerate(upper)}, {v: k for k, v in enumerate(lower)}
    return sum(1 for (a, b), (c, d) in itertools.combinations(edges, 2)
               if (pu[a] - pu[c]) * (pl[b] - pl[d]) < 0)


def test_bilayer_crossings_match_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(50):
        upper, lower = list(range(6)), list(range(6, 13))
        rng.shuffle(upper)
        rng.shuffle(lower)
        edges = sorted({(rng.choice(upper), rng.choice(lower)) for _ in range(12)})
        down = [[b for a, b in edges if a == v] for v in range(13)]
        assert bilayer_crossings(upper, lower, down) == _brute(upper, lower, edges)


def test_a_scrambled_tree_is_untangled() -> None:
    # a complete binary tree of depth 4, edges (parent, child), children listed crosswise
    edges = [(p, c) for p in range(15) for c in (2 * p + 2, 2 * p + 1) if c < 31]
    layer = [4 - (v + 1).bit_length() + 1 for v in range(31)]
    lg = layering(31, edges, layer)
    rng = random.Random(1)
    for members in lg.layers:
        rng.shuffle(members)
    assert lg.crossings() > 0
    assert order_layers(lg, start=lg.layers) == 0 == layered_crossings(lg.layers, lg.down)


def test_long_edges_get_dummies_and_place_keeps_order_and_gaps() -> None:
    lg = layering(4, [(3, 0), (3, 2), (2, 1), (1, 0)])  # 3 -> 0 spans three layers
    assert lg.layer[:4] == [0, 1, 2, 3] and len(lg.chains[(3, 0)]) == 4
    order_layers(lg)
    x = place(lg, [40.0, 40.0, 40.0, 40.0], 10.0)
    for members in lg.layers:
        for a, b in zip(members, members[1:]):
            assert x[b] - x[a] >= (40 if b < 4 else 0) / 2 + (40 if a < 4 else 0) / 2 + 10 - 1e-9


def test_segment_crossings() -> None:
    x = [((0.0, 0.0), (2.0, 2.0)), ((0.0, 2.0), (2.0, 0.0))]
    assert count_crossings(x) == 1
    assert count_crossings([((0.0, 0.0), (1.0, 0.0)), ((1.0, 0.0), (1.0, 1.0))]) == 0  # shared end


def test_dot_order_reads_dots_plain_output(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A stand-in ``dot`` that places vertex ``vK`` at x = -K: each layer comes back reversed."""
    import os
    import sys

    from misere.viz.layout import dot_order

    fake = tmp_path / "dot"
    fake.write_text(f"#!{sys.executable}\n"
                    "import re, sys\n"
                    "ids = sorted({int(v) for v in re.findall(r'\\bv(\\d+) \\[', sys.stdin.read())})\n"
                    "print('graph 1 10 10')\n"
                    "for k in ids: print(f'node v{k} {-k} 0 0.3 0.3 \"\" solid box black lightgrey')\n"
                    "print('stop')\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    lg = layering(5, [(4, 0), (3, 1), (3, 2)])
    assert dot_order(lg, ["a", "b", "c", "d", "e"]) == [sorted(m, reverse=True) for m in lg.layers]
