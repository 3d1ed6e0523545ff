-- ============================================================================================
-- vending_ops: the warehouse of a vending and micro-market operations platform (DuckDB DDL for
-- labelling)
--
-- Company: "VendPulse" sells route-management, telemetry and cashless-payment software to
-- vending operators. Every operator is a tenant of one shared Snowflake analytics warehouse:
-- its client sites (offices, hospitals, schools, factories, gyms), the machines placed at them
-- (snack, drink, combo machines and self-checkout micro-market kiosks), the product catalogue,
-- planograms (which product sits in which slot at what price, with history), route drivers and
-- their restock visits, every vend transaction (cash, card or app), write-offs (expired,
-- damaged, recalled, stolen product), machine faults and service calls, and the monthly
-- commissions paid to site hosts, all keyed by operator_id.
--
-- Warehouse: Snowflake (DATE_TRUNC, DATEADD, DATEDIFF, IFF, COUNT_IF, DIV0, QUALIFY, LISTAGG;
-- `/` is decimal division). The agent writes dialect `snowflake`.
-- Agent: `routewise`, versions 2.1, 2.2 and 2.3, deployed for operator 42 ("Keystone
-- Refreshments", about two dozen machines in four regions).
-- Log window: 2026-11-09 to 2026-11-25; the warehouse snapshot the agent reads is loaded up to
-- 2026-11-08 (end of day). So "last month" is October 2026, "this month" November 2026 to date,
-- "last quarter" / "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "last 6 months"
-- the six whole months May-October 2026, "last 30 days" / "last 90 days" the days before the
-- record's date (CURRENT_DATE - 30 onwards), "right now" / "currently" the state as loaded.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 42` on every table of every query (row-level security);
--   * test vends: `sales.is_test = FALSE` on every sales figure (technicians run test vends
--     after a repair or a price change; they are real rows in the feed but never sales);
--   * soft deletes: `sites.deleted_at IS NULL` (site records deleted in the app stay with a
--     deletion time; the deleted ones are duplicates and hold no machines).
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * revenue / sales ($) = SUM(sales.gross_amt) over status_cd 'OK' non-test rows, dated by
--     sold_ts. REFUNDED (money returned) and VEND_FAIL (product did not drop, card not charged)
--     are not sales. A transaction / vend = one OK sales row; units sold = SUM(qty) of OK rows.
--   * cashless = pay_method_cd 'CARD' or 'APP' (cash = 'CASH'). Cashless share = cashless
--     revenue / revenue. cashless_fee_amt is what the processor charges the operator on a
--     cashless vend; it is NULL on cash vends. net revenue = revenue - cashless fees.
--   * failed vend rate = VEND_FAIL rows / all non-test vend attempts (OK + REFUNDED + VEND_FAIL).
--   * cost of goods = SUM(qty * products.unit_cost) over OK sales; gross margin = revenue - cost
--     of goods; margin % = margin / revenue * 100. list_price is the suggested shelf price only
--     (the price charged is sales.unit_price, set per slot in the planogram).
--   * active machine = removed_dt IS NULL (machines OUT_OF_SERVICE are still placed and count as
--     active; "down" machines are status_cd 'OUT_OF_SERVICE'). Machine type = machine_type_cd;
--     site type and region come from the machine's site.
--   * current planogram = planogram_slots rows with valid_to IS NULL; discontinued product =
--     discontinued_dt IS NOT NULL.
--   * a restock visit counts when status_cd is not 'SKIPPED' (the driver could not get in);
--     visits are dated by visit_ts; units_loaded is 0 on skipped visits. Route = drivers.route_cd.
--   * spoilage = write-offs with reason_cd 'EXPIRED'; shrink = all write-offs; both valued at
--     cost_amt (qty * unit cost at the time) and dated by writeoff_dt.
--   * service calls: CANCELLED calls (duplicates, false alarms) are out of every figure; calls are
--     dated by opened_ts; time to resolve (MTTR) = hours from opened_ts to resolved_ts over
--     RESOLVED calls.
--   * host commission = SUM(commission_amt) of host_commissions rows not 'VOID' (a voided row was
--     re-issued), dated by period_start (the sales month it is for); "paid" commissions are
--     status_cd 'PAID' dated by paid_dt.
--   * "top N" is most first, exactly N rows.
-- ============================================================================================

CREATE TABLE sites (
    operator_id          INTEGER NOT NULL,
    site_id              INTEGER PRIMARY KEY,
    site_nm              VARCHAR NOT NULL,
    client_nm            VARCHAR NOT NULL,
    site_type_cd         VARCHAR NOT NULL,     -- OFFICE, HOSPITAL, SCHOOL, FACTORY, GYM
    region_cd            VARCHAR NOT NULL,     -- NORTH, SOUTH, EAST, WEST
    host_commission_pct  DECIMAL(5,2) NOT NULL, -- percent of commissionable sales, e.g. 12.50
    opened_dt            DATE NOT NULL,
    deleted_at           TIMESTAMP              -- soft delete
);

CREATE TABLE machines (
    operator_id      INTEGER NOT NULL,
    machine_id       INTEGER PRIMARY KEY,
    site_id          INTEGER NOT NULL,
    machine_type_cd  VARCHAR NOT NULL,         -- SNACK, DRINK, COMBO, MKT (micro-market kiosk)
    model_nm         VARCHAR,
    serial_no        VARCHAR NOT NULL,
    install_dt       DATE NOT NULL,
    removed_dt       DATE,                     -- NULL while placed at the site
    status_cd        VARCHAR NOT NULL          -- IN_SERVICE, OUT_OF_SERVICE, REMOVED
);

CREATE TABLE products (
    operator_id      INTEGER NOT NULL,
    product_id       INTEGER PRIMARY KEY,
    sku              VARCHAR NOT NULL,
    product_nm       VARCHAR NOT NULL,
    category_cd      VARCHAR NOT NULL,         -- SNACK, CANDY, BEV, FRESH, HEALTHY
    unit_cost        DECIMAL(8,2) NOT NULL,
    list_price       DECIMAL(8,2) NOT NULL,    -- suggested shelf price
    is_perishable    BOOLEAN NOT NULL,
    discontinued_dt  DATE
);

CREATE TABLE planogram_slots (
    operator_id   INTEGER NOT NULL,
    slot_row_id   INTEGER PRIMARY KEY,
    machine_id    INTEGER NOT NULL,
    slot_cd       VARCHAR NOT NULL,            -- A1, A2, ... (MKT kiosks: shelf codes S1 ...)
    product_id    INTEGER NOT NULL,
    par_qty       INTEGER NOT NULL,            -- fill-to level
    price         DECIMAL(8,2) NOT NULL,
    valid_from    DATE NOT NULL,
    valid_to      DATE                         -- NULL: the current assignment
);

CREATE TABLE drivers (
    operator_id  INTEGER NOT NULL,
    driver_id    INTEGER PRIMARY KEY,
    driver_nm    VARCHAR NOT NULL,
    route_cd     VARCHAR NOT NULL,             -- R1 ... R4
    hire_dt      DATE NOT NULL,
    term_dt      DATE
);

CREATE TABLE restock_visits (
    operator_id         INTEGER NOT NULL,
    visit_id            INTEGER PRIMARY KEY,
    machine_id          INTEGER NOT NULL,
    driver_id           INTEGER NOT NULL,
    visit_ts            TIMESTAMP NOT NULL,
    status_cd           VARCHAR NOT NULL,      -- COMPLETED, PARTIAL, SKIPPED
    units_loaded        INTEGER NOT NULL,
    cash_collected_amt  DECIMAL(10,2),
    minutes_on_site     INTEGER
);

CREATE TABLE sales (
    operator_id       INTEGER NOT NULL,
    txn_id            BIGINT PRIMARY KEY,
    machine_id        INTEGER NOT NULL,
    slot_cd           VARCHAR,
    product_id        INTEGER NOT NULL,
    sold_ts           TIMESTAMP NOT NULL,
    qty               INTEGER NOT NULL,
    unit_price        DECIMAL(8,2) NOT NULL,
    gross_amt         DECIMAL(10,2) NOT NULL,   -- qty * unit_price, what the customer paid
    pay_method_cd     VARCHAR NOT NULL,         -- CASH, CARD, APP
    cashless_fee_amt  DECIMAL(8,2),             -- processor fee; NULL on cash vends
    status_cd         VARCHAR NOT NULL,         -- OK, REFUNDED, VEND_FAIL
    is_test           BOOLEAN NOT NULL
);

CREATE TABLE writeoffs (
    operator_id   INTEGER NOT NULL,
    writeoff_id   INTEGER PRIMARY KEY,
    machine_id    INTEGER NOT NULL,
    product_id    INTEGER NOT NULL,
    visit_id      INTEGER,                      -- NULL when found outside a restock visit
    writeoff_dt   DATE NOT NULL,
    qty           INTEGER NOT NULL,
    reason_cd     VARCHAR NOT NULL,             -- EXPIRED, DAMAGED, RECALL, THEFT
    cost_amt      DECIMAL(10,2) NOT NULL
);

CREATE TABLE service_calls (
    operator_id  INTEGER NOT NULL,
    call_id      INTEGER PRIMARY KEY,
    machine_id   INTEGER NOT NULL,
    opened_ts    TIMESTAMP NOT NULL,
    fault_cd     VARCHAR NOT NULL,              -- COIN_MECH, BILL_VAL, CARD_RDR, REFRIG, VEND_MOTOR, NETWORK
    source_cd    VARCHAR NOT NULL,              -- TELEMETRY, CLIENT, DRIVER
    status_cd    VARCHAR NOT NULL,              -- OPEN, RESOLVED, CANCELLED
    resolved_ts  TIMESTAMP
);

CREATE TABLE host_commissions (
    operator_id               INTEGER NOT NULL,
    commission_id             INTEGER PRIMARY KEY,
    site_id                   INTEGER NOT NULL,
    period_start              DATE NOT NULL,    -- first day of the sales month
    commissionable_sales_amt  DECIMAL(12,2) NOT NULL,
    commission_amt            DECIMAL(10,2) NOT NULL,
    status_cd                 VARCHAR NOT NULL, -- ACCRUED, PAID, VOID
    paid_dt                   DATE
);
