-- ============================================================================================
-- food_bank: the warehouse of a food-bank network platform (DuckDB DDL for labelling)
--
-- Company: "PantryLink" runs warehouse, agency-ordering, client-intake, volunteer and donor
-- software for regional food banks. Every food bank is a tenant of one shared ClickHouse
-- warehouse, all tables keyed by fb_id. The deployment here is food bank 'FB-0417', the Three
-- Rivers Regional Food Bank: the Riverside distribution centre (its main warehouse), the Ashford
-- and Millbrook branch warehouses, and the Eastport cross-dock (opened 2026-09-14), serving
-- partner agencies (food pantries, shelters and soup kitchens) in five counties. Other tenants in
-- the warehouse: 'FB-0233' (Lakeshore Food Bank) and 'FB-0580' (High Plains Harvest).
--
-- Warehouse: ClickHouse (toStartOfMonth, toStartOfQuarter, toStartOfYear, today(), yesterday(),
-- dateDiff('day', a, b), addDays/subtractMonths, countIf / sumIf / avgIf, uniqExact, multiIf,
-- argMax, LIMIT n BY; `/` is always Float64 division, intDiv is integer division). Flags are
-- UInt8 0/1 (TINYINT here); columns marked NULL are Nullable. The deployment sets
-- join_use_nulls = 1, so an unmatched LEFT JOIN column is NULL, as in standard SQL.
-- The agent writes dialect `clickhouse`.
-- Agent: `pantry-pilot`, versions 1.4, 1.5 and 1.6, deployed for food bank 'FB-0417'.
-- Log window: 2026-11-16 to 2026-11-27; the warehouse is loaded up to 2026-11-15 (nothing
-- dated after it). So "last month" is October 2026, "this month" November 2026 to date, "this
-- quarter" Q4 2026 to date (from 2026-10-01), "last quarter" / "Q3" July-September 2026, "ytd" /
-- "this year" 2026 to date, "last year" 2025 (the whole year), "vs last year" next to a
-- to-date figure means the same dates a year earlier (2025-01-01 to the same day of 2025),
-- "last 6 months" the six whole months May-October 2026, "last 30 / 60 days" a rolling window
-- ending today, "next 14 days" today to today + 14 days, "rn" / "right now" the state at the
-- last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `fb_id = 'FB-0417'` on every table of every query (row policy);
--   * test rows: `is_test = 0` on agencies (the onboarding "Training Pantry" that staff use to
--     practise ordering and intake) and on gifts (payment-processor test charges). The training
--     pantry's orders, order lines and client visits carry no flag of their own: they are
--     excluded only through agencies (join agencies and keep is_test = 0);
--   * voids: `is_void = 0` on food_donations (receipts keyed in error, then re-keyed);
--   * soft deletes: `deleted_at IS NULL` on agencies (an agency keyed twice: the duplicate row
--     is deleted and carries no orders or visits), volunteers and donors (merged duplicates whose
--     shifts and gifts were moved to the surviving record). These guards matter where that table
--     is the population counted or listed.
--
-- Business conventions of the food bank (what a careful analyst would apply):
--   * agencies: agency_type 'PANTRY', 'SHELTER' or 'SOUP_KITCHEN'; status 'ACTIVE', 'SUSPENDED'
--     (paused for a compliance finding; may not order) or 'CLOSED'. "Active agencies" = status
--     'ACTIVE'. A list of agencies ("which agencies ...", "which pantries ...") means active
--     agencies unless the question names another status. New agencies are dated by joined_dt.
--   * food in: one food_donations row is one receipt line of one food category at one
--     warehouse. source_cd 'GROCERY_RESCUE' (store pick-ups), 'FOOD_DRIVE', 'USDA' (TEFAP
--     commodities) or 'PURCHASED'; category 'PRODUCE', 'PROTEIN', 'DAIRY' or 'DRY_GOODS'.
--     "Pounds received" / "lbs in" = SUM(weight_lbs), dated by received_dt. donor_org_nm is the
--     store, drive organiser, vendor or 'USDA TEFAP'. fmv_amt is the fair-market value booked for
--     every receipt; cost_amt is what the food bank paid, set on PURCHASED receipts only (NULL
--     otherwise): "purchased food spend" = SUM(cost_amt). expiry_dt NULL = shelf-stable, no
--     date. "Days to expiry" of received food = days from received_dt to expiry_dt (undated
--     receipts left out).
--   * inventory: one inventory_lots row per lot put away; lot_status 'AVAILABLE', 'HOLD'
--     (quality hold, may not be distributed), 'DEPLETED' or 'DISPOSED'. "On hand" / "in stock"
--     = SUM(lbs_on_hand) of AVAILABLE lots only.
--   * food out: agency_orders (one row per order) and order_lines (pounds and cases per lot).
--     status 'OPEN' (not yet fulfilled), 'SHIPPED' (delivered by our trucks), 'PICKED_UP' (the
--     agency collected it at the dock) or 'CANCELLED'. "Distributed" / "lbs out" / "shipped
--     out" = SUM(order_lines.lbs) of SHIPPED and PICKED_UP orders, dated by fulfil_dt (NULL until
--     fulfilled). "Shipped" alone, next to "picked up", means status 'SHIPPED'. An order is
--     "placed" on order_dt whatever became of it. Cancel rate = CANCELLED orders / all orders
--     placed, by order_dt. Lbs per order = the order's total line pounds.
--   * clients: one client_visits row per household visit recorded by an agency. household_id
--     is the agency's pseudonymous household key (NULL = declined to register). "Visits" =
--     rows; "households served" = distinct household_id (unduplicated, NULLs not counted);
--     "individuals served" = SUM(individuals) over visits (a duplicated count, as the food bank
--     reports it to Feeding America); "first-time" = is_first_visit = 1 (the household's first
--     visit anywhere in the network). Household size = individuals per visit, averaged over
--     visits.
--   * spoilage / disposal: one disposals row per disposal; "lbs disposed" / "spoilage" =
--     SUM(lbs), dated by disposal_dt. Spoilage rate = lbs disposed / pounds received in the same
--     period (as totals, not an average of warehouse rates).
--   * volunteers: vol_shifts status 'WORKED', 'NO_SHOW' or 'CANCELLED' (cancelled ahead by
--     the volunteer). "Volunteer hours" = SUM(hours_worked) of WORKED shifts (sched_hours is
--     the slot length booked; hours_worked is NULL unless WORKED). No-show rate = NO_SHOW /
--     (WORKED + NO_SHOW); cancelled shifts are in neither.
--   * money: one gifts row per gift; status 'SETTLED', 'REFUNDED' (given back: the original
--     row's status changes) or 'FAILED' (card declined). "Raised" / "gifts" / "donations" =
--     SUM(amount) of SETTLED gifts, dated by gift_dt; channel 'ONLINE', 'MAIL', 'EVENT',
--     'PAYROLL'; is_recurring = 1 for a monthly pledge's instalment. A first-time donor's first
--     SETTLED gift falls in the period (donors.created_dt is when the CRM record was made, often
--     at an event sign-up long before any gift).
-- ============================================================================================

CREATE TABLE warehouses (
    fb_id        VARCHAR NOT NULL,
    wh_id        INTEGER NOT NULL,      -- unique across the platform
    wh_code      VARCHAR NOT NULL,      -- e.g. 'RIV'
    wh_nm        VARCHAR NOT NULL,
    wh_type      VARCHAR NOT NULL,      -- 'MAIN', 'BRANCH', 'CROSS_DOCK'
    opened_dt    DATE NOT NULL,
    is_active    TINYINT NOT NULL       -- UInt8
);

CREATE TABLE agencies (
    fb_id        VARCHAR NOT NULL,
    agency_id    INTEGER NOT NULL,
    agency_code  VARCHAR NOT NULL,      -- e.g. 'TR-P014'
    agency_nm    VARCHAR NOT NULL,
    agency_type  VARCHAR NOT NULL,      -- 'PANTRY', 'SHELTER', 'SOUP_KITCHEN'
    county       VARCHAR NOT NULL,
    wh_id        INTEGER NOT NULL,      -- the warehouse that serves it
    status       VARCHAR NOT NULL,      -- 'ACTIVE', 'SUSPENDED', 'CLOSED'
    joined_dt    DATE NOT NULL,
    is_test      TINYINT NOT NULL,      -- 1 = the training pantry
    deleted_at   TIMESTAMP              -- Nullable; soft delete
);

CREATE TABLE food_donations (
    fb_id        VARCHAR NOT NULL,
    donation_id  BIGINT NOT NULL,
    wh_id        INTEGER NOT NULL,
    received_dt  DATE NOT NULL,
    source_cd    VARCHAR NOT NULL,      -- 'GROCERY_RESCUE', 'FOOD_DRIVE', 'USDA', 'PURCHASED'
    donor_org_nm VARCHAR NOT NULL,
    category     VARCHAR NOT NULL,      -- 'PRODUCE', 'PROTEIN', 'DAIRY', 'DRY_GOODS'
    weight_lbs   DECIMAL(10,1) NOT NULL,
    cases        INTEGER NOT NULL,
    expiry_dt    DATE,                  -- Nullable; NULL = shelf-stable, no date
    fmv_amt      DECIMAL(12,2) NOT NULL, -- fair-market value booked
    cost_amt     DECIMAL(12,2),         -- Nullable; paid, PURCHASED receipts only
    is_void      TINYINT NOT NULL
);

CREATE TABLE inventory_lots (
    fb_id        VARCHAR NOT NULL,
    lot_id       BIGINT NOT NULL,
    donation_id  BIGINT NOT NULL,
    wh_id        INTEGER NOT NULL,
    category     VARCHAR NOT NULL,
    lbs_received DECIMAL(10,1) NOT NULL,
    lbs_on_hand  DECIMAL(10,1) NOT NULL,
    expiry_dt    DATE,                  -- Nullable
    lot_status   VARCHAR NOT NULL       -- 'AVAILABLE', 'HOLD', 'DEPLETED', 'DISPOSED'
);

CREATE TABLE agency_orders (
    fb_id        VARCHAR NOT NULL,
    order_id     BIGINT NOT NULL,
    agency_id    INTEGER NOT NULL,
    wh_id        INTEGER NOT NULL,
    order_dt     DATE NOT NULL,
    fulfil_dt    DATE,                  -- Nullable; shipped or picked up on
    status       VARCHAR NOT NULL,      -- 'OPEN', 'SHIPPED', 'PICKED_UP', 'CANCELLED'
    handling_fee DECIMAL(10,2) NOT NULL -- shared-maintenance fee billed to the agency
);

CREATE TABLE order_lines (
    fb_id        VARCHAR NOT NULL,
    order_id     BIGINT NOT NULL,
    line_no      SMALLINT NOT NULL,
    lot_id       BIGINT NOT NULL,
    category     VARCHAR NOT NULL,
    lbs          DECIMAL(10,1) NOT NULL,
    cases        INTEGER NOT NULL
);

CREATE TABLE client_visits (
    fb_id          VARCHAR NOT NULL,
    visit_id       BIGINT NOT NULL,
    agency_id      INTEGER NOT NULL,
    visit_dt       DATE NOT NULL,
    household_id   VARCHAR,             -- Nullable; NULL = declined to register
    individuals    SMALLINT NOT NULL,   -- people in the household fed by this visit
    is_first_visit TINYINT NOT NULL     -- 1 = the household's first visit in the network
);

CREATE TABLE volunteers (
    fb_id        VARCHAR NOT NULL,
    vol_id       INTEGER NOT NULL,
    vol_nm       VARCHAR NOT NULL,
    vol_type     VARCHAR NOT NULL,      -- 'INDIVIDUAL', 'GROUP' (a corporate or school group lead)
    joined_dt    DATE NOT NULL,
    deleted_at   TIMESTAMP              -- Nullable; merged duplicate
);

CREATE TABLE vol_shifts (
    fb_id        VARCHAR NOT NULL,
    shift_id     BIGINT NOT NULL,
    vol_id       INTEGER NOT NULL,
    wh_id        INTEGER NOT NULL,
    shift_dt     DATE NOT NULL,
    sched_hours  DECIMAL(4,1) NOT NULL,
    hours_worked DECIMAL(4,1),          -- Nullable; set when WORKED
    status       VARCHAR NOT NULL       -- 'WORKED', 'NO_SHOW', 'CANCELLED'
);

CREATE TABLE donors (
    fb_id        VARCHAR NOT NULL,
    donor_id     INTEGER NOT NULL,
    donor_nm     VARCHAR NOT NULL,
    donor_type   VARCHAR NOT NULL,      -- 'INDIVIDUAL', 'CORPORATE', 'FOUNDATION'
    created_dt   DATE NOT NULL,         -- CRM record created
    deleted_at   TIMESTAMP              -- Nullable; merged duplicate
);

CREATE TABLE gifts (
    fb_id        VARCHAR NOT NULL,
    gift_id      BIGINT NOT NULL,
    donor_id     INTEGER NOT NULL,
    gift_dt      DATE NOT NULL,
    amount       DECIMAL(10,2) NOT NULL,
    channel      VARCHAR NOT NULL,      -- 'ONLINE', 'MAIL', 'EVENT', 'PAYROLL'
    is_recurring TINYINT NOT NULL,      -- 1 = an instalment of a monthly pledge
    status       VARCHAR NOT NULL,      -- 'SETTLED', 'REFUNDED', 'FAILED'
    is_test      TINYINT NOT NULL
);

CREATE TABLE disposals (
    fb_id        VARCHAR NOT NULL,
    disposal_id  BIGINT NOT NULL,
    lot_id       BIGINT NOT NULL,
    wh_id        INTEGER NOT NULL,
    disposal_dt  DATE NOT NULL,
    lbs          DECIMAL(10,1) NOT NULL,
    reason       VARCHAR NOT NULL,      -- 'EXPIRED', 'DAMAGED', 'RECALL', 'TEMP_ABUSE'
    method       VARCHAR NOT NULL       -- 'COMPOST', 'LANDFILL', 'ANIMAL_FEED'
);
