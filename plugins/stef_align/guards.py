"""Deployment guards: filters a deployment adds to every query and no question states.

A production agent scopes every query to its tenant (``tenant_id = 42``, ``org_id = 'acme'``)
and leaves out the rows the business never counts: soft-deleted ones (``deleted_at IS NULL``),
test, internal or bot data (``is_test = false``, ``NOT is_internal``). Such a filter is not a
constraint the question forgot to state, and counting it as an *extra* made every right answer
of a deployment "fully applied with extras". An extra SQL filter is read as a guard when its
shape says so and the question says nothing about it:

* **scope**: an identifier column (its last part ``id``, ``key``, ``uuid`` or ``guid``; or a
  name made of tenancy words only: ``tenant``, ``org``, ``workspace`` ...) equal to one literal
  the question never names (``company_id = 42``, ``org_id = 'acme'``, ``workspace = 'ws_88'``);
  a bare ``id = 7`` picks a row and is not one;
* **exclusion**: a flag, timestamp or state whose name says guard data (deleted, test,
  internal, staff, bot, spam, demo, sandbox, dummy, fake, void, archived, duplicate, training,
  comp ...) or a state that never took place or was undone (cancelled, rejected, declined,
  failed, reversed, abandoned, bounced, no-show, refunded, waived, dismissed) kept on its
  "no" side (``= false``, ``= 0``, ``= 'N'``, ``!=
  true``, ``IS NULL``), or any column kept away from such a value (``account_type !=
  'internal'``, ``email NOT LIKE '%@test.%'``, ``NOT IN ('bot', 'test')``, ``status <>
  'cancelled'``, ``status NOT IN ('cancelled', 'no_show')``): what a business counts
  happened, as what it counts is real.

* **null**: ``x IS NOT NULL`` on a column the query groups, ranks or aggregates by (the
  rows with no customer, no owner, no delivery time to rank the latest by): at most the
  group "unknown" goes.

A filter the question speaks about is never a guard: in "how many deleted users" or "orders
including test ones" the word is there and the aligner reads the filter as asked or not. What
decides is meaning, not spelling: ``NOT is_test``, ``is_test IS NOT TRUE``, ``COALESCE(is_test,
false) = false`` and ``is_test = 0`` reach this module as the same predicate.

A guard is reported (``filter.guard``, info) and listed in ``FilterAlignment.guards``; it does
not make the status *with extras* and earns no bonus (the bonus is for what R_app
declares benign: ``benign filter tenant_id = *`` turns the same filter into a benign extra).
Business definitions are not guards: "revenue" counted over ``status IN ('paid', 'shipped')``
is an extra filter, which a ruleset declares (a ``term`` or a ``benign filter``), unless many
of the run's queries share it (``'definition'``: not an extra, but not a guard either).

>>> from stef_core.spec import Filter
>>> guard_kind(Filter("org_id", "=", "acme"), "how many open tickets")
'scope'
>>> guard_kind(Filter("range_co_id", "=", "bullseye"), "lane hours per range last week")
'scope'
>>> guard_kind(Filter("deleted_at", "is null", None), "how many users signed up")
'exclusion'
>>> guard_kind(Filter("deleted_at", "is null", None), "how many deleted users are there")
>>> guard_kind(Filter("status", "=", "paid"), "revenue last month")
>>> guard_kind(Filter("status", "not in", ("cancelled", "no_show")), "arrivals tomorrow")
'exclusion'
>>> guard_kind(Filter("status", "!=", "cancelled"), "cancellation rate by channel")
>>> guard_kind(Filter("is_refund", "=", False), "taproom sales by style last month")
'exclusion'
>>> guard_kind(Filter("is_refund", "=", False), "refunds by style last month")
"""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import pairwise

from stef_align.events import column_event, event_of_word
from stef_align.lifecycle import (
    ended_words,
    enumerated_states,
    in_force_now,
    keeps_in_force,
    rate_base,
    roster_asked,
    unissued,
)
from stef_align.names import bare, parts
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.run import NO_RUN, RunGuard, RunProfile, table_key
from stef_core.spec import NEGATED_OP, Aggregation, Filter, SqlSpec
from stef_core.values import kept_side, value_key
from stef_core.words import NAME_PARTS, norm, stem

#: Last identifier parts that make a column an identifier (a scope guard compares one).
ID_PARTS = frozenset({"id", "key", "uuid", "guid", "sk"})
#: Words that name a tenancy: a column named by one is a scope whatever its suffix.
SCOPE_WORDS = frozenset({
    "tenant", "org", "organization", "organisation", "workspace", "company", "customer",
    "client", "account", "store", "shop", "merchant", "site", "partner", "project",
})
#: Words that name data a deployment leaves out (soft deletes, test, internal, staff and bot
#: data; comped, i.e. complimentary, sales that earned nothing; samples).
GUARD_WORDS = frozenset({
    "deleted", "delete", "removed", "purged", "test", "testing", "internal", "bot", "bots",
    "robot", "crawler", "spam", "fake", "dummy", "demo", "sandbox", "qa", "synthetic", "junk",
    "example", "staging", "void", "voided", "archived", "duplicate", "dup", "dupe",
    "training", "staff", "employee", "comp", "comped", "complimentary", "simulated",
    "simulation", "qc", "mock", "fraud", "fraudulent", "invalid",
    # a sample row: a free sample given away, a lab's or a demo's sample data, no sale
    "sample",
})
_GUARD_STEMS = frozenset(stem(w) for w in GUARD_WORDS)
#: Words that name a tenancy kept by its code (``vendor_cd``, ``platform_code``).
_CODED_TENANCY = frozenset({"vendor", "platform", "tenant", "org", "company"})
#: Longest literal a scope guard compares with (a tenant key, not a sentence).
MAX_SCOPE_LITERAL = 40


#: Beginnings of the words that say a row records something that never took place or was
#: undone (a cancelled order, a rejected timesheet, a failed payment, a reversed charge, a
#: no-show, a refunded sale, a waived fine, a dismissed citation, an aborted game): a count
#: of what happened leaves such rows out as it leaves out test data. Any form of the word
#: names them ("cancellations" names 'cancelled', "refunds" ``is_refunded``).
NON_EVENT_ROOTS = ("cancel", "reject", "declin", "fail", "revers", "abandon", "bounce",
                   "noshow", "errored", "refund", "waiv", "dismiss", "abort")


#: Beginnings of the states of a row that is not (yet, or any more) a deal: a quote, a draft,
#: an estimate, a sale returned. A value list leaving them out
#: (``status NOT IN ('quoted', 'cancelled')``, ``NOT IN ('cancelled', 'returned')``) keeps the
#: real orders, as a guard does. Values only: a ``quote_id`` or ``return_reason`` column names
#: a thing, not a state.
_NO_DEAL_ROOTS = ("quote", "quotat", "draft", "estimat", "returned", "returns")


