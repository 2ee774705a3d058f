"""The compiled search of sums of regions (rulesets/region_jit.py) against the compiled
whole-board search (rulesets/board_jit.py) on Cram and Clobber rectangles, in one process with
both searches loaded (issue 23 item 3): CPU seconds for the misère outcome (both players to
move first) and the positions each search expanded.

    PYTHONPATH=src nice python benchmarks/region_search.py cram 5x6 6x6 clobber 4x5 4x6 5x5
"""
from __future__ import annotations

import argparse
import time


def main() -> None:
    from misere.core import cache
    from misere.rulesets import board_jit, region_jit
    from misere.rulesets.board_grids import checkerboard, masks

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("items", nargs="+", help="a ruleset (cram, clobber) followed by RxC boards")
    args = ap.parse_args()
    region_jit.wins(region_jit.CRAM, 3, 0, True)  # load both searches first
    board_jit.wins(board_jit.CRAM, 3, 0, True, 1, 2)
    name = "cram"
    for item in args.items:
        if "x" not in item:
            name = item
            continue
        h, w = map(int, item.split("x"))
        board = ("." * w,) * h if name == "cram" else checkerboard(h, w)
        a, b = masks(board, ".", "") if name == "cram" else masks(board, "x", "o")
        game = region_jit.GAMES[name]
        cache.clear()  # fresh tables for every board
        t = time.process_time()
        got = [region_jit.wins(game, a, b, left) for left in (True, False)]
        t_regions = time.process_time() - t
        t = time.process_time()
        want = [board_jit.wins(game, a, b, left, h, w) for left in (True, False)]
        t_board = time.process_time() - t
        assert got == want, (name, item, got, want)
        print(f"{name} {item}: Left/Right first wins {got}; regions {t_regions:.2f} s "
              f"({region_jit.stats(game)['expansions']:,} expanded), whole board {t_board:.2f} s "
              f"({board_jit.stats(game)['expansions']:,} expanded)", flush=True)


if __name__ == "__main__":
    main()
