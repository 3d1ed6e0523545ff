-- ============================================================================================
-- elevator_maintenance: the warehouse of an elevator and escalator maintenance-contractor
-- platform (DuckDB DDL for labelling)
--
-- Company: "LiftLedger" sells dispatch, preventive-maintenance scheduling, code-compliance and
-- billing software to elevator contractors. Every contractor is a tenant of one shared SQLite
-- reporting warehouse (a nightly export per region), all tables keyed by contractor_id. The
-- deployment here is contractor 'EC-2207', Summit Vertical Elevator Co., with four branches:
-- METRO (Port Alder), NORTH (Linden Falls), SOUTH (Southpoint) and EAST (Eastgate), the EAST
-- branch opened in September 2026 with two buildings taken over from another contractor (their
-- callbacks are not logged on the platform yet). Other tenants in the warehouse: 'EC-1150'
-- (Keystone Lift Services) and 'EC-3381' (Harborline Elevator).
--
-- Warehouse: SQLite. Dates are stored as 'YYYY-MM-DD' text and timestamps as
-- 'YYYY-MM-DD HH:MM:SS' text (local time), so they compare as text; date('now', ...),
-- strftime('%Y-%m', ...) and julianday() are the date functions; `/` between two integers is
-- integer division; IIF and aggregate FILTER (WHERE ...) exist. Flags are 0/1 integers (is_test)
-- or 'Y'/'N' text (*_yn, void_flg). Money is stored in integer cents (*_cents): dollar figures
-- are cents / 100.0. The agent writes dialect `sqlite`.
-- Agent: `lift-sql`, versions 9.1, 9.2 and 9.3, deployed for contractor 'EC-2207'.
-- Log window: 2026-11-02 to 2026-11-25. The warehouse is loaded to 2026-10-31 (the platform's
-- month-end close; nothing dated later, except PM visits scheduled ahead (status 'SCHED'),
-- contracts running on or signed to start later (PENDING) and invoice due dates).
-- So "last month" is October 2026, "ytd" / "this year" 2026 to date, "last quarter" Q3 2026
-- (July-September), "last 6 months" the six whole months May-October 2026, "last 90 days" the
-- rolling 90 days back from today (reported_ts >= today - 90 days), "the last 12 months" for
-- inspections the rolling year back from today, "next 60 days" today to today + 60 days
-- inclusive, "by year end" up to 2026-12-31, "rn" / "right now" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `contractor_id = 'EC-2207'` on every table of every query (row policy; ids are
--     unique across the platform);
--   * test rows: `is_test = 0` on buildings (the 'Summit Training Tower', the contractor's
--     training rig: its two units, their PM visits and callbacks are training activity and are
--     excluded through buildings) and on callbacks (test calls placed by the call centre to
--     check the phone line and the dispatch app, on real units; every callback on the training
--     tower is flagged too);
--   * soft deletes: `deleted_at IS NULL` on units (unit records keyed twice by the registry
--     import; the duplicates carry no activity) and mechanics (a profile keyed twice, no
--     activity). These matter where that table is the population counted or listed;
--   * voids: `void_flg = 'N'` on invoices (voided invoices, re-issued under a new number).
--
-- Business conventions of the contractor (what a careful analyst would apply):
--   * buildings: one row per customer building; cust_nm is the customer (owner or property
--     manager, who may hold several buildings); branch_cd is the branch that services the
--     building. "Per branch" means the building's branch unless said otherwise.
--   * units: one row per conveyance, unit_type 'TRACTION', 'HYDRAULIC' or 'ESCALATOR';
--     capacity_lbs NULL for escalators; install_yr is the year installed; unit age = the
--     current year - install_yr ("older than 25 years" = age > 25). status_cd 'IN_SVC',
--     'OOS' (out of service, still maintained and inspected) or 'DECOM' (decommissioned, gone).
--     "Units" / "our units" = units not deleted and not DECOM (OOS included); "in service" =
--     status_cd = 'IN_SVC'. last_insp_dt is the last inspection date as the state registry
--     had it at its last import (2026-07-01; NULL when the registry lacks the unit); it lags,
--     the inspections table is the truth for "last inspection" questions.
--   * mechanics: role_cd 'MECH' (licensed mechanic) or 'HELPER'; branch_cd is the home branch
--     (mechanics cover callbacks at other branches); cert_cd the current certification ('QEI',
--     'CET', 'NAEC'; NULL none) with cert_exp_dt; term_dt set for leavers. "Mechanics" /
--     "staff" rn = term_dt IS NULL (and not deleted). A cert is "expiring" by a date when
--     cert_exp_dt falls from today to that date; one already past is lapsed, not expiring.
--   * contracts: one row per contract term per building; contract_type 'FULL' (full
--     maintenance), 'POG' (parts, oil and grease) or 'EXAM' (examination only); visit_freq
--     'MONTHLY', 'BIMONTHLY' or 'QUARTERLY'; monthly_fee_cents is the monthly fee (quarterly
--     contracts still quote a monthly fee). status_cd 'ACTIVE', 'PENDING' (signed, starts
--     later), 'EXPIRED' (ran to end_dt) or 'CANCELLED' (ended early at cancel_dt; end_dt keeps
--     the signed end). Active = status_cd = 'ACTIVE'. A renewal is a later contract whose
--     prev_contract_id points at the one it renews; a contract "was renewed" when such a
--     successor exists (PENDING ones included). Renewal rate = renewed / contracts whose end_dt
--     fell in the period, CANCELLED contracts left out (they ended early). MRR = SUM of
--     monthly_fee_cents of ACTIVE contracts.
--   * pm_visits: scheduled preventive-maintenance visits per unit; status_cd 'SCHED'
--     (upcoming), 'DONE' (done_ts set), 'MISSED' or 'CXL' (cancelled by the customer, not
--     counted against the mechanic). PM completion rate = DONE / (DONE + MISSED) of visits by
--     sched_dt, per assigned mechanic (mech_id).
--   * callbacks: one row per trouble call; status_cd 'CLOSED', 'OPEN' (mechanic on it, not
--     cleared) or 'CXL' (cancelled by the caller before anyone arrived: no mechanic, no
--     arrival). "Callbacks" = callbacks not CXL (and not test), dated by reported_ts.
--     entrap_yn = 'Y' for an entrapment (passengers stuck in a car; never on escalators);
--     "entrapments" = callbacks with entrap_yn = 'Y' (not CXL). resp_min = minutes from
--     reported_ts to arrived_ts (NULL on CXL). "Response time" = AVG(resp_min). SLA: an
--     entrapment is answered "on time" / "within SLA" when resp_min <= 30; other callbacks
--     within 240. after_hrs_yn = 'Y' for calls reported before 07:00, from 17:00 or at the
--     weekend. mech_id is the responding mechanic. billable_yn = 'Y' when billed as overtime.
--   * inspections: state inspections (insp_type 'ANNUAL', 'CAT5' (five-year full-load test),
--     'REINSP' (re-inspection after a failure), 'ACCEPT'); result_cd 'PASS', 'COND' (conditional:
--     passed with minor items to correct) or 'FAIL'. Pass rate = PASS / all inspections in
--     the period (COND is not a pass), by insp_dt. "Failed its last inspection" = the unit's
--     latest inspection by insp_dt has result_cd 'FAIL'. viol_cnt = violations written.
--   * violations: one row per violation written on an inspection; severity 'MAJOR' or
--     'MINOR'; due_dt the date it must be corrected by; corrected_dt NULL while open. "Open"
--     = corrected_dt IS NULL; "past due" / "overdue" = open and due_dt < today.
--   * repair_quotes: status_cd 'OPEN' (awaiting the customer), 'ACCEPTED', 'DECLINED' or
--     'EXPIRED'; viol_id set when quoted to cure a violation. Quote win rate = ACCEPTED /
--     decided quotes (ACCEPTED + DECLINED + EXPIRED), by quoted_dt; OPEN quotes are undecided.
--   * repair_jobs: one row per repair job; quote_id NULL for time-and-material jobs opened
--     from a callback; status_cd 'OPEN', 'COMPLETE' (complete_dt set) or 'CXL'. Labor hours =
--     labor_hrs of the job. job_parts: one row per part issue to a job (qty negative for a
--     return); parts spend = SUM(qty * unit_cost_cents) / 100.0 by issued_dt.
--   * invoices: inv_type 'CONTRACT' (monthly contract billing), 'REPAIR', 'OT_CALLBACK'
--     (overtime callback billing) or 'INSPECTION' (state fee pass-through); amt_cents before
--     tax, tax_cents the sales tax on parts. Revenue = SUM(amt_cents) / 100.0 of non-void
--     invoices by inv_dt (tax is not revenue). Outstanding / open AR = amt_cents + tax_cents of
--     non-void invoices with paid_dt IS NULL (what the customer owes). "Past due" = unpaid and
--     due_dt < today; "more than 90 days past due" = due_dt < today - 90 days.
-- ============================================================================================