def _guard_words(text: str) -> set[str]:
    """The guard words among an identifier's or a value's parts (by stem), and the words of
    a state that never took place (:data:`NON_EVENT_ROOTS`; ``'no_show'`` as one word)."""
    ps = parts(text)
    out = {p for p in ps if stem(p) in _GUARD_STEMS or p.startswith(NON_EVENT_ROOTS)}
    if "".join(ps).startswith(NON_EVENT_ROOTS):
        out.add("".join(ps))
    return out


def _scope(f: Filter, text: str) -> bool:
    if f.column is None or f.op not in ("=", "in"):
        return False
    values = f.values
    if len(values) != 1:
        return False
    [v] = values
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        return False
    if isinstance(v, str) and not (0 < len(v) <= MAX_SCOPE_LITERAL):
        return False
    ps = parts(f.column)
    # ``tenant_id``, ``org_key``; or a column that is only a tenancy word (``workspace``), not
    # one that merely mentions it (``customer_segment`` is a business attribute)
    # (also a tenancy's code: ``tenant_cd``, ``vendor_code``, the software vendor's tenant)
    if not ps or not (ps[-1] in ID_PARTS or all(p in SCOPE_WORDS for p in ps) or (
            len(ps) > 1 and ps[-1] in ("cd", "code")
            and all(p in SCOPE_WORDS or p in _CODED_TENANCY for p in ps[:-1]))):
        return False
    if len(ps) == 1 and ps[0] in ID_PARTS:
        return False  # a bare ``id = 7`` picks one row: a lookup, not a scope
    # Neither the literal ("store 17") nor the entity is the question's: "the engineering
    # department" answered with ``department_id = 1`` is a lookup of what the question
    # names (right or wrong), not a scope the deployment adds. A period's number names no
    # literal ("Q4", "H1", "FY2025": no 4, 1 or 2025).
    if str(v).lower() in _words(_PERIOD_TOKEN.sub(" ", text.lower())):
        return False
    entity = [p for p in ps if p not in ID_PARTS]
    # "the firm's fiscal year", "our company": the deployment speaking of itself names no
    # other one to look up
    stems = {stem(w) for w in _words(_SELF_REFERENCE.sub(" ", text.lower()))}
    if entity and entity[-1] in COLLECTIVE_HEADS and len(entity) > 1:
        # ``resort_group_id`` names a group of resorts: "scans per resort" names a resort,
        # not the group the deployment is scoped to
        return stem(entity[-1]) not in stems
    return not any(stem(p) in stems for p in entity)


#: The tenant named as itself: "the firm's", "our company('s)", "the company's own".
_SELF_REFERENCE = re.compile(
    r"\b(?:(?:the|our)\s+(?:firm|company|business|organi[sz]ation|org|agency|practice|group"
    r"|chain|brand)(?:'s|\u2019s)|our\s+(?:firm|company|business|organi[sz]ation|org|agency"
    r"|practice|group|chain|brand))\b")

#: A period written as a letter and its number ("Q4", "H1", "FY2025", "W12").
_PERIOD_TOKEN = re.compile(r"\b(?:q|h|fy|cy|wk|w)\d{1,4}\b")

#: Last words of a scope column that name a collection of the things before them
#: (``resort_group_id``, ``hotel_chain_id``, ``podcast_network_id``) or the company or
#: tenant that owns them (``range_co_id``, ``clinic_company_id``, ``store_org_id``): such a
#: column is named by its last word, not by the thing it collects.
COLLECTIVE_HEADS = frozenset({"group", "chain", "network", "family", "holding", "parent",
                              "portfolio", "brand", "franchise", "system", "operator",
                              "co", "company", "corp", "org", "organization", "organisation",
                              "tenant"})


#: Words that say rows are left out ("internal accounts excluded", "non-test orders").
EXCLUSION_CUES = frozenset({
    "exclude", "excluded", "excluding", "excludes", "exclusion", "without", "except",
    "non", "not", "no", "never", "omit", "omitted", "omitting", "ignore", "ignored",
    "ignoring", "remove", "removed", "removing",
})
#: A cue and a guard word go together within one clause.
_CLAUSE = re.compile(r"[.;:!?()]|\bbut\b|\bwhile\b")


def _mentions(words: set[str], text: str) -> str | None:
    """``'stated'`` when the text says the rows a guard word names are left out ("internal
    and deleted accounts excluded", "excluding test orders", "non-bot sessions"),
    ``'named'`` when it names them otherwise ("how many deleted users"), None when it never
    names them."""
    wanted = {stem(w) for w in words}
    # a state that did not happen is named by any form of its word ("cancellations" names
    # 'cancelled', "no-shows" 'no_show')
    roots = tuple(r for r in NON_EVENT_ROOTS if any(w.startswith(r) for w in words))
    cues = {stem(c) for c in EXCLUSION_CUES}
    found = False
    for clause in _CLAUSE.split(text):
        raw = parts(clause)
        tokens = [stem(t) for t in raw]
        if not any(t in wanted for t in tokens) and not (roots and any(
                w.startswith(roots) for w in (*raw, *(a + b for a, b in pairwise(raw))))):
            continue
        found = True
        # the "no" of "no-shows" is part of the name, not a cue
        spoken = [t for i, t in enumerate(tokens) if not (
            roots and i + 1 < len(raw) and (raw[i] + raw[i + 1]).startswith(roots))]
        if not any(t in cues for t in spoken):
            return "named"
    return "stated" if found else None


def _exclusion(f: Filter, text: str, sql: SqlSpec | None = None) -> str | None:
    """``'exclusion'`` for an unstated guard, ``'stated'`` for one the text asks for; a guard
    word the text says only inside a compound the SQL names is not said
    (:func:`_outside_compounds`)."""
    if f.column is None:
        return None
    col_words = _guard_words(f.column) or _flag_abbreviation(f)
    values = f.values
    shaped = False
    words: set[str] = set()
    if col_words:
        words = col_words
        if f.op == "is null":
            shaped = True  # deleted_at IS NULL
        elif flag_side(f) is False:
            # is_test = false, is_deleted = 0, test_flag = 'N'; NOT is_test, is_internal IS
            # NOT TRUE
            shaped = True
    if not shaped and f.op in ("!=", "<>", "not in", "not like"):
        words = set()
        for v in values:
            if not isinstance(v, str):
                return None
            found = _guard_words(v) or {p for p in parts(v) if p.startswith(_NO_DEAL_ROOTS)}
            if not found:
                # not guard data: a business rule, unless the text itself leaves these
                # values out ("excluding cancellations and no-shows", "not cancelled")
                return _stated_exclusion(values, text)
            words |= found
        shaped = bool(words)
    if not shaped:
        return None
    said = _mentions(words, text)
    if said is not None and sql is not None:
        # only a text that names the guard's words is read for compounds: blanking words out
        # names nothing new, and most filters of most records never get here
        said = _mentions(words, _outside_compounds(text, sql))
    if said is None:
        return "exclusion"
    return "stated" if said == "stated" else None


