-- ============================================================================================
-- farmers_markets: the warehouse of a farmers-market management platform (DuckDB DDL for labelling)
--
-- Company: "StallSide" sells market-management software to farmers-market associations: market
-- calendars and market days, vendor applications and approvals, stall maps and assignments with
-- check-in, stall-fee invoicing, the info booth's SNAP/EBT and card token sales with incentive
-- matching ("Double Up"), visitor counts, vendor sales reports, inspections and permits, and
-- volunteer rotas. Every association is a tenant of one shared DuckDB warehouse (MotherDuck), all
-- tables keyed by assoc_id. The deployment here is association 'FMA-0207', the Three Rivers Market
-- Association, which runs the Riverside Saturday Market, the Downtown Wednesday Market, the
-- Eastside Evening Market (new, first market day 2026-06-04), the Grange Hall Winter Market (2nd
-- and 4th Saturdays of December to April) and ran the Old Mill Sunday Market, closed after the
-- 2025 season and soft-deleted with its 2025 history kept. Other tenants in the warehouse:
-- 'FMA-0118' (Cedar Falls Markets) and 'FMA-0355' (Port City Market).
--
-- Warehouse: DuckDB (date_trunc, date_diff, INTERVAL 1 MONTH, current_date, strftime, count_if,
-- FILTER (WHERE ...), QUALIFY, arg_max; `/` between integers is true division). Flags: BOOLEAN
-- is_test, 'Y'/'N' text flags (*_yn, void_flg). Money is in integer cents (*_cents); questions
-- about money want dollars (cents / 100.0).
-- Agent: `stall-sql`, versions 0.8, 0.9 and 1.0, deployed for association 'FMA-0207'.
-- Log window: 2026-11-02 to 2026-11-20. The warehouse snapshot behind the log was loaded on
-- 2026-11-01: nothing is dated after it except the scheduled winter market days of December 2026
-- (status 'SCHED') with their stall assignments, invoices issued on 2026-11-01 and due later, and
-- vendor applications for the 2027 season. There are no market days in November 2026 (the
-- outdoor season ended on 2026-10-31; the winter market starts on 2026-12-12).
-- Periods: "this season" / "this year" / "ytd" = calendar 2026 to date (the association reports
-- by calendar year; the winter market's January-April days belong to the year they fall in);
-- "last season" / "last year" = 2025; "last month" = October 2026; "last quarter" = Q3 2026
-- (July-September); "the last 12 months" = rolling, from current_date - 12 months; "next 30
-- days" = current_date to current_date + 30 days inclusive; "next season" = 2027.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `assoc_id = 'FMA-0207'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `is_test = false` on vendors (the 'Demo Farm (Training)' vendor the market
--     manager trains new staff with: it has stall assignments and check-ins at Riverside, invoices,
--     an inspection and a permit, all excluded only through vendors: join vendors and keep
--     is_test = false) and on token_txns (training swipes at the info booth);
--   * voids: `void_flg = 'N'` on token_txns (a swipe voided at the booth and re-run);
--   * soft deletes: `deleted_at IS NULL` on markets (the closed Old Mill Sunday
--     Market, no rows after 2025), vendors (a duplicate vendor profile 'Sunny Acres Farm LLC',
--     merged into 'Sunny Acres Farm': it keeps only its profile row and its copied permit, no
--     activity) and volunteers (a duplicate volunteer profile, no shifts). These guards matter
--     where that table is the population counted or listed ("which markets ...", "which vendors
--     ...", "which volunteers ...").
--
-- Business conventions of the association (what a careful analyst applies):
--   * market days: one row per scheduled market day; status 'HELD', 'CXL_WX' (cancelled for
--     weather: heat, storm, snow, smoke), 'CXL_OTHER' (holiday or venue conflict) or 'SCHED'
--     (future). "Weather cancellations" = CXL_WX only; "cancellations" = both CXL codes.
--     visitor_cnt is the day's visitor count from the volunteers' clicker count: 0 on cancelled
--     days, NULL on a held day nobody counted and on future days. Attendance / visitors =
--     SUM(visitor_cnt) of HELD days; average attendance = AVG(visitor_cnt) over HELD days that
--     were counted (NULL is not zero); the busiest day = the HELD day with the highest count.
--     "Market days" in a period = HELD days unless cancellations are asked about.
--   * vendors: one row per vendor business; primary_cat_cd is its product category
--     (product_categories; snap_elig_yn = 'Y' for SNAP-eligible food). joined_dt is when the
--     vendor's account was created on the platform (often long before or after it first sells).
--     permit_no / permit_exp_dt: the vendor's current county permit (NULL when its products need
--     none); "permit expiring in the next 30 days" = permit_exp_dt from today to today + 30 days.
--   * stall_assignments: one row per vendor per market day; assign_status 'CONFIRMED' or
--     'CANCELLED' (the vendor cancelled ahead, no fee); checked_in_yn = 'Y' when the vendor
--     checked in with the market manager. A vendor "attended" / "sold" / "was at" a market day =
--     a CONFIRMED assignment with checked_in_yn = 'Y' on a HELD day. A no-show = a CONFIRMED
--     assignment with checked_in_yn = 'N' on a HELD day; no-show rate = no-shows / CONFIRMED
--     assignments on HELD days, as a percentage. An "active" vendor in a period = a vendor that
--     attended at least one market day in it. A "new" vendor in a period = one whose first market
--     day ever attended falls in it (the warehouse's history starts in January 2025).
--   * stall fees: stall_fee_cents is the day's fee; stall fee revenue = SUM(stall_fee_cents) of
--     CONFIRMED assignments on HELD days, no-shows included (they still pay); fees on cancelled
--     market days are waived. Dated by the market day.
--   * invoices: one invoice per vendor per market per month (period_mo), issued on the 1st of the
--     next month and due on the 15th; inv_status 'OPEN', 'PAID' or 'VOID' (voided and re-issued
--     as a new invoice four days later). Stall fees paid = SUM(amt_cents) of PAID invoices, dated
--     by paid_dt. Overdue = OPEN with due_dt before today; outstanding = OPEN. Paid on time =
--     PAID with paid_dt on or before due_dt; on-time rate = on-time invoices / non-VOID invoices
--     due in the period (dated by due_dt), as a percentage.
--   * vendor_applications: one row per vendor per market per season; app_status 'PENDING',
--     'APPROVED', 'WAITLIST', 'REJECTED' or 'WITHDRAWN'; approval rate = APPROVED / (APPROVED +
--     REJECTED), decided applications only, as a percentage.
--   * token_txns: the info booth's token sales, one row per card swipe. tender_cd 'SNAP' (EBT
--     card) or 'CREDIT' (debit/credit tokens). amt_cents is charged to the card (the tokens sold);
--     match_cents is the incentive match given on SNAP swipes (dollar for dollar, capped at $20 a
--     swipe; 0 on CREDIT). SNAP sales = SUM(amt_cents) of SNAP swipes; incentive match =
--     SUM(match_cents); match rate = SUM(match_cents) / SUM(amt_cents) of SNAP swipes, as a
--     percentage. cust_hash is the hashed card number: SNAP shoppers = COUNT(DISTINCT cust_hash)
--     of SNAP swipes. Dated by txn_ts (always on the market day).
--   * vendor_sales_rpts: one report per vendor per market day attended (not every vendor
--     files); gross_cents is the vendor's self-reported gross sales (NULL when it reported tokens
--     only); snap_tkn_cents / match_tkn_cents the SNAP and match tokens it redeemed. Gross sales
--     and tokens redeemed are dated by the market day (submitted_dt is when it was filed, up to a
--     week later).
--   * inspections: insp_type 'HEALTH', 'SCALE', 'FARM_VISIT' or 'PERMIT'; result 'PASS',
--     'CONDITIONAL' (passed with conditions) or 'FAIL'; failed = result 'FAIL' only. mkt_day_id
--     is set for inspections at a market, NULL for farm visits and office permit checks.
--   * volunteers and vol_shifts: one shift row per person per market day; shift_status 'WORKED',
--     'NO_SHOW' or 'CANCELLED' (cancelled ahead). vol_id is NULL for walk-up helpers with no
--     volunteer profile (they count as volunteers working). Volunteer hours = SUM(worked_hrs) of
--     WORKED shifts (sched_hrs is the rota); volunteers working a day = its WORKED shifts;
--     volunteer no-shows = NO_SHOW shifts. Dated by the market day.
-- ============================================================================================

