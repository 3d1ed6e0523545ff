"""The words after a counted noun (stef_align.aggregates._words_after), found without a pattern
per noun, are what the pattern it replaces finds: ``re.search(r"\\b" + re.escape(word) +
r"((?:\\s+[a-z][a-z-]*){1,2})", text)``. Checked on texts made of word boundaries' hard cases
(underscores, digits, hyphens, accented and dotted letters, Unicode blanks), with words that
open and end on word and non-word characters."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align.aggregates import _words_after

SETTINGS = settings(max_examples=500, deadline=None)

PIECES = ["hours", "billable", "how many", " ", "  ", "\t", "\n", "\u00a0", "\u2028", "_", "-",
          "x", "1", "2nd", "é", "\u0130", "'", ".", ",", "non-billable", "a-b", "road miles"]
TEXTS = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=12).map("".join)
WORDS = st.sampled_from(["hours", "billable", "_x", "-", "é", "a", "1", "ours", ""]) | st.text(
    max_size=3)


def _pattern(text: str, word: str) -> list[str]:
    m = re.search(r"\b" + re.escape(word) + r"((?:\s+[a-z][a-z-]*){1,2})", text)
    return m.group(1).split() if m is not None else []


@SETTINGS
@given(TEXTS, WORDS)
def test_words_after_is_the_pattern(text: str, word: str) -> None:
    assert _words_after(text, word) == _pattern(text, word)


def test_words_after_cases() -> None:
    for text, word in [("how many billable hours", "billable"), ("x_billable hours", "billable"),
                       ("-- hours", "-"), ("a-hours b", "-"), ("hours", "hours"), ("", ""),
                       (" hours", ""), ("ourshours x", "ours")]:
        assert _words_after(text, word) == _pattern(text, word), (text, word)
