-- ============================================================================================
-- marketplace: the analytics warehouse of a food-delivery marketplace (DuckDB DDL for labelling)
--
-- Company: "Garfo" runs a food-delivery marketplace in several countries from one warehouse:
-- every country operation (market) keeps its customers, restaurants (merchants), couriers,
-- orders, order items, deliveries, vouchers, refunds, ratings and "Garfo Plus" subscriptions in
-- shared tables keyed by market_code ('PT' Portugal, 'ES' Spain, 'IT' Italy).
--
-- Warehouse: PostgreSQL. The agent writes dialect `postgres`.
-- Agent: `dash-analyst`, versions 3.2, 3.3 and 4.0, deployed for the Portuguese operation
-- (market 'PT', the ops and finance analysts in Lisbon). Amounts are in EUR.
-- Log window: 2025-09-02 to 2025-09-29 (so "last month" is August 2025, "this year" / "ytd"
-- 2025 to date, "August" / "July" August / July 2025, "end of last month" 2025-08-31).
-- The order data of the warehouse copy used for labelling ends on 2025-09-01.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * market: `market_code = 'PT'` on every query (every table carries market_code);
--   * test traffic: `orders.is_test = false` on every query that reads orders, and
--     `customers.is_test = false` on every query that reads customers (QA places test orders
--     from test accounts in production; only test accounts place test orders). Test orders never
--     reach couriers or support: they have no deliveries, refunds or ratings rows, so queries on
--     those tables alone need no join to orders.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * orders.status is one of 'delivered', 'cancelled' (cancelled by the customer or by ops),
--     'rejected' (refused by the restaurant), 'in_progress'. Orders "placed" count every status;
--     "cancellation rate" = cancelled / placed (rejections are not cancellations); "failed
--     orders" are cancelled + rejected.
--   * GMV = SUM(orders.subtotal_amt) over delivered orders (food value, before discounts, without
--     the delivery fee), dated by orders.placed_at. AOV = GMV / number of delivered orders.
--     Items per order (= SUM(order_items.quantity) / delivered orders), cuisine and restaurant
--     sales and counts ("top cuisines by number of orders") use delivered orders too.
--   * counts of a customer's orders ("ordered 3 times", "active", "repeat", "first order") count
--     delivered orders; a new customer's first order is their first delivered order ever.
--   * delivery time = delivered_at - placed_at, in minutes (click to door), delivered orders
--     only; a delivery is late when it takes more than 45 minutes. Prep time = picked_up_at -
--     accepted_at, over delivered orders. The funnel steps are placed (every order), accepted (accepted_at set),
--     picked up (picked_up_at set) and delivered (status 'delivered').
--   * deliveries has one row per courier assignment: when a courier drops a job it is reassigned
--     and the first row gets delivery_status 'reassigned'; the courier who delivered has the row
--     'completed'. A job whose order is cancelled gets delivery_status 'cancelled'; when no courier
--     had been found yet its courier_id is NULL. Distance and trip duration describe completed rows.
--   * ratings: one row per rated order; courier_stars is NULL when the customer rated only the
--     restaurant. Refunds: an order can have several refund rows (partial refunds).
--   * refund rate = delivered orders with at least one refund / delivered orders.
--   * a customer is a Plus member on day d when a subscription row has started_at <= d and
--     (ended_at IS NULL or ended_at > d); a subscriber "churned" in a month when a subscription
--     ended in it. A customer can have several subscription rows (left and came back).
--   * a voucher is "used" (redeemed) by a delivered order whose orders.voucher_id is set
--     (a cancelled order gives the voucher back); vouchers.campaign groups the codes.
--   * ratings and refunds are dated by their own created_at.
--   * weeks start on Monday; ratios are shown as fractions or percentages, either is fine.
-- ============================================================================================

CREATE TABLE markets (
    market_code   VARCHAR PRIMARY KEY,
    market_name   VARCHAR NOT NULL,
    currency      CHAR(3) NOT NULL
);

CREATE TABLE cities (
    city_id       INTEGER PRIMARY KEY,
    market_code   VARCHAR NOT NULL,
    city_name     VARCHAR NOT NULL
);

