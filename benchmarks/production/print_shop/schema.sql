-- ============================================================================================
-- print_shop: the warehouse of an online print-on-demand platform (DuckDB DDL for labelling)
--
-- Company: "Pressly" runs web-to-print storefronts for print shops: a shop sells business cards,
-- flyers, banners, stickers and posters by SKU and size to B2B accounts (companies ordering on
-- account, often through the API) and to consumers, sends artwork proofs the buyer approves or
-- rejects, prints the jobs on its presses (makeready + run time), reprints what fails quality
-- checks, ships by carrier (rush orders ship overnight or 2-day), and refunds or credits what went
-- wrong. Every shop is a tenant of one shared analytics warehouse keyed by shop_id.
--
-- Warehouse: PostgreSQL 15 (date_trunc, interval arithmetic, FILTER (WHERE ...), DISTINCT ON,
-- ::numeric casts, generate_series, NULLIF; `int / int` truncates). The agent writes dialect
-- `postgres`.
-- Agent: `proofbot`, versions 3.0, 3.1 and 3.2, deployed for shop 14 ("Northline Print", one plant,
-- six presses). 3.1 is the best; 3.2, the newest, regressed.
-- Log window: 2026-11-09 to 2026-11-20; the warehouse is loaded through 2026-11-08. So "last
-- month" is October 2026, "this month" November 2026 to date, "this quarter" / "this qtr" Q4 2026
-- to date, "last quarter" / "last qtr" / "Q3" July-September 2026, "ytd" / "this year" 2026 to
-- date, "last year" 2025.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `shop_id = 14` on every table of every query (row-level security);
--   * test data: `is_test = false` on customers and orders (QA places test orders through test
--     accounts and, now and then, on a real account); lines, proofs, print jobs, shipments and
--     refunds of a test order are excluded through their order;
--   * soft deletes: `deleted_at IS NULL` on customers (duplicate accounts merged into another
--     one: their orders were moved, so deleted customers have no orders).
--
-- Business conventions at this shop (what a careful analyst would apply):
--   * revenue (sales, net sales) = SUM(orders.subtotal_amt - orders.discount_amt) over orders
--     whose status_cd is not 'CANCELLED', dated by order_ts. Shipping and tax are not revenue.
--     subtotal_amt = SUM(order_lines.line_amt) of the order; line_amt = qty * unit_price.
--   * sales of a product, SKU or category = SUM(order_lines.line_amt) over lines of non-cancelled
--     orders (the discount is order-level and is not allocated); units = SUM(qty).
--   * AOV (average order value) = revenue / number of non-cancelled orders.
--   * order counts ("orders", "orders by status") leave out nothing but test orders; "cancel
--     rate" = CANCELLED orders / all orders, by order_ts.
--   * account type: customers.account_type 'B2B' or 'CONSUMER'; region = customers.region_cd.
--     A repeat customer has 2 or more non-cancelled orders in the period asked. New accounts are
--     dated by customers.created_ts.
--   * coupons: orders.coupon_cd (NULL = none); discount given = SUM(discount_amt) over
--     non-cancelled orders.
--   * proofs: one row per proof version of an order line (version_no 1, 2, 3 ...). decision_cd is
--     'APPROVED', 'REJECTED' or NULL (awaiting the customer). Proof approval rate = APPROVED /
--     decided proofs (APPROVED + REJECTED), dated by decided_ts. Proof rounds of a line = its
--     highest version_no.
--   * print jobs: job_type 'ORIGINAL' or 'REPRINT' (reprint_reason_cd says why: COLOR, CUT,
--     MISPRINT, DAMAGED). A job ran when status_cd is 'DONE' or 'FAILED' ('QUEUED' jobs have not
--     started; start_ts NULL). Press figures (job counts, makeready, run time, sheets) count jobs
--     that ran, dated by start_ts. Reprint rate = REPRINT jobs / ORIGINAL jobs that ran.
--     Run time = run_min; press time = makeready_min + run_min. press_type: DIGITAL, OFFSET,
--     WIDE_FORMAT.
--   * shipping: an order may ship in more than one parcel (shipments). An order ships when its
--     first parcel does: ship date = MIN(shipped_ts)::date. On time = ship date <=
--     orders.promised_ship_dt; "late" = after it. Turnaround = days from order_ts::date to the
--     ship date. Shipping cost = SUM(shipments.cost_amt) (what the carrier bills us), by
--     shipped_ts. Delivered orders = status_cd 'DELIVERED', dated by their last delivered_ts.
--   * refunds: status_cd 'ISSUED' only count (PENDING is not paid out yet, REJECTED never is),
--     dated by refund_ts; refund_type 'CARD' (money back) or 'CREDIT' (store credit). Goodwill
--     credits may be given without an order (order_id NULL). "Refunds" include credits unless
--     the question says card refunds.
--   * rush = orders.is_rush. "Stuck in production" = status_cd 'IN_PRODUCTION' with order_ts more
--     than the stated days before now.
-- ============================================================================================

CREATE TABLE customers (
    shop_id         INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    customer_nm     VARCHAR NOT NULL,      -- company name for B2B, person for consumers
    account_type    VARCHAR NOT NULL,      -- 'B2B' | 'CONSUMER'
    region_cd       VARCHAR,               -- 'NE' | 'SE' | 'MW' | 'W'
    created_ts      TIMESTAMP NOT NULL,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP,
    PRIMARY KEY (shop_id, customer_id)
);

