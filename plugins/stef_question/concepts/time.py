"""Time in the question: every time expression as a :class:`~stef_core.spec.Period`.

The question's words name stretches of time ("in 2024", "in March 2024", "Q2 2023", "the first
half of 2022", "the 1990s", "week 12 of 2024", "on 8/26/2012", "at 3 pm"), bound them ("since",
"after", "before", "until", "through", "no later than", "between ... and ...", "from ... to
...") or place them relative to today ("yesterday", "last month", "in the past 7 days", "year
to date"). Each becomes one period on an unnamed time column, the same form the SQL side
reads, so the aligner compares intervals, not spellings. Relative periods keep bounds relative
to the anchor (a :class:`~stef_core.spec.RelativeDate`): the question spec is cached per
question text, and the anchor (the record's timestamp, ``stef eval --today`` or the run's date)
is applied where periods are compared.

The enrichment (a BIRD-style hint) is read for bindings: a fragment that says how the data
spells a date ("September 2013 refers to date = '201309'") becomes a period of its own, on that
column, and replaces the question's period when both name the same stretch; a year the hint
explains as part of a value ("the 2016 Summer Olympics refer to games_name = '2016 Summer'") or
of a column's meaning ("A15 stands for the crimes committed in 1995") is no time constraint.

A year with a temporal word before it ("in 2023", "since 2019") is a strong requirement; a bare
year ("NAACL 2000", "the 2016 Summer Olympics") is weak evidence (``strength="weak"``).

The stretches of time are read by :data:`RULES`, a table of ``(pattern, builder)`` rules, one
per idiom, whose words (month names, calendar units, number words, "yesterday", "ytd") come
from the lexicon; a new idiom is one row. Each rule says what a text must hold for its pattern
to match (four digits, a clock, one of its words), so a question that names no time costs one
cheap look and no pattern pass.

>>> [(p.start, p.end) for p in read_time("How many orders were placed in March 2024?")]
[('2024-03-01', '2024-04-01')]
>>> [(p.start.describe(), p.end) for p in read_time("Sales since last month")]
[('start of this month - 1 month', None)]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import cast

from stef_core.gated import NameLed, gated
from stef_core.limits import QUESTION_CACHE
from stef_core.periods import (
    WEEKDAYS,
    add,
    floor,
    iso,
    merge,
    parse_iso,
    week_floor,
    weeks_from,
)
from stef_core.spec import (
    ANCHOR_DAY,
    Bound,
    Filter,
    Period,
    RelativeDate,
    RelativeUnit,
    StartOf,
    Strength,
)
from stef_question.lexicon import lexicon

# --------------------------------------------------------------------------------------------
# vocabulary: the words come from the lexicon (lexicon.json: month, month_abbreviation,
# ambiguous_month, calendar_unit, relative_day, to_date, number_word, ordinal)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Words:
    """The time reader's words, read once from the built-in lexicon."""

    months: dict[str, int]  # full names and abbreviations -> month number
    full_months: tuple[str, ...]
    ambiguous_months: frozenset[str]  # "may", "march": a month only after a time word
    units: dict[str, RelativeUnit]  # "days" -> "day"
    numbers: dict[str, int]  # "seven" -> 7
    ordinals: dict[str, int]  # "second" -> 2
    relative_days: dict[str, int]  # "yesterday" -> -1
    to_date: dict[str, RelativeUnit]  # "ytd" -> "year"


@lru_cache(maxsize=1)
def _words() -> _Words:
    lex = lexicon()
    full = {w: int(n) for w, n in lex.table("month").items()}
    abbreviations = {w: int(n) for w, n in lex.table("month_abbreviation").items()}
    return _Words(
        months={**full, **abbreviations},
        full_months=tuple(full),
        ambiguous_months=frozenset(lex.table("ambiguous_month")),
        units=cast(dict[str, RelativeUnit], lex.table("calendar_unit")),
        numbers={w: int(n) for w, n in lex.table("number_word").items() if n.isdigit()
                 and " " not in w},
        ordinals={w: int(n) for w, n in lex.table("ordinal").items()},
        relative_days={w: int(n) for w, n in lex.table("relative_day").items()},
        to_date=cast(dict[str, RelativeUnit], lex.table("to_date")),
    )


def _alternation(words: Iterable[str]) -> str:
    """A regex alternation of ``words``, longest first (so "sept" is tried before "sep")."""
    return "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))


def _units(w: _Words, *names: str, plural: bool = True) -> str:
    """An alternation of the calendar units ``names`` and their abbreviations ("qtr"), with
    their plurals unless ``plural`` is False."""
    return _alternation(p for p, unit in w.units.items()
                        if unit in names and (plural or not p.endswith("s")))


def _ordinal(word: str) -> int:
    """"first" or "1st" -> 1; "last" -> 4 (the last quarter; halves clamp it to 2)."""
    word = word.casefold()
    if word == "last":
        return 4
    if word[:1].isdigit():
        return int(word[:-2])
    return _words().ordinals[word]


def _month(name: str) -> int:
    return _words().months[name.casefold()]


def _count(word: str) -> int:
    """"7" or "seven" -> 7."""
    return _words().numbers.get(word.casefold()) or int(word)


#: The end of a stretch that runs up to the anchor day, included ("in the past 7 days").
_TOMORROW = ANCHOR_DAY.shifted("day", 1)
_DAY = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"

# Words that, right before a bare year, make it a time ("in 2023", "since 2019").
_YEAR_CONTEXT = re.compile(
    r"(?:\b(?:in|during|since|after|before|until|till|through|thru|from|for|of|year|years|"
    r"fy|between|by|around|circa|prior to|later than|earlier than|no later than|"
    r"as of|starting|beginning|ending|until the end of)\s+)$"
)
_CONTINUATION = re.compile(r"^\s*(?:,|and|or|,\s*and|,\s*or|to|through|until|[-\u2013\u2014])\s*$")
# Right before a number, these make it a quantity rather than a year.
_QUANTITY_BEFORE = re.compile(
    r"(?:\b(?:more than|less than|fewer than|greater than|higher than|lower than|over|above|"
    r"under|below|at least|at most|exceeds?|exceeding|top|number|no\.|id|code|#|\$|rs\.?|usd|"
    r"eur|is|equals?|equal to|of about|about|approximately|nearly|almost|only|has|have|had)"
    r"\s*)$"
)
_QUANTITY_AFTER = re.compile(
    r"^\s*(?:(?:or|and)\s+(?:below|above|more|less|over|under|fewer|higher|lower|greater|up)\b|"
    # ("2000+ board feet", "1500+ units": a lower bound said with a plus, never a year)
    r"\+\s*[a-z]+|board\s+f(?:ee|oo)t|bf|pallets?|bottles?|boxes|"
    r"%|percent|points?|meters?|metres?|km|kilometers?|miles?|feet|ft|kg|pounds?|lbs?|"
    r"dollars?|euros?|usd|people|persons?|students?|employees?|users?|units?|items?|times|"
    r"votes?|hours?|minutes?|seconds?|calories|words?|pages?|copies|rows?|records?|games?|"
    r"goals?|runs?|cc|hp|horsepower|mph|rpm|seats?|members?|customers?|orders?|tons?|grams?|"
    r"liters?|litres?|gallons?|sq|square|acres?|m2)\b"
)
_QUANTITY_NOUN = re.compile(
    r"\b(?:number|numbers|amount|count|price|prices|salary|salaries|score|scores|id|ids|code|"
    r"points|weight|height|size|population|budget|cost|revenue|income|value|values|rank|"
    r"ranking|capacity|length|distance|age|quantity)\s+(?:is\s+|of\s+)?$"
)
#: A negation of a verb, with or without its apostrophe ("haven't", "havent").
_NOT = r"(?:\b(?:not|never|havent|hasnt|hadnt|didnt|wasnt|werent|isnt|arent)|n't)"
# A negation of the period itself ("not in 2014", "not completed in 1980", "except 2014"); a
# negated verb further away ("did not respond in May") negates the event, not the time.
_NEGATION = re.compile(
    _NOT + r"\s+(?:\w+(?:ed|en|t)\s+)?"
    r"(?:in|during|within|on|from|of|at)\s+(?:the\s+)?(?:year\s+)?$|"
    r"\b(?:"
    r"except(?:\s+in)?|"
    r"excluding|other than|outside(?:\s+of)?|apart from)\s+(?:the\s+)?(?:year\s+)?$"
)

# A negated verb or state right before a period running to today ("haven't ordered yet this
# year", "weren't active this week"): none of it from the period's start on, as "since" says.
_NEGATED_TO_DATE = re.compile(
    _NOT + r"\s+(?:\w+\s+)?(?:(?:a|an|any|the)\s+\w+\s+)?(?:(?:yet|so\s+far)\s+)?$")

#: The preposition an atom may open with ("in the last 6 months", "during the past year").
_ATOM_LEAD = re.compile(r"(?:in|during|within)\s+(?:the\s+)?")

# A negated event before "since" ("sellers who havent come back since june", "customers with
# no service since july"): the rows wanted have none of it from then on, so the period is
# negated (an anti-join, or the last one before it, answers it).
_SINCE_NEGATION = re.compile(
    r"(?:\b(?:not|never|no|without|havent|hasnt|hadnt|didnt|doesnt|dont|wasnt|werent|isnt|"
    r"arent)\b|n't\b)(?:\s+[\w'-]+){0,5}\s+$")

#: A weekday written before a date ("from Monday 2025-11-03 to Sunday 2025-11-09").
_WEEKDAY = (r"(?:(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|"
            r"sat|sun)\.?,?\s+)?")
# Bounds written before a period: (pattern on the text before it, kind).
_BOUND_BEFORE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(r"\b(?:" + words + r")\s+(?:the\s+)?(?:year\s+|month\s+of\s+)?" + _WEEKDAY
                + "$"), kind)
    for words, kind in (
        # "since last July": from the latest July (the month's reader reads "last July")
        (r"on or after|at or after|in or after|no earlier than|not earlier than|starting from|"
         r"starting in|"
         r"starting on|starting|beginning in|beginning on|beginning|since(?:\s+last)?|"
         # "since the start of May", "since the beginning of March": from its first day on
         r"since\s+(?:the\s+)?(?:start|beginning)\s+of",
         "since"),
        # "deposits as of March 31", "members as of June 30": what holds on that day, a
        # running total up to it (a snapshot's own day is read below), never "since then"
        (r"as of", "through"),
        (r"after|later than|post", "after"),
        (r"on or before|at or before|in or before|during or before|during or prior to|"
         r"in or prior to|"
         r"no later than|not later than|up to and including|through|thru|until the end of|"
         # "invoices up to the end of march", "to the end of q1": that period's last day on
         r"by the end of|(?:up\s+)?(?:to|till|through|thru)\s+the\s+end\s+of", "through"),
        (r"until|till|up to|up until", "until"),
        (r"before|earlier than|prior to|preceding", "before"),
    )
)
#: "since the storm on feb 10", "after the mirror recoat on jan 20": an event named between
#: the bound and its day, dated by that day; the bound is the day's (a day only: "after the
#: drive in january" does not say which day of the month the drive ended).
_EVENT_BOUND = re.compile(r"\b(since|after|following)\s+(?:(?:the|our|their|its|his|her)\s+)?"
                          r"(?:[a-z][\w'-]*\s+){1,5}on\s+(?:the\s+)?" + _WEEKDAY + "$")
#: A reformulation's conditions on dates: "created_at >= 2026-01-01", "due_dt < '2025-11-24'"
#: (on dates only: "score > 2020" compares a number).
_SYMBOL_BOUNDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?:>=|=>)\s*['\"]?$"), "since"),
    (re.compile(r"(?<![<>=!-])>\s*['\"]?$"), "after"),
    (re.compile(r"(?:<=|=<)\s*['\"]?$"), "through"),
    (re.compile(r"<(?![>=])\s*['\"]?$"), "before"),
)
_BOUND_AFTER: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^\s*(?:or|and)\s+(?:later|after|onwards?|beyond|since|more recent|newer)\b"),
     "since"),
    (re.compile(r"^\s*(?:onwards?|forward|and up)\b"), "since"),
    # "jobs from august on": from it up to today
    (re.compile(r"^\s*on\s*(?:$|[,.;?!)])"), "since"),
    # "Period: 2025-01-01 to date", "April to date": from it up to today
    (re.compile(r"^\s*(?:to|till|until|through|thru)\s+date\b(?!\s+(?:of|for)\b)"), "since"),
    (re.compile(r"^\s*(?:or|and)\s+(?:earlier|before|prior|older)\b"), "through"),
)
#: "stays starting next week", "leases beginning next month": a thing named, then a bare
#: "starting" before a coming period: the things that start in it (not "from then on", which
#: "starting from", "starting on" and a past period say).
_STARTING_IN = re.compile(r"\b[a-z]{3,}s\s+(?:starting|beginning)\s+$")
#: "outages starting in October", "projects beginning in Q3": things named, then "starting
#: in" a period, past or coming: the things whose start falls in it (a count of events by
#: their start), not every one from then on, which "starting from", "starting October" and
#: a thing named without a plural ("revenue starting in October") say.
_STARTING_WITHIN = re.compile(r"\b[a-z]{2,}[^s\W]s\s+(?:starting|beginning)\s+in\s+$")
_COMING_SPAN = re.compile(r"(?:next|coming|this coming)\s+(?:week|month|quarter|year)\b")
_RANGE_OPEN = re.compile(r"\b(?:between|from)\s+(?:the\s+)?(?:years?\s+)?" + _WEEKDAY
                         + "['\"]?$")
_DASHES = "-\u2013\u2014"  # hyphen, en dash, em dash
#: What stands between two days of one month written once ("13-19 October", "from 13 to 19
#: October 2025", "between Monday 8 and Sunday 14 September", "October 13 through 19").
_DAYS_APART = (r"(?:\s*[" + _DASHES + r"]\s*|\s+(?:to|through|thru|until|till|and)\s+)"
               + _WEEKDAY)
_RANGE_JOIN = re.compile(
    r"^['\"]?\s*(?:and|to|until|till|through|thru)\s+(?:the\s+)?(?:end\s+of\s+)?" + _WEEKDAY
    + r"['\"]?$|^\s*[" + _DASHES + r"]\s*" + _WEEKDAY + "$"
)
#: Two dates joined without "from" or "between" ("2025-04-01 to 2025-04-30", "July-September
#: 2025"): a range too, but never with "and" ("on 2024-01-01 and 2024-02-01" are two days).
_DATES_JOIN = re.compile(
    r"^['\"]?\s*(?:to|until|till|through|thru)\s+" + _WEEKDAY + r"['\"]?$|^\s*["
    + _DASHES + r"]\s*" + _WEEKDAY + "$"
)


