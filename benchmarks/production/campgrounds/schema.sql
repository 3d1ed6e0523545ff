-- ============================================================================================
-- campgrounds: the warehouse of a campground and RV-park reservation platform (DuckDB DDL for
-- labelling)
--
-- Company: "Basecamp Cloud" runs reservations, site inventory, add-ons and park-store POS for
-- campground and RV-park operators. Every operator is a tenant of one shared analytics
-- warehouse: its parks, sites (tent, RV partial / full hookup, cabins, yurts), seasonal rate
-- cards, guests, reservations (arrival and departure nights, cancellations, no-shows),
-- add-ons sold on a reservation (firewood bundles, kayak and paddleboard rentals, golf carts,
-- pet fees, early check-in), park-store sales, site closures and guest reviews, all keyed by
-- operator_id.
--
-- Warehouse: DuckDB (CTEs, window functions, QUALIFY, FILTER (WHERE ...), median(), date_diff,
-- date_trunc, strftime, dayofweek (0 = Sunday ... 6 = Saturday), isodow (1 = Monday ... 7 =
-- Sunday); `/` is always decimal division). The agent writes dialect `duckdb`.
-- Agent: `trailhead-ai`, versions 3.0, 3.1 and 3.2, deployed for operator 'OP-117' ("Tall
-- Timbers Parks": seven parks in the Pacific Northwest and the Mountain states).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01 (rows are as
-- of that morning: a guest on site that night is CHECKED_IN, future arrivals are CONFIRMED).
-- Relative dates are read against the record's timestamp: "last month" is October 2026,
-- "last quarter" / "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "last 12
-- months" November 2025 - October 2026, "in October" October 2026.
-- The camping season is May 1 - September 30. In November "this season" is the season just
-- ended, May 1 - Sep 30 2026; "last season" is May 1 - Sep 30 2025.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 'OP-117'` on every table of every query (row-level security);
--   * test bookings: `is_test = false` on reservations and guests (staff test bookings made on
--     "Test Booking" guest profiles; add-ons, store sales and reviews of a test reservation are
--     excluded through it; reviews only ever come from real stays);
--   * soft deletes: `deleted_at IS NULL` on sites (decommissioned sites, left out of site
--     inventory counts; their past reservations still count) and guests (erased or merged
--     profiles, left out of guest counts and guest lists);
--   * voided store sales: `is_void = false` on store_sales.
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * reservation statuses: CONFIRMED (future), CHECKED_IN (on site now), CHECKED_OUT,
--     CANCELLED, NO_SHOW. A stay = a reservation CHECKED_IN or CHECKED_OUT. Stays, site nights,
--     site revenue, length of stay, party size, cancellation and no-show rates are dated by
--     arrival_dt; "bookings" (made) are all reservations, cancelled ones included, dated by
--     booked_ts; cancellations counted as events ("cancellations this year") are dated by
--     cancelled_ts.
--   * site revenue (lodging revenue, "revenue") = SUM(site_total_amt) (nightly rates after
--     discounts, tax excluded) over stays. No-shows and cancellations are not revenue.
--   * site nights = SUM(nights) over stays (nights = departure_dt - arrival_dt; the departure
--     date is the morning the guest leaves). A site is occupied on night D when a stay has
--     arrival_dt <= D < departure_dt.
--   * ADR (average daily rate) = site revenue / site nights over the same stays.
--   * cancellation rate = CANCELLED / all reservations arriving in the period; no-show rate =
--     NO_SHOW / (reservations arriving in the period that were not cancelled: CHECKED_IN,
--     CHECKED_OUT, NO_SHOW).
--   * lead time = days from the booking date (booked_ts) to arrival_dt, over bookings made in
--     the period (cancelled ones too).
--   * add-on revenue = SUM(qty * unit_price) over add-ons not refunded (is_refunded = false),
--     dated by added_ts; per stay = add-on revenue of the period's stays / number of stays
--     (stays without add-ons count as 0).
--   * store sales = SUM(amount) of store_sales not voided, dated by sale_ts; res_id is NULL for
--     walk-in and day-visitor sales.
--   * a site is closed on day D when a closure has start_dt <= D and (end_dt IS NULL or end_dt
--     > D); end_dt is the reopening date, NULL while the site is still closed. Closure nights
--     = COALESCE(end_dt, today) - start_dt, dated by start_dt.
--   * repeat guest = a guest with two or more CHECKED_OUT stays (ever); a new guest of a period
--     = a guest whose first stay (earliest arrival_dt of their stays) falls in the period.
--   * out-of-state guest = guests.home_state differs from the park's state_cd (an unknown home
--     state is not out of state; shares are over all stays).
--   * current rate = the site_rates row whose start_dt <= today <= end_dt.
--   * ratings are 1-5; "5-star share" and other percentages are shown as 0-100.
-- ============================================================================================

CREATE TABLE parks (
    operator_id     VARCHAR NOT NULL,
    park_id         INTEGER PRIMARY KEY,
    park_nm         VARCHAR NOT NULL,
    state_cd        VARCHAR NOT NULL,          -- two-letter state / province
    region_nm       VARCHAR NOT NULL,          -- Pacific NW, Mountain, ...
    park_type       VARCHAR NOT NULL,          -- CAMPGROUND, RV_RESORT
    opened_dt       DATE NOT NULL,
    deleted_at      TIMESTAMP                  -- never set at OP-117
);

CREATE TABLE sites (
    operator_id     VARCHAR NOT NULL,
    site_id         INTEGER PRIMARY KEY,
    park_id         INTEGER NOT NULL,
    site_no         VARCHAR NOT NULL,          -- A01, A02, ... within the park
    site_type       VARCHAR NOT NULL,          -- TENT, RV_PARTIAL, RV_FULL (full hookup), CABIN, YURT
    hookup_amps     INTEGER,                   -- 30 or 50 on RV sites, NULL elsewhere
    has_sewer       BOOLEAN NOT NULL,          -- full hookup sites only
    max_rig_ft      INTEGER,                   -- longest RV the site takes
    deleted_at      TIMESTAMP                  -- decommissioned site
);

CREATE TABLE site_rates (
    operator_id     VARCHAR NOT NULL,
    rate_id         INTEGER PRIMARY KEY,
    park_id         INTEGER NOT NULL,
    site_type       VARCHAR NOT NULL,
    season_cd       VARCHAR NOT NULL,          -- PEAK (Jun-Aug), SHOULDER (May, Sep-Oct), OFF
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,             -- inclusive
    nightly_rate    DECIMAL(8,2) NOT NULL
);

CREATE TABLE guests (
    operator_id     VARCHAR NOT NULL,
    guest_id        INTEGER PRIMARY KEY,
    first_nm        VARCHAR NOT NULL,
    last_nm         VARCHAR NOT NULL,
    email           VARCHAR,
    home_state      VARCHAR,                   -- NULL when unknown
    created_at      TIMESTAMP NOT NULL,        -- profile created (first booking or newsletter)
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE reservations (
    operator_id     VARCHAR NOT NULL,
    res_id          INTEGER PRIMARY KEY,
    guest_id        INTEGER NOT NULL,
    site_id         INTEGER NOT NULL,
    park_id         INTEGER NOT NULL,
    booked_ts       TIMESTAMP NOT NULL,
    arrival_dt      DATE NOT NULL,             -- first night
    departure_dt    DATE NOT NULL,             -- the morning the guest leaves
    nights          INTEGER NOT NULL,          -- departure_dt - arrival_dt
    party_size      INTEGER NOT NULL,
    status          VARCHAR NOT NULL,          -- CONFIRMED, CHECKED_IN, CHECKED_OUT, CANCELLED, NO_SHOW
    channel         VARCHAR NOT NULL,          -- WEB, PHONE, OTA, WALKIN
    site_total_amt  DECIMAL(10,2) NOT NULL,    -- lodging after discounts, before tax
    tax_amt         DECIMAL(10,2) NOT NULL,
    cancelled_ts    TIMESTAMP,
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE addons (
    operator_id     VARCHAR NOT NULL,
    addon_id        INTEGER PRIMARY KEY,
    res_id          INTEGER NOT NULL,
    item_cd         VARCHAR NOT NULL,          -- FIREWOOD, KAYAK, PADDLEBOARD, GOLF_CART, PET_FEE, EARLY_CHECKIN
    qty             INTEGER NOT NULL,
    unit_price      DECIMAL(8,2) NOT NULL,
    added_ts        TIMESTAMP NOT NULL,
    is_refunded     BOOLEAN NOT NULL
);

CREATE TABLE store_sales (
    operator_id     VARCHAR NOT NULL,
    sale_id         INTEGER PRIMARY KEY,
    park_id         INTEGER NOT NULL,
    res_id          INTEGER,                   -- NULL: walk-in / day visitor
    sale_ts         TIMESTAMP NOT NULL,
    category        VARCHAR NOT NULL,          -- GROCERY, ICE, PROPANE, SUPPLIES, MERCH, SNACKS
    amount          DECIMAL(10,2) NOT NULL,
    is_void         BOOLEAN NOT NULL
);

CREATE TABLE site_closures (
    operator_id     VARCHAR NOT NULL,
    closure_id      INTEGER PRIMARY KEY,
    site_id         INTEGER NOT NULL,
    start_dt        DATE NOT NULL,             -- first day closed
    end_dt          DATE,                      -- reopening date; NULL while still closed
    reason_cd       VARCHAR NOT NULL,          -- MAINT, STORM, FLOOD, UTILITY, TREE
    is_planned      BOOLEAN NOT NULL
);

CREATE TABLE reviews (
    operator_id     VARCHAR NOT NULL,
    review_id       INTEGER PRIMARY KEY,
    res_id          INTEGER NOT NULL,
    park_id         INTEGER NOT NULL,
    submitted_ts    TIMESTAMP NOT NULL,
    rating          INTEGER NOT NULL,          -- 1-5 stars
    would_return    BOOLEAN,                   -- NULL: not answered
    source          VARCHAR NOT NULL           -- EMAIL_SURVEY, GOOGLE
);
