-- ============================================================================================
-- ice_rinks: the warehouse of an ice-rink management platform (DuckDB DDL for labelling)
--
-- Company: "RinkWorks" sells rink-operations software (public-skate ticketing and check-in,
-- skate rental / sharpening / concessions POS, memberships and punch passes, ice-time booking
-- for clubs, hockey-league scheduling with referees, learn-to-skate registration and zamboni
-- resurfacing logs) to ice-rink operators. Every operator is a tenant of one shared Snowflake
-- warehouse (RINKWORKS.CORE schema), every table keyed by oper_id. The deployment here is
-- operator 'IR-0527', Northgate Ice Company, with Harbor Ice Arena (two sheets: Harbor A, NHL
-- size, and Harbor B, Olympic size), Pinecrest Ice Centre (Pinecrest Main and the small
-- Pinecrest Studio sheet), Mill Creek Rink (one sheet, opened 2025-10-04) and Old Town Rink,
-- closed on 2025-06-30 and soft-deleted with its history kept (no rows dated after June 2025).
-- Other tenants in the warehouse: 'IR-0311' (Summit Skating Centers) and 'IR-0902' (Bayview
-- Iceplex). Ids are unique across the platform.
--
-- Warehouse: Snowflake (DATE_TRUNC('month', d), DATEADD(month, n, d), DATEDIFF('minute', a, b),
-- CURRENT_DATE() / CURRENT_TIMESTAMP(), COUNT_IF, IFF, QUALIFY, DIV0, TO_CHAR, LAST_DAY; `/`
-- between integers is exact division in Snowflake). Flags: BOOLEAN is_test, 'Y'/'N' text flags
-- (void_flg, is_active_yn, passed_yn). Money is stored in cents (INTEGER *_cents columns);
-- "revenue", "sales", "fees" and "spend" are reported in dollars (cents / 100).
-- Agent: `glide-sql`, versions 6.0, 6.1 and 6.2, deployed for operator 'IR-0527'.
-- Log window: 2026-11-02 to 2026-11-25. The warehouse copy is loaded up to 2026-11-01 (nothing
-- dated after it, except ice rentals booked ahead (BOOKED), scheduled league games (SCHEDULED,
-- some already cancelled), winter-term learn-to-skate enrollments and memberships / punch
-- passes whose term runs on). Games and rentals dated after 2026-11-01 keep their booked /
-- scheduled status in this copy.
-- So "last month" is October 2026, "this month" November 2026, "last quarter" Q3 2026
-- (July-September), "ytd" / "this year" 2026 to date, "same period last year" 2025-01-01 to the
-- same day of 2025, "last year" all of 2025, "last 6 months" the six whole months May-October
-- 2026, "this season" the 2026-27 hockey season (season_cd '2026-27', games from 2026-09-06),
-- "fall term" / "fall 26" LTS term 'FALL26', "summer term" 'SUM26', "rn" / "right now" the
-- state on the record's date, "next 30 days" today to today + 30 days inclusive, "upcoming"
-- dated today or later.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `oper_id = 'IR-0527'` on every table of every query (row policy);
--   * test rows: `is_test = false` on customers (front-desk test and POS-training profiles) and
--     admissions (tickets rung on the training till, checked in at the test scanner). Those
--     profiles' memberships carry no flag of their own: they are excluded through customers;
--   * voids: `void_flg = 'N'` on pos_txns (receipts rung in error and re-rung);
--   * soft deletes: `deleted_at IS NULL` on rinks (the closed Old Town Rink), customers (merged
--     duplicate profiles, their history moved to the surviving profile) and referees (a
--     profile keyed twice, never assigned). They matter where that table is the population
--     listed or counted ("which rinks ...", "how many customers ...", "which refs ...").
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * skate_sessions: one row per scheduled session on a sheet; sess_type 'PUBLIC' (public
--     skate), 'STICK_PUCK' (stick & puck), 'FREESTYLE' (figure skaters' ice) or 'ADULT_SKATE';
--     status 'HELD' or 'CANCELLED' (its tickets refunded). Sessions are dated by sess_start_ts.
--   * admissions: one row per ticket for a session. adm_type 'ADULT', 'YOUTH', 'SENIOR' (paid),
--     'MEMBER' (a member's free entry), 'PUNCH' (a punch-pass entry) or 'COMP' (complimentary);
--     price_cents is 0 for MEMBER, PUNCH and COMP. status 'VALID' or 'REFUNDED' (refunded
--     tickets were never checked in). checkin_ts is set when the skater was scanned in; a VALID
--     ticket never checked in is a no-show. cust_id is NULL for anonymous walk-up tickets.
--     pay_ts is when the ticket was paid (often days before the session).
--     - attendance = "visits" = "visitors" = "skaters" = checked-in VALID admissions
--       (checkin_ts IS NOT NULL), dated by the session's sess_start_ts; a visitor is a ticket,
--       not a distinct person. "Public skate" = sess_type 'PUBLIC'.
--     - no-show rate = VALID admissions not checked in / all VALID admissions, as a percentage.
--     - admissions revenue = SUM(price_cents) / 100 of VALID admissions, checked in or not (a
--       no-show paid), dated by the session (sess_start_ts), not by pay_ts.
--     - a first-time skater in a period = a customer whose first ever checked-in admission
--       (any session type) falls in it; "haven't skated" = no checked-in VALID admission.
--   * pos_txns: one row per receipt line group at a rink's counter; dept_cd 'RENTAL' (skate
--     rental), 'SHARPEN' (skate sharpening, one receipt per pair), 'CONCESSION' (snack bar) or
--     'PRO_SHOP'. net_cents is after discounts, before tax. Sales / revenue = SUM(net_cents) / 100
--     of non-void receipts (void_flg = 'N'), dated by txn_ts; a "sharpening job" is a non-void
--     SHARPEN receipt; "average ticket" / "avg spend per transaction" = AVG(net_cents) / 100.
--   * memberships: one row per membership or pass sold; plan_cd 'ANNUAL' and 'SEASON' are
--     memberships, 'PUNCH10' and 'PUNCH20' are punch passes (punches_total 10 / 20,
--     punches_used so far; NULL on memberships). status 'PAID' or 'REFUNDED'. A membership or
--     pass is active on a day when status = 'PAID' and start_dt <= day <= end_dt.
--     "Members" = distinct customers with an active ANNUAL or SEASON membership (some hold
--     both); "membership sales" = SUM(price_cents) / 100 of PAID ANNUAL and SEASON rows dated by
--     purchase_dt (punch passes are "pass sales", apart). A punch pass has punches left when
--     punches_used < punches_total; it expires on end_dt.
--   * ice_rentals: one row per booked block of ice time sold to a club, school or private
--     group; club_type 'HOCKEY_CLUB', 'FIGURE_CLUB', 'SCHOOL' or 'PRIVATE'. status 'BOOKED'
--     (upcoming), 'COMPLETED' or 'CANCELLED' (cancel_ts set). quoted_cents is the booking's
--     list price (rate x hours); billed_cents is what was invoiced: the contract price of a
--     completed block (hockey clubs' season contracts are 10 % off list), 50 % of the quote for
--     a late cancellation and 0 for an early one; NULL until invoiced (BOOKED).
--     - ice rental revenue = SUM(billed_cents) / 100, dated by start_ts (late-cancellation
--       fees included);
--     - ice hours = DATEDIFF in minutes between start_ts and end_ts / 60 of COMPLETED blocks;
--     - a late cancellation = CANCELLED with cancel_ts less than 48 hours before start_ts;
--       dated by start_ts.
--   * leagues: games is one row per league game; league_nm, division 'A', 'B', 'C' (the adult
--     league) or 'REC' (Sunday rec league), season_cd '2025-26' or '2026-27'. status
--     'SCHEDULED', 'FINAL', 'FORFEIT' (recorded 1-0 for the team awarded the game, the referee
--     still attends and is paid) or 'CANCELLED' (never played; the referee keeps the
--     assignment on record but is not paid). ref_id is NULL when no referee was assigned (a few
--     played games went ahead without one). ref_fee_cents is the game's referee fee.
--     - games played / "worked" by a referee = FINAL and FORFEIT games; referee fees paid =
--       SUM(ref_fee_cents) / 100 of those games;
--     - goals per game = home_goals + away_goals of FINAL games (forfeits are not real scores);
--     - a win = the team's goals > the opponent's in a FINAL or FORFEIT game (REC games may tie);
--     - "upcoming games" = SCHEDULED games dated today or later.
--   * lts_enrollments: one row per skater per learn-to-skate class (class_id; one class = one
--     level at one rink in one term); status 'ENROLLED' (term running or upcoming), 'COMPLETED'
--     or 'WITHDRAWN'. passed_yn is set ('Y'/'N') on COMPLETED rows only. "Enrollments" = rows
--     that are ENROLLED or COMPLETED (withdrawals not counted); class size = enrollments per
--     class; pass rate = passed_yn 'Y' / COMPLETED rows, as a percentage.
--   * resurfacings: one row per zamboni resurface of a sheet; sched_ts is the slot in the ice
--     schedule, start_ts when the driver started; cycle_min the minutes the ice was off;
--     water_gal the hot water laid. A resurface is "on time" when it started no later than 10
--     minutes after its slot (start_ts <= sched_ts + 10 minutes); dated by start_ts.
-- ============================================================================================

CREATE TABLE rinks (
    oper_id        VARCHAR NOT NULL,
    rink_id        INTEGER NOT NULL,
    rink_cd        VARCHAR NOT NULL,      -- e.g. 'HIA'
    rink_nm        VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE sheets (
    oper_id        VARCHAR NOT NULL,
    sheet_id       INTEGER NOT NULL,
    rink_id        INTEGER NOT NULL,
    sheet_nm       VARCHAR NOT NULL,
    sheet_size     VARCHAR NOT NULL,      -- 'NHL', 'OLYMPIC', 'STUDIO'
    is_active_yn   VARCHAR(1) NOT NULL    -- 'Y' / 'N'
);

CREATE TABLE customers (
    oper_id        VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    email          VARCHAR,               -- NULL when not given
    birth_dt       DATE,                  -- NULL when not given
    home_rink_id   INTEGER,               -- NULL when never chosen
    signup_dt      DATE NOT NULL,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate profile
);

CREATE TABLE skate_sessions (
    oper_id        VARCHAR NOT NULL,
    sess_id        INTEGER NOT NULL,
    sheet_id       INTEGER NOT NULL,
    sess_type      VARCHAR NOT NULL,      -- 'PUBLIC', 'STICK_PUCK', 'FREESTYLE', 'ADULT_SKATE'
    sess_start_ts  TIMESTAMP NOT NULL,
    sess_end_ts    TIMESTAMP NOT NULL,
    capacity       SMALLINT NOT NULL,
    status         VARCHAR NOT NULL       -- 'HELD', 'CANCELLED'
);

CREATE TABLE admissions (
    oper_id        VARCHAR NOT NULL,
    adm_id         BIGINT NOT NULL,
    sess_id        INTEGER NOT NULL,
    cust_id        INTEGER,               -- NULL for anonymous walk-ups
    adm_type       VARCHAR NOT NULL,      -- 'ADULT', 'YOUTH', 'SENIOR', 'MEMBER', 'PUNCH', 'COMP'
    price_cents    INTEGER NOT NULL,
    pay_ts         TIMESTAMP NOT NULL,
    status         VARCHAR NOT NULL,      -- 'VALID', 'REFUNDED'
    checkin_ts     TIMESTAMP,             -- NULL: never scanned in
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE pos_txns (
    oper_id        VARCHAR NOT NULL,
    txn_id         BIGINT NOT NULL,
    rink_id        INTEGER NOT NULL,
    dept_cd        VARCHAR NOT NULL,      -- 'RENTAL', 'SHARPEN', 'CONCESSION', 'PRO_SHOP'
    txn_ts         TIMESTAMP NOT NULL,
    net_cents      INTEGER NOT NULL,      -- after discounts, before tax
    tax_cents      INTEGER NOT NULL,
    cust_id        INTEGER,               -- set when a member card was scanned
    void_flg       VARCHAR(1) NOT NULL    -- 'Y' / 'N'
);

CREATE TABLE memberships (
    oper_id        VARCHAR NOT NULL,
    mem_id         INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    plan_cd        VARCHAR NOT NULL,      -- 'ANNUAL', 'SEASON', 'PUNCH10', 'PUNCH20'
    purchase_dt    DATE NOT NULL,
    start_dt       DATE NOT NULL,
    end_dt         DATE NOT NULL,
    price_cents    INTEGER NOT NULL,
    punches_total  SMALLINT,              -- punch passes only
    punches_used   SMALLINT,              -- punch passes only
    status         VARCHAR NOT NULL       -- 'PAID', 'REFUNDED'
);

CREATE TABLE ice_rentals (
    oper_id        VARCHAR NOT NULL,
    booking_id     INTEGER NOT NULL,
    sheet_id       INTEGER NOT NULL,
    club_nm        VARCHAR NOT NULL,
    club_type      VARCHAR NOT NULL,      -- 'HOCKEY_CLUB', 'FIGURE_CLUB', 'SCHOOL', 'PRIVATE'
    booked_ts      TIMESTAMP NOT NULL,
    start_ts       TIMESTAMP NOT NULL,
    end_ts         TIMESTAMP NOT NULL,
    rate_cents_hr  INTEGER NOT NULL,
    quoted_cents   INTEGER NOT NULL,      -- list price of the block
    billed_cents   INTEGER,               -- invoiced; NULL until invoiced
    status         VARCHAR NOT NULL,      -- 'BOOKED', 'COMPLETED', 'CANCELLED'
    cancel_ts      TIMESTAMP
);

CREATE TABLE referees (
    oper_id        VARCHAR NOT NULL,
    ref_id         INTEGER NOT NULL,
    ref_nm         VARCHAR NOT NULL,
    cert_lvl       SMALLINT NOT NULL,     -- 1 to 4
    hired_dt       DATE NOT NULL,
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE games (
    oper_id        VARCHAR NOT NULL,
    game_id        INTEGER NOT NULL,
    sheet_id       INTEGER NOT NULL,
    league_nm      VARCHAR NOT NULL,
    division       VARCHAR NOT NULL,      -- 'A', 'B', 'C', 'REC'
    season_cd      VARCHAR NOT NULL,      -- '2025-26', '2026-27'
    game_ts        TIMESTAMP NOT NULL,
    home_team      VARCHAR NOT NULL,
    away_team      VARCHAR NOT NULL,
    home_goals     SMALLINT,              -- NULL until played
    away_goals     SMALLINT,
    ref_id         INTEGER,               -- NULL: no referee assigned
    ref_fee_cents  INTEGER NOT NULL,
    status         VARCHAR NOT NULL       -- 'SCHEDULED', 'FINAL', 'FORFEIT', 'CANCELLED'
);

CREATE TABLE lts_enrollments (
    oper_id        VARCHAR NOT NULL,
    enr_id         INTEGER NOT NULL,
    class_id       INTEGER NOT NULL,
    rink_id        INTEGER NOT NULL,
    term_cd        VARCHAR NOT NULL,      -- 'SUM25', 'FALL25', 'WIN26', 'SPR26', 'SUM26', 'FALL26', 'WIN27'
    class_level    VARCHAR NOT NULL,      -- 'SNOWPLOW', 'BASIC_1', 'BASIC_2', 'BASIC_3', 'HOCKEY_1', 'ADULT_1'
    term_start_dt  DATE NOT NULL,
    cust_id        INTEGER NOT NULL,
    enrolled_ts    TIMESTAMP NOT NULL,
    fee_cents      INTEGER NOT NULL,
    status         VARCHAR NOT NULL,      -- 'ENROLLED', 'COMPLETED', 'WITHDRAWN'
    passed_yn      VARCHAR(1)             -- 'Y' / 'N' on COMPLETED rows
);

CREATE TABLE resurfacings (
    oper_id        VARCHAR NOT NULL,
    resurf_id      INTEGER NOT NULL,
    sheet_id       INTEGER NOT NULL,
    machine_cd     VARCHAR NOT NULL,      -- e.g. 'ZAM-HIA-1'
    driver_nm      VARCHAR NOT NULL,
    sched_ts       TIMESTAMP NOT NULL,    -- slot in the ice schedule
    start_ts       TIMESTAMP NOT NULL,
    cycle_min      SMALLINT NOT NULL,
    water_gal      SMALLINT NOT NULL
);
