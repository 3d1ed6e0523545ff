-- ============================================================================================
-- blood_bank: a regional blood service's collections, laboratory and distribution warehouse,
-- shared by the regional blood centres hosted on it (DuckDB DDL for labelling)
--
-- Company: "Haemolink" runs donor management, collection, laboratory, inventory and hospital
-- distribution software for regional blood centres. Every hosted centre's donors, deferrals,
-- donation appointments, donations (whole blood and apheresis), infectious-disease test
-- results, components, hospital shipments and returns, crossmatches and transfusions reported
-- back by the hospitals, and donor adverse reactions sit in one shared warehouse keyed by
-- ctr_cd. Centres get a text-to-SQL assistant, "donorbot", in the operations dashboard.
--
-- Warehouse: Apache Spark 3.5 SQL (sqlglot dialect `spark`), database `hl_dw`
-- (hl_dw.donations ...): date_trunc('MONTH', ts), trunc(d, 'MM'), add_months, date_add /
-- date_sub, datediff(end, start), months_between, year()/month(), count_if, FILTER (WHERE ...),
-- percentile_approx / median; no QUALIFY (top-per-group goes through a window in a subquery);
-- `/` always divides as a double. Timestamps UTC.
-- Agent: `donorbot`, versions 2.0, 2.1 and 2.2, deployed for centre 'BR-07' ("Northern Plains
-- Regional Blood Centre": three fixed donor centres and recurring mobile drives at schools,
-- churches and workplaces, supplying six hospitals); the dashboard shows at most 500 rows.
-- Log window: 2026-03-02 to 2026-03-27 (2.0 answered Mar 2-9, 2.1 Mar 10-18, 2.2 Mar 19-27).
-- The warehouse is the month-end snapshot of 2026-02-28 (the March load runs after month-end
-- close, past the log window): it holds every fact up to 2026-02-28 and nothing later, except
-- appointments booked ahead (appt_status 'BOOKED', a future appt_ts). So "last month" is
-- February 2026, "this year" / "ytd" 2026 to date, "this quarter" Q1 2026 to date, "last
-- quarter" / "Q4" October-December 2025, "last year" 2025, "in Jan" January 2026. Inventory
-- (component status) is as of the snapshot; expiry is judged against today (current_date).
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `ctr_cd = 'BR-07'` on every table (every table carries it; ids are unique across
--     the platform, so a table joined on its id to a guarded one inherits the tenant);
--   * test data: staff-training and device-validation records carry `is_test = TRUE`;
--     `is_test = FALSE` on every table that carries it (sites, donors, appointments,
--     donations). Test donations never reach the laboratory: they have no test results,
--     components or reactions;
--   * soft deletes: `deleted_at IS NULL` on donors (duplicate registrations merged into
--     another donor; their donations were moved to the surviving record).
--
-- Business conventions (what the centre's managers mean):
--   * donor = a row of donors; abo_rh is the donor's blood type ('O-', 'O+', 'A-', 'A+', 'B-',
--     'B+', 'AB-', 'AB+'; "O neg" = 'O-'). donor_status is a CRM field refreshed once a year
--     and is NOT how activity is measured. An "active donor" = a donor with at least one
--     completed donation in the last 12 months (don_ts >= add_months(current_date(), -12)).
--     A "first-time donor" in a period = a donor whose first completed donation ever falls in
--     that period (not reg_dt: many register at a drive and donate later, or never).
--     "Lapsed" = active before, but no completed donation in the last 12 months.
--   * donations: one row per collection attempt, dated by don_ts. proc_cd 'WB' whole blood,
--     '2RBC' double red cells (apheresis), 'PLT' platelets by apheresis, 'PLS' plasma by
--     apheresis. don_status 'C' completed, 'I' incomplete (stopped early or quantity not
--     sufficient: no components). "Donations" / "collections" / "units collected" count
--     completed donations (don_status = 'C') unless the question is about attempts or
--     incomplete ones. appt_id is NULL for walk-ins.
--   * sites: site_type 'FIXED' (donor centres) or 'MOBILE' (a recurring mobile drive host:
--     a school, church, workplace); a "drive" donation is a donation at a MOBILE site.
--   * appointments: appt_status 'BOOKED' (future), 'DONATED', 'NOSHOW', 'CXL' (cancelled by
--     the donor ahead), 'DEFERRED' (came, screened out at the chair). No-show rate =
--     NOSHOW / (DONATED + NOSHOW + DEFERRED), i.e. cancelled and still-booked appointments
--     are not in the denominator; dated by appt_ts.
--   * deferrals: defer_type 'T' temporary (end_dt = the last day of the deferral; the donor is
--     eligible again from the day after) or 'P' permanent (end_dt NULL). reason_cd 'LOWHB'
--     low hemoglobin, 'BP' blood pressure, 'TRAVEL' malaria-risk travel, 'TATTOO', 'MEDS'
--     medication, 'ILL' recent illness, 'REACT' confirmed-positive test (always permanent).
--     Deferred now = a permanent deferral, or a temporary one with end_dt >= current_date().
--     Eligible = not deferred now.
--   * test_results: every completed donation is screened for each marker_cd ('HIV', 'HBV',
--     'HCV', 'SYPH', 'HTLV', 'WNV'): test_type 'SCR' screening with result_cd 'NR'
--     non-reactive or 'R' reactive. An initially reactive screen gets a test_type 'CONF'
--     confirmatory test, result_cd 'POS', 'NEG' or 'IND' (indeterminate). "Reactive" means a
--     reactive screening result; "confirmed positive" = a CONF result 'POS'. Reactive rate =
--     reactive screening tests / screening tests (per marker). Dated by result_ts.
--   * components: made from completed donations: WB -> one 'RBC' + one 'FFP' (+ 'CRYO'
--     sometimes), 2RBC -> two 'RBC', PLT -> one or two 'PLT' (split), PLS -> one 'FFP'.
--     A "unit" is a component bag; "red cells" = 'RBC'. abo_rh copied from the donor.
--     prod_dt produced, exp_dt last day of use (RBC 42 days, PLT 5 days, FFP / CRYO a year).
--     comp_status 'QUAR' quarantined awaiting tests, 'AVAIL' released to inventory, 'SHIP'
--     shipped to a hospital, 'DISC' discarded (disc_dt, disc_rsn 'EXP' expired, 'BROKE'
--     broken bag, 'REACT' reactive test, 'QUAR' quarantine release failed, 'TEMP' returned
--     out of temperature). "On hand" / inventory = comp_status 'AVAIL' AND exp_dt >=
--     current_date() (outdated bags sit on the shelf until the nightly discard run).
--     Discards are dated by disc_dt; discard rate = discarded / produced, of the components
--     produced in the period (by prod_dt).
--   * shipments: one row per component shipped (ship_ts) on a hospital order (order_id; an
--     order ships several units; priority 'R' routine, 'S' STAT). hosp_cd is the hospital.
--     A return has ret_ts set (ret_rsn); a returned unit may be shipped again (a new row).
--     Returns are dated by ret_ts. Time to ship = datediff(ship_ts, don_ts) in days per
--     shipment, dated by ship_ts.
--   * crossmatches: hospitals report back one row per red-cell unit crossmatched for a patient
--     (xm_ts; platelets and plasma are issued without a crossmatch and not reported),
--     xm_result 'C' compatible / 'I' incompatible; tx_ts is set when the unit was transfused.
--     A transfusion = a crossmatch with tx_ts set, dated by tx_ts. C:T ratio of a period =
--     crossmatches (by xm_ts) / transfusions among them.
--   * donor_reactions: adverse reactions at or after a donation (rxn_type 'VASO' vasovagal,
--     'HEMA' hematoma, 'CIT' citrate, 'NERVE', 'OTH'; severity 'MILD', 'MOD', 'SEV'); a donation
--     may have more than one. Reaction rate = donation attempts (complete or not: a reaction
--     often stops the collection) with at least one reaction / donation attempts, dated by
--     don_ts.
-- ============================================================================================