CREATE TABLE customers (
    customer_id          INTEGER PRIMARY KEY,
    market_code          VARCHAR NOT NULL,
    city_id              INTEGER,
    email                VARCHAR NOT NULL,
    signup_date          DATE NOT NULL,
    acquisition_channel  VARCHAR NOT NULL,   -- organic, paid_social, referral, search, partner
    is_test              BOOLEAN NOT NULL
);

CREATE TABLE merchants (
    merchant_id    INTEGER PRIMARY KEY,
    market_code    VARCHAR NOT NULL,
    city_id        INTEGER NOT NULL,
    merchant_name  VARCHAR NOT NULL,
    cuisine        VARCHAR NOT NULL,         -- portuguese, pizza, burger, sushi, indian, chinese, healthy, dessert
    onboarded_on   DATE NOT NULL,
    is_active      BOOLEAN NOT NULL
);

CREATE TABLE couriers (
    courier_id     INTEGER PRIMARY KEY,
    market_code    VARCHAR NOT NULL,
    city_id        INTEGER NOT NULL,
    vehicle_type   VARCHAR NOT NULL,         -- bike, scooter, car
    joined_on      DATE NOT NULL,
    is_active      BOOLEAN NOT NULL
);

CREATE TABLE vouchers (
    voucher_id     INTEGER PRIMARY KEY,
    market_code    VARCHAR NOT NULL,
    code           VARCHAR NOT NULL,
    campaign       VARCHAR NOT NULL,         -- welcome, winback, plus_perk, summer
    discount_type  VARCHAR NOT NULL,         -- percent, fixed, free_delivery
    valid_from     DATE NOT NULL,
    valid_to       DATE NOT NULL
);

CREATE TABLE orders (
    order_id       INTEGER PRIMARY KEY,
    market_code    VARCHAR NOT NULL,
    customer_id    INTEGER NOT NULL,
    merchant_id    INTEGER NOT NULL,
    city_id        INTEGER NOT NULL,
    platform       VARCHAR NOT NULL,         -- ios, android, web
    status         VARCHAR NOT NULL,         -- delivered, cancelled, rejected, in_progress
    placed_at      TIMESTAMP NOT NULL,
    accepted_at    TIMESTAMP,
    picked_up_at   TIMESTAMP,
    delivered_at   TIMESTAMP,
    cancelled_at   TIMESTAMP,
    subtotal_amt   DECIMAL(10, 2) NOT NULL,
    delivery_fee   DECIMAL(10, 2) NOT NULL,
    discount_amt   DECIMAL(10, 2) NOT NULL,
    voucher_id     INTEGER,
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE order_items (
    order_item_id  INTEGER PRIMARY KEY,
    market_code    VARCHAR NOT NULL,
    order_id       INTEGER NOT NULL,
    item_name      VARCHAR NOT NULL,
    quantity       INTEGER NOT NULL,
    unit_price     DECIMAL(10, 2) NOT NULL
);

CREATE TABLE deliveries (
    delivery_id      INTEGER PRIMARY KEY,
    market_code      VARCHAR NOT NULL,
    order_id         INTEGER NOT NULL,
    courier_id       INTEGER,
    delivery_status  VARCHAR NOT NULL,       -- completed, reassigned, cancelled
    assigned_at      TIMESTAMP NOT NULL,
    distance_km      DECIMAL(6, 2),
    duration_min     INTEGER
);

CREATE TABLE refunds (
    refund_id      INTEGER PRIMARY KEY,
    market_code    VARCHAR NOT NULL,
    order_id       INTEGER NOT NULL,
    refund_amt     DECIMAL(10, 2) NOT NULL,
    reason         VARCHAR NOT NULL,         -- missing_item, wrong_item, late, cold_food, quality
    created_at     TIMESTAMP NOT NULL
);

CREATE TABLE ratings (
    rating_id       INTEGER PRIMARY KEY,
    market_code     VARCHAR NOT NULL,
    order_id        INTEGER NOT NULL,
    merchant_stars  INTEGER NOT NULL,
    courier_stars   INTEGER,
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE subscriptions (
    subscription_id  INTEGER PRIMARY KEY,
    market_code      VARCHAR NOT NULL,
    customer_id      INTEGER NOT NULL,
    plan             VARCHAR NOT NULL,       -- plus_monthly, plus_annual
    started_at       DATE NOT NULL,
    ended_at         DATE
);