CREATE TABLE products (
    shop_id         INTEGER NOT NULL,
    sku             VARCHAR NOT NULL,
    product_nm      VARCHAR NOT NULL,
    category_cd     VARCHAR NOT NULL,      -- 'BIZCARD' | 'FLYER' | 'BANNER' | 'STICKER' | 'POSTER'
    size_cd         VARCHAR NOT NULL,      -- e.g. '3.5x2', '3x6ft', 'A5'
    base_price      DECIMAL(10, 4) NOT NULL,  -- per unit
    is_active       BOOLEAN NOT NULL,
    PRIMARY KEY (shop_id, sku)
);

CREATE TABLE coupons (
    shop_id         INTEGER NOT NULL,
    coupon_cd       VARCHAR NOT NULL,
    campaign_nm     VARCHAR NOT NULL,
    pct_off         INTEGER NOT NULL,
    valid_from      DATE NOT NULL,
    valid_to        DATE,
    PRIMARY KEY (shop_id, coupon_cd)
);

CREATE TABLE orders (
    shop_id         INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    order_ts        TIMESTAMP NOT NULL,
    channel_cd      VARCHAR NOT NULL,      -- 'WEB' | 'API' | 'PHONE'
    status_cd       VARCHAR NOT NULL,      -- 'PLACED' | 'IN_PRODUCTION' | 'SHIPPED' | 'DELIVERED' | 'CANCELLED'
    is_rush         BOOLEAN NOT NULL,
    coupon_cd       VARCHAR,
    subtotal_amt    DECIMAL(12, 2) NOT NULL,
    discount_amt    DECIMAL(12, 2) NOT NULL,
    shipping_amt    DECIMAL(12, 2) NOT NULL,  -- charged to the customer
    tax_amt         DECIMAL(12, 2) NOT NULL,
    promised_ship_dt DATE NOT NULL,
    is_test         BOOLEAN NOT NULL,
    PRIMARY KEY (shop_id, order_id)
);

CREATE TABLE order_lines (
    shop_id         INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    line_no         INTEGER NOT NULL,
    sku             VARCHAR NOT NULL,
    qty             INTEGER NOT NULL,
    unit_price      DECIMAL(10, 4) NOT NULL,
    line_amt        DECIMAL(12, 2) NOT NULL,
    PRIMARY KEY (shop_id, order_id, line_no)
);

CREATE TABLE proofs (
    shop_id         INTEGER NOT NULL,
    proof_id        INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    line_no         INTEGER NOT NULL,
    version_no      INTEGER NOT NULL,
    sent_ts         TIMESTAMP NOT NULL,
    decision_cd     VARCHAR,               -- 'APPROVED' | 'REJECTED' | NULL (awaiting)
    decided_ts      TIMESTAMP,
    PRIMARY KEY (shop_id, proof_id)
);

CREATE TABLE presses (
    shop_id         INTEGER NOT NULL,
    press_id        INTEGER NOT NULL,
    press_nm        VARCHAR NOT NULL,
    press_type      VARCHAR NOT NULL,      -- 'DIGITAL' | 'OFFSET' | 'WIDE_FORMAT'
    is_active       BOOLEAN NOT NULL,
    PRIMARY KEY (shop_id, press_id)
);

CREATE TABLE print_jobs (
    shop_id         INTEGER NOT NULL,
    job_id          INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    line_no         INTEGER NOT NULL,
    press_id        INTEGER NOT NULL,
    job_type        VARCHAR NOT NULL,      -- 'ORIGINAL' | 'REPRINT'
    reprint_reason_cd VARCHAR,             -- REPRINT only: 'COLOR' | 'CUT' | 'MISPRINT' | 'DAMAGED'
    status_cd       VARCHAR NOT NULL,      -- 'QUEUED' | 'DONE' | 'FAILED'
    start_ts        TIMESTAMP,
    end_ts          TIMESTAMP,
    makeready_min   INTEGER,
    run_min         INTEGER,
    sheets          INTEGER,
    PRIMARY KEY (shop_id, job_id)
);

CREATE TABLE shipments (
    shop_id         INTEGER NOT NULL,
    shipment_id     INTEGER NOT NULL,
    order_id        INTEGER NOT NULL,
    carrier_cd      VARCHAR NOT NULL,      -- 'UPS' | 'FEDEX' | 'USPS'
    service_cd      VARCHAR NOT NULL,      -- 'GROUND' | '2DAY' | 'OVERNIGHT'
    shipped_ts      TIMESTAMP NOT NULL,
    delivered_ts    TIMESTAMP,
    cost_amt        DECIMAL(10, 2) NOT NULL,
    PRIMARY KEY (shop_id, shipment_id)
);

CREATE TABLE refunds (
    shop_id         INTEGER NOT NULL,
    refund_id       INTEGER NOT NULL,
    order_id        INTEGER,               -- NULL for goodwill credits given without an order
    customer_id     INTEGER NOT NULL,
    refund_ts       TIMESTAMP NOT NULL,
    amount          DECIMAL(10, 2) NOT NULL,
    reason_cd       VARCHAR NOT NULL,      -- 'QUALITY' | 'LATE' | 'CANCEL' | 'GOODWILL'
    refund_type     VARCHAR NOT NULL,      -- 'CARD' | 'CREDIT'
    status_cd       VARCHAR NOT NULL,      -- 'ISSUED' | 'PENDING' | 'REJECTED'
    PRIMARY KEY (shop_id, refund_id)
);
