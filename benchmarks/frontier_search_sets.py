"""The failure search's two set representations side by side on a pending candidate.

Loads the candidate of an unfinished presentation change from a quotient checkpoint (as
``tools/frontier.py`` leaves them), runs the compiled N-failure search on it capped at
``--words`` words, with transition sets as bitset rows of |Q| bits (``--sets bitset``) or as
value lists (``--sets sparse``), and prints CPU seconds, words, store rows, queued words, the
bytes of the search's arrays, peak RSS and the mean and largest set sizes. Run it under
``ulimit -v``: the bitset search takes |Q|/8 bytes per queued word.

Usage::

    python benchmarks/frontier_search_sets.py CHECKPOINT CODE HEAP --words 300000 --sets sparse
"""
from __future__ import annotations

import argparse
import resource
import time

import numpy as np


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkpoint")
    ap.add_argument("code")
    ap.add_argument("heap", type=int)
    ap.add_argument("--words", type=int, default=300_000)
    ap.add_argument("--sets", choices=("sparse", "bitset"), default="sparse")
    args = ap.parse_args(argv)

    import misere.quotients as mq
    from misere.errors import ComputationLimitError
    from misere.quotients.impartial import kernels, verify
    from misere.quotients.impartial.checkpoint import Checkpoint

    pend = Checkpoint(args.checkpoint, args.code).pending(args.heap)
    if pend is None:
        print(f"no pending candidate of heap {args.heap} in {args.checkpoint}")
        return 1
    q, is_p, phi = pend.candidate()
    trans = verify.transitions(mq.octal_game(args.code), args.heap, q, phi)
    seen = []
    init = kernels._Slots.__init__

    def spy(self, *a, **k):
        init(self, *a, **k)
        seen.append(self)

    kernels._Slots.__init__ = spy
    t0 = time.process_time()
    try:
        key, _ = kernels.compiled_search(q.data, is_p, phi, trans, q.identity, args.words, None,
                                         None, args.sets == "sparse")
        fail = None if key is None else verify._decode(key)
        ended = f"finished, failure {fail}"
    except ComputationLimitError as exc:
        ended = str(exc)
    cpu = time.process_time() - t0
    a = seen[-1]
    rows, queued = int(a.sc[1]), int(a.sc[0])
    if args.sets == "sparse":
        sizes_s, sizes_q = a.slen[:rows], a.qlen[a.hp[:queued]]
    else:
        def pc(m):
            return np.concatenate([np.bitwise_count(m[i:i + 4096]).sum(axis=1)
                                   for i in range(0, len(m), 4096)] or [np.zeros(0)])
        sizes_s, sizes_q = pc(a.sp[:rows]), pc(a.qt[a.hp[:queued]])
    nbytes = sum(v.nbytes for v in vars(a).values() if isinstance(v, np.ndarray))
    print(f"round {pend.round}, |Q| = {len(is_p)}, {len(trans)} heaps with options, "
          f"sum |T(h)| = {sum(map(len, trans.values()))}; {ended}")
    print(f"{args.sets}: CPU {cpu:.1f} s, words {int(a.sc[3])}, store rows {rows}, queued {queued}, "
          f"arrays {nbytes / 2**30:.2f} GiB, peak RSS "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB")
    print(f"set sizes: store mean {sizes_s.mean():.1f} max {sizes_s.max()}, "
          f"queue mean {sizes_q.mean():.1f} max {sizes_q.max()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
