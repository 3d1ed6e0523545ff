"""The question frame: a typed reading of the question, built by one small module per concept,
and the :class:`QuestionSpec` made from it.

A :class:`Frame` is what one text says, concept by concept (:mod:`stef_question.concepts`):
values, comparatives and negation, aggregates, superlatives and top-k, grouping, projection,
requested order and known/missing values; time expressions are periods, read by
:mod:`stef_question.concepts.time` (their tokens are claimed first). Readers run in a fixed
order over the tokens of :mod:`stef_question.text`; a reader *claims* the tokens it
explains ("at least 3" is a comparative, so 3 is no bare value; the 3 of "top 3" is a k), and
later readers skip claimed tokens. Cue words come from :mod:`stef_question.lexicon` (R_app
can extend them).

:func:`question_spec` reads the question, the enrichment's hint (bindings, SQL fragments) and
reformulation, and R_app, and nothing else: the required constraints are a function of those
texts and rules, never of the SQL they will be compared with.

>>> spec = question_spec("How many orders over 100 were placed by 'ACME' per region?", None)
>>> spec.aggregations, spec.group_by, [(f.op, f.value, f.strength) for f in spec.filters]
(('COUNT',), ('region',), [('>', 100, 'strong'), ('=', 'acme', 'strong')])
>>> spec = question_spec("How many enterprise clients are in Canada?",
...     "Count the clients whose segment is 'enterprise' and whose country is 'Canada'")
>>> [f.describe() for f in spec.filters], spec.drift
(["segment = 'enterprise'", "country = 'canada'"], ())
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from stef_core.gated import gated
from stef_core.models import Ruleset
from stef_core.periods import SEASONS, WEEKDAYS, literal_span
from stef_core.spec import (
    REFORMULATION_JOIN,
    Ask,
    Binding,
    Filter,
    Op,
    OrderRequest,
    Period,
    QuestionSpec,
    Scalar,
    Source,
    Strength,
    Value,
)
from stef_core.values import fold_text, value_key
from stef_core.words import CODED_COLUMN_WORDS, stem
from stef_question.concepts import (
    aggregates,
    comparatives,
    enrichment,
    grouping,
    nulls,
    ordering,
    projection,
    superlatives,
    values,
)
from stef_question.concepts.time import question_periods, read_time, time_spans
from stef_question.lexicon import Lexicon, freeze, lexicon
from stef_question.text import MAX_CHARS, Text, Token, tokenize

#: A division written as SQL: next to a parenthesis, or between spaced operands.
_SQL_DIVISION = re.compile(r"\)\s*/|/\s*\(|\w\s+/\s+\w")
#: Words listed in brackets with slashes ("split by platform (iOS / Android)"): the groups'
#: names, "or", no division.
_LISTED = re.compile(r"\(\s*[A-Za-z][\w\- ]{0,30}(?:/\s*[A-Za-z][\w\- ]{0,30}){1,8}\)")
#: Most requirements one record carries (the rest are not read: see values.MAX_VALUES).
MAX_REQUIREMENTS = 32
#: Most time expressions claimed in one text.
MAX_TIMES = 32
#: Column names a hint's period may use that are words, not columns ("the year = 1980").
_TIME_WORDS = frozenset({"year", "years", "month", "months", "day", "days", "quarter"})
_RANK = {"rules": 0, "hint": 1, "enrichment": 2, "question": 3}
#: The extreme a superlative asks for, by the direction it ranks in.
_EXTREME: dict[str, Literal["max", "min"]] = {"desc": "max", "asc": "min"}


@dataclass(frozen=True, slots=True)
class Frame:
    """What one text says, concept by concept."""

    text: Text
    values: tuple[values.Value, ...] = ()
    comparisons: tuple[comparatives.Comparison, ...] = ()
    negated: tuple[comparatives.Negated, ...] = ()
    times: tuple[tuple[int, int], ...] = ()  # token spans of time expressions (periods)
    nulls: tuple[tuple[str, Op, int, int], ...] = ()
    aggregates: aggregates.Aggregates = field(default_factory=aggregates.Aggregates)
    superlative: superlatives.Superlative = field(default_factory=superlatives.Superlative)
    groups: tuple[str, ...] = ()
    rates: tuple[str, ...] = ()  # "orders per customer" on average: a ratio per a group
    loose_groups: tuple[str, ...] = ()  # "of their department": some grouping
    plain_groups: tuple[str, ...] = ()  # "orders by channel": a group if the SQL aggregates
    ranked_by: tuple[str, ...] = ()  # "the top 5 products by revenue": the ranking's criterion
    projections: tuple[Ask, ...] = ()
    order: OrderRequest | None = None
    asks_list: bool = False
    asks_yes_no: bool = False

    def requirements(self, source: Source) -> list[Filter]:
        """The constraints this text states, as filters (column None where unsaid)."""
        out: list[Filter] = []
        for c in self.comparisons:
            if c.value is not None:
                out.append(Filter(None, c.op, c.value, source,
                                  "weak" if c.duration else "strong"))
        for n in self.negated:
            out.append(Filter(n.word, "not", None, source, n.strength))
        for column, op, _, _ in self.nulls:
            out.append(Filter(column, op, None, source))
        for v in self.values:
            out.append(Filter(None, v.op, v.value, source, v.strength))
        return out


#: Words that ask for an order statistic of rows, an aggregate the lexicon does not list.
_ORDER_STATISTIC = frozenset({"median", "medians", "percentile", "percentiles", "quartile",
                              "p50", "p75", "p90", "p95", "p99", "typical"})


def _counted_before_count(reform: Frame | None) -> tuple[str, ...]:
    """The nouns a reformulation counts by naming them before "count" ("with the wheel
    count"): what its SQL may sum as a stored count. (Not its "number of animals", which
    restates what the question counts, often rows of another kind.)"""
    if reform is None or "COUNT" not in reform.aggregates.strong:
        return ()
    toks = reform.text.tokens
    return tuple(toks[i - 1].low for i in range(2, len(toks))
                 if toks[i].low in ("count", "counts") and toks[i - 1].kind == "word"
                 and toks[i - 2].low in ("the", "a", "its", "their", "with"))


def _zeros(text: Text) -> list[int]:
    """The tokens of "0s" ("show 0s", "incl 0s"): the plural of zero, the groups shown at
    nothing, no value a row must equal.

    >>> from stef_question.text import tokenize
    >>> _zeros(tokenize("cancelled orders per channel, show 0s")), _zeros(tokenize("0 s"))
    ([6, 7], [])
    """
    toks = text.tokens
    if "0" not in text.words:  # (most texts: no zero to look at, one scan in C)
        return []
    return [k for i, t in enumerate(toks[:-1]) if t.kind == "number" and t.low == "0"
            and toks[i + 1].low == "s" and toks[i + 1].start == t.end for k in (i, i + 1)]


def read_frame(text: Text, lex: Lexicon, bound: frozenset[int] = frozenset(),
               bound_ranking: frozenset[int] = frozenset(),
               bound_terms: frozenset[int] = frozenset()) -> Frame:
    """Read every concept of one text. ``bound`` tokens (explained by the enrichment) are
    claimed from the start: no reader takes a value or an operator from them;
    ``bound_ranking`` tokens rank nothing (they name a column); ``bound_terms`` tokens are
    defined by an enrichment expression or column ("monthly average = count / 12"): they
    ask for no grouping of their own."""
    claimed = set(bound)
    # Time expressions are periods (stef_question.concepts.time): "2024" in "in March 2024" is
    # no number, "March" no name, "the last 30 days" no top-k.
    times: list[tuple[int, int]] = []
    for a, b in time_spans(text.raw)[:MAX_TIMES]:
        i, j = text.index_at(a), text.index_at(b - 1) + 1
        if i < j:
            times.append((i, j))
            claimed.update(range(i, j))
    claimed.update(_week_bounds(text, times))
    claimed.update(_zeros(text))
    comps, taken = comparatives.read(text, lex, frozenset(claimed))
    claimed |= taken
    sup, taken = superlatives.read(text, lex, frozenset(claimed) | bound_ranking)
    # Where each ranking phrase ends ("the highest", "top 5"): a "by" soon after may name
    # what is ranked by.
    ranking_ends = tuple(b for _, b in sup.spans) + ((max(taken) + 1,) if taken else ())
    claimed |= taken
    aggs, agg_taken = aggregates.read(text, lex, frozenset(claimed))
    claimed |= agg_taken
    order = ordering.read(text, lex, frozenset(claimed))
    # (an order statistic is an aggregate too: "median billed per dive by indication")
    aggregated = bool(aggs.strong or aggs.weak or aggs.ratio or sup.present) or bool(
        _ORDER_STATISTIC.intersection(text.words))
    grouped, taken = grouping.read(text, lex, frozenset(claimed) | bound_terms,
                                   aggregated=aggregated,
                                   ranking_ends=ranking_ends)
    ranking = frozenset(k for a, b in sup.spans for k in range(a, b))
    # What is shown does not depend on what the enrichment binds: bound words still name it.
    asked = projection.read(text, lex, frozenset(claimed - bound) | ranking, agg_taken)
    claimed |= taken
    claimed |= ranking  # "the most active users": a ranking word, not a value
    found_nulls = nulls.read(text, lex, frozenset(claimed))
    for _, _, a, b in found_nulls:
        claimed.update(range(a, b))
    found_values = values.read(text, lex, frozenset(claimed))
    for v in found_values:
        claimed.update(range(v.start, v.end))
    negated = comparatives.negations(text, lex, frozenset(claimed))
    first = text.tokens[0].low if text.tokens else ""
    request = lex.get("request", first) if first else None
    head = " ".join(text.words[:2])
    return Frame(
        text=text,
        values=found_values,
        comparisons=comps,
        negated=negated,
        times=tuple(times),
        nulls=found_nulls,
        aggregates=aggs,
        superlative=sup,
        groups=grouped.groups,
        rates=grouped.rates,
        loose_groups=grouped.loose,
        plain_groups=grouped.plain,
        ranked_by=grouped.ranked_by,
        projections=asked,
        order=order,
        asks_list=request == "list" or lex.get("request", head) == "list",
        asks_yes_no=request == "yesno",
    )


# --------------------------------------------------------------------------------------------
# from frames to the spec
# --------------------------------------------------------------------------------------------


def _vkey(value: Value) -> str:
    if isinstance(value, tuple):
        return ",".join(value_key(v) for v in value)
    return value_key(value)


def _op_class(op: str) -> str:
    return "=" if op in ("=", "in", "like") else op


def merge_requirements(filters: list[Filter]) -> tuple[Filter, ...]:
    """One requirement per value and operator: the most exact source wins (R_app, then the
    hint, the reformulation, the question); a column named anywhere is kept; the question keeps
    the last word on the operator ("over 11" with the hint ``EDUCATIONNUM = 11`` is ``> 11``, "more
    than 3" restated as ``>= 3`` is ``> 3``)."""
    # a quoted value of the reformulation that its own condition turns round ("without any
    # veteran case (veteran_yn = 'Y')" is ``veteran_yn != 'y'``) is that condition's value,
    # not also a value asked as it is
    turned = {(f.source, _vkey(f.value)) for f in filters[:MAX_REQUIREMENTS * 4]
              if f.column and f.op in ("!=", "not in") and f.source in ("enrichment", "hint")}
    if turned:
        filters = [f for f in filters if not (f.column is None and f.op in ("=", "in")
                                              and (f.source, _vkey(f.value)) in turned)]
    # a terse absence of the person's own ("direct bookings (no broker)", weak: "no" opens
    # idioms too) that the reformulation restates as an absence of the same thing ("without
    # a broker") is said twice, once in full: the restated absence is asked outright
    terse = {stem(f.column) for f in filters[:MAX_REQUIREMENTS * 4]
             if f.source == "question" and f.op == "not" and f.column and f.strength == "weak"}
    if terse:
        filters = [replace(f, strength="strong") if (
            f.source == "enrichment" and f.op == "is null" and f.column
            and f.strength == "weak" and stem(f.column) in terse) else f for f in filters]
    question_ops: dict[str, Op] = {}
    for f in filters:
        if f.source == "question" and f.op not in ("=", "!="):
            question_ops.setdefault(_vkey(f.value), f.op)
    # "sessions of at least 2 hours" restated "longer than 120 minutes": the bound said again
    # in a smaller unit is the question's, with the question's operator
    scaled: dict[str, Filter] = {}
    for f in filters[:MAX_REQUIREMENTS * 4]:
        v = f.value
        if (f.source == "question" and f.op in (">", ">=", "<", "<=")
                and isinstance(v, (int, float)) and not isinstance(v, bool) and v not in (0, 1)):
            for factor in _UNIT_FACTORS:
                w = v * factor
                scaled.setdefault(_vkey(int(w) if float(w).is_integer() else w), f)
    # (the question's own bound stays: its unit may be what a period of the SQL answers,
    # "8+ weeks" restated "56 or more days" beside INTERVAL 56 DAY)
    for f in filters[:MAX_REQUIREMENTS * 4]:
        k = _vkey(f.value)
        if (f.source in ("hint", "enrichment") and k not in question_ops and k in scaled
                and _same_way(f.op, scaled[k].op)):
            question_ops[k] = scaled[k].op
    ordered = sorted(filters, key=lambda f: (_RANK.get(f.source, 3), f.strength != "strong"))
    out: dict[tuple[str, str], Filter] = {}
    for f in ordered:
        asked_op = question_ops.get(_vkey(f.value)) if f.source in ("hint", "enrichment") else None
        if asked_op is not None and (f.op == "=" or _same_way(f.op, asked_op)):
            # "more than 3 returns" restated as ``COUNT(returns) >= 3``: the user's words
            # decide the bound; the restatement names the column
            f = Filter(f.column, asked_op, f.value, f.source, f.strength)
        bound = _bound(f)  # "more than 1" and "at least 2" are one requirement
        # (a negation or a missing value has no value: its word or column tells one from
        # another, "excluding remakes" beside "(cancelled excluded)")
        key = (f"{bound[1]}", bound[0]) if bound else (
            _vkey(f.value) if f.value is not None else f"column {stem(f.column or '')}",
            _op_class(f.op))
        if key in out:
            kept = out[key]
            if kept.strength == "weak" and f.strength == "strong":
                out[key] = Filter(kept.column, kept.op, kept.value, kept.source, "strong")
            continue
        out[key] = f
        if len(out) >= MAX_REQUIREMENTS:
            break
    return tuple(out.values())


#: How many of a smaller unit one of a larger holds (hours in minutes, days in hours, weeks in
#: days, years in months, hours and days in seconds and minutes, thousands).
_UNIT_FACTORS = (60, 24, 7, 12, 3600, 1440, 1000)


def _same_way(a: str, b: str) -> bool:
    """Two bounds of one direction (``>`` and ``>=``, ``<`` and ``<=``)."""
    return {a, b} <= {">", ">="} or {a, b} <= {"<", "<="}


def _bound(f: Filter) -> tuple[str, int] | None:
    """A bound on a whole number in one form: "more than 1" and "at least 2" are one
    constraint (``>= 2``)."""
    v = f.value
    if not isinstance(v, int) or isinstance(v, bool) or f.op not in (">", ">=", "<", "<="):
        return None
    return {">": (">=", v + 1), ">=": (">=", v), "<": ("<=", v - 1), "<=": ("<=", v)}[f.op]


_ID_COLUMN = re.compile(r"(?:^|_)id$")
#: "grouped by line of business (lob_cd)", "the origin airport (origin_iata)": an agent's
#: reformulation naming the column its words are read from.
_NAMED_COLUMN = gated(r"\(\s*([A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*)\s*\)")
_WORD_BEFORE = re.compile(r"[A-Za-z][\w'-]*")
_LEADING = frozenset({"by", "per", "the", "of", "a", "an", "for", "each", "every", "which", "what",
                      "grouped", "group", "and", "with", "in", "on"})


#: Days of the week a question keeps ("revenue on weekends", "orders on Saturdays", "weekday
#: traffic"), not a breakdown by them ("by weekday", "weekday vs weekend").
_WEEKDAY_KEPT = re.compile(
    r"\b(weekends?|weekdays?|(?:" + "|".join(WEEKDAYS) + r")s)\b"
    r"(?!\s+(?:vs\.?|versus|and|or)\b)", re.IGNORECASE)


#: One day of the week said as any such day ("completed on a Saturday", "every Monday"): the
#: day kept, as "on Saturdays" keeps it ("on Saturday" alone may be one date: not read).
_WEEKDAY_ANY = re.compile(
    r"\b(?:on\s+an?|every)\s+(" + "|".join(WEEKDAYS) + r")\b"
    r"(?!\s+(?:vs\.?|versus|and|or)\b)", re.IGNORECASE)


#: Words that make "weekend" one weekend, a period ("last weekend", "this weekend").
_RELATIVE_BEFORE = re.compile(r"\b(?:this|current|last|previous|prior|next|coming|"
                              r"(?:over|during|on|at|from|for)\s+the)\s+$")


#: Words joining the two ends of a span of weekdays ("Monday to Sunday", "Mon-Sun").
_SPAN_WORDS = frozenset({"to", "through", "thru", "till", "until", "-", "\u2013", "\u2014"})
#: The two ways a whole week is spelled from its first day to its last.
_WHOLE_WEEKS = frozenset({("monday", "sunday"), ("sunday", "saturday")})
_WEEKDAY_WORDS = frozenset(WEEKDAYS)


def _week_bounds(text: Text, times: list[tuple[int, int]]) -> set[int]:
    """Tokens of weekday names that describe a period's bounds, not days kept: a whole week
    spelled from its first day to its last ("last week (2026-03-09 to 2026-03-15, Monday to
    Sunday)"), and a weekday written next to a date ("Monday 2026-03-09"), which labels it. A
    shorter span ("Monday to Friday") keeps only some days and is left to the value readers.

    >>> sorted(_week_bounds(tokenize("last week, Monday to Sunday"), []))
    [3, 4, 5]
    >>> sorted(_week_bounds(tokenize("orders placed Monday to Friday"), []))
    []
    """
    words = text.words
    if _WEEKDAY_WORDS.isdisjoint(words):  # (most texts: tested at once, no step per word)
        return set()
    days = [i for i, w in enumerate(words) if w in WEEKDAYS]
    out: set[int] = set()
    for i in days:
        if (i + 2 < len(words) and words[i + 1] in _SPAN_WORDS
                and (words[i], words[i + 2]) in _WHOLE_WEEKS):
            out.update((i, i + 1, i + 2))
        if any(b == i or a == i + 1 for a, b in times):
            out.add(i)  # "Monday 2026-03-09", "2026-03-09 Monday"
    return out


#: A whole week spelled by its first and last days ("league weeks run Sunday to Saturday").
_WEEK_SPAN = re.compile(r"\bweeks?\b[^.;]{0,40}?\b(" + "|".join(WEEKDAYS) + r")"
                        r",?\s*(?:\d{4}-\d\d-\d\d|[a-z]{3,9}\.? \d{1,2}(?:,? \d{4})?"
                        r"|\d{1,2}(?:st|nd|rd|th)?(?: [a-z]{3,9})?)?,?"
                        r"\s*(?:to|through|thru|until|till|-|\u2013|\u2014)\s*("
                        + "|".join(WEEKDAYS) + r")\b", re.IGNORECASE)


#: The same span with the week named after it ("from Friday 2025-08-01 to Thursday 2025-08-07
#: (last film week)").
_SPAN_WEEK = re.compile(r"\b(" + "|".join(WEEKDAYS) + r"),?\s*(?:\d{4}-\d\d-\d\d|[a-z]{3,9}\.? "
                        r"\d{1,2}(?:,? \d{4})?)?,?\s*(?:to|through|thru|until|till|-|\u2013|\u2014)"
                        r"\s*(" + "|".join(WEEKDAYS) + r")\b[^.;]{0,30}?\bweeks?\b", re.IGNORECASE)


#: The first day said outright: "the reporting week starts Sunday", "weeks begin on Sunday".
_WEEK_STARTS = re.compile(r"\bweeks?\s+(?:starts?|begins?|runs?\s+from)\s+(?:on\s+)?("
                          + "|".join(WEEKDAYS) + r")\b", re.IGNORECASE)


def _told_week_start(reformulated: str) -> int:
    """The first day of the week (0 = Monday) the reformulation says its weeks run from
    ("last league week (league weeks run Sunday to Saturday)"), a whole week spelled from its
    first day to its last; 0 when it says none.

    >>> _told_week_start("Games in the last league week (league weeks run Sunday to Saturday)")
    6
    >>> _told_week_start("Fittings in the week Sunday 2026-04-12 through Saturday 2026-04-18")
    6
    >>> _told_week_start("Sessions on weekdays, Monday to Friday"), _told_week_start("x")
    (0, 0)
    >>> _told_week_start("Cars from Friday 2025-08-01 to Thursday 2025-08-07 (last film week)")
    4
    >>> _told_week_start("Shifts in the payroll week, Sunday 24 to Saturday 30 May 2026")
    6
    >>> _told_week_start("Covers since Sunday 14 September (the reporting week starts Sunday)")
    6
    """
    text = reformulated[:MAX_CHARS]
    if "week" not in text.lower():  # (both spellings name the week)
        return 0
    said = _WEEK_STARTS.search(text)
    if said is not None:
        return WEEKDAYS.index(said.group(1).lower())  # "(the reporting week starts Sunday)"
    m = _WEEK_SPAN.search(text) or _SPAN_WEEK.search(text)
    if m is None:
        return 0
    start, end = WEEKDAYS.index(m.group(1).lower()), WEEKDAYS.index(m.group(2).lower())
    return start if (end + 1) % 7 == start else 0


def _weekdays(question: str, asked: list[Filter]) -> list[Filter]:
    """Weak requirements for the days of the week the question keeps, when the question's
    own reading has none for them (a weekday is an inference about how the SQL spells it)."""
    low = question[:MAX_CHARS].lower()
    if "day" not in low and "week" not in low:  # every match holds one (case-insensitively)
        return []
    # a weak reading of the same word ("Saturdays" as a name) is made strong by merging
    have = {str(f.value).lower() for f in asked
            if isinstance(f.value, str) and f.strength == "strong"}
    out: list[Filter] = []
    for m in _WEEKDAY_KEPT.finditer(question[:MAX_CHARS]):
        word = m.group(1).lower()
        before = question[max(0, m.start() - 12):m.start()]
        if word == "weekend" and _RELATIVE_BEFORE.search(before):
            continue  # "last weekend": a period (two days), read with the other times
        if word not in have and not re.search(r"\b(?:by|per|each|vs\.?|versus)\s+$", before):
            # "on Saturdays", "on weekends", "every Monday": the days kept, plainly; a
            # word used as an adjective ("weekend occupancy") is read by inference
            plain = word.endswith("s") or re.search(r"\b(?:on|every)\s+(?:a\s+)?$", before)
            out.append(Filter(None, "=", word, "question", "strong" if plain else "weak"))
            have.add(word)
    for m in _WEEKDAY_ANY.finditer(question[:MAX_CHARS]):
        word = m.group(1).lower()
        if word not in have and word + "s" not in have:
            out.append(Filter(None, "=", word, "question", "strong"))
            have.add(word)
    return out[:4]


def _named_columns(text: str) -> tuple[Binding, ...]:
    """The columns a reformulation names in parentheses after the words they answer ("by
    line of business (lob_cd)"), as bindings of those words (at most 8)."""
    out: list[Binding] = []
    for m in _NAMED_COLUMN.finditer(text[:MAX_CHARS]):
        # the (at most four) words right before the parenthesis, read in a short window so
        # that a long text costs one pass
        window = text[max(0, m.start() - 80):m.start()]
        words = [w.lower() for w in _WORD_BEFORE.findall(window)[-4:]]
        while words and words[0] in _LEADING:
            words = words[1:]
        if words:
            out.append(Binding(phrase=" ".join(words), columns=(m.group(1).lower(),)))
        if len(out) >= 8:
            break
    return tuple(out)


def _scope(f: Filter) -> bool:
    """Does a condition of the reformulation only state the deployment's scope: one tenant or
    store (``store_id = 17``), or rows flagged out (``is_test = FALSE``)? Those narrow every
    question alike; they are no constraint of this one."""
    column = (f.column or "").lower()
    if f.op == "=" and _ID_COLUMN.search(column) and not isinstance(f.value, tuple):
        return True
    return column.startswith("is_") and f.op == "=" and f.value is False


def _flag_named(f: Filter, folded: str) -> bool:
    """Is ``f`` a flag the question names by its words ("an sla breach" /
    ``sla_breached = TRUE``, "hazmat loads" / ``is_hazmat = 1``)?"""
    if f.value not in (True, False, 1, 0) or not f.column:
        return False
    words = [w for w in re.split(r"[_\W]+", f.column.lower()) if w and w not in ("is", "has")]
    said = {stem(w) for w in re.findall(r"[a-z0-9]+", folded)}
    return bool(words) and all(stem(w) in said for w in words)


def _mentioned(value: Value, folded: str) -> bool:
    """Does the folded text spell the value out (as whole words; 'water_damage' as "water
    damage")?"""
    if isinstance(value, tuple):
        return all(_mentioned(v, folded) for v in value)
    key = fold_text(str(value))
    if "_" in key and _mentioned(key.replace("_", " "), folded):
        return True
    if not key:
        return False
    start = folded.find(key)
    while start >= 0:
        end = start + len(key)
        if (start == 0 or not folded[start - 1].isalnum()) and (
            end == len(folded) or not folded[end].isalnum()
        ):
            return True
        start = folded.find(key, start + 1)
    return False


#: The short forms people type for a term's words ("avg fare" is the term "average fare").
_SHORT = {"average": ("avg",), "amount": ("amt",), "quantity": ("qty",),
          "percent": ("pct",), "percentage": ("pct",),
          "transaction": ("txn",), "transactions": ("txns",), "number": ("num",),
          "minimum": ("min",), "maximum": ("max",)}


def term_forms(term: str) -> set[str]:
    """The spellings a term is said in: as written, hyphens as spaces ("no show rate" for
    "no-show rate"), its words' short forms ("avg fare" for "average fare") and a leading
    participle after the noun ("room nights blocked" for "blocked room nights"). (Not the
    plural of the last word: measured on the production logs' held-out half, it cost a
    version pair and 0.002 of MAE.)

    >>> sorted(term_forms("average fare"))
    ['average fare', 'avg fare']
    >>> "room nights blocked" in term_forms("blocked room nights")
    True
    """
    base = " ".join(fold_text(term).replace("-", " ").split())
    words = base.split()
    if not words:
        return set()
    out = {fold_text(term), base}
    shapes = [words]
    for i, w in enumerate(words):
        shapes += [[*shape[:i], short, *shape[i + 1:]] for shape in list(shapes)
                   for short in _SHORT.get(w, ())]
    for shape in shapes:
        out.add(" ".join(shape))
        if len(shape) > 1 and shape[0].endswith("ed") and len(shape[0]) > 4:
            out.add(" ".join([*shape[1:], shape[0]]))
    return out


def mentioned_terms(terms: Iterable[str], folded: str) -> tuple[str, ...]:
    """The R_app terms the folded text uses in one of their forms (:func:`term_forms`), a
    term said only inside a longer one left out ("room nights" in "blocked room nights": the
    longer term is what is meant)."""
    found: dict[str, list[tuple[int, int]]] = {}
    for term in terms:
        spans = [m.span() for form in sorted(term_forms(term), key=len, reverse=True)
                 for m in re.finditer(rf"(?<![\w]){re.escape(form)}(?![\w])", folded)]
        if spans:
            found[term] = spans
    return tuple(t for t, spans in found.items() if not all(
        any(o != t and a <= start and end <= b and (a, b) != (start, end)
            for o, others in found.items() for a, b in others)
        for start, end in spans))


#: Requirements that deny a state ("weren't active", "not picked up"), and the words a
#: reformulation denies one with.
_DENIALS = frozenset({"!=", "not", "not in"})
_DENIES = re.compile(r"\b(?:not|no|never|without|none|neither|nor)\b|n't\b")


#: A season, a school or fiscal year or a quarter said before a two-digit year ("fall 26", "FY26",
#: "Q3 '25"): the year of a term, which a reformulation writes out ("Fall 2026").
_SHORT_YEAR_AFTER = re.compile(rf"(?:\b(?:{'|'.join(SEASONS)}|fy|ay|sy|q[1-4])\s*|['\u2019])$")


def _year_written_out(value: Value, q_text: str, r_text: str) -> bool:
    """Is ``value`` a two-digit year the question says after a season, "FY" or a quarter
    ("fall 26") and the reformulation writes in full ("Fall 2026")? Restated, not dropped."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
        return False
    if not re.search(rf"\b20{value:02d}\b", r_text):
        return False
    for m in re.finditer(rf"(?<![\w.]){value:02d}\b", q_text[:2000]):
        if _SHORT_YEAR_AFTER.search(q_text[max(0, m.start() - 12):m.start()]):
            return True
    return False


def _drift(question: Frame, asked: list[Filter], reform: Frame, stated: list[Filter],
           explicit: list[Filter], q_text: str, r_text: str) -> tuple[str, ...]:
    """Constraints the reformulation added, changed or dropped. A value both texts spell out
    is never drift, whatever each reader made of it."""
    out: list[str] = []
    asked_keys = {_vkey(f.value) for f in asked}
    asked_bounds = {b for f in asked if (b := _bound(f)) is not None}
    stated_bounds = {b for f in stated if (b := _bound(f)) is not None}
    # One value added once: two readers of the reformulation ("stage = 'closed_won'" as a
    # fragment, 'closed_won' as a quoted value; an IN list and its values) must not make it
    # two constraints. A reading that names the column comes first, a list before its values.
    added: set[str] = set()
    for f in sorted(explicit, key=lambda f: (not f.column, not isinstance(f.value, tuple))):
        if f.value is None or _scope(f) or _flag_named(f, q_text):
            continue
        key = _vkey(f.value)
        if (key not in asked_keys and key not in added and not _mentioned(f.value, q_text)
                and _bound(f) not in asked_bounds):
            out.append(f"added {f.describe()}")
        added.add(key)
        if isinstance(f.value, tuple):
            added.update(_vkey(v) for v in f.value)
    for f in asked:
        if f.strength != "strong" or f.value is None:
            continue
        if f.op in _DENIALS and _DENIES.search(r_text):
            # a state the question denies, restated in other words that deny it too
            # ("players who weren't active the day before" / "... but not on the day before")
            continue
        if _vkey(f.value) not in {_vkey(s.value) for s in stated} and not _mentioned(
            f.value, r_text
        ) and _bound(f) not in stated_bounds and not _year_written_out(f.value, q_text, r_text):
            out.append(f"dropped {f.describe()}")
    qk, rk = question.superlative.k, reform.superlative.k
    if qk is not None and rk is not None and qk != rk:
        out.append(f"top-k changed from {qk} to {rk}")
    return tuple(dict.fromkeys(out))[:8]


def _bind(question: Text, hint: enrichment.Hint, lex: Lexicon) -> tuple[
        list[Filter], frozenset[int], frozenset[int], frozenset[int]]:
    """Anchor the hint's bindings in the question.

    Returns the hint's conditions as requirements, the tokens whose values and operators the
    bindings answer, the tokens whose aggregate words a binding explains ("average salary"
    bound to ``A11`` asks for no AVG), and those whose ranking words name a column. A
    condition bound to a phrase the question does not contain (a hint that defines
    alternatives: "Status = 'D' stands for running contract, client in debt") is a weak
    requirement; one bound to a phrase it contains, or written on
    its own, is strong.
    """
    bound_values: set[int] = set()
    bound_aggs: set[int] = set()
    bound_ranking: set[int] = set()
    required: list[Filter] = [
        Filter(f.column, f.op, f.value, "hint", "strong") for f in hint.fragments
    ]
    # One column defined with several values by separate bindings ("CommentsXML = 0 ...;
    # CommentsXML = 1 ..."): alternatives the hint explains, not all required.
    values_of: dict[str, set[str]] = {}
    for b in hint.bindings:
        for f in b.filters:
            if f.column and f.op == "=":
                values_of.setdefault(f.column, set()).add(_vkey(f.value))
    alternatives = {c for c, vs in values_of.items() if len(vs) > 1}
    # Of such alternatives the question picks those whose phrase it says ("women" of "women
    # refers to gender = 'F'; men refers to gender = 'M'"): those are required, the others not.
    picked = {f.column for b in hint.bindings for f in b.filters
              if f.column in alternatives and enrichment.anchor(question, b.phrase) is not None}
    own: tuple[tuple[values.Value, ...], tuple[comparatives.Comparison, ...]] | None = None
    for b in hint.bindings:
        span = enrichment.anchor(question, b.phrase)
        said: list[Value] = []
        if span is not None:
            if b.filters:
                bound_values.update(range(*span))
                if own is None:
                    times = _time_tokens(question)
                    own = (values.read(question, lex, times),
                           comparatives.read(question, lex, times)[0])
                said = _said_in(span, own, b.filters)
            elif b.columns and span[1] - span[0] >= 3:
                bound_values.update(range(*span))  # "crimes committed in 1995" names a column
            if b.filters or b.columns or b.expression:
                bound_aggs.update(range(*span))
        if span is None and (b.columns or b.expression):
            window = enrichment.loose_span(question, b.phrase)
            if window is not None:
                bound_aggs.update(range(*window))
        if b.columns and not b.filters and not b.expression:
            # "time that a coin reaches its highest price refers to time_high": a ranking word
            # inside a phrase that names a column ranks nothing.
            window = span or enrichment.loose_span(question, b.phrase)
            if window is not None:
                bound_ranking.update(range(*window))
        near = span is not None or enrichment.loosely_anchored(question, b.phrase)
        for f in b.filters:
            if f.column in picked and span is None:
                continue
            if f.column in alternatives and f.column not in picked and f.op == "=":
                continue  # none picked: any one of them (below)
            strength: Strength = (
                "strong" if near and (f.column not in alternatives or span) else "weak")
            value: Value = f.value
            op = f.op
            if len(b.filters) <= 2 and said and not isinstance(value, tuple):
                # The question's own words answer the phrase too: "street Alameda de las
                # Pulgas refers to street_name = 'avenida de las pulgas'", "between 1900 to
                # 1950 refers to ParagraphNum >= 1500": either spelling meets it.
                same = [v for v in said if _same_kind(v, value, op) and not isinstance(v, tuple)]
                if same:
                    # a tuple under "=" means any one of them (an IN list asks for all)
                    merged: tuple[Scalar, ...] = tuple(sorted(
                        {value, *same}, key=lambda v: (type(v).__name__, str(v))))
                    value = merged if len(merged) > 1 else merged[0]
            required.append(Filter(f.column, op, value, "hint", strength))
    for column in sorted(alternatives - picked):
        # "Status = 'C' stands for running contract, OK so far; Status = 'D' stands for
        # running contract, client in debt": any one of the values the hint explains
        options = tuple(sorted({f.value for b in hint.bindings for f in b.filters
                                if f.column == column and f.op == "=" and f.value is not None
                                and not isinstance(f.value, tuple)},
                               key=lambda v: (type(v).__name__, str(v))))
        if options:
            required.append(Filter(column, "=", options if len(options) > 1 else options[0],
                                   "hint", "weak"))
    return required, frozenset(bound_values), frozenset(bound_aggs), frozenset(bound_ranking)


def _time_tokens(text: Text) -> frozenset[int]:
    """Tokens of the text's time expressions (periods, no values)."""
    out: set[int] = set()
    for a, b in time_spans(text.raw)[:MAX_TIMES]:
        out.update(range(text.index_at(a), text.index_at(b - 1) + 1))
    return frozenset(out)


def _said_in(span: tuple[int, int], own: tuple[tuple[values.Value, ...],
             tuple[comparatives.Comparison, ...]], filters: tuple[Filter, ...]) -> list[Value]:
    """Values the question itself states inside a bound span: a name covering most of it,
    or the numbers of its comparatives (paired with the binding's operators)."""
    names, comps = own
    width = max(1, span[1] - span[0])
    out: list[Value] = []
    for v in names:
        if span[0] <= v.start and v.end <= span[1] and v.op == "=" and (
            v.kind == "quoted" or 2 * (v.end - v.start) >= width or v.kind == "number"
        ):
            out.append(v.value)
    ops = {f.op for f in filters}
    for c in comps:
        if span[0] <= c.start and c.end <= span[1] and (
            c.op in ops or {c.op, *ops} <= {">", ">="} or {c.op, *ops} <= {"<", "<="}
        ):
            out.append(c.value)
    return out


def _same_kind(said: Value, value: Value, op: str) -> bool:
    """Can ``said`` stand in for ``value`` under ``op`` (a name for a name, a number for a
    number of a comparison)?"""
    if isinstance(value, str) and "%" in value:
        return False
    if isinstance(value, str):
        return isinstance(said, str) and op == "="
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return isinstance(said, (int, float)) and not isinstance(said, bool)
    return False


#: A window said in a number glued to a unit's letter after a word of recency ("last 30d",
#: "past 12mo", "trailing 4wk", "next 24h") or as an analyst's tag ("l30d", "L7D", "l12m").
_GLUED_WINDOW = re.compile(
    r"\b(last|past|previous|prior|trailing|rolling|next|within|over)\s+(\d{1,3})\s?"
    r"(d|h|hr|hrs|w|wk|wks|mo|mos|y|yr|yrs)\b", re.IGNORECASE)
_WINDOW_TAG = re.compile(r"\bl(\d{1,3})(d|w|m)\b", re.IGNORECASE)
_GLUED_UNITS = {"d": "days", "h": "hours", "hr": "hours", "hrs": "hours", "w": "weeks",
                "wk": "weeks", "wks": "weeks", "mo": "months", "mos": "months", "m": "months",
                "y": "years", "yr": "years", "yrs": "years"}


def spelled_durations(text: str) -> str:
    """The question with a window glued to its unit's letter spelled out ("signups last 30d" is
    "signups last 30 days", "l7d revenue" is "last 7 days revenue"), so the period readers see
    a number of days, not a top-k of 30 ("last 30") or a ``? = 'l7d'``. Only after a word of
    recency, or as the ``l<n><unit>`` tag: "3d printers" and "24h fitness" stay names.

    >>> spelled_durations("signups last 30d"), spelled_durations("L12M revenue by region")
    ('signups last 30 days', 'last 12 months revenue by region')
    >>> spelled_durations("3d printers sold past 2wk")
    '3d printers sold past 2 weeks'
    """
    if not any(map(str.isdigit, text[:4000])):  # (each character in C, no bytecode)
        return text
    text = _GLUED_WINDOW.sub(
        lambda m: f"{m.group(1)} {m.group(2)} {_GLUED_UNITS[m.group(3).lower()]}", text)
    return _WINDOW_TAG.sub(
        lambda m: f"last {m.group(1)} {_GLUED_UNITS[m.group(2).lower()]}", text)


def question_spec(
    question: str, enriched_question: str | None, rules: Ruleset | None = None
) -> QuestionSpec:
    """The spec of a question, read from the question, its enrichment and R_app only."""
    rules = rules or Ruleset()
    lex = lexicon(freeze(rules.lexicon))
    first = WEEKDAYS.index(rules.week_start)  # "last week" from the deployment's first day
    question = spelled_durations(question)
    q_text = tokenize(question)
    reformulated, hint_text = enrichment.split_enrichment(question, enriched_question)
    if first == 0 and reformulated:
        first = _told_week_start(reformulated)  # the agent's own weeks, when it says them
    hint = enrichment.read_hint(hint_text, lex)
    hint_filters, bound_values, bound_aggs, bound_ranking = _bind(q_text, hint, lex)

    frame = read_frame(q_text, lex, bound_values, bound_ranking, bound_aggs)
    explained: set[int] = set()
    for phrase in hint.explained[:16]:
        span = enrichment.anchor(q_text, phrase)
        if span is not None:
            explained.update(range(*span))
    if explained:
        # "Active loan refers to running contracts": the words name what the hint explains
        frame = replace(frame, values=tuple(
            replace(v, strength="weak") if v.start in explained else v for v in frame.values))
    if bound_aggs - bound_values:
        # Aggregate words inside a column binding are the column's name, not a function.
        extra = bound_aggs - bound_values
        kept = [s for s in frame.aggregates.spans if not any(k in extra for k in range(*s[:2]))]
        strong = tuple(dict.fromkeys(f for a, b, f in kept if f in frame.aggregates.strong))
        weak = tuple(dict.fromkeys(f for a, b, f in kept if f in frame.aggregates.weak))
        distinct = any(f == "DISTINCT" for _, _, f in kept) and frame.aggregates.distinct
        frame = _with_aggregates(frame, strong, weak, distinct)
    asked = frame.requirements("question")

    reform: Frame | None = None
    stated: list[Filter] = []
    drift: tuple[str, ...] = ()
    restated: tuple[Period, ...] | None = None
    fragments = enrichment.Hint()
    if reformulated and fold_text(reformulated) != fold_text(question):
        r_text = tokenize(reformulated)
        # The reformulation's SQL fragments are read exactly; its identifiers and the numbers
        # of its fragments are no words of a question ("LifetimeValue", "gpa < 2.0").
        reform = read_frame(r_text, lex, _sql_tokens(r_text))
        fragments = enrichment.read_hint(reformulated, lex, with_bindings=False)
        # A date the reformulation writes as a condition is a period of the question's
        # (stef_question.concepts.time compares those), not a value to require again.
        # What the reformulation writes as a condition (a fragment, a quoted value) is
        # required as written; what its prose says ("open damage claims", "carriers without
        # loads") is the agent's wording, read by inference: weak.
        # (a code named after its column's word, "(status WAITING_PARTS)", is as exact as a
        # quoted one: required as written)
        quoted = {_vkey(v.value) for v in reform.values if v.kind == "quoted"}
        coded = {_vkey(v.value) for v in reform.values if v.kind == "code" and v.op == "="
                 and r_text.tokens[v.start].text.isupper() and _coded(r_text.tokens, v.start)
                 and not _left_out_before(r_text, v.start)}
        stated = [Filter(f.column, f.op, f.value, "enrichment", f.strength)
                  for f in fragments.filters]
        stated += [Filter(f.column, f.op, f.value, "enrichment",
                          "strong" if _vkey(f.value) in coded
                          else f.strength if _vkey(f.value) in quoted else "weak")
                   for f in reform.requirements("enrichment")]
        stated = [f for f in stated
                  if not (isinstance(f.value, str) and literal_span(f.value) is not None)]
        # A question word the reformulation writes as a condition ("inactive vendors" /
        # is_active = false, "Denver" / origin = 'DEN') is that condition, not a second one.
        folded = fold_text(reformulated)
        asked = [f for f in asked if not any(
            _translates(f, g) or _defined_as(f, g, folded) for g in fragments.filters)]
        stated = [f for f in stated if f.column is not None or not any(
            _defined_as(f, g, folded) for g in fragments.filters)]
        # A state word ("pending claims", "not picked up", "active") beside a condition the
        # reformulation writes on a value or column the question never says (claim_status =
        # 'SUBMITTED', status_cd = 'BK', term_dt IS NULL) may be that condition in the data's
        # terms: the word is read by inference then, weak (the written condition is required
        # as is).
        q_folded = fold_text(q_text.raw)
        if any(g.column and ((g.op in ("=", "in") and not _mentioned(g.value, q_folded)) or (
                g.op in ("is null", "is not null") and not _mentioned(g.column, q_folded)))
               for g in fragments.filters[:64]):
            asked = [Filter(f.column, f.op, f.value, f.source, "weak")
                     if f.column is None and f.op in ("=", "not") and isinstance(f.value, str)
                     and f.source == "question" else f for f in asked]
        # What the reformulation adds is read from what it writes as a condition (a fragment,
        # a quoted value), not from its prose: "open invoices" restating "overdue" is words.
        explicit = [f for f in stated if f.column is not None or any(
            v.kind == "quoted" and v.value == f.value for v in reform.values)]
        drift = _drift(frame, asked, reform, stated, explicit, fold_text(q_text.raw),
                       fold_text(r_text.raw))
        # Periods are compared against the record's anchor ("last month" restated as "April
        # 2025" is no drift), which only the aligner knows: the reformulation's go with the spec.
        restated = read_time(reformulated[: 2 * MAX_CHARS], first)
        # A condition the reformulation adds stays a requirement as written (issue 12: the
        # enrichment's explicit conditions are requirements): SQL that skips the agent's own
        # definition ("at risk" = gpa < 2.0 OR attendance_rate < 0.75) answers neither text.
        # That it was added is drift, reported apart.
    # The question's periods and the hint's: hint conditions that spell a period leave the
    # filters (the periods are compared as intervals, whatever the spelling).
    periods, hint_filters = _periods(question, hint_text, hint_filters, first)
    required = _not_ignored(merge_requirements([*hint_filters, *stated, *asked,
                                                *_weekdays(question, asked)]), rules)

    aggs = frame.aggregates
    strong_aggs = list(aggs.strong)
    weak_aggs = list(aggs.weak)
    if reform is not None:
        # (the person's own aggregate decides: "total ammo revenue" restated as "Number of
        # ammo sales" is the reformulation's drift, not a count also asked)
        # (and "how much did we collect" restated as "average payment amount": a total asked)
        strong_aggs += [a for a in reform.aggregates.strong if a not in strong_aggs and not (
            a == "COUNT" and {"SUM", "AVG"} & set(aggs.strong) and not aggs.ratio) and not (
            a == "AVG" and aggs.strong == ("SUM",) and not aggs.ratio)]
    for func in (*hint.aggregations, *fragments.aggregations):
        if func not in strong_aggs and func not in ("MAX", "MIN"):
            strong_aggs.append(func)
    weak_aggs = [a for a in weak_aggs if a not in strong_aggs]
    if aggs.weak_ratio and not hint.ratio and not frame.rates:
        weak_aggs.append("RATIO")  # "the highest unemployment rate": perhaps a stored rate
    elif fragments.ratio and not (aggs.ratio or aggs.weak_ratio or hint.ratio) and not (
            _SQL_DIVISION.search(_LISTED.sub(" ", reformulated or ""))):
        # A slash in the reformulation's prose ("internal/deleted accounts", "null/empty"),
        # no division written as SQL ("SUM(a) / SUM(b)"): no ratio the user asked for.
        weak_aggs.append("RATIO")

    sup = frame.superlative
    restated_ranking = False
    if not sup.present and reform is not None:
        sup = reform.superlative
        restated_ranking = sup.present
    direction = sup.direction
    if direction is None and not sup.by_age and len(set(hint.directions)) == 1:
        direction = hint.directions[0]
    superlative = _EXTREME.get(direction or "")

    groups = list(frame.groups)
    restated_groups: list[str] = []
    if reform is not None:
        # A "per" / "by" the question reads as a ratio or a ranking criterion ("orders per
        # customer", "the top 3 by spend") is no group when the reformulation restates it.
        named = {w for phrase in (*frame.rates, *frame.ranked_by) for w in phrase.split()}
        restated_groups = [g for g in reform.groups
                           if g not in groups and not set(g.split()) & named]
        groups += restated_groups
    order = frame.order or (reform.order if reform is not None else None)
    columns = _needed_columns(q_text, hint, aggs.counted)
    # a hint's "the year = 1980" names no column the SQL must read
    columns -= {p.column for p in periods if p.source == "hint" and p.column in _TIME_WORDS}
    expressions = [*hint.expressions, *fragments.expressions]
    lowered = fold_text(q_text.raw)
    terms = mentioned_terms(rules.terms, lowered)
    # Two texts, not one sentence: a word that ends the question does not qualify a period
    # that starts the reformulation ("... picked up > delivered" + "August 2025 order funnel").
    joined = question + (REFORMULATION_JOIN + enriched_question if enriched_question else "")
    folded_all = fold_text(joined[: 2 * MAX_CHARS])
    numbers = tuple(
        float(f.value) for f in required
        if isinstance(f.value, (int, float)) and not isinstance(f.value, bool)
    )
    return QuestionSpec(
        aggregations=tuple(strong_aggs + weak_aggs),
        weak_aggregations=tuple(weak_aggs),
        filters=required,
        group_by=tuple(groups),
        order=order,
        top_k=sup.k,
        singular=sup.singular,
        rank=sup.rank if sup.rank and sup.rank > 1 else None,
        by_age=sup.by_age,
        flip_on=sup.flip_on,
        superlative=superlative,
        distinct=aggs.distinct,
        distinct_count=aggs.distinct_count,
        projections=projection.plain(frame.projections),
        asks=frame.projections,
        loose_groups=frame.loose_groups,
        plain_groups=frame.plain_groups,
        ranked_by=frame.ranked_by,
        relations=(*hint.relations, *fragments.relations, *(
            Filter(None, c.op, c.other, "question") for c in frame.comparisons
            if c.value is None and c.other)),
        expressions=tuple(expressions),
        columns=frozenset(columns),
        numbers=numbers,
        words=_content(q_text) | (_content(tokenize(hint_text)) if hint_text else frozenset()),
        drift=drift,
        asks_list=frame.asks_list,
        asks_yes_no=frame.asks_yes_no,
        asks_ratio=aggs.ratio or aggs.weak_ratio or hint.ratio or fragments.ratio,
        rates=frame.rates,
        keeps_empty=grouping.asks_empty_groups(folded_all),
        restated_groups=tuple(restated_groups),
        restated_ranking=restated_ranking,
        counted=tuple(dict.fromkeys((*aggs.counted, *_counted_before_count(reform)))),
        terms=terms,
        text=folded_all,
        bindings=hint.bindings + (_named_columns(reformulated) if reformulated else ()),
        periods=periods,
        restated_periods=restated,
        joined_bounds=tuple(
            (Filter(None, a.op, a.value, "question"), Filter(None, b.op, b.value, "question"),
             word) for a, b, word in comparatives.joined(frame.text, frame.comparisons)),
    )


def _periods(question: str, hint_text: str, hint_filters: list[Filter], first: int = 0
             ) -> tuple[tuple[Period, ...], list[Filter]]:
    """The periods of the question and its hint (:func:`question_periods`), and the hint
    filters left once those spelling a period are taken out."""
    # one plain filter per spelling (a merged "either spelling" tuple is its values)
    plain: list[tuple[Filter, Filter]] = []
    for f in hint_filters:
        spellings = f.value if isinstance(f.value, tuple) and f.op == "=" else (f.value,)
        plain.extend((f, Filter(f.column, f.op, v, "hint")) for v in spellings)
    periods, rest = question_periods(question[: 2 * MAX_CHARS], hint_text,
                                     [p for _, p in plain], first)
    kept = set(rest)
    return periods, list(dict.fromkeys(f for f, p in plain if p in kept))


def _needed_columns(question: Text, hint: enrichment.Hint,
                    counted: tuple[str, ...]) -> set[str]:
    """The columns the hint says the answer needs: those of its clauses that bind no phrase,
    and of bindings whose phrase the question uses ("full name = firstname, lastname" asks
    for nothing when the question never says "full name"); a counted noun's column is not
    needed ("methods refers to Name" in "how many methods": COUNT(*) counts them)."""
    bound: set[str] = set()
    needed: set[str] = set()
    counted_stems = {stem(w) for w in counted}
    for b in hint.bindings[:64]:
        cols = {c.lower() for c in b.columns}
        bound |= cols
        if not cols:
            continue
        if not (enrichment.anchor(question, b.phrase) is not None
                or enrichment.loosely_anchored(question, b.phrase)):
            continue
        if any(stem(w) in counted_stems for w in b.phrase.split()[:8]):
            continue
        needed |= cols
    return needed | {c for c in hint.columns if c.lower() not in bound}


def _not_ignored(required: tuple[Filter, ...], rules: Ruleset) -> tuple[Filter, ...]:
    """``required`` without what R_app ignores (``ignore filter status``): a filter on an
    ignored column, or a value R_app declares for one ("pending" of ``status``)."""
    if not rules.ignored_filters:
        return required
    ignored = {_vkey(c) for c in rules.ignored_filters}
    declared = {_vkey(v) for c, cat in rules.categories.items()
                if _vkey(c.rsplit(".", 1)[-1]) in ignored
                for v in (*cat.values, *cat.words)}
    return tuple(
        f for f in required
        if not (f.column and _vkey(f.column) in ignored)
        and not (f.column is None and not isinstance(f.value, tuple)
                 and _vkey(f.value) in declared)
    )


_OPERATORS = frozenset({"=", "<", ">", "!", "(", ")"})


def _left_out_in_words(toks: tuple[Token, ...], i: int) -> int | None:
    """The closing parenthesis of the one opened at ``toks[i]`` when it is prose that leaves
    rows out ("(reprints excluded)", "(quotes, cancellations and reprints left out)": plain
    words and commas only, ending in a participle that leaves them out, as
    :func:`stef_question.concepts.comparatives.negations` reads them), else None. Its words
    are words, not the operands SQL puts round a parenthesis.

    >>> from stef_question.text import tokenize
    >>> t = tokenize("orders in January 2026 (reprints excluded), per customer")
    >>> _left_out_in_words(t.tokens, 4), _left_out_in_words(tokenize("x (gpa < 2)").tokens, 1)
    (7, None)
    """
    words: list[str] = []
    for k in range(i + 1, min(len(toks), i + 24)):
        tok = toks[k]
        if tok.low == ")":
            said = bool(words) and (words[-1] in comparatives.LEFT_OUT
                                    or tuple(words[-2:]) in comparatives.LEFT_OUT_PAIRS)
            return k if said else None
        plain = tok.kind == "word" and "_" not in tok.text and not tok.text.isupper()
        if not (plain or tok.low == ","):
            return None
        words.append(tok.low)
    return None


def _coded(toks: tuple[Token, ...], i: int) -> bool:
    """Is the upper-case token at ``i`` a code the reformulation names after its column's
    word ("with status WAITING_PARTS", "(structure type STACK)", "result not NOSHOW")?"""
    j = i - 1
    if j >= 0 and toks[j].low in ("not", "of", "is", "="):
        j -= 1
    return j >= 0 and toks[j].low in CODED_COLUMN_WORDS


#: Words that leave rows out, before a code a reformulation names ("leaving out rejected
#: invoices and those charged back (status CHARGED_BACK)").
_LEAVING_OUT = frozenset({"excluding", "exclude", "excludes", "excluded", "except", "without",
                          "leaving", "left", "aside", "other", "not", "no", "minus", "omitting",
                          "ignoring", "removing", "dropping", "than", "zero", "none",
                          "never", "nothing", "lacking", "neither", "nor"})
#: Words after a code that leave its rows out ("cancelled orders (status CXL) left out").
_LEFT_OUT_AFTER = frozenset({"excluded", "aside", "removed", "omitted", "ignored", "dropped"})


def _left_out_before(text: Text, i: int) -> bool:
    """Does a word that leaves rows out stand in the clause around token ``i`` (before it, up
    to a sentence's end or a semicolon; or right after it: "(status CXL) left out")? A code
    named there is left out, whatever its reading."""
    for k in range(i - 1, max(-1, i - 16), -1):
        tok = text.tokens[k]
        if tok.kind == "punct" and tok.low in (".", ";", ":"):
            break
        if tok.low in _LEAVING_OUT:
            return True
    after = [t.low for t in text.tokens[i + 1:i + 5] if t.kind != "punct" or t.low != ")"]
    return bool(after) and (after[0] in _LEFT_OUT_AFTER or after[:2] in (
        ["left", "out"], ["filtered", "out"], ["not", "counted"], ["not", "included"]))


def _sql_tokens(text: Text) -> frozenset[int]:
    """Tokens of a reformulation that are SQL, not words: identifiers (``is_active``,
    ``LifetimeValue``) and the operands around an operator (``gpa < 2.0``)."""
    toks = text.tokens
    out: set[int] = set()
    prose: set[int] = set()  # parentheses that leave rows out in words
    for i, t in enumerate(toks):
        if t.low == "(" and (k := _left_out_in_words(toks, i)) is not None:
            prose.update((i, k))
    for i, t in enumerate(toks):
        if t.kind == "word" and ("_" in t.text or (t.text[:1].isalpha() and any(
                c.isupper() for c in t.text[1:]) and not t.text.isupper())) and not (
                t.text.isupper() and _coded(toks, i) and not _left_out_before(text, i)):
            out.add(i)  # (not "status WAITING_PARTS": a code the words name, a value)
        if t.kind == "punct" and t.low in _OPERATORS and i not in prose:
            out.update(k for k in (i - 1, i + 1) if 0 <= k < len(toks)
                       and toks[k].kind in ("word", "number")
                       and not (toks[k].text.isupper() and _coded(toks, k)
                                and not _left_out_before(text, k)))
            if i + 2 < len(toks) and toks[i + 1].kind == "punct" and toks[i + 1].low == "=":
                out.add(i + 2)  # "<= 5", ">= 5"
        if t.low == "(" and i > 0 and toks[i - 1].low == "in":
            # "status not in ('solved', 'closed')": the list's values are the condition's
            k = i + 1
            while k < len(toks) and toks[k].low != ")" and k - i <= 64:
                out.add(k)
                k += 1
    return frozenset(out)


def _translates(asked: Filter, written: Filter) -> bool:
    """Does a condition of the reformulation write the question's value: the same value, a
    code for it ('den' for "Denver"), or a column named by it (``is_active`` for
    "inactive")?"""
    if asked.value is None or not isinstance(asked.value, str):
        return False
    a = asked.value
    v = written.value
    if isinstance(v, str) and v and (
            _vkey(v) == _vkey(a) or (len(v) <= 4 and v[0] == a[0] and _subsequence(v, a))):
        return True
    col = (written.column or "").lower()
    words = [w for w in col.replace("_", " ").split() if len(w) >= 4]
    return any(w in a or a.endswith(w) for w in words)


def _defined_as(asked: Filter, written: Filter, reformulated: str) -> bool:
    """Does the reformulation define the question's word by the condition it puts in
    brackets right after it ("active providers (term_dt IS NULL)")?"""
    if not isinstance(asked.value, str) or not asked.value or not written.column:
        return False
    column = written.column.lower()
    for m in re.finditer(r"\b" + re.escape(asked.value) + r"\b", reformulated[:MAX_CHARS]):
        bracket = re.match(r"[^().;:]{0,40}\(([^()]{0,200})\)", reformulated[m.end():])
        if bracket and column in bracket.group(1):
            return True
    return False


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def _with_aggregates(frame: Frame, strong: tuple[str, ...], weak: tuple[str, ...],
                     distinct: bool) -> Frame:
    a = frame.aggregates
    new = aggregates.Aggregates(strong, weak, distinct, a.distinct_count and distinct, a.ratio,
                                a.spans, a.weak_ratio, a.counted)
    # (most calls change nothing, and ``replace`` builds the whole frame again)
    return frame if new == a else replace(frame, aggregates=new)


_STOPWORDS = frozenset({
    "a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "by", "with", "and", "or",
    "is", "are", "was", "were", "be", "been", "being", "what", "which", "who", "whom",
    "whose", "how", "many", "much", "list", "show", "give", "find", "all", "each", "every",
    "per", "that", "this", "these", "those", "it", "its", "their", "them", "they", "there",
    "than", "as", "do", "does", "did", "has", "have", "had", "please", "tell", "me", "name",
    "names", "number", "count", "total", "average", "sum", "any", "some", "into", "out",
    "about", "also", "not", "no", "more", "most", "less", "least", "only", "one", "ones",
    "same", "other", "such", "can", "could", "would", "should", "will", "shall", "may",
    "might", "get", "got",
})


def content_words(text: str) -> frozenset[str]:
    """Lower-case content words of a text (for grounding), stopwords left out."""
    return _content(tokenize(text))


def _content(text: Text) -> frozenset[str]:
    # (a token's fields by index, t[4] its kind and t[1] its lower-cased form, and the
    # stopwords taken out of the set at once: this runs over every token of every question)
    words = {t[1] for t in text.tokens if t[4] == "word"} - _STOPWORDS
    return frozenset([w for w in words if len(w) > 1])
