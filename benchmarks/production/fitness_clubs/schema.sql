-- ============================================================================================
-- fitness_clubs: the warehouse of a fitness-club management SaaS (DuckDB DDL for labelling)
--
-- Company: "Repline" sells club-management software (front desk, door access, dues billing,
-- class booking, personal training, point of sale) to fitness brands. Every brand is a tenant of
-- one shared analytics warehouse: clubs, members, membership contracts (plan, freezes,
-- cancellations), monthly dues bills (failed payments, collections), door check-ins, group
-- classes and their bookings/waitlists/attendance, trainers, personal-training (PT) sessions and
-- POS sales, all keyed by brand_id.
--
-- Warehouse: MySQL 8.0 (CTEs and window functions, no QUALIFY; `/` is decimal division).
-- The agent writes dialect `mysql`.
-- Agent: `gymbot`, versions 3.1, 3.2 and 3.3, deployed for brand FB-2210 ("Pulse Athletic", six
-- clubs). Loads run nightly; the warehouse holds activity up to 2026-11-15 (class sessions are
-- scheduled, and booked, up to mid-December).
-- Log window: 2026-11-16 to 2026-11-27 (so "last month" is October 2026, "this month" November
-- 2026 to date, "this quarter" Q4 2026 to date, "last quarter" / "Q3" July-September 2026,
-- "ytd" / "this year" 2026 to date, "last week" the previous Monday-to-Sunday week, "this week"
-- the current Monday-to-Sunday week).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `brand_id = 'FB-2210'` on every table of every query (row-level security);
--   * soft deletes: `deleted_at IS NULL` on clubs, members and mbr_contracts (a deleted row is a
--     data-entry mistake or a GDPR erasure; a deleted member's contracts are deleted too and
--     their bills, check-ins, bookings, sessions and sales purged);
--   * test accounts: `is_test = 0` on members (front-desk QA accounts; they never hold a
--     contract, a bill, a booking or a check-in, only a members row);
--   * voided sales: `is_void = 0` on pos_sales (a voided ticket never took money).
--
-- Business conventions at this brand (what a careful analyst would apply):
--   * active member = a member holding at least one contract with status_cd 'ACT' now; frozen
--     ('FRZ') members are on the books but NOT active. Members are counted distinct: a member
--     may hold a core plan and an add-on (plan_tier 'ADDON', e.g. kids club) at the same time.
--   * new join = a member whose first_join_dt falls in the period (members.first_join_dt), by
--     home_club_id; a contract's start_dt is also set by re-joins, plan changes and add-ons.
--   * revenue / dues revenue / dues collected = SUM(dues_billing.paid_amt), dated by bill_dt;
--     due_amt is what was billed. A bill's club is its contract's club_id (join by contract_id).
--   * failed payment = a bill with bill_status 'FAILED' or 'COLL' (collections: failed and passed
--     to the agency); failed payment rate = failed bills / bills that are not 'WAIVED' (frozen
--     months are waived), dated by bill_dt. Amount owed on a bill = due_amt - paid_amt.
--   * cancellation = a contract with status_cd 'CXL', dated by cancel_dt (end_dt is the last
--     day of the 30-day notice, cancel_dt + 30; expired 'EXP' contracts have an end_dt too).
--   * freeze = frz_start_dt / frz_end_dt / frz_reason_cd of the contract (its latest freeze);
--     a freeze "started" in a period by frz_start_dt, whatever the contract's status now.
--   * visit / check-in = a checkins row with is_denied = 0 (a denied swipe is no visit). Guests
--     (entry_method 'GUEST') have mbr_id NULL and their host in host_mbr_id.
--   * class booking = a class_bookings row whose bkg_status is not 'CXL' (cancelled in time) or
--     'WAIT' (never got a spot); a waitlist entry is bkg_status 'WAIT'. A class counts in the
--     period of its session's start_ts; cancelled sessions (is_cancelled = 1) are never counted
--     (no classes taught, no fill). Attendance (show) rate = 'ATTENDED' / ('ATTENDED' +
--     'NO_SHOW'). Fill % of a session = ATTENDED bookings / capacity; "avg fill" averages the
--     sessions (a session nobody attended counts as 0 %).
--   * PT session delivered = pt_sessions.sess_status 'DONE'. Trainer commission = SUM(comm_amt)
--     over sessions 'DONE' or 'LATE_CXL' (late cancels are charged and paid out); comm_amt is
--     filled on every session when it is booked. A PT client is a member with a DONE session; a
--     new PT client is one whose first DONE session falls in the period. "Per trainer" PT
--     reports list every current PT trainer (role_cd 'PT' or 'BOTH', term_dt IS NULL), 0 included.
--   * POS sales / retail = SUM(pos_sales.net_amt) (tax_amt excluded), non-void; "retail" leaves
--     PT packages (sku_cat 'PT_PACK', sold through the till) out; PT package revenue is net_amt
--     of sku_cat 'PT_PACK'.
--   * a member's total spend = dues paid (paid_amt) + POS net_amt of sales carrying their mbr_id.
--   * median: the middle value, the mean of the two middle ones for an even count.
-- ============================================================================================

