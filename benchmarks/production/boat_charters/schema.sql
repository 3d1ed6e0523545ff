-- ============================================================================================
-- boat_charters: the warehouse of a boat-charter and fishing-trip platform (DuckDB DDL for
-- labelling)
--
-- Company: "DockLine" sells online booking, dock check-in, crew scheduling, fuel and catch logging
-- and vessel-compliance software to charter and fishing-trip companies. Every charter company is a
-- tenant of one shared Spark lakehouse (Delta tables), all tables keyed by tenant_id. The
-- deployment here is tenant 'BC-1187', Saltline Charters, with three marinas on the Gulf coast:
-- Destin Harbor (FL), Orange Beach Marina (AL) and Port Aransas City Marina (TX), plus Pensacola
-- Pier, a marina it left at the end of August 2025, soft-deleted with its history kept (its boat
-- 'Old Faithful' was retired then). Other tenants in the warehouse: 'BC-0420' (Keys Reel
-- Adventures) and 'BC-2035' (Galveston Bay Charters).
--
-- Warehouse: Spark SQL (date_trunc('MONTH', ts), add_months, date_add / date_sub with a day
-- count, datediff(end, start) in whole days, INTERVAL literals such as INTERVAL 1 MONTH or
-- INTERVAL 10 MINUTES, current_date(), to_date, date_format with Java patterns ('EEEE' is the
-- day name), dayofweek (1 = Sunday), count_if, FILTER (WHERE ..), QUALIFY (the lakehouse runs a
-- Spark that accepts it), nvl / coalesce, if(); `/` always returns a DOUBLE, `div` is integer
-- division). Flags are BOOLEAN except payments.void_flg, a 'Y'/'N' string. Money is in cents
-- (BIGINT); reports show dollars (cents / 100). The agent writes dialect `spark`.
-- Agent: `harbor-sql`, versions 2.2, 2.3 and 2.4, deployed for tenant 'BC-1187'.
-- Log window: 2026-11-02 to 2026-11-25. The labelling snapshot is loaded through 2026-11-01:
-- every departure dated up to 2026-10-31 is settled (COMPLETED or cancelled), nothing sailed on
-- 2026-11-01, and departures from 2026-11-02 to January 2027 are SCHEDULED with their CONFIRMED
-- bookings and deposits already in. So "last month" is October 2026, "last quarter" / "last qtr"
-- Q3 2026 (July-September), "ytd" / "this year" 2026 to date, "last year" 2025, "the last 12
-- months" for inspections the rolling year back from today (insp_dt >= current_date - 12
-- months), "next 14 days" today to today + 14 days inclusive (by departure date), "next 60 days"
-- likewise.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'BC-1187'` on every table of every query (row policy; ids are unique
--     across the platform, so joins need no tenant key, though the agent usually adds it);
--   * test rows: `is_test = false` on customers (the dock-office training profiles) and bookings
--     (test bookings run through the booking flow by staff; every booking of a test customer is
--     flagged too, so bookings can be guarded on their own flag). Payments of test bookings are
--     always voided;
--   * voids: `void_flg = 'N'` on payments (card charges keyed twice and reversed, and the
--     payments of test bookings);
--   * soft deletes: `deleted_at IS NULL` on marinas (Pensacola Pier, no rows dated after
--     August 2025), boats (a boat keyed twice, with no departures), crew (a deckhand profile
--     keyed twice, with no trips) and customers (merged duplicate profiles whose bookings were
--     moved to the surviving profile). These guards matter where that table is the population
--     counted or listed ("which boats ...", "how many customers ...", "each deckhand ...").
--
-- Business conventions of the tenant (what a careful analyst would apply):
--   * departures: one row per scheduled trip of a boat. trip_type 'HALF_DAY', 'FULL_DAY',
--     'SUNSET' (a sunset cruise, no fishing) or 'PRIVATE' (a private charter, sold whole-boat
--     only). dep_status 'SCHEDULED' (upcoming), 'COMPLETED' (sailed), 'CXL_WX' (cancelled for
--     weather), 'CXL_OPS' (cancelled for a mechanical or crew problem) or 'CXL_MIN' (cancelled
--     because the minimum number of passengers was not reached). Departures are dated by
--     sched_dep_ts; "trips" = "trips run" = COMPLETED departures. A captain's or deckhand's trips
--     are the COMPLETED departures with their crew_id in capt_id / deck_id; capt_id is NULL until
--     a captain is assigned.
--   * on time: a COMPLETED departure is on time when act_dep_ts <= sched_dep_ts + 10 minutes;
--     on-time rate = on-time departures / COMPLETED departures, as a percentage.
--   * weather cancellation rate = CXL_WX departures / departures that were due to sail (every
--     status but SCHEDULED), as a percentage, by sched_dep_ts.
--   * bookings: one row per booking of a departure. bkg_type 'SEAT' (per passenger seat on a
--     shared trip) or 'BOAT' (the whole boat); pax_cnt is the party size; total_cents is the
--     booking's price. bkg_status 'CONFIRMED' (upcoming), 'BOARDED' (checked in at the dock),
--     'NO_SHOW' (did not turn up; deposit and balance are forfeit), 'CANCELLED' (cxl_rsn
--     'CUSTOMER', 'WEATHER' or 'OPS') or 'RESCHEDULED' (moved off a weather-cancelled departure
--     to a later one: the new booking carries resched_from_bkg_id). cust_id is NULL for walk-up
--     seats sold at the dock (channel 'DOCK'). channel 'WEB', 'PHONE', 'OTA' (resellers) or
--     'DOCK'. Walk-ups exist only on trips that sailed (always BOARDED). When a booking is
--     RESCHEDULED its payments move with it: they sit on the new booking, the old row has none.
--   * passengers = SUM(pax_cnt) of BOARDED bookings, by the departure's sched_dep_ts; party size
--     = pax_cnt of a BOARDED booking. A customer's trips = their BOARDED bookings.
--   * no-show rate = NO_SHOW bookings / (BOARDED + NO_SHOW) bookings, as a percentage.
--   * revenue = SUM(total_cents) / 100 of bookings with bkg_status BOARDED or NO_SHOW (no-shows
--     forfeit what they paid), dated by the departure's sched_dep_ts; cancelled and rescheduled
--     bookings are not revenue (a rescheduled booking's revenue is on its new booking). Revenue
--     per trip = revenue / COMPLETED departures of the same group and period (a trip with
--     nobody aboard still counts).
--   * load factor = passengers / seats offered, as a percentage, where seats offered =
--     SUM(boats.pax_cap) over COMPLETED departures (a ratio of sums, not an average of per-trip
--     ratios). Boarding more passengers than pax_cap is a compliance breach ("over capacity").
--   * lead time = datediff(departure date, booking date) in days, over every non-test booking
--     made in the period (by booked_ts), whatever became of it.
--   * payments: pmt_type 'DEPOSIT' (taken at booking) or 'BALANCE' (the rest, paid up to the
--     dock); pay_mthd 'CARD', 'CASH' or 'VOUCHER' (a voucher redeemed). Deposits / collected =
--     SUM(amt_cents) / 100 of non-void payments, dated by paid_ts. Outstanding balance of a
--     booking = total_cents - its non-void payments; "outstanding on upcoming trips" sums it over
--     CONFIRMED bookings of SCHEDULED departures.
--   * refunds: one row per refund of a cancelled booking. refund_mthd 'CARD' (money back to the
--     card) or 'VOUCHER' (a trip voucher instead of money: voucher_cd, voucher_exp_dt one year
--     after issue, redeemed_bkg_id set once used). "Refunds" / "refunded" = SUM(refund_cents) /
--     100 of CARD refunds by refund_ts; "vouchers issued" = VOUCHER rows. Open vouchers = VOUCHER
--     rows not redeemed (redeemed_bkg_id IS NULL) and not expired (voucher_exp_dt >= today).
--   * fuel_logs: one row per fill; dep_id is the trip the fill was for, NULL for fills not tied
--     to a trip (repositioning, sea trials, dock top-ups); a FULL_DAY trip may have two fills.
--     Fuel cost = SUM(cost_cents) / 100 by fuel_dt, every fill included; fuel cost per trip =
--     cost of the fills tied to COMPLETED departures / those departures.
--   * catch_reports: one row per species per COMPLETED fishing trip; fish caught = kept_cnt +
--     released_cnt (catch and release counts as caught).
--   * inspections: insp_type 'USCG_COI' (the Coast Guard inspection), 'ANNUAL_SAFETY' (the
--     company's own) or 'INSURANCE_SURVEY'; result_cd 'PASS', 'COND' (passed with conditions,
--     which counts as passing) or 'FAIL' (valid_to_dt NULL).
--   * boats: pax_cap is the Coast Guard passenger limit; lic_req the captain's licence needed
--     ('OUPV' six-pack or 'MASTER'). Boats "in the fleet" / active = retired_dt IS NULL (and not
--     deleted). crew: role_cd 'CAPT' or 'DECK'; lic_type and lic_exp_dt only for captains;
--     active crew = term_dt IS NULL (and not deleted).
-- ============================================================================================

CREATE TABLE marinas (
    tenant_id      VARCHAR NOT NULL,
    marina_id      INTEGER NOT NULL,      -- unique across the platform
    marina_nm      VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    state_cd       VARCHAR NOT NULL,
    slip_cnt       INTEGER NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- marina left, history kept
);

CREATE TABLE boats (
    tenant_id      VARCHAR NOT NULL,
    boat_id        INTEGER NOT NULL,
    marina_id      INTEGER NOT NULL,      -- home marina
    boat_nm        VARCHAR NOT NULL,
    boat_type      VARCHAR NOT NULL,      -- 'SPORTFISHER', 'CENTER_CONSOLE', 'CATAMARAN', 'PONTOON', 'HEADBOAT', 'SAILBOAT'
    pax_cap        SMALLINT NOT NULL,     -- Coast Guard passenger limit
    lic_req        VARCHAR NOT NULL,      -- 'OUPV', 'MASTER'
    length_ft      DECIMAL(5,1) NOT NULL,
    fuel_type      VARCHAR NOT NULL,      -- 'GAS', 'DIESEL'
    in_svc_dt      DATE NOT NULL,
    retired_dt     DATE,
    deleted_at     TIMESTAMP              -- keyed twice
);

CREATE TABLE crew (
    tenant_id      VARCHAR NOT NULL,
    crew_id        INTEGER NOT NULL,
    crew_nm        VARCHAR NOT NULL,
    role_cd        VARCHAR NOT NULL,      -- 'CAPT', 'DECK'
    lic_type       VARCHAR,               -- 'OUPV', 'MASTER'; NULL for deckhands
    lic_exp_dt     DATE,                  -- NULL for deckhands
    home_marina_id INTEGER NOT NULL,
    day_rate_cents INTEGER NOT NULL,
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- left the company
    deleted_at     TIMESTAMP              -- keyed twice
);

CREATE TABLE customers (
    tenant_id      VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    email          VARCHAR,
    home_st        VARCHAR,               -- NULL when not given
    signup_dt      DATE NOT NULL,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE departures (
    tenant_id        VARCHAR NOT NULL,
    dep_id           BIGINT NOT NULL,
    boat_id          INTEGER NOT NULL,
    trip_type        VARCHAR NOT NULL,    -- 'HALF_DAY', 'FULL_DAY', 'SUNSET', 'PRIVATE'
    sched_dep_ts     TIMESTAMP NOT NULL,
    act_dep_ts       TIMESTAMP,           -- set when COMPLETED
    act_ret_ts       TIMESTAMP,           -- set when COMPLETED
    capt_id          INTEGER,             -- crew_id; NULL until assigned
    deck_id          INTEGER,             -- crew_id; NULL when no deckhand sails
    dep_status       VARCHAR NOT NULL,    -- 'SCHEDULED', 'COMPLETED', 'CXL_WX', 'CXL_OPS', 'CXL_MIN'
    cxl_ts           TIMESTAMP,           -- set when cancelled
    seat_price_cents INTEGER NOT NULL     -- per seat; whole-boat price is on the booking
);

CREATE TABLE bookings (
    tenant_id           VARCHAR NOT NULL,
    bkg_id              BIGINT NOT NULL,
    dep_id              BIGINT NOT NULL,
    cust_id             INTEGER,          -- NULL for walk-up seats sold at the dock
    bkg_type            VARCHAR NOT NULL, -- 'SEAT', 'BOAT'
    pax_cnt             SMALLINT NOT NULL,
    booked_ts           TIMESTAMP NOT NULL,
    channel             VARCHAR NOT NULL, -- 'WEB', 'PHONE', 'OTA', 'DOCK'
    total_cents         BIGINT NOT NULL,
    bkg_status          VARCHAR NOT NULL, -- 'CONFIRMED', 'BOARDED', 'NO_SHOW', 'CANCELLED', 'RESCHEDULED'
    cxl_rsn             VARCHAR,          -- 'CUSTOMER', 'WEATHER', 'OPS' when CANCELLED
    resched_from_bkg_id BIGINT,           -- the booking this one was moved from
    is_test             BOOLEAN NOT NULL
);

CREATE TABLE payments (
    tenant_id      VARCHAR NOT NULL,
    pmt_id         BIGINT NOT NULL,
    bkg_id         BIGINT NOT NULL,
    pmt_type       VARCHAR NOT NULL,      -- 'DEPOSIT', 'BALANCE'
    amt_cents      BIGINT NOT NULL,
    paid_ts        TIMESTAMP NOT NULL,
    pay_mthd       VARCHAR NOT NULL,      -- 'CARD', 'CASH', 'VOUCHER'
    void_flg       VARCHAR NOT NULL       -- 'Y', 'N'
);

CREATE TABLE refunds (
    tenant_id       VARCHAR NOT NULL,
    refund_id       BIGINT NOT NULL,
    bkg_id          BIGINT NOT NULL,
    refund_ts       TIMESTAMP NOT NULL,
    refund_cents    BIGINT NOT NULL,
    refund_mthd     VARCHAR NOT NULL,     -- 'CARD', 'VOUCHER'
    refund_rsn      VARCHAR NOT NULL,     -- 'WEATHER', 'CUSTOMER', 'OPS'
    voucher_cd      VARCHAR,              -- VOUCHER only
    voucher_exp_dt  DATE,                 -- VOUCHER only: issue + 1 year
    redeemed_bkg_id BIGINT                -- VOUCHER only: the booking it paid for
);

CREATE TABLE fuel_logs (
    tenant_id      VARCHAR NOT NULL,
    fuel_id        BIGINT NOT NULL,
    boat_id        INTEGER NOT NULL,
    dep_id         BIGINT,                -- NULL: fill not tied to a trip
    fuel_dt        DATE NOT NULL,
    gallons        DECIMAL(7,2) NOT NULL,
    cost_cents     BIGINT NOT NULL
);

CREATE TABLE catch_reports (
    tenant_id      VARCHAR NOT NULL,
    catch_id       BIGINT NOT NULL,
    dep_id         BIGINT NOT NULL,
    species_nm     VARCHAR NOT NULL,      -- e.g. 'Red Snapper'
    kept_cnt       SMALLINT NOT NULL,
    released_cnt   SMALLINT NOT NULL,
    top_wt_lb      DECIMAL(6,1)           -- heaviest fish; NULL when not weighed
);

CREATE TABLE inspections (
    tenant_id      VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    boat_id        INTEGER NOT NULL,
    insp_dt        DATE NOT NULL,
    insp_type      VARCHAR NOT NULL,      -- 'USCG_COI', 'ANNUAL_SAFETY', 'INSURANCE_SURVEY'
    result_cd      VARCHAR NOT NULL,      -- 'PASS', 'COND', 'FAIL'
    valid_to_dt    DATE,                  -- NULL on FAIL
    inspector_nm   VARCHAR
);
