"""The question's side of a condition turned round or swapped for another value.

Four readings, most keyed to the question's own words (``QuestionSpec.own_words``: an agent's
reformulation that flips the condition is the mistake itself):

* ``filter.operator_mismatch`` (critical): the question asks for rows that have none of
  something ("clients with no projects this year", "accounts without an order") and the SQL
  keeps them through a positive ``EXISTS`` / ``IN (SELECT ...)`` over a table of that thing,
  with no anti-join anywhere (``NOT EXISTS``, ``NOT IN``, a LEFT JOIN kept by ``IS NULL``,
  ``EXCEPT``, a count held at zero): the rows that *have* one are kept.
* ``filter.operator_mismatch`` (critical): a "non-" word ("tickets from non-contractors") and
  the SQL keeps that very value (``seller_type = 'contractor'``) and excludes it nowhere.
* ``filter.value_mismatch`` (major): the question qualifies a noun with a word ("junior
  heats", "grocery accounts", "paid in cash") that nothing in the SQL reads, and the SQL keeps
  another value, named nowhere in the question, on a kind column of that noun
  (``heat_type = 'adult'``, ``account_type = 'cafe'``, ``countIf(payment_method = 'card')``):
  the column whose asked value the question names is kept at another one. Major, not
  critical: without a schema the word is only probably that column's value.
* ``filter.operator_mismatch`` (critical): the question or its reformulation says the rows
  have no X ("walk-ins (sessions with no customer account)") and the SQL keeps the rows whose
  reference to an X is set (``customer_id IS NOT NULL``), with no IS NULL anywhere.

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> def codes(question, sql):
...     return [(r.code, r.severity) for r in check(question_spec(question, None),
...                                                 extract_spec(sql))]
>>> codes("clients with no projects", "SELECT c.id FROM clients c WHERE EXISTS "
...       "(SELECT 1 FROM projects p WHERE p.client_id = c.id)")
[('filter.operator_mismatch', 'critical')]
>>> codes("clients with no projects", "SELECT c.id FROM clients c WHERE NOT EXISTS "
...       "(SELECT 1 FROM projects p WHERE p.client_id = c.id)")
[]
>>> codes("tickets from non-contractors", "SELECT t.id FROM tickets t JOIN sellers s ON "
...       "s.id = t.seller_id WHERE s.seller_type = 'contractor'")
[('filter.operator_mismatch', 'critical')]
>>> codes("how many junior heats", "SELECT COUNT(*) FROM heats WHERE heat_type = 'adult'")
[('filter.value_mismatch', 'major')]
>>> codes("how many junior heats", "SELECT COUNT(*) FROM heats WHERE heat_type = 'junior'")
[]
"""

from __future__ import annotations

import re

from stef_align.lifecycle import ended_rows, keeps_in_force
from stef_align.names import head_stem, parts, word_matches
from stef_core.gated import gated
from stef_core.models import Reason
from stef_core.periods import MONTHS, SEASONS, WEEKDAYS
from stef_core.reasons import reason
from stef_core.spec import SUBQUERY, QuestionSpec, SqlSpec
from stef_core.values import abbreviates
from stef_core.words import KEY_PARTS, stem

#: Most conditions looked through per record (bounded work).
_MAX = 64

#: "no X" / "without X" said of the rows: the one or two words after it, an article skipped.
_NO_THING = re.compile(r"\b(?:with no|without|has no|have no|had no)\s+(?:an?\s+|any\s+)?"
                       r"([a-z]{3,})(?:\s+([a-z]{3,}))?")


#: "never booked a lesson", "haven't ordered since", "did not attend any drill": the rows
#: lack an event; the few words after the negation name it (its verb or its noun).
_NEVER = re.compile(r"\b(?:never|(?:have|has|had|did|do|does)(?:n['\u2019]t| not)|not yet)\s+"
                    r"((?:[a-z]+\s+){0,4}[a-z]+)")


def _anti_join(sql: SqlSpec) -> bool:
    """Does the SQL keep rows by the absence of others anywhere (``NOT EXISTS``, ``NOT IN
    (SELECT ...)``, ``IS NULL``, an excluded condition, ``EXCEPT``, a count held at zero)?"""
    if sql.set_operation == "EXCEPT":
        return True
    for s in (*sql.filters[:_MAX], *sql.conditions[:_MAX]):
        # (an IS NULL keeps unmatched rows only after an outer join: ``churned_dt IS NULL``
        # of the rows themselves is a state, "active customers", not an absence)
        if s.excluded or (s.op == "is null" and sql.outer_joins) or (
                s.value == SUBQUERY and s.op == "not in"):
            return True
        if s.source == "having" and s.op in ("=", "<", "<=") and s.value in (0, 1) and (
                not isinstance(s.value, bool)):
            return True
    return False


