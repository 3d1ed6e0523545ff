"""Properties of two readings of counts over joins: ``COUNT(*)`` per entity over a LEFT JOIN
(stef_align.padded_counts) does not depend on how the query is spelled (aliases, the side of
the ON equality, COUNT(*) or COUNT(1)) and is gone once a column of the joined table is
counted; a HAVING ``COUNT(*)`` over a join that repeats the counted things
(stef_align.having_counts) is read the same way, and is gone once the count is DISTINCT or
the question counts the joined rows themselves."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align import having_counts, padded_counts
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

#: (entity table, its key, a table of many rows per entity, that table's own key)
FAMILIES = [
    ("teachers", "teacher_id", "lessons", "lesson_id"),
    ("groomers", "groomer_id", "appointments", "appt_id"),
    ("mechanics", "mechanic_id", "repairs", "repair_id"),
    ("orders", "order_id", "order_lines", "line_id"),
    ("tabs", "tab_id", "tab_items", "item_id"),
]
ALIASES = ["a", "b", "t1", "x", "p"]

family = st.sampled_from(FAMILIES)
aliases = st.lists(st.sampled_from(ALIASES), min_size=2, max_size=2, unique=True)


@settings(max_examples=60, deadline=None)
@given(family, aliases, st.booleans(), st.sampled_from(["COUNT(*)", "COUNT(1)"]))
def test_padded_count_does_not_depend_on_spelling(fam: tuple[str, str, str, str],
                                                  names: list[str], flipped: bool,
                                                  count: str) -> None:
    parent, key, child, child_key = fam
    p, c = names
    on = f"{c}.{key} = {p}.{key}" if flipped else f"{p}.{key} = {c}.{key}"
    sql = f"SELECT {p}.{key}, {count} FROM {parent} {p} LEFT JOIN {child} {c} ON {on} " \
          f"GROUP BY {p}.{key}"
    found = [(r.code, r.severity) for r in padded_counts.check(extract_spec(sql))]
    assert found == [("aggregation.mismatch", "major")]
    counted = sql.replace(count, f"COUNT({c}.{child_key})")
    assert padded_counts.check(extract_spec(counted)) == []
    # an inner join keeps no entity without a match: nothing is padded
    assert padded_counts.check(extract_spec(sql.replace("LEFT JOIN", "JOIN"))) == []


@settings(max_examples=60, deadline=None)
@given(family, aliases, st.booleans(), st.sampled_from(["3 or more", "at least 3"]))
def test_having_count_over_repeats(fam: tuple[str, str, str, str], names: list[str],
                                   flipped: bool, threshold: str) -> None:
    parent, key, child, _ = fam
    p, c = names
    on = f"{c}.{key} = {p}.{key}" if flipped else f"{p}.{key} = {c}.{key}"
    q = question_spec(f"customers with {threshold} {parent} last month", None)
    sql = (f"SELECT {p}.customer_id FROM {parent} {p} JOIN {child} {c} ON {on} "
           f"GROUP BY {p}.customer_id HAVING COUNT(*) >= 3")
    found = [(r.code, r.severity) for r in having_counts.check(q, extract_spec(sql), True)]
    assert found == [("join.fan_out", "major")]
    distinct = sql.replace("COUNT(*)", f"COUNT(DISTINCT {p}.{key})")
    assert having_counts.check(q, extract_spec(distinct), True) == []
    # not read in a curated benchmark record (no timestamp)
    assert having_counts.check(q, extract_spec(sql), False) == []
