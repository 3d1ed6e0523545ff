"""The lexicon's shortcuts answer as its lookups do: a word outside ``starts(concept)`` opens
no phrase (``at`` finds none there), and ``w in singles(concept)`` is ``has(concept, w)``.
The readers test a token against them before calling ``at`` or ``has`` on every token, so a
shortcut that disagreed would change what they read; ``find`` visits only the tokens that open
a phrase and finds what a walk over every token finds. Checked for every concept of the built-in
lexicon and of one R_app extends, on word sequences made of the lexicon's own words (whole
phrases, their pieces) and others."""

from __future__ import annotations

import json
from pathlib import Path

import stef_question
from hypothesis import given, settings
from hypothesis import strategies as st
from stef_question.lexicon import Lexicon, freeze, lexicon

SETTINGS = settings(max_examples=200, deadline=None)

EXTENDED = lexicon(freeze({"negation": {"except for": "not"}, "comparative": {"above par": ">="},
                           "aggregate": {"tally": "count"}}))
LEXICONS = (lexicon(), EXTENDED)
CONCEPTS = sorted(c for c in json.loads(Path(stef_question.__file__).with_name(
    "lexicon.json").read_text(encoding="utf-8")) if not c.startswith("_"))


def _words(lex: Lexicon) -> list[str]:
    return sorted({w for c in CONCEPTS for phrase in lex.table(c) for w in phrase.split(" ")})


WORDS = st.sampled_from(sorted({*_words(lexicon()), *_words(EXTENDED), "orders", "the", "5",
                                 "", "-", "x", "é", "at", "least", "not"}))


@SETTINGS
@given(lex=st.sampled_from(LEXICONS), concept=st.sampled_from(CONCEPTS),
       words=st.lists(WORDS, max_size=8))
def test_a_word_outside_starts_opens_no_phrase(lex: Lexicon, concept: str,
                                               words: list[str]) -> None:
    starts = lex.starts(concept)
    for i, word in enumerate(words):
        if word not in starts:
            assert lex.at(concept, words, i) is None


@SETTINGS
@given(lex=st.sampled_from(LEXICONS), concept=st.sampled_from(CONCEPTS), word=WORDS)
def test_singles_are_the_one_word_phrases(lex: Lexicon, concept: str, word: str) -> None:
    assert (word in lex.singles(concept)) == lex.has(concept, word)


def test_an_unknown_concept_has_no_shortcut() -> None:
    lex = lexicon()
    assert not lex.starts("no such concept") and not lex.singles("no such concept")


@SETTINGS
@given(lex=st.sampled_from(LEXICONS), concept=st.sampled_from(CONCEPTS),
       word=WORDS | st.from_regex(r"[a-z]{1,12}", fullmatch=True))
def test_a_plain_word_means_what_its_table_says(lex: Lexicon, concept: str, word: str) -> None:
    # get() looks a plain lower-case word up as its own one-word phrase, without tokenizing
    if word.isascii() and word.isalpha() and word.islower():
        assert lex.get(concept, word) == lex.table(concept).get(word)


def _walk(lex: Lexicon, concept: str, words: list[str], skip: frozenset[int]) -> list[object]:
    """``find`` as a walk over every token (what it was before it visited only the tokens
    whose word opens a phrase)."""
    out = []
    i = 0
    while i < len(words):
        m = None if i in skip else lex.at(concept, words, i)
        if m is None:
            i += 1
            continue
        if m.meaning != "none":
            out.append(m)
        i = m.end
    return out


@SETTINGS
@given(lex=st.sampled_from(LEXICONS), concept=st.sampled_from([*CONCEPTS, "no such concept"]),
       words=st.lists(WORDS, max_size=12), skip=st.frozensets(st.integers(0, 12), max_size=4))
def test_find_is_the_walk_over_every_token(lex: Lexicon, concept: str, words: list[str],
                                           skip: frozenset[int]) -> None:
    assert lex.find(concept, words, skip) == _walk(lex, concept, words, skip)
