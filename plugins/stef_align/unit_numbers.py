"""A number said with its unit, compared with another: ``filter.value_mismatch`` (critical)
when the person's own words give a number and its unit ("50 amp sites", "chargers of 150 kw
or more", "boats over 40 ft") and the SQL bounds a column named by that unit
(``hookup_amps``, ``max_kw``, ``max_loa_ft``) with other numbers only (``hookup_amps >= 30``).

The unit names the column: the number the person said is what it is compared with. Another
number on it keeps other rows (the 30-amp sites beside the 50-amp ones). Not read: the same
number with the other strictness ("more than 2" / ``>= 3``), the number scaled ("2k miles" /
``2000``, "15 %" / ``0.15``), a flag (``is_generic = 1`` beside "top 5 generics"), a top-k
("top 5 ..."), periods and durations ("30 days", "the fall 26 term", read as dates), ids and
codes (``term_id``), and a SQL that compares the column with the person's number anywhere (a
WHERE, a HAVING, a CASE's test) or with another number the person wrote ("30 or 50 amp sites"
/ ``>= 30``). Only the person's own words
are read: a reformulation that says "30/50 amp" is the misreading the SQL carries, not a
number the person asked for.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("50 amp sites per park", "Sites with electric hookups (30/50 amp).")
>>> sql = "SELECT park_id, COUNT(*) FROM sites WHERE hookup_amps >= 30 GROUP BY park_id"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.value_mismatch', 'critical')]
>>> check(q, extract_spec(sql.replace(">= 30", "= 50")))
[]
>>> check(question_spec("top 5 generics by fills", None),
...       extract_spec("SELECT drug FROM d WHERE is_generic = 1 LIMIT 5"))
[]
"""

from __future__ import annotations

import re

from stef_align.names import bare, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.words import stem

#: A number and the word right after it ("50 amp", "150kw", "40-ft", "2k miles", "10,000
#: units").
_SAID = re.compile(r"(?<![\w.,$€£#/:-])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(k)?\s*-?\s*"
                   r"([a-z]{2,})\b")
#: What every number (:data:`_SAID`, :data:`_NUMBER`) holds.
_DIGIT = re.compile(r"\d")
#: Any number the person writes.
_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
#: Words before a number that make it a rank, a count of rows shown or an id, not a measure.
_NOT_MEASURE = re.compile(r"\b(?:top|first|last|bottom|next|past|previous|prior|best|worst|"
                          r"q|h|fy|ay|sy|id|no|number|#|spring|summer|fall|autumn|winter|"
                          r"jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|"
                          r"february|march|april|june|july|august|september|october|"
                          r"november|december)\s*'?\s*$")
#: Units read elsewhere: periods and durations (dates), shares, money, ranks and counts of
#: rows ("5 tickets" compared through a count is a threshold, read as one).
_OTHER_UNITS = frozenset({
    "day", "days", "d", "week", "weeks", "wk", "wks", "month", "months", "mo", "mos", "year",
    "years", "yr", "yrs", "y", "hour", "hours", "hr", "hrs", "h", "minute", "minutes", "min",
    "mins", "second", "seconds", "sec", "secs", "quarter", "quarters", "qtr", "qtrs", "night",
    "nights", "am", "pm", "percent", "pct", "usd", "eur", "gbp", "dollars", "bucks", "st",
    "nd", "rd", "th", "or", "and", "to", "of", "in", "per", "times", "plus", "more", "less",
    "x", "term", "terms", "semester", "semesters", "season", "seasons", "session", "sessions",
    "cohort", "intake", "class", "fiscal", "academic"})
#: Name parts of a flag, an id or a code: its number is no measure in a unit ("fall 26 term"
#: / ``term_id = 202608``).
_FLAG_PARTS = frozenset({"is", "has", "flg", "flag", "ind", "yn", "id", "cd", "code", "key",
                         "nbr", "no", "num", "seq"})


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not any(f.column is not None and not f.excluded and not isinstance(f.value, bool)
               and isinstance(f.value, (int, float))
               for f in (*sql.filters[:128], *sql.conditions[:128])):
        return []  # no number compared (the only filters read below): the question unread
    own = q.own_words[:600].lower()
    if _DIGIT.search(own) is None:
        return []  # no number said (one C scan; _SAID tries every position of the text)
    said: list[tuple[float, str]] = []
    for m in _SAID.finditer(own):
        unit = m.group(3)
        if unit in _OTHER_UNITS or _NOT_MEASURE.search(own[:m.start()]):
            continue
        number = float(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
        said.append((number, stem(unit)))
    if not said:
        return []
    # every number the person wrote ("30 or 50 amp sites" / hookup_amps >= 30 says the 30)
    spelled = [float(n.replace(",", "")) for n in _NUMBER.findall(own)]
    for number, unit in said[:4]:
        on_unit = []
        for f in (*sql.filters[:128], *sql.conditions[:128]):
            if f.column is None or f.excluded or isinstance(f.value, bool) or not isinstance(
                    f.value, (int, float)):
                continue
            ps = parts(bare(f.column))
            if set(ps) & _FLAG_PARTS or unit not in {stem(p) for p in ps}:
                continue
            on_unit.append(f)
        if not on_unit or any(isinstance(f.value, (int, float)) and any(
                _same(n, float(f.value)) for n in (number, *spelled)) for f in on_unit):
            continue
        f = on_unit[0]
        return [reason(
            "filter.value_mismatch",
            f"the question asks for {_plain(number)} {unit} but the SQL compares "
            f"{bare(f.column or '')} {f.op} {f.value}, another number on the column that unit "
            f"names: it keeps other rows than the ones asked",
            "critical",
        )]
    return []


def _same(said: float, written: float) -> bool:
    """Is ``written`` the number said: itself, one off (the other strictness of a bound),
    or scaled by a power of ten (a share as a fraction, thousands written out, a column kept
    in thousands: "30,000 inhabitants" / ``inhabitants_k > 30``)?"""
    if abs(said - written) <= 1:
        return True
    return any(abs(said * 10.0 ** k - written) < 1e-9 * max(1.0, abs(written))
               for k in range(-6, 7))


def _plain(number: float) -> str:
    return str(int(number)) if number == int(number) else str(number)
