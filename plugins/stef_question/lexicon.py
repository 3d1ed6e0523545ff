"""Cue words as data: ``lexicon.json`` (shipped in the package) plus R_app's ``lexicon``.

Each concept maps phrases to meanings (``"how many": "COUNT"``, ``"at least": ">="``). Phrases
match whole tokens, longest first, so ``"at least"`` wins over ``"least"``; a meaning of
``"none"`` claims its words without meaning anything (``"first name"`` is no superlative).
R_app adds phrases to the concepts listed in :data:`EXTENDABLE` and wins where both define one.

>>> lex = lexicon()
>>> words = ("how", "many", "orders", "cost", "at", "least", "5")
>>> [(m.start, m.end, m.meaning) for m in lex.find("comparative", words)]
[(4, 6, '>=')]
>>> lex.at("aggregate", words, 0).meaning
'COUNT'
>>> lexicon((("aggregate", (("tally up", "SUM"),)),)).at("aggregate", ("tally", "up"), 0).meaning
'SUM'
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from pathlib import Path
from types import MappingProxyType
from typing import Any

from stef_core.models import LEXICON_MEANINGS
from stef_question.text import MAX_CHARS, MAX_TOKENS, tokenize

#: The concepts R_app may extend (``Ruleset.lexicon``) and the meanings each accepts.
EXTENDABLE: dict[str, frozenset[str]] = {
    concept: frozenset(meanings) for concept, meanings in LEXICON_MEANINGS.items()
}
#: How many words the longest phrase may have (longer R_app phrases are ignored).
MAX_PHRASE_WORDS = 8


@dataclass(frozen=True, slots=True)
class Match:
    """A phrase found at tokens ``start`` to ``end`` (exclusive) with its ``meaning``."""

    start: int
    end: int
    meaning: str
    phrase: str


#: Lower-case ASCII words, one space apart: what most phrases (and every plain word a reader
#: looks up) are; the tokenizer makes one ``word`` token of each word, its own lower case.
_PLAIN = re.compile(r"[a-z]+(?: [a-z]+)*")


@lru_cache(maxsize=8192)
def phrase_words(phrase: str) -> tuple[str, ...]:
    """A lexicon phrase as the token forms it matches (tokenized like question text; a plain
    phrase is split at its spaces, which is what the tokenizer would make of it)."""
    if len(phrase) <= MAX_CHARS and _PLAIN.fullmatch(phrase) \
            and phrase.count(" ") < MAX_TOKENS:
        return tuple(phrase.split(" "))
    return tuple(t.low for t in tokenize(phrase).tokens)


_NO_PHRASES: Mapping[Any, Any] = MappingProxyType({})  # a concept the lexicon lacks


class Lexicon:
    """Phrase tables per concept, indexed by first word; lookups cost O(phrases per word)."""

    def __init__(self, table: Mapping[str, Mapping[str, str]]) -> None:
        self._index: dict[str, dict[str, list[tuple[tuple[str, ...], str, str]]]] = {}
        self._meanings: dict[str, dict[tuple[str, ...], str]] = {}
        self._meaning_sets: dict[str, frozenset[str]] = {}
        self._singles: dict[str, frozenset[str]] = {}
        for concept, phrases in table.items():
            if concept.startswith("_"):
                continue
            index: dict[str, list[tuple[tuple[str, ...], str, str]]] = {}
            meanings: dict[tuple[str, ...], str] = {}
            for phrase, meaning in phrases.items():
                words = phrase_words(phrase)
                if not words or len(words) > MAX_PHRASE_WORDS:
                    continue
                meanings[words] = meaning
            for words, meaning in meanings.items():
                index.setdefault(words[0], []).append((words, meaning, " ".join(words)))
            for entries in index.values():
                entries.sort(key=lambda e: -len(e[0]))  # longest first
            self._index[concept] = index
            self._meanings[concept] = meanings

    def get(self, concept: str, phrase: str) -> str | None:
        """The meaning of exactly ``phrase`` in ``concept``, or None."""
        table = self._meanings.get(concept, _NO_PHRASES)
        if phrase.isascii() and phrase.isalpha() and phrase.islower() and len(phrase) <= MAX_CHARS:
            # a plain word (most lookups: a token's word) is its own one-word phrase, as
            # phrase_words says; looked up without the call
            return table.get((phrase,))
        return table.get(phrase_words(phrase))

    def table(self, concept: str) -> dict[str, str]:
        """Every phrase of ``concept`` (its words joined by spaces) with its meaning."""
        return {" ".join(w): m for w, m in self._meanings.get(concept, {}).items()}

    def phrases(self, concept: str, meaning: str) -> list[str]:
        """Every phrase of ``concept`` with ``meaning`` (for synonym groups)."""
        return [" ".join(w) for w, m in self._meanings.get(concept, {}).items() if m == meaning]

    def meanings(self, concept: str) -> frozenset[str]:
        """Every meaning ``concept`` maps its phrases to (``time_unit``: month, day ...)."""
        found = self._meaning_sets.get(concept)
        if found is None:  # the tables never change after construction
            found = self._meaning_sets[concept] = frozenset(
                self._meanings.get(concept, {}).values())
        return found

    def singles(self, concept: str) -> frozenset[str]:
        """Every one-word phrase of ``concept``: ``w in lex.singles(c)`` is ``lex.has(c, w)``,
        and a text's words are tested against it at once (``isdisjoint``)."""
        found = self._singles.get(concept)
        if found is None:  # the tables never change after construction
            found = self._singles[concept] = frozenset(
                w[0] for w in self._meanings.get(concept, {}) if len(w) == 1)
        return found

    def has(self, concept: str, word: str) -> bool:
        """Is the one-word phrase ``word`` (lower-case) a cue of ``concept``?"""
        return (word,) in self._meanings.get(concept, _NO_PHRASES)

    def starts(self, concept: str) -> Mapping[str, object]:
        """The words a phrase of ``concept`` starts with (read only): :meth:`at` finds nothing
        at a token whose word is not among them. Readers that try :meth:`at` at every token
        test this first: most words open no phrase, and the test costs a fraction of a call."""
        return self._index.get(concept, _NO_PHRASES)

    def at(self, concept: str, words: Sequence[str], i: int) -> Match | None:
        """The longest phrase of ``concept`` starting at token ``i``, or None."""
        if i >= len(words):
            return None
        # called at most tokens of a question for a few concepts: most words open no phrase
        entries = self._index.get(concept, _NO_PHRASES).get(words[i])
        if entries is None:
            return None
        for phrase, meaning, text in entries:
            n = len(phrase)
            if tuple(words[i : i + n]) == phrase:
                return Match(i, i + n, meaning, text)
        return None

    def find(
        self, concept: str, words: Sequence[str], skip: frozenset[int] = frozenset()
    ) -> list[Match]:
        """Non-overlapping phrases of ``concept`` left to right (longest at each position),
        ``none`` meanings left out; tokens in ``skip`` start no phrase."""
        out: list[Match] = []
        index = self._index.get(concept, _NO_PHRASES)
        if index.keys().isdisjoint(words):  # no word opens a phrase (most texts, most concepts)
            return out
        end = 0  # where the last phrase found ends: no phrase starts inside it
        # Only the positions whose word opens a phrase, left to right: what a walk over every
        # token would try (the others find nothing); picked without a Python step per token.
        for i in compress(range(len(words)), map(index.__contains__, words)):
            if i < end or i in skip:
                continue
            m = self.at(concept, words, i)
            if m is None:
                continue
            if m.meaning != "none":
                out.append(m)
            end = m.end
        return out


@lru_cache(maxsize=1)
def _builtin() -> dict[str, dict[str, str]]:
    path = Path(__file__).with_name("lexicon.json")
    data: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return data


Extra = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


def freeze(extra: Mapping[str, Mapping[str, str]] | None) -> Extra:
    """R_app's lexicon as a hashable key (only the concepts R_app may extend)."""
    if not extra:
        return ()
    return tuple(
        (concept, tuple(sorted((str(k), str(v)) for k, v in phrases.items())))
        for concept, phrases in sorted(extra.items())
        if concept in EXTENDABLE
    )


@lru_cache(maxsize=64)
def lexicon(extra: Extra = ()) -> Lexicon:
    """The built-in lexicon extended by R_app's (see :func:`freeze`); built once per ruleset."""
    table = {concept: dict(phrases) for concept, phrases in _builtin().items()
             if not concept.startswith("_")}
    for concept, phrases in extra:
        allowed = EXTENDABLE.get(concept)
        if allowed is None:
            continue
        merged = table.setdefault(concept, {})
        for phrase, meaning in phrases:
            if meaning in allowed or meaning.upper() in allowed:
                merged[phrase.lower()] = meaning.upper() if concept == "aggregate" else meaning
    return Lexicon(table)
