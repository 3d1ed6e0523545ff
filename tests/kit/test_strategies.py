"""The hypothesis strategies build what they promise: SQL that parses and that STEF's own
extractor reads, records that score, rulesets that validate."""

from __future__ import annotations

import sqlglot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlglot import exp

from stef_core.models import Record, Ruleset
from stef_core.registry import Registry
from stef_core.testing import score_one
from stef_core.testing import strategies as sst

# Few examples each: these check the generators, the plugin authors' own tests run more.
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_SQL = Registry.discover().get("sql_extractor", "sql")()


@FAST
@given(sst.selects())
def test_selects_parse_and_extract(sql: str) -> None:
    tree = sqlglot.parse_one(sql)
    assert isinstance(tree, exp.Select)
    spec = _SQL.extract(sql)  # type: ignore[attr-defined]
    assert spec.tables and spec.projections


@FAST
@given(sst.select_expressions(aggregate=True, order=False, limit=True))
def test_forced_clauses(query: exp.Select) -> None:
    spec = _SQL.extract(query.sql())  # type: ignore[attr-defined]
    assert spec.aggregations and not spec.order_by and spec.limit is not None
    # Grouped queries group by exactly their plain columns: always valid SQL.
    plain = {p.column for p in spec.projections if p.aggregate is None}
    assert set(spec.group_by) == plain


@FAST
@given(st.sampled_from(["postgres", "snowflake", "bigquery", "tsql"]).flatmap(
    lambda d: st.tuples(st.just(d), sst.selects(dialect=d))))
def test_selects_in_dialects(pair: tuple[str, str]) -> None:
    dialect, sql = pair
    assert sqlglot.parse_one(sql, read=dialect) is not None


@FAST
@given(sst.predicates(column="status"))
def test_predicates_fix_the_column(pred: exp.Expr) -> None:
    assert {c.name for c in pred.find_all(exp.Column)} == {"status"}
    assert sqlglot.parse_one(f"SELECT 1 FROM t WHERE {pred.sql()}") is not None


@FAST
@given(sst.records())
def test_records_score(record: Record) -> None:
    result = score_one(record.question, record.sql, enriched_question=record.enriched_question)
    assert result.status == "scored", result.error
    assert result.score is not None and 0 <= result.score <= 100


@FAST
@given(sst.rulesets())
def test_rulesets_are_valid_r_app(rules: Ruleset) -> None:
    assert Ruleset.model_validate_json(rules.model_dump_json()) == rules
    assert set(rules.rules) <= set(Registry.discover().rule_ids()) | {"vocabulary"}
