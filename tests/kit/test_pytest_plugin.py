"""The pytest11 plugin: the ``stef`` fixture and readable failures, run through pytester."""

from __future__ import annotations

from importlib import metadata
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]


def test_plugin_is_registered_as_a_pytest11_entry_point() -> None:
    [ep] = [ep for ep in metadata.entry_points(group="pytest11") if ep.name == "stef"]
    assert ep.value == "stef_core.testing.pytest_plugin"


def test_stef_fixture_scores(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        def test_score(stef):
            r = stef.score("How many users are active?",
                           "SELECT COUNT(*) FROM users WHERE status = 'active'")
            assert r.status == "scored" and r.score == 100.0

        def test_score_with_rules(stef):
            r = stef.score("List customers in France",
                           "SELECT name FROM customers WHERE country = 'France' LIMIT 1000",
                           rules={"limit_guard": 5000})
            assert "limit_tolerance" not in r.normalizations

        def test_same_engine_across_tests(stef):
            from stef_core import testing
            stef.score("How many users are active?", "SELECT COUNT(*) FROM users")
            assert len(testing._ENGINES) == 2
        """
    )
    # A subprocess: in-process runs share (and, with pytester's module snapshots, corrupt) the
    # engine cache this test counts.
    result = pytester.runpytest_subprocess("-p", "no:randomly")
    result.assert_outcomes(passed=3)


def test_failure_message_is_readable(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        from stef_core.testing import assert_sql_answers

        Q = "How many users have status 'active'?"

        def test_agent_answer():
            assert_sql_answers(Q, "SELECT COUNT(*) FROM users", min_score=90)

        def test_agent_answer_through_fixture(stef):
            stef.assert_answers(Q, "SELECT COUNT(*) FROM users", min_score=90)
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "E*AssertionError: STEF score * is below min_score 90",
        "E*question:  How many users have status 'active'?",
        "E*sql:       SELECT COUNT(*) FROM users",
        "E*score:     * (poor)",
        "E*filters:   not_applied (missing ? = 'active')",
        "E*verdict:   *",
        "E*reasons:",
        "E*- filter.missing: *",
    ])
    # __tracebackhide__: the traceback stops at the test's own line, not inside STEF.
    assert "stef_core/testing/__init__.py" not in result.stdout.str()
    assert "raise AssertionError(" not in result.stdout.str()


def test_assert_answers_takes_the_rules_as_a_path(tmp_path: Path) -> None:
    """A newcomer writes rules="crm.stef" (it raised AttributeError: 'str' object has no
    attribute 'model_dump_json', issue 21)."""
    from stef_core.testing import assert_sql_answers

    rules = tmp_path / "crm.stef"
    rules.write_text('ruleset "crm"\nvalues status = active, churned\n')
    result = assert_sql_answers("How many customers are active?",
                                "SELECT COUNT(*) FROM customers WHERE status = 'active'",
                                min_score=90, rules=str(rules))
    assert result.status == "scored"
    with pytest.raises(AssertionError, match="STEF score"):
        assert_sql_answers("How many customers are active?",
                           "SELECT COUNT(*) FROM customers WHERE status = 'churned'",
                           min_score=90, rules=rules)  # a Path too
