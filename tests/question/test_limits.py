"""Reading and alignment stay linear on pathological inputs: the work they do is bounded by
caps, whatever the size of the question, the enrichment or the SQL. Asserted on counts of work
(tokens, requirements, comparisons), never on time."""

from __future__ import annotations

from stef_align.filters import MAX_REQUIREMENTS, MAX_SCAN, Work, align_filters
from stef_question.concepts.values import MAX_VALUES
from stef_question.frame import question_spec
from stef_question.text import MAX_CHARS, MAX_TOKENS, tokenize
from stef_sql.extract import extract_spec

from stef_core.models import Ruleset

HUGE_IN = "in (" + "1," * 50_000 + ")"  # 100 KB of one repeated number
MANY_QUOTED = " ".join(f"'v{i}'" for i in range(10_000))  # 10,000 quoted values


def test_text_is_capped_in_characters_and_tokens() -> None:
    text = tokenize(HUGE_IN)
    assert len(text.raw) <= MAX_CHARS
    assert len(text.tokens) <= MAX_TOKENS


def test_a_huge_question_yields_a_bounded_spec() -> None:
    spec = question_spec(HUGE_IN, HUGE_IN + " Hint: " + HUGE_IN)
    assert len(spec.filters) <= MAX_REQUIREMENTS
    assert len(spec.text) <= 2 * MAX_CHARS


def test_ten_thousand_quoted_values_are_capped() -> None:
    spec = question_spec(MANY_QUOTED, None)
    assert 0 < len(spec.filters) <= min(MAX_VALUES, MAX_REQUIREMENTS)


def test_alignment_work_is_bounded_by_the_caps() -> None:
    spec = question_spec(MANY_QUOTED, None)
    in_list = ", ".join(f"'w{i}'" for i in range(20_000))
    ands = " AND ".join(f"c{i} = 'x{i}'" for i in range(300))
    sql = extract_spec(f"SELECT a FROM t WHERE k IN ({in_list}) AND {ands}")
    work = Work()
    fa, _, _ = align_filters(spec, sql, Ruleset(), work)
    # Every requirement looks its value up (a few keys each) and scans at most MAX_SCAN
    # predicates for a loose match; the extras pass looks at most MAX_SCAN predicates, each
    # against every requirement.
    bound = MAX_REQUIREMENTS * (8 + MAX_SCAN) + MAX_SCAN * MAX_REQUIREMENTS
    assert work.total <= bound
    assert fa.status in ("partially_applied", "not_applied")


def test_exact_matches_are_looked_up_not_scanned() -> None:
    values = [f"city{i}" for i in range(30)]
    question = "Orders from " + ", ".join(f"'{v}'" for v in values)
    spec = question_spec(question, None)
    sql = extract_spec("SELECT * FROM orders WHERE " + " OR ".join(
        f"city = '{v}'" for v in values))
    work = Work()
    fa, _, _ = align_filters(spec, sql, Ruleset(), work)
    assert fa.status == "fully_applied"
    assert work.scans <= len(values) * 2  # found by key: no loose scan over the IN list
