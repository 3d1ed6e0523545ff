"""A run's profile (stef_core.run): the filters most of a run's queries share are the
deployment's guards, whatever their names; a record scored on its own has no run to read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from stef_core.engine import Engine
from stef_core.models import Record
from stef_core.run import (
    COMMON,
    CONVENTION_QUESTIONS,
    CONVENTION_SHARE,
    CONVENTION_SUPPORT,
    MIN_SUPPORT,
    RunProfile,
    filter_key,
    learn,
)
from stef_core.spec import Filter, SqlSpec

QUESTIONS = [
    "how many employees joined last year", "average salary by department",
    "headcount per office", "who earns the most", "number of open positions",
    "employees hired in 2024 by team", "average tenure in years", "count of managers",
    "total payroll per department", "how many employees left in 2024",
]
SQL = [
    "SELECT COUNT(*) FROM employees WHERE region = 'emea' AND is_contractor = FALSE "
    "AND hire_date >= '2024-01-01' AND hire_date < '2025-01-01'",
    "SELECT department, AVG(salary) FROM employees WHERE region = 'emea' "
    "AND NOT is_contractor GROUP BY department",
    "SELECT office, COUNT(*) FROM employees WHERE region = 'emea' AND is_contractor = 0 "
    "GROUP BY office",
    "SELECT name FROM employees WHERE region = 'emea' AND is_contractor = FALSE "
    "ORDER BY salary DESC LIMIT 1",
    "SELECT COUNT(*) FROM positions WHERE region = 'emea' AND status = 'open'",
    "SELECT team, COUNT(*) FROM employees WHERE region = 'emea' AND is_contractor = FALSE "
    "AND hire_date >= '2024-01-01' AND hire_date < '2025-01-01' GROUP BY team",
    "SELECT AVG(tenure_years) FROM employees WHERE region = 'emea' AND is_contractor = FALSE",
    "SELECT COUNT(*) FROM employees WHERE region = 'emea' AND is_manager = TRUE",
    "SELECT department, SUM(salary) FROM employees WHERE region = 'emea' "
    "AND is_contractor IS NOT TRUE GROUP BY department",
    "SELECT COUNT(*) FROM employees WHERE region = 'emea' AND is_contractor = FALSE "
    "AND left_date >= '2024-01-01' AND left_date < '2025-01-01'",
]


def _records(n: int = 20) -> list[Record]:
    return [Record(id=f"r{i}", question=QUESTIONS[i % 10], sql=SQL[i % 10],
                   timestamp="2025-03-01T00:00:00Z") for i in range(n)]


def test_a_flag_is_one_filter_whichever_way_it_is_written() -> None:
    keys = {filter_key(f) for f in (Filter("is_test", "=", False), Filter("is_test", "=", 0),
                                    Filter("IS_TEST", "!=", True), Filter("is_test", "=", "N"),
                                    Filter("t.is_test", "!=", "yes"))}
    assert keys == {"istest is no"}
    assert filter_key(Filter("is_test", "=", True)) == "istest is yes"


def test_date_ranges_relations_and_alternatives_are_never_a_run_filter() -> None:
    assert filter_key(Filter("created_at", ">=", "2024-01-01")) is None
    assert filter_key(Filter("a", "=", "b", relation=True)) is None
    assert filter_key(Filter("a", "=", "b", alternative=True)) is None


def test_a_threshold_on_a_number_is_a_run_filter_like_a_value() -> None:
    # "a view is a session of two minutes or more", in many of a streaming service's queries
    assert filter_key(Filter("ps.watch_minutes", ">=", 2)) == "watchminutes >= 2"
    assert filter_key(Filter("is_late", ">", True)) is None  # a flag is no number
    specs = [SqlSpec(filters=(Filter("watch_minutes", ">=", 2),))] * 10 + [SqlSpec()] * 30
    assert learn(specs).defines(Filter("watch_minutes", ">=", 2))
    assert not learn(specs).defines(Filter("watch_minutes", ">=", 5))


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=60))
def test_a_filter_is_the_runs_when_most_queries_hold_it(with_it: int, without: int) -> None:
    specs = ([SqlSpec(filters=(Filter("region", "=", "emea"),))] * with_it
             + [SqlSpec()] * without)
    profile = learn(specs)
    expected = with_it >= MIN_SUPPORT and with_it >= 0.5 * (with_it + without)
    assert profile.holds(Filter("region", "in", ("emea",))) is expected
    assert profile.records == with_it + without


def _by_id(results: list) -> dict[str, object]:
    return {r.id: r for r in results}


def test_a_guard_no_word_list_knows_is_read_from_the_run() -> None:
    records = _records()
    engine = Engine()
    results = _by_id(list(engine.run(records)))
    assert "region = 'emea'" in results["r1"].filter_alignment.guards
    assert results["r1"].filter_alignment.status == "fully_applied"
    assert "is_contractor = FALSE" in results["r0"].filter_alignment.guards
    # a question that names the flag's subject keeps it as a condition of its own
    named = Record(id="c", question="how many contractors are there",
                   sql="SELECT COUNT(*) FROM employees WHERE region = 'emea' "
                       "AND is_contractor = FALSE")
    [res] = list(Engine().run([*records, named]))[-1:]
    assert "is_contractor = FALSE" not in res.filter_alignment.guards


def test_a_record_scored_on_its_own_has_no_run() -> None:
    [alone] = Engine().evaluate_batch([_records(2)[1]])
    assert "region = 'emea'" not in alone.filter_alignment.guards


def test_learning_first_gives_a_resumed_run_the_same_profile() -> None:
    records = _records(30)
    full = _by_id(list(Engine().run(records)))
    engine = Engine()
    engine.learn(records)  # what stef eval does before a --resume skips the done records
    resumed = _by_id(list(engine.run(records[17:])))
    for rid, res in resumed.items():
        assert res.model_dump(exclude=set()) == full[rid].model_dump(exclude=set())


def test_stef_eval_reads_the_run(tmp_path: Path) -> None:
    src = tmp_path / "log.jsonl"
    src.write_text("".join(json.dumps(r.model_dump(exclude_none=True)) + "\n"
                           for r in _records()), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    res = subprocess.run([sys.executable, "-m", "stef_core", "eval", str(src), "-o", str(out),
                          "--no-progress"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert all("region = 'emea'" in r["filter_alignment"]["guards"] for r in lines)


def test_a_query_without_the_guard_nearly_every_query_applies_is_reported() -> None:
    lacking = Record(id="x", question="headcount per office",
                     sql="SELECT office, COUNT(*) FROM employees GROUP BY office")
    elsewhere = Record(id="y", question="public holidays this year",
                       sql="SELECT COUNT(*) FROM holidays WHERE year = 2025")
    results = _by_id(list(Engine().run([*_records(), lacking, elsewhere])))
    codes = {rid: [r.code for r in res.reasons] for rid, res in results.items()}
    assert "filter.guard_missing" in codes["x"]
    assert "region = 'emea'" in next(r.message for r in results["x"].reasons
                                     if r.code == "filter.guard_missing")
    # a table the guarded queries never read may not hold the column
    assert "filter.guard_missing" not in codes["y"]
    assert all("filter.guard_missing" not in c for rid, c in codes.items() if rid.startswith("r"))


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=200))
def test_a_filter_many_queries_share_is_a_definition(with_it: int, without: int) -> None:
    specs = ([SqlSpec(filters=(Filter("status", "in", ("paid", "shipped")),))] * with_it
             + [SqlSpec()] * without)
    profile = learn(specs)
    f = Filter("status", "in", ("shipped", "paid"))
    n = with_it + without
    frequent = with_it >= MIN_SUPPORT and with_it >= 0.5 * n
    assert profile.holds(f) is frequent
    # a definition: shared by many queries (15 %), but not by most (then it is a guard)
    assert profile.defines(f) is (not frequent and with_it >= MIN_SUPPORT
                                  and with_it >= COMMON * n)
    assert RunProfile.from_json(profile.to_json()) == profile


def test_a_business_definition_of_the_run_is_no_extra() -> None:
    """Revenue counted over the deployment's sales channels in a fifth of the run's queries:
    the filter is listed as a definition, not an extra, in a record whose question never
    names it; a record scored alone still reads it as an extra. (A list of states, ``status
    IN ('paid', 'shipped')``, is a definition alone too: :mod:`stef_align.lifecycle`.)"""
    revenue = [Record(id=f"v{i}", question="total revenue by now",
                      sql="SELECT SUM(total) FROM orders WHERE region = 'emea' "
                          "AND channel IN ('store', 'web')",
                      timestamp="2025-03-01T00:00:00Z") for i in range(8)]
    results = _by_id(list(Engine().run([*_records(30), *revenue])))
    fa = results["v3"].filter_alignment
    assert fa.definitions == ["channel IN ('store', 'web')"]
    assert fa.extras == [] and fa.status == "fully_applied"
    [alone] = Engine().evaluate_batch([revenue[0]])
    assert alone.filter_alignment.definitions == []
    assert alone.filter_alignment.status == "fully_applied_with_extras"


def test_a_guard_on_one_table_is_missing_only_where_that_table_is_read() -> None:
    """``account_type = 'learner'`` sits on ``learners``, which every query applying it joins:
    a query of instructors and courses (no learners) lacks nothing; one of enrolments and
    learners without it does."""
    applied = [Record(id=f"a{i}", question=f"enrolments in course {i}",
                      sql=f"SELECT COUNT(*) FROM enrollments e JOIN learners l ON l.id = "
                          f"e.learner_id JOIN courses c ON c.id = e.course_id "
                          f"WHERE l.account_type = 'learner' AND c.code = 'C{i}'")
               for i in range(10)]
    applied += [Record(id=f"b{i}", question=f"subscriptions on plan {i}",
                       sql=f"SELECT COUNT(*) FROM subscriptions s JOIN learners l ON l.id = "
                           f"s.learner_id WHERE l.account_type = 'learner' AND s.plan = 'P{i}'")
                for i in range(10)]
    teachers = Record(id="t", question="instructors without a live course",
                      sql="SELECT i.name FROM instructors i JOIN courses c ON c.instructor_id "
                          "= i.id WHERE c.status <> 'live'")
    lacking = Record(id="x", question="enrolments per course",
                     sql="SELECT c.code, COUNT(*) FROM enrollments e JOIN learners l ON l.id = "
                         "e.learner_id JOIN courses c ON c.id = e.course_id GROUP BY c.code")
    results = _by_id(list(Engine().run([*applied, teachers, lacking])))
    codes = {rid: [r.code for r in res.reasons] for rid, res in results.items()}
    assert "filter.guard_missing" not in codes["t"]
    assert "filter.guard_missing" in codes["x"]


# -- one choice spelled two ways: IN the states that count / NOT IN the others ---------------

KEEP = Filter("status", "in", ("checked_out", "confirmed", "in_house"))
LEAVE = Filter("status", "not in", ("cancelled", "no_show"))


def _stays(keep: int, leave: int, others: int, extra: tuple[Filter, ...] = ()) -> list[SqlSpec]:
    return ([SqlSpec(filters=(KEEP,), tables=("reservations",))] * keep
            + [SqlSpec(filters=(LEAVE,), tables=("reservations",))] * leave
            + [SqlSpec(filters=extra, tables=("reservations",))]
            + [SqlSpec(tables=("reservations",))] * others)


@given(st.integers(min_value=0, max_value=30), st.integers(min_value=0, max_value=30),
       st.integers(min_value=0, max_value=120))
def test_complements_are_counted_as_one_definition(keep: int, leave: int, others: int) -> None:
    """A definition kept by some queries and spelled by its complement in others is counted
    once, over both; while neither alone is in most queries (then it is the run's guard)."""
    profile = learn(_stays(keep, leave, others))
    n = keep + leave + others + 1
    together = keep + leave >= MIN_SUPPORT and keep + leave >= COMMON * n
    for f, alone in ((KEEP, keep), (LEAVE, leave)):
        frequent = alone >= MIN_SUPPORT and alone >= 0.5 * n
        assert profile.defines(f) is (together and not frequent and alone > 0)


def test_a_value_no_side_names_keeps_them_apart() -> None:
    """``status = 'pending'`` somewhere in the run: keeping three states is no longer leaving
    out the other two, so each spelling counts alone."""
    specs = _stays(6, 6, 40, extra=(Filter("status", "=", "pending"),))
    profile = learn(specs)
    assert not profile.defines(KEEP) and not profile.defines(LEAVE)
    assert learn(_stays(6, 6, 40)).defines(KEEP)


def test_a_definition_is_not_guessed_as_the_stand_in_of_a_weak_word() -> None:
    """"Lifetime IAP spend": 'IAP' may be a value or not (weak); the run's business definition
    ``status = 'captured'`` is no guess at it, so the filters are not 'partially applied'.
    Alone (no run), the same filter is the only candidate: paired as a guess, which lowers
    confidence (a minor finding) but does not say the filters are wrong. (A payment state
    that is not a done word: 'completed' beside a sum of purchases is what the purchases
    presuppose, :mod:`stef_align.happened`, no definition of the run.)"""
    purchases = [Record(id=f"p{i}", question=f"purchases of bundle {i} last month",
                        sql=f"SELECT COUNT(*) FROM purchases WHERE status = 'captured' "
                            f"AND bundle_id = {i}") for i in range(10)]
    whales = Record(id="w", question="top 10 spenders all time",
                    enriched_question="Top 10 players by lifetime IAP spend.",
                    sql="SELECT player_id, SUM(amount_usd) AS spend FROM purchases "
                        "WHERE status = 'captured' GROUP BY player_id "
                        "ORDER BY spend DESC LIMIT 10")
    others = [Record(id=f"o{i}", question=f"sessions on day {i}",
                     sql=f"SELECT COUNT(*) FROM sessions WHERE day_no = {i}") for i in range(30)]
    results = _by_id(list(Engine().run([*purchases, *others, whales])))
    fa = results["w"].filter_alignment
    assert fa.definitions == ["status = 'captured'"]
    assert fa.status == "fully_applied"
    codes = {(r.code, r.severity) for r in results["w"].reasons}
    assert ("filter.value_mismatch", "minor") not in codes
    [alone] = Engine().evaluate_batch([whales])
    assert alone.filter_alignment.status == "fully_applied_with_extras"
    assert ("filter.value_mismatch", "minor") in {(r.code, r.severity) for r in alone.reasons}


# -- a table's own definition: nearly every query of one table applies it --------------------

VOID = Filter("is_void", "=", False)


@given(st.integers(min_value=0, max_value=20), st.integers(min_value=0, max_value=4),
       st.integers(min_value=0, max_value=200))
def test_a_filter_nearly_every_query_of_a_table_applies_defines_there(
        with_it: int, without: int, others: int) -> None:
    """``is_void = false`` in the queries of ``charges`` (and rare in a run of many other
    tables) defines in a query reading ``charges``, never in one that does not read it."""
    specs = ([SqlSpec(filters=(VOID,), tables=("charges", "stays"))] * with_it
             + [SqlSpec(tables=("charges",))] * without
             + [SqlSpec(tables=("stays",))] * others)
    profile = learn(specs)
    n = with_it + without + others
    run_wide = with_it >= MIN_SUPPORT and with_it >= COMMON * n
    table = with_it >= MIN_SUPPORT and with_it >= 0.9 * (with_it + without)
    frequent = with_it >= MIN_SUPPORT and with_it >= 0.5 * n  # then the run's guard instead
    assert profile.holds(VOID) is frequent
    charges = SqlSpec(filters=(VOID,), tables=("dbo.Charges",))
    assert profile.defines(VOID, charges) is ((run_wide or table) and not frequent)
    assert profile.defines(VOID, SqlSpec(tables=("stays",))) is (run_wide and not frequent)
    assert RunProfile.from_json(profile.to_json()) == profile


def test_a_tables_definition_is_no_extra_where_that_table_is_read() -> None:
    """Spa revenue over charges billed on their own (not in a package), in a run where every
    query of ``charges`` leaves package ones out but most queries read other tables: a
    definition, not an extra. (A flag no guard word names: ``is_comp`` would be a guard.)"""
    charges = [Record(id=f"c{i}", question=f"charges of department {i} last month",
                      sql=f"SELECT SUM(amount) FROM charges WHERE is_package = FALSE "
                          f"AND dept_cd = 'D{i}'", timestamp="2025-09-10T10:00:00Z")
               for i in range(9)]
    stays = [Record(id=f"s{i}", question=f"stays at property {i}",
                    sql=f"SELECT COUNT(*) FROM stays WHERE property_id = {i}")
             for i in range(60)]
    spa = Record(id="spa", question="spa revenue by month this year",
                 sql="SELECT DATE_TRUNC('month', posted_dt), SUM(amount) FROM charges "
                     "WHERE NOT is_package AND dept_cd = 'SPA' "
                     "AND posted_dt >= DATE_TRUNC('year', CURRENT_DATE) GROUP BY 1",
                 timestamp="2025-09-10T10:00:00Z")
    results = _by_id(list(Engine().run([*charges, *stays, spa])))
    fa = results["spa"].filter_alignment
    assert fa.definitions == ["is_package != TRUE"]
    assert fa.status == "fully_applied"
    [alone] = Engine().evaluate_batch([spa])
    assert alone.filter_alignment.status == "fully_applied_with_extras"


def _plant_records() -> list[Record]:
    """A run whose production runs are read with ``is_trial = false`` by every query of that
    table, while the run's other tables (most queries) have no such column."""
    runs = [Record(id=f"p{i}", question=f"scrap rate by line in week {i}",
                   sql=f"SELECT line_id, SUM(scrap_qty) / SUM(good_qty + scrap_qty) FROM "
                       f"production_runs WHERE plant = 'de' AND is_trial = FALSE AND week_no = {i} "
                       f"GROUP BY line_id")
            for i in range(30)]
    others = [Record(id=f"o{i}", question=f"open tickets of machine {i}",
                     sql=f"SELECT COUNT(*) FROM tickets WHERE plant = 'de' AND machine_id = {i}")
              for i in range(60)]
    return [*runs, *others]


def test_a_guard_of_one_tables_queries_is_reported_where_that_table_is_filtered() -> None:
    lacking = Record(id="x", question="scrap rate by line last week",
                     sql="SELECT line_id, SUM(scrap_qty) / SUM(good_qty + scrap_qty) FROM "
                         "production_runs WHERE plant = 'de' AND week_no = 22 GROUP BY line_id")
    # the runs only joined through, to reach their lines: their rows are not picked
    bridge = Record(id="y", question="tickets per line",
                    sql="SELECT r.line_id, COUNT(*) FROM tickets t JOIN production_runs r ON "
                        "r.run_id = t.run_id WHERE t.plant = 'de' GROUP BY r.line_id")
    # the question asks about the trial runs themselves
    trials = Record(id="z", question="scrap of trial runs",
                    sql="SELECT SUM(scrap_qty) FROM production_runs WHERE plant = 'de' "
                        "AND is_trial = TRUE")
    results = _by_id(list(Engine().run([*_plant_records(), lacking, bridge, trials])))
    codes = {rid: [r.code for r in res.reasons] for rid, res in results.items()}
    [message] = [r.message for r in results["x"].reasons if r.code == "filter.guard_missing"]
    assert "is_trial = FALSE" in message and "queries reading productionruns" in message
    assert "filter.guard_missing" not in codes["y"]
    assert "filter.guard_missing" not in codes["z"]
    assert all("filter.guard_missing" not in c for rid, c in codes.items()
               if rid[0] in "po")


def test_a_guard_of_one_tables_queries_is_reported_in_an_anti_join_subquery() -> None:
    """A NOT EXISTS / NOT IN subquery reads the guarded table to keep rows away: without the
    guard, a line whose only run was a trial counts as having runs."""
    lacking = Record(id="x", question="lines with no runs at all",
                     sql="SELECT l.line_id FROM lines l WHERE l.plant = 'de' AND NOT EXISTS "
                         "(SELECT 1 FROM production_runs r WHERE r.line_id = l.line_id)")
    kept = Record(id="y", question="lines with no runs at all",
                  sql="SELECT l.line_id FROM lines l WHERE l.plant = 'de' AND NOT EXISTS "
                      "(SELECT 1 FROM production_runs r WHERE r.line_id = l.line_id "
                      "AND r.is_trial = FALSE)")
    listed = Record(id="z", question="lines with no runs at all",
                    sql="SELECT l.line_id FROM lines l WHERE l.plant = 'de' AND l.line_id "
                        "NOT IN (SELECT r.line_id FROM production_runs r)")
    results = _by_id(list(Engine().run([*_plant_records(), lacking, kept, listed])))
    codes = {rid: [r.code for r in res.reasons] for rid, res in results.items()}
    assert "filter.guard_missing" in codes["x"]
    assert "filter.guard_missing" not in codes["y"]
    assert "filter.guard_missing" in codes["z"]


def test_a_profile_with_a_guard_of_one_table_survives_json() -> None:
    engine = Engine()
    engine.learn(_plant_records())
    profile = engine.run_profile
    assert any(g.reading for g in profile.dominant)
    assert RunProfile.from_json(profile.to_json()) == profile


def _lessons(agent: int, questions: list[tuple[str, str]]) -> list[Record]:
    """A driving school's agent version answering ``questions``: the run's lesson questions
    count taught lessons (``lesson_status = 'taught'``), a definition no question states."""
    return [Record(id=f"a{agent}q{i}", agent=f"bot@{agent}", question=q, sql=sql,
                   timestamp="2026-03-02T08:00:00Z") for i, (q, sql) in enumerate(questions)]


LESSONS = [
    ("lesson hours per instructor last month",
     "SELECT instructor_id, SUM(duration_min) / 60 FROM lessons WHERE school_id = 88 AND "
     "lesson_status = 'taught' AND lesson_dt >= '2026-02-01' AND lesson_dt < '2026-03-01' "
     "GROUP BY instructor_id"),
    ("how many lessons did we give in February",
     "SELECT COUNT(*) FROM lessons WHERE school_id = 88 AND lesson_status = 'taught' AND "
     "lesson_dt >= '2026-02-01' AND lesson_dt < '2026-03-01'"),
    ("average lesson length per instructor this year",
     "SELECT instructor_id, AVG(duration_min) FROM lessons WHERE school_id = 88 AND "
     "lesson_status = 'taught' AND lesson_dt >= '2026-01-01' GROUP BY instructor_id"),
    ("students enrolled this year by licence type",
     "SELECT licence_type, COUNT(*) FROM students WHERE school_id = 88 AND "
     "enrolled_dt >= '2026-01-01' GROUP BY licence_type"),
]


@given(st.integers(min_value=1, max_value=6), st.integers(min_value=1, max_value=6),
       st.integers(min_value=0, max_value=300))
def test_a_filter_applied_across_different_questions_is_a_convention(
        asked: int, times: int, others: int) -> None:
    """Applied to ``asked`` different questions, each ``times`` (agent versions): a convention
    of the run from :data:`CONVENTION_QUESTIONS` questions and :data:`CONVENTION_SUPPORT`
    queries on, unless the run asks so many other questions that those few are theirs."""
    specs = ([SqlSpec(filters=(Filter("lesson_status", "=", "taught"),))] * (asked * times)
             + [SqlSpec()] * others)
    questions = ([f"question {q}" for q in range(asked) for _ in range(times)]
                 + [f"other {q}" for q in range(others)])
    profile = learn(specs, questions=questions)
    n = asked * times
    f = Filter("lesson_status", "=", "taught")
    common = n >= MIN_SUPPORT and n >= COMMON * (n + others)
    convention = (asked >= CONVENTION_QUESTIONS and n >= CONVENTION_SUPPORT
                  and asked >= CONVENTION_SHARE * (asked + others))
    frequent = profile.holds(f)
    assert profile.defines(f) is (common and not frequent)
    assert profile.agreed(f) is (convention and not common and not frequent)
    # without the questions, only the share of queries counts
    assert learn(specs).conventions == frozenset()
    assert RunProfile.from_json(profile.to_json()) == profile


def test_a_definition_the_agents_apply_to_different_questions_is_no_extra() -> None:
    """Three agent versions count taught lessons for three different questions (9 of 12
    queries, fewer than :data:`COMMON` of a longer run): each question naming "lessons" names
    the rows, not their state, so the filter is a definition, not an extra; one question
    answered alone, or one agent's own narrowing (``lesson_type = 'standard'``), stays an
    extra."""
    records = [r for agent in (1, 2, 3) for r in _lessons(agent, LESSONS)]
    narrowed = Record(id="n", agent="bot@1", question=LESSONS[1][0], timestamp=
                      "2026-03-02T08:00:00Z", sql=LESSONS[1][1].replace(
                          "AND lesson_dt", "AND lesson_type = 'standard' AND lesson_dt", 1))
    filler = [Record(id=f"f{i}", question=f"students enrolled in week {i}",
                     sql=f"SELECT COUNT(*) FROM students WHERE school_id = 88 AND week_no = {i}",
                     timestamp="2026-03-02T08:00:00Z") for i in range(40)]
    results = _by_id(list(Engine().run([*records, narrowed, *filler])))
    for rid in ("a1q0", "a2q1", "a3q2"):
        fa = results[rid].filter_alignment
        assert fa.definitions == ["lesson_status = 'taught'"], rid
        assert fa.status == "fully_applied", rid
    assert results["n"].filter_alignment.extras == ["lesson_type = 'standard'"]
    [alone] = Engine().evaluate_batch([records[1]])
    assert alone.filter_alignment.status == "fully_applied_with_extras"


def test_a_definition_two_questions_get_from_three_agents_is_no_extra() -> None:
    """A glass studio's three agent versions count the pieces that passed quality control
    (``qc_result = 'pass'``) for two different questions, six queries in a run of thirty
    questions: how the deployment reads "pieces made", not a narrowing one asker missed. One
    question answered alone (no run) keeps it as an extra, and a run of a thousand questions
    needs more than two of them (:data:`CONVENTION_SHARE`)."""
    asked = [
        ("pieces made per gaffer last month",
         "SELECT gaffer_id, COUNT(*) FROM pieces WHERE qc_result = 'pass' AND "
         "made_dt >= '2026-10-01' AND made_dt < '2026-11-01' GROUP BY gaffer_id"),
        ("average price of vases sold this year",
         "SELECT AVG(s.price) FROM sales s JOIN pieces p ON p.piece_id = s.piece_id WHERE "
         "p.piece_type = 'vase' AND p.qc_result = 'pass' AND s.sold_dt >= '2026-01-01'"),
    ]
    records = [Record(id=f"a{a}q{i}", agent=f"glassbot@{a}", question=q, sql=sql,
                      timestamp="2026-11-16T09:00:00Z")
               for a in (1, 2, 3) for i, (q, sql) in enumerate(asked)]
    filler = [Record(id=f"f{i}", agent=f"glassbot@{1 + i % 3}",
                     question=f"kiln firings in week {i}",
                     sql=f"SELECT COUNT(*) FROM firings WHERE week_no = {i}",
                     timestamp="2026-11-16T09:00:00Z") for i in range(28)]
    results = _by_id(list(Engine().run([*records, *filler])))
    for rid in ("a1q0", "a2q1", "a3q0"):
        fa = results[rid].filter_alignment
        assert fa.extras == [] and "qc_result = 'pass'" in fa.definitions, rid
    [alone] = Engine().evaluate_batch([records[0]])
    assert alone.filter_alignment.extras == ["qc_result = 'pass'"]
    f = Filter("qc_result", "=", "pass")
    specs = [SqlSpec(filters=(f,))] * 6 + [SqlSpec()] * 1000
    questions = [f"q{i % 2}" for i in range(6)] + [f"other {i}" for i in range(1000)]
    assert not learn(specs, questions=questions).agreed(f)
    assert learn(specs[:36], questions=questions[:36]).agreed(f)


def test_a_convention_is_no_run_of_its_own_in_a_file_of_many_questions() -> None:
    """A labelled file asks hundreds of questions: three of them sharing a condition make no
    convention (:data:`CONVENTION_SHARE`)."""
    specs = [SqlSpec(filters=(Filter("country", "=", "france"),))] * 9 + [SqlSpec()] * 500
    questions = [f"q{i % 3}" for i in range(9)] + [f"other {i}" for i in range(500)]
    assert learn(specs, questions=questions).conventions == frozenset()
    # in a deployment's run of 58 questions (64 queries: fewer than COMMON apply it), they do
    few = learn(specs[:64], questions=questions[:64])
    assert few.conventions == {"country = france"} and few.common == frozenset()


@given(st.integers(min_value=1, max_value=8), st.integers(min_value=0, max_value=8))
def test_one_agents_habit_is_no_convention_of_a_run_of_several(mine: int, theirs: int) -> None:
    """A filter one agent version applies to ``mine`` different questions and another to
    ``theirs``: in a run of several agents, a convention only when both apply it (one
    agent's narrowing repeated is its bug); in a run of one agent, from its own queries."""
    f = Filter("region", "=", "north")
    specs = [SqlSpec(filters=(f,))] * (mine + theirs) + [SqlSpec()] * 20
    questions = ([f"q{i}" for i in range(mine)] + [f"q{i}" for i in range(theirs)]
                 + [f"other {i}" for i in range(20)])
    agents = ["bot@1"] * mine + ["bot@2"] * theirs + ["bot@1", "bot@2"] * 10
    asked = max(mine, theirs)
    enough = asked >= CONVENTION_QUESTIONS and mine + theirs >= CONVENTION_SUPPORT
    profile = learn(specs, questions=questions, agents=agents)
    assert profile.agreed(f) is (enough and theirs > 0
                                 and not profile.defines(f) and not profile.holds(f))
    alone = learn(specs, questions=questions, agents=["bot@1"] * len(specs))
    assert alone.agreed(f) is (enough and not alone.defines(f) and not alone.holds(f))


def test_a_query_that_chooses_the_guards_column_otherwise_has_not_forgotten_it() -> None:
    """A run whose queries nearly all keep one value of a business column (inbound tickets:
    ``direction = 'in'``): a query that keeps another ("outbound tonnes", ``direction =
    'out'``) asks about other rows on purpose, no guard is missing; one that reads the table
    without any direction is reported, and so is a tenant scope set to another tenant."""
    def rec(i: int, sql: str, q: str = "") -> Record:
        return Record(id=f"r{i}", question=q or f"tonnes of material {i} received",
                      sql=sql, timestamp="2026-11-09T07:00:00Z")
    records = [rec(i, f"SELECT SUM(net_kg) FROM tickets WHERE org_id = 7 AND direction = 'in' "
                      f"AND material_cd = 'M{i}'") for i in range(30)]
    out = rec(90, "SELECT SUM(net_kg) FROM tickets WHERE org_id = 7 AND direction = 'out'",
              "outbound tonnes shipped to processors")
    bare = rec(91, "SELECT SUM(net_kg) FROM tickets WHERE org_id = 7", "tonnes weighed")
    other = rec(92, "SELECT SUM(net_kg) FROM tickets WHERE org_id = 8 AND direction = 'in'",
                "tonnes received")
    results = _by_id(list(Engine().run([*records, out, bare, other])))

    def missing(rid: str) -> list[str]:
        return [r.message for r in results[rid].reasons if r.code == "filter.guard_missing"]
    assert missing("r90") == []
    assert any("direction = 'in'" in m for m in missing("r91"))
    assert any("org_id = 7" in m for m in missing("r92"))


def test_a_query_that_keeps_fewer_of_the_guards_rows_still_lacks_it() -> None:
    """Nearly every query of a dry cleaner's run leaves out voided tickets (``ticket_status
    <> 'voided'``): "voided tickets this month" keeps the rows the guard leaves out, on
    purpose; ``ticket_status = 'picked_up'`` keeps fewer of the guard's rows (a narrowing),
    and stays reported."""
    records = [Record(id=f"r{i}", question=f"tickets of store {i} this month",
                      sql=f"SELECT COUNT(*) FROM tickets WHERE ticket_status <> 'voided' "
                          f"AND store_id = {i}", timestamp="2026-11-09T07:00:00Z")
               for i in range(30)]
    voided = Record(id="v", question="voided tickets this month", timestamp="2026-11-09T07:00:00Z",
                    sql="SELECT COUNT(*) FROM tickets WHERE ticket_status = 'voided'")
    narrowed = Record(id="n", question="average ticket value", timestamp="2026-11-09T07:00:00Z",
                      sql="SELECT AVG(total_amt) FROM tickets WHERE ticket_status = 'picked_up'")
    results = _by_id(list(Engine().run([*records, voided, narrowed])))
    codes = {rid: [r.code for r in results[rid].reasons] for rid in ("v", "n")}
    assert "filter.guard_missing" not in codes["v"]
    assert "filter.guard_missing" in codes["n"]


def _resort_records() -> list[Record]:
    """A resort group's run: ticket sales read ``prod_cd`` on ``tkt_sales``; snow readings
    (``snow_daily``) and lifts never hold it."""
    sales = [Record(id=f"s{i}", question=f"day tickets sold at resort {i}",
                    sql=f"SELECT SUM(s.qty) FROM tkt_sales s WHERE s.rg_id = 7 AND "
                        f"s.prod_cd = 'DAY' AND s.resort_cd = 'R{i}'",
                    timestamp="2027-01-11T10:00:00Z") for i in range(6)]
    snow = [Record(id=f"n{i}", question=f"average base depth at resort {i}",
                   sql=f"SELECT AVG(depth_cm) FROM snow_daily WHERE rg_id = 7 AND "
                       f"resort_cd = 'R{i}' AND read_dt >= DATE '2026-12-01'",
                   timestamp="2027-01-11T10:00:00Z") for i in range(6)]
    return [*sales, *snow]


RESORT_RULES = {"categories": {"prod_cd": {"values": ["DAY", "HALF", "MD3"]}}}


def test_a_ruleset_word_on_a_column_the_run_reads_only_elsewhere_is_no_missing_filter() -> None:
    """"Biggest powder day per resort" asks no day ticket: the run's queries read ``prod_cd``
    in ticket sales only and show the snow table's columns without it, so the SQL on snow
    readings misses nothing critical (a minor doubt). Scored alone, with no run to read, the
    requirement stands; and a query of ticket sales that forgets it still misses it."""
    from stef_core.models import Ruleset

    rules = Ruleset.model_validate(RESORT_RULES)
    powder = Record(id="p", question="biggest powder day per resort",
                    sql="SELECT resort_cd, MAX(new_snow_cm) FROM snow_daily WHERE rg_id = 7 "
                        "GROUP BY resort_cd", timestamp="2027-01-11T10:00:00Z")
    forgot = Record(id="f", question="day tickets sold per resort",
                    sql="SELECT resort_cd, SUM(qty) FROM tkt_sales WHERE rg_id = 7 "
                        "GROUP BY resort_cd", timestamp="2027-01-11T10:00:00Z")
    results = _by_id(list(Engine(rules).run([*_resort_records(), powder, forgot])))
    reasons = results["p"].reasons
    assert results["p"].filter_alignment.status == "fully_applied"
    assert not any(r.code == "filter.missing" and r.severity == "critical" for r in reasons)
    assert any("only in tkt_sales" in r.message and r.severity == "minor" for r in reasons)
    assert any(r.code == "filter.missing" and r.severity == "critical"
               for r in results["f"].reasons)
    [alone] = Engine(rules).evaluate_batch([powder])
    assert any(r.code == "filter.missing" and r.severity == "critical" for r in alone.reasons)


def test_where_a_runs_queries_read_each_column_survives_json() -> None:
    engine = Engine()
    engine.learn(_resort_records())
    profile = engine.run_profile
    assert dict(profile.homes)["prodcd"] == frozenset({"tkt_sales"})
    assert {"tktsales", "snowdaily"} <= profile.known_tables
    assert RunProfile.from_json(profile.to_json()) == profile


def test_the_runs_tenant_scope_stays_a_guard_where_the_question_names_its_entity() -> None:
    """``network_id = 42`` on nearly every query of the run is the deployment's scope, also
    where a question names the network without a value of it ("downloads the network got");
    where it asks for several networks or names another, it is a condition of its own."""
    questions = ["downloads last month", "episodes per show", "top 5 shows by downloads",
                 "listeners by country", "ad revenue ytd", "how many shows",
                 "avg episode length", "downloads by app", "new listeners last week",
                 "episodes published this month"]
    records = [Record(id=f"r{i}", question=questions[i % 10],
                      sql=f"SELECT COUNT(*) FROM t{i % 10} WHERE network_id = 42",
                      timestamp="2025-03-01T00:00:00Z") for i in range(20)]
    asks = {
        "one": "how many downloads did the network get last month",
        "several": "downloads per network last month",
        "other": "downloads of network 7 last month",
    }
    extra = [Record(id=k, question=q, sql="SELECT COUNT(*) FROM downloads WHERE network_id = 42",
                    timestamp="2025-03-01T00:00:00Z") for k, q in asks.items()]
    results = _by_id(list(Engine().run([*records, *extra])))
    assert "network_id = 42" in results["one"].filter_alignment.guards
    assert "network_id = 42" not in results["several"].filter_alignment.guards
    assert "network_id = 42" not in results["other"].filter_alignment.guards
