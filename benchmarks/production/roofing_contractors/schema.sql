-- ============================================================================================
-- roofing_contractors: the warehouse of a roofing-contractor management platform (DuckDB DDL
-- for labelling)
--
-- Company: "RidgeBook" sells lead tracking, inspection apps, estimating, job scheduling, crew
-- and material ordering, invoicing and warranty tracking to roofing contractors. Every
-- contractor group is a tenant of one shared analytics warehouse, every table keyed by grp_id.
-- The deployment here is group 'RG-2207', Summit Peak Roofing (Colorado), with branches:
--   * Denver North (branch 1), Colorado Springs (2), Fort Collins (3);
--   * Pueblo (4), opened on 14 September 2026 (its first leads in late September);
--   * Boulder (5), closed at the end of 2025 and soft-deleted (deleted_at 2026-01-15); its 2025
--     leads, jobs and invoices stay in the warehouse.
-- Other tenants in the warehouse: 'RG-1104' (Front Range Exteriors) and 'RG-3350' (High Plains
-- Roof Co.), with leads, jobs, invoices ... on the same dates.
--
-- Warehouse: Amazon Redshift (DATEADD / DATEDIFF, DATE_TRUNC('month', ...), GETDATE(), SYSDATE,
-- CURRENT_DATE, NVL, LISTAGG, TOP n and LIMIT, `::` casts; `/` between two integers truncates,
-- so a rate of two counts needs a cast). Amounts are USD. The agent writes dialect `redshift`.
-- Agent: `shingle-ai`, versions 4.0 (answered 2026-12-01 to 2026-12-04), 4.1 (2026-12-05 to
-- 2026-12-08) and 4.2 (2026-12-09 to 2026-12-12), deployed for group 'RG-2207'.
-- Log window: 2026-12-01 to 2026-12-12; the warehouse is loaded up to 2026-11-30 (nothing
-- after it but jobs scheduled ahead). So "last month" is November 2026, "this month" December
-- 2026 to date (empty), "this quarter" Q4 2026 to date (1 October onwards), "last quarter" /
-- "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025, "same period
-- last year" 1 January - 30 November 2025, "last 3 months" the three whole months
-- September-November 2026, "last 6 months" the six whole months June-November 2026 (whole
-- calendar months, not a rolling window back from today), "rn" / "right now" / "currently"
-- the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'RG-2207'` on every table of every query (row-level security);
--   * test data: `is_test = false` on customers (office-training customers the estimators use
--     to practise; their leads, jobs, invoices, payments and warranty claims are excluded
--     through the customer) and on leads (test leads the web-form QA posts, on real customers);
--   * soft deletes: `deleted_at IS NULL` on customers (merged duplicate customer records; the
--     duplicate's leads and jobs stay and are excluded through the customer) and on branches
--     (the closed Boulder branch: a per-branch report lists the live branches only).
--
-- Business conventions of the group (what a careful analyst would apply):
--   * leads are dated by created_dt. lead_status: NEW, INSPECTED, ESTIMATED, WON, LOST,
--     DISQUALIFIED (no roof need / out of area). Close rate of a set of leads = WON / (WON +
--     LOST); open leads and DISQUALIFIED ones are out of both. rep_nm is the sales rep (NULL
--     while unassigned); "by rep" means leads.rep_nm, and jobs belong to their lead's rep.
--   * inspections: one row per visit; a lead can have several (NO_ACCESS or CANCELLED visits
--     re-booked, re-inspections). Only insp_status 'COMPLETED' visits are inspections done
--     (dated by insp_dt); damage_type (HAIL, WIND, WEAR, LEAK, NONE) is set on completed ones.
--     Days to inspect = days from the lead's created_dt to its FIRST completed inspection.
--   * estimates: versions per lead (version_no); a new version supersedes the one before
--     (est_status 'SUPERSEDED'). Quote win rate = ACCEPTED / (ACCEPTED + DECLINED + EXPIRED)
--     estimates, dated by sent_dt; DRAFT and SUPERSEDED versions count nowhere.
--   * jobs: a job is sold on sold_dt (the accepted estimate); job_status SOLD (not yet
--     scheduled), SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED (cancel_dt, cancel_reason, NULL
--     when none was given). job_type 'INSURANCE' (storm claim paid by a carrier, carrier_nm
--     set) or 'RETAIL' (homeowner-paid). branch_id on the job is the branch that ran it.
--     Sold volume / sales of a period = SUM(contract_amt) of jobs sold in it and not CANCELLED;
--     average ticket = AVG(contract_amt) of the same jobs.
--   * change orders: co_status PENDING, APPROVED, REJECTED; co_amt is negative for a
--     SCOPE_REDUCTION. A supplement is an APPROVED change order with co_reason 'SUPPLEMENT' (more
--     scope the carrier agreed to pay), dated by approved_dt. Revised contract value of a job =
--     contract_amt + SUM(co_amt) of its APPROVED change orders.
--   * revenue = SUM(revised contract value) of COMPLETED jobs, dated by complete_dt (never
--     invoices, never sold jobs). Backlog = SUM(contract_amt) of jobs SOLD or SCHEDULED (not
--     started yet). Cycle time = days from sold_dt to complete_dt of completed jobs.
--   * squares: one roofing square is 100 sq ft; jobs.squares is the roof size installed.
--   * materials: one line per delivery; material cost = SUM((qty - returned_qty) * unit_cost),
--     by the job. Material % of revenue = material cost / revised contract value, summed over
--     the jobs first (a weighted share, never an average of per-job shares).
--   * crews: crew_type 'IN_HOUSE' or 'SUB' (subcontracted); active_flg false for crews no
--     longer used. A job's crew is jobs.crew_id (NULL while unassigned). A crew "ran" / "had" a
--     job in a month when the job's start_dt falls in it.
--   * weather delays: one row per job, day and weather cause (two causes on one day are two
--     rows). Weather delay days of a job = distinct delay_dt; crew hours lost =
--     SUM(crew_hours_lost), dated by delay_dt.
--   * invoices: inv_status DRAFT (not sent), OPEN (sent, unpaid or partly paid), PAID, VOID.
--     bill_to 'CUSTOMER' or 'CARRIER'. Billed = SUM(inv_amt) of OPEN and PAID invoices by
--     inv_dt. Outstanding (open AR) = inv_amt minus non-bounced payments of OPEN invoices;
--     past due = outstanding on OPEN invoices with due_dt before today; "30+ days past due" =
--     due_dt more than 30 days before today.
--   * payments: is_bounced true for a returned check / ACH (never cash; the re-payment is its
--     own row). Collected = SUM(pay_amt) of non-bounced payments, dated by pay_dt.
--   * warranty claims: one row per claim; job_id is NULL for a claim on a roof the group did
--     not install on record (customer_id always set). Claims are dated by reported_dt;
--     coverage WORKMANSHIP or MANUFACTURER; wc_status OPEN, APPROVED, DENIED, CLOSED.
--     Warranty claim rate of a set of completed jobs = jobs with at least one claim / jobs.
--   * fractions ("rate", "% of", "share") may be shown as a fraction or a percentage; the
--     references show fractions.
-- ============================================================================================

CREATE TABLE branches (
    grp_id          VARCHAR NOT NULL,
    branch_id       INTEGER PRIMARY KEY,
    branch_nm       VARCHAR NOT NULL,
    state_cd        CHAR(2) NOT NULL,
    opened_dt       DATE NOT NULL,
    deleted_at      TIMESTAMP                   -- closed branch
);

CREATE TABLE crews (
    grp_id          VARCHAR NOT NULL,
    crew_id         INTEGER PRIMARY KEY,
    branch_id       INTEGER NOT NULL,
    crew_nm         VARCHAR NOT NULL,
    crew_type       VARCHAR NOT NULL,           -- IN_HOUSE, SUB
    foreman_nm      VARCHAR,
    active_flg      BOOLEAN NOT NULL
);

CREATE TABLE customers (
    grp_id          VARCHAR NOT NULL,
    customer_id     INTEGER PRIMARY KEY,
    branch_id       INTEGER NOT NULL,           -- home branch (the job's branch may differ)
    cust_type       VARCHAR NOT NULL,           -- RESIDENTIAL, COMMERCIAL, HOA
    cust_nm         VARCHAR NOT NULL,
    city_nm         VARCHAR NOT NULL,
    created_dt      DATE NOT NULL,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP                   -- merged duplicate
);

CREATE TABLE leads (
    grp_id          VARCHAR NOT NULL,
    lead_id         INTEGER PRIMARY KEY,
    branch_id       INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    rep_nm          VARCHAR,                    -- NULL while unassigned
    lead_source     VARCHAR NOT NULL,           -- WEB, REFERRAL, DOOR_KNOCK, STORM_CANVASS, HOME_SHOW, INSURANCE_AGENT
    created_dt      DATE NOT NULL,
    lead_status     VARCHAR NOT NULL,           -- NEW, INSPECTED, ESTIMATED, WON, LOST, DISQUALIFIED
    lost_reason     VARCHAR,                    -- PRICE, COMPETITOR, CLAIM_DENIED, NO_RESPONSE (NULL if not given)
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE inspections (
    grp_id          VARCHAR NOT NULL,
    inspection_id   INTEGER PRIMARY KEY,
    lead_id         INTEGER NOT NULL,
    inspector_nm    VARCHAR,
    insp_dt         DATE NOT NULL,              -- visit date (booked date for SCHEDULED)
    insp_status     VARCHAR NOT NULL,           -- SCHEDULED, COMPLETED, NO_ACCESS, CANCELLED
    damage_type     VARCHAR,                    -- HAIL, WIND, WEAR, LEAK, NONE; NULL unless COMPLETED
    roof_squares    DECIMAL(6,1)                -- measured; NULL unless COMPLETED
);

CREATE TABLE estimates (
    grp_id          VARCHAR NOT NULL,
    estimate_id     INTEGER PRIMARY KEY,
    lead_id         INTEGER NOT NULL,
    version_no      INTEGER NOT NULL,
    created_dt      DATE NOT NULL,
    sent_dt         DATE,                       -- NULL for a DRAFT never sent
    est_status      VARCHAR NOT NULL,           -- DRAFT, SENT, SUPERSEDED, ACCEPTED, DECLINED, EXPIRED
    job_type        VARCHAR NOT NULL,           -- INSURANCE, RETAIL
    roof_system     VARCHAR NOT NULL,           -- ASPHALT, METAL, TILE, FLAT
    squares         DECIMAL(6,1) NOT NULL,
    est_amt         DECIMAL(12,2) NOT NULL
);

CREATE TABLE jobs (
    grp_id          VARCHAR NOT NULL,
    job_id          INTEGER PRIMARY KEY,
    lead_id         INTEGER NOT NULL,
    estimate_id     INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    branch_id       INTEGER NOT NULL,
    crew_id         INTEGER,                    -- NULL while unassigned
    job_type        VARCHAR NOT NULL,           -- INSURANCE, RETAIL
    carrier_nm      VARCHAR,                    -- insurance carrier; NULL for RETAIL
    roof_system     VARCHAR NOT NULL,           -- ASPHALT, METAL, TILE, FLAT
    squares         DECIMAL(6,1) NOT NULL,
    contract_amt    DECIMAL(12,2) NOT NULL,     -- original contract, before change orders
    sold_dt         DATE NOT NULL,
    sched_start_dt  DATE,
    start_dt        DATE,
    complete_dt     DATE,
    job_status      VARCHAR NOT NULL,           -- SOLD, SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED
    cancel_dt       DATE,
    cancel_reason   VARCHAR                     -- CLAIM_DENIED, FINANCING, CUSTOMER_CHANGED_MIND, WENT_ELSEWHERE; NULL if not given
);

CREATE TABLE job_materials (
    grp_id          VARCHAR NOT NULL,
    mat_line_id     INTEGER PRIMARY KEY,
    job_id          INTEGER NOT NULL,
    material_cat    VARCHAR NOT NULL,           -- SHINGLES, UNDERLAYMENT, FLASHING, METAL_PANELS, TILE, MEMBRANE, FASTENERS, DRIP_EDGE
    supplier_nm     VARCHAR NOT NULL,
    delivered_dt    DATE NOT NULL,
    qty             DECIMAL(8,1) NOT NULL,
    returned_qty    DECIMAL(8,1) NOT NULL,      -- returned to the supplier unused
    unit_cost       DECIMAL(10,2) NOT NULL
);

CREATE TABLE change_orders (
    grp_id          VARCHAR NOT NULL,
    co_id           INTEGER PRIMARY KEY,
    job_id          INTEGER NOT NULL,
    co_reason       VARCHAR NOT NULL,           -- SUPPLEMENT, DECKING, UPGRADE, CODE_ITEM, SCOPE_REDUCTION
    co_dt           DATE NOT NULL,              -- written
    co_amt          DECIMAL(12,2) NOT NULL,     -- negative for SCOPE_REDUCTION
    co_status       VARCHAR NOT NULL,           -- PENDING, APPROVED, REJECTED
    approved_dt     DATE                        -- NULL unless APPROVED
);

CREATE TABLE invoices (
    grp_id          VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    job_id          INTEGER NOT NULL,
    inv_type        VARCHAR NOT NULL,           -- DEPOSIT, PROGRESS, FINAL, SUPPLEMENT
    bill_to         VARCHAR NOT NULL,           -- CUSTOMER, CARRIER
    inv_dt          DATE NOT NULL,
    due_dt          DATE NOT NULL,
    inv_amt         DECIMAL(12,2) NOT NULL,
    inv_status      VARCHAR NOT NULL            -- DRAFT, OPEN, PAID, VOID
);

CREATE TABLE payments (
    grp_id          VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    invoice_id      INTEGER NOT NULL,
    pay_dt          DATE NOT NULL,
    pay_amt         DECIMAL(12,2) NOT NULL,
    method          VARCHAR NOT NULL,           -- CHECK, CARD, ACH, FINANCING, INSURANCE_CHECK
    is_bounced      BOOLEAN NOT NULL
);

CREATE TABLE weather_delays (
    grp_id          VARCHAR NOT NULL,
    delay_id        INTEGER PRIMARY KEY,
    job_id          INTEGER NOT NULL,
    delay_dt        DATE NOT NULL,
    weather_cd      VARCHAR NOT NULL,           -- RAIN, SNOW, HIGH_WIND, HAIL, ICE, HEAT
    crew_hours_lost DECIMAL(5,1) NOT NULL,
    rescheduled_to  DATE
);

CREATE TABLE warranty_claims (
    grp_id          VARCHAR NOT NULL,
    wclaim_id       INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    job_id          INTEGER,                    -- NULL: a roof not installed by the group on record
    reported_dt     DATE NOT NULL,
    issue_cd        VARCHAR NOT NULL,           -- LEAK, BLOW_OFF, FLASHING, GUTTER, COSMETIC
    coverage        VARCHAR NOT NULL,           -- WORKMANSHIP, MANUFACTURER
    wc_status       VARCHAR NOT NULL,           -- OPEN, APPROVED, DENIED, CLOSED
    repair_cost     DECIMAL(10,2),              -- NULL while open
    closed_dt       DATE
);
