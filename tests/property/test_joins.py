"""Properties of the join findings (stef_align.joins): ``join.fan_out`` reads which table a join
repeats from the keys' names, so it does not depend on how the query is spelled (the side of
the ON equality each column is written on, the aliases, inner or left join), it needs the join
(the same aggregate over the table alone is never repeated) and it is about the repeated side
(the child's own amount over its parent is not)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align import joins
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

from stef_core.models import Ruleset

#: (parent table, its key, a child table that holds many rows per parent row)
FAMILIES = [
    ("orders", "order_id", "order_items"),
    ("invoices", "invoice_id", "payments"),
    ("shipments", "shipment_id", "shipment_legs"),
    ("claims", "claim_id", "claim_lines"),
    ("tickets", "ticket_id", "ticket_events"),
]
AMOUNTS = ["total_amt", "billed_usd", "freight_chrg", "allowed_amount", "handle_secs"]
ALIASES = ["a", "b", "t1", "x", "p"]
QUESTION = question_spec("What is the total amount?", None)

family = st.sampled_from(FAMILIES)
amount = st.sampled_from(AMOUNTS)
aliases = st.lists(st.sampled_from(ALIASES), min_size=2, max_size=2, unique=True)
function = st.sampled_from(["SUM", "AVG"])
join = st.sampled_from(["JOIN", "INNER JOIN", "LEFT JOIN"])


def codes(sql: str) -> list[tuple[str, str]]:
    return [(r.code, r.severity) for r in joins.check(QUESTION, extract_spec(sql))]


@settings(max_examples=60, deadline=None)
@given(family, amount, aliases, function, join, st.booleans())
def test_fan_out_does_not_depend_on_spelling(fam: tuple[str, str, str], column: str,
                                             names: list[str], fn: str, kind: str,
                                             flipped: bool) -> None:
    parent, key, child = fam
    p, c = names
    on = f"{c}.{key} = {p}.{key}" if flipped else f"{p}.{key} = {c}.{key}"
    found = codes(f"SELECT {fn}({p}.{column}) FROM {parent} {p} {kind} {child} {c} ON {on}")
    assert found == [("join.fan_out", "major")]


@settings(max_examples=40, deadline=None)
@given(family, amount, function)
def test_no_join_no_fan_out(fam: tuple[str, str, str], column: str, fn: str) -> None:
    parent, key, child = fam
    assert codes(f"SELECT {fn}({column}) FROM {parent}") == []
    # the join only filters (a semi-join): nothing is repeated
    assert codes(f"SELECT {fn}(p.{column}) FROM {parent} p WHERE EXISTS (SELECT 1 FROM "
                 f"{child} c WHERE c.{key} = p.{key})") == []


@settings(max_examples=40, deadline=None)
@given(family, amount, function)
def test_the_child_s_own_amount_is_not_repeated(fam: tuple[str, str, str], column: str,
                                                fn: str) -> None:
    parent, key, child = fam
    assert codes(f"SELECT {fn}(c.{column}) FROM {child} c JOIN {parent} p "
                 f"ON p.{key} = c.{key}") == []


#: (outer table, its key, a table whose rows carry that key as a nullable column)
NULLABLE = [("customers", "customer_id", "orders"), ("stores", "store_id", "vaccinations"),
            ("learners", "learner_id", "lesson_progress"), ("couriers", "courier_id", "jobs")]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(NULLABLE), st.sampled_from(["IS NULL", "IS NOT NULL"]), st.booleans(),
       st.booleans())
def test_not_in_is_major_exactly_when_the_ruleset_declares_nulls(
        fam: tuple[str, str, str], test: str, declared: bool, guarded: bool) -> None:
    outer, key, child = fam
    other = "region_code" if not declared else key
    rules = Ruleset(predicates={"some phrase": f"{other} {test}"})
    where = f" WHERE {key} IS NOT NULL" if guarded else ""
    sql = f"SELECT {key} FROM {outer} WHERE {key} NOT IN (SELECT {key} FROM {child}{where})"
    found = [(r.code, r.severity) for r in joins.check(QUESTION, extract_spec(sql), rules)]
    if guarded:
        assert found == []
    else:
        assert found == [("subquery.not_in_null", "major" if declared else "info")]
    # the ruleset only ever raises the note: without it the finding is the note or nothing
    assert [r.severity for r in joins.check(QUESTION, extract_spec(sql))] in ([], ["info"])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(NULLABLE), st.sampled_from([
    "{t} rows may have {c} NULL.", "{c} is NULL for some rows.", "Guests have {t}.{c} NULL.",
    "{c} NULL rows are previews."]), st.booleans())
def test_a_note_that_says_null_raises_the_note_for_its_column_only(
        fam: tuple[str, str, str], note: str, other: bool) -> None:
    outer, key, child = fam
    column = "region_code" if other else key
    rules = Ruleset(notes=[note.format(t=child, c=column)])
    sql = f"SELECT {key} FROM {outer} WHERE {key} NOT IN (SELECT {key} FROM {child})"
    found = [(r.code, r.severity) for r in joins.check(QUESTION, extract_spec(sql), rules)]
    assert found == [("subquery.not_in_null", "info" if other else "major")]


@settings(max_examples=60, deadline=None)
@given(family, amount, function, st.sampled_from(["", "pos_", "rx_", "dw_"]), st.booleans())
def test_fan_out_does_not_depend_on_a_schema_prefix(fam: tuple[str, str, str], column: str,
                                                    fn: str, prefix: str, both: bool) -> None:
    parent, key, child = fam
    other = f"{prefix}{child}" if both else child
    sql = (f"SELECT {fn}(p.{column}) FROM {prefix}{parent} p JOIN {other} c "
           f"ON c.{key} = p.{key}")
    assert codes(sql) == [("join.fan_out", "major")]
    # the child's own amount over its parent is never repeated, prefix or not
    assert codes(f"SELECT {fn}(c.{column}) FROM {other} c JOIN {prefix}{parent} p "
                 f"ON p.{key} = c.{key}") == []


@settings(max_examples=40, deadline=None)
@given(family, st.sampled_from(["LEFT JOIN", "JOIN"]), st.booleans(), st.booleans())
def test_a_base_counted_over_the_join_is_repeated_under_any_count_of_the_other_rows(
        fam: tuple[str, str, str], kind: str, distinct: bool, star: bool) -> None:
    parent, key, child = fam
    top = f"COUNT(DISTINCT c.{key})" if distinct else f"COUNT(c.{key})"
    base = "COUNT(*)" if star else f"COUNT(p.{key})"
    sql = f"SELECT 1.0 * {top} / {base} FROM {parent} p {kind} {child} c ON c.{key} = p.{key}"
    assert ("join.fan_out", "major") in codes(sql)
    # DISTINCT in the base counts each row of the first table once
    assert ("join.fan_out", "major") not in codes(
        f"SELECT 1.0 * {top} / COUNT(DISTINCT p.{key}) FROM {parent} p {kind} {child} c "
        f"ON c.{key} = p.{key}")


@settings(max_examples=30, deadline=None)
@given(family, st.sampled_from(["remedied_dt", "closed_at", "score"]))
def test_a_share_of_an_inner_joins_rows_by_another_column_of_them_is_no_fan_out(
        fam: tuple[str, str, str], column: str) -> None:
    # "remedy % by recall" / COUNT(c.remedied_dt) / COUNT(*) over recalls JOIN recall_vins: the
    # inner join's rows are the joined rows, each once; the share is of them
    parent, key, child = fam
    sql = (f"SELECT p.{key}, 1.0 * COUNT(c.{column}) / COUNT(*) FROM {parent} p JOIN {child} c "
           f"ON c.{key} = p.{key} GROUP BY p.{key}")
    assert ("join.fan_out", "major") not in codes(sql)
    # over a LEFT JOIN the first table's unmatched rows stay in the base: read as before
    assert ("join.fan_out", "major") in codes(sql.replace(" JOIN ", " LEFT JOIN ", 1))
