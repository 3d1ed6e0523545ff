"""Time constraints compared as intervals: the alignment of dates.

The question's periods are matched with the SQL's (both :class:`~stef_core.spec.Period`, with
the calendar of :mod:`stef_core.periods`) by the stretch of time they cover, after both are
resolved against the record's anchor date, whatever the spelling:

* the same interval is **matched**, and the SQL filters that spell it are accounted for (not
  extras): ``BETWEEN '2024-01-01' AND '2024-12-31'``, ``strftime('%Y', d) = '2024'`` and
  ``YEAR(d) = 2024`` all answer "in 2024";
* an open range where a closed one was asked (``d >= '2024-01-01'`` for "in 2024"), or the
  reverse, is ``filter.operator_mismatch``;
* another interval is ``filter.value_mismatch``, with both in the message ("asked [2024-03-01,
  2024-04-01), SQL [2024-02-01, 2024-03-01)");
* no time constraint at all is ``filter.missing`` (minor for a bare year, which is weak
  evidence);
* a closing bound written as a bare date on a column whose name says it holds moments
  (``created_at <= '2024-12-31'``) is ``date.end_of_day``, a minor finding of its own: it drops
  the last day's rows after midnight;
* such a column compared for equality with a day (``created_ts = '2024-03-01'``, ``opened_ts =
  date('now', '-1 day')``, ``= DATEADD(day, -1, CAST(GETDATE() AS DATE))``) is
  ``date.moment_equals_day`` (major): only the rows at exactly midnight are equal to a day, so
  "created yesterday" counts nearly nothing; ``CAST(created_ts AS DATE) = ...`` or a half-open
  range is meant.

A relative period ("last month", ``date('now', '-7 day')``) that runs up to the anchor day is
compared as open-ended: rows after today do not exist yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from itertools import pairwise

from stef_align.lifecycle import asks_now
from stef_align.names import parts
from stef_align.presupposed import END_PARTS, asks_in_force, in_force_window, says_in_force
from stef_align.up_to_now import from_now, up_to_now
from stef_core.models import Anchor, Reason, Ruleset
from stef_core.periods import (
    MONTHS,
    WEEKDAYS,
    add,
    describe,
    filter_periods,
    floor,
    is_timestamp_name,
    iso,
    literal_span,
    merge_all,
    name_kind,
    parse_iso,
    resolve,
    shift,
    years_from,
)
from stef_core.reasons import reason
from stef_core.spec import (
    ANCHOR_DAY,
    Bound,
    Filter,
    Period,
    QuestionSpec,
    RelativeDate,
    RelativeUnit,
    Shift,
    SqlSpec,
    StartOf,
    asked_and_restated,
)
from stef_core.values import season_opening, season_start, value_key
from stef_core.words import norm


def _rank(p: Period) -> int:
    """Hint periods are compared first, weak ones (a bare year) last."""
    return 0 if p.source == "hint" else 2 if p.strength == "weak" else 1


@dataclass
class PeriodAlignment:
    """What the periods add to the filter alignment."""

    required: list[str] = field(default_factory=list)  # strong periods (decide the status)
    #: Every period the question asks for, weak ones included, whatever the SQL: the
    #: requirements listed in the filter alignment (a function of the question only).
    asked: list[str] = field(default_factory=list)
    matched: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)  # SQL periods no filter stands for
    wrong: int = 0
    reasons: list[Reason] = field(default_factory=list)
    #: SQL filters the compared periods account for: neither extras nor requirements.
    consumed: set[Filter] = field(default_factory=set)
    relative: bool = False  # a relative period was read: the result names its anchor

    def take_extras(self, column: str) -> list[str]:
        """Take the extra periods on ``column`` out of :attr:`extras` and return them: the
        filter alignment reads them as what the question asked (a state word's recency
        window, a ruleset's period term kept in the rows' dates)."""
        taken = [e for e in self.extras if e.startswith(f"{column} in ")]
        self.extras = [e for e in self.extras if e not in taken]
        return taken

    def mismatch(self, asked: str, code: str, message: str) -> None:
        """A period the SQL holds wrongly: one wrong filter, the asked period missing."""
        self.wrong += 1
        self.missing.append(f"? in {asked}")
        self.reasons.append(reason(code, message, "major"))


@dataclass(frozen=True)
class _Canon:
    """A period resolved against the anchor: what is compared."""

    start: datetime | None
    end: datetime | None
    periodic: frozenset[tuple[str, int]]
    clock: tuple[int, int] | None
    negated: bool


def _midnight(today: date) -> datetime:
    """The start of ``today``."""
    return datetime(today.year, today.month, today.day)


def anchor_date(anchor: Anchor | None) -> date:
    """The anchor's date (today's when none is known)."""
    return anchor.date if anchor is not None else date.today()


def _canon(p: Period, today: date, clip: bool = False) -> _Canon:
    """``p`` resolved against ``today``; with ``clip``, an end after today is today's end:
    when the question asks about a stretch up to now ("this month", "in the past 7 days"),
    rows after today do not exist yet, so ``>= start of month`` and ``< start of next month``
    select the same rows."""
    start = resolve(p.start, today) if p.start else None
    end = resolve(p.end, today) if p.end else None
    if clip:
        now = _midnight(today) + timedelta(days=1)
        if (end is None or end > now) and (start is None or start < now):
            end = now
    return _Canon(start, end, frozenset(p.periodic), p.clock, p.negated)


def _clips(p: Period, today: date) -> bool:
    """Does the question's period reach today from the past: relative and not in the future
    ("this month", "in the past 7 days"), or a stretch still running at the anchor ("in 2025"
    asked in 2025)? Rows after today do not exist yet, so its end may be today's."""
    day = _midnight(today)
    start = resolve(p.start, today) if p.start else None
    if _ahead(p):
        return False  # "in the next 30 days": the rows ahead are what it asks about
    if not p.relative:
        end = resolve(p.end, today) if p.end else None
        return start is not None and start <= day and end is not None and end > day
    return start is None or start <= day


_TOMORROW = ANCHOR_DAY.shifted("day", 1)


def _ahead(p: Period) -> bool:
    """A window the question opens at the anchor day and runs into the future ("in the next
    30 days", "over the next 2 weeks")."""
    return (p.source == "question" and p.start == ANCHOR_DAY and not p.periodic
            and isinstance(p.end, RelativeDate) and p.end != _TOMORROW)


def _dual(p: Period) -> bool:
    """A month, quarter or half the question names without a year ("in April"): both the
    latest one at or before the anchor (its bounds) and that month of any year (its
    ``periodic``), see :mod:`stef_question.concepts.time`."""
    return bool(p.periodic and p.start and p.end and p.relative and p.source != "hint")


def _resolved_year(p: Period, restated: tuple[Period, ...], today: date,
                   text: str = "") -> Period:
    """``p`` as the reformulation resolved it (:func:`_restated_year`), else ``p``."""
    return _restated_year(p, restated, today, text) or p


def _restated_year(p: Period, restated: tuple[Period, ...], today: date,
                   text: str = "") -> Period | None:
    """The year the reformulation gives a month or quarter the question names without one
    ("pickup for october", asked in September): the latest one at the anchor (``p``) or the
    coming one ("October 2025"); the question leaves open whether it looks back or ahead, the
    agent's restatement says which one it answered (rooms on the books for the coming
    October). An older year ("April 2024" for "april" in May 2025) is drift. None when the
    reformulation names neither.

    The coming one is a reading of the question only where the question may look ahead: not
    when it tells what happened (:func:`_looks_back`, :func:`_told_done`: "permits
    issued in march" or "open houses held in february" asked in November is the March or
    February just past, whatever year the agent writes), and not when that one
    is further away than :data:`COMING` while no word of the question puts it ahead
    (:data:`_FORWARD`: "taproom sales in january" asked in October has no sales of the coming
    January yet; "memberships expiring in march" may look that far). The agent's year is then
    drift, and the SQL that follows it counts another period.

    >>> from stef_question.frame import question_spec
    >>> q = question_spec("taproom sales in january", "Taproom sales in January 2026.")
    >>> [p] = [p for p in q.periods if p.source == "question"]
    >>> _restated_year(p, q.restated_periods or (), date(2025, 10, 7), q.text) is None
    True
    >>> q = question_spec("pickup for october", "Room nights for October 2025 stay dates.")
    >>> [p] = [p for p in q.periods if p.source == "question"]
    >>> _restated_year(p, q.restated_periods or (), date(2025, 9, 9), q.text).start
    '2025-10-01'
    """
    if not _dual(p) or p.source != "question" or p.grain not in ("month", "quarter") \
            or not p.start:
        return None
    latest = resolve(p.start, today)
    asked = asked_and_restated(text)[0]  # the question's own words, not the reformulation's
    ahead = not _looks_back(asked) and not _told_done(asked)
    near = _FORWARD.search(asked) is not None
    twins: list[Period] = []
    for r in restated[:MAX_RESTATED]:
        if r.periodic or r.negated or not isinstance(r.start, str) or r.grain != p.grain:
            continue
        try:
            start = parse_iso(r.start)
        except ValueError:
            continue
        if (start.month, start.day) != (latest.month, latest.day):
            continue
        if start.year == latest.year:
            return p  # "Q1 2025 and Q1 2024" for "q1 vs q1 last year": the latest is there
        end = add(start, p.grain, 1)
        if start.year != latest.year + 1 or (isinstance(r.end, str) and r.end != iso(end)):
            continue  # the coming one only: "April 2024" for "april" in May 2025 is drift
        if not ahead or not (near or start - _midnight(today) <= COMING):
            continue  # told in the past, or months ahead with nothing that looks ahead
        twins.append(replace(p, start=iso(start), end=iso(end), periodic=()))
    return twins[0] if len({t.start for t in twins}) == 1 else None


#: Words that put what a question counts ahead of the moment it is asked: deals closing,
#: invoices due, leases expiring, renewals, bookings scheduled or expected.
_FORWARD = re.compile(
    r"\b(?:closing|closes|due|expir(?:e|es|ing|y)|renew(?:s|ing|als?)?|scheduled|upcoming|"
    r"planned|expected|will|coming|maturing|matures|forecast(?:ed)?)\b", re.IGNORECASE)


def _coming_year(p: Period, text: str, today: date) -> Period:
    """"EMEA pipeline closing in December", asked in November: a month or quarter named
    without a year, of something the question puts ahead (:data:`_FORWARD`), is the coming
    one when the latest one is already over and the coming one starts sooner than the latest
    one ended ("renewals in May" asked in June: the latest May); the latest one otherwise."""
    if not _dual(p) or p.source != "question" or p.grain not in ("month", "quarter") \
            or not p.start or not p.end or not _FORWARD.search(text) or _looks_back(text):
        return p  # "invoices that were due in March": told in the past, the latest March
    now = _midnight(today)
    if resolve(p.end, today) > now:
        return p  # the latest one is under way: it is this one
    start = shift(p.start, "year", 1)
    if resolve(start, today) - now >= now - resolve(p.end, today):
        # "revenue from renewals in May" asked in mid-June: the May just over, not one eleven
        # months ahead; the words only tip the reading towards the nearer of the two
        return p
    return replace(p, start=start, end=shift(p.end, "year", 1), periodic=())


def _as_restated(p: Period, restated: tuple[Period, ...], text: str, today: date) -> Period:
    """``p`` in the year the reformulation names (:func:`_restated_year`), whatever its words
    ("visits scheduled in Q4 2025" for "missed visits in Q4", asked in March 2026); when it
    names none and the question puts ``p`` ahead, the coming one (:func:`_coming_year`); a
    year the question calls fiscal, as the reformulation dates it (:func:`_declared_fiscal`)."""
    declared = _declared_fiscal(p, restated, text)
    if declared is None:
        declared = _declared_fiscal_quarter(p, restated, text)
    if declared is not None:
        return declared
    named = _restated_year(p, restated, today, text)
    return named if named is not None else _coming_year(p, text, today)


#: Most restated periods looked at for one asked period.
MAX_RESTATED = 8


def _fiscal_named(year: int, asked: str) -> bool:
    """Do the question's own words name ``year`` as a fiscal, financial, school or academic
    year ("fiscal 2025", "fiscal year 2025", "FY2025", "FY 25")?"""
    yy = f"{year % 100:02d}"
    return re.search(
        rf"\b(?:(?:fiscal|financial|school|academic)\s+(?:year\s+)?(?:{year}|'?{yy})"
        rf"|fy\s?'?(?:{year}|{yy}))\b", asked.lower()) is not None


def _declared_fiscal(p: Period, restated: tuple[Period, ...], text: str) -> Period | None:
    """The twelve months the reformulation dates a year the question calls fiscal ("charges
    in fiscal 2025" restated "fiscal year 2025 (2024-11-01 to 2025-10-31)"): the question's
    words name no calendar year, and the agent declares which months its year holds, as a
    ruleset's ``year starts`` would. Only twelve whole months from a month's first day other
    than January's, ending in the year named or starting in it (years are named either way);
    None otherwise, and the question's year stays the calendar's."""
    if p.source != "question" or p.grain != "year" or p.periodic or not (
            isinstance(p.start, str) and isinstance(p.end, str)):
        return None
    try:
        first = parse_iso(p.start).date()
        after = parse_iso(p.end).date()
    except ValueError:
        return None
    if (first.month, first.day) != (1, 1) or after != date(first.year + 1, 1, 1):
        return None
    if not _fiscal_named(first.year, asked_and_restated(text)[0]):
        return None
    for r, start, end in _dated(restated):
        if start.day != 1 or start.month == 1 or end != date(start.year + 1, start.month, 1):
            continue
        if start.year == first.year or end.year == first.year:
            return replace(p, start=r.start, end=r.end, grain=r.grain)
    return None


