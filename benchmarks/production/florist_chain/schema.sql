-- ============================================================================================
-- florist_chain: the warehouse of a florist-chain commerce platform (DuckDB DDL for labelling)
--
-- Company: "Stemline" runs shop tills, the web and app shop, delivery dispatch, stem stock and
-- subscription billing for florist chains. Every chain is a tenant of one shared Spark
-- warehouse: its shops, the product catalogue (bouquets, arrangements, plants, sympathy
-- tributes, wedding work, add-ons), customers and corporate accounts, orders with their lines,
-- delivery dates and slots, driver delivery attempts, weekly / fortnightly / monthly flower
-- subscriptions, refunds, the stem catalogue and stem stock movements (received, used, wasted),
-- all keyed by tenant_id. Other chains (FLR-0233, FLR-0777) share every table.
--
-- Warehouse: Spark SQL 3.3 on the lakehouse (date_trunc('MONTH', d), add_months, datediff(end,
-- start), date_sub / date_add, months_between, date_format(d, 'yyyy-MM'), year() / month(),
-- count_if, backticks, LIMIT; no QUALIFY before Spark 3.4, so ranking goes through a window in a
-- subquery; `/` is always decimal division). The agent writes dialect `spark`.
-- Agent: `stemwise`, versions 1.8, 1.9 and 2.0, deployed for tenant FLR-0418 ("Petal & Stem":
-- shops Camden, Islington and Greenwich, the Online Studio that makes up web and app orders,
-- and Richmond, opened 2026-09-15; an Old Kent Road shop closed at the end of June 2025 and is
-- soft-deleted, its history kept).
-- Log window: 2026-11-03 to 2026-11-19; the warehouse is loaded up to 2026-11-02 (orders placed
-- up to 2026-11-02, delivery attempts, refunds and stem movements up to 2026-11-02; orders for
-- later delivery dates are OPEN). So "today" / "rn" is the record's date; "last month" is
-- October 2026, "this month" November 2026 to date, "this quarter" / "this qtr" Q4 2026 to date
-- (October 1 to today), "last quarter" / "last qtr" Q3 2026 (July-September), "ytd" / "this
-- year" 2026 to date, "last year" 2025, "last 6 months" the six whole months May-October 2026,
-- "last 30 / 90 days" the 30 / 90 days before today, "vs last year" the same period a year
-- earlier (ytd vs last year = 2026-01-01..today against 2025-01-01..the same day of 2025).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'FLR-0418'` on every table of every query (row-level security);
--   * test rows: `is_test = false` on customers and orders (till-training customers and their
--     orders); order lines, delivery attempts and refunds of test orders are left out through
--     the order, subscriptions of test customers through the customer;
--   * soft deletes: `deleted_at IS NULL` on shops (the closed Old Kent Road shop), products (a
--     product keyed twice), drivers (a driver keyed twice) and customers (merged duplicate
--     profiles: their orders were moved to the surviving profile; their subscriptions are
--     left out through the customer);
--   * `is_void = false` on refunds and stem_movements (rows keyed in error).
--
-- Business conventions at this chain (what a careful analyst would apply):
--   * an order is dated by order_ts (when it was placed); its delivery by delivery_dt. Status
--     OPEN (placed, delivery date still ahead), COMPLETED (delivered or collected), CANCELLED.
--     "orders" = orders not CANCELLED. "revenue" / "sales" = SUM(total_amt) of orders not
--     CANCELLED (total_amt = subtotal_amt - discount_amt + delivery_fee), dated by order_ts;
--     refunds are reported on their own and not netted unless "net" is asked. AOV = revenue /
--     orders. An order's shop is orders.shop_id (web and app orders are made up by the Online
--     Studio, shop 4).
--   * fulfilment DELIVERY or PICKUP; delivery_slot MORNING, AFTERNOON or EVENING on deliveries,
--     NULL on pickups. occasion BIRTHDAY, ANNIVERSARY, WEDDING, FUNERAL, GET_WELL, VALENTINES,
--     THANK_YOU; NULL when the customer gave none ("no occasion" is a group of its own).
--   * "units sold" = SUM(order_lines.qty) of orders not CANCELLED; "best selling" ranks by units.
--     A product's category is products.category; add-ons (ADDON) are products too.
--   * deliveries: one row per attempt (attempt_no 1, 2, 3 ...) by a driver, status DELIVERED or
--     FAILED (fail_reason NOBODY_HOME, WRONG_ADDRESS, NO_ACCESS, REFUSED). A delivery attempt is
--     dated by attempt_ts; "deliveries" (by a driver) = DELIVERED attempts. A "failed delivery"
--     is a FAILED attempt. An order was "redelivered" / "needed a redelivery" when it has an
--     attempt with attempt_no >= 2 (count orders, not attempts). On-time rate = delivery orders
--     whose first attempt (attempt_no = 1) was DELIVERED on delivery_dt, over delivery orders
--     with a first attempt, both by delivery_dt. "Late" = a delivery order whose DELIVERED
--     attempt is after delivery_dt.
--   * stems: stem_movements per shop and stem, move_type RECEIVED (from the wholesaler), USED
--     (into a bouquet) or WASTE (spoiled: WILTED, DAMAGED, OVERSTOCK), dated by move_dt, qty in
--     stems (always positive). Waste rate = SUM(WASTE qty) / SUM(RECEIVED qty) of non-void rows
--     over the period (a ratio of sums); waste cost = SUM(WASTE qty * stems.unit_cost).
--   * subscriptions: plan WEEKLY, FORTNIGHTLY or MONTHLY with price_per_delivery; status ACTIVE,
--     PAUSED (not active) or CANCELLED (cancel_dt set). "active subscriptions" / "subscribers"
--     = ACTIVE subscriptions of real (non-test, non-deleted) customers. Each subscription
--     delivery is an ordinary order carrying subscription_id; "subscription revenue" = revenue
--     of those orders.
--   * corporate: a customer with corp_account_id set orders for that corporate account;
--     corporate spend = revenue of their orders. An open account has closed_dt NULL.
--   * refunds = SUM(refund_amt) of non-void refunds, dated by refund_ts (full and partial).
--   * drivers: employed = term_dt IS NULL and not deleted; is_contractor marks agency drivers
--     (they count as drivers). A driver's shop is drivers.shop_id.
--   * new customers are dated by signup_dt.
-- ============================================================================================

CREATE TABLE shops (
    tenant_id       VARCHAR NOT NULL,
    shop_id         INTEGER NOT NULL,
    shop_nm         VARCHAR NOT NULL,
    city            VARCHAR,
    shop_type       VARCHAR,          -- HIGH_STREET, STUDIO (makes up web and app orders)
    opened_dt       DATE,
    deleted_at      TIMESTAMP
);

CREATE TABLE products (
    tenant_id       VARCHAR NOT NULL,
    product_id      INTEGER NOT NULL,
    product_nm      VARCHAR NOT NULL,
    category        VARCHAR,          -- BOUQUET, ARRANGEMENT, PLANT, SYMPATHY, WEDDING, ADDON, SUBSCRIPTION (the subscription box)
    list_price      DECIMAL(10,2),
    is_active       BOOLEAN,          -- false = retired, history kept
    deleted_at      TIMESTAMP
);

CREATE TABLE corporate_accounts (
    tenant_id       VARCHAR NOT NULL,
    corp_account_id INTEGER NOT NULL,
    account_nm      VARCHAR NOT NULL,
    sector          VARCHAR,          -- HOSPITALITY, OFFICE, FUNERAL_HOME, EVENTS, RETAIL
    opened_dt       DATE,
    closed_dt       DATE              -- NULL while open
);

CREATE TABLE customers (
    tenant_id       VARCHAR NOT NULL,
    customer_id     INTEGER NOT NULL,
    full_nm         VARCHAR,
    email           VARCHAR,
    corp_account_id INTEGER,          -- set for corporate buyers, NULL for consumers
    signup_dt       DATE,
    is_test         BOOLEAN NOT NULL, -- till-training customers
    deleted_at      TIMESTAMP         -- merged duplicate profiles
);

CREATE TABLE orders (
    tenant_id       VARCHAR NOT NULL,
    order_id        BIGINT NOT NULL,
    customer_id     INTEGER NOT NULL,
    shop_id         INTEGER NOT NULL,
    channel         VARCHAR,          -- WEB, APP, PHONE, WALK_IN
    occasion        VARCHAR,          -- BIRTHDAY, ANNIVERSARY, WEDDING, FUNERAL, GET_WELL, VALENTINES, THANK_YOU; NULL = none given
    order_ts        TIMESTAMP NOT NULL,
    delivery_dt     DATE,             -- the date the customer asked for (delivery or pickup)
    fulfilment      VARCHAR,          -- DELIVERY, PICKUP
    delivery_slot   VARCHAR,          -- MORNING, AFTERNOON, EVENING; NULL for pickups
    status          VARCHAR,          -- OPEN, COMPLETED, CANCELLED
    subtotal_amt    DECIMAL(10,2),
    discount_amt    DECIMAL(10,2),
    delivery_fee    DECIMAL(10,2),
    total_amt       DECIMAL(10,2),    -- subtotal - discount + delivery fee
    subscription_id INTEGER,          -- set on subscription deliveries
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE order_lines (
    tenant_id       VARCHAR NOT NULL,
    order_id        BIGINT NOT NULL,
    line_no         INTEGER NOT NULL,
    product_id      INTEGER NOT NULL,
    qty             INTEGER,
    unit_price      DECIMAL(10,2),
    line_amt        DECIMAL(10,2)
);

CREATE TABLE drivers (
    tenant_id       VARCHAR NOT NULL,
    driver_id       INTEGER NOT NULL,
    driver_nm       VARCHAR NOT NULL,
    shop_id         INTEGER,
    is_contractor   BOOLEAN,
    hire_dt         DATE,
    term_dt         DATE,             -- NULL while employed
    deleted_at      TIMESTAMP
);

CREATE TABLE deliveries (
    tenant_id       VARCHAR NOT NULL,
    delivery_id     BIGINT NOT NULL,
    order_id        BIGINT NOT NULL,
    driver_id       INTEGER,
    attempt_no      INTEGER,
    attempt_ts      TIMESTAMP,
    status          VARCHAR,          -- DELIVERED, FAILED
    fail_reason     VARCHAR           -- NOBODY_HOME, WRONG_ADDRESS, NO_ACCESS, REFUSED; NULL when DELIVERED
);

CREATE TABLE subscriptions (
    tenant_id       VARCHAR NOT NULL,
    subscription_id INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    plan            VARCHAR,          -- WEEKLY, FORTNIGHTLY, MONTHLY
    price_per_delivery DECIMAL(10,2),
    start_dt        DATE,
    status          VARCHAR,          -- ACTIVE, PAUSED, CANCELLED
    cancel_dt       DATE              -- set when CANCELLED
);

CREATE TABLE refunds (
    tenant_id       VARCHAR NOT NULL,
    refund_id       INTEGER NOT NULL,
    order_id        BIGINT NOT NULL,
    refund_ts       TIMESTAMP,
    refund_amt      DECIMAL(10,2),
    reason          VARCHAR,          -- QUALITY, LATE, FAILED_DELIVERY, WRONG_ITEM
    is_void         BOOLEAN NOT NULL
);

CREATE TABLE stems (
    tenant_id       VARCHAR NOT NULL,
    stem_id         INTEGER NOT NULL,
    stem_nm         VARCHAR NOT NULL,
    unit_cost       DECIMAL(10,3)     -- wholesale cost per stem
);

CREATE TABLE stem_movements (
    tenant_id       VARCHAR NOT NULL,
    movement_id     BIGINT NOT NULL,
    shop_id         INTEGER NOT NULL,
    stem_id         INTEGER NOT NULL,
    move_dt         DATE,
    move_type       VARCHAR,          -- RECEIVED, USED, WASTE
    qty             INTEGER,          -- stems, always positive
    waste_reason    VARCHAR,          -- WILTED, DAMAGED, OVERSTOCK on WASTE rows
    is_void         BOOLEAN NOT NULL
);
