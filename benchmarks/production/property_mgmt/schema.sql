-- ============================================================================================
-- property_mgmt: the warehouse of a residential property-management company (DuckDB DDL for
-- labelling; the production copy is SQLite)
--
-- Company: "Keystone Residential Services" manages apartment buildings, townhomes and single-
-- family rentals for several landlord clients. One shared SQLite warehouse (nightly extract of
-- the property-management system) keeps every client's properties, units, residents, leases,
-- rent charges, payments, maintenance work orders, vendors and move-ins/move-outs, keyed by
-- client_id. "Tenant" in this business means a resident; the landlord customer is the client.
--
-- Warehouse: SQLite 3.40. The agent writes dialect `sqlite`: dates and timestamps are TEXT
-- ('YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS'), compared as text and computed with date(), strftime()
-- and julianday(); int / int truncates; flags are INTEGER 0/1.
-- Agent: `lease-analyst`, versions 2.6, 2.7 and 3.0 served side by side (traffic split),
-- deployed for client 12 ("Harbor Lane Holdings"). Log window: 2026-10-06 to 2026-11-05 (so for
-- a question asked in October "last month" is September 2026, "this quarter" Q4 2026 to date, "last quarter" Q3 2026,
-- "in March" March 2026, "this year" / "ytd" 2026 to date). Snapshot columns (units.unit_status,
-- leases.lease_status) are as of the nightly load.
--
-- Labelling: check.py cannot run SQLite's date('now', modifier...), strftime(fmt, 'now', ...) and
-- julianday() in DuckDB; every answer was also run in SQLite 3.40 on this DDL + seed.sql with
-- 'now' pinned to the record's timestamp (records that need it say so in exec_note).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `client_id = 12` on every table of every query (every table carries client_id);
--   * archived/test rows: `is_archived = 0` on every table that carries the flag (all but
--     clients). 1 marks the onboarding demo property and everything under it, test residents
--     created by the leasing team, and duplicate work orders archived by the help desk.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * rent roll / "billed": charges with is_void = 0; rent = charge_cd 'RENT'; late fees 'LATE'.
--     Charges are dated by charge_dt (the 1st of the month for rent).
--   * collected / "rent collected" / "payments received": payments with pay_status = 'cleared'
--     ('returned' = NSF / bounced, 'pending' = not yet settled), dated by paid_dt. Payments are not
--     split by charge code: "rent collected" is every cleared payment.
--   * outstanding balance of a lease = non-void charges - cleared payments, all time.
--   * occupancy rate = units whose unit_status is 'occupied' or 'notice' (occupied, notice
--     given) / rentable units (every unit except unit_status 'down', offline for renovation).
--   * vacant = unit_status 'vacant'.
--   * an active lease has lease_status = 'active' (notice-given leases stay 'active' and carry
--     notice_dt); 'pending' leases are signed but not started. A lease is "signed" on signed_dt.
--   * a renewal is a lease whose renewal_of_lease_id points at the lease it renews; renewal
--     rate of a period = leases ending (lease_end_dt) in it that have a renewal / leases ending.
--   * open work orders: wo_status 'open', 'assigned' or 'in_progress'; completed ones carry
--     completed_ts; days to complete = julianday(completed_ts) - julianday(opened_ts) (fractional),
--     and, like maintenance spend (cost_amt of completed work orders), it is dated by completed_ts;
--     counts of work orders opened / submitted are dated by opened_ts.
--     Work orders with unit_id / resident_id NULL are common-area or staff-raised.
--   * move-ins and move-outs are move_events rows (event_type 'move_in' / 'move_out'), dated by
--     event_dt; a renewal has no move event.
--   * rent per square foot = SUM(monthly_rent) / SUM(sqft) over the group (not an average of
--     per-unit ratios).
--   * "past N days" = event date >= today - N days (today included); "last week" is the
--     previous Monday-to-Sunday week.
-- ============================================================================================

CREATE TABLE clients (
    client_id     INTEGER PRIMARY KEY,
    client_nm     VARCHAR NOT NULL,
    region_cd     VARCHAR NOT NULL,
    onboarded_dt  DATE NOT NULL
);

CREATE TABLE properties (
    property_id   INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    prop_cd       VARCHAR NOT NULL,        -- short code, e.g. 'HL-ELM'
    prop_nm       VARCHAR NOT NULL,
    prop_type     VARCHAR NOT NULL,        -- 'MF' multifamily, 'TH' townhomes, 'SFR' single-family
    city          VARCHAR NOT NULL,
    state_cd      CHAR(2) NOT NULL,
    acquired_dt   DATE NOT NULL,
    is_archived   INTEGER NOT NULL         -- 1 = archived / demo / test
);

