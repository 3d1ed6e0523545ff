-- ============================================================================================
-- laundry_services: the warehouse of a commercial laundry and linen service platform (DuckDB DDL
-- for labelling)
--
-- Company: "LinenLoop" runs route, plant and billing software for commercial laundries that rent
-- and wash linen for hotels, hospitals and restaurants. Each laundry operator is a tenant of one
-- shared analytics warehouse: its plants, customer accounts, service contracts (price per pound),
-- the linen catalogue, par levels (the linen pool each account is stocked to), delivery routes
-- and their stops (soiled pickups and clean deliveries), wash batches processed at each plant,
-- lost-linen charges and invoices, all keyed by operator_id.
--
-- Warehouse: Databricks SQL (Spark SQL: CTEs, window functions, QUALIFY, count_if, median,
-- percentile, datediff(end, start), add_months, date_trunc('MONTH', ...) returning a timestamp;
-- `/` is always decimal division). The agent writes dialect `databricks`.
-- Agent: `linen-analyst`, versions 3.1, 3.2 and 3.3, deployed for operator 'OP-118'
-- ("Bayshore Linen Services", three plants and a fourth opened in September 2026).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01. So "last
-- month" is October 2026, "this quarter" Q4 2026 to date (from 2026-10-01), "last quarter" /
-- "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025, "next 60 days"
-- today to today + 60 days (today = the record's date).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 'OP-118'` on every table of every query (row-level security);
--   * test accounts: `accounts.is_test = false`. Sales demo accounts are real rows with stops on
--     real routes and contracts at demo prices (they are never invoiced); their stops and
--     contracts are excluded through the account;
--   * soft deletes: `deleted_at IS NULL` on accounts (duplicate account records merged away;
--     they carry no activity) and on invoices (invoices deleted in the app);
--   * test batches: `production_batches.is_test = false` (machine calibration and chemistry test
--     loads, and loads run for demo accounts, are flagged on the batch itself).
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * pounds (lbs) processed = SUM(production_batches.lbs_processed) over non-test batches,
--     dated by process_dt, per plant by the batch's plant_id. A batch is one wash load of one
--     linen category (SHEET, TOWEL, TABLE, SCRUB, GOWN) for one account.
--   * rewash rate = SUM(rewash_pieces) / SUM(pieces); reject rate = SUM(reject_pieces) /
--     SUM(pieces) (pieces ratios over the batches, never an average of per-batch ratios; a rate
--     may be shown as a fraction or a percentage, a "%" asked is a percentage).
--   * pickups = route_stops with stop_type 'PICKUP', deliveries = stop_type 'DELIVERY'; a stop
--     counts when stop_status = 'COMPLETED'; MISSED stops were due and not made; CANCELLED stops
--     were called off by the account and count nowhere. Stops are dated by sched_dt.
--     soiled_lbs is the weight picked up at a completed pickup (NULL otherwise);
--     pieces_delivered the clean pieces of a completed delivery (NULL otherwise).
--   * on-time delivery rate = completed deliveries with arrived_ts <= window_end_ts / (completed
--     + missed deliveries); a missed delivery is late.
--   * route = routes.route_cd; a stop's driver is its route's driver_nm; active route =
--     routes.is_active.
--   * active contract = status 'active' and end_dt >= today (status is refreshed monthly, so a
--     contract past its end_dt may still read 'active'). An account may hold two contracts at
--     once (linen and scrubs / uniforms). Active account = a non-test, non-deleted account with
--     an active contract. Expiring contracts are active contracts by end_dt.
--   * current par level = the par_levels row with the latest effective_dt <= today for each
--     account and item (par_levels is a history: every change adds a row).
--   * linen lost = SUM(qty_lost) over every lost_linen_charges row (waived and disputed too: the
--     linen is gone); lost-linen charges (money) = SUM(charge_amt) of status_cd 'BILLED'. Rows
--     with item_sku NULL are unidentified losses (a bag counted short, item unknown).
--     Charges are dated by charge_dt.
--   * revenue = SUM(invoices.subtotal_amt) (pre-tax; wash service and billed lost linen) over
--     invoices with status_cd 'ISSUED' or 'PAID' (DRAFT and VOID are not revenue), dated by
--     invoice_dt. total_amt = subtotal + tax.
--   * AR (accounts receivable, outstanding) = SUM(total_amt) of ISSUED invoices; overdue =
--     ISSUED with due_dt < today; "more than 30 days overdue" = due_dt < today - 30 days.
--   * days to pay = datediff(paid_dt, invoice_dt) over PAID invoices, dated by paid_dt.
--   * segment = accounts.segment_cd (HOTEL, HOSP hospital / healthcare, REST restaurant); new
--     accounts are dated by accounts.created_at.
-- ============================================================================================

CREATE TABLE plants (
    operator_id       VARCHAR NOT NULL,
    plant_id          INTEGER PRIMARY KEY,
    plant_nm          VARCHAR NOT NULL,
    region_cd         VARCHAR NOT NULL,        -- NORTH, SOUTH, EAST
    capacity_lbs_day  INTEGER NOT NULL,
    opened_dt         DATE NOT NULL
);

CREATE TABLE accounts (
    operator_id     VARCHAR NOT NULL,
    account_id      INTEGER PRIMARY KEY,
    account_nm      VARCHAR NOT NULL,
    segment_cd      VARCHAR NOT NULL,          -- HOTEL, HOSP, REST
    home_plant_id   INTEGER NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    is_test         BOOLEAN NOT NULL,          -- sales demo accounts
    deleted_at      TIMESTAMP                  -- soft delete (merged duplicates)
);

CREATE TABLE contracts (
    operator_id     VARCHAR NOT NULL,
    contract_id     INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    contract_type   VARCHAR NOT NULL,          -- LINEN, UNIFORM
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,
    price_per_lb    DECIMAL(6,3) NOT NULL,
    status          VARCHAR NOT NULL,          -- active, expired, cancelled
    cancelled_dt    DATE
);

CREATE TABLE linen_items (
    operator_id       VARCHAR NOT NULL,
    item_sku          VARCHAR PRIMARY KEY,
    item_desc         VARCHAR NOT NULL,
    category_cd       VARCHAR NOT NULL,        -- SHEET, TOWEL, TABLE, SCRUB, GOWN
    replacement_cost  DECIMAL(8,2) NOT NULL
);

CREATE TABLE par_levels (
    operator_id     VARCHAR NOT NULL,
    par_id          INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    item_sku        VARCHAR NOT NULL,
    par_qty         INTEGER NOT NULL,
    effective_dt    DATE NOT NULL
);

CREATE TABLE routes (
    operator_id     VARCHAR NOT NULL,
    route_id        INTEGER PRIMARY KEY,
    route_cd        VARCHAR NOT NULL,
    plant_id        INTEGER NOT NULL,
    driver_nm       VARCHAR NOT NULL,
    is_active       BOOLEAN NOT NULL
);

CREATE TABLE route_stops (
    operator_id       VARCHAR NOT NULL,
    stop_id           INTEGER PRIMARY KEY,
    route_id          INTEGER NOT NULL,
    account_id        INTEGER NOT NULL,
    stop_type         VARCHAR NOT NULL,        -- PICKUP, DELIVERY
    sched_dt          DATE NOT NULL,
    window_end_ts     TIMESTAMP NOT NULL,      -- end of the promised delivery / pickup window
    arrived_ts        TIMESTAMP,
    stop_status       VARCHAR NOT NULL,        -- SCHEDULED, COMPLETED, MISSED, CANCELLED
    soiled_lbs        DECIMAL(8,1),            -- completed pickups only
    pieces_delivered  INTEGER                  -- completed deliveries only
);

CREATE TABLE production_batches (
    operator_id     VARCHAR NOT NULL,
    batch_id        INTEGER PRIMARY KEY,
    plant_id        INTEGER NOT NULL,
    account_id      INTEGER NOT NULL,
    category_cd     VARCHAR NOT NULL,          -- SHEET, TOWEL, TABLE, SCRUB, GOWN
    process_dt      DATE NOT NULL,
    lbs_processed   DECIMAL(8,1) NOT NULL,
    pieces          INTEGER NOT NULL,
    rewash_pieces   INTEGER NOT NULL,          -- pieces sent back through the wash (stains)
    reject_pieces   INTEGER NOT NULL,          -- pieces pulled from circulation (torn, worn)
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE lost_linen_charges (
    operator_id     VARCHAR NOT NULL,
    charge_id       INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    item_sku        VARCHAR,                   -- NULL: unidentified loss
    charge_dt       DATE NOT NULL,
    qty_lost        INTEGER NOT NULL,
    charge_amt      DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL           -- BILLED, WAIVED, DISPUTED
);

CREATE TABLE invoices (
    operator_id     VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    contract_id     INTEGER NOT NULL,
    invoice_dt      DATE NOT NULL,
    due_dt          DATE NOT NULL,
    subtotal_amt    DECIMAL(10,2) NOT NULL,
    tax_amt         DECIMAL(10,2) NOT NULL,
    total_amt       DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- DRAFT, ISSUED, PAID, VOID
    paid_dt         DATE,
    deleted_at      TIMESTAMP
);
