"""stef_align.names.parts splits a name at its digits only where a letter meets a digit: a
run of letters or of digits alone is one word without the lookaround split. The words must be
those the split gives everywhere."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align.names import parts

_SPLIT = re.compile(r"[^a-z0-9]+")
_DIGITS = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")


def _split_everywhere(identifier: str) -> tuple[str, ...]:
    out: list[str] = []
    for p in _SPLIT.split(identifier.lower()):
        if p:
            out.extend(x for x in _DIGITS.split(p) if x)
    return tuple(out)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="abzAZ019_ .-\u0130\u0131\u017f\u212a\u00e9", max_size=16))
def test_a_name_has_the_words_the_digit_split_gives(identifier: str) -> None:
    assert parts.__wrapped__(identifier) == _split_everywhere(identifier)
