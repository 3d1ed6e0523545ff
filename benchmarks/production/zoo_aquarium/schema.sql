-- ============================================================================================
-- zoo_aquarium: the warehouse of a zoo-and-aquarium operations platform (DuckDB DDL for labelling)
--
-- Company: "Habitat360" sells ticketing, membership, animal-records, education-booking, retail
-- POS and staff-scheduling software to zoo and aquarium operators. Every operator is a tenant of
-- one shared Trino warehouse (Iceberg tables), all tables keyed by operator_id. The deployment
-- here is operator 'ZA-0614', Cascadia Wildlife Parks, a regional operator with Riverside Zoo,
-- Bayfront Aquarium, Highland Safari Park, Coral Cove Aquarium (opened on 2026-06-13, its
-- animals moved in from Bayfront and other institutions in May and June 2026) and Old Orchard
-- Petting Farm, closed at the end of 2025 and soft-deleted with its 2025 history kept. Other
-- tenants in the warehouse: 'ZA-0233' (Prairie Wild Zoos) and 'ZA-0871' (Gulfstream Sea Life).
--
-- Warehouse: Trino (date_trunc, date_add('month', n, d), date_diff('day', a, b), interval
-- literals such as INTERVAL '1' MONTH, current_date, day_of_week (1 = Monday), date_format with
-- MySQL-style patterns, count_if, approx_distinct, CAST; `/` between integers is integer
-- division, as in Trino). Flags are BOOLEAN. The agent writes dialect `trino`.
-- Agent: `keeper-sql`, versions 2.4, 2.5 and 2.6, deployed for operator 'ZA-0614'.
-- Log window: 2026-10-19 to 2026-10-30; the warehouse is loaded up to 2026-10-18 (nothing dated
-- after it, except tickets sold ahead for Zoo Lights visits in November and December, education
-- sessions booked ahead (CONFIRMED), scheduled events and memberships whose term runs on).
-- So "last month" is September 2026, "this month" October 2026 to date, "this quarter" Q4 2026
-- to date (from 2026-10-01), "last quarter" July-September 2026, "ytd" / "this year" 2026 to
-- date, "last year" 2025 (the whole year), "the same month last year" / "september last year"
-- September 2025, "last 3 months" the three whole months July-September 2026, "last 6 months"
-- the six whole months April-September 2026, "the last 12 months" for animal-care checks the
-- rolling year back from today (check_dt >= current_date - 12 months), "next 30 days" today
-- to today + 30 days inclusive, "rn" / "right now" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 'ZA-0614'` on every table of every query (row policy; ids are
--     unique across the platform);
--   * test rows: `is_test = false` on customers (box-office training profiles 'Box Office
--     Training' and 'Gate Test Account'), admissions (tickets rung on the training till and
--     scanned at test gates) and edu_bookings (bookings keyed by the education office in
--     training). The training profiles' memberships carry no flag of their own: they are
--     excluded only through customers (join customers and keep is_test = false);
--   * voids: `is_void = false` on pos_sales (receipts rung in error and re-rung);
--   * soft deletes: `deleted_at IS NULL` on parks (the closed Old Orchard Petting Farm, history
--     kept, no rows dated after 2025), customers (merged duplicate profiles whose tickets and
--     memberships were moved to the surviving profile), animals (animal records keyed twice by
--     the registrar; the duplicate carries no feedings or checks) and staff (a profile keyed
--     twice, with no shifts). These guards matter where that table is the population counted
--     or listed ("which parks ...", "how many animals ...", "which keepers ...").
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * admissions: one admissions row per ticket (order_id groups the tickets of one purchase).
--     channel 'WEB', 'APP', 'GATE' (bought at the gate on the day) or 'PARTNER' (resellers and
--     hotel desks); "online" = WEB and APP. ticket_type 'ADULT', 'CHILD', 'SENIOR' (paid),
--     'MEMBER' (a member's free entry, reserved or taken at the gate, price 0, customer_id is
--     the member) and 'COMP' (complimentary, price 0). status 'VALID' or 'REFUNDED'
--     (refunded_ts set). scanned_ts is set when the ticket was scanned at the gate; valid
--     tickets never scanned are no-shows. Tickets are dated by visit_dt; "tickets sold" are
--     paid tickets (ADULT, CHILD, SENIOR) with status VALID, dated by purchased_ts.
--   * attendance = "visits" = "visitors" = scanned tickets (scanned_ts IS NOT NULL, status
--     VALID), member and comp entries included, dated by visit_dt; a visitor is a scanned
--     ticket, not a distinct person. Member visits = scanned MEMBER tickets.
--   * admissions revenue = SUM(price) of VALID tickets dated by visit_dt, scanned or not (a
--     no-show paid); refunded tickets are not revenue. Refunds = SUM(price) of REFUNDED
--     tickets, dated by refunded_ts.
--   * memberships: one row per annual membership term; plan_cd 'INDIVIDUAL', 'DUAL', 'FAMILY'
--     or 'PATRON'; status 'PAID' or 'REFUNDED'. end_dt = start_dt + 1 year - 1 day; gift
--     memberships and early renewals start after they were bought (start_dt > purchase_dt).
--     A membership is active on a day when status = 'PAID' and start_dt <= day <= end_dt.
--     "Members" = distinct customers with an active membership (a customer can hold two, e.g.
--     FAMILY and a PATRON gift); "memberships" = rows. Membership sales / revenue =
--     SUM(price_paid) of PAID memberships dated by purchase_dt. "Expiring in the next 30 days"
--     = active memberships with end_dt from today to today + 30 days.
--   * animals: one row per animal (individuals, fish and invertebrates included), with
--     common_nm (the species) and taxon_class 'MAMMAL', 'BIRD', 'REPTILE', 'AMPHIBIAN', 'FISH',
--     'INVERTEBRATE'. arrival_type 'BIRTH', 'TRANSFER_IN' or 'RESCUE'; departure_dt and
--     departure_type ('TRANSFER_OUT', 'DECEASED', 'RELEASED') set when the animal left. "The
--     collection" / "animals we have" rn = animals with departure_dt IS NULL (and not deleted).
--     "Arrivals" in a period = animals whose arrival_dt falls in it, births included, whatever
--     happened to them since (a rescued turtle released again still arrived).
--   * feedings (recorded since the keepers' handheld rollout on 2026-03-01): one row per food
--     offered; qty_kg is the amount offered; refused = true when the animal would not take it.
--     "Food fed" / "kg fed" = SUM(qty_kg) of feedings with refused = false; refusal rate =
--     refused feedings / all feedings, as a percentage. keeper_id is NULL when a volunteer or
--     intern logged the feeding. Dated by fed_ts.
--   * vet_checks: check_type 'ROUTINE' (the annual checkup), 'EMERGENCY', 'DENTAL',
--     'QUARANTINE' (on arrival) or 'PRE_TRANSFER'; vet_id is NULL for visiting external vets;
--     cost_amt is the check's cost (drugs and lab included). Vet spend = SUM(cost_amt) by
--     check_dt, for every animal checked, departed ones included. An animal is overdue for its
--     checkup when it has no ROUTINE check in the rolling last 12 months.
--   * education: edu_programs are the programme catalogue per park (audience 'SCHOOL', 'CAMP'
--     or 'PUBLIC'; is_retired for programmes no longer offered). edu_bookings: one row per
--     booked session; status 'CONFIRMED' (upcoming), 'ATTENDED', 'NO_SHOW' or 'CANCELLED';
--     group_size is the number of students or participants. A "school visit" / "school group"
--     = an ATTENDED booking of a SCHOOL programme; "students" / "attendees" = SUM(group_size)
--     of ATTENDED bookings. No-show rate = NO_SHOW / (ATTENDED + NO_SHOW) bookings. Dated by
--     session_dt.
--   * retail: pos_sales is one row per receipt; outlet_type 'GIFT_SHOP', 'CAFE' or 'KIOSK'.
--     "Food & beverage" / "F&B" = CAFE and KIOSK. net_amt is after discounts and before tax;
--     sales = SUM(net_amt) of non-void receipts, dated by sold_ts (tax_amt is the state's).
--     "F&B per visitor" / "per cap" = F&B sales / attendance of the same park and period.
--   * events: one events row per event; event_type 'PRIVATE_HIRE', 'CORPORATE', 'NIGHT_EVENT'
--     or 'FESTIVAL'; status 'SCHEDULED', 'HELD' or 'CANCELLED' (cancelled_dt set; the deposit
--     is kept unless deposit_refunded). Event revenue = SUM(revenue_amt) of HELD events, dated
--     by event_dt.
--   * staff: role 'KEEPER', 'VET', 'EDUCATOR', 'RETAIL', 'FOOD_SERVICE', 'GUEST_SERVICES';
--     home_park_id is where they are based, terminated_dt set for leavers ("keepers" rn =
--     terminated_dt IS NULL). staff_shifts: status 'WORKED', 'NO_SHOW' or 'CALLED_OUT' (called
--     in sick in advance); park_id on the shift is where it was worked (staff cover other
--     parks). Hours worked = SUM(worked_hours) of WORKED shifts (sched_hours is the rota);
--     labour cost = SUM(worked_hours * hourly_rate) of WORKED shifts, by the shift's park;
--     staff no-shows = NO_SHOW shifts.
-- ============================================================================================

CREATE TABLE parks (
    operator_id    VARCHAR NOT NULL,
    park_id        INTEGER NOT NULL,      -- unique across the platform
    park_code      VARCHAR NOT NULL,      -- e.g. 'RVZ'
    park_nm        VARCHAR NOT NULL,
    park_type      VARCHAR NOT NULL,      -- 'ZOO', 'AQUARIUM', 'SAFARI'
    region         VARCHAR NOT NULL,
    daily_capacity INTEGER NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE customers (
    operator_id    VARCHAR NOT NULL,
    customer_id    INTEGER NOT NULL,
    full_nm        VARCHAR NOT NULL,
    email          VARCHAR,               -- NULL when not given
    zip_code       VARCHAR,
    home_park_id   INTEGER,               -- NULL when never chosen
    signup_dt      DATE NOT NULL,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE admissions (
    operator_id    VARCHAR NOT NULL,
    ticket_id      BIGINT NOT NULL,
    order_id       BIGINT NOT NULL,
    park_id        INTEGER NOT NULL,
    customer_id    INTEGER,               -- NULL for anonymous gate and partner sales
    channel        VARCHAR NOT NULL,      -- 'WEB', 'APP', 'GATE', 'PARTNER'
    ticket_type    VARCHAR NOT NULL,      -- 'ADULT', 'CHILD', 'SENIOR', 'MEMBER', 'COMP'
    price          DECIMAL(8,2) NOT NULL,
    purchased_ts   TIMESTAMP NOT NULL,
    visit_dt       DATE NOT NULL,
    status         VARCHAR NOT NULL,      -- 'VALID', 'REFUNDED'
    refunded_ts    TIMESTAMP,
    scanned_ts     TIMESTAMP,             -- NULL: not (yet) scanned at the gate
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE memberships (
    operator_id    VARCHAR NOT NULL,
    membership_id  INTEGER NOT NULL,
    customer_id    INTEGER NOT NULL,
    plan_cd        VARCHAR NOT NULL,      -- 'INDIVIDUAL', 'DUAL', 'FAMILY', 'PATRON'
    home_park_id   INTEGER NOT NULL,
    purchase_dt    DATE NOT NULL,
    start_dt       DATE NOT NULL,
    end_dt         DATE NOT NULL,
    price_paid     DECIMAL(8,2) NOT NULL,
    status         VARCHAR NOT NULL,      -- 'PAID', 'REFUNDED'
    is_renewal     BOOLEAN NOT NULL
);

CREATE TABLE animals (
    operator_id    VARCHAR NOT NULL,
    animal_id      INTEGER NOT NULL,
    park_id        INTEGER NOT NULL,
    house_nm       VARCHAR,               -- the keepers' name for it; NULL for most fish
    common_nm      VARCHAR NOT NULL,      -- species, e.g. 'Red Panda'
    taxon_class    VARCHAR NOT NULL,      -- 'MAMMAL', 'BIRD', 'REPTILE', 'AMPHIBIAN', 'FISH', 'INVERTEBRATE'
    iucn_status    VARCHAR NOT NULL,      -- 'LC', 'NT', 'VU', 'EN', 'CR', 'NE'
    sex            VARCHAR NOT NULL,      -- 'M', 'F', 'U'
    birth_dt       DATE,                  -- NULL when unknown
    arrival_dt     DATE NOT NULL,
    arrival_type   VARCHAR NOT NULL,      -- 'BIRTH', 'TRANSFER_IN', 'RESCUE'
    departure_dt   DATE,
    departure_type VARCHAR,               -- 'TRANSFER_OUT', 'DECEASED', 'RELEASED'
    deleted_at     TIMESTAMP              -- record keyed twice
);

CREATE TABLE feedings (
    operator_id    VARCHAR NOT NULL,
    feeding_id     BIGINT NOT NULL,
    animal_id      INTEGER NOT NULL,
    park_id        INTEGER NOT NULL,
    fed_ts         TIMESTAMP NOT NULL,
    food_item      VARCHAR NOT NULL,
    qty_kg         DECIMAL(7,3) NOT NULL, -- amount offered
    keeper_id      INTEGER,               -- staff_id; NULL when a volunteer logged it
    refused        BOOLEAN NOT NULL
);

CREATE TABLE vet_checks (
    operator_id    VARCHAR NOT NULL,
    check_id       INTEGER NOT NULL,
    animal_id      INTEGER NOT NULL,
    check_dt       DATE NOT NULL,
    check_type     VARCHAR NOT NULL,      -- 'ROUTINE', 'EMERGENCY', 'DENTAL', 'QUARANTINE', 'PRE_TRANSFER'
    vet_id         INTEGER,               -- staff_id; NULL for a visiting external vet
    outcome        VARCHAR NOT NULL,      -- 'CLEAR', 'TREATED', 'FOLLOW_UP'
    cost_amt       DECIMAL(9,2) NOT NULL
);

CREATE TABLE edu_programs (
    operator_id    VARCHAR NOT NULL,
    program_id     INTEGER NOT NULL,
    park_id        INTEGER NOT NULL,
    program_nm     VARCHAR NOT NULL,
    audience       VARCHAR NOT NULL,      -- 'SCHOOL', 'CAMP', 'PUBLIC'
    price_per_head DECIMAL(6,2) NOT NULL,
    max_group      SMALLINT NOT NULL,
    is_retired     BOOLEAN NOT NULL
);

CREATE TABLE edu_bookings (
    operator_id    VARCHAR NOT NULL,
    booking_id     INTEGER NOT NULL,
    program_id     INTEGER NOT NULL,
    customer_id    INTEGER,               -- set for PUBLIC and CAMP bookings by a customer
    org_nm         VARCHAR,               -- the school or group; NULL for individual bookings
    booked_ts      TIMESTAMP NOT NULL,
    session_dt     DATE NOT NULL,
    group_size     SMALLINT NOT NULL,
    amount         DECIMAL(8,2) NOT NULL,
    status         VARCHAR NOT NULL,      -- 'CONFIRMED', 'ATTENDED', 'NO_SHOW', 'CANCELLED'
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE pos_sales (
    operator_id    VARCHAR NOT NULL,
    txn_id         BIGINT NOT NULL,
    park_id        INTEGER NOT NULL,
    outlet_type    VARCHAR NOT NULL,      -- 'GIFT_SHOP', 'CAFE', 'KIOSK'
    sold_ts        TIMESTAMP NOT NULL,
    net_amt        DECIMAL(9,2) NOT NULL, -- after discounts, before tax
    discount_amt   DECIMAL(9,2) NOT NULL,
    tax_amt        DECIMAL(9,2) NOT NULL,
    customer_id    INTEGER,               -- set when a member card was scanned
    is_void        BOOLEAN NOT NULL
);

CREATE TABLE events (
    operator_id      VARCHAR NOT NULL,
    event_id         INTEGER NOT NULL,
    park_id          INTEGER NOT NULL,
    event_nm         VARCHAR NOT NULL,
    event_type       VARCHAR NOT NULL,    -- 'PRIVATE_HIRE', 'CORPORATE', 'NIGHT_EVENT', 'FESTIVAL'
    booked_dt        DATE NOT NULL,
    event_dt         DATE NOT NULL,
    guests           INTEGER NOT NULL,
    revenue_amt      DECIMAL(10,2) NOT NULL, -- contracted / ticketed revenue
    deposit_amt      DECIMAL(10,2) NOT NULL,
    status           VARCHAR NOT NULL,    -- 'SCHEDULED', 'HELD', 'CANCELLED'
    cancelled_dt     DATE,
    deposit_refunded BOOLEAN NOT NULL
);

CREATE TABLE staff (
    operator_id    VARCHAR NOT NULL,
    staff_id       INTEGER NOT NULL,
    home_park_id   INTEGER NOT NULL,
    full_nm        VARCHAR NOT NULL,
    role           VARCHAR NOT NULL,      -- 'KEEPER', 'VET', 'EDUCATOR', 'RETAIL', 'FOOD_SERVICE', 'GUEST_SERVICES'
    hourly_rate    DECIMAL(6,2) NOT NULL,
    hired_dt       DATE NOT NULL,
    terminated_dt  DATE,
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE staff_shifts (
    operator_id    VARCHAR NOT NULL,
    shift_id       BIGINT NOT NULL,
    staff_id       INTEGER NOT NULL,
    park_id        INTEGER NOT NULL,      -- where the shift was worked
    shift_dt       DATE NOT NULL,
    sched_hours    DECIMAL(4,2) NOT NULL,
    worked_hours   DECIMAL(4,2) NOT NULL, -- 0 on NO_SHOW and CALLED_OUT shifts
    status         VARCHAR NOT NULL       -- 'WORKED', 'NO_SHOW', 'CALLED_OUT'
);
