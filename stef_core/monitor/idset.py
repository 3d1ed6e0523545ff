"""A set of 64-bit fingerprints in flat memory, for counting ids over runs of any length.

Each key is kept as a 64-bit fingerprint (its hash) in an open-addressing table of 8-byte slots,
at most half full: 16-32 bytes per distinct key rather than the key's string. Past
``max_slots`` the table stops growing and says so (:attr:`HashSet64.full`).

>>> seen = HashSet64()
>>> seen.add(key("a")), seen.add(key("a")), key("a") in seen, key("b") in seen
(False, True, True, False)
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

_MASK = 0xFFFF_FFFF_FFFF_FFFF


def key(text: str) -> int:
    """The fingerprint of ``text`` in this process (never 0: 0 marks an empty slot)."""
    return (hash(text) & _MASK) or 1


class HashSet64:
    """Fingerprints seen so far (see the module docstring)."""

    def __init__(self, max_slots: int = 1 << 23) -> None:
        self._table = array("Q", [0]) * (1 << 12)
        self._used = 0
        self._max_slots = max_slots
        self.full = False

    def _slot(self, h: int) -> int:
        table = self._table
        mask = len(table) - 1
        i = h & mask
        while table[i] and table[i] != h:
            i = (i + 1) & mask
        return i

    def __contains__(self, h: object) -> bool:
        return isinstance(h, int) and self._table[self._slot(h)] == h

    def add(self, h: int) -> bool | None:
        """True if ``h`` was there already; False if it was added; None if it was not there
        and the table is full (it was not added)."""
        i = self._slot(h)
        if self._table[i] == h:
            return True
        if self.full:
            return None
        self._table[i] = h
        self._used += 1
        if self._used * 2 > len(self._table):
            if len(self._table) * 2 > self._max_slots:
                self.full = True
            else:
                self._grow()
        return False

    def __iter__(self) -> Iterator[int]:
        return (h for h in self._table if h)

    def _grow(self) -> None:
        old = self._table
        table = array("Q", [0]) * (len(old) * 2)  # no temporary bytes of the same size
        mask = len(table) - 1
        for h in old:
            if h:
                i = h & mask
                while table[i]:
                    i = (i + 1) & mask
                table[i] = h
        self._table = table