def _dated(restated: Iterable[Period]) -> Iterator[tuple[Period, date, date]]:
    """The reformulation's periods of fixed dates (not periodic, not negated), with their
    first day and the day after their last."""
    for r in list(restated)[:MAX_RESTATED]:
        if r.periodic or r.negated or not (isinstance(r.start, str) and isinstance(r.end, str)):
            continue
        try:
            yield r, parse_iso(r.start).date(), parse_iso(r.end).date()
        except ValueError:
            continue


#: A quarter the question calls fiscal ("fiscal q2", "fq3", "q1 of fy26").
_FISCAL_QUARTER = re.compile(r"\b(?:fiscal|financial)\s+(?:q[1-4]|quarter)\b|\bfq[1-4]\b"
                             r"|\bq[1-4]\s+(?:of\s+)?fy\s?'?\d{2,4}\b")


def _declared_fiscal_quarter(p: Period, restated: tuple[Period, ...],
                             text: str) -> Period | None:
    """The three months the reformulation dates a quarter the question calls fiscal ("downtime
    in fiscal q2" restated "fiscal Q2 2026 (2025-10-01 to 2025-12-31)"): a fiscal year may
    start in any month, so which months its quarter holds is the deployment's, and the agent
    declares them. Only three whole months from a month's first day; None otherwise."""
    if p.source != "question" or p.grain != "quarter" or not _FISCAL_QUARTER.search(
            asked_and_restated(text)[0].lower()):
        return None
    # (its dates, not its name: "fiscal Q2 2026 (2025-10-01 to 2025-12-31)" also reads as
    # the calendar's Q2 2026)
    for r, start, end in _dated(sorted(restated[:MAX_RESTATED],
                                       key=lambda r: r.grain == "quarter")):
        month = start.month + 2
        if start.day == 1 and end == date(start.year + month // 12, month % 12 + 1, 1):
            return replace(p, start=r.start, end=r.end, grain=r.grain, periodic=())
    return None


#: A month or quarter named without a year that starts within this time after the anchor
#: may be the coming one (:func:`_readings`).
COMING = timedelta(days=62)
#: Words that tell a question in the past tense ("how many were booked in march").
_PAST = re.compile(r"\b(?:was|were|did|had|happened)\b"
                   r"|\b[a-z]{3,}(?<!e)ed\s+(?:in|during|on|over|last|this|since|before)\b")
#: Past participles without -ed before a period ("open houses held in february", "tickets
#: sold in march"): read in the question's own words only (:func:`_told_done`), since a
#: reformulation's "bookings made in the past 7 days" tells the time of another period.
_PAST_IRREGULAR = re.compile(
    r"\b(?:held|sent|sold|paid|made|built|won|lost|spent|bought|taken|given|done|seen|written"
    r"|drawn)\s+(?:in|during|on|over|last|this|since|before)\b")


def _told_done(text: str) -> bool:
    """Does the question, in its own words (before the reformulation), tell a period's
    events with a past participle without -ed (:data:`_PAST_IRREGULAR`)?

    >>> _told_done("open houses held in february by agent")
    True
    >>> _told_done("pickup last 7 days for october . bookings made in the past 7 days")
    False
    """
    return _PAST_IRREGULAR.search(asked_and_restated(text)[0].lower()) is not None


def _looks_back(text: str) -> bool:
    """Is the question told in the past tense ("appointments were booked in march", "orders
    shipped in March")? Then a month named without a year is the latest one, never the
    coming one. A participle that names a measure ("october group blocks - blocked vs picked
    up") tells no time.

    >>> _looks_back("how many clinic appointments were booked in march")
    True
    >>> _looks_back("orders shipped in march"), _looks_back("emea pipeline closing in december")
    (True, False)
    >>> _looks_back("october group blocks - blocked vs picked up")
    False
    """
    return _PAST.search(text.lower()) is not None


def _readings(p: Period, today: date, over: RelativeUnit | None = None,
              logged: bool = False, coming: bool = False, first: int = 0,
              years: tuple[int, ...] = ()) -> list[Period]:
    """The periods that answer the question's ``p``: itself; for a month named without a year,
    the latest one at the anchor (first: the production reading, shown in messages), that
    month of any year (not in a ``logged`` record: a question stamped with the time it was
    asked means the latest April, and a log's tables hold every year's), and, when the anchor
    falls inside the latest one ("in March" asked in March: this March so far, or last
    March?), the one a year before; with ``coming`` (a question not told in the past tense,
    :func:`_looks_back`), also the coming one when it starts within :data:`COMING` of the
    anchor. A change "over" the previous ``over`` unit ("mom growth for April") reads that
    unit too: March and April. Calendar weeks start ``first`` days after Monday (the
    ruleset's ``week starts``). With ``years`` (the months a fiscal or school year may start
    in, :func:`_year_starts`), "this year", "last year", "ytd" and their quarters are also
    read as the years that start in those months."""
    out = [p]
    if _ahead(p) and isinstance(p.end, RelativeDate):
        # English does not say whether today or the last day counts: BETWEEN CURDATE() AND
        # CURDATE() + 30, "< CURDATE() + 30" and "> CURDATE()" all answer "the next 30 days"
        shorter = p.end.shifted("day", -1)
        out += [replace(p, end=shorter), replace(p, start=_TOMORROW),
                replace(p, start=_TOMORROW, end=shorter)]
        steps = p.end.steps
        if (len(steps) == 2 and isinstance(steps[0], Shift) and steps[0].n == 1
                and steps[0].unit in ("week", "month", "quarter", "year")):
            # "within the next month" may also mean the calendar month after this one
            after = _start_of(steps[0].unit, first).shifted(steps[0].unit, 1)
            out.append(replace(p, start=after, end=after.shifted(steps[0].unit, 1),
                               grain=steps[0].unit))
    if _dual(p):
        latest = replace(p, periodic=())
        out = [latest] if logged else [latest, replace(p, start=None, end=None)]
        start, end = resolve(p.start or "", today), resolve(p.end or "", today)
        if start <= _midnight(today) < end:
            out.append(replace(latest, start=shift(p.start or "", "year", -1),
                               end=shift(p.end or "", "year", -1)))
        upcoming = shift(p.start or "", "year", 1)
        if coming and resolve(upcoming, today) - _midnight(today) <= COMING:
            # "pickup for october" or "pipeline closing in December", asked weeks before it:
            # the words leave open whether they look back a year or ahead to the one about
            # to start, so the coming one answers too (a later one, or an older year, not)
            out.append(replace(latest, start=upcoming, end=shift(p.end or "", "year", 1)))

    if over and p.grain == over and out[0].start and out[0].end and not out[0].periodic:
        out.append(replace(out[0], start=shift(out[0].start, over, -1)))
    whole = _whole_units(p, first)
    if whole is not None:
        out.append(whole)
    out += [f for f in (_fiscal(p, m) for m in years) if f is not None]
    # (a fiscal label some name by the year the months start in: FY25 from July 2025)
    out += [replace(f, start=shift(f.start, "year", 1), end=shift(f.end, "year", 1))
            for f in (_labelled_fiscal(p, m) for m in years)
            if f is not None and isinstance(f.start, str) and isinstance(f.end, str)]
    # A stretch up to now ("ytd", "this year", "the last 7 days") counted in complete days:
    # through yesterday (``< CURRENT_DATE``) answers it as well as through today.
    out += [replace(r, end=ANCHOR_DAY) for r in out if _through_today(r, today)]
    if _since(p, today):
        # "no-show rate since april" runs to date: a SQL that stops at now (``< NOW()``) or
        # counts complete days (``< CURRENT_DATE``) answers it as well as no end does
        out += [replace(p, end=_TOMORROW), replace(p, end=ANCHOR_DAY)]
    # The same stretch a year back ("ytd vs last year": last year to the same day) ends the
    # same way: through that day or before it. Said as "last year" outright, not "the same
    # period last year", the whole of last year answers it too (some compare a year so far
    # with the last one whole).
    yearly = [r for r in out if r.end == _TOMORROW_A_YEAR_BACK]
    out += [replace(r, end=_TODAY_A_YEAR_BACK) for r in yearly]
    if yearly and p.start == _LAST_YEAR_START and "same" not in p.text.lower():
        out.append(replace(p, end=_YEAR_START, grain="year"))
    counted = _today_counted(p)
    if counted is not None:
        out.append(counted)
    return out


_TODAY_A_YEAR_BACK = ANCHOR_DAY.shifted("year", -1)
_YEAR_START = ANCHOR_DAY.start_of("year")
_LAST_YEAR_START = _YEAR_START.shifted("year", -1)
_TOMORROW_A_YEAR_BACK = ANCHOR_DAY.shifted("day", 1).shifted("year", -1)


def _today_counted(p: Period) -> Period | None:
    """"The last 7 days" counted with today as one of them (``>= CURRENT_DATE - 6``): the
    rolling window of days or weeks read as that many calendar days up to today included,
    beside the same span before today (English does not say whether today is one of the
    seven). For months and years the same one day at the start: "in the last 12 months" as
    ``insp_dt > CURRENT_DATE - INTERVAL 1 YEAR`` leaves out the day a year back, which the
    words neither keep nor leave out."""
    rolling = _rolling(p)
    if rolling is None:
        return None
    start, step = rolling
    if step.unit in ("day", "week") and step.n > -2:
        return None
    if step.unit not in ("day", "week", "month", "quarter", "year"):
        return None
    return replace(p, start=start.shifted("day", 1))


def _rolling(p: Period) -> tuple[RelativeDate, Shift] | None:
    """The start and the one step back of a rolling window up to today ("the last 7 days":
    from today shifted 7 days back to tomorrow), or None."""
    start, end = p.start, p.end
    if not (p.relative and isinstance(start, RelativeDate) and isinstance(end, RelativeDate)):
        return None
    if end.steps != (Shift("day", 1),) or len(start.steps) != 1:
        return None
    [step] = start.steps
    return (start, step) if isinstance(step, Shift) else None


def _since(p: Period, today: date) -> bool:
    """Is ``p`` a stretch from a past day with no end, said with "since" ("since april",
    "since the 1st"): up to now?

    >>> from datetime import date
    >>> p = Period(None, "2026-04-01", None, text="since april", source="question")
    >>> _since(p, date(2026, 7, 2)), _since(replace(p, text="after april"), date(2026, 7, 2))
    (True, False)
    """
    if (p.end is not None or p.start is None or p.periodic or p.clock or p.negated
            or not re.search(r"\bsince\b", p.text.lower())):
        return False
    return resolve(p.start, today) < _midnight(today)


def _through_today(p: Period, today: date) -> bool:
    """Does ``p`` run from the past to the end of today (a to-date or rolling stretch)?"""
    if not (p.relative and isinstance(p.end, RelativeDate) and p.start is not None
            and not p.periodic and not p.clock and not _ahead(p)):
        return False
    day = _midnight(today)
    start, end = resolve(p.start, today), resolve(p.end, today)
    return start < day < end <= day + timedelta(days=1) or (
        start < day and end > day + timedelta(days=1) and _clips(p, today))


def _start_of(unit: RelativeUnit, first: int) -> RelativeDate:
    """The start of the anchor's ``unit``; a week's starts ``first`` days after Monday."""
    return ANCHOR_DAY.start_of_week(first) if unit == "week" else ANCHOR_DAY.start_of(unit)


def _whole_units(p: Period, first: int = 0) -> Period | None:
    """"The last 6 months" read as the 6 whole months before this one (the reading of a
    monthly report: ``>= ADD_MONTHS(TRUNC(SYSDATE, 'MM'), -6) AND < TRUNC(SYSDATE, 'MM')``),
    beside the rolling window up to today; the same for weeks and quarters, and a rolling year
    as twelve whole months."""
    rolling = _rolling(p)
    if rolling is None or rolling[1].unit not in ("week", "month", "quarter", "year"):
        return None
    step = rolling[1]
    if step.unit == "year":
        # "over the past year", "the last 2 years": twelve (or 24) whole months, the monthly
        # report's window (``>= date_add('month', -12, date_trunc('month', current_date))``);
        # whole calendar years are what "last year" says, not "the past year"
        this = ANCHOR_DAY.start_of("month")
        return replace(p, start=this.shifted("month", 12 * step.n), end=this, grain="month")
    if step.n > -1:
        return None
    # ("in the last quarter", "the past month": one unit back, rolling or the calendar one
    # before this, Q1 asked in June; English leaves it open)
    this = _start_of(step.unit, first)
    return replace(p, start=this.shifted(step.unit, step.n), end=this, grain=step.unit)


_OVER = re.compile(r"\b(?:(mom|m/m|month[- ]over[- ]month)|(qoq|q/q|quarter[- ]over[- ]quarter)"
                   r"|(wow|w/w|week[- ]over[- ]week))\b")


#: Words that ask for a balance as of a period's first moment ("opening balance this month",
#: "owed at the start of the quarter").
_OPENING = re.compile(r"\bopening\b|\bat the (?:start|beginning) of\b|\bas of the (?:start|"
                      r"beginning) of\b|\bstarting balance\b")
#: Words that ask a change of one period, against another the words do not name ("revenue
#: growth last month", "did cancellations drop this quarter").
_CHANGE = re.compile(r"\b(?:growth|grew|grow|change|changed|increase|increased|decrease|"
                     r"decreased|drop|dropped|rise|rose|fell|fall|delta|up or down)\b")
#: The units such a change is read over.
_CHANGED_UNITS: dict[str, RelativeUnit] = {"month": "month", "quarter": "quarter", "week": "week"}


def _over(text: str) -> RelativeUnit | None:
    """The unit a question compares with the one before it ("mom growth": month)."""
    m = _OVER.search(text)
    if m is None:
        return None
    units: tuple[RelativeUnit, ...] = ("month", "quarter", "week")
    return units[next(i for i, g in enumerate(m.groups()) if g)]


_PREFERENCE = {"same": 0, "open": 1, "different": 2}


#: Words that say the question's years are not calendar years: a fiscal, financial, school
#: or academic year (or quarter), "fy", "fytd".
_FISCAL_WORDS = re.compile(
    r"\b(?:fiscal|financial|school|academic)\s+(?:year|quarter|ytd)|\bfytd\b|\bfy\s?'?\d{0,4}\b")


def _year_starts(q: QuestionSpec, today: date) -> tuple[int, ...]:
    """The months other than January a year of the question may start in, by what the texts
    say: every month when they call it a fiscal, financial, school or academic year, narrowed
    to the months in which the reformulation's own dates start it ("ytd" restated "the school
    year to date, since 2025-07-01": July only) when they do; without such a word, the months
    in which the reformulation's dates start one of the question's relative years (the agent
    resolved "this year" against its deployment's calendar, which is no drift); else none.

    >>> from stef_question.frame import question_spec
    >>> _year_starts(question_spec("absences this school year", None), date(2026, 3, 10))[:3]
    (2, 3, 4)
    >>> _year_starts(question_spec("absences ytd", "Absences for the school year to date "
    ...     "(2025-07-01 through today)."), date(2026, 3, 10))
    (7,)
    >>> _year_starts(question_spec("absences this year", None), date(2026, 3, 10))
    ()
    """
    said = _FISCAL_WORDS.search(q.text.lower()) is not None
    asked = [p for p in q.periods[:8] if p.source == "question" and _fiscal(p, 7) is not None]
    months = tuple(range(2, 13))
    restated = [r for r in (q.restated_periods or ())[:MAX_RESTATED] if isinstance(r.start, str)]
    told = tuple(m for m in months if any(
        _same_stretch(f, r, today) for p in asked for r in restated
        for f in (_fiscal(p, m),) if f is not None and (said or not _rolling_like(p, m, today))))
    return told or (months if said else ())


def _told_year_start(q: QuestionSpec, today: date) -> int:
    """The month (2-12) the question's fiscal, financial, school or academic year starts in,
    when the question calls it so and its reformulation names the day one of the question's
    relative years starts, read that way ("sales fiscal ytd" restated "the fiscal year starts
    1 February, so from 2025-02-01"): the year the agent declares, as a ruleset's ``year
    starts`` would; 0 when the texts do not say one month.

    >>> from stef_question.frame import question_spec
    >>> _told_year_start(question_spec("sales fiscal ytd", "Sales this fiscal year to date; "
    ...     "the fiscal year starts 1 February, so from 2025-02-01."), date(2025, 10, 21))
    2
    >>> _told_year_start(question_spec("sales ytd", "Sales from 2025-02-01."),
    ...                  date(2025, 10, 21))
    0
    """
    if not _FISCAL_WORDS.search(q.own_words.lower()):
        return 0
    asked = [p for p in q.periods[:8] if p.source == "question"]
    days = {r.start for r in (q.restated_periods or ())[:MAX_RESTATED]
            if isinstance(r.start, str)}
    told = {m for m in range(2, 13) for p in asked for f in (_fiscal(p, m),)
            if f is not None and f.start is not None
            and iso(resolve(f.start, today)) in days}
    return told.pop() if len(told) == 1 else 0


def _same_stretch(a: Period, b: Period, today: date) -> bool:
    """Do ``a`` and ``b`` (one reading each) cover one stretch of time at the anchor?"""
    clip = _clips(a, today) or _clips(b, today)
    return _compare(a, _canon(a, today, clip), b, _canon(b, today, clip)) == "same"


#: Words that say the question's years are calendar years.
_CALENDAR_WORDS = re.compile(r"\bcalendar\s+(?:year|quarter)")


#: Most SQL filters looked at for the other end of an overlap.
MAX_OVERLAP_FILTERS = 64


def _overlap_end(pc: _Canon, s: Period, sql: SqlSpec, today: date) -> Filter | None:
    """The filter on the other date column of an interval-overlap test of the asked stretch
    ``pc``: ``s`` bounds one column by the stretch's end alone (``start_dt < '2026-01-01'``)
    and another column is bounded by its start alone (``end_dt >= '2025-01-01'``, often ORed
    with ``IS NULL``), or the reverse; None when there is none."""
    if pc.start is None or pc.end is None or pc.periodic or s.column is None or s.periodic:
        return None
    sc = _canon(s, today)
    if sc.start is None and sc.end == pc.end:
        want_start = True
    elif sc.end is None and sc.start == pc.start:
        want_start = False
    else:
        return None
    for f in sql.filters[:MAX_OVERLAP_FILTERS]:
        if f.column is None or norm(f.column) == norm(s.column):
            continue
        for q in filter_periods(f):
            if q.periodic or (q.start is None) == (q.end is None):
                continue
            qc = _canon(q, today)
            if (qc.start == pc.start if want_start else qc.end == pc.end) and (
                    (qc.end is None) if want_start else (qc.start is None)):
                return f
    return None


def _fiscal_month(p: Period, today: date, s: Period, s_canon: _Canon, s_clipped: _Canon,
                  over: RelativeUnit | None, logged: bool, coming: bool,
                  first: int) -> int | None:
    """The month a year starting in it makes the question's ``p`` the SQL's ``s`` (the same
    stretch, or the same start up to now), when no word says which year is meant; None if
    none. Not a month whose year (or quarter) a rolling window of whole months would give
    as well: "ytd" read as the twelve months from the 1st of this month or the next one,
    "last quarter" as the three whole months before this one, are mistakes, not a fiscal
    calendar."""
    if _fiscal(p, 2) is None:
        return None  # no relative year or quarter in the question's period
    for month in range(2, 13):
        if _fiscal(p, month) is None or _rolling_like(p, month, today):
            continue
        if _compare_readings(p, today, s, s_canon, s_clipped, over, logged, coming, first,
                             (month,)) == "same":
            return month
    return None


def _rolling_like(p: Period, month: int, today: date) -> bool:
    """Is ``p`` read with years starting in ``month`` the stretch a rolling window of whole
    months gives as well (its years or quarters starting with this month or the next)?"""
    f = _fiscal(p, month)
    mine = _canon(f if f is not None else p, today)
    return any(_canon(_fiscal(p, m) or p, today) == mine
               for m in (today.month, today.month % 12 + 1))


#: Words of a period that name a year or a quarter as a unit ("this year", "last quarter",
#: "ytd"); a date named by its month ("since jan 1") is the calendar's whatever the year.
_YEAR_WORDS = re.compile(r"year|quarter|\b(?:f?ytd|qtd|yr|qtr)\b")


def _whole_years(bound: Bound | None) -> bool:
    """Is ``bound`` open, today or tomorrow (a stretch up to now), or the start of a year or
    quarter moved by whole years or quarters ("this year", "last quarter")? A bound moved by
    months or days inside the year ("since march", "last quarter end") names a month or a day
    of the calendar, whatever year the deployment counts."""
    if bound is None or bound in (ANCHOR_DAY, _TOMORROW):
        return True
    return isinstance(bound, RelativeDate) and any(
        isinstance(st, StartOf) for st in bound.steps) and all(
        st.unit in ("year", "quarter") for st in bound.steps)


#: A fiscal year said by its label ("FY25", "FY 2025"): the period's own words.
_FISCAL_LABEL = re.compile(r"fy\s?'?\d{2}(?:\d{2})?")


def _labelled_fiscal(p: Period, first_month: int) -> Period | None:
    """A year the question names by its fiscal label ("FY25 revenue"), read as the twelve
    months from ``first_month`` that end in it (FY25 = 2024-07-01 to 2025-06-30 for a July
    year), the usual way such labels count; which month it starts in the question does not
    say, so every month is a reading (a reformulation that declares the months narrows it,
    :func:`_declared_fiscal`).

    >>> _labelled_fiscal(Period(None, "2025-01-01", "2026-01-01", grain="year",
    ...                         text="FY25"), 7).start
    '2024-07-01'
    >>> _labelled_fiscal(Period(None, "2025-01-01", "2026-01-01", grain="year",
    ...                         text="2025"), 7) is None
    True
    """
    if (p.periodic or p.grain != "year" or not isinstance(p.start, str)
            or not isinstance(p.end, str) or not _FISCAL_LABEL.fullmatch(p.text.lower())):
        return None
    try:
        first, after = parse_iso(p.start), parse_iso(p.end)
    except ValueError:
        return None
    if (first.month, first.day) != (1, 1) or after != datetime(first.year + 1, 1, 1):
        return None
    return replace(p, start=iso(datetime(first.year - 1, first_month, 1)),
                   end=iso(datetime(first.year, first_month, 1)))


def _fiscal(p: Period, first_month: int) -> Period | None:
    """``p`` with its relative years (and their quarters) starting in ``first_month``
    (:func:`stef_core.periods.years_from`), or None when that changes nothing (a literal
    period, a month, a rolling window, a quarter of a year that starts with a calendar
    quarter)."""
    labelled = _labelled_fiscal(p, first_month)
    if labelled is not None:
        return labelled
    if (p.periodic or not p.relative or not _YEAR_WORDS.search(p.text.lower())
            or not all(_whole_years(b) for b in (p.start, p.end))):
        return None
    start = None if p.start is None else years_from(p.start, first_month)
    end = None if p.end is None else years_from(p.end, first_month)
    if start == p.start and end == p.end:
        return None
    return replace(p, start=start, end=end)


def _compare_readings(p: Period, today: date, s: Period, s_canon: _Canon,
                      s_clipped: _Canon, over: RelativeUnit | None = None,
                      logged: bool = False, coming: bool = False, first: int = 0,
                      years: tuple[int, ...] = ()) -> str:
    """The best of ``_compare`` over the question period's readings."""
    best = "different"
    readings = _readings(p, today, over, logged, coming, first, years)
    for r in readings:
        clip = _clips(r, today)
        kind = _compare(r, _canon(r, today, clip), s, s_clipped if clip else s_canon)
        if _PREFERENCE[kind] < _PREFERENCE[best]:
            best = kind
    if best != "same":
        for r in _from_now(readings, today):
            if _compare(r, _canon(r, today), s, s_canon) == "same":
                return "same"
    return best


def _from_now(readings: list[Period], today: date) -> list[Period]:
    """"events until the end of october" asked in September: the rows up to then or, of
    what lies ahead, those from now until then; the words do not say which, so a SQL that
    starts at today answers it too (only as the same stretch: a bound open on one side is
    still compared with the question's own reading)."""
    day = _midnight(today) + timedelta(days=1)
    return [replace(r, start=ANCHOR_DAY) for r in readings[:4]
            if r.source == "question" and r.start is None and r.end is not None
            and not r.periodic and not r.negated and resolve(r.end, today) > day]


def _clock_at(clock: tuple[int, int] | None, grain: str) -> tuple[int, int] | None:
    if clock is None:
        return None
    unit = {"hour": 3600, "minute": 60}.get(grain, 1)
    return clock[0] // unit, clock[1] // unit


#: Where each part of a month lies, in whole days: (counted from, start's least and most,
#: end's least and most), counted from the month's first day (``start``: the end exclusive)
#: or back from its end (``end``). "Early May" runs from the 1st to somewhere from the 5th
#: to the 16th, "the first half" to the 14th, 15th or 16th, "mid-June" from between the 5th
#: and the 16th to between the 14th and the 26th; "late" and "the second half" mirror them
#: from the month's end.
_PORTIONS: dict[str, tuple[str, int, int, int, int]] = {
    "early": ("start", 0, 0, 5, 16), "first half": ("start", 0, 0, 14, 16),
    "mid": ("start", 4, 15, 14, 26),
    "late": ("end", 5, 16, 0, 0), "second half": ("end", 13, 17, 0, 0),
}


def _within_portion(q: Period, qc: _Canon, sc: _Canon) -> bool:
    """Does the SQL's stretch ``sc`` answer the part of the month the question places
    (:attr:`Period.portion`: "early May" / ``d >= '2026-05-01' AND d < '2026-05-11'``)? The
    whole month, another month, or a part elsewhere in it does not.

    >>> from datetime import datetime as dt
    >>> may = _Canon(dt(2026, 5, 1), dt(2026, 6, 1), frozenset(), None, False)
    >>> def sql(a, b): return _Canon(dt(2026, 5, a), dt(2026, 5, b), frozenset(), None, False)
    >>> early, late = Period(None, portion="early"), Period(None, portion="late")
    >>> _within_portion(early, may, sql(1, 11)), _within_portion(early, may, sql(1, 16))
    (True, True)
    >>> _within_portion(early, may, may), _within_portion(early, may, sql(11, 21))
    (False, False)
    >>> end = _Canon(dt(2026, 5, 21), dt(2026, 6, 1), frozenset(), None, False)
    >>> _within_portion(late, may, end), _within_portion(late, may, sql(21, 31))
    (True, False)
    """
    where = _PORTIONS.get(q.portion)
    if (where is None or qc.start is None or qc.end is None or sc.start is None
            or sc.end is None or qc.periodic or sc.periodic or sc.negated != qc.negated
            or sc.clock is not None):
        return False
    if sc.start != floor(sc.start, "day") or sc.end != floor(sc.end, "day"):
        return False
    start, end = (sc.start - qc.start).days, (sc.end - qc.start).days
    if where[0] == "end":  # counted back from the month's end
        length = (qc.end - qc.start).days
        start, end = length - start, length - end
    return where[1] <= start <= where[2] and where[3] <= end <= where[4]


def _compare(q: Period, qc: _Canon, s: Period, sc: _Canon) -> str:
    """``same``, ``open`` (one side open where the other is closed) or ``different``."""
    if q.portion:
        return "same" if _within_portion(q, qc, sc) else "different"
    kind = _compare_exact(q, qc, s, sc)
    if kind == "different" and q.loose_end and qc.end is not None and q.grain in _STEP:
        # "until March": the end without March answers it too
        earlier = _Canon(qc.start, add(qc.end, q.grain, -1), qc.periodic, qc.clock, qc.negated)
        return _compare_exact(q, earlier, s, sc)
    return kind


_STEP = ("year", "quarter", "month", "week", "day", "hour", "minute", "second")


def _last_moment(s: Period) -> bool:
    """Does ``s`` bound each one's last moment: a HAVING over the group's dates (``HAVING
    MAX(job_dt) < ...``), a CTE's MAX of them compared outside (:attr:`Period.last_moment`)
    or a column that keeps the latest one (``last_visit_dt``)?"""
    if s.last_moment or (s.parts and all(f.source.startswith("having") for f in s.parts)):
        return True
    return bool(s.column) and bool(
        {"last", "latest", "recent"} & set(re.split(r"[_\W]+", (s.column or "").lower())))


def _compare_exact(q: Period, qc: _Canon, s: Period, sc: _Canon) -> str:
    q_clock, s_clock = _clock_at(qc.clock, q.grain), _clock_at(sc.clock, q.grain)
    if qc.periodic != sc.periodic:
        return "open" if _widened(qc.periodic, sc.periodic) else "different"
    if q_clock != s_clock:
        if q_clock is None or s_clock is None:
            return "different"
        # a time of day from midnight or up to midnight is open on that side
        q_open = (q_clock[0] == 0, q_clock[1] == _DAY_END.get(q.grain, 86400))
        s_open = (s_clock[0] == 0, s_clock[1] == _DAY_END.get(q.grain, 86400))
        return "open" if q_open != s_open else "different"
    if (qc.start, qc.end) == (sc.start, sc.end):
        if qc.negated and not sc.negated and not s.excluded and _last_moment(s):
            return "different"  # "not seen since march" / last_seen_dt >= march: seen since
        if qc.negated == sc.negated or qc.negated:
            return "same"  # a negation may be spelled outside (NOT IN (subquery ...))
        return "open"
    if (qc.negated and not sc.negated and _last_moment(s)
            and sc.start is None and qc.start is not None and qc.start == sc.end):
        # "no service since july" / HAVING MAX(job_dt) < '2026-07-01' (or last_visit_dt <
        # '2026-07-01'): each one's last row before it, none from then on
        return "same"
    if qc.negated != sc.negated:
        return "different"
    # Open where a closed range was asked, closed where an open one was, or open on the other
    # side (">" for "before"): the bound is there with another operator.
    if (qc.start is None, qc.end is None) != (sc.start is None, sc.end is None):
        return "open"
    return "different"


_DAY_END = {"hour": 24, "minute": 1440}


def _widened(q: frozenset[tuple[str, int]], s: frozenset[tuple[str, int]]) -> bool:
    """Calendar fields of one unit where one set holds the other and they share an end:
    ``MONTH(d) >= 6`` for "in June"."""
    units = {u for u, _ in q | s}
    if len(units) != 1:
        return False
    a, b = sorted(v for _, v in q), sorted(v for _, v in s)
    small, large = (a, b) if len(a) < len(b) else (b, a)
    return bool(small) and set(small) < set(large) and (
        small[0] == large[0] or small[-1] == large[-1]
    )


def _column_ok(q: Period, s: Period, rules: Ruleset, sql_columns: frozenset[str]) -> bool:
    if q.column is None or s.column is None:
        return True
    qc, sc = norm(q.column), norm(s.column)
    if qc not in {norm(c) for c in sql_columns}:
        return True  # the enrichment names a column the SQL never reads: trust the interval
    if qc == sc or qc in sc or sc in qc:
        return True
    for column, words in rules.synonyms.items():
        names = {norm(column), *(norm(w) for w in words)}
        if qc in names and sc in names:
            return True
    return False


def _shown(p: Period, c: _Canon, today: date) -> str:
    """The period as compared: resolved dates, and where they came from when relative."""
    text = describe(replace(
        p, start=iso(c.start) if c.start else None, end=iso(c.end) if c.end else None
    ))
    if p.relative:
        text += f" (relative to {today.isoformat()})"
    return text


_ID_NAME = re.compile(r"id$|^id_|_id_")


def _fallback(sql: SqlSpec, taken: set[Filter], rules: Ruleset) -> list[Period]:
    """Plain SQL filters on times the SQL's periods do not hold, as periods merged per column:
    years kept in columns whose name says nothing (``founded > 1990``, ``T3.Model = '1980'``),
    dates compared inside an OR (``d IS NULL OR d != '2013-05-03'``)."""
    by_column: dict[str, list[Period]] = {}
    singles: list[Period] = []
    for f in sql.filters:
        if f in taken or f.column is None or _ID_NAME.search(f.column):
            continue  # an id holds no years, however its values look
        found = filter_periods(f)
        kind = name_kind(f.column)
        if kind == "date":
            # a date column compared with a bare year selects no year's dates
            found = [p for p in found if p.grain != "year"]
        elif kind == "" and any(isinstance(v, str) for v in f.values):
            # '1980' in a column whose name says nothing of time is a name, not a year
            found = [p for p in found if p.grain != "year"]
        if len(found) == 1 and not f.alternative:
            by_column.setdefault(f.column, []).append(found[0])
        else:
            singles.extend(found)
    out: list[Period] = list(singles)
    for periods in by_column.values():
        out.extend(merge_all(periods))
    return out


#: Functions that measure an age or a distance between dates, as sqlglot writes them.
_AGE_FUNCTIONS = ("datediff(", "date_diff(", "timestampdiff(", "timestamp_diff(", "julianday(",
                  "days_between(", "age(")
#: Days in a unit the question counts an age in ("older than 2 weeks" / DATEDIFF(day) > 14).
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}


