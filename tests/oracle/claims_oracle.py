"""Plain references for the counter certificate's enumerations, written from their definitions.

* :func:`transition_sets`: the minimal pairs ``(psi(v), T(v))`` over the words ``v`` of
  uncounted heaps (notes E.2): ``T(v)`` is the set of ``(dv, y)`` reached by one move in one
  heap of ``v`` (a move in heap ``h`` of ``v = h w`` creates counted heaps ``dv`` and leaves the
  value ``psi(w) * psi(rest of the option)``); sets as frozensets, words grown heap by heap,
  a pair kept unless a non-empty set already stored at the same value is a subset of it.
* :func:`elements`: ``X`` of a claim as a plain search over (counts past each limit, value).
* :func:`word_of_values`: a shortest word for each value, by a plain breadth-first search.

Each takes the certificate's (or candidate's) fields only; nothing clever is shared with the
fast code in ``misere.quotients.impartial.counters_moves`` and ``counters_data``.
"""
from __future__ import annotations


def transition_sets(order, identity, outside, heaps, column, options):
    """``{(x, frozenset of (dv, y))}``: the minimal transition sets at each value ``x``.

    ``column[h][x]``: ``x psi(h)``; ``options[h]``: ``(dv, xs)`` per move in heap ``h``, with
    ``xs[x]`` the value ``x psi(rest)`` left beside the counted heaps ``dv``."""
    stored = {identity: [frozenset()]}
    todo = [(identity, frozenset())]
    while todo:
        x, t = todo.pop()
        if t not in stored[x]:
            continue
        for h in heaps:
            if not options[h]:
                continue
            x2 = int(column[h][x])
            if x2 == outside:
                continue
            # the word h v: a move in v leaves x psi(v') psi(h), a move in h leaves x psi(rest)
            t2 = frozenset((dv, int(column[h][y])) for dv, y in t) | frozenset(
                (dv, int(xs[x])) for dv, xs in options[h])
            have = stored.setdefault(x2, [])
            if any(s and s <= t2 for s in have):
                continue
            have[:] = [s for s in have if not s or not t2 <= s]
            have.append(t2)
            todo.append((x2, t2))
    return {(x, t) for x, sets in stored.items() for t in sets}


def elements(heaps, col, identity, limits):
    """Sorted ``(counts, value)`` pairs reached from ``((0, ..), identity)`` by the heaps, the
    counts of heaps ``>= t`` at most ``k`` for each limit ``(t, k)``."""
    start = (tuple(0 for _ in limits), identity)
    seen, todo = {start}, [start]
    while todo:
        prof, x = todo.pop()
        for h in heaps:
            p2 = tuple(c + (h >= t) for c, (t, _) in zip(prof, limits))
            if any(c > k for c, (_, k) in zip(p2, limits)):
                continue
            c = col(h)
            y = (p2, x if c is None else int(c[x]))
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return sorted(seen)


def word_of_values(identity, outside, heaps, action):
    """A shortest word (as its length) for each value reachable from ``identity``."""
    dist, front = {identity: 0}, [identity]
    while front:
        nxt = []
        for x in front:
            for row, _ in enumerate(heaps):
                y = int(action[row][x])
                if y not in dist and y != outside:
                    dist[y] = dist[x] + 1
                    nxt.append(y)
        front = nxt
    return dist
