"""A set of 64-bit fingerprints in flat memory, for counting ids over runs of any length.

Each key is kept as a 64-bit fingerprint (its hash), 8 bytes and a little more per distinct key
rather than the key's string: in one of 4,096 sorted arrays that the fingerprint's low bits
pick. The arrays grow a few slots at a time, so the set never holds a table twice its keys nor,
while it grows, two copies of itself (an open-addressing table, at most half full and doubled
when it was, held 16-32 bytes per key and 24 bytes per key while it doubled: that doubling set
the peak of a 1M-record run). Past ``max_slots // 2`` keys the set stops growing and says so
(:attr:`HashSet64.full`).

>>> seen = HashSet64()
>>> seen.add(key("a")), seen.add(key("a")), key("a") in seen, key("b") in seen
(False, True, True, False)
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator

_MASK = 0xFFFF_FFFF_FFFF_FFFF
#: the arrays a set spreads its fingerprints over (by their low bits); each is made when its
#: first fingerprint comes
_BUCKETS = 1 << 12


def key(text: str) -> int:
    """The fingerprint of ``text`` in this process (never 0)."""
    return (hash(text) & _MASK) or 1


def _capacity(max_slots: int) -> int:
    """How many keys a set of ``max_slots`` takes before it is full: as many as the open-
    addressing table this set replaced took (half its largest size, a power of two from 4,096
    up to ``max_slots``), so a run checks the same ids as before."""
    slots = 1 << 12
    while slots * 2 <= max_slots:
        slots *= 2
    return slots // 2


class HashSet64:
    """Fingerprints seen so far (see the module docstring)."""

    def __init__(self, max_slots: int = 1 << 23) -> None:
        self._buckets: list[array[int] | None] = [None] * _BUCKETS
        self._used = 0
        self._capacity = _capacity(max_slots)
        self.full = False

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, int):
            return False
        bucket = self._buckets[h & (_BUCKETS - 1)]
        if bucket is None:
            return False
        i = bisect_left(bucket, h)
        return i < len(bucket) and bucket[i] == h

    def add(self, h: int) -> bool | None:
        """True if ``h`` was there already; False if it was added; None if it was not there
        and the set is full (it was not added)."""
        b = h & (_BUCKETS - 1)
        bucket = self._buckets[b]
        if bucket is None:
            bucket = self._buckets[b] = array("Q")
        i = bisect_left(bucket, h)
        if i < len(bucket) and bucket[i] == h:
            return True
        if self.full:
            return None
        bucket.insert(i, h)
        self._used += 1
        if self._used > self._capacity:
            self.full = True
        return False

    def __iter__(self) -> Iterator[int]:
        return (h for bucket in self._buckets if bucket is not None for h in bucket)
