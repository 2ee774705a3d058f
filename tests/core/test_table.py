"""The compact intern table (:mod:`misere.core.table`) against a dictionary-keyed reference.

The reference is the obvious table: a dict from ``(sorted lefts, sorted rights)`` to ids given
in order of creation, birthdays from the definition. Fresh copies of the module are loaded so
that big and adversarial tables (tiny probe tails, forced collisions, both rebuild paths) can be
built without touching the package's own table.
"""
from __future__ import annotations

import importlib.util
import random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from misere.core import table
from misere.errors import ComputationLimitError, InvalidArgumentError


class Reference:
    """Dictionary-keyed intern table: ids in order of creation."""

    def __init__(self) -> None:
        self.index: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self.forms: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def intern(self, lefts: list[int], rights: list[int]) -> int:
        key = (tuple(sorted(set(lefts))), tuple(sorted(set(rights))))
        if key not in self.index:
            self.index[key] = len(self.forms)
            self.forms.append(key)
        return self.index[key]

    def birthdays(self) -> list[int]:
        """By the definition, in order of creation (options are created first)."""
        out: list[int] = []
        for lt, rt in self.forms:
            out.append(max((out[x] + 1 for x in lt + rt), default=0))
        return out


_copies = 0


def fresh() -> ModuleType:
    """A new, independent copy of :mod:`misere.core.table` (its own empty table but ZERO)."""
    global _copies
    _copies += 1
    spec = importlib.util.spec_from_file_location(f"misere.core._table_copy{_copies}", table.__file__)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _script(rng: random.Random, n: int, width: int = 30) -> list[tuple[list[int], list[int]]]:
    """``n`` intern calls whose options are recent ids (repeats and re-interning included);
    the ids exist because the reference creates them as the script is written."""
    ref = Reference()
    ref.intern([], [])
    calls = []
    for _ in range(n):
        k = len(ref.forms)
        pick = lambda: [k - 1 - rng.randrange(min(k, width)) for _ in range(rng.randint(0, 3))]  # noqa: E731
        call = (pick(), pick())
        ref.intern(*call)
        calls.append(call)
    return calls


def _check_same(mod: ModuleType, calls: list[tuple[list[int], list[int]]]) -> None:
    ref = Reference()
    ref.intern([], [])
    for lefts, rights in calls:
        assert mod.intern(lefts, rights) == ref.intern(lefts, rights)
    assert mod.size() == len(ref.forms)
    for g, (lt, rt) in enumerate(ref.forms):
        assert mod.LEFTS[g] == mod.left(g) == lt and mod.RIGHTS[g] == mod.right(g) == rt
    assert [mod.birthday(g) for g in range(mod.size())] == ref.birthdays()
    # every form is found again (a hit returns its id, creates nothing)
    for g, (lt, rt) in enumerate(ref.forms):
        assert mod.intern(list(reversed(lt)) * 2, rt) == g
    assert mod.size() == len(ref.forms)
    assert mod._slots[mod._last] == -1 and 2 * mod.size() <= mod._mask + 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 300))
def test_same_ids_options_birthdays_as_the_reference(seed: int, n: int) -> None:
    _check_same(fresh(), _script(random.Random(seed), n))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([1, 2, 5]))
def test_short_probe_tails_and_collisions(seed: int, tail: int) -> None:
    """A probe tail of a few slots forces rebuilds at unchanged capacity (the sentinel reached);
    a hash keeping 3 bits forces long collision runs: ids stay those of the reference."""
    mod = fresh()
    mod._TAIL = tail
    mod._rebuild(mod._mask + 1)
    _check_same(mod, _script(random.Random(seed), 200))
    mod = fresh()
    mod.hash = lambda key: hash(key) & 7  # every form in one of 8 home slots
    mod._hash[0] = mod.hash(((), ()))  # ZERO was interned with the true hash
    mod._rebuild(mod._mask + 1)
    _check_same(mod, _script(random.Random(seed), 150, width=8))


def test_large_table_uses_the_vectorised_rebuild() -> None:
    """40 000 forms: with numpy loaded the index is rebuilt by the vectorised placement from
    2^10 forms on (pure Python below, and below 2^15 when numpy is absent); both give a valid
    index, the vectorised one also when asked for at an unchanged capacity."""
    import numpy  # noqa: F401  (loaded: the vectorised path is taken)

    mod = fresh()
    _check_same(mod, _script(random.Random(5), 40_000, width=60))
    mod._slots = mod._rebuild_vectorised(mod._mask)
    mod._last = len(mod._slots) - 1
    assert mod._slots[mod._last] == -1
    assert all(mod.intern(lt, rt) == g for g, (lt, rt) in enumerate(zip(mod.LEFTS, mod.RIGHTS)))
    assert mod.size() == len(mod.LEFTS)


def test_option_sets_deduplicated_in_any_form() -> None:
    mod = fresh()
    z = mod.ZERO
    star = mod.intern((z,), [z, z])
    assert mod.intern([z], (z,)) == mod.intern(iter([z, z]), {z}) == star
    up = mod.intern([z], [star])
    assert mod.intern((z, z), (star, star, star)) == up
    assert mod.intern([star, z, star], []) == mod.intern((z, star), ()) != up
    assert mod.birthday(up) == 2 and mod.LEFTS[up] == (z,) and mod.RIGHTS[up] == (star,)


def test_node_limit_and_bad_limits() -> None:
    mod = fresh()
    old = mod.set_node_limit(3)
    a = mod.intern([0], [])
    b = mod.intern([], [0])
    assert mod.intern([0], []) == a  # hits are allowed at the limit
    with pytest.raises(ComputationLimitError, match="more than 3"):
        mod.intern([a], [b])
    assert mod.size() == 3
    mod.set_node_limit(old)
    assert mod.intern([a], [b]) == 3
    with pytest.raises(InvalidArgumentError, match="2\\*\\*31"):
        table.set_node_limit(2**31)


def test_package_table_is_consistent() -> None:
    """The package's own table: every form interned so far is found under its own id."""
    n = table.size()
    for g in range(n):
        assert table.intern(table.LEFTS[g], table.RIGHTS[g]) == g
    assert table.size() == n
    assert table.index_bytes() > 0