CREATE TABLE clubs (
    brand_id    VARCHAR NOT NULL,           -- tenant, e.g. 'FB-2210'
    club_id     INTEGER PRIMARY KEY,
    club_cd     VARCHAR NOT NULL,           -- short code shown on screens: 'DTN', 'RVS', ...
    club_nm     VARCHAR NOT NULL,
    region_cd   VARCHAR NOT NULL,           -- 'N', 'S', 'E', 'W'
    club_fmt    VARCHAR NOT NULL,           -- FLAG (flagship), STD, EXP (express, no classes)
    opened_dt   DATE NOT NULL,
    deleted_at  TIMESTAMP                   -- soft delete
);

CREATE TABLE members (
    brand_id      VARCHAR NOT NULL,
    mbr_id        INTEGER PRIMARY KEY,
    mbr_no        VARCHAR NOT NULL,         -- card number
    home_club_id  INTEGER NOT NULL,
    first_join_dt DATE NOT NULL,            -- first contract ever with the brand
    gender_cd     CHAR(1),                  -- F, M, X, NULL = not given
    birth_yr      INTEGER,
    is_test       SMALLINT NOT NULL,        -- 1 = front-desk QA account
    deleted_at    TIMESTAMP
);

CREATE TABLE mbr_contracts (
    brand_id       VARCHAR NOT NULL,
    contract_id    INTEGER PRIMARY KEY,
    mbr_id         INTEGER NOT NULL,
    club_id        INTEGER NOT NULL,        -- selling / billing club
    plan_cd        VARCHAR NOT NULL,        -- CORE-M, CORE-12, PLUS-M, PLUS-12, PREM-M, PREM-12, KIDS-ADD, TOWEL-ADD
    plan_tier      VARCHAR NOT NULL,        -- BASIC, PLUS, PREMIUM, ADDON
    monthly_dues   DECIMAL(8, 2) NOT NULL,  -- contracted dues (promotions make it vary)
    start_dt       DATE NOT NULL,
    end_dt         DATE,                    -- NULL open-ended; CXL: cancel_dt + 30; EXP: term end
    status_cd      VARCHAR NOT NULL,        -- PEND, ACT, FRZ, CXL, EXP
    frz_start_dt   DATE,                    -- latest freeze, NULL = never frozen
    frz_end_dt     DATE,
    frz_reason_cd  VARCHAR,                 -- MED, TRVL, FIN, OTH
    cancel_dt      DATE,                    -- set when status_cd = 'CXL'
    cxl_reason_cd  VARCHAR,                 -- MOVE, COST, HEALTH, DISSAT, OTH
    deleted_at     TIMESTAMP
);

