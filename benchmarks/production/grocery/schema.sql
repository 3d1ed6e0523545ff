-- ============================================================================================
-- grocery: a grocery chain's retail warehouse shared by its franchise groups (DuckDB DDL for
-- labelling)
--
-- Company: "Harvest Lane Markets" franchises its supermarkets to regional franchise groups. The
-- chain runs one retail warehouse for all of them: stores, categories, products, baskets (till
-- and online transactions) and basket lines, promotions, loyalty members, weekly inventory
-- snapshots and waste/shrink events sit in shared tables keyed by franchise_id (one franchise
-- group per tenant). Ids are unique across the whole warehouse.
--
-- Warehouse: DuckDB (MotherDuck). The agent writes dialect `duckdb`.
-- Agent: `shelf-sense`, versions 2.1, 2.2 and 3.0, deployed for franchise group FG07
-- ("Northgate Fresh", seven stores in four regions).
-- Log window: 2026-03-02T07:00Z to 2026-03-27T19:00Z (so "last month" is February 2026, "this
-- month" March 2026 to date, "this quarter" Q1 2026 to date, "last quarter" Q4 2025, "ytd"
-- 2026 to date, "jan"/"feb"/"march" without a year the months of 2026).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `franchise_id = 'FG07'` on every query (every table carries franchise_id);
--   * training tills: `baskets.is_training = false` on every query that reads baskets or basket
--     lines (staff training mode writes real-looking completed baskets, with lines, into
--     production);
--   * voided waste: `waste_events.is_void = false` on every waste/shrink query (a void cancels
--     a waste record keyed in by mistake).
--
-- Business conventions at this company (what a careful analyst would apply):
--   * sales (revenue, "rev", turnover) = SUM(baskets.total_amt) over baskets with status
--     'completed' (voided and refunded baskets are not sales), dated by baskets.basket_ts.
--     total_amt is what the shopper paid, after promotion discounts; it equals the SUM of its
--     lines' line_amt. Product/category/department/brand sales = SUM(basket_lines.line_amt) of
--     the lines of completed baskets. Units = SUM(basket_lines.qty).
--   * a basket / transaction / order counts completed baskets only ("click & collect orders"
--     are completed baskets with channel 'click_collect'). Refunds are baskets with status
--     'refunded' (refunded in full; their value is total_amt).
--   * average basket value (basket size in money) = sales / number of completed baskets.
--   * items per basket = units (SUM(qty)) / number of completed baskets. baskets.item_count is
--     the number of LINES (distinct products scanned), not units.
--   * gross margin = SUM(line_amt) - SUM(qty * products.unit_cost); margin % divides by
--     SUM(line_amt) (totals, not an average of per-line margins).
--   * promo sales / baskets "using a promotion": lines with promo_id NOT NULL; a promotion's
--     type is promotions.promo_type. A promotion runs from start_date to end_date, both
--     inclusive; end_date NULL means open-ended (still running).
--   * loyalty: a shopper is a loyalty member when baskets.member_id IS NOT NULL (NULL = not
--     scanned a card). A member is current while loyalty_members.cancelled_on IS NULL.
--     "active member" = current member with a completed basket in the 30 days before today
--     (basket_ts >= CURRENT_DATE - 30 days). "haven't shopped in N days" = no completed basket
--     since CURRENT_DATE - N days, members who never shopped included.
--   * shrink / waste = SUM(waste_events.cost_amt) (at cost), non-void events, dated by
--     recorded_on. Waste "as a % of sales" = waste cost / the store's sales in the same period.
--   * inventory: each store counts stock in a weekly snapshot (Sunday); a store that misses a
--     week keeps its previous count, so "latest snapshot" / "latest count" is each store's own
--     MAX(snapshot_date). Out of stock = on_hand_qty <= 0 (negative counts are shrink not yet
--     booked); on_hand_qty NULL = not counted (neither in nor out of stock).
--   * open stores: stores.closed_on IS NULL. Regions: 'North', 'South', 'West', 'East'.
--   * "last week" is the previous Monday-to-Sunday week; "last 7 days" the seven full days
--     before today (today excluded).
-- ============================================================================================

CREATE TABLE stores (
    franchise_id     VARCHAR NOT NULL,
    store_id         INTEGER PRIMARY KEY,
    store_name       VARCHAR NOT NULL,
    region           VARCHAR NOT NULL,      -- 'North', 'South', 'West', 'East'
    store_format     VARCHAR NOT NULL,      -- 'supermarket', 'express', 'hyper'
    sales_area_sqft  INTEGER NOT NULL,
    opened_on        DATE NOT NULL,
    closed_on        DATE                   -- NULL while the store trades
);

