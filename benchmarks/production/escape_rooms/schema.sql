-- ============================================================================================
-- escape_rooms: the warehouse of an escape-room booking and operations platform (DuckDB DDL for
-- labelling)
--
-- Company: "Lockstep" runs online booking, check-in, game-master scheduling and room-upkeep
-- software for escape-room chains. Every chain is a tenant of one shared Databricks lakehouse:
-- its venues and rooms, customers, bookings (one row per booked room slot, with the party size),
-- the games played in those slots (escaped or not, time, hints), gift cards and their
-- redemptions, corporate team-building packages, staff (game masters, managers, techs) and their
-- shifts, and room resets / repairs / refreshes, all keyed by grp_id. Other chains (ER-0231,
-- ER-0777) share every table.
--
-- Warehouse: Databricks SQL (Spark SQL: date_trunc('MONTH', ...), add_months, date_sub,
-- datediff(end, start), count_if, try_divide, QUALIFY, hour(), dayofweek() with Sunday = 1;
-- `/` is always decimal division). The agent writes dialect `databricks`.
-- Agent: `roomie`, versions 2.3, 2.4 and 2.5, deployed for chain ER-0518 ("Puzzle Vault
-- Escapes": venues Downtown, Riverside and Eastfield Mall, and Harbor Point, opened 2026-06-01).
-- Log window: 2026-09-08 to 2026-09-25; the warehouse is loaded up to 2026-09-07 (bookings of
-- later slots are in the data as CONFIRMED: people book ahead; games, shifts and upkeep rows stop
-- at 2026-09-07). So "today" / "rn" is the record's date; "last month" is August 2026, "this
-- month" September 2026 to date, "this quarter" / "this qtr" Q3 2026 to date (July 1 to today),
-- "last quarter" / "last qtr" Q2 2026 (April-June), "ytd" / "this year" 2026 to date, "last
-- year" 2025, "last 6 months" the six whole months March-August 2026, "last 90 days" the 90 days
-- before today, "vs last year" the same period a year earlier.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'ER-0518'` on every table of every query (row-level security);
--   * test rows: `is_test = false` on customers, bookings and gift_cards (staff test bookings
--     and cards made when a room goes live). Games of test bookings are left out through their
--     booking (games carry no flag); redemptions of test cards through the card;
--   * soft deletes: `deleted_at IS NULL` on customers (merged duplicate profiles; their
--     bookings were moved to the surviving profile, so bookings need no customer join),
--     rooms (rooms keyed twice; they carry no bookings) and corp_packages (quotes withdrawn in
--     the CRM). Room lists and room counts leave deleted rooms out.
--
-- Business conventions at this chain (what a careful analyst would apply):
--   * a booking is one room slot; bookings are dated by slot_ts (the start of the game), not
--     booked_ts (when it was made). status: CONFIRMED (upcoming), COMPLETED (played), NO_SHOW
--     (party never came; prepaid, not refunded), CANCELLED (refunded). Booking counts leave
--     CANCELLED out unless the question is about cancellations; "played" = COMPLETED.
--   * revenue = SUM(bookings.total_amt) over COMPLETED and NO_SHOW bookings (total_amt is what
--     was charged, after discount_amt; bookings inside a corporate package carry total_amt 0:
--     the package is billed on its own). Gift-card sales are not revenue (a liability until
--     redeemed). Corporate / team-building revenue = SUM(pkg_amt) of DELIVERED packages, dated
--     by event_dt. "total revenue" is booking revenue only unless corporate is named.
--   * players = SUM(party_size) of COMPLETED bookings; avg party size likewise over COMPLETED.
--     Revenue per player = revenue / SUM(party_size) of the same revenue bookings.
--   * no-show rate = NO_SHOW / (COMPLETED + NO_SHOW), dated by slot_ts; cancellation rate =
--     CANCELLED / all bookings of slots in the period (CONFIRMED included).
--   * escape rate = games with escaped = true / games played, dated by started_ts; escape time
--     = escape_secs (NULL when the team failed), averaged over escaped games only. A room's
--     venue is rooms.venue_id; a game's game master is games.gm_staff_id.
--   * gift-card sales = SUM(face_amt) of cards other than VOID, dated by sold_ts; outstanding
--     balance = face_amt - redeemed amount of ACTIVE cards (EXPIRED balances are breakage).
--   * staff hours = SUM(hours) of WORKED shifts (NO_SHOW = staff missed the shift; CANCELLED
--     by the manager ahead). Game masters are staff.role = 'GM'; a shift's venue is
--     shifts.venue_id (GMs float between venues).
--   * upkeep: maint_type RESET (between games, minutes), REPAIR (a prop or lock broke), REFRESH
--     (planned re-theme). is_void rows were keyed in error. Downtime = hours from opened_ts to
--     closed_ts of closed rows; dated by opened_ts. room_id is NULL for venue-wide work (lobby,
--     HVAC). A "repair" is maint_type = 'REPAIR'.
--   * active rooms = rooms with is_active = true and deleted_at IS NULL (retired rooms keep
--     is_active = false and their history).
--   * new customer = customers.created_dt in the period; repeat customer = 2 or more COMPLETED
--     bookings in the period. Lead time = datediff(slot date, booked date) in days.
--   * weekend = Saturday or Sunday of the slot date. Channel: WEB, PHONE, WALKIN, PARTNER.
-- ============================================================================================

CREATE TABLE venues (
    grp_id          VARCHAR NOT NULL,
    venue_id        INTEGER PRIMARY KEY,
    venue_nm        VARCHAR NOT NULL,
    city            VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL,
    closed_dt       DATE
);

CREATE TABLE rooms (
    grp_id          VARCHAR NOT NULL,
    room_id         INTEGER PRIMARY KEY,
    venue_id        INTEGER NOT NULL,
    room_nm         VARCHAR NOT NULL,
    theme           VARCHAR NOT NULL,          -- HORROR, HEIST, SCIFI, MYSTERY, ADVENTURE
    difficulty      INTEGER NOT NULL,          -- 1 (easy) .. 5 (expert)
    min_players     INTEGER NOT NULL,
    max_players     INTEGER NOT NULL,
    price_pp        DECIMAL(8,2) NOT NULL,     -- list price per player
    launched_dt     DATE NOT NULL,
    is_active       BOOLEAN NOT NULL,
    retired_dt      DATE,
    deleted_at      TIMESTAMP
);

CREATE TABLE customers (
    grp_id          VARCHAR NOT NULL,
    cust_id         INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    email           VARCHAR,
    city            VARCHAR,
    created_dt      DATE NOT NULL,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE corp_packages (
    grp_id          VARCHAR NOT NULL,
    pkg_id          INTEGER PRIMARY KEY,
    company_nm      VARCHAR NOT NULL,
    sales_rep       VARCHAR NOT NULL,
    venue_id        INTEGER NOT NULL,
    signed_dt       DATE,                      -- NULL while QUOTED
    event_dt        DATE NOT NULL,
    headcount       INTEGER NOT NULL,
    pkg_amt         DECIMAL(10,2) NOT NULL,
    status          VARCHAR NOT NULL,          -- QUOTED, SIGNED, DELIVERED, CANCELLED
    deleted_at      TIMESTAMP
);

CREATE TABLE bookings (
    grp_id          VARCHAR NOT NULL,
    booking_id      INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    room_id         INTEGER NOT NULL,
    pkg_id          INTEGER,                   -- set when part of a corporate package
    booked_ts       TIMESTAMP NOT NULL,
    slot_ts         TIMESTAMP NOT NULL,        -- start of the room slot
    party_size      INTEGER NOT NULL,
    channel         VARCHAR NOT NULL,          -- WEB, PHONE, WALKIN, PARTNER
    status          VARCHAR NOT NULL,          -- CONFIRMED, COMPLETED, NO_SHOW, CANCELLED
    list_amt        DECIMAL(10,2) NOT NULL,    -- party_size * price_pp
    discount_amt    DECIMAL(10,2) NOT NULL,
    total_amt       DECIMAL(10,2) NOT NULL,    -- charged: list_amt - discount_amt (0 if cancelled or package)
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE staff (
    grp_id          VARCHAR NOT NULL,
    staff_id        INTEGER PRIMARY KEY,
    staff_nm        VARCHAR NOT NULL,
    role            VARCHAR NOT NULL,          -- GM, MANAGER, TECH
    home_venue_id   INTEGER NOT NULL,
    hired_dt        DATE NOT NULL,
    term_dt         DATE
);

CREATE TABLE games (
    grp_id          VARCHAR NOT NULL,
    game_id         INTEGER PRIMARY KEY,
    booking_id      INTEGER NOT NULL,          -- one game per COMPLETED booking
    room_id         INTEGER NOT NULL,
    gm_staff_id     INTEGER NOT NULL,
    started_ts      TIMESTAMP NOT NULL,
    escaped         BOOLEAN NOT NULL,
    escape_secs     INTEGER,                   -- NULL when the team did not escape
    hints_used      INTEGER NOT NULL
);

CREATE TABLE gift_cards (
    grp_id          VARCHAR NOT NULL,
    card_id         INTEGER PRIMARY KEY,
    buyer_cust_id   INTEGER,
    sold_ts         TIMESTAMP NOT NULL,
    face_amt        DECIMAL(8,2) NOT NULL,
    status          VARCHAR NOT NULL,          -- ACTIVE, REDEEMED, EXPIRED, VOID
    expires_dt      DATE NOT NULL,
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE gift_redemptions (
    grp_id          VARCHAR NOT NULL,
    redemption_id   INTEGER PRIMARY KEY,
    card_id         INTEGER NOT NULL,
    booking_id      INTEGER NOT NULL,
    redeemed_ts     TIMESTAMP NOT NULL,
    amt             DECIMAL(8,2) NOT NULL
);

CREATE TABLE shifts (
    grp_id          VARCHAR NOT NULL,
    shift_id        INTEGER PRIMARY KEY,
    staff_id        INTEGER NOT NULL,
    venue_id        INTEGER NOT NULL,          -- where the shift was worked
    shift_dt        DATE NOT NULL,
    hours           DECIMAL(4,1) NOT NULL,
    status          VARCHAR NOT NULL           -- WORKED, NO_SHOW, CANCELLED
);

CREATE TABLE room_upkeep (
    grp_id          VARCHAR NOT NULL,
    upkeep_id       INTEGER PRIMARY KEY,
    venue_id        INTEGER NOT NULL,
    room_id         INTEGER,                   -- NULL for venue-wide work
    maint_type      VARCHAR NOT NULL,          -- RESET, REPAIR, REFRESH
    opened_ts       TIMESTAMP NOT NULL,
    closed_ts       TIMESTAMP,                 -- NULL while open
    cost_amt        DECIMAL(8,2),
    tech_staff_id   INTEGER,
    is_void         BOOLEAN NOT NULL
);