CREATE TABLE dues_billing (
    brand_id     VARCHAR NOT NULL,
    bill_id      INTEGER PRIMARY KEY,
    contract_id  INTEGER NOT NULL,
    mbr_id       INTEGER NOT NULL,
    bill_dt      DATE NOT NULL,             -- billing run date (the contract's monthly anniversary)
    due_amt      DECIMAL(8, 2) NOT NULL,
    paid_amt     DECIMAL(8, 2) NOT NULL,    -- 0 while failed; partial recoveries in collections
    bill_status  VARCHAR NOT NULL,          -- PAID, FAILED, COLL, WAIVED, PEND
    attempt_cnt  INTEGER NOT NULL,          -- card/ACH attempts made
    paid_dt      DATE
);

CREATE TABLE checkins (
    brand_id     VARCHAR NOT NULL,
    checkin_id   INTEGER PRIMARY KEY,
    club_id      INTEGER NOT NULL,
    mbr_id       INTEGER,                   -- NULL for guests
    host_mbr_id  INTEGER,                   -- the member who brought the guest
    checkin_ts   TIMESTAMP NOT NULL,
    entry_method VARCHAR NOT NULL,          -- CARD, APP, GUEST, DESK
    is_denied    SMALLINT NOT NULL,         -- 1 = door refused the swipe
    deny_reason  VARCHAR                    -- PAST_DUE, FROZEN, NO_ACCESS
);

CREATE TABLE trainers (
    brand_id    VARCHAR NOT NULL,
    trainer_id  INTEGER PRIMARY KEY,
    club_id     INTEGER NOT NULL,
    trainer_nm  VARCHAR NOT NULL,
    role_cd     VARCHAR NOT NULL,           -- PT, GX (group exercise instructor), BOTH
    comm_pct    DECIMAL(5, 2) NOT NULL,
    hire_dt     DATE NOT NULL,
    term_dt     DATE                        -- NULL while employed
);

CREATE TABLE class_sessions (
    brand_id      VARCHAR NOT NULL,
    session_id    INTEGER PRIMARY KEY,
    club_id       INTEGER NOT NULL,
    class_type    VARCHAR NOT NULL,         -- YOGA, SPIN, HIIT, PILATES, BOXING
    trainer_id    INTEGER NOT NULL,
    start_ts      TIMESTAMP NOT NULL,
    duration_min  INTEGER NOT NULL,
    capacity      INTEGER NOT NULL,
    is_cancelled  SMALLINT NOT NULL
);

CREATE TABLE class_bookings (
    brand_id      VARCHAR NOT NULL,
    booking_id    INTEGER PRIMARY KEY,
    session_id    INTEGER NOT NULL,
    mbr_id        INTEGER NOT NULL,
    booked_ts     TIMESTAMP NOT NULL,
    bkg_status    VARCHAR NOT NULL,         -- BOOKED, WAIT, CXL, LATE_CXL, ATTENDED, NO_SHOW
    waitlist_pos  INTEGER                   -- position when waitlisted, NULL otherwise
);

CREATE TABLE pt_sessions (
    brand_id     VARCHAR NOT NULL,
    pt_sess_id   INTEGER PRIMARY KEY,
    pkg_sale_id  INTEGER NOT NULL,          -- the PT_PACK sale in pos_sales
    mbr_id       INTEGER NOT NULL,
    trainer_id   INTEGER NOT NULL,
    club_id      INTEGER NOT NULL,
    sess_ts      TIMESTAMP NOT NULL,
    sess_status  VARCHAR NOT NULL,          -- SCHED, DONE, NO_SHOW, LATE_CXL, CXL
    comm_amt     DECIMAL(8, 2) NOT NULL     -- trainer commission the session earns if payable
);

CREATE TABLE pos_sales (
    brand_id  VARCHAR NOT NULL,
    sale_id   INTEGER PRIMARY KEY,
    club_id   INTEGER NOT NULL,
    mbr_id    INTEGER,                      -- NULL for walk-in customers
    sale_ts   TIMESTAMP NOT NULL,
    sku_cat   VARCHAR NOT NULL,             -- SUPP, APPAREL, DRINK, ACCESS, PT_PACK
    sku_cd    VARCHAR NOT NULL,
    qty       INTEGER NOT NULL,
    net_amt   DECIMAL(10, 2) NOT NULL,      -- excluding tax
    tax_amt   DECIMAL(10, 2) NOT NULL,
    is_void   SMALLINT NOT NULL
);
