-- ============================================================================================
-- coffee_chain: the warehouse of a coffee-shop POS and loyalty platform (DuckDB DDL for labelling)
--
-- Company: "Brewline" sells point-of-sale, mobile ordering, loyalty and back-of-house software
-- (waste logs, labour scheduling) to independent coffee chains. Every chain is a tenant of one
-- shared BigQuery warehouse (project `brewline-dw`, dataset `pos`): its stores (cafés grouped
-- into districts), menu items, loyalty members and their points, promotions, POS orders with
-- their lines and modifiers, mobile pre-orders with promised pickup times, refunds, inventory
-- waste logs and barista labour shifts, all keyed by chain_id.
--
-- Warehouse: BigQuery (backtick-quoted `brewline-dw.pos.<table>` names, DATE_TRUNC(d, MONTH),
-- DATE_SUB, FORMAT_DATE, SAFE_DIVIDE, COUNTIF, QUALIFY, TIMESTAMP_DIFF; `/` is always float
-- division). The agent writes dialect `bigquery`. Timestamps are the store's local time.
-- Agent: `cuppa-sql`, versions 2.1, 2.2 and 2.3, deployed for chain 42 ("Ember & Oak Coffee",
-- 6 cafés in 3 districts plus a training lab).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01 (the November
-- loads were paused for a POS migration). So "last month" is October 2026, "this month" November
-- 2026 to date, "last quarter" / "Q3" July-September 2026, "ytd" / "this year" 2026 to date,
-- "last week" the Monday-Sunday week before the current one (weeks start on Monday),
-- "this season" (promotions) the autumn 2026 season, "last 6 months" the six whole months
-- before the current month (May-October 2026).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `chain_id = 42` on every table of every query (row-level security);
--   * training: orders rung in training mode, and every order of the training lab, carry
--     orders.is_training = TRUE; they never count (their lines, modifiers, pre-orders, refunds
--     and points are excluded through the order);
--   * test store: stores.is_test = TRUE marks the training lab (store 199); it is left out of
--     every store list, count and ranking;
--   * soft deletes: loyalty_members.deleted_at (members erased on request stay with a deletion
--     time); deleted members never count, nor do their points.
--
-- Business conventions at Ember & Oak (what a careful analyst would apply):
--   * an order counts when status_cd = 'COMPLETED' (VOIDED orders were cancelled before payment).
--     Orders are dated by business_dt (the store's trading day). transactions = counted orders.
--   * net sales (sales, revenue) = SUM(subtotal_amt - discount_amt) over counted orders, pre-tax;
--     gross sales = SUM(subtotal_amt). Refunds are NOT netted out of sales (reported apart).
--   * average ticket = net sales / transactions (over all the orders of the group, not an
--     average of store averages).
--   * item and category sales = SUM(order_lines.line_amt) (the line's price incl. modifiers,
--     before the order-level discount); units = SUM(order_lines.qty) over counted orders.
--     Items per order = units / transactions.
--   * drinks = menu items with category_cd ESPRESSO, BREWED, COLD or TEA (not BAKERY, MERCH).
--     A drink "with oat milk" is a drink line carrying modifier_cd 'OAT_MILK'; drinks are
--     counted in units (qty).
--   * channels: orders.channel_cd COUNTER, DRIVE_THRU, MOBILE. Drive-thru stores are
--     stores.has_drive_thru = TRUE.
--   * mobile pre-orders: on time = ready_ts <= promised_ts; a counted mobile order that was never
--     marked ready (ready_ts NULL) is late. Prep time = minutes from placed_ts to ready_ts
--     (over orders that were made). Pickup wait = ready_ts to picked_up_ts.
--   * refund rate = counted orders with at least one refund / counted orders, by the order's
--     business_dt. Refund amounts are dated by refund_ts (when the money went back).
--   * loyalty: members = not deleted. Active member = a member with a counted order in the last
--     90 days (business_dt >= today - 90 days). Repeat member (in a period) = a member with 2+
--     counted orders in the period. New members are dated by join_dt.
--   * points: loyalty_points.points is always positive except ADJUST rows (either sign);
--     balance = EARN + ADJUST - REDEEM - EXPIRE. Points redeemed = SUM(points) of REDEEM rows,
--     dated by txn_ts.
--   * promotions: an order used a promo when orders.promo_id is set; redemptions = counted orders
--     with that promo; discount given = SUM(discount_amt) of those orders. "The pumpkin promo
--     this season" is the 2026 one (PUMPKIN26); PUMPKIN25 ran in 2025.
--   * waste cost = SUM(waste_logs.cost_amt), dated by waste_dt. Every open, non-test store
--     appears in per-store lists (zero when it logged nothing).
--   * labour hours of a shift = (minutes from clock_in_ts to clock_out_ts - break_min) / 60;
--     shifts still open (clock_out_ts NULL) are left out; shifts are dated by shift_dt.
--     Sales per labour hour (SPLH) = net sales / labour hours of the same store and period.
--   * year over year (yoy) growth = (this period - same period a year before) / the year before.
--   * "weekend" = Saturday and Sunday.
-- ============================================================================================

CREATE TABLE stores (
    chain_id        INTEGER NOT NULL,
    store_id        INTEGER PRIMARY KEY,
    store_nm        VARCHAR NOT NULL,
    district_nm     VARCHAR NOT NULL,          -- Downtown, Eastside, Northgate (HQ: the lab)
    has_drive_thru  BOOLEAN NOT NULL,
    open_dt         DATE NOT NULL,
    close_dt        DATE,                      -- NULL while trading
    is_test         BOOLEAN NOT NULL           -- training lab
);

CREATE TABLE menu_items (
    chain_id        INTEGER NOT NULL,
    item_id         INTEGER PRIMARY KEY,
    item_nm         VARCHAR NOT NULL,
    category_cd     VARCHAR NOT NULL,          -- ESPRESSO, BREWED, COLD, TEA, BAKERY, MERCH
    base_price      DECIMAL(8,2) NOT NULL,
    unit_cost       DECIMAL(8,2) NOT NULL,
    is_seasonal     BOOLEAN NOT NULL
);

CREATE TABLE loyalty_members (
    chain_id        INTEGER NOT NULL,
    member_id       INTEGER PRIMARY KEY,
    member_nm       VARCHAR NOT NULL,
    tier_cd         VARCHAR NOT NULL,          -- GREEN, GOLD
    home_store_id   INTEGER,
    join_dt         DATE NOT NULL,
    deleted_at      TIMESTAMP                  -- erased on request (soft delete)
);

CREATE TABLE promotions (
    chain_id        INTEGER NOT NULL,
    promo_id        INTEGER PRIMARY KEY,
    promo_cd        VARCHAR NOT NULL,          -- e.g. PUMPKIN26, BOGO_MON
    promo_nm        VARCHAR NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,
    discount_pct    DECIMAL(5,2) NOT NULL
);

CREATE TABLE orders (
    chain_id        INTEGER NOT NULL,
    order_id        INTEGER PRIMARY KEY,
    store_id        INTEGER NOT NULL,
    member_id       INTEGER,                   -- NULL: guest (no loyalty scan)
    channel_cd      VARCHAR NOT NULL,          -- COUNTER, DRIVE_THRU, MOBILE
    business_dt     DATE NOT NULL,             -- the store's trading day
    order_ts        TIMESTAMP NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- COMPLETED, VOIDED
    subtotal_amt    DECIMAL(10,2) NOT NULL,    -- sum of line_amt
    discount_amt    DECIMAL(10,2) NOT NULL,
    tax_amt         DECIMAL(10,2) NOT NULL,
    promo_id        INTEGER,
    is_training     BOOLEAN NOT NULL
);

CREATE TABLE order_lines (
    chain_id        INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    line_no         INTEGER NOT NULL,
    item_id         INTEGER NOT NULL,
    qty             INTEGER NOT NULL,
    unit_price      DECIMAL(8,2) NOT NULL,     -- incl. modifier prices
    line_amt        DECIMAL(10,2) NOT NULL     -- qty * unit_price
);

CREATE TABLE line_modifiers (
    chain_id        INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    line_no         INTEGER NOT NULL,
    modifier_cd     VARCHAR NOT NULL,          -- OAT_MILK, ALMOND_MILK, EXTRA_SHOT, VANILLA, DECAF
    modifier_price  DECIMAL(6,2) NOT NULL
);

CREATE TABLE mobile_preorders (
    chain_id        INTEGER NOT NULL,
    order_id        INTEGER PRIMARY KEY,       -- the MOBILE order
    placed_ts       TIMESTAMP NOT NULL,
    promised_ts     TIMESTAMP NOT NULL,        -- pickup time promised in the app
    ready_ts        TIMESTAMP,                 -- NULL: never marked ready
    picked_up_ts    TIMESTAMP
);

CREATE TABLE loyalty_points (
    chain_id        INTEGER NOT NULL,
    txn_id          INTEGER PRIMARY KEY,
    member_id       INTEGER NOT NULL,
    order_id        INTEGER,                   -- NULL for EXPIRE / ADJUST
    txn_ts          TIMESTAMP NOT NULL,
    txn_type        VARCHAR NOT NULL,          -- EARN, REDEEM, EXPIRE, ADJUST
    points          INTEGER NOT NULL           -- positive; ADJUST either sign
);

CREATE TABLE refunds (
    chain_id        INTEGER NOT NULL,
    refund_id       INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    refund_ts       TIMESTAMP NOT NULL,
    refund_amt      DECIMAL(10,2) NOT NULL,
    reason_cd       VARCHAR NOT NULL           -- WRONG_ORDER, QUALITY, LONG_WAIT, DUPLICATE
);

CREATE TABLE waste_logs (
    chain_id        INTEGER NOT NULL,
    waste_id        INTEGER PRIMARY KEY,
    store_id        INTEGER NOT NULL,
    item_id         INTEGER NOT NULL,
    waste_dt        DATE NOT NULL,
    qty             INTEGER NOT NULL,
    reason_cd       VARCHAR NOT NULL,          -- EXPIRED, SPILL, REMAKE
    cost_amt        DECIMAL(8,2) NOT NULL
);

CREATE TABLE labor_shifts (
    chain_id        INTEGER NOT NULL,
    shift_id        INTEGER PRIMARY KEY,
    store_id        INTEGER NOT NULL,
    employee_id     INTEGER NOT NULL,
    role_cd         VARCHAR NOT NULL,          -- BARISTA, SHIFT_LEAD, MANAGER
    shift_dt        DATE NOT NULL,
    clock_in_ts     TIMESTAMP NOT NULL,
    clock_out_ts    TIMESTAMP,                 -- NULL: still clocked in
    break_min       INTEGER NOT NULL
);