#: A column named as a date: compared with a small number, it is an age (the reader keeps
#: ``DATE_DIFF(CURRENT_DATE(), DATE(created_at), DAY) > 30`` as ``created_at > 30``).
_DATED = re.compile(r"(?:^|_)(?:date|dt|day|on)$")


def _aged(p: Period, sql: SqlSpec) -> Filter | None:
    """"older than 30 days", "more than 3 days ago" answered by an age compared with the
    number: ``DATE_DIFF(CURRENT_DATE(), DATE(created_at), DAY) > 30`` (before the day, for an
    open start; since it, ``< 7``, for an open end). The SQL filter that does, else None."""
    if not p.relative or (p.start is None) == (p.end is None):
        return None
    m = re.search(r"(\d+)\s+(day|week|month|year)", p.text or "")
    if m is None:
        return None
    n, unit = int(m.group(1)), m.group(2)
    wanted = {n, n * _UNIT_DAYS[unit], n * _UNIT_DAYS[unit] * 24}
    ops = (">", ">=") if p.start is None else ("<", "<=")
    for f in sql.filters[:256]:
        column = (f.column or "").lower()
        # (``(2026 - install_yr) > 25``, read as a bound on the column of years: an age in
        # years, as no year is near 25)
        years = unit == "year" and bool(_YEAR_PARTS & set(parts(column.split(".")[-1])))
        if years and (f.value != n or (f.op == ">=" and "than" in (p.text or ""))):
            continue  # whole years: "older than 25" is > 25, never >= 25 nor > 24
        if (f.op in ops and isinstance(f.value, (int, float)) and not isinstance(f.value, bool)
                and (any(a in column for a in _AGE_FUNCTIONS) or _DATED.search(column)
                     or is_timestamp_name(column) or years)
                and any(abs(f.value - w) <= 1 for w in wanted)):
            return f
    return None


