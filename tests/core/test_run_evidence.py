"""What a run's own queries show about its tables and columns, read against one query:

* a soft delete nearly every query reading a table applies to that table, written by a query on
  another table only (``filter.guard_missing``, :mod:`stef_align.placed_guards`);
* two columns added inside SUM or AVG where the run's other queries read one of them through
  COALESCE (``aggregation.mismatch`` major, :mod:`stef_align.null_sums`).

Wrong answers and their right twins, written from the behaviour (session 31)."""

from __future__ import annotations

from stef_core.engine import Engine
from stef_core.models import Record, Result
from stef_core.run import RunProfile

T = "2026-11-02T09:00:00Z"

#: A billing deployment: subscriptions and accounts are both soft-deleted, and nearly every
#: query keeps the live rows of each table it picks rows of.
BILLING = [
    ("mrr by plan", "SELECT s.plan_id, SUM(s.mrr) FROM subscriptions s JOIN accounts a ON "
     "a.account_id = s.account_id WHERE s.deleted_at IS NULL AND a.deleted_at IS NULL AND "
     "s.status = 'active' GROUP BY s.plan_id"),
    ("new subscriptions last month", "SELECT COUNT(*) FROM subscriptions WHERE deleted_at IS "
     "NULL AND started_at >= '2026-10-01' AND started_at < '2026-11-01'"),
    ("active accounts by segment", "SELECT segment, COUNT(*) FROM accounts WHERE deleted_at "
     "IS NULL AND status = 'active' GROUP BY segment"),
    ("churned subscriptions in october", "SELECT COUNT(*) FROM subscriptions s JOIN accounts a "
     "ON a.account_id = s.account_id WHERE s.deleted_at IS NULL AND a.deleted_at IS NULL AND "
     "s.canceled_at >= '2026-10-01' AND s.canceled_at < '2026-11-01'"),
    ("trials by source", "SELECT s.source, COUNT(*) FROM subscriptions s WHERE s.deleted_at IS "
     "NULL AND s.status = 'trialing' GROUP BY s.source"),
]


def _records(prefix: str, log: list[tuple[str, str]], n: int) -> list[Record]:
    """``n`` records cycling through ``log``'s (question, SQL) pairs: a run's other traffic."""
    return [Record(id=f"{prefix}{i}", question=log[i % len(log)][0],
                   sql=log[i % len(log)][1], timestamp=T) for i in range(n)]


def _billing(n: int = 20) -> list[Record]:
    return _records("b", BILLING, n)


def _run(records: list[Record]) -> dict[str, Result]:
    return {r.id: r for r in Engine().run(records)}


def _codes(result: Result, code: str) -> list[tuple[str, str]]:
    return [(r.code, r.severity) for r in result.reasons if r.code == code]


def test_a_soft_delete_written_on_another_table_only_is_reported() -> None:
    # wrong: the guard is on the accounts, the canceled subscriptions keep their deleted rows
    wrong = Record(id="x", question="mrr lost to churn last month", timestamp=T,
                   sql="SELECT SUM(s.mrr) FROM subscriptions s JOIN accounts a ON a.account_id "
                       "= s.account_id WHERE s.status = 'canceled' AND s.canceled_at >= "
                       "'2026-10-01' AND s.canceled_at < '2026-11-01' AND a.deleted_at IS NULL")
    # right: both tables' guards
    right = Record(id="y", question="mrr lost to churn last month", timestamp=T,
                   sql=wrong.sql + " AND s.deleted_at IS NULL")
    # right as far as the run shows: one unqualified guard over the join may be either table's
    unknown = Record(id="z", question="mrr lost to churn last month", timestamp=T,
                     sql="SELECT SUM(mrr) FROM subscriptions s JOIN accounts a ON a.account_id "
                         "= s.account_id WHERE status = 'canceled' AND deleted_at IS NULL")
    # subscriptions only joined through (no condition on their rows): not counted
    through = Record(id="w", question="accounts with a subscription", timestamp=T,
                     sql="SELECT COUNT(DISTINCT a.account_id) FROM accounts a JOIN "
                         "subscriptions s ON s.account_id = a.account_id WHERE a.deleted_at IS "
                         "NULL")
    results = _run([*_billing(40), wrong, right, unknown, through])
    found = [r for r in results["x"].reasons if r.code == "filter.guard_missing"]
    assert [(r.code, r.severity) for r in found] == [("filter.guard_missing", "major")]
    assert "not to subscriptions" in found[0].message
    assert results["x"].score is not None and results["x"].score < 75
    for rid in ("y", "z", "w"):
        assert _codes(results[rid], "filter.guard_missing") == [], rid
    assert all(_codes(res, "filter.guard_missing") == [] for rid, res in results.items()
               if rid.startswith("b"))


