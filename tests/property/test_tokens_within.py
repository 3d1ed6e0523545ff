"""A piece of a tokenized text read from the text's own tokens (stef_question.text.tokens_within)
has exactly the tokens that tokenizing the piece alone makes: the same words, kinds and spans.
Checked on texts made of the tokenizer's hard cases (quotes, versions, clocks, decades, money,
codes, full stops after digits, titles) cut at every position, and on the hint clauses the
enrichment reader splits."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_question.concepts.enrichment import _clauses
from stef_question.text import tokenize, tokens_within

SETTINGS = settings(max_examples=300, deadline=None)

PIECES = ["1.2.3", "1.2", "3", ".", ". ", ";", "\uff1b", ":", "10:30", "1980s", "5th", "3M",
          "00D2", "USD100", "1,000", "-5", "10-20", "'", "'abc'", '"x y"', "`col`",
          "\u2018a\u2019", "Dr.", " ", "\n", "refers to", "=", "'F'", "gender", "é", "_", "a",
          "Z", "%", "&", "-"]
TEXTS = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=14).map("".join)


def _tokens(text: str, start: int = 0) -> list[tuple[str, str, int, int, str]]:
    return [(t.text, t.low, t.start - start, t.end - start, t.kind)
            for t in tokenize(text).tokens]


def _same_as_alone(text: str, start: int, end: int) -> bool:
    t = tokenize(text)
    within = tokens_within(t, start, end)
    if within is None:
        return False
    i, j = within
    alone = tokenize(t.raw[start:end])
    assert [(x.text, x.low, x.start - start, x.end - start, x.kind)
            for x in t.tokens[i:j]] == _tokens(t.raw[start:end])
    assert t.words[i:j] == alone.words
    return True


@SETTINGS
@given(TEXTS)
def test_every_cut_read_from_the_tokens_is_the_cut_tokenized(text: str) -> None:
    raw = tokenize(text).raw
    for start in range(len(raw) + 1):
        for end in range(start, len(raw) + 1):
            _same_as_alone(text, start, end)


def test_a_cut_the_look_arounds_read_is_tokenized_again() -> None:
    for text, start, end in (("a.1.2.3", 2, 7), ("a:10:30", 2, 7), ("x'abc' d", 2, 8),
                             ("v 1.2.3.", 0, 7), ("10:30:", 0, 5)):
        assert tokens_within(tokenize(text), start, end) is None


@SETTINGS
@given(st.lists(TEXTS, min_size=1, max_size=4).map("; ".join))
def test_hint_clauses_are_read_from_the_hint(hint: str) -> None:
    raw = tokenize(hint).raw
    for clause, at in _clauses(hint):
        assert raw[at : at + len(clause)] == clause
        _same_as_alone(hint, at, at + len(clause))


def test_most_cuts_at_token_edges_are_read_from_the_tokens() -> None:
    hint = "female refers to gender = 'F'; born after 1990 refers to year > 1990. v 1.2.3."
    read = [_same_as_alone(hint, at, at + len(clause)) for clause, at in _clauses(hint)]
    assert read == [True, True, False]  # "v 1.2.3" alone is a version, "1.2.3." is not