def _used_otherwise(p: Period, sql: SqlSpec) -> bool:
    """The SQL uses the period outside its filters: its dates as literals elsewhere (a CASE
    WHEN ``date = '1998-12-27'``, ``SUM(CASE WHEN strftime('%Y', d) = '1997' ...)``), its year
    inside a name ('2016 Summer') or a column (``pop_2010``)."""
    if p.relative or p.periodic or p.clock or (p.start is None and p.end is None):
        return False
    in_filters = {v for f in sql.filters for v in (f.value if isinstance(f.value, tuple)
                                                     else (f.value,))}
    spans = []
    for value in sql.literals:
        if isinstance(value, bool) or not isinstance(value, (str, int)) or value in in_filters:
            continue  # a filter's own value was compared above
        span = literal_span(str(value), compact=True)
        if span is not None:
            spans.append(span)
    start = parse_iso(p.start) if isinstance(p.start, str) and p.start else None
    end = parse_iso(p.end) if isinstance(p.end, str) and p.end else None
    for lo, hi, _ in spans:
        if lo in (start, end) or hi == end:  # a bound written as a literal
            return True
    if p.grain == "year" and start is not None and end is not None:
        years = range(start.year, end.year)
        have = {lo.year for lo, hi, grain in spans if grain == "year"}
        if len(years) <= 10 and all(y in have for y in years):
            return True
        if len(years) == 1:
            year = str(start.year)
            if any(isinstance(v, str) and year in v and literal_span(v, compact=True) is None
                   for v in sql.literals):
                return True
            return any(year in c for c in sql.columns)
    return False


_MONTH_ABBR = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
               "dec")


def _coded_period(p: Period, pc: _Canon, sql: SqlSpec) -> Filter | None:
    """A SQL condition that names the asked month or quarter by a code on a column that holds
    no date: "the november sale" / ``sale_cd = 'NOV26'``, "Q3 campaigns" / ``wave_cd =
    '2026Q3'`` (the code holds the period's name and its year)."""
    if pc.start is None or p.grain not in ("year", "month", "quarter"):
        return None
    year = pc.start.year
    # (a year by its fiscal code: "2025" / sale_fy = 'FY25')
    name = (_MONTH_ABBR[pc.start.month - 1] if p.grain == "month"
            else f"q{(pc.start.month - 1) // 3 + 1}" if p.grain == "quarter" else "fy")
    for f in sql.filters[:64]:
        if f.op not in ("=", "in") or not f.column or name_kind(f.column) == "date":
            continue
        for v in f.values[:16]:
            if isinstance(v, str) and len(v) <= 12 and name in v.lower() and (
                    str(year) in v or f"{year % 100:02d}" in v):
                return f
    return None


#: Name parts of a calendar column that numbers a quarter or a month of its year.
_PART_COLUMNS = {"quarter": frozenset({"quarter", "qtr", "qtr_num", "quarter_num", "q"}),
                 "month": frozenset({"month", "mon", "mth", "month_num", "month_no", "mm"})}


#: Name parts of a column that holds a year as a number (``install_yr``, ``model_year``).
_YEAR_PARTS = frozenset({"yr", "year", "yyyy"})


def _year_grain_age(p: Period, pc: _Canon, sc: _Canon, s: Period) -> bool:
    """Does the SQL bound a column of years where the question bounds an age ("older than 25
    years": before the day 25 years ago) at that day's year: before its year or before the
    next one (``install_yr < 2001`` or ``<= 2001`` for a day in 2001)?"""
    if not p.relative or pc.start is not None or pc.end is None or sc.start is not None:
        return False
    if sc.end is None or not re.search(r"\d+\s+years?", p.text or ""):
        return False
    if not _YEAR_PARTS & set(parts((s.column or "").split(".")[-1])):
        return False
    year = pc.end.year
    return sc.end in (datetime(year, 1, 1), datetime(year + 1, 1, 1))


def _part_kept(p: Period, pc: _Canon, s: _Canon, sql: SqlSpec) -> Filter | None:
    """The filter that numbers the asked quarter or month of a year the SQL keeps whole on
    another column ("jobs in q3" / ``d.cal_year = 2026 AND d.cal_quarter = 3``, a calendar
    table's columns), or None."""
    if p.grain not in _PART_COLUMNS or pc.start is None or s.start is None or s.end is None:
        return None
    if (s.start, s.end) != (datetime(pc.start.year, 1, 1), datetime(pc.start.year + 1, 1, 1)):
        return None
    number = (pc.start.month - 1) // 3 + 1 if p.grain == "quarter" else pc.start.month
    spellings = {str(number), f"q{number}", f"{number:02d}"}
    for f in sql.filters[:64]:
        if f.op != "=" or not f.column or isinstance(f.value, bool):
            continue
        names = set(re.split(r"[_\W]+", f.column.lower()))
        names.add(f.column.lower().split(".")[-1])
        if names & _PART_COLUMNS[p.grain] and str(f.value).lower() in spellings:
            return f
    return None


def _year_to(asked: _Canon, sql: _Canon) -> bool:
    """Is ``sql`` the asked stretch up to its end ("through september": open start) started
    at the start of the year that end falls in?"""
    if asked.start is not None or asked.end is None or sql.start is None:
        return False
    last = asked.end - timedelta(days=1)
    return sql.end == asked.end and sql.start == datetime(last.year, 1, 1)


def _spelling_problem(q: Period, s: Period) -> str:
    """Why the SQL's spelling of a matched period finds nothing, or ""."""
    if q.spelling == "compact" and s.spelling == "function":
        return ("the hint says the data spells it compactly (201309), which a date function "
                f"does not read: the SQL parses {s.column} as a date")
    if q.spelling and s.spelling and q.spelling != s.spelling and "year" not in (
        q.spelling, s.spelling
    ) and "function" not in (q.spelling, s.spelling):
        return (f"the hint says the data spells it {_SPELLINGS[q.spelling]}, but the SQL "
                f"compares {s.column} with {_SPELLINGS[s.spelling]}")
    if s.spelling == "year" and q.spelling != "year":
        return (f"the SQL compares the date column {s.column} with a bare year, which does not "
                "select that year's dates")
    return ""


#: A column name that says it holds moments, never days (``sold_ts``, ``event_timestamp``).
_MOMENT_NAME = re.compile(r"(?:_ts|_tstamp|_timestamp|_datetime|_dttm|_dtm)$|^ts$")

_SPELLINGS = {"compact": "compactly (201309)", "iso": "with separators ('2013-09')",
              "year": "as a bare year"}


