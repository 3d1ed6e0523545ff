"""``stef rules suggest``: a ruleset drafted from logs, each statement with its support.

The logs are generated here: a support desk whose agents filter ticket states, whose hints
define words, and whose queries all carry a tenant guard and a dashboard LIMIT.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from stef_core.dsl import compile_file

TENANT = " AND tenant_id = 42"


def _records() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    n = 0

    def add(question: str, sql: str, hint: str | None = None) -> None:
        nonlocal n
        n += 1
        head, _, limit = sql.partition(" LIMIT ")
        sql = head + TENANT + (f" LIMIT {limit}" if limit else "")
        record: dict[str, object] = {"id": f"r{n}", "question": question, "sql": sql}
        if hint:
            record["enriched_question"] = f"{question} Hint: {hint}"
        out.append(record)

    for state in ("pending", "closed", "pending", "closed", "solved", "solved"):
        add(f"How many {state} tickets are there?",
            f"SELECT COUNT(*) FROM tickets WHERE status = '{state}'")
    for i in range(3):
        add(f"How many critical tickets did agent {i} get?",
            f"SELECT COUNT(*) FROM tickets WHERE priority = 'P1' AND assignee_id = {i}",
            "critical refers to priority = 'P1'")
        add(f"How many high-value customers are in region {i}?",
            f"SELECT COUNT(*) FROM customers WHERE lifetime_value > 1000 AND region_id = {i}",
            "high-value customers refers to lifetime_value > 1000")
        add(f"List the contact method of ticket {i}",
            f"SELECT channel FROM tickets WHERE id = {i}", "contact method refers to channel")
        add(f"List the tickets of customer {i}",
            f"SELECT id FROM tickets WHERE customer_id = {i} LIMIT 200")
    # "open" is a common word here: its questions do not filter a status, so it is no value.
    for i in range(3):
        add(f"Which tickets did agent {i} open last week?",
            f"SELECT id FROM tickets WHERE assignee_id = {i}")
    add("How many open tickets are there?", "SELECT COUNT(*) FROM tickets WHERE status = 'open'")
    add("How many open tickets are there now?",
        "SELECT COUNT(*) FROM tickets WHERE status = 'open'")
    return out


@pytest.fixture()
def logs(tmp_path: Path) -> Path:
    path = tmp_path / "logs.jsonl"
    lines = [json.dumps(r) for r in _records()]
    lines.insert(3, "this line is not JSON")
    lines.insert(5, json.dumps({"id": "x", "question": "no sql here"}))
    lines.append(json.dumps({"id": "y", "question": "q", "sql": "SELEC broken FROM"}))
    path.write_text("\n".join(lines) + "\n")
    return path


def _suggest(*args: str) -> tuple[int, str, str]:
    from stef_core.cli import cli, commands  # noqa: F401  (registers the subcommands)

    result = CliRunner().invoke(cli, ["rules", "suggest", *args],
                                                catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_draft_proposes_every_kind_with_support_and_passes_check(
    logs: Path, tmp_path: Path
) -> None:
    out = tmp_path / "draft.stef"
    code, _, err = _suggest(str(logs), "-o", str(out), "--no-progress")
    assert code == 0, err
    text = out.read_text()
    statements = [ln for ln in text.splitlines() if ln and not ln.startswith("#")]
    assert statements == [
        'ruleset "draft" version 1',
        "values priority = P1  # declared by their words",
        "value priority P1 = critical  # support 3 of 3 (100%)",
        "values status = closed, pending, solved  # closed: support 2 of 2 (100%); "
        "pending: support 2 of 2 (100%); solved: support 2 of 2 (100%)",
        'term "high-value customers" = lifetime_value > 1000  # support 3 of 3 (100%)',
        'synonym channel = "contact method"  # support 3 of 3 (100%)',
        "limit guard >= 200  # support 3 of 3 LIMITs on lists without ORDER BY",
        "benign filter tenant_id = 42  # present in 23 of 23 queries",
    ]
    assert "Traceback" not in err
    assert err.strip() == (
        "7 statements proposed from 23 records (3 skipped: 2 unreadable, 1 with SQL that does "
        f"not parse); wrote {out}")
    ruleset = compile_file(out)  # the draft passes `stef rules check`
    assert ruleset.categories["priority"].words == {"critical": "P1"}


def test_a_common_word_is_not_proposed_as_a_value(logs: Path) -> None:
    # 'open' is compared twice, but its questions use the word five times: precision 40%.
    _, draft, _ = _suggest(str(logs), "--no-progress")
    assert "open" not in draft.split("ruleset", 1)[1].split("# ----")[1]
    _, lenient, _ = _suggest(str(logs), "--no-progress", "--min-precision", "0.3")
    assert "values status = closed, pending, solved, open" in lenient
    assert "open: support 2 of 5 (40%)" in lenient


def test_min_support_hides_rare_statements(logs: Path) -> None:
    _, draft, err = _suggest(str(logs), "--no-progress", "--min-support", "3")
    assert "values status" not in draft
    assert "value priority P1 = critical" in draft
    assert err.startswith("6 statements proposed")


def test_csv_and_stdin_inputs_use_the_same_readers(tmp_path: Path) -> None:
    from stef_core.cli import cli, commands  # noqa: F401

    records = _records()
    path = tmp_path / "logs.csv"
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["id", "question", "enriched_question", "sql"])
        writer.writeheader()
        writer.writerows(records)
    _, from_csv, _ = _suggest(str(path), "--no-progress")
    stdin = "".join(json.dumps(r) + "\n" for r in records)
    result = CliRunner().invoke(cli, ["rules", "suggest", "-", "--no-progress"],
                                                input=stdin, catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    assert result.stdout == from_csv
    assert "value priority P1 = critical" in from_csv


def test_conflicting_words_are_set_aside_not_fatal(tmp_path: Path) -> None:
    from stef_core.suggest import check_draft

    text = ('ruleset "d"\nsynonym a = word\nsynonym b = word  # support 2\n'
            "values s = x, y\n")
    fixed, rejected = check_draft(text, rule_ids=())
    assert rejected == 1
    assert ("# rejected ('word' is given two meanings: column b here, column a on line 2): "
            "synonym b = word  # support 2") in fixed


def test_unreadable_input_file_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = _suggest(str(tmp_path / "missing.jsonl"))
    assert code == 2
    assert "missing.jsonl: no such file" in err


# A CRM deployment's log, written by hand: 40 questions as sales people ask them, the SQL an
# agent wrote, a tenant guard in 35 of them (the other 5 are an admin's questions across
# tenants), "clients" for the accounts table, "deals" for opportunities, "won" and "lost" for
# the closed stages.
CRM_LOG = Path(__file__).resolve().parents[2] / "examples" / "crm_log.jsonl"


def test_a_small_crm_log_gets_what_a_person_would_write(tmp_path: Path) -> None:
    out = tmp_path / "crm.stef"
    code, _, err = _suggest(str(CRM_LOG), "-o", str(out), "--no-progress", "--name", "crm")
    assert code == 0, err
    statements = [ln for ln in out.read_text().splitlines() if ln and not ln.startswith("#")]
    assert statements == [
        'ruleset "crm" version 1',
        "values stage = closed_lost, closed_won, negotiation  # negotiation: support 2 of 2 "
        "(100%)",
        "value stage closed_lost = lost  # support 4 of 4 (100%)",
        "value stage closed_won = won  # support 4 of 4 (100%)",
        "values tier = gold, silver  # gold: support 3 of 3 (100%); silver: support 2 of 2 "
        "(100%)",
        "values type = meeting, call  # meeting: support 3 of 3 (100%); call: support 2 of 2 "
        "(100%)",
        "synonym opportunities = deals  # table; support 15 of 15 (100%)",
        "synonym accounts = clients  # table; support 13 of 13 (100%)",
        "benign filter tenant_id = *  # present in 35 of 40 queries",
    ]
    assert err.strip() == f"8 statements proposed from 40 records; wrote {out}"
    ruleset = compile_file(out)  # passes `stef rules check`
    assert ruleset.categories["stage"].words == {"won": "closed_won", "lost": "closed_lost"}
    assert [(b.column, b.value) for b in ruleset.benign_filters] == [("tenant_id", "*")]


def test_a_guard_under_the_share_or_named_by_questions_is_not_benign(tmp_path: Path) -> None:
    lines = CRM_LOG.read_text().splitlines()
    # 29 of 40 queries (73 %) keep the guard: under three in four
    thinned = [re.sub(r" AND tenant_id = \d+", "", ln) if i < 6 else ln
               for i, ln in enumerate(lines)]
    assert sum("tenant_id = " in ln for ln in thinned) == 29
    path = tmp_path / "thin.jsonl"
    path.write_text("\n".join(thinned) + "\n")
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert "benign filter" not in draft
    # a filter the questions ask for is no guard, however often it occurs
    path.write_text("".join(
        json.dumps({"question": f"How many deals of tenant 5 closed in week {i}?",
                    "sql": f"SELECT COUNT(*) FROM deals WHERE tenant_id = 5 AND week = {i}"})
        + "\n" for i in range(10)))
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert "benign filter" not in draft


def test_a_time_word_never_stands_for_a_value(tmp_path: Path) -> None:
    # Only the "weekly" questions filter on the status: by support alone "weekly" would be its
    # word; it says how often, the time reader's business.
    rows = []
    for i in range(3):
        rows.append({"id": f"w{i}", "question": f"weekly cancellations for hotel {i}",
                     "sql": f"SELECT DATE_TRUNC('week', cancel_ts), COUNT(*) FROM reservations "
                            f"WHERE status = 'CANCELLED' AND hotel_id = {i} GROUP BY 1"})
        rows.append({"id": f"c{i}", "question": f"cancellations by channel at hotel {i}",
                     "sql": f"SELECT channel, COUNT(cancel_ts) FROM reservations "
                            f"WHERE hotel_id = {i} GROUP BY 1"})
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert "weekly" not in draft.split("ruleset", 1)[1]


def test_a_flag_guard_on_one_table_is_benign_however_it_is_spelled(tmp_path: Path) -> None:
    # Every query on orders keeps the test flag out, spelled four ways; the queries on products
    # have no flag to keep out. Among all queries the flag is under three in four, among the
    # queries that read orders it is in all of them: one guard, proposed once.
    spellings = ("o.is_test = false", "NOT o.is_test", "o.is_test IS NOT TRUE",
                 "COALESCE(o.is_test, FALSE) = FALSE")
    rows = []
    for i in range(12):
        rows.append({"question": f"How many orders did customer {i} place?",
                     "sql": f"SELECT COUNT(*) FROM orders o WHERE o.store_id = 17 AND "
                            f"{spellings[i % 4]} AND o.customer_id = {i}"})
    for i in range(8):
        rows.append({"question": f"Which products are in category {i}?",
                     "sql": f"SELECT name FROM products WHERE store_id = 17 AND category_id = {i}"})
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    benign = [ln.split("  #")[0] for ln in draft.splitlines() if ln.startswith("benign filter")]
    assert benign == ["benign filter store_id = 17", "benign filter is_test = false"]
    assert "present in 12 of the 12 queries that read orders" in draft
    # a status compared with many values on one table is asked about, never a guard
    rows = [{"question": f"How many {s} orders did customer {i} place?",
             "sql": f"SELECT COUNT(*) FROM orders WHERE status = '{s}' AND customer_id = {i}"}
            for i in range(6) for s in ("paid", "shipped")]
    rows += [{"question": f"List products of category {i}",
              "sql": f"SELECT name FROM products WHERE category_id = {i}"} for i in range(10)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert "benign filter" not in draft


def test_a_habit_of_a_few_queries_on_one_table_is_no_guard(tmp_path: Path) -> None:
    # 4 of the 4 queries on refunds keep 'approved': too few to call it the deployment's guard
    rows = [{"question": f"Refunds of customer {i}",
             "sql": "SELECT id FROM refunds WHERE refund_status = 'approved' "
                    f"AND customer_id = {i}"}
            for i in range(4)]
    rows += [{"question": f"Orders of customer {i}",
              "sql": f"SELECT id FROM orders WHERE customer_id = {i}"} for i in range(12)]
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert "benign filter" not in draft


def test_a_business_state_guard_of_one_table_is_benign_as_a_list_or_an_exclusion(
        tmp_path: Path) -> None:
    # A status column several tables share: sales count captured or settled transactions and
    # billing leaves draft invoices out, whatever the question; disputes are asked by state.
    rows = [{"question": f"card volume of merchant {i}",
             "sql": "SELECT SUM(amount) FROM transactions WHERE status IN ('captured', "
                    f"'settled') AND merchant_id = {i}"} for i in range(10)]
    rows += [{"question": f"amount billed to client {i}",
              "sql": "SELECT SUM(total) FROM invoices WHERE status <> 'draft' "
                     f"AND client_id = {i}"} for i in range(8)]
    rows += [{"question": f"How many {s} disputes does merchant {i} have?",
              "sql": f"SELECT COUNT(*) FROM disputes WHERE status = '{s}' "
                     f"AND merchant_id = {i}"} for i in range(4) for s in ("open", "won")]
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    benign = sorted(ln for ln in draft.splitlines() if ln.startswith("benign filter"))
    assert benign == [
        "benign filter status != 'draft'  # present in 8 of the 8 queries that read invoices",
        "benign filter status IN ('captured', 'settled')  # present in 10 of the 10 queries "
        "that read transactions",
    ]


def test_a_guard_the_questions_name_is_benign_when_the_others_keep_it_too(
        tmp_path: Path) -> None:
    # "learners" names the guard's value in 12 questions; the 8 that never say it keep it too:
    # a deployment's definition, not a filter the questions ask for.
    rows = [{"question": f"How many learners are in course {i}?",
             "sql": "SELECT COUNT(*) FROM users WHERE account_type = 'learner' "
                    f"AND course_id = {i}"} for i in range(12)]
    rows += [{"question": f"How many enrollments does course {i} have?",
              "sql": "SELECT COUNT(*) FROM users WHERE account_type = 'learner' "
                     f"AND course_id = {i} AND enrolled"} for i in range(8)]
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert "benign filter account_type = 'learner'  # present in 20 of 20 queries" in draft
    # ... but a value kept only where the questions name it is asked: no guard
    rows = rows[:12] + [{"question": f"How many users does course {i} have?",
                         "sql": f"SELECT COUNT(*) FROM users WHERE course_id = {i}"}
                        for i in range(4)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert "benign filter account_type" not in draft


def test_one_question_asked_of_several_versions_is_one_use(tmp_path: Path) -> None:
    # A production log asks each question of three agent versions: "sept" comes with every
    # query on cost_impact_yn = 'Y' (3 of 3), but in one question only, that question's month.
    # "won" comes with 'closed_won' in two different questions: vocabulary.
    rows = []
    for v in ("1.0", "1.1", "1.2"):
        rows.append({"id": f"s{v}", "agent": f"bot@{v}",
                     "question": "change orders with cost impact since sept",
                     "sql": "SELECT co_id FROM change_orders WHERE cost_impact_yn = 'Y' "
                            "AND created_dt >= '2025-09-01'"})
        rows.append({"id": f"w{v}", "agent": f"bot@{v}", "question": "deals won this quarter",
                     "sql": "SELECT COUNT(*) FROM deals WHERE stage = 'closed_won'"})
        rows.append({"id": f"x{v}", "agent": f"bot@{v}", "question": "amount won by region",
                     "sql": "SELECT region, SUM(amount) FROM deals WHERE stage = 'closed_won' "
                            "GROUP BY region"})
        rows.append({"id": f"o{v}", "agent": f"bot@{v}", "question": "deals lost by region",
                     "sql": "SELECT region, COUNT(*) FROM deals WHERE stage = 'closed_lost' "
                            "GROUP BY region"})
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    body = draft.split("ruleset", 1)[1]
    assert "sept" not in body
    assert re.search(r"(?:value stage closed_won = won|term \"won\" = stage = 'closed_won')",
                     body)


def test_a_month_or_a_weekday_never_stands_for_a_value(tmp_path: Path) -> None:
    # Two different questions about March both keep arrived legs: "march" comes with
    # status = 'arrived' in both, yet it says when (airline_ops drafted "value status arrived =
    # march"); the same for a weekday and a statistic ("median").
    rows = []
    for i in range(3):
        rows.append({"id": f"m{i}", "question": f"late flights to airport {i} in march",
                     "sql": f"SELECT COUNT(*) FROM legs WHERE status = 'arrived' AND dest_id = {i}"
                            " AND flight_date >= '2025-03-01' AND flight_date < '2025-04-01'"})
        rows.append({"id": f"n{i}", "question": f"median delay of march flights at gate {i}",
                     "sql": f"SELECT MEDIAN(delay_min) FROM legs WHERE status = 'arrived' AND "
                            f"gate_id = {i} AND flight_date >= '2025-03-01'"})
        rows.append({"id": f"s{i}", "question": f"monday flights from airport {i}",
                     "sql": f"SELECT COUNT(*) FROM legs WHERE status = 'arrived' AND "
                            f"origin_id = {i} AND DAYOFWEEK(flight_date) = 2"})
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    body = draft.split("ruleset", 1)[1]
    assert "march" not in body and "monday" not in body and "median" not in body


def test_a_list_of_states_several_questions_count_is_a_business_definition(
        tmp_path: Path) -> None:
    # Revenue, average fare and revenue share all count flown and no-show bookings; no
    # question names either state, and the list is no guard of every query (nor of the
    # bookings' queries: other questions count every booking). A list one question's
    # versions keep, or one the questions name, is not.
    asked = ("revenue by cabin", "average fare by channel", "share of revenue from members")
    rows = [{"question": q, "sql": "SELECT SUM(fare) FROM bookings WHERE status IN ('flown', "
                                   "'no_show') AND carrier = 'SKL'"}
            for q in asked for _ in range(2)]
    rows += [{"question": f"bookings taken by agent {i}",
              "sql": f"SELECT COUNT(*) FROM bookings WHERE agent_id = {i} AND carrier = 'SKL'"}
             for i in range(6)]
    rows += [{"question": f"legs out of hub {i}",
              "sql": f"SELECT COUNT(*) FROM legs WHERE origin_id = {i} AND carrier = 'SKL'"}
             for i in range(10)]
    rows += [{"question": "open or pending claims",
              "sql": "SELECT COUNT(*) FROM claims WHERE status IN ('open', 'pending') "
                     "AND carrier = 'SKL'"}] * 4
    rows += [{"question": "refunds by agent",
              "sql": "SELECT COUNT(*) FROM refunds WHERE state IN ('approved', 'paid') "
                     "AND carrier = 'SKL'"}] * 4
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    assert [ln for ln in draft.splitlines() if ln.startswith("benign filter status")
            or ln.startswith("benign filter state")] == [
        "benign filter status IN ('flown', 'no_show')  # kept by the queries of 3 different "
        "questions, named by none"]


def test_a_period_every_query_keeps_is_the_log_s_time_scope_not_a_guard(
        tmp_path: Path) -> None:
    # A ski resort's season passes are asked about for the current season (season_cd '2627'),
    # and a finance log's invoices for fiscal year 2025: what the questions mean by "this
    # season" / "this year", which a benign guard would wrongly excuse when a query keeps last
    # season. A period is the question's to ask; the tenant guard stays proposed.
    rows = [{"question": f"How many passes did resort {i} sell?",
             "sql": "SELECT COUNT(*) FROM season_passes WHERE rg_id = 'RG-1' AND "
                    f"season_cd = '2627' AND resort_id = {i}"} for i in range(9)]
    rows += [{"question": f"Invoices of client {i}",
              "sql": "SELECT COUNT(*) FROM invoices WHERE rg_id = 'RG-1' AND fiscal_yr = 2025 "
                     f"AND client_id = {i}"} for i in range(8)]
    rows += [{"question": f"Lift scans at gate {i}",
              "sql": f"SELECT COUNT(*) FROM scans WHERE rg_id = 'RG-1' AND gate_no = {i}"}
             for i in range(4)]
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    benign = [ln.split("  #")[0] for ln in draft.splitlines() if ln.startswith("benign filter")]
    assert benign == ["benign filter rg_id = 'RG-1'"]
    # the same filters on columns that are not periods are guards of their tables
    path.write_text(path.read_text().replace("season_cd", "channel_cd").replace(
        "fiscal_yr", "region_no"))
    _, draft, _ = _suggest(str(path), "--no-progress")
    benign = [ln.split("  #")[0] for ln in draft.splitlines() if ln.startswith("benign filter")]
    assert benign == ["benign filter rg_id = 'RG-1'", "benign filter channel_cd = '2627'",
                      "benign filter region_no = 2025"]


def test_a_flag_inside_an_anti_join_does_not_hide_the_guard(tmp_path: Path) -> None:
    # 10 queries keep test leases out with is_test = 0; one leaves out the auctions of test
    # leases through NOT IN (... is_test = 1): the flag of another table's rows, not a second
    # value of the guard. The guard is still proposed.
    rows = [{"question": f"Leases of customer {i}",
             "sql": f"SELECT COUNT(*) FROM leases WHERE is_test = 0 AND customer_id = {i}"}
            for i in range(10)]
    rows.append({"question": "Auctions sold this year",
                 "sql": "SELECT COUNT(*) FROM auctions WHERE lease_id NOT IN "
                        "(SELECT lease_id FROM leases WHERE is_test = 1)"})
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    _, draft, _ = _suggest(str(path), "--no-progress")
    benign = [ln.split("  #")[0] for ln in draft.splitlines() if ln.startswith("benign filter")]
    assert benign == ["benign filter is_test = 0"]
