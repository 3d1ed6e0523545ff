"""Value folding: one spelling per meaning, shared by every reader, the aligner and the judges.

The SQL reader folds its literals with these functions, the question reader its quoted
values and numbers, the aligner and the judges compare both under :func:`value_key`, and the
ruleset checks compare declared category values under the same key, so a value that one side
calls equal to another is equal everywhere.

>>> fold_text("  New   York "), number("1,250.0"), fold_value(3.0)
('new york', 1250, 3)
>>> value_key(5) == value_key("5") == value_key(" 5.0 "), value_key(True), value_key(None)
(True, '1', 'null')
>>> abbreviates("svk", "slovakia"), abbreviates("ca", "texas")
(True, False)
"""

from __future__ import annotations

import re
from functools import lru_cache

from stef_core.spec import Scalar

__all__ = ["abbreviates", "fold_text", "fold_value", "number", "state_key", "value_key"]

_WS = re.compile(r"\s+")


@lru_cache(maxsize=4096)
def fold_text(text: str) -> str:
    """Case- and whitespace-fold a string value: ``'  New   York '`` -> ``'new york'``."""
    if "  " not in text and text.isprintable():
        # Blanks only as single ASCII spaces (every other blank is unprintable): nothing to
        # fold between the words, and the substitution costs a match per space.
        return text.strip().casefold()
    return _WS.sub(" ", text).strip().casefold()


def number(text: str) -> int | float | None:
    """``'5'`` -> 5, ``'5.0'`` -> 5, ``'0.25'`` -> 0.25, ``'1,000'`` -> 1000, ``'abc'`` ->
    None; not-a-number and infinities are None too.

    >>> number("5.0"), number("0.25"), number("abc"), number("nan")
    (5, 0.25, None, None)
    """
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        return None
    if value != value or value in (float("inf"), float("-inf")):
        return None
    return int(value) if value.is_integer() and abs(value) < 2**53 else value


def fold_value(value: Scalar) -> Scalar:
    """Normalize a scalar: strings folded, integral floats made int."""
    if isinstance(value, str):
        return fold_text(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


@lru_cache(maxsize=16384)
def value_key(value: Scalar) -> str:
    """A comparison key under which equal-meaning values coincide: ``5``, ``5.0`` and
    ``'5'``; ``'New York'`` and ``'new  york'``; ``True`` and ``1``.

    >>> value_key("1.50"), value_key(1.5), value_key("New  York"), value_key(False)
    ('1.5', '1.5', 'new york', '0')
    """
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)):
        v = fold_value(value)
        return str(v)
    if value is None:
        return "null"
    folded = fold_text(value)
    as_num = number(folded) if folded[:1].isdigit() or folded[:1] in "-." else None
    return str(as_num) if as_num is not None else folded


@lru_cache(maxsize=16384)
def abbreviates(short: str, long: str, longest: int = 4) -> bool:
    """Is ``short`` (2 to ``longest`` letters) an abbreviation of ``long``: same first letter,
    its letters in order ('svk' ~ 'slovakia', 'ca' ~ 'california', 'eur' ~ 'euro')?"""
    if not (2 <= len(short) <= longest) or not short.isalpha() or len(long) <= len(short):
        return False
    if short[0] != long[0]:
        return False
    it = iter(long)
    return all(ch in it for ch in short)


def state_key(value: object) -> str:
    """A state value as one key, however written: lower case, hyphens and runs of blanks as
    one underscore (``'In Force'``, ``'in-force'`` -> ``'in_force'``); ``''`` for a value that
    is no text. The readers of states compare a filter's values with their state lists so.

    >>> state_key(" On  Hold "), state_key("pro-forma"), state_key(3)
    ('on_hold', 'pro_forma', '')
    """
    if not isinstance(value, str):
        return ""
    return "_".join(value.strip().lower().replace("-", " ").split())


#: How data spells a flag's two values (``False == 0`` and ``True == 1`` hash alike).
FLAG_NO = frozenset({False, "0", "n", "no", "false", "f"})
FLAG_YES = frozenset({True, "1", "y", "yes", "true", "t"})


