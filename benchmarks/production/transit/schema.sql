-- ============================================================================================
-- transit: the ridership and operations warehouse of a regional transport authority (DuckDB DDL
-- for labelling)
--
-- Company: the "Lakeshore Regional Transit Authority" runs one smart-card fare system and one
-- analytics warehouse for the operators it contracts: MTB (Metro Transit Bus), LRL (Lakeshore
-- Light Rail) and CFY (Crossbay Ferries). Routes, stops, vehicles, trips (scheduled vs actual
-- times), card validations (tap-ins), fare products, cards, fare sales, service disruptions,
-- maintenance work orders and customer complaints of every operator sit in shared tables keyed
-- by operator_code.
--
-- Warehouse: Trino over the authority's lakehouse. The agent writes dialect `trino`.
-- Agent: `transit-bot`, versions 3.4, 3.5 and 4.0, deployed for operator MTB (Metro Transit Bus).
-- Log window: 2025-09-02 to 2025-09-29 (so "last month" is August 2025, "last quarter" Q2 2025,
-- "this year" / "ytd" 2025 to date, "last year" 2024, "yesterday" the day before the record).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * operator: `operator_code = 'MTB'` on every query (every table carries operator_code);
--   * test cards and staff passes: `is_staff_or_test = false` on every query that reads cards,
--     validations or fare_sales (revenue-protection test cards and free staff passes tap in
--     production). The flag is copied onto validations and fare_sales from the card.
--
-- Business conventions at this authority (what a careful analyst would apply):
--   * boardings (ridership, "taps", "trips taken") = validations with result = 'accepted'
--     ('rejected' and 'duplicate' taps are not boardings), dated by validated_at. Unique riders
--     = COUNT(DISTINCT card_id) over those boardings. validations.trip_id is NULL when the
--     validator could not match the tap to a trip (the tap still counts as a boarding on route_id).
--   * trips are dated by service_date, the operating day: night-route trips that leave after
--     midnight belong to the previous service_date.
--   * departure delay = date_diff('second', scheduled_departure, actual_departure). A trip departs
--     on time when the delay is between -60 and 300 seconds (1 min early to 5 min late); late when
--     over 300 s. On-time performance (OTP) = on-time trips / trips operated, where trips operated
--     are trip_status IN ('completed', 'partial'); cancelled trips are not in OTP.
--   * cancellation rate = cancelled trips / all scheduled trips (every trips row).
--   * fare revenue = SUM(fare_sales.amount) over sale_type IN ('pass_sale', 'single_ticket',
--     'refund') (refunds are stored negative). Stored-value top-ups ('topup') are loads, a
--     liability, not fare revenue. Sales are dated by sold_at.
--   * a pass holder of a product is a card with a 'pass_sale' of that product; a product's
--     rider class is fare_products.rider_class, a rider's class is cards.rider_class.
--   * complaints counts exclude status 'withdrawn'; a complaint is resolved when status =
--     'resolved' (withdrawn complaints also get a resolved_at, the time they were closed).
--   * route lists cover active routes (routes.is_active) unless the question asks otherwise.
--   * maintenance spend = SUM(work_orders.parts_cost) over work orders that are not cancelled
--     (is_cancelled = false), dated by opened_at; a bus's depot is vehicles.depot.
--   * a disruption's duration runs from started_at to ended_at; ongoing disruptions (ended_at
--     NULL) have no duration. Disruptions are dated by started_at.
--   * weekends are Saturday and Sunday (Trino day_of_week 6 and 7); "last week" is the previous
--     Monday-to-Sunday week.
-- ============================================================================================

CREATE TABLE operators (
    operator_code  VARCHAR PRIMARY KEY,
    operator_name  VARCHAR NOT NULL,
    mode           VARCHAR NOT NULL          -- bus, light_rail, ferry
);

CREATE TABLE routes (
    route_id          INTEGER PRIMARY KEY,
    operator_code     VARCHAR NOT NULL,
    route_short_name  VARCHAR NOT NULL,      -- '12', 'X4', 'N1'
    route_long_name   VARCHAR NOT NULL,
    service_type      VARCHAR NOT NULL,      -- local, express, night
    is_active         BOOLEAN NOT NULL,
    launched_on       DATE NOT NULL
);

CREATE TABLE stops (
    stop_id                INTEGER PRIMARY KEY,
    operator_code          VARCHAR NOT NULL,
    stop_name              VARCHAR NOT NULL,
    fare_zone              VARCHAR NOT NULL,  -- A, B, C
    wheelchair_accessible  BOOLEAN NOT NULL
);

CREATE TABLE vehicles (
    vehicle_id        INTEGER PRIMARY KEY,
    operator_code     VARCHAR NOT NULL,
    fleet_number      VARCHAR NOT NULL,
    vehicle_type      VARCHAR NOT NULL,      -- diesel, hybrid, electric
    depot             VARCHAR NOT NULL,
    capacity          INTEGER NOT NULL,
    in_service_since  DATE NOT NULL,
    retired_on        DATE                   -- NULL while in service
);

