-- ============================================================================================
-- airline_ops: the operations warehouse of an airline group, shared by its carriers (DuckDB DDL
-- for labelling)
--
-- Company: "Meridian Aviation Group" runs three carriers on one operations platform: MER
-- (Meridian, mainline), SKL (Skylark, the low-cost arm) and MRX (Meridian Express, regional).
-- The warehouse keeps every carrier's flight legs, delays and the IATA delay codes, aircraft,
-- crew and crew pairings, passenger bookings (one row per passenger per leg) and baggage
-- incidents in shared tables keyed by carrier_code. bookings has one row per reservation (PNR) and
-- leg, carrying its number of passengers (pax).
--
-- Warehouse: ClickHouse. The agent writes dialect `clickhouse`.
-- Agent: `ops-copilot`, versions 2.4, 2.5 and 2.6, deployed for carrier SKL (Skylark).
-- Log window: 2026-03-02 to 2026-03-27 (so "last month" is February 2026, "this quarter" Q1 2026
-- to date, "last quarter" Q4 2025, "January" January 2026, "December" December 2025, "this year"
-- / "ytd" 2026 to date, "last year" 2025).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `carrier_code = 'SKL'` on every table a query reads (row policy emulation; every
--     table carries carrier_code, delay_codes included: each carrier keeps its own sub-codes);
--   * non-revenue legs: `is_non_revenue = 0` on every query that reads flight_legs (ferry,
--     positioning, test and training flights are flown but are not part of the operation's
--     statistics). Non-revenue legs carry no bookings, no delays and no baggage incidents, so
--     queries that never touch flight_legs need no join for it.
--
-- Business conventions at this carrier (what a careful analyst would apply):
--   * a leg is one take-off and landing (flight_legs row), dated by flight_date (the scheduled
--     local departure date). "Flights" in questions means legs. status is 'scheduled' (not yet
--     flown), 'arrived', 'diverted' or 'cancelled'. Legs "operated" / "flown" are 'arrived' or
--     'diverted'.
--   * on time (OTP, "on-time performance", A15): an arrived leg whose actual_arr is at most 15
--     minutes after sched_arr. OTP = on-time arrived legs / arrived legs (diverted and cancelled
--     legs are outside OTP). "Late" / "delayed" legs are arrived legs more than 15 minutes late
--     on arrival. Departure delay = minutes between sched_dep and actual_dep.
--   * cancellation rate = cancelled legs / scheduled legs of the period (every status counted
--     except the still-'scheduled' future ones, i.e. legs whose flight_date has passed).
--   * delays: one row per leg and delay code (a leg can carry several codes; delay_minutes are
--     the minutes attributed to that code). Delay minutes of a cause = SUM(delay_minutes).
--     "Controllable" delays are codes with delay_codes.is_controllable = 1.
--   * passengers flown = SUM(pax) of bookings with status 'flown' (not a count of booking rows).
--     Seats offered = SUM(aircraft.seats) over operated legs. Load factor = passengers flown /
--     seats offered, as totals (never the average of per-leg ratios).
--   * average fare = revenue / passengers (SUM(fare_amount) / SUM(pax)) of revenue bookings.
--   * no-show rate = no_show bookings / bookings due to fly (status 'flown' or 'no_show').
--   * revenue (passenger revenue) = SUM(bookings.fare_amount) of bookings with status 'flown'
--     or 'no_show' (a no-show forfeits the fare; cancelled bookings are refunded), in EUR, dated
--     by bookings.flight_date (recognised when flown, not when booked).
--   * baggage: every incident row is one mishandled bag; "still open" / "unresolved" incidents
--     have resolved_at NULL. Incidents are dated by reported_at; compensation paid is dated by
--     resolved_at (settlement). Mishandled-bag rate = incidents per 1,000 passengers flown, on
--     the legs' flight_date.
--   * crew: active crew have is_active = 1; block hours = minutes from actual_dep to actual_arr
--     of operated legs, / 60. Pilots are rank 'CPT' and 'FO'; cabin crew 'PUR' and 'FA'.
--   * active fleet = aircraft with status 'active' ('stored' and 'retired' are not).
--   * "last week" is the previous Monday-to-Sunday week.
-- ============================================================================================

CREATE TABLE airports (
    carrier_code   VARCHAR NOT NULL,
    iata_code      VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    country_code   VARCHAR NOT NULL,
    region         VARCHAR NOT NULL,      -- 'domestic', 'western_europe', 'southern_europe', 'north_africa'
    is_base        INTEGER NOT NULL       -- 1 = a crew and maintenance base of this carrier
);