def kept_side(op: str, value: object) -> bool | None:
    """The side of a flag that ``flag op value`` keeps: True for its "yes" rows (``= 1``,
    ``!= false``), False for its "no" rows (``= 'N'``, ``!= TRUE``), None when the comparison
    is no test of one flag value. One reading for every spelling of a guard (``NOT is_test``,
    ``is_test = 0``, ``is_test IS NOT TRUE``).

    >>> kept_side("=", "N"), kept_side("!=", 0), kept_side("<>", True), kept_side("=", "open")
    (False, True, False, None)
    """
    if op not in ("=", "!=", "<>") or isinstance(value, (tuple, list)):
        return None
    v = value.lower() if isinstance(value, str) else value
    try:
        yes, no = v in FLAG_YES, v in FLAG_NO
    except TypeError:  # an unhashable value
        return None
    if yes or no:
        return yes == (op == "=")
    return None


#: Units an amount is measured in, by kind, as a multiple of the kind's base unit: an amount
#: said in one ("over 2 MWh") may be compared in another (``energy_kwh > 2000``). Data sizes
#: count in thousands or in 1024s, whichever the data's tooling uses.
MEASURE_UNITS: dict[str, tuple[str, float]] = {
    "wh": ("energy", 1.0), "kwh": ("energy", 1e3), "mwh": ("energy", 1e6),
    "gwh": ("energy", 1e9),
    "w": ("power", 1.0), "kw": ("power", 1e3), "mw": ("power", 1e6),
    "g": ("mass", 1.0), "grams": ("mass", 1.0), "kg": ("mass", 1e3), "kgs": ("mass", 1e3),
    "kilos": ("mass", 1e3), "t": ("mass", 1e6), "tonnes": ("mass", 1e6),
    "tonne": ("mass", 1e6), "tons": ("mass", 1e6), "ton": ("mass", 1e6),
    "mm": ("length", 1e-3), "cm": ("length", 1e-2), "m": ("length", 1.0),
    "metres": ("length", 1.0), "meters": ("length", 1.0), "km": ("length", 1e3),
    "ml": ("volume", 1e-3), "l": ("volume", 1.0), "litres": ("volume", 1.0),
    "liters": ("volume", 1.0),
    "kb": ("data", 1e3), "mb": ("data", 1e6), "gb": ("data", 1e9), "tb": ("data", 1e12),
    "bytes": ("data", 1.0), "byte": ("data", 1.0),
}
_MEASURE_TEXT = re.compile(r"(?<![\w.])(\d+(?:,\d{3})*(?:\.\d+)?)\s?(" + "|".join(
    sorted(MEASURE_UNITS, key=len, reverse=True)) + r")\b")
#: The first number of a range whose unit follows the second ("between 2 and 5 kg", "10 to 25
#: km", "2-5 kg"): the unit is both numbers'.
_RANGE_MEASURE_TEXT = re.compile(r"(?<![\w.])(\d+(?:,\d{3})*(?:\.\d+)?)\s*(?:and|to|-|\u2013)\s*"
                                 r"\d+(?:,\d{3})*(?:\.\d+)?\s?(" + "|".join(
                                     sorted(MEASURE_UNITS, key=len, reverse=True)) + r")\b")
_BINARY = {"kb": 1024.0, "mb": 1024.0 ** 2, "gb": 1024.0 ** 3, "tb": 1024.0 ** 4,
           "bytes": 1.0, "byte": 1.0}