CREATE TABLE units (
    unit_id       INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    property_id   INTEGER NOT NULL,
    unit_no       VARCHAR NOT NULL,
    bedrooms      INTEGER NOT NULL,
    bathrooms     DECIMAL(3, 1) NOT NULL,
    sqft          INTEGER NOT NULL,
    market_rent   DECIMAL(10, 2) NOT NULL, -- asking rent today, not what a lease pays
    unit_status   VARCHAR NOT NULL,        -- 'occupied', 'notice', 'vacant', 'down'
    is_archived   INTEGER NOT NULL
);

CREATE TABLE residents (
    resident_id   INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    first_nm      VARCHAR NOT NULL,
    last_nm       VARCHAR NOT NULL,
    email         VARCHAR,
    phone         VARCHAR,
    created_dt    DATE NOT NULL,
    is_archived   INTEGER NOT NULL
);

CREATE TABLE leases (
    lease_id              INTEGER PRIMARY KEY,
    client_id             INTEGER NOT NULL,
    unit_id               INTEGER NOT NULL,
    resident_id           INTEGER NOT NULL,  -- primary leaseholder
    signed_dt             DATE NOT NULL,
    lease_start_dt        DATE NOT NULL,
    lease_end_dt          DATE NOT NULL,
    term_months           INTEGER NOT NULL,
    monthly_rent          DECIMAL(10, 2) NOT NULL,
    deposit_amt           DECIMAL(10, 2) NOT NULL,
    lease_status          VARCHAR NOT NULL,  -- 'pending', 'active', 'expired', 'terminated'
    notice_dt             DATE,              -- notice to vacate given; NULL = none
    renewal_of_lease_id   INTEGER,           -- the lease this one renews; NULL = new resident
    is_archived           INTEGER NOT NULL
);

CREATE TABLE charges (
    charge_id     INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    lease_id      INTEGER NOT NULL,
    charge_cd     VARCHAR NOT NULL,        -- 'RENT', 'LATE', 'PET', 'PARK', 'UTIL', 'DMG'
    charge_dt     DATE NOT NULL,
    due_dt        DATE NOT NULL,
    amount        DECIMAL(10, 2) NOT NULL,
    is_void       INTEGER NOT NULL,        -- 1 = reversed by the property manager
    is_archived   INTEGER NOT NULL
);

CREATE TABLE payments (
    payment_id    INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    lease_id      INTEGER NOT NULL,
    resident_id   INTEGER,                 -- payer; NULL = third party (housing authority, employer)
    paid_dt       DATE NOT NULL,
    amount        DECIMAL(10, 2) NOT NULL,
    pay_method    VARCHAR NOT NULL,        -- 'ACH', 'CARD', 'CHECK', 'MONEY_ORDER', 'HAP'
    pay_status    VARCHAR NOT NULL,        -- 'cleared', 'returned', 'pending'
    is_archived   INTEGER NOT NULL
);

CREATE TABLE vendors (
    vendor_id     INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    vendor_nm     VARCHAR NOT NULL,
    trade         VARCHAR NOT NULL,        -- 'plumbing', 'hvac', 'electrical', 'appliance', 'pest', 'general'
    w9_on_file    INTEGER NOT NULL,
    is_preferred  INTEGER NOT NULL,
    is_archived   INTEGER NOT NULL
);

CREATE TABLE work_orders (
    wo_id         INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    property_id   INTEGER NOT NULL,
    unit_id       INTEGER,                 -- NULL = common area
    resident_id   INTEGER,                 -- requester; NULL = raised by staff / inspection
    vendor_id     INTEGER,                 -- NULL = in-house maintenance tech
    category      VARCHAR NOT NULL,        -- 'plumbing', 'hvac', 'electrical', 'appliance', 'pest', 'general', 'turnover'
    priority      VARCHAR NOT NULL,        -- 'emergency', 'high', 'normal', 'low'
    wo_status     VARCHAR NOT NULL,        -- 'open', 'assigned', 'in_progress', 'completed', 'cancelled'
    opened_ts     TIMESTAMP NOT NULL,
    completed_ts  TIMESTAMP,
    cost_amt      DECIMAL(10, 2),          -- NULL until invoiced
    is_archived   INTEGER NOT NULL
);

CREATE TABLE move_events (
    event_id      INTEGER PRIMARY KEY,
    client_id     INTEGER NOT NULL,
    lease_id      INTEGER NOT NULL,
    unit_id       INTEGER NOT NULL,
    event_type    VARCHAR NOT NULL,        -- 'move_in', 'move_out'
    event_dt      DATE NOT NULL,
    reason_cd     VARCHAR,                 -- move-outs: 'relocation', 'purchase', 'eviction', 'skip', 'other'; NULL for move-ins
    is_archived   INTEGER NOT NULL
);