# --------------------------------------------------------------------------------------------
# atoms: the stretches of time the text names, before bounds and ranges
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Atom:
    start: int  # span in the text
    end: int
    lo: Bound | None  # ISO or anchor-relative bounds of the stretch [lo, hi)
    hi: Bound | None
    grain: str
    periodic: tuple[tuple[str, int], ...] = ()
    clock: tuple[int, int] | None = None
    bare_year: bool = False  # a lone four-digit year: weak unless a time word stands before it
    yearless: bool = False  # a month or day with no year: may borrow one from a range partner
    rolling: bool = False  # "in the past 7 days": ends now
    ago: bool = False  # "3 days ago": a day counted back from the anchor
    older: bool = False  # "older than 30 days": before that day
    week_of: str = ""  # "the week of 2024-03-06": the day named (ISO), for other week starts
    period_end: bool = False  # "last month-end": the last day of a period, a snapshot's day
    weak: bool = False  # "at month end": a snapshot the data may keep only then (no requirement)
    portion: str = ""  # "early May": the part of the month the words place (Period.portion)
    absent: bool = False  # "haven't played in 90 days": the event is absent in the stretch


def _span(start: datetime, unit: str) -> tuple[str, str]:
    return iso(start), iso(add(start, unit, 1))


def _day(year: int, month: int, day: int) -> datetime | None:
    try:
        return datetime(year, month, day)
    except ValueError:
        return None


def _year2(text: str) -> int:
    year = int(text)
    if len(text) == 2:
        year += 2000 if year < 50 else 1900
    return year


def _day_atom(m: re.Match[str], day: datetime | None) -> _Atom | None:
    return _Atom(m.start(), m.end(), *_span(day, "day"), "day") if day else None


def _month_atom(m: re.Match[str], year: int, month: int) -> _Atom | None:
    if not 1 <= month <= 12:
        return None
    return _Atom(m.start(), m.end(), *_span(datetime(year, month, 1), "month"), "month")


class _Scanner:
    """Finds atoms left to right by priority; a span claimed once is not read again."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lower = text.lower() if len(text.lower()) == len(text) else text
        self.claimed: list[tuple[int, int]] = []
        self.atoms: list[_Atom] = []

    def free(self, start: int, end: int) -> bool:
        return all(end <= a or start >= b for a, b in self.claimed)

    def add(self, atom: _Atom) -> None:
        self.claimed.append((atom.start, atom.end))
        self.atoms.append(atom)

    def scan(self, pattern: re.Pattern[str], build: _Builder) -> None:
        for m in pattern.finditer(self.lower):
            if not self.free(m.start(), m.end()):
                continue
            try:
                atom = build(m, self)
            except (ValueError, OverflowError):  # past the calendar's edge (9999-12-31T23:59)
                continue
            if atom is not None:
                self.add(atom)


_Builder = Callable[[re.Match[str], _Scanner], "_Atom | None"]


# ---- relative ----

def _relative_day(m: re.Match[str], s: _Scanner) -> _Atom:
    lo = ANCHOR_DAY.shifted("day", _words().relative_days[m.group(1).casefold()])
    return _Atom(m.start(), m.end(), lo, lo.shifted("day", 1), "day")


def _to_date(m: re.Match[str], s: _Scanner) -> _Atom:
    word = next(g for g in m.groups() if g).casefold()
    unit = _words().to_date.get(word) or _words().units[word]
    return _Atom(m.start(), m.end(), ANCHOR_DAY.start_of(unit), _TOMORROW, "day", rolling=True)


def _last_n(m: re.Match[str], s: _Scanner) -> _Atom:
    n = _count(m.group(1)) if m.group(1) else 1  # "in the last hour": one
    unit = _words().units[m.group(2).casefold()]
    if unit == "hour" and n % 24 == 0:  # the anchor is a day: 24 hours is the last day
        n, unit = n // 24, "day"
    # fewer hours than whole days stay hours: "in the last 2 hours" is what the SQL's
    # NOW() - INTERVAL '2 hours' keeps (both read from the anchor)
    return _Atom(m.start(), m.end(), ANCHOR_DAY.shifted(unit, -n), _TOMORROW, "day",
                 rolling=True)


#: The words that say an event did not happen (a negated verb, "no", "nothing").
_IDLE_NEGATION = (r"(?:have|has|had|did|do|does|was|were|is|are)n'?t|not|never|no|nothing|none")


def _idle_n(m: re.Match[str], s: _Scanner) -> _Atom:
    """"active members who haven't played in 90 days": the 90 days up to today, where the
    event is absent; the atom is the period's own words ("in 90 days").

    >>> [(p.text, p.grain) for p in read_time("members who haven't played in 90 days", 0)]
    [('in 90 days', 'day')]
    >>> [p.text for p in read_time("pets not seen in over a year", 0)]
    ['in over a year']
    >>> [p.text for p in read_time("invoices due in 30 days", 0)]
    []
    """
    said = m.group("n")
    n = 1 if said in ("a", "an") else _count(said)
    unit = _words().units[m.group("unit").casefold()]
    return _Atom(m.start("lead"), m.end(), ANCHOR_DAY.shifted(unit, -n), _TOMORROW, "day",
                 rolling=True, weak=True, absent=True)


#: Words that make a stretch of calendar units whole ("the last 6 complete months").
_WHOLE = r"full|complete|completed|whole|closed|finished"


#: An explicit stretch in brackets right after a phrase ("the last six full months (2025-05
#: to 2025-08)"): the dates the reformulation resolved the phrase to, read on their own.
_DATES_AFTER = re.compile(r"\s*\((?=[^)]{0,40}\d{4})")


def _last_whole_n(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"the last 6 complete months": the six calendar months before the current one.

    >>> [p.grain for p in read_time("new members, last 2 full months", 0)]
    ['month']
    """
    if _DATES_AFTER.match(s.lower, m.end()):
        return None  # the dates in brackets say which months: a narrower stretch is drift
    n = _count(m.group(1))
    unit = _words().units[m.group(2).casefold()]
    hi = ANCHOR_DAY.start_of(unit)
    return _Atom(m.start(), m.end(), hi.shifted(unit, -n), hi, unit)


