"""Two sets of rows combined the wrong way, read from the SQL's shape and the question's words.

* ``aggregation.mismatch`` (critical): a set operation between two one-row aggregates
  (``SELECT COUNT(*) ... INTERSECT SELECT COUNT(*) ...``, ``... EXCEPT ...``). INTERSECT and
  EXCEPT compare the two numbers (they keep the first number when the two are equal, or when
  they differ), never the rows: "how many countries speak both English and Dutch" counts the
  rows of the INTERSECT, "how many dogs have no treatment" the rows of the EXCEPT. A UNION of
  two counts for "how many ... in 2014 or 2015" returns one number per alternative (one only
  when they are equal), not the count of rows that meet either. A UNION ALL stacking the
  answers of two asked values is left alone.
* ``filter.operator_mismatch`` (critical): the question asks for what rows on both sides of a
  range share ("the citizenships shared by singers born before 1945 and after 1955", "both a
  museum opened before 2009 and one opened after 2011", "countries where a singer above 40
  and a singer below 30 are from"), and the SQL keeps the rows that meet either bound
  (``birth_year < 1945 OR birth_year > 1955``) in one WHERE with no HAVING: no row meets both,
  so the OR returns every thing either group has, not what the two have in common. "before
  1945 or after 1955" (the person's words offering alternatives) is the OR itself.

* ``filter.operator_mismatch`` (critical): an AND no row meets (``founded < 1920 AND founded
  > 1950``, ``color = 'red' AND color = 'blue'`` on one column): the query returns nothing.
* ``filter.value_mismatch`` (critical): a measure compared with the year it is about: the
  column's name holds the year (``pop_2020 = 2020``) or the enrichment binds it to a measure
  of that year ("A13 refers to unemployment rate in 1996" / ``WHERE a13 = 1996``).

* ``join.undefined_table`` (critical): a column read through a table name or alias the
  query never defines (``T3.url`` with only T1 and T2): the query does not run.

Only the person's own words are read for "both" (``QuestionSpec.own_words``).

>>> from stef_question.frame import question_spec
>>> from stef_sql.extract import extract_spec
>>> q = question_spec("How many countries speak both English and Dutch?", None)
>>> sql = ("SELECT COUNT(*) FROM langs WHERE language = 'English' INTERSECT "
...        "SELECT COUNT(*) FROM langs WHERE language = 'Dutch'")
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('aggregation.mismatch', 'critical')]
>>> q = question_spec("Show the citizenships shared by singers born before 1945 and after 1955.",
...                   None)
>>> sql = "SELECT DISTINCT citizenship FROM singer WHERE birth_year < 1945 OR birth_year > 1955"
>>> [(r.code, r.severity) for r in check(q, extract_spec(sql))]
[('filter.operator_mismatch', 'critical')]
>>> check(question_spec("Show the citizenships of singers born before 1945 or after 1955.",
...                     None), extract_spec(sql))
[]
"""

from __future__ import annotations

import re

from stef_align.names import bare
from stef_core.models import Reason
from stef_core.reasons import reason
from stef_core.spec import QuestionSpec, SqlSpec

#: The question asks for what two groups have in common.
_BOTH = re.compile(r"\b(?:both|shared|share|in common|common to)\b")
#: "a singer above 40 and a singer below 30": one noun said twice, each with its own condition.
_TWICE = re.compile(r"\b(?:an?|some)\s+([a-z]{3,})\b[^.?!;]{1,60}?\band\s+(?:also\s+)?(?:an?|some)"
                    r"\s+\1\b")
#: Words that offer alternatives: the OR is what was asked.
_EITHER = re.compile(r"\b(?:or|either)\b")
#: "how many ... or ...": one count of the rows that meet either alternative.
_HOW_MANY = re.compile(r"\b(?:how many|number of|count)\b")


def _scalar_sets(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    asked = q.own_words[:2000]
    for op, text in sql.scalar_set_operations:
        if op in ("INTERSECT", "EXCEPT"):
            what = "in both" if op == "INTERSECT" else "in the first and not the second"
            return [reason(
                "aggregation.mismatch",
                f"the SQL combines two single numbers with {op} ({text[:120]}): it compares the "
                f"numbers, not the rows; the count of rows {what} is taken over the {op} of "
                "the rows",
                "critical",
            )]
        if _HOW_MANY.search(asked) and _EITHER.search(asked) and asked.count("?") <= 1:
            return [reason(
                "aggregation.mismatch",
                f"the question asks one count of the rows that meet either alternative, but the "
                f"SQL counts each alternative apart and stacks the counts with {op} "
                f"({text[:120]}): one row per count, not their total",
                "critical",
            )]
    return []


def _either_for_both(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    if not sql.disjoint_alternatives or sql.set_operation == "INTERSECT":
        return []
    asked = q.own_words[:2000]
    m = _BOTH.search(asked) or _TWICE.search(asked)
    if m is None or _EITHER.search(asked):
        return []
    return [reason(
        "filter.operator_mismatch",
        f"the question asks for what rows on both sides share ('{m.group(0)}'), but the SQL "
        f"keeps the rows that meet either ({sql.disjoint_alternatives[0]}): no row meets "
        "both, so this is everything either side has; intersect the two sets (INTERSECT, IN, "
        "or a HAVING that asks each group for both)",
        "critical",
    )]


def _impossible(sql: SqlSpec) -> list[Reason]:
    if not sql.impossible_conjunctions:
        return []
    return [reason(
        "filter.operator_mismatch",
        f"the SQL requires of one row what no row can be ({sql.impossible_conjunctions[0]}): "
        "the query returns nothing; rows that meet each condition are two sets, to intersect "
        "(INTERSECT, IN, or a HAVING over a group)",
        "critical",
    )]


def _year_of_the_column(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    """A column compared with the year it is about: its name holds the year (``pop_2020 =
    2020``), or the enrichment binds the column to a measure of that year ("A13 refers to
    unemployment rate in 1996" / ``WHERE a13 = 1996``)."""
    for f in sql.filters:
        v = f.value
        if f.column is None or isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        if v != int(v) or not 1900 <= v <= 2100 or f.op not in ("=", ">", ">=", "<", "<="):
            continue
        year = str(int(v))
        column = bare(f.column).lower()
        said = None
        if year in column and column != year:
            said = f"its name holds {year}"
        for b in q.bindings:
            if (said is None and not b.filters and b.expression is None
                    and column in (c.lower() for c in b.columns)
                    and re.search(rf"\b{year}\b", b.phrase)):
                said = f"the enrichment says {column} is '{b.phrase}'"
        if said is not None:
            return [reason(
                "filter.value_mismatch",
                f"the SQL compares {column} with {year}, the year the column is about ({said}): "
                "the year names the measure, it is no value of it",
                "critical",
            )]
    return []


def _undefined(sql: SqlSpec) -> list[Reason]:
    if not sql.undefined_tables:
        return []
    names = ", ".join(sql.undefined_tables[:3])
    return [reason(
        "join.undefined_table",
        f"the SQL reads {names} through a table or alias that no FROM, JOIN or subquery of the "
        "query defines: the query does not run, or the join it needs is missing",
        "critical",
    )]


def check(q: QuestionSpec, sql: SqlSpec) -> list[Reason]:
    return [*_scalar_sets(q, sql), *_either_for_both(q, sql), *_impossible(sql),
            *_year_of_the_column(q, sql), *_undefined(sql)]
