-- ============================================================================================
-- bike_share: the analytics warehouse of a micromobility operations platform (DuckDB DDL for
-- labelling; the production warehouse is SQLite)
--
-- Company: "Freewheel Cloud" runs fleet-operations software for city bike, e-bike and e-scooter
-- sharing operators: the rider app, unlocks and trip billing, memberships (passes), payments,
-- fleet maintenance and station rebalancing. Every operator is a tenant of one shared analytics
-- warehouse keyed by operator_id: zones and stations, vehicles, riders, memberships, trips,
-- payments, maintenance tickets and rebalancing moves.
--
-- Warehouse: one SQLite database per region, refreshed nightly (timestamps are TEXT
-- 'YYYY-MM-DD HH:MM:SS', local time; dates 'YYYY-MM-DD'; flags are INTEGER 0/1). SQLite idioms:
-- date('now', 'start of month', '-1 month'), strftime('%Y-%m', ts), julianday(b) - julianday(a),
-- and `int / int` truncates (COUNT(*) / COUNT(*) is 0 or 1): a rate needs 1.0 * or CAST(... AS REAL).
-- The agent writes dialect `sqlite`.
-- Agent: `spoke-analyst`, versions 3.0, 3.1 and 3.2, deployed for operator OPR-0419
-- ("Tidewater Cycles", docked bikes and e-bikes plus dockless e-scooters in Port Halden).
-- Log window: 2026-11-16 to 2026-11-26; the warehouse is loaded up to 2026-11-15 23:59. So
-- "today" is the record's date; "last month" is October 2026, "this month" / "mtd" November
-- 2026 to date, "this quarter" / "qtd" Q4 2026 to date (from 2026-10-01), "last quarter" / "Q3"
-- July-September 2026, "ytd" / "this year" 2026 to date, "last week" the Monday-Sunday week
-- before the record's week, "last N days" the N days before today (start_ts >= today - N days).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 'OPR-0419'` on every table of every query (tables are shared);
--   * test data: `is_test = 0` on riders and on trips (QA accounts and staff test rides; a test
--     rider's trips are flagged too, and staff sometimes flag a test ride on a real account);
--   * soft deletes: `deleted_at IS NULL` on riders (account erasure) and stations (removed
--     stations). A deleted rider's past rides still count in ride and revenue figures, but the
--     rider is left out of every rider count or rider list (active riders, signups, members).
--     A removed station is left out of station lists and rankings.
--
-- Business conventions at Tidewater (what a careful analyst would apply):
--   * ride = a trip with trip_status 'COMPLETED' or 'ENDED_BY_OPS' (the rider did not lock it
--     and ops ended it: still a billed ride). 'CANCELLED' (unlocked and relocked within a minute,
--     fare 0) is not a ride. Rides are dated by start_ts. "trips" in a question means rides.
--   * ride duration = duration_sec (minutes = duration_sec / 60.0); distance = distance_m
--     (km = distance_m / 1000.0). Long ride = duration_sec > 1800 (over 30 minutes).
--   * vehicle type = vehicles.vehicle_type: 'bike', 'ebike', 'scooter'. Bikes and e-bikes are
--     docked (trips carry start/end station); scooters are dockless (station ids NULL). Every
--     trip carries start_zone_id, so rides per zone / district read trips.start_zone_id. A
--     station's rides are the rides that start there (start_station_id).
--   * region = district (zones.district); zone = zones.zone_nm.
--   * revenue = SUM(payments.amount) over pay_status 'CAPTURED', dated by paid_ts. 'FAILED'
--     attempts and 'REFUNDED' payments (captured, then refunded in full) are not revenue.
--     ride revenue = payment_type 'RIDE', pass (membership) revenue = 'PASS', fines = 'FINE'
--     (bad-parking fines). Ride revenue per district attributes a RIDE payment to its trip's
--     start zone.
--   * fare = trips.fare_amt, what the ride was priced at after discount_amt; average fare is
--     over rides.
--   * payment failure rate = FAILED attempts / all attempts (every payments row), by paid_ts.
--   * active rider (MAU for a month) = a non-deleted rider with at least one ride in the period.
--     repeat rider = 2 or more rides in the period.
--   * member = a rider holding a membership active at that moment: start_dt <= day <= end_dt
--     and (cancelled_dt IS NULL or cancelled_dt > day). A rider can hold two overlapping
--     memberships (a student pass then an annual one); a member counts once. "active members"
--     = riders with a membership active today. member ride = a ride whose rider held an
--     active membership on the ride's date; every other ride is a casual ride.
--   * membership cancellation = cancelled_dt set, dated by cancelled_dt (end_dt is the end of
--     the paid term, not a cancellation).
--   * signup = riders.signup_ts. Activation = a new rider's first ride within 7 days of signup
--     (start_ts < signup_ts + 7 days).
--   * maintenance: open ticket = ticket_status 'OPEN' or 'IN_REPAIR'; repair time = hours from
--     opened_ts to closed_ts over 'CLOSED' tickets, dated by closed_ts.
--   * in-service vehicle = retired_dt IS NULL. Fleet in a month = vehicles in service that month.
--   * rebalancing moves are dated by moved_ts; crew = crew_cd.
-- ============================================================================================

CREATE TABLE zones (
    operator_id     VARCHAR NOT NULL,
    zone_id         INTEGER PRIMARY KEY,
    zone_nm         VARCHAR NOT NULL,
    district        VARCHAR NOT NULL          -- Old Town, Harbourside, University, North Hills
);

CREATE TABLE stations (
    operator_id     VARCHAR NOT NULL,
    station_id      INTEGER PRIMARY KEY,
    station_nm      VARCHAR NOT NULL,
    zone_id         INTEGER NOT NULL,
    dock_count      INTEGER NOT NULL,
    opened_dt       DATE NOT NULL,
    deleted_at      TIMESTAMP                 -- soft delete: station removed
);

CREATE TABLE vehicles (
    operator_id     VARCHAR NOT NULL,
    vehicle_id      INTEGER PRIMARY KEY,
    vehicle_type    VARCHAR NOT NULL,         -- bike, ebike, scooter
    model_nm        VARCHAR NOT NULL,
    in_service_dt   DATE NOT NULL,
    retired_dt      DATE                      -- NULL while in service
);

CREATE TABLE riders (
    operator_id     VARCHAR NOT NULL,
    rider_id        INTEGER PRIMARY KEY,
    signup_ts       TIMESTAMP NOT NULL,
    home_zone_id    INTEGER,                  -- NULL: not given
    signup_channel  VARCHAR NOT NULL,         -- app_store, referral, campus, corporate
    birth_year      INTEGER,
    is_test         INTEGER NOT NULL,         -- 1 = QA / staff test account
    deleted_at      TIMESTAMP                 -- soft delete: account erased
);

CREATE TABLE memberships (
    operator_id     VARCHAR NOT NULL,
    membership_id   INTEGER PRIMARY KEY,
    rider_id        INTEGER NOT NULL,
    plan_cd         VARCHAR NOT NULL,         -- MONTHLY, ANNUAL, STUDENT, CORP
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,            -- end of the paid term
    cancelled_dt    DATE,                     -- NULL unless cancelled
    fee_amt         DECIMAL(8,2) NOT NULL     -- price per billing period
);

CREATE TABLE trips (
    operator_id      VARCHAR NOT NULL,
    trip_id          INTEGER PRIMARY KEY,
    rider_id         INTEGER NOT NULL,
    vehicle_id       INTEGER NOT NULL,
    start_ts         TIMESTAMP NOT NULL,
    end_ts           TIMESTAMP NOT NULL,
    start_zone_id    INTEGER NOT NULL,
    end_zone_id      INTEGER NOT NULL,
    start_station_id INTEGER,                 -- NULL for dockless scooters
    end_station_id   INTEGER,                 -- NULL for dockless scooters
    duration_sec     INTEGER NOT NULL,
    distance_m       INTEGER NOT NULL,
    trip_status      VARCHAR NOT NULL,        -- COMPLETED, ENDED_BY_OPS, CANCELLED
    discount_amt     DECIMAL(8,2) NOT NULL,
    fare_amt         DECIMAL(8,2) NOT NULL,   -- after discount; 0 for CANCELLED
    is_test          INTEGER NOT NULL
);

CREATE TABLE payments (
    operator_id     VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    rider_id        INTEGER NOT NULL,
    trip_id         INTEGER,                  -- RIDE and FINE payments
    membership_id   INTEGER,                  -- PASS payments
    payment_type    VARCHAR NOT NULL,         -- RIDE, PASS, FINE
    amount          DECIMAL(8,2) NOT NULL,
    pay_status      VARCHAR NOT NULL,         -- CAPTURED, FAILED, REFUNDED
    paid_ts         TIMESTAMP NOT NULL        -- time of the attempt
);

CREATE TABLE maint_tickets (
    operator_id     VARCHAR NOT NULL,
    ticket_id       INTEGER PRIMARY KEY,
    vehicle_id      INTEGER NOT NULL,
    issue_cd        VARCHAR NOT NULL,         -- BATTERY, BRAKES, TYRE, LOCK, VANDALISM, OTHER
    source_cd       VARCHAR NOT NULL,         -- RIDER, PATROL, TELEMETRY
    opened_ts       TIMESTAMP NOT NULL,
    closed_ts       TIMESTAMP,
    ticket_status   VARCHAR NOT NULL          -- OPEN, IN_REPAIR, CLOSED, WONTFIX
);

CREATE TABLE rebalance_moves (
    operator_id     VARCHAR NOT NULL,
    move_id         INTEGER PRIMARY KEY,
    vehicle_id      INTEGER NOT NULL,
    from_station_id INTEGER,                  -- NULL: picked up dockless / from the depot
    to_station_id   INTEGER,
    crew_cd         VARCHAR NOT NULL,
    moved_ts        TIMESTAMP NOT NULL
);
