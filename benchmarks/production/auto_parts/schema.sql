-- ============================================================================================
-- auto_parts: an auto-parts distribution ERP platform's warehouse, shared by the distributors
-- that run on it (DuckDB DDL for labelling)
--
-- Company: "PartsLedger" sells a cloud ERP to independent auto-parts distributors: counter and
-- phone point of sale, the parts catalogue (categories, brands, OEM and aftermarket lines,
-- superseded part numbers), trade and retail customer accounts with credit terms, sales orders
-- with core charges and backorders, route and hot-shot deliveries, returns and warranty claims,
-- purchasing from suppliers, inventory and accounts receivable. Every distributor's rows sit in
-- one shared Trino warehouse keyed by dist_id. Distributors get a text-to-SQL assistant,
-- "counter-copilot", in the ERP's reports tab.
--
-- Warehouse: Trino (sqlglot dialect `trino`), catalog `pledger`, schema `erp`
-- (pledger.erp.invoices ...): date_trunc('month', d), date_add('day', n, d), date_diff('day',
-- a, b), count_if, approx_distinct, try_cast, FILTER (WHERE ...); no QUALIFY; `int / int`
-- truncates (count_if(...) / count(*) is 0 unless cast to double). Timestamps are local time.
-- Agent: `counter-copilot`, versions 4.1, 4.2 and 4.3, deployed for distributor 'AP-2207'
-- ("Ridgeline Auto Parts Supply": two distribution centres, Northgate DC and Southport DC, and
-- counter stores Millbrook, Riverside and Oakdale; Cedar Falls opened 2026-09-14; Westfield
-- closed 2026-06-30). Other distributors on the platform ('AP-1150', 'AP-3391') have rows in
-- every table. The reports tab shows at most 1000 rows.
-- Log window: 2026-11-16 to 2026-11-27 (4.1 answered Nov 16-19, 4.2 Nov 19-23, 4.3 Nov 24-27).
-- The warehouse is loaded nightly up to 2026-11-15 and the load was paused for the ERP upgrade
-- during the window: it holds every fact up to 2026-11-15 and nothing later; the last
-- inventory snapshot is 2026-11-15. "today" is the record's date. So "last month" is October
-- 2026, "this month" / "mtd" November 2026 to date (through the 15th), "this quarter" / "qtd"
-- Q4 2026 to date, "last quarter" / "last qtr" / "Q3" July-September 2026, "ytd" / "this year"
-- 2026 to date, "last year" 2025, "last 6 months" the six whole months May-October 2026, "last
-- 12 months" the twelve whole months November 2025 - October 2026, "last 90 days" / "last 30
-- days" the 90 / 30 days before today (date_add('day', -90, current_date) up to today).
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `dist_id = 'AP-2207'` on every table (every table carries it; ids are unique
--     across the platform, so a table joined on its id to a guarded one inherits the tenant);
--   * test data: counter-training customers and their orders and invoices carry
--     `is_test = TRUE`; `is_test = FALSE` on every table that carries it (customers,
--     sales_orders, invoices). Order lines and deliveries of a test order are left out through
--     their order. Test customers make no returns and get no credit memos;
--   * soft deletes: `deleted_at IS NULL` on customers (duplicate accounts merged into another;
--     their orders were moved to the surviving account, so they hold none) and parts (part
--     records keyed twice; the duplicates carry no order lines but still have stale inventory
--     snapshot rows).
--
-- Business conventions (what Ridgeline's managers mean):
--   * locations: loc_type 'DC' (distribution centre, ships to trade accounts) or 'STORE'
--     (counter store). A sale's location is sales_orders.loc_id (= invoices.loc_id), the
--     location that filled it; customers.home_loc_id is only the account's home store.
--   * customers: cust_type 'REPAIR_SHOP', 'FLEET', 'DEALER' (the "trade" accounts, on credit
--     terms 'NET15' / 'NET30' or 'COD', with a credit_limit) and 'RETAIL' (walk-ins: one cash
--     account per store plus a few named retail customers; credit_terms 'CASH', credit_limit
--     NULL). sales_rep = the outside rep of a trade account (NULL on retail and house
--     accounts); "by rep" lists the reps (sales without a rep belong to no rep). New account =
--     customers.created_dt in the period.
--   * revenue / sales ($) = SUM(parts_amt + freight_amt) of invoices with status 'OPEN',
--     'PARTIAL' or 'PAID' (VOID invoices are not revenue), dated by invoice_dt. Core charges
--     (core_amt) are refundable deposits and tax is collected for the state: neither is
--     revenue. Invoices are cut when the order ships (often the day after order_dt). Average
--     invoice (avg order value) = the average of parts_amt + freight_amt over those invoices.
--   * order lines: units sold = SUM(qty_shipped) of lines not 'CANCELLED' on orders not
--     CANCELLED, dated by the order's order_dt; line sales ($) by part, category, brand or
--     OEM/aftermarket = SUM(qty_shipped * unit_price) of the same lines; gross margin =
--     SUM(qty_shipped * (unit_price - unit_cost)); margin % = gross margin / line sales * 100
--     (totals, never an average of per-line margins). core_charge is per unit.
--   * backorders: qty_backordered is the quantity that could not ship from stock when the line
--     was ordered and it is KEPT after the backorder is filled (line_status 'FILLED').
--     An open backorder = a line with line_status 'BACKORDER' (still waiting). Fill rate =
--     (SUM(qty_ordered) - SUM(qty_backordered)) / SUM(qty_ordered), units shipped from stock
--     at order time, over lines not 'CANCELLED' of orders not CANCELLED, as a percent.
--   * sales_orders.status: 'OPEN' (not fully shipped), 'CLOSED', 'CANCELLED' (all lines
--     CANCELLED, no invoice). channel 'COUNTER', 'PHONE', 'WEB', 'EDI'.
--   * deliveries: one per shipped order that was not picked up at the counter; delivery_type
--     'ROUTE' (scheduled route runs, route_cd set) or 'HOTSHOT' (a one-off rush run, route_cd
--     NULL; billed as freight). status 'DELIVERED', 'FAILED' (nobody to receive; delivered_ts
--     NULL), 'CANCELLED'. Deliveries are dated by delivery_dt and counted by the dispatching
--     location (deliveries.loc_id). On time = delivered_ts <= window_end (a drop at the very
--     end of the window is on time); late = delivered_ts > window_end; on-time % = on-time /
--     DELIVERED deliveries * 100. Delivery counts leave out CANCELLED ones.
--   * returns: reason_cd 'DEFECTIVE' (a warranty claim), 'WRONG_PART', 'CORE' (a core returned
--     for its core-charge refund), 'NOT_NEEDED'. line_id NULL = a counter return without a
--     receipt (part_id and cust_id still set). status 'PENDING', 'APPROVED', 'REJECTED'.
--     Returns are dated by return_dt; "warranty claims" count DEFECTIVE returns whatever their
--     status; warranty denial rate = REJECTED / decided (APPROVED + REJECTED) claims, percent.
--   * credit_memos: issued against an approved return (return_id) or, with return_id NULL, a
--     price adjustment (reason 'PRICE_ADJ'). status 'ISSUED' or 'VOID' (a voided memo was
--     re-issued). Credits = ISSUED memos, dated by memo_dt. An approved return "waiting on a
--     credit" has no ISSUED memo.
--   * AR: open balance = SUM(total_amt - paid_amt) of invoices with status 'OPEN' or
--     'PARTIAL' (total_amt includes core charges and tax: AR is what the customer owes).
--     Past due = due_dt < today; "more than N days past due" = due_dt < today - N days.
--     Over credit limit = open balance > credit_limit. Days to pay = date_diff('day',
--     invoice_dt, paid_dt) of PAID invoices, dated by paid_dt.
--   * inventory_snapshots: one row per location and part at each month end and at the load
--     date (2026-11-15, the current position). available = qty_on_hand - qty_committed;
--     "below reorder point" = available < reorder_point on the latest snapshot. "On hand" =
--     qty_on_hand of the latest snapshot.
--   * parts: superseded_by = the part_id of the part number that replaced it (NULL: current).
--     line_type 'OEM' or 'AFTERMARKET'.
--   * purchasing: purchase_orders.status 'OPEN' (nothing received), 'PARTIAL', 'RECEIVED'
--     (complete), 'CANCELLED'. Open POs = 'OPEN' or 'PARTIAL'. A PO may be received in
--     several receipts. Lead time = days from po_dt to the PO's FIRST receipt (one value per
--     PO, averaged over POs). A PO is late when its first receipt came after expected_dt;
--     dated by that first receipt.
-- ============================================================================================

