-- ============================================================================================
-- meal_kits: the analytics warehouse of a meal-kit subscription platform (DuckDB DDL for labelling)
--
-- Company: "Forkful" runs the subscription, menu, fulfilment and support back end for several
-- meal-kit brands. Every brand is a tenant of one shared warehouse: its customers, their
-- subscriptions (a plan of so many meals a week for 2 or 4 people) with pauses, the weekly boxes
-- (charged, skipped, cancelled or still scheduled), the recipes picked into each box, the
-- deliveries by carrier, recipes and their ingredients by supplier, refunds and account credits,
-- promo codes and customer support tickets, all keyed by brand_id.
--
-- Warehouse: Databricks SQL (Spark SQL: date_trunc('MONTH', ...), add_months, date_sub,
-- datediff(end, start), count_if, try_divide, QUALIFY; `/` is always decimal division).
-- The agent writes dialect `databricks`.
-- Agent: `pantrypilot`, versions 2.3, 2.4 and 2.5, deployed for brand 4 ("Hearth & Harvest",
-- US, regions NE, MW, S, W).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01 (boxes of the
-- weeks of 2026-11-02 and 2026-11-09 are already there as SCHEDULED or SKIPPED: customers
-- skip ahead). So "last month" is October 2026, "this quarter" / "this qtr" Q4 2026 to date
-- (in the data: October), "last quarter" / "Q3" July-September 2026, "ytd" / "this year" 2026
-- to date, "last year" 2025, "in March" March 2026, "last 90 days" the 90 days before today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `brand_id = 4` on every table of every query (row-level security);
--   * test accounts: `is_test = false` on customers, subscriptions and boxes (QA accounts; the
--     flag is copied from the account onto its subscriptions and boxes, so no join is needed).
--     Deliveries and box_recipes of QA boxes must be left out through their box
--     (boxes.is_test). QA accounts never get credits or tickets (the refund tool and the
--     helpdesk run in a sandbox for them), so credits and tickets need no test guard;
--   * soft deletes: `deleted_at IS NULL` on customers (accounts erased at the customer's
--     request) and on tickets (spam / duplicates removed by agents). An erased customer's boxes,
--     deliveries and credits stay as financial history and still count in box, revenue and
--     credit figures; customer counts and lists leave erased customers out.
--
-- Business conventions at this brand (what a careful analyst would apply):
--   * a box is one subscription's delivery week; boxes are dated by week_start_dt (the Monday of
--     the delivery week). Charged boxes = status 'SHIPPED' or 'DELIVERED' (a SHIPPED box is
--     one whose delivery failed or was returned: it was charged). 'SKIPPED' = the customer
--     skipped that week (amounts 0), 'CANCELLED' = cancelled by the brand (payment failed, out
--     of stock; not charged), 'SCHEDULED' = a future week not charged yet.
--   * revenue = SUM(boxes.net_amt) over charged boxes (net_amt = gross_amt - discount_amt, i.e.
--     after promo discounts, without shipping_amt); refunds and credits are NOT netted out.
--     AOV (average order value) = revenue / charged boxes.
--   * skip rate = SKIPPED / (SKIPPED + charged) boxes of the period; CANCELLED and SCHEDULED
--     boxes are out of both sides.
--   * subscriptions.status is the current state: 'active', 'paused' (a pause is running),
--     'cancelled'. Active subscribers = customers with an active subscription. Churn = a
--     subscription cancelled (cancel_dt) in the period; cancel_reason may be NULL (not given).
--     Pauses: pauses.start_dt is when a pause began; end_dt NULL = open-ended (still paused).
--   * a recipe "ordered" / "picked" = a box_recipes row of a charged box; servings sold =
--     SUM(box_recipes.servings). Recipes on the menu = is_retired = false.
--   * recipe ingredient cost per serving = SUM(recipe_ingredients.qty_per_serving *
--     ingredients.unit_cost); ingredient spend of boxes = that times the servings sold.
--   * deliveries: one per charged box. On time = status 'DELIVERED' and delivered_ts's date <=
--     promised_dt. On-time rate = on time / all deliveries of the period that are finished
--     (DELIVERED, FAILED, RETURNED; IN_TRANSIT is out); dated by promised_dt. Late = DELIVERED
--     after promised_dt. Failed deliveries = status 'FAILED' (RETURNED is not failed).
--   * credits: credit_type 'REFUND' (money back to the card) or 'CREDIT' (account credit for a
--     later box). Only status 'ISSUED' counts ('REVERSED' ones were taken back). Dated by
--     issued_ts. "Refunds" = REFUND only; "credits and refunds" / "compensation" = both.
--   * promo redemption = a charged box with that promo_cd; discount given = SUM(discount_amt).
--   * repeat customer = a customer (not erased, not test) with 2 or more charged boxes in the
--     period. New customers / signups are dated by customers.signup_dt.
--   * tickets are dated by opened_ts; open tickets = status 'OPEN' or 'PENDING'; resolution time
--     = resolved_ts - opened_ts over tickets with a resolved_ts; CSAT = AVG(csat_score) over
--     tickets that have a score (1-5).
--   * "per region" = customers.region_cd of the box's customer.
-- ============================================================================================