CREATE TABLE markets (
    assoc_id       VARCHAR NOT NULL,
    mkt_id         INTEGER NOT NULL,      -- unique across the platform
    mkt_cd         VARCHAR NOT NULL,      -- e.g. 'RVS'
    mkt_nm         VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    mkt_type       VARCHAR NOT NULL,      -- 'SEASONAL', 'WINTER', 'YEAR_ROUND'
    mkt_dow        VARCHAR NOT NULL,      -- 'SAT', 'WED', ...
    opened_dt      DATE NOT NULL,
    max_stalls     SMALLINT NOT NULL,
    deleted_at     TIMESTAMP              -- closed market, history kept
);

CREATE TABLE market_days (
    assoc_id       VARCHAR NOT NULL,
    mkt_day_id     INTEGER NOT NULL,
    mkt_id         INTEGER NOT NULL,
    mkt_dt         DATE NOT NULL,
    status         VARCHAR NOT NULL,      -- 'HELD', 'CXL_WX', 'CXL_OTHER', 'SCHED'
    cxl_reason     VARCHAR,               -- 'HEAT', 'STORM', 'SNOW', 'SMOKE', 'HOLIDAY', 'VENUE'; NULL unless cancelled
    visitor_cnt    INTEGER                -- 0 on cancelled days, NULL when not counted / future
);