#: A question's word: letters and digits (a compound is two such words side by side).
_TOKEN = re.compile(r"[a-z0-9]+")


def _outside_compounds(text: str, sql: SqlSpec | None) -> str:
    """``text`` with each guard word that sits inside a compound the SQL names blanked out:
    "median test wt barley" names the column ``test_wt``, "soil test kit sales" the value
    'soil_test_kit' (or a LIKE '%soil test kit%'); there "test" is part of a measure's or a
    product's name and asks nothing about test data, so ``is_test = 0`` beside it stays the
    deployment's hygiene. A compound is two adjacent words of the question, one of them a
    guard word and the other a word of its own (no flag or date part, no guard word), found
    side by side in a column name or a string literal of the SQL. "How many test cycles"
    (no ``test_cycle`` in the SQL) keeps its word.

    >>> from stef_sql.extract import extract_spec
    >>> s = extract_spec("SELECT median(test_wt) FROM loads WHERE is_test = 0")
    >>> _outside_compounds("median test wt barley ytd", s)
    'median _ wt barley ytd'
    >>> _outside_compounds("how many test loads", s)
    'how many test loads'
    """
    if sql is None:
        return text
    names = [parts(c) for c in sorted(sql.columns)[:256]]
    names += [parts(v) for v in sql.literals[:128] if isinstance(v, str) and len(v) <= 80]
    pairs = {(stem(a), stem(b)) for ps in names for a, b in pairwise(ps)}
    entities = _entity_guard_stems(sql)
    if not pairs and not entities:
        return text
    lowered = text[:2000].lower()
    tokens = list(_TOKEN.finditer(lowered))
    # "practical pass rate" over ``test_bookings`` with ``is_test = 0``: a guard word that
    # names a table the query reads ("tests" booked and taken) is the business's own thing
    blank: set[int] = {i for i, t in enumerate(tokens) if stem(t.group()) in entities}
    for i, (a, b) in enumerate(pairwise(tokens)):
        if lowered[a.end():b.start()].strip():
            continue  # a comma or a clause between them: two words, not one name
        sa, sb = stem(a.group()), stem(b.group())
        if (sa, sb) not in pairs:
            continue
        for j, own, other in ((i, sa, b.group()), (i + 1, sb, a.group())):
            if (own in _GUARD_STEMS and stem(other) not in _GUARD_STEMS
                    and other not in _FLAG_PARTS and not other.isdigit()):
                blank.add(j)
    if not blank:
        return text
    out = list(lowered)
    for j in blank:
        m = tokens[j]
        out[m.start():m.end()] = "_" + " " * (m.end() - m.start() - 1)
    return re.sub(r"_ +", "_ ", "".join(out)) + text[2000:].lower()


def _entity_guard_stems(sql: SqlSpec) -> set[str]:
    """The guard words (by stem) that name a table the query reads with a word of their own
    beside them (``test_bookings``, ``test_results``): there "test" is a thing the business
    records (a driving test, a lab test), not test data.

    >>> from stef_sql.extract import extract_spec
    >>> sorted(_entity_guard_stems(extract_spec("SELECT COUNT(*) FROM test_bookings t "
    ...                                         "JOIN learners l ON l.id = t.learner_id "
    ...                                         "WHERE l.is_test = 0")))
    ['test']
    >>> sorted(_entity_guard_stems(extract_spec("SELECT COUNT(*) FROM users WHERE is_test = 0")))
    []
    """
    out: set[str] = set()
    for table in sql.tables[:32]:
        ps = parts(table.rsplit(".", 1)[-1])
        stems = [stem(p) for p in ps]
        own = [p for p, st in zip(ps, stems) if st not in _GUARD_STEMS and p not in _FLAG_PARTS
               and not p.isdigit()]
        if own:
            out.update(st for st in stems if st in _GUARD_STEMS)
    return out


def _stated_exclusion(values: tuple[object, ...], text: str) -> str | None:
    """``'stated'`` when every value a ``!=`` / ``NOT IN`` filter leaves out is named in a
    clause of the text that says to leave it out ("excluding cancellations and no-shows" for
    ``status NOT IN ('cancelled', 'no_show')``); None otherwise. A value is named by a word
    of the same stem, or by one that starts with its stem (five letters at least:
    'cancelled' / "cancellations")."""
    cues = {stem(c) for c in EXCLUSION_CUES}
    clauses = [[stem(t) for t in parts(c)] for c in _CLAUSE.split(text)]
    for v in values:
        if not isinstance(v, str):
            return None
        wanted = [stem(p) for p in parts(v) if p not in FUNCTION_WORDS]
        if not wanted or not any(
            any(t in cues for t in tokens)
            and all(any(_same_word(w, t) for t in tokens) for w in wanted)
            for tokens in clauses
        ):
            return None
    return "stated"


def _same_word(value_stem: str, token_stem: str) -> bool:
    return value_stem == token_stem or (
        min(len(value_stem), len(token_stem)) >= 5
        and (token_stem.startswith(value_stem) or value_stem.startswith(token_stem)))


#: Short names of a guard flag (``is_del``, ``del_flg``) and the word each stands for: guard
#: words only as a flag, on its "no" side (``del_dt IS NULL`` may be a delivery date).
FLAG_ABBREVIATIONS = {"del": "deleted"}


def _flag_abbreviation(f: Filter) -> set[str]:
    """The guard word a flag column abbreviates, when the flag is kept on its "no" side
    (``is_del = 0``, ``NOT is_del``: ``{'deleted'}``); empty otherwise."""
    if f.column is None or flag_side(f) is not False:
        return set()
    return {FLAG_ABBREVIATIONS[p] for p in parts(f.column) if p in FLAG_ABBREVIATIONS}


def flag_side(f: Filter) -> bool | None:
    """The side of a flag the filter keeps: True for its "yes" rows (``is_current = 1``,
    ``livemode != false``), False for its "no" rows (``is_test = 'N'``, ``NOT is_deleted``),
    None when the filter is no test of one flag value.

    >>> flag_side(Filter("is_test", "=", "N")), flag_side(Filter("is_del", "!=", 0))
    (False, True)
    >>> flag_side(Filter("status", "=", "open")) is None
    True
    """
    values = f.values
    if len(values) != 1:
        return None
    return kept_side(f.op, values[0])


