-- ============================================================================================
-- ecommerce: the order warehouse of a multi-store e-commerce platform (DuckDB DDL for labelling)
--
-- Company: "Tidewater Commerce" hosts several independent online stores on one platform; the
-- analytics warehouse keeps every store's orders, order lines, products (one row per SKU),
-- customers, returns, payments, shipments and promotions in shared tables keyed by store_id.
--
-- Warehouse: PostgreSQL. The agent writes dialect `postgres`.
-- Agent: `shopbot`, versions 1.8, 2.0 and 2.1, deployed for store 17 ("Northwind Outdoor").
-- Log window: 2025-05-02 to 2025-05-30 (so "last month" is April 2025, "this quarter" Q2 2025
-- to date, "last quarter" Q1 2025, "April" April 2025, "this year" / "ytd" 2025 to date).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `store_id = 17` on every query (every table carries store_id);
--   * test orders: `orders.is_test = false` on every query that reads orders (QA places test
--     orders in production). Test orders are only ever placed by the QA customer and only ever
--     for products that also sell for real, so queries that never touch orders need no join.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * revenue (sales, GMV, "spend") = SUM(orders.total_amt) over orders whose status is one of
--     'paid', 'shipped', 'delivered' (pending, cancelled and refunded orders are not revenue),
--     dated by orders.order_ts. AOV = revenue / number of those orders. Units sold, items per
--     order, SKUs sold and category/brand sales use the order lines of those same orders.
--   * counts of orders "placed" count every status (cancelled included), test orders excluded.
--   * guest checkouts have orders.customer_id NULL.
--   * a shipment is on time when delivered_at::date <= promised_date; "late" when after it.
--   * a repeat customer has two or more revenue orders in the period.
--   * loyalty_tier NULL means the customer never joined the loyalty programme.
--   * customers.acquisition_channel is how the customer was acquired ("signed up by email" =
--     'email'); orders.channel is where an order was placed ('app' is the mobile app).
--   * "last week" is the previous Monday-to-Sunday week.
-- ============================================================================================

CREATE TABLE stores (
    store_id      INTEGER PRIMARY KEY,
    store_name    VARCHAR NOT NULL,
    country_code  CHAR(2) NOT NULL,
    currency      CHAR(3) NOT NULL,
    opened_on     DATE NOT NULL
);

CREATE TABLE customers (
    customer_id          INTEGER PRIMARY KEY,
    store_id             INTEGER NOT NULL,
    email                VARCHAR NOT NULL,
    first_name           VARCHAR,
    last_name            VARCHAR,
    country_code         CHAR(2),
    loyalty_tier         VARCHAR,          -- 'bronze', 'silver', 'gold'; NULL = not enrolled
    acquisition_channel  VARCHAR NOT NULL, -- 'organic', 'paid_search', 'email', 'social', 'referral'
    marketing_opt_in     BOOLEAN NOT NULL,
    signup_date          DATE NOT NULL
);

CREATE TABLE products (
    product_id    INTEGER PRIMARY KEY,
    store_id      INTEGER NOT NULL,
    sku           VARCHAR NOT NULL,
    product_name  VARCHAR NOT NULL,
    category      VARCHAR NOT NULL,
    brand         VARCHAR NOT NULL,
    list_price    DECIMAL(10, 2) NOT NULL,
    unit_cost     DECIMAL(10, 2) NOT NULL,
    is_active     BOOLEAN NOT NULL,
    launched_on   DATE NOT NULL
);

CREATE TABLE promotions (
    promo_id        INTEGER PRIMARY KEY,
    store_id        INTEGER NOT NULL,
    promo_code      VARCHAR NOT NULL,
    promo_name      VARCHAR NOT NULL,
    discount_type   VARCHAR NOT NULL,      -- 'percent', 'fixed'
    discount_value  DECIMAL(10, 2) NOT NULL,
    starts_on       DATE NOT NULL,
    ends_on         DATE
);

CREATE TABLE orders (
    order_id      INTEGER PRIMARY KEY,
    store_id      INTEGER NOT NULL,
    customer_id   INTEGER,                 -- NULL = guest checkout
    order_ts      TIMESTAMP NOT NULL,
    status        VARCHAR NOT NULL,        -- 'pending', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded'
    channel       VARCHAR NOT NULL,        -- 'web', 'app', 'marketplace', 'pos'
    promo_code    VARCHAR,                 -- NULL = no promotion
    subtotal_amt  DECIMAL(12, 2) NOT NULL,
    discount_amt  DECIMAL(12, 2) NOT NULL,
    shipping_amt  DECIMAL(12, 2) NOT NULL,
    tax_amt       DECIMAL(12, 2) NOT NULL,
    total_amt     DECIMAL(12, 2) NOT NULL, -- subtotal - discount + shipping + tax
    ship_country  CHAR(2),
    is_test       BOOLEAN NOT NULL
);

CREATE TABLE order_items (
    order_item_id  INTEGER PRIMARY KEY,
    order_id       INTEGER NOT NULL,
    store_id       INTEGER NOT NULL,
    product_id     INTEGER NOT NULL,
    quantity       INTEGER NOT NULL,
    unit_price     DECIMAL(10, 2) NOT NULL,
    line_discount  DECIMAL(10, 2) NOT NULL
);

CREATE TABLE payments (
    payment_id      INTEGER PRIMARY KEY,
    order_id        INTEGER NOT NULL,
    store_id        INTEGER NOT NULL,
    payment_method  VARCHAR NOT NULL,      -- 'card', 'paypal', 'apple_pay', 'gift_card', 'klarna'
    amount          DECIMAL(12, 2) NOT NULL,
    status          VARCHAR NOT NULL,      -- 'authorized', 'captured', 'failed', 'refunded'
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE shipments (
    shipment_id      INTEGER PRIMARY KEY,
    order_id         INTEGER NOT NULL,
    store_id         INTEGER NOT NULL,
    carrier          VARCHAR NOT NULL,     -- 'UPS', 'FedEx', 'DHL', 'USPS'
    shipped_at       TIMESTAMP,            -- NULL while only a label exists
    promised_date    DATE,
    delivered_at     TIMESTAMP,            -- NULL until delivered
    shipment_status  VARCHAR NOT NULL      -- 'label_created', 'in_transit', 'delivered', 'lost'
);

CREATE TABLE returns (
    return_id      INTEGER PRIMARY KEY,
    order_id       INTEGER NOT NULL,
    order_item_id  INTEGER NOT NULL,
    store_id       INTEGER NOT NULL,
    customer_id    INTEGER,
    requested_at   TIMESTAMP NOT NULL,
    reason         VARCHAR NOT NULL,       -- 'damaged', 'wrong_size', 'not_as_described', 'changed_mind', 'late_delivery'
    return_status  VARCHAR NOT NULL,       -- 'requested', 'approved', 'rejected', 'refunded'
    refund_amt     DECIMAL(12, 2),         -- set once refunded
    refunded_at    TIMESTAMP               -- set once refunded
);