def same_measure(asked: float, text: str, found: float, column: str) -> bool:
    """Is ``found``, compared on ``column``, the amount ``asked`` that ``text`` states in
    another unit of the kind the column's name ends in ("over 2 MWh" / ``energy_kwh > 2000``,
    "under 800 kg" / ``weight_t < 0.8``)? A column naming no unit, or the same one, is not.

    >>> same_measure(2, "furnace energy over 2 mwh per day", 2000, "sum(energy_kwh)")
    True
    >>> same_measure(2, "furnace energy over 2 mwh per day", 3000, "energy_kwh")
    False
    >>> same_measure(5, "over 5 kg", 5000, "price_usd")
    False
    >>> same_measure(2, "batches between 2 and 5 kg", 2000, "batch_wt_g")
    True
    """
    # the column's own name: a table alias ("t.amount") names no unit
    parts = [p for p in re.split(r"[^a-z0-9]+|_", re.sub(r"\b\w+\.", "", column.lower())) if p]
    col_units = [p for p in parts if p in MEASURE_UNITS]
    if not col_units:
        return False
    kind, scale = MEASURE_UNITS[col_units[-1]]
    low = text.lower()[:4000]
    for amount, unit in [*_MEASURE_TEXT.findall(low)[:8], *_RANGE_MEASURE_TEXT.findall(low)[:8]]:
        said_kind, said_scale = MEASURE_UNITS[unit]
        if float(amount.replace(",", "")) != asked or said_kind != kind or said_scale == scale:
            continue
        factors = [said_scale / scale]
        if unit in _BINARY and col_units[-1] in _BINARY:
            factors.append(_BINARY[unit] / _BINARY[col_units[-1]])
        if any(abs(asked * f - found) <= 1e-9 * max(1.0, abs(found)) for f in factors):
            return True
    return False


#: Two years written as one: a season, school or fiscal year that runs across New Year
#: ("2026/27", "26/27", "2025-26", "2025/2026"); the second is the year after the first.
YEAR_SPAN = re.compile(r"(?<![\w/.-])((?:19|20)?\d\d)\s?[/-]\s?((?:19|20)?\d\d)(?![\w/.-])")


def year_span(first: str, second: str) -> tuple[str, ...] | None:
    """The spellings of the year ``first`` to ``second`` ("2026", "27") when the second is the
    year after the first, else None. Such a span is one value, a season or a school or fiscal
    year, never two numbers nor a division; the data keeps it in any of these spellings
    (``season_cd = '2627'``, ``school_yr = '2025-26'``). A two-digit first year is read in
    this century.

    >>> year_span("2026", "27")
    ('2026/27', '2026-27', '2627', '202627', '2026/2027', '2026-2027', '26/27', '26-27')
    >>> year_span("26", "27")[:3], year_span("2026", "28"), year_span("2026", "2027")[2]
    (('2026/27', '2026-27', '2627'), None, '2627')
    >>> year_span("3", "4"), year_span("1999", "00")[:2]
    (None, ('1999/00', '1999-00'))
    """
    if not (first.isdigit() and second.isdigit() and len(first) in (2, 4)
            and len(second) in (2, 4)):
        return None
    start = int(first) if len(first) == 4 else 2000 + int(first)
    end = int(second) if len(second) == 4 else (start // 100) * 100 + int(second)
    if len(second) == 2 and end < start:
        end += 100  # "1999/00"
    if not 1900 <= start <= 2099 or end != start + 1:
        return None
    a, b, a2, b2 = str(start), str(end), f"{start % 100:02d}", f"{end % 100:02d}"
    return (f"{a}/{b2}", f"{a}-{b2}", f"{a2}{b2}", f"{a}{b2}", f"{a}/{b}", f"{a}-{b}",
            f"{a2}/{b2}", f"{a2}-{b2}")


def season_start(value: object) -> int | None:
    """The first year of a season or school year a question names as one value (the
    spellings :func:`year_span` gives), else None.

    >>> season_start(year_span("2026", "27")), season_start("2026/27"), season_start(2026)
    (2026, None, None)
    """
    first = value[0] if isinstance(value, tuple) and value else None
    if not isinstance(first, str):
        return None
    a, sep, b = first.partition("/")
    return int(a) if sep and len(a) == 4 and year_span(a, b) is not None else None


def season_opening(start: object, year: int) -> bool:
    """Does a period that opens on ``start`` (a date) open the season or school year that
    starts in ``year``: in that year, after the winter (a ski season in November, a school
    year in August, a fiscal year in April or July; which month is the business's)?

    >>> from datetime import date
    >>> season_opening(date(2026, 11, 1), 2026), season_opening(date(2026, 1, 1), 2026)
    (True, False)
    """
    return getattr(start, "year", None) == year and getattr(start, "month", 0) >= 3