CREATE TABLE sites (
    ctr_cd       VARCHAR NOT NULL,
    site_id      INTEGER PRIMARY KEY,     -- unique across the platform
    site_nm      VARCHAR NOT NULL,
    site_type    VARCHAR NOT NULL,        -- FIXED, MOBILE
    county_nm    VARCHAR,
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE donors (
    ctr_cd       VARCHAR NOT NULL,
    donor_id     BIGINT PRIMARY KEY,
    abo_rh       VARCHAR NOT NULL,        -- O-, O+, A-, A+, B-, B+, AB-, AB+
    sex_cd       VARCHAR NOT NULL,        -- F, M, X
    birth_dt     DATE NOT NULL,
    reg_dt       DATE NOT NULL,
    home_site_id INTEGER,
    donor_status VARCHAR NOT NULL,        -- CRM: ACT, INACT, DEF (refreshed yearly)
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP
);

CREATE TABLE deferrals (
    ctr_cd       VARCHAR NOT NULL,
    defer_id     BIGINT PRIMARY KEY,
    donor_id     BIGINT NOT NULL,
    defer_dt     DATE NOT NULL,
    defer_type   VARCHAR NOT NULL,        -- T temporary, P permanent
    reason_cd    VARCHAR NOT NULL,        -- LOWHB, BP, TRAVEL, TATTOO, MEDS, ILL, REACT
    end_dt       DATE                     -- last day of a temporary deferral; NULL if permanent
);

CREATE TABLE appointments (
    ctr_cd       VARCHAR NOT NULL,
    appt_id      BIGINT PRIMARY KEY,
    donor_id     BIGINT NOT NULL,
    site_id      INTEGER NOT NULL,
    appt_ts      TIMESTAMP NOT NULL,
    proc_cd      VARCHAR NOT NULL,        -- WB, 2RBC, PLT, PLS
    appt_status  VARCHAR NOT NULL,        -- BOOKED, DONATED, NOSHOW, CXL, DEFERRED
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE donations (
    ctr_cd       VARCHAR NOT NULL,
    don_id       BIGINT PRIMARY KEY,
    donor_id     BIGINT NOT NULL,
    site_id      INTEGER NOT NULL,
    appt_id      BIGINT,                  -- NULL = walk-in
    don_ts       TIMESTAMP NOT NULL,
    proc_cd      VARCHAR NOT NULL,        -- WB, 2RBC, PLT, PLS
    don_status   VARCHAR NOT NULL,        -- C completed, I incomplete
    vol_ml       INTEGER,                 -- collected volume
    hgb_gdl      DECIMAL(4,1),            -- pre-donation hemoglobin
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE test_results (
    ctr_cd       VARCHAR NOT NULL,
    test_id      BIGINT PRIMARY KEY,
    don_id       BIGINT NOT NULL,
    marker_cd    VARCHAR NOT NULL,        -- HIV, HBV, HCV, SYPH, HTLV, WNV
    test_type    VARCHAR NOT NULL,        -- SCR screening, CONF confirmatory
    result_cd    VARCHAR NOT NULL,        -- SCR: NR, R; CONF: POS, NEG, IND
    result_ts    TIMESTAMP NOT NULL
);

CREATE TABLE components (
    ctr_cd       VARCHAR NOT NULL,
    comp_id      BIGINT PRIMARY KEY,
    don_id       BIGINT NOT NULL,
    comp_type    VARCHAR NOT NULL,        -- RBC, PLT, FFP, CRYO
    abo_rh       VARCHAR NOT NULL,
    prod_dt      DATE NOT NULL,
    exp_dt       DATE NOT NULL,           -- last day of use
    comp_status  VARCHAR NOT NULL,        -- QUAR, AVAIL, SHIP, DISC
    disc_dt      DATE,
    disc_rsn     VARCHAR                  -- EXP, BROKE, REACT, QUAR, TEMP
);

CREATE TABLE shipments (
    ctr_cd       VARCHAR NOT NULL,
    ship_id      BIGINT PRIMARY KEY,
    order_id     BIGINT NOT NULL,
    hosp_cd      VARCHAR NOT NULL,
    priority     VARCHAR NOT NULL,        -- R routine, S STAT
    comp_id      BIGINT NOT NULL,
    ship_ts      TIMESTAMP NOT NULL,
    ret_ts       TIMESTAMP,               -- returned
    ret_rsn      VARCHAR                  -- NOTUSED, TEMP, DAMAGED
);

CREATE TABLE crossmatches (
    ctr_cd       VARCHAR NOT NULL,
    xm_id        BIGINT PRIMARY KEY,
    comp_id      BIGINT NOT NULL,
    hosp_cd      VARCHAR NOT NULL,
    xm_ts        TIMESTAMP NOT NULL,
    xm_result    VARCHAR NOT NULL,        -- C compatible, I incompatible
    tx_ts        TIMESTAMP                -- transfused
);

CREATE TABLE donor_reactions (
    ctr_cd       VARCHAR NOT NULL,
    rxn_id       BIGINT PRIMARY KEY,
    don_id       BIGINT NOT NULL,
    rxn_ts       TIMESTAMP NOT NULL,
    rxn_type     VARCHAR NOT NULL,        -- VASO, HEMA, CIT, NERVE, OTH
    severity     VARCHAR NOT NULL         -- MILD, MOD, SEV
);