def align_periods(
    q: QuestionSpec, sql: SqlSpec, rules: Ruleset, anchor: Anchor | None = None
) -> PeriodAlignment:
    """Match the question's periods with the SQL's; see the module docstring."""
    out = PeriodAlignment()
    ignored = {norm(c) for c in rules.ignored_filters}
    sql_periods = [p for p in (*sql.periods, *sql.value_periods)
                   if norm(p.column or "") not in ignored]
    if not any(p.clock for p in q.periods) and any(
            p.clock and p.start is None and p.end is None
            for p in (q.restated_periods or ())[:8]):
        # ("overnight calls last week" restated "... received between 22:00 and 06:00": the
        # agent's time of day, which the SQL keeps on the dates' column; the question's dates
        # are compared with the SQL's days, the time of day being the reformulation's)
        sql_periods = _unclocked(sql_periods)
    asked = sorted(_clock_within(list(q.periods), sql_periods), key=_rank)
    out.relative = any(p.relative for p in (*asked, *sql_periods))
    today = anchor_date(anchor)
    logged = anchor is not None and anchor.source == "timestamp"
    coming = logged and not _looks_back(q.text) and not _told_done(q.text)
    first = WEEKDAYS.index(rules.week_start)
    declared = MONTHS.index(rules.year_start) + 1  # the deployment's years (``year starts``)
    for s in sql_periods:  # a bare closing date on a timestamp column
        # ``_ts`` / ``_timestamp`` say the column holds moments outright (a DATE is named
        # ``_dt`` / ``_date``), so the lost last day is a finding of its own (major), in a CASE
        # bucket too; ``_at`` and ``time`` also name DATE columns, so there it stays minor.
        moment = s.column is not None and _MOMENT_NAME.search(s.column.lower()) is not None
        if s.end_of_day and s.column and (moment or (
                is_timestamp_name(s.column) and s.source != "case")):
            out.reasons.append(reason(
                "date.end_of_day",
                f"{s.column} is closed with a bare date ({_last_day(s, today)} read as the "
                f"whole day): on a timestamp column that bound is midnight, so the rows of the "
                f"last day after "
                f"00:00 are dropped; compare with < the next day",
                "major" if moment else "minor",
            ))
    for s in sql_periods:  # a moment column equal to a day: only midnight matches
        if (s.moment_day and s.column and is_timestamp_name(s.column) and s.source != "case"
                and not s.negated and not s.excluded):
            day = s.text or _shown(s, _canon(s, today), today)
            out.reasons.append(reason(
                "date.moment_equals_day",
                f"{s.column} is compared for equality with a day ({day}): a column that "
                f"holds moments equals a day only at its midnight, so nearly every row of "
                f"that day is left out; compare its date (CAST({s.column} AS DATE)) or a "
                f"range [day, next day)",
                "major",
            ))
    # "active policies" / expiry_date >= CURRENT_DATE: the state word's window, no extra;
    # so is it for a question about now with no period of its own ("cars out of service
    # right now" / COALESCE(oos_end_dt, DATE '9999-12-31') > current_date()), as the same
    # end kept empty is (stef_align.lifecycle.in_force_now)
    # (the SQL's windows first: most queries have none, and then the question is not read)
    in_force = [s for s in sql_periods if in_force_window(s, today)]
    if in_force and not (
            says_in_force(q.text) or any(asks_in_force(f) for f in q.filters[:16])
            or (not asked and asks_now(q.text))):
        in_force = []
    for s in in_force:
        # ``NVL(expiry_date, DATE '9999-12-31') > SYSDATE``, ``valid_to >= '2025-09-15'``
        # asked that day: the filters the window is written with are the state word's too
        out.consumed.update(s.parts)
    if not asked:
        # "active service sites" as ``start_dt <= CURRENT_DATE AND (end_dt IS NULL OR ...)``,
        # "published episodes" as ``publish_ts IS NOT NULL AND publish_ts <= now()``: a start
        # kept up to the day asked beside its end kept empty, or beside its own column kept
        # set, is the state's other half (begun and not ended; happened by now), no extra
        begun = _begun_beside(sql)
        # a period inside a conditional aggregate (COUNT_IF(due_date < CURRENT_DATE()): the
        # overdue ones) shapes a value and keeps every row: never an extra filter
        for s in sql_periods:
            if s.source == "case" or s in in_force:
                continue
            c = _canon(s, today)
            shown = f"{s.column} in {_shown(s, c, today)}"
            if s.parts:
                # "this season" restated "May 1 - Sep 30, 2026" and kept as two bounds: the
                # season the question names, its bounds no extras; else they stay filters
                if _own_calendar(s, q, today):
                    out.matched.append(shown)
                    out.consumed.update(s.parts)
                continue
            # "past due", "on hand", "over 60 days": rows up to the moment asked, or that
            # many days before it, answer the question's word (stef_align.up_to_now)
            if (not s.negated and not s.excluded and not s.periodic and s.clock is None
                    and (up_to_now(c.start, c.end, q.text, today)
                         or from_now(c.start, c.end, q.text, today)
                         or ((in_force or begun.ended or norm(s.column or "") in begun.set_)
                             and _begun_by(c, today)))) or _own_calendar(s, q, today):
                out.matched.append(shown)
            else:
                out.extras.append(shown)
        return out

    # else the months a fiscal or school year the texts name may start in (read only here,
    # where the question asks a period: most records ask none)
    if declared <= 1:
        declared = _told_year_start(q, today) or declared  # the agent's own fiscal year
    years = () if declared > 1 else _year_starts(q, today)
    calendar = _CALENDAR_WORDS.search(q.text.lower()) is not None
    asked = [_as_restated(p, q.restated_periods or (), q.text, today) for p in asked]
    if declared > 1 and not calendar:
        asked = [_fiscal(p, declared) or p for p in asked]  # "ytd" in a July-June year
    sql_periods += _day_and_time(sql_periods)
    members = _unions(sql_periods)  # union index -> the alternatives it joins
    sql_periods += [union for union, _ in members]
    joined = {len(sql_periods) - len(members) + k: idx for k, (_, idx) in enumerate(members)}
    over = _over(q.text)
    # ("online revenue growth last month": a change asked of one period reads the one before
    # it as well, as "mom" does; which one it is compared with, the words do not say)
    widen = over or (_CHANGED_UNITS.get(asked[0].grain) if len(asked) == 1
                     and _CHANGE.search(q.text) else None)
    s_canon = [_canon(s, today) for s in sql_periods]
    s_clipped = [_canon(s, today, clip=True) for s in sql_periods]
    used: set[int] = set()
    outcome: dict[int, tuple[str, int]] = {}  # asked index -> (kind, sql index)
    # the asked periods' first readings (the latest April for "april"), resolved once
    a_canon = [_canon(_readings(p, today)[0], today) for p in asked]
    _spanning(a_canon, sql, sql_periods, s_canon, used, outcome)
    # Pass 1 exact matches, pass 2 open/closed, so that one wrong pairing cannot hide a match.
    for wanted in ("same", "open"):
        for i, p in enumerate(asked):
            if i in outcome:
                continue
            for j, s in enumerate(sql_periods):
                if j in used or not _column_ok(p, s, rules, sql.columns) or (
                        wanted == "open" and s.source == "case"):
                    continue  # a period that shapes a value answers one, it bounds no rows
                if _compare_readings(p, today, s, s_canon[j], s_clipped[j], widen,
                                     logged, coming, first, years) == wanted:
                    outcome[i] = (wanted, j)
                    used.add(j)
                    used.update(joined.get(j, ()))
                    break
    _union_of_asked(a_canon, sql, sql_periods, s_canon, today, used, outcome)
    split = _split_off(a_canon, sql_periods, s_canon, outcome, today)
    # Years kept in plain columns.
    taken = {f for s in sql_periods for f in s.parts}
    fallback = _fallback(sql, taken, rules) if len(outcome) < len(asked) else []
    f_used: set[int] = set()
    fallback_hit: dict[int, tuple[str, Period]] = {}
    for i, p in enumerate(asked):
        if i in outcome:
            continue
        for j, s in enumerate(fallback):
            if j in f_used:
                continue
            kind = _compare_readings(p, today, s, _canon(s, today), _canon(s, today, True),
                                     over, logged, coming, first, years)
            if kind in ("same", "open"):
                fallback_hit[i] = (kind, s)
                f_used.add(j)
                break

    for i, p in enumerate(asked):
        p = _readings(p, today)[0]  # "april": shown as the latest April
        pc = _canon(p, today)
        weak = p.strength == "weak"
        asked_text = _shown(p, pc, today)
        said = _said(p, today)
        out.asked.append(f"? in {asked_text}")
        if not weak:
            out.required.append(f"? in {asked_text}")
        if i in outcome or i in fallback_hit:
            if i in outcome:
                kind, j = outcome[i]
                s = sql_periods[j]
            else:
                kind, s = fallback_hit[i]
            out.consumed.update(s.parts)
            if weak:  # weak evidence the SQL answers counts like a requirement
                out.required.append(f"? in {asked_text}")
            sql_text = _shown(s, _canon(s, today), today)
            problem = _spelling_problem(p, s) if kind == "same" else ""
            if kind == "same" and not problem:
                out.matched.append(f"{s.column} in {sql_text}")
                continue
            if problem:
                out.mismatch(asked_text, "filter.value_mismatch",
                             f"the question asks {said} and the SQL has the same stretch on "
                             f"{s.column}, but {problem}")
                continue
            if kind == "open" and _year_to(pc, _canon(s, today)):
                # "jobs through september" asked in November / job_dt >= '2026-01-01' AND <
                # '2026-10-01': this year up to it, one reading of an open start (weak)
                out.matched.append(f"{s.column} in {sql_text}")
                out.reasons.append(reason(
                    "filter.operator_mismatch",
                    f"the question asks {said}; the SQL starts {s.column} at the start of "
                    f"that year ({plain(s, today)}), one reading of it", "minor"))
                continue
            other = _overlap_end(pc, s, sql, today) if kind == "open" else None
            if other is not None:
                out.consumed.update(s.parts)
                # the other end, and its "still open" alternative (``OR end_dt IS NULL``)
                out.consumed.update(
                    f for f in sql.filters[:MAX_OVERLAP_FILTERS] if f.column is not None
                    and norm(f.column) == norm(other.column or "")
                    and (f is other or f.op == "is null"))
                # "members active in 2025" / start_dt < '2026-01-01' AND (end_dt IS NULL OR
                # end_dt >= '2025-01-01'): the rows whose own stretch overlaps the period, the
                # reading of a state held during it; of rows that began in it ("hired in
                # 2025") it is the wrong one, and the words alone do not say which (weak)
                out.matched.append(f"{s.column} in {sql_text}")
                out.reasons.append(reason(
                    "filter.operator_mismatch",
                    f"the question asks {said}; the SQL keeps the rows whose {s.column} to "
                    f"{other.column} overlaps it (the rows in force during it), one reading of it",
                    "minor"))
                continue
            sc = _canon(s, today)
            if (kind == "open" and sc.start is None and sc.end is not None
                    and sc.end == pc.start and _OPENING.search(q.text[:2000])):
                # "opening credit balance this month", "what we owed at the start of this
                # month" / entry_ts < '2025-10-01': a balance as of the period's first moment
                # sums every row before it
                out.matched.append(f"{s.column} in {sql_text}")
                continue
            out.mismatch(asked_text, "filter.operator_mismatch",
                         f"the question asks {said} but the SQL bounds {s.column} another "
                         f"way: {plain(s, today)}")
            continue
        # Another interval on a column the question allows.
        others = [
            j for j, s in enumerate(sql_periods)
            if j not in used and s.source != "case" and _column_ok(p, s, rules, sql.columns)
        ]
        age = _aged(p, sql) if not others else None
        if age is not None:
            out.consumed.add(age)
        if not others and (_used_otherwise(p, sql) or age is not None):
            out.matched.append(f"? in {asked_text}")
            if weak:
                out.required.append(f"? in {asked_text}")
            continue
        if not others and p.source == "hint" and p.column:
            # the hint spells another period for a column the SQL filters on: the SQL's
            # period answers the question's words, not the hint's
            others = [j for j, s in enumerate(sql_periods)
                      if s.column and norm(s.column) == norm(p.column) and s.source != "case"]
        if others:
            j = _closest(pc, [s_canon[k] for k in others])
            j = others[j]
            used.add(j)
            s = sql_periods[j]
            out.consumed.update(s.parts)
            if _year_grain_age(p, pc, s_canon[j], s):
                # "escalators older than 25 years" / install_yr < 2001: the data keeps a
                # year, so the day 25 years ago is bounded by its year (either side of it)
                out.matched.append(f"{s.column} in {plain(s, today)}")
                if weak:
                    out.required.append(f"? in {asked_text}")
                continue
            part = _part_kept(p, pc, s_canon[j], sql)
            if part is not None:
                # "jobs in q3" / cal_year = 2026 AND cal_quarter = 3: the year on one column,
                # its quarter (or month) numbered on another
                out.consumed.add(part)
                out.matched.append(f"? in {asked_text}")
                if weak:
                    out.required.append(f"? in {asked_text}")
                continue
            if weak:
                out.required.append(f"? in {asked_text}")
            # (a month or quarter named by its name, "Q3", is the calendar's: only "this year",
            # "last quarter", "ytd" and the like are read in another calendar)
            month = None if (years or declared > 1 or calendar or _dual(asked[i])
                             or asked[i].periodic) else _fiscal_month(
                p, today, s, s_canon[j], s_clipped[j], over, logged, coming, first)
            if month is not None:
                # "ytd" / att_dt >= '2025-07-01' asked in March 2026: the year of a deployment
                # whose years start in July (a fiscal or school year). No word says so, and
                # nothing but the calendar decides it, so it is one reading of the words (weak)
                out.matched.append(f"{s.column} in {plain(s, today)}")
                out.reasons.append(reason(
                    "filter.value_mismatch",
                    f"the question asks {said}; the SQL reads it as the year that starts in "
                    f"{date(2000, month, 1):%B} ({s.column}: {plain(s, today)}), a fiscal or "
                    f"school year: right only if the deployment counts its years that way",
                    "minor"))
                continue
            out.mismatch(asked_text, "filter.value_mismatch",
                         f"the question asks {said} but the SQL filters {s.column} on another "
                         f"period: {plain(s, today)}")
            continue
        if _used_otherwise(p, sql):
            out.matched.append(f"? in {asked_text}")
            if weak:
                out.required.append(f"? in {asked_text}")
            continue
        if weak:
            out.reasons.append(reason(
                "filter.missing",
                f"the question names {said} but no SQL filter uses it",
                "minor",
            ))
            continue
        coded = _coded_period(p, pc, sql)
        if coded is not None:
            # "unsold lots at the november sale" / sale_cd = 'NOV26': the data names the
            # period by a code of its own (inference: weak); no extra, unless a requirement
            # names the code itself (then it answers that one)
            out.matched.append(f"? in {asked_text}")
            if not any(value_key(v) == value_key(c) for f in q.filters[:32]
                       for v in f.values[:8] for c in coded.values[:8]):
                out.consumed.add(coded)
            out.reasons.append(reason(
                "filter.missing",
                f"the question asks {said}; no SQL condition bounds a date (it may be kept "
                f"as a code: {coded.describe()})",
                "minor",
            ))
            continue
        out.missing.append(f"? in {asked_text}")
        out.reasons.append(reason(
            "filter.missing",
            f"required period {said} is not in the SQL",
            "major",
        ))
    if split is not None:
        out.mismatch(split[0], "filter.value_mismatch", split[1])
    if over is not None:
        _over_a_year(over, outcome, s_canon, out)
    elif _YOY.search(q.text) is not None:
        _year_over_previous(outcome, s_canon, out)
    # The asked period kept on a second date column too ("billed vs collected last quarter":
    # invoices issued and payments made in Q3) is that period again, not an extra one.
    # Up to now, rows after today do not exist: a month's budget row for "this month"
    # (``budget_month = date_trunc('month', current_date)``) beside the month's spend so far.
    kept = [s_clipped[j] for kind, j in outcome.values() if kind == "same"]
    # The periods asked answered by value conditions on one column ("sept revenue vs sept
    # last year" as two CASEs on paid_ts): a row filter on that column holding all of them
    # only bounds the rows scanned, the CASEs give the same sums with it or without it.
    valued = [j for kind, j in outcome.values() if kind == "same"
              and sql_periods[j].source == "case" and sql_periods[j].column]
    # "this year" as YEAR(arrival_dt) = YEAR(CURRENT_DATE) AND arrival_dt < CURRENT_DATE: the
    # asked period up to the moment asked (its rows after today are not there yet), no extra
    now_columns = {norm(sql_periods[j].column or "") for kind, j in outcome.values()
                   if kind == "same" and sql_periods[j].column
                   and _holds_day(s_canon[j], today)}
    # "tix sold apr vs mar" as a CTE over [2026-03-01, 2026-05-01) grouped by month, each
    # month then picked from it: the row bound that runs from the first asked period's start
    # to the last one's end, no more, only bounds the rows the months are taken from
    same = [j for kind, j in outcome.values() if kind == "same"]
    for j, s in enumerate(sql_periods):
        if j in used or j in joined or s.source == "case":
            continue
        if (s.column and s_clipped[j] in kept) or (
                len(valued) == len(asked) and not s.negated and not s.excluded
                and _holds_all(s, s_canon[j], [(sql_periods[k], s_canon[k]) for k in valued])
                ) or (len(same) == len(asked) >= 2 and not s.negated and not s.excluded
                      and _spans_exactly(s_canon[j], [s_canon[k] for k in same])
                      ) or _none_before(s, s_canon[j], [(sql_periods[k], s_canon[k]) for kind, k
                                                  in outcome.values() if kind == "same"]):
            out.consumed.update(s.parts)
            out.matched.append(f"{s.column} in {_shown(s, s_canon[j], today)}")
        elif not s.parts and s not in in_force:
            c = s_canon[j]
            shown = f"{s.column} in {_shown(s, c, today)}"
            # "disputes opened in the last 30 days that are past due": the asked period
            # bounds one date, the question's word of the present bounds another up to the
            # moment asked (due_date < today), as it does without a period of its own
            open_bound = not s.negated and not s.excluded and not s.periodic and s.clock is None
            if open_bound and (up_to_now(c.start, c.end, q.text, today)
                               or from_now(c.start, c.end, q.text, today) or (
                    norm(s.column or "") in now_columns and _at_day(c, today))
                    or (in_force and _begun_by(c, today))):
                out.matched.append(shown)
            else:
                out.extras.append(shown)
    return out