def dropped_absence(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """"Clients with no projects" answered by ``EXISTS (SELECT 1 FROM projects ...)``."""
    positive = [s for s in sql.filters[:_MAX] if s.value == SUBQUERY and s.op == "in"
                and not s.alternative]
    if not positive or _anti_join(sql):
        return []
    said = [[w for w in m.groups() if w] for m in _NO_THING.finditer(q.own_words[:2000])]
    # "students who haven't booked a single lesson": the event's verb or noun ("booked" ~
    # ``bookings``, "lesson" ~ ``lessons``) in the words after the negation
    said += [[w for w in m.group(1).split() if len(w) >= 4]
             for m in _NEVER.finditer(q.own_words[:2000])]
    for words in said[:8]:
        for table in sql.tables[1:16]:
            # a table other than the first one read (the rows asked about) named by the thing
            head = head_stem(table)
            hit = next((w for w in words if stem(w) == head or (
                len(stem(w)) >= 4 and head.startswith(stem(w)))), None) if head else None
            if hit is not None:
                return [reason(
                    "filter.operator_mismatch",
                    f"the question asks for rows with no {hit}, but the SQL keeps "
                    f"those that have one ({table} read through EXISTS / IN, with no NOT "
                    f"EXISTS, NOT IN or anti-join anywhere): the negation is dropped",
                    "critical")]
    return []


#: "non-contractors", "non contractor", "noncontractor".
_NON = gated(r"\bnon[- ]?([a-z]{3,})")  # (searched only where "non" is)


def _value_words(value: object) -> list[str]:
    return [w for w in re.split(r"[\s_\-/]+", value.lower()) if w] if isinstance(
        value, str) else []


def kept_non(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """"Tickets from non-contractors" answered by ``seller_type = 'contractor'``."""
    text = q.own_words[:2000]
    nons = {stem(w) for w in _NON.findall(text)[:8]}
    if not nons:
        return []
    # "contractor vs non-contractor": the word is also asked plainly
    plain = {stem(w) for w in re.findall(r"(?<![\w-])(?<!non )([a-z]{3,})", text)}
    nons -= plain
    if not nons:
        return []
    conds = [s for s in (*sql.filters[:_MAX], *sql.conditions[:_MAX]) if s.column]
    negated_cols = {s.column for s in conds if s.op in ("!=", "not in") or s.excluded}
    for s in conds:
        if (s.op not in ("=", "in") or s.excluded or s.alternative or s.column in negated_cols
                or s.source not in ("where", "join")):
            continue
        values = s.value if isinstance(s.value, tuple) else (s.value,)
        for v in values[:8]:
            vw = _value_words(v)
            if len(vw) == 1 and stem(vw[0]) in nons:
                return [reason(
                    "filter.operator_mismatch",
                    f"the question asks for non-{vw[0]} rows, but the SQL keeps "
                    f"{s.describe()}: the very value the question leaves out",
                    "critical")]
    return []


#: The last part of a column that holds a kind of its rows (``heat_type``, ``payment_method``).
_KIND_PARTS = frozenset({"type", "typ", "category", "cat", "kind", "class", "segment", "seg",
                         "tier", "method", "channel", "mode", "group", "grp", "level", "lvl"})
#: Verb forms that name the thing a kind column's first part names ("paid in cash").
_FORMS = {"paid": "pay", "paying": "pay", "pays": "pay"}
#: Words before a noun that are no value of its kind.
_NOT_VALUES = frozenset({
    "the", "a", "an", "all", "any", "each", "every", "many", "much", "more", "most", "less",
    "few", "fewer", "new", "old", "total", "top", "last", "this", "next", "first", "same",
    "other", "our", "my", "their", "its", "his", "her", "how", "what", "which", "who",
    "number", "count", "average", "avg", "sum", "share", "percent", "pct", "per", "by", "of",
    "for", "from", "with", "in", "on", "at", "to", "and", "or", "not", "no", "non", "did",
    "does", "were", "was", "are", "is", "that", "those", "these", "distinct", "unique",
    "different", "open", "closed", "active", "inactive", "cancelled", "canceled", "completed",
    "paid", "unpaid", "late", "overdue", "biggest", "largest", "smallest", "best", "worst",
    "highest", "lowest", "recent", "latest", "daily", "weekly", "monthly", "yearly", "annual",
    "repeat", "returning", "regular", "single", "several", "some", "both", "only", "ytd",
    "mtd", "qtd", "year", "month", "week", "day", "today", "yesterday", "quarter",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "weekend", "weekday", "morning", "evening", "night", "season", "holiday", "fiscal", "fy",
    *MONTHS, *WEEKDAYS, *SEASONS})
#: Link words between a noun and the value said after it ("paid in cash", "orders by card").
_AFTER = frozenset({"in", "by", "with", "via", "using"})


def named_anywhere(word: str, sql: SqlSpec, aliases: bool = True) -> bool:
    """Does the SQL read the word anywhere: a column, a table or a string it compares? With
    ``aliases`` False, a name the SQL gives its own output (``AS declined_or_abandoned``) is
    no column it reads."""
    skip = set() if aliases else {p.alias.lower() for p in sql.projections[:64] if p.alias}
    if any(word_matches(word, c) for c in list(sql.columns)[:256] if c.lower() not in skip):
        return True
    if any(word_matches(word, t) for t in sql.tables[:32]):
        return True
    w = stem(word)
    for lit in sql.literals[:256]:
        if isinstance(lit, str) and (w in lit.lower() or any(
                stem(x) == w or x.startswith(w[:5]) or abbreviates(x, word)
                for x in _value_words(lit))):
            return True
    return False


def _kind_noun(column: str, sql: SqlSpec) -> str | None:
    """The noun a kind column names (``heat_type`` -> "heat"), or that of its table for a bare
    ``category`` / ``type``."""
    ps = parts(column)
    if not ps or ps[-1] not in _KIND_PARTS:
        return None
    if len(ps) >= 2:
        return ps[-2]
    homes = dict(sql.column_tables)
    table = homes.get(column.lower()) or homes.get(column)
    return head_stem(table) if table else None


def _asked_in_question(value: str, words: list[str]) -> bool:
    vw = _value_words(value)
    if not vw:
        return True
    for x in vw:
        sx = stem(x)
        if any(stem(w) == sx or (len(sx) >= 4 and (w.startswith(sx) or sx.startswith(stem(w))))
               for w in words if len(w) >= 3):
            return True
    return False


def other_value(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """"Junior heats" answered by ``heat_type = 'adult'``."""
    # The question's words, and the reformulation's (it may name the stored value:
    # "breakdown (corrective) tickets"), are read at the first value that needs them: most
    # queries keep none that could be another value of a kind.
    words: list[str] | None = None
    told: list[str] | None = None
    conds = [s for s in (*sql.filters[:_MAX], *sql.conditions[:_MAX]) if s.column]
    # a breakdown (``COUNTIF(t = 'COM')``, ``COUNTIF(t = 'RES')``) keeps no one value
    kept: dict[str, set[object]] = {}
    for s in conds:
        kept.setdefault((s.column or "").lower(), set()).update(
            s.value if isinstance(s.value, tuple) else (s.value,))
    for s in conds:
        if (not s.column or s.op not in ("=", "in") or s.excluded or s.alternative
                or s.source not in ("where", "case", "join")):
            continue
        values = s.value if isinstance(s.value, tuple) else (s.value,)
        if not values or not all(isinstance(v, str) and v != SUBQUERY for v in values[:8]):
            continue
        if s.source == "case" and len(kept.get(s.column.lower(), ())) > len(values):
            continue
        if any(len(str(v)) <= 2 or not re.fullmatch(r"[A-Za-z][A-Za-z _-]*", str(v))
               for v in values[:8]):
            continue  # a code ('de', 'GRC')
        if words is None:
            words = re.findall(r"[a-z][a-z'-]*", q.own_words[:2000])[:80]
        if not words:
            return []
        if told is None:
            told = re.findall(r"[a-z][a-z'-]*", q.text[:2000])[:160]
        if any(_asked_in_question(str(v), words) for v in values[:8]):
            continue  # a value the question names
        # a value only the reformulation names stands for the question's word when the
        # reformulation keeps that word too ("breakdown (corrective) tickets"); where it
        # drops the word for the value ("enterprise accounts" restated "accounts in the smb
        # segment"), the swap is the agent's, and read below like any other value
        swapped = any(_asked_in_question(str(v), told) for v in values[:8])
        noun = _kind_noun(s.column, sql)
        if not noun:
            continue
        for j, w in enumerate(words):
            if not word_matches(_FORMS.get(w, w), noun):
                continue
            candidates = []
            if j >= 1:
                candidates.append(words[j - 1])  # "junior heats"
            if j + 2 < len(words) and words[j + 1] in _AFTER and (
                    w in _FORMS or (len(w) > 4 and w.endswith("ed"))):
                candidates.append(words[j + 2])  # "paid in cash", "shipped by ground"
            for c in candidates:
                if (len(c) < 3 or c in _NOT_VALUES or c.endswith(("'s", "ly"))
                        or c.startswith("non")  # "non-wholesale": :func:`kept_non`'s
                        or word_matches(c, s.column) or named_anywhere(c, sql)
                        or any(abbreviates(str(v).lower(), c) for v in values[:8])
                        or any(str(v).lower() in _ALIKE.get(c, ()) for v in values[:8])
                        or (swapped and any(word_matches(c, t) for t in re.findall(
                            r"[a-z][a-z'-]*", (q.restated_words or "")[:2000])[:80]))):
                    continue
                return [reason(
                    "filter.value_mismatch",
                    f"the question asks for '{c}' {noun} rows, which nothing in the SQL reads, "
                    f"but the SQL keeps {s.describe()}: another value of that column",
                    "major")]
    return []


#: Words and the stored values that spell the same thing another way ("online orders" /
#: ``channel = 'web'``, "phone orders" / ``'call_center'``).
_ALIKE: dict[str, frozenset[str]] = {
    "online": frozenset({"web", "website", "ecom", "ecommerce", "e-commerce", "internet",
                         "digital", "app", "mobile", "www"}),
    "web": frozenset({"online", "website", "internet", "www", "ecom", "ecommerce"}),
    "phone": frozenset({"call", "call_center", "callcenter", "telephone", "tel", "voice"}),
    "mobile": frozenset({"app", "ios", "android", "mobile_app"}),
    "app": frozenset({"mobile", "mobile_app", "ios", "android"}),
    "walk": frozenset({"walkin", "walk_in", "walk-in", "counter", "pos", "in_store"}),
    "email": frozenset({"mail", "e-mail", "e_mail"}),
}


#: The parts of a column that say it holds a reference to another row.
_REF_PARTS = KEY_PARTS


def kept_present(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """"Walk-in sessions (sessions with no customer account)" answered by ``customer_id IS
    NOT NULL``: the texts say the rows have no X and the SQL keeps those whose reference to
    an X is set, the very rows they leave out. Read in the question and its reformulation
    (the reformulation defining a word, "walk-ins", by the absence the SQL turns round)."""
    present = [s for s in sql.filters[:_MAX] if s.op == "is not null" and s.column
               and not s.excluded and not s.alternative and s.source == "where"]
    if not present:
        return []
    if any(s.op == "is null" for s in sql.filters[:_MAX]):
        return []
    said = [[w for w in m.groups() if w] for m in _NO_THING.finditer(q.text[:2000])]
    for s in present:
        ps = parts(s.column or "")
        if len(ps) < 2 or ps[-1] not in _REF_PARTS:
            continue
        thing = ps[:-1]
        for words in said[:8]:
            if words and stem(words[0]) == stem(thing[-1]):
                return [reason(
                    "filter.operator_mismatch",
                    f"the texts ask for rows with no {' '.join(words)}, but the SQL keeps "
                    f"{s.describe()}: the rows that have one",
                    "critical")]
    return []


#: Words that ask for what is in force at the moment asked ("master plumbers still on staff",
#: "members currently enrolled").
#: (Searched only in a question holding one of its words: most hold none.)
_STILL = gated(r"\b(?:still|currently|right now|rn|at the moment|on staff|in force)\b")
#: Words that ask for rows that ended, or may: then an end kept set is what is asked.
_ENDED_ASKED = re.compile(r"\b(?:former|ex|no longer|not anymore|left|leavers?|quit|gone"
                          r"|past|previous|churned|lapsed|expired|inactive|ended|terminated"
                          r"|retired|dead|deceased|departed|closed|cancel+ed|un\w+|who have"
                          r"|never)\b")


def kept_ended(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """"Master plumbers still on staff" answered by ``terminated_dt IS NOT NULL`` (or
    ``is_retired = 1``, ``is_active = 0``): the question asks for what is in force now and
    the SQL keeps the rows whose end has come, the very ones "still" leaves out."""
    text = q.own_words[:2000]
    if not _STILL.search(text) or _ENDED_ASKED.search(text):
        return []
    said = {stem(w) for w in re.findall(r"[a-z]{3,}", text)[:80]}
    conds = [f for f in sql.filters[:_MAX] if f.column and f.source == "where"
             and not f.excluded and not f.alternative and not f.relation]
    if any(keeps_in_force(f) for f in conds):
        return []
    for f in conds:
        ps = parts(f.column or "")
        if said & {stem(p) for p in ps}:
            continue  # the question names the column's word: its own condition
        if not ended_rows(f):
            continue
        return [reason(
            "filter.operator_mismatch",
            f"the question asks for what is still in force, but the SQL keeps "
            f"{f.describe()}: the rows that have ended",
            "critical")]
    return []


#: Word pairs whose one side the data never spells as the other: a row kept by one is not
#: the row the other asks for (beside the states of stef_align.filters).
_OPPOSITE_WORDS = {
    "online": ("offline", "in person", "inperson", "onsite", "on site", "in store",
               "instore", "in class", "classroom", "face to face"),
    "inbound": ("outbound",), "outbound": ("inbound",),
    "domestic": ("international", "foreign"), "international": ("domestic",),
    "internal": ("external",), "external": ("internal",),
}
#: The linking words before a part's word in a share or a list ("% of enrollments that were
#: online", "orders which are inbound").
#: (Searched only in a question holding "that", "which" or "who".)
_PART_WORD = gated(r"\b(?:that|which|who)\s+(?:were|are|was|is|went)\s+([a-z]{4,})\b")


def opposite_part(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """"% of enrollments that were online" answered by ``COUNT_IF(format = 'in_person')``:
    the word the question asks for is said after its noun ("that were online", so no value
    reader takes it), the SQL never reads it and keeps its opposite instead.

    >>> from stef_question.frame import question_spec
    >>> from stef_sql.extract import extract_spec
    >>> q = question_spec("% of enrollments that were online last quarter", None)
    >>> sql = "SELECT COUNT_IF(format = 'in_person') / COUNT(*) FROM enrollments"
    >>> [(r.code, r.severity) for r in opposite_part(q, extract_spec(sql, dialect="snowflake"))]
    [('filter.value_mismatch', 'major')]
    >>> opposite_part(q, extract_spec(sql.replace("in_person", "online"), dialect="snowflake"))
    []
    """
    text = q.own_words[:2000].lower()
    asked = [w for w in _PART_WORD.findall(text)[:4] if w in _OPPOSITE_WORDS]
    if not asked:
        return []
    said = " ".join(re.findall(r"[a-z]+", q.text[:2000].lower()))
    read = [re.sub(r"[\s_-]+", " ", v.lower()) for v in sql.literals[:256] if isinstance(v, str)]
    for w in asked:
        if any(w in v for v in read):
            continue
        others = _OPPOSITE_WORDS[w]
        if any(o in said for o in others):
            continue  # "online vs in person": both sides asked
        for f in (*sql.filters[:_MAX], *sql.conditions[:_MAX]):
            if (not f.column or f.op not in ("=", "in") or f.excluded or f.alternative
                    or f.source not in ("where", "case")):
                continue
            values = f.value if isinstance(f.value, tuple) else (f.value,)
            kept = [re.sub(r"[\s_-]+", " ", v.lower()) for v in values[:8] if isinstance(v, str)]
            if kept and all(v in others or v.replace(" ", "") in others for v in kept):
                return [reason(
                    "filter.value_mismatch",
                    f"the question asks for rows that were {w}, which nothing in the SQL "
                    f"reads, but the SQL keeps {f.describe()}: the other side",
                    "major")]
    return []


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    return [*dropped_absence(q, sql), *kept_non(q, sql), *other_value(q, sql),
            *kept_present(q, sql), *kept_ended(q, sql), *opposite_part(q, sql)]
