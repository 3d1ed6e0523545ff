"""Grouping: "per X" / "for each X" / "by X" / "monthly" / "of their X" against GROUP BY and
PARTITION BY.

* ``groupby.missing`` (critical): the question asks per X and the SQL aggregates without
  grouping (a window without PARTITION BY does not group), or groups only by keys none of which
  matches X;
* ``groupby.extra`` (minor): a grouping neither the question nor the SELECT needs; major
  when the question asks for one number and the SQL shows only aggregates per group: one
  count per group comes back, not the number asked.

A key matches X by identifier parts and stems ("customers" ~ ``customer_id``, "priority
level" ~ ``priority``), abbreviations and misspellings ("department" ~ ``dept_nm``,
"segement" ~ ``segment``), R_app synonyms and enrichment bindings ("A3 refers to region"); a
time word ("month", "quarter", "year") matches a date key or a date function. When the key
spells its calendar unit (``DATE_TRUNC('quarter', d)``, ``EXTRACT(QUARTER FROM d)``,
``DATEPART(quarter, d)``, ``YEAR(d)``, ``FORMAT_DATE('%Y-%m', d)``, ``TO_CHAR(d, 'YYYY-MM')``,
``CAST(d AS DATE)``), the unit must be the one asked: "per quarter" grouped by month only is
another grain. A group the question states as a ratio ("revenue per employee", computed by a
division) needs no GROUP BY. A group only the agent's reformulation states (the user's words
do not) is the agent's reading: its absence is reported as minor. So is a grouping the texts
leave to the schema: a key of one thing of the kind asked under another name ("per aircraft"
/ ``tail_no``) or under its trade's own code ("per patient" / ``mrn``, "per vehicle" / ``vin``:
:func:`stef_align.names.another_name`), a mean per thing over rows that may each be one
("avg party size per booking" over ``reservations``), a key named by the initials of the
group's words ("by merchant category" / ``mcc``), a mean or a rate per thing computed by hand
over the distinct keys of a thing of the kind asked ("calls handled per agent" as ``COUNT(*) /
COUNT(DISTINCT rep_id)``). A pivot (one column per channel), a route's two ends, a group the
question names alone ("per lift for the summit express") and "each booking with its room's
average" (a window beside every row) answer the group; "latest test per accession" answered
by LIMIT 1 over every row does not.

>>> grain("timestamp_trunc(order_ts, quarter)"), grain("year(cast(d as date))")
('quarter', 'year')
>>> grain("time_to_str(cast(d as date), '%y-%m')"), grain("cast(d as date)"), grain("region")
('month', 'day', None)
"""

from __future__ import annotations

import re
from datetime import date

from stef_align.aggregates import DISTRIBUTION, family
from stef_align.counted_roles import role_side
from stef_align.names import (
    ATTRIBUTE_HEADS,
    PERSON_KEYS,
    ROLE_WORDS,
    a_party,
    abbreviated,
    another_name,
    assigned_person,
    bare,
    entity_key,
    flag_column,
    glossed,
    has_many_rows,
    head_stem,
    key_kind,
    part_stems,
    parts,
    person_by_role,
    rows_of_another,
    same_side,
    same_things,
    side,
    word_matches,
)
from stef_core.models import Reason, Ruleset
from stef_core.periods import resolve
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec
from stef_core.values import abbreviates, value_key
from stef_core.words import CODE_PARTS, KEY_PARTS, NAME_PARTS, norm, stem

_TIME_WORDS = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years",
                         "quarter", "quarters", "hour", "hours", "weekday", "weekdays",
                         "date", "dates", "season", "seasons", "night", "nights", "evening",
                         "evenings", "dow"})
_DATE_KEYS = ("date", "day", "week", "month", "year", "quarter", "hour", "time", "strftime",
              "extract", "trunc", "format", "_at", "period", "weekday", "dow", "season")


#: Name parts that say a column holds a moment (``visit_ts``, ``start_dt``, ``load_dttm``).
_MOMENT_PARTS = frozenset({"ts", "dt", "dttm", "tstamp", "tmstmp", "datetime", "timestamp"})

#: A question's time word -> the calendar unit it groups by.
_WORD_UNITS = {
    "hour": "hour", "hours": "hour", "hourly": "hour",
    "day": "day", "days": "day", "daily": "day", "date": "day", "dates": "day",
    # "skaters each night", "nightly revenue", "admissions each evening": one a day
    "night": "day", "nights": "day", "nightly": "day", "evening": "day", "evenings": "day",
    "week": "week", "weeks": "week", "weekly": "week", "wk": "week",
    "month": "month", "months": "month", "monthly": "month", "mo": "month",
    "quarter": "quarter", "quarters": "quarter", "quarterly": "quarter", "qtr": "quarter",
    "qtrs": "quarter",
    "year": "year", "years": "year", "yearly": "year", "annual": "year", "annually": "year",
    "yr": "year", "yrs": "year",
    "weekday": "dow", "weekdays": "dow", "dow": "dow",
}
#: A unit as date functions and format strings spell it (lower-cased SQL text).
_SPELLED_UNITS = {
    "year": "year", "years": "year", "yyyy": "year", "yy": "year", "y": "year", "yr": "year",
    "isoyear": "year",
    "quarter": "quarter", "quarters": "quarter", "q": "quarter", "qq": "quarter",
    "month": "month", "months": "month", "mm": "month", "mon": "month", "m": "month",
    "week": "week", "weeks": "week", "isoweek": "week", "iw": "week", "ww": "week",
    "wk": "week", "weekofyear": "week",
    "day": "day", "days": "day", "dd": "day", "d": "day", "ddd": "day", "date": "day",
    "dayofmonth": "day", "dayofyear": "day", "doy": "day",
    "hour": "hour", "hh": "hour", "hh24": "hour",
    "dow": "dow", "dayofweek": "dow", "weekday": "dow", "dw": "dow", "isodow": "dow",
    "weekiso": "week", "iso_week": "week",
}
_UNIT_NAMES = "|".join(sorted(_SPELLED_UNITS, key=len, reverse=True))
#: Units spelled as words (a one- or two-letter code counts only quoted: ``d`` may be a column).
_WORD_UNIT_NAMES = "|".join(sorted((u for u in _SPELLED_UNITS if len(u) > 2),
                                   key=len, reverse=True))
#: The outermost calendar function of a key, as sqlglot writes it: a truncation, an
#: EXTRACT / DATEPART, a unit function (``year(...)``) or a date formatted to a string.
_CALENDAR = re.compile(
    r"\b(?:date|timestamp|datetime|time)_trunc\(|\bextract\(\s*(\w+)\s+from\b"
    r"|^(year|quarter|month|week|weekofyear|day|dayofmonth|dayofweek|dayofyear|hour)\("
    r"|\btime_to_str\(|\bto_char\(|\bdate_add\(0,\s*datediff\(")
_UNIT_TOKEN = re.compile(rf"'({_UNIT_NAMES})'|(?<![\w%'])({_WORD_UNIT_NAMES})(?![\w'])")
_FORMAT = re.compile(r"'([^']*)'\s*\)\s*$")
#: Format directives, finest first (strftime ``%d``, Oracle / Postgres ``DD``, ``MM``, ``Q``).
_FORMAT_UNITS = (("hour", re.compile(r"%h|%i|hh")), ("day", re.compile(r"%d|%j|%e|dd")),
                 ("dow", re.compile(r"%a|%u|%w|\bdy\b|\bday\b")),
                 ("week", re.compile(r"%v|%u|\biw\b|\bww\b")),
                 ("month", re.compile(r"%m|%b|mm|mon")), ("quarter", re.compile(r"\bq\b|%q")),
                 ("year", re.compile(r"%y|yy")))


#: Functions whose name says the unit they bucket a date by (ClickHouse ``toYYYYMM``,
#: ``toStartOfWeek``, ``toHour``; MySQL ``YEARWEEK``, ``DAYNAME``; T-SQL ``EOMONTH`` and
#: Snowflake ``LAST_DAY``, a month's last day), as sqlglot writes them.
_UNIT_CALLS = {"toyyyymm": "month", "toyyyymmdd": "day", "todate": "day", "tohour": "hour",
               "tostartofweek": "week", "tomonday": "week", "toyear": "year",
               "tomonth": "month", "toquarter": "quarter", "toisoweek": "week",
               "toweek": "week", "todayofweek": "dow", "dayofweek_iso": "dow",
               "dayname": "dow", "monthname": "month", "last_day": "month",
               "eomonth": "month", "yearweek": "week", "week_of_year": "week",
               "to_date": "day"}
_UNIT_CALL = re.compile(r"^(" + "|".join(sorted(_UNIT_CALLS, key=len, reverse=True))
                        + r")\(")
#: Oracle's ``TRUNC(d)`` with no unit: the day.
_TRUNC_DAY = re.compile(r"^trunc\([^,()]*\)$")


def grain(key: str) -> str | None:
    """The calendar unit a GROUP BY key buckets dates by, when its text spells one (the key
    as sqlglot writes it, lower-cased); None for a plain column or an unknown function, and
    for a CASE, which makes its own buckets ("day part" from the hour: breakfast, lunch).

    >>> grain("toyyyymm(d)"), grain("last_day(cast(d as date))"), grain("trunc(d)")
    ('month', 'month', 'day')
    >>> grain("todate(timestamp_trunc(ts, month))"), grain("todate(ts)")
    ('month', 'day')
    >>> grain("case when extract(hour from ts) < 11 then 'am' else 'pm' end")
    """
    text = key.lower()
    if text.startswith("case "):
        return None
    m = _CALENDAR.search(text)
    if m is None and (named := _UNIT_CALL.match(text)) is not None:
        return _UNIT_CALLS[named.group(1)]
    if m is None and _TRUNC_DAY.match(text):
        return "day"
    if m is not None:
        if m.group(1) or m.group(2):  # extract(unit from ...), year(...)
            return _SPELLED_UNITS.get(m.group(1) or m.group(2))
        call = m.group(0)
        rest = text[m.end():]
        if "time_to_str" in call or "to_char" in call:
            fmt = _FORMAT.search(rest)
            if fmt is None:
                return None
            for unit, pattern in _FORMAT_UNITS:
                if pattern.search(fmt.group(1)):
                    return unit
            return None
        if "datediff" in call:  # DATEADD(month, DATEDIFF(month, 0, d), 0): a truncation
            last = _FORMAT.search(rest)
            return _SPELLED_UNITS.get(last.group(1)) if last is not None else None
        token = _UNIT_TOKEN.search(rest)
        return _SPELLED_UNITS.get(token.group(1) or token.group(2)) if token else None
    if (text.startswith("cast(") and text.endswith(" as date)")) or text.startswith("date("):
        return "day"
    return None


_DAY_OF_WEEK = re.compile(r"\bday\s+of\s+(?:the\s+)?week\b")
#: Format directives that number weeks in some dialects and weekdays in others.
_WEEK_OR_DAY = re.compile(r"'[^']*%[wu][^']*'")