def _words(text: str) -> frozenset[str]:
    return frozenset(w for w in parts(text))


def null_guard(f: Filter, sql: SqlSpec | None) -> bool:
    """``x IS NOT NULL`` (or ``x != ''`` beside it) on a column the query groups, ranks or
    aggregates by: it drops the rows that have no value there, the group "unknown" of
    ``GROUP BY customer_id`` or nothing at all under ``COUNT(DISTINCT customer_id)``."""
    if sql is None or f.column is None:
        return False
    col = norm(f.column)
    if f.op == "!=" and f.value == "":
        return any(g.op == "is not null" and norm(g.column or "") == col for g in sql.filters)
    if f.op != "is not null":
        return False
    keys = {norm(c) for c in (*sql.group_by, *sql.nested_group_by, *sql.partition_by,
                               *sql.implied_group_by)}
    keys |= {norm(bare(a.arg)) for a in sql.aggregations if a.arg != "*"}
    # a column inside a value a null-skipping aggregate computes (``AVG(DATEDIFF(inspected,
    # received))``, ``SUM(qty * price)``): a row with no value there adds nothing to it
    keys |= {norm(c) for a in sql.aggregations for c in skipped_by(a)}
    # a key the query ranks by (ORDER BY, a window's ORDER BY): rows with nothing to rank by
    # are no candidates for "the latest" or "the top" (and some dialects sort NULLs first)
    keys |= {norm(c) for o in (*sql.order_by, *sql.nested_order_by) for c in o.columns}
    if col in keys:
        return True
    name = f.column.rsplit(".", 1)[-1].lower()
    return any(re.search(r"\border\s+by\b[^)]*\b" + re.escape(name) + r"\b", w.lower())
               for w in sql.windows[:16])


#: Aggregates that skip the rows whose argument is NULL.
NULL_SKIPPING = frozenset({"AVG", "SUM", "MIN", "MAX", "MEDIAN", "COUNT", "STDDEV",
                           "STDDEV_SAMP", "STDDEV_POP", "VARIANCE", "VAR_SAMP", "VAR_POP"})


def skipped_by(agg: Aggregation) -> tuple[str, ...]:
    """The columns of a null-skipping aggregate's argument a NULL in which makes the argument
    NULL (plain arithmetic, date differences: nothing that gives a NULL a value), so the
    aggregate skips the row: ``AVG(DATEDIFF(day, opened, closed))`` skips rows without
    ``opened`` or ``closed``; ``SUM(COALESCE(x, 0))`` and ``COUNT(*)`` skip none.

    >>> skipped_by(Aggregation("AVG", "inspected_date,received_date"))
    ('inspected_date', 'received_date')
    >>> skipped_by(Aggregation("SUM", "refund_amt", values_nulls=True))
    ()
    """
    if agg.func.upper() not in NULL_SKIPPING or agg.arg == "*" or agg.values_nulls:
        return ()
    return tuple(bare(c.strip()).lower() for c in agg.arg.split(",")[:64] if c.strip())


def guard_kind(f: Filter, text: str, sql: SqlSpec | None = None,
               run: RunProfile = NO_RUN, timeless: bool = False) -> str | None:
    """What the SQL filter ``f`` is, read against the question and enrichment folded as
    ``text`` (module docstring): ``'scope'`` or ``'exclusion'`` for a deployment guard the
    text says nothing about, ``'null'`` for a null guard on a column the query groups or
    aggregates by (``sql``), ``'run'`` for a filter most of the run's queries share
    (``run``) and the text never names; ``'definition'`` for one many of them share
    (:data:`stef_core.run.COMMON`) and the text never names; ``'lifecycle'`` for a list of
    the states a metric counts and ``'in_force'`` for the rows in force, asked about now by a
    ``timeless`` question (one with no period of its own): :mod:`stef_align.lifecycle`;
    ``'definition'`` too for a filter the run's agents apply across different questions
    (:meth:`~stef_core.run.RunProfile.agreed`) and the text never names;
    ``'stated'`` for an exclusion the text itself asks for ("internal and deleted accounts
    excluded"), which answers the text like any matched filter; None for anything else."""
    if f.excluded and f.op in NEGATED_OP:
        # inside NOT EXISTS / NOT IN: the aligner turned the subquery's guard round; the
        # guard is the subquery's own (``NOT EXISTS (... WHERE is_test = false)``), or the
        # subquery picks the guard's rows for the query to leave out (``customer_id NOT IN
        # (SELECT customer_id FROM customers WHERE is_test = 1)``): the filter as turned
        turned = f
        f = replace(f, op=NEGATED_OP[f.op], excluded=False)
        if _exclusion(f, text, sql) is None and _exclusion(
                replace(turned, excluded=False), text, sql) == "exclusion":
            return "exclusion"
    kind = _exclusion(f, text, sql)
    if kind is not None:
        return kind
    if _live_only(f, text):
        return "exclusion"  # livemode = true, env = 'prod': test data left out
    if _current_version(f, text):
        return "current"
    # before the shapes: a filter in most of the run's queries is the deployment's even
    # where one question leaves a value unanswered (the aligner's stand-in reading of a scope)
    if run.holds(f) and not named(f, text):
        return "run"
    if run.holds(f) and _run_scope(f, text):
        return "run"
    if run.defines(f, sql) and not named(f, text):
        return "definition"
    if (run.holds(f) or run.defines(f, sql)) and _rows_named(f, text):
        # "lesson hours per instructor" / the run's lesson_status = 'taught': the text names
        # the rows whose state the run keeps, not a state of its own; a definition (which
        # may still answer a state the text names, wrongly)
        return "definition"
    if _scope(f, text):
        return "scope"
    if null_guard(f, sql):
        return "null"
    if _implied_state(f, text, sql):
        return "implied"
    if enumerated_states(f, text) and not any(
            isinstance(v, str) and _guard_words(v) for v in f.values):
        return "lifecycle"  # (a state that never took place, or guard data, defines nothing)
    if rate_base(f, text, sql):
        return "lifecycle"  # "no show rate" / status IN ('checked_in', 'no_show'): the base
    if f.op in ("!=", "<>", "not in") and not _values_named(f, text) and all(
            isinstance(v, str) and (unissued(v) or _guard_words(v)) for v in f.values) and any(
            isinstance(v, str) and unissued(v) for v in f.values):
        return "lifecycle"  # status != 'draft', NOT IN ('draft', 'void'): never issued
    if timeless and in_force_now(f, text) and not named(f, text):
        return "in_force"
    if (f.column and not f.relation and not f.excluded and not f.alternative
            and keeps_in_force(f) and roster_asked(text) and not named(f, text)):
        # "which associates had fewer than 100 hrs in feb" / terminated_on IS NULL: the
        # things listed with none come from the roster of those there are
        return "roster"
    if run.agreed(f) and (not named(f, text) or _rows_named(f, text)):
        # applied by the run's agents to other questions as well: the deployment's
        # convention, not a narrowing this answer made up (read last: a tenant scope or a
        # soft delete the run applies everywhere stays what it is)
        return "definition"
    # spellings read after every other reading (what the run shares, a state in force, a
    # lifecycle stays what it was): only a filter read as nothing else becomes a guard
    return _late_exclusion(f, text)


