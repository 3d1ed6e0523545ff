-- ============================================================================================
-- party_rentals: the warehouse of a party and event rental platform (DuckDB DDL for labelling)
--
-- Company: "RentalDeck" sells quoting, booking, inventory, dispatch and billing software to party
-- and event rental companies (tents, tables, chairs, linens, bounce houses). Every rental company
-- is a tenant of one shared ClickHouse warehouse, all tables keyed by rc_id. The deployment here
-- is rental company 'RC-0417', Big Top Party Rentals (Denver metro), with North Yard, South Yard,
-- East Depot (no bounce houses stocked there) and West Annex, closed and soft-deleted in January
-- 2026 (its 2025 history kept, its items retired). Other tenants in the warehouse: 'RC-0102'
-- (Treasure Valley Tents, Boise) and 'RC-0888' (Green Country Events, Tulsa).
--
-- Warehouse: ClickHouse (today(), toStartOfMonth / toStartOfQuarter / toStartOfYear, toMonday,
-- dateDiff('day', a, b), INTERVAL n MONTH, countIf / sumIf / avgIf, uniqExact, LIMIT n BY; `/`
-- is always floating-point division in ClickHouse, intDiv is integer division). Flags are 0/1
-- UInt8 or 'Y'/'N'; amounts are in dollars (Decimal(10,2)). The deployment's query profile sets
-- join_use_nulls = 1, so unmatched outer-join columns are NULL as in standard SQL. The agent
-- writes dialect `clickhouse`.
-- Agent: `canopy-sql`, versions 1.1, 1.2 and 1.3, deployed for rental company 'RC-0417'.
-- Log window: 2026-11-02 to 2026-11-27; the warehouse is loaded up to 2026-11-01 (nothing dated
-- after it except orders' event dates: quotes and bookings for events ahead). So "last month" is
-- October 2026, "last quarter" July-September 2026, "ytd" / "this year" 2026 to date, "last 6
-- months" the six whole months May-October 2026, "the same month last year" October 2025, "last
-- 12 months" the rolling year back from today, "next 14 days" today to today + 14 inclusive,
-- "rn" / "upcoming" the state as loaded, event dates from today on.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `rc_id = 'RC-0417'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `is_test = 0` on customers (QA and training profiles) and orders (orders keyed
--     on those profiles and training orders keyed on real customers). Payments, deliveries and
--     charges are never keyed for test orders' money, but test orders carry lines, legs and
--     cleaning logs: go through orders and keep is_test = 0;
--   * voids: `void_flg = 0` on damage_charges and payments (charges and refunds keyed twice and
--     voided);
--   * soft deletes: `deleted_at IS NULL` on warehouses (the closed West Annex), items (retired
--     items) and customers (merged duplicate profiles, whose orders moved to the surviving one).
--     These matter where that table is the population counted or listed.
--
-- Business conventions of the rental company:
--   * orders: one row per quote. status_cd 'QUOTE' (open quote), 'EXPIRED' (quote never booked),
--     'BOOKED' (confirmed, event ahead), 'COMPLETED' (event held, delivered and picked up) or
--     'CANCELLED' (booked, then cancelled; cancel_rsn_cd 'WEATHER', 'CUSTOMER' or 'NO_STOCK').
--     booked_dt is set on BOOKED, COMPLETED and CANCELLED orders. "Orders" / "bookings" = orders
--     with booked_dt set (BOOKED, COMPLETED, CANCELLED); quotes = every row, dated by quote_dt.
--     Orders are dated by event_dt unless the question says booked / quoted. An order turns
--     COMPLETED when its pickup is closed out, so an event of the last days before the load can
--     still show BOOKED (not revenue yet).
--   * revenue = SUM(subtotal_amt) of COMPLETED orders, dated by event_dt (subtotal = rental lines
--     plus delivery fees; deposits, damage and loss charges are not revenue). Average order value
--     = AVG(subtotal_amt) of the same orders.
--   * quote conversion rate = quotes (by quote_dt) that got booked (booked_dt set, whatever
--     happened since) / all quotes of the period, as a percentage.
--   * weather cancellations = CANCELLED orders with cancel_rsn_cd = 'WEATHER'; their share =
--     weather cancellations / orders (booked_dt set) of the period by event_dt, as a percentage.
--   * active customer = a customer with at least one COMPLETED order whose event_dt falls in the
--     rolling 12 months back from today (event_dt >= today - 12 months). Repeat customers = two or
--     more COMPLETED orders in the period.
--   * order_lines: line_type 'RENTAL' (item_id set, qty units) or 'FEE' (delivery/setup fee,
--     item_id NULL). "Units rented" = SUM(qty) of RENTAL lines of COMPLETED orders; an item was
--     "rented" when it appears on a COMPLETED order; "booked" units for events ahead = lines of
--     BOOKED orders (open quotes are not booked).
--   * deliveries: one row per truck leg, leg_type 'DROP' (delivery before the event) or 'PICKUP'
--     (after it), dated by win_start_ts. On time = arrived_ts <= win_end_ts; late = arrived_ts >
--     win_end_ts; delay = minutes from win_end_ts to arrived_ts; legs with arrived_ts NULL (no
--     scan) are left out of on-time rates. "Deliveries" / "drops" = DROP legs. The leg's crew and
--     truck are crew_id and truck_id; its warehouse is the order's wh_id.
--   * trucks in_svc_yn = 'Y' in service; "per truck" lists trucks in service.
--   * damage and loss charges = SUM(chg_amt) of non-void damage_charges (chg_type 'DAMAGE' or
--     'LOSS'), dated by chg_dt; per completed order = charges / completed orders.
--   * deposits: orders.deposit_amt is the deposit taken at booking; "deposits held" = deposit_amt
--     of BOOKED orders with event_dt from today on. payments: pmt_type 'DEPOSIT', 'BALANCE' or
--     'REFUND' (amounts positive), dated by pmt_ts; refunds = SUM(pmt_amt) of non-void REFUND rows.
--   * maint_logs: log_type 'CLEAN', 'REPAIR' or 'INSPECT'; maintenance cost = SUM(cost_amt) of
--     all logs, by log_dt.
--   * new customers = customers by created_dt.
-- ============================================================================================

CREATE TABLE warehouses (
    rc_id       VARCHAR NOT NULL,   -- tenant
    wh_id       INTEGER NOT NULL,
    wh_cd       VARCHAR,
    wh_nm       VARCHAR,
    city        VARCHAR,
    opened_dt   DATE,
    deleted_at  TIMESTAMP           -- closed location (soft delete)
);

CREATE TABLE trucks (
    rc_id       VARCHAR NOT NULL,
    truck_id    INTEGER NOT NULL,
    wh_id       INTEGER,            -- home warehouse
    plate_no    VARCHAR,
    truck_type  VARCHAR,            -- BOX26, BOX16, FLATBED, SPRINTER
    in_svc_yn   VARCHAR(1)          -- 'Y' in service, 'N' retired / out of service
);

CREATE TABLE crews (
    rc_id       VARCHAR NOT NULL,
    crew_id     INTEGER NOT NULL,
    crew_nm     VARCHAR,
    wh_id       INTEGER,
    lead_nm     VARCHAR,
    active_yn   VARCHAR(1)
);

CREATE TABLE items (
    rc_id            VARCHAR NOT NULL,
    item_id          INTEGER NOT NULL,
    sku              VARCHAR,
    item_nm          VARCHAR,
    category_cd      VARCHAR,       -- TENT, TABLE, CHAIR, LINEN, BOUNCE (bounce houses, slides)
    wh_id            INTEGER,       -- warehouse the stock sits in
    stock_qty        INTEGER,       -- units owned
    daily_rate_amt   DECIMAL(10,2),
    replace_cost_amt DECIMAL(10,2),
    deleted_at       TIMESTAMP      -- retired item (soft delete)
);

CREATE TABLE customers (
    rc_id       VARCHAR NOT NULL,
    cust_id     INTEGER NOT NULL,
    cust_nm     VARCHAR,
    cust_type   VARCHAR,            -- 'RES' residential, 'CORP' corporate / organisation
    city        VARCHAR,
    created_dt  DATE,
    is_test     UTINYINT,           -- 1 = QA / training profile
    deleted_at  TIMESTAMP           -- merged duplicate (soft delete)
);

CREATE TABLE orders (
    rc_id          VARCHAR NOT NULL,
    order_id       INTEGER NOT NULL,
    cust_id        INTEGER,
    wh_id          INTEGER,          -- fulfilling warehouse
    quote_dt       DATE,
    booked_dt      DATE,             -- NULL for QUOTE / EXPIRED
    event_dt       DATE,
    status_cd      VARCHAR,          -- QUOTE, EXPIRED, BOOKED, COMPLETED, CANCELLED
    cancel_rsn_cd  VARCHAR,          -- WEATHER, CUSTOMER, NO_STOCK (CANCELLED only)
    subtotal_amt   DECIMAL(10,2),    -- rental lines + fees
    deposit_amt    DECIMAL(10,2),    -- deposit taken at booking (0 when never booked)
    is_test        UTINYINT
);

CREATE TABLE order_lines (
    rc_id      VARCHAR NOT NULL,
    order_id   INTEGER NOT NULL,
    line_no    INTEGER,
    item_id    INTEGER,              -- NULL on FEE lines
    line_type  VARCHAR,              -- RENTAL, FEE
    qty        INTEGER,
    line_amt   DECIMAL(10,2)
);

CREATE TABLE deliveries (
    rc_id         VARCHAR NOT NULL,
    leg_id        INTEGER NOT NULL,
    order_id      INTEGER,
    truck_id      INTEGER,
    crew_id       INTEGER,
    leg_type      VARCHAR,           -- DROP, PICKUP
    win_start_ts  TIMESTAMP,         -- promised window
    win_end_ts    TIMESTAMP,
    arrived_ts    TIMESTAMP          -- NULL when the crew never scanned arrival
);

CREATE TABLE damage_charges (
    rc_id     VARCHAR NOT NULL,
    chg_id    INTEGER NOT NULL,
    order_id  INTEGER,
    item_id   INTEGER,
    chg_type  VARCHAR,               -- DAMAGE, LOSS
    chg_amt   DECIMAL(10,2),
    chg_dt    DATE,
    void_flg  UTINYINT               -- 1 = voided
);

CREATE TABLE payments (
    rc_id     VARCHAR NOT NULL,
    pmt_id    INTEGER NOT NULL,
    order_id  INTEGER,
    pmt_type  VARCHAR,               -- DEPOSIT, BALANCE, REFUND
    pmt_amt   DECIMAL(10,2),         -- positive
    pmt_ts    TIMESTAMP,
    void_flg  UTINYINT
);

CREATE TABLE maint_logs (
    rc_id     VARCHAR NOT NULL,
    log_id    INTEGER NOT NULL,
    item_id   INTEGER,
    log_type  VARCHAR,               -- CLEAN, REPAIR, INSPECT
    log_dt    DATE,
    cost_amt  DECIMAL(10,2),
    tech_nm   VARCHAR
);