def test_a_test_flag_kept_on_the_owner_only_is_no_missing_guard() -> None:
    """A test flag held on accounts and on their sessions marks the same accounts: kept on
    either table, the test accounts are out."""
    rows = [("watch hours by country", "SELECT a.country, SUM(p.minutes) FROM play_sessions p "
             "JOIN accounts a ON a.account_id = p.account_id WHERE p.is_test = FALSE AND "
             "a.is_test = FALSE GROUP BY a.country"),
            ("sessions last week", "SELECT COUNT(*) FROM play_sessions WHERE is_test = FALSE "
             "AND started_at >= '2026-10-26'")]
    run = [Record(id=f"p{i}", question=rows[i % 2][0], sql=rows[i % 2][1], timestamp=T)
           for i in range(20)]
    owner_only = Record(id="x", question="watch hours by device", timestamp=T,
                        sql="SELECT p.device, SUM(p.minutes) FROM play_sessions p JOIN accounts "
                            "a ON a.account_id = p.account_id WHERE a.is_test = FALSE AND "
                            "p.minutes > 0 GROUP BY p.device")
    results = _run([*run, owner_only])
    assert _codes(results["x"], "filter.guard_missing") == []


#: A construction deployment: revisions are NULL on a budget line never revised, and its
#: queries say so by defaulting them.
BUDGETS = [
    ("approved revisions by job", "SELECT job_id, SUM(COALESCE(appr_rev_amt, 0)) FROM "
     "budget_lines WHERE gc = 'GC-1' GROUP BY job_id"),
    ("original budget by job", "SELECT job_id, SUM(orig_bud_amt) FROM budget_lines WHERE gc = "
     "'GC-1' GROUP BY job_id"),
    ("labor hours by craft", "SELECT craft, SUM(reg_hrs + ot_hrs) FROM timecards WHERE gc = "
     "'GC-1' GROUP BY craft"),
    ("billed to date", "SELECT SUM(work_cmpl_amt + stored_mat_amt) FROM pay_apps WHERE gc = "
     "'GC-1'"),
]


def _budgets(n: int = 12) -> list[Record]:
    return _records("g", BUDGETS, n)


def test_two_amounts_added_where_one_is_null_on_some_rows_is_reported() -> None:
    wrong = Record(id="x", question="revised budget by job", timestamp=T,
                   sql="SELECT job_id, SUM(orig_bud_amt + appr_rev_amt) FROM budget_lines "
                       "WHERE gc = 'GC-1' GROUP BY job_id")
    right = Record(id="y", question="revised budget by job", timestamp=T,
                   sql="SELECT job_id, SUM(orig_bud_amt + COALESCE(appr_rev_amt, 0)) FROM "
                       "budget_lines WHERE gc = 'GC-1' GROUP BY job_id")
    apart = Record(id="z", question="revised budget by job", timestamp=T,
                   sql="SELECT job_id, SUM(orig_bud_amt) + SUM(appr_rev_amt) FROM budget_lines "
                       "WHERE gc = 'GC-1' GROUP BY job_id")
    # the revised lines only, on purpose
    revised = Record(id="w", question="revised budget of the revised lines by job", timestamp=T,
                     sql="SELECT job_id, SUM(orig_bud_amt + appr_rev_amt) FROM budget_lines "
                         "WHERE gc = 'GC-1' AND appr_rev_amt IS NOT NULL GROUP BY job_id")
    # a difference: read over rows where both are set by many right answers
    net = Record(id="v", question="unrevised headroom by job", timestamp=T,
                 sql="SELECT job_id, SUM(orig_bud_amt - appr_rev_amt) FROM budget_lines WHERE "
                     "gc = 'GC-1' GROUP BY job_id")
    results = _run([*_budgets(), wrong, right, apart, revised, net])
    assert _codes(results["x"], "aggregation.mismatch") == [("aggregation.mismatch", "major")]
    assert results["x"].score is not None and results["x"].score < 75
    for rid in ("y", "z", "w", "v"):
        assert _codes(results[rid], "aggregation.mismatch") == [], rid
    # columns no query of the run defaults: nothing shows they hold NULLs
    assert all(_codes(res, "aggregation.mismatch") == [] for rid, res in results.items()
               if rid.startswith("g"))


