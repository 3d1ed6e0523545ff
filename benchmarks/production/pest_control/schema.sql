-- ============================================================================================
-- pest_control: the operations warehouse of a pest-control franchise platform (DuckDB DDL for
-- labelling)
--
-- Company: "Pestline" runs scheduling, routing, chemical-use records, inspections and billing
-- for pest-control franchisees. Every franchisee is a tenant of one shared analytics warehouse:
-- its branches, technicians (each works one route), residential and commercial customers,
-- service plans (recurring general-pest, termite, mosquito and rodent contracts with a monthly
-- fee), plan cancellations, service visits (initial treatments, routine plan treatments,
-- callbacks and one-time jobs), the chemical products and the quantities applied on each visit,
-- inspections and their findings, invoices and payments, all keyed by franchise_id.
--
-- Warehouse: Apache Spark 3.x SQL (date_trunc('MONTH', ...), add_months, date_sub/date_add,
-- datediff(end, start), months_between, count_if; no QUALIFY: the agent uses ROW_NUMBER() in a
-- subquery; `/` is always fractional division). The agent writes dialect `spark`.
-- Agent: `pest-iq`, versions 3.1, 3.2 and 3.3, deployed for franchise 'FR-0623'
-- ("Gulf Coast Pest Defense", four branches around Tampa Bay).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded nightly (future visits are
-- already booked). Relative dates are read against the record's timestamp: "last month" is
-- October 2026, "this month" November 2026 to date, "last quarter" / "Q3" July-September 2026,
-- "this year" / "ytd" 2026 to date, "last 12 months" the twelve whole months November 2025 -
-- October 2026, "next week" the Monday-Sunday week after the record's week, "this season" /
-- "pest season" April 1 - October 31 2026 (the company's peak season).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `franchise_id = 'FR-0623'` on every table of every query (row-level security);
--   * test data: `is_test = false` on customers and services (training bookings made on test
--     customers; their visits carry is_test too, and they are never invoiced);
--   * soft deletes: `deleted_at IS NULL` on customers. A deleted customer is a duplicate merged
--     into another record: its plans, visits and invoices were moved to the surviving customer,
--     so the guard only matters where customers themselves are counted or listed.
--
-- Business conventions at this franchise (what a careful analyst would apply):
--   * revenue = SUM(invoices.subtotal_amt) (pre-tax) over invoices with status 'OPEN' or 'PAID'
--     (DRAFT was never sent, VOID was cancelled), dated by inv_dt. Plan billing invoices carry
--     plan_id and no service_id; one-time and initial treatments are invoiced per visit
--     (service_id, and plan_id when the visit belongs to a plan).
--   * AR / outstanding = SUM(subtotal_amt + tax_amt) of invoices with status 'OPEN'; "over N
--     days" = due_dt more than N days before today.
--   * days to pay = datediff(paid_dt, inv_dt) over PAID invoices, dated by paid_dt.
--   * cash collected = SUM(payments.amount) of payments with status 'SETTLED', dated by paid_ts
--     (FAILED attempts and REFUNDED payments are not cash).
--   * a visit (stop, service, treatment) is a services row; visits are dated by service_dt (the
--     day it was or is to be done), never by booked_ts. Completed = status 'COMPLETED';
--     no-show / no-access = status 'NO_ACCESS' (the technician could not get in); CANCELLED
--     visits never happened. No-access rate = NO_ACCESS / (COMPLETED + NO_ACCESS).
--   * callback = service_type 'CALLBACK' (the customer called back: pests returned between
--     scheduled treatments; a free re-treatment pointing to the visit it redoes through
--     orig_service_id). Callback rate = completed callbacks / all completed visits. A callback is
--     charged to the technician of the original visit.
--   * active plan = status 'ACTIVE' and (end_dt IS NULL or end_dt >= today): status is refreshed
--     monthly, so a plan past its end_dt may still read 'ACTIVE'. MRR = SUM(monthly_fee) of
--     active plans.
--   * a cancellation counts when it is not saved (is_saved = false: retention talked the
--     customer into staying, the plan is still active); it is dated by effective_dt.
--   * chemical quantities are in the product's unit_cd and only add up per product; chemical
--     cost = SUM(qty_applied * unit_cost). Chemical use is dated by the visit's service_dt.
--     RUP = restricted-use pesticide (chemicals.is_restricted_use): applied by licensed techs
--     only.
--   * an inspection "found activity" when it has at least one finding of type 'ACTIVITY' (live
--     pests); 'DAMAGE' and 'CONDUCIVE' (conditions that invite pests) are not activity. WDO =
--     wood-destroying-organism (termite) inspection.
--   * active technician = term_dt IS NULL; route = technicians.route_cd.
--   * a customer's branch is customers.branch_id; region is branches.region_cd.
--   * repeat customer = a customer with two or more completed visits in the period.
-- ============================================================================================

CREATE TABLE branches (
    franchise_id    VARCHAR NOT NULL,
    branch_id       INTEGER PRIMARY KEY,
    branch_nm       VARCHAR NOT NULL,
    region_cd       VARCHAR NOT NULL,          -- NORTH, SOUTH, COAST
    opened_dt       DATE NOT NULL
);

CREATE TABLE technicians (
    franchise_id    VARCHAR NOT NULL,
    tech_id         INTEGER PRIMARY KEY,
    tech_nm         VARCHAR NOT NULL,
    branch_id       INTEGER NOT NULL,
    route_cd        VARCHAR NOT NULL,          -- the route the tech works, e.g. 'TPN-1'
    license_no      VARCHAR,                   -- state applicator licence; NULL for apprentices
    hire_dt         DATE NOT NULL,
    term_dt         DATE                       -- NULL while employed
);

CREATE TABLE customers (
    franchise_id    VARCHAR NOT NULL,
    customer_id     INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type       VARCHAR NOT NULL,          -- RES residential, COM commercial
    branch_id       INTEGER NOT NULL,
    city_nm         VARCHAR,
    created_at      TIMESTAMP NOT NULL,        -- signup
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP                  -- soft delete (merged duplicate)
);

CREATE TABLE service_plans (
    franchise_id    VARCHAR NOT NULL,
    plan_id         INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    plan_type       VARCHAR NOT NULL,          -- GENERAL, TERMITE, MOSQUITO, RODENT
    frequency_cd    VARCHAR NOT NULL,          -- MONTHLY, BIMONTHLY, QUARTERLY
    monthly_fee     DECIMAL(8,2) NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE,                      -- NULL: auto-renewing
    status          VARCHAR NOT NULL           -- ACTIVE, CANCELLED, EXPIRED
);

CREATE TABLE plan_cancellations (
    franchise_id    VARCHAR NOT NULL,
    cancel_id       INTEGER PRIMARY KEY,
    plan_id         INTEGER NOT NULL,
    requested_dt    DATE NOT NULL,
    effective_dt    DATE NOT NULL,
    reason_cd       VARCHAR NOT NULL,          -- PRICE, MOVED, NO_PESTS, DISSATISFIED, COMPETITOR, OTHER
    is_saved        BOOLEAN NOT NULL           -- retention kept the customer: not a cancellation
);

CREATE TABLE services (
    franchise_id    VARCHAR NOT NULL,
    service_id      INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    plan_id         INTEGER,                   -- NULL: one-time job
    tech_id         INTEGER,                   -- NULL: not yet assigned
    service_type    VARCHAR NOT NULL,          -- INITIAL, ROUTINE, CALLBACK, ONE_TIME
    target_pest     VARCHAR NOT NULL,          -- ANTS, ROACHES, RODENTS, TERMITES, MOSQUITOES, BED_BUGS, SPIDERS
    booked_ts       TIMESTAMP NOT NULL,
    service_dt      DATE NOT NULL,
    status          VARCHAR NOT NULL,          -- SCHEDULED, COMPLETED, NO_ACCESS, CANCELLED
    duration_min    INTEGER,                   -- on-site minutes, completed visits only
    orig_service_id INTEGER,                   -- callbacks: the visit being redone
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE chemicals (
    franchise_id      VARCHAR NOT NULL,
    product_id        INTEGER PRIMARY KEY,
    product_nm        VARCHAR NOT NULL,
    active_ingredient VARCHAR NOT NULL,
    unit_cd           VARCHAR NOT NULL,        -- OZ, GAL, LB
    unit_cost         DECIMAL(8,2) NOT NULL,
    is_restricted_use BOOLEAN NOT NULL         -- RUP
);

CREATE TABLE chemical_applications (
    franchise_id    VARCHAR NOT NULL,
    application_id  INTEGER PRIMARY KEY,
    service_id      INTEGER NOT NULL,
    product_id      INTEGER NOT NULL,
    qty_applied     DECIMAL(8,2) NOT NULL,     -- in the product's unit_cd
    area_cd         VARCHAR NOT NULL           -- INTERIOR, PERIMETER, CRAWLSPACE, YARD
);

CREATE TABLE inspections (
    franchise_id    VARCHAR NOT NULL,
    inspection_id   INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    tech_id         INTEGER NOT NULL,
    inspection_dt   DATE NOT NULL,
    inspection_type VARCHAR NOT NULL           -- WDO, GENERAL, RODENT
);

CREATE TABLE inspection_findings (
    franchise_id    VARCHAR NOT NULL,
    finding_id      INTEGER PRIMARY KEY,
    inspection_id   INTEGER NOT NULL,
    finding_type    VARCHAR NOT NULL,          -- ACTIVITY, DAMAGE, CONDUCIVE
    pest_cd         VARCHAR,                   -- NULL for conducive conditions
    severity        VARCHAR NOT NULL           -- LOW, MEDIUM, HIGH
);

CREATE TABLE invoices (
    franchise_id    VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    plan_id         INTEGER,                   -- plan billing, or a plan's initial treatment
    service_id      INTEGER,                   -- per-visit invoices; NULL for plan billing
    inv_dt          DATE NOT NULL,
    due_dt          DATE NOT NULL,
    subtotal_amt    DECIMAL(10,2) NOT NULL,
    tax_amt         DECIMAL(10,2) NOT NULL,
    status          VARCHAR NOT NULL,          -- DRAFT, OPEN, PAID, VOID
    paid_dt         DATE
);

CREATE TABLE payments (
    franchise_id    VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    invoice_id      INTEGER NOT NULL,
    paid_ts         TIMESTAMP NOT NULL,
    amount          DECIMAL(10,2) NOT NULL,
    method_cd       VARCHAR NOT NULL,          -- CARD, ACH, CHECK, CASH
    status          VARCHAR NOT NULL           -- SETTLED, FAILED, REFUNDED
);