CREATE TABLE locations (
    dist_id         VARCHAR NOT NULL,
    loc_id          INTEGER PRIMARY KEY,
    loc_cd          VARCHAR NOT NULL,
    loc_nm          VARCHAR NOT NULL,
    loc_type        VARCHAR NOT NULL,          -- DC, STORE
    region          VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL,
    closed_dt       DATE
);

CREATE TABLE suppliers (
    dist_id         VARCHAR NOT NULL,
    supplier_id     INTEGER PRIMARY KEY,
    supplier_nm     VARCHAR NOT NULL,
    lead_time_days  INTEGER NOT NULL           -- quoted
);

CREATE TABLE parts (
    dist_id         VARCHAR NOT NULL,
    part_id         INTEGER PRIMARY KEY,
    part_no         VARCHAR NOT NULL,
    descr           VARCHAR NOT NULL,
    category        VARCHAR NOT NULL,          -- BRAKES, FILTERS, ELECTRICAL, ENGINE, SUSPENSION, BATTERIES, COOLING
    brand           VARCHAR NOT NULL,
    line_type       VARCHAR NOT NULL,          -- OEM, AFTERMARKET
    supplier_id     INTEGER NOT NULL,
    unit_cost       DECIMAL(10,2) NOT NULL,
    list_price      DECIMAL(10,2) NOT NULL,
    core_charge     DECIMAL(10,2) NOT NULL,    -- 0 when the part has no core
    superseded_by   INTEGER,                   -- part_id of the replacing part number
    deleted_at      TIMESTAMP
);

