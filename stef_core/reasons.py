"""Reason codes: the registry every finding is built from.

Each built-in finding has a code (``filter.missing``), the NL2SQL-Bugs category it belongs to
(attribute, table, value, operator, condition, function, clause, subquery, other), a default
severity and a one-line doc. :func:`reason` builds a :class:`~stef_core.models.Reason` from a
registered code, so a finding can only carry a code the registry knows, and the docs table
(``docs/reason-codes.md``) is generated from the same rows and tested fresh.
The offline judge's calibration keys its evidence on these codes and severities.

Severity says what a finding does to the score (the offline judge guarantees it):
``critical`` (a precise finding of a wrong answer: a wrong value, a reversed direction, a
wrong aggregate, a missing strong filter ...) brings the record below 75; ``major`` and
``minor`` lower confidence; ``info`` is reported only.

A new code is one row of :data:`REASON_CODES`; then regenerate the tables::

    stef docs --reasons --format markdown -o docs/reason-codes.md

>>> r = reason("filter.missing", "required filter status = 'active' is not in the SQL")
>>> r.code, r.category, r.severity
('filter.missing', 'condition', 'critical')
>>> reason("filter.extra", "status = 'x' was not asked for").severity
'info'
>>> reason("filter.mising", "x")  # doctest: +ELLIPSIS
Traceback (most recent call last):
ValueError: unknown reason code 'filter.mising' (did you mean 'filter.missing'?); ...
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Literal

from stef_core.models import Reason

__all__ = ["REASON_CODES", "Category", "ReasonCode", "Severity", "reason", "reason_code",
           "reason_table", "render_reasons"]

#: How much a finding weighs (see the module docstring).
Severity = Literal["info", "minor", "major", "critical"]
#: The NL2SQL-Bugs error families (Liu et al., 2025) a finding belongs to.
Category = Literal["attribute", "table", "value", "operator", "condition", "function", "clause",
                   "subquery", "other"]


@dataclass(frozen=True, slots=True)
class ReasonCode:
    """One registered finding: its dotted ``code``, NL2SQL-Bugs ``category``, the
    ``severity`` it has unless its finder says otherwise, and what it means (``doc``, one
    line: the docs table's)."""

    code: str
    category: Category
    severity: Severity
    doc: str

    def finding(self, message: str, severity: Severity | None = None) -> Reason:
        """A finding of this code: ``message`` says what was found, in the record's terms."""
        return Reason(code=self.code, message=message, category=self.category,
                      severity=severity or self.severity)


#: Every built-in reason code, in the order the docs list them.
REASON_CODES: tuple[ReasonCode, ...] = (
    ReasonCode(
        "filter.missing", "condition", "critical",
        "a required filter or period is not in the SQL: `critical` for a strong requirement, "
        "`minor` when the evidence is weak (a capitalised term, a bare number, a bare year, a "
        "colour or a status said of the rows, a ruleset value only the agent's reformulation "
        "names on a column the SQL never reads); also (critical) an extreme taken by a subquery "
        "over every row while the query keeps only some (\"the tallest athlete from Sweden\" / "
        "`WHERE region = 'Sweden' AND height = (SELECT MAX(height) FROM person)`); (major) a "
        "share whose whole (\"share of repair jobs that were no-shows\") the numerator alone "
        "keeps (`COUNT(*) FILTER (WHERE status = 'no_show' AND job_type = 'repair') / "
        "COUNT(*)`), or whose denominator is a subquery over every period while the query keeps "
        "one; (major) a span the question states with a bound (\"canceled within 30 days\") "
        "that the agent's reformulation drops and the SQL spells in no unit; (major) a no-show "
        "rate over every booking, nothing in its base conditioned on the status or a "
        "cancellation, the no-show counted as one state of a column of states "
        "(`COUNT_IF(appt_status = 'NO_SHOW') / COUNT(*)`: cancelled bookings, which can never "
        "be no-shows, are in the base; minor for a 0/1 flag, `no_show_flag = 1`); (major) "
        "money taken in (\"revenue\", \"fees collected\") summed with "
        "only the failed payments left out (`pay_status <> 'FAILED'`): refunded, voided and "
        "pending ones are summed too"
        "; major for an OR written beside an AND chain with no parentheses, its lone side kept "
        "whatever the chain (the tenant guard included) says (`t = 1 AND ch = 'WEB' OR ch = "
        "'SHOW'`); major for \"blank or missing\" kept as `IS NULL` alone; major for a share "
        "asked for a period whose dates bound its numerator only; a code the reformulation "
        "names after its column's word (\"(status WAITING_PARTS)\") is required as written "
        "(`info` where the SQL keeps another code of such a column instead)"),
    ReasonCode(
        "filter.value_mismatch", "value", "critical",
        "the column is filtered with another value (critical; `minor` when the SQL value is a "
        "short code with the name's initial, 'ABW' for \"Aruba\": the data decides); or another "
        "period (\"asked [2024-03-01, 2024-04-01), SQL [2024-02-01, 2024-03-01)\"), or the "
        "period spelled otherwise than the hint says the data spells it; (major) a duration "
        "the question states compared in another unit (\"within 24 hours\" / "
        "`julianday(b) - julianday(a) <= 24`: days), or a value the ruleset does not list for "
        "its column that is a part or a near spelling of one it does (`stage_nm = 'Lost'` for "
        "'Closed Lost'), or a word qualifying a noun (\"junior heats\", \"paid in cash\") that "
        "nothing in the SQL reads while a kind column of that noun is kept at a value the "
        "question does not name (`heat_type = 'adult'`, `countIf(payment_method = 'card')`)"
        "; major for a word the question says after its noun (\"% of enrollments that were "
        "online\") that the SQL never reads while it keeps its opposite (`format = 'in_person'`,"
        " `direction = 'outbound'` for \"inbound\"); major for one of two values the person "
        "joins by \"or\" (\"cancelled because of weather or breakdowns\") kept alone "
        "(`cancel_rsn = 'WEATHER'`) while nothing in the SQL reads the other"
        "; major for a list said in words (\"titleist, callaway or taylormade\", \"cherry and "
        "birch\") whose IN list keeps every other item and drops one nothing in the SQL reads"),
    ReasonCode(
        "filter.operator_mismatch", "operator", "critical",
        "the value is there with another operator (`>` for \"at least\", `=` for \"not\"); an "
        "open range where a closed one was asked, or the reverse; or NULL compared by `=` or "
        "`<>` (`csm_owner = NULL`), which is never true; or \"neither X nor Y\" answered by an OR "
        "of two absences (`NOT EXISTS (...) OR NOT EXISTS (...)`); or what rows on both sides "
        "of a range share (\"citizenships shared by singers born before 1945 and after 1955\") "
        "answered by an OR of the two bounds in one WHERE, which no row meets both of; or rows "
        "with none of something (\"clients with no projects\", \"students who haven't booked a "
        "lesson\", \"never ordered\") kept by a positive EXISTS / IN "
        "over its table, no anti-join anywhere; or a \"non-\" word (\"non-contractors\") "
        "answered by keeping that very value (`seller_type = 'contractor'`)"
        "; critical for a question about what is still in force (\"master plumbers still on "
        "staff\") answered by the rows that ended (`terminated_dt IS NOT NULL`, `is_active = 0`)"
        "; major for a flag the question names plainly kept unset (\"rush orders\" / `NOT "
        "rush`), outside a share or a split, where its unset side is part of the answer"
        "; critical for an OR every row meets (`status <> 'DROP' OR status <> 'DISM'` for "
        "\"neither dropped nor dismissed\"); major for two bounds the person joins by \"or\" "
        "kept by AND (\"6+ berths or over 60 ft\" / `berths >= 6 AND length_ft > 60`), or "
        "joined by \"and\" kept by OR"),
    ReasonCode(
        "filter.late_bound", "operator", "major",
        "\"late\", \"on time\" or \"SLA\" asked and a moment compared with its deadline "
        "(`promised_dt`, `sla_due_at`, `sched_depart_ts`) that puts the deadline's own rows on "
        "the wrong side: `done >= due` counts what was done exactly at the deadline as late, "
        "`done < due` as not on time (on a column of days, a whole day's rows); not where the "
        "question says a side outright (\"before the promised date\", \"on or after\")"),
    ReasonCode(
        "filter.weekday_number", "value", "major",
        "days of the week kept by number in another numbering than the dialect's: \"fri or "
        "sat\" as `dayofweek(d) IN (6, 7)` in DuckDB (0 = Sunday .. 6 = Saturday: Saturday "
        "alone, 7 never comes), \"weekend\" as `EXTRACT(DAYOFWEEK FROM d) IN (6, 7)` in "
        "BigQuery (1 = Sunday: Friday and Saturday); where the session sets the numbering "
        "(Snowflake's WEEK_START, T-SQL's DATEFIRST) any of its numberings answers; also days "
        "named by number in a CASE in another numbering (`CASE strftime('%w', d) WHEN '0' THEN "
        "'Monday'` in SQLite, where 0 is Sunday: each day shown under another's name)"),
    ReasonCode(
        "date.end_of_day", "value", "minor",
        "a closing bound written as a bare date on a timestamp column (`created_at BETWEEN "
        "'2024-01-01' AND '2024-12-31'` drops the last day after midnight); major where the "
        "name says moments outright (`sold_ts <= '2026-03-31'`, in a CASE bucket too), minor "
        "for `_at` and `time` names, which also name DATE columns"),
    ReasonCode(
        "date.moment_equals_day", "value", "major",
        "a column whose name says it holds moments (`created_ts`, `opened_at`) compared for "
        "equality with a day (`created_ts = '2024-03-01'`, `= CURRENT_DATE - 1`): only the rows "
        "at exactly midnight are equal, so the day's rows are nearly all left out"),
    ReasonCode(
        "date.wrong_event", "attribute", "major",
        "the question dates its rows by one event (\"refunded in April\", \"tickets solved "
        "last month\", \"booked yesterday\", \"bookings made yesterday\") and the SQL bounds "
        "the period on a column named "
        "after another (`requested_at`, `created_at`, `appt_start_ts`) and on none of the asked "
        "event; also an age (\"older than 30 days\") measured from `updated_at`"),
    ReasonCode(
        "column.opposite", "attribute", "major",
        "the question names one side of a pair (destination, exports, shipper, drop-off, "
        "arrivals) and not the other, and the SQL reads a column of the other side "
        "(`GROUP BY origin`, `SUM(import_kwh)`, `consignee_id`) and nothing of the side asked; "
        "also rows that happened somewhere (shifts, sessions, lessons) placed at the home place "
        "of the person they belong to (`JOIN venues v ON v.venue_id = st.home_venue_id` over "
        "shifts), which the question does not ask for: one that happened elsewhere is credited "
        "to the home place"),
    ReasonCode(
        "date.day_off_period", "value", "major",
        "a month, quarter or year one day off its calendar unit, in a CASE / IF / COUNTIF "
        "bucket or the WHERE: a half-open range whose exclusive end is the unit's last day "
        "(`>= '2026-04-01' AND < '2026-06-30'` leaves June 30 out of Q2), or a closed range "
        "ending on the next unit's first day on a column of days (`BETWEEN '2026-04-01' AND "
        "'2026-07-01'` takes July 1 into Q2); not where the question names that day"),
    ReasonCode(
        "date.age_by_year", "value", "major",
        "an age bound (\"under 18\", \"65 or older\") computed in calendar years, in logged "
        "traffic: this year minus the birth year (`YEAR(CURRENT_DATE) - YEAR(dob) >= 65`) or a "
        "difference in years that counts year boundaries (`DATEDIFF(year, dob, GETDATE())` in "
        "T-SQL, Snowflake, Redshift; BigQuery's `DATE_DIFF(..., YEAR)`): everyone whose birthday "
        "is still to come this year is counted a year older; not \"turning N this year\""),
    ReasonCode(
        "date.retention_window", "operator", "major",
        "\"d7 retention\" / \"day-30 retention\" (the share of a cohort active on day N after "
        "its start) answered with a range of days: up to day N (`BETWEEN 0 AND 7`, the start "
        "day counted) or day N and later (`>= c.install_date + 30`), rolling or unbounded "
        "retention the question does not name"),
    ReasonCode(
        "date.reversed_difference", "attribute", "major",
        "a duration computed backwards: the moment that opens or starts a record minus a later "
        "one "
        "(`DATEDIFF(day, closed_at, created_at)`, `created_at - resolved_at`), or the span the "
        "question states read backwards (\"days from receipt to inspection\" / Spark's "
        "`datediff(received_date, inspected_date)`), negative for every row, so its average, "
        "threshold or ranking says the opposite"),
    ReasonCode(
        "date.wrong_unit", "function", "major",
        "the question asks for a duration in one unit (\"avg approval time in hours\") and "
        "every difference of two moments the SQL shows counts in another, unconverted "
        "(`AVG(TIMESTAMPDIFF(DAY, created_at, approved_at))`: whole days, read as hours); or, "
        "whatever the question, a difference of two moments counted in whole days and "
        "multiplied into hours, minutes or seconds (`datediff(resolved_ts, opened_ts) * 24`: "
        "a ticket solved the same day is 0 hours, one solved just after midnight 24)"),
    ReasonCode(
        "filter.extra", "condition", "info",
        "a filter the question did not ask for (not counted when R_app declares it benign or "
        "ignored; `minor` when extras alone keep a record out of the good band, so a score "
        "below 75 always has a reason)"),
    ReasonCode(
        "filter.guard", "condition", "info",
        "filters a deployment adds and no question states, read as guards, not extras: a tenant "
        "scope (`tenant_id = 42`), a soft-delete/test/internal/bot exclusion (`deleted_at IS "
        "NULL`, `NOT is_test`) or a null guard on the grouped or aggregated column (not counted "
        "against the status; a ruleset's `benign filter` makes them benign extras)"),
    ReasonCode(
        "filter.guard_missing", "condition", "major",
        "the SQL lacks a filter nearly every query of the run applies (90 % or more: the "
        "deployment's tenant scope or soft-delete guard, learnt from the run itself) while it "
        "reads a table those queries read: other tenants' or excluded rows may be counted; or "
        "writes a soft delete nearly every query reading a table applies to that table "
        "(`s.deleted_at IS NULL`) on another table only (`a.deleted_at IS NULL`) while it picks "
        "rows of the first"),
    ReasonCode(
        "aggregation.mismatch", "function", "critical",
        "the question asks for one aggregate (AVG) and the SQL computes another (SUM), or ranks "
        "one way and takes the other extreme (MIN for \"the largest\"); `major` for a "
        "percentage answered by the plain average of a measure (`AVG(rating)` for \"CSAT %\") "
        "or by a fraction (a division, nothing multiplied by 100); critical for \"median\" or a "
        "percentile answered by AVG with no median or percentile function, and for a stated "
        "percentage (\"under 20%\") compared on the other scale (a fraction with 20, a "
        "percentage with 0.2); major for a rate (\"cost per mile\", \"margin %\") answered by the "
        "average of each row's ratio (in a logged record also where the person asks for the "
        "mean of a rate per unit: \"avg rent per sq ft\" / `AVG(rent / sq_ft)`), one average "
        "answered by an average of per-group averages over a key the question never names, a "
        "share whose base counts a column's values, not rows, in a logged record "
        "(`COUNT_IF(ready_ts <= promised_ts) / COUNT(ready_ts)` for \"on-time %\": the rows "
        "where it is NULL drop out of the base), and a share of an amount (\"share of "
        "revenue\") answered by a share of row counts; major for an average of whole "
        "days or hours truncated by the dialect (`AVG(DATEDIFF(day, a, b))` in T-SQL or "
        "Redshift, whose AVG of integers is an integer), or of whole seconds or minutes cut by "
        "an integer division (`AVG(duration_sec / 60)` in SQLite, Postgres, Trino ...); "
        "critical for one integer count divided by another where integer division truncates "
        "(`COUNT_IF(late) / COUNT(*)`, `SUM(booked_pax) / SUM(seat_capacity)`, "
        "`SUM(kept = 1) / NULLIF(COUNT(*), 0)`: 0 or 1), for a share of two totals kept in "
        "cents there (`SUM(CASE WHEN card THEN total_cents ELSE 0 END) / SUM(total_cents)`), "
        "and for a share or a percentage divided by `DIV`, `//` or `intDiv` in any dialect "
        "(`SUM(IF(gf, qty, 0)) * 100 DIV SUM(qty)`); major for "
        "occurrences counted as the distinct people on them (\"how many visits\" / "
        "`COUNT(DISTINCT client_id)`); major for a ratio taken the wrong way round (\"price "
        "per foot\" / `SUM(linear_ft) / SUM(price_usd)`: the denominator names the measure "
        "asked, the numerator does not); critical for a share that is 100 % "
        "whatever the data (its numerator counts only rows the WHERE already keeps: "
        "`SUM(passed) / COUNT(*) ... WHERE passed = 1`); critical for two one-row aggregates "
        "combined by INTERSECT or EXCEPT (`SELECT COUNT(*) ... INTERSECT SELECT COUNT(*) ...`: "
        "the numbers are compared, not the rows), or counted apart and stacked by UNION for "
        "\"how many ... or ...\"; major for a per-unit figure summed as a total "
        "(`SUM(unit_cost)`, `SUM(price_per_litre)`: each row counted as one unit) and for "
        "an amount summed once per distinct value (`SUM(DISTINCT amount)`); major for a rate "
        "(\"completion rate by category\") answered by the average of per-group rates a nested "
        "query computes over a key the question never names (`AVG(rate)` over a CTE of "
        "`COUNTIF(done) / COUNT(*) AS rate` per course), and for a `COUNT(*)` per entity over "
        "a LEFT JOIN (`teachers LEFT JOIN lessons ... GROUP BY t.teacher_id`), which counts "
        "an entity with no match as 1; major for revenue, sales or an order value that adds "
        "tax or tips to the amount (`SUM(total_amt + tax_amt)`): money collected for others; "
        "major for two columns added inside SUM or AVG (`SUM(orig_amt + rev_amt)`) where the "
        "run's other queries read one of them through COALESCE: a row where it is NULL drops "
        "out, the other amount with it"
        "; critical for \"first X date per Y\" answered by the MAX of each group (or \"last\" by "
        "the MIN), whatever the ORDER BY of the groups; critical for each group's count divided"
        " by `COUNT(*) OVER ()` over a grouped result (the number of groups, not of rows: the "
        "share is `COUNT(*) / SUM(COUNT(*)) OVER ()`); major for a column named as a "
        "percentage divided alone by the integer 100 where integer division truncates "
        "(`commission_pct / 100` in Trino, Postgres, Redshift, T-SQL, SQLite: 0 for a "
        "whole-number percentage); major for a figure per day of one calendar month divided "
        "or multiplied by another number of days than that month has (`* 30` for October, "
        "read on the record's date)"
        "; major for a share asked (\"scrap rate\") taken the wrong way up, the whole over "
        "its part (`COUNT(*) / COUNT(*) FILTER (WHERE grade = 'X')`)"),
    ReasonCode(
        "aggregation.missing", "function", "critical",
        "the question asks for a count, total, average or ratio the SQL does not compute "
        "(critical for \"how many\" or \"total\" answered with a list of rows)"),
    ReasonCode(
        "groupby.missing", "clause", "critical",
        "\"per X\" / \"for each X\" without GROUP BY or PARTITION BY on a matching column; "
        "\"orders by channel\" (a \"by\" in a question that names no aggregate) answered by "
        "one aggregate over every row that reads nothing of X (no column, value or CASE of "
        "it), or grouped at another calendar grain (\"net adds by week\" / "
        "`DATE_TRUNC('month', d)`, \"claims by month\" / `TRUNC(d, 'Q')`); "
        "major for a mean asked per X (\"avg bill rate per client\") answered, with no GROUP BY "
        "at all, by one AVG over the rows of a table that is not X's (`AVG(bill_rate_usd)` over "
        "`placements`)"
        "; critical for \"the top X on each Y\" ranked in one window with no PARTITION BY "
        "(`ROW_NUMBER() OVER (ORDER BY guests DESC) ... rn = 1`: the first of all rows, not of "
        "each Y)"),
    ReasonCode(
        "groupby.extra", "clause", "minor",
        "a grouping neither the question nor the SELECT needs; `major` when the question asks "
        "for one number and the SQL shows only aggregates per group (\"how many countries "
        "speak both English and Dutch\" / `SELECT COUNT(DISTINCT code) ... GROUP BY code`)"),
    ReasonCode(
        "orderby.direction", "clause", "critical",
        "the order the question asked for is reversed"),
    ReasonCode(
        "orderby.missing", "clause", "critical",
        "the order the question asked for is absent"),
    ReasonCode(
        "limit.unrequested", "clause", "minor",
        "a small LIMIT the question did not ask for (critical when it cuts a list the "
        "question asks for below 100 rows; from 100 rows, a display cap, minor)"),
    ReasonCode(
        "limit.missing_topk", "clause", "critical",
        "a top-k or singular superlative without LIMIT, MAX/MIN or ranking"),
    ReasonCode(
        "limit.k_mismatch", "clause", "critical",
        "the question asks for k rows (\"the top 3\", \"the most expensive product\") and the "
        "SQL keeps another number (outer query, subquery or ranking window)"),
    ReasonCode(
        "distinct.missing", "clause", "critical",
        "\"how many different X\" counted without de-duplication; \"the different X\" listed "
        "with repeats (critical unless the column is its table's key); major for \"how many X\" "
        "answered by counting the rows of X's event log (`ticket_events`) or of the thing the "
        "question says each X has at least one of (`orders` for \"customers who placed at "
        "least one order\"), with no DISTINCT anywhere; major for a \"headcount\" counted as "
        "the rows of a table of occurrences or enrolments (`COUNT(*) FROM enrollments`: a "
        "student in four classes counts four times), and for people counted as the rows of "
        "their invoices, loans, holds or donations (\"how many members are 60+ days overdue\" "
        "/ `COUNT(*) FROM dues_invoices`); major for days counted as rows "
        "(\"pass holders who skied 5+ days\" kept by `HAVING COUNT(*) >= 5` over the lift "
        "scans: five scans on one day pass) in a logged record; major, in a logged record, "
        "for \"how many X have a Y\" counted over Y's rows joined to X's table by X's key "
        "(`COUNT(*) FROM standing_orders s JOIN accounts a ON a.account_id = s.account_id`)"
        ", or further along a chain of lookups (\"how many medicare patients\" / `COUNT(*) "
        "FROM charges JOIN appointments JOIN episodes JOIN patients`); major, in a logged "
        "record, for \"more than one X\" (several, multiple, two or more) "
        "kept by `HAVING COUNT(x) > 1` of X's own value over a join, without DISTINCT (a "
        "student in two French courses has one language)"),
    ReasonCode(
        "join.unmatched_filtered", "condition", "critical",
        "the WHERE keeps the rows a LEFT JOIN did not match (`t.agent_id IS NULL`) and also "
        "requires a value of that table (`t.status = 'solved'`), which such rows never hold: "
        "the query returns no rows (the condition belongs in the JOIN's ON)"),
    ReasonCode(
        "join.undefined_table", "table", "critical",
        "the SQL reads a column through a table name or alias that no FROM, JOIN, CTE or "
        "derived table of the query defines (`T3.url` with only `T1` and `T2` joined; "
        "`ORDER BY COUNT(documents.id)` reading only `templates`): the query does not run, or "
        "the join it needs is missing. Where the dialect reads `a.b` as a field of a struct "
        "column (BigQuery, Snowflake, DuckDB, Spark ...), only a qualifier shaped like an "
        "alias (`t3`, `c`) counts"),
    ReasonCode(
        "join.key_mismatch", "table", "major",
        "two tables joined on each one's own key (`client.client_id = card.card_id`); minor for "
        "two bare `id` columns, which may be a foreign key"),
    ReasonCode(
        "join.fan_out", "table", "major",
        "a SUM / AVG of one table's amount over a join to a table with many rows per row of the "
        "first (`AVG(o.total_amt)` with `JOIN order_items oi ON oi.order_id = o.order_id`: the "
        "first table's key joined to a column that is not the other's key): each row is "
        "repeated once per match and its amount counted that many times; so is a `COUNT(*)` of "
        "the first table's things (\"how many jobs needed parts\") over such a join, a share "
        "whose base is `COUNT(*)` over a LEFT JOIN of such a table and whose numerator counts "
        "the joined rows by a condition of theirs (\"lunch attach rate\" / "
        "`COUNT_IF(x.addon_cd = 'LUNCH') / COUNT(*)` over `bookings b LEFT JOIN "
        "booking_addons x`), and a "
        "HAVING `COUNT(*)` that keeps groups by a number of them (\"customers with 3 or more "
        "orders\" over orders joined to their lines)"),
    ReasonCode(
        "join.drops_empty", "table", "major",
        "the SQL looks for groups with nothing (`HAVING SUM(x) = 0`, `COUNT(*) = 0`) after inner "
        "joins only, where every group has a matched row; or the question asks to show the "
        "groups with nothing (\"show zeros\", \"including teams with no agents\") and no outer "
        "join, subquery or conditional count can keep them; or a ClickHouse anti-join tests "
        "the unmatched side IS NULL without `join_use_nulls = 1` (unmatched columns hold 0 or "
        "'', so nothing is kept); or a LEFT JOIN the WHERE turns inner (it requires a value of "
        "the joined table) in a query that counts on the unmatched rows (`HAVING COUNT(p.id) = "
        "0`, `COALESCE(SUM(x), 0)`) or keeps only them (`WHERE c.id IS NULL` beside "
        "`c.is_test = 0`: nothing is kept); or a mean count per entity (\"average number of "
        "walks per dog\") taken over a count per entity that inner joins compute: the "
        "entities with none form no group and are not averaged in at 0; or the question or its "
        "reformulation asks about rows with no X (\"invoices with no PO\") and the SQL "
        "inner-joins X's table, which keeps only the rows that have one"),
    ReasonCode(
        "subquery.not_in_null", "subquery", "info",
        "`x NOT IN (SELECT col FROM t)` on a column that is not `t`'s key and that the subquery "
        "does not keep non-NULL: one NULL makes NOT IN true for no row (the query returns "
        "nothing); NOT EXISTS is safe. Without a schema STEF cannot tell whether `col` holds "
        "NULLs, so this is a note; major when the ruleset says the column holds NULLs, and in "
        "an agent's logged traffic (a record with a timestamp), where another table's key is "
        "often NULL on some rows"),
    ReasonCode(
        "projection.missing", "attribute", "critical",
        "the SQL does not show what the question asks to see (\"the email addresses\" / `SELECT "
        "phone`, names asked and ids shown, \"how many\" answered with a list, \"top 5 "
        "accounts ... and how much each spent\" showing the accounts only): critical when "
        "the SQL shows plain readable columns and none is the one asked, minor otherwise; "
        "major for people of one side of a trade counted by the ids of the other side "
        "(\"how many hunters\" / `COUNT(DISTINCT guide_id)`, \"how many instructors\" / "
        "`COUNT(DISTINCT student_id)`)"),
    ReasonCode(
        "projection.duplicate", "attribute", "major",
        "two output columns named for two things (`AS disconnections`, `AS reconnections`) "
        "computed by one conditional aggregate (`SUM(CASE WHEN order_type = 'DISCONNECT' ...)` "
        "twice): one of them shows the other's figure under its own name"),
    ReasonCode(
        "projection.extra", "attribute", "major",
        "(only with `rule supporting_columns off`, for answers read by a program or labels made "
        "by execution match; minor for a top-k list) the SQL also shows the aggregate it ranks "
        "by, which the question does not ask to see (the answer has a column too many)"),
    ReasonCode(
        "enrichment.drift", "other", "minor",
        "the enriched question dropped or changed a constraint of the question (minor) or added "
        "one (info: most often the reformulation making a vague word precise; the added "
        "condition is still required of the SQL); never a word both texts contain"),
    ReasonCode(
        "enrichment.expression_missing", "attribute", "major",
        "the SQL does not read columns the enrichment defines the answer with (\"rate = `A` / "
        "`B`\"): major when most are unread, minor otherwise"),
    ReasonCode(
        "term.definition", "attribute", "major",
        "the question uses a metric the ruleset defines (`term \"revenue\" = SUM(total_amt)`) "
        "and the SQL never reads a column or a value of that definition (`SUM(net_usd)`; a "
        "prep time measured from `placed_at` where the term measures from `accepted_at`; a "
        "fail rate without the `'start'` events its denominator counts): another figure"),
    # -- the offline judge: what took gamma below the `correct` cut when no critical or major
    # -- finding did (stef_judges.explain)
    ReasonCode(
        "confidence.unnamed_value", "value", "minor",
        "(offline judge) the SQL compares with values neither the question nor its "
        "reformulation names (a guessed value is a common mistake): confidence lowered"),
    ReasonCode(
        "confidence.unnamed_table", "table", "minor",
        "(offline judge) the SQL reads tables the question names none of: confidence lowered"),
    ReasonCode(
        "confidence.unnamed_column", "attribute", "minor",
        "(offline judge) the SQL shows columns nothing in the question mentions: confidence "
        "lowered"),
    ReasonCode(
        "confidence.extra_columns", "attribute", "minor",
        "(offline judge) the SQL shows more columns than the question asks for: confidence "
        "lowered"),
    ReasonCode(
        "confidence.drift", "other", "minor",
        "(offline judge) the reformulation adds or drops constraints of the question: "
        "confidence lowered"),
    ReasonCode(
        "confidence.other_answers", "other", "minor",
        "(offline judge, logged traffic) two or more other answers to the same question in "
        "the run agree on a table, a date column, an output column or the values of a "
        "column (`status IN ('open', 'held')`) this answer reads, bounds, shows or keeps "
        "otherwise: confidence lowered"),
    ReasonCode(
        "confidence.complexity", "other", "minor",
        "(offline judge) much to get right (many tables or values, a long question; counted "
        "against a one-table query): such answers are wrong more often, confidence lowered"),
    ReasonCode(
        "confidence.little_to_check", "other", "minor",
        "(offline judge) little to check the SQL against (a short question, a SQL that "
        "applies no filter), where the calibration finds such answers wrong more often (logged "
        "traffic): confidence lowered"),
    # -- an LLM judge: its own doubt, when no critical or major finding says why
    ReasonCode(
        "judge.doubt", "other", "major",
        "(LLM judge) the model puts the chance that the SQL is right below the `correct` cut "
        "and no critical or major finding says why; the message gives its P(correct) and its "
        "rationale: major when it leans wrong (below the `likely_correct` cut), minor "
        "otherwise"),
)

_BY_CODE: dict[str, ReasonCode] = {c.code: c for c in REASON_CODES}


def reason_code(code: str) -> ReasonCode:
    """The registered :class:`ReasonCode` of ``code``; :class:`ValueError` (with "did you
    mean") when it is not registered."""
    found = _BY_CODE.get(code)
    if found is None:
        close = difflib.get_close_matches(code, list(_BY_CODE), n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"unknown reason code {code!r}{hint}; register it in "
                         "stef_core.reasons.REASON_CODES")
    return found


def reason(code: str, message: str, severity: Severity | None = None) -> Reason:
    """A finding of the registered ``code`` (its category and, unless ``severity`` is given,
    its default severity come from the registry)."""
    return reason_code(code).finding(message, severity)


#: How the generated tables say how to regenerate them.
REGENERATE = "stef docs --reasons --format markdown -o docs/reason-codes.md"


def reason_table() -> str:
    """The Markdown table of every registered code (``docs/reason-codes.md``)."""
    rows = ["| code | category | default severity | meaning |", "|---|---|---|---|"]
    for c in REASON_CODES:
        rows.append(f"| `{c.code}` | {c.category} | {c.severity} | {c.doc} |")
    return "\n".join(rows) + "\n"


def render_reasons(fmt: str = "text") -> str:
    """The reason-code reference: ``docs/reason-codes.md`` in Markdown, or a plain listing."""
    if fmt == "markdown":
        return (
            "# STEF reason codes\n\n"
            f"<!-- Generated from stef_core/reasons.py by `{REGENERATE}`; do not edit. -->\n\n"
            "Every finding on a result carries one of these codes, its NL2SQL-Bugs category and "
            "a severity: `critical` (a precise finding of a wrong answer) brings the record "
            "below 75, `major` and `minor` lower confidence, `info` is reported only. The "
            "default severity is the usual one; the finder may set another, as the meaning "
            "says.\n\n" + reason_table()
        )
    lines = []
    for c in REASON_CODES:
        lines += [f"  {c.code} ({c.category}, {c.severity})", f"      {c.doc}", ""]
    return "REASON CODES\n\n" + "\n".join(lines).rstrip() + "\n"
