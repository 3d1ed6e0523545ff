-- ============================================================================================
-- pool_services: the warehouse of a swimming-pool service platform (DuckDB DDL for labelling)
--
-- Company: "PoolRoute" sells route, dispatch, chemistry-log and billing software to swimming-pool
-- service companies. Every service company is a tenant of one shared SQL Server analytics
-- warehouse: its service routes, technicians, customers (residential and commercial) and their
-- pools and spas, service contracts, weekly cleaning visits with the chemical readings taken on
-- them, repair jobs with the parts used, seasonal openings and closings, and invoices, keyed by
-- co_cd.
--
-- Warehouse: SQL Server 2022. The agent writes dialect `tsql` (GETDATE(), DATEADD, DATEDIFF,
-- DATEFROMPARTS, EOMONTH, DATETRUNC, TOP n, IIF, ISNULL; `int / int` truncates). Flags are BIT
-- (0 / 1).
-- Agent: `skimmer-sql`, versions 1.4, 1.5 and 1.6, deployed for company PS-3315 ("Crystal Cove
-- Pool Co.", New Jersey: five routes, a sixth, Route 6 Shore, set up on 2026-10-26 and first run
-- in November). Other tenants (PS-1102, PS-2870) share every table.
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded through 2026-11-01. So "today" is
-- the record's date; "last month" is October 2026, "this month" November 2026 to date (nothing
-- loaded yet), "this qtr" / "this quarter" Q4 2026 to date (October), "last qtr" / "Q3"
-- July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the
-- six whole months May-October 2026, "last 90 days" the 90 days before today, "this season" the
-- 2026 outdoor season.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_cd = 'PS-3315'` on every table of every query (row-level security);
--   * `is_test = 0` on customers, visits and repair_jobs (office-training customers, their
--     training visits and jobs; their chemical readings are left out through their visit, their
--     contracts and seasonal services through the customer (directly or through the pool), their
--     invoices were all voided);
--   * `del_flg = 0` on routes, technicians, customers and pools (rows deleted in the app stay
--     with 1: a route and a technician keyed twice, customers merged into another record, pools of
--     merged customers and a pool keyed twice). Contracts, visits and seasonal services of a deleted
--     pool are left out through the pool (deleted pools have no repair jobs); merged customers carry no invoices.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * revenue = SUM(subtotal_amt) (pre-tax; total_amt = subtotal_amt + tax_amt) of invoices with
--     status_cd 'ISSUED' or 'PAID' (DRAFT and VOID are not revenue), dated by invoice_dt. inv_type
--     SERVICE (monthly contract billing, dated the last day of the month served), REPAIR (a
--     completed, non-warranty repair job, dated its completion) and SEASONAL (an opening or
--     closing done). A customer's type is customers.cust_type: RES (residential) or COM
--     (commercial: HOAs, hotels, swim clubs).
--   * AR / outstanding = SUM(total_amt) of ISSUED invoices; overdue = ISSUED with due_dt < today;
--     days to pay = DATEDIFF(day, invoice_dt, paid_dt) of PAID invoices, dated by paid_dt.
--   * a contract is active when status_cd = 'ACTIVE' (end_dt NULL: evergreen). MRR = SUM(
--     monthly_fee) of active contracts. Cancellations are dated by cancel_dt; cancel_reason is NULL
--     when the customer gave none. PAUSED contracts (winter pause of weekly service) are not active.
--   * visits: a weekly cleaning visit is scheduled for sched_dt; status_cd COMPLETED (visit_dt is
--     the day it was done, sometimes a day late), SKIPPED (the tech could not service: locked gate,
--     dog, weather; skip_reason NULL when not given) or CANCELLED (the customer called it off
--     ahead; not counted in skip rates). Completed visits are dated by visit_dt, skip rate = SKIPPED
--     / (COMPLETED + SKIPPED) of visits scheduled in the period. A visit's route and tech are
--     visits.route_id / visits.tech_id (who ran it that day); pools.route_id is the pool's route
--     now (some pools moved routes in July 2026).
--   * chemical readings are taken on completed visits, one per body of water (a COMBO pool/spa
--     gives a POOL and a SPA reading on the same visit; some visits have none), dated by the
--     visit's visit_dt. A reading is out of range when ph < 7.2 or ph > 7.8 or free_cl < 1.0;
--     ph is NULL when the strip was not read (then only free_cl decides).
--   * repair jobs: status OPEN, COMPLETED or CANCELLED; completed jobs are dated by completed_dt;
--     days to complete = DATEDIFF(day, opened_dt, completed_dt). pool_id is NULL on bench jobs (a
--     pump or heater brought to the shop). Repair revenue of a job = labor_amt + SUM(qty *
--     unit_price) of its parts; warranty jobs (is_warranty = 1) bill nothing (labor_amt 0, parts
--     at unit_price 0). Parts margin = SUM(qty * (unit_price - unit_cost)) on completed jobs.
--   * seasonal services: OPENING (spring) and CLOSING (autumn) per residential pool; done =
--     status_cd 'DONE' dated by done_dt; SCHEDULED with sched_dt < today is overdue; CANCELLED
--     are not done.
--   * a technician is active when term_dt IS NULL; new customer = customers.created_dt in the
--     period.
-- ============================================================================================

CREATE TABLE routes (
    co_cd           VARCHAR NOT NULL,
    route_id        INTEGER PRIMARY KEY,
    route_nm        VARCHAR NOT NULL,
    service_dow     VARCHAR NOT NULL,          -- MON .. FRI
    created_dt      DATE NOT NULL,
    del_flg         INTEGER NOT NULL           -- BIT
);

CREATE TABLE technicians (
    co_cd           VARCHAR NOT NULL,
    tech_id         INTEGER PRIMARY KEY,
    tech_nm         VARCHAR NOT NULL,
    home_route_id   INTEGER,                   -- NULL for the repair specialist
    skill_cd        VARCHAR NOT NULL,          -- CLEANER, SERVICE, REPAIR
    hire_dt         DATE NOT NULL,
    term_dt         DATE,
    hourly_rate     DECIMAL(8,2) NOT NULL,
    del_flg         INTEGER NOT NULL
);

CREATE TABLE customers (
    co_cd           VARCHAR NOT NULL,
    cust_id         INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type       VARCHAR NOT NULL,          -- RES, COM
    city            VARCHAR NOT NULL,
    created_dt      DATE NOT NULL,
    is_test         INTEGER NOT NULL,
    del_flg         INTEGER NOT NULL
);

CREATE TABLE pools (
    co_cd           VARCHAR NOT NULL,
    pool_id         INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    route_id        INTEGER NOT NULL,          -- the pool's route now
    body_type       VARCHAR NOT NULL,          -- POOL, SPA, COMBO
    gallons         INTEGER NOT NULL,
    sanitizer       VARCHAR NOT NULL,          -- CHLORINE, SALT
    is_indoor       INTEGER NOT NULL,          -- indoor pools are serviced all year
    del_flg         INTEGER NOT NULL
);

CREATE TABLE contracts (
    co_cd           VARCHAR NOT NULL,
    contract_id     INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    pool_id         INTEGER NOT NULL,
    plan_cd         VARCHAR NOT NULL,          -- FULL (weekly clean + chems), CHEM_ONLY, BIWEEKLY
    monthly_fee     DECIMAL(10,2) NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE,
    status_cd       VARCHAR NOT NULL,          -- ACTIVE, PAUSED, CANCELLED
    cancel_dt       DATE,
    cancel_reason   VARCHAR                    -- MOVED, PRICE, SERVICE, DIY, NULL = not given
);

CREATE TABLE visits (
    co_cd           VARCHAR NOT NULL,
    visit_id        INTEGER PRIMARY KEY,
    pool_id         INTEGER NOT NULL,
    route_id        INTEGER NOT NULL,
    tech_id         INTEGER NOT NULL,
    sched_dt        DATE NOT NULL,
    visit_dt        DATE,                      -- NULL unless COMPLETED
    status_cd       VARCHAR NOT NULL,          -- COMPLETED, SKIPPED, CANCELLED
    skip_reason     VARCHAR,                   -- LOCKED_GATE, DOG, WEATHER, NULL
    minutes_on_site INTEGER,                   -- NULL unless COMPLETED
    is_test         INTEGER NOT NULL
);

CREATE TABLE chem_readings (
    co_cd           VARCHAR NOT NULL,
    reading_id      INTEGER PRIMARY KEY,
    visit_id        INTEGER NOT NULL,
    body_cd         VARCHAR NOT NULL,          -- POOL, SPA
    free_cl         DECIMAL(4,1) NOT NULL,     -- ppm
    ph              DECIMAL(3,1),              -- NULL when not read
    alkalinity      INTEGER,
    cya             INTEGER,
    salt_ppm        INTEGER                    -- salt pools only
);

CREATE TABLE parts (
    co_cd           VARCHAR NOT NULL,
    part_id         INTEGER PRIMARY KEY,
    part_nm         VARCHAR NOT NULL,
    category        VARCHAR NOT NULL,          -- PUMP, FILTER, HEATER, PLUMBING, ELECTRICAL, LIGHTING
    unit_cost       DECIMAL(10,2) NOT NULL,
    list_price      DECIMAL(10,2) NOT NULL
);

CREATE TABLE repair_jobs (
    co_cd           VARCHAR NOT NULL,
    job_id          INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    pool_id         INTEGER,                   -- NULL on bench jobs
    tech_id         INTEGER NOT NULL,
    job_type        VARCHAR NOT NULL,          -- PUMP, FILTER, HEATER, LEAK, LIGHT, AUTOMATION
    opened_dt       DATE NOT NULL,
    completed_dt    DATE,
    status_cd       VARCHAR NOT NULL,          -- OPEN, COMPLETED, CANCELLED
    labor_hrs       DECIMAL(5,1) NOT NULL,
    labor_amt       DECIMAL(10,2) NOT NULL,
    is_warranty     INTEGER NOT NULL,
    is_test         INTEGER NOT NULL
);

CREATE TABLE job_parts (
    co_cd           VARCHAR NOT NULL,
    job_part_id     INTEGER PRIMARY KEY,
    job_id          INTEGER NOT NULL,
    part_id         INTEGER NOT NULL,
    qty             INTEGER NOT NULL,
    unit_price      DECIMAL(10,2) NOT NULL,    -- price billed (0 on warranty jobs)
    unit_cost       DECIMAL(10,2) NOT NULL
);

CREATE TABLE seasonal_svcs (
    co_cd           VARCHAR NOT NULL,
    svc_id          INTEGER PRIMARY KEY,
    pool_id         INTEGER NOT NULL,
    svc_type        VARCHAR NOT NULL,          -- OPENING, CLOSING
    season_yr       INTEGER NOT NULL,
    sched_dt        DATE NOT NULL,
    done_dt         DATE,
    status_cd       VARCHAR NOT NULL,          -- SCHEDULED, DONE, CANCELLED
    price           DECIMAL(10,2) NOT NULL
);

CREATE TABLE invoices (
    co_cd           VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    inv_type        VARCHAR NOT NULL,          -- SERVICE, REPAIR, SEASONAL
    invoice_dt      DATE NOT NULL,
    due_dt          DATE NOT NULL,
    subtotal_amt    DECIMAL(12,2) NOT NULL,
    tax_amt         DECIMAL(12,2) NOT NULL,
    total_amt       DECIMAL(12,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- DRAFT, ISSUED, PAID, VOID
    paid_dt         DATE
);
