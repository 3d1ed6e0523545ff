-- ============================================================================================
-- food_trucks: the warehouse of a food-truck operations platform (DuckDB DDL for labelling)
--
-- Company: "CurbCloud" sells POS, scheduling, permit tracking, commissary booking and catering
-- software to food-truck operators. Every operator (a truck collective or a multi-truck owner
-- group) is a tenant of one shared Trino warehouse (Iceberg tables), every table keyed by op_id.
-- The deployment here is operator 'FT-0512', Harborline Street Eats (Portland, Beaverton and
-- Vancouver WA), a collective of owner-operated trucks: Taco Tide, Seoul Wheels, Bao Down,
-- Curry Courier (broke down on 2026-10-03 and off the road since; its stops cancelled), Smokestack
-- BBQ, Crepe Escape (launched 2026-03-15 after three days of POS training), Noodle Nomad (retired
-- on 2026-08-31, history kept), the platform's "Demo Truck (onboarding)" used to train staff, and
-- a second Taco Tide record keyed twice in January 2025 and soft-deleted. Other tenants in the
-- warehouse: 'FT-0230' (Sound Bites, Seattle) and 'FT-0877' (Lone Star Wheels, Austin).
--
-- Warehouse: Trino (date_trunc, date_add('day', n, d), date_diff('day', a, b), interval
-- literals such as INTERVAL '1' MONTH, current_date, count_if, max_by / min_by, year(), date(),
-- CAST; `/` between integers is integer division, as in Trino). Flags are BOOLEAN except the
-- Y/N codes noted. Money is in integer cents (BIGINT / INTEGER); answers show dollars.
-- Agent: `curbside-sql`, versions 3.1, 3.2 and 3.3, deployed for operator 'FT-0512'.
-- Log window: 2026-11-09 to 2026-11-27; the warehouse snapshot is loaded up to 2026-11-08
-- (nothing dated after it except stops SCHEDULED ahead, commissary slots BOOKED ahead, catering
-- bookings for future events and permits whose term runs on). So "last month" is October 2026,
-- "this month" November 2026 to date, "last quarter" Q3 2026 (July-September), "ytd" / "this
-- year" 2026 to date, "last year" 2025, "last 6 months" the six whole months May-October 2026,
-- "last 30 days" current_date - 30 days to today, "next 30 days" today to today + 30 days
-- inclusive, "rn" / "now" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `op_id = 'FT-0512'` on every query (row policy; every id is unique across the
--     platform, so a join on the id needs the guard on one side only);
--   * test rows: `is_test = false` on trucks (the Demo Truck) and on orders (orders rung in the
--     POS training mode, on the Demo Truck and on real trucks during onboarding and staff
--     training: Crepe Escape's 2026-03-10 to 03-12 training orders, for instance);
--   * soft deletes: `deleted_at IS NULL` on trucks (the Taco Tide record keyed twice: no stops,
--     orders or inspections of its own) and locations (a duplicate of the Pioneer Square curb,
--     deleted in March 2025, no stops since);
--   * voids: `void_flg = 'N'` on ingr_purchases (supplier invoices keyed in error and re-keyed);
--     orders carry their own VOID status (below).
--   "Our trucks" / "which trucks" = trucks with is_test = false and deleted_at IS NULL (retired
--   ones included); "active trucks" additionally retired_dt IS NULL.
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * orders: one row per POS ticket. order_status 'PAID', 'REFUNDED' (refunded in full later:
--     refund_ts and refund_cents set) or 'VOID' (rung in error, never paid). pay_method 'CARD'
--     (chip / swipe), 'TAP' (contactless card or phone wallet) or 'CASH'; "card" = CARD and TAP.
--     subtotal_cents is the food sold (comped lines excluded), before tax and tip; tax_cents is
--     the city's; tip_cents the tip. Dated by order_ts. stop_id is the stop served (NULL for
--     training orders rung off a stop).
--   * revenue = "sales" = SUM(subtotal_cents) of PAID orders (no tax, no tips; refunded and void
--     orders are not revenue), dated by order_ts. "Orders" (counts) = orders not VOID (refunded
--     ones were still orders). Average ticket = revenue / PAID orders = AVG(subtotal_cents) of
--     PAID orders. Tips = SUM(tip_cents) of PAID orders. Tip % = SUM(tip_cents) /
--     SUM(subtotal_cents) of the same PAID orders, as a percentage (weighted, not an average of
--     each order's percentage). "% of sales by card" = card revenue / revenue.
--   * refunds = SUM(refund_cents) of REFUNDED orders (it returns subtotal, tax and tip), dated
--     by refund_ts, not by the order's date.
--   * order_lines: one row per item on a ticket; unit_price_cents is the menu price charged that
--     day; comp_yn = 'Y' for an item given free (a comp: its value is not in subtotal_cents).
--     Units sold = SUM(qty) of the lines of PAID orders, comped lines included. Comped value =
--     SUM(qty * unit_price_cents) of comp lines (comps only occur on PAID orders).
--   * menu_items is a price history: one row per item and price period (item_ver_id); item_id is
--     the item, eff_from_dt the first day of the price, eff_to_dt the day the next price took
--     effect (exclusive; NULL on the current version, one current version per item). active_yn
--     ('Y'/'N') is the item's flag, repeated on every version. "Current price" / "rn" = the
--     version with eff_to_dt IS NULL of items with active_yn = 'Y'. A join from order_lines on
--     item_id alone repeats every line once per price version of its item.
--   * stops: one row per scheduled service stop (a truck at a location in a time slot).
--     stop_status 'SCHEDULED' (ahead), 'COMPLETED' (served), 'CANCELLED' (cancel_rsn 'WEATHER',
--     'BREAKDOWN', 'LOW_SALES', 'PERMIT' or 'OTHER') or 'NO_SHOW' (the truck never turned up and
--     never cancelled). "A stop the truck worked" = COMPLETED. Dated by stop_dt. On time = a
--     COMPLETED stop with arrived_ts <= slot_start_ts + 10 minutes; on-time rate = on-time /
--     COMPLETED stops. No-show rate = NO_SHOW / (COMPLETED + NO_SHOW) stops (cancelled stops are
--     neither). Orders per stop = orders (not VOID, not test) / COMPLETED stops, stops without an
--     order counting as 0.
--   * permits: one row per permit term (permit_type 'MOBILE_VENDING' per city, 'HEALTH' from the
--     county, 'FIRE'); status 'ACTIVE', 'EXPIRED' or 'REVOKED' (revoked before its expiry: the
--     row keeps its original expires_dt). "Expiring in the next 30 days" = ACTIVE permits with
--     expires_dt from today to today + 30 days.
--   * inspections: one row per health inspection, city = where the inspection took place (trucks
--     are inspected wherever they operate, not only in their home_city); result 'PASS', 'COND'
--     (conditional pass) or 'FAIL'; score 0-100, NULL for complaint visits that are not scored.
--     "Failed an inspection" = result 'FAIL'.
--   * commissary_bkgs: kitchen slots; bkg_status 'BOOKED' (ahead), 'USED' or 'CANCELLED'. Hours
--     booked = SUM(hrs) of non-cancelled bookings, dated by bkg_dt; kitchen cost = SUM(hrs *
--     rate_cents_hr) of the same.
--   * ingr_purchases: supplier invoices per truck; category 'PROTEIN', 'PRODUCE', 'DAIRY',
--     'DRY_GOODS', 'BEVERAGE' or 'PACKAGING'. Ingredient spend = SUM(amt_cents) with void_flg =
--     'N', dated by purch_dt. Food cost = ingredient spend without PACKAGING; food cost % = food
--     cost / revenue of the same period, as a percentage.
--   * daily_closeouts: one row per truck and business day closed on the POS. over_short_cents =
--     cash counted - cash expected: negative = cash short, positive = cash over. "Short more than
--     $20" = over_short_cents < -2000.
--   * catering_bkgs: event catering; truck_id is NULL until a truck is assigned (tentative
--     bookings, and bookings cancelled before assignment). cater_status 'TENTATIVE', 'CONFIRMED',
--     'COMPLETED' or 'CANCELLED' (cancel_rsn 'WEATHER', 'BREAKDOWN' or 'CLIENT'). deposit_cents
--     is the deposit asked, deposit_paid_dt set when it was paid. Catering revenue =
--     SUM(quote_cents) of COMPLETED bookings by event_dt. Deposits held = deposits paid on
--     TENTATIVE and CONFIRMED bookings whose event is still ahead. "Catering bookings this year"
--     = bookings with event_dt in 2026, whatever their status.
-- ============================================================================================

CREATE TABLE trucks (
    op_id          VARCHAR NOT NULL,
    truck_id       INTEGER NOT NULL,      -- unique across the platform
    truck_nm       VARCHAR NOT NULL,
    owner_nm       VARCHAR NOT NULL,
    cuisine_cd     VARCHAR NOT NULL,      -- 'MEXICAN', 'KOREAN', 'BBQ', ...
    home_city      VARCHAR NOT NULL,
    in_svc_dt      DATE NOT NULL,
    retired_dt     DATE,                  -- set when the truck left service
    is_test        BOOLEAN NOT NULL,      -- the platform's demo truck
    deleted_at     TIMESTAMP              -- keyed twice
);

CREATE TABLE locations (
    op_id          VARCHAR NOT NULL,
    loc_id         INTEGER NOT NULL,
    loc_nm         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    loc_type       VARCHAR NOT NULL,      -- 'STREET', 'BREWERY', 'OFFICE_PARK', 'MARKET', 'EVENT_SITE'
    deleted_at     TIMESTAMP
);

CREATE TABLE stops (
    op_id          VARCHAR NOT NULL,
    stop_id        BIGINT NOT NULL,
    truck_id       INTEGER NOT NULL,
    loc_id         INTEGER NOT NULL,
    stop_dt        DATE NOT NULL,
    slot_start_ts  TIMESTAMP NOT NULL,
    slot_end_ts    TIMESTAMP NOT NULL,
    arrived_ts     TIMESTAMP,             -- set on COMPLETED stops
    stop_status    VARCHAR NOT NULL,      -- 'SCHEDULED', 'COMPLETED', 'CANCELLED', 'NO_SHOW'
    cancel_rsn     VARCHAR,               -- 'WEATHER', 'BREAKDOWN', 'LOW_SALES', 'PERMIT', 'OTHER'
    cancelled_ts   TIMESTAMP
);

CREATE TABLE menu_items (
    op_id          VARCHAR NOT NULL,
    item_ver_id    INTEGER NOT NULL,      -- one row per item and price period
    item_id        INTEGER NOT NULL,
    truck_id       INTEGER NOT NULL,
    item_nm        VARCHAR NOT NULL,
    category       VARCHAR NOT NULL,      -- 'ENTREE', 'SIDE', 'DRINK', 'DESSERT'
    price_cents    INTEGER NOT NULL,
    eff_from_dt    DATE NOT NULL,
    eff_to_dt      DATE,                  -- exclusive; NULL = current price
    active_yn      VARCHAR(1) NOT NULL    -- 'Y' / 'N', the item's flag on every version
);

CREATE TABLE orders (
    op_id          VARCHAR NOT NULL,
    order_id       BIGINT NOT NULL,
    truck_id       INTEGER NOT NULL,
    stop_id        BIGINT,                -- NULL for training orders rung off a stop
    order_ts       TIMESTAMP NOT NULL,
    subtotal_cents BIGINT NOT NULL,       -- food sold, comps excluded, before tax and tip
    tax_cents      BIGINT NOT NULL,
    tip_cents      BIGINT NOT NULL,
    pay_method     VARCHAR NOT NULL,      -- 'CARD', 'TAP', 'CASH'
    order_status   VARCHAR NOT NULL,      -- 'PAID', 'REFUNDED', 'VOID'
    refund_ts      TIMESTAMP,
    refund_cents   BIGINT,                -- subtotal + tax + tip returned
    is_test        BOOLEAN NOT NULL       -- POS training mode
);

CREATE TABLE order_lines (
    op_id            VARCHAR NOT NULL,
    order_id         BIGINT NOT NULL,
    line_no          SMALLINT NOT NULL,
    item_id          INTEGER NOT NULL,
    qty              SMALLINT NOT NULL,
    unit_price_cents INTEGER NOT NULL,    -- menu price that day
    comp_yn          VARCHAR(1) NOT NULL  -- 'Y' = given free
);

CREATE TABLE permits (
    op_id          VARCHAR NOT NULL,
    permit_id      INTEGER NOT NULL,
    truck_id       INTEGER NOT NULL,
    city           VARCHAR NOT NULL,
    permit_type    VARCHAR NOT NULL,      -- 'MOBILE_VENDING', 'HEALTH', 'FIRE'
    permit_no      VARCHAR NOT NULL,
    issued_dt      DATE NOT NULL,
    expires_dt     DATE NOT NULL,
    fee_cents      INTEGER NOT NULL,
    status         VARCHAR NOT NULL       -- 'ACTIVE', 'EXPIRED', 'REVOKED'
);

CREATE TABLE inspections (
    op_id          VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    truck_id       INTEGER NOT NULL,
    city           VARCHAR NOT NULL,      -- where the inspection took place
    insp_dt        DATE NOT NULL,
    insp_type      VARCHAR NOT NULL,      -- 'ROUTINE', 'REINSPECT', 'COMPLAINT'
    score          SMALLINT,              -- NULL when not scored
    result         VARCHAR NOT NULL,      -- 'PASS', 'COND', 'FAIL'
    inspector_nm   VARCHAR
);

CREATE TABLE commissary_bkgs (
    op_id          VARCHAR NOT NULL,
    bkg_id         INTEGER NOT NULL,
    truck_id       INTEGER NOT NULL,
    kitchen_nm     VARCHAR NOT NULL,
    bkg_dt         DATE NOT NULL,
    hrs            DECIMAL(4,1) NOT NULL,
    rate_cents_hr  INTEGER NOT NULL,
    bkg_status     VARCHAR NOT NULL       -- 'BOOKED', 'USED', 'CANCELLED'
);

CREATE TABLE ingr_purchases (
    op_id          VARCHAR NOT NULL,
    purch_id       INTEGER NOT NULL,
    truck_id       INTEGER NOT NULL,
    vendor_nm      VARCHAR NOT NULL,
    purch_dt       DATE NOT NULL,
    category       VARCHAR NOT NULL,      -- 'PROTEIN', 'PRODUCE', 'DAIRY', 'DRY_GOODS', 'BEVERAGE', 'PACKAGING'
    amt_cents      BIGINT NOT NULL,
    void_flg       VARCHAR(1) NOT NULL    -- 'Y' = keyed in error
);

CREATE TABLE daily_closeouts (
    op_id               VARCHAR NOT NULL,
    closeout_id         INTEGER NOT NULL,
    truck_id            INTEGER NOT NULL,
    biz_dt              DATE NOT NULL,
    gross_cents         BIGINT NOT NULL,  -- PAID subtotal of the day
    card_cents          BIGINT NOT NULL,
    cash_cents          BIGINT NOT NULL,
    tips_cents          BIGINT NOT NULL,
    cash_expected_cents BIGINT NOT NULL,
    cash_counted_cents  BIGINT NOT NULL,
    over_short_cents    BIGINT NOT NULL,  -- counted - expected; negative = short
    closed_by           VARCHAR,
    closed_ts           TIMESTAMP NOT NULL
);

CREATE TABLE catering_bkgs (
    op_id            VARCHAR NOT NULL,
    cater_id         INTEGER NOT NULL,
    truck_id         INTEGER,             -- NULL until a truck is assigned
    client_nm        VARCHAR NOT NULL,
    booked_dt        DATE NOT NULL,
    event_dt         DATE NOT NULL,
    guest_cnt        INTEGER NOT NULL,
    quote_cents      BIGINT NOT NULL,
    deposit_cents    BIGINT NOT NULL,     -- deposit asked
    deposit_paid_dt  DATE,                -- NULL: not paid (yet)
    cater_status     VARCHAR NOT NULL,    -- 'TENTATIVE', 'CONFIRMED', 'COMPLETED', 'CANCELLED'
    cancel_rsn       VARCHAR,             -- 'WEATHER', 'BREAKDOWN', 'CLIENT'
    deposit_refunded_yn VARCHAR(1) NOT NULL
);
