"""Every public function of ``misere`` refuses wrong argument types and values with a one-line
MisereError that is also a ValueError/TypeError; ``import misere`` stays light."""
from __future__ import annotations

import subprocess
import sys

import pytest

import misere as m
from misere.errors import InvalidArgumentError, MisereError, NotationError, UnknownUniverseError

G = m.parse("*")

BAD_CALLS = [
    ("born_by('2')", lambda: m.born_by("2"), r"^a day must be a non-negative integer, got str '2'$"),
    ("born_by(-1)", lambda: m.born_by(-1), r"^a day must be a non-negative integer, got -1$"),
    ("born_by(True)", lambda: m.born_by(True), r"got bool True"),
    ("born_by(1.5)", lambda: m.born_by(1.5), r"got float 1\.5"),
    ("count_born_by(-2)", lambda: m.count_born_by(-2), r"non-negative integer, got -2"),
    ("count_born_by('x', 'I')", lambda: m.count_born_by("x", "I"), r"got str 'x'"),
    ("outcome(3)", lambda: m.outcome(3), r"^game: expected a Game or a notation string, got int 3$"),
    ("outcome(None)", lambda: m.outcome(None), r"got NoneType None"),
    ("outcome('*', normal='yes')", lambda: m.outcome("*", normal="yes"), r"^normal must be True or False"),
    ("outcome_of_sum('*+*')", lambda: m.outcome_of_sum("*+*"), r"^games must be a list of games, got str"),
    ("outcome_of_sum(5)", lambda: m.outcome_of_sum(5), r"^games must be a list of games, got int 5$"),
    ("outcome_of_sum([1, 2])", lambda: m.outcome_of_sum([1, 2]), r"expected Games or notation strings, got int"),
    ("outcome_of_sum simplify", lambda: m.outcome_of_sum(["*"], simplify=None), r"^simplify must be True or False"),
    ("canonical([])", lambda: m.canonical([]), r"got list \[\]"),
    ("canonical universe=3", lambda: m.canonical("*", universe=3), r"^a universe is a name or a Universe, got int 3$"),
    ("compare('0', 5)", lambda: m.compare("0", 5), r"got int 5"),
    ("ge(G, 1.0)", lambda: m.ge(G, 1.0), r"got float 1\.0"),
    ("comparison(None, G)", lambda: m.comparison(None, G), r"got NoneType"),
    ("distinguish(G, b'0')", lambda: m.distinguish(G, b"0"), r"got bytes"),
    ("invertibility(7)", lambda: m.invertibility(7), r"got int 7"),
    ("is_invertible('*', 0)", lambda: m.is_invertible("*", 0), r"a universe is a name or a Universe"),
    ("parse(5)", lambda: m.parse(5), r"^expected notation as a string, got int 5$"),
    ("parse names", lambda: m.parse("A", names={"A": "*"}), r"^names must be a dict from str to Game"),
    ("parse_list(None)", lambda: m.parse_list(None), r"expected notation as a string"),
    ("game('0')", lambda: m.game("0"), r"^lefts must be a list of games, got str '0'$"),
    ("game([0])", lambda: m.game([0], []), r"^lefts: expected Games or notation strings, got int"),
    ("game(rights=3)", lambda: m.game([], 3), r"^rights must be a list of games, got int 3$"),
    ("find_universe(1)", lambda: m.find_universe(1), r"a universe is a name or a Universe, got int 1"),
    ("limits(timeout=-1)", lambda: m.limits(timeout=-1).__enter__(), r"timeout must be a positive number"),
    ("limits(max_memory='lots')", lambda: m.limits(max_memory="lots").__enter__(), r"not a memory size: 'lots'"),
    ("Game.from_options", lambda: m.Game.from_options([3]), r"expected a Game or notation string, got int"),
]


@pytest.mark.parametrize("name, call, match", BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_wrong_arguments_are_one_line_misere_errors(name: str, call, match: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidArgumentError, match=match) as info:
        call()
    err = info.value
    assert isinstance(err, MisereError) and isinstance(err, ValueError) and isinstance(err, TypeError)
    assert "\n" not in str(err)


def test_other_bad_values_keep_their_own_errors() -> None:
    with pytest.raises(UnknownUniverseError, match="unknown universe 'nope'"):
        m.canonical("*", universe="nope")
    with pytest.raises(NotationError, match=r"cannot parse '\{0\|' at position 3"):
        m.outcome("{0|")
    with pytest.raises(NotationError, match="a number of at most 100,000 digits"):
        m.outcome("*" + "9" * 100_001)


def test_good_calls_still_work() -> None:
    assert m.born_by(1, "general") == m.born_by(1)
    assert len(m.born_by(1)) == 4
    assert m.outcome_of_sum(("*", G)) == "N"
    assert m.game(["0"], [G]) == m.parse("{0|*}")
    assert m.parse("A+A", names={"A": G}) == m.parse("*+*")
    assert m.parse("1") >= m.parse("1") and not (m.parse("1") >= m.parse("0"))


def test_import_misere_is_light() -> None:
    """``import misere`` loads neither numpy nor rich nor typer, nor the heavy subpackages;
    those come on first use (issue 10 item 5)."""
    code = ("import sys, misere\n"
            "heavy = ['numpy', 'rich', 'typer', 'misere.quotients', 'misere.rulesets', 'misere.universes']\n"
            "print(','.join(k for k in heavy if k in sys.modules))\n"
            "misere.outcome('*3+*2'); misere.parse('{0|*}')\n"
            "print(','.join(k for k in heavy if k in sys.modules))\n"
            "print(misere.rulesets.__name__, misere.quotient.__name__, misere.Quotient.__name__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["", "", "misere.rulesets quotient Quotient"]
    assert {"rulesets", "quotient", "find_universe"} <= set(dir(m))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        m.nope  # noqa: B018