CREATE TABLE customers (
    brand_id      INTEGER NOT NULL,
    customer_id   INTEGER PRIMARY KEY,
    full_nm       VARCHAR NOT NULL,
    email         VARCHAR NOT NULL,
    region_cd     VARCHAR NOT NULL,           -- NE, MW, S, W
    acq_channel   VARCHAR NOT NULL,           -- PAID_SOCIAL, REFERRAL, SEARCH, PODCAST, TV
    signup_dt     DATE NOT NULL,
    is_test       BOOLEAN NOT NULL,
    deleted_at    TIMESTAMP                   -- account erased
);

CREATE TABLE subscriptions (
    brand_id          INTEGER NOT NULL,
    sub_id            INTEGER PRIMARY KEY,
    customer_id       INTEGER NOT NULL,
    plan_cd           VARCHAR NOT NULL,       -- CLASSIC2, CLASSIC4, VEGGIE2, FAMILY4
    meals_per_week    INTEGER NOT NULL,
    servings          INTEGER NOT NULL,       -- people per meal: 2 or 4
    price_per_serving DECIMAL(6,2) NOT NULL,
    status            VARCHAR NOT NULL,       -- active, paused, cancelled
    start_dt          DATE NOT NULL,
    cancel_dt         DATE,
    cancel_reason     VARCHAR,                -- TOO_EXPENSIVE, MOVING, RECIPE_VARIETY, DELIVERY_ISSUES, ACCOUNT_CLOSED, NULL
    signup_promo_cd   VARCHAR,
    is_test           BOOLEAN NOT NULL
);

CREATE TABLE pauses (
    brand_id      INTEGER NOT NULL,
    pause_id      INTEGER PRIMARY KEY,
    sub_id        INTEGER NOT NULL,
    start_dt      DATE NOT NULL,
    end_dt        DATE,                       -- NULL: open-ended
    reason_cd     VARCHAR                     -- TRAVEL, BUDGET, TOO_MUCH_FOOD, OTHER
);

CREATE TABLE recipes (
    brand_id      INTEGER NOT NULL,
    recipe_id     INTEGER PRIMARY KEY,
    recipe_nm     VARCHAR NOT NULL,
    cuisine       VARCHAR NOT NULL,
    diet_tag      VARCHAR,                    -- VEG, VEGAN, PESC, NULL (none)
    prep_min      INTEGER NOT NULL,
    launched_dt   DATE NOT NULL,
    is_retired    BOOLEAN NOT NULL
);

CREATE TABLE ingredients (
    brand_id      INTEGER NOT NULL,
    ingredient_id INTEGER PRIMARY KEY,
    ingredient_nm VARCHAR NOT NULL,
    supplier_nm   VARCHAR NOT NULL,
    unit_cd       VARCHAR NOT NULL,
    unit_cost     DECIMAL(8,2) NOT NULL,      -- per unit (portion)
    is_allergen   BOOLEAN NOT NULL
);

