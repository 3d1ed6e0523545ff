-- ============================================================================================
-- water_utility: a municipal water and wastewater utility's billing and operations warehouse,
-- DuckDB DDL for labelling (the production copy is SQLite)
--
-- Company: "HydroLedger" hosts customer-information and operations data for small municipal
-- water and sewer utilities. Every hosted utility's service accounts (premises), meters with
-- their installs and change-outs, meter reads, bills with charge lines, payments, collection
-- actions (shut-off notices, shut-offs, reconnects, payment plans), field work orders (leaks,
-- main breaks, meter changes, turn-offs / turn-ons), water-quality samples and customer service
-- requests sit in one shared SQLite warehouse keyed by util_id. Utilities get a text-to-SQL
-- assistant in HydroLedger's "Ask" panel.
--
-- Warehouse: SQLite 3.45 (sqlglot dialect `sqlite`): dates are TEXT 'YYYY-MM-DD', timestamps
-- TEXT 'YYYY-MM-DD HH:MM:SS' (both compared as text), computed with date(), datetime(),
-- strftime() and julianday(); no QUALIFY, no MEDIAN; int / int truncates; flags are INTEGER 0/1.
-- Agent: `aquabot`, versions 2.3, 2.4 and 3.0 served side by side (traffic split), deployed for
-- utility WU-0318 ("Cedar Falls Water & Sewer"). Log window: 2026-11-09 to 2026-11-27. The
-- warehouse the panel reads is the extract of 2026-11-08: it holds rows up to that day, nothing
-- later. So "last month" is October 2026, "this month" November 2026 to date, "this quarter"
-- Q4 2026 to date, "last quarter" / "Q3" Q3 2026, "this year" / "ytd" 2026 to date, "last 12
-- months" / "past N days" back from the question's own date (that day included).
--
-- Labelling: check.py cannot run SQLite's date('now', modifier, ...) and julianday() in
-- DuckDB; every answer was also run in SQLite 3.40 on this DDL + seed.sql, 'now' pinned to
-- the record's timestamp, and compared with the reference under check.py's comparison (records
-- that need it say so in exec_note).
--
-- Guards the deployment adds (aquabot's system prompt requires them):
--   * tenant: `util_id = 'WU-0318'` on every table of every query (every table carries it);
--   * deleted / training rows: `del_flg = 0` on every table that carries it (svc_acct, meter,
--     work_order, svc_req). 1 marks CIS training accounts and their meters, deleted duplicate
--     work orders and service requests logged twice. Training accounts are never billed.
--
-- Business conventions at Cedar Falls (what its finance and operations staff mean):
--   * active account = acct_stat 'A' ('F' final-billed: moved out, final bill sent, balance may
--     be open; 'C' closed). acct_cls: RES residential, COM commercial, IND industrial, IRR
--     irrigation (no sewer service). rate_cd R2 is the low-income assistance residential rate.
--   * a bill belongs to an account and a billing cycle (C01 .. C04, issued on the 1st, 8th,
--     15th, 22nd); bill_prd is the service month billed, bill_dt the date it was issued (the
--     month after bill_prd). Voided bills (bill_stat 'V') were replaced by a rebill, also 'I':
--     only issued bills ('I') count anywhere.
--   * "billed" / "billed amount" / a bill's amount = SUM(bill_chg.amt) of the bill's charge lines
--     (late fees and adjustments included), dated by bill_dt. "Revenue" = water and sewer
--     charges (WBASE base, WVOL volumetric by tier, SBASE, SVOL) plus adjustments (ADJ,
--     usually negative credits): late fees (LATE) are penalties, not revenue.
--   * usage / consumption = bill.cons_kgal (thousands of gallons) of issued bills, dated by the
--     service period bill_prd (Q3 usage = periods 2026-07 .. 2026-09).
--   * collected / payments received = payments with rev_flg = 0 (reversed = NSF, returned,
--     charged back), dated by pay_dt. Collection rate of a period = collected in it / billed in
--     it. Outstanding balance = all-time billed - all-time collected.
--   * collection actions (collect_act) are dated by act_dt: SON shut-off notice, SO shut-off,
--     RC reconnect, PP payment plan (dated by its start; plan_stat ACTIVE / DONE / BROKEN =
--     defaulted; the warehouse keeps no default date).
--   * meter reads: read_typ 'A' actual, 'E' estimated; a bill on an estimated read has
--     est_flg = 1. A meter is in service while remove_dt IS NULL. A meter replacement
--     (change-out) is a meter installed in place of another one (repl_of_meter_id set), dated by
--     install_dt; a meter pulled when an account closes (chg_reason 'CLOSE') is not replaced.
--   * work orders: open = wo_stat 'OPEN' (unassigned, crew_cd NULL) or 'ASSIGNED'; 'CANC'
--     (false alarm, duplicate) never counts; counts of work orders are dated by opened_ts,
--     "completed" ones by completed_ts; repair time = completed_ts - opened_ts in hours.
--     wo_typ: LK leak, MB main break, MC meter change, SO shut-off, TO turn-on.
--   * water quality: a sample exceeds when result_val > mcl_val (the regulatory limit or, for
--     lead and copper, the action level: PB 15 ug/L, CU 1.3 mg/L); result_val NULL = lab result
--     pending (not a zero). CL2 = free chlorine residual, mg/L.
--   * service requests (svc_req): req_typ HB high bill (a "high bill complaint"), LP low
--     pressure, TO taste / odor, DW discolored water, BL billing question, LK leak report; open
--     while closed_ts IS NULL; days to close = julianday(closed_ts) - julianday(req_ts).
-- ============================================================================================

CREATE TABLE svc_acct (
    util_id      VARCHAR NOT NULL,   -- hosting utility (tenant)
    acct_no      INTEGER PRIMARY KEY,
    prem_id      INTEGER NOT NULL,   -- service premise (one account per premise at a time)
    cust_nm      VARCHAR NOT NULL,
    acct_cls     VARCHAR NOT NULL,   -- RES residential, COM commercial, IND industrial, IRR irrigation
    rate_cd      VARCHAR NOT NULL,   -- R1 residential, R2 residential low-income assistance, C1, I1, IR1
    pzone        VARCHAR NOT NULL,   -- pressure zone of the premise: PZ1 .. PZ5
    acct_stat    VARCHAR NOT NULL,   -- A active, F final-billed (moved out, balance open), C closed
    open_dt      DATE NOT NULL,
    close_dt     DATE,
    autopay_flg  INTEGER NOT NULL,   -- 1 = enrolled in autopay
    del_flg      INTEGER NOT NULL    -- 1 = training / test account or deleted duplicate
);

CREATE TABLE meter (
    util_id      VARCHAR NOT NULL,
    meter_id     INTEGER PRIMARY KEY,
    prem_id      INTEGER NOT NULL,
    meter_sz     VARCHAR NOT NULL,   -- '5/8', '3/4', '1', '1.5', '2' (inches)
    mfr_cd       VARCHAR NOT NULL,   -- NEP, SEN, BAD, ITR
    ami_flg      INTEGER NOT NULL,   -- 1 = AMI (radio) endpoint, 0 = manual read
    install_dt   DATE NOT NULL,
    remove_dt    DATE,               -- NULL = still in service
    repl_of_meter_id INTEGER,        -- the meter this one replaced (a meter replacement / change-out)
    chg_reason   VARCHAR,            -- why the meter was removed: AGE, STUCK, AMI_UPG, DAMAGE, CLOSE
    del_flg      INTEGER NOT NULL
);

CREATE TABLE meter_read (
    util_id      VARCHAR NOT NULL,
    read_id      INTEGER PRIMARY KEY,
    meter_id     INTEGER NOT NULL,
    read_dt      DATE NOT NULL,
    read_val     DECIMAL(12,1) NOT NULL,  -- register reading, kgal
    read_typ     VARCHAR NOT NULL         -- A actual, E estimated
);

CREATE TABLE bill (
    util_id      VARCHAR NOT NULL,
    bill_id      INTEGER PRIMARY KEY,
    acct_no      INTEGER NOT NULL,
    cycle_cd     VARCHAR NOT NULL,   -- billing cycle C01 .. C04 (bills on the 1st, 8th, 15th, 22nd)
    bill_prd     VARCHAR NOT NULL,   -- service period billed, 'YYYY-MM'
    bill_dt      DATE NOT NULL,      -- date the bill was issued (the month after bill_prd)
    due_dt       DATE NOT NULL,
    cons_kgal    DECIMAL(10,2) NOT NULL,  -- consumption billed, thousands of gallons
    est_flg      INTEGER NOT NULL,   -- 1 = billed on an estimated read
    bill_stat    VARCHAR NOT NULL    -- I issued, V voided (replaced by a rebill, also 'I')
);

CREATE TABLE bill_chg (
    util_id      VARCHAR NOT NULL,
    chg_id       INTEGER PRIMARY KEY,
    bill_id      INTEGER NOT NULL,
    chg_cd       VARCHAR NOT NULL,   -- WBASE, WVOL, SBASE, SVOL, LATE, ADJ
    tier_no      INTEGER,            -- tariff tier 1..3 of a WVOL line, NULL otherwise
    amt          DECIMAL(10,2) NOT NULL   -- ADJ lines are usually credits (negative)
);

CREATE TABLE payment (
    util_id      VARCHAR NOT NULL,
    pay_id       INTEGER PRIMARY KEY,
    acct_no      INTEGER NOT NULL,
    pay_dt       DATE NOT NULL,
    pay_amt      DECIMAL(10,2) NOT NULL,
    pay_chnl     VARCHAR NOT NULL,   -- WEB, IVR, LOCKBOX, CSR (walk-in / phone agent), AUTOPAY
    rev_flg      INTEGER NOT NULL    -- 1 = reversed (NSF / returned / charged back)
);

CREATE TABLE collect_act (
    util_id      VARCHAR NOT NULL,
    act_id       INTEGER PRIMARY KEY,
    acct_no      INTEGER NOT NULL,
    act_cd       VARCHAR NOT NULL,   -- SON shut-off notice, SO shut-off, RC reconnect, PP payment plan
    act_dt       DATE NOT NULL,
    amt_due      DECIMAL(10,2),      -- past-due amount the action is for
    plan_stat    VARCHAR             -- PP only: ACTIVE, DONE (paid off), BROKEN (defaulted)
);

CREATE TABLE work_order (
    util_id      VARCHAR NOT NULL,
    wo_id        INTEGER PRIMARY KEY,
    wo_typ       VARCHAR NOT NULL,   -- LK leak (service line / meter box), MB main break, MC meter change, SO shut-off, TO turn-on
    prem_id      INTEGER,            -- NULL for main breaks and other work in the street
    pzone        VARCHAR NOT NULL,
    crew_cd      VARCHAR,            -- NULL = not yet assigned
    priority     VARCHAR NOT NULL,   -- E emergency, H high, N normal
    opened_ts    TIMESTAMP NOT NULL,
    completed_ts TIMESTAMP,
    wo_stat      VARCHAR NOT NULL,   -- OPEN, ASSIGNED, DONE, CANC
    del_flg      INTEGER NOT NULL
);

CREATE TABLE wq_sample (
    util_id      VARCHAR NOT NULL,
    sample_id    INTEGER PRIMARY KEY,
    site_cd      VARCHAR NOT NULL,   -- sampling site
    pzone        VARCHAR NOT NULL,
    sample_dt    DATE NOT NULL,
    analyte      VARCHAR NOT NULL,   -- CL2 free chlorine (mg/L), PB lead (ug/L), CU copper (mg/L), TCOLI total coliform (1 present / 0 absent)
    result_val   DECIMAL(10,3),      -- NULL = lab result pending
    mcl_val      DECIMAL(10,3) NOT NULL,  -- regulatory limit / action level the result is held to
    lab_cd       VARCHAR NOT NULL
);

CREATE TABLE svc_req (
    util_id      VARCHAR NOT NULL,
    req_id       INTEGER PRIMARY KEY,
    acct_no      INTEGER,            -- NULL = caller is not a customer (passer-by reporting a leak)
    req_typ      VARCHAR NOT NULL,   -- HB high bill, LP low pressure, TO taste / odor, DW discolored water, BL billing question, LK leak report
    channel      VARCHAR NOT NULL,   -- PHONE, WEB, EMAIL, WALKIN
    req_ts       TIMESTAMP NOT NULL,
    closed_ts    TIMESTAMP,          -- NULL = still open
    del_flg      INTEGER NOT NULL
);
