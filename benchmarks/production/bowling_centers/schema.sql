-- ============================================================================================
-- bowling_centers: the warehouse of a bowling and family-entertainment centre platform
-- (DuckDB DDL for labelling)
--
-- Company: "LaneLogic" sells lane-management, booking, point-of-sale, arcade-card and staffing
-- software to bowling and family-entertainment-centre (FEC) chains. Every chain is a tenant of
-- one shared ClickHouse warehouse, all tables keyed by chain_id. The deployment here is chain
-- 'BC-0733', Kingpin Family Entertainment: Northgate Lanes (32 lanes), Harbor Bowl (24 lanes),
-- Meadowbrook Lanes & Arcade (40 lanes), Riverside Social (16 boutique lanes, opened on
-- 2026-09-12) and Old Mill Lanes, closed at the end of 2025 and soft-deleted with its history
-- kept. Other tenants in the warehouse: 'BC-0218' (Strike City) and 'BC-0491' (Pinz & Play).
--
-- Warehouse: ClickHouse (toStartOfMonth, toStartOfQuarter, toStartOfYear, toMonday, today(),
-- yesterday(), dateDiff('day', a, b), addMonths/subtractMonths, toDayOfWeek (1 = Monday),
-- countIf / sumIf / avgIf, uniqExact, multiIf, argMax, LIMIT n BY; `/` is always Float64
-- division, intDiv is integer division). Flags are UInt8 0/1 (TINYINT here); columns marked
-- NULL are Nullable. The deployment sets join_use_nulls = 1, so an unmatched LEFT JOIN column
-- is NULL, as in standard SQL. The agent writes dialect `clickhouse`.
-- Agent: `pinfall-sql`, versions 2.1, 2.2 and 2.3, deployed for chain 'BC-0733'.
-- Log window: 2026-11-16 to 2026-11-27; the warehouse is loaded up to 2026-11-15 (nothing
-- dated after it, except lane bookings and parties booked for future dates, status BOOKED).
-- So "last month" is October 2026, "this month" November 2026 to date, "this quarter" Q4 2026
-- to date (from 2026-10-01), "last quarter" July-September 2026, "ytd" / "this year" 2026 to
-- date, "last year" 2025 (the whole year), "the same month last year" October 2025 beside
-- October 2026, "last 3 months" the three whole months August-October 2026, "last 6 months"
-- the six whole months May-October 2026, "since august" from 2026-08-01, "rn" / "right now"
-- the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `chain_id = 'BC-0733'` on every table of every query (row policy);
--   * test rows: `is_test = 0` on customers (front-desk training profiles 'Training Guest' and
--     'POS Test') and on lane_bookings (bookings keyed on the training lane screen). The test
--     customers' parties and memberships carry no flag of their own: they are excluded only
--     through customers (join customers and keep is_test = 0);
--   * voids: `is_void = 0` on fb_tabs (tabs rung up in error and re-rung) and card_txns
--     (reversed card swipes and loads);
--   * soft deletes: `deleted_at IS NULL` on centers (the closed Old Mill Lanes, history kept;
--     it has no rows dated after 2025), customers (merged duplicates whose bookings, parties
--     and memberships were moved to the surviving profile) and staff (a profile keyed twice,
--     with no shifts). These guards matter where that table is the population counted or
--     listed ("which centres ...", "how many customers ...").
--
-- Business conventions of the chain (what a careful analyst would apply):
--   * lane bookings: one lane_bookings row per lane reservation or walk-in game session.
--     booking_type 'OPEN_PLAY', 'LEAGUE' (a league night's lane; league_id set), 'PARTY' (the
--     lanes of a party package; priced in the party, lane_fee and shoe_fee are 0) or
--     'CORPORATE'. channel 'WEB', 'APP', 'PHONE' or 'WALK_IN' ("online" = WEB and APP; a
--     "walk-in" is channel 'WALK_IN', whether or not the guest scanned a loyalty profile:
--     customer_id is NULL when no profile was attached, on walk-ins and some phone bookings).
--     status 'BOOKED' (future, not yet played), 'COMPLETED', 'NO_SHOW' or 'CANCELLED'.
--     Bookings are dated by start_ts (when the lane was booked for); "bookings made / placed"
--     are dated by booked_at whatever became of them. "Bookings" counted, "had", "bowled",
--     "games" = COMPLETED bookings unless the question names another status. lane_fee and
--     shoe_fee are the prices quoted at booking and stay on cancelled and no-show rows.
--   * lane revenue = SUM(lane_fee + shoe_fee) of COMPLETED bookings (no-show and cancelled
--     bookings are not charged), dated by start_ts. No-show rate = NO_SHOW / (COMPLETED +
--     NO_SHOW) bookings, by start_ts (cancelled and future bookings left out). Bowlers per
--     booking = AVG(bowlers) over COMPLETED bookings.
--   * lane utilisation = lane-hours of COMPLETED bookings (SUM(duration_min) / 60) / (the
--     centre's lane_count * open_hours * days in the period), shown as a percentage.
--   * parties: one parties row per party; package_cd 'KIDS_CLASSIC', 'KIDS_DELUXE',
--     'GLOW_PARTY', 'CORPORATE_EVENT'. status 'BOOKED' (upcoming), 'HELD' or 'CANCELLED'.
--     Party revenue = SUM(total_amt) of HELD parties, dated by party_dt. Lead time = days from
--     booked_at to party_dt. A cancelled party's deposit is kept unless deposit_refunded = 1;
--     "deposits kept" = SUM(deposit_amt) of CANCELLED parties with deposit_refunded = 0, dated
--     by cancelled_dt.
--   * food & beverage: one fb_tabs row per tab (check); outlet 'SNACK_BAR', 'BAR' or
--     'LANESIDE' (ordered from the lane screen). booking_id is set on tabs run on a lane
--     booking (several tabs per booking happen), NULL otherwise. "F&B sales" / "f&b revenue" =
--     net sales = SUM(food_amt + bev_amt + alcohol_amt - discount_amt) of non-void tabs, dated
--     by opened_ts; tip_amt is the staff's, never revenue. Alcohol share = SUM(alcohol_amt) /
--     SUM(food_amt + bev_amt + alcohol_amt) (gross, before discounts), as a percentage.
--     "F&B per cap" = net F&B sales of the tabs on COMPLETED bookings / SUM(bowlers) of those
--     bookings, for bookings started in the period.
--   * arcade: arcade_cards are the play cards (issued at a centre, customer_id NULL for
--     anonymous cards); card_txns are their swipes: txn_type 'LOAD' (money put on the card:
--     amount in dollars, credits added), 'BONUS' (promotional credits, amount 0), 'PLAY' (one
--     game played, credits spent, amount 0) and 'REDEEM' (tickets exchanged for prizes).
--     center_id on card_txns is where the swipe happened (cards travel between centres).
--     Arcade revenue = SUM(amount) of non-void LOAD txns, dated by txn_ts; "plays" = non-void
--     PLAY txns.
--   * leagues: one leagues row per league season; status 'ACTIVE', 'COMPLETED' or 'CANCELLED'
--     (the Winter Glow Doubles league opens in January 2027 and has nobody signed up yet).
--     league_members: a bowler's place in a league; dropped_dt set when they left. "Bowlers in
--     a league" = its members with dropped_dt NULL; a "bowler" counted across leagues is a
--     distinct customer.
--   * memberships: plan_cd 'STRIKE_PASS' (unlimited weekday games), 'FAMILY_FUN' or
--     'SENIOR_AM'; status 'ACTIVE', 'FROZEN' (paused, not billed) or 'CANCELLED' (cancel_dt
--     set). "Members" = distinct customers with an ACTIVE membership (a customer can hold two
--     plans); "active memberships" = ACTIVE rows. MRR = SUM(monthly_fee) of ACTIVE memberships.
--     New memberships are dated by start_dt, cancellations by cancel_dt.
--   * staff: role 'DESK', 'MECHANIC', 'KITCHEN', 'BAR', 'PARTY_HOST', 'MANAGER', paid
--     hourly_rate. staff_shifts: status 'WORKED', 'NO_SHOW' or 'CALLED_OUT' (called in sick
--     in advance); center_id on the shift is where it was worked (staff cover other centres).
--     Hours worked = SUM(worked_hours) of WORKED shifts (sched_hours is the rota); labour
--     cost = SUM(worked_hours * hourly_rate) of WORKED shifts, by the shift's centre.
--   * revenue ("total revenue", "all streams") = lane revenue + party revenue + F&B net sales
--     + arcade revenue, each dated as above; memberships are reported apart as MRR.
-- ============================================================================================

CREATE TABLE centers (
    chain_id     VARCHAR NOT NULL,
    center_id    INTEGER NOT NULL,      -- unique across the platform
    center_code  VARCHAR NOT NULL,      -- e.g. 'NGL'
    center_nm    VARCHAR NOT NULL,
    region       VARCHAR NOT NULL,
    lane_count   SMALLINT NOT NULL,
    open_hours   SMALLINT NOT NULL,     -- hours open per day
    opened_dt    DATE NOT NULL,
    deleted_at   TIMESTAMP              -- Nullable; closed and soft-deleted
);

CREATE TABLE customers (
    chain_id       VARCHAR NOT NULL,
    customer_id    INTEGER NOT NULL,
    full_nm        VARCHAR NOT NULL,
    email          VARCHAR,             -- Nullable
    home_center_id INTEGER NOT NULL,
    signup_dt      DATE NOT NULL,
    is_test        TINYINT NOT NULL,
    deleted_at     TIMESTAMP            -- Nullable; merged duplicate
);

CREATE TABLE lane_bookings (
    chain_id     VARCHAR NOT NULL,
    booking_id   BIGINT NOT NULL,
    center_id    INTEGER NOT NULL,
    lane_no      SMALLINT NOT NULL,
    customer_id  INTEGER,               -- Nullable; no profile attached
    league_id    INTEGER,               -- Nullable; LEAGUE bookings only
    booking_type VARCHAR NOT NULL,      -- 'OPEN_PLAY', 'LEAGUE', 'PARTY', 'CORPORATE'
    channel      VARCHAR NOT NULL,      -- 'WEB', 'APP', 'PHONE', 'WALK_IN'
    booked_at    TIMESTAMP NOT NULL,
    start_ts     TIMESTAMP NOT NULL,
    duration_min SMALLINT NOT NULL,
    bowlers      SMALLINT NOT NULL,
    lane_fee     DECIMAL(8,2) NOT NULL, -- quoted price
    shoe_fee     DECIMAL(8,2) NOT NULL,
    status       VARCHAR NOT NULL,      -- 'BOOKED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'
    is_test      TINYINT NOT NULL
);

CREATE TABLE leagues (
    chain_id     VARCHAR NOT NULL,
    league_id    INTEGER NOT NULL,
    center_id    INTEGER NOT NULL,
    league_nm    VARCHAR NOT NULL,
    league_format VARCHAR NOT NULL,     -- 'ADULT', 'SENIOR', 'YOUTH', 'MIXED'
    night_dow    TINYINT NOT NULL,      -- 1 = Monday
    season_start DATE NOT NULL,
    season_end   DATE NOT NULL,
    weekly_fee   DECIMAL(6,2) NOT NULL,
    status       VARCHAR NOT NULL       -- 'ACTIVE', 'COMPLETED', 'CANCELLED'
);

CREATE TABLE league_members (
    chain_id     VARCHAR NOT NULL,
    league_id    INTEGER NOT NULL,
    customer_id  INTEGER NOT NULL,
    team_nm      VARCHAR NOT NULL,
    joined_dt    DATE NOT NULL,
    dropped_dt   DATE,                  -- Nullable; left the league
    entering_avg SMALLINT               -- Nullable; no established average
);

CREATE TABLE parties (
    chain_id     VARCHAR NOT NULL,
    party_id     BIGINT NOT NULL,
    center_id    INTEGER NOT NULL,
    customer_id  INTEGER NOT NULL,
    package_cd   VARCHAR NOT NULL,      -- 'KIDS_CLASSIC', 'KIDS_DELUXE', 'GLOW_PARTY', 'CORPORATE_EVENT'
    booked_at    TIMESTAMP NOT NULL,
    party_dt     DATE NOT NULL,
    guests       SMALLINT NOT NULL,
    total_amt    DECIMAL(10,2) NOT NULL,
    deposit_amt  DECIMAL(8,2) NOT NULL,
    status       VARCHAR NOT NULL,      -- 'BOOKED', 'HELD', 'CANCELLED'
    cancelled_dt DATE,                  -- Nullable
    deposit_refunded TINYINT NOT NULL
);

CREATE TABLE fb_tabs (
    chain_id     VARCHAR NOT NULL,
    tab_id       BIGINT NOT NULL,
    center_id    INTEGER NOT NULL,
    booking_id   BIGINT,                -- Nullable; tab run on a lane booking
    outlet       VARCHAR NOT NULL,      -- 'SNACK_BAR', 'BAR', 'LANESIDE'
    opened_ts    TIMESTAMP NOT NULL,
    food_amt     DECIMAL(8,2) NOT NULL,
    bev_amt      DECIMAL(8,2) NOT NULL, -- soft drinks, coffee
    alcohol_amt  DECIMAL(8,2) NOT NULL,
    discount_amt DECIMAL(8,2) NOT NULL,
    tip_amt      DECIMAL(8,2) NOT NULL,
    is_void      TINYINT NOT NULL
);

CREATE TABLE arcade_cards (
    chain_id     VARCHAR NOT NULL,
    card_id      BIGINT NOT NULL,
    center_id    INTEGER NOT NULL,      -- issuing centre
    customer_id  INTEGER,               -- Nullable; anonymous card
    card_type    VARCHAR NOT NULL,      -- 'STANDARD', 'PARTY', 'MEMBER'
    issued_dt    DATE NOT NULL
);

CREATE TABLE card_txns (
    chain_id     VARCHAR NOT NULL,
    txn_id       BIGINT NOT NULL,
    card_id      BIGINT NOT NULL,
    center_id    INTEGER NOT NULL,      -- where the swipe happened
    txn_ts       TIMESTAMP NOT NULL,
    txn_type     VARCHAR NOT NULL,      -- 'LOAD', 'BONUS', 'PLAY', 'REDEEM'
    amount       DECIMAL(8,2) NOT NULL, -- dollars, LOAD only
    credits      INTEGER NOT NULL,
    tickets      INTEGER NOT NULL,
    is_void      TINYINT NOT NULL
);

CREATE TABLE memberships (
    chain_id      VARCHAR NOT NULL,
    membership_id INTEGER NOT NULL,
    customer_id   INTEGER NOT NULL,
    center_id     INTEGER NOT NULL,
    plan_cd       VARCHAR NOT NULL,     -- 'STRIKE_PASS', 'FAMILY_FUN', 'SENIOR_AM'
    start_dt      DATE NOT NULL,
    cancel_dt     DATE,                 -- Nullable
    status        VARCHAR NOT NULL,     -- 'ACTIVE', 'FROZEN', 'CANCELLED'
    monthly_fee   DECIMAL(6,2) NOT NULL
);

CREATE TABLE staff (
    chain_id     VARCHAR NOT NULL,
    staff_id     INTEGER NOT NULL,
    staff_nm     VARCHAR NOT NULL,
    center_id    INTEGER NOT NULL,      -- home centre
    role         VARCHAR NOT NULL,      -- 'DESK', 'MECHANIC', 'KITCHEN', 'BAR', 'PARTY_HOST', 'MANAGER'
    hourly_rate  DECIMAL(6,2) NOT NULL,
    hired_dt     DATE NOT NULL,
    deleted_at   TIMESTAMP              -- Nullable; keyed twice
);

CREATE TABLE staff_shifts (
    chain_id     VARCHAR NOT NULL,
    shift_id     BIGINT NOT NULL,
    staff_id     INTEGER NOT NULL,
    center_id    INTEGER NOT NULL,      -- where the shift was worked
    shift_dt     DATE NOT NULL,
    sched_hours  DECIMAL(4,1) NOT NULL,
    worked_hours DECIMAL(4,1),          -- Nullable; set when WORKED
    status       VARCHAR NOT NULL       -- 'WORKED', 'NO_SHOW', 'CALLED_OUT'
);