CREATE TABLE product_categories (
    assoc_id       VARCHAR NOT NULL,
    cat_cd         VARCHAR NOT NULL,      -- 'PRODUCE', 'MEAT_EGGS', 'DAIRY', 'BAKED', 'PREPARED', ...
    cat_nm         VARCHAR NOT NULL,
    snap_elig_yn   VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE vendors (
    assoc_id       VARCHAR NOT NULL,
    vendor_id      INTEGER NOT NULL,
    vendor_nm      VARCHAR NOT NULL,
    primary_cat_cd VARCHAR NOT NULL,      -- product_categories.cat_cd
    farm_county    VARCHAR,
    joined_dt      DATE NOT NULL,         -- platform account created
    snap_auth_yn   VARCHAR NOT NULL,      -- 'Y' when authorised to take SNAP tokens
    permit_no      VARCHAR,               -- NULL when no permit is needed
    permit_exp_dt  DATE,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate profile
);

CREATE TABLE vendor_applications (
    assoc_id       VARCHAR NOT NULL,
    app_id         INTEGER NOT NULL,
    vendor_id      INTEGER NOT NULL,
    mkt_id         INTEGER NOT NULL,
    season_yr      SMALLINT NOT NULL,
    submitted_dt   DATE NOT NULL,
    app_status     VARCHAR NOT NULL,      -- 'PENDING', 'APPROVED', 'WAITLIST', 'REJECTED', 'WITHDRAWN'
    decided_dt     DATE,                  -- NULL while pending / withdrawn
    app_fee_cents  INTEGER NOT NULL
);

CREATE TABLE stall_assignments (
    assoc_id        VARCHAR NOT NULL,
    assign_id       INTEGER NOT NULL,
    mkt_day_id      INTEGER NOT NULL,
    vendor_id       INTEGER NOT NULL,
    stall_no        VARCHAR NOT NULL,
    stall_fee_cents INTEGER NOT NULL,
    assign_status   VARCHAR NOT NULL,     -- 'CONFIRMED', 'CANCELLED'
    checked_in_yn   VARCHAR NOT NULL,     -- 'Y' / 'N'
    checkin_ts      TIMESTAMP             -- NULL when not checked in
);

CREATE TABLE invoices (
    assoc_id       VARCHAR NOT NULL,
    inv_id         INTEGER NOT NULL,
    vendor_id      INTEGER NOT NULL,
    mkt_id         INTEGER NOT NULL,
    period_mo      DATE NOT NULL,         -- first day of the month billed
    issued_dt      DATE NOT NULL,
    due_dt         DATE NOT NULL,
    amt_cents      INTEGER NOT NULL,
    paid_dt        DATE,                  -- NULL unless PAID
    inv_status     VARCHAR NOT NULL       -- 'OPEN', 'PAID', 'VOID'
);

CREATE TABLE token_txns (
    assoc_id       VARCHAR NOT NULL,
    txn_id         BIGINT NOT NULL,
    mkt_day_id     INTEGER NOT NULL,
    txn_ts         TIMESTAMP NOT NULL,
    tender_cd      VARCHAR NOT NULL,      -- 'SNAP', 'CREDIT'
    amt_cents      INTEGER NOT NULL,      -- charged to the card
    match_cents    INTEGER NOT NULL,      -- incentive match (SNAP only, capped at 2000)
    cust_hash      VARCHAR NOT NULL,      -- hashed card number
    is_test        BOOLEAN NOT NULL,      -- training swipe
    void_flg       VARCHAR NOT NULL       -- 'Y' voided and re-run, 'N'
);

CREATE TABLE vendor_sales_rpts (
    assoc_id        VARCHAR NOT NULL,
    rpt_id          INTEGER NOT NULL,
    vendor_id       INTEGER NOT NULL,
    mkt_day_id      INTEGER NOT NULL,
    gross_cents     INTEGER,              -- self-reported gross sales; NULL when not reported
    snap_tkn_cents  INTEGER NOT NULL,     -- SNAP tokens redeemed
    match_tkn_cents INTEGER NOT NULL,     -- incentive match tokens redeemed
    submitted_dt    DATE NOT NULL
);

CREATE TABLE inspections (
    assoc_id       VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    vendor_id      INTEGER NOT NULL,
    mkt_day_id     INTEGER,               -- NULL for farm visits and office permit checks
    insp_dt        DATE NOT NULL,
    insp_type      VARCHAR NOT NULL,      -- 'HEALTH', 'SCALE', 'FARM_VISIT', 'PERMIT'
    result         VARCHAR NOT NULL,      -- 'PASS', 'CONDITIONAL', 'FAIL'
    inspector_nm   VARCHAR NOT NULL
);

CREATE TABLE volunteers (
    assoc_id       VARCHAR NOT NULL,
    vol_id         INTEGER NOT NULL,
    vol_nm         VARCHAR NOT NULL,
    email          VARCHAR,
    joined_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- duplicate profile
);

CREATE TABLE vol_shifts (
    assoc_id       VARCHAR NOT NULL,
    shift_id       INTEGER NOT NULL,
    vol_id         INTEGER,               -- NULL for a walk-up helper without a profile
    mkt_day_id     INTEGER NOT NULL,
    role_cd        VARCHAR NOT NULL,      -- 'INFO_BOOTH', 'SNAP_BOOTH', 'SETUP', 'COUNTER'
    sched_hrs      DECIMAL(4,2) NOT NULL,
    worked_hrs     DECIMAL(4,2),          -- NULL unless WORKED
    shift_status   VARCHAR NOT NULL       -- 'WORKED', 'NO_SHOW', 'CANCELLED'
);
