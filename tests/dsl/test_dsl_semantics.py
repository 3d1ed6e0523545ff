"""What each statement compiles to, and how statements combine (later statements win)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stef_core.dsl import compile_text, format_text, parse_text, ruleset_to_stef
from stef_core.dsl.ast import RuleSwitch
from stef_core.models import Ruleset
from stef_core.rules import RulesError


def _compile(body: str) -> Ruleset:
    return compile_text('ruleset "t"\n' + body, "t.stef")


def test_header_only_gives_the_defaults_with_the_name() -> None:
    assert compile_text('ruleset "t" version 4') == Ruleset(name="t", version=4)


def test_later_statements_win() -> None:
    rs = _compile(
        'term "revenue" = SUM(a)\nterm "revenue" = SUM(b)\n'
        "rule limit_tolerance off\nrule limit_tolerance on\n"
        "limit guard >= 10\nlimit guard >= 20\n"
        "score bonus = 2\nscore bonus = 3\n"
        'term "gold" = SUM(x)\nterm "gold" = tier = \'gold\'\n'
    )
    assert rs.terms == {"revenue": "SUM(b)"}
    assert rs.rules == {"limit_tolerance": True}
    assert rs.limit_guard == 20
    assert rs.scoring.bonus == 3
    # A later term replaces an earlier one whatever its kind (metric or condition).
    assert (rs.terms.get("gold"), rs.predicates.get("gold")) == (None, "tier = 'gold'")


def test_lists_accumulate_without_duplicates() -> None:
    rs = _compile(
        "benign filter t = *\nbenign filter t = *\nbenign filter d IS null\n"
        "ignore filter x\nignore filter x\nnote \"n\"\nnote \"n\"\nnote \"m\"\n"
        "synonym a = w\nsynonym a = v, w\n"
    )
    assert [b.model_dump() for b in rs.benign_filters] == [
        {"column": "t", "op": "=", "value": "*"},
        {"column": "d", "op": "IS", "value": None},
    ]
    assert rs.ignored_filters == ["x"]
    assert rs.notes == ["n", "m"]
    assert rs.synonyms == {"a": ["w", "v"]}


def test_confidence_tiers_merge_by_threshold() -> None:
    rs = _compile("score confidence 0.65 = 0.6\nscore confidence 0.95 = 1\n")
    assert [(t.threshold, t.factor) for t in rs.scoring.confidence_tiers] == [
        (0.95, 1.0), (0.85, 1.0), (0.65, 0.6), (0.0, 0.5)
    ]


def test_include_applies_at_its_place(tmp_path: Path) -> None:
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "base.stef").write_text(
        'ruleset "base" version 9\nlimit guard >= 10\nterm "x" = COUNT(*)\n'
    )
    main = tmp_path / "main.stef"
    main.write_text('ruleset "main"\nlimit guard >= 5\ninclude "shared/base.stef"\n'
                    'term "x" = SUM(y)\n')
    from stef_core.dsl import compile_file

    rs = compile_file(main)
    assert (rs.name, rs.version) == ("main", 1)  # the including file's header names it
    assert rs.limit_guard == 10  # the include came after `limit guard >= 5`
    assert rs.terms == {"x": "SUM(y)"}  # and before the term


def test_rule_ids_come_from_the_plugin_registry() -> None:
    assert _compile("rule vocabulary off").rules == {"vocabulary": False}
    with pytest.raises(RulesError, match="unknown rule id 'vocab'"):
        _compile("rule vocab off")


def test_keywords_are_case_insensitive_and_fmt_lowers_them() -> None:
    text = 'RuleSet "t"\nBENIGN FILTER a Like \'x%\'\nRULE limit_tolerance OFF\n'
    assert format_text(text) == (
        "ruleset \"t\"\nbenign filter a LIKE 'x%'\nrule limit_tolerance off\n"
    )
    assert compile_text(text).rules == {"limit_tolerance": False}


def test_names_that_look_like_keywords_are_names() -> None:
    rs = _compile("ignore filter on\nbenign filter in IN (1)\nsynonym rule = note, limit\n")
    assert rs.ignored_filters == ["on"]
    assert rs.benign_filters[0].column == "in"
    assert rs.synonyms == {"rule": ["note", "limit"]}


def test_strings_unescape() -> None:
    rs = _compile('note "say \\"hi\\"\\\\"\nbenign filter s = \'it\'\'s\'\n')
    assert rs.notes == ['say "hi"\\']
    assert rs.benign_filters[0].value == "it's"


def test_ruleset_to_stef_round_trips_the_bundled_examples() -> None:
    from stef_core.resources import rulesets_dir

    for path in sorted(rulesets_dir().glob("*.stef")):
        from stef_core.dsl import compile_file

        rs = compile_file(path)
        assert compile_text(ruleset_to_stef(rs)) == rs, path.name


def test_parse_keeps_positions() -> None:
    parsed, diags = parse_text('ruleset "t"\n  rule   limit_tolerance off  # why\n')
    assert diags == []
    line = parsed.lines[1]
    assert line.comment == "# why"
    st = line.statement
    assert isinstance(st, RuleSwitch)
    assert (st.span.line, st.span.column, st.id_span.column) == (2, 3, 10)


@pytest.mark.parametrize("text", ["", "\n\n", "# c\n", "\ufeff", "ruleset"])
def test_degenerate_files_give_errors_not_tracebacks(text: str) -> None:
    with pytest.raises(RulesError) as info:
        compile_text(text, "x.stef")
    assert info.value.messages and all(m.startswith("x.stef:") for m in info.value.messages)


def test_week_starts_names_the_deployments_first_weekday() -> None:
    assert Ruleset().week_start == "monday"  # ISO 8601 unless the ruleset says otherwise
    rs = _compile("week starts Saturday\nweek starts SUNDAY\n")
    assert rs.week_start == "sunday"  # later statements win; the day is folded
    assert compile_text(ruleset_to_stef(rs)) == rs.model_copy(update={"name": "t"})
    assert format_text('ruleset "t"\nWEEK  Starts Sunday\n') == 'ruleset "t"\nweek starts sunday\n'
    # "week" stays an ordinary word elsewhere: a column, a value, a synonym
    rs = _compile("synonym week = wk\nvalues period = week, month\n")
    assert rs.synonyms == {"week": ["wk"]} and rs.week_start == "monday"


def test_year_starts_names_the_deployments_first_month() -> None:
    assert Ruleset().year_start == "january"  # calendar years unless the ruleset says otherwise
    rs = _compile("year starts Oct\nyear starts JULY\n")
    assert rs.year_start == "july"  # later statements win; the month is folded, or abbreviated
    assert compile_text(ruleset_to_stef(rs)) == rs.model_copy(update={"name": "t"})
    assert format_text('ruleset "t"\nYEAR  Starts July\n') == 'ruleset "t"\nyear starts july\n'
    # "year" stays an ordinary word elsewhere: a column, a value, a synonym
    rs = _compile("synonym year = yr\nvalues period = year, month\nignore filter year\n")
    assert rs.synonyms == {"year": ["yr"]} and rs.year_start == "january"


def test_year_starts_in_an_unknown_month_says_which_months_exist() -> None:
    with pytest.raises(RulesError) as err:
        _compile("year starts juli\n")
    assert str(err.value).startswith(
        "t.stef:2:13: unknown month 'juli' (did you mean 'july'?)\n"
        "    year starts juli\n"
        "                ^^^^\n"
        "    expected: a month: january, february, march")


def test_week_starts_on_an_unknown_day_says_which_days_exist() -> None:
    with pytest.raises(RulesError) as err:
        _compile("week starts sundy\n")
    assert str(err.value) == (
        "t.stef:2:13: unknown weekday 'sundy' (did you mean 'sunday'?)\n"
        "    week starts sundy\n"
        "                ^^^^^\n"
        "    expected: a weekday: monday, tuesday, wednesday, thursday, friday, saturday, sunday"
    )
