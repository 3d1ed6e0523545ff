-- ============================================================================================
-- ride_hailing: the operations warehouse of a ride-hailing and courier platform shared by its
-- city franchise operators (DuckDB DDL for labelling)
--
-- Company: "Velora Mobility" runs the app, dispatch and payments for independent city franchise
-- operators; each operator runs drivers, riders and courier deliveries in its own city. The
-- warehouse keeps every operator's zones, drivers (with their onboarding and suspension),
-- riders, trips (rides and courier deliveries, with request/accept/pickup/drop-off times and
-- their outcome), fares (with surge and promotions), tips, driver payouts, ratings and
-- incidents in shared tables keyed by operator_id.
--
-- Warehouse: Oracle (19c). The agent writes dialect `oracle`. Every *_at column is an Oracle
-- DATE carrying the time of day (a date minus a date is a number of days, so
-- (picked_up_at - accepted_at) * 1440 is minutes); *_on and *_date columns carry midnight.
-- Agent: `dispatch-analyst`, versions 3.1, 3.2 and 4.0, deployed for operator 23 ("Tejo Rides",
-- the Lisbon franchise; currency EUR).
-- Log window: 2026-03-02 to 2026-03-27 (so "last month" is February 2026, "this month" March
-- 2026 to date, "this quarter" Q1 2026 to date, "last quarter" Q4 2025, "ytd" / "this year"
-- 2026 to date, "January" / "February" are those months of 2026, "last week" the previous
-- Monday-to-Sunday week, "last 7 / 30 days" requested_at >= TRUNC(SYSDATE) - 7 / - 30, today's
-- rows included).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 23` on every table of every query (every table carries it);
--   * test trips: `trips.is_test = 'N'` on every query that reads trips (QA and driver-training
--     runs are logged as trips with is_test = 'Y'). Test trips are never charged, tipped, rated
--     or paid out, so queries that never read trips need no join to exclude them.
--
-- Business conventions at this company (what a careful analyst applies):
--   * a request is a trip row (every status). Trip counts and rates are dated by requested_at.
--   * completed trips: trip_status = 'completed' ("took a trip", "rides", "deliveries done"
--     count completed trips only). Other outcomes: 'rider_cancelled',
--     'driver_cancelled', 'rider_no_show' (the driver arrived, the rider never came; the
--     driver then ends the trip) and 'no_driver' (nobody accepted).
--   * acceptance rate = requests with accepted_at IS NOT NULL / all requests.
--   * cancellation rate = (rider_cancelled + driver_cancelled) / all requests. No-shows and
--     'no_driver' are NOT cancellations. completion rate = completed / all requests.
--     No-show rate = rider_no_show / all requests.
--   * ETA = trips.quoted_eta_min, the pickup ETA quoted to the rider when a driver accepts (NULL
--     when nobody accepted). Actual pickup time = (picked_up_at - accepted_at) * 1440 minutes;
--     a pickup is late when that is more than quoted_eta_min. Wait time = requested_at to
--     picked_up_at. Delivery time (courier) = requested_at to dropped_off_at.
--   * courier deliveries: trips.service_type = 'courier'; rides: 'ride'. Courier deliveries
--     booked by merchant accounts have trips.rider_id NULL.
--   * money is in EUR and dated by fares.charged_at (tips by tips.tipped_at, payouts by
--     payouts.paid_at). fares has one row per charge: fare_type 'trip' (a completed trip),
--     'cancel_fee' or 'no_show_fee'.
--   * gross bookings = SUM(fares.total_amt) over every fare row (trip fares and fees); tips
--     are NOT bookings (they go 100 % to the driver). total_amt is what the rider paid, promo
--     discount already taken off (total_amt = base_amt + surge_amt - discount_amt).
--   * net revenue (revenue, "our take") = SUM(fares.total_amt - fares.driver_earnings_amt).
--     Average fare = AVG(total_amt) over fare_type = 'trip'.
--   * a surged trip has fares.surge_multiplier > 1 (1.00 = no surge); surge revenue =
--     SUM(surge_amt). Promo spend = SUM(discount_amt) of fares with a promo_code.
--   * active rider / active driver: at least one completed trip requested in the period.
--   * drivers.driver_status: 'applied', 'background_check' (onboarding), 'active' (approved
--     to drive, activated_on set), 'suspended', 'offboarded'. suspended_on keeps the date of
--     the last suspension, also after a reinstated driver is 'active' again: "suspended"
--     drivers are driver_status = 'suspended'. "Onboarded"
--     or "new" drivers are those whose activated_on falls in the period.
--   * churned driver: driver_status = 'active', at least one completed trip ever, and no
--     completed trip in the 30 days before today (suspended and offboarded drivers were
--     removed, they did not churn).
--   * driver rating = AVG(ratings.stars) over rated_by = 'rider' (the rider rates the driver);
--     rated_by = 'driver' rows rate the rider. Ratings are dated by rated_at, incidents by
--     reported_at.
--   * an incident is open while resolved_at IS NULL.
--   * payouts: paid out = payout_status = 'paid', dated by paid_at.
--   * tip rate = share of completed trips with at least one tip (a rider may tip twice).
-- ============================================================================================

CREATE TABLE zones (
    operator_id   INTEGER NOT NULL,
    zone_id       INTEGER PRIMARY KEY,
    zone_name     VARCHAR NOT NULL,
    zone_type     VARCHAR NOT NULL          -- 'airport', 'centre', 'residential', 'suburb'
);

CREATE TABLE drivers (
    operator_id     INTEGER NOT NULL,
    driver_id       INTEGER PRIMARY KEY,
    driver_name     VARCHAR NOT NULL,
    vehicle_class   VARCHAR NOT NULL,       -- 'economy', 'comfort', 'xl', 'moto' (courier bikes)
    home_zone_id    INTEGER,
    driver_status   VARCHAR NOT NULL,       -- 'applied', 'background_check', 'active', 'suspended', 'offboarded'
    applied_on      DATE NOT NULL,
    activated_on    DATE,                   -- onboarding completed; NULL while onboarding
    suspended_on    DATE,
    offboarded_on   DATE
);

CREATE TABLE riders (
    operator_id     INTEGER NOT NULL,
    rider_id        INTEGER PRIMARY KEY,
    signup_date     DATE NOT NULL,
    home_zone_id    INTEGER,
    referred_by     INTEGER,                -- rider_id of the referrer, NULL if none
    account_status  VARCHAR NOT NULL        -- 'active', 'blocked', 'deleted'
);

CREATE TABLE trips (
    operator_id      INTEGER NOT NULL,
    trip_id          INTEGER PRIMARY KEY,
    rider_id         INTEGER,               -- NULL for courier deliveries booked by merchants
    driver_id        INTEGER,               -- NULL when nobody accepted
    service_type     VARCHAR NOT NULL,      -- 'ride', 'courier'
    vehicle_class    VARCHAR NOT NULL,      -- class requested: 'economy', 'comfort', 'xl', 'moto'
    pickup_zone_id   INTEGER NOT NULL,
    dropoff_zone_id  INTEGER,
    requested_at     TIMESTAMP NOT NULL,
    accepted_at      TIMESTAMP,
    picked_up_at     TIMESTAMP,
    dropped_off_at   TIMESTAMP,
    cancelled_at     TIMESTAMP,
    trip_status      VARCHAR NOT NULL,      -- 'completed', 'rider_cancelled', 'driver_cancelled', 'rider_no_show', 'no_driver'
    quoted_eta_min   INTEGER,               -- pickup ETA quoted at acceptance
    distance_km      DECIMAL(6, 2),
    is_test          CHAR(1) NOT NULL       -- 'Y' = QA / driver-training run
);

CREATE TABLE fares (
    operator_id          INTEGER NOT NULL,
    fare_id              INTEGER PRIMARY KEY,
    trip_id              INTEGER NOT NULL,
    fare_type            VARCHAR NOT NULL,  -- 'trip', 'cancel_fee', 'no_show_fee'
    base_amt             DECIMAL(10, 2) NOT NULL,
    surge_multiplier     DECIMAL(4, 2) NOT NULL,  -- 1.00 = no surge
    surge_amt            DECIMAL(10, 2) NOT NULL,
    discount_amt         DECIMAL(10, 2) NOT NULL, -- promo discount, 0 if none
    promo_code           VARCHAR,
    total_amt            DECIMAL(10, 2) NOT NULL, -- rider paid: base + surge - discount
    driver_earnings_amt  DECIMAL(10, 2) NOT NULL,
    charged_at           TIMESTAMP NOT NULL
);

CREATE TABLE tips (
    operator_id  INTEGER NOT NULL,
    tip_id       INTEGER PRIMARY KEY,
    trip_id      INTEGER NOT NULL,
    driver_id    INTEGER NOT NULL,
    tip_amt      DECIMAL(10, 2) NOT NULL,
    tipped_at    TIMESTAMP NOT NULL
);

CREATE TABLE payouts (
    operator_id    INTEGER NOT NULL,
    payout_id      INTEGER PRIMARY KEY,
    driver_id      INTEGER NOT NULL,
    period_start   DATE NOT NULL,
    period_end     DATE NOT NULL,
    payout_amt     DECIMAL(10, 2) NOT NULL,
    payout_status  VARCHAR NOT NULL,        -- 'scheduled', 'paid', 'failed', 'held'
    paid_at        TIMESTAMP
);

CREATE TABLE ratings (
    operator_id  INTEGER NOT NULL,
    rating_id    INTEGER PRIMARY KEY,
    trip_id      INTEGER NOT NULL,
    rated_by     VARCHAR NOT NULL,          -- 'rider' (rates the driver), 'driver' (rates the rider)
    stars        INTEGER NOT NULL,          -- 1..5
    rated_at     TIMESTAMP NOT NULL
);

CREATE TABLE incidents (
    operator_id   INTEGER NOT NULL,
    incident_id   INTEGER PRIMARY KEY,
    trip_id       INTEGER,
    driver_id     INTEGER,
    category      VARCHAR NOT NULL,         -- 'safety', 'accident', 'lost_item', 'fare_dispute', 'harassment', 'vehicle'
    severity      VARCHAR NOT NULL,         -- 'low', 'medium', 'high', 'critical'
    reported_at   TIMESTAMP NOT NULL,
    resolved_at   TIMESTAMP
);
