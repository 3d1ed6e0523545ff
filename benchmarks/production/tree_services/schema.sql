-- ============================================================================================
-- tree_services: the warehouse of a tree-care and arborist company platform (DuckDB DDL for
-- labelling)
--
-- Company: "Arborlytics" sells estimating, dispatch, crew time-keeping, fleet maintenance,
-- invoicing and payments software to tree-service companies. Every company is a tenant of one
-- shared SQL Server warehouse (schema dw), every table keyed by co_id; ids are unique across
-- the platform. The deployment here is company 'TS-0884', Ironbark Tree Care (Chicago area),
-- with branches North Shore (Evanston), West Suburbs (Naperville), South Metro (Orland Park),
-- Lakeview (Chicago, opened on 2026-09-08) and Fox Valley (Aurora), closed at the end of 2025
-- and soft-deleted with its 2025 history kept. Other tenants in the warehouse: 'TS-0312'
-- (Summit Arbor Co.) and 'TS-0519' (Greenline Tree Experts).
--
-- Warehouse: SQL Server 2022 (T-SQL: GETDATE(), CAST(GETDATE() AS DATE), DATEADD, DATEDIFF,
-- DATEFROMPARTS, EOMONTH, DATETRUNC, YEAR()/MONTH(), IIF, TOP n, no FILTER clause, no
-- QUALIFY). Flags are BIT (0/1) except permit_req_yn ('Y'/'N'). `/` between integers is
-- integer division, and AVG over an INT expression (such as DATEDIFF) returns an INT in SQL
-- Server: cast to DECIMAL or multiply by 1.0 first. Amounts are DECIMAL dollars.
-- Agent: `canopy-sql`, versions 4.2, 4.3 and 4.4, deployed for company 'TS-0884'; it writes
-- dialect `tsql`.
-- Log window: 2026-11-02 to 2026-11-27. This copy of the warehouse is the snapshot of
-- 2026-11-01: nothing is dated after 2026-10-31 except jobs scheduled ahead (SCHEDULED or
-- ON_HOLD, sched_dt in November and December), estimates' valid-until dates, equipment's next
-- PM due dates and arborists' certification expiry dates. So "last month" is October 2026,
-- "this year" / "ytd" 2026 to date (January to October), "last quarter" Q3 2026 (July to
-- September), "the last 3 months" the three whole months August-October 2026, "the last 12
-- months" the rolling year back from today, "next 60 days" today to today + 60 days
-- inclusive, "rn" / "right now" the state today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_id = 'TS-0884'` (row-level security on every table; since ids are unique
--     across the platform, the guard on the table a query is driven from is enough);
--   * test rows: `is_test = 0` on customers (the office's training customers 'ZZ Training
--     Customer' and 'Dispatch Test Co'), estimates, jobs and invoices (the training
--     customers' paperwork). Training jobs are never worked: they carry no time entries and no
--     claims. Payments carry no flag of their own: a training customer's deposits and payments
--     are excluded through customers (cust_id);
--   * voids: `void_flg = 0` on invoices (keyed in error and re-issued) and payments (bounced
--     or mis-keyed payments);
--   * soft deletes: `deleted_at IS NULL` on branches (the closed Fox Valley branch, no rows
--     dated after 2025), customers (merged duplicate profiles: their properties, estimates,
--     jobs and invoices were moved to the surviving profile) and employees (a profile keyed
--     twice, never used). These matter where that table is the population counted or listed.
--
-- Business conventions of the company (what a careful analyst would apply):
--   * customers: cust_type 'RES' (homeowner), 'COMM' (commercial: offices, property managers),
--     'HOA' or 'MUNI' (park districts, villages). A customer owns one or more properties;
--     jobs and estimates are keyed to a property (prop_id), invoices and payments to the
--     customer. home_branch_id is the branch that serves the customer; "per branch" for
--     customers means home branch. created_dt is when the office keyed the lead.
--     "Active customers" = non-test, non-deleted customers with at least one COMPLETED job
--     whose compl_dt falls in the rolling 12 months back from today. A "new customer" in a
--     period = a customer whose first-ever COMPLETED job was completed in that period.
--   * estimates: one row per estimate, dated by est_dt (written); status 'DRAFT' (never
--     sent), 'SENT' (awaiting an answer), 'APPROVED', 'DECLINED' or 'EXPIRED' (valid_until_dt
--     passed without an answer). sent_dt is NULL for drafts; approved_dt is set for APPROVED.
--     estimator_id is the employee who wrote it. total_amt = SUM(est_lines.line_amt), pre-tax.
--     "Approval rate" / "close rate" = APPROVED / estimates sent (status <> 'DRAFT'), by
--     est_dt, as a percentage. "Expired last month" = EXPIRED estimates whose valid_until_dt
--     falls in that month. est_lines: one row per line (svc_cd 'REMOVAL', 'PRUNING', 'STUMP',
--     'PHC' (plant health care), 'CABLING', 'CLEANUP'; dbh_in the trunk diameter).
--   * jobs: one row per job, from an approved estimate (est_id) or, for emergency storm work,
--     without one (est_id NULL). job_type 'REMOVAL', 'PRUNING', 'STUMP' (stump grinding) or
--     'STORM' (emergency storm work). status 'SCHEDULED', 'ON_HOLD' (waiting, mostly on a
--     permit), 'IN_PROGRESS', 'COMPLETED' or 'CANCELLED'. "Completed jobs" are dated by
--     compl_dt; sched_dt is the date the job was booked for. "On time" = compl_dt <= sched_dt
--     (done on or before the booked day); on-time rate = on-time completed jobs / completed
--     jobs, as a percentage. crew_cd is the crew that did (or will do) the job.
--   * permits live on the job: permit_req_yn = 'Y' when the village requires a permit
--     (removals of protected trees, parkway work); permit_status 'PENDING', 'ISSUED' or
--     'DENIED' (NULL when none is needed); permit_applied_dt, permit_issued_dt, permit_fee_amt.
--     "Waiting on a permit" = open jobs (SCHEDULED or ON_HOLD) whose permit_status is PENDING.
--     Permit turnaround = days from permit_applied_dt to permit_issued_dt of ISSUED permits.
--   * crews: crew_cd on employees (NULL for office staff: estimators, mechanics) and jobs,
--     e.g. 'NSH-C1' (climbing crew), 'NSH-B1' (bucket crew), 'SME-S1' (stump crew). A crew's
--     members rn = employees with that crew_cd, term_dt IS NULL and not deleted. A "certified
--     arborist" = an employee with an ISA certification (isa_cert_no IS NOT NULL) whose
--     cert_exp_dt >= today; estimators are often certified too.
--   * time_entries: one row per person or machine per job and day. res_type 'LABOR' (emp_id
--     set) or 'EQUIP' (equip_id set); hrs is the time booked. "Labor hours" = SUM(hrs) of
--     LABOR rows; "equipment hours" / "truck hours" = SUM(hrs) of EQUIP rows, dated by
--     work_dt. Labor cost = SUM(hrs * employees.hourly_rate) of LABOR rows.
--   * equipment: equip_type 'BUCKET_TRUCK', 'CHIPPER', 'STUMP_GRINDER', 'CRANE', 'LOADER';
--     retired_dt set when sold or scrapped (in service = retired_dt IS NULL). next_pm_dt is the
--     next preventive-maintenance due date kept by the fleet module: "overdue for PM / service"
--     = in service with next_pm_dt < today. equip_maint: one row per maintenance event,
--     maint_type 'PM', 'REPAIR' or 'INSPECTION'; maintenance cost = SUM(cost_amt), downtime =
--     SUM(downtime_hrs), by maint_dt and the equipment's branch.
--   * invoices: one per completed job (big jobs occasionally two), dated by inv_dt; due_dt is
--     inv_dt + 30 days (45 for COMM and MUNI). "Revenue" = SUM(subtotal_amt) (pre-tax; tax_amt
--     is the state's, total_amt = subtotal_amt + tax_amt) of non-void, non-test invoices, by
--     inv_dt; branch_id on the invoice is the branch credited. status 'OPEN', 'PARTIAL' or
--     'PAID'. Balance = total_amt - non-void DEPOSIT and PAYMENT rows applied to it (inv_id).
--     "Past due" = OPEN or PARTIAL invoices whose due_dt has passed; "more than 60 days past
--     due" = due_dt < today - 60 days.
--   * payments: pmt_type 'DEPOSIT' (taken on approval, est_id set; inv_id set once the job's
--     invoice is raised and the deposit applied), 'PAYMENT' (against an invoice) or 'REFUND'
--     (money returned, amt positive). method 'CARD', 'CHECK', 'ACH', 'CASH'. "Deposits
--     collected" = SUM(amt) of non-void DEPOSIT rows by pmt_dt; "collections" = non-void
--     DEPOSIT and PAYMENT rows.
--   * damage_claims: one row per claim against a job (a job can draw two); claim_type
--     'PROPERTY', 'VEHICLE', 'LANDSCAPE' or 'INJURY'; status 'OPEN', 'PAID' or 'DENIED';
--     claim_amt is what was claimed, paid_amt / paid_dt what was paid (PAID only). "Paid out"
--     = SUM(paid_amt) by paid_dt. Claim rate = completed jobs with at least one claim /
--     completed jobs, as a percentage.
-- ============================================================================================

CREATE TABLE branches (
    co_id          VARCHAR NOT NULL,
    branch_id      INTEGER NOT NULL,      -- unique across the platform
    branch_cd      VARCHAR NOT NULL,      -- e.g. 'NSH'
    branch_nm      VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE employees (
    co_id          VARCHAR NOT NULL,
    emp_id         INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    crew_cd        VARCHAR,               -- NULL for office staff
    emp_nm         VARCHAR NOT NULL,
    role_cd        VARCHAR NOT NULL,      -- 'FOREMAN', 'CLIMBER', 'GROUNDS', 'OPERATOR', 'ESTIMATOR', 'MECHANIC'
    isa_cert_no    VARCHAR,               -- ISA certified arborist number; NULL when not certified
    cert_exp_dt    DATE,                  -- certification expiry
    hourly_rate    DECIMAL(6,2) NOT NULL,
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- NULL while employed
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE equipment (
    co_id          VARCHAR NOT NULL,
    equip_id       INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    unit_no        VARCHAR NOT NULL,      -- e.g. 'BT-101'
    equip_type     VARCHAR NOT NULL,      -- 'BUCKET_TRUCK', 'CHIPPER', 'STUMP_GRINDER', 'CRANE', 'LOADER'
    make_model     VARCHAR NOT NULL,
    acq_dt         DATE NOT NULL,
    retired_dt     DATE,                  -- NULL while in service
    next_pm_dt     DATE                   -- next preventive maintenance due
);

CREATE TABLE equip_maint (
    co_id          VARCHAR NOT NULL,
    maint_id       INTEGER NOT NULL,
    equip_id       INTEGER NOT NULL,
    maint_dt       DATE NOT NULL,
    maint_type     VARCHAR NOT NULL,      -- 'PM', 'REPAIR', 'INSPECTION'
    cost_amt       DECIMAL(9,2) NOT NULL,
    downtime_hrs   DECIMAL(6,1) NOT NULL,
    vendor_nm      VARCHAR                -- NULL when done in-house
);

CREATE TABLE customers (
    co_id          VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    cust_type      VARCHAR NOT NULL,      -- 'RES', 'COMM', 'HOA', 'MUNI'
    home_branch_id INTEGER NOT NULL,
    email          VARCHAR,
    created_dt     DATE NOT NULL,
    is_test        SMALLINT NOT NULL,     -- BIT
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE properties (
    co_id          VARCHAR NOT NULL,
    prop_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    addr_line      VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    zip_cd         VARCHAR NOT NULL,
    tree_cnt       SMALLINT               -- trees on the inventory; NULL when never surveyed
);

CREATE TABLE estimates (
    co_id          VARCHAR NOT NULL,
    est_id         INTEGER NOT NULL,
    prop_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    estimator_id   INTEGER NOT NULL,      -- employees.emp_id
    est_dt         DATE NOT NULL,
    sent_dt        DATE,                  -- NULL for drafts
    valid_until_dt DATE,
    status         VARCHAR NOT NULL,      -- 'DRAFT', 'SENT', 'APPROVED', 'DECLINED', 'EXPIRED'
    approved_dt    DATE,
    total_amt      DECIMAL(10,2) NOT NULL,
    is_test        SMALLINT NOT NULL
);

CREATE TABLE est_lines (
    co_id          VARCHAR NOT NULL,
    est_id         INTEGER NOT NULL,
    line_no        SMALLINT NOT NULL,
    svc_cd         VARCHAR NOT NULL,      -- 'REMOVAL', 'PRUNING', 'STUMP', 'PHC', 'CABLING', 'CLEANUP'
    species_nm     VARCHAR,
    dbh_in         SMALLINT,              -- trunk diameter, inches
    line_amt       DECIMAL(9,2) NOT NULL
);

CREATE TABLE jobs (
    co_id             VARCHAR NOT NULL,
    job_id            INTEGER NOT NULL,
    est_id            INTEGER,            -- NULL for emergency storm work
    prop_id           INTEGER NOT NULL,
    branch_id         INTEGER NOT NULL,
    crew_cd           VARCHAR NOT NULL,
    job_type          VARCHAR NOT NULL,   -- 'REMOVAL', 'PRUNING', 'STUMP', 'STORM'
    sched_dt          DATE NOT NULL,
    start_dt          DATE,
    compl_dt          DATE,
    status            VARCHAR NOT NULL,   -- 'SCHEDULED', 'ON_HOLD', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'
    permit_req_yn     VARCHAR NOT NULL,   -- 'Y' / 'N'
    permit_status     VARCHAR,            -- 'PENDING', 'ISSUED', 'DENIED'; NULL when not required
    permit_applied_dt DATE,
    permit_issued_dt  DATE,
    permit_fee_amt    DECIMAL(8,2),
    is_test           SMALLINT NOT NULL
);

CREATE TABLE time_entries (
    co_id          VARCHAR NOT NULL,
    entry_id       BIGINT NOT NULL,
    job_id         INTEGER NOT NULL,
    res_type       VARCHAR NOT NULL,      -- 'LABOR', 'EQUIP'
    emp_id         INTEGER,               -- set for LABOR
    equip_id       INTEGER,               -- set for EQUIP
    work_dt        DATE NOT NULL,
    hrs            DECIMAL(5,2) NOT NULL
);

CREATE TABLE invoices (
    co_id          VARCHAR NOT NULL,
    inv_id         INTEGER NOT NULL,
    job_id         INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    inv_dt         DATE NOT NULL,
    due_dt         DATE NOT NULL,
    subtotal_amt   DECIMAL(10,2) NOT NULL,
    tax_amt        DECIMAL(9,2) NOT NULL,
    total_amt      DECIMAL(10,2) NOT NULL,
    status         VARCHAR NOT NULL,      -- 'OPEN', 'PARTIAL', 'PAID'
    is_test        SMALLINT NOT NULL,
    void_flg       SMALLINT NOT NULL
);

CREATE TABLE payments (
    co_id          VARCHAR NOT NULL,
    pmt_id         INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    inv_id         INTEGER,               -- NULL for a deposit not applied yet
    est_id         INTEGER,               -- set for deposits
    pmt_type       VARCHAR NOT NULL,      -- 'DEPOSIT', 'PAYMENT', 'REFUND'
    method         VARCHAR NOT NULL,      -- 'CARD', 'CHECK', 'ACH', 'CASH'
    pmt_dt         DATE NOT NULL,
    amt            DECIMAL(10,2) NOT NULL,
    void_flg       SMALLINT NOT NULL
);

CREATE TABLE damage_claims (
    co_id          VARCHAR NOT NULL,
    claim_id       INTEGER NOT NULL,
    job_id         INTEGER NOT NULL,
    reported_dt    DATE NOT NULL,
    claim_type     VARCHAR NOT NULL,      -- 'PROPERTY', 'VEHICLE', 'LANDSCAPE', 'INJURY'
    status         VARCHAR NOT NULL,      -- 'OPEN', 'PAID', 'DENIED'
    claim_amt      DECIMAL(10,2) NOT NULL,
    paid_amt       DECIMAL(10,2),
    paid_dt        DATE
);