def _one_edit(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one typo apart (a letter added, dropped, changed or two swapped)?"""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1:] == b[i + 1:] or (
            i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2:] == b[i + 2:])
    return a[i:] == b[i + 1:]


def _misspelled(word: str, key: str) -> bool:
    """Is ``word`` a misspelling of a part of ``key`` ("segement" ~ ``segment``)? Words of
    six letters or more, one typo apart."""
    w = stem(word)
    return len(w) >= 6 and any(len(p) >= 6 and _one_edit(w, stem(p)) for p in parts(key))


#: Keys every trade's schemas spell their own short way: a state as its two-letter code
#: (``st_cd``, ``cust_st``), a ZIP code as the postal code (``postal_cd``, ``postcode``).
_SCHEMA_SPELLINGS = {"state": frozenset({"st"}),
                     "zip": frozenset({"postal", "postcode", "zipcode"}),
                     "postcode": frozenset({"postal", "zip", "zipcode"}),
                     "postal": frozenset({"postcode", "zip", "zipcode"})}


def key_matches(group: str, key: str, q: QuestionSpec, rules: Ruleset) -> bool:
    """Does the GROUP BY / PARTITION BY key ``key`` group by the question's ``group``?"""
    words = group.split()
    units = {_WORD_UNITS[w] for w in words if w in _WORD_UNITS}
    if "day" in units and _DAY_OF_WEEK.search(q.text):
        units.add("dow")  # "revenue by day of week" / FORMAT_DATE('%A', d): the weekday
    bucket = grain(key) if units else None
    if bucket is not None:
        # "per quarter" grouped by DATE_TRUNC('month', d): the key says its unit. A format's
        # %w / %u (read case-folded) is a week number in one dialect and a weekday in another
        # (SQLite strftime('%W', d), MySQL DATE_FORMAT(d, '%u')): either unit is answered.
        if bucket == "dow" and "week" in units and _WEEK_OR_DAY.search(key.lower()):
            return True
        return bucket in units
    if any(word_matches(w, key) or abbreviated(w, key) or _misspelled(w, key)
           for w in words):
        return True
    named = set(parts(bare(key)))
    if any(named & _SCHEMA_SPELLINGS.get(w[:-1] if w.endswith("s") else w, frozenset())
           for w in words):
        return True  # "rentals by state" / st_cd, "payouts by zip" / postal_cd
    if any(len(p) >= 5 and len(w) > len(p) + 2 and w.endswith(p) and p not in _ID_PARTS
           for w in words for p in parts(bare(key))):
        return True  # "per policyholder" / holder_id, "per homeowner" / owner_id: its head
    # "per project manager" / GROUP BY pm_emp_id, "per living-learning community" / llc_cd
    spelled = [x for w in words for x in w.split("-") if x]
    if len(spelled) > 1 and "".join(w[0] for w in spelled) in parts(key):
        return True  # the group's initials
    if norm(key) in ("name", "id", "fullname", "title", "code"):
        return True  # "per singer" / GROUP BY name: an entity grouped by its name or key
    if any(norm(key) in {w[:i] + "id" for i in (1, 2, 3)} for w in words if len(w) > 2):
        return True  # "each boat" / GROUP BY bid: the boat's id, abbreviated
    lowered = key.lower()
    if units and units <= _LONG_UNITS and daily_column(key):
        return False  # "per month" / GROUP BY sale_dt: one group a day
    if any(w in _TIME_WORDS for w in words) and (
            any(d in lowered for d in _DATE_KEYS) or set(parts(key)) & _MOMENT_PARTS):
        return True
    if assigned_person(group, key):
        return True  # "per rep" / GROUP BY owner_nm: the person a row is assigned to
    for column, synonyms in rules.synonyms.items():
        # the column itself, or a key naming it (``wo_id`` is no word of ``wo_id``)
        if (norm(column) == norm(key.split(".")[-1]) or word_matches(column, key)) and any(
                s.lower() in group for s in synonyms):
            return True
    for b in q.bindings:
        if any(w in b.phrase.split() for w in words) and any(
                word_matches(c, key) or c == key.lower() for c in b.columns):
            return True
    return False


#: Calendar units longer than a day: a column of days groups by none of them.
_LONG_UNITS = frozenset({"week", "month", "quarter", "year"})
#: Name parts of a date column that may hold one date a week, month or year (a snapshot's
#: date, a period's start or end, a month-end balance): it may answer "per month".
_PERIOD_PARTS = frozenset({
    "week", "wk", "weekly", "month", "mth", "mon", "mo", "monthly", "quarter", "qtr", "q",
    "year", "yr", "fy", "period", "prd", "snapshot", "snap", "asof", "as", "eom", "bom",
    "start", "end", "begin", "first", "last", "close", "closing", "cycle", "billing", "stmt",
    "statement", "report", "reporting", "fiscal", "season", "term", "batch", "load", "etl"})


def daily_column(key: str) -> bool:
    """Is ``key`` a plain column of a day or a moment by its name (``s.sale_dt``, ``visit_ts``,
    ``order_date``), named after no period (``month_start_dt``, ``snapshot_dt``)? Grouped by,
    it makes one group a day, not a month (session 44, issue 20).

    >>> daily_column("s.sale_dt"), daily_column("order_date"), daily_column("period_dt")
    (True, True, False)
    >>> daily_column("date_trunc('month', sale_dt)"), daily_column("region")
    (False, False)
    """
    name = key.split(".")[-1]
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name.lower()) or "." in key.split(".", 1)[-1]:
        return False
    names = set(parts(name))
    return bool(names & (_MOMENT_PARTS | {"date"})) and not names & _PERIOD_PARTS


