-- travel: the bookings warehouse of an online travel agency group (several brands on one
-- platform), as the deployment for brand 3 ("Wayfarer") sees it.
--
-- Warehouse: ClickHouse. The agent, trip-insights (versions 2.2, 2.3 and 2.4), writes ClickHouse
-- SQL (sqlglot dialect `clickhouse`: toStartOfMonth, toDate, today(), dateDiff, countIf, sumIf,
-- uniqExact, argMax, LIMIT n BY, if(), multiIf). Log window: 2025-09-01 to 2025-10-31
-- (2.2 answered in early September, 2.3 from late September to early October, 2.4 in October).
--
-- Guards the deployment adds to every query:
--   * brand scope: `brand_id = 3` on bookings, search_sessions, refunds and loyalty_members
--     (hotels, markets and customers are shared across the group's brands and carry no brand);
--   * test-booking exclusion: `is_test = 0` on bookings and search_sessions (QA traffic);
--     refunds are excluded with their booking (a refund of a test booking is a test refund).
--
-- Business definitions (what a careful analyst at the company accepts):
--   * A booking is dated by booked_at (the booking date) unless the question says stay,
--     check-in, travel or departure (then checkin_date, the hotel check-in or the outbound
--     flight's departure day).
--   * "bookings" (a count) counts every booking made, cancelled ones included (gross bookings);
--     "net bookings" / "not cancelled" exclude status = 'CANC'.
--   * status codes: 'CONF' confirmed (trip still ahead), 'CANC' cancelled, 'TRVL' travelled.
--   * revenue = SUM(commission_eur) (our commission / margin); GBV (gross booking value) =
--     SUM(gbv_eur); both, and room nights, ADR, take rate and average booking value, count only
--     bookings that are not cancelled.
--   * take rate = revenue / GBV (ratio of sums). ADR (average daily rate) = GBV / room nights
--     (ratio of sums) of hotel bookings (product = 'hotel'; a package's GBV includes its
--     flight), dated by stay (checkin_date). Room nights of a hotel count hotel and package
--     bookings. A customer's "spend" is the GBV of their non-cancelled bookings.
--   * lead time = dateDiff('day', toDate(booked_at), checkin_date), over all bookings made.
--   * cancellation rate = cancelled bookings / bookings made in the period (by booked_at).
--   * a "cancellation" is dated by cancelled_at.
--   * conversion rate = search sessions that ended in a booking (booking_id set) / search
--     sessions, by started_at.
--   * market = the point-of-sale market of the booking (bookings.pos_market), not the
--     customer's home market.
--   * an airline's figures are by the validating carrier (bookings.carrier); flight_segments
--     holds one row per flight leg (a return trip has two or more).
--   * coupon_code is a ClickHouse String: '' when no promo code was used (never NULL).
--   * customer_id is NULL for guest checkouts (no account).
--   * a loyalty member is a row of loyalty_members for brand 3 (tier 'blue', 'silver', 'gold');
--     a customer can also be a member of another brand under the same customer_id.
--   * refunds: several refunds can belong to one booking.

CREATE TABLE markets (
    market_code   VARCHAR PRIMARY KEY,   -- 'DE', 'GB', 'FR', 'ES', 'IT', 'NL', 'US'
    market_name   VARCHAR,
    region        VARCHAR                -- 'DACH', 'UK&I', 'Southern Europe', 'Benelux', 'France', 'North America'
);

CREATE TABLE hotels (
    hotel_id      INTEGER PRIMARY KEY,
    hotel_name    VARCHAR,
    city          VARCHAR,
    country_code  VARCHAR,
    stars         UTINYINT,
    chain_name    VARCHAR                -- NULL for independents
);

CREATE TABLE customers (
    customer_id   INTEGER PRIMARY KEY,
    home_market   VARCHAR,               -- the market the account was opened in
    created_at    TIMESTAMP,
    email_opt_in  UTINYINT
);

CREATE TABLE loyalty_members (
    member_id      INTEGER PRIMARY KEY,
    brand_id       INTEGER,
    customer_id    INTEGER,
    tier           VARCHAR,              -- 'blue', 'silver', 'gold'
    enrolled_on    DATE,
    points_balance INTEGER
);

CREATE TABLE bookings (
    booking_id     BIGINT PRIMARY KEY,
    brand_id       INTEGER,
    customer_id    INTEGER,              -- NULL: guest checkout
    pos_market     VARCHAR,              -- point-of-sale market (markets.market_code)
    channel        VARCHAR,              -- 'web', 'app', 'call_centre', 'meta'
    product        VARCHAR,              -- 'hotel', 'flight', 'package'
    hotel_id       INTEGER,              -- hotels and packages; NULL for flights
    carrier        VARCHAR,              -- validating carrier of flights and packages; NULL for hotels
    booked_at      TIMESTAMP,
    checkin_date   DATE,                 -- check-in or outbound departure day
    checkout_date  DATE,                 -- NULL for one-way flights
    room_nights    INTEGER,              -- rooms x nights; 0 for flights
    pax            UTINYINT,
    gbv_eur        DECIMAL(12, 2),
    commission_eur DECIMAL(12, 2),
    status         VARCHAR,              -- 'CONF', 'CANC', 'TRVL'
    cancelled_at   TIMESTAMP,            -- NULL unless status = 'CANC'
    coupon_code    VARCHAR,              -- '' when none
    is_test        UTINYINT
);

CREATE TABLE flight_segments (
    booking_id     BIGINT,
    segment_no     UTINYINT,
    carrier        VARCHAR,              -- operating carrier of the leg
    origin         VARCHAR,
    destination    VARCHAR,
    departs_at     TIMESTAMP,
    cabin          VARCHAR               -- 'Y', 'W', 'J'
);

CREATE TABLE refunds (
    refund_id      INTEGER PRIMARY KEY,
    brand_id       INTEGER,
    booking_id     BIGINT,
    refunded_at    TIMESTAMP,
    refund_eur     DECIMAL(12, 2),
    reason         VARCHAR               -- 'cancellation', 'schedule_change', 'complaint', 'goodwill'
);

CREATE TABLE search_sessions (
    session_id       VARCHAR PRIMARY KEY,
    brand_id         INTEGER,
    started_at       TIMESTAMP,
    pos_market       VARCHAR,
    device           VARCHAR,            -- 'desktop', 'mobile_web', 'app'
    product          VARCHAR,            -- 'hotel', 'flight', 'package'
    destination_city VARCHAR,
    searches         INTEGER,            -- searches run in the session
    booking_id       BIGINT,             -- the booking the session ended in; NULL if none
    is_test          UTINYINT
);
