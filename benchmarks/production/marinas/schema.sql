-- ============================================================================================
-- marinas: the analytics warehouse of a marina-management platform (DuckDB DDL for labelling)
--
-- Company: "Slipway" runs slip rentals, transient bookings, the fuel dock, the boatyard, dry-stack
-- storage, waitlists and billing for marina operators. Every operator is a tenant of one shared
-- warehouse: its marinas, slips (wet slips, moorings and dry-stack racks), boat owners and their
-- boats, slip contracts (annual, seasonal, winter, monthly), transient (nightly) stays, fuel dock
-- sales, boatyard work orders (haul-outs, launches, bottom paint, engine work, winterizing,
-- shrink wrap, repairs), the slip waitlist, marina closures (hurricanes, storms, maintenance,
-- dredging) and invoices (incl. contract deposits), all keyed by operator_id.
--
-- Warehouse: Amazon Redshift (DATEADD, DATEDIFF, DATE_TRUNC, GETDATE(), NVL, LISTAGG, TOP n or
-- LIMIT n, no QUALIFY; `int / int` is integer division and AVG over an integer column returns an
-- integer). The agent writes dialect `redshift`.
-- Agent: `dockhand-ai`, versions 2.1, 2.2 and 2.3, deployed for operator 'MRN-0827'
-- ("Bluewater Harbor Co.": Port Haven CT, Cedar Cove RI, Gull Point NC and Sandbar Key FL, the
-- last opened 2026-06-15).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded nightly, so today's rows up to
-- the record's timestamp are there. Relative dates are read against the record's timestamp:
-- "last month" is October 2026, "this month" November 2026 to date, "last quarter" / "Q3"
-- July-September 2026, "ytd" / "this year" 2026 to date, "last 12 months" the twelve whole months
-- November 2025 - October 2026, "next month" December 2026.
-- Boating season: "this season" / "the 2026 season" is 2026-05-01 to 2026-10-31 (it has ended);
-- "last season" is 2025-05-01 to 2025-10-31. "This winter" is 2026-11-01 to 2027-04-30.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 'MRN-0827'` on every table of every query (row-level security);
--   * test data: `is_test = false` on owners, transient_stays and fuel_sales (staff test owners,
--     test bookings, test pump transactions). A test owner's boats are test boats: counts of
--     boats or owners go through owners;
--   * soft deletes: `deleted_at IS NULL` on slips, owners and boats (removed in the app, kept
--     in the warehouse).
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * revenue = SUM(invoices.amount) over invoices with status_cd 'OPEN' or 'PAID' (VOID and
--     WRITTEN_OFF are not revenue), dated by inv_dt, and never inv_type_cd 'DEPOSIT' (a deposit
--     is held against a future contract, a liability, not revenue). Revenue by type is by
--     inv_type_cd (SLIP, TRANSIENT, FUEL, YARD, STORAGE).
--   * outstanding / owed / AR = SUM(amount) of invoices with status_cd 'OPEN'; "over 60 days"
--     = due_dt more than 60 days before today.
--   * slip contract active (today) = status_cd 'ACTIVE' and start_dt <= today <= end_dt (the
--     status is refreshed monthly, so a contract past its end_dt may still read 'ACTIVE').
--     Contract deposits (deposit_amt) are held until the contract starts; a CANCELLED contract's
--     deposit has been refunded.
--   * occupancy (per marina, today) = distinct slips with an active contract / rentable slips
--     (slips not deleted and status_cd 'IN_SERVICE'; transient and dry-stack slips included).
--   * liveaboard = a boat with is_liveaboard under an active contract today.
--   * dry-stack storage = slips with slip_type_cd 'DRY_STACK'; a boat is "in dry stack" when it
--     has an active contract on one.
--   * length bands (slips.max_loa_ft or boats.loa_ft): under 30 ft, 30-39, 40-49, 50 ft and over.
--   * transient stays: a booking is any stay row (test rows aside); cancelled bookings are out of
--     every figure but booking counts. Stays are dated by arrival_dt (booked_dt is when the
--     booking was made). Nights sold = SUM(nights) of CHECKED_IN and CHECKED_OUT
--     stays. No-show rate = NO_SHOW / stays not CANCELLED. Transient revenue = SUM(total_amt)
--     of stays not CANCELLED (a no-show is charged its first night, in total_amt). Booking
--     counts and channel shares ("bookings ytd", "share of bookings via Dockwa") count every
--     booking, cancelled ones too, dated by booked_dt. A repeat
--     transient boat = a boat with two or more CHECKED_IN / CHECKED_OUT stays in the period.
--     slip_id is NULL until the dockmaster assigns a slip (no-shows and cancellations often
--     never get one).
--   * fuel: gallons and fuel revenue = SUM(gallons) / SUM(total_amt) of fuel_sales not void
--     (is_void) and not test, dated by sale_ts; price per gallon = SUM(total_amt) / SUM(gallons)
--     (volume-weighted). boat_id is NULL for walk-up sales (boats not in our books).
--   * boatyard: a job is a yard_work_orders row; done = status_cd 'DONE' dated by completed_dt;
--     open = 'OPEN' or 'IN_PROGRESS' (age from opened_dt). A haul-out is wo_type_cd 'HAUL_OUT'.
--     Yard billing = labor_amt + parts_amt (parts_amt is NULL on labour-only jobs) of DONE jobs.
--   * waitlist: on the list = status_cd 'WAITING' or 'OFFERED' (an offer not yet taken stays on
--     the list); days waited = placed_dt - added_dt of PLACED entries, dated by placed_dt.
--   * closures: closure days = days from start_ts to end_ts (an open-ended closure, end_ts NULL,
--     runs to today); storm closures = reason_cd 'HURRICANE' or 'STORM'; dated by start_ts.
--   * contract price per foot = SUM(rate_amt) / SUM(boats.loa_ft) over the contracts (boats are
--     billed on their length overall), not an average of per-contract ratios.
-- ============================================================================================

CREATE TABLE marinas (
    operator_id     VARCHAR NOT NULL,
    marina_id       INTEGER PRIMARY KEY,
    marina_nm       VARCHAR NOT NULL,
    region_cd       VARCHAR NOT NULL,          -- NE, SE
    state_cd        VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL
);

CREATE TABLE slips (
    operator_id     VARCHAR NOT NULL,
    slip_id         INTEGER PRIMARY KEY,
    marina_id       INTEGER NOT NULL,
    dock_cd         VARCHAR NOT NULL,          -- A, B, C ... ; RACK for dry stack
    slip_type_cd    VARCHAR NOT NULL,          -- FLOATING, FIXED, MOORING, DRY_STACK
    max_loa_ft      DECIMAL(5,1) NOT NULL,     -- longest boat the slip takes
    has_power       BOOLEAN NOT NULL,
    is_transient    BOOLEAN NOT NULL,          -- kept for nightly transient stays
    status_cd       VARCHAR NOT NULL,          -- IN_SERVICE, OUT_OF_SERVICE
    deleted_at      TIMESTAMP                  -- soft delete
);

CREATE TABLE owners (
    operator_id     VARCHAR NOT NULL,
    owner_id        INTEGER PRIMARY KEY,
    owner_nm        VARCHAR NOT NULL,
    home_state      VARCHAR,
    created_at      TIMESTAMP NOT NULL,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE boats (
    operator_id     VARCHAR NOT NULL,
    boat_id         INTEGER PRIMARY KEY,
    owner_id        INTEGER NOT NULL,
    boat_nm         VARCHAR NOT NULL,
    boat_type_cd    VARCHAR NOT NULL,          -- POWER, SAIL, PONTOON, PWC
    loa_ft          DECIMAL(5,1) NOT NULL,     -- length overall
    fuel_type_cd    VARCHAR,                   -- GAS, DIESEL; NULL for sail-only
    is_liveaboard   BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE slip_contracts (
    operator_id       VARCHAR NOT NULL,
    contract_id       INTEGER PRIMARY KEY,
    slip_id           INTEGER NOT NULL,
    boat_id           INTEGER NOT NULL,
    contract_type_cd  VARCHAR NOT NULL,        -- ANNUAL, SEASONAL, WINTER, MONTHLY
    signed_dt         DATE NOT NULL,
    start_dt          DATE NOT NULL,
    end_dt            DATE NOT NULL,
    rate_amt          DECIMAL(10,2) NOT NULL,  -- contract price for the whole term
    deposit_amt       DECIMAL(10,2) NOT NULL,
    status_cd         VARCHAR NOT NULL         -- PENDING, ACTIVE, ENDED, CANCELLED
);

CREATE TABLE transient_stays (
    operator_id     VARCHAR NOT NULL,
    stay_id         INTEGER PRIMARY KEY,
    marina_id       INTEGER NOT NULL,
    slip_id         INTEGER,                   -- NULL until a slip is assigned
    boat_id         INTEGER NOT NULL,
    booked_dt       DATE NOT NULL,
    arrival_dt      DATE NOT NULL,
    departure_dt    DATE NOT NULL,
    nights          INTEGER NOT NULL,
    channel_cd      VARCHAR NOT NULL,          -- DOCKWA, WEB, PHONE, WALKUP
    status_cd       VARCHAR NOT NULL,          -- BOOKED, CHECKED_IN, CHECKED_OUT, CANCELLED, NO_SHOW
    total_amt       DECIMAL(10,2) NOT NULL,
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE fuel_sales (
    operator_id     VARCHAR NOT NULL,
    sale_id         INTEGER PRIMARY KEY,
    marina_id       INTEGER NOT NULL,
    boat_id         INTEGER,                   -- NULL: walk-up sale
    sale_ts         TIMESTAMP NOT NULL,
    fuel_type_cd    VARCHAR NOT NULL,          -- GAS, DIESEL
    gallons         DECIMAL(8,2) NOT NULL,
    price_per_gal   DECIMAL(6,3) NOT NULL,
    total_amt       DECIMAL(10,2) NOT NULL,
    is_void         BOOLEAN NOT NULL,
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE yard_work_orders (
    operator_id     VARCHAR NOT NULL,
    wo_id           INTEGER PRIMARY KEY,
    marina_id       INTEGER NOT NULL,
    boat_id         INTEGER NOT NULL,
    wo_type_cd      VARCHAR NOT NULL,          -- HAUL_OUT, LAUNCH, BOTTOM_PAINT, ENGINE, WINTERIZE, SHRINK_WRAP, REPAIR
    opened_dt       DATE NOT NULL,
    completed_dt    DATE,
    status_cd       VARCHAR NOT NULL,          -- OPEN, IN_PROGRESS, DONE, CANCELLED
    labor_amt       DECIMAL(10,2) NOT NULL,
    parts_amt       DECIMAL(10,2)              -- NULL on labour-only jobs
);

CREATE TABLE waitlist (
    operator_id     VARCHAR NOT NULL,
    wl_id           INTEGER PRIMARY KEY,
    marina_id       INTEGER NOT NULL,
    owner_id        INTEGER NOT NULL,
    slip_type_cd    VARCHAR NOT NULL,
    min_loa_ft      DECIMAL(5,1) NOT NULL,
    added_dt        DATE NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- WAITING, OFFERED, PLACED, WITHDRAWN
    placed_dt       DATE
);

CREATE TABLE closures (
    operator_id     VARCHAR NOT NULL,
    closure_id      INTEGER PRIMARY KEY,
    marina_id       INTEGER NOT NULL,
    reason_cd       VARCHAR NOT NULL,          -- HURRICANE, STORM, MAINTENANCE, DREDGING
    start_ts        TIMESTAMP NOT NULL,
    end_ts          TIMESTAMP                  -- NULL: still closed
);

CREATE TABLE invoices (
    operator_id     VARCHAR NOT NULL,
    inv_id          INTEGER PRIMARY KEY,
    owner_id        INTEGER NOT NULL,
    marina_id       INTEGER NOT NULL,
    inv_type_cd     VARCHAR NOT NULL,          -- SLIP, TRANSIENT, FUEL, YARD, STORAGE, DEPOSIT
    inv_dt          DATE NOT NULL,
    due_dt          DATE NOT NULL,
    amount          DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- OPEN, PAID, VOID, WRITTEN_OFF
    paid_dt         DATE
);