def _dated_key(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"each day" grouped by a column the SQL itself bounds by dates (``booked_for >=
    date_trunc('week', current_date)``): the column holds dates, whatever its name says."""
    if not any(w in _TIME_WORDS for w in group.split()):
        return False
    if {_WORD_UNITS.get(w) for w in group.split()} & _LONG_UNITS:
        keys = tuple(k for k in keys if not daily_column(k))
    dated = {p.column.lower() for p in sql.periods if p.column and not p.periodic}
    return any(k.lower() in dated for k in keys)


#: The fewest days a calendar unit spans: a period no longer holds one unit at most.
_UNIT_DAYS = {"day": 1, "week": 7, "month": 28, "quarter": 90, "year": 365}
#: Any day: a relative period's length is the same from every anchor, to a day.
_SOME_DAY = date(2025, 6, 15)


def _one_period(group: str, q: QuestionSpec) -> bool:
    """"daily active members yesterday", "weekly check-ins last week": the question's period
    is one day (one week) at most, so grouping by the day would return one group: the one
    number asked. Not "daily rentals last week" (seven days)."""
    units = {_WORD_UNITS.get(w) for w in group.split()} & set(_UNIT_DAYS)
    if not units:
        return False
    longest = min(_UNIT_DAYS[u] for u in units if u is not None)
    for p in q.periods[:16]:
        if p.periodic or p.start is None or p.end is None:
            continue
        start, end = resolve(p.start, _SOME_DAY), resolve(p.end, _SOME_DAY)
        if 0 < (end - start).days <= longest or any(
                _whole_unit(start, end, u) for u in units if u is not None):
            return True
    return False


#: Months a calendar unit longer than a week spans.
_UNIT_MONTHS = {"month": 1, "quarter": 3, "year": 12}


def _whole_unit(start: date, end: date, unit: str) -> bool:
    """"monthly active users last month", "quarterly revenue for Q3": a period that is one
    whole calendar unit (its first day to the next unit's first day) holds one group of that
    unit, however many days the unit has (October's 31 are more than the fewest, 28).

    >>> _whole_unit(date(2026, 10, 1), date(2026, 11, 1), "month")
    True
    >>> _whole_unit(date(2026, 7, 1), date(2026, 10, 1), "quarter")
    True
    >>> _whole_unit(date(2026, 10, 1), date(2026, 12, 1), "month")
    False
    >>> _whole_unit(date(2026, 10, 15), date(2026, 11, 15), "month")
    False
    """
    months = _UNIT_MONTHS.get(unit)
    if months is None or start.day != 1 or end.day != 1 or (start.month - 1) % months:
        return False
    return (end.year - start.year) * 12 + end.month - start.month == months


#: Units a rate may be priced per ("rate per bu", "rate per mile", "rate per hour").
_MEASURE_UNITS = frozenset({
    "bu", "bushel", "bushels", "mile", "miles", "mi", "km", "kg", "kilo", "lb", "lbs", "pound",
    "ton", "tons", "tonne", "cwt", "gallon", "gal", "litre", "liter", "l", "oz", "ounce",
    "hour", "hr", "hrs", "minute", "min", "day", "night", "week", "month", "year", "unit",
    "units", "acre", "acres", "sqft", "sf", "sqm", "head", "seat", "kwh", "mwh", "therm",
    "box", "case", "pallet", "load", "trip", "visit"})
#: A rate said before "per X": the rate has its own base, so "per X" breaks it down.
_RATE_BEFORE_PER = re.compile(
    r"\b(?:rates?|ratios?|percentages?|pct|shares?|%)\s+(?:per|for each|by)\s+(?:each\s+)?")


def _as_ratio(group: str, sql: SqlSpec, text: str) -> bool:
    """"revenue per employee" computed by a division over the group's table or column (its
    name abbreviated too: "avg paid per member" as ``SUM(net_amt) / uniqExact(mbr_id)``).
    Not "no-show rate per tour type": a rate's division is over its own base (the bookings),
    and the "per" after it asks one rate per tour type (session 44, issue 20).

    >>> sql = SqlSpec(divides=True, tables=("tours",))
    >>> _as_ratio("tour", sql, "bookings per tour"), _as_ratio("tour", sql, "no-show rate per tour")
    (True, False)
    """
    if not sql.divides:
        return False
    # (only where the SQL groups by nothing: a key the rate is grouped by may be the group
    # under another name, which the grouping rules read)
    rate_said = not sql.group_by and any(
        text.startswith(group, m.end()) for m in _RATE_BEFORE_PER.finditer(text[:2000]))
    if rate_said and group.split()[-1] not in _MEASURE_UNITS and not any(
            word_matches(w, a.arg) for a in sql.aggregations[:64] for w in group.split()):
        # (not "advance rate per bu": a price per unit of a measure; nor "claim rate per
        # policy" over COUNT(DISTINCT policy_id): the rate's base is the group)
        return False
    names = (*list(sql.columns)[:256], *sql.tables)
    return any(word_matches(w, n) or abbreviated(w, n) for w in group.split() for n in names)


#: The last name part of a column that only says the column is a row's key.
_ID_PARTS = KEY_PARTS | CODE_PARTS
#: Last parts of a column that identifies its row in a trade's own terms (a station's
#: ``call_sign``, a product's ``sku``, a vehicle's ``vin`` or ``plate``, a course's ``title``).
_TRADE_KEYS = frozenset({"sign", "callsign", "sku", "vin", "plate", "symbol", "ticker",
                         "handle", "slug", "title"})


#: Tables of a business's own people, whatever their role (a driver's row in ``operators``).
_STAFF_TABLES = frozenset({"employee", "emp", "staff", "worker", "personnel", "operator",
                           "crew", "team_member"})
#: Key parts that name one of the staff (``badge_no``, ``emp_id``).
_STAFF_KEY_PARTS = frozenset({"badge", "emp", "employee", "staff", "worker"})
#: Name parts of a table's own name or key for its rows (``tech_nm`` of plumbers,
#: ``emp_id`` of stylists, ``full_nm``): none names another thing the rows belong to.
_OWN_NAME_PARTS = frozenset({"tech", "emp", "employee", "staff", "worker", "agent", "rep",
                             "user", "person", "full", "display"})
#: Parts of a person's name, which several rows share: grouped by, they merge people.
_PART_NAMES = frozenset({"first", "last", "given", "middle", "surname", "family", "nick",
                         "short"})


#: Name parts of places, kinds and attributes a key of a table may name beside its rows
#: (``mkt_cd``, ``room_id``, ``country_cd``), their short forms included.
_OTHER_PARTS = frozenset({"mkt", "market", "rgn", "region", "terr", "territory", "room",
                          "country", "ctry", "city", "state", "zip", "zone", "area", "district",
                          "tier", "segment", "seg", "channel", "chnl", "plan", "program",
                          "brand", "company", "co", "org", "parent", "group", "grp", "team",
                          "dept", "department", "division", "unit", "line", "route", "site",
                          "location", "loc", "branch", "store", "shop", "depot", "base"})


def _another_things(part: str) -> bool:
    """Does a key's name part name another thing than the rows it is on: a place, a kind, an
    attribute, or a party that is not one of the business's own people (``hauler``,
    ``employer``; not ``tech`` or ``emp``)?"""
    return (part in _OTHER_PARTS or part in _KIND_PARTS or part in ATTRIBUTE_HEADS
            or (a_party(part) and part not in ROLE_WORDS and part not in PERSON_KEYS))


def _table_named_key(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"callback rate by plumber" grouped by ``p.tech_nm`` of ``plumbers p``: the name or key
    of the rows of a table named after the group is the group, whatever the column is called
    (the trade's word for the same people).

    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT p.tech_nm, COUNT(*) FROM calls c JOIN plumbers p "
    ...                    "ON p.tech_id = c.tech_id GROUP BY p.tech_nm")
    >>> [_table_named_key(g, sql.group_by, sql) for g in ("plumber", "region")]
    [True, False]
    >>> sql = extract_spec("SELECT SUM(pts), first_name FROM players GROUP BY first_name")
    >>> _table_named_key("player", sql.group_by, sql)
    False
    >>> sql = extract_spec("SELECT s.call_sign, COUNT(*) FROM spots p JOIN stations s "
    ...                    "ON s.station_id = p.station_id GROUP BY s.call_sign")
    >>> _table_named_key("station", sql.group_by, sql)
    True
    >>> sql = extract_spec("SELECT o.badge_no, SUM(t.fare) FROM trips t JOIN operators o "
    ...                    "ON o.badge_no = t.badge_no GROUP BY o.badge_no")
    >>> [_table_named_key(g, sql.group_by, sql) for g in ("driver", "customer")]
    [True, False]
    """
    words = group.split()
    if not words or words[-1] in _TIME_WORDS:
        return False
    homes: dict[str, set[str]] = {}
    for column, table in sql.column_tables[:256]:
        homes.setdefault(column.lower(), set()).add(table)
    for k in keys[:32]:
        name = bare(k).lower()
        ps = parts(name)
        if not ps or ps[-1] not in _ID_PARTS | NAME_PARTS | _TRADE_KEYS:
            continue
        if any(_another_things(p) for p in ps[:-1] if p not in _OWN_NAME_PARTS):
            continue  # ``hauler_id``, ``tier_cd``, ``employer_nm`` of trucks: another thing's
        if not _PART_NAMES.isdisjoint(ps):
            continue  # ``first_name`` of players: shared by several players
        tables = homes.get(name, set())
        if len(tables) == 1 and word_matches(words[-1], next(iter(tables)).split(".")[-1]):
            return True
        if role_side(words[-1]) == "staff" and (
                set(ps[:-1]) & _STAFF_KEY_PARTS or (len(tables) == 1 and head_stem(
                    next(iter(tables))) in _STAFF_TABLES)):
            # "fares per driver" by ``badge_no`` or by ``operator_nm`` of ``operators``: a
            # staff role keyed by the staff's own badge or by a table of the staff
            return True
    return False


def _joined_key(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"exams per optometrist" grouped by ``od_id`` where the query joins the optometrists
    table on ``od_id``: the table named after the group is in the query and the key it is
    joined on is the one grouped by, so the key is that table's (the abbreviation no word of
    the question spells out is the schema's). Not a key named after another table of the
    query: a stores table joined to regions on ``region_id`` keys the regions."""
    words = group.split()
    if not words or words[-1] in _TIME_WORDS or words[-1] in _WORD_UNITS:
        return False
    head = words[-1]
    grouped = {bare(k).lower() for k in keys[:32]}
    for t1, c1, t2, c2 in sql.join_keys[:64]:
        for table, column in ((t1, c1), (t2, c2)):
            ps = parts(column)
            if (not table or column.lower() not in grouped or not ps or ps[-1] not in _ID_PARTS
                    or not word_matches(head, table.split(".")[-1])):
                continue
            named = [p for p in ps[:-1] if p not in _ID_PARTS]
            if any(word_matches(p, t.split(".")[-1]) for p in named for t in sql.tables[:32]
                   if t != table):
                continue
            return True
    return False


#: Name parts of a column that names or numbers the row it is on (``display_nm``, ``label``,
#: ``serial_no``, ``plate_no``, ``asset_tag``), beside the parts that only say it is a key.
_IDENTITY_PARTS = frozenset({"name", "nm", "label", "title", "display", "full", "short",
                             "serial", "sn", "plate", "tag", "vin", "sku", "ref", "handle",
                             "nickname", "alias", "callsign", "asset",
                             # a car's registration (``reg_plate``, ``license_plate``)
                             "reg", "registration", "license", "licence"})


def _tail_of(part: str, table: str) -> bool:
    """Is a key's name part the end of its own table's compound name (``bush_nm`` of
    ``sugarbushes``, ``house_cd`` of ``greenhouses``): the table's thing said short?"""
    last = parts(table.split(".")[-1])
    if len(part) < 4 or not last:
        return False
    word = last[-1]
    return any(w != part and w.endswith(part)
               for w in (word, word.removesuffix("s"), word.removesuffix("es")))


def _named_row(group: str, sql: SqlSpec) -> bool:
    """"feedings per tank" grouped by ``t.display_nm`` of ``tanks t``, "loads per truck" by
    ``tr.plate_no`` of ``trucks tr``, "tunings per piano" by ``p.serial_no`` of ``pianos p``:
    the key is a column of the table named after the group that names or numbers its rows, so
    each value is one tank. Not another column of that table (``t.water_type``,
    ``tr.hauler_id``: an attribute, or another thing the row points to). "leads per
    exhibitor" by ``e.company_nm`` of ``exhibitors e``: a business's table names its rows by
    their company (or legal, trading) name; a person's company name is their employer's.

    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT t.display_nm, COUNT(*) FROM feed_log f JOIN tanks t "
    ...                    "ON t.tank_id = f.tank_id GROUP BY t.display_nm")
    >>> _named_row("tank", sql), _named_row("keeper", sql), _named_row("tank name", sql)
    (True, False, True)
    >>> _named_row("tank", extract_spec("SELECT t.water_type, COUNT(*) FROM feed_log f "
    ...            "JOIN tanks t ON t.tank_id = f.tank_id GROUP BY t.water_type"))
    False
    >>> sql = extract_spec("SELECT e.company_nm, COUNT(*) FROM scans l JOIN exhibitors e "
    ...                    "ON e.exhibitor_id = l.exhibitor_id GROUP BY e.company_nm")
    >>> _named_row("exhibitor", sql)
    True
    >>> _named_row("visitor", extract_spec("SELECT v.company_nm, COUNT(*) FROM scans l "
    ...            "JOIN visitors v ON v.visitor_id = l.visitor_id GROUP BY v.company_nm"))
    False

    A table named by the trade's other word for the thing: "spend by car" grouped by the
    ``reg_plate`` of ``vehicles v`` (session 34, issue 20):

    >>> _named_row("car", extract_spec("SELECT v.reg_plate, SUM(m.cost) FROM upkeep m "
    ...            "JOIN vehicles v ON v.vehicle_id = m.vehicle_id GROUP BY v.reg_plate"))
    True
    """
    words = group.split()
    while len(words) > 1 and words[-1] in _SAID_IDENTITY:
        words = words[:-1]  # "by customer name", "per vessel number": the customer, the vessel
    if not words or words[-1] in _TIME_WORDS or words[-1] in _WORD_UNITS:
        return False
    head = words[-1]
    kinds = same_things(head)
    for key, table in sql.group_tables[:32]:
        ps = parts(key)
        if not table or not ps or not any(word_matches(w, table.split(".")[-1])
                                          for w in kinds):
            continue
        if ps[-1] not in _ID_PARTS and ps[-1] not in _IDENTITY_PARTS:
            continue
        if all(p in _ID_PARTS or p in _IDENTITY_PARTS or any(word_matches(w, p) for w in words)
               or _tail_of(p, table) for p in ps):
            return True
        if ps[-1] in _NAME_ENDS and _an_organisation(head) and all(
                p in _ORG_NAME_PARTS or p in _IDENTITY_PARTS for p in ps):
            return True
    return False


#: Words after a thing in a group that say which of its identities is shown ("by customer
#: name", "per vessel number", "by store code"): the group is the thing.
_SAID_IDENTITY = frozenset({"name", "names", "id", "ids", "number", "no", "code", "codes"})
#: The last parts of a column that holds a name.
_NAME_ENDS = frozenset({"name", "nm"})
#: Name parts of a column that names an organisation (``company_nm``, ``legal_name``,
#: ``org_name``, ``business_nm``): on the table of a party that is a business (an
#: exhibitor, a sponsor, a supplier), the name of the row itself.
_ORG_NAME_PARTS = frozenset({"company", "co", "org", "organization", "organisation",
                             "business", "firm", "legal", "trading", "corporate", "corp"})
#: Nouns for natural persons: on their table a company name is their employer's, another
#: thing than the person (a visitor's ``company_nm``, a contact's ``company_name``).
_NATURAL_PERSONS = frozenset({
    "person", "people", "contact", "user", "visitor", "attendee", "registrant", "delegate",
    "patient", "student", "pupil", "child", "kid", "passenger", "rider", "driver", "player",
    "viewer", "fan", "learner", "resident", "applicant", "candidate", "guest", "member",
    "employee", "traveler", "traveller", "speaker", "volunteer", "donor", "lead",
    "subscriber", "listener", "caller", "shopper", "consumer", "borrower", "individual"})


def _an_organisation(word: str) -> bool:
    """May ``word`` name a business rather than a natural person (an exhibitor, a sponsor,
    a customer, a supplier: not a visitor, a contact, a rep)? Then its table's company name
    names the row; a person's is their employer's.

    >>> _an_organisation("exhibitors"), _an_organisation("visitor"), _an_organisation("rep")
    (True, False, False)
    """
    w = word.lower()
    w = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
    return w not in _NATURAL_PERSONS and side(w) != "own"


def _verb_of(key: str) -> str | None:
    """The verb of a key that holds who did something (``tuned_by``, ``sold_by``,
    ``created_by_user_id``): the name part before its "by"."""
    ps = parts(bare(key))
    return next((ps[i - 1] for i in range(1, len(ps)) if ps[i] == "by"), None)


def _done_by(group: str, keys: tuple[str, ...]) -> bool:
    """"tunings per tuner" grouped by ``tuned_by``, "runs per scale operator" by
    ``operated_by``: the key holds who did what the group's agent noun says (the tuner tuned,
    the operator operated), so each value is one tuner.

    >>> _done_by("tuner", ("tuned_by",)), _done_by("scale operator", ("operated_by",))
    (True, True)
    >>> _done_by("cashier", ("sold_by",)), _done_by("tuner", ("client_id",))
    (False, False)
    """
    words = group.split()
    if not words:
        return False
    head = words[-1][:-1] if words[-1].endswith("s") else words[-1]
    if len(head) < 5 or not head.endswith(("er", "or")):
        return False
    for k in keys[:32]:
        verb = _verb_of(k)
        if verb is not None and len(verb) > 4 and verb.endswith(("ed", "en")) and (
                verb[:-2] == head[:-2]):
            return True
    return False


def _person_by(group: str, keys: tuple[str, ...]) -> bool:
    """"tickets sold per cashier" grouped by ``sold_by``, "weighings per scale operator" by
    ``recorded_by``: one of the business's own people asked by role, grouped by a key that
    holds who did something. Whether that is the cashier is the schema's to say (a ticket's
    seller may be a kiosk): a grouping finding stays, as minor. Not a party the business
    serves ("per customer" / ``sold_by`` is another person).

    >>> _person_by("cashier", ("sold_by",)), _person_by("customer", ("sold_by",))
    (True, False)
    """
    words = group.split()
    if not words or not a_party(words[-1]) or side(words[-1]) == "served":
        return False
    return any(_verb_of(k) is not None for k in keys[:32])


#: The last name part of a column that says what kind of row it is (``br_type``, ``loc_cls``).
_KIND_PARTS = frozenset({"type", "typ", "tp", "kind", "class", "cls", "cat", "category"})


#: Words a question names a breakdown by the kind of its rows with, on their own.
_KIND_WORDS = frozenset({"type", "types", "kind", "kinds", "category", "categories", "class",
                         "classes"})
#: Last name parts of a key that holds a code, a label of a catalogue.
_CODE_PARTS = frozenset({"cd", "code"})


def _coded_kind(group: str, keys: tuple[str, ...], text: str) -> bool:
    """"surcharge revenue by type" grouped by ``surcharge_cd``: "type" alone names no column;
    the code of the thing the question measures (named by a word of it, "surcharge",
    "add-on" / ``addon_cd``) may be its kind (a small catalogue: lunch, transfer, photo) or the
    thing itself (a product's code): only the schema tells, so a grouping finding stays, as
    minor. A code of another thing (``region_cd``) is no such reading.

    >>> _coded_kind("type", ("x.addon_cd",), "add-on revenue by type last month")
    True
    >>> _coded_kind("type", ("region_cd",), "add-on revenue by type last month")
    False
    """
    if group not in _KIND_WORDS:
        return False
    said = {w.replace("-", "") for w in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*",
                                                    text[:2000].lower())}
    said -= _KIND_WORDS
    for k in keys[:32]:
        ps = parts(bare(k))
        if len(ps) >= 2 and ps[-1] in _CODE_PARTS and any(
                len(p) >= 3 and any(stem(p) == stem(w) for w in said) for p in ps[:-1]):
            return True
    return False


#: Heads of a group that name a kind of rows, never one thing the rows add up to.
_CATEGORY_HEADS = frozenset({"tier", "tiers", "type", "types", "kind", "kinds", "category",
                             "categories", "segment", "segments", "class", "classes", "level",
                             "levels", "band", "bands", "bucket", "buckets", "grade", "grades",
                             "status", "region", "regions", "channel", "channels"})


def _averaged_entities(group: str, q: QuestionSpec, sql: SqlSpec) -> bool:
    """"avg add-on spend per stay" answered by per-reservation totals (a derived table grouped
    by ``res_id``, joined back on ``res_id``) averaged over the reservations: the SQL averages
    over one row per key, which is the unit "per stay" asks for under the table's own name,
    or another thing; only the schema tells, so the finding stays, as minor. An average over
    the rows themselves (``AVG(amount)`` of every payment for "avg spend per member") has no
    such unit and stays critical.

    >>> from stef_sql.extract import extract_spec
    >>> from stef_question.extract import extract_question
    >>> q = extract_question("avg parts cost per repair", None)
    >>> sql = extract_spec("SELECT SUM(COALESCE(p.c, 0)) / COUNT(*) FROM work_orders w LEFT "
    ...                    "JOIN (SELECT wo_id, SUM(amt) AS c FROM wo_parts GROUP BY wo_id) p "
    ...                    "ON p.wo_id = w.wo_id")
    >>> _averaged_entities("repair", q, sql)
    True
    >>> _averaged_entities("repair", q, extract_spec("SELECT AVG(amt) FROM wo_parts"))
    False
    """
    if "AVG" not in q.aggregations or len(sql.nested_group_by) != 1 or not re.search(
            r"\bper\s+" + re.escape(group) + r"\b", q.text[:2000]):
        return False
    if group.split()[-1] in _CATEGORY_HEADS:
        return False  # "avg order value per landscaper tier": a kind of rows, no unit averaged
    outer = {family(a.func) for a in sql.aggregations if not a.nested}
    if not ("AVG" in outer or (sql.divides and outer)):
        return False
    key = bare(sql.nested_group_by[0]).lower()
    if key in {bare(k).lower() for k in sql.group_by}:
        return False
    # the key is a table's own (``res_id`` of reservations, ``wo_id`` of work_orders): one
    # row per key there. A key of another thing (``dept_id`` joined back to employees)
    # repeats over the rows averaged, which are then not the groups.
    if not any(_names_table(key, t) for t in sql.tables[:32]):
        return False
    return any(bare(a).lower() == key or bare(b).lower() == key
               for _, a, _, b in sql.join_keys[:64])


def _names_table(key: str, table: str) -> bool:
    """Is ``key`` the own key of ``table``: its name parts but the id say the table's name,
    in full, cut short or by initials (``res_id`` / reservations, ``wo_id`` / work_orders,
    ``episode_id`` / episodes)?

    >>> [_names_table(k, t) for k, t in (("res_id", "reservations"), ("wo_id", "work_orders"),
    ...                                  ("episode_id", "episodes"), ("dept_id", "employees"))]
    [True, True, True, False]
    """
    named = "".join(p for p in parts(key) if p not in _ID_PARTS)
    name = table.split(".")[-1].lower()
    whole = "".join(parts(name))
    if len(named) < 2 or not whole:
        return False
    initials = "".join(p[0] for p in parts(name))
    return (whole.startswith(named) or initials == named or word_matches(named, name)
            or abbreviates(named, whole))


def _typed_key(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"fleet count at each airport" grouped by ``br_cd`` where the SQL keeps ``br_type =
    'APT'``: every row left is an airport, so each branch code is one airport. The kind column
    and the grouped key name the same entity (``br_``), and the kind kept names the group's
    head: the word itself or its abbreviation ('apt' for airport, 'dpt' for depot).

    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT b.br_cd, COUNT(*) FROM v JOIN b ON b.br_id = v.br_id "
    ...                    "WHERE b.br_type = 'APT' GROUP BY b.br_cd")
    >>> _typed_key("airport", sql.group_by, sql), _typed_key("hub", sql.group_by, sql)
    (True, False)
    """
    words = group.split()
    if not words:
        return False
    head = words[-1]
    entities = set()
    for k in keys[:32]:
        ps = parts(bare(k))
        if len(ps) > 1 and ps[-1] in _ID_PARTS:
            entities.add(tuple(ps[:-1]))
    if not entities:
        return False
    for f in sql.filters[:256]:
        if f.op not in ("=", "in") or f.source.endswith(":neg") or not f.column:
            continue
        ps = parts(bare(f.column))
        if len(ps) < 2 or ps[-1] not in _KIND_PARTS or tuple(ps[:-1]) not in entities:
            continue
        for v in f.values:
            if isinstance(v, str) and (value_key(v) == value_key(head) or abbreviates(
                    v.lower(), head.lower())):
                return True
    return False


def _averaged_groups(group: str, q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> bool:
    """"avg glasses spend per patient by store": a nested query groups by the patient and the
    outer query averages (or takes the median of) the per-patient values, by store. The outer
    query may join other rows in (the stores' names): the average is still one over patients."""
    if not sql.nested_group_by or not re.search(
            r"\bper\s+" + re.escape(group) + r"\b", q.text):
        return False
    # the outer average reads what the nested query aggregated per group (AVG(spend) over
    # SUM(sale_amt) AS spend), not the rows again ("average salary per department" as the
    # AVG of every employee's salary, joined to a CTE that only counts departments)
    nested = {norm(a.arg) for a in sql.aggregations[:64] if a.nested}
    if not any(family(a.func) in DISTRIBUTION and norm(a.arg) in nested
               for a in sql.aggregations[:64] if not a.nested):
        return False
    # (or the key of a table named after the group: "avg visitors per tour" over a CTE
    # grouped by ``run_id`` of ``tour_runs``)
    return any(key_matches(group, k, q, rules) for k in sql.nested_group_by[:32]) or (
        _joined_key(group, sql.nested_group_by, sql))


def _averaged_over(group: str, q: QuestionSpec, sql: SqlSpec) -> bool:
    """"avg allowed amount per claim by specialty", "avg seats per account": the unit an
    average is taken over, not a breakdown, when the SQL averages (or divides) over rows of
    that unit (its table). "average salary per department" over an employees table is still
    a breakdown, and so is the second key of "per policy type per state"."""
    if "AVG" not in q.aggregations or not (
            sql.divides or any(family(a.func) == "AVG" for a in sql.aggregations)):
        return False
    # the group's head noun names the averaged rows ("per claim" over claims; "per product
    # category" over products is a breakdown)
    # Only "per" says it ("average spending for each good" asks one average per good).
    if not group.split() or not re.search(r"\bper\s+" + re.escape(group) + r"\b", q.text):
        return False
    head = group.split()[-1]
    if _SPELLED_UNITS.get(head) not in (None, "dow") and sql.divides:
        # "avg fills per day per store": a count over the days, divided (a weekday is a
        # breakdown: "avg sales per weekday")
        return True
    # "avg headcount per day by job" averaged over a daily_logs table: its rows are days
    # (as "per claim" over claims), so the average is over days, not one per day.
    unit = _WORD_UNITS.get(head)
    if unit is not None and unit != "dow" and not sql.divides:
        return any(_WORD_UNITS.get(p) == unit and p.endswith("ly")
                   for t in sql.tables for p in parts(t.split(".")[-1]))
    if not sql.divides and len(sql.tables) > 1:
        # "avg turnaround days per shop" / AVG(...) of tickets joined to shops: the mean is of
        # the tickets' column, so the shops joined are no rows it is taken over
        read = {w for a in sql.aggregations[:32] if family(a.func) == "AVG"
                for w in re.findall(r"\w+", a.arg.lower())}
        averaged = {t.split(".")[-1] for c, t in sql.column_tables[:256] if t and c in read}
        if averaged and not any(word_matches(head, t) for t in averaged):
            return False
    return any(word_matches(head, t) for t in sql.tables)


def _stored_per(group: str, sql: SqlSpec, text: str = "") -> bool:
    """"average rate per word by target language" / ``AVG(rate_per_word)``: the SQL reads a
    measure stored per that unit (the column says so), which "per word" names, not a
    breakdown by words. So does a column named after both the measure and its unit ("average
    price per bottle by region" / ``AVG(bottle_price)``, "cost per unit" / ``unit_cost``),
    averaged or taken at an extreme: each row holds one bottle's price already."""
    words = group.split()
    m = re.search(r"\b([a-z]+)\s+per\s+" + re.escape(group) + r"\b", text[:2000])
    measure = m.group(1) if m is not None else None
    for a in sql.aggregations[:64]:
        ps = parts(a.arg.split(".")[-1])
        if any(p == "per" and any(word_matches(w, ps[i + 1]) for w in words)
               for i, p in enumerate(ps[:-1])):
            return True
        if (measure is not None and family(a.func) in ("AVG", "MAX", "MIN")
                and word_matches(words[-1], a.arg.split(".")[-1])
                and word_matches(measure, a.arg.split(".")[-1])):
            return True
    return False


def _pinned(group: str, sql: SqlSpec, text: str = "") -> bool:
    """Is the group a value the SQL keeps alone ("tickets that came in by email" /
    ``channel = 'email'``)? Grouping by a column pinned to one value gives that one group.
    So is a plural "by" group whose modifier the SQL keeps alone: "kWh produced by commercial
    customers" / ``segment = 'commercial'`` names who produced it, not a breakdown."""
    key = value_key(group)
    words = group.split()
    modifiers = set()
    if len(words) > 1 and words[-1].endswith("s") and re.search(
            r"\bby\s+" + re.escape(group) + r"\b", text):
        modifiers = {value_key(w) for w in words[:-1]}
    for f in sql.filters[:256]:
        if f.op not in ("=", "in") or not f.source.startswith(("where", "join")) or (
                f.source.endswith(":neg")):
            continue
        values = f.values
        if f.op == "=" and any(isinstance(v, str) and value_key(v) in (key, *modifiers)
                               for v in values):
            return True
    return False


def _numbered(group: str, values: tuple[object, ...], text: str) -> bool:
    """"revenue by store for store 12" / ``store_id = 12``: the question names one group by its
    number, after the group's own word ("store 12", "charger #7").

    >>> _numbered("store", (12,), "revenue by store for store 12")
    True
    >>> _numbered("store", (12,), "revenue by store for 12 months")
    False
    """
    words = group.split()
    if not words:
        return False
    head = words[-1]
    heads = {head, head[:-1]} if head.endswith("s") and len(head) > 3 else {head}
    numbers = [str(v) for v in values[:16] if (isinstance(v, int) and not isinstance(v, bool))
               or (isinstance(v, str) and v.isdigit())]
    return any(re.search(r"\b" + re.escape(h) + r"\s*(?:#|no\.?|number)?\s*" + re.escape(n)
                         + r"\b", text) for h in heads for n in numbers)


def _named_one(group: str, q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> bool:
    """"rides per lift for the summit express" / ``lift_nm = 'Summit Express'``: the question
    names the one group it wants and the SQL keeps that group's column to that value (whether
    it groups by the column too or not): one group, the one asked. Not a value the question does
    not name (a breakdown cut to one group the user never chose), nor a calendar group ("monthly
    revenue for 2024" keeps a year, not one month)."""
    if any(w in _TIME_WORDS or w in _WORD_UNITS for w in group.split()):
        return False
    text = q.text.lower()
    for f in sql.filters[:256]:
        if f.op != "=" or not f.column or not f.source.startswith(("where", "join")) or (
                f.source.endswith(":neg")):
            continue
        if not any(isinstance(v, str) and len(v) >= 3 and re.search(
                r"(?<!\w)" + re.escape(v.lower()) + r"(?!\w)", text) for v in f.values) and (
                not _numbered(group, f.values, text)):
            continue
        if key_matches(group, f.column, q, rules):
            return True
    return False


def _count_split(q: QuestionSpec, sql: SqlSpec) -> str | None:
    """"How many countries speak both English and Dutch?" / ``SELECT COUNT(DISTINCT code) ...
    GROUP BY code HAVING ...``: the question asks for one number, the SQL shows nothing but
    aggregates per group, so it answers with one count per group (each 1 here), not the
    number of groups. Not when the question groups ("how many ... in each city"), nor when
    the SQL keeps one group (LIMIT 1, a key pinned to one value)."""
    strong = set(q.aggregations) - set(q.weak_aggregations)
    if "COUNT" not in strong or q.group_by or q.loose_groups or q.superlative is not None \
            or q.asks_list or not sql.group_by or sql.limit == 1 or sql.windows:
        return None
    if not sql.projections or any(p.aggregate is None for p in sql.projections):
        return None
    if any(a.nested for a in sql.aggregations if a.func == "COUNT") and not any(
            not a.nested for a in sql.aggregations):
        return None
    pinned = {norm(f.column.split(".")[-1]) for f in sql.filters[:64]
              if f.column and f.op == "=" and not f.alternative}
    keys = [k for k in sql.group_by if norm(k.split(".")[-1]) not in pinned]
    if not keys:
        return None
    return (f"the question asks for one number but the SQL groups by {', '.join(keys[:3])} "
            "and shows only aggregates: it returns one count per group, not the number asked")


def _restated_key(group: str, keys: tuple[str, ...], sql: SqlSpec, q: QuestionSpec,
                  rules: Ruleset) -> bool:
    """"sell-through per show" restated "for each performance" and grouped by ``perf_id``,
    "lessons per pupil" restated "per student" and grouped by ``student_id``: no table or
    column of the query is named after the thing asked (no "show", no "pupil" anywhere), and
    the reformulation names it otherwise, as one of the keys. Whether the two are one in
    this business is the agent's reading: the finding stays, as minor. It stays critical
    when the query names the thing ("per customer" with a ``customer_id`` it does not group
    by), when the group is an attribute a row carries ("by region"), when the reformulation
    names it as no key ("per student" grouped by ``course_id``) or does not name it
    otherwise at all: a key the texts never tie to the thing ("per show" / ``perf_id``
    alone) is a guess, and the finding is what catches the answers that guessed wrong."""
    words = group.split()
    # the thing's nouns ("show" of "show played": a participle qualifies it)
    nouns = [w for w in words if not w.endswith(("ed", "ing"))] or words
    if not nouns or any(w in _TIME_WORDS or w in _WORD_UNITS or w in ATTRIBUTE_HEADS
                        for w in nouns):
        return False
    names = (*sorted(sql.columns)[:256], *sql.tables[:32])
    if any(word_matches(w, n.split(".")[-1]) for w in nouns for n in names):
        return False
    # the reformulation's other names for the thing: not its own words in another order
    # ("per completed job" / "per job completed" names nothing new), nor the restatement of
    # another group the question asks ("per viewer by device" / "by device type")
    asked = {w for g in q.group_by if g != group and g not in q.restated_groups
             for w in g.split()}
    # (a restatement sharing the head but naming it otherwise, "per residential community"
    # restated "per living-learning community", names it anew)
    others = [g for g in q.restated_groups
              if g.split() and not set(g.split()) <= set(words) and not set(g.split()) & asked]
    return any(key_matches(g, k, q, rules) for g in others for k in keys)


def _aliased_key(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"gifts per donor" / ``SELECT constituent_id AS donor_id ... GROUP BY constituent_id``:
    the query shows a grouped key under the group's name. It says what it takes the key to
    be; whether the schema agrees is not in the texts, so a finding stays, as minor."""
    words = [w for w in group.split() if w not in _TIME_WORDS]
    grouped = {bare(k).lower() for k in keys[:32]}
    return any(p.aggregate is None and p.alias and p.column
               and bare(p.column).lower() in grouped
               and any(word_matches(w, p.alias) for w in words)
               for p in sql.projections[:64])


def _role_keyed(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"hours worked per teacher" grouped by ``staff_id``: a person asked by role, grouped by a
    key that holds a person without saying the role (:func:`stef_align.names.person_by_role`),
    where no table or column of the query is named after the role (a query that reads a
    ``teacher_id`` and groups by ``staff_id`` grouped by someone else)."""
    head = group.split()[-1] if group.split() else ""
    names = (*sorted(sql.columns)[:256], *sql.tables[:32])
    if not head or any(word_matches(head, n.split(".")[-1]) for n in names):
        return False
    return any(person_by_role(group, k) for k in keys[:32])


#: Name parts of a key that say it keys one of the business's people, after the role they
#: play (``quilter_emp_no``, ``pic_user_id``).
_STAFF_KEYS = frozenset({"emp", "employee", "user", "usr", "staff", "worker", "login"})


def _joined_role(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"estimates written per estimator" grouped by ``e.emp_id, e.emp_nm`` of ``employees e``
    joined on ``x.estimator_id = e.emp_id``: the role names the join column whose other side
    keys the rows grouped, so each group is one estimator.

    >>> from stef_sql.extract import extract_spec
    >>> sql = extract_spec("SELECT e.emp_nm, COUNT(*) FROM estimates x JOIN employees e ON "
    ...                    "e.emp_id = x.estimator_id GROUP BY e.emp_id, e.emp_nm")
    >>> _joined_role("estimator", sql.group_by, sql), _joined_role("shop", sql.group_by, sql)
    (True, False)
    """
    head = group.split()[-1] if group.split() else ""
    if not head or head in _TIME_WORDS:
        return False
    grouped = {bare(k).lower() for k in keys[:32]}
    # (the key itself, or a column that names the rows of its table: ``emp_nm``; not another
    # thing the rows point to, ``hauler_id`` of trucks for "per truck")
    named_by = {t for k, t in sql.group_tables[:32] if t and bare(k).lower() in grouped
                and parts(k) and parts(k)[-1] in _IDENTITY_PARTS}
    for t1, c1, t2, c2 in sql.join_keys[:64]:
        for ca, tb, cb in ((c1, t2, c2), (c2, t1, c1)):
            named = [p for p in parts(ca) if p not in _ID_PARTS]
            # (the role's word may come before the person's key: ``quilter_emp_no``)
            while len(named) > 1 and named[-1] in _STAFF_KEYS:
                named.pop()
            other = parts(cb)
            if (named and word_matches(head, named[-1]) and other
                    and other[-1] in _ID_PARTS | NAME_PARTS
                    and norm(ca) != norm(cb)
                    and (cb.lower() in grouped or (tb and tb in named_by))):
                return True
    return False


def _each_row(group: str, q: QuestionSpec, sql: SqlSpec) -> bool:
    """"each booking with the room's average party size" answered by ``AVG(party_size) OVER
    (PARTITION BY room_id)`` beside every booking: the question lists its rows, one per
    booking, each with a value computed over its group; the SQL keeps every row (no GROUP BY)
    and computes the value by a window. Grouped by the room instead, the bookings are gone."""
    if sql.group_by or not sql.partition_by:
        return False
    return re.search(r"(?:^|\b(?:list|show|give|return|display)\s+)(?:each|every)\s+"
                     + re.escape(group) + r"\b(?:\s+[a-z0-9-]+){0,4}?\s+with\b",
                     q.text[:2000].lower()) is not None


def _every_period(group: str, q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> bool:
    """"customers who ordered each month this year" answered by ``GROUP BY customer_id HAVING
    COUNT(DISTINCT date_trunc('month', order_date)) = ...``: "each month" is a condition every
    customer must meet, not a breakdown; the SQL counts the distinct periods of a date column
    and keeps the members whose count passes. A count of rows (``HAVING COUNT(*) >= 7``) does
    not count periods.

    >>> from stef_sql.extract import extract_spec
    >>> from stef_question.extract import extract_question
    >>> q = extract_question("customers who ordered each month", None)
    >>> ok = extract_spec("SELECT c FROM o GROUP BY c HAVING COUNT(DISTINCT "
    ...                   "date_trunc('month', order_date)) = 12", "postgres")
    >>> rows = extract_spec("SELECT c FROM o GROUP BY c HAVING COUNT(*) >= 12", "postgres")
    >>> _every_period("month", q, ok, Ruleset()), _every_period("month", q, rows, Ruleset())
    (True, False)
    """
    if not any(w in _TIME_WORDS for w in group.split()):
        return False
    if not re.search(r"\b(?:each|every)\s+" + re.escape(group) + r"\b", q.text[:2000].lower()):
        return False
    having = sql.having or any(f.source == "having" for f in sql.filters[:256])
    # (an aggregate's argument is read as its column: ``COUNT(DISTINCT date_trunc('month',
    # d))`` has ``d``, a column of days)
    return having and any(
        a.func.upper() == "COUNT" and a.distinct and (
            key_matches(group, a.arg, q, rules) or daily_column(a.arg))
        for a in sql.aggregations[:64])


def _kindred_key(group: str, keys: tuple[str, ...], q: QuestionSpec, sql: SqlSpec) -> bool:
    """"latest check per aircraft" grouped by ``tail_no``, "avg class size by school" by
    ``campus_id``, "absences per child" by ``kid_id``, "flights per pilot" by
    ``captain_emp_id``: the SQL groups by the key of one thing of the kind asked (a thing for a
    thing, one of the business's people for one of its people, a party it serves for a party)
    where nothing in the texts names the thing asked otherwise. Whether the key is the thing
    under another name is the schema's to say: an inference, not proof of a wrong answer.

    The texts do prove it when the group is a date or an attribute a row carries ("by region"
    grouped by ``store_id``), when a key is a date, an attribute (``device_type``) or another
    thing the question names ("best selling item per truck" grouped by ``item_nm``), when the
    query names the thing asked and groups by something else, when the reformulation names the
    thing in other words no key matches, and when the key is of another kind (a room for a
    teacher, a member for a pro, a van for a rider)."""
    words = group.split()
    if not words or not keys or len(keys) > 4:
        return False
    if any(w in _TIME_WORDS or w in _WORD_UNITS or w in ATTRIBUTE_HEADS or w in _KIND_PARTS
           for w in words):
        return False
    names = (*sorted(sql.columns)[:256], *sql.tables[:32])
    if any(word_matches(w, n.split(".")[-1]) for w in words for n in names):
        return False
    if any(word_matches(w, t.split(".")[-1]) for w in same_things(words[-1]) - {words[-1]}
           for t in sql.tables[:32]):
        return False  # "rides per bus" over ``vehicles`` grouped by its depot: named, not kept
    others = [g for g in q.restated_groups if g != group
              and not set(g.split()) <= set(words) and not set(words) <= set(g.split())]
    if others:
        return False
    asked = {w for w in re.findall(r"[a-z]+", q.own_words[:2000].lower())
             if len(w) > 3 and w not in words}
    head = words[-1]
    kinds = [(k, key_kind(k)) for k in keys]
    if not any(kind for _, kind in kinds):
        return False
    for k, kind in kinds:
        if not kind:
            continue  # the name of the thing grouped (``full_nm``)
        if not entity_key(k) or grain(k) is not None or any(p in _KIND_PARTS or p in ATTRIBUTE_HEADS
                                                   or p in _TIME_WORDS or p in _MOMENT_PARTS
                                                   for p in kind):
            return False
        if any(word_matches(w, k) for w in asked):
            return False
        person = a_party(kind[-1])  # what the key keys: ``account_manager_id``, a manager
        # a person of another side (a customer for a teacher) is another person; one the
        # words do not place ("per skater" / ``cust_id``) may be the one asked
        if person != a_party(head) or (person and not same_side(kind[-1], head)):
            return False
    return True


#: "avg party size per booking", "average fare per trip": a mean asked per thing.
_AVG_PER = re.compile(r"\b(?:avg|average|mean)\b(?:\s+[a-z'-]+){0,4}?\s+per\s+")
#: ... or a median or typical value per thing ("median billed per dive").
_MEAN_PER = re.compile(r"\b(?:avg|average|mean|median|typical)\b(?:\s+[a-z'-]+){0,4}?\s+per\s+")


def _initialled(group: str, keys: tuple[str, ...], text: str = "") -> bool:
    """"card spend by merchant category" grouped by ``mcc``, "premium by line of business" by
    ``lob_cd``: a key named by the initials of the group's two or more words (with a code's
    C after them or not) is the trade's short name for it; the schema settles it.

    >>> _initialled("merchant category", ("t.mcc",)), _initialled("line of business", ("lob",))
    (True, True)
    >>> _initialled("merchant category", ("merchant_id",)), _initialled("region", ("r",))
    (False, False)

    The question's reader ends a group at "of" ("by line of business" is read "line"): the
    words after it in the question (``text``) are the rest of the name.

    >>> _initialled("line", ("lob",), "premium by line of business last year")
    True
    """
    phrases = [group]
    after = re.search(rf"\b{re.escape(group)} of (?:the )?([a-z]+)", text[:2000]) if text else None
    if after:
        phrases.append(f"{group} of {after.group(1)}")
    named = {p for k in keys[:32] for p in parts(bare(k))}
    for phrase in phrases:
        words = phrase.split()
        if len(words) < 2:
            continue
        said = {"".join(w[0] for w in words),
                "".join(w[0] for w in words if w not in ("of", "and", "the", "by", "per"))}
        if any(len(i) >= 2 and (i in named or i + "c" in named or i + "cd" in named)
               for i in said):
            return True
    return False


def _counted_per(group: str, q: QuestionSpec, sql: SqlSpec) -> tuple[str, ...]:
    """"avg tickets handled per agent", "calls handled per agent today" as ``COUNT(*) /
    COUNT(DISTINCT assignee_id)``: a mean or a rate per thing computed by hand, over the
    distinct keys the SQL counts (the columns those distinct counts read, when the SQL
    divides). Whether a key is the thing asked under another name is then what the grouping's
    own key would be asked."""
    if not sql.divides or not re.search(r"\bper\s+" + re.escape(group) + r"\b", q.text[:2000]):
        return ()
    return tuple(dict.fromkeys(
        a.arg for a in sql.aggregations[:64]
        if family(a.func) == "COUNT" and a.distinct and a.arg != "*" and "," not in a.arg))


def _central(sql: SqlSpec) -> bool:
    """Does the SQL take a central value of rows: a mean, a median or a quantile, or a
    division (a mean by hand)?"""
    return sql.divides or any(family(a.func) in _CENTRAL for a in sql.aggregations[:64])


#: A percentile window and the column it orders.
_PERCENTILE_OF = re.compile(r"PERCENTILE_(?:CONT|DISC)\([^)]*\)\s+WITHIN\s+GROUP\s*\(\s*ORDER\s+BY"
                            r"\s+([\w.]+)", re.IGNORECASE)
#: Aggregates that take a central value of rows ("avg", "median", "typical").
_CENTRAL = frozenset({"AVG", "MEDIAN", "PERCENTILECONT", "PERCENTILEDISC", "QUANTILE",
                      "QUANTILECONT", "QUANTILEDISC", "APPROXQUANTILE"})


def _rows_may_be(group: str, q: QuestionSpec, sql: SqlSpec) -> bool:
    """"avg party size per booking" as AVG(party_size) over ``reservations``, with no grouping:
    if each row is one booking the average over rows is the average per booking. Nothing in the
    query is named after the thing (a query that reads ``events`` or ``event_id`` and averages
    ticket rows averages something else) and the thing is no person or party (a customer, a
    rider, a counselor has many rows of any table by nature), and the query reads no table named
    after another thing the user names ("avg boat length per dock" over ``boats``: the rows are
    boats): whether a row is one booking is the schema's to say, an inference, not a finding to
    stake the score on."""
    words = group.split()
    if not words or any(has_many_rows(w) for w in words) or not re.search(
            _AVG_PER.pattern + re.escape(group) + r"\b", q.text[:2000]):
        return False
    # (a mean only: a median over other rows, "median labor hours per job" over visits, is
    # surely not one per job, as a sum of a job's visits is no visit)
    if not (sql.divides or any(family(a.func) == "AVG" for a in sql.aggregations[:64])):
        return False
    # (not a flag about the thing: ``is_owner_stay`` on reservations says what kind of stay a
    # row is, one row each)
    names = (*(c for c in sorted(sql.columns)[:256] if not flag_column(c)),
             *sql.tables[:32])
    return not rows_of_another(words, q.own_words, sql.tables) and not any(
        word_matches(w, n.split(".")[-1]) or abbreviated(w, n.split(".")[-1])
        for w in words for n in names)


def _rows_are(group: str, sql: SqlSpec, joined: bool = False) -> bool:
    """"avg visitor count per market day" as AVG(visitor_cnt) over ``market_days``, joined to
    nothing (or to other tables, ``joined``: said of a group the reformulation names): the
    averaged column's own table is named after the thing, so each row is one."""
    if sql.joins and not joined:
        return False
    words = group.split()
    averaged = {bare(a.arg).lower() for a in sql.aggregations[:64]
                if family(a.func) in _CENTRAL}
    # (T-SQL's median as a window: PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) OVER ())
    averaged.update(bare(m.group(1)).lower() for w in sql.windows[:16]
                    if (m := _PERCENTILE_OF.match(w)) is not None)
    homes = {t for c, t in sql.column_tables[:256] if c.lower() in averaged}
    return bool(words) and any(
        all(any(word_matches(w, p) for p in parts(bare(t))) for w in words) for t in homes)


#: Last parts of a key that names or identifies its table's rows.
_NAMING_PARTS = KEY_PARTS | CODE_PARTS | NAME_PARTS | {"title"}


def _own_name_key(group: str, keys: tuple[str, ...], sql: SqlSpec) -> bool:
    """"last visit for each commercial property" grouped by ``p.prop_nm`` of ``properties``:
    a name (or key) of the table named after the thing that names the thing itself, one per
    row of it as the schema has it (not ``p.cust_nm``: another party's name kept on its
    rows, which the corpus reads as another grouping)."""
    head = group.split()[-1] if group else ""
    for key in keys[:8]:
        ps = parts(bare(key))
        table = sql.table_of(bare(key))
        if not ps or ps[-1] not in _NAMING_PARTS or not table:
            continue
        tparts = parts(bare(table))
        # (the key names the thing itself, ``prop_nm``, ``name``: not another party's name
        # kept on its rows, ``company_nm`` of visitors, ``hauler_id`` of trucks)
        if any(word_matches(head, p) for p in tparts) and all(
                word_matches(head, p) or abbreviated(p, head) for p in ps[:-1]):
            return True
    return False


#: What says the breakdown after a mean's base ("avg fare per ride *by* vehicle type").
_BESIDE = re.compile(r"\s+(?:by|for\s+each|for\s+every|in\s+each|across|broken\s+down\s+by"
                     r"|split\s+by)\s+")


def _key_columns(keys: tuple[str, ...]) -> list[str]:
    """The keys, and the columns an expression key reads (``COALESCE(CAST(m.tier_cd AS
    VARCHAR), 'guest')`` groups by ``m.tier_cd``, walk-ins set apart).

    >>> _key_columns(("region", "coalesce(cast(m.tier_cd as varchar), 'guest')"))
    ['region', "coalesce(cast(m.tier_cd as varchar), 'guest')", 'm.tier_cd']
    """
    out: list[str] = []
    for k in keys[:16]:
        out.append(k)
        if "(" in k:
            out += re.findall(r"\b[a-z_]\w*\.\w+|\b[a-z]\w*_\w+\b", k)[:8]
    return out


def _mean_base(group: str, keys: tuple[str, ...], q: QuestionSpec, sql: SqlSpec,
               rules: Ruleset) -> bool:
    """"avg fare per ride by vehicle type" grouped by vehicle type alone, the mean taken over
    ``trips``: "per ride" says what each averaged value belongs to (a ride's fare), the "by"
    right after it says the breakdown, and the SQL's keys answer that breakdown. Whether a row
    of ``trips`` is one ride is the schema's to say, so the finding is weak, not critical
    (:func:`_rows_may_be` with the breakdown's own words set aside: the ``vehicles`` joined for
    its names are no other thing averaged). Two "per" ("average premium per policy type per
    state") are two breakdowns, and a person or party as the base ("avg spend per customer by
    region") asks for its totals first: neither is read so.

    >>> from stef_sql.extract import extract_spec
    >>> from stef_question.extract import extract_question
    >>> sql = extract_spec("SELECT v.vehicle_type, AVG(t.fare_amt) FROM trips t JOIN vehicles v "
    ...                    "ON v.vehicle_id = t.vehicle_id GROUP BY v.vehicle_type")
    >>> q = extract_question("avg fare per ride by vehicle type ytd", None)
    >>> _mean_base("ride", ("v.vehicle_type",), q, sql, Ruleset())
    True
    >>> q = extract_question("avg fare per ride per vehicle type", None)
    >>> _mean_base("ride", ("v.vehicle_type",), q, sql, Ruleset())
    False
    """
    words = group.split()
    m = re.search(_MEAN_PER.pattern + re.escape(group) + _BESIDE.pattern, q.text[:2000])
    if not words or m is None or any(has_many_rows(w) for w in words):
        return False
    rest = q.text[m.end():m.end() + 80]
    beside = [g for g in q.group_by if g != group and rest.startswith(g)]
    if not beside or not (_answered(beside[0], keys, q, sql, rules, per=False)
                          or any(another_name(beside[0], c) for c in _key_columns(keys))):
        return False  # (the breakdown under another of its names: "membership level" / tier)
    if not _central(sql):
        return False
    if _rows_are(group, sql, joined=True):
        return True  # the mean's column is the base's own rows' ("median billed per dive")
    # the rows are named after no other thing the user says, the breakdown's words aside
    own = q.own_words.replace(beside[0], " ")
    if rows_of_another(words, own, sql.tables):
        return False
    # nothing the query reads is the base's own table or key (``visits``, ``visit_id``): then
    # an average over other rows averages something else. (A column that only names a fact
    # of it, ``brew_dt``, is no such thing, nor a key that only starts the same, a tenant's
    # ``brewery_id`` for "per brew".)
    keys_read = [c.split(".")[-1] for c in sorted(sql.columns)[:256] if norm(c).endswith("id")]
    return not any(word_matches(w, t.split(".")[-1]) for w in words for t in sql.tables[:32]) \
        and not any(stem(w) in part_stems(c) or abbreviated(w, c)
                    for w in words for c in keys_read)


#: A condition an aggregate is taken under, as the SELECT spells it (``channel_cd = 'WEB'``
#: inside SUM(CASE WHEN ...), IFF(...) or COUNT(*) FILTER (WHERE ...)).
_CONDITION = re.compile(r"([\w.\"`\[\]]+)\s*=\s*'([^']*)'")


def _pivoted(group: str, q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> bool:
    """"ticket revenue by channel" as ``SUM(IFF(channel_cd = 'WEB', amt, 0)) AS web, SUM(IFF(
    channel_cd = 'APP', amt, 0)) AS app``: a pivot, one column per value of the group's column,
    shows the groups across instead of down. Two values at least (one conditional column is a
    filter, not a breakdown), on a column that names the group (a pivot over another column
    answers another breakdown).

    >>> from stef_sql.extract import extract_spec
    >>> from stef_question.extract import extract_question
    >>> sql = extract_spec("SELECT SUM(CASE WHEN ch = 'W' THEN a END) AS w, "
    ...                    "COUNT(*) FILTER (WHERE ch = 'A') AS n FROM t", "postgres")
    >>> q = extract_question("sales by ch", None)
    >>> _pivoted("ch", q, sql, Ruleset()), _pivoted("region", q, sql, Ruleset())
    (True, False)
    """
    values: dict[str, set[str]] = {}
    for p in sql.projections[:64]:
        if p.aggregate is None:
            continue
        for column, value in _CONDITION.findall(p.expr[:2000]):
            values.setdefault(bare(column).lower(), set()).add(value.lower())
    return any(len(kept) >= 2 and key_matches(group, column, q, rules)
               for column, kept in values.items())


#: Groups that are a pair of places, one a row leaves from and one it goes to ("per route",
#: "by lane", "each city pair") ...
_PAIR_HEADS = frozenset({"route", "routes", "lane", "lanes", "corridor", "corridors", "pair",
                         "pairs", "leg", "legs"})
#: ... and the name parts of the keys that hold either end (``orig_icao`` / ``dest_icao``,
#: ``pickup_zone`` / ``dropoff_zone``, ``start_stn_id`` / ``end_stn_id``).
_FROM_PARTS = frozenset({"orig", "origin", "from", "src", "dep", "departure", "pickup", "pu",
                         "start"})
_TO_PARTS = frozenset({"dest", "destination", "to", "dst", "arr", "arrival", "dropoff", "do",
                       "end"})


def _paired(group: str, keys: tuple[str, ...]) -> bool:
    """"unique passengers per route" grouped by ``orig_icao, dest_icao``: a route is the pair of
    its two ends, so grouping by both (or by one key built of both) groups by the route; one
    end alone does not.

    >>> _paired("route", ("orig_icao", "dest_icao")), _paired("route", ("orig_icao",))
    (True, False)
    """
    words = group.split()
    if not words or words[-1] not in _PAIR_HEADS:
        return False
    named = [set(parts(bare(k))) for k in keys[:32]]
    return any(p & _FROM_PARTS for p in named) and any(p & _TO_PARTS for p in named)


def _first_rows(group: str, q: QuestionSpec, sql: SqlSpec) -> str | None:
    """"latest viability test per accession" answered by ``ORDER BY test_dt DESC LIMIT 1``
    over every row: the question asks for one row per accession, the SQL keeps the first row
    (the first k) of all, with no grouping, no window and no aggregate that could pick one per
    accession. A group the SQL keeps alone (a value it filters on) has one row to give."""
    if (q.top_k is None or sql.limit is None or sql.limit > q.top_k or sql.aggregations
            or sql.windows or sql.group_by or sql.partition_by or sql.nested_group_by):
        return None
    if group in q.restated_groups or _pinned(group, sql, q.text) or _one_period(group, q):
        return None
    # "per accession", "for each machine" ask one row per group; "the song by the youngest
    # singer" names whose song, not a group
    if not re.search(r"\b(?:per|each|every)\s+" + re.escape(group) + r"\b", q.text[:2000]):
        return None
    return (f"the question asks for the first {q.top_k} per {group} but the SQL keeps the "
            f"first {sql.limit} of all rows (LIMIT), neither grouped nor partitioned by {group}")


#: Windows that read another row's value: one value per row, no aggregate.
_ROW_WINDOW = re.compile(r"\s*(?:lag|lead)\s*\(", re.IGNORECASE)


def _answered(group: str, keys: tuple[str, ...], q: QuestionSpec, sql: SqlSpec,
              rules: Ruleset, per: bool = True) -> bool:
    """Does the SQL answer the question's group some way: a key of it, a ratio (a group said
    with "per": "hours by instructor" is no ratio), a value it keeps alone, a pivot, one
    period, a table stored per group ...?"""
    return (any(key_matches(group, k, q, rules) for k in keys)
            or (per and _as_ratio(group, sql, q.text))
            or _joined_key(group, keys, sql) or _typed_key(group, keys, sql)
            or _table_named_key(group, keys, sql) or glossed(group, keys, q.text)
            or _averaged_groups(group, q, sql, rules)
            or _pinned(group, sql, q.text) or _averaged_over(group, q, sql)
            or _stored_per(group, sql, q.text)
            or _dated_key(group, keys, sql) or _one_period(group, q)
            or _pivoted(group, q, sql, rules) or _paired(group, keys)
            or _named_one(group, q, sql, rules) or _each_row(group, q, sql)
            or _named_row(group, sql) or _done_by(group, keys) or _joined_role(group, keys, sql)
            or _every_period(group, q, sql, rules) or _bucketed(group, keys))


#: Words that name a group made of ranges of a value ("age bucket", "size band", "income
#: bracket"): the SQL makes one by a CASE, not by a column of that name.
_BUCKET_WORDS = frozenset({"bucket", "buckets", "band", "bands", "bracket", "brackets", "range",
                           "ranges", "bin", "bins", "tier", "tiers", "group", "groups"})
_MADE_KEY = re.compile(r"^\s*(?:case\b|width_bucket\s*\(|ntile\s*\()", re.IGNORECASE)


def _bucketed(group: str, keys: tuple[str, ...]) -> bool:
    """"open tickets by age bucket", "customers by spend band": the question asks for ranges
    of a value, which the SQL makes by a CASE (or ``WIDTH_BUCKET``) it groups by: no column
    of the group's name is needed.

    >>> _bucketed("age bucket", ("case when age < 7 then '<7d' else '7d+' end",))
    True
    >>> _bucketed("age bucket", ("region",)), _bucketed("region", ("case when x then 1 end",))
    (False, False)
    """
    words = group.split()
    return bool(words) and words[-1] in _BUCKET_WORDS and any(
        _MADE_KEY.match(k) for k in keys[:16])


def _averaged_over_said(group: str, q: QuestionSpec) -> bool:
    """"avg minor faults on practical tests by branch" restated as "mean faults per practical
    test taken, by branch": the reformulation's "per" names the rows the question's own
    average runs over, which the question says without grouping by them; no breakdown the
    question lacks (session 34, issue 20)."""
    if "AVG" not in q.aggregations:
        return False
    words = [w for w in group.split() if len(w) > 2]
    own = {stem(w) for w in q.own_words.split()}
    said = [w for w in words if stem(w) in own]
    return bool(said) and len(said) >= max(1, len(words) - 1)


#: Last words of a column that names a collection of the things before them
#: (``salon_group_id``, ``hotel_chain_id``): the collection, not one of the things.
_COLLECTIONS = frozenset({"group", "grp", "chain", "network", "family", "holding", "parent",
                          "portfolio", "brand", "franchise", "system"})


def _collection(column: str, words: list[str]) -> bool:
    """Does ``column`` name a collection of what ``words`` name (``salon_group_id`` for
    "salon") rather than the thing itself?"""
    ps = [p for p in parts(column) if p not in _ID_PARTS]
    return (len(ps) > 1 and ps[-1] in _COLLECTIONS
            and not any(word_matches(w, ps[-1]) for w in words))


def _plain_ungrouped(q: QuestionSpec, sql: SqlSpec, rules: Ruleset,
                     ungrouped: bool) -> str | None:
    """"orders by channel yesterday" answered by one ``COUNT(*)``: the question's words
    aggregate nothing, so its "by" may list rows in some order, but once the SQL aggregates
    every row into one number the asked breakdown is gone. Only when the SQL reads nothing
    of the group at all, neither a column nor a value (``channel = 'email'`` for "tickets by
    email", a ``CASE`` on it, an order by it): a table joined on the group's key alone ("hours
    by instructor" joining ``instructors`` on ``instructor_id``) is no answer per instructor.
    """
    # (a group the reformulation restates, "for each milk type", is the question's own "by"
    # read as a breakdown: still asked)
    if not ungrouped or set(q.group_by) - set(q.restated_groups) or q.loose_groups or \
            q.rates or sql.set_operation:
        return None
    for group in q.plain_groups[:2]:
        if _answered(group, (), q, sql, rules, per=False) or _rows_may_be(group, q, sql) or (
                _averaged_entities(group, q, sql)):
            return None
        words = [w for w in group.split() if len(w) > 2]
        if not words or any(w in _TIME_WORDS or w in _WORD_UNITS for w in group.split()):
            return None  # "renewals due by month end": a deadline as like as a trend
        reformulated = q.restated_words
        if reformulated is not None and not any(stem(w) in reformulated for w in words):
            return None  # the agent's reformulation reads no breakdown: "by" as means or agent
        read = [c for p in sql.projections[:64] for c in (*p.columns, p.column or "")]
        # (a tenant scope on a group of the things, ``salon_group_id = 7``, reads no salon)
        read += [f.column or "" for f in (*sql.filters, *sql.conditions)[:256]
                 if not _collection(f.column or "", words)]
        read += [c for o in sql.order_by[:16] for c in o.columns]
        if any(c and (key_matches(group, c, q, rules) or any(word_matches(w, c) for w in words))
               for c in read):
            return None
        said = " ".join(value_key(str(v)) for v in sql.literals[:256])
        if any(stem(w) in said for w in words):
            return None
        if any(stem(w) in value_key(p.expr) for p in sql.projections[:64] for w in words):
            return None
        return (f"the question asks for {q.own_words.split(' by ', 1)[0][-40:].strip()} by "
                f"{group}, but the SQL aggregates every row into one and reads no {group}")
    return None


def _other_grain(q: QuestionSpec, keys: tuple[str, ...], sql: SqlSpec,
                 rules: Ruleset) -> str | None:
    """"net adds by week" / "claims by month in 2026" (a "by" the question's words aggregate
    nothing with, so a group only where the SQL aggregates) answered by an aggregate grouped
    by another calendar unit (``DATE_TRUNC('month', d)``, ``TRUNC(d, 'Q')``): the SQL does
    group by time, at another grain than the one asked, so the rows are not the ones asked."""
    for group in q.plain_groups[:2]:
        units = {_WORD_UNITS[w] for w in group.split() if w in _WORD_UNITS}
        if not units:
            continue
        grains = [(k, grain(k)) for k in keys[:16]]
        timed = [(k, g) for k, g in grains if g is not None]
        if not timed or _answered(group, keys, q, sql, rules, per=False):
            continue
        return (f"the question asks by {group} but the SQL groups by {timed[0][0]} "
                f"(by {timed[0][1]}): another grain than the one asked")
    return None


def check(q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> list[Reason]:
    out: list[Reason] = []
    # Outer aggregates only: a scalar subquery per row ("for each author, the number of
    # books") answers per author without grouping.
    # A window that reads a neighbouring row (LAG(rev) OVER (ORDER BY mo)) keeps every row:
    # "each month's sales and the change from the month before" over a row per month groups
    # nothing away. Not a ranking ("rank the players within their team" asks for its
    # PARTITION BY), nor when the question ranks or asks within loose groups.
    row_wise = bool(sql.windows) and q.superlative is None and q.top_k is None and (
        not q.loose_groups) and all(_ROW_WINDOW.match(w) for w in sql.windows[:32])
    aggregates = any(not a.nested for a in sql.aggregations) or (
        bool(sql.windows) and not row_wise)
    # A grouping inside a derived table answers "per X" when the outer query reads that table
    # alone ("on average per teacher"; what the CTE joins to build its groups does not
    # matter), not when the outer query joins it to other rows, nor when it only counts or
    # sums the groups into one number ("for each region, how many stores" / SELECT COUNT(*)
    # FROM (... GROUP BY store_id, region)); an average, median, percentile or extreme of the
    # per-group values ("the highest average salary by department", "median hours per job")
    # keeps them, shown beside a count of the groups or not.
    # A mean of the per-group values stays per group when the outer query joins a lookup for
    # the groups' names ("avg tickets per tech by shop": per-tech counts joined to shops,
    # grouped by shop_nm; ``averaged_groups``), not a mean of the joined rows' own column;
    # and a running total over the groups' rows, an outer query that aggregates nothing
    # ("running total of passengers by day": a calendar LEFT JOINed to per-day sums).
    outer = {family(a.func) for a in sql.aggregations if not a.nested}
    nested = sql.nested_group_by if (not sql.outer_joins and (
        not outer or outer & DISTRIBUTION or sql.windows)) or sql.averaged_groups or (
        not outer and bool(sql.windows)) else ()
    keys = (*sql.group_by, *sql.implied_group_by, *sql.partition_by, *nested)
    if q.loose_groups and aggregates and not keys:
        out.append(reason(
            "groupby.missing",
            f"the question asks per {q.loose_groups[0]} but the SQL groups nothing "
            "(no GROUP BY, no PARTITION BY)",
            "critical",
        ))
    if q.group_by and aggregates:
        for group in q.group_by:
            if _answered(group, keys, q, sql, rules) or (not keys and _rows_are(group, sql)) or (
                    _own_name_key(group, keys, sql)):
                continue
            if not keys and any(_rows_are(g, sql, joined=True) and f"per {g}" in q.text
                                for g in q.restated_groups[:4]):
                # "avg toll per trip" restated "average toll per transaction", AVG over
                # ``transactions`` joined to accounts: the agent names the rows as the thing
                continue
            if keys:
                message = (f"the question asks per {group} but the SQL groups by "
                           f"{', '.join(dict.fromkeys(keys[:3]))}")
            else:
                message = f"the question asks per {group} but the SQL does not group"
            # A group only the agent's reformulation states is its reading of the question;
            # a key that names the same party another way may be the group asked.
            # (also one the question's own "by" names as well, "guests by home state" restated
            # "... per home state": read as asked, critical, it caught 1 held-out wrong answer
            # for 1 right answer taken below 75, session 39: left minor)
            restated = group in q.restated_groups
            if restated and _averaged_over_said(group, q):
                continue
            # "avg party size per booking" over reservations, ungrouped, or "avg fare per ride
            # by vehicle type" grouped by vehicle type alone: the mean's base, over rows that
            # may each be one
            rows = not restated and (_rows_may_be(group, q, sql) if not keys
                                     else _mean_base(group, keys, q, sql, rules))
            counted = () if keys or restated else _counted_per(group, q, sql)
            initials = not restated and _initialled(group, keys, q.text)
            by_hand = bool(counted) and (any(another_name(group, k) for k in counted)
                                         or _role_keyed(group, counted, sql)
                                         or _person_by(group, counted)
                                         or _kindred_key(group, counted, q, sql))
            party = not restated and (rows or by_hand or initials
                                      or any(another_name(group, k)
                                             for k in _key_columns(keys))
                                      or _role_keyed(group, keys, sql)
                                      or _person_by(group, keys)
                                      or _aliased_key(group, keys, sql)
                                      or _coded_kind(group, keys, q.text)
                                      or _averaged_entities(group, q, sql)
                                      or _restated_key(group, keys, sql, q, rules)
                                      or _kindred_key(group, sql.group_by or keys, q, sql))
            out.append(reason("groupby.missing", message + (
                " (a grouping only the reformulation states)" if restated else
                f" (is each row one {group}?)" if rows else
                f" (it divides by COUNT(DISTINCT {counted[0]}): another name for the {group}?)"
                if by_hand else
                f" (its initials: another name for the {group}?)" if initials else
                f" (another name for the {group} it asks about?)" if party else ""),
                "minor" if restated or party else "critical"))
            if not (restated or party):
                break
    if (plain := _plain_ungrouped(q, sql, rules, aggregates and not keys)) is not None:
        # (it says what the reformulation's restated group said as a doubt, surely)
        out = [r for r in out if not (r.code == "groupby.missing" and r.severity == "minor")]
        out.append(reason("groupby.missing", plain, "critical"))
    if aggregates and not q.group_by and (
            other := _other_grain(q, keys, sql, rules)) is not None:
        out.append(reason("groupby.missing", other, "critical"))
    if q.group_by and not aggregates:
        for group in q.group_by[:1]:
            if (first := _first_rows(group, q, sql)) is not None:
                out.append(reason("groupby.missing", first, "critical"))
    if (split := _count_split(q, sql)) is not None:
        out.append(reason("groupby.extra", split, "major"))
    extra_keys = [k for k in sql.group_by if k not in sql.implied_group_by]
    # A grouping ranked by its aggregate (ORDER BY COUNT(*), a ranking window over SUM(...),
    # HAVING) is what a "which X has the most" needs.
    ranked = (any(o.aggregate for o in sql.order_by) or sql.having
              or any(o.aggregate for o in sql.ranking))
    if extra_keys and not q.group_by and not ranked and not any(
        p.aggregate for p in sql.projections
    ):
        out.append(reason(
            "groupby.extra",
            f"the SQL groups by {', '.join(extra_keys)}, which neither the question nor the "
            "SELECT needs",
            "minor",
        ))
    return out