CREATE TABLE customers (
    dist_id         VARCHAR NOT NULL,
    cust_id         INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type       VARCHAR NOT NULL,          -- REPAIR_SHOP, FLEET, DEALER, RETAIL
    credit_terms    VARCHAR NOT NULL,          -- NET15, NET30, COD, CASH
    credit_limit    DECIMAL(12,2),             -- NULL for CASH accounts
    home_loc_id     INTEGER NOT NULL,
    sales_rep       VARCHAR,                   -- outside rep; NULL on retail and house accounts
    created_dt      DATE NOT NULL,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE sales_orders (
    dist_id         VARCHAR NOT NULL,
    order_id        INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    loc_id          INTEGER NOT NULL,          -- location that filled the order
    order_dt        DATE NOT NULL,
    channel         VARCHAR NOT NULL,          -- COUNTER, PHONE, WEB, EDI
    status          VARCHAR NOT NULL,          -- OPEN, CLOSED, CANCELLED
    cancel_reason   VARCHAR,
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE order_lines (
    dist_id         VARCHAR NOT NULL,
    line_id         INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    part_id         INTEGER NOT NULL,
    qty_ordered     INTEGER NOT NULL,
    qty_shipped     INTEGER NOT NULL,
    qty_backordered INTEGER NOT NULL,          -- kept after the backorder is filled
    unit_price      DECIMAL(10,2) NOT NULL,
    unit_cost       DECIMAL(10,2) NOT NULL,
    core_charge     DECIMAL(10,2) NOT NULL,    -- per unit
    line_status     VARCHAR NOT NULL           -- SHIPPED, BACKORDER, FILLED, CANCELLED
);

CREATE TABLE deliveries (
    dist_id         VARCHAR NOT NULL,
    delivery_id     INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    loc_id          INTEGER NOT NULL,          -- dispatching location
    delivery_type   VARCHAR NOT NULL,          -- ROUTE, HOTSHOT
    route_cd        VARCHAR,                   -- NULL on hot shots
    delivery_dt     DATE NOT NULL,
    window_start    TIMESTAMP NOT NULL,
    window_end      TIMESTAMP NOT NULL,
    delivered_ts    TIMESTAMP,                 -- NULL unless DELIVERED
    status          VARCHAR NOT NULL,          -- DELIVERED, FAILED, CANCELLED
    driver_nm       VARCHAR
);

CREATE TABLE returns (
    dist_id         VARCHAR NOT NULL,
    return_id       INTEGER PRIMARY KEY,
    line_id         INTEGER,                   -- NULL: counter return without a receipt
    cust_id         INTEGER NOT NULL,
    part_id         INTEGER NOT NULL,
    loc_id          INTEGER NOT NULL,          -- where it was brought back
    return_dt       DATE NOT NULL,
    reason_cd       VARCHAR NOT NULL,          -- DEFECTIVE, WRONG_PART, CORE, NOT_NEEDED
    qty             INTEGER NOT NULL,
    status          VARCHAR NOT NULL           -- PENDING, APPROVED, REJECTED
);

CREATE TABLE credit_memos (
    dist_id         VARCHAR NOT NULL,
    memo_id         INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    return_id       INTEGER,                   -- NULL: price adjustment
    memo_dt         DATE NOT NULL,
    reason_cd       VARCHAR NOT NULL,          -- DEFECTIVE, WRONG_PART, CORE, NOT_NEEDED, PRICE_ADJ
    amount          DECIMAL(12,2) NOT NULL,
    status          VARCHAR NOT NULL           -- ISSUED, VOID
);

CREATE TABLE invoices (
    dist_id         VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    loc_id          INTEGER NOT NULL,
    invoice_dt      DATE NOT NULL,
    due_dt          DATE NOT NULL,
    parts_amt       DECIMAL(12,2) NOT NULL,
    core_amt        DECIMAL(12,2) NOT NULL,
    freight_amt     DECIMAL(12,2) NOT NULL,    -- hot-shot fees
    tax_amt         DECIMAL(12,2) NOT NULL,
    total_amt       DECIMAL(12,2) NOT NULL,    -- parts + core + freight + tax
    paid_amt        DECIMAL(12,2) NOT NULL,
    paid_dt         DATE,                      -- the day it was paid in full
    status          VARCHAR NOT NULL,          -- OPEN, PARTIAL, PAID, VOID
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE purchase_orders (
    dist_id         VARCHAR NOT NULL,
    po_id           INTEGER PRIMARY KEY,
    supplier_id     INTEGER NOT NULL,
    loc_id          INTEGER NOT NULL,          -- receiving location
    po_dt           DATE NOT NULL,
    expected_dt     DATE NOT NULL,
    po_amt          DECIMAL(12,2) NOT NULL,
    status          VARCHAR NOT NULL           -- OPEN, PARTIAL, RECEIVED, CANCELLED
);

CREATE TABLE po_receipts (
    dist_id         VARCHAR NOT NULL,
    receipt_id      INTEGER PRIMARY KEY,
    po_id           INTEGER NOT NULL,
    part_id         INTEGER NOT NULL,
    received_dt     DATE NOT NULL,
    qty_received    INTEGER NOT NULL,
    unit_cost       DECIMAL(10,2) NOT NULL
);

CREATE TABLE inventory_snapshots (
    dist_id         VARCHAR NOT NULL,
    snapshot_dt     DATE NOT NULL,
    loc_id          INTEGER NOT NULL,
    part_id         INTEGER NOT NULL,
    qty_on_hand     INTEGER NOT NULL,
    qty_committed   INTEGER NOT NULL,          -- reserved for open orders
    reorder_point   INTEGER NOT NULL
);