def _none_before(s: Period, c: _Canon, kept: list[tuple[Period, _Canon]]) -> bool:
    """Is ``s`` the "none before" half of a first-time test: a period a NOT EXISTS (or NOT
    IN) subquery keeps away, open at its start and ending where a period the question asks
    for, kept on the same column, begins ("first-time exhibitors who signed this year" /
    ``signed_dt >= start of year AND NOT EXISTS (... c0.signed_dt < start of year)``)? It
    says the rows' first one falls in the asked period, which the question's "first-time"
    or "new" asks, not another period."""
    if not s.excluded or s.negated or c.start is not None or c.end is None or not s.column:
        return False
    return any(k.column and norm(k.column) == norm(s.column) and not k.excluded
               and kc.start == c.end for k, kc in kept)


#: Periods a business counts by its own calendar, which no reader can resolve without the
#: deployment: a ski or sports season, a semester, a school or academic year, a school term.
_OWN_CALENDAR = re.compile(
    r"\b(?:seasons?|semesters?|(?:school|academic) years?"
    r"|(?:this|current|last|previous|next|spring|fall|autumn|summer|winter) term)\b")


def _own_calendar(s: Period, q: QuestionSpec, today: date) -> bool:
    """"damage fees this season" restated "since 2026-11-01" and kept as ``out_ts >=
    '2026-11-01'``: the question names a period of the business's own calendar, its
    reformulation resolves it, and the SQL period is that resolution (the same stretch, or
    one opened on the same day): it answers the question, no extra. Only where the person's
    own words name such a period; a date the reformulation adds to a question without one
    stays an extra. So does a season named as one value ("2026/27") that the SQL keeps as
    dates opened in its first year.

    >>> from stef_question.extract import extract_question
    >>> q = extract_question("damage fees this season", "Damage fees since 2026-11-01.")
    >>> s = Period(column="out_ts", start="2026-11-01", end=None)
    >>> _own_calendar(s, q, date(2027, 1, 20)), _own_calendar(
    ...     Period(column="out_ts", start="2026-12-01", end=None), q, date(2027, 1, 20))
    (True, False)
    >>> _own_calendar(s, extract_question("damage fees", "Damage fees since 2026-11-01."),
    ...               date(2027, 1, 20))
    False
    """
    if s.negated or s.excluded or s.periodic:
        return False
    sc = _canon(s, today)
    # "snowmaking hours, 2026/27 season" / read_dt >= '2026-11-01': the season named as one
    # value, opened in its first year
    if sc.start is not None and any(
            (year := season_start(f.value)) is not None and season_opening(sc.start, year)
            for f in q.filters[:MAX_RESTATED] if f.op == "="):
        return True
    if not q.restated_periods:
        return _current_own_period(sc, q, today)
    if _OWN_CALENDAR.search(q.own_words) is None:
        return False
    restated = q.restated_periods[:MAX_RESTATED]
    for r in restated:
        rc = _canon(r, today)
        if _same(r, s, today) or (
                sc.start is not None and rc.start == sc.start and sc.end is None):
            return True
    # "the 2026 season" and nothing finer: a stretch inside that year is its season (one
    # running across New Year is named by two years, "2026/27", and read above)
    return all(r.grain == "year" for r in restated) and any(
        (rc := _canon(r, today)).start is not None and rc.end is not None
        and sc.start is not None and sc.end is not None
        and rc.start <= sc.start and sc.end <= rc.end for r in restated)


#: The current period of the business's own calendar, in the person's words: "this season",
#: "the current term", "season to date", "this semester".
_CURRENT_OWN = re.compile(
    r"\b(?:(?:this|current|the current)\s+(?:season|semester|term|school year|academic year)"
    r"|season[- ]to[- ]date|semester[- ]to[- ]date|term[- ]to[- ]date)\b")


def _current_own_period(sc: _Canon, q: QuestionSpec, today: date) -> bool:
    """"downtime hours per lift this season" / ``start_ts >= DATE '2026-11-01'`` asked in
    January 2027, no reformulation to resolve it: the question asks for the current period of
    the business's own calendar, which no reader can date, and the SQL keeps one stretch that
    opens on a month's first day within the year before the day asked (at the latest that
    day) and lasts a month or more: the season as the deployment dates it, no extra. A
    rolling window ("the last 30 days") opens on no fixed day and stays an extra; so does a
    stretch a year or more back, or one opened after the day asked.

    >>> from stef_question.extract import extract_question
    >>> q = extract_question("downtime hours per lift this season", None)
    >>> c = _canon(Period(column="start_ts", start="2026-11-01", end=None), date(2027, 1, 19))
    >>> _current_own_period(c, q, date(2027, 1, 19))
    True
    >>> _current_own_period(c, extract_question("downtime hours per lift last season", None),
    ...                     date(2027, 1, 19))
    False
    >>> _current_own_period(_canon(Period(column="start_ts", start="2026-12-20", end=None),
    ...                            date(2027, 1, 19)), q, date(2027, 1, 19))
    False
    """
    if sc.start is None or sc.periodic or sc.clock is not None or sc.negated:
        return False
    if _CURRENT_OWN.search(q.own_words.lower()) is None:
        return False
    now = _midnight(today) + timedelta(days=1)
    if sc.start.day != 1 or not now - timedelta(days=366) <= sc.start < now:
        return False
    return sc.end is None or sc.end - sc.start >= timedelta(days=28)


#: Parts of a column that names a period of the business's own calendar by a key or a name.
_OWN_PERIOD_PARTS = frozenset({"season", "semester", "term", "session"})


def current_own_key(f: Filter, q: QuestionSpec) -> bool:
    """"forfeits by team this season" / ``season_id = 106``, no reformulation to resolve it:
    the question asks for the current period of the business's own calendar and the SQL
    keeps one value of a column named for that kind of period (its key, code or name): the
    current season as the data keys it, no extra. Which value is the current one the data
    decides (the run's other answers compare it); a period the question itself names or
    dates ("the 2025 season"), or a reformulation that restates it, is compared elsewhere.

    >>> from stef_question.extract import extract_question
    >>> q = extract_question("forfeits by team this season", None)
    >>> current_own_key(Filter("season_id", "=", 106), q)
    True
    >>> current_own_key(Filter("division_id", "=", 106), q)
    False
    >>> current_own_key(Filter("season_id", "=", 106),
    ...                 extract_question("forfeits by team last season", None))
    False
    """
    if (f.column is None or f.op != "=" or f.excluded or f.relation or q.restated_periods
            or q.periods):
        return False
    m = _CURRENT_OWN.search(q.own_words.lower())
    if m is None:
        return False
    said = {w for w in re.findall(r"[a-z]+", m.group(0)) if w in _OWN_PERIOD_PARTS}
    return bool(said & set(parts(f.column)))


@dataclass(frozen=True)
class _Begun:
    """What the SQL keeps beside a start bound at the day asked: an end column kept empty
    (``end_dt IS NULL``), and the columns it keeps set (``publish_ts IS NOT NULL``)."""

    ended: bool
    set_: frozenset[str]


def _begun_beside(sql: SqlSpec) -> _Begun:
    """The SQL's empty ends and set columns (:class:`_Begun`), outside excluded subqueries.

    >>> from stef_sql.extract import extract_spec
    >>> b = _begun_beside(extract_spec(
    ...     "SELECT 1 FROM s WHERE start_dt <= CURRENT_DATE AND end_dt IS NULL"))
    >>> b.ended, sorted(b.set_)
    (True, [])
    """
    ended, set_ = False, set()
    for f in sql.filters[:256]:
        if f.column is None or f.excluded:
            continue
        if f.op == "is null" and set(parts(f.column)) & END_PARTS:
            ended = True
        elif f.op == "is not null":
            set_.add(norm(f.column))
    return _Begun(ended, frozenset(set_))


def _begun_by(c: _Canon, today: date) -> bool:
    """Is ``c`` a start kept on or before the anchor day (``lease_start <= CURRENT_DATE``)?
    Beside the end of a validity window kept from today on, it is the other half of "in
    force": begun and not yet ended.

    >>> _begun_by(_Canon(None, datetime(2026, 11, 11), frozenset(), None, False),
    ...           date(2026, 11, 10))
    True
    """
    day = _midnight(today)
    return (c.start is None and c.end is not None and not c.periodic and c.clock is None
            and day <= c.end <= day + timedelta(days=1))


def _holds_day(c: _Canon, today: date) -> bool:
    """Does the resolved period ``c`` hold ``today`` (a closed start, no clock, no cycle)?"""
    if c.start is None or c.periodic or c.clock:
        return False
    now = _midnight(today)
    return c.start <= now and (c.end is None or c.end > now)


def _at_day(c: _Canon, today: date) -> bool:
    """Is ``c`` an open-start bound at the day asked (``< CURRENT_DATE``, ``<= CURRENT_DATE``)?"""
    return (c.start is None and c.end is not None and not c.periodic and c.clock is None
            and c.end.time() == datetime.min.time()
            and c.end.date() in (today, today + timedelta(days=1)))