def _last_whole(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"the previous Monday-to-Sunday week", "the last complete month": the unit before the
    current one."""
    if _DATES_AFTER.match(s.lower, m.end()):
        return None
    unit = _words().units[m.group(1).casefold()]
    hi = ANCHOR_DAY.start_of(unit)
    return _Atom(m.start(), m.end(), hi.shifted(unit, -1), hi, unit)


def _next_n(m: re.Match[str], s: _Scanner) -> _Atom:
    """"in the next 30 days": from the anchor day to the day 30 days on, both included (the
    mirror of "in the past 30 days"); the aligner also accepts the window that leaves either
    end day out, since English does not say whether today or the last day counts."""
    n = _count(m.group(1))
    unit = _words().units[m.group(2).casefold()]
    if unit == "hour":
        n, unit = -(-n // 24), "day"
    return _Atom(m.start(), m.end(), ANCHOR_DAY, ANCHOR_DAY.shifted(unit, n).shifted("day", 1),
                 "day", rolling=True)


def _ago(m: re.Match[str], s: _Scanner) -> _Atom:
    lo = ANCHOR_DAY.shifted(_words().units[m.group(2).casefold()], -_count(m.group(1)))
    return _Atom(m.start(), m.end(), lo, lo.shifted("day", 1), "day", ago=True)


def _older(m: re.Match[str], s: _Scanner) -> _Atom:
    """"older than 30 days", "over 30 days old": made before the day 30 days back (read as
    "more than 30 days ago")."""
    # ("older than a week": one)
    n = 1 if m.group(1).casefold() in ("a", "an") else _count(m.group(1))
    lo = ANCHOR_DAY.shifted(_words().units[m.group(2).casefold()], -n)
    return _Atom(m.start(), m.end(), lo, lo.shifted("day", 1), "day", ago=True, older=True)


#: A comparative before "N days ago": "more than 3 days ago" is any time before that day (its
#: end loose: whether the day itself counts English does not say), "less than 7 days ago" any
#: time since.
_AGO_BOUND: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(?:more than|over|at least|older than|earlier than|longer than)\s+$"),
     "until"),
    (re.compile(r"\b(?:less than|fewer than|under|within|no more than|at most)\s+$"), "since"),
)


_IN_THE_BEFORE = re.compile(r"\b(in|over|during|within)\s+the\s+$")
_IN_BEFORE = re.compile(r"\b(in|over|during|within)\s+$")
_STEP = {"this": 0, "current": 0, "the current": 0, "last": -1, "previous": -1,
         "the previous": -1, "prior": -1, "the prior": -1, "next": 1, "the next": 1,
         "coming": 1, "the coming": 1}


#: A comparison's word right before "prior month" / "previous week".
_COMPARED_BEFORE = re.compile(r"\b(?:vs\.?|versus|compared\s+(?:to|with)|against|than|over|from)"
                              r"\s+$")
#: The adjective of each unit a series of rows is said per ("monthly visitors").
_UNIT_LY = {"day": "daily", "week": "weekly", "month": "monthly", "quarter": "quarterly",
            "year": "yearly|annual|annually"}


def _per_unit(text: str, unit: str) -> bool:
    """Does ``text`` ask for a row per ``unit`` ("visitors per month", "by week", "monthly",
    "month by month", "each month")?

    >>> _per_unit("visitors per month this year vs prior month", "month")
    True
    >>> _per_unit("visitors last month vs prior month", "month")
    False
    """
    ly = _UNIT_LY.get(unit)
    return re.search(rf"\b(?:per|by|each|every|for\s+each)\s+{unit}\b|\b{unit}\s+(?:by|over)\s+"
                     rf"{unit}\b" + (rf"|\b(?:{ly})\b" if ly else ""), text) is not None


def _this_unit(m: re.Match[str], s: _Scanner) -> _Atom | None:
    which, unit = m.group(1).casefold(), _words().units[m.group(2).casefold()]
    before = s.lower[max(0, m.start() - 12) : m.start()]
    if which in ("previous", "the previous", "prior", "the prior") and (
            _COMPARED_BEFORE.search(before) and _per_unit(s.lower, unit)):
        # "visitors per month this year vs prior month": each row's month before it (a LAG),
        # no period of its own
        return None
    if which in ("past", "the past", "the last") or (
        which == "last" and _IN_THE_BEFORE.search(before)
    ):
        # "in the past month": the month up to today
        return _Atom(m.start(), m.end(), ANCHOR_DAY.shifted(unit, -1), _TOMORROW, "day",
                     rolling=True)
    if (which in ("next", "coming") and _IN_THE_BEFORE.search(before)) or (
        which in ("the next", "the coming") and _IN_BEFORE.search(before)
    ):
        # "within the next month": the month from today (the aligner also accepts the
        # calendar month after this one, see stef_align.time)
        return _Atom(m.start(), m.end(), ANCHOR_DAY,
                     ANCHOR_DAY.shifted(unit, 1).shifted("day", 1), "day", rolling=True)
    lo = ANCHOR_DAY.start_of(unit).shifted(unit, _STEP[which])
    return _Atom(m.start(), m.end(), lo, lo.shifted(unit, 1), unit)


def _this_weekend(m: re.Match[str], s: _Scanner) -> _Atom:
    """"last weekend", "this weekend", "next weekend": the Saturday and Sunday of the previous,
    current or next week (weeks start on Monday, so the two days are together)."""
    monday = ANCHOR_DAY.start_of("week").shifted("week", _STEP[m.group(1).casefold()])
    lo = monday.shifted("day", 5)
    return _Atom(m.start(), m.end(), lo, lo.shifted("day", 2), "day")


def _past_weekend(m: re.Match[str], s: _Scanner) -> _Atom:
    """"over the weekend", "during the weekend": the latest weekend begun by the record's
    day (its Saturday and Sunday; on a Saturday or a Sunday, the weekend under way), as a
    production user says it on a Monday about the two days just past."""
    lo = ANCHOR_DAY.start_of_week(5)  # the latest Saturday, today included
    return _Atom(m.start(), m.end(), lo, lo.shifted("day", 2), "day")


#: A day of the week named as one day ("walk-ins saturday", "orders last Monday"), not as
#: the days kept ("on Saturdays", "every Monday", "by weekday") nor as a range's end.
_ONE_WEEKDAY_NOT_BEFORE = re.compile(
    r"\b(?:each|every|per|by|on\s+an?|from|between|(?:start|begin|run)(?:s|n?ing)?\s+(?:on\s+)?"
    r"|and|or|vs\.?|versus|to|through|thru|until|till|than|except|excluding|excl|not|but|besides"
    r"|without|other\s+than|apart\s+from|outside)\s*$")
#: Words that ask about the days of the week themselves ("the busiest weekday", "sales by day
#: of week: is saturday the best?"): a weekday named there is a group, not a day.
_DAYS_COMPARED = re.compile(r"\b(?:weekdays?|day\s+of\s+(?:the\s+)?week|busiest|slowest|"
                            r"which\s+day|what\s+day|by\s+day|per\s+day|each\s+day|daily)\b")


#: Words of a habit, not of one day ("do we get more walk-ins on saturday", "% of orders that
#: come in on sunday"): a weekday named without "last" there is every such day.
_HABITUAL = re.compile(r"%|\b(?:do|does|come|comes|get|gets|tend|tends|usually|typically|"
                       r"normally|generally|always|often|ever|percent|percentage|share|"
                       r"proportion)\b")
#: The word after a weekday, when one follows.
_NEXT_WORD = re.compile(r"\s+([a-z][a-z'-]*)")
#: Words that may follow a weekday named as one day ("walk-ins saturday by stylist", "revenue
#: monday night"); any other word makes it an attribute of every such day ("saturday markets").
_AFTER_ONE_WEEKDAY = frozenset({
    "by", "per", "for", "from", "at", "in", "on", "with", "was", "were", "is", "vs", "versus",
    "and", "or", "night", "morning", "afternoon", "evening", "only", "alone", "to", "so",
    "compared", "vs.", "broken", "split", "grouped", "across", "between", "before", "after",
    "excluding", "including", "incl", "excl", "where", "that", "which", "who"})


def _one_weekday(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"avg wait time saturday", "orders last Monday": the latest such day (today itself
    when it is that day); after "last", "past" or "previous", the one before today."""
    if _ONE_WEEKDAY_NOT_BEFORE.search(s.lower[max(0, m.start(2) - 24) : m.start(2)]) or (
            _DAYS_COMPARED.search(s.lower)):
        return None
    after = _NEXT_WORD.match(s.lower, m.end())
    if after is not None and after.group(1) not in _AFTER_ONE_WEEKDAY:
        return None  # "the saturday markets", "sunday brunch sales": every such day's
    first = WEEKDAYS.index(m.group(2).casefold())
    back = m.group(1) is not None and m.group(1).casefold() != "on"
    if not back and _HABITUAL.search(s.lower):
        return None  # "what % of orders come in on saturday": every Saturday, a habit
    lo = (ANCHOR_DAY.shifted("day", -1) if back else ANCHOR_DAY).start_of_week(first)
    return _Atom(m.start(), m.end(), lo, lo.shifted("day", 1), "day")


_EACH_BEFORE = re.compile(r"\b(?:each|every|per|all|by|for\s+each|across)\s+(?:the\s+)?$")


def _period_end(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"AUM at month end", "quarter-end balances" (with no "last" or "this", which
    :func:`_ends_of` reads): the latest such day before today, as weak evidence, since a
    snapshot table kept at month ends answers it with its latest date as well; "each month
    end", "per quarter-end" is every one of them, no day."""
    if _EACH_BEFORE.search(s.lower[max(0, m.start() - 16) : m.start()]):
        return None
    unit = _words().units[m.group(1).casefold()]
    hi = ANCHOR_DAY.start_of(unit)
    if _DEADLINE_BEFORE.search(s.lower[max(0, m.start() - 12):m.start()]):
        # "licenses that run out before year end", "due by month-end": the coming one, a
        # deadline ahead
        hi = hi.shifted(unit, 1)
    return _Atom(m.start(), m.end(), hi.shifted("day", -1), hi, "day", period_end=True,
                 weak=True)


#: A deadline's word before a period's end ("before year end", "by month-end").
_DEADLINE_BEFORE = re.compile(r"\b(?:before|by|until|till)\s+(?:the\s+)?$")


def _unit_before(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"... compared with the month before": the unit before the one compared with
    (:func:`_before_the_first` moves it behind the first period; alone, the last one);
    beside a series per that unit ("visitors per month vs the month before"), each row's
    unit before it, no period."""
    unit = _words().units[m.group(1).casefold()]
    if _per_unit(s.lower, unit):
        return None
    lo = ANCHOR_DAY.start_of(unit).shifted(unit, -1)
    return _Atom(m.start(), m.end(), lo, lo.shifted(unit, 1), unit)


# ---- full dates (with a time of day when one follows) ----

def _iso_date(m: re.Match[str], s: _Scanner) -> _Atom | None:
    day = _day(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if day is None:
        return None
    if m.group(4) is not None:
        hour, minute = int(m.group(4)), int(m.group(5))
        if hour > 23 or minute > 59:
            return None
        moment = day.replace(hour=hour, minute=minute)
        if m.group(6) is not None:
            moment = moment.replace(second=int(m.group(6)))
            return _Atom(m.start(), m.end(), iso(moment), iso(add(moment, "second", 1)),
                         "second")
        return _Atom(m.start(), m.end(), iso(moment), iso(add(moment, "minute", 1)),
                     "minute")
    return _day_atom(m, day)


def _ymd(m: re.Match[str], s: _Scanner) -> _Atom | None:
    return _day_atom(m, _day(int(m.group(1)), int(m.group(2)), int(m.group(3))))


def _mdy(m: re.Match[str], s: _Scanner) -> _Atom | None:
    a, b, year = int(m.group(1)), int(m.group(2)), _year2(m.group(3))
    # 8/26/2012 is month/day; 26/8/2012 can only be day/month
    return _day_atom(m, _day(year, a, b) if a <= 12 else _day(year, b, a))


def _dmy(m: re.Match[str], s: _Scanner) -> _Atom | None:
    return _day_atom(m, _day(int(m.group(3)), int(m.group(2)), int(m.group(1))))


def _words_date(m: re.Match[str], s: _Scanner) -> _Atom | None:
    return _day_atom(m, _day(int(m.group("year")), _month(m.group("mon")), int(m.group("day"))))


# ---- weeks, quarters, halves ----

def _week(m: re.Match[str], s: _Scanner) -> _Atom | None:
    number = int(m.group("week") or m.groupdict().get("week2") or 0)
    year = int(m.group("year") or m.groupdict().get("year2") or 0)
    try:
        monday = date.fromisocalendar(year, number, 1)
    except ValueError:
        return None
    start = datetime(monday.year, monday.month, monday.day)
    return _Atom(m.start(), m.end(), *_span(start, "week"), "week")


def _week_alone(m: re.Match[str], s: _Scanner) -> _Atom | None:
    number = int(m.group("week"))
    if not 1 <= number <= 53:
        return None
    return _Atom(m.start(), m.end(), None, None, "week", periodic=(("isoweek", number),),
                 yearless=True)


def _quarter(m: re.Match[str], s: _Scanner) -> _Atom:
    g = m.groupdict()
    q = g["q1"] or g["q2"] or g["q4"]
    number = int(q) if q else _ordinal(g["o3"])
    year = int(g["y1"] or g["y2"] or g["y3"] or g["y4"])
    start = datetime(year, 3 * (number - 1) + 1, 1)
    return _Atom(m.start(), m.end(), *_span(start, "quarter"), "quarter")


def _half(m: re.Match[str], s: _Scanner) -> _Atom:
    g = m.groupdict()
    h = g["h1"] or g["h2"] or g["h5"]
    number = int(h) if h else min(2, _ordinal(g["o3"]))
    year = int(g["y1"] or g["y2"] or g["y3"] or g["y5"])
    start = datetime(year, 1 if number == 1 else 7, 1)
    return _Atom(m.start(), m.end(), iso(start), iso(add(start, "month", 6)), "month")


# ---- months with a year ----

def _month_year(m: re.Match[str], s: _Scanner) -> _Atom | None:
    return _month_atom(m, int(m.group("year")), _month(m.group("mon")))


def _year_month(m: re.Match[str], s: _Scanner) -> _Atom | None:
    return _month_atom(m, int(m.group(1)), int(m.group(2)))


def _month_slash_year(m: re.Match[str], s: _Scanner) -> _Atom | None:
    return _month_atom(m, int(m.group(2)), int(m.group(1)))


def _decade(m: re.Match[str], s: _Scanner) -> _Atom | None:
    year = int(m.group(1))
    if not 1000 <= year <= 2990:
        return None
    start = datetime(year, 1, 1)
    # "the 1500s", "the 1900s" are centuries; "the 1990s", "the 2000s" decades
    years = 100 if year % 100 == 0 and year != 2000 else 10
    return _Atom(m.start(), m.end(), iso(start), iso(add(start, "year", years)), "year")


# ---- without a year: periodic ----

def _day_month(m: re.Match[str], s: _Scanner) -> _Atom | None:
    month, day = _month(m.group("mon")), int(m.group("day"))
    if _day(2024, month, day) is None:
        return None
    return _Atom(m.start(), m.end(), None, None, "day",
                 periodic=(("day", day), ("month", month)), yearless=True)


def _days_of_month(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"November 1-18, 2026", "Nov 11-17", "1-18 November 2026": two days of one month, the
    first and last of a stretch, as two atoms the range reader joins (the first one added
    here, the last one returned), each with the year written after the last, or none."""
    month = _month(m.group("mon"))
    first, last = int(m.group("day")), int(m.group("day2"))
    year = int(m.group("year")) if m.group("year") else None
    if first >= last or _day(2024, month, last) is None:
        return None  # "June 30-1": no stretch of one month
    spans = ((m.start(), m.end("day")), (m.start("day2"), m.end()))
    atoms = []
    for (start, end), day in zip(spans, (first, last)):
        if year is None:
            atoms.append(_Atom(start, end, None, None, "day",
                               periodic=(("day", day), ("month", month)), yearless=True))
            continue
        when = _day(year, month, day)
        if when is None:
            return None
        atoms.append(_Atom(start, end, *_span(when, "day"), "day"))
    s.add(atoms[0])
    return atoms[1]


def _day_of_month(m: re.Match[str], s: _Scanner) -> _Atom | None:
    day = _ordinal(m.group("o")) if m.group("o") else int(m.group("n"))
    if not 1 <= day <= 31:
        return None
    return _Atom(m.start(), m.end(), None, None, "day", periodic=(("day", day),),
                 yearless=True)


def _quarter_alone(m: re.Match[str], s: _Scanner) -> _Atom:
    number = int(m.group("q")) if m.group("q") else _ordinal(m.group("o"))
    months = tuple(("month", 3 * (number - 1) + i) for i in (1, 2, 3))
    return _Atom(m.start(), m.end(), None, None, "quarter", periodic=months, yearless=True)


def _half_alone(m: re.Match[str], s: _Scanner) -> _Atom:
    number = int(m.group("h")) if m.group("h") else _ordinal(m.group("o"))
    months = tuple(("month", 6 * (number - 1) + i) for i in range(1, 7))
    return _Atom(m.start(), m.end(), None, None, "month", periodic=months, yearless=True)


_TIME_WORD_BEFORE = re.compile(
    r"\b(?:in|during|of|for|since|after|before|until|till|through|from|between|by|every|each|"
    r"this|last|next|early|late|mid|month of|throughout|and|or|to)\s+$"
)


#: Month abbreviations that are no English word or common name: a month wherever they stand
#: ("sept revenue vs sept last year", "oct signups").
_ONLY_MONTHS = frozenset({"feb", "apr", "aug", "sep", "sept", "oct", "nov"})
#: Month abbreviations that are also given names ("Jan Novak", "Jun Li"): a month where the
#: question writes them in lower case ("d30 retention jan installs", "dec signups").
_NAME_MONTHS = frozenset({"jan", "jun", "jul", "dec"})
#: A measure's word before "apr" ("avg apr", "the weighted apr"): the rate, not April.
_RATE_BEFORE = re.compile(r"\b(?:avg|average|mean|median|max|min|maximum|minimum|highest|lowest|"
                          r"weighted|blended|effective|nominal|loan|purchase|intro)\s+$")
#: What makes any month word a month when it follows ("march last year", "jan this year").
_TIME_WORD_AFTER = re.compile(r"\s+(?:last|this|next|previous|prior)\s+year\b")


@lru_cache(maxsize=1)
def _month_range_after() -> re.Pattern[str]:
    """A dash (or "through", "to", "until") and a month, with its year or without, after an
    abbreviated month ("May-Oct 2026", "Jun - Sep 2025", "the season (May-September)", "May
    through October 2026"): the first month of a range, never a name or a verb."""
    # (the dash of "May-Oct 15" is optional in the lookahead once, not between two runs of
    # spaces: ``\s*-?\s*`` splits a long run of spaces every way before failing)
    return re.compile(r"(?:\s*[" + _DASHES + r"]\s*|\s+(?:through|thru|to|until|till)\s+)(?:"
                      + _alternation(_words().months)
                      + r")\b(?!\s*(?:[" + _DASHES + r"]\s*)?\d{1,2}\b(?!\d))")


@lru_cache(maxsize=1)
def _month_range_before() -> re.Pattern[str]:
    """A month and a dash before an abbreviated month ("(May-Oct)", "Jan - Mar"): the last
    month of a range."""
    return re.compile(r"\b(?:" + _alternation(_words().months) + r")\.?\s*[" + _DASHES
                      + r"]\s*$")


@lru_cache(maxsize=1)
def _month_compared_before() -> re.Pattern[str]:
    """A month and a comparing word before a month word ("apr vs mar", "june and may",
    "Jan or Mar"): the second one is a month too, never a verb or a name."""
    return re.compile(r"\b(?:" + _alternation(_words().months) + r")\.?\s+(?:" + _VERSUS
                      + r"|and|or|&)\s+$")


@lru_cache(maxsize=1)
def _month_compared_after() -> re.Pattern[str]:
    """A comparing word and a month after a month word ("may vs april")."""
    return re.compile(r"\.?\s+(?:" + _VERSUS + r")\s+(?:" + _alternation(_words().months)
                      + r")\b")


def _month_alone(m: re.Match[str], s: _Scanner) -> _Atom | None:
    name = m.group("mon").casefold()
    before = s.lower[max(0, m.start() - 16) : m.start()]
    # "may", "march" and the other abbreviations ("in jan", "for sept", but "Jan Smith", "mar
    # the finish") are a month only after a time word or before "last year"
    w = _words()
    if (name in _ONLY_MONTHS and s.text[m.start("mon"):m.end("mon")].isupper()
            and not _TIME_WORD_BEFORE.search(before)):
        return None  # "average APR", "SEP contributions": an acronym (annual rate, a plan)
    if name == "apr" and _RATE_BEFORE.search(before) and not _TIME_WORD_AFTER.match(
            s.lower, m.end()):
        return None  # "avg apr by lender", "highest apr": the annual percentage rate
    if ((name in w.ambiguous_months or name not in w.full_months) and name not in _ONLY_MONTHS
            and not (name in _NAME_MONTHS and s.text[m.start("mon"):m.end("mon")].islower())
            and not _TIME_WORD_BEFORE.search(before)
            and not _TIME_WORD_AFTER.match(s.lower, m.end())
            and not _month_range_after().match(s.lower, m.end())
            and not _month_range_before().search(before)
            and not _month_compared_before().search(before)
            and not _month_compared_after().match(s.lower, m.end())):
        return None
    return _Atom(m.start(), m.end(), None, None, "month",
                 periodic=(("month", _month(name)),), yearless=True)


# ---- times of day ----

#: What opens a range of hours right before its first ("between 6 and 9 pm", "from 6-9pm").
_RANGE_OPENS = re.compile(r"\b(?:between|from)\s+$")


def _clock(m: re.Match[str], s: _Scanner) -> _Atom | None:
    g = m.groupdict()
    if g["w"]:
        hour, minute, grain = (12 if g["w"].casefold() == "noon" else 0), 0, "hour"
    elif g["hr"] is not None:
        # "between 6 and 9 pm": the range's am or pm, unless the start would come after the
        # end ("between 11 and 2 pm" starts at 11 am)
        hour, end = int(g["hr"]), int(g["er"])
        if not (1 <= hour <= 12 and 1 <= end <= 12) or not _RANGE_OPENS.search(
                s.lower, max(0, m.start() - 9), m.start()):
            return None  # "rooms 6 and 9 pm": no range
        pm = g["apr"].casefold().startswith("p")
        if hour % 12 > end % 12:
            if not pm:
                return None  # "between 11 and 2 am" runs past midnight: no one stretch
            pm = False
        hour = (hour % 12) + (12 if pm else 0)
        minute = int(g["mr"] or 0)
        grain = "minute" if g["mr"] else "hour"
    elif g["h"] is not None:
        hour = int(g["h"])
        if not 1 <= hour <= 12:
            return None
        pm = g["ap"].casefold().startswith("p")
        hour = (hour % 12) + (12 if pm else 0)
        minute = int(g["m"] or 0)
        grain = "minute" if g["m"] else "hour"
    else:
        hour, minute, grain = int(g["h24"]), int(g["m24"]), "minute"
    start = hour * 3600 + minute * 60
    length = 3600 if grain == "hour" else 60
    if g.get("s24"):
        start, length, grain = start + int(g["s24"]), 1, "second"
    return _Atom(m.start(), m.end(), None, None, grain, clock=(start, start + length))


#: The word right after a range of hours, and the words a time of day may be followed by.
_NEXT_WORD = re.compile(r"\s*([a-z']+)")
_AFTER_HOURS = frozenset({
    "yesterday", "today", "tomorrow", "last", "this", "next", "on", "in", "for", "during", "at",
    "and", "or", "by", "per", "each", "every", "over", "across", "from", "since", "weekdays",
    "weekends", "daily", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday",
    "wednesday", "thursday", "friday", "saturday", "sunday", "only", "with", "where", "that",
    "ytd", "mtd", "qtd", "yday", "local", "utc"})


def _office_hours(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"between 9 and 5", "from 8 to 6": hours said without am or pm whose end comes before
    their start, which only a clock reads (morning to afternoon, 9:00 to 17:00); a rising
    range ("between 2 and 5 items") stays numbers."""
    start, end = int(m["ob"]), int(m["oe"])
    if not (1 <= end < start <= 12) or start - end < 2:
        return None
    after = _NEXT_WORD.match(s.lower, m.end())
    if after is not None and after[1] not in _AFTER_HOURS:
        return None  # "between 9 and 5 pm" (the clock rule's), "from 10 to 4 items" (numbers)
    return _Atom(m.start(), m.end(), None, None, "hour",
                 clock=(start * 3600, (end + 12) * 3600))


# ---- bare years ----

def _year_range(m: re.Match[str], s: _Scanner) -> _Atom | None:
    first, last = int(m.group(1)), int(m.group(2))
    if not (1000 <= first < last <= 2999 and last - first < 200):
        return None
    return _Atom(m.start(), m.end(), iso(datetime(first, 1, 1)),
                 iso(datetime(last + 1, 1, 1)), "year", bare_year=True)


def _bare_year(m: re.Match[str], s: _Scanner) -> _Atom | None:
    year = int(m.group(1))
    before = s.lower[max(0, m.start() - 24) : m.start()]
    after = s.lower[m.end() : m.end() + 16]
    if _QUANTITY_BEFORE.search(before) or _QUANTITY_AFTER.match(after):
        return None
    if not 1000 <= year <= 2999:
        return None
    start = datetime(year, 1, 1)
    return _Atom(m.start(), m.end(), *_span(start, "year"), "year", bare_year=True)


def _fiscal_label(m: re.Match[str], s: _Scanner) -> _Atom | None:
    """"FY25", "FY 2025": the year the label names (two digits: this century's), read as
    "fiscal 2025" is; which months it holds is the reformulation's or the ruleset's to say."""
    digits = m.group(1)
    year = 2000 + int(digits) if len(digits) == 2 else int(digits)
    if not 1900 <= year <= 2999:
        return None
    return _Atom(m.start(), m.end(), *_span(datetime(year, 1, 1), "year"), "year")


# ---- the table ----

@dataclass(frozen=True, slots=True)
class _Rule:
    """One time idiom: its pattern (built from the lexicon's words), the builder that makes
    an atom of a match, and what the text must hold for the pattern to match at all; rules
    run in table order and an earlier rule's span is not read again."""

    name: str
    pattern: Callable[[_Words], str]
    build: _Builder
    #: What opens the rule: words, and features of the text (``<year>`` four digits in a row,
    #: ``<slash>`` a digit, a slash and a digit, ``<clock>`` 10:30 or 2 pm); the pattern cannot
    #: match a text that holds none of them.
    needs: Callable[[_Words], Iterable[str]]
    #: Words of which every match also holds one, as a word of its own: a text with a year
    #: and no month name cannot hold "March 2024" (None: ``needs`` says it all).
    also: Callable[[_Words], Iterable[str]] | None = None


def _month_names(w: _Words) -> str:
    return r"(?P<mon>" + _alternation(w.months) + r")\.?"


def _full_months(w: _Words) -> str:
    return r"(?P<mon>" + _alternation(w.full_months) + r")"


def _abbreviations(w: _Words) -> tuple[str, ...]:
    return tuple(name for name in w.months if name not in w.full_months)


def _abbreviated(w: _Words) -> str:
    return r"(?P<mon>" + _alternation(_abbreviations(w)) + r")\.?"


def _number(w: _Words) -> str:
    return r"(\d{1,4}|" + _alternation(w.numbers) + r")"


_DATE_UNITS = ("week", "month", "quarter", "year")


def _date_units(w: _Words) -> tuple[str, ...]:
    return tuple(p for p, unit in w.units.items() if unit in _DATE_UNITS)


def _a_year(w: _Words) -> tuple[str, ...]:
    return ("<year>",)  # four digits in a row


def _a_month(w: _Words) -> tuple[str, ...]:
    # (a month's name, each a word of letters: every rule given it writes the name between a
    # word boundary and a full stop, a comma or a blank)
    return tuple(w.months)

RULES: tuple[_Rule, ...] = (
    # relative
    _Rule("relative_day", lambda w: r"\b(" + _alternation(w.relative_days) + r")\b",
          _relative_day, needs=lambda w: (p.split()[-1] for p in w.relative_days)),
    _Rule("to_date", lambda w: (
        r"\b(" + _units(w, *_DATE_UNITS, plural=False) + r")[- ]to[- ]date\b|\b("
        + _alternation(w.to_date) + r")\b|\bso far this (" + _units(w, *_DATE_UNITS, plural=False)
        + r")\b|\bthis (" + _units(w, *_DATE_UNITS, plural=False) + r") so far\b"),
        _to_date, needs=lambda w: (*_date_units(w), *w.to_date)),
    # "the last 6 complete months", "previous 4 full weeks": whole calendar units before the
    # current one (a reformulation's way of saying "last 6 months"), not a window to today
    _Rule("last_whole_n", lambda w: (
        r"\b(?:(?:in|over|during|within|for)\s+)?(?:the\s+)?(?:last|past|previous|prior|"
        r"trailing)\s+" + _number(w) + r"\s+(?:" + _WHOLE + r")\s+("
        + _units(w, *_DATE_UNITS) + r")\b"),
        _last_whole_n, needs=_date_units),
    # "the last complete month", "the previous full week", "the previous Monday-Sunday week":
    # the unit before the current one, as "last month" is
    _Rule("last_whole", lambda w: (
        r"\b(?:the\s+)?(?:last|previous|prior|most recent|latest)\s+(?:" + _WHOLE
        + r"|monday[- ](?:to[- ])?sunday)\s+(" + _units(w, *_DATE_UNITS, plural=False)
        + r")\b"), _last_whole, needs=_date_units),
    # "members who haven't played in 90 days", "nothing published in 90 days", "pets not
    # seen in over a year": an event said not to have happened in N units is the trailing
    # window up to today, as "in the last 90 days" is (the absence is the filters' to read)
    _Rule("idle_n", lambda w: (
        r"\b(?:" + _IDLE_NEGATION + r")\s+(?:[a-z'-]+\s+){0,4}?(?P<lead>in|within|for)\s+"
        r"(?:(?:over|more than)\s+)?(?P<n>" + _number(w) + r"|a|an)\s+(?P<unit>"
        + _units(w, "day", *_DATE_UNITS) + r")\b"),
        _idle_n, needs=lambda w: w.units),
    # "in the trailing 12 months" is the last twelve months (a finance habit); a bare
    # "trailing 12 months" may size a moving window instead ("7 day trailing average"), but
    # not where it opens the question ("trailing 12 months revenue")
    _Rule("last_n", lambda w: (
        r"\b(?:(?:in|over|during|within|for)\s+)?(?:the\s+)?(?:last|past|previous|recent|"
        r"(?<=the )trailing|^trailing)\s+"
        + _number(w) + r"\s+(" + _units(w, "hour", "day", *_DATE_UNITS) + r")\b"),
        _last_n, needs=lambda w: w.units),
    _Rule("last_hour", lambda w: (
        r"\b(?:(?:in|over|during|within|for)\s+)?(?:the\s+)?(?:last|past|previous)\s+()("
        + _units(w, "hour", plural=False) + r")\b"),
        _last_n, needs=lambda w: (p for p, unit in w.units.items() if unit == "hour")),
    _Rule("next_n", lambda w: (
        r"\b(?:(?:in|over|during|within|for)\s+)?(?:the\s+)?(?:next|coming|following|upcoming)\s+"
        + _number(w) + r"\s+(" + _units(w, "hour", "day", *_DATE_UNITS) + r")\b"),
        _next_n, needs=lambda w: w.units),
    _Rule("ago", lambda w: (
        r"\b" + _number(w) + r"\s+(" + _units(w, "day", "week", "month", "year") + r")\s+ago\b"),
        _ago, needs=lambda w: ("ago",)),
    _Rule("older_than", lambda w: (
        r"\bolder than\s+(an?|" + _number(w)[1:] + r"\s+("
        + _units(w, "day", "week", "month", "year") + r")\b"), _older,
        needs=lambda w: ("older",)),
    _Rule("n_old", lambda w: (
        r"\b(?:over|more than)\s+" + _number(w) + r"\s+("
        + _units(w, "day", "week", "month", "year") + r")\s+old\b"), _older,
        needs=lambda w: ("old",)),
    _Rule("unit_before", lambda w: (
        r"\b(?:" + _VERSUS + r"|and|than|over)\s+(?:the\s+)?("
        + _units(w, *_DATE_UNITS, plural=False) + r")\s+before\b"),
        _unit_before, needs=_date_units),
    _Rule("this_unit", lambda w: (
        r"\b(this|current|the current|last|previous|the previous|prior|the prior|next|the next|"
        r"coming|the coming|past|the past|the last)\s+"
        r"(?:(?:calendar|fiscal|financial|school|academic)\s+)?("
        + _units(w, *_DATE_UNITS, plural=False) + r")\b"),
        _this_unit, needs=_date_units),
    _Rule("this_weekend", lambda w: (
        r"\b(this|current|the current|last|previous|the previous|prior|the prior|next|the next|"
        r"coming|the coming)\s+weekend\b(?!s)"), _this_weekend, needs=lambda w: ("weekend",)),
    _Rule("one_weekday", lambda w: (
        r"\b(?:(last|this past|past|previous|on)\s+)?(" + "|".join(WEEKDAYS) + r")\b(?!s\b|s'\B)"
        r"(?!\s*,?\s*(?:the\s+)?\d)(?!\s*(?:to|through|thru|until|till|and|or|vs\.?|versus|"
        r"[-\u2013\u2014])(?:\s|$))"), _one_weekday, needs=lambda w: WEEKDAYS),
    _Rule("past_weekend", lambda w: r"\b(?:over|during|on|at|from|for)\s+the\s+weekend\b(?!s)",
          _past_weekend, needs=lambda w: ("weekend",)),
    _Rule("period_end", lambda w: r"\b(month|quarter|year)[- ]?end\b(?![- ]?(?:ing|ed)\b)",
          _period_end, needs=lambda w: ("month", "quarter", "year", "monthend", "quarterend",
                                        "yearend")),
    # full dates
    _Rule("iso_date", lambda w: (
        r"(?<![\d/.-])(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:t|\s+|\s+at\s+)(\d{1,2}):(\d{2})"
        r"(?::(\d{2}))?)?(?![\d/-])"), _iso_date, needs=_a_year),
    _Rule("ymd_slash", lambda w: r"(?<![\d/.-])(\d{4})/(\d{1,2})/(\d{1,2})(?![\d/])", _ymd,
          needs=_a_year),
    _Rule("mdy", lambda w: r"(?<![\d/.-])(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\d/])", _mdy,
          needs=lambda w: ("<slash>",)),
    _Rule("dmy_dot", lambda w: r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.])", _dmy,
          needs=_a_year),
    # "November 1-18, 2026", "1-18 Nov": a stretch of days of one month (before the single
    # days, which would read its first day alone)
    _Rule("month_days", lambda w: (
        r"\b" + _month_names(w) + r"\s+(?:the\s+)?" + _DAY + _DAYS_APART
        + r"(?P<day2>\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+" + _YEAR + r"\b)?(?![\d:/-]|\.\d)"),
        _days_of_month, needs=lambda w: tuple(w.months)),
    _Rule("days_month", lambda w: (
        r"(?<![\d/.:-])" + _DAY + _DAYS_APART + r"(?P<day2>\d{1,2})(?:st|nd|rd|th)?\s+"
        r"(?:of\s+)?" + _month_names(w) + r"(?:,?\s+" + _YEAR + r"\b)?(?![\d:/-])"),
        _days_of_month, needs=lambda w: tuple(w.months)),
    _Rule("day_month_year", lambda w: (
        r"\b(?:the\s+)?" + _DAY + r"\s+(?:of\s+)?" + _month_names(w) + r",?\s+" + _YEAR
        + r"\b"), _words_date, needs=_a_year, also=_a_month),
    _Rule("month_day_year", lambda w: (
        r"\b" + _month_names(w) + r"\s+(?:the\s+)?" + _DAY + r",?\s+" + _YEAR + r"\b"),
        _words_date, needs=_a_year, also=_a_month),
    # weeks, quarters, halves
    _Rule("iso_week", lambda w: r"\b" + _YEAR + r"-?w(?P<week>\d{1,2})\b", _week, needs=_a_year),
    _Rule("week_of", lambda w: (
        r"\b(?:the\s+)?(?:iso\s+)?week\s+(?:number\s+)?(?P<week>\d{1,2})(?:\s+of|,)?\s+"
        + _YEAR + r"\b|\bthe\s+(?P<week2>\d{1,2})(?:st|nd|rd|th)\s+week\s+of\s+"
        r"(?P<year2>\d{4})\b"), _week, needs=_a_year, also=lambda w: ("week",)),
    _Rule("week_alone", lambda w: (
        r"\b(?:iso\s+)?week\s+(?:number\s+)?(?P<week>\d{1,2})\b(?!\s*(?:of|,)?\s*\d{4})"),
        _week_alone, needs=lambda w: ("week",)),
    _Rule("quarter", lambda w: (
        r"\b(?:q(?P<q1>[1-4])(?:\s+of|\s*[-/,']?)\s*(?P<y1>\d{4})|(?P<y2>\d{4})\s*[-/]?\s*"
        r"q(?P<q2>[1-4])|(?:the\s+)?(?P<o3>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+"
        r"(?:fiscal\s+)?quarter\s+(?:of\s+)?(?:the\s+year\s+)?(?P<y3>\d{4})|quarter\s+"
        r"(?P<q4>[1-4])\s+(?:of\s+)?(?P<y4>\d{4}))\b"), _quarter, needs=_a_year),
    _Rule("half", lambda w: (
        r"\b(?:h(?P<h1>[12])\s*(?:of\s+)?[-/,']?\s*(?P<y1>\d{4})|(?P<y2>\d{4})\s*[-/]?\s*"
        r"h(?P<h2>[12])|(?P<h5>[12])h\s*(?P<y5>\d{4})|(?:the\s+)?(?P<o3>first|second|1st|2nd|"
        r"last)\s+half\s+(?:of\s+)?(?:the\s+year\s+)?(?P<y3>\d{4}))\b"), _half, needs=_a_year),
    # months with a year
    _Rule("month_year", lambda w: (
        r"\b" + _month_names(w) + r"(?:\s+of|,)?\s+(?:the\s+year\s+)?" + _YEAR + r"\b"),
        _month_year, needs=_a_year, also=_a_month),
    _Rule("year_month", lambda w: r"(?<![\d/.-])(\d{4})[-/](\d{1,2})(?![\d/-])", _year_month,
          needs=_a_year),
    _Rule("month_slash_year", lambda w: r"(?<![\d/.-])(\d{1,2})/(\d{4})(?![\d/])",
          _month_slash_year, needs=_a_year),
    _Rule("decade", lambda w: r"\b(?:the\s+)?(\d{3}0)'?s\b", _decade, needs=_a_year),
    # without a year: periodic
    _Rule("day_month", lambda w: (
        r"\b(?:the\s+)?" + _DAY + r"\s+(?:of\s+)?" + _full_months(w) + r"\b"),
        _day_month, needs=lambda w: w.full_months),
    _Rule("month_day", lambda w: (
        r"\b" + _full_months(w) + r"\s+(?:the\s+)?" + _DAY + r"\b(?!\s*(?:,\s*)?\d)"),
        _day_month, needs=lambda w: w.full_months),
    # "since jan 1", "from 3 Feb": an abbreviated month with a day is a date, whatever the
    # case ("Jan 5" as a given name and a number is rarer than the date in a question)
    _Rule("day_abbreviated_month", lambda w: (
        r"\b(?:the\s+)?" + _DAY + r"\s+(?:of\s+)?" + _abbreviated(w) + r"\b"),
        _day_month, needs=lambda w: _abbreviations(w)),
    _Rule("abbreviated_month_day", lambda w: (
        r"\b" + _abbreviated(w) + r"\s+(?:the\s+)?" + _DAY + r"\b(?!\s*(?:,\s*)?\d)"),
        _day_month, needs=lambda w: _abbreviations(w)),
    _Rule("day_of_month", lambda w: (
        r"\b(?:the\s+)?(?:(?P<o>first|1st|second|2nd|third|3rd)|(?P<n>\d{1,2})(?:st|nd|rd|th))"
        r"\s+(?:day\s+)?of\s+(?:a|the|each|every|any)\s+month\b"),
        _day_of_month, needs=lambda w: ("month",)),
    _Rule("quarter_alone", lambda w: (
        r"\bq(?P<q>[1-4])\b|\b(?:the\s+)?(?P<o>first|second|third|fourth|1st|2nd|3rd|4th)\s+"
        r"(?:fiscal\s+)?quarter\b(?!\s+of\s+\d)"),
        _quarter_alone, needs=lambda w: ("q1", "q2", "q3", "q4", "quarter")),
    _Rule("half_alone", lambda w: (
        r"\bh(?P<h>[12])\b|\b(?:the\s+)?(?P<o>first|second|1st|2nd)\s+half\s+of\s+(?:the|a)"
        r"\s+year\b"), _half_alone, needs=lambda w: ("h1", "h2", "half")),
    _Rule("month_alone", lambda w: r"\b" + _month_names(w) + r"(?![a-z])", _month_alone,
          needs=lambda w: tuple(w.months)),
    # times of day
    # office hours without am or pm, the end before the start ("between 9 and 5")
    _Rule("office_hours", lambda w: (
        r"\b(?:between|from)\s+(?P<ob>\d{1,2})\s*(?:and|to|until|till|[-\u2013])\s*"
        r"(?P<oe>\d{1,2})\b(?![.,:%]\d|\s*%)"),
        _office_hours, needs=lambda w: ("between", "from")),
    _Rule("clock", lambda w: (
        r"\b(?:at\s+)?(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)(?![a-z])|"
        # a fraction after the minutes or seconds makes a duration ("a result better than
        # '4:21.558'", a lap of 1:23.4), no time of day
        r"(?<![\d:])(?:at\s+)?(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)(?::(?P<s24>[0-5]\d))?"
        r"(?![\d:]|\.\d)|\b(?:at\s+)?(?P<w>noon|midnight)\b|"
        # the first hour of a range that says am or pm once, after its end ("between 6 and 9
        # pm", "6-9pm", "from 10 to 11 am")
        r"\b(?P<hr>\d{1,2})(?::(?P<mr>\d{2}))?(?=\s*(?:and|to|until|till|through|[-\u2013])\s*"
        r"(?P<er>\d{1,2})(?::\d{2})?\s*(?P<apr>a\.?m\.?|p\.?m\.?)(?![a-z]))"),
        _clock, needs=lambda w: ("<clock>", "noon", "midnight")),
    # a fiscal year by its label ("FY25", "FY 2025", "fy'25"): the year it is named by, whose
    # months the reformulation or the ruleset may declare (stef_align.time reads "fiscal" so)
    _Rule("fiscal_label", lambda w: r"\bfy\s?'?(\d{4}|\d{2})\b", _fiscal_label,
          needs=lambda w: ("<fy>",)),
    # bare years
    _Rule("year_range", lambda w: (
        r"(?<![\w$#.,/-])(\d{4})\s*[" + _DASHES + r"]\s*(\d{4})(?![\w%/-])"),
        _year_range, needs=_a_year),
    _Rule("bare_year", lambda w: r"(?<![\w$#.,/-])(\d{4})(?![\w%/-]|\.\d|,\d)", _bare_year,
          needs=_a_year),
)


@dataclass(frozen=True, slots=True)
class _Compiled:
    rules: tuple[tuple[_Rule, re.Pattern[str], frozenset[str], frozenset[str] | None], ...]
    needs: frozenset[str]  # what opens any rule


@lru_cache(maxsize=1)
def _compiled() -> _Compiled:
    """The table's patterns, compiled on first use (a run that reads no time compiles none)."""
    w = _words()
    rules = tuple((r, re.compile(r.pattern(w), re.IGNORECASE), frozenset(r.needs(w)),
                   frozenset(r.also(w)) if r.also is not None else None) for r in RULES)
    return _Compiled(rules, frozenset().union(*(t for _, _, t, _ in rules)))


_WORD = re.compile(r"[a-z0-9]+")
_FEATURES = (("<year>", re.compile(r"\d{4}")), ("<slash>", re.compile(r"\d/\d")),
             ("<fy>", re.compile(r"\bfy\s?'?\d", re.IGNORECASE)),
             ("<clock>", re.compile(r"\d(?::\d|\s*[ap]\.?m)", re.IGNORECASE)))


def _opening(text: str) -> set[str] | None:
    """The words and features of ``text`` that open rules (None: every rule runs).

    Exact on ASCII text; on other text case-insensitive matching reaches beyond ASCII letters
    (the long s matches "s"), so every rule runs there."""
    if not text.isascii():
        return None
    found = set(_WORD.findall(text.lower()))
    if any(map(str.isdigit, text)):
        found.update(name for name, probe in _FEATURES if probe.search(text))
    return found


def _atoms(text: str, gate: bool = True) -> list[_Atom]:
    """The atoms of ``text``, rule by rule (``gate=False`` runs every rule: the pre-check
    changes the cost, never the result; the tests compare both)."""
    table = _compiled()
    found = _opening(text) if gate else None
    if found is not None and table.needs.isdisjoint(found):
        return []  # no year, date, clock or time word: no time (most questions stop here)
    s = _Scanner(text)
    for rule, pattern, needs, also in table.rules:
        if found is None or (not needs.isdisjoint(found)
                             and (also is None or not also.isdisjoint(found))):
            s.scan(pattern, rule.build)
    s.atoms.sort(key=lambda a: a.start)
    atoms = s.atoms
    for read_again in _PASSES:
        atoms = read_again(atoms, s.lower)
    return atoms


_END_OF = re.compile(r"\b(?:at|by|as\s+of|on)?\s*(?:the\s+)?(?:very\s+)?end\s+of\s+(?:the\s+)?$")


_ROLLED_UNIT = re.compile(r"\b(?:the\s+(?:last|past))\s+(month|quarter|year)$")
#: "at / as of / on the end of": a snapshot's day ("by the end of" bounds a stretch instead)
_SNAPSHOT_END = re.compile(r"\b(?:at|as\s+of|on)\s+(?:the\s+)?(?:very\s+)?end\s+of\s+(?:the\s+)?$")
_AS_OF = re.compile(r"\bas\s+(?:of|at)\s+(?:the\s+)?$")
_END_AFTER = re.compile(r"[- ]?end\b(?![- ]?(?:ing|ed)\b)")


def _ends_of(atoms: list[_Atom], text: str) -> list[_Atom]:
    """"members at the end of last month", "balance as of end of Q2", "AUM as of last
    month-end", "the last quarter end": the stretch's last day, a point to hold a snapshot at,
    not the whole stretch (bounds relative to the anchor). A bare period end ("at month end")
    read beside another time ("month-end AUM over the last year") is each month's end, no day."""
    out: list[_Atom] = []
    for a in atoms:
        if a.weak and a.period_end and len(atoms) > 1:
            continue
        tail = _END_AFTER.match(text, a.end)
        rolled = _ROLLED_UNIT.search(text, a.start, a.end) if a.rolling and tail else None
        if rolled is not None:
            # "as of the last month-end": the latest month's end, not the month up to today
            unit = cast(RelativeUnit, rolled.group(1))
            if a.lo == ANCHOR_DAY.shifted(unit, -1) and a.hi == _TOMORROW:
                hi = ANCHOR_DAY.start_of(unit)
                out.append(replace(a, end=cast(re.Match[str], tail).end(), lo=hi.shifted("day", -1),
                                   hi=hi, rolling=False, period_end=True))
                continue
        if a.grain not in ("month", "quarter", "year"):
            tail = None
        said = _SNAPSHOT_END.search(text[max(0, a.start - 30):a.start])
        if (a.grain in ("month", "quarter") and not a.bare_year and not a.rolling
                and (tail is not None or said is not None)):
            # "AUM at the end of February", "balances as of the Q4 2025 end": the last day
            # of the named month or quarter (the latest one when no year is said)
            latest = _latest(a) if a.yearless else None
            end: Bound | None = (latest[1] if latest is not None
                                 else a.hi if isinstance(a.hi, str) and not a.periodic else None)
            if end is not None:
                last = (end.shifted("day", -1) if isinstance(end, RelativeDate)
                        else iso(add(datetime.fromisoformat(end), "day", -1)))
                out.append(replace(a, end=tail.end() if tail else a.end, lo=last, hi=end,
                                   periodic=(), yearless=False, grain="day", period_end=True))
                continue
        if (isinstance(a.hi, RelativeDate) and not a.periodic and not a.rolling
                and (tail is not None or _END_OF.search(text[max(0, a.start - 30):a.start]))):
            out.append(replace(a, end=tail.end() if tail else a.end, lo=a.hi.shifted("day", -1),
                               grain="day", period_end=True))
            continue
        out.append(a)
    return out


#: A part of a month said before it: "the first half of", "early", "mid-", "late", "the
#: middle of" (placed, not bounded to the day: :attr:`Period.portion`) and "the first 10 days
#: of", "the first two weeks of", "the last week of" (bounded to the day).
_PART_BEFORE = re.compile(
    r"(?:\b(?:in|during|over|for|within|across)\s+)?(?:the\s+(?:very\s+)?)?(?:"
    r"(?P<half>first|second|1st|2nd|last|latter)\s+half\s+of"
    r"|(?:(?<=in )|(?<=during )|(?<=from )|(?<=since )|(?<=until )|(?<=by )|(?<=for )"
    r"|(?<=through )|(?<=over )|(?<=of )|(?<=and )|(?<=to )|^)(?P<vague>early|late)"
    r"|\b(?P<mid>mid)|(?P<middle>middle)\s+of"
    r"|(?P<side>first|last|final|opening|closing)\s+(?:(?P<n>\d{1,2}|[a-z]+)\s+)?"
    r"(?P<unit>days?|weeks?|fortnight)\s+of)"
    r"(?:\s+(?:the\s+)?month\s+of)?[\s-]+$")
#: How far back :data:`_PART_BEFORE` looks.
_PART_REACH = 48
#: What joins a part read as a time of its own to its month ("last week| of |September").
_OF_MONTH = re.compile(r"\s+of\s+(?:the\s+month\s+of\s+)?")


def _day_shifted(bound: Bound, days: int) -> Bound:
    """``bound`` moved by ``days`` days (an ISO day or an anchor-relative bound)."""
    if isinstance(bound, RelativeDate):
        return bound.shifted("day", days)
    return iso(add(datetime.fromisoformat(bound), "day", days))


def _month_bounds(atom: _Atom, text: str) -> tuple[Bound, Bound] | None:
    """The bounds of a month named by its name (the latest such month for one named without
    a year); None for anything else (a quarter, a run of months, a periodic day, "last month":
    "shipments late last month" are the late ones, not the end of the month)."""
    if atom.grain != "month" or atom.period_end or atom.rolling:
        return None
    if not any(w.isalpha() and w in _words().months
               for w in _WORD.findall(text[atom.start:atom.end])):
        return None
    if atom.yearless:
        if [u for u, _ in atom.periodic] != ["month"]:
            return None
        return _latest(atom)
    if atom.periodic or atom.lo is None or atom.hi is None:
        return None
    if isinstance(atom.lo, str) and isinstance(atom.hi, str):
        lo = datetime.fromisoformat(atom.lo)
        if lo.day != 1 or iso(add(lo, "month", 1)) != atom.hi:
            return None
    elif not (isinstance(atom.lo, RelativeDate) and isinstance(atom.hi, RelativeDate)
              and atom.lo.shifted("month", 1) == atom.hi):
        return None
    return atom.lo, atom.hi


def _parts_of(atoms: list[_Atom], text: str) -> list[_Atom]:
    """"orders in the first half of March", "tickets opened in early May", "bookings made
    mid-June", "claims filed in late January": a part of the month, not the month. The words
    place the part without bounding it to the day ("early May" is the 1st to about the 10th
    or the 15th), so the month is kept with its :attr:`Period.portion`; "the first 10 days
    of August", "the first two weeks of April", "the last week of September" are bounded to
    the day and read as those days. A part before anything else than a month named by its
    name ("early 2026", "the end of Q2", "late last month") is left as it is, and so is an
    "early" or "late" that follows no preposition ("orders shipped late May 3rd" may be the
    late ones)."""
    out: list[_Atom] = []
    for atom in atoms:
        floor_at = out[-1].end if out else 0
        # searched in place (not in a slice), so that "^" is the text's start only
        m = _PART_BEFORE.search(text, max(floor_at, atom.start - _PART_REACH), atom.start)
        if m is None and out and _OF_MONTH.fullmatch(text, out[-1].end, atom.start):
            # "the last week of September": "last week" was read as a time of its own
            prev = out[-1]
            joined = _PART_BEFORE.search(text, max(0, prev.start - 16), atom.start)
            if joined is not None and joined.group("side") and joined.start() <= prev.start:
                out.pop()
                m = joined
        bounds = _month_bounds(atom, text) if m is not None else None
        if m is None or bounds is None:
            out.append(atom)
            continue
        start = m.start()
        lo, hi = bounds
        if m.group("side"):
            n = 1 if m.group("n") is None else _count(m.group("n")) if (
                m.group("n").isdigit() or m.group("n") in _words().numbers) else 0
            unit = m.group("unit")
            days = n * (14 if unit == "fortnight" else 7 if unit.startswith("week") else 1)
            if not 1 <= days <= 27:
                out.append(atom)
                continue
            first = m.group("side") in ("first", "opening")
            narrowed = (lo, _day_shifted(lo, days)) if first else (_day_shifted(hi, -days), hi)
            out.append(replace(atom, start=start, lo=narrowed[0], hi=narrowed[1], periodic=(),
                               yearless=False, grain="day"))
            continue
        if m.group("half"):
            portion = "first half" if m.group("half") in ("first", "1st") else "second half"
        else:
            portion = m.group("vague") or "mid"
        out.append(replace(atom, start=start, portion=portion))
    return out


_SAME_STRETCH = re.compile(r"\bsame\s+(?:\w+\s+)?(?:period|time|days?|dates?|stretch|window|point"
                           r"|weeks?|months?|quarters?|qtr|half|season)\s+"
                           r"(?:as\s+|of\s+|in\s+)?$")


#: The words a comparison of two periods is made with ("last month vs prior month").
_VERSUS = r"vs\.?|versus|compared\s+(?:to|with)|against"
_BEFORE_THE_FIRST = re.compile(
    r"\b(?:" + _VERSUS + r")\s+(?:the\s+)?(?:previous|prior)\s+\w+$"
    r"|\b(?:" + _VERSUS + r"|and|than|over)\s+(?:the\s+)?\w+\s+before$")


def _before_the_first(atoms: list[_Atom], text: str) -> list[_Atom]:
    """"last month vs prior month": the unit before the first period compared, not the one
    before today ("this month vs previous month" is last month either way)."""
    out: list[_Atom] = []
    for a in atoms:
        first = next((b for b in reversed(out) if b.grain == a.grain), None)
        if (first is not None and isinstance(first.lo, RelativeDate)
                and isinstance(first.hi, RelativeDate) and not first.periodic
                and a.grain in ("day", "week", "month", "quarter", "year")
                and _BEFORE_THE_FIRST.search(text[max(0, a.start - 24):a.end])):
            unit = cast(RelativeUnit, a.grain)
            out.append(replace(a, lo=first.lo.shifted(unit, -1), hi=first.hi.shifted(unit, -1)))
            continue
        out.append(a)
    return out


#: "ytd vs last year": nothing but the comparing word between a period to date and last year.
_VERSUS_ONLY = re.compile(r"\s*,?\s*(?:" + _VERSUS + r")\s+(?:the\s+)?")


def _to_date_atom(atom: _Atom | None) -> bool:
    """A period to date ("ytd", "mtd", "quarter to date"): from the start of the anchor's unit
    to today."""
    return (atom is not None and atom.rolling and atom.hi == _TOMORROW
            and isinstance(atom.lo, RelativeDate) and len(atom.lo.steps) == 1
            and isinstance(atom.lo.steps[0], StartOf))


def _compared_stretches(atoms: list[_Atom], text: str) -> list[_Atom]:
    """"mtd vs same period last year": the other period is the first one a year earlier (the
    same days), not the whole of last year. When the first one's bounds are relative to the
    anchor it is moved back a year; otherwise the comparison is left unread, not misread.
    A period to date compared with last year outright ("revenue ytd vs last year") is compared
    like for like too: a part of this year set against the whole of the last one says nothing
    of the change, so the analyst's reading is last year to the same day (the comparison of
    :mod:`stef_align.time` also takes the whole of last year: some compare so)."""
    out: list[_Atom] = []
    for a in atoms:
        floor = max(0, a.start - 40)
        same = _SAME_STRETCH.search(text[floor:a.start]) if a.grain == "year" else None
        prev = out[-1] if out else None
        if (same is None and a.grain == "year" and a.lo == _LAST_YEAR and prev is not None
                and (_to_date_atom(prev) or (prev.lo, prev.hi) == _THIS_YEAR)
                and _VERSUS_ONLY.fullmatch(text[prev.end:a.start])):
            # ("revenue this year vs last year": this year is so far, so the same)
            assert isinstance(prev.lo, RelativeDate)
            out.append(replace(prev, start=a.start, end=a.end, lo=prev.lo.shifted("year", -1),
                               hi=_TOMORROW.shifted("year", -1), grain="day", rolling=True))
            continue
        if same is not None and a.lo == _LAST_YEAR:
            first = out[-1] if out else None
            if (first is not None and isinstance(first.lo, RelativeDate)
                    and isinstance(first.hi, RelativeDate) and not first.periodic):
                # ("this year vs same period last year": this year so far, so last year to
                # the same day)
                hi = (_TOMORROW if (first.lo, first.hi) == _THIS_YEAR else first.hi)
                out.append(replace(first, start=floor + same.start(), end=a.end,
                                   lo=first.lo.shifted("year", -1),
                                   hi=hi.shifted("year", -1)))
            elif first is not None and first.yearless and (latest := _latest(first)):
                # "february admissions vs same month last year": the latest February, a
                # year back; "since march vs same period last year": from that March to
                # the same day last year
                since = _SINCE_BEFORE.search(text[max(0, first.start - 8):first.start])
                out.append(_Atom(floor + same.start(), a.end, latest[0].shifted("year", -1),
                                 (_TOMORROW if since else latest[1]).shifted("year", -1),
                                 "day" if since else first.grain, rolling=bool(since)))
            continue
        out.append(a)
    return out


#: "since" right before a period: from its start to today.
_SINCE_BEFORE = re.compile(r"\b(?:since|from)\s+$")
_LAST_YEAR = ANCHOR_DAY.start_of("year").shifted("year", -1)
_THIS_YEAR = (ANCHOR_DAY.start_of("year"), ANCHOR_DAY.start_of("year").shifted("year", 1))
_OF_THE = re.compile(r"\s*(?:,\s*)?(?:of\s+|in\s+)?(?:the\s+)?")


def _in_relative_years(atoms: list[_Atom], text: str) -> list[_Atom]:
    """A month, quarter or half placed in a year named relative to today ("Q1 last year",
    "March of this year", "H2 of the previous year") is that stretch of that year."""
    out: list[_Atom] = []
    for atom in atoms:
        prev = out[-1] if out else None
        months = sorted(v for u, v in prev.periodic if u == "month") if prev else []
        if (prev is not None and prev.yearless and months and atom.grain == "year"
                and not atom.rolling and isinstance(atom.lo, RelativeDate)
                and all(u == "month" for u, _ in prev.periodic)
                and months == list(range(months[0], months[-1] + 1))
                and _OF_THE.fullmatch(text[prev.end : atom.start])):
            lo = atom.lo.shifted("month", months[0] - 1)
            latest = _latest(prev)
            if (latest is not None and atom.lo == _LAST_YEAR
                    and any(a.yearless and a.periodic == prev.periodic for a in out[:-1])):
                # "Q4 vs Q4 last year": the same quarter a year before the first one (asked in
                # February, the latest Q4 is last year's already)
                lo = latest[0].shifted("year", -1)
            out[-1] = _Atom(prev.start, atom.end, lo, lo.shifted("month", len(months)),
                            prev.grain)
            continue
        out.append(atom)
    return out


_WEEK_STARTING = re.compile(
    r"\bweek\s+(?P<how>starting|beginning|commencing|of)\s+(?:on\s+)?(?:(?:mon|tues|wednes|"
    r"thurs|fri|satur|sun)day,?\s+)?(?:the\s+)?$"
)


def _weeks_of_days(atoms: list[_Atom], text: str) -> list[_Atom]:
    """"the week starting Monday 2024-03-04" is that week; "the week of 2024-03-06" the ISO
    week holding that day."""
    out: list[_Atom] = []
    for atom in atoms:
        m = _WEEK_STARTING.search(text[max(0, atom.start - 48) : atom.start])
        if m and atom.grain == "day" and isinstance(atom.lo, str) and atom.lo:
            day = datetime.fromisoformat(atom.lo)
            named = atom.lo if m.group("how") == "of" else ""
            if named:
                day = floor(day, "week")
            out.append(replace(atom, lo=iso(day), hi=iso(add(day, "week", 1)), grain="week",
                               week_of=named))
        else:
            out.append(atom)
    return out


def _attach_clocks(atoms: list[_Atom], text: str) -> list[_Atom]:
    """A time of day right after (or before) a day narrows that day: "on 2024-03-05 at 2 pm"."""
    out: list[_Atom] = []
    for atom in atoms:
        prev = out[-1] if out else None
        if (
            atom.clock is not None
            and prev is not None
            and prev.grain == "day"
            and isinstance(prev.lo, str)
            and re.fullmatch(r"\s*(?:,|at|on|,\s*at)?\s*", text[prev.end : atom.start])
        ):
            day = datetime.fromisoformat(prev.lo)
            lo = add(day, "second", atom.clock[0])
            hi = add(day, "second", atom.clock[1])
            out[-1] = _Atom(prev.start, atom.end, iso(lo), iso(hi), atom.grain)
            continue
        out.append(atom)
    return out


_LAST_BEFORE = re.compile(r"\b(?:last|previous|prior)\s+$")


def _last_of_compared(atoms: list[_Atom], text: str) -> list[_Atom]:
    """"attendance this sept vs last sept": a month (or quarter) named without a year and
    said "last" after the same month already named is that month a year before the first
    one, not the latest one again ("last sept" alone, asked in October, is this September)."""
    out: list[_Atom] = []
    for atom in atoms:
        first = next((b for b in out if b.yearless and b.periodic == atom.periodic), None)
        if (first is not None and atom.yearless and atom.periodic
                and _LAST_BEFORE.search(text[max(0, atom.start - 12) : atom.start])
                and not _LAST_BEFORE.search(text[max(0, first.start - 12) : first.start])
                and (latest := _latest(first)) is not None):
            out.append(_Atom(atom.start, atom.end, latest[0].shifted("year", -1),
                             latest[1].shifted("year", -1), atom.grain))
            continue
        out.append(atom)
    return out


#: What the atoms read one by one become when read together, in order (each a pure function
#: of the atoms and the folded text).
_PASSES: tuple[Callable[[list[_Atom], str], list[_Atom]], ...] = (
    _compared_stretches, _attach_clocks, _weeks_of_days, _in_relative_years, _parts_of,
    _ends_of, _before_the_first, _last_of_compared,
)


# --------------------------------------------------------------------------------------------
# bounds, ranges, strength: atoms -> periods
# --------------------------------------------------------------------------------------------


def _clause_before(text: str, start: int, floor_at: int) -> str:
    before = text[max(floor_at, start - 48) : start]
    cut = max(before.rfind(ch) for ch in ",.;:?!")
    return before[cut + 1 :] if cut >= 0 else before


def _with_year(atom: _Atom, year: int) -> _Atom:
    """A yearless month or day placed in ``year``."""
    months = sorted(v for u, v in atom.periodic if u == "month")
    days = sorted(v for u, v in atom.periodic if u == "day")
    if not months:
        return atom
    if days and len(months) == 1:
        day = _day(year, months[0], days[0])
        if day is None:
            return atom
        return replace(atom, lo=iso(day), hi=iso(add(day, "day", 1)), periodic=(),
                       yearless=False, grain="day")
    start = datetime(year, months[0], 1)
    end = add(datetime(year, months[-1], 1), "month", 1)
    return replace(atom, lo=iso(start), hi=iso(end), periodic=(), yearless=False)


def _year_of(atom: _Atom) -> int | None:
    if not isinstance(atom.lo, str):
        return None
    return int(atom.lo[:4])


def _period(lo: _Atom, hi: _Atom | None, kind: str, text: str, strong: bool,
            negated: bool) -> Period:
    """The period a bound ``kind`` (``in``, ``since``, ``after``, ``through``, ``before`` or
    ``range``) makes of one atom (or of two, for a range)."""
    strength: Strength = "strong" if strong else "weak"
    latest = _latest(lo) if hi is None and lo.yearless else None
    if latest is not None and kind in ("before", "until", "through"):
        # "certificates expiring before September" asked in July: this year's September (a
        # bound at the latest one, last year's, would keep nothing worth asking about)
        latest = _this_years(lo) or latest
    if latest is not None:
        # "April", "Q1", "since June": the latest one at or before the anchor (the record's
        # timestamp); "in April" keeps April of any year as a second reading (the aligner
        # accepts either, but not in a record stamped with the time it was asked; see
        # stef_align.time)
        if kind == "in":
            return Period(None, *latest, periodic=lo.periodic, grain=lo.grain,
                          source="question", text=text, negated=negated, strength=strength,
                          portion=lo.portion)
        lo = replace(lo, lo=latest[0], hi=latest[1], periodic=(), yearless=False)
    if lo.clock is not None and (hi is None or hi.clock is not None):
        # times of day: "after 6 pm", "between 9 am and 5 pm" (the end is a moment)
        t = lo.clock  # a time of day is a moment: "after 6 pm" starts at 18:00
        clock = {
            "in": t, "since": (t[0], 86400), "after": (t[0], 86400), "before": (0, t[0]),
            "through": (0, t[0]), "until": (0, t[0]),
            "range": (t[0], hi.clock[0] if hi and hi.clock else t[1]),
        }[kind]
        grain = lo.grain if hi is None else min(lo.grain, hi.grain, key=len)
        return Period(None, clock=clock, grain=grain, source="question", text=text,
                      negated=negated, strength=strength)
    if lo.periodic and (hi is None or hi.periodic):
        fields: dict[str, list[int]] = {}
        if kind == "range" and hi is not None:
            a = [v for u, v in lo.periodic if u == "month"]
            b = [v for u, v in hi.periodic if u == "month"]
            if a and b and not any(u == "day" for u, _ in (*lo.periodic, *hi.periodic)):
                first, last = min(a), max(b)
                months = list(range(first, last + 1)) if first <= last else [
                    *range(first, 13), *range(1, last + 1)]
                fields["month"] = months
        periodic = tuple((u, v) for u in fields for v in fields[u]) or lo.periodic
        stretch = _latest_range(lo, hi, periodic) if kind == "range" and hi else None
        if stretch is not None:
            # "from March to May", "between Feb 3 and Feb 10": the latest such stretch at
            # the anchor, as for one month; the months of any year stay a second reading
            return Period(None, *stretch, periodic=periodic, grain=lo.grain,
                          source="question", text=text, negated=negated, strength=strength)
        return Period(None, periodic=periodic, grain=lo.grain, source="question", text=text,
                      negated=negated, strength=strength)
    if kind == "range" and hi is not None:
        return Period(None, lo.lo, hi.hi, grain=min(lo.grain, hi.grain, key=_fineness),
                      source="question", text=text, negated=negated, strength=strength)
    start, end = {
        "in": (lo.lo, lo.hi), "since": (lo.lo, None), "after": (lo.hi, None),
        "before": (None, lo.lo), "through": (None, lo.hi), "until": (None, lo.hi),
    }[kind]
    return Period(None, start, end, grain=lo.grain, source="question", text=text,
                  negated=negated, loose_end=kind == "until", strength=strength,
                  portion=lo.portion if kind == "in" else "")


def _latest_range(lo: _Atom, hi: _Atom, periodic: tuple[tuple[str, int], ...]
                  ) -> tuple[RelativeDate, RelativeDate] | None:
    """The latest stretch from a yearless ``lo`` to a yearless ``hi`` within one year, at
    the anchor: months ("from March to May": the latest March, three months) or days
    ("between Feb 3 and Feb 10": the latest Feb 3, eight days). None across New Year."""
    if not any(u == "day" for u, _ in (*lo.periodic, *hi.periodic)):
        return _latest(replace(lo, periodic=periodic))
    first, last = _latest(lo), _month_day(hi)
    start = _month_day(lo)
    if first is None or start is None or last is None or last < start:
        return None
    return first[0], first[0].shifted("day", (last - start).days + 1)


def _month_day(atom: _Atom) -> date | None:
    """The day of a yearless day-of-month atom, placed in a common year (no February 29)."""
    months = [v for u, v in atom.periodic if u == "month"]
    days = [v for u, v in atom.periodic if u == "day"]
    if len(months) != 1 or len(days) != 1 or (months[0], days[0]) == (2, 29):
        return None
    try:
        return date(2001, months[0], days[0])
    except ValueError:
        return None


def _latest(atom: _Atom) -> tuple[RelativeDate, RelativeDate] | None:
    """Anchor-relative bounds of the latest occurrence, at or before the anchor, of a month,
    quarter or half (or a day of a month) named without a year: "April" asked on 2025-05-03
    is [2025-04-01, 2025-05-01), asked on 2025-02-10 [2024-04-01, 2024-05-01).

    Moving the anchor back by the months (and days) from New Year to the start of the named
    stretch and truncating to the year finds its year; moving forward again finds its start
    (``@-3m/y+3m`` for April). None for what has no single start (week 12 of any year, the
    15th of each month, February 29).
    """
    months = sorted(v for u, v in atom.periodic if u == "month")
    days = [v for u, v in atom.periodic if u == "day"]
    if not months or len(days) > 1 or any(u not in ("month", "day") for u, _ in atom.periodic):
        return None
    if months != list(range(months[0], months[-1] + 1)) or (days and len(months) > 1):
        return None
    if (months[0], *days) == (2, 29):
        return None
    back = months[0] - 1
    if days:
        start = (ANCHOR_DAY.shifted("month", -back).shifted("day", -(days[0] - 1))
                 .start_of("year").shifted("month", back).shifted("day", days[0] - 1))
        return start, start.shifted("day", 1)
    start = ANCHOR_DAY.shifted("month", -back).start_of("year").shifted("month", back)
    return start, start.shifted("month", len(months))


def _this_years(atom: _Atom) -> tuple[RelativeDate, RelativeDate] | None:
    """Anchor-relative bounds of a month (or run of months) named without a year, in the
    anchor's own year ("September" asked on 2026-07-02: [2026-09-01, 2026-10-01)); None for
    a day of a month or anything else."""
    months = sorted(v for u, v in atom.periodic if u == "month")
    if not months or any(u != "month" for u, _ in atom.periodic) or months != list(
            range(months[0], months[-1] + 1)):
        return None
    start = ANCHOR_DAY.start_of("year").shifted("month", months[0] - 1)
    return start, start.shifted("month", len(months))


def _dated_pair(a: _Atom, b: _Atom) -> bool:
    """Can two atoms make a range without "from" or "between": a date and a later date (or
    today: "2025-01-01 to today"), a month without a year and a month with one
    ("July-September 2025"), or two dated months or quarters in order ("2025-09 to 2026-02",
    "September 2025 to February 2026": the months from the one to the other)?"""
    if a.bare_year or b.bare_year or a.clock or b.clock or a.rolling or b.rolling:
        return False
    if a.yearless:
        # "May 1 - Sep 30, 2026", "(May 1 - Sep 30)", "(May-September)": a month or a day
        # without its year joined to one of the same grain, with a year or without, is one
        # stretch (a season a reformulation resolves), as "from May 1 to Sep 30" is
        return a.grain == b.grain and a.grain in ("month", "day") and (
            b.yearless or _year_of(b) is not None)
    if (a.grain == b.grain and a.grain in ("month", "quarter") and not b.yearless
            and isinstance(a.lo, str) and isinstance(b.lo, str) and a.lo[:1].isdigit()
            and b.lo[:1].isdigit()):
        return a.lo < b.lo
    if a.grain != "day" or not isinstance(a.lo, str):
        return False
    return b.grain == "day" and b.lo is not None


def _fineness(grain: str) -> int:
    order = ("year", "quarter", "month", "week", "day", "hour", "minute", "second")
    return -order.index(grain) if grain in order else 0


def read_time(text: str, first: int = 0) -> tuple[Period, ...]:
    """Every time constraint the text states, as periods on an unnamed column (weeks start
    ``first`` days after Monday: the ruleset's ``week starts``)."""
    return tuple(p for _, p in mentions(text, first))


def time_spans(text: str) -> list[tuple[int, int]]:
    """The character spans of ``text`` that time expressions cover (other readers skip
    them: "2024" in "in March 2024" is not a number, "March" not a name)."""
    # ``first`` given as the other callers give it: ``mentions(text)`` and ``mentions(text,
    # 0)`` are two keys of its cache, and the question was read once for each
    return [span for span, _ in mentions(text, 0)]


def mask_spans(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the spans blanked out (same length), for readers that must not see them."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


@lru_cache(maxsize=QUESTION_CACHE)
def mentions(text: str, first: int = 0) -> tuple[tuple[tuple[int, int], Period], ...]:
    """``((start, end), period)`` for every time expression of ``text``, bounds and ranges
    included in the span; weeks start ``first`` days after Monday (the ruleset's ``week
    starts``; 0: ISO weeks)."""
    atoms = _atoms(text)
    if first:
        atoms = [_in_weeks_from(a, first) for a in atoms]
    lower = text.lower() if len(text.lower()) == len(text) else text
    out: list[tuple[tuple[int, int], Period]] = []
    i = 0
    prev_end = 0
    prev_strong = False
    while i < len(atoms):
        atom = atoms[i]
        clause = _clause_before(lower, atom.start, prev_end)
        # "not serviced in the last 6 months": the atom may open with the preposition the
        # negation reaches through ("in the last 6 months" is one atom)
        lead = _ATOM_LEAD.match(lower, atom.start, atom.end)
        negated = _NEGATION.search(clause + (lead.group(0) if lead else "")) is not None or (
            _NEGATED_TO_DATE.search(clause) is not None
            and lower.startswith("this ", atom.start))
        span_start = atom.start
        # a range: "between A and B", "from A to B", "A - B"
        nxt = atoms[i + 1] if i + 1 < len(atoms) else None
        opener = _RANGE_OPEN.search(clause)
        if (
            nxt is not None
            and _RANGE_JOIN.search(lower[atom.end : nxt.start])
            and (opener is not None or (
                ((atom.bare_year and nxt.bare_year) or atom.clock is not None)
                and lower[atom.end : nxt.start].strip() in _DASHES)
                or (_dated_pair(atom, nxt) and _DATES_JOIN.search(lower[atom.end : nxt.start])))
            and (atom.clock is None) == (nxt.clock is None)
        ):
            lo, hi = atom, nxt
            if lo.yearless and not hi.yearless and _year_of(hi) is not None:
                hi_year = _year_of(hi) or 0
                lo = _with_year(lo, hi_year)
                if isinstance(lo.lo, str) and isinstance(hi.lo, str) and lo.lo > hi.lo:
                    # "Nov 15 - Mar 31, 2026": across New Year
                    lo = _with_year(atom, hi_year - 1)
            if hi.yearless and not lo.yearless and _year_of(lo) is not None:
                hi = _with_year(hi, _year_of(lo) or 0)
            if opener is not None:
                span_start = atom.start - len(clause) + opener.start()
            # Two bare years in a range are years unless a quantity is being bounded
            # ("paragraph number between 1900 and 1950", "income from 2100 to 2500").
            strong = True
            if lo.bare_year and hi.bare_year:
                plausible = all(1800 <= int(a.lo[:4]) <= 2100 for a in (lo, hi)
                                if isinstance(a.lo, str) and a.lo)
                timely = bool(_YEAR_CONTEXT.search(clause[: opener.start()] if opener else clause)
                              or re.search(r"\byears?\s+$", clause))
                if not plausible and not timely:
                    i += 2  # two quantities, not years
                    prev_end = nxt.end
                    continue
                strong = timely or not _QUANTITY_NOUN.search(
                    clause[: opener.start()] if opener else clause
                )
            period = _period(lo, hi, "range", text[span_start : nxt.end], strong, negated)
            out.append(((span_start, nxt.end), period))
            prev_end, prev_strong = nxt.end, strong
            i += 2
            continue
        kind = "in"
        best = None
        for pattern, bound in (() if _WEEK_STARTING.search(clause) else _BOUND_BEFORE
                               if atom.bare_year else (*_BOUND_BEFORE, *_SYMBOL_BOUNDS)):
            m = pattern.search(clause)
            if m is not None and (best is None or m.start() < best[0]):
                best = (m.start(), bound)  # the longest phrase: "no later than", not "later than"
        if best is None and atom.grain == "day" and atom.clock is None:
            m = _EVENT_BOUND.search(clause)
            if m is not None:
                best = (m.start(), "after" if m.group(1) in ("after", "following") else "since")
        if best is not None:
            kind = best[1]
            span_start = atom.start - len(clause) + best[0]
            negated = _NEGATION.search(clause[: best[0]]) is not None or (
                kind == "since" and _SINCE_NEGATION.search(clause[: best[0]]) is not None)
            if kind == "since" and _STARTING_IN.search(clause) and _COMING_SPAN.match(
                    lower[atom.start:atom.end]):
                kind = "in"  # "stays starting next week": the stays that start in it
            elif kind == "since" and _STARTING_WITHIN.search(clause):
                kind = "in"  # "outages starting in October": the ones that start in it
        span_end = atom.end
        after = lower[atom.end : atom.end + 24]
        for pattern, bound in _BOUND_AFTER:
            m = pattern.match(after)
            if m is not None and kind == "in":
                kind = bound
                span_end = atom.end + m.end()
                break
        if kind == "in" and re.search(r"\b(?:in|during|on)\s+or\s+(?:before|prior to)\s+$", clause):
            kind = "through"
        if atom.period_end and kind == "through" and _AS_OF.search(clause):
            kind = "in"  # "as of last month-end": the snapshot of that day, not every day since
        if atom.older and kind == "in":
            kind = "until"
        if atom.ago and kind == "in":
            for pattern, bound in _AGO_BOUND:
                m = pattern.search(clause)
                if m is not None:
                    kind = bound
                    span_start = atom.start - len(clause) + m.start()
                    break
        if atom.rolling and kind == "in":
            kind = "in"
        strong = not atom.weak
        if kind == "through" and atom.lo == ANCHOR_DAY and atom.hi == _TOMORROW and (
                _AS_OF.search(clause)):
            strong = False  # "balance as of today": when it is asked, no period of the rows
        if atom.bare_year and _quantity_range(lower, atom.end, clause):
            # "caskets priced between 2000 and 5000", "orders between 500 and 2000": a range
            # whose other end is no year bounds a quantity, and so does this end
            i += 1
            continue
        if atom.bare_year:
            strong = (bool(_YEAR_CONTEXT.search(clause)) and kind == "in") or kind != "in"
            if _CONTINUATION.fullmatch(lower[prev_end : atom.start]) and prev_strong:
                strong = True
            # "the 2016 Summer Olympics": a year inside a name is weak evidence
            if re.match(r"\s+[A-Z][a-z]", text[atom.end : atom.end + 3]) or re.search(
                r"\bthe\s+$", clause
            ):
                strong = False
            year = atom.lo[:4] if isinstance(atom.lo, str) and atom.lo else "0"
            if not strong and not 1800 <= int(year) <= 2099:
                i += 1
                continue
        period = _period(atom, None, kind, text[span_start:span_end], strong,
                         negated or atom.absent)
        out.append(((span_start, span_end), period))
        prev_end, prev_strong = span_end, strong
        i += 1
    return tuple(_join_bounds(_join_day_and_time(out, lower), lower))


#: A range's other end written as a number: "between 2000 and 5000", "from 1200 to 3000".
_RANGE_END_AFTER = re.compile(
    r"^\s*(?:and|to|[-\u2013\u2014])\s*\$?(\d[\d,]*(?:\.\d+)?)(?!\d|[,.]\d|\s*[-/:])")
_RANGE_END_BEFORE = re.compile(
    r"\b(?:between|from)\s+\$?(\d[\d,]*(?:\.\d+)?)\s*(?:and|to|[-\u2013\u2014])\s*$")


def _quantity_range(lower: str, end: int, clause: str) -> bool:
    """Is a bare year one end of a "between A and B" / "from A to B" range whose other end is
    a number that is no year (outside 1800-2100, or not four digits)? Such a range bounds a
    quantity ("priced between 2000 and 5000"), so neither end is a year.

    >>> _quantity_range("priced between 2000 and 5000", 19, "priced between ")
    True
    >>> _quantity_range("orders between 500 and 2000", 27, "orders between 500 and ")
    True
    >>> _quantity_range("between 2019 and 2021", 12, "between ")
    False
    """
    after = _RANGE_END_AFTER.match(lower[end:end + 24])
    if after is not None and _RANGE_OPEN.search(clause):
        return not _year_number(after.group(1))
    before = _RANGE_END_BEFORE.search(clause)
    return before is not None and not _year_number(before.group(1))


def _year_number(text: str) -> bool:
    """Could a written number be a year (four digits, 1800-2100)?"""
    return text.isdigit() and len(text) == 4 and 1800 <= int(text) <= 2100


def _in_weeks_from(atom: _Atom, first: int) -> _Atom:
    """``atom`` read in a deployment whose weeks start ``first`` days after Monday: "last
    week" and "this week" from that weekday (:func:`stef_core.periods.weeks_from`), "the week
    of <day>" the week of that kind holding the day."""
    if atom.week_of:
        day = week_floor(parse_iso(atom.week_of), first)
        return replace(atom, lo=iso(day), hi=iso(add(day, "week", 1)))
    return replace(atom, lo=None if atom.lo is None else weeks_from(atom.lo, first),
                   hi=None if atom.hi is None else weeks_from(atom.hi, first))


_JOIN_AND = re.compile(r"\s*,?\s*(?:and|but)\s*")
_JOIN_DAY_TIME = re.compile(r"\s*(?:,|on|at|,\s*at|,\s*on)?\s*")


def _single_day(p: Period) -> bool:
    if not isinstance(p.start, str) or not isinstance(p.end, str) or not p.start or not p.end:
        return False  # a relative day ("yesterday") has no date to put a time of day on
    if p.periodic or p.clock:
        return False
    return datetime.fromisoformat(p.end) - datetime.fromisoformat(p.start) == timedelta(days=1)


def _join_day_and_time(found: list[tuple[tuple[int, int], Period]],
                       text: str) -> list[tuple[tuple[int, int], Period]]:
    """A day and a time of day in one phrase ("on 2024-02-10 after 6 pm", "before 8 am on
    2022-09-12") are one stretch of that day."""
    out: list[tuple[tuple[int, int], Period]] = []
    for span, p in found:
        if out:
            (a, b), prev = out[-1]
            pair = (prev, p) if _single_day(prev) and p.clock else (
                (p, prev) if _single_day(p) and prev.clock else None)
            if pair is not None and _JOIN_DAY_TIME.fullmatch(text[b : span[0]]):
                day, clock = pair
                assert isinstance(day.start, str) and clock.clock is not None  # _single_day
                start = datetime.fromisoformat(day.start)
                joined = replace(
                    day, start=iso(add(start, "second", clock.clock[0])),
                    end=iso(add(start, "second", clock.clock[1])), grain=clock.grain,
                    text=f"{prev.text} {p.text}",
                )
                out[-1] = ((a, span[1]), joined)
                continue
        out.append((span, p))
    return out


def _before(start: Bound, end: Bound) -> bool:
    if isinstance(start, RelativeDate) or isinstance(end, RelativeDate):
        return isinstance(start, RelativeDate) and isinstance(end, RelativeDate)
    return datetime.fromisoformat(start) < datetime.fromisoformat(end)


def _join_bounds(found: list[tuple[tuple[int, int], Period]],
                 text: str) -> list[tuple[tuple[int, int], Period]]:
    """"after 2010 and before 2015" is one range, [2011, 2015)."""
    out: list[tuple[tuple[int, int], Period]] = []
    for span, p in found:
        if out:
            (a, b), prev = out[-1]
            lower, upper = (prev, p) if prev.end is None else (p, prev)
            if (
                lower.start is not None and lower.end is None and upper.start is None
                and upper.end is not None and not lower.periodic and not upper.periodic
                and lower.clock is None and upper.clock is None
                and not lower.negated and not upper.negated
                and _JOIN_AND.fullmatch(text[b : span[0]])
                and _before(lower.start, upper.end)  # "before 1945 and after 1955" is no range
            ):
                strong = "strong" in (lower.strength, upper.strength)
                out[-1] = ((a, span[1]), replace(
                    lower, end=upper.end, loose_end=upper.loose_end,
                    grain=upper.grain if lower.grain == upper.grain else "day",
                    source="question", strength="strong" if strong else "weak",
                    text=f"{prev.text} and {p.text}",
                ))
                continue
        out.append((span, p))
    return out


# --------------------------------------------------------------------------------------------
# the enrichment: hint fragments that spell a period, and bindings
# --------------------------------------------------------------------------------------------

# Bounded repeats: an unbounded identifier backtracks over every shorter prefix at every start,
# quadratic in a run of word characters (a 20,000-character hint took 15 s in one regex call).
_FRAGMENT = re.compile(
    r"(?P<lhs>[A-Za-z_][\w.]{0,127}\s*\((?:[^()]|\([^()]{0,256}\)){0,256}\)|"
    r"`[^`]{1,128}`(?:\.`[^`]{1,128}`)?|\[[^\]]{1,128}\]|"
    r"[A-Za-z_][\w.]{0,127})\s*(?P<rest>(?:=|!=|<>|>=|<=|>|<)\s*(?:'[^']*'|\"[^\"]*\"|-?\d+(?:\.\d+)?)|"
    r"(?:not\s+)?between\s+(?:'[^']*'|-?\d+)\s*and\s*(?:'[^']*'|-?\d+)|"
    r"(?:not\s+)?like\s+'[^']*')",
    re.IGNORECASE,
)
#: What every :data:`_FRAGMENT` holds (its operator, BETWEEN or LIKE): a clause without any
#: has no fragment, and the fragment scan (which backtracks at every word) is skipped.
_MAY_COMPARE = re.compile(r"[=<>]|between|like", re.IGNORECASE)
#: :data:`_FRAGMENT`'s matches, tried only where a name (or a quoted one) starts
_FRAGMENTS = NameLed(_FRAGMENT, longest=128, quotes="`[")
_DEFINES = re.compile(
    r"\s+(?:refers?\s+to|means?|stands?\s+for|(?:can\s+be\s+)?(?:re)?presented\s+as|"
    r"can\s+be\s+(?:written|spelled|shown)\s+as|represents?|is|are|=)\s+",
    re.IGNORECASE,
)


@lru_cache(maxsize=QUESTION_CACHE)
def _fragment_periods(fragment: str) -> tuple[Period, ...]:
    """The periods one SQL-like condition of a hint states (read like the SQL)."""
    from sqlglot import exp

    from stef_core.sql import Resolver, read_condition, read_periods
    from stef_question.concepts.enrichment import parsed_condition

    cond = parsed_condition(fragment)
    if cond is None:
        return ()
    resolver = Resolver(cond, nested=False, tables=[])

    def column_of(node: exp.Expr) -> str | None:
        if isinstance(node, exp.Column):
            return node.name.lower()
        cols = list(node.find_all(exp.Column))
        return cols[0].name.lower() if len(cols) == 1 else None

    try:
        return tuple(read_periods(cond, column_of, lambda c: read_condition(c, resolver, "hint"),
                                  "hint"))
    except Exception:
        return ()


def hint_periods(hint: str) -> list[Period]:
    """Periods the hint's SQL-like fragments state; fragments of one clause (up to ``;``) on
    one column are one period (``year(date) = 2013 AND month(date) = 5``)."""
    return [p for _, found in _hint_clauses(hint) for p in found]


_SPACED_OP = gated(r"([<>!])\s+=")


def joined_ops(text: str) -> str:
    """``text`` with its operators written with a space joined ("DATE > = 1500": hints often
    space them). The replacement is a function: a template (``r"\\1="``) makes ``sub`` import
    ``re`` again on every call."""
    return _SPACED_OP.sub(_joined_op, text)


def _joined_op(m: re.Match[str]) -> str:
    return m.group(1) + "="


def _hint_clauses(hint: str) -> list[tuple[str, list[Period]]]:
    out: list[tuple[str, list[Period]]] = []
    for clause in hint.replace("\n", ";").split(";"):  # (re.split at ";" or a new line)
        if not clause.strip():
            continue
        found: list[Period] = []
        if not _MAY_COMPARE.search(clause):  # no operator, BETWEEN or LIKE: no fragment
            out.append((clause, found))
            continue
        for m in _FRAGMENTS.finditer(joined_ops(clause)):
            if m.group("lhs").lower() in {"and", "or", "not", "refers", "to", "is", "means"}:
                continue
            for p in _fragment_periods(f"{m.group('lhs')} {m.group('rest')}"):
                for j, q in enumerate(found):
                    both = merge(q, p)
                    if both is not None and q.column == p.column:
                        found[j] = both
                        break
                else:
                    found.append(p)
        out.append((clause, found))
    return out


def _same_stretch(a: Period, b: Period) -> bool:
    return (a.start, a.end, a.periodic, a.clock) == (b.start, b.end, b.periodic, b.clock)


_COMPACT_DATE = re.compile(r"(?<!\d)(?:1[89]|20)\d\d(?:0[1-9]|1[0-2])(?:[0-3]\d)?(?!\d)")
# A column's name in a hint: `quoted`, A15, snake_case, camelCase, or an aggregate of one.
# Case-sensitive on purpose: camelCase is told by its capitals.
_IDENTIFIER = re.compile(
    r"`[^`]+`|\b[A-Za-z]{1,3}\d{1,3}\b|\b[A-Za-z]+_[A-Za-z0-9_]+\b|\b[a-z]+[A-Z]\w*|"
    r"\b[A-Z][a-z]+[A-Z]\w*|(?i:\b(?:max|min|sum|avg|count)\s*\()"
)


def _binding(defined: str, p: Period) -> str:
    """How the defined side of a hint clause relates to the question's period ``p``:
    ``phrase`` (it names the whole phrase, bound included: "From 1593 onwards"), ``date`` (it
    names the date the question bounds: "2013/4/28" for "until 2013/4/28") or ""."""
    low = defined.lower()
    if p.text and p.text.lower() in low:
        return "phrase"
    for q in read_time(defined):
        if _same_stretch(p, q):
            return "phrase"
        if q.text and q.text.lower() in p.text.lower():
            return "date"
    return ""


def question_periods(
    question: str, hint: str, hint_filters: list[Filter], first: int = 0
) -> tuple[tuple[Period, ...], list[Filter]]:
    """The question's periods with the hint's, and the hint filters left once those that
    spell a period are taken out.

    A hint clause that names one of the question's periods and spells it ("From 1593 onwards
    refers to Date > 1593", "September 2013 refers to date = '201309'") replaces it with the
    period it spells; one that spells the date a question bounds ("until 2013/4/28" with
    "2013/4/28 refers to date = '2013-04-28'") gives the question's period its column and
    spelling; one that explains it as something else (a value: '2016 Summer', a column: "A15
    stands for the crimes committed in 1995", "in the past 24 hours refers to volume_24h")
    drops it; one that shows a compact spelling ("Year 2012 can be presented as Between 201201
    And 201212") marks it. Other hint periods are required as well. The question's weeks start
    ``first`` days after Monday (the ruleset's ``week starts``).
    """
    asked = [p for _, p in mentions(question, first)]
    clauses = _hint_clauses(hint) if hint else []
    spelled = [p for _, found in clauses for p in found]
    parts = {f for p in spelled for f in p.parts}
    rest = [f for f in hint_filters if f not in parts]
    values = [str(f.value) for f in rest if isinstance(f.value, str)]
    absorbed: set[Period] = set()  # hint periods that only spell a date the question bounds
    out: list[Period] = []
    for p in asked:
        if any(_same_stretch(p, h) and p.negated == h.negated for h in spelled):
            continue
        keep: Period | None = p
        for clause, found in clauses:
            split = _DEFINES.split(clause, maxsplit=1)
            defined, meaning = (split[0], split[1]) if len(split) == 2 else (clause, "")
            how = _binding(defined, p)
            if not how:
                continue
            if found and how == "phrase":  # the hint spells this period: its spelling stands
                keep = None
            elif found:
                absorbed.update(found)
                keep = replace(p, column=found[0].column, spelling=found[0].spelling)
            elif _COMPACT_DATE.search(meaning):
                keep = replace(p, spelling="compact")
            elif (meaning and p.source == "question" and p.strength == "strong"
                  and not read_time(meaning)
                  and _IDENTIFIER.search(meaning)):
                keep = None  # the words name a column or a measure, not a time
            break
        if keep is None:
            continue
        year = p.start[:4] if isinstance(p.start, str) and p.start else None
        one_year = year is not None and p.end == f"{int(year) + 1:04d}-01-01"
        if year and one_year and _explained(year, values, clauses):
            continue
        out.append(keep)
    # The hint's compact bounds of a period it marks compact ("Between August And November
    # 2013 refers to Between 201308 And 201311") are that period spelled, compared as one.
    compact = [p for p in out if p.spelling == "compact"]
    if compact:
        rest = [f for f in rest if not any(_compact_bound(f, p) for p in compact)]
    periods = [h for h in spelled if h not in absorbed] + out
    return tuple(dict.fromkeys(periods)), rest


def _compact_bound(f: Filter, p: Period) -> bool:
    """Is ``f`` a bound of ``p`` in the compact spelling: ``>= 201308`` / ``<= 201311`` of
    August to November 2013, a yyyymm (or yyyymmdd) inside the period?

    >>> p = Period(None, "2013-08-01", "2013-12-01", spelling="compact")
    >>> _compact_bound(Filter(None, ">=", 201308), p), _compact_bound(Filter(None, "<=", 201311), p)
    (True, True)
    >>> _compact_bound(Filter(None, "<=", 201312), p), _compact_bound(Filter(None, "=", 6), p)
    (False, False)
    """
    if f.column is not None or f.op not in ("=", ">=", "<=", ">", "<") or isinstance(
            f.value, bool) or not isinstance(f.value, (int, str)):
        return False
    text = str(f.value)
    if not _COMPACT_DATE.fullmatch(text) or not isinstance(p.start, str) \
            or not isinstance(p.end, str):
        return False
    day = f"{text[:4]}-{text[4:6]}-{text[6:8] or '01'}"
    return p.start <= day < p.end


def _explained(year: str, values: list[str], clauses: list[tuple[str, list[Period]]]) -> bool:
    """Does the hint make this year part of a value ('2016 summer') or of what a column means
    ("A15 stands for the crimes committed in 1995", "crimes 1996 appear in A16")?"""
    if any(year in v and not re.fullmatch(r"[\d\-/: ]+", v) for v in values):
        return True
    return any(
        not found and re.search(r"(?<!\d)" + year + r"(?!\d)", clause)
        and not _COMPACT_DATE.search(clause) and _IDENTIFIER.search(clause.replace(year, " "))
        and not _FRAGMENT.search(clause)
        for clause, found in clauses
    )