CREATE TABLE aircraft (
    carrier_code   VARCHAR NOT NULL,
    tail_number    VARCHAR NOT NULL,
    aircraft_type  VARCHAR NOT NULL,      -- 'A320', 'A321neo', '737-800'
    seats          INTEGER NOT NULL,
    delivered_on   DATE NOT NULL,
    status         VARCHAR NOT NULL       -- 'active', 'stored', 'retired'
);

CREATE TABLE flight_legs (
    carrier_code    VARCHAR NOT NULL,
    leg_id          BIGINT NOT NULL,
    flight_no       VARCHAR NOT NULL,     -- e.g. 'SK412'
    flight_date     DATE NOT NULL,
    origin          VARCHAR NOT NULL,     -- IATA code (airports.iata_code)
    destination     VARCHAR NOT NULL,
    tail_number     VARCHAR,              -- NULL until an aircraft is assigned (and for some cancelled legs)
    sched_dep       TIMESTAMP NOT NULL,
    sched_arr       TIMESTAMP NOT NULL,
    actual_dep      TIMESTAMP,            -- NULL for cancelled and not yet flown legs
    actual_arr      TIMESTAMP,            -- NULL for cancelled, not yet flown (and diverted) legs
    status          VARCHAR NOT NULL,     -- 'scheduled', 'arrived', 'diverted', 'cancelled'
    cancel_reason   VARCHAR,              -- 'weather', 'technical', 'crew', 'atc', 'commercial'; NULL unless cancelled
    distance_km     INTEGER NOT NULL,
    is_non_revenue  INTEGER NOT NULL      -- 1 = ferry / positioning / test / training leg
);

CREATE TABLE delay_codes (
    carrier_code     VARCHAR NOT NULL,
    delay_code       VARCHAR NOT NULL,    -- IATA code, e.g. '41', '93'
    description      VARCHAR NOT NULL,
    category         VARCHAR NOT NULL,    -- 'technical', 'ground_handling', 'passenger', 'weather', 'atc', 'crew', 'reactionary'
    is_controllable  INTEGER NOT NULL     -- 1 = within the airline's control
);

CREATE TABLE delays (
    carrier_code   VARCHAR NOT NULL,
    leg_id         BIGINT NOT NULL,
    delay_code     VARCHAR NOT NULL,
    delay_minutes  INTEGER NOT NULL,
    reported_at    TIMESTAMP NOT NULL
);

CREATE TABLE crew_members (
    carrier_code   VARCHAR NOT NULL,
    crew_id        INTEGER NOT NULL,
    full_name      VARCHAR NOT NULL,
    rank           VARCHAR NOT NULL,      -- 'CPT', 'FO', 'PUR', 'FA'
    base_airport   VARCHAR NOT NULL,
    hired_on       DATE NOT NULL,
    is_active      INTEGER NOT NULL
);

CREATE TABLE crew_assignments (
    carrier_code   VARCHAR NOT NULL,
    leg_id         BIGINT NOT NULL,
    crew_id        INTEGER NOT NULL,
    duty_role      VARCHAR NOT NULL       -- the role flown on the leg: 'CPT', 'FO', 'PUR', 'FA'
);

CREATE TABLE bookings (
    carrier_code   VARCHAR NOT NULL,
    booking_id     BIGINT NOT NULL,       -- one row per reservation (PNR) per leg
    pnr            VARCHAR NOT NULL,      -- reservation locator (a PNR can span several legs)
    leg_id         BIGINT NOT NULL,
    flight_date    DATE NOT NULL,         -- copy of flight_legs.flight_date
    booked_at      TIMESTAMP NOT NULL,
    cabin          VARCHAR NOT NULL,      -- 'economy', 'business'
    fare_class     VARCHAR NOT NULL,      -- 'basic', 'standard', 'flex', 'business'
    channel        VARCHAR NOT NULL,      -- 'web', 'app', 'agency', 'call_center'
    pax            INTEGER NOT NULL,      -- passengers on this booking (1-4)
    fare_amount    DECIMAL(10, 2) NOT NULL,  -- EUR, for all pax of the booking on this leg
    status         VARCHAR NOT NULL,      -- 'confirmed' (not yet flown), 'flown', 'no_show', 'cancelled'
    loyalty_tier   VARCHAR                -- 'blue', 'silver', 'gold'; NULL = not a member
);

CREATE TABLE baggage_incidents (
    carrier_code     VARCHAR NOT NULL,
    incident_id      BIGINT NOT NULL,
    leg_id           BIGINT NOT NULL,
    incident_type    VARCHAR NOT NULL,    -- 'delayed', 'damaged', 'lost', 'pilfered'
    reported_at      TIMESTAMP NOT NULL,
    resolved_at      TIMESTAMP,           -- NULL = still open
    compensation_eur DECIMAL(10, 2)       -- NULL until settled (0 when settled without payment)
);
