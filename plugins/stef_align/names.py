"""Matching the question's words with the SQL's identifiers, without a schema.

An identifier is split into its parts (``customerEmail``, ``customer_email``, ``NumGE1500``);
a word matches a part by stem (:func:`stef_core.words.stem`: "cities" ~ ``city``, "emails" ~
``email``), and R_app synonyms and enrichment bindings map words to columns.

>>> parts("LifeExpectancy"), parts("free_meal_count (k-12)")
(('lifeexpectancy',), ('free', 'meal', 'count', 'k', '12'))
>>> word_matches("expectancies", "LifeExpectancy"), word_matches("email", "phone")
(True, False)
>>> word_matches("extension", "Ext"), word_matches("average", "AvgScrRead")
(True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

from stef_core.words import norm, stem

_SPLIT = re.compile(r"[^a-z0-9]+")
_DIGITS = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")


@lru_cache(maxsize=16384)
def parts(identifier: str) -> tuple[str, ...]:
    """The words of an identifier, split at separators and digits. Case is ignored on
    purpose: ``AvgScrRead`` and ``avgscrread`` are one identifier, so a glued name is matched
    by prefix and suffix (see :func:`word_matches`), never by its capitals."""
    out: list[str] = []
    for p in _SPLIT.split(identifier.lower()):
        if p:
            out.extend(x for x in _DIGITS.split(p) if x)
    return tuple(out)


def bare(column: str) -> str:
    """A column without its table and quotes: ``t."customer_id"`` -> ``customer_id``."""
    return column.rsplit(".", 1)[-1].strip('"`[] ')


@lru_cache(maxsize=16384)
def part_stems(identifier: str) -> frozenset[str]:
    ps = parts(identifier)
    stems = {stem(p) for p in ps}
    stems.add(stem(norm(identifier)))
    return frozenset(stems)


@lru_cache(maxsize=65536)
def word_matches(word: str, identifier: str) -> bool:
    """Does ``word`` name ``identifier`` or one of its parts? By stem ("cities" ~ ``city``);
    a word that opens or closes a glued part (``avg`` ~ ``avgscrread``, "email" ~
    ``admemail1``, "expectancy" ~ ``lifeexpectancy``); a part that abbreviates the word
    ("extension" ~ ``ext``, "description" ~ ``desc``)."""
    w = stem(word)
    if len(w) < 2:
        return False
    stems = part_stems(identifier)
    if w in stems:
        return True
    for p in parts(identifier):
        if len(w) >= 3 and len(p) > len(w) and (p.startswith(w) or
                                                (len(w) >= 4 and p.endswith(w))):
            return True
        if len(p) >= 3 and len(w) > len(p) and w.startswith(p):
            return True
        if len(w) >= 7 and len(p) >= 7 and abs(len(w) - len(p)) <= 3 and w[:5] == p[:5]:
            return True  # a misspelling ("descripition" ~ ``description``)
    return False