CREATE TABLE mechanics (
    contractor_id  VARCHAR NOT NULL,
    mech_id        INTEGER NOT NULL,      -- unique across the platform
    mech_nm        VARCHAR NOT NULL,
    branch_cd      VARCHAR NOT NULL,      -- home branch: 'METRO', 'NORTH', 'SOUTH', 'EAST'
    role_cd        VARCHAR NOT NULL,      -- 'MECH', 'HELPER'
    cert_cd        VARCHAR,               -- 'QEI', 'CET', 'NAEC'; NULL when none
    cert_exp_dt    DATE,
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE buildings (
    contractor_id  VARCHAR NOT NULL,
    bldg_id        INTEGER NOT NULL,
    bldg_nm        VARCHAR NOT NULL,
    cust_nm        VARCHAR NOT NULL,      -- the customer (owner / property manager)
    branch_cd      VARCHAR NOT NULL,      -- servicing branch
    city           VARCHAR NOT NULL,
    bldg_type      VARCHAR NOT NULL,      -- 'OFFICE', 'HOSPITAL', 'HOTEL', 'RESI', 'RETAIL', 'TRANSIT', 'PARKING', 'PUBLIC'
    floors         INTEGER NOT NULL,
    is_test        INTEGER NOT NULL       -- 1 = training tower
);

CREATE TABLE units (
    contractor_id  VARCHAR NOT NULL,
    unit_id        INTEGER NOT NULL,
    bldg_id        INTEGER NOT NULL,
    state_reg_no   VARCHAR NOT NULL,      -- state conveyance registration, e.g. 'EL-23891'
    unit_type      VARCHAR NOT NULL,      -- 'TRACTION', 'HYDRAULIC', 'ESCALATOR'
    capacity_lbs   INTEGER,               -- NULL for escalators
    install_yr     INTEGER NOT NULL,
    stops          INTEGER NOT NULL,
    last_insp_dt   DATE,                  -- from the state registry import (2026-07-01); lags
    status_cd      VARCHAR NOT NULL,      -- 'IN_SVC', 'OOS', 'DECOM'
    deleted_at     TIMESTAMP              -- duplicate record from the registry import
);

CREATE TABLE contracts (
    contractor_id     VARCHAR NOT NULL,
    contract_id       INTEGER NOT NULL,
    bldg_id           INTEGER NOT NULL,
    contract_type     VARCHAR NOT NULL,   -- 'FULL', 'POG', 'EXAM'
    visit_freq        VARCHAR NOT NULL,   -- 'MONTHLY', 'BIMONTHLY', 'QUARTERLY'
    monthly_fee_cents INTEGER NOT NULL,
    start_dt          DATE NOT NULL,
    end_dt            DATE NOT NULL,
    status_cd         VARCHAR NOT NULL,   -- 'ACTIVE', 'PENDING', 'EXPIRED', 'CANCELLED'
    prev_contract_id  INTEGER,            -- the contract this one renews
    cancel_dt         DATE,
    auto_renew_yn     VARCHAR NOT NULL    -- 'Y' / 'N'
);

CREATE TABLE pm_visits (
    contractor_id  VARCHAR NOT NULL,
    visit_id       INTEGER NOT NULL,
    unit_id        INTEGER NOT NULL,
    contract_id    INTEGER NOT NULL,
    mech_id        INTEGER,               -- assigned mechanic
    sched_dt       DATE NOT NULL,
    done_ts        TIMESTAMP,
    status_cd      VARCHAR NOT NULL,      -- 'SCHED', 'DONE', 'MISSED', 'CXL'
    hrs_on_site    DECIMAL(4,2)
);

CREATE TABLE callbacks (
    contractor_id  VARCHAR NOT NULL,
    cb_id          INTEGER NOT NULL,
    unit_id        INTEGER NOT NULL,
    reported_ts    TIMESTAMP NOT NULL,
    arrived_ts     TIMESTAMP,
    cleared_ts     TIMESTAMP,
    mech_id        INTEGER,               -- responding mechanic; NULL on CXL
    entrap_yn      VARCHAR NOT NULL,      -- 'Y' = entrapment
    cause_cd       VARCHAR NOT NULL,      -- 'DOOR', 'CONTROLLER', 'LEVELING', 'HYD_LEAK', 'STEP', 'HANDRAIL', 'COMB_PLATE', 'VANDALISM', 'POWER', 'NTF'
    after_hrs_yn   VARCHAR NOT NULL,
    resp_min       INTEGER,               -- reported_ts -> arrived_ts, minutes
    status_cd      VARCHAR NOT NULL,      -- 'CLOSED', 'OPEN', 'CXL'
    billable_yn    VARCHAR NOT NULL,
    is_test        INTEGER NOT NULL       -- 1 = call-centre test call / training tower
);

CREATE TABLE inspections (
    contractor_id  VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    unit_id        INTEGER NOT NULL,
    insp_dt        DATE NOT NULL,
    insp_type      VARCHAR NOT NULL,      -- 'ANNUAL', 'CAT5', 'REINSP', 'ACCEPT'
    result_cd      VARCHAR NOT NULL,      -- 'PASS', 'COND', 'FAIL'
    inspector_nm   VARCHAR NOT NULL,
    viol_cnt       INTEGER NOT NULL,
    fee_cents      INTEGER NOT NULL
);

CREATE TABLE violations (
    contractor_id  VARCHAR NOT NULL,
    viol_id        INTEGER NOT NULL,
    insp_id        INTEGER NOT NULL,
    unit_id        INTEGER NOT NULL,
    viol_desc      VARCHAR NOT NULL,      -- ASME A17.1 item
    severity       VARCHAR NOT NULL,      -- 'MAJOR', 'MINOR'
    due_dt         DATE NOT NULL,
    corrected_dt   DATE                   -- NULL while open
);

CREATE TABLE repair_quotes (
    contractor_id   VARCHAR NOT NULL,
    quote_id        INTEGER NOT NULL,
    unit_id         INTEGER NOT NULL,
    viol_id         INTEGER,              -- set when quoted to cure a violation
    quoted_dt       DATE NOT NULL,
    quote_amt_cents INTEGER NOT NULL,
    status_cd       VARCHAR NOT NULL,     -- 'OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED'
    decided_dt      DATE
);

CREATE TABLE repair_jobs (
    contractor_id  VARCHAR NOT NULL,
    job_id         INTEGER NOT NULL,
    quote_id       INTEGER,               -- NULL for time-and-material jobs
    unit_id        INTEGER NOT NULL,
    lead_mech_id   INTEGER NOT NULL,
    start_dt       DATE NOT NULL,
    complete_dt    DATE,
    status_cd      VARCHAR NOT NULL,      -- 'OPEN', 'COMPLETE', 'CXL'
    labor_hrs      DECIMAL(5,2) NOT NULL
);

CREATE TABLE job_parts (
    contractor_id   VARCHAR NOT NULL,
    job_id          INTEGER NOT NULL,
    part_no         VARCHAR NOT NULL,
    part_desc       VARCHAR NOT NULL,
    qty             INTEGER NOT NULL,     -- negative for a return
    unit_cost_cents INTEGER NOT NULL,
    issued_dt       DATE NOT NULL
);

CREATE TABLE invoices (
    contractor_id  VARCHAR NOT NULL,
    inv_id         INTEGER NOT NULL,
    bldg_id        INTEGER NOT NULL,
    inv_type       VARCHAR NOT NULL,      -- 'CONTRACT', 'REPAIR', 'OT_CALLBACK', 'INSPECTION'
    ref_id         INTEGER,               -- contract_id, job_id, cb_id or insp_id
    inv_dt         DATE NOT NULL,
    due_dt         DATE NOT NULL,
    amt_cents      INTEGER NOT NULL,      -- before tax
    tax_cents      INTEGER NOT NULL,
    paid_dt        DATE,                  -- NULL while unpaid
    void_flg       VARCHAR NOT NULL       -- 'Y' = voided
);
