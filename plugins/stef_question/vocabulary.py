"""The R_app vocabulary rule: the deployment's words become columns, metrics and requirements.

R_app says what a deployment's words mean; this rule reads the question and its enrichment (and
nothing else: requirements are a function of the question, the enrichment and R_app, never of
the SQL) and writes that meaning into the question's spec. A BIRD-style ``Hint:`` in the
enrichment defines words rather than asking for them; its SQL fragments are read exactly by
the hint reader, so requirements come from the question and the reformulation before it.

* ``synonym``: words that name a column add it to the spec's columns;
* ``term`` with a metric (``SUM(price * quantity)``): the expression and its aggregate;
* ``values`` and ``value`` (categorical values and the words that mean one of them): a
  question that uses one, singular or plural, requires ``column = value``, or ``column !=
  value`` when negated ("not", "non-", "excluding", "other than", "except", "never",
  "without", "isn't", "apart from", "barring", "don't count", "yet to be");
* ``term`` with a condition (``tier = 'gold'``): the condition's filters are required whenever
  the phrase occurs (negated: ``NOT (condition)``).

Declared values match by themselves only when they are words of three letters or more; numbers
and short codes (``1``, ``'F'``) are matched through their value words ("female").

A value declared for one table's column (``values refunds.status = processed, ...``) is that
table's: required where the text names the table, nothing where it names only other tables
the ruleset scopes values to, perhaps asked (weak) where it names none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from stef_core import hookimpl
from stef_core.contracts import Context, Normalizer
from stef_core.models import Ruleset
from stef_core.spec import REFORMULATION_JOIN, Filter, Op, QuestionSpec, Scalar, Source, Strength
from stef_core.values import fold_text, fold_value, value_key
from stef_question.concepts.comparatives import negated_after
from stef_question.frame import term_forms

#: The ``source`` of every requirement this rule adds (the aligner treats it as strong).
SOURCE: Source = "rules"

# What may stand between a negation and the word it negates: "not yet shipped", "aren't in
# pending status", "without a high priority".
# ("don't count cancelled ones", "not including refunds": the verb a negation leaves rows out
# with)
_FILLER = (r"(?:(?:a|an|the|any|yet|in|of|for|as|be|been|being|is|are|was|were|marked|status|"
           r"state|count|counting|include|including|longer)\s+){0,2}")
# Which rows an exclusion verb names before the word: "excluding those cancelled", "not
# counting orders that were returned", "except the ones refunded".
_WHICH = (r"(?:(?:those|the\s+ones|ones)\s+(?:(?:that|which|who)\s+)?"
          r"|[a-z]+\s+(?:that|which|who|whose)\s+)?")
# "no completed purchase", "zero unplanned downtime": none of the rows with that value;
# "don't teach any live course", "never made a paid order": a negated verb and its object
# (a comparative after "no" is no negation of the word: "no more than 3 pending" reaches no
# filler run).
# A chat question often drops the apostrophe ("havent flown", "didnt renew", "isnt paid"):
# the same negation.
_NT = r"(?:n't|\b(?:have|has|had|do|does|did|is|are|was|were|wo|ca|could|should|would)nt)"
# A negation reaches the word behind the first part of a hyphenated compound too ("excluding
# patron-cancelled requests", "not counting customer-cancelled orders").
# (and the verbs an exclusion is said with: "leaving out", "ignoring", "omitting", "filtering
# out", "removing"; "minus" and "net of" are left out: they subtract a measure as often)
# A value quoted after its negation ("excluding 'cancelled'") is negated as well.
# The value said after the rows a negation says are absent: "customers with no orders
# shipped", "zero sessions completed" (a plural after "no" or "zero"), "never had an order
# delivered", "without a single claim approved", "haven't had any order (delivered or
# shipped)" (a determiner after "without" or a verb of having). The value is the absent rows'
# state, not the asked rows': none of those rows holds it. ("orders with no discount shipped
# last week" is left alone: a singular after "no" may be the thing missing, the participle
# the asked rows'.)
_HAD = r"(?:had|have|has|get|got|made|make|placed|place|received|receive|booked|book|took|take)"
_NONE_OF_THE_ROWS = (
    rf"(?:\b(?:no|zero)\s+[a-z]+s"
    rf"|(?:\bwithout|\b(?:never|not)\s+{_HAD}|{_NT}\s+{_HAD})\s+(?:a|an|any)\s+"
    rf"(?:single\s+)?[a-z]+)\s+\(?\s*")
# Verbs of leaving rows out said as a request ("drop the cancelled ones", "skip any voids",
# "filter out test orders", "all but cancelled", "ignore voids", "omit drafts", "setting aside
# refunds"), with no filler between but a determiner or "those"; "drop" and "skip" only with
# one ("drop in cancelled bookings" is a fall, "drop shipped orders" a way to ship, a "skip"
# a container).
_LEAVE_OUT = (r"(?:\b(?:drop|dropping|skip|skipping)\s+(?:the|any|all|those)\s+"
              r"|\ball\s+[a-z]+s\s+but\s+(?:the\s+|any\s+|those\s+)?"
              r"|\b(?:filter\s+out|filters\s+out|all\s+but|anything\s+but|ignore|omit|remove|"
              r"besides|(?:setting|set|leaving|putting)\s+aside)\s+(?:(?:the|any|all|those)\s+)?)"
              r"(?:[a-z]+-)?")
_NEGATION = re.compile(
    rf"(?:(?:\b(?:not\s+counting|without\s+counting|excluding|excludes?|"
    rf"excl\.?|except|excepting|other than|apart\s+from|aside\s+from|exclusive\s+of|barring|"
    rf"leaving\s+out|leave\s+out|ignoring|omitting|filtering\s+out|removing|disregarding|"
    rf"disregard|yet\s+to|"
    rf"still\s+to|waiting\s+to)\s+{_WHICH}{_FILLER}"
    rf"|\b(?:not|never|without|w/o|neither|nor|no|zero)\s+{_FILLER}|{_NT}\s+{_FILLER})"
    rf"(?:[a-z]+-)?"
    rf"|\bnon-?\s?"
    rf"|{_LEAVE_OUT}"
    rf"|(?:\b(?:not|never)|{_NT})\s+[a-z]+\s+(?:any|a|an)\s+"
    rf"|{_NONE_OF_THE_ROWS})['\"\u2018\u201c]?$"
)
# What joins two listed words: "cancellations and no-shows", "solved or closed", "A / B".
# (quoted words, "'cancelled' and 'returned'", and a word's code in parentheses after it,
# "cancelled (CX) and returned (RT)", list alike)
_LISTED = re.compile(r"['\"\u2019\u201d]?(?:\s*\([^()]{1,24}\))?"
                     r"\s*(?:,\s*(?:(?:and|or|nor)\s+)?|(?:and|or|nor|/|&)\s+|/)\s*"
                     r"(?:(?:a|an|the|any)\s+)?['\"\u2018\u201c]?")
# A word listed after another one a negation opens, whether or not that one is a declared
# word: "excluding cancellations and no-shows" ("cancellations" may be no value word).
_LISTED_AFTER_NEGATION = re.compile(
    r"\b(?:not|excluding|except|excepting|without|other than|apart\s+from|aside\s+from|"
    r"exclusive\s+of|barring|neither|nor|leaving\s+out|leave\s+out|"
    r"ignoring|omitting|filtering\s+out|removing|drop|dropping|skip|skipping|filter\s+out|"
    r"filters\s+out|all\s+but|ignore|omit|remove|besides)\s+[\w-]+(?:\s+[\w-]+)?"
    r"(?:\s*,\s*[\w-]+(?:\s+[\w-]+)?)*\s*(?:,\s*(?:(?:and|or|nor)\s+)?|\b(?:and|or|nor)\s+)"
    r"(?:(?:a|an|the|any)\s+)?$")
# An inclusion: "including repatriations", "incl. clawbacks", "including later cancellations"
# (a word of time between, none other: "including tax for active members" asks "active"),
# "inclusive of deposits", and after
# the word "gone on arrival included", "clawbacks counted too": those rows are kept with the
# others, which asks no condition either way.
_INCLUDED_BEFORE = re.compile(r"\b(?:including|incl\.?|inclusive\s+of)\s+"
                              r"(?:(?:the|any|all|every)\s+)?(?:(?:later|late|earlier|early|"
                              r"prior|past|previous|subsequent|eventual|future|possible|partial)"
                              r"\s+)?$")
# Rows said as included though they hold none of the word's rows: "including zones with zero
# rides", "incl. customers with no orders" (the groups kept at zero, no condition on the rows).
_INCLUDED_NONE = re.compile(r"\b(?:including|incl\.?|inclusive\s+of)\s+(?:(?:the|any|all|every)"
                            r"\s+)?[a-z]+\s+(?:with|having|that\s+(?:have|had))\s+(?:no|zero|0)"
                            r"\s+(?:[a-z]+\s+)?$")
_INCLUDED_AFTER = re.compile(r"^(?:[\s()\[\]]+[\w-]+){0,2}?[\s()\[\]]+(?:included|counted\s+too|"
                             r"counted\s+as\s+well|kept\s+in)\b")


#: A channel right after a state's word: "appts booked via instagram", "orders placed
#: online", "paid by card": how the rows came about (every booking is booked), one reading of
#: two beside the state the rows are in.
_BY_MEANS = re.compile(r"\s+(?:via|through|thru|online|over\s+the|by\s+(?:phone|e-?mail|app"
                       r"|web|text|sms|mail|card|cash|check|cheque))\b")


def included(text: str, start: int, end: int) -> bool:
    """Is the word at ``start:end`` of folded ``text`` said as included with the other rows
    ("including repatriations", "clawbacks included")?

    >>> t = "net commission, clawbacks included; seeds incl. repatriations"
    >>> included(t, 16, 25), included(t, 48, 61), included("clawbacks by rep", 0, 9)
    (True, True, False)
    >>> included("plot sales; pre-need (reserved) plots included", 12, 20)
    True
    """
    return (_INCLUDED_BEFORE.search(text, max(0, start - 24), start) is not None
            or _INCLUDED_AFTER.match(text[end:end + 40]) is not None)


# Straight and curly quotes (U+201C/D, U+2018/9).
_QUOTED = re.compile("'([^']*)'|\"([^\"]*)\"|\u201c([^\u201d]*)\u201d|\u2018([^\u2019]*)\u2019")
_SEPARATORS = re.compile(r"[\s_-]+")
# An SQL operator right before a quote (or an open IN list): the quoted text is a
# comparison's value. "customers in 'Paris'" is prose; "city in ('paris'" is SQL.
_SQL_BEFORE_QUOTE = re.compile(r"(?:[=<>]|!\s*=|\blike|\bin\s*\([^()]*)\s*$")
# A period word before a measure is the measure's grain, not a value of a column ("monthly
# active users", "monthly recurring revenue", "monthly count of signups", "daily active"):
# ``value plan_code 'M' = monthly`` and ``values status = active`` name other things.
_GRAIN = r"(?:hourly|daily|weekly|monthly|quarterly|yearly|annual|annualized)"
_GRAIN_BEFORE = re.compile(
    r"\s+(?:active|recurring|run[\s-]rate|count|counts|total|totals|trend|trends|average|"
    r"averages|breakdown|volume|number|numbers|figures|rollup|cohorts?)\b")
_GRAIN_AFTER = re.compile(rf"\b{_GRAIN}\s+$")


def negated(text: str, start: int) -> bool:
    """Is the word at ``start`` of folded ``text`` negated ("not pending", "non-urgent")?

    Kept tiny on purpose: the question reader's negation concept will replace it.

    >>> negated("tickets that are not urgent", 21), negated("urgent tickets", 0)
    (True, False)
    >>> negated("pilots who havent flown", 18), negated("ones that didnt renew", 16)
    (True, True)
    >>> negated("parts used this yr excl warranty", 24), negated("excl. drafts", 6)
    (True, True)
    >>> negated("excluding patron-cancelled requests", 17), negated("patron-cancelled", 7)
    (True, False)
    >>> negated("excluding 'cancelled'", 11), negated("except those refunded", 13)
    (True, True)
    >>> negated("not counting orders that were returned", 30), negated("orders that were", 17)
    (True, False)
    >>> negated("bookings, drop the cancelled ones", 19), negated("skip any voids", 9)
    (True, True)
    >>> negated("drop shipped orders", 5), negated("skip voids", 5)
    (False, False)
    >>> negated("filter out test orders", 11), negated("all but cancelled", 8)
    (True, True)
    >>> negated("drop in cancelled bookings", 8), negated("ignore voids", 7)
    (False, True)
    >>> negated("customers no longer active", 20), negated("disregarding voids", 13)
    (True, True)
    >>> negated("all orders but the cancelled", 19), negated("all but cancelled", 8)
    (True, True)
    """
    return _NEGATION.search(text[max(0, start - 48) : start]) is not None


@dataclass(frozen=True)
class _Meaning:
    """What a matched phrase means: one value of a column, or a condition."""

    column: str | None = None
    value: Scalar = None
    condition: str | None = None
    #: The tables a table-scoped value belongs to (``values refunds.status = ...``); None for
    #: a value declared without a table.
    tables: frozenset[str] | None = None


def scoped(key: str) -> tuple[str | None, str]:
    """A ``categories`` key split into its table and its column: ``refunds.status`` is the
    status of the table refunds (a schema before the table is left out), ``status`` any
    table's.

    >>> scoped("refunds.status"), scoped("acq.refunds.status"), scoped("status")
    (('refunds', 'status'), ('refunds', 'status'), (None, 'status'))
    """
    head, _, column = key.lower().rpartition(".")
    return (head.rpartition(".")[2] or None), column


def _table_phrases(table: str) -> set[str]:
    """The words a question names a table with: its name as words, singular or plural
    ("refund", "ticket events"), and its last word when it has several ("events")."""
    words = [w for w in re.split(r"[\s_-]+", table.lower()) if w]
    out = _variants(" ".join(words)) if words else set()
    if len(words) > 1 and len(words[-1]) >= 4:
        out |= _variants(words[-1])
    return out


def _variants(phrase: str) -> set[str]:
    """The spellings a phrase is matched in: as declared, plural or singular (last word)."""
    base = _SEPARATORS.sub(" ", fold_text(phrase)).strip()
    if not base:
        return set()
    out = {base, base + "s", base + "es"}
    if base.endswith("y") and len(base) > 2 and base[-2] not in "aeiou":
        out.add(base[:-1] + "ies")
    if base.endswith("ies") and len(base) > 4:
        out.add(base[:-3] + "y")
    elif base.endswith("es") and len(base) > 3:
        out.add(base[:-2])
    if base.endswith("s") and len(base) > 3:
        out.add(base[:-1])
    return out


def _matchable_value(value: Scalar) -> bool:
    return isinstance(value, str) and len(value.strip()) >= 3 and not value.strip().isdigit()


def _alternation(phrases: Iterable[str]) -> re.Pattern[str]:
    """One regular expression over ``phrases``, longest first ("top priority" wins over
    "priority" at the same place); separators inside a phrase match any run of spaces,
    underscores or hyphens."""
    alternatives = sorted(phrases, key=lambda v: (-len(v), v))
    body = "|".join(re.escape(v).replace(r"\ ", r"[\s_-]+") for v in alternatives)
    return re.compile(rf"(?<![\w])(?:{body})(?![\w])")


# Where a word names the entity a question groups or ranks by: "by rep", "per dentist", "each
# rep's", "top 5 reps by ...", "best 3 sellers"; and a possessive after it ("rep's commit").
_ENTITY_BEFORE = re.compile(r"\b(?:by|per|each|every|across|top|bottom|best|worst)\s+"
                            r"(?:\d+\s+)?$")
_ENTITY_AFTER = re.compile(r"(?:'s|s'|\u2019s)(?!\w)")


def _entity_said(text: str, start: int, end: int) -> bool:
    """Is the word at ``start:end`` of folded ``text`` said as the entity the question groups
    or ranks by ("by rep", "each rep's", "top 5 reps by amount")?

    >>> t = "top 5 reps by amount; each rep's commit; how many reps"
    >>> _entity_said(t, 6, 10), _entity_said(t, 27, 30), _entity_said(t, 50, 54)
    (True, True, False)
    """
    return (_ENTITY_BEFORE.search(text, max(0, start - 24), start) is not None
            or _ENTITY_AFTER.match(text, end) is not None)


def _grain(text: str, start: int, end: int) -> bool:
    """Is the word at ``start:end`` of folded ``text`` part of a measure's grain ("monthly"
    in "monthly active users", "active" in "daily active users")?"""
    word = text[start:end]
    if re.fullmatch(_GRAIN, word):
        return _GRAIN_BEFORE.match(text, end) is not None
    return word == "active" and _GRAIN_AFTER.search(text, max(0, start - 16), start) is not None


# A time right after a state word: "invoices issued in 2025", "tickets opened in Q4",
# "subscriptions active at the start of the month", "orders shipped last week".
_TIME_AFTER = re.compile(
    r"\s+(?:(?:in|on|at|during|since|between|before|after|from|as\s+of|over|within|for)\s+"
    r"(?:the\s+)?)?(?:(?:this|last|next|previous|past|prior|current|same)\s+"
    r"|(?:start|end|beginning|first|close|middle)\s+of\b|yesterday\b|today\b|tonight\b"
    r"|(?:ytd|mtd|qtd|wtd)\b|q[1-4]\b|h[12]\b|fy\s?\d|\d{4}\b|\d{1,2}[/-]\d"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b)")
# Participles and adjectives a state is said with ("issued", "paid", "active"), one word.
_STATE_FORM = re.compile(r"[a-z]+(?:ed|en|id|nt|ve|ng|wn|st|lt)")


# A time of year, week or day said with a period's determiner: "this summer", "last winter",
# "next weekend", "over the holidays".
_TIME_NOUN = re.compile(r"(?:summer|winter|spring|autumn|fall|season|weekend|holidays?|"
                        r"morning|evening|night|tonight)s?")
# A calendar unit said as a period or a grain: "by day", "per week", "each month", "3 days".
_CALENDAR_UNIT = re.compile(r"(?:hour|day|night|week|month|quarter|year)s?")
_GRAIN_BEFORE_UNIT = re.compile(r"(?:\bby|\bper|\beach|\bevery|\ba|\ban|\d)\s+$")
_PERIOD_BEFORE = re.compile(r"\b(?:this|last|next|previous|past|prior|coming|over\s+the|"
                            r"during\s+the|in\s+the)\s+$")


def _said_as_time(text: str, start: int, end: int) -> bool:
    """Is the value word at ``start:end`` of folded ``text`` a time of year, week or day
    said as a period ("nights sold this summer", with ``value lease_type seasonal =
    summer``), or a calendar unit said as a period or a grain ("revenue by day this month",
    with ``values prod_cd = DAY, HALF, MD3``: a day pass's code)? Then it says when, which
    the question's dates and grouping carry: one reading of two.

    >>> t = "transient nights sold this summer; summer leases"
    >>> _said_as_time(t, 27, 33), _said_as_time(t, 35, 41)
    (True, False)
    >>> t = "revenue by day this month; day tickets per week"
    >>> _said_as_time(t, 11, 14), _said_as_time(t, 20, 25), _said_as_time(t, 27, 30)
    (True, True, False)
    >>> _said_as_time("tickets per week", 12, 16), _said_as_time("3 days", 2, 6)
    (True, True)
    """
    if _TIME_NOUN.fullmatch(text, start, end) is not None:
        return _PERIOD_BEFORE.search(text, max(0, start - 16), start) is not None
    return _CALENDAR_UNIT.fullmatch(text, start, end) is not None and (
        _PERIOD_BEFORE.search(text, max(0, start - 16), start) is not None
        or _GRAIN_BEFORE_UNIT.search(text, max(0, start - 16), start) is not None)


def _timed_state(text: str, start: int, end: int) -> bool:
    """Is the one-word state at ``start:end`` of folded ``text`` said of a time ("invoices
    issued in 2025", "opened in Q4", "active at the start of the month")? Then it says when
    something happened or held, which a row's status today does not keep: an invoice issued
    in March may be paid now, a subscription active on the first may be cancelled since. The
    value is perhaps asked (weak), not required.

    >>> t = "invoices issued in 2025 that are paid"
    >>> _timed_state(t, 9, 15), _timed_state(t, 33, 37)
    (True, False)
    >>> _timed_state("subs active at the start of the month", 5, 11)
    True
    >>> _timed_state("active in europe", 0, 6), _timed_state("closed won deals this quarter", 7, 10)
    (False, False)
    """
    word = text[start:end]
    return (_STATE_FORM.fullmatch(word) is not None
            and _TIME_AFTER.match(text, end) is not None)


def _now_in(f: Filter, found: list[Filter], was: list[Filter]) -> bool:
    """Does the text say, besides the state ``f`` the rows were in at a time ("invoices issued
    in 2025"), another state of that column they are in ("that are paid")? Then ``f`` says
    which rows by their past, and the other what they are now: only the other is asked.

    >>> issued, paid = Filter("status", "=", "issued"), Filter("status", "=", "paid")
    >>> _now_in(issued, [issued, paid], [issued]), _now_in(issued, [issued], [issued])
    (True, False)
    """
    return f.op == "=" and f.column is not None and any(
        o.op == "=" and o.column == f.column and o not in was
        and value_key(o.value) != value_key(f.value) for o in found)


def _restated(f: Filter, users: list[Filter], agents: list[Filter]) -> bool:
    """Is ``f``, asked only by the agent's reformulation, another value of a column the
    person's own words pin to a value the reformulation does not say ("late cancels":
    LATE_CANCEL, restated "cancelled late": CANCELLED; "overdue", a term with status 'open',
    restated "(past due)")? A row holds one value of a column, so the two cannot both be
    asked: the reformulation restates the person's constraint in other words, and the
    person's stands. A reformulation that says the person's value too widens it on purpose
    ("active subs" restated "active or past due"): both stay.

    >>> late, cancelled = Filter("s", "=", "late_cancel"), Filter("s", "=", "cancelled")
    >>> _restated(cancelled, [late], [cancelled]), _restated(cancelled, [late], [late, cancelled])
    (True, False)
    >>> _restated(cancelled, [cancelled], [cancelled]), _restated(late, [], [late])
    (False, False)
    """
    if f in users or f.op != "=" or f.column is None:
        return False
    return any(u.op == "=" and u.column == f.column and u.strength == "strong"
               and value_key(u.value) != value_key(f.value) and u not in agents
               for u in users)


#: What joins a word to its opposite: "billable and non-billable", "paid or not paid",
#: "taxable / non-taxable", "billable vs non billable".
_COORDINATED = re.compile(r"\s*(?:,\s*)?(?:and|or|&|/|vs\.?|versus|as\s+well\s+as)?\s*"
                          r"(?:(?:both|either)\s+)?(?:non-?\s?|not\s+)?")


# The word after a matched phrase, and words after which it is no noun adjunct ("delivery
# last week", "delivery of parts"): function words, time words, verbs of being.
_NEXT_WORD = re.compile(r"[\s-]+([a-z]{3,})\b")
# Nouns that measure the rows a word names ("ride count"), not another thing's kind.
_MEASURE_NOUNS = frozenset({"count", "counts", "number", "numbers", "volume", "volumes", "total",
                            "totals", "tally", "rate", "rates", "conversion", "conversions",
                            "share", "ratio", "percentage", "pct"})
_NOT_A_NOUN = frozenset({
    "and", "are", "but", "for", "from", "has", "have", "into", "last", "next", "not", "per",
    "since", "than", "that", "the", "this", "was", "were", "with", "within", "which", "who",
    "whose", "what", "when", "where", "over", "under", "after", "before", "during", "each",
    "every", "its", "yesterday", "today", "ytd", "mtd", "qtd"})
# An existence negation before "non-": "no non-cancelled appointments", "nothing non-billable":
# the "non-X" says which rows the absent set holds.
# "than" right after a word: a comparison ("other than", "later than"), not a value said.
_THAN_AFTER = re.compile(r"\s+than\b")
# (also in parentheses: "no (non-cancelled) orders")
_NO_NON = re.compile(r"\b(?:no|nothing|none|without|zero|never)\s+(?:[a-z]+\s+)?\(?non-?\s?$")
# A relative clause of the thing an existence negation says absent: "with no assignment on any
# departure that ran", "no orders which were delivered": the clause's word says which rows the
# absent set holds.
_NO_THAT = re.compile(r"\b(?:no|without|never|zero|none)\s+(?:[a-z'-]+\s+){0,5}?"
                      r"(?:that|which|who|whose|where)\s+"
                      r"(?:(?:was|were|is|are|has|have|had|been|got|did)\s+){0,2}$")


@dataclass(frozen=True)
class Matcher:
    """One regular expression over every phrase R_app gives a meaning, longest first."""

    pattern: re.Pattern[str] | None
    meanings: dict[str, tuple[_Meaning, ...]]
    #: Each column's declared values (``values status = ...``), by value key.
    declared: dict[str, frozenset[str]] = field(default_factory=dict)
    #: The phrases R_app gives another meaning (a column's synonyms, a metric term's phrase):
    #: a value word inside a longer one ("rent" in "rent collected", a metric) has two
    #: readings.
    other: re.Pattern[str] | None = None
    #: Each table a table-scoped value names (``values refunds.status = ...``) -> the words
    #: a question names that table with.
    tables: dict[str, re.Pattern[str]] = field(default_factory=dict)
    #: The phrases R_app gives a meaning as it spells them (folded), before plural and
    #: singular variants.
    spelled: frozenset[str] = frozenset()
    #: The words R_app declares as a column's synonyms, singular and plural ("rep", "reps").
    column_words: frozenset[str] = frozenset()
    #: The synonyms of more than one word ("booking channel"): a condition term's word inside
    #: one names that column.
    column_phrases: re.Pattern[str] | None = None

    @classmethod
    def build(cls, rules: Ruleset) -> Matcher:
        meanings: dict[str, list[_Meaning]] = {}

        def add(phrase: str, meaning: _Meaning) -> None:
            for variant in _variants(phrase):
                bucket = meanings.setdefault(variant, [])
                if meaning not in bucket:
                    bucket.append(meaning)

        ignored = {c.lower() for c in rules.ignored_filters}
        categories = [(*scoped(key), cat) for key, cat in rules.categories.items()
                      if scoped(key)[1] not in ignored]
        # Declared values: a value two columns share is required with its column unknown; a
        # value of one column in several tables (``values refunds.status = ...``,
        # ``values payouts.status = ...``) belongs to each of them.
        owners: dict[str, list[tuple[str, Scalar, str | None]]] = {}
        for table, column, cat in categories:
            for value in cat.values:
                if _matchable_value(value):
                    owners.setdefault(value_key(value), []).append((column, value, table))
        for pairs in owners.values():
            owner = pairs[0][0] if len({c for c, _, _ in pairs}) == 1 else None
            held = {t for _, _, t in pairs}
            add(str(pairs[0][1]), _Meaning(owner, pairs[0][1], tables=(
                None if None in held else frozenset(t for t in held if t))))
        for table, column, cat in categories:
            for word, value in cat.words.items():
                add(word, _Meaning(column, value,
                                   tables=frozenset({table}) if table else None))
        for phrase, condition in rules.predicates.items():
            add(phrase, _Meaning(condition=condition))
        declared: dict[str, frozenset[str]] = {}
        for _, column, cat in categories:
            declared[column] = declared.get(column, frozenset()) | {
                value_key(v) for v in cat.values}
        tables = {t: _alternation(_table_phrases(t))
                  for t in sorted({t for t, _, _ in categories if t})}
        if not meanings:
            return cls(None, {}, declared, tables=tables)
        others = {v for phrase in [*(w for ws in rules.synonyms.values() for w in ws),
                                   *rules.terms] for v in _variants(phrase)}
        spelled = frozenset(
            _SEPARATORS.sub(" ", fold_text(str(p))).strip()
            for p in [*(v for _, _, cat in categories for v in cat.values),
                      *(w for _, _, cat in categories for w in cat.words),
                      *rules.predicates])
        column_words = frozenset(v for ws in rules.synonyms.values() for w in ws
                                 for v in _variants(w))
        phrases = [w for w in column_words if " " in w.strip()]
        return cls(_alternation(meanings), {k: tuple(v) for k, v in meanings.items()},
                   declared, _alternation(others) if others else None, tables, spelled,
                   column_words, _alternation(phrases) if phrases else None)

    def requirements(
        self, text: str, own: int | None = None
    ) -> tuple[tuple[Filter, ...], frozenset[str], tuple[tuple[int, int], ...]]:
        """The filters ``text`` (folded question and enrichment) requires, the value keys of
        the words that asked for them (a quoted 'critical' is vocabulary, not a literal), and
        where those words are. ``own`` is where the person's own words end (the rest is the
        agent's reformulation); None: all of it."""
        if self.pattern is None or not text:
            return (), frozenset(), ()
        quotes = [(m.start(), m.end(), next(g for g in m.groups() if g is not None))
                  for m in _QUOTED.finditer(text)]
        out: list[Filter] = []
        words: set[str] = set()
        spans: list[tuple[int, int]] = []
        previous: tuple[int, bool] | None = None  # where the last word ended, negated?
        was: list[Filter] = []  # states said of a time ("issued in 2025"): what rows were
        last: tuple[int, list[Filter]] | None = None  # the last word's end and its filters
        both: set[str] = set()  # conditions said together with their opposites
        said_as_kind: set[int] = set()  # ids of a term's filters a value word before it sets
        kinds: set[int] = set()  # ids of a term's filters read weak as another thing's kind
        value_end: tuple[int, list[Filter]] | None = None  # the last value word: end, filters
        inclusion: int | None = None  # where the last word said as included ended
        named = {t for t, pattern in self.tables.items() if pattern.search(text)}
        own = len(text) if own is None else own
        users: list[Filter] = []  # what the person's own words ask
        agents: list[Filter] = []  # what the reformulation's words ask
        for m in self.pattern.finditer(text):
            quoted = next((q for q in quotes if q[0] < m.start() < q[1]), None)
            if quoted is not None and (
                fold_text(quoted[2]) != fold_text(m.group(0))
                or _SQL_BEFORE_QUOTE.search(text, 0, quoted[0])
            ):
                # Part of a quoted name ('Pending Corp'), or the value of an SQL fragment in
                # the enrichment (status != 'pending'), which the hint reader reads exactly.
                continue
            if _THAN_AFTER.match(text, m.end()):
                # "outcomes other than MISSING" (``values species = DOG, CAT, OTHER``), "a
                # later than usual start": a word before "than" compares, it names no value
                continue
            key = _SEPARATORS.sub(" ", m.group(0))
            # A value word read another way too is one reading of two (inferred: weak; the
            # SQL that compares with the value is still grounded by it): "monthly" in "monthly
            # active users" (a measure's grain, not plan 'M'); "rent" in "rent collected" (a
            # metric the ruleset defines); "delivery" in "delivery exceptions", the singular of
            # a declared plural ("deliveries") naming another thing; a word that is both a
            # value word and a column's synonym ("rep": a deal's owner, and role_cd 'AE')
            # said as what the question groups or ranks ("by rep", "each rep's", "top 5
            # reps by ..."): the column it names, the entity, not rows of one value. (Said
            # elsewhere it stays strong: "how many reps": measured in sessions 16 and 18, a
            # weak reading there lets wrong answers of a held-out domain reach 75.); a time of
            # year said as a period ("this summer", with ``value lease_type seasonal = summer``)
            strength: Strength = "strong"
            values_only = any(meaning.condition is None for meaning in self.meanings.get(key, ()))
            timed = values_only and _timed_state(text, *m.span())
            if values_only and (_grain(text, *m.span()) or self._inside_other(text, *m.span())
                                or timed or self._adjunct(text, key, m.end())
                                or _BY_MEANS.match(text, m.end()) is not None
                                or _said_as_time(text, *m.span())
                                or (key in self.column_words
                                    and _entity_said(text, m.start(), m.end()))):
                strength = "weak"
            neg = negated(text, m.start()) or negated_after(text, m.end()) or (
                # "excluding cancellations and no-shows", "not solved or closed": a negation
                # covers the words listed with the one it precedes
                previous is not None and previous[1]
                and _LISTED.fullmatch(text, previous[0], m.start()) is not None) or (
                _LISTED_AFTER_NEGATION.search(text, max(0, m.start() - 80), m.start())
                is not None)
            # "no non-cancelled appointments": which rows the absent set holds, which an
            # excluded subquery says in its own (positive) terms: one reading of two
            absent_rows = neg and _NO_NON.search(
                text, max(0, m.start() - 40), m.start()) is not None
            if not neg and _NO_THAT.search(text, max(0, m.start() - 80), m.start()):
                # "no assignment on any departure that ran": the absent rows' state, said
                # away as "no completed visits" is (NOT EXISTS (... status = 'RAN')), and
                # one reading of two
                neg = absent_rows = True
            if absent_rows:
                strength = "weak"
            # A condition term's singular before another noun names that thing's kind, not
            # rows of the term: "restock visits skipped" (``term "restocks" = status_cd <>
            # 'SKIPPED'``), "each ride payment" (``term "rides" = trip_status IN ...``), "never
            # had a play session": one reading of two (weak). "ride count", "restock volume"
            # measure the term's rows, and "trial conversion rate", a metric the ruleset names,
            # measures the trials: the condition stays asked.
            after = _NEXT_WORD.match(text, m.end())
            kind_of = (not values_only and after is not None
                       and after.group(1) not in _MEASURE_NOUNS
                       and self._adjunct(text, key, m.end())
                       and not self._inside_other(text, *m.span()))
            # A condition term's word inside a longer phrase the ruleset gives a column:
            # "cancellation rate by booking channel" (``synonym channel_cd = "booking
            # channel"``, ``term "bookings" = status_cd <> 'CANCELLED'``) names the column,
            # not the term's rows (one reading of two: weak). The phrase stays readable as
            # the column's name.
            in_column = not values_only and self._in_column_name(text, *m.span())
            kind_of = kind_of or in_column
            opposite = (last is not None and _COORDINATED.fullmatch(text, last[0], m.start())
                        is not None)
            previous = (m.end(), neg)
            before = len(out)
            if strength == "strong" and not in_column:
                # (a word read two ways stays readable as the column its synonym names)
                spans.append(m.span())
            if neg and _INCLUDED_NONE.search(text, max(0, m.start() - 60), m.start()):
                # "including zones with zero rides": the groups kept at zero, no condition
                words.add(value_key(m.group(0)))
                continue
            if not neg and _listed_groups(text, m.start()):
                # "by carrier mode (TL, LTL, PCL, INT)": the groups' names, no condition
                words.add(value_key(m.group(0)))
                continue
            if not neg and (included(text, *m.span()) or (
                    inclusion is not None
                    and _LISTED.fullmatch(text, inclusion, m.start()) is not None)):
                # "net commission, clawbacks included", "including cancellations and
                # no-shows": those rows are kept with the others, no condition either way
                words.add(value_key(m.group(0)))
                inclusion = m.end()
                last = None
                continue
            for meaning in self.meanings.get(key, ()):
                words.add(value_key(m.group(0)))
                if meaning.tables is not None and not meaning.tables & named:
                    if named:
                        # "merchants that processed a sale": 'processed' is a value of
                        # refunds.status, and the question speaks of other tables
                        continue
                    # no table named: perhaps this value (inferred: weak), of its tables
                    # (the aligner leaves it to an SQL that reads one of them: "advances
                    # paid out" asks no rental's status OUT of a query on settlements)
                    out.append(Filter(meaning.column, "!=" if neg else "=",
                                      fold_value(meaning.value), SOURCE, strength="weak",
                                      tables=tuple(sorted(meaning.tables))))
                    continue
                if meaning.condition is not None:
                    for f in _condition(meaning.condition, neg):
                        out.append(replace(f, source=SOURCE, strength="weak")
                                   if absent_rows or kind_of else replace(f, source=SOURCE))
                        if kind_of:
                            kinds.add(id(out[-1]))
                else:
                    op: Op = "!=" if neg else "="
                    out.append(Filter(meaning.column.lower() if meaning.column else None, op,
                                      fold_value(meaning.value), SOURCE, strength=strength))
                    if timed and not neg:
                        was.append(out[-1])
            made = out[before:]
            is_condition = any(meaning.condition is not None
                               for meaning in self.meanings.get(key, ()))
            if (made and is_condition and not neg and value_end is not None
                    and _ADJACENT.fullmatch(text, value_end[0], m.start()) is not None):
                said_as_kind.update(id(f) for f in _said_as_kind(value_end[1], made))
            value_end = (m.end(), made) if made and not is_condition and not neg else None
            if made and not neg and " " in key:
                # a word of a phrase that made its condition ("active" of the term "active
                # members" = status_cd = 'A') is read with the phrase, not as a value of its
                # own the SQL must also spell; a phrase that made none (a date condition)
                # leaves its words to the question's reader, and so does a negated one ("no
                # rejected lots", read against an anti-join by its word)
                words.update(value_key(w) for w in key.split())
            (users if m.start() < own else agents).extend(made)
            if opposite and last is not None:
                # "billable and non-billable hours": a condition and its opposite said
                # together keep every row, so neither is asked
                turned = {f.turned().describe() for f in last[1]}
                said = {f.describe() for f in made}
                both.update(said & turned)
                both.update(f.describe() for f in last[1] if f.turned().describe() in said)
            last = (m.end(), made)
        # a kind's weak reading of a condition the text asks elsewhere ("avg ride distance per
        # ride") is that one condition, asked once
        asked = {(f.column, f.op, f.value) for f in out if id(f) not in kinds}
        out = [f for f in out if id(f) not in kinds or (f.column, f.op, f.value) not in asked]
        out = [f for f in out if not (f in was and _now_in(f, out, was))
               and f.describe() not in both and not _restated(f, users, agents)
               and id(f) not in said_as_kind]
        # what the reformulation alone asks, in the ruleset's words, is the agent's wording of
        # the question (the aligner reads it against the tables the SQL reads)
        out = [replace(f, restated=True) if f not in users else f for f in out]
        return (tuple(dict.fromkeys(self._enumerations(out))), frozenset(words),
                tuple(spans))

    def _inside_other(self, text: str, start: int, end: int) -> bool:
        """Is ``start:end`` inside a longer phrase R_app gives another meaning ("rent" in
        "rent collected")?"""
        return self.other is not None and any(
            m.start() <= start and m.end() >= end and m.span() != (start, end)
            for m in self.other.finditer(text, max(0, start - 48), min(len(text), end + 48)))

    def _in_column_name(self, text: str, start: int, end: int) -> bool:
        """Is ``start:end`` inside a longer phrase R_app declares as a column's synonym
        ("booking" in "booking channel")?"""
        return self.column_phrases is not None and any(
            m.start() <= start and m.end() >= end and m.span() != (start, end)
            for m in self.column_phrases.finditer(
                text, max(0, start - 48), min(len(text), end + 48)))

    def _adjunct(self, text: str, key: str, end: int) -> bool:
        """Is ``key`` the singular of a phrase the ruleset declares only in the plural
        ("delivery" of ``value status_cd 'DL' = deliveries``) said before another noun
        ("delivery exceptions", "delivery fee")? Then it names that other thing's kind, not
        the rows' value: one reading of two."""
        if key in self.spelled or not any(
                p in self.spelled for p in (key + "s", key + "es", key[:-1] + "ies")):
            return False
        after = _NEXT_WORD.match(text, end)
        return after is not None and after.group(1) not in _NOT_A_NOUN

    def _enumerations(self, found: list[Filter]) -> list[Filter]:
        """``found`` without the values of a column the text names all of ("per segment (smb,
        mid_market, enterprise)"): every value at once is the column's list of categories,
        which constrains no row."""
        named: dict[str, set[str]] = {}
        for f in found:
            if f.op != "=" or isinstance(f.value, tuple):
                continue
            key = value_key(f.value)
            # a value two columns share is each one's ('enterprise': a segment and a plan)
            for column in ([f.column] if f.column else
                           [c for c, keys in self.declared.items() if key in keys]):
                named.setdefault(column, set()).add(key)
        whole = {c for c, keys in named.items()
                 if len(keys) >= 2 and self.declared.get(c) and keys >= self.declared[c]}
        if not whole:
            return found
        covered = {k for c in whole for k in self.declared[c]}
        return [f for f in found if not (f.op == "=" and (
            f.column in whole or (f.column is None and not isinstance(f.value, tuple)
                                  and value_key(f.value) in covered)))]


_AGGREGATES = frozenset({"SUM", "AVG", "COUNT", "MIN", "MAX"})


def _call(text: str) -> tuple[str, str] | None:
    """``(NAME, argument)`` when ``text`` is one aggregate call as a whole."""
    text = text.strip()
    head, paren, _ = text.partition("(")
    name = head.strip().upper()
    if not paren or name not in _AGGREGATES:
        return None
    depth = 0
    for i, ch in enumerate(text[len(head):], len(head)):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                if text[i + 1:].strip():
                    return None
                return name, " ".join(text[len(head) + 1:i].split()).lower()
    return None


#: A statistic named right before a term ("median days to pay", "max time to resolve", "the
#: average of revenue"), by the aggregate it asks.
_STATISTICS = {"median": "MEDIAN", "p50": "MEDIAN", "percentile": "MEDIAN", "quantile": "MEDIAN",
               "max": "MAX", "maximum": "MAX", "min": "MIN", "minimum": "MIN"}
_STATISTIC = re.compile(r"\b(" + "|".join(_STATISTICS) + r"|p\d\d|\d+(?:st|nd|rd|th) percentile)"
                        r"\s+(?:of\s+)?(?:the\s+)?$")


def _stated_statistic(term: str, text: str) -> str | None:
    """The aggregate the question names right before ``term`` in ``text``, if any.

    >>> _stated_statistic("days to pay", "median days to pay subs in q3")
    'MEDIAN'
    >>> [_stated_statistic("days to pay", t) for t in ("p90 days to pay", "days to pay by sub")]
    ['MEDIAN', None]
    """
    folded = fold_text(text)
    for form in term_forms(term):
        for m in re.finditer(r"(?<!\w)" + re.escape(form) + r"(?!\w)", folded):
            said = _STATISTIC.search(folded[:m.start()])
            if said is not None:
                word = said.group(1)
                return _STATISTICS.get(word, "MEDIAN")
    return None


# What says a metric's rows are absent: "stations with no rides", "without any bookings",
# "zero sales", "never had a visit".
_ABSENT = re.compile(r"\b(?:no|without|zero|never\s+(?:had|got|made|took)|not\s+any|none\s+of)"
                     r"\s+(?:(?:a|an|any|the)\s+)?$")


def _said_absent(term: str, text: str) -> bool:
    """Is every mention of the metric ``term`` in ``text`` said of rows that are absent
    ("stations with no rides today")? Then the question asks for the places with none, a list,
    not the metric's aggregate.

    >>> _said_absent("rides", "stations with no rides today"), _said_absent("rides", "rides today")
    (True, False)
    """
    folded = fold_text(text)
    seen = False
    for form in term_forms(term):
        for m in re.finditer(r"(?<!\w)" + re.escape(form) + r"(?!\w)", folded):
            seen = True
            if _ABSENT.search(folded, max(0, m.start() - 24), m.start()) is None:
                return False
    return seen


def _aggregate_call(sql: str) -> str | None:
    """The aggregate a term's expression asks for: the one call the whole expression is
    (``SUM(price * quantity)``), ``AVG`` for a sum over a count of the same rows
    (``SUM(room_rate) / COUNT(*)``: an average of room_rate, however it is spelled), the
    numerator's for another ratio of two calls (``SUM(total_amt) / COUNT(DISTINCT
    order_id)``: an average per order only where there is one row per order), None for
    anything else.

    >>> [_aggregate_call(e) for e in ("SUM(price * qty)", "SUM(rate) / COUNT(*)",
    ...                               "SUM(a) / COUNT(DISTINCT k)", "100.0 * SUM(a) / COUNT(*)")]
    ['SUM', 'AVG', 'SUM', None]
    """
    whole = _call(sql)
    if whole is not None:
        return whole[0]
    depth, cut = 0, -1
    for i, ch in enumerate(sql):
        depth += (ch == "(") - (ch == ")")
        if ch == "/" and depth == 0:
            if cut >= 0:
                return None
            cut = i
    if cut < 0:
        return None
    top, bottom = _call(sql[:cut]), _call(sql[cut + 1:])
    if top is None or bottom is None:
        return None
    if top[0] == "SUM" and bottom[0] == "COUNT" and bottom[1] in ("*", "1", top[1]):
        return "AVG"
    return top[0]


#: A bracketed list right after a grouping ("by carrier mode (", "per segment (").
_GROUP_LIST = re.compile(r"\b(?:by|per|for each|across)\s+[\w\s-]{1,40}\(([^()]{0,200})$")


def _listed_groups(text: str, at: int) -> bool:
    """Is the word at ``at`` one of two or more names listed in brackets after a grouping
    ("by carrier mode (TL, LTL, PCL, INT)")?"""
    m = _GROUP_LIST.search(text, max(0, at - 240), at)
    if m is None:
        return False
    close = text.find(")", at)
    inside = m.group(1) + text[at:close if close >= 0 else at]
    return close >= 0 and ("," in inside or " or " in inside or "/" in inside)


# Nothing but a space or a hyphen between two words ("cancelled stays", "no-show bookings").
_ADJACENT = re.compile(r"[\s-]{1,3}")


def _said_as_kind(values: list[Filter], term: list[Filter]) -> list[Filter]:
    """The filters of a condition term (``term "stays" = stay_status IN ('CHECKED_IN',
    'CHECKED_OUT')``) that a value word said right before its phrase overrides: "cancelled
    stays" names the rows of another value of the term's own column (``stay_status =
    'CANCELLED'``), so the phrase says what the rows are (stays, bookings), not the term's
    states, which no row of that value has. A value the term keeps ("checked in stays") or
    one of another column ("large-dog stays") leaves the term asked.

    >>> v = [Filter("stay_status", "=", "cancelled")]
    >>> t = [Filter("stay_status", "in", ("checked_in", "checked_out"))]
    >>> [f.describe() for f in _said_as_kind(v, t)]
    ["stay_status IN ('checked_in', 'checked_out')"]
    >>> _said_as_kind([Filter("stay_status", "=", "checked_in")], t)
    []
    >>> _said_as_kind([Filter("size_cd", "=", "lg")], t)
    []
    """
    out: list[Filter] = []
    for f in term:
        if f.op not in ("=", "in") or not f.column:
            continue
        kept = {value_key(v) for v in f.values}
        for v in values:
            if (v.op == "=" and v.column and v.column.lower() == f.column.lower()
                    and not isinstance(v.value, tuple) and value_key(v.value) not in kept):
                out.append(f)
                break
    return out


def _condition(condition: str, negate: bool) -> tuple[Filter, ...]:
    """A predicate term's filters, read by the SQL extractor's predicate reader (the one the
    hint parser uses), so both sides of the comparison normalize alike."""
    from stef_question.extract import _condition_filters

    filters = _condition_filters(condition if not negate else f"NOT ({condition})")
    if negate and not filters:
        # NOT over something the reader cannot fold: negate a single filter by hand.
        plain = _condition_filters(condition)
        if len(plain) == 1:
            f = plain[0]
            return (f.turned(),)
    return filters


_HINT = re.compile(r"\s(?:hint|evidence):")


def asked_text(text: str) -> str:
    """The question and the agent's reformulation, without a BIRD-style hint: a hint defines
    words ("male users refers to u_gender = 'M'"), and its SQL fragments are read exactly by
    the hint reader; it does not ask for what it defines."""
    m = _HINT.search(text)
    return text[: m.start()] if m else text


def with_requirements(
    q: QuestionSpec, found: tuple[Filter, ...], words: frozenset[str]
) -> QuestionSpec:
    """``q`` with the requirements ``found`` in its text added (and the literals they explain
    dropped: "Critical" is a word for priority 'urgent', not a value of its own)."""
    if not found:
        return q
    keys = {(f.column, f.op, value_key(f.value)) for f in q.filters
            if not isinstance(f.value, tuple)}
    explained = words | {value_key(f.value) for f in found if not isinstance(f.value, tuple)}
    kept = [
        f for f in q.filters
        if not (f.column is None and not isinstance(f.value, tuple)
                and value_key(f.value) in explained)
    ]
    added = [f for f in found
             if isinstance(f.value, tuple) or (f.column, f.op, value_key(f.value)) not in keys]
    return replace(q, filters=(*kept, *added))


class Vocabulary(Normalizer):
    """Applies R_app synonyms, terms and categorical values: question words become the columns,
    SQL and required filters they mean.

    Why: a deployment knows that "revenue" is ``SUM(price * quantity)``, that "client" means
    ``customer_id``, that "critical" means ``priority = 'urgent'`` and that "gold members" are
    ``tier = 'gold'``; without that, a correct query looks ungrounded and a query that forgets
    the condition looks right.

    Before: "How many shipments are still pending?" with ``values status = pending, shipped``;
    the spec requires nothing, so ``SELECT COUNT(*) FROM shipments`` looks complete.
    After: the spec requires ``status = 'pending'`` (source ``rules``); the aligner reports
    ``filter.missing`` when the SQL lacks it.
    """

    id = "vocabulary"
    order = 50

    def __init__(self) -> None:
        # One matcher per ruleset; an engine runs one ruleset, so this is built once.
        self._cached: tuple[Ruleset, Matcher] | None = None

    def matcher(self, rules: Ruleset) -> Matcher:
        if self._cached is None or self._cached[0] is not rules:
            self._cached = (rules, Matcher.build(rules))
        return self._cached[1]

    def apply(self, ctx: Context) -> Context:
        rules = ctx.rules
        if not (rules.synonyms or rules.terms or rules.predicates or rules.categories):
            return ctx
        from stef_question.extract import with_synonyms

        found: tuple[Filter, ...] = ()
        words: frozenset[str] = frozenset()
        text = ctx.question.text
        if rules.predicates or rules.categories:
            asked = asked_text(text)
            own = asked.find(REFORMULATION_JOIN)
            found, words, spans = self.matcher(rules).requirements(
                asked, own if own >= 0 else None)
            # A value word or condition phrase is read whole: "waiting on the customer" means
            # status 'pending', not also the column a synonym "customer" names.
            for start, end in spans:
                text = text[:start] + " " * (end - start) + text[end:]
        q = with_synonyms(replace(ctx.question, text=text), rules)
        q = replace(q, text=ctx.question.text)
        exprs = list(q.expressions)
        aggs = list(q.aggregations)
        for phrase in q.terms:
            sql = rules.terms.get(phrase)
            if sql is None:
                continue
            exprs.append(sql)
            head = _aggregate_call(sql)
            stated = _stated_statistic(phrase, q.text)
            # "median days to pay" with `term "days to pay" = AVG(...)`: the statistic the
            # question names is asked, the term's is only the metric's default.
            if (head is not None and head not in aggs and stated in (None, head)
                    and not _said_absent(phrase, q.text)):
                aggs.append(head)
        q = replace(q, expressions=tuple(exprs), aggregations=tuple(aggs))
        q = with_requirements(q, found, words)
        if q == ctx.question:
            return ctx
        return replace(ctx, question=q, fired=(*ctx.fired, self.id))


@hookimpl
def stef_register_normalizers() -> list[type[Normalizer]]:
    return [Vocabulary]