def _spans_exactly(c: _Canon, parts: list[_Canon]) -> bool:
    """Does the row period ``c`` run from the earliest start of ``parts`` to their latest
    end, and do they, taken together, fill it with no gap (adjacent or overlapping)?"""
    if c.periodic or c.clock or c.start is None or c.end is None:
        return False
    spans = []
    for p in parts:
        if p.periodic or p.clock or p.start is None or p.end is None:
            return False
        spans.append((p.start, p.end))
    spans.sort()
    if spans[0][0] != c.start or max(e for _, e in spans) != c.end:
        return False
    reach = spans[0][1]
    for lo, hi in spans[1:]:
        if lo > reach:
            return False
        reach = max(reach, hi)
    return True


def _holds_all(s: Period, c: _Canon, valued: list[tuple[Period, _Canon]]) -> bool:
    """Does the row period ``s`` (resolved ``c``) hold every value period of ``valued`` on its
    column (a bound on the rows a query's CASEs then split)?"""
    if not valued or c.periodic or c.clock or (c.start is None and c.end is None):
        return False
    for v, vc in valued:
        if norm(v.column or "") != norm(s.column or "") or vc.periodic or vc.clock:
            return False
        if vc.start is None:
            return False
        # an open end ("this quarter" as in_ts >= its start, up to now) is held by a bound
        # that is open-ended too: in_ts >= last quarter's start holds it and last quarter
        if (c.start is not None and c.start > vc.start) or (
                c.end is not None and (vc.end is None or c.end < vc.end)):
            return False
    return True


def _over_a_year(over: RelativeUnit, outcome: dict[int, tuple[str, int]],
                 s_canon: list[_Canon], out: PeriodAlignment) -> None:
    """"mom revenue growth for April" compares April with the month before: a SQL that sets
    the asked month beside the same month a year earlier, and beside no month before it,
    computes a year-over-year change (``filter.value_mismatch``). The same for a quarter
    ("qoq") and a week ("wow")."""
    spans = {(c.start, c.end) for c in s_canon if c.start is not None and c.end is not None}
    for kind, j in outcome.values():
        c = s_canon[j]
        if kind != "same" or c.start is None or c.end is None or add(c.start, over, 1) != c.end:
            continue
        before = (add(c.start, over, -1), add(c.end, over, -1))
        year = (add(c.start, "year", -1), add(c.end, "year", -1))
        if year not in spans or before in spans:
            continue
        asked = _stretch(*before)
        out.mismatch(asked, "filter.value_mismatch",
                     f"the question asks a {over}-over-{over} change: "
                     f"{_stretch(c.start, c.end)} against the {over} before ({asked}), but "
                     f"the SQL compares it with {_stretch(*year)}, a year earlier "
                     f"(a year-over-year change)")
        return


#: A change asked year over year ("yoy sales growth oct", "y/y", "year-over-year").
_YOY = re.compile(r"\b(?:yoy|y/y|year[- ]over[- ]year)\b")


def _year_over_previous(outcome: dict[int, tuple[str, int]], s_canon: list[_Canon],
                        out: PeriodAlignment) -> None:
    """"yoy sales growth oct" compares October with October a year earlier: a SQL that sets
    the asked month (quarter, week) beside the one just before it, and beside no period a
    year earlier, computes a change over the previous period (``filter.value_mismatch``), the
    mirror of :func:`_over_a_year`."""
    spans = {(c.start, c.end) for c in s_canon if c.start is not None and c.end is not None}
    units: tuple[RelativeUnit, ...] = ("month", "quarter", "week")
    for kind, j in outcome.values():
        c = s_canon[j]
        if kind != "same" or c.start is None or c.end is None:
            continue
        unit = next((u for u in units if add(c.start, u, 1) == c.end), None)
        if unit is None:
            continue
        before = (add(c.start, unit, -1), add(c.end, unit, -1))
        year = (add(c.start, "year", -1), add(c.end, "year", -1))
        if before not in spans or year in spans:
            continue
        asked = _stretch(*year)
        out.mismatch(asked, "filter.value_mismatch",
                     f"the question asks a year-over-year change: {_stretch(c.start, c.end)} "
                     f"against the same {unit} a year earlier ({asked}), but the SQL compares "
                     f"it with {_stretch(*before)}, the {unit} before (a {unit}-over-{unit} "
                     f"change)")
        return


def _union_of_asked(canon: list[_Canon], sql: SqlSpec, sql_periods: list[Period],
                    s_canon: list[_Canon], today: date, used: set[int],
                    outcome: dict[int, tuple[str, int]]) -> None:
    """"scrap rate this quarter vs last quarter" answered by one WHERE from the earlier
    period's start (to now, or to the later one's end) and CASE / FILTER conditions or a
    grouping that split it (in the query or in a CTE it reads from; or a LAG / LEAD window
    that sets each period's row beside the one before: "mom growth feb vs jan" as a monthly
    CTE over January and February, then February beside LAG): that row filter is the asked
    periods' union, and it answers each of them (``outcome``, ``used`` updated in place)."""
    if len(canon) < 2 or len(outcome) == len(canon) or not (
            sql.value_periods or sql.group_by or sql.nested_group_by
            or any(w.upper().startswith(("LAG(", "LEAD(")) for w in sql.windows[:16])):
        return
    if any(c.start is None or c.periodic or c.clock or c.negated for c in canon):
        return
    lo = min(c.start for c in canon if c.start is not None)
    ends = [c.end for c in canon]
    now = _midnight(today) + timedelta(days=1)
    hi = None if any(e is None for e in ends) else max(e for e in ends if e is not None)
    for j, s in enumerate(sql_periods):
        c = s_canon[j]
        if j in used or s.source == "case" or c.periodic or c.start != lo:
            continue
        if c.end == hi or (c.end is None and (hi is None or hi >= now)):
            for i in range(len(canon)):
                outcome.setdefault(i, ("same", j))
            used.add(j)
            return


def _split_off(canon: list[_Canon], sql_periods: list[Period], s_canon: list[_Canon],
               outcome: dict[int, tuple[str, int]], today: date) -> tuple[str, str] | None:
    """"order value ytd vs same period last year" answered by one row window over both (read
    as their union, :func:`_union_of_asked`) and CASE / FILTER conditions that split it: each
    part, cut to the row window, must be one of the asked periods. A part that is another
    stretch (the whole of 2024 for its first months) compares other periods: the asked one
    and the message, or None."""
    if len(canon) < 2 or len(outcome) != len(canon):
        return None
    rows = [j for _, j in outcome.values() if sql_periods[j].source != "case"]
    if len(set(rows)) != 1 or s_canon[rows[0]].start is None:
        return None  # one row window, read as the union or as one of the asked
    j = rows[0]
    window = s_canon[j]
    assert window.start is not None
    now = _midnight(today) + timedelta(days=1)
    top = window.end or now
    parts = []
    for k, s in enumerate(sql_periods[:32]):
        c = s_canon[k]
        if (s.source != "case" or c.periodic or c.clock or c.negated
                or norm(s.column or "") != norm(sql_periods[j].column or "")):
            continue
        start = max(c.start, window.start) if c.start is not None else window.start
        end = min(c.end, top) if c.end is not None else top
        if start < end:
            parts.append((start, end))
    if len(parts) < 2:
        return None
    # (a period still running, "this week", holds its rows up to now)
    asked = [(c.start, min(c.end or now, now)) for c in canon if c.start is not None]
    parts = [(s, min(e, now)) for s, e in parts]
    missed = [a for a in asked if a not in parts]
    if len(missed) != 1 or len(parts) != len(asked):
        return None
    other = next((p for p in parts if p not in asked), None)
    if other is None:
        return None
    said = _stretch(*missed[0])
    return said, (f"the question compares {said}, but the SQL splits its rows into "
                  f"{_stretch(*other)} for it: another stretch")


def _spanning(canon: list[_Canon], sql: SqlSpec, sql_periods: list[Period],
              s_canon: list[_Canon], used: set[int],
              outcome: dict[int, tuple[str, int]]) -> None:
    """A day asked of rows that span days ("in house tonight", "members at the end of last
    month") kept by a start on or before it and an end after it on another column
    (``arrival_dt <= CURRENT_DATE AND departure_dt > CURRENT_DATE``; an end still open counts:
    ``ended_at IS NULL OR ended_at > d``): the rows whose stretch contains the day.
    ``outcome`` and ``used`` are updated in place, and the start's period in ``sql_periods``
    takes the end's filters among its parts (they answer the day with it: no extra)."""
    for i, c in enumerate(canon):
        if i in outcome:
            continue
        if c.start is None or c.end is None or c.periodic or c.end - c.start != timedelta(days=1):
            continue
        starts = [j for j, s in enumerate(sql_periods) if j not in used and s.source != "case"
                  and s_canon[j].start is None and s_canon[j].end == c.end and s.column]
        ends = [j for j, s in enumerate(sql_periods) if j not in used and s.source != "case"
                and s_canon[j].end is None and s_canon[j].start in (c.start, c.end) and s.column]
        pair = next(((a, b) for a in starts for b in ends
                     if sql_periods[a].column != sql_periods[b].column), None)
        if pair is not None:
            outcome[i] = ("same", pair[0])
            used.update(pair)
            # the end's filters answer the day as the start's do (not an extra filter)
            opening, closing = sql_periods[pair[0]], sql_periods[pair[1]]
            sql_periods[pair[0]] = replace(opening, parts=(*opening.parts, *closing.parts))
            continue
        # the end as "still open or after the day", written as an OR the periods do not read
        open_ends = {norm(f.column) for f in sql.filters[:256]
                     if f.alternative and f.op == "is null" and f.column}
        start = next((a for a in starts if open_ends - {norm(sql_periods[a].column or "")}),
                     None)
        if start is not None:
            outcome[i] = ("same", start)
            used.add(start)
            # the OR's branches (``ended_at IS NULL``, ``ended_at > d``) answer the day too
            first = sql_periods[start]
            open_columns = open_ends - {norm(first.column or "")}
            branches = tuple(f for f in sql.filters[:256]
                             if f.alternative and f.column and norm(f.column) in open_columns)
            sql_periods[start] = replace(first, parts=(*first.parts, *branches))


def _unions(periods: list[Period]) -> list[tuple[Period, list[int]]]:
    """Alternatives of one predicate that tile one interval (``strftime('%Y-%m', d) IN
    ('2020-01', '2020-02', '2020-03')``), or value conditions on one column that do
    (``SUM(CASE WHEN year = 1996 ...)`` and ``... 1997``), as that interval, with the
    alternatives' indices."""
    groups: dict[tuple[object, ...], list[int]] = {}
    starts: dict[int, datetime] = {}
    for j, p in enumerate(periods):
        if (p.parts and isinstance(p.start, str) and isinstance(p.end, str) and p.start and p.end
                and not p.periodic and not p.clock):
            # one predicate's alternatives; the stretches several value conditions compute
            # ("growth from 1996 to 1997": one CASE per year) tile a range together
            groups.setdefault((p.column, "case" if p.source == "case" else p.parts), []).append(j)
            starts[j] = parse_iso(p.start)
    out: list[tuple[Period, list[int]]] = []
    for idx in groups.values():
        if len(idx) < 2:
            continue
        ordered = sorted(idx, key=starts.__getitem__)
        if all(periods[a].end == periods[b].start for a, b in pairwise(ordered)):
            first, last = periods[ordered[0]], periods[ordered[-1]]
            out.append((replace(first, end=last.end), ordered))
    return out


def _unclocked(periods: list[Period]) -> list[Period]:
    """``periods`` with the time of day taken off those that bound dates too, once each
    (``received >= '2025-09-08' AND received < '2025-09-15' AND (HOUR(received) >= 22 OR
    HOUR(received) < 6)``, read as two periods of the same days, is those days)."""
    out: list[Period] = []
    for p in periods:
        if p.clock and (p.start is not None or p.end is not None):
            p = replace(p, clock=None)
        if p not in out:
            out.append(p)
    return out


def _clock_within(asked: list[Period], sql_periods: list[Period]) -> list[Period]:
    """The question's time of day and its dates as one period when the SQL bounds one column
    by both ("calls after 10 pm in october" / ``EXTRACT(HOUR FROM called_at) >= 22 AND
    called_at >= '2026-10-01' AND called_at < '2026-11-01``, read as one period of October's
    evenings): each alone would meet that period and miss the other. Only for one time of
    day and one stretch of dates asked.

    >>> from stef_core.spec import Period
    >>> hours = Period(None, None, None, grain="hour", source="question", clock=(79200, 86400))
    >>> days = Period(None, "2026-10-01", "2026-11-01", grain="month", source="question")
    >>> both = Period("t", "2026-10-01", "2026-11-01", grain="hour", clock=(79200, 86400))
    >>> [(p.start, p.clock) for p in _clock_within([hours, days], [both])]
    [('2026-10-01', (79200, 86400))]
    >>> len(_clock_within([hours, days], [replace(both, clock=None)]))
    2
    """
    clocks = [p for p in asked if p.clock and p.start is None and p.end is None
              and not p.periodic and not p.negated]
    dated = [p for p in asked if p.clock is None and not p.negated
             and (p.start is not None or p.end is not None)]
    if len(clocks) != 1 or len(dated) != 1 or not any(
            s.clock and (s.start is not None or s.end is not None) for s in sql_periods):
        return asked
    clock, days = clocks[0], dated[0]
    merged = replace(days, clock=clock.clock, grain=clock.grain,
                     text=f"{days.text} {clock.text}".strip())
    return [merged if p is days else p for p in asked if p is not clock]


def _day_and_time(periods: list[Period]) -> list[Period]:
    """A day on one column and a time of day on another (``Date = '2012-08-23' AND Time =
    '21:20:00'``) as the moment they make together, for questions that name both."""
    days = [(p, parse_iso(p.start)) for p in periods
            if isinstance(p.start, str) and isinstance(p.end, str) and p.start and p.end
            and not p.clock and not p.periodic
            and parse_iso(p.end) - parse_iso(p.start) == timedelta(days=1)]
    clocks = [p for p in periods if p.clock and p.start is None and p.end is None]
    out: list[Period] = []
    for d, day in days:
        for c in clocks:
            if c.column == d.column or c.clock is None:
                continue
            out.append(replace(
                d, start=iso(day + timedelta(seconds=c.clock[0])),
                end=iso(day + timedelta(seconds=c.clock[1])), grain=c.grain,
                parts=(*d.parts, *c.parts),
            ))
    return out