def test_a_sum_of_two_columns_in_a_record_scored_alone_is_not_read() -> None:
    wrong = Record(id="x", question="revised budget by job", timestamp=T,
                   sql="SELECT job_id, SUM(orig_bud_amt + appr_rev_amt) FROM budget_lines "
                       "GROUP BY job_id")
    assert _codes(_run([wrong])["x"], "aggregation.mismatch") == []


def test_a_profile_with_placed_guards_and_defaulted_columns_survives_json() -> None:
    engine = Engine()
    engine.learn([*_billing(), *_budgets()])
    profile = engine.run_profile
    assert profile.placed and "appr_rev_amt" in profile.defaulted
    assert RunProfile.from_json(profile.to_json()) == profile


#: A college: nearly every query joins students and keeps the live, non-test ones on the
#: students table; sections and terms hold no such columns (as far as the run shows).
COLLEGE = [
    ("headcount fall 2026", "SELECT COUNT(DISTINCT e.student_id) FROM enrollments e JOIN "
     "students s ON s.student_id = e.student_id WHERE NOT s.is_test AND s.deleted_at IS NULL "
     "AND e.term_cd = '202710' AND e.reg_status_cd = 'RE'"),
    ("students by program", "SELECT s.program_cd, COUNT(*) FROM students s WHERE NOT s.is_test "
     "AND s.deleted_at IS NULL AND s.status_cd = 'A' GROUP BY s.program_cd"),
    ("sections per student", "SELECT e.student_id, COUNT(*) FROM enrollments e JOIN sections x "
     "ON x.crn = e.crn JOIN terms t ON t.term_cd = x.term_cd JOIN students s ON s.student_id = "
     "e.student_id WHERE NOT s.is_test AND s.deleted_at IS NULL AND t.term_nm = 'Fall 2026' "
     "AND t.acad_yr = '2026-27' AND x.status_cd = 'A' GROUP BY e.student_id"),
]


def test_a_run_guard_of_a_table_the_query_does_not_read_is_not_missing() -> None:
    """A test flag and a soft delete the run reads on students only are the students' own
    columns: a query over sections and terms alone reads no table that holds them."""
    run = _records("c", COLLEGE, 30)
    sections = Record(id="x", question="how many sections got cancelled for spring 2027",
                      timestamp=T,
                      sql="SELECT COUNT(*) FROM sections x JOIN terms t ON t.term_cd = "
                          "x.term_cd WHERE t.term_nm = 'Spring 2027' AND x.status_cd = 'X'")
    # the students read without the guards: still reported
    students = Record(id="y", question="students by program", timestamp=T,
                      sql="SELECT s.program_cd, COUNT(*) FROM students s WHERE s.status_cd = "
                          "'A' GROUP BY s.program_cd")
    results = _run([*run, sections, students])
    assert _codes(results["x"], "filter.guard_missing") == []
    assert ("filter.guard_missing", "major") in _codes(results["y"], "filter.guard_missing")
