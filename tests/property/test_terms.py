"""Properties of ``term.definition`` (stef_align.terms): an answer that computes the ruleset's
own expression is never a finding, whatever the column names, aliases, case or table; the
same answer with the term's measured column swapped for another of the same kind always is;
and without a ruleset nothing fires."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stef_align import terms
from stef_question.frame import question_spec
from stef_sql.extract import extract_spec

from stef_core.models import Ruleset

PHRASES = ["revenue", "wait time", "reject rate", "gross margin", "units sold"]
STEMS = ["price", "net", "gross", "list", "base", "paid", "billed"]
KINDS = ["usd", "amt", "eur", "qty", "min"]
TABLES = ["orders", "fills", "purchases", "runs", "lots"]
ALIASES = ["a", "t", "x1", "o"]
#: Term shapes over one measured column ``{c}`` (and, for ratios, a second one ``{d}``).
SHAPES = ["SUM({c})", "100.0 * SUM({c}) / SUM({d})", "SUM({c}) / COUNT(*)"]

phrase = st.sampled_from(PHRASES)
names = st.lists(st.sampled_from(STEMS), min_size=3, max_size=3, unique=True)
kind = st.sampled_from(KINDS)
table = st.sampled_from(TABLES)
alias = st.sampled_from(ALIASES)
shape = st.sampled_from(SHAPES)


def fired(words: str, rules: Ruleset, sql: str) -> bool:
    q = question_spec(f"{words} by region last month", None, rules)
    return any(r.code == "term.definition" for r in terms.check(q, extract_spec(sql), rules))


@settings(max_examples=60, deadline=None)
@given(phrase, names, kind, table, alias, shape, st.booleans())
def test_the_terms_own_expression_never_fires(words: str, stems: list[str], k: str, t: str,
                                              a: str, form: str, upper: bool) -> None:
    c, d = f"{stems[0]}_{k}", f"{stems[1]}_{k}"
    expression = form.format(c=c, d=d)
    rules = Ruleset(terms={words: expression})
    body = form.format(c=f"{a}.{c}", d=f"{a}.{d}")
    sql = f"SELECT {a}.region, {body} AS m FROM {t} {a} GROUP BY {a}.region"
    assert not fired(words, rules, sql.upper() if upper else sql)


@settings(max_examples=60, deadline=None)
@given(phrase, names, kind, table, alias, shape)
def test_another_column_of_the_same_kind_always_fires(words: str, stems: list[str], k: str,
                                                      t: str, a: str, form: str) -> None:
    c, d, other = (f"{s}_{k}" for s in stems)
    rules = Ruleset(terms={words: form.format(c=c, d=d)})
    body = form.format(c=f"{a}.{other}", d=f"{a}.{d}")
    assert fired(words, rules, f"SELECT {a}.region, {body} AS m FROM {t} {a} GROUP BY {a}.region")


@settings(max_examples=30, deadline=None)
@given(phrase, names, kind, table, shape)
def test_no_ruleset_no_finding(words: str, stems: list[str], k: str, t: str, form: str) -> None:
    _, d, other = (f"{s}_{k}" for s in stems)
    sql = f"SELECT {form.format(c=other, d=d)} FROM {t}"
    q = question_spec(f"{words} last month", None)
    assert terms.check(q, extract_spec(sql), Ruleset()) == []
    assert terms.check(q, extract_spec(sql), None) == []


SCORES = ["nps_score", "rating", "stars", "survey_score"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SCORES), st.integers(min_value=2, max_value=9), table, alias)
def test_the_mean_of_a_column_the_term_counts_by_fires_its_share_never(
        column: str, cut: int, t: str, a: str) -> None:
    rules = Ruleset(terms={"satisfaction": f"100.0 * COUNT_IF({column} >= {cut}) / COUNT(*)"})
    assert fired("satisfaction", rules, f"SELECT AVG({a}.{column}) FROM {t} {a}")
    share = (f"SELECT 100.0 * SUM(CASE WHEN {a}.{column} >= {cut} THEN 1 ELSE 0 END) / "
             f"COUNT(*) FROM {t} {a}")
    assert not fired("satisfaction", rules, share)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SCORES), st.integers(min_value=1, max_value=9),
       st.integers(min_value=-2, max_value=2), st.booleans())
def test_a_threshold_fires_exactly_when_it_is_another_bound(column: str, cut: int, moved: int,
                                                           strict: bool) -> None:
    rules = Ruleset(terms={"satisfaction": f"100.0 * COUNT_IF({column} >= {cut}) / COUNT(*)"})
    bound = cut + moved
    # ">= n" and "> n - 1" are one bound on a whole number
    test = f"{column} > {bound - 1}" if strict else f"{column} >= {bound}"
    sql = f"SELECT 100.0 * SUM(CASE WHEN {test} THEN 1 ELSE 0 END) / COUNT(*) FROM rows_t"
    assert fired("satisfaction", rules, sql) == (moved != 0)