#: Short codes of a cancelled state (``booking_status <> 'CXL'``, ``cxl_dt IS NULL``).
CANCEL_CODES = frozenset({"cxl", "cxld", "cnx", "cncl", "cnld", "canc", "cncld"})


def _late_words(text: str) -> set[str]:
    """Guard words spelt in ways :func:`_guard_words` does not read: a short code of a
    cancelled state ('CXL': "cancelled"), a flag named in capitals and read folded
    (Salesforce's ``IsDeleted``: "deleted")."""
    out: set[str] = set()
    for p in parts(text):
        if p in CANCEL_CODES:
            out.add("cancelled")
        elif p.startswith("is") and stem(p[2:]) in _GUARD_STEMS:
            out.add(p[2:])
    return out


def _late_exclusion(f: Filter, text: str) -> str | None:
    """``'exclusion'`` (or ``'stated'``, when the text asks for it) for guards in the
    spellings of :func:`_late_words`, an e-mail domain left out (:func:`_internal_domain`)
    or a row's own state code (:func:`_record_state`); None otherwise.

    >>> _late_exclusion(Filter("booking_status", "!=", "CXL"), "bookings by destination")
    'exclusion'
    >>> _late_exclusion(Filter("isdeleted", "=", 0), "leads from webinars")
    'exclusion'
    >>> _late_exclusion(Filter("booking_status", "!=", "CXL"), "bookings excluding cancellations")
    'stated'
    """
    if f.column is None or f.relation or f.alternative:
        return None
    if _internal_domain(f, text) or _record_state(f, text):
        return "exclusion"
    words = _late_words(f.column)
    shaped = bool(words) and (f.op == "is null" or flag_side(f) is False)
    if not shaped and f.op in ("!=", "not in"):
        words = set()
        for v in f.values:
            if not isinstance(v, str):
                return None
            found = _late_words(v) or _guard_words(v)
            if not found:
                return None
            words |= found
        shaped = bool(words) and bool(set().union(*(_late_words(str(v)) for v in f.values)))
    if not shaped:
        return None
    said = _mentions(words, text)
    if said is None:
        return "exclusion"
    return "stated" if said == "stated" else None


#: Words of a column that holds an e-mail address or its domain.
_MAIL_PARTS = frozenset({"email", "mail", "domain", "emailaddress"})
#: Last labels of a domain, which name no one's company.
_DOMAIN_ENDS = frozenset({"com", "org", "net", "io", "co", "uk", "de", "fr", "local"})


def _internal_domain(f: Filter, text: str) -> bool:
    """``email NOT LIKE '%@acme.com'``: the accounts of one e-mail domain left out (the
    company's own staff and test sign-ups), unless the text names that domain ("users not
    on gmail").

    >>> _internal_domain(Filter("email", "not like", "%@ourco.com"), "daily signups")
    True
    >>> _internal_domain(Filter("email", "not like", "%@gmail.com"), "users not on gmail")
    False
    """
    if f.column is None or f.op not in ("not like", "!=") or len(f.values) != 1:
        return False
    [v] = f.values
    if not isinstance(v, str) or "@" not in v or not set(parts(f.column)) & _MAIL_PARTS:
        return False
    named_words = {stem(w) for w in _words(text)}
    own = [p for p in parts(v.split("@", 1)[1]) if p not in _DOMAIN_ENDS]
    return bool(own) and not any(stem(p) in named_words for p in own)


#: Words of a column that holds the state of the stored row itself (``record_status``,
#: ``row_stat_cd``), not of the thing it records.
_ROW_PARTS = frozenset({"record", "rec", "row"})
_STATE_PARTS = frozenset({"status", "stat", "state", "flag", "flg", "ind", "cd", "code"})


def _record_state(f: Filter, text: str) -> bool:
    """``record_status <> 'D'``, ``row_status = 'A'``: the state of the stored row (a
    warehouse's or an ERP's soft delete, spelt as a one- or two-letter code), which no
    question asks about unless it names records or rows.

    >>> _record_state(Filter("record_status", "!=", "D"), "open purchase orders")
    True
    >>> _record_state(Filter("status", "!=", "D"), "open purchase orders")
    False
    """
    if f.column is None or f.op not in ("=", "!=", "in", "not in"):
        return False
    ps = parts(bare(f.column))
    if not (set(ps) & _ROW_PARTS and set(ps) & _STATE_PARTS):
        return False
    if not all(isinstance(v, str) and 0 < len(v) <= 2 for v in f.values):
        return False
    return not {stem(w) for w in _words(text)} & {stem(p) for p in _ROW_PARTS | {"records"}}


def _run_scope(f: Filter, text: str) -> bool:
    """Is ``f``, a filter most of the run's queries share, the deployment's tenant scope
    (``operator_id = 5117``, ``network_id = 42``) though the text names what its column is
    about ("operator cancellations by reason", "downloads the network got")? The run applies
    that one value whatever the question, and the text names the entity only: no value of it
    ("operator 7", "network 'nbx'") and not several of them ("per network", "all operators",
    "networks"), which a scope to one would narrow.

    >>> f = Filter("network_id", "=", 42)
    >>> _run_scope(f, "how many downloads did the network get"), _run_scope(f, "network 42")
    (True, False)
    >>> _run_scope(f, "downloads per network"), _run_scope(f, "downloads across networks")
    (False, False)
    >>> _run_scope(f, "downloads of network 7"), _run_scope(f, "downloads of network 'nbx'")
    (False, False)
    >>> _run_scope(Filter("region", "=", "emea"), "revenue in the region")
    False
    """
    if f.column is None or f.op not in ("=", "in") or len(f.values) != 1:
        return False
    [v] = f.values
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        return False
    ps = parts(f.column)
    # (also a tenancy's code: ``tenant_cd``, ``vendor_code``, the software vendor's tenant)
    if not ps or not (ps[-1] in ID_PARTS or all(p in SCOPE_WORDS for p in ps) or (
            len(ps) > 1 and ps[-1] in ("cd", "code")
            and all(p in SCOPE_WORDS or p in _CODED_TENANCY for p in ps[:-1]))):
        return False
    entity = [p for p in ps if p not in ID_PARTS]
    if not entity or str(v).lower() in _words(text.lower()):
        return False
    words = re.findall(r"[a-z0-9]+", text.lower())
    head = stem(entity[-1])
    for i, w in enumerate(words):
        if stem(w) != head:
            continue
        if w != entity[-1] and w.endswith("s"):
            return False  # "networks": several of them
        if i > 0 and words[i - 1] in _SPREAD_WORDS:
            return False  # "per network", "each operator"
        if i + 1 < len(words) and (words[i + 1] in _NAME_AFTER or words[i + 1][0].isdigit()):
            return False  # "network 7", "network id 7", "operator number"
    # "network 'NBX'", "operator #12": a value of it, quoted or numbered
    return re.search(rf"\b{re.escape(entity[-1])}\s*[#'\"\u2018\u201c]", text.lower()) is None


