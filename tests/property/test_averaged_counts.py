"""Properties of a mean count per entity over inner joins (stef_align.averaged_counts): the
finding does not depend on how the query is spelled (aliases, the side of the ON equality,
COUNT(*) or a count of the joined table's key, a derived table or a CTE), and is gone once
the entities are LEFT JOINed to the counted rows, or the counted rows are the entity's lines."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align import averaged_counts
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

#: (entity table, its key, a table of many rows per entity, that table's own key)
FAMILIES = [
    ("dogs", "dog_id", "walks", "walk_id"),
    ("members", "member_id", "checkins", "checkin_id"),
    ("volunteers", "volunteer_id", "repairs", "repair_id"),
    ("households", "household_id", "pickups", "pickup_id"),
]
ALIASES = ["a", "b", "t1", "x", "p"]

family = st.sampled_from(FAMILIES)
aliases = st.lists(st.sampled_from(ALIASES), min_size=2, max_size=2, unique=True)


@settings(max_examples=60, deadline=None)
@given(family, aliases, st.booleans(), st.booleans(), st.booleans())
def test_averaged_count_does_not_depend_on_spelling(fam: tuple[str, str, str, str],
                                                    names: list[str], flipped: bool,
                                                    star: bool, cte: bool) -> None:
    parent, key, child, child_key = fam
    p, c = names
    q = question_spec(f"average number of {child} per {parent.rstrip('s')} this year", None)
    on = f"{c}.{key} = {p}.{key}" if flipped else f"{p}.{key} = {c}.{key}"
    count = "COUNT(*)" if star else f"COUNT({c}.{child_key})"
    inner = (f"SELECT {p}.{key}, {count} AS n FROM {parent} {p} JOIN {child} {c} ON {on} "
             f"GROUP BY {p}.{key}")
    sql = (f"WITH per AS ({inner}) SELECT AVG(n) FROM per" if cte
           else f"SELECT AVG(n) FROM ({inner}) z")
    found = [(r.code, r.severity) for r in averaged_counts.check(q, extract_spec(sql))]
    assert found == [("join.drops_empty", "major")]
    kept = sql.replace(f"JOIN {child}", f"LEFT JOIN {child}")
    assert averaged_counts.check(q, extract_spec(kept)) == []
    lines = sql.replace(f"JOIN {child} ", f"JOIN {parent.rstrip('s')}_lines ")
    assert averaged_counts.check(q, extract_spec(lines)) == []
