-- ============================================================================================
-- climbing_gyms: the warehouse of a climbing-gym management platform (DuckDB DDL for labelling)
--
-- Company: "Chalkline" sells front-desk, membership, route-setting, programs, rental and retail
-- POS software to climbing-gym operators. Every operator is a tenant of one shared Trino
-- warehouse (Iceberg tables), every table keyed by op_id. The deployment here is operator
-- 'CG-0427', Vertical Collective: Granite Yard (ropes and bouldering), Eastside Boulders
-- (bouldering only), Summit North (ropes and bouldering) and Old Mill Crag, closed on 2025-12-31
-- and soft-deleted on 2026-01-10 with its 2025 history kept. Other tenants in the warehouse:
-- 'CG-0112' (Boulder Barn Co) and 'CG-0958' (Crimp City Climbing).
--
-- Warehouse: Trino (date_trunc, date_add('day', n, d), date_diff('day', a, b), interval literals
-- such as INTERVAL '1' MONTH, current_date, day_of_week (1 = Monday), date_format with
-- MySQL-style patterns, count_if, FILTER (WHERE ...), no QUALIFY; `/` between integers is
-- integer division, as in Trino). Y/N flags are VARCHAR(1); void_flg is 0/1. Money is in cents
-- (BIGINT); answers report dollars (cents / 100.0). The agent writes dialect `trino`.
-- Agent: `crux-bot`, versions 5.0, 5.1 and 5.2, deployed for operator 'CG-0427'.
-- Log window: 2026-11-02 to 2026-11-25; the warehouse is loaded up to 2026-11-01 (nothing dated
-- after it, except programs scheduled ahead (December classes with their sign-ups), planned
-- strip dates of routes still up, waiver and membership expiry dates).
-- So "last month" is October 2026, "next month" December 2026, "this quarter" Q4 2026 to date,
-- "last quarter" July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025,
-- "last 6 months" the six whole months May-October 2026, "last 3 months" the three whole months
-- August-October 2026, "last 60 days" / "next 30 days" rolling from today, "rn" / "right now"
-- the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `op_id = 'CG-0427'` on every table of every query (row policy; ids are unique
--     across the platform, so one guard per query is enough to scope a join);
--   * test rows: `test_flg = 'N'` on customers (front-desk test profiles 'Desk Test' and
--     'Kiosk Test') and checkins (kiosk test scans and the test profiles' check-ins). The test
--     profiles' memberships and punch cards carry no flag of their own: they are excluded only
--     through customers (join customers and keep test_flg = 'N');
--   * voids: `void_flg = 0` on pos_sales (lines rung in error and re-rung);
--   * soft deletes: `deleted_at IS NULL` on gyms (the closed Old Mill Crag, no rows dated after
--     2025), customers (merged duplicate profiles whose check-ins, memberships and waivers were
--     moved to the surviving profile) and staff (a setter profile keyed twice, with no routes).
--     These guards matter where that table is the population counted or listed ("which
--     setters ...", "each gym ...").
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * checkins: one row per entry at the front desk or kiosk; entry_type 'MEMBER' (a climbing
--     membership), 'PUNCH' (a punch taken off a punch card), 'DAY_PASS' (paid at the desk) or
--     'COMP' (free entry: guest passes, staff friends). "Check-ins" = "visits" = rows (test rows
--     out), dated by chk_ts; "climbers" = distinct cust_id. A climber's first-ever check-in is
--     their earliest non-test check-in at any gym of the operator.
--   * memberships: one row per plan a customer holds. plan_cd 'MONTHLY', 'ANNUAL', 'YOUTH'
--     (under 18, billed monthly) are climbing memberships; 'PUNCH10' and 'PUNCH20' are punch
--     cards (punches_total 10 or 20, punches_used so far; valid one year from sold_dt) and are
--     not memberships. gym_id is the gym that sold the plan (the member's home gym). status is
--     the current state: 'ACTIVE', 'FROZEN' (paused, not billed, may not climb), 'CANCELLED' or
--     'EXPIRED' (an annual term or punch card that ran out). "Active members" = distinct
--     customers holding an ACTIVE climbing membership (a parent can hold their own MONTHLY and
--     their child's YOUTH plan on one profile). cancel_dt is the day the member cancelled;
--     end_dt is the last day of the paid period (for a cancellation, up to a month after
--     cancel_dt; for ANNUAL, start_dt + 1 year - 1 day; NULL for open MONTHLY/YOUTH plans).
--     "Cancellations" / "churned members" in a period are dated by cancel_dt. "New members" in
--     a period = customers whose first-ever climbing membership started (start_dt) in it;
--     renewals (a new ANNUAL row) and upgrades (MONTHLY to ANNUAL) are not new members.
--     Punch cards sold = punch-card rows by sold_dt; punch-card utilisation = SUM(punches_used)
--     / SUM(punches_total), as a percentage.
--   * routes: one row per route or boulder problem. route_type 'BOULDER' (grade_cd 'V0'..'V10',
--     grade_num the V number) or 'ROPE' (grade_cd '5.6'..'5.13a', grade_num 6..13 by the
--     number after '5.'); "average V grade" is AVG(grade_num) of boulders. setter_id is NULL
--     for routes set by visiting guest setters. set_dt is the day it went up; strip_dt the day it
--     was taken down, NULL when no strip is planned, and a future date when a strip is
--     scheduled (planned strips of December 2026). A route is "up" / "on the wall" on a day when
--     set_dt <= day and (strip_dt IS NULL OR strip_dt > day). "Stripped" in a period = strip_dt
--     in it, up to today. Days up = date_diff('day', set_dt, strip_dt). A wall's "reset" is the
--     set of routes set on it on one day. Setters = staff with role 'SETTER' or 'HEAD_SETTER';
--     current setters have term_dt IS NULL.
--   * belay_certs: one row per belay test; cert_type 'TOP_ROPE' or 'LEAD'; result 'PASS' or
--     'FAIL'; a PASS expires one year after test_dt (expires_dt, NULL on a FAIL); revoked_flg
--     'Y' when the desk revoked it for an unsafe belay. A climber holds a valid cert on a day when
--     a PASS row of that type is not revoked and expires_dt >= that day (climbers re-test at
--     another gym and may hold two valid rows). Pass rate = PASS tests / all tests, by test_dt.
--   * programs: youth teams (prog_type 'YOUTH_TEAM', season_cd 'FA25', 'SP26', 'FA26'), classes
--     ('CLASS') and clinics ('CLINIC'), each with a capacity. enrollments: status 'ENROLLED'
--     (signed up, including ongoing team seasons), 'COMPLETED', 'WAITLIST' (not paid) or
--     'DROPPED' (refunded in full; paid_cents keeps what had been paid). Enrolled = ENROLLED +
--     COMPLETED; fill rate = enrolled / capacity, as a percentage; for classes not yet started
--     "signed up" = ENROLLED. Program revenue = SUM(paid_cents) of ENROLLED and COMPLETED
--     enrollments, dated by enrolled_ts.
--   * pos_sales: one row per receipt line; category 'DAY_PASS', 'RENTAL' (shoes, harness, belay
--     device), 'GEAR', 'APPAREL' and 'SNACK'; "retail" = GEAR, APPAREL and SNACK. net_cents =
--     qty * unit_cents - disc_cents (before tax). Sales / revenue = SUM(net_cents) / 100.0 of
--     non-void lines, dated by sold_ts; "units" = SUM(qty). "Revenue per check-in" at a gym =
--     all its POS revenue / its check-ins in the same period.
--   * waivers: one row per signed liability waiver, valid from signed_ts to expires_dt (one
--     year); climbers re-sign early when the waiver text changes (waiver_ver '2026.2' was
--     rolled out in October 2026), so a climber's current waiver is the latest signed one. A
--     check-in "without a valid waiver" has no waiver of that climber signed before chk_ts and
--     expiring on or after the check-in day.
-- ============================================================================================

CREATE TABLE gyms (
    op_id          VARCHAR NOT NULL,
    gym_id         INTEGER NOT NULL,      -- unique across the platform
    gym_cd         VARCHAR NOT NULL,      -- e.g. 'GY'
    gym_nm         VARCHAR NOT NULL,
    gym_type       VARCHAR NOT NULL,      -- 'FULL' (ropes + bouldering), 'BOULDER'
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE walls (
    op_id          VARCHAR NOT NULL,
    wall_id        INTEGER NOT NULL,
    gym_id         INTEGER NOT NULL,
    wall_nm        VARCHAR NOT NULL,
    wall_type      VARCHAR NOT NULL,      -- 'BOULDER', 'TOP_ROPE', 'LEAD', 'AUTO_BELAY'
    height_m       DECIMAL(4,1) NOT NULL,
    active_flg     VARCHAR(1) NOT NULL    -- 'N': taken down in a remodel
);

CREATE TABLE staff (
    op_id          VARCHAR NOT NULL,
    staff_id       INTEGER NOT NULL,
    staff_nm       VARCHAR NOT NULL,
    role           VARCHAR NOT NULL,      -- 'HEAD_SETTER', 'SETTER', 'COACH', 'INSTRUCTOR', 'DESK'
    home_gym_id    INTEGER NOT NULL,
    hired_dt       DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE routes (
    op_id          VARCHAR NOT NULL,
    route_id       INTEGER NOT NULL,
    wall_id        INTEGER NOT NULL,
    setter_id      INTEGER,               -- staff_id; NULL for a visiting guest setter
    route_nm       VARCHAR,               -- NULL for most boulders
    route_type     VARCHAR NOT NULL,      -- 'BOULDER', 'ROPE'
    grade_cd       VARCHAR NOT NULL,      -- 'V0'..'V10' or '5.6'..'5.13a'
    grade_num      INTEGER NOT NULL,      -- V number, or the number after '5.'
    hold_color     VARCHAR NOT NULL,
    set_dt         DATE NOT NULL,
    strip_dt       DATE                   -- NULL: no strip planned; future: strip scheduled
);

CREATE TABLE customers (
    op_id          VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    email          VARCHAR,
    birth_dt       DATE,
    home_gym_id    INTEGER,
    created_dt     DATE NOT NULL,
    test_flg       VARCHAR(1) NOT NULL,   -- 'Y': front-desk test profile
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE memberships (
    op_id          VARCHAR NOT NULL,
    mbrshp_id      INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    gym_id         INTEGER NOT NULL,      -- gym that sold it (home gym)
    plan_cd        VARCHAR NOT NULL,      -- 'MONTHLY', 'ANNUAL', 'YOUTH', 'PUNCH10', 'PUNCH20'
    sold_dt        DATE NOT NULL,
    start_dt       DATE NOT NULL,
    end_dt         DATE,                  -- last paid day; NULL for open monthly plans
    status         VARCHAR NOT NULL,      -- 'ACTIVE', 'FROZEN', 'CANCELLED', 'EXPIRED'
    cancel_dt      DATE,
    price_cents    BIGINT NOT NULL,       -- monthly fee, annual price or punch-card price
    punches_total  INTEGER,               -- punch cards only
    punches_used   INTEGER                -- punch cards only
);

CREATE TABLE checkins (
    op_id          VARCHAR NOT NULL,
    chk_id         BIGINT NOT NULL,
    gym_id         INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    chk_ts         TIMESTAMP NOT NULL,
    entry_type     VARCHAR NOT NULL,      -- 'MEMBER', 'PUNCH', 'DAY_PASS', 'COMP'
    mbrshp_id      INTEGER,               -- membership or punch card used
    test_flg       VARCHAR(1) NOT NULL    -- 'Y': kiosk test scan / test profile
);

CREATE TABLE belay_certs (
    op_id          VARCHAR NOT NULL,
    cert_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    gym_id         INTEGER NOT NULL,
    cert_type      VARCHAR NOT NULL,      -- 'TOP_ROPE', 'LEAD'
    test_dt        DATE NOT NULL,
    result         VARCHAR NOT NULL,      -- 'PASS', 'FAIL'
    expires_dt     DATE,                  -- test_dt + 1 year on a PASS
    examiner_id    INTEGER,               -- staff_id
    revoked_flg    VARCHAR(1) NOT NULL
);

CREATE TABLE programs (
    op_id          VARCHAR NOT NULL,
    prog_id        INTEGER NOT NULL,
    gym_id         INTEGER NOT NULL,
    prog_nm        VARCHAR NOT NULL,
    prog_type      VARCHAR NOT NULL,      -- 'YOUTH_TEAM', 'CLASS', 'CLINIC'
    season_cd      VARCHAR,               -- youth teams: 'FA25', 'SP26', 'FA26'
    start_dt       DATE NOT NULL,
    end_dt         DATE NOT NULL,
    capacity       INTEGER NOT NULL,
    fee_cents      BIGINT NOT NULL,
    coach_id       INTEGER
);

CREATE TABLE enrollments (
    op_id          VARCHAR NOT NULL,
    enr_id         INTEGER NOT NULL,
    prog_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    enrolled_ts    TIMESTAMP NOT NULL,
    status         VARCHAR NOT NULL,      -- 'ENROLLED', 'COMPLETED', 'WAITLIST', 'DROPPED'
    paid_cents     BIGINT NOT NULL
);

CREATE TABLE pos_sales (
    op_id          VARCHAR NOT NULL,
    sale_id        BIGINT NOT NULL,
    line_no        INTEGER NOT NULL,
    gym_id         INTEGER NOT NULL,
    cust_id        INTEGER,               -- NULL for walk-up retail
    sold_ts        TIMESTAMP NOT NULL,
    category       VARCHAR NOT NULL,      -- 'DAY_PASS', 'RENTAL', 'GEAR', 'APPAREL', 'SNACK'
    item_nm        VARCHAR NOT NULL,
    qty            INTEGER NOT NULL,
    unit_cents     BIGINT NOT NULL,
    disc_cents     BIGINT NOT NULL,
    net_cents      BIGINT NOT NULL,       -- qty * unit_cents - disc_cents
    void_flg       SMALLINT NOT NULL      -- 1: voided
);

CREATE TABLE waivers (
    op_id          VARCHAR NOT NULL,
    waiver_id      INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    signed_ts      TIMESTAMP NOT NULL,
    expires_dt     DATE NOT NULL,
    waiver_ver     VARCHAR NOT NULL,      -- '2024.1', '2025.1', '2026.2'
    minor_flg      VARCHAR(1) NOT NULL,   -- 'Y': signed by a guardian
    guardian_nm    VARCHAR
);
