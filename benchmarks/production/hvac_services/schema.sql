-- ============================================================================================
-- hvac_services: the service-operations warehouse of an HVAC franchise system shared by its
-- franchisees (DuckDB DDL for labelling)
--
-- Company: "CoolWise Heating & Air" franchises residential and light-commercial HVAC service.
-- Every franchisee is a tenant of one shared Oracle warehouse fed by the dispatch, field and
-- billing apps: its branches, technicians, customers and their service sites, the equipment on
-- each site (furnaces, AC condensers, heat pumps, boilers, rooftop units, mini-splits), service
-- agreements (maintenance plans), work orders and the technician visits that work them, parts
-- used on visits, quotes, invoices and manufacturer warranty claims, keyed by fran_id.
--
-- Warehouse: Oracle 19c. The agent writes dialect `oracle` (TRUNC(SYSDATE, 'MM'), ADD_MONTHS,
-- FETCH FIRST n ROWS ONLY / WITH TIES, NVL, DECODE, EXTRACT, TO_CHAR; `/` is decimal division).
-- Every *_at column is an Oracle DATE carrying the time of day (a date minus a date is a number
-- of days, so (arrived_at - created_at) * 24 is hours); *_dt columns carry midnight. Flags are
-- CHAR(1) 'Y' / 'N'.
-- Agent: `coolwise-agent`, versions 1.3, 1.4 and 1.5, deployed for franchisee CW-118
-- ("CoolWise of North Lakes": branches Lakeside and Northgate, and Pinecrest, opened on
-- 2026-11-16, which has completed no job yet).
-- Log window: 2026-12-01 to 2026-12-18; the warehouse is loaded through 2026-11-30. So "today"
-- is the record's date; "last month" is November 2026, "this quarter" / "this qtr" Q4 2026 to
-- date (October-November), "last quarter" / "Q3" July-September 2026, "ytd" / "this year" 2026
-- to date (January-November), "last year" 2025, "same period last year" 2025-01-01 to
-- 2025-11-30, "last 6 months" the six whole months June-November 2026, "last 12 months" the
-- twelve whole months December 2025 - November 2026, "next month" January 2027.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `fran_id = 'CW-118'` on every table of every query (row-level security);
--   * `is_test = 'N'` on customers and work_orders (dispatcher-training customers and training
--     jobs; a test customer's jobs are all test jobs, but training jobs are also keyed against
--     real customers). Visits, parts, quotes, invoices and claims of a test job are left out
--     through the work order; agreements of a test customer through the customer;
--   * `del_flg = 'N'` on customers, sites, equipment, work_orders and quotes (rows deleted in the
--     app stay with 'Y'; a deleted work order's visits and parts are left out through it and its
--     invoice is VOID; a deleted customer's sites, agreements and jobs go with the customer).
--
-- Business conventions at this franchisee (what a careful analyst applies):
--   * revenue = SUM(labor_amt + parts_amt) (pre-tax; = total_amt - tax_amt) of invoices with
--     status_cd 'ISSUED' or 'PAID' (DRAFT and VOID are not revenue), dated by invoice_dt. Plan
--     fees are not invoice revenue: plan revenue / MRR = SUM(monthly_fee) of active agreements.
--     Avg ticket = average revenue per such invoice. A job's revenue is its invoice's.
--   * AR / outstanding = SUM(total_amt) (tax included) of ISSUED invoices. Days to pay =
--     paid_dt - invoice_dt of PAID invoices, dated by paid_dt.
--   * a job = a work order. Job counts leave out CANCELLED work orders (unless the question is
--     about cancellations) and are dated by created_at ("calls", "service calls", "jobs
--     booked"); "completed jobs" are status 'COMPLETED', dated by completed_dt (the day of the
--     last visit). A job's branch is work_orders.branch_id; its tech is lead_tech_id.
--   * callback = a work order whose callback_of_wo_id is set (a free return trip for the same
--     problem); it is charged to the ORIGINAL job's lead tech. Callback rate = completed jobs
--     in the period (callbacks themselves left out) that got a callback (not cancelled) / those
--     completed jobs, dated by the original job's completed_dt.
--   * first-time fix rate = completed REPAIR jobs (callbacks left out) with exactly one visit /
--     completed REPAIR jobs, dated by completed_dt.
--   * response time for EMERGENCY jobs = hours from work_orders.created_at to the first visit's
--     arrived_at; jobs with no visit yet are left out.
--   * a visit is late when arrived_at > window_end_at (the end of the arrival window promised to
--     the customer); on-time % = visits with arrived_at <= window_end_at / visits, dated by
--     visit_dt. Labor hours = SUM(visits.labor_hrs).
--   * active agreement = status_cd 'ACTIVE' AND end_dt >= today (the nightly job flips lapsed
--     plans to 'EXPIRED' late, so a few 'ACTIVE' rows have ended). Plan members = customers with
--     an active agreement. A site may hold two active agreements (one per system). Renewals
--     due in a month = active agreements whose end_dt falls in it. Cancellations are dated by
--     cancel_dt; cancel_reason NULL means none was recorded.
--   * tune-up = a MAINTENANCE job; plan tune-ups carry agreement_id, one-off tune-ups for
--     non-members have agreement_id NULL.
--   * installs = completed INSTALL jobs (the equipment they put in is work_orders.equip_id);
--     equipment.installed_by_us = 'N' rows were installed by others and registered on a visit.
--   * parts cost = SUM(qty * unit_cost); parts sales = SUM(qty * unit_price) over parts with
--     warranty_flg = 'N' (warranty parts are supplied by the manufacturer, charged at 0);
--     parts margin % = 100 * (sales - cost) / sales over non-warranty parts. Parts are dated by
--     their visit's visit_dt.
--   * quotes: close rate = ACCEPTED / all quotes (OPEN ones included) dated by quote_dt; a
--     quote's tech is quotes.tech_id (who wrote it).
--   * warranty claims: approval rate = (APPROVED + PAID) / (APPROVED + PAID + DENIED), dated by
--     decided_dt (SUBMITTED claims are undecided); recovered = SUM(credited_amt) of PAID claims,
--     dated by decided_dt.
--   * equipment age from install_dt; out of warranty = warranty_end_dt < today (NULL: unknown,
--     not counted as out of warranty).
--   * new customers = customers.created_dt in the period.
-- ============================================================================================

CREATE TABLE branches (
    fran_id         VARCHAR NOT NULL,
    branch_id       INTEGER PRIMARY KEY,
    branch_nm       VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL
);

CREATE TABLE technicians (
    fran_id         VARCHAR NOT NULL,
    tech_id         INTEGER PRIMARY KEY,
    branch_id       INTEGER NOT NULL,          -- home branch
    tech_nm         VARCHAR NOT NULL,
    skill_level     VARCHAR NOT NULL,          -- APPRENTICE, JOURNEYMAN, MASTER
    hire_dt         DATE NOT NULL,
    term_dt         DATE                       -- NULL while employed
);

CREATE TABLE customers (
    fran_id         VARCHAR NOT NULL,
    cust_id         INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type       VARCHAR NOT NULL,          -- RESIDENTIAL, COMMERCIAL
    created_dt      DATE NOT NULL,
    is_test         CHAR(1) NOT NULL,
    del_flg         CHAR(1) NOT NULL
);

CREATE TABLE sites (
    fran_id         VARCHAR NOT NULL,
    site_id         INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    address_line    VARCHAR NOT NULL,
    city            VARCHAR NOT NULL,
    zip_cd          VARCHAR NOT NULL,
    del_flg         CHAR(1) NOT NULL
);

CREATE TABLE equipment (
    fran_id         VARCHAR NOT NULL,
    equip_id        INTEGER PRIMARY KEY,
    site_id         INTEGER NOT NULL,
    equip_type      VARCHAR NOT NULL,          -- FURNACE, AC, HEAT_PUMP, BOILER, RTU, MINI_SPLIT
    brand           VARCHAR NOT NULL,
    install_dt      DATE,                      -- NULL: unknown (old unit)
    installed_by_us CHAR(1) NOT NULL,
    warranty_end_dt DATE,                      -- NULL: unknown
    del_flg         CHAR(1) NOT NULL
);

CREATE TABLE service_agreements (
    fran_id         VARCHAR NOT NULL,
    agreement_id    INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    site_id         INTEGER NOT NULL,
    plan_tier       VARCHAR NOT NULL,          -- BASIC, PLUS, PREMIER
    monthly_fee     DECIMAL(8,2) NOT NULL,
    visits_per_yr   INTEGER NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,             -- end of the current term
    status_cd       VARCHAR NOT NULL,          -- ACTIVE, EXPIRED, CANCELLED
    cancel_dt       DATE,
    cancel_reason   VARCHAR                    -- PRICE, MOVED, SWITCHED, SERVICE, NULL
);

CREATE TABLE work_orders (
    fran_id         VARCHAR NOT NULL,
    wo_id           INTEGER PRIMARY KEY,
    branch_id       INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    site_id         INTEGER NOT NULL,
    equip_id        INTEGER,                   -- the unit worked on / installed (NULL: not keyed)
    agreement_id    INTEGER,                   -- plan job (NULL: not under a plan)
    job_type        VARCHAR NOT NULL,          -- REPAIR, MAINTENANCE, INSTALL, DIAGNOSTIC
    priority_cd     VARCHAR NOT NULL,          -- EMERGENCY, STANDARD
    lead_tech_id    INTEGER,                   -- NULL until assigned
    created_at      TIMESTAMP NOT NULL,        -- call booked
    completed_dt    DATE,                      -- COMPLETED jobs: day of the last visit
    status_cd       VARCHAR NOT NULL,          -- OPEN, SCHEDULED, COMPLETED, CANCELLED
    callback_of_wo_id INTEGER,                 -- set on a callback: the original job
    is_test         CHAR(1) NOT NULL,
    del_flg         CHAR(1) NOT NULL
);

CREATE TABLE visits (
    fran_id         VARCHAR NOT NULL,
    visit_id        INTEGER PRIMARY KEY,
    wo_id           INTEGER NOT NULL,
    tech_id         INTEGER NOT NULL,
    visit_dt        DATE NOT NULL,
    window_start_at TIMESTAMP NOT NULL,        -- arrival window promised to the customer
    window_end_at   TIMESTAMP NOT NULL,
    arrived_at      TIMESTAMP NOT NULL,
    departed_at     TIMESTAMP NOT NULL,
    labor_hrs       DECIMAL(5,2) NOT NULL,
    outcome_cd      VARCHAR NOT NULL           -- FIXED, NEEDS_PARTS, NEEDS_QUOTE, NO_ACCESS
);

CREATE TABLE parts_used (
    fran_id         VARCHAR NOT NULL,
    part_line_id    INTEGER PRIMARY KEY,
    visit_id        INTEGER NOT NULL,
    part_no         VARCHAR NOT NULL,
    part_cat        VARCHAR NOT NULL,          -- CAPACITOR, MOTOR, COMPRESSOR, REFRIGERANT,
                                               -- FILTER, IGNITER, THERMOSTAT, CONTROL_BOARD
    qty             DECIMAL(8,2) NOT NULL,     -- refrigerant in lb, the rest in each
    unit_cost       DECIMAL(10,2) NOT NULL,
    unit_price      DECIMAL(10,2) NOT NULL,    -- 0 on warranty parts
    warranty_flg    CHAR(1) NOT NULL
);

CREATE TABLE quotes (
    fran_id         VARCHAR NOT NULL,
    quote_id        INTEGER PRIMARY KEY,
    wo_id           INTEGER,                   -- the job it came from (NULL: sales call)
    cust_id         INTEGER NOT NULL,
    tech_id         INTEGER NOT NULL,          -- who wrote it
    quote_dt        DATE NOT NULL,
    quote_type      VARCHAR NOT NULL,          -- REPAIR, REPLACEMENT
    amount          DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- OPEN, ACCEPTED, DECLINED, EXPIRED
    decided_dt      DATE,
    del_flg         CHAR(1) NOT NULL
);

CREATE TABLE invoices (
    fran_id         VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    wo_id           INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    invoice_dt      DATE NOT NULL,
    labor_amt       DECIMAL(10,2) NOT NULL,
    parts_amt       DECIMAL(10,2) NOT NULL,
    tax_amt         DECIMAL(10,2) NOT NULL,
    total_amt       DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- DRAFT, ISSUED, PAID, VOID
    paid_dt         DATE
);

CREATE TABLE warranty_claims (
    fran_id         VARCHAR NOT NULL,
    claim_id        INTEGER PRIMARY KEY,
    wo_id           INTEGER NOT NULL,
    equip_id        INTEGER NOT NULL,
    part_no         VARCHAR NOT NULL,
    claim_dt        DATE NOT NULL,
    claim_amt       DECIMAL(10,2) NOT NULL,    -- parts + labor allowance claimed
    status_cd       VARCHAR NOT NULL,          -- SUBMITTED, APPROVED, DENIED, PAID
    decided_dt      DATE,                      -- NULL while SUBMITTED
    credited_amt    DECIMAL(10,2)              -- what the manufacturer credits (APPROVED, PAID)
);