#: Words before an entity that speak of several of it ("per network", "all operators").
_SPREAD_WORDS = frozenset({"per", "by", "each", "every", "all", "across", "any", "other",
                           "another", "which", "what", "between", "vs", "versus"})
#: Words after an entity that introduce one of its values ("operator id 7", "store no. 12").
_NAME_AFTER = frozenset({"id", "ids", "no", "number", "num", "code", "cd", "named", "called"})


#: Parts of a column whose value is a state or a code of its rows (``lesson_status``,
#: ``brand_cd``): its other parts name the rows, not which of their values a query keeps.
_CHOICE_PARTS = frozenset({"status", "state", "stage", "phase", "cd", "code"})


def _rows_named(f: Filter, text: str) -> bool:
    """Does ``text`` name only the rows of a state or code column ``f`` keeps values of
    ("lessons" for ``lesson_status``, "brand" for ``brand_cd``), none of those values? A flag
    is left out: its words are its meaning ("contractors" for ``is_contractor``).

    >>> _rows_named(Filter("lesson_status", "=", "taught"), "lesson hours per instructor")
    True
    >>> _rows_named(Filter("lesson_status", "=", "taught"), "lessons taught per instructor")
    False
    >>> _rows_named(Filter("is_house_use", "=", False), "in house tonight")
    False
    """
    if f.column is None or not set(parts(f.column)) & _CHOICE_PARTS:
        return False
    stems = {stem(w) for w in _words(text)}
    return not any(stem(p) in stems for v in f.values if isinstance(v, str)
                   for p in parts(v) if p not in FUNCTION_WORDS)


def _values_named(f: Filter, text: str) -> bool:
    """Does the text name one of the filter's values ("drafts" for 'draft')? (Not its column:
    "tickets" names ``ticket_status`` but asks nothing of its drafts.)"""
    stems = {stem(w) for w in _words(text)}
    return any(stem(p) in stems for v in f.values if isinstance(v, str) for p in parts(v))


#: Parts of a column that keeps a row's state.
_STATUS_PARTS = frozenset({"status", "state", "stage", "phase"})
_RANGE_OPS = frozenset({">", ">=", "<", "<=", "between"})


def _implied_state(f: Filter, text: str, sql: SqlSpec | None) -> bool:
    """``status = 'completed'`` where the query reads the time of that very event: a duration
    to ``completed_ts`` or a period on it (``completed_ts >= '2026-01-01'``) is there only for
    the rows that completed, so the state adds nothing the measure does not already ask.

    >>> from stef_sql.extract import extract_spec
    >>> s = extract_spec("SELECT AVG(completed_ts - started_ts) FROM tasks "
    ...                  "WHERE status = 'completed'")
    >>> _implied_state(Filter("status", "=", "completed"), "average cycle time", s)
    True
    >>> _implied_state(Filter("status", "=", "completed"), "average task size", extract_spec(
    ...     "SELECT AVG(units) FROM tasks WHERE status = 'completed'"))
    False
    """
    if sql is None or f.column is None or f.op != "=" or not isinstance(f.value, str):
        return False
    if not set(parts(f.column)) & _STATUS_PARTS or named(f, text):
        return False
    event = event_of_word(f.value)
    if event is None:
        return False
    timed = [c for a in sql.aggregations for c in skipped_by(a)]
    timed += [g.column for g in sql.filters[:32] if g.column and g.op in _RANGE_OPS]
    timed += [p.column for p in sql.periods[:16] if p.column]
    return any(column_event(c) == event for c in timed[:32])


#: Parts of a flag that keeps the current version of a row whose history the table keeps (a
#: slowly changing dimension: ``is_current``, ``current_flag``, ``is_latest``).
_CURRENT_PARTS = frozenset({"current", "curr", "latest"})
#: Parts of a column that says when a version of a row stops being valid (``valid_to``,
#: ``effective_end_date``, ``eff_end_dt``, ``version_end_ts``, ``dbt_valid_to``).
_VALIDITY_PARTS = frozenset({"valid", "validity", "effective", "eff", "version", "scd"})
_VALIDITY_ENDS = frozenset({"to", "end", "until", "thru", "through", "expiry", "expiration"})
#: Words that ask about the history itself, or about a moment that is not now: then the
#: current version is not all the question wants.
_HISTORY = re.compile(r"\b(?:histor\w*|previous\w*|former\w*|past|ever|changes?|changed|"
                      r"versions?|as of|at the end of|at end of|at the start of|"
                      r"at the beginning of|on \d|in (?:19|20)\d\d)\b")


def _current_version(f: Filter, text: str) -> bool:
    """``is_current = true``, ``current_flag = 'Y'``, ``valid_to IS NULL``, ``valid_to =
    '9999-12-31'``: the row's current version in a table that keeps every version of it,
    which a deployment reads as every question's rows unless the question asks about the
    history or another moment.

    >>> _current_version(Filter("is_current", "=", True), "headcount by department")
    True
    >>> _current_version(Filter("effective_end_date", "is null", None), "avg salary by level")
    True
    >>> _current_version(Filter("is_current", "=", True), "headcount at the end of 2023")
    False
    >>> _current_version(Filter("current_balance", ">", 0), "accounts by branch")
    False
    """
    if f.column is None or f.excluded:
        return False
    ps = set(parts(f.column))
    values = f.values
    if ps & _CURRENT_PARTS:
        if flag_side(f) is not True:
            return False
    elif ps & _VALIDITY_PARTS and ps & _VALIDITY_ENDS:
        far = (f.op in ("=", ">=", ">") and len(values) == 1 and isinstance(values[0], str)
               and values[0].startswith(("9999-", "2999-", "2099-12-31")))
        if f.op != "is null" and not far:
            return False
    else:
        return False
    return _HISTORY.search(text.lower()) is None and not named(f, text)