def _last_day(p: Period, today: date) -> str:
    """The last day a period's closing bound keeps ("2024-12-31" for ``<= '2024-12-31'``)."""
    end = _canon(p, today).end
    return (end - timedelta(days=1)).date().isoformat() if end else "..."


def _said(p: Period, today: date) -> str:
    """The question's period as it said it and as it is read: "'last month' (April 2025, as
    of 2025-05-27)", "March 2024"."""
    text = plain(p, today) + (f", as of {today.isoformat()}" if p.relative else "")
    if p.portion:  # "'early May' (the early part of May 2026, ...)": not the whole month
        text = f"the {p.portion} {'part ' if ' ' not in p.portion else ''}of {text}"
    if p.source == "hint" and not p.text:
        return f"{text} (from the hint)"
    if p.text and p.text.strip(" '\"").lower() != plain(p, today).lower():
        return f"'{p.text}' ({text})"
    return text


def _closest(q: _Canon, options: list[_Canon]) -> int:
    """The option overlapping ``q`` most (the nearest when none overlaps)."""
    def distance(c: _Canon) -> float:
        if q.start is None or c.start is None:
            return 0.0 if q.start == c.start else 1e12
        return abs((q.start - c.start).total_seconds())

    return min(range(len(options)), key=lambda k: distance(options[k]))


# --------------------------------------------------------------------------------------------
# periods in plain words, and what a reformulation did to the question's periods
# --------------------------------------------------------------------------------------------

_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
                "September", "October", "November", "December")


def _stretch(start: datetime, end: datetime) -> str:
    """``[start, end)`` as a reader would say it: "April 2025", "Q1 2025", "2025",
    "2025-05-12", "2025-04-01 to 2025-04-30"."""
    whole_days = start == floor(start, "day") and end == floor(end, "day")
    if whole_days and start.day == 1 and end.day == 1:
        months = (end.year - start.year) * 12 + end.month - start.month
        if months == 1:
            return f"{_MONTH_NAMES[start.month - 1]} {start.year}"
        if months == 3 and start.month % 3 == 1:
            return f"Q{start.month // 3 + 1} {start.year}"
        if months == 6 and start.month in (1, 7):
            return f"H{1 if start.month == 1 else 2} {start.year}"
        if months % 12 == 0 and start.month == 1:
            years = months // 12
            return str(start.year) if years == 1 else f"{start.year} to {start.year + years - 1}"
    if whole_days:
        last = end - timedelta(days=1)
        if last == start:
            return start.date().isoformat()
        return f"{start.date().isoformat()} to {last.date().isoformat()}"
    return f"{iso(start)} to {iso(end)}"


def plain(p: Period, today: date) -> str:
    """A period in plain words, resolved against the anchor (no internal notation): "April
    2025", "since 2024-06-01", "before 2025-03-01", "March of any year"."""
    c = _canon(p, today)
    if c.start is not None and c.end is not None:
        text = _stretch(c.start, c.end)
    elif c.start is not None:
        text = f"since {iso(c.start)}"
    elif c.end is not None:
        text = f"before {iso(c.end)}"
    elif p.periodic:
        months = sorted(v for u, v in p.periodic if u == "month")
        days = sorted(v for u, v in p.periodic if u == "day")
        if months and not days and len(months) == 1:
            text = f"{_MONTH_NAMES[months[0] - 1]} of any year"
        else:
            text = describe(p)
    else:
        text = describe(p)
    return ("not " if p.negated and not text.startswith("not ") else "") + text


def _same(a: Period, b: Period, today: date) -> bool:
    """Do two periods of the question's texts name one stretch of time, read against the
    anchor (any of their readings: "april" and "April 2025" on 2025-05-03)?"""
    for x in _readings(a, today):
        for y in _readings(b, today):
            clip = _clips(x, today) or _clips(y, today)
            if _compare(x, _canon(x, today, clip), y, _canon(y, today, clip)) == "same":
                return True
    return False


def _overlaps(a: Period, b: Period, today: date) -> bool:
    x, y = _canon(_readings(a, today)[0], today, True), _canon(_readings(b, today)[0], today, True)
    if x.periodic or y.periodic or x.clock or y.clock:
        return False
    lo = max(x.start or datetime.min, y.start or datetime.min)
    hi = min(x.end or datetime.max, y.end or datetime.max)
    return lo < hi


def _as_of(p: Period, today: date) -> bool:
    """Does ``p`` only say when the question is asked: the anchor day ("as of 2025-05-15"),
    or a bound at it and nothing else ("due_dt < 2025-11-24": overdue today)?"""
    c = _canon(p, today)
    day = _midnight(today)
    bounds = {c.start, c.end} - {None}
    return not c.periodic and c.clock is None and bool(bounds) and (
        (c.start, c.end) == (day, day + timedelta(days=1))
        or (len(bounds) == 1 and bounds <= {day, day + timedelta(days=1)}))


def _tiling(r: Period, asked: list[Period], today: date) -> list[Period]:
    """The asked periods (two or more) that lie end to end inside ``r`` and fill it from its
    start to its end ("jan" and "feb" for "2026-01-01 to 2026-02-28"), or none."""
    if len(asked) < 2:
        return []
    c = _canon(_readings(r, today)[0], today)
    if c.start is None or c.end is None or c.periodic or c.clock:
        return []
    parts = []
    for p in asked[:8]:
        pc = _canon(_readings(p, today)[0], today)
        if (pc.start is not None and pc.end is not None and not pc.periodic and not pc.clock
                and c.start <= pc.start and pc.end <= c.end):
            parts.append((pc.start, pc.end, p))
    parts.sort(key=lambda t: (t[0], t[1]))
    if len(parts) < 2 or parts[0][0] != c.start or parts[-1][1] != c.end:
        return []
    if any(b[0] != a[1] for a, b in pairwise(parts)):
        return []
    return [p for _, _, p in parts]


def excluded_year(sql: SqlSpec, column: str, year: int, today: date) -> bool:
    """Does the SQL leave out the rows of ``year`` on ``column`` through a period inside an
    excluded set (``NOT IN``, ``NOT EXISTS``, an anti-join): "members with no delivery of the
    2026 crop" (``crop_yr != 2026``) / ``LEFT ANTI JOIN (... WHERE crop_yr = toYear(today()))``?
    """
    whole = (datetime(year, 1, 1), datetime(year + 1, 1, 1))
    return any(
        p.excluded and p.column and norm(p.column) == norm(column)
        and (_canon(p, today).start, _canon(p, today).end) == whole
        for p in sql.periods[:64])


def _unnegated_since(p: Period) -> Period:
    """``p`` without its negation when it is a "since" (a start, no end)."""
    return replace(p, negated=False) if p.negated and p.start and not p.end else p


#: Words that say the event is absent from the period after them ("no login in the past 60
#: days", "haven't ordered in 90 days"), at most a few words before it.
_ABSENT_BEFORE = re.compile(r"\b(?:no|without|never|not|none|zero|(?:have|has|had|did|do|does)"
                            r"(?:n't|nt))\b(?:\s+[\w'-]+){0,4}\s+$")


def _last_before(p: Period, r: Period, text: str, today: date) -> bool:
    """Is ``r`` a "before X" that restates ``p``, a period up to now in which the event is
    absent: a negated "since X" ("customers who haven't ordered since june" restated "whose
    most recent order was before June 1, 2026"), or the last N days the text says hold none
    ("accounts with no login in the past 60 days" restated "whose most recent login is more
    than 60 days ago")? No event since the day is the last one before it (a day either way:
    "more than 60 days ago" is read as before the day after)."""
    if not (p.start and r.end and not r.start and not r.negated):
        return False
    if p.negated and not p.end:
        since = True
    else:
        at = text.lower().find(p.text.lower()) if p.text else -1
        since = (p.end is not None and at > 0 and resolve(p.end, today) == resolve(_TOMORROW, today)
                 and _ABSENT_BEFORE.search(text[max(0, at - 60):at].lower()) is not None)
    if not since:
        return False
    end = _canon(r, today).end
    return end is not None and any(
        (start := _canon(x, today).start) is not None and abs((end - start).days) <= 1
        for x in _readings(p, today))


def period_drift(q: QuestionSpec, anchor: Anchor | None) -> list[tuple[str, str]]:
    """``(kind, message)`` for each period the reformulation changed (``changed``), dropped
    (``dropped``) or added (``added``), once per period, in plain words.

    A reformulation that resolves a period against the anchor ("last month" as "April
    2025", "Q1" as "2025-01-01 to 2025-03-31", "this year" as "since 2025-01-01") restates
    it; so do the dates it gives to explain one it restated ("from 2025-05-01 to today
    (2025-05-12)")."""
    if q.restated_periods is None:
        return []
    today = anchor_date(anchor)
    # "no activity since 2025-10-05" restating "no activity in the past 30 days": a negated
    # event's "since" is negated where the "in" is not (the event's negation, not the time's)
    theirs = [p for p in q.periods if p.source == "question"]
    asked = [_unnegated_since(p) for p in theirs]
    restated = [_unnegated_since(r) for r in q.restated_periods]
    kept: set[int] = set()  # restated periods that restate an asked one
    lost: list[Period] = []
    years = _year_starts(q, today)
    for p, own in zip(asked, theirs):
        hit = next((j for j, r in enumerate(restated) if _same(p, r, today) or any(
            _same_stretch(f, r, today) for f in (_fiscal(p, m) for m in years)
            if f is not None) or _last_before(own, q.restated_periods[j], q.own_words, today)
            or _declared_fiscal_quarter(own, (q.restated_periods[j],), q.text) is not None),
                   None)
        if hit is None:
            if p.strength == "strong":
                lost.append(p)
            continue
        kept.add(hit)
    matched = [restated[j] for j in kept]
    new = [r for j, r in enumerate(restated) if j not in kept and r.strength == "strong"
           and not any(_overlaps(r, m, today) for m in matched) and not _as_of(r, today)]
    new = list({plain(r, today): r for r in new}.values())  # one period said twice is one
    # "feb vs jan" restated "from January 2026 to February 2026": one stretch made of the
    # asked ones, end to end, restates them all
    for r in list(new):
        inside = _tiling(r, lost, today)
        if inside:
            new.remove(r)
            lost = [p for p in lost if all(p is not q for q in inside)]
    # "last weekend" restated "on 2025-03-08 and 2025-03-09": the asked stretch named piece
    # by piece, end to end, is restated as well
    for p in list(lost):
        pieces = _tiling(p, new, today)
        if pieces:
            lost.remove(p)
            new = [r for r in new if all(r is not x for x in pieces)]
    out: list[tuple[str, str]] = []
    for p in lost:
        said = f"'{p.text}' ({plain(p, today)})" if p.text else plain(p, today)
        if new:
            r = new.pop(0)
            out.append(("changed", f"the reformulation reads {said} as {plain(r, today)}"))
        else:
            out.append(("dropped", f"the reformulation drops {said}"))
    if _OWN_CALENDAR.search(q.own_words) is not None:
        # "this season" restated "since 2026-11-01": the resolution of a period the question
        # names by the business's own calendar (:func:`_own_calendar`), not one added
        new = []
    for r in new:
        out.append(("added", f"the reformulation adds the period {plain(r, today)}, which "
                             "the question does not name"))
    return out


#: The person asks about the moment itself: "cats in foster right now", "currently open".
_CALENDAR_GRAINS = frozenset({"year", "quarter", "month"})
_RIGHT_NOW = re.compile(r"\b(?:right now|rn|currently|at the moment|at present|as we speak)\b")


def now_read_as_period(q: QuestionSpec, sql: SqlSpec, anchor: Anchor | None) -> str | None:
    """Why a question about the moment asked is answered over a stretch the agent chose, or
    None: the person asks what holds right now ("cats in foster right now") and names no
    period; the agent's reformulation reads a stretch reaching back a month or more ("placed
    in 2026", "this year") and the SQL keeps the rows that began in it (``start_dt >=
    DATE_TRUNC(CURRENT_DATE(), YEAR)``): what began earlier and still holds is left out, what
    began in it and is over is counted. A reformulation that dates the moment itself ("as of
    2026-11-26") restates it."""
    if q.restated_periods is None or not q.restated_periods:
        return None
    if _RIGHT_NOW.search(q.own_words[:2000]) is None:
        return None
    if any(p.source == "question" for p in q.periods[:16]):
        return None
    today = anchor_date(anchor)
    day = _midnight(today)
    back = day - timedelta(days=27)

    def reaches_back(p: Period) -> datetime | None:
        if p.periodic or p.clock is not None or p.negated or _as_of(p, today):
            return None
        c = _canon(p, today)
        return c.start if c.start is not None and c.start <= back else None

    # (a calendar stretch: "in 2026", "this quarter"; a rolling window up to today, "active
    # students" restated "with a session in the last 30 days", defines the state by recent
    # events and is no period swapped in for now)
    said = next((b for r in q.restated_periods[:8] if r.strength == "strong"
                 and r.grain in _CALENDAR_GRAINS and (b := reaches_back(r)) is not None), None)
    if said is None:
        return None
    for s in sql.periods[:16]:
        if s.source == "case" or s.excluded:
            continue
        start = reaches_back(s)
        if start is not None and start >= said - timedelta(days=1):
            return (f"the question asks about right now, but the reformulation reads it as a "
                    f"stretch since {said.date().isoformat()} and the SQL keeps the rows of "
                    f"{s.column or 'a date'} since {start.date().isoformat()}: what began "
                    f"earlier and still holds is left out, what began since and is over is "
                    f"counted")
    return None
