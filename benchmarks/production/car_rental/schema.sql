-- ============================================================================================
-- car_rental: a car-rental franchise platform's fleet and reservations warehouse, DuckDB DDL
-- for labelling
--
-- Company: "RoadLedger" runs the counter, fleet and reservations system of a car-rental brand's
-- franchise network. Every franchise group's branches (airport counters, downtown and hotel
-- desks), vehicles and their out-of-service periods, customers (loyalty members and corporate
-- travellers), corporate accounts with negotiated rates, reservations, rental agreements with
-- their add-ons, and damage claims sit in one shared warehouse keyed by fgrp_id. Franchise
-- groups get a text-to-SQL assistant in the platform's "Ask Fleet" panel.
--
-- Warehouse: Databricks SQL (sqlglot dialect `databricks`): date_trunc('MONTH', ts),
-- add_months, datediff(end, start), timestampdiff, count_if, median / percentile, QUALIFY,
-- try_divide; `/` always divides as a double. All timestamps are UTC.
-- Agent: `fleetgpt`, versions 2.3, 2.4 and 2.5, deployed for franchise group 'CR-2290'
-- ("Sunbelt Auto Rentals", Florida: three airport counters, downtown and hotel desks); the
-- panel shows at most 1000 rows.
-- Log window: 2026-11-09 to 2026-11-27 (2.3 answered Nov 9-14, 2.4 Nov 15-20, 2.5 Nov 21-27).
-- The warehouse is the nightly snapshot of 2026-11-08 (a platform migration froze the feed
-- after that load): it holds every fact up to 2026-11-08 and nothing later, except reservations
-- booked ahead (res_status 'CONF', future pu_ts) and rental agreements still out (ra_status
-- 'OPEN', in_ts NULL). So "last month" is October 2026, "this month" November 2026 to date,
-- "this quarter" Q4 2026 to date, "last quarter" / "Q3" July-September 2026, "ytd" / "this
-- year" 2026 to date, "last year" 2025, "in March" March 2026.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `fgrp_id = 'CR-2290'` on every table (every table carries it);
--   * test data: counter-training customers and everything booked or rented for them carry
--     `is_test = true`; `is_test = false` on every table that carries it (customers,
--     reservations, rental_agreements);
--   * soft deletes: `deleted_at IS NULL` on customers (merged duplicate profiles: their
--     bookings were moved to the surviving profile, they carry no activity), vehicles (units
--     keyed in error: never rented) and damage_claims (claims entered in error).
--
-- Business conventions (what Sunbelt's managers mean):
--   * rental = a rental agreement (RA), ra_status 'OPEN' (on rent), 'CLOSED' (returned and
--     billed) or 'VOID' (cancelled and re-issued under a new ra_no for a billing correction: a
--     VOID agreement never counts, in volumes or money, though its rows stay). Rentals are
--     dated by out_ts (check-out); a rental's branch is its pickup (check-out) branch out_br_id
--     unless the question says return; a rental's car class is the class of the car actually
--     driven (vehicles.veh_class), not the class reserved (reservations.res_class).
--   * rental length / rental days = days_billed.
--   * revenue = SUM(total_amt) (before tax; tax_amt is collected for the state) of CLOSED
--     agreements, dated by in_ts (the return, when the agreement is billed). Charges of a kind
--     (fuel_amt, late_fee_amt, one_way_amt, add-ons' ext_amt) are revenue the same way: CLOSED
--     agreements dated by in_ts. total_amt = tm_amt + mileage_amt + fuel_amt + late_fee_amt +
--     one_way_amt + addon_amt - disc_amt.
--   * RPD (revenue per day, the industry's daily-rate measure) = SUM(tm_amt) / SUM(days_billed)
--     of CLOSED agreements dated by in_ts, as totals (not an average of daily_rt).
--   * late return = a CLOSED agreement with in_ts more than 29 minutes after due_ts (the
--     group's grace period); late fees are sometimes waived, so late_fee_amt does not decide
--     it. Overdue = ra_status 'OPEN' with due_ts before now.
--   * one-way rental = a CLOSED agreement returned to another branch than its pickup
--     (in_br_id <> out_br_id); the reservation's planned return branch does not decide it.
--   * walk-up = a rental with no reservation (res_id IS NULL).
--   * kilometres driven = odo_in - odo_out of CLOSED agreements.
--   * add-ons: addon_cd 'LDW' (loss damage waiver), 'SLI' (supplemental liability), 'PAI'
--     (personal accident), 'GPS', 'CSEAT' (child seat), 'PPF' (prepaid fuel), 'ADRV'
--     (additional driver); an agreement may carry several add-on rows. Attach rate of an add-on
--     = share of rentals (non-void, dated by out_ts) with at least one row of it.
--   * reservations are dated by pu_ts (the planned pickup) unless the question is about
--     booking ("booked", "lead time": booked_ts). res_status 'CONF' (upcoming), 'RA' (picked
--     up: converted to a rental agreement), 'NS' (no-show), 'CXL' (cancelled, cxl_ts).
--     No-show rate = NS / (RA + NS) over reservations due for pickup in the period; cancellation
--     rate = CXL / all reservations due for pickup in the period (any status).
--   * fleet = vehicles with defleet_dt IS NULL (not yet sold or returned to the manufacturer),
--     not deleted; a vehicle's branch is its home branch home_br_id. A vehicle is out of service
--     (OOS) on a day when a veh_oos period has oos_start_dt <= that day and (oos_end_dt IS NULL
--     or oos_end_dt > that day); oos_end_dt is the planned return to service.
--   * days in fleet of a vehicle = defleet_dt - infleet_dt (in days).
--   * corporate rental = an agreement billed to a corporate account (rental_agreements.
--     corp_acct_id); corporate travellers (customers.corp_acct_id set) also rent privately,
--     unbilled to their employer. Corporate accounts are listed whatever their acct_status.
--   * loyalty member = customers.loyalty_no IS NOT NULL; a member joined the programme on
--     loy_join_dt (created_dt is when the customer profile was created, often years earlier).
--     loy_tier 'BLU', 'SLV', 'GLD', 'PLT'; "gold+" / "gold and above" = 'GLD' and 'PLT'.
--   * branches: br_type 'APT' airport counter, 'DTN' downtown, 'HTL' hotel desk; branches
--     listed or counted are open ones (is_active = true) unless the question says otherwise.
--   * damage claims are dated by reported_dt; est_amt = estimated repair cost, recovered_amt =
--     recovered from the renter or their insurer so far; claim_status 'OPEN', 'BILLED',
--     'PAID', 'WAIVED' (covered by the LDW), 'DENIED'.
--   * upgrade = a rental from a reservation whose car's class differs from the reserved class
--     (the counter system blocks downgrades).
--   * fleet utilisation (time) of a period = days on rent / vehicle-days in fleet; no question
--     of this log asks it.
-- ============================================================================================

CREATE TABLE branches (
    fgrp_id     VARCHAR NOT NULL,
    br_id       INTEGER PRIMARY KEY,       -- unique across the platform
    br_cd       VARCHAR NOT NULL,          -- e.g. 'MCO-T1'
    br_nm       VARCHAR NOT NULL,
    br_type     VARCHAR NOT NULL,          -- APT airport counter, DTN downtown, HTL hotel desk
    city_nm     VARCHAR NOT NULL,
    opened_dt   DATE NOT NULL,
    closed_dt   DATE,
    is_active   BOOLEAN NOT NULL
);

CREATE TABLE vehicles (
    fgrp_id        VARCHAR NOT NULL,
    veh_id         INTEGER PRIMARY KEY,
    vin            VARCHAR NOT NULL,
    plate_no       VARCHAR NOT NULL,
    acriss_cd      VARCHAR NOT NULL,       -- ACRISS / SIPP code, e.g. 'ECAR', 'IFAR', 'PVAR'
    veh_class      VARCHAR NOT NULL,       -- ECON, COMP, MID, FULL, SUV, PREM, VAN
    make_nm        VARCHAR NOT NULL,
    model_nm       VARCHAR NOT NULL,
    model_yr       SMALLINT NOT NULL,
    home_br_id     INTEGER NOT NULL,
    infleet_dt     DATE NOT NULL,
    defleet_dt     DATE,                   -- NULL = still in the fleet
    odo_infleet_km INTEGER NOT NULL,       -- odometer when it joined the fleet
    odo_km         INTEGER NOT NULL,       -- latest odometer reading
    deleted_at     TIMESTAMP
);

CREATE TABLE veh_oos (
    fgrp_id      VARCHAR NOT NULL,
    oos_id       INTEGER PRIMARY KEY,
    veh_id       INTEGER NOT NULL,
    reason_cd    VARCHAR NOT NULL,         -- MAINT, DMG (body shop), RECALL, DETAIL
    oos_start_dt DATE NOT NULL,
    oos_end_dt   DATE                      -- planned / actual return to service; NULL = open-ended
);

CREATE TABLE corp_accounts (
    fgrp_id           VARCHAR NOT NULL,
    corp_acct_id      INTEGER PRIMARY KEY,
    acct_cd           VARCHAR NOT NULL,    -- corporate discount number, e.g. 'CDP-40211'
    acct_nm           VARCHAR NOT NULL,
    neg_disc_pct      DECIMAL(5,2) NOT NULL, -- negotiated discount off the retail daily rate
    contract_start_dt DATE NOT NULL,
    contract_end_dt   DATE,
    acct_status       VARCHAR NOT NULL     -- A active, S suspended, C closed
);

CREATE TABLE customers (
    fgrp_id      VARCHAR NOT NULL,
    cust_id      INTEGER PRIMARY KEY,
    cust_nm      VARCHAR NOT NULL,
    cust_type    VARCHAR NOT NULL,         -- RTL retail, CORP corporate traveller
    corp_acct_id INTEGER,                  -- the traveller's employer account (CORP)
    created_dt   DATE NOT NULL,            -- profile created
    loyalty_no   VARCHAR,                  -- NULL = not a loyalty member
    loy_tier     VARCHAR,                  -- BLU, SLV, GLD, PLT
    loy_join_dt  DATE,                     -- joined the loyalty programme
    country_cd   VARCHAR,
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP
);

CREATE TABLE reservations (
    fgrp_id      VARCHAR NOT NULL,
    res_id       INTEGER PRIMARY KEY,
    conf_no      VARCHAR NOT NULL,
    cust_id      INTEGER NOT NULL,
    channel_cd   VARCHAR NOT NULL,         -- WEB, APP, GDS (travel agents), CALL (call centre)
    booked_ts    TIMESTAMP NOT NULL,
    pu_br_id     INTEGER NOT NULL,         -- planned pickup branch
    rt_br_id     INTEGER NOT NULL,         -- planned return branch
    pu_ts        TIMESTAMP NOT NULL,       -- planned pickup
    rt_ts        TIMESTAMP NOT NULL,       -- planned return
    res_class    VARCHAR NOT NULL,         -- class reserved
    rate_plan_cd VARCHAR NOT NULL,         -- RETAIL, PREPAY, CORP, LOYAL, WKND
    quoted_amt   DECIMAL(10,2) NOT NULL,
    res_status   VARCHAR NOT NULL,         -- CONF, RA, NS, CXL
    cxl_ts       TIMESTAMP,
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE rental_agreements (
    fgrp_id      VARCHAR NOT NULL,
    ra_id        INTEGER PRIMARY KEY,
    ra_no        VARCHAR NOT NULL,
    res_id       INTEGER,                  -- NULL = walk-up
    cust_id      INTEGER NOT NULL,
    corp_acct_id INTEGER,                  -- billed to this corporate account; NULL = not billed
    veh_id       INTEGER NOT NULL,
    out_br_id    INTEGER NOT NULL,         -- pickup (check-out) branch
    in_br_id     INTEGER,                  -- actual return branch; NULL while on rent
    out_ts       TIMESTAMP NOT NULL,
    due_ts       TIMESTAMP NOT NULL,
    in_ts        TIMESTAMP,                -- actual return; NULL while on rent
    odo_out      INTEGER NOT NULL,
    odo_in       INTEGER,
    fuel_out_8   SMALLINT NOT NULL,        -- fuel gauge in eighths
    fuel_in_8    SMALLINT,
    rate_plan_cd VARCHAR NOT NULL,
    daily_rt     DECIMAL(8,2) NOT NULL,
    days_billed  INTEGER NOT NULL,         -- contracted days while open
    tm_amt       DECIMAL(10,2) NOT NULL,   -- time and mileage: daily_rt * days_billed
    mileage_amt  DECIMAL(10,2) NOT NULL,   -- excess-km charge
    fuel_amt     DECIMAL(10,2) NOT NULL,   -- refuelling charge
    late_fee_amt DECIMAL(10,2) NOT NULL,
    one_way_amt  DECIMAL(10,2) NOT NULL,   -- drop charge
    addon_amt    DECIMAL(10,2) NOT NULL,   -- sum of the add-ons' ext_amt
    disc_amt     DECIMAL(10,2) NOT NULL,
    total_amt    DECIMAL(10,2) NOT NULL,   -- before tax
    tax_amt      DECIMAL(10,2) NOT NULL,
    ra_status    VARCHAR NOT NULL,         -- OPEN, CLOSED, VOID
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE ra_addons (
    fgrp_id   VARCHAR NOT NULL,
    ra_id     INTEGER NOT NULL,
    line_no   SMALLINT NOT NULL,
    addon_cd  VARCHAR NOT NULL,            -- LDW, SLI, PAI, GPS, CSEAT, PPF, ADRV
    qty       SMALLINT NOT NULL,
    unit_rt   DECIMAL(8,2) NOT NULL,       -- per day (PPF: per rental)
    ext_amt   DECIMAL(10,2) NOT NULL
);

CREATE TABLE damage_claims (
    fgrp_id       VARCHAR NOT NULL,
    claim_id      INTEGER PRIMARY KEY,
    ra_id         INTEGER,                 -- NULL = found on the lot, no renter identified
    veh_id        INTEGER NOT NULL,
    reported_dt   DATE NOT NULL,
    dmg_type_cd   VARCHAR NOT NULL,        -- SCRATCH, DENT, GLASS, TIRE, INTERIOR, COLLISION
    est_amt       DECIMAL(10,2) NOT NULL,
    recovered_amt DECIMAL(10,2) NOT NULL,
    claim_status  VARCHAR NOT NULL,        -- OPEN, BILLED, PAID, WAIVED, DENIED
    deleted_at    TIMESTAMP
);