CREATE TABLE categories (
    franchise_id   VARCHAR NOT NULL,
    category_id    INTEGER PRIMARY KEY,
    category_name  VARCHAR NOT NULL,
    department     VARCHAR NOT NULL         -- 'Fresh', 'Grocery', 'Frozen', 'Non-food'
);

CREATE TABLE products (
    franchise_id      VARCHAR NOT NULL,
    product_id        INTEGER PRIMARY KEY,
    sku               VARCHAR NOT NULL,
    product_name      VARCHAR NOT NULL,
    category_id       INTEGER NOT NULL,
    brand             VARCHAR NOT NULL,
    is_private_label  BOOLEAN NOT NULL,     -- the chain's own brand ("Harvest Lane")
    unit_cost         DECIMAL(10, 2) NOT NULL,
    list_price        DECIMAL(10, 2) NOT NULL,
    is_active         BOOLEAN NOT NULL
);

CREATE TABLE loyalty_members (
    franchise_id   VARCHAR NOT NULL,
    member_id      INTEGER PRIMARY KEY,
    joined_on      DATE NOT NULL,
    tier           VARCHAR NOT NULL,        -- 'basic', 'plus', 'gold'
    home_store_id  INTEGER NOT NULL,
    email_opt_in   BOOLEAN NOT NULL,
    cancelled_on   DATE                     -- NULL while the membership is current
);

CREATE TABLE promotions (
    franchise_id  VARCHAR NOT NULL,
    promo_id      INTEGER PRIMARY KEY,
    promo_name    VARCHAR NOT NULL,
    promo_type    VARCHAR NOT NULL,         -- 'bogo', 'pct_off', 'multibuy', 'member_price'
    category_id   INTEGER NOT NULL,
    start_date    DATE NOT NULL,
    end_date      DATE                      -- inclusive; NULL = open-ended
);

CREATE TABLE baskets (
    franchise_id  VARCHAR NOT NULL,
    basket_id     BIGINT PRIMARY KEY,
    store_id      INTEGER NOT NULL,
    member_id     INTEGER,                  -- NULL when no loyalty card was scanned
    basket_ts     TIMESTAMP NOT NULL,
    channel       VARCHAR NOT NULL,         -- 'in_store', 'click_collect', 'home_delivery'
    status        VARCHAR NOT NULL,         -- 'completed', 'voided', 'refunded'
    is_training   BOOLEAN NOT NULL,         -- till in training mode
    item_count    INTEGER NOT NULL,         -- number of lines (distinct products), NOT units
    total_amt     DECIMAL(10, 2) NOT NULL,  -- paid, after discounts = SUM(lines.line_amt)
    discount_amt  DECIMAL(10, 2) NOT NULL
);

CREATE TABLE basket_lines (
    franchise_id  VARCHAR NOT NULL,
    basket_id     BIGINT NOT NULL,
    line_no       INTEGER NOT NULL,
    product_id    INTEGER NOT NULL,
    qty           INTEGER NOT NULL,
    unit_price    DECIMAL(10, 2) NOT NULL,  -- shelf price
    line_amt      DECIMAL(10, 2) NOT NULL,  -- paid for the line, after its promotion
    promo_id      INTEGER,                  -- NULL when no promotion applied
    PRIMARY KEY (basket_id, line_no)
);

CREATE TABLE inventory_snapshots (
    franchise_id   VARCHAR NOT NULL,
    snapshot_date  DATE NOT NULL,           -- weekly count, Sundays
    store_id       INTEGER NOT NULL,
    product_id     INTEGER NOT NULL,
    on_hand_qty    INTEGER,                 -- NULL = not counted; <= 0 = out of stock
    on_order_qty   INTEGER NOT NULL,        -- ordered from the DC, not yet received
    PRIMARY KEY (snapshot_date, store_id, product_id)
);

CREATE TABLE waste_events (
    franchise_id  VARCHAR NOT NULL,
    waste_id      INTEGER PRIMARY KEY,
    store_id      INTEGER NOT NULL,
    product_id    INTEGER NOT NULL,
    recorded_on   DATE NOT NULL,
    qty           INTEGER NOT NULL,
    cost_amt      DECIMAL(10, 2) NOT NULL,  -- qty * unit cost
    reason        VARCHAR NOT NULL,         -- 'expired', 'damaged', 'spoiled', 'theft', 'recall'
    is_void       BOOLEAN NOT NULL
);
