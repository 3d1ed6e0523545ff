"""Projection: does the SQL show what the question asks to see?

Each asked item ("email addresses", "name", "age") must match something the outer SELECT shows:
a projected column or alias by identifier parts and stems, a column an enrichment binds the
item to ("full name refers to first_name, last_name"), an R_app synonym, or the entity itself
(a table named like the item: "List the warehouses"). ``SELECT *`` shows everything.

``projection.missing`` is critical when the SQL shows plain, readable columns and none of them
is the asked item ("email addresses" / ``SELECT phone``): the answer is another attribute.
When the SELECT computes expressions or reads cryptic names it is minor.
"""

from __future__ import annotations

from stef_core.models import Reason, Ruleset
from stef_core.spec import QuestionSpec, SqlSpec
from stef_align.names import norm, parts, word_matches
from stef_align.reasons import Severity, reason

_GENERIC = frozenset({"name", "names", "detail", "details", "information", "info", "id", "ids",
                      "list", "value", "values", "data", "record", "records"})


_ID_WORDS = frozenset({"id", "ids", "identifier", "identifiers", "key", "keys"})
_ID_PARTS = ("id", "key", "code", "no", "num", "number", "nr")


def _initials(words: list[str], identifier: str) -> bool:
    """"geographic identifier" ~ ``geoid``: the identifier glues the words' first letters."""
    target = norm(identifier)
    if len(words) != 2 or not 3 <= len(target) <= 10:
        return False
    a, b = words
    return any(target == a[:i] + b[:j] for i in range(2, 5) for j in range(1, 5))


def _item_shown(item: str, shown: list[str], tables: tuple[str, ...], q: QuestionSpec,
                rules: Ruleset) -> bool:
    head, _, owner = item.partition(" of ")
    words = head.split()
    if any(word_matches(w, c) for w in words for c in shown):
        return True
    if any(_initials(words, c) for c in shown):
        return True
    if words and words[-1] in _ID_WORDS and any(norm(c).endswith(_ID_PARTS) for c in shown):
        return True  # "the ID of audiences" / userid
    if owner:
        # "the name of the school" is shown by a ``school`` column, but "the names of the
        # customers" is not shown by ``customer_id``: an id is not a name.
        if any(word_matches(owner, c) and "id" not in parts(c) and not norm(c).endswith("id")
               for c in shown):
            return True
        words = [*words, owner]
    if any(word_matches(w, t) for w in words for t in tables):
        return True  # the entity listed: "List the warehouses" / SELECT name FROM warehouses
    for b in q.bindings:
        if b.columns and (b.phrase in item or item in b.phrase or any(
                w in b.phrase.split() for w in words if w not in _GENERIC)):
            if any(word_matches(c, s) or c == s.lower() for c in b.columns for s in shown):
                return True
    for column, synonyms in rules.synonyms.items():
        if any(s.lower() in item for s in synonyms) and any(word_matches(column, s)
                                                           for s in shown):
            return True
    return False


def _readable(name: str) -> bool:
    ps = parts(name)
    return bool(ps) and all(p.isalpha() and len(p) >= 3 for p in ps)


def check(q: QuestionSpec, sql: SqlSpec, rules: Ruleset) -> list[Reason]:
    if not q.projections or sql.select_star or not sql.projections:
        return []
    shown: list[str] = []
    for p in sql.projections:
        shown.extend(p.columns)
        if p.alias:
            shown.append(p.alias)
        if p.column:
            shown.append(p.column)
    missing = [item.split("|")[0] for item in q.projections
               if not any(_item_shown(alt, shown, sql.tables, q, rules)
                          for alt in item.split("|"))]
    if not missing:
        return []
    plain = all(p.aggregate is None and p.column is not None for p in sql.projections)
    readable = all(_readable(c) for c in shown)
    # Names are stored under many column names (label, title, full_name ...): a missing
    # "name" is sure only when what is shown instead is a key ("names, not ids").
    names_only = all(m.partition(" of ")[0].split()[-1] in ("name", "names") for m in missing)
    keys_shown = all(norm(c).endswith(_ID_PARTS) for c in shown)
    precise = plain and readable and (not names_only or keys_shown)
    severity: Severity = "critical" if precise else "minor"
    return [reason(
        "projection.missing",
        f"the question asks to see {', '.join(repr(m) for m in missing[:3])} but the SQL shows "
        f"{', '.join(dict.fromkeys(shown[:4]))}",
        severity,
    )]
