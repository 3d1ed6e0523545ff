-- ============================================================================================
-- home_care: the warehouse of a home-care agency platform (DuckDB DDL for labelling)
--
-- Company: "CareHive" runs scheduling, electronic visit verification (EVV), billing and payroll
-- for non-medical and skilled home-care agencies. Every agency is a tenant of one shared
-- analytics warehouse (SQL Server): its payers, clients and their authorizations, caregivers
-- and their credentials, scheduled shifts (visits) with EVV clock-in/out, mileage, claims,
-- weekly payroll hours and incidents, all keyed by agency_id.
--
-- Warehouse: SQL Server (T-SQL: TOP, DATEADD, DATEDIFF, EOMONTH, DATEFROMPARTS, IIF,
-- CAST AS DECIMAL; no LIMIT, no QUALIFY; `int / int` truncates; AVG of an INT is an INT).
-- Tables live in schema dbo. The agent writes dialect `tsql`.
-- Agent: `carecompass`, versions 4.1, 4.2 and 4.3, deployed for agency 2107 ("Brightwell Home
-- Care", three Ohio counties). 4.1 is the best; 4.2 and 4.3 each regressed.
-- Log window: 2026-11-02 to 2026-11-13; the warehouse is refreshed nightly (EVV and schedule
-- every night, claims and payroll when they post). Relative dates are read against the record's
-- timestamp: "last month" is October 2026, "this month" November 2026 to date, "last quarter" /
-- "Q3" July-September 2026, "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 to date,
-- "last 90 days" the 90 days before today, "next 7 / 30 days" from today on.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `agency_id = 2107` on every table of every query (row-level security);
--   * test rows: `is_test = 0` on clients, caregivers and shifts (training profiles and the
--     shifts scheduled for them); claims and incidents of a test client are left out through
--     the client;
--   * soft deletes: `deleted_at IS NULL` on clients and caregivers (duplicate profiles merged
--     in the app; their shifts were moved to the surviving profile).
--
-- Business conventions at this agency (what a careful analyst would apply):
--   * visit = shift. A shift is SCHEDULED (future), COMPLETED, MISSED (nobody came: a caregiver
--     no-show or no coverage) or CANCELLED (by the client or the office, ahead of time). Shifts
--     are dated by sched_start.
--   * hours delivered / visit hours = SUM(shifts.billable_hrs) over COMPLETED shifts (the EVV
--     hours approved for billing). Visit length = EVV duration, DATEDIFF in minutes of
--     evv_in_ts to evv_out_ts, / 60.0 for hours.
--   * missed visit rate = MISSED / (COMPLETED + MISSED); cancelled and still scheduled shifts
--     are out of the rate.
--   * late visit = a COMPLETED shift whose evv_in_ts is more than 15 minutes after sched_start;
--     late rate = late / completed.
--   * EVV compliance = share of COMPLETED shifts verified by the caregiver's own clock-in
--     (evv_method 'GPS' or 'IVR'); 'MANUAL' is an office edit and does not comply.
--   * unfilled shift = SCHEDULED with caregiver_id NULL (caregiver_id stays NULL on a MISSED
--     shift nobody covered).
--   * service type = shifts.service_cd (PCA personal care, HMK homemaker, RESP respite, SN
--     skilled nursing); a shift's payer is its authorization's payer.
--   * authorized hours: authorizations.auth_hrs_month is the monthly cap of one authorization
--     (client x payer x service) between start_dt and end_dt; "over authorization" = delivered
--     hours on that authorization's shifts in a month above auth_hrs_month.
--   * active client = status 'ACTIVE' (ON_HOLD clients are hospitalised or away and are not
--     active); admissions dated by admit_dt, discharges by discharge_dt. A client's payer
--     (for client counts) is clients.primary_payer_id.
--   * active caregiver = term_dt IS NULL. A credential's current row is its latest expires_dt
--     per caregiver and cred_type (renewals add rows, old rows stay); expiring in the next 30
--     days = current expires_dt from today to today + 30.
--   * claims: one per client, payer and service month. Billed = SUM(billed_amt) of claims not
--     DRAFT or VOID; billing volumes, denials and the denial rate are dated by submitted_dt.
--     Denial rate = DENIED / adjudicated (PAID, PARTIAL, DENIED), by claim count. Denied $ =
--     billed_amt of DENIED claims. Collections = SUM(paid_amt) of PAID and PARTIAL claims,
--     dated by adjudicated_dt; days to pay = adjudicated_dt - submitted_dt over those claims.
--   * payroll: payroll_hours is one row per caregiver and pay week (Sunday-Saturday), dated by
--     week_end_dt (a Saturday); "weeks in October" = week_end_dt in October. OT = ot_hrs;
--     payroll cost = SUM(gross_pay).
--   * mileage reimbursement = SUM(miles * rate_per_mile) of APPROVED entries, dated by trip_dt.
--   * visits per client = completed visits / distinct clients with a completed visit in the
--     period (clients served), not over every active client.
--   * incidents dated by incident_dt; open = closed_dt IS NULL; reportable = reported_to_state.
-- ============================================================================================

CREATE TABLE payers (
    agency_id       INTEGER NOT NULL,
    payer_id        INTEGER PRIMARY KEY,
    payer_nm        VARCHAR NOT NULL,
    payer_type      VARCHAR NOT NULL           -- MCD_WAIVER, MCO, LTCI, PRIVATE, VA
);

CREATE TABLE clients (
    agency_id         INTEGER NOT NULL,
    client_id         INTEGER PRIMARY KEY,
    client_nm         VARCHAR NOT NULL,
    county_nm         VARCHAR,                 -- Franklin, Delaware, Licking
    birth_dt          DATE,
    primary_payer_id  INTEGER,
    status            VARCHAR NOT NULL,        -- ACTIVE, ON_HOLD, DISCHARGED
    admit_dt          DATE NOT NULL,
    discharge_dt      DATE,
    discharge_reason  VARCHAR,                 -- HOSPITAL, NURSING_HOME, DECEASED, MOVED, FAMILY, DISSATISFIED
    is_test           INTEGER NOT NULL,        -- BIT in SQL Server
    deleted_at        TIMESTAMP
);

CREATE TABLE authorizations (
    agency_id       INTEGER NOT NULL,
    auth_id         INTEGER PRIMARY KEY,
    client_id       INTEGER NOT NULL,
    payer_id        INTEGER NOT NULL,
    service_cd      VARCHAR NOT NULL,          -- PCA, HMK, RESP, SN
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,
    auth_hrs_month  DECIMAL(6,2) NOT NULL,
    bill_rate_hr    DECIMAL(8,2) NOT NULL
);

CREATE TABLE caregivers (
    agency_id       INTEGER NOT NULL,
    caregiver_id    INTEGER PRIMARY KEY,
    cg_nm           VARCHAR NOT NULL,
    role_cd         VARCHAR NOT NULL,          -- HHA home health aide, CNA, LPN, RN
    emp_type        VARCHAR NOT NULL,          -- FT, PT, PRN
    hire_dt         DATE NOT NULL,
    term_dt         DATE,                      -- NULL while employed
    pay_rate_hr     DECIMAL(8,2) NOT NULL,
    is_test         INTEGER NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE credentials (
    agency_id       INTEGER NOT NULL,
    cred_id         INTEGER PRIMARY KEY,
    caregiver_id    INTEGER NOT NULL,
    cred_type       VARCHAR NOT NULL,          -- CPR, TB_TEST, BG_CHECK, LICENSE
    issued_dt       DATE NOT NULL,
    expires_dt      DATE NOT NULL
);

CREATE TABLE shifts (
    agency_id       INTEGER NOT NULL,
    shift_id        INTEGER PRIMARY KEY,
    client_id       INTEGER NOT NULL,
    caregiver_id    INTEGER,                   -- NULL: unfilled (or missed with no coverage)
    auth_id         INTEGER,
    service_cd      VARCHAR NOT NULL,          -- PCA, HMK, RESP, SN
    sched_start     TIMESTAMP NOT NULL,
    sched_end       TIMESTAMP NOT NULL,
    status          VARCHAR NOT NULL,          -- SCHEDULED, COMPLETED, MISSED, CANCELLED
    evv_in_ts       TIMESTAMP,
    evv_out_ts      TIMESTAMP,
    evv_method      VARCHAR,                   -- GPS, IVR, MANUAL (completed shifts)
    billable_hrs    DECIMAL(5,2),              -- completed shifts
    is_test         INTEGER NOT NULL
);

CREATE TABLE mileage (
    agency_id       INTEGER NOT NULL,
    mileage_id      INTEGER PRIMARY KEY,
    caregiver_id    INTEGER NOT NULL,
    shift_id        INTEGER,
    trip_dt         DATE NOT NULL,
    miles           DECIMAL(6,1) NOT NULL,
    rate_per_mile   DECIMAL(5,3) NOT NULL,
    status          VARCHAR NOT NULL           -- SUBMITTED, APPROVED, REJECTED
);

CREATE TABLE claims (
    agency_id       INTEGER NOT NULL,
    claim_id        INTEGER PRIMARY KEY,
    client_id       INTEGER NOT NULL,
    payer_id        INTEGER NOT NULL,
    service_month   DATE NOT NULL,             -- first day of the month billed
    billed_hrs      DECIMAL(7,2) NOT NULL,
    billed_amt      DECIMAL(10,2) NOT NULL,
    paid_amt        DECIMAL(10,2),
    status          VARCHAR NOT NULL,          -- DRAFT, SUBMITTED, PAID, PARTIAL, DENIED, VOID
    denial_cd       VARCHAR,                   -- NO_AUTH, EVV_MISMATCH, TIMELY_FILING, ELIGIBILITY, DUPLICATE, UNITS_EXCEEDED
    submitted_dt    DATE,
    adjudicated_dt  DATE
);

CREATE TABLE payroll_hours (
    agency_id       INTEGER NOT NULL,
    payroll_id      INTEGER PRIMARY KEY,
    caregiver_id    INTEGER NOT NULL,
    week_end_dt     DATE NOT NULL,             -- Saturday
    regular_hrs     DECIMAL(5,2) NOT NULL,
    ot_hrs          DECIMAL(5,2) NOT NULL,
    travel_hrs      DECIMAL(5,2) NOT NULL,
    gross_pay       DECIMAL(9,2) NOT NULL
);

CREATE TABLE incidents (
    agency_id         INTEGER NOT NULL,
    incident_id       INTEGER PRIMARY KEY,
    client_id         INTEGER NOT NULL,
    caregiver_id      INTEGER,
    incident_dt       DATE NOT NULL,
    incident_type     VARCHAR NOT NULL,        -- FALL, MED_ERROR, INJURY, COMPLAINT, PROPERTY
    severity          INTEGER NOT NULL,        -- 1 minor .. 4 critical
    reported_to_state INTEGER NOT NULL,        -- BIT
    closed_dt         DATE
);
