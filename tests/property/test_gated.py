"""A gated pattern (stef_core.gated) answers exactly as the pattern it gates: every match holds
one of its needles, so a text without any has no match. Checked for each gated pattern the
readers define, on texts made of its needles, their pieces and prose around them, and for
patterns written to defeat the reading of needles (optional parts, branches, case)."""

from __future__ import annotations

import importlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stef_core.gated import Gated, gated, needles

SETTINGS = settings(max_examples=150, deadline=None)

#: Modules whose readers search the question with gated patterns.
MODULES = ("stef_align.aggregates", "stef_align.events", "stef_align.filters",
           "stef_align.joins", "stef_align.numerators", "stef_align.repeats",
           "stef_judges.signals", "stef_question.concepts.enrichment",
           "stef_question.concepts.grouping", "stef_question.frame")


def _gated_patterns() -> list[tuple[str, Gated]]:
    out = []
    for name in MODULES:
        module = importlib.import_module(name)
        out += [(f"{name}.{attr}", value) for attr, value in vars(module).items()
                if isinstance(value, Gated)]
    return out


GATED = _gated_patterns()
PIECES = ["no", "not", "n't", "%", " per ", "(", ")", "=", "<", ">", "'", '"', "`", "un", "non",
          "past due", "overdue", "show zeros", "including", "repeat", "returning", "latest",
          "most recent", "units", "percent", "pct", "dau", "daily active users", "avg", "://",
          "x_id", " ", "-", "_", "a", "Z", "1", "\n", "é"]


def _texts(extra: list[str]) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(PIECES + extra) | st.text(max_size=4), max_size=12).map(
        "".join)


def _same(g: Gated, text: str) -> None:
    p = g.compiled
    a, b = g.search(text), p.search(text)
    assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups()))
    assert g.findall(text) == p.findall(text)
    assert [m.span() for m in g.finditer(text)] == [m.span() for m in p.finditer(text)]
    assert g.sub("x", text) == p.sub("x", text)
    assert (g.match(text) is None) == (p.match(text) is None)


def test_the_readers_gate_their_question_patterns() -> None:
    assert len(GATED) >= 16
    assert all(g.needles for _, g in GATED)


@pytest.mark.parametrize(("name", "g"), GATED, ids=[n for n, _ in GATED])
@SETTINGS
@given(data=st.data())
def test_a_gated_pattern_answers_as_the_pattern(name: str, g: Gated, data: st.DataObject) -> None:
    pieces = [p for n in g.needles for p in (n, n[:-1], n[1:], n.upper())]
    _same(g, data.draw(_texts(pieces)))


@pytest.mark.parametrize(("pattern", "flags", "expected"), [
    (r"%|\bpercent(?:age)?s?\b|\bpct\b", 0, ("%", "pct", "percent")),
    (r"\b(?:repeat|returning)\s+([a-z]+)", 0, ("peat", "turning")),  # the prefix is shared
    (r"\b(\w+)_id\b", 0, ("_id",)),
    (r"(?:abc)?d*", 0, None),                  # may match nothing
    (r"abc|\d+", 0, None),                     # a branch without a literal
    (r"(?:abc){0,3}x", 0, ("x",)),             # an optional repeat holds nothing
    (r"(?:abc){2,3}", 0, ("abc",)),
    (r"over", re.IGNORECASE, None),            # other spellings match
    (r"(?i)over", 0, None),
    (r"(?i:over)due", 0, ("due",)),
    (r"(?=abc)\w+", 0, None),                  # a lookahead matches nothing itself
    ("|".join(f"w{i}x" for i in range(9)), 0, None),  # too many to test cheaply
])
def test_needles(pattern: str, flags: int, expected: tuple[str, ...] | None) -> None:
    assert needles(pattern, flags) == expected


@SETTINGS
@given(st.sampled_from([r"(?i:over)due", r"(?:abc){0,3}x", r"a(?:b|cd)+e", r"x(?:yz)?w",
                        r"[ab]c(?:de|fg)\b", r"(?>ab|c)d"]),
       _texts(["abc", "over", "OVERdue", "due", "cd", "bcde", "yzw", "xw", "ac", "ab", "cd"]))
def test_any_gated_pattern_answers_as_the_pattern(pattern: str, text: str) -> None:
    _same(gated(pattern), text)
