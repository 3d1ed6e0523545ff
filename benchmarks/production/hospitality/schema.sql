-- Hospitality domain: the revenue-management and guest warehouse of Meridian Hotel Group, which
-- runs three brands in shared tables: Aurelia (brand_cd 'AUR', upscale boutique hotels in Lisbon,
-- Barcelona, Nice and Valletta), Nova Inn ('NVA') and Kestrel Suites ('KST'). Aurelia's revenue
-- managers, front-office and marketing people ask a text-to-SQL agent about their brand.
--
-- Warehouse:  Snowflake (sqlglot dialect `snowflake`), database HOTEL_DW, schema REVMGMT; the agent
--             writes HOTEL_DW.REVMGMT.RESERVATIONS or bare names, upper or lower case.
-- Agent:      stay-insights, versions 2.3, 2.4 and 2.5 (2.5 is the newest).
-- Log window: 2025-09-01 to 2025-09-26 (so "last month" is August 2025, "next month" October
--             2025, "last quarter" Q2 2025, "ytd" / "this year" 2025-01-01 to today, "same period
--             last year" the same dates one year earlier). Relative dates are read against each
--             record's timestamp. The warehouse is a nightly snapshot taken 2025-09-27.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * brand: `brand_cd = 'AUR'` on reservations, properties, group_blocks and loyalty_members
--     (every brand's rows sit in the same tables; each brand runs its own loyalty programme);
--     room_nights, folio_charges and reviews carry no brand and are scoped through their
--     reservation or property.
--   * house use: `is_house_use = FALSE` on reservations: complimentary rooms, staff and owner
--     house use and front-office test bookings are left out of every statistic (rooms sold,
--     occupancy, ADR, RevPAR, lead time, cancellations, guests, spend). Test bookings carry real
--     rates, comp rooms a rate of 0, so both move the numbers. Every query about reservations,
--     room nights or folio charges therefore goes through RESERVATIONS with both guards.
--
-- Conventions of Aurelia's revenue management (what a careful analyst applies):
--   live reservation   status IN ('CONFIRMED', 'IN_HOUSE', 'CHECKED_OUT'); 'CANCELLED' and
--                      'NO_SHOW' are not. Statuses are as of the snapshot, so operational
--                      questions ("arrivals tomorrow", "in house now") use the dates of live
--                      reservations, not the status value.
--   room night         one row of room_nights (rows exist for live reservations only, one per
--                      night, stay_dt = the night's date). "Room nights", "rooms sold",
--                      "on the books" and "stayed" nights count these rows; "on the books for
--                      <period>" = room nights with stay_dt in the period.
--   room revenue       SUM(room_nights.room_rate) (net of tax), dated by stay_dt. Folio charges
--                      hold the other departments only (F&B, spa, parking, other) and count when
--                      is_void = FALSE, dated by posted_dt. "Total spend" of a guest = room revenue
--                      + non-void folio charges of the guest's reservations.
--   available rooms    properties.total_rooms per night (no out-of-order rooms in this warehouse).
--   occupancy          room nights sold / available room nights of the period, in percent.
--   ADR                room revenue / room nights sold. RevPAR = room revenue / available room
--                      nights (= ADR x occupancy).
--   length of stay     AVG(nights) of live reservations, by arrival_dt.
--   lead time          DATEDIFF(day, booking_ts, arrival_dt) of live reservations, by arrival_dt.
--   cancellation rate  CANCELLED / all reservations (any status), by arrival_dt; "cancellations"
--                      counted in a period are dated by cancel_ts.
--   no-show rate       NO_SHOW / reservations not cancelled, by arrival_dt.
--   pickup             room nights of live reservations booked (booking_ts) in the window, for the
--                      stay dates asked.
--   direct             channel_cd IN ('WEB', 'VOICE') (brand.com and the call centre); OTA, GDS
--                      and GROUP are indirect. OTA and GDS names are in source_name.
--   guests             distinct guest_id. A repeat guest has two or more live reservations in
--                      the period (by arrival_dt).
--   members            rows of loyalty_members (brand 'AUR'); a member's stays are reservations
--                      carrying member_id (member_id is NULL when no loyalty number was given).
--                      Tier is the member's current tier_cd.
--   NPS                percent promoters (nps_score 9-10) minus percent detractors (0-6) over
--                      reviews with an nps_score, dated by submitted_ts, scoped by the property.
--   group blocks       rooms_per_night rooms held each night from start_dt to end_dt - 1;
--                      blocked room nights = rooms_per_night * DATEDIFF(day, start_dt, end_dt).
--                      Only DEFINITE blocks count unless tentative ones are asked for. Group
--                      reservations carry block_id; picked-up room nights are their room nights.
--   weeks              Monday to Sunday.
-- ============================================================================================

CREATE TABLE properties (
    property_id    INTEGER PRIMARY KEY,
    brand_cd       VARCHAR NOT NULL,      -- 'AUR', 'NVA', 'KST'
    property_cd    VARCHAR NOT NULL,      -- 'AUR-LIS', ...
    property_name  VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    country_cd     CHAR(2) NOT NULL,
    total_rooms    INTEGER NOT NULL,
    opened_dt      DATE NOT NULL
);

CREATE TABLE room_types (
    room_type_id    INTEGER PRIMARY KEY,
    property_id     INTEGER NOT NULL,
    room_type_cd    VARCHAR NOT NULL,     -- 'STD', 'DLX', 'STE'
    room_type_name  VARCHAR NOT NULL,     -- 'Standard', 'Deluxe', 'Suite'
    room_count      INTEGER NOT NULL
);

CREATE TABLE guests (
    guest_id     INTEGER PRIMARY KEY,
    full_name    VARCHAR NOT NULL,
    country_cd   CHAR(2),                 -- NULL when not captured
    email        VARCHAR,
    created_dt   DATE NOT NULL
);

CREATE TABLE loyalty_members (
    member_id       INTEGER PRIMARY KEY,
    brand_cd        VARCHAR NOT NULL,     -- each brand runs its own programme
    guest_id        INTEGER NOT NULL,
    tier_cd         VARCHAR NOT NULL,     -- 'BLUE', 'SILVER', 'GOLD', 'PLATINUM' (current tier)
    enrolled_dt     DATE NOT NULL,
    points_balance  INTEGER NOT NULL
);

CREATE TABLE group_blocks (
    block_id         INTEGER PRIMARY KEY,
    brand_cd         VARCHAR NOT NULL,
    property_id      INTEGER NOT NULL,
    group_name       VARCHAR NOT NULL,
    segment_cd       VARCHAR NOT NULL,    -- 'CORPORATE', 'WEDDING', 'ASSOCIATION', 'SPORTS'
    start_dt         DATE NOT NULL,       -- first night
    end_dt           DATE NOT NULL,       -- departure day (last night is end_dt - 1)
    rooms_per_night  INTEGER NOT NULL,
    status           VARCHAR NOT NULL     -- 'DEFINITE', 'TENTATIVE', 'CANCELLED'
);

CREATE TABLE reservations (
    reservation_id   INTEGER PRIMARY KEY,
    confirmation_no  VARCHAR NOT NULL,
    brand_cd         VARCHAR NOT NULL,
    property_id      INTEGER NOT NULL,
    room_type_id     INTEGER NOT NULL,
    guest_id         INTEGER NOT NULL,
    member_id        INTEGER,             -- loyalty number given at booking; NULL if none
    channel_cd       VARCHAR NOT NULL,    -- 'WEB', 'VOICE', 'OTA', 'GDS', 'GROUP'
    source_name      VARCHAR,             -- OTA / GDS name ('Booking.com', 'Amadeus', ...); NULL otherwise
    rate_plan_cd     VARCHAR NOT NULL,    -- 'BAR', 'ADV', 'CORP', 'PKG', 'GRP', 'COMP'
    booking_ts       TIMESTAMP NOT NULL,
    arrival_dt       DATE NOT NULL,
    departure_dt     DATE NOT NULL,
    nights           INTEGER NOT NULL,    -- departure_dt - arrival_dt
    adults           INTEGER NOT NULL,
    status           VARCHAR NOT NULL,    -- 'CONFIRMED', 'IN_HOUSE', 'CHECKED_OUT', 'CANCELLED', 'NO_SHOW'
    cancel_ts        TIMESTAMP,           -- set when CANCELLED
    block_id         INTEGER,             -- group block, for GROUP reservations
    is_house_use     BOOLEAN NOT NULL     -- comp, house use or test booking
);

CREATE TABLE room_nights (
    reservation_id  INTEGER NOT NULL,
    property_id     INTEGER NOT NULL,
    stay_dt         DATE NOT NULL,
    room_rate       DECIMAL(10, 2) NOT NULL  -- net room revenue of the night (0 for comp rooms)
);

CREATE TABLE folio_charges (
    charge_id       INTEGER PRIMARY KEY,
    reservation_id  INTEGER NOT NULL,
    posted_dt       DATE NOT NULL,
    dept_cd         VARCHAR NOT NULL,     -- 'FNB', 'SPA', 'PARKING', 'OTHER'
    amount          DECIMAL(10, 2) NOT NULL,
    is_void         BOOLEAN NOT NULL
);

CREATE TABLE reviews (
    review_id       INTEGER PRIMARY KEY,
    property_id     INTEGER NOT NULL,
    reservation_id  INTEGER,              -- NULL for public-site reviews not matched to a stay
    submitted_ts    TIMESTAMP NOT NULL,
    source_cd       VARCHAR NOT NULL,     -- 'SURVEY', 'GOOGLE', 'TRIPADVISOR'
    nps_score       INTEGER,              -- 0-10; NULL when the survey question was skipped
    rating          DECIMAL(2, 1)         -- 1.0-5.0
);
