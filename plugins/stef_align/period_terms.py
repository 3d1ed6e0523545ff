"""Period terms: a condition term said as a period, kept by the SQL's dates.

A ruleset may name a period by the data's own key: ``term "this season" = season_cd =
'2627'``, ``term "last fiscal year" = fy = 'FY25'``. The key is one way to keep those rows, on
the tables that carry it; most tables of such a warehouse keep only their own dates (a ticket's
sale date, a lesson's day), and an answer that bounds those dates to the period (``sale_ts >=
DATE '2026-11-01'``) answers the phrase in the data's other terms. So when the question says
the phrase, the SQL never reads the term's column, and the SQL bounds a date, the requirement
is perhaps kept (inference: weak, ``filter.missing`` minor), and the date bound is what was
asked, not an extra. Which dates the period covers is in the ruleset's key, not in its words,
so the bound itself is not compared: an SQL with no date bound at all still misses the
requirement.

Measured on the production corpus's tuned half (main 00beb97, each domain's ``rules.stef``):
the term's requirement missed on a column the SQL does not read fired on 31 answers, 23 right;
all 23 right ones and 7 of the 8 wrong ones bound a date instead (the wrong ones are wrong for
another reason, which their other findings say or do not). On the held-out half it fired on
one answer (wrong; counts only).

>>> from stef_core.models import Ruleset
>>> from stef_core.spec import Filter, Period, QuestionSpec, SqlSpec
>>> rules = Ruleset(predicates={"this season": "season_cd = '2627'"})
>>> r = Filter("season_cd", "=", "2627", "rules")
>>> q = QuestionSpec(text="lessons sold this season")
>>> bound = Filter("sale_ts", ">=", "2026-11-01")
>>> sql = SqlSpec(filters=(bound,), columns=frozenset({"sale_ts"}),
...               periods=(Period("sale_ts", "2026-11-01", parts=(bound,)),))
>>> kept_in_dates(r, q, sql, rules).column
'sale_ts'
>>> kept_in_dates(r, q, SqlSpec(), rules) is None
True
"""

from __future__ import annotations

import re

from stef_core.models import Ruleset
from stef_core.spec import Filter, Period, QuestionSpec, SqlSpec

#: A phrase that names a period by a determiner and one or two words: "this season", "last
#: fiscal year", "current term", "prior quarter".
_PERIOD_PHRASE = re.compile(
    r"(?:this|last|next|current|previous|prior|past|coming)(?:\s+[a-z][a-z-]*){1,2}")
_SPACES = re.compile(r"\s+")


def _fold(text: str) -> str:
    return _SPACES.sub(" ", text.lower()).strip()


def _period_phrases(r: Filter, rules: Ruleset) -> list[str]:
    """The ruleset's condition terms said as a period whose condition reads ``r``'s column."""
    periods = [(folded, condition) for folded, condition in
               ((_fold(phrase), condition) for phrase, condition in rules.predicates.items())
               if _PERIOD_PHRASE.fullmatch(folded)]
    if not periods:  # most rulesets name no period: no column pattern to make
        return []
    col = re.compile(rf"\b{re.escape(r.column or '')}\b", re.IGNORECASE)
    return [folded for folded, condition in periods if col.search(condition)]


def period_asked(r: Filter, q: QuestionSpec, rules: Ruleset | None) -> bool:
    """Is ``r`` the condition of a term the question says as a period ("this season")? Then
    the SQL's dates may keep it (:func:`kept_in_dates`), whatever tables it reads."""
    return rules is not None and r.source == "rules" and bool(r.column) and any(
        re.search(rf"\b{re.escape(p)}\b", q.text) for p in _period_phrases(r, rules))


def kept_in_dates(r: Filter, q: QuestionSpec, sql: SqlSpec,
                  rules: Ruleset | None) -> Period | None:
    """The SQL's date bound that may keep the period a condition term names (``r``, asked by
    the ruleset's vocabulary on a column the SQL never reads), or None.

    Only a positive condition (the rows of the period; "not this season" is left to the
    general reading). A bound inside an excluded set counts: "lifts with no downtime this
    season" bounds the downtime the anti-join leaves out."""
    if (r.op not in ("=", "in") or (r.column or "").lower() in {c.lower() for c in sql.columns}
            or not period_asked(r, q, rules)):
        return None
    for p in sql.periods:
        if p.column and p.source != "case" and not p.negated and not p.periodic and (
                p.start is not None or p.end is not None):
            return p
    return None