CREATE TABLE trips (
    trip_id              BIGINT PRIMARY KEY,
    operator_code        VARCHAR NOT NULL,
    route_id             INTEGER NOT NULL,
    vehicle_id           INTEGER,            -- NULL when cancelled before a vehicle was assigned
    service_date         DATE NOT NULL,      -- the operating day
    direction_id         SMALLINT NOT NULL,  -- 0 outbound, 1 inbound
    scheduled_departure  TIMESTAMP NOT NULL,
    actual_departure     TIMESTAMP,          -- NULL when cancelled
    scheduled_arrival    TIMESTAMP NOT NULL,
    actual_arrival       TIMESTAMP,
    trip_status          VARCHAR NOT NULL,   -- completed, partial, cancelled
    revenue_km           DECIMAL(6,1) NOT NULL
);

CREATE TABLE fare_products (
    fare_product_id  INTEGER PRIMARY KEY,
    operator_code    VARCHAR NOT NULL,
    product_name     VARCHAR NOT NULL,
    product_type     VARCHAR NOT NULL,       -- single, day_pass, monthly_pass, stored_value
    rider_class      VARCHAR NOT NULL,       -- adult, concession, student
    price            DECIMAL(6,2) NOT NULL
);

CREATE TABLE cards (
    card_id           BIGINT PRIMARY KEY,
    operator_code     VARCHAR NOT NULL,      -- issuing operator
    card_type         VARCHAR NOT NULL,      -- stored_value, pass
    rider_class       VARCHAR NOT NULL,      -- adult, concession, student
    is_registered     BOOLEAN NOT NULL,
    issued_on         DATE NOT NULL,
    is_staff_or_test  BOOLEAN NOT NULL,
    balance           DECIMAL(8,2) NOT NULL  -- stored value left on the card (0 on pass cards)
);

CREATE TABLE validations (
    validation_id     BIGINT PRIMARY KEY,
    operator_code     VARCHAR NOT NULL,
    card_id           BIGINT NOT NULL,
    trip_id           BIGINT,                -- NULL when the tap was not matched to a trip
    route_id          INTEGER NOT NULL,
    stop_id           INTEGER NOT NULL,
    fare_product_id   INTEGER NOT NULL,      -- the product the tap was charged to
    validated_at      TIMESTAMP NOT NULL,
    result            VARCHAR NOT NULL,      -- accepted, rejected, duplicate
    is_staff_or_test  BOOLEAN NOT NULL
);

CREATE TABLE fare_sales (
    sale_id           BIGINT PRIMARY KEY,
    operator_code     VARCHAR NOT NULL,
    card_id           BIGINT,                -- NULL for paper single tickets
    fare_product_id   INTEGER NOT NULL,
    sold_at           TIMESTAMP NOT NULL,
    sale_type         VARCHAR NOT NULL,      -- pass_sale, single_ticket, topup, refund
    amount            DECIMAL(8,2) NOT NULL, -- refunds negative
    sales_channel     VARCHAR NOT NULL,      -- tvm, app, retail, driver
    is_staff_or_test  BOOLEAN NOT NULL
);

CREATE TABLE disruptions (
    disruption_id    INTEGER PRIMARY KEY,
    operator_code    VARCHAR NOT NULL,
    route_id         INTEGER,                -- NULL when network-wide
    started_at       TIMESTAMP NOT NULL,
    ended_at         TIMESTAMP,              -- NULL while ongoing
    cause            VARCHAR NOT NULL,       -- breakdown, traffic, weather, staff_shortage, roadworks, incident
    severity         VARCHAR NOT NULL,       -- minor, major, severe
    trips_cancelled  INTEGER NOT NULL
);

CREATE TABLE work_orders (
    work_order_id  INTEGER PRIMARY KEY,
    operator_code  VARCHAR NOT NULL,
    vehicle_id     INTEGER NOT NULL,
    opened_at      TIMESTAMP NOT NULL,
    closed_at      TIMESTAMP,
    wo_type        VARCHAR NOT NULL,         -- preventive, corrective, inspection
    parts_cost     DECIMAL(10,2),            -- NULL until parts are booked
    labour_hours   DECIMAL(6,1),
    is_cancelled   BOOLEAN NOT NULL
);

CREATE TABLE complaints (
    complaint_id  INTEGER PRIMARY KEY,
    operator_code VARCHAR NOT NULL,
    received_at   TIMESTAMP NOT NULL,
    route_id      INTEGER,                   -- NULL when not about a route
    category      VARCHAR NOT NULL,          -- late, driver_behaviour, cleanliness, fare, accessibility, crowding
    channel       VARCHAR NOT NULL,          -- web, phone, app, email
    status        VARCHAR NOT NULL,          -- open, in_progress, resolved, withdrawn
    resolved_at   TIMESTAMP
);
