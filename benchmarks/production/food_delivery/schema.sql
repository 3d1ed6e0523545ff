-- ============================================================================================
-- food_delivery: the analytics warehouse of a white-label food-delivery marketplace platform
-- (DuckDB DDL for labelling; the production warehouse is ClickHouse)
--
-- Company: "Forkline" runs the ordering app, restaurant tablet, courier app and dispatch engine
-- for regional food-delivery brands. Each brand (an "operator") is a tenant of one shared
-- ClickHouse analytics warehouse: delivery zones, restaurants and their menus, customers,
-- orders and their lines, promo codes, couriers, delivery assignments (pickup / dropoff times,
-- distance, courier pay), refunds and ratings, all keyed by operator_id.
--
-- Warehouse: ClickHouse 24.x. The agent writes dialect `clickhouse` (toStartOfMonth, today(),
-- dateDiff, countIf / sumIf / avgIf, uniqExact, argMax, quantileExact, LIMIT n BY ...; `/` is
-- always floating-point division). The deployment runs with join_use_nulls = 1, so an
-- unmatched LEFT JOIN gives NULLs as in standard SQL. Booleans are UInt8 0 / 1.
-- Agent: `orderlens`, versions 1.7, 1.8 and 1.9, deployed for operator 27 ("Gullwing Eats",
-- a coastal-city delivery brand, five delivery zones plus the new Airport zone).
-- Log window: 2026-11-09 to 2026-11-20; the warehouse is loaded up to 2026-11-08 23:59. So
-- "today" is the record's date; "last month" is October 2026, "this month" / "mtd" November
-- 2026 to date, "this quarter" / "qtd" Q4 2026 (October 1) to date, "last quarter" / "Q3"
-- July-September 2026, "ytd" / "this year" 2026 to date, "last week" the previous Monday to
-- Sunday, "last N days" the N whole days before today (today left out), "last N months" the N
-- whole calendar months before the current month.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 27` on every table of every query (row-level security);
--   * test data: `is_test = 0` on orders, restaurants, customers and couriers (QA accounts,
--     demo restaurants and test couriers; every order of a test customer or a test restaurant
--     is itself flagged is_test = 1);
--   * soft deletes: `deleted_at IS NULL` on restaurants (left the platform) and customers
--     (closed accounts). Restaurant lists, rankings and counts leave deleted restaurants out;
--     customer counts (active, new, repeat customers, per-customer figures) leave deleted
--     customers out. Orders of deleted restaurants / customers stay in order, GMV, fee and
--     delivery totals (they happened).
--
-- Business conventions at Gullwing Eats (what a careful analyst would apply):
--   * an order is dated by orders.placed_ts for every order metric (GMV, AOV, cancellations,
--     delivery time, on-time, refund rate, promo share). "Placed orders" = all non-test orders
--     whatever their status. Delivered order = status_cd 'DELIVERED'; 'CANCELLED' orders were
--     cancelled (cancelled_by says who: CUSTOMER, RESTAURANT, COURIER, SYSTEM); 'PLACED',
--     'ACCEPTED' and 'PICKED_UP' are still open.
--   * GMV = SUM(orders.subtotal_amt) of delivered orders: the food value before discounts;
--     delivery fee, service fee and tip are not GMV. AOV = GMV / delivered orders.
--   * platform take ("net revenue", "take") = SUM(subtotal_amt * restaurants.commission_pct
--     / 100 + delivery_fee_amt + service_fee_amt) over delivered orders. Tips belong to the
--     courier and are never revenue; discounts are a marketing cost, not netted here.
--   * cancellation rate = CANCELLED orders / placed orders. A restaurant cancellation is
--     cancelled_by = 'RESTAURANT'.
--   * tip rate = SUM(tip_amt) / SUM(subtotal_amt) over delivered orders (a ratio of sums, not
--     the average of per-order ratios).
--   * deliveries: one row per courier assignment of an order. An order a courier dropped and
--     dispatch reassigned has an earlier row with delivery_status 'REASSIGNED'; a cancelled
--     order's assignment is 'FAILED' (courier_id NULL when no courier ever accepted it). Only
--     the 'COMPLETED' row has pickup_ts and dropoff_ts. Reassigned order = delivered order with
--     a REASSIGNED delivery row; reassignment rate = reassigned / delivered orders.
--   * delivery time = minutes from orders.placed_ts to the completed delivery's dropoff_ts;
--     on time = dropoff_ts <= orders.promised_ts, late otherwise; on-time rate over delivered
--     orders. Wait at restaurant = minutes from arrived_pickup_ts to pickup_ts (completed rows).
--   * zone of an order = the restaurant's zone (where it is picked up).
--   * courier figures (deliveries done, earnings, distance) count COMPLETED deliveries dated by
--     dropoff_ts. Courier earnings = courier_pay_amt + the order's tip_amt (tips go 100 % to the
--     courier who completed it). Current couriers = offboarded_dt IS NULL (and not test).
--   * refunds: amounts dated by refund_ts; refund rate = delivered orders (dated by placed_ts)
--     with at least one refund / delivered orders. An order can have more than one refund.
--   * ratings: one per rated order; food_stars 1-5 always, delivery_stars 1-5 or NULL (the
--     customer skipped it). Averages ignore NULLs. Ratings are dated by rated_ts. A courier's
--     rating = delivery_stars of the orders they completed.
--   * promo order = orders.promo_code IS NOT NULL; promo share = delivered orders with a promo
--     code / delivered orders. Discount cost = SUM(discount_amt) of delivered orders, funded
--     by promos.funded_by ('PLATFORM' or 'RESTAURANT').
--   * active customer = placed at least one delivered order in the period; repeat customer =
--     two or more delivered orders in the period; new customer = their first delivered order
--     ever falls in the period (signup date is not the test). Plus member = customers.is_plus
--     (current status).
--   * items sold = SUM(order_items.qty) over delivered orders.
-- ============================================================================================

CREATE TABLE zones (
    operator_id     INTEGER NOT NULL,
    zone_id         INTEGER PRIMARY KEY,
    zone_nm         VARCHAR NOT NULL,
    city_nm         VARCHAR NOT NULL,
    launched_dt     DATE NOT NULL
);

CREATE TABLE restaurants (
    operator_id     INTEGER NOT NULL,
    restaurant_id   INTEGER PRIMARY KEY,
    restaurant_nm   VARCHAR NOT NULL,
    cuisine_cd      VARCHAR NOT NULL,        -- PIZZA, SUSHI, BURGER, THAI, INDIAN, MEXICAN, HEALTHY, CHINESE
    zone_id         INTEGER NOT NULL,
    commission_pct  DECIMAL(5,2) NOT NULL,   -- platform commission on subtotal, e.g. 22.00
    onboarded_dt    DATE NOT NULL,
    is_test         INTEGER NOT NULL,        -- UInt8 0/1
    deleted_at      TIMESTAMP                -- soft delete: left the platform
);

CREATE TABLE menu_items (
    operator_id     INTEGER NOT NULL,
    item_id         INTEGER PRIMARY KEY,
    restaurant_id   INTEGER NOT NULL,
    item_nm         VARCHAR NOT NULL,
    category_nm     VARCHAR NOT NULL,        -- Mains, Sides, Drinks, Desserts
    price_amt       DECIMAL(8,2) NOT NULL,
    is_available    INTEGER NOT NULL         -- UInt8: currently on the menu
);

CREATE TABLE customers (
    operator_id     INTEGER NOT NULL,
    customer_id     INTEGER PRIMARY KEY,
    signup_ts       TIMESTAMP NOT NULL,
    home_zone_id    INTEGER,
    is_plus         INTEGER NOT NULL,        -- UInt8: Plus subscription (free delivery)
    is_test         INTEGER NOT NULL,
    deleted_at      TIMESTAMP                -- soft delete: closed account
);

CREATE TABLE promos (
    operator_id     INTEGER NOT NULL,
    promo_code      VARCHAR PRIMARY KEY,
    promo_type      VARCHAR NOT NULL,        -- PCT, FLAT, FREE_DELIVERY
    funded_by       VARCHAR NOT NULL,        -- PLATFORM, RESTAURANT
    start_dt        DATE NOT NULL,
    end_dt          DATE
);

CREATE TABLE orders (
    operator_id      INTEGER NOT NULL,
    order_id         BIGINT PRIMARY KEY,
    customer_id      INTEGER NOT NULL,
    restaurant_id    INTEGER NOT NULL,
    placed_ts        TIMESTAMP NOT NULL,
    promised_ts      TIMESTAMP NOT NULL,     -- ETA promised at checkout
    status_cd        VARCHAR NOT NULL,       -- PLACED, ACCEPTED, PICKED_UP, DELIVERED, CANCELLED
    cancelled_by     VARCHAR,                -- CUSTOMER, RESTAURANT, COURIER, SYSTEM (cancelled only)
    channel_cd       VARCHAR NOT NULL,       -- APP, WEB
    subtotal_amt     DECIMAL(10,2) NOT NULL, -- food value
    delivery_fee_amt DECIMAL(8,2) NOT NULL,
    service_fee_amt  DECIMAL(8,2) NOT NULL,
    tip_amt          DECIMAL(8,2) NOT NULL,
    discount_amt     DECIMAL(8,2) NOT NULL,
    promo_code       VARCHAR,                -- NULL: no promo
    is_test          INTEGER NOT NULL
);

CREATE TABLE order_items (
    operator_id     INTEGER NOT NULL,
    order_id        BIGINT NOT NULL,
    line_no         INTEGER NOT NULL,
    item_id         INTEGER NOT NULL,
    qty             INTEGER NOT NULL,
    unit_price_amt  DECIMAL(8,2) NOT NULL
);

CREATE TABLE couriers (
    operator_id     INTEGER NOT NULL,
    courier_id      INTEGER PRIMARY KEY,
    courier_nm      VARCHAR NOT NULL,
    vehicle_cd      VARCHAR NOT NULL,        -- BIKE, EBIKE, SCOOTER, CAR
    onboarded_dt    DATE NOT NULL,
    offboarded_dt   DATE,                    -- NULL while on the fleet
    is_test         INTEGER NOT NULL
);

CREATE TABLE deliveries (
    operator_id       INTEGER NOT NULL,
    delivery_id       BIGINT PRIMARY KEY,
    order_id          BIGINT NOT NULL,
    courier_id        INTEGER,               -- NULL: no courier accepted (FAILED)
    delivery_status   VARCHAR NOT NULL,      -- COMPLETED, REASSIGNED, FAILED
    assigned_ts       TIMESTAMP NOT NULL,
    arrived_pickup_ts TIMESTAMP,
    pickup_ts         TIMESTAMP,
    dropoff_ts        TIMESTAMP,
    distance_km       DECIMAL(6,2),
    courier_pay_amt   DECIMAL(8,2) NOT NULL  -- 0 on REASSIGNED / FAILED rows
);

CREATE TABLE refunds (
    operator_id     INTEGER NOT NULL,
    refund_id       BIGINT PRIMARY KEY,
    order_id        BIGINT NOT NULL,
    refund_ts       TIMESTAMP NOT NULL,
    refund_amt      DECIMAL(8,2) NOT NULL,
    reason_cd       VARCHAR NOT NULL,        -- MISSING_ITEM, WRONG_ORDER, LATE, QUALITY, NEVER_ARRIVED
    funded_by       VARCHAR NOT NULL         -- PLATFORM, RESTAURANT
);

CREATE TABLE ratings (
    operator_id     INTEGER NOT NULL,
    order_id        BIGINT PRIMARY KEY,
    rated_ts        TIMESTAMP NOT NULL,
    food_stars      INTEGER NOT NULL,        -- 1-5
    delivery_stars  INTEGER                  -- 1-5, NULL: not rated
);
