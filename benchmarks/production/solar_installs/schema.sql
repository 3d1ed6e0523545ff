-- ============================================================================================
-- solar_installs: a residential solar installer platform's warehouse, shared by the installers
-- that host on it (DuckDB DDL for labelling)
--
-- Company: "Heliograph" runs CRM, design, permitting, install-scheduling, monitoring and
-- commission software for residential solar installers. Every hosted installer's sales leads,
-- site surveys, proposals, signed contracts, permits and utility interconnection applications,
-- install jobs, inspections, monthly production readings, service tickets and rep commissions
-- sit in one shared warehouse keyed by inst_id. Installers get a text-to-SQL assistant,
-- "sunbot", in the ops console.
--
-- Warehouse: Trino (sqlglot dialect `trino`), catalog `helio`, schema `dw`
-- (helio.dw.contracts ...): date_trunc('month', d), date_add('day', n, d), date_diff('day', a,
-- b), count_if, approx_percentile, FILTER (WHERE ...); no QUALIFY; `int / int` truncates
-- (count_if(...) / count(*) is 0 unless cast). Timestamps UTC.
-- Agent: `sunbot`, versions 1.2, 1.3 and 1.4, deployed for installer 'SI-4417' ("Brightpath
-- Solar", Arizona and Nevada, four in-house install crews C1-C4 and a subcontracted crew SUB1);
-- the console shows at most 1000 rows.
-- Log window: 2026-10-05 to 2026-10-23 (1.2 answered Oct 5-9, 1.3 Oct 12-16, 1.4 Oct 19-23).
-- The warehouse is the month-end snapshot of 2026-09-30 (the October load runs after the
-- month-end commission run, past the log window): it holds every fact up to 2026-09-30 and
-- nothing later (install jobs already scheduled for October are there, not done). So "last
-- month" is September 2026, "last quarter" / "Q3" July-September 2026, "Q2" April-June 2026,
-- "ytd" / "this year" 2026 to date, "last year" 2025, "in March" March 2026.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `inst_id = 'SI-4417'` on every table (every table carries it; ids are unique
--     across the platform, so a table joined on its id to a guarded one inherits the tenant);
--   * test data: sales-training leads and their proposals and contracts carry
--     `is_test = TRUE`; `is_test = FALSE` on every table that carries it (leads, proposals,
--     contracts). Test contracts never reach permitting, install or commission;
--   * soft deletes: `deleted_at IS NULL` on leads (duplicates merged into another lead; they
--     carry no survey or proposal) and proposals (designs discarded by the designer).
--
-- Business conventions (what Brightpath's managers mean):
--   * leads: dated by created_ts; lead_src 'WEB' web form, 'REF' customer referral, 'D2D'
--     door to door, 'PART' partner (roofers, electricians), 'EVT' events / home shows.
--     rep_id = the rep the lead is assigned to (NULL: not assigned yet). util_cd = the
--     home's electric utility ('APS', 'SRP', 'TEP', 'NVE').
--   * site_surveys: svy_status 'C' completed, 'X' cancelled, 'N' no-show; roof_type ('COMP'
--     asphalt shingle, 'TILE', 'METAL', 'FLAT'), shade_pct (annual shading loss, %),
--     azimuth_deg (of the main array plane; 180 = due south) and tilt_deg are set on completed
--     surveys only. "South-facing" = azimuth_deg BETWEEN 135 AND 225. lead_id is NULL on
--     surveys booked by a partner before a lead existed. Sales-training leads get no survey
--     (their proposals are keyed in directly), so surveys carry no test flag.
--   * proposals: one lead may get several designs; sys_kw_dc = system size in kW DC;
--     panel_mdl x panel_qty, inv_mdl (inverter), batt_mdl / batt_qty (NULL / 0 = no battery);
--     gross_amt = system price before incentives; ppw = gross_amt / (sys_kw_dc * 1000).
--     prop_status 'D' draft, 'S' sent, 'A' accepted, 'R' rejected, 'E' expired.
--   * contracts: signed contracts, dated by signed_dt; a contract's system is its proposal's
--     (contracts.prop_id). fin_type 'CASH', 'LOAN', 'LEASE', 'PPA'. A cancelled contract has
--     cxl_dt set; cxl_rsn 'RESC' = cancelled by the homeowner inside the 3-day rescission
--     window, 'CREDIT' (financing declined), 'CUST' (homeowner, after the window), 'SITE'
--     (roof or panel not workable). A lead whose contract was rescinded may sign again (a new
--     contract).
--     "Signed" / "contracts signed" counts every signed contract, cancelled or not.
--     "Sold" / "sales" / "deals" / "net contracts" / "bookings" = signed contracts not
--     cancelled (cxl_dt IS NULL). kW sold = SUM(sys_kw_dc) of those.
--     Cancellation rate = cancelled contracts / contracts signed, by signed_dt of the period.
--     PPW (price per watt) of a set of deals = SUM(gross_amt) / (SUM(sys_kw_dc) * 1000), as
--     totals (kW-weighted), never the average of per-deal ppw.
--     Battery attach rate = share of sold contracts whose proposal has a battery.
--     Conversion rate of leads = leads with at least one signed contract / leads.
--   * permits: pmt_type 'BLDG' building permit (the city / county AHJ), 'ELEC' electrical,
--     'IX' utility interconnection application (juris_nm = the utility); pmt_status 'SUB'
--     submitted (pending), 'APP' approved (appr_dt), 'REJ' rejected (resubmitted under a new
--     pmt_id). Turnaround = date_diff('day', submit_dt, appr_dt) of approved permits, dated by
--     appr_dt. Pending = 'SUB'; "pending more than N days" = submitted more than N days ago.
--   * install_jobs: job_status 'S' scheduled, 'D' done (inst_dt = the install day), 'X'
--     cancelled / rescheduled (a new job replaces it). An install = a done job, dated by
--     inst_dt (not sched_dt). crew_cd 'C1'-'C4', 'SUB1'. pto_dt = permission to operate from
--     the utility, on the done job; a system is live once it has PTO. kW installed =
--     sys_kw_dc of the contract's proposal, by inst_dt.
--   * inspections: insp_type 'CITY' (AHJ final) or 'UTIL' (utility witness test); result 'P'
--     passed, 'F' failed (re-inspected later under a new insp_id). First-time pass rate =
--     installs whose first CITY inspection passed / installs with a CITY inspection, dated by
--     that first inspection.
--   * prod_monthly: one row per live system and month (prod_mo = first of the month);
--     kwh_act = metered production (NULL when monitoring was offline all month), kwh_est =
--     the modelled estimate. Production ratio = kwh_act / kwh_est; a system "under N% of
--     estimate" in a month has kwh_act < N/100 * kwh_est (offline months are not under).
--   * svc_tickets: opened_ts, closed_ts (NULL = open); tkt_cat 'INV' inverter, 'PNL'
--     panel, 'LEAK' roof leak, 'MON' monitoring offline, 'BATT' battery, 'OTH'. A warranty
--     claim is a ticket with is_warr = TRUE filed with the manufacturer: warr_status 'SUB'
--     submitted, 'APP' approved, 'DEN' denied; warr_amt = amount claimed. Warranty claim $
--     (recovered) = SUM(warr_amt) of approved claims, dated by opened_ts.
--   * rep_comm: commission payments per rep and contract, dated by pay_dt; comm_type 'ADV'
--     advance at signing, 'M1' at install, 'M2' at PTO, 'CLAW' clawback (amt negative) when
--     a contract is cancelled after its advance was paid. Net commission = SUM(amt), clawbacks
--     included; gross = clawbacks left out.
--   * reps have no table: rep_id ('R-101' ...) is the rep.
-- ============================================================================================

CREATE TABLE leads (
    inst_id      VARCHAR NOT NULL,
    lead_id      BIGINT PRIMARY KEY,      -- unique across the platform
    lead_src     VARCHAR NOT NULL,        -- WEB, REF, D2D, PART, EVT
    created_ts   TIMESTAMP NOT NULL,
    rep_id       VARCHAR,                 -- assigned rep; NULL = unassigned
    st_cd        VARCHAR NOT NULL,        -- AZ, NV
    zip_cd       VARCHAR NOT NULL,
    util_cd      VARCHAR NOT NULL,        -- APS, SRP, TEP, NVE
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP
);

CREATE TABLE site_surveys (
    inst_id      VARCHAR NOT NULL,
    svy_id       BIGINT PRIMARY KEY,
    lead_id      BIGINT,                  -- NULL: booked by a partner before a lead existed
    svy_dt       DATE NOT NULL,
    svy_status   VARCHAR NOT NULL,        -- C completed, X cancelled, N no-show
    roof_type    VARCHAR,                 -- COMP, TILE, METAL, FLAT (completed only)
    shade_pct    DECIMAL(4,1),            -- annual shading loss %
    azimuth_deg  INTEGER,                 -- 180 = south
    tilt_deg     INTEGER,
    msp_amps     INTEGER                  -- main service panel rating
);

CREATE TABLE proposals (
    inst_id      VARCHAR NOT NULL,
    prop_id      BIGINT PRIMARY KEY,
    lead_id      BIGINT NOT NULL,
    prop_dt      DATE NOT NULL,
    sys_kw_dc    DECIMAL(6,3) NOT NULL,
    panel_mdl    VARCHAR NOT NULL,
    panel_qty    INTEGER NOT NULL,
    inv_mdl      VARCHAR NOT NULL,
    batt_mdl     VARCHAR,                 -- NULL = no battery
    batt_qty     INTEGER NOT NULL,
    gross_amt    DECIMAL(10,2) NOT NULL,
    ppw          DECIMAL(5,2) NOT NULL,   -- gross_amt / (sys_kw_dc * 1000)
    prop_status  VARCHAR NOT NULL,        -- D, S, A, R, E
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP
);

CREATE TABLE contracts (
    inst_id      VARCHAR NOT NULL,
    ctr_id       BIGINT PRIMARY KEY,
    lead_id      BIGINT NOT NULL,
    prop_id      BIGINT NOT NULL,
    rep_id       VARCHAR NOT NULL,        -- selling rep
    signed_dt    DATE NOT NULL,
    fin_type     VARCHAR NOT NULL,        -- CASH, LOAN, LEASE, PPA
    ctr_amt      DECIMAL(10,2) NOT NULL,  -- contract value
    lender_cd    VARCHAR,                 -- loan / lease / PPA partner; NULL for cash
    cxl_dt       DATE,
    cxl_rsn      VARCHAR,                 -- RESC, CREDIT, CUST, SITE
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE permits (
    inst_id      VARCHAR NOT NULL,
    pmt_id       BIGINT PRIMARY KEY,
    ctr_id       BIGINT NOT NULL,
    pmt_type     VARCHAR NOT NULL,        -- BLDG, ELEC, IX (utility interconnection)
    juris_nm     VARCHAR NOT NULL,        -- AHJ, or the utility for IX
    submit_dt    DATE NOT NULL,
    appr_dt      DATE,
    pmt_status   VARCHAR NOT NULL         -- SUB, APP, REJ
);

CREATE TABLE install_jobs (
    inst_id      VARCHAR NOT NULL,
    job_id       BIGINT PRIMARY KEY,
    ctr_id       BIGINT NOT NULL,
    crew_cd      VARCHAR NOT NULL,        -- C1-C4, SUB1
    sched_dt     DATE NOT NULL,
    inst_dt      DATE,                    -- set when done
    job_status   VARCHAR NOT NULL,        -- S scheduled, D done, X cancelled / rescheduled
    pto_dt       DATE                     -- permission to operate
);

CREATE TABLE inspections (
    inst_id      VARCHAR NOT NULL,
    insp_id      BIGINT PRIMARY KEY,
    job_id       BIGINT NOT NULL,
    insp_type    VARCHAR NOT NULL,        -- CITY, UTIL
    insp_dt      DATE NOT NULL,
    result_cd    VARCHAR NOT NULL         -- P passed, F failed
);

CREATE TABLE prod_monthly (
    inst_id      VARCHAR NOT NULL,
    ctr_id       BIGINT NOT NULL,
    prod_mo      DATE NOT NULL,           -- first of the month
    kwh_act      DECIMAL(9,1),            -- NULL = monitoring offline all month
    kwh_est      DECIMAL(9,1) NOT NULL,
    PRIMARY KEY (ctr_id, prod_mo)
);

CREATE TABLE svc_tickets (
    inst_id      VARCHAR NOT NULL,
    tkt_id       BIGINT PRIMARY KEY,
    ctr_id       BIGINT NOT NULL,
    opened_ts    TIMESTAMP NOT NULL,
    closed_ts    TIMESTAMP,               -- NULL = open
    tkt_cat      VARCHAR NOT NULL,        -- INV, PNL, LEAK, MON, BATT, OTH
    is_warr      BOOLEAN NOT NULL,        -- warranty claim filed
    warr_status  VARCHAR,                 -- SUB, APP, DEN (claims only)
    warr_amt     DECIMAL(9,2)             -- claimed amount (claims only)
);

CREATE TABLE rep_comm (
    inst_id      VARCHAR NOT NULL,
    comm_id      BIGINT PRIMARY KEY,
    rep_id       VARCHAR NOT NULL,
    ctr_id       BIGINT NOT NULL,
    comm_type    VARCHAR NOT NULL,        -- ADV, M1, M2, CLAW
    pay_dt       DATE NOT NULL,
    amt          DECIMAL(9,2) NOT NULL    -- negative for CLAW
);