CREATE TABLE recipe_ingredients (
    brand_id        INTEGER NOT NULL,
    recipe_id       INTEGER NOT NULL,
    ingredient_id   INTEGER NOT NULL,
    qty_per_serving DECIMAL(6,2) NOT NULL
);

CREATE TABLE promo_codes (
    brand_id      INTEGER NOT NULL,
    promo_cd      VARCHAR NOT NULL,
    channel       VARCHAR NOT NULL,           -- marketing channel of the campaign
    discount_type VARCHAR NOT NULL,           -- PCT, AMT
    discount_val  DECIMAL(8,2) NOT NULL,
    valid_from    DATE NOT NULL,
    valid_to      DATE NOT NULL
);

CREATE TABLE boxes (
    brand_id      INTEGER NOT NULL,
    box_id        INTEGER PRIMARY KEY,
    sub_id        INTEGER NOT NULL,
    customer_id   INTEGER NOT NULL,
    week_start_dt DATE NOT NULL,              -- Monday of the delivery week
    status        VARCHAR NOT NULL,           -- SCHEDULED, SKIPPED, CANCELLED, SHIPPED, DELIVERED
    gross_amt     DECIMAL(10,2) NOT NULL,
    discount_amt  DECIMAL(10,2) NOT NULL,
    net_amt       DECIMAL(10,2) NOT NULL,     -- gross_amt - discount_amt
    shipping_amt  DECIMAL(10,2) NOT NULL,
    promo_cd      VARCHAR,
    is_test       BOOLEAN NOT NULL
);

CREATE TABLE box_recipes (
    brand_id      INTEGER NOT NULL,
    line_id       INTEGER PRIMARY KEY,
    box_id        INTEGER NOT NULL,
    recipe_id     INTEGER NOT NULL,
    servings      INTEGER NOT NULL
);

CREATE TABLE deliveries (
    brand_id      INTEGER NOT NULL,
    delivery_id   INTEGER PRIMARY KEY,
    box_id        INTEGER NOT NULL,
    carrier_cd    VARCHAR NOT NULL,           -- UPS, FEDEX, ONTRAC, LASERSHIP
    promised_dt   DATE NOT NULL,
    delivered_ts  TIMESTAMP,
    status        VARCHAR NOT NULL            -- IN_TRANSIT, DELIVERED, FAILED, RETURNED
);

CREATE TABLE credits (
    brand_id      INTEGER NOT NULL,
    credit_id     INTEGER PRIMARY KEY,
    customer_id   INTEGER NOT NULL,
    box_id        INTEGER,                    -- NULL: goodwill credit not tied to a box
    credit_type   VARCHAR NOT NULL,           -- REFUND, CREDIT
    amount        DECIMAL(10,2) NOT NULL,
    reason_cd     VARCHAR NOT NULL,           -- NOT_DELIVERED, MISSING_ITEM, DAMAGED, QUALITY, LATE, GOODWILL
    issued_ts     TIMESTAMP NOT NULL,
    status        VARCHAR NOT NULL            -- ISSUED, REVERSED
);

CREATE TABLE tickets (
    brand_id      INTEGER NOT NULL,
    ticket_id     INTEGER PRIMARY KEY,
    customer_id   INTEGER NOT NULL,
    box_id        INTEGER,                    -- NULL: not about a box
    category      VARCHAR NOT NULL,           -- DELIVERY, MISSING_ITEM, QUALITY, BILLING, ACCOUNT
    channel       VARCHAR NOT NULL,           -- CHAT, EMAIL, PHONE
    status        VARCHAR NOT NULL,           -- OPEN, PENDING, SOLVED, CLOSED
    opened_ts     TIMESTAMP NOT NULL,
    resolved_ts   TIMESTAMP,
    csat_score    INTEGER,                    -- 1-5, NULL when not rated
    deleted_at    TIMESTAMP
);