#: Parts of a flag that keeps live (production) data, and the values of an environment
#: column that name it: the other side of test data (``livemode = true``, ``env = 'prod'``).
_LIVE_PARTS = frozenset({"live", "livemode", "production", "prod"})
_ENV_PARTS = frozenset({"env", "environment"})
_LIVE_VALUES = frozenset({"prod", "production", "live", "prd"})
#: Words that ask about one environment's data: then keeping the live data is no guard.
_ENVIRONMENT_STEMS = frozenset(stem(w) for w in (
    "test", "testing", "sandbox", "staging", "live", "production", "prod", "environment", "env"))


#: Environments named by words that mean nothing else in a question (not "test" or "live":
#: lab tests, live streams), by stem.
_NAMED_ENVIRONMENTS = {stem(w): env for env, words in (
    ("production", ("production", "prod", "prd")),
    ("staging", ("staging", "stg")),
    ("sandbox", ("sandbox",)),
    ("development", ("dev", "development")),
    ("qa", ("qa", "uat")),
) for w in words}
#: The environment an environment column's value keeps ('test' included: it is a value here).
_ENVIRONMENT_VALUES = {**_NAMED_ENVIRONMENTS, stem("live"): "production",
                       stem("test"): "test", stem("testing"): "test"}


def named_environment(text: str) -> str | None:
    """The one environment the question names ("errors by service today in staging":
    ``'staging'``), by words that mean nothing else in a question; None for none or several.
    Read once per record: :func:`kept_environment` is asked of each filter.

    >>> named_environment("errors by service today in staging"), named_environment("lab tests")
    ('staging', None)
    """
    asked = {_NAMED_ENVIRONMENTS[s] for s in map(stem, _words(text)) if s in _NAMED_ENVIRONMENTS}
    return next(iter(asked)) if len(asked) == 1 else None


def kept_environment(f: Filter) -> str | None:
    """The environment whose rows the filter keeps (``env = 'prod'``, ``livemode = true``:
    ``'production'``), else None. Kept while the question names another one (see
    :func:`named_environment`), it is not a guard left in by habit but another environment's
    data.

    >>> kept_environment(Filter("env", "=", "prod")), kept_environment(Filter("is_live", "=", 1))
    ('production', 'production')
    >>> kept_environment(Filter("env", "=", "staging")), kept_environment(Filter("st", "=", "prod"))
    ('staging', None)
    """
    if f.column is None or f.excluded:
        return None
    ps = set(parts(f.column))
    values = f.values
    if ps & _ENV_PARTS and f.op == "=" and len(values) == 1 and isinstance(values[0], str):
        return _ENVIRONMENT_VALUES.get(stem(values[0].lower()))
    if ps & _LIVE_PARTS and flag_side(f) is True:
        return "production"
    return None


def ended_stated(f: Filter, text: str) -> bool:
    """Does ``text`` say the rows ``f`` keeps in force have not ended ("vehicles in the fleet
    (not defleeted)" for ``defleet_dt IS NULL``, "associates who have not been terminated"
    for ``is_terminated = 0``)? Then the filter answers the text. Read on an extra only: a
    filter the aligner took as a state word's encoding ("active (not discontinued) frames"
    with ``discontinued = 0``) is not one.

    >>> ended_stated(Filter("defleet_dt", "is null", None), "cars in the fleet (not defleeted)")
    True
    >>> ended_stated(Filter("defleet_dt", "is null", None), "how many defleeted cars")
    False
    """
    ended = ended_words(f)
    return bool(ended) and _mentions(set(ended), text) == "stated"


def _live_only(f: Filter, text: str) -> bool:
    """``livemode = true``, ``is_production = 1``, ``env = 'prod'``: test, sandbox or staging
    data left out by keeping the live data, unless the question speaks of either.

    >>> _live_only(Filter("livemode", "=", True), "payment volume last month")
    True
    >>> _live_only(Filter("env", "=", "prod"), "errors by service today")
    True
    >>> _live_only(Filter("env", "=", "prod"), "errors by service today in production")
    False
    """
    if f.column is None or f.excluded:
        return False
    ps = set(parts(f.column))
    values = f.values
    if len(values) != 1:
        return False
    [v] = values
    if ps & _ENV_PARTS:
        shaped = f.op == "=" and isinstance(v, str) and v.lower() in _LIVE_VALUES
    elif ps & _LIVE_PARTS:
        shaped = flag_side(f) is True
    else:
        return False
    return shaped and not {stem(w) for w in _words(text)} & _ENVIRONMENT_STEMS


def named(f: Filter, text: str) -> bool:
    """Does ``text`` name the filter ``f``: one of its values, or what its column is about
    (``is_contractor`` in "how many contractors", ``region = 'emea'`` in "EMEA headcount")?
    A value's function words name nothing: ``'in_house'`` and ``'checked_out'`` are not
    named by "arrivals in August"."""
    words = _words(text)
    stems = {stem(w) for w in words}
    values = [v for v in f.values if isinstance(v, str)]
    if any(stem(p) in stems for v in values for p in parts(v) if p not in FUNCTION_WORDS):
        return True
    entity = [p for p in parts(f.column or "") if p not in ID_PARTS and p not in _FLAG_PARTS]
    return any(stem(p) in stems for p in entity)


#: Words that carry no meaning of their own inside a coded value (``'in_house'``,
#: ``'checked_out'``, ``'on_hold'``, ``'no_show'``).
FUNCTION_WORDS = frozenset({"a", "an", "the", "in", "on", "out", "of", "to", "at", "by",
                            "for", "and", "or", "no", "not", "up", "off"})


#: Parts that say a column is a flag or a date, not what it is about ("is_", "_flag", "_at").
_FLAG_PARTS = frozenset({"is", "has", "flag", "flg", "ind", "yn", "at", "dt", "ts", "date",
                         "time", "cd", "code", "status", "type"})


#: How a reason names each kind, in plain words.
KIND_WORDS = {
    "scope": "tenant scope",
    "exclusion": "deleted, test, internal or cancelled rows left out",
    "null": "rows without a value in a column the query groups or counts by left out",
    "run": "in most of this run's queries, whatever their question",
    "definition": "a business definition many of this run's queries share",
    "implied": "a state the time the query measures or bounds already implies",
    "current": "the current version of rows whose history the table keeps",
    "lifecycle": "a business definition: the states of the lifecycle the metric counts",
    "in_force": "a business definition: the rows in force, asked about now",
    "roster": "a business definition: the things in force, of which those with none are "
              "listed",
}


