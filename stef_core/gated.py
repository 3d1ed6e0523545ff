"""Regular expressions searched only in texts holding a word every match contains.

Most of the readers' patterns look for one of a few words ("%|\\bpercent...", "\\b(?:overdue|
past[- ]due)\\b") in every question, and most questions hold none of them. A pattern that
opens with ``\\b`` or an alternation gives Python's engine no prefix to skip ahead by, so it
tries every branch at every position of the text: 10-20 us a search of a BIRD question and its
hint. :func:`gated` compiles such a pattern with the literals every one of its matches
contains, read from the pattern's own parse (:func:`needles`); a text with none of them
cannot match, and is answered without running the pattern. Every result is the pattern's own.

>>> p = gated(r"%|\\bpercent(?:age)?s?\\b|\\bpct\\b")
>>> p.needles
('%', 'pct', 'percent')
>>> p.search("share of late orders") is None, p.search("what percentage of orders").group()
(True, 'percentage')
>>> needles(r"\\b(?:no|none|never|without|zero|nothing|not)\\b|n't\\b")
('no', "n't", 'zero', 'never', 'without')
>>> needles(r"\\b(\\w+)_id\\b"), needles(r"[a-z]+"), needles("x", re.IGNORECASE)
(('_id',), None, None)
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from typing import Any

# The engine's own parse of a pattern: re._constants / re._parser from Python 3.11 on,
# sre_constants / sre_parse on 3.10. Imported by name: typeshed has no stubs for re's private
# submodules, so mypy (2.4) rejects `from re import _parser`.
try:
    _c: Any = importlib.import_module("re._constants")
    _p: Any = importlib.import_module("re._parser")
except ImportError:  # pragma: no cover - Python 3.10
    _c = importlib.import_module("sre_constants")
    _p = importlib.import_module("sre_parse")

__all__ = ["Gated", "gated", "needles"]

#: More literals than this and testing them costs about what the search does.
MAX_NEEDLES = 8

_REPEATS = tuple(getattr(_c, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if hasattr(_c, name))
_ATOMIC = getattr(_c, "ATOMIC_GROUP", None)


def needles(pattern: str, flags: int = 0) -> tuple[str, ...] | None:
    """Literals such that every match of ``pattern`` contains at least one of them, or None
    when the pattern's parse does not say (case-insensitive patterns, a branch without a
    literal, more than :data:`MAX_NEEDLES`). Shorter literals first; a literal holding another
    is left out (the other is in every text that holds it)."""
    if flags & re.IGNORECASE:
        return None
    try:
        tree = _p.parse(pattern, flags)
    except Exception:  # pragma: no cover - re.compile reports it
        return None
    if tree.state.flags & re.IGNORECASE:  # an inline (?i)
        return None
    found = _needles(list(tree.data))
    if not found:
        return None
    kept = sorted(found, key=lambda n: (len(n), n))
    kept = [n for i, n in enumerate(kept) if not any(m in n for m in kept[:i])]
    if len(kept) > MAX_NEEDLES:
        return None
    return tuple(kept)


def _needles(items: list[tuple[Any, Any]]) -> set[str] | None:
    """Required literals of a sequence: the best of its literal runs and of its items'
    own (an item that may match nothing, or has no literal, says nothing)."""
    options: list[set[str]] = []
    run: list[str] = []
    for op, av in [*items, (None, None)]:
        if op is _c.LITERAL:
            run.append(chr(av))
            continue
        if run:
            options.append({"".join(run)})
            run = []
        inner: set[str] | None = None
        if op is _c.SUBPATTERN:
            _group, add, _del, sub = av
            if not add & re.IGNORECASE:  # (?i:...): its literals match other spellings too
                inner = _needles(list(sub.data))
        elif op is _c.BRANCH:
            union: set[str] = set()
            for alternative in av[1]:
                alt = _needles(list(alternative.data))
                if alt is None:
                    union = set()
                    break
                union |= alt
            inner = union or None
        elif op in _REPEATS:
            low, _high, sub = av
            if low >= 1:
                inner = _needles(list(sub.data))
        elif _ATOMIC is not None and op is _ATOMIC:
            inner = _needles(list(av.data))
        if inner:
            options.append(inner)
    if not options:
        return None
    # The set whose shortest literal is longest (rarest in prose), then the smallest set.
    return max(options, key=lambda s: (min(map(len, s)), -len(s)))


class Gated:
    """A compiled pattern and its :func:`needles`: searched only in a text holding one."""

    __slots__ = ("compiled", "needles", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.compiled = re.compile(pattern, flags)
        self.pattern = pattern
        self.needles = needles(pattern, flags) or ()

    # Each method tests the needles itself, in a loop (any() of a generator costs more), not
    # through a shared helper: these run thousands of times a run, mostly on texts holding no
    # needle, and a call is most of the cost of such a test. ``needles`` is empty only for a
    # pattern they cannot gate: it is searched everywhere.

    def search(self, text: str, *args: int) -> re.Match[str] | None:
        for needle in self.needles:
            if needle in text:
                return self.compiled.search(text, *args)
        return None if self.needles else self.compiled.search(text, *args)

    def match(self, text: str, *args: int) -> re.Match[str] | None:
        for needle in self.needles:
            if needle in text:
                return self.compiled.match(text, *args)
        return None if self.needles else self.compiled.match(text, *args)

    def fullmatch(self, text: str, *args: int) -> re.Match[str] | None:
        for needle in self.needles:
            if needle in text:
                return self.compiled.fullmatch(text, *args)
        return None if self.needles else self.compiled.fullmatch(text, *args)

    def findall(self, text: str, *args: int) -> list[Any]:
        for needle in self.needles:
            if needle in text:
                return self.compiled.findall(text, *args)
        return [] if self.needles else self.compiled.findall(text, *args)

    def finditer(self, text: str, *args: int) -> Iterator[re.Match[str]]:
        for needle in self.needles:
            if needle in text:
                return self.compiled.finditer(text, *args)
        return iter(()) if self.needles else self.compiled.finditer(text, *args)

    def sub(self, repl: Any, text: str, count: int = 0) -> str:
        for needle in self.needles:
            if needle in text:
                return self.compiled.sub(repl, text, count)
        return text if self.needles else self.compiled.sub(repl, text, count)

    def __repr__(self) -> str:
        return f"gated({self.pattern!r}, needles={self.needles!r})"


def gated(pattern: str, flags: int = 0) -> Gated:
    """``re.compile(pattern, flags)`` searched only where one of its :func:`needles` is."""
    return Gated(pattern, flags)


class NameLed:
    r"""``pattern.finditer(text)``, the pattern tried only where a name starts.

    For a pattern whose every match opens with a name written ``[A-Za-z_][\w.]{0,K}`` (or
    with one of ``quotes``): the engine tries it at every position of the text, and at each
    letter of a word it reads the rest of the word, then gives it back one character at a
    time. A match that opens inside a word (``lhs`` = ``s[p:j]``) means one that opens a
    character earlier (``s[p-1:j]``: the pattern is the same from ``j`` on), so where a letter
    follows a letter whose attempt failed, the attempt fails too and is skipped. Exact only
    while every name fits (``s[p-1:j]`` at most ``longest`` = K + 1 characters): a text with a
    longer run of ``[\w.]`` is searched by ``finditer`` itself. The matches, and their
    order, are the pattern's own; no match may be empty.

    >>> p = re.compile(r"([A-Za-z_][\w.]{0,20})\s*(=|\blike\b)\s*(\d+|'[^']*')", re.I)
    >>> led = NameLed(p, longest=21)
    >>> text = "unlike 'x'; a.b = 1 and cc=2; xlike 3"
    >>> [m.group() for m in led.finditer(text)] == [m.group() for m in p.finditer(text)]
    True
    """

    __slots__ = ("_long", "_starts", "pattern")

    def __init__(self, pattern: re.Pattern[str], longest: int, quotes: str = "") -> None:
        self.pattern = pattern
        self._long = re.compile(rf"[\w.]{{{longest}}}")
        letter = "[A-Za-z_]"  # as the pattern reads it, with its flags (IGNORECASE: also long s)
        heads = f"[{re.escape(quotes)}]|" if quotes else ""
        self._starts = re.compile(f"{heads}(?<!{letter}){letter}",
                                  pattern.flags & re.IGNORECASE)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        if self._long.search(text):
            yield from self.pattern.finditer(text)
            return
        match, starts = self.pattern.match, self._starts.search
        pos, n = 0, len(text)
        while pos <= n:
            m = match(text, pos)  # where the last match ended (or 0) is always tried
            if m is not None and m.end() > pos:
                yield m
                pos = m.end()
                continue
            if m is not None:  # pragma: no cover - an empty match: finditer's own rules
                raise ValueError("NameLed: the pattern matched an empty string")
            head = starts(text, pos + 1)
            if head is None:
                return
            pos = head.start()
