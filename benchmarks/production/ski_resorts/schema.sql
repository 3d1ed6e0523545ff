-- ============================================================================================
-- ski_resorts: a ski-resort operator platform's warehouse, shared by the resort groups that
-- host on it (DuckDB DDL for labelling)
--
-- Company: "Fallline" runs ticketing, pass, RFID access, ski-school, rental, snow-ops, lift-ops
-- and food-and-beverage POS software for ski-resort groups. Every hosted group's lift-ticket
-- sales, season passes and their blackout calendars, RFID lift scans, ski-school lessons,
-- rental checkouts, daily snow readings, lift downtime incidents and F&B transactions sit in
-- one shared warehouse keyed by rg_id. Groups get a text-to-SQL assistant, "liftbot", in the
-- ops console.
--
-- Warehouse: Oracle 19c (sqlglot dialect `oracle`), schema SKIDW (skidw.tkt_sales ...).
-- Every *_ts column is an Oracle DATE with a time of day (TIMESTAMP in this DuckDB DDL): a
-- date minus a date is a number of days, (b - a) * 24 hours. TRUNC(d, 'MM'), ADD_MONTHS,
-- FETCH FIRST n ROWS ONLY, MEDIAN, NVL, DECODE; flags are 'Y' / 'N' (no booleans).
-- Agent: `liftbot`, versions 4.0, 4.1 and 5.0, deployed for resort group 'RG-2291'
-- ("Granite Peaks": three resorts, 'SNW' Snowridge, 'PKL' Pike Lake and 'BVR' Beaver Run);
-- the console shows at most 500 rows.
-- Log window: 2027-01-11 to 2027-01-29 (4.0 answered Jan 11-15, 4.1 Jan 18-22, 5.0 Jan
-- 25-29). The warehouse is the snapshot of 2027-01-10 end of day (the nightly loads are
-- paused for the Oracle upgrade during the window): it holds every fact up to 2027-01-10 and
-- nothing later. So "last month" / "in Dec" is December 2026, "this month" / "mtd" January
-- 2027 (to the snapshot), "Q4" October-December 2026, "this season" / "season to date" the
-- 2026/27 season (from 2026-11-01; season_cd '2627'), "last season" 2025/26 (2025-11-01 to
-- 2026-04-30; season_cd '2526'). A season runs November 1 to April 30.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `rg_id = 'RG-2291'` on every table (every table carries it; ids are unique
--     across the platform, so a table joined on its id to a guarded one inherits the tenant);
--   * test data: `test_flg = 'N'` on tkt_sales (training sales at the window) and lift_scans
--     (gate tests by lift ops, with no pass or ticket);
--   * soft deletes: `del_flg = 'N'` on lifts, season_passes and lessons (rows entered in
--     error; a deleted lift never ran, a deleted pass never scanned);
--   * voids: `void_flg = 'N'` on pos_txn (voided checks never count).
--
-- Business conventions (what Granite Peaks' managers mean):
--   * tkt_sales: one row per sale (a cart line), dated by sale_ts; chnl_cd 'WEB' website,
--     'APP' mobile app, 'WIN' ticket window, 'KSK' kiosk, 'OTA' third-party resellers.
--     "Online" = WEB and APP. prod_cd 'DAY' full day, 'HALF' half day, 'MD3' / 'MD5'
--     multi-day (3 / 5 days). qty = tickets in the line; unit_px = list price per ticket;
--     net_amt = qty * unit_px - disc_amt, what the guest paid. A refunded sale keeps its row
--     with rfnd_ts set. Ticket revenue = SUM(net_amt) of sales not refunded (rfnd_ts IS
--     NULL). "Tickets sold" = SUM(qty) of sales not refunded; "sales" / "transactions" =
--     rows. Avg ticket price = ticket revenue / tickets sold (never AVG(unit_px)).
--   * season_passes: one row per pass sold, season_cd '2526', '2627' ...; tier_cd 'GOLD'
--     (no blackouts), 'SLVR' (holiday blackouts), 'BRNZ' (weekdays only, holiday
--     blackouts); status_cd 'A' active, 'C' cancelled / refunded, 'S' suspended (code of
--     conduct). "Passes sold" counts every pass of the season, cancelled ones included;
--     "pass holders" / "active passes" = status_cd 'A' only.
--   * pass_blackouts: one row per tier and blackout date (blk_dt); GOLD has none.
--   * lift_scans: one RFID read at a lift gate (lift_id, gate_no), scan_ts; a pass scan has
--     pass_id set and sale_id NULL, a ticket scan sale_id set and pass_id NULL. denied_flg
--     'Y' = the gate refused the media (blackout day, expired, suspended); "scans" / "lift
--     rides" = accepted scans (denied_flg = 'N'); "skier days" / "days skied" of a pass =
--     distinct calendar days with an accepted scan.
--   * lifts: resort_cd, lift_type 'CHR' chairlift, 'GON' gondola, 'SRF' surface lift,
--     cap_pph = uphill capacity (persons per hour).
--   * lessons: ski-school lessons, dated by lesson_dt; lvl_cd 'BEG', 'NOV', 'INT', 'ADV';
--     lsn_type 'GRP' group, 'PRV' private; instr_id = the instructor (no table); status_cd
--     'C' completed (taught), 'N' no-show, 'X' cancelled by the guest ahead (refunded).
--     No-shows are charged. Lesson revenue = SUM(price_amt) of 'C' and 'N' lessons. No-show
--     rate = no-shows / (completed + no-shows); cancelled lessons are left out of both.
--     "Lessons taught" / "lessons per instructor" = completed lessons.
--   * rentals: one row per piece of equipment checked out; out_ts, due_ts (when it is due
--     back), ret_ts (NULL = still out); equip_type 'SKI', 'SNB' snowboard, 'BOOT', 'HELM';
--     dmg_fee: NULL = no damage found, 0 = damage found but the fee waived, > 0 = charged.
--     "With a damage fee" = dmg_fee > 0. Rental length = ret_ts - out_ts of returned
--     rentals. Dated by out_ts.
--   * snow_daily: one row per resort and day of the season (read_dt); depth_cm = base depth
--     at the 7am reading (NULL when the stake sensor was down), new_snow_cm = snow in the
--     last 24 hours, snowmk_hrs = gun-hours of snowmaking that day.
--   * lift_downtime: one row per unplanned stop (inc_id) of a lift, start_ts, end_ts
--     (every incident in the snapshot is closed); cause_cd 'WND' wind hold, 'MECH',
--     'ELEC', 'PWR' power, 'ICE'. Downtime hours = (end_ts - start_ts) * 24, dated by
--     start_ts. Lift downtime incidents are the group's; resort comes from the lift.
--   * pos_txn: F&B checks by outlet_cd ('SUMT' summit lodge, 'BASE' base cafe, 'BAR'
--     apres bar, 'GRAB' grab and go); amt = the check before tip, tip_amt separate. F&B
--     revenue = SUM(amt), tips excluded; avg check = AVG(amt) of checks.
-- ============================================================================================

CREATE TABLE lifts (
    rg_id      VARCHAR NOT NULL,
    lift_id    INTEGER PRIMARY KEY,
    resort_cd  VARCHAR NOT NULL,      -- SNW, PKL, BVR (RG-2291)
    lift_nm    VARCHAR NOT NULL,
    lift_type  VARCHAR NOT NULL,      -- CHR, GON, SRF
    cap_pph    INTEGER NOT NULL,
    del_flg    VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE tkt_sales (
    rg_id      VARCHAR NOT NULL,
    sale_id    BIGINT PRIMARY KEY,
    resort_cd  VARCHAR NOT NULL,
    sale_ts    TIMESTAMP NOT NULL,
    chnl_cd    VARCHAR NOT NULL,      -- WEB, APP, WIN, KSK, OTA
    prod_cd    VARCHAR NOT NULL,      -- DAY, HALF, MD3, MD5
    qty        INTEGER NOT NULL,
    unit_px    DECIMAL(8,2) NOT NULL,
    disc_amt   DECIMAL(8,2) NOT NULL,
    net_amt    DECIMAL(10,2) NOT NULL,
    guest_id   BIGINT,
    test_flg   VARCHAR NOT NULL,
    rfnd_ts    TIMESTAMP
);

CREATE TABLE season_passes (
    rg_id      VARCHAR NOT NULL,
    pass_id    BIGINT PRIMARY KEY,
    guest_id   BIGINT NOT NULL,
    season_cd  VARCHAR NOT NULL,      -- '2425', '2526', '2627'
    tier_cd    VARCHAR NOT NULL,      -- GOLD, SLVR, BRNZ
    sold_dt    DATE NOT NULL,
    price_amt  DECIMAL(8,2) NOT NULL,
    status_cd  VARCHAR NOT NULL,      -- A, C, S
    del_flg    VARCHAR NOT NULL
);

CREATE TABLE pass_blackouts (
    rg_id      VARCHAR NOT NULL,
    tier_cd    VARCHAR NOT NULL,
    blk_dt     DATE NOT NULL
);

CREATE TABLE lift_scans (
    rg_id      VARCHAR NOT NULL,
    scan_id    BIGINT PRIMARY KEY,
    lift_id    INTEGER NOT NULL,
    gate_no    INTEGER NOT NULL,
    scan_ts    TIMESTAMP NOT NULL,
    pass_id    BIGINT,                -- NULL: a ticket scan (or a gate test)
    sale_id    BIGINT,                -- NULL: a pass scan (or a gate test)
    denied_flg VARCHAR NOT NULL,
    test_flg   VARCHAR NOT NULL
);

CREATE TABLE lessons (
    rg_id      VARCHAR NOT NULL,
    lesson_id  BIGINT PRIMARY KEY,
    resort_cd  VARCHAR NOT NULL,
    instr_id   VARCHAR NOT NULL,      -- 'I-301' ...
    guest_id   BIGINT NOT NULL,
    lesson_dt  DATE NOT NULL,
    lvl_cd     VARCHAR NOT NULL,      -- BEG, NOV, INT, ADV
    lsn_type   VARCHAR NOT NULL,      -- GRP, PRV
    price_amt  DECIMAL(8,2) NOT NULL,
    status_cd  VARCHAR NOT NULL,      -- C, N, X
    del_flg    VARCHAR NOT NULL
);

CREATE TABLE rentals (
    rg_id      VARCHAR NOT NULL,
    rental_id  BIGINT PRIMARY KEY,
    resort_cd  VARCHAR NOT NULL,
    guest_id   BIGINT NOT NULL,
    equip_type VARCHAR NOT NULL,      -- SKI, SNB, BOOT, HELM
    out_ts     TIMESTAMP NOT NULL,
    due_ts     TIMESTAMP NOT NULL,
    ret_ts     TIMESTAMP,             -- NULL = still out
    rent_amt   DECIMAL(8,2) NOT NULL,
    dmg_fee    DECIMAL(8,2)           -- NULL no damage, 0 waived, > 0 charged
);

CREATE TABLE snow_daily (
    rg_id       VARCHAR NOT NULL,
    resort_cd   VARCHAR NOT NULL,
    read_dt     DATE NOT NULL,
    depth_cm    INTEGER,              -- NULL: sensor down
    new_snow_cm INTEGER NOT NULL,
    snowmk_hrs  DECIMAL(6,1) NOT NULL
);

CREATE TABLE lift_downtime (
    rg_id      VARCHAR NOT NULL,
    inc_id     BIGINT PRIMARY KEY,
    lift_id    INTEGER NOT NULL,
    start_ts   TIMESTAMP NOT NULL,
    end_ts     TIMESTAMP NOT NULL,
    cause_cd   VARCHAR NOT NULL       -- WND, MECH, ELEC, PWR, ICE
);

CREATE TABLE pos_txn (
    rg_id      VARCHAR NOT NULL,
    txn_id     BIGINT PRIMARY KEY,
    resort_cd  VARCHAR NOT NULL,
    outlet_cd  VARCHAR NOT NULL,      -- SUMT, BASE, BAR, GRAB
    txn_ts     TIMESTAMP NOT NULL,
    amt        DECIMAL(8,2) NOT NULL,
    tip_amt    DECIMAL(8,2) NOT NULL,
    void_flg   VARCHAR NOT NULL
);