def guard_reason(guards: list[Filter], text: str, sql: SqlSpec | None = None,
                 run: RunProfile = NO_RUN, timeless: bool = False) -> Reason:
    """The one ``filter.guard`` note of a record: which filters, read as what."""
    by_kind: dict[str, list[str]] = {}
    for g in guards:
        by_kind.setdefault(guard_kind(g, text, sql, run, timeless) or "scope",
                           []).append(g.describe())
    said = "; ".join(f"{', '.join(fs[:4])}{' ...' if len(fs) > 4 else ''} ({KIND_WORDS[k]})"
                     for k, fs in by_kind.items())
    return reason(
        "filter.guard",
        f"the SQL adds filters that read as the deployment's, not as conditions of the "
        f"question: {said}; declare them as benign filters (or terms) in the ruleset to say so",
        "info",
    )


def _chosen_otherwise(g: RunGuard, sql: SqlSpec) -> bool:
    """Does ``sql`` keep rows of the run guard ``g``'s column that the guard leaves out: a
    business value the run keeps (``direction = 'in'``, ``job_status = 'done'``) answered by
    another (``direction = 'out'`` for "outbound tonnes", ``job_status <> 'rescheduled'`` for
    a cancellation rate)? The query asks about other rows of that column on purpose; it has
    not forgotten the guard. One that keeps fewer of the guard's rows (``ticket_status =
    'picked_up'`` where the run leaves out 'voided'; 'completed' where it keeps 'completed'
    and 'confirmed') narrows them, and stays reported. A tenant scope is never chosen
    otherwise: ``org_id = 43`` in a run scoped to 42 reads another deployment's rows.

    >>> g = RunGuard("direction = in", "direction = 'in'", 9, frozenset({"tickets"}))
    >>> _chosen_otherwise(g, SqlSpec(filters=(Filter("t.direction", "=", "out"),)))
    True
    >>> _chosen_otherwise(g, SqlSpec(filters=(Filter("material", "=", "glass"),)))
    False
    >>> v = RunGuard("ticketstatus != voided", "ticket_status != 'voided'", 9, frozenset())
    >>> _chosen_otherwise(v, SqlSpec(filters=(Filter("ticket_status", "=", "picked_up"),)))
    False
    >>> s = RunGuard("orgid = 42", "org_id = 42", 9, frozenset({"tickets"}))
    >>> _chosen_otherwise(s, SqlSpec(filters=(Filter("org_id", "=", 43),)))
    False
    """
    column, _, rest = g.key.partition(" ")
    ps = parts(bare(g.example.split(" ", 1)[0]))
    if not ps or ps[-1] in ID_PARTS or all(p in SCOPE_WORDS for p in ps):
        return False  # a scope (or a key): another value is another tenant's rows
    op = next((o for o in ("not in", "!=", "in", "=") if rest.startswith(o + " ")), None)
    if op is None:
        return False  # a flag, a missing value, a threshold: read as before
    guard_keeps = op in ("in", "=")
    named = set(rest[len(op) + 1:].split("|"))
    for f in (*sql.filters, *sql.conditions):
        if (f.column is None or norm(bare(f.column)) != column
                or f.op not in ("=", "in", "!=", "not in") or f.excluded):
            continue
        values = {value_key(v) for v in f.values if isinstance(v, (str, int, float))}
        if not values:
            continue
        keeps = f.op in ("=", "in")
        if guard_keeps and (not keeps or values - named):
            return True  # rows of values the guard does not keep
        if not guard_keeps and ((keeps and values & named) or (not keeps and named - values)):
            return True  # rows of a value the guard leaves out
    return False


def missing_guards(sql: SqlSpec, run: RunProfile) -> list[Reason]:
    """``filter.guard_missing`` for each filter nearly all of the run's queries apply and this
    one does not (:meth:`stef_core.run.RunProfile.lacking`); or nearly all the queries of a
    table it picks rows of (:attr:`stef_core.run.RunGuard.reading`: a flag such as
    ``is_trial = false`` or ``void_flg = 0``, or a soft delete's ``deleted_at IS NULL``, on a
    table the SQL filters otherwise, ``SqlSpec.filtered_tables``: not one it only joins
    through), unless it reads that column otherwise (``is_trial = true`` for the trial runs a
    question asks about)."""
    out: list[Reason] = []
    seen: set[str] = set()
    for g in run.lacking(sql):
        if g.key in seen or len(out) == 3:
            continue
        if g.reading:
            [table] = g.tables
            column = g.key.split(" ", 1)[0]
            if (table not in {table_key(t) for t in (*sql.filtered_tables,
                                                     *sql.excluded_tables)}
                    or any(norm(bare(f.column or "")) == column
                           for f in (*sql.filters, *sql.conditions))
                    or (g.key.endswith(" is null")
                        and not _guard_words(g.example.split(" ", 1)[0]))):
                continue
            applied = f"{g.queries} of the run's {g.reading} queries reading {table} apply"
            named = _picks_by_name(table, sql)
        else:
            named = False
            if _chosen_otherwise(g, sql):
                continue
            column = g.example.split(" ", 1)[0]
            if _guard_words(column) and run.elsewhere(column, sql) is not None:
                # "how many sections got cancelled" over sections and terms, where the run
                # reads is_test and deleted_at on students only: a table's own flag or soft
                # delete, and the query reads no table that holds it
                continue
            applied = f"{g.queries} of the run's {run.records} queries apply"
        seen.add(g.key)
        out.append(reason(
            "filter.guard_missing",
            f"the SQL does not apply {g.example}, which {applied} (the deployment's scope or "
            f"guard): rows it leaves out elsewhere may be counted here"
            + (" (it picks its row by name, which a test or deleted row seldom shares)"
               if named else ""),
            "minor" if named else "major",
        ))
    return out


#: Last parts of a column that holds a row's name.
_NAME_PARTS = NAME_PARTS | {"title"}


def _picks_by_name(table: str, sql: SqlSpec) -> bool:
    """Does ``sql`` pick the rows of ``table`` by a name written out (``vendor_nm = 'Sunny
    Acres Farm'``, ``ILIKE 'sunny acres farm'``): one real row the user named?"""
    return any(
        f.column is not None and f.op in ("=", "like", "ilike") and isinstance(f.value, str)
        and (ps := parts(bare(f.column))) and ps[-1] in _NAME_PARTS
        and (home := sql.table_of(bare(f.column))) is not None and table_key(home) == table
        for f in (*sql.filters, *sql.conditions)[:256])
