-- ============================================================================================
-- bakery_wholesale: the warehouse of a wholesale-bakery ERP platform (DuckDB DDL for labelling)
--
-- Company: "Ovenly" sells order-taking, production planning, route delivery and invoicing
-- software to wholesale bakeries. Every bakery is a tenant of one shared analytics warehouse:
-- its wholesale accounts (cafes, grocers, restaurants, hotels), the standing orders they keep
-- (a quantity of a product on a weekday), the orders that standing orders and ad-hoc phone /
-- portal orders create, their lines, the delivery routes and drivers that drop them, the daily
-- production runs, products with their recipes and ingredient costs, invoices, and the credits
-- given back for stales, damage and shorts. All keyed by bakery_id.
--
-- Warehouse: DuckDB (CTEs, window functions, QUALIFY, FILTER, date_trunc, date_diff; `/` is
-- always decimal division). The agent writes dialect `duckdb`.
-- Agent: `proof-pilot`, versions 2.1, 2.2 and 2.3, deployed for bakery 'BK-0207'
-- ("Hearth & Mill Bakery", a wholesale bakery with five delivery routes).
-- Log window: 2026-11-09 to 2026-11-20. The warehouse is loaded up to the close of Sunday
-- 2026-11-08: production runs, deliveries, invoices and credits stop there. Orders for delivery
-- dates from 2026-11-09 on already exist with status 'PLACED' (standing orders are
-- materialised two weeks ahead; ad-hoc orders are phoned in ahead).
-- Relative dates resolve against the record's timestamp (CURRENT_DATE): "last month" is October
-- 2026, "this month" November 2026 to date, "this quarter" Q4 2026 to date, "last quarter" /
-- "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "last week" the ISO week (Monday
-- to Sunday) before the record's week, "yesterday" the day before the record's date, "last N
-- days" the N days before today (today excluded), "last 6 months" the six whole months before
-- the current one.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `bakery_id = 'BK-0207'` on every table of every query (row-level security);
--   * accounts: `is_test = false` (the bakery's QA / demo accounts) and `deleted_at IS NULL`
--     (accounts deleted in the app, e.g. duplicates); orders, invoices, credits and standing
--     orders of such accounts are excluded through their account;
--   * orders: `deleted_at IS NULL` (orders deleted in the app, e.g. keyed twice); their lines
--     go with them, and deleting an order voids its invoice (status_cd 'VOID').
--
-- Business conventions at Hearth & Mill (what a careful analyst would apply):
--   * channel = accounts.channel_cd (CAFE, GROCER, RESTAURANT, HOTEL). Active account =
--     closed_dt IS NULL. New account = dated by opened_dt.
--   * an order is dated by delivery_dt. Order status: PLACED (not yet delivered), DELIVERED,
--     CANCELLED. Order counts leave out cancelled orders unless cancellations are asked;
--     source_cd is STANDING (created from a standing order) or ADHOC.
--   * units delivered = SUM(order_lines.qty_delivered) over DELIVERED orders; units ordered =
--     SUM(qty_ordered). Fill rate = units delivered / units ordered over DELIVERED orders (a
--     total ratio, not an average of line ratios). A "drop" (stop) = one DELIVERED order.
--   * on-time delivery = a DELIVERED order with delivered_ts <= window_end_ts; on-time rate =
--     on-time / DELIVERED orders; late = delivered_ts > window_end_ts. The driver of a delivery
--     is orders.driver_id (who actually drove it), not the route's default driver.
--   * revenue (gross sales) = SUM(invoices.subtotal_amt) over invoices with status_cd 'ISSUED'
--     or 'PAID', dated by invoice_dt (the delivery date). DRAFT and VOID are not revenue.
--     Wholesale bread is zero-rated: there is no tax column.
--   * credits = credit notes with status_cd 'APPROVED' (PENDING and REJECTED are not credits),
--     dated by credit_dt. Stales = credits with reason_cd 'STALE'. Net sales = revenue minus
--     approved credits of the same period (each dated by its own date).
--   * stale rate = stale units credited (SUM(credits.qty), reason STALE, approved, by credit_dt)
--     / units delivered (by delivery_dt) in the same period.
--   * AOV (average order value) = revenue / number of invoiced orders (one invoice per order).
--   * AR / outstanding = SUM(subtotal_amt) of invoices with status 'ISSUED'; overdue = ISSUED
--     with due_dt < today; "over N days overdue" = due_dt more than N days before today.
--     Days to pay = paid_dt - invoice_dt over PAID invoices, dated by paid_dt.
--   * production: runs with is_trial are test bakes and are left out of every production
--     figure. Units produced = good_qty; scrap rate = scrap_qty / (good_qty + scrap_qty);
--     plan attainment = good_qty / planned_qty. Runs are dated by run_dt (the bake day).
--   * recipe (ingredient) cost per unit = SUM(recipe_lines.qty_per_unit * ingredients.cost_per_kg)
--     of the product; food cost % = recipe cost / list_price. The current range = products with
--     discontinued_dt IS NULL.
--   * a standing order is live when status_cd = 'ACTIVE' (PAUSED ones are kept but produce no
--     orders; ENDED ones are history); one row is one weekday's quantity, so weekly standing
--     units = SUM(qty) over an account's live rows.
--   * active driver = term_dt IS NULL; agency drivers (is_agency) are drivers too.
--   * loaves = units of category BREAD; pastries = category PASTRY.
-- ============================================================================================

CREATE TABLE drivers (
    bakery_id       VARCHAR NOT NULL,
    driver_id       INTEGER PRIMARY KEY,
    driver_nm       VARCHAR NOT NULL,
    is_agency       BOOLEAN NOT NULL,          -- agency (temp) driver
    hire_dt         DATE NOT NULL,
    term_dt         DATE                       -- NULL while employed
);

CREATE TABLE routes (
    bakery_id         VARCHAR NOT NULL,
    route_id          INTEGER PRIMARY KEY,
    route_cd          VARCHAR NOT NULL,        -- e.g. R1
    route_nm          VARCHAR NOT NULL,
    default_driver_id INTEGER,                 -- the usual driver; orders.driver_id is who drove
    is_active         BOOLEAN NOT NULL
);

CREATE TABLE accounts (
    bakery_id       VARCHAR NOT NULL,
    account_id      INTEGER PRIMARY KEY,
    account_nm      VARCHAR NOT NULL,
    channel_cd      VARCHAR NOT NULL,          -- CAFE, GROCER, RESTAURANT, HOTEL
    route_id        INTEGER,
    terms_days      INTEGER NOT NULL,          -- payment terms: 7, 14 or 30
    opened_dt       DATE NOT NULL,
    closed_dt       DATE,                      -- NULL while the account trades
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE products (
    bakery_id       VARCHAR NOT NULL,
    product_id      INTEGER PRIMARY KEY,
    sku             VARCHAR NOT NULL,
    product_nm      VARCHAR NOT NULL,
    category_cd     VARCHAR NOT NULL,          -- BREAD, ROLL, PASTRY, CAKE, SEASONAL
    list_price      DECIMAL(8,2) NOT NULL,     -- wholesale price per unit
    shelf_life_days INTEGER NOT NULL,
    launched_dt     DATE NOT NULL,
    discontinued_dt DATE                       -- NULL: in the current range
);

CREATE TABLE ingredients (
    bakery_id       VARCHAR NOT NULL,
    ingredient_id   INTEGER PRIMARY KEY,
    ingredient_nm   VARCHAR NOT NULL,
    supplier_nm     VARCHAR,
    cost_per_kg     DECIMAL(8,3) NOT NULL,     -- current purchase cost
    cost_updated_dt DATE NOT NULL
);

CREATE TABLE recipe_lines (
    bakery_id       VARCHAR NOT NULL,
    product_id      INTEGER NOT NULL,
    ingredient_id   INTEGER NOT NULL,
    qty_per_unit    DECIMAL(8,4) NOT NULL      -- kg of the ingredient per finished unit
);

CREATE TABLE standing_orders (
    bakery_id       VARCHAR NOT NULL,
    so_id           INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    product_id      INTEGER NOT NULL,
    dow             INTEGER NOT NULL,          -- ISO weekday 1 = Monday .. 6 = Saturday
    qty             INTEGER NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE,                      -- NULL: open-ended
    status_cd       VARCHAR NOT NULL           -- ACTIVE, PAUSED, ENDED
);

CREATE TABLE orders (
    bakery_id       VARCHAR NOT NULL,
    order_id        INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    source_cd       VARCHAR NOT NULL,          -- STANDING, ADHOC
    delivery_dt     DATE NOT NULL,
    route_id        INTEGER NOT NULL,
    driver_id       INTEGER,                   -- who drove it; NULL until dispatched / if cancelled
    window_end_ts   TIMESTAMP NOT NULL,        -- latest agreed drop time
    delivered_ts    TIMESTAMP,
    status_cd       VARCHAR NOT NULL,          -- PLACED, DELIVERED, CANCELLED
    deleted_at      TIMESTAMP
);

CREATE TABLE order_lines (
    bakery_id       VARCHAR NOT NULL,
    line_id         INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    product_id      INTEGER NOT NULL,
    qty_ordered     INTEGER NOT NULL,
    qty_delivered   INTEGER,                   -- NULL until delivered
    unit_price      DECIMAL(8,2) NOT NULL      -- the account's price
);

CREATE TABLE production_runs (
    bakery_id       VARCHAR NOT NULL,
    run_id          INTEGER PRIMARY KEY,
    run_dt          DATE NOT NULL,             -- bake day
    product_id      INTEGER NOT NULL,
    shift_cd        VARCHAR NOT NULL,          -- NIGHT, DAY
    planned_qty     INTEGER NOT NULL,
    good_qty        INTEGER NOT NULL,
    scrap_qty       INTEGER NOT NULL,
    is_trial        BOOLEAN NOT NULL           -- test bake: not production
);

CREATE TABLE invoices (
    bakery_id       VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    invoice_dt      DATE NOT NULL,
    due_dt          DATE NOT NULL,
    subtotal_amt    DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- DRAFT, ISSUED, PAID, VOID
    paid_dt         DATE
);

CREATE TABLE credits (
    bakery_id       VARCHAR NOT NULL,
    credit_id       INTEGER PRIMARY KEY,
    account_id      INTEGER NOT NULL,
    invoice_id      INTEGER NOT NULL,
    product_id      INTEGER NOT NULL,
    credit_dt       DATE NOT NULL,
    reason_cd       VARCHAR NOT NULL,          -- STALE, DAMAGED, SHORT, QUALITY, PRICE
    qty             INTEGER NOT NULL,
    credit_amt      DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL           -- PENDING, APPROVED, REJECTED
);
