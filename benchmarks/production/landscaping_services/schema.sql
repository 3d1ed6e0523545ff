-- ============================================================================================
-- landscaping_services: the warehouse of a landscaping and grounds-maintenance platform
-- (DuckDB DDL for labelling)
--
-- Company: "GroundsIQ" sells scheduling, crew-routing, estimating, invoicing and snow-dispatch
-- software to landscaping companies. Every company is a tenant of one shared Postgres warehouse
-- (schema `grounds`), every table keyed by company_id. The deployment here is company 4417,
-- Cedar & Stone Landscape Co. (suburban Chicago), with branches Naperville, Wheaton, Joliet,
-- Oswego (opened 2026-10-01; its only hire has already left, so no current crew) and Elgin
-- (closed at the end of 2025 and soft-deleted, its 2024-2025 history kept, no rows dated after
-- 2025). Other tenants in the
-- warehouse: company 3302 (Prairie Lawn Pros) and company 5120 (Lakeshore Grounds).
--
-- Warehouse: PostgreSQL 15 (date_trunc, INTERVAL '1 month' literals, current_date, extract /
-- date_part, to_char, ::casts, COUNT(*) FILTER (WHERE ..), DISTINCT ON, date - date = integer
-- days; `/` between integers is integer division, as in Postgres). Money is stored in integer
-- cents (*_cents); divide by 100.0 for dollars. The agent writes dialect `postgres`.
-- Agent: `turf-sql`, versions 5.0, 5.1 and 5.2, deployed for company 4417.
-- Log window: 2026-11-02 to 2026-11-25. The warehouse snapshot used here was loaded through
-- 2026-10-31: nothing completed, invoiced, paid, fuelled or pushed after that day; visits
-- already scheduled for November (SCHEDULED), PENDING contracts that start later and
-- open invoices run on. So "last month" is October 2026, "last quarter" July-September 2026,
-- "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the six whole months
-- May-October 2026, "last 12 months" November 2025 - October 2026, "rn" / "currently" the state
-- at the last load. The snow season runs from November 1 to April 30: "last season" / "last
-- winter" is 2025-11-01 to 2026-04-30 (the 2026-27 season has no storm yet); the mowing season
-- is April-November.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `company_id = 4417` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `test_flg = 0` on properties, visits and invoices: the office's training
--     property 'DEMO - Training Yard' (prop_id 9999) with its visits and invoices. Its
--     maintenance contract (ACTIVE, BIWEEKLY) carries no flag of its own: contracts are
--     excluded only through properties (join properties and keep test_flg = 0). The demo
--     property has no projects, complaints or snow pushes;
--   * voids: `is_void = false` on invoices (invoices raised in error and re-issued);
--   * soft deletes: `deleted_at IS NULL` on branches (closed Elgin), properties (duplicate
--     customer records merged into the surviving one, whose contracts, visits and invoices were
--     moved to it; the duplicates carry nothing) and crew_members (a profile keyed twice).
--     These matter where that table is the population counted or listed ("per branch incl.
--     empty ones", "how many properties", "crew headcount").
--
-- Business conventions of the company (what a careful analyst would apply):
--   * properties: one row per serviced property; the customer is cust_nm (unique within a company:
--     one customer, one property); prop_type 'RES' (residential)
--     or 'COM' (commercial: offices, retail centres, HOAs' common grounds). branch_id is the
--     branch that serves it. A "customer" / "client" is a property.
--   * contracts: recurring maintenance contracts, one row per contract term. visit_freq
--     'WEEKLY', 'BIWEEKLY' or 'MONTHLY'; svc_tier 'BASIC', 'STANDARD', 'PREMIUM'. status
--     'PENDING' (signed, starts later), 'ACTIVE', 'CANCELLED' (cancel_dt set) or 'EXPIRED'
--     (term ended, renewed under a new row or not). "Active contracts" = status 'ACTIVE' (the
--     status is maintained nightly). "New contracts" / "contracts sold" are dated by signed_dt
--     (start_dt is when service begins, often weeks later). MRR = SUM(monthly_fee_cents) / 100.0
--     of ACTIVE contracts. "Active customers" = properties with an ACTIVE contract.
--   * visits: one row per scheduled crew visit. visit_kind 'ROUTINE' (a contract visit) or
--     'REVISIT' (a free re-visit to fix a complaint; contract_id is NULL on re-visits).
--     visit_status 'SCHEDULED' (upcoming), 'COMPLETED', 'SKIPPED' (not done for a reason:
--     skip_rsn 'RAIN', 'CUST_REQ' (customer asked), 'DROUGHT' (grass dormant), 'CREW_SHORT',
--     'EQUIP_DOWN'; NULL when the foreman gave none) or 'MISSED' (the "no-show": the crew never
--     came and no skip was recorded). Visits are dated by sched_dt; compl_dt is the day it was
--     actually done (set on COMPLETED only). "On time" = completed with compl_dt = sched_dt.
--     Skip rate = SKIPPED / (COMPLETED + SKIPPED + MISSED) visits, as a percentage;
--     completion rate likewise with COMPLETED. labor_min = total crew-minutes on site
--     (crew size x minutes), set on COMPLETED visits; "labor hours" = labor_min / 60.0.
--     crew_cd is the crew sent (e.g. 'NAP-M1'); crews are known by their codes.
--   * crew_members: role_cd 'FOREMAN', 'TECH', 'LABORER', 'OPERATOR', 'IRRIG_TECH'; hrly_rate
--     in dollars; crew_cd NULL for floaters; "current" / "active" crew = term_dt IS NULL (and
--     not deleted). branch_id is the member's home branch.
--   * projects: one-off jobs, one row per estimate. proj_type 'INSTALL' (planting, sod),
--     'HARDSCAPE' (patios, walls), 'IRRIG' (irrigation systems), 'DRAINAGE'. proj_status
--     'QUOTED' (estimate out, no decision), 'LOST', 'SOLD', 'IN_PROGRESS', 'COMPLETE',
--     'CANCELLED' (sold, then cancelled). est_amt_cents is the estimate; estimates are dated by
--     est_sent_dt; sold_dt is set once the customer accepted (SOLD, IN_PROGRESS, COMPLETE,
--     CANCELLED). Win rate = sold / (sold + LOST) estimates, decided ones only (open QUOTED
--     estimates left out), as a percentage, by est_sent_dt.
--   * change_orders: chg_status 'APPROVED', 'PENDING' or 'REJECTED'; chg_amt_cents is negative
--     for credits. "Change orders" in money = approved ones only, dated by approved_dt. A
--     project's contract value = est_amt_cents + its approved change orders.
--   * invoices: one row per invoice; inv_type 'MAINT' (monthly contract billing), 'PROJECT',
--     'SNOW' (per-push billing, monthly), 'EXTRA' (add-on work). amt_cents is before tax,
--     tax_cents the sales tax. Revenue = SUM(amt_cents) / 100.0 of non-void, non-test invoices
--     dated by inv_dt (tax excluded; open and written-off invoices included: revenue is what was
--     billed). inv_status 'OPEN', 'PAID' (paid_dt set) or 'WRITTEN_OFF'. Cash collected =
--     SUM(amt_cents + tax_cents) / 100.0 of PAID invoices dated by paid_dt. Past due = OPEN
--     with due_dt < today; "N days past due" counts from due_dt. An invoice's branch is its
--     property's branch.
--   * material_orders: orders to suppliers, for a project (proj_id) or branch stock (proj_id
--     NULL). mat_cat 'PLANTS', 'MULCH', 'STONE', 'IRRIG_PARTS', 'FERTILIZER', 'SALT'; qty units
--     at unit_cost_cents each. Material spend = SUM(qty * unit_cost_cents) / 100.0 of orders
--     not CANCELLED (mo_status 'ORDERED', 'RECEIVED', 'CANCELLED'), dated by order_dt.
--   * fuel_logs: one row per fill-up of a piece of equipment (equip_id such as 'TRK-07',
--     equip_type 'TRUCK', 'MOWER', 'PLOW_TRUCK', 'SKID_STEER', 'HANDHELD'); gallons and
--     cost_cents; emp_id NULL when filled at the yard pump by the mechanic. Fuel spend =
--     SUM(cost_cents) / 100.0 by fill_ts.
--   * snow_pushes: one row per push (a plow, salt or walks pass) at a property during a storm
--     (storm_id, storm_dt = the day the storm began, snow_in its accumulation). billable_yn 'Y'
--     when billed per push at rate_cents; 'N' for properties on a seasonal snow contract (the
--     push is covered, rate_cents still shows the list price). Snow billing = SUM(rate_cents) /
--     100.0 of billable pushes, dated by push_ts (a push's branch is its property's branch).
--   * complaints: one row per customer complaint; cmpl_cat 'MISSED_VISIT', 'QUALITY', 'DAMAGE',
--     'BILLING', 'SNOW'; dated by opened_ts; resolved_ts NULL while open. revisit_req_yn = 'Y'
--     when the customer asked for a re-visit (some are settled with a credit instead);
--     revisit_visit_id is set when a re-visit was actually booked: a complaint "led to" /
--     "needed" a re-visit when revisit_visit_id IS NOT NULL. Days to resolve =
--     resolved_ts::date - opened_ts::date, resolved complaints only.
-- ============================================================================================

CREATE TABLE branches (
    company_id     INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,      -- unique across the platform
    branch_nm      VARCHAR NOT NULL,
    state_cd       VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed branch, history kept
);

CREATE TABLE crew_members (
    company_id     INTEGER NOT NULL,
    emp_id         INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,      -- home branch
    crew_cd        VARCHAR,               -- e.g. 'NAP-M1'; NULL for floaters
    emp_nm         VARCHAR NOT NULL,
    role_cd        VARCHAR NOT NULL,      -- 'FOREMAN', 'TECH', 'LABORER', 'OPERATOR', 'IRRIG_TECH'
    hrly_rate      DECIMAL(6,2) NOT NULL, -- dollars per hour
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE properties (
    company_id     INTEGER NOT NULL,
    prop_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    prop_type      VARCHAR NOT NULL,      -- 'RES', 'COM'
    addr_city      VARCHAR NOT NULL,
    lot_sqft       INTEGER,               -- NULL when not measured
    cust_since_dt  DATE NOT NULL,
    test_flg       SMALLINT NOT NULL,     -- 1 = training property
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE contracts (
    company_id         INTEGER NOT NULL,
    contract_id        INTEGER NOT NULL,
    prop_id            INTEGER NOT NULL,
    svc_tier           VARCHAR NOT NULL,  -- 'BASIC', 'STANDARD', 'PREMIUM'
    visit_freq         VARCHAR NOT NULL,  -- 'WEEKLY', 'BIWEEKLY', 'MONTHLY'
    signed_dt          DATE NOT NULL,
    start_dt           DATE NOT NULL,
    end_dt             DATE NOT NULL,
    monthly_fee_cents  INTEGER NOT NULL,
    status             VARCHAR NOT NULL,  -- 'PENDING', 'ACTIVE', 'CANCELLED', 'EXPIRED'
    cancel_dt          DATE
);

CREATE TABLE visits (
    company_id     INTEGER NOT NULL,
    visit_id       BIGINT NOT NULL,
    contract_id    INTEGER,               -- NULL on REVISIT visits
    prop_id        INTEGER NOT NULL,
    crew_cd        VARCHAR NOT NULL,
    sched_dt       DATE NOT NULL,
    visit_kind     VARCHAR NOT NULL,      -- 'ROUTINE', 'REVISIT'
    visit_status   VARCHAR NOT NULL,      -- 'SCHEDULED', 'COMPLETED', 'SKIPPED', 'MISSED'
    skip_rsn       VARCHAR,               -- 'RAIN', 'CUST_REQ', 'DROUGHT', 'CREW_SHORT', 'EQUIP_DOWN'; NULL when none given
    compl_dt       DATE,                  -- set on COMPLETED
    labor_min      INTEGER,               -- crew-minutes on site, COMPLETED only
    test_flg       SMALLINT NOT NULL
);

CREATE TABLE projects (
    company_id     INTEGER NOT NULL,
    proj_id        INTEGER NOT NULL,
    prop_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    proj_type      VARCHAR NOT NULL,      -- 'INSTALL', 'HARDSCAPE', 'IRRIG', 'DRAINAGE'
    proj_nm        VARCHAR NOT NULL,
    est_amt_cents  INTEGER NOT NULL,
    est_sent_dt    DATE NOT NULL,
    sold_dt        DATE,
    start_dt       DATE,
    compl_dt       DATE,
    proj_status    VARCHAR NOT NULL       -- 'QUOTED', 'LOST', 'SOLD', 'IN_PROGRESS', 'COMPLETE', 'CANCELLED'
);

CREATE TABLE change_orders (
    company_id     INTEGER NOT NULL,
    chg_id         INTEGER NOT NULL,
    proj_id        INTEGER NOT NULL,
    chg_desc       VARCHAR NOT NULL,
    chg_amt_cents  INTEGER NOT NULL,      -- negative for credits
    chg_status     VARCHAR NOT NULL,      -- 'APPROVED', 'PENDING', 'REJECTED'
    created_dt     DATE NOT NULL,
    approved_dt    DATE
);

CREATE TABLE invoices (
    company_id     INTEGER NOT NULL,
    inv_id         BIGINT NOT NULL,
    prop_id        INTEGER NOT NULL,
    inv_type       VARCHAR NOT NULL,      -- 'MAINT', 'PROJECT', 'SNOW', 'EXTRA'
    contract_id    INTEGER,
    proj_id        INTEGER,
    inv_dt         DATE NOT NULL,
    due_dt         DATE NOT NULL,
    amt_cents      INTEGER NOT NULL,      -- before tax
    tax_cents      INTEGER NOT NULL,
    inv_status     VARCHAR NOT NULL,      -- 'OPEN', 'PAID', 'WRITTEN_OFF'
    paid_dt        DATE,
    is_void        BOOLEAN NOT NULL,
    test_flg       SMALLINT NOT NULL
);

CREATE TABLE material_orders (
    company_id       INTEGER NOT NULL,
    mo_id            INTEGER NOT NULL,
    branch_id        INTEGER NOT NULL,
    proj_id          INTEGER,             -- NULL for branch stock
    supplier_nm      VARCHAR NOT NULL,
    mat_cat          VARCHAR NOT NULL,    -- 'PLANTS', 'MULCH', 'STONE', 'IRRIG_PARTS', 'FERTILIZER', 'SALT'
    qty              DECIMAL(8,2) NOT NULL,
    unit_cost_cents  INTEGER NOT NULL,
    order_dt         DATE NOT NULL,
    recv_dt          DATE,
    mo_status        VARCHAR NOT NULL     -- 'ORDERED', 'RECEIVED', 'CANCELLED'
);

CREATE TABLE fuel_logs (
    company_id     INTEGER NOT NULL,
    fuel_id        BIGINT NOT NULL,
    branch_id      INTEGER NOT NULL,
    equip_id       VARCHAR NOT NULL,      -- e.g. 'TRK-07', 'MWR-12'
    equip_type     VARCHAR NOT NULL,      -- 'TRUCK', 'MOWER', 'PLOW_TRUCK', 'SKID_STEER', 'HANDHELD'
    fill_ts        TIMESTAMP NOT NULL,
    gallons        DECIMAL(6,2) NOT NULL,
    cost_cents     INTEGER NOT NULL,
    emp_id         INTEGER                -- NULL when filled by the yard mechanic
);

CREATE TABLE snow_pushes (
    company_id     INTEGER NOT NULL,
    push_id        BIGINT NOT NULL,
    storm_id       INTEGER NOT NULL,
    storm_dt       DATE NOT NULL,         -- the day the storm began
    snow_in        DECIMAL(4,1) NOT NULL, -- the storm's accumulation, inches
    prop_id        INTEGER NOT NULL,
    crew_cd        VARCHAR NOT NULL,
    push_ts        TIMESTAMP NOT NULL,
    push_type      VARCHAR NOT NULL,      -- 'PLOW', 'SALT', 'WALKS'
    rate_cents     INTEGER NOT NULL,      -- per-push price (list price when not billable)
    billable_yn    VARCHAR NOT NULL       -- 'Y' billed per push, 'N' covered by a seasonal contract
);

CREATE TABLE complaints (
    company_id       INTEGER NOT NULL,
    cmpl_id          INTEGER NOT NULL,
    prop_id          INTEGER NOT NULL,
    visit_id         BIGINT,              -- the visit complained about, when there is one
    cmpl_cat         VARCHAR NOT NULL,    -- 'MISSED_VISIT', 'QUALITY', 'DAMAGE', 'BILLING', 'SNOW'
    opened_ts        TIMESTAMP NOT NULL,
    resolved_ts      TIMESTAMP,           -- NULL while open
    revisit_req_yn   VARCHAR NOT NULL,    -- 'Y' the customer asked for a re-visit
    revisit_visit_id BIGINT               -- the re-visit actually booked
);
