-- healthcare: the scheduling, visits and billing warehouse of an outpatient network.
--
-- Company: Harborview Community Health (network_id = 12), a network of four outpatient clinics
-- (family medicine, pediatrics, internal medicine + cardiology, women's health) on a shared
-- clinic-operations platform that hosts several networks (network_id 7 and 31 are other
-- customers in the same warehouse).
-- Warehouse dialect: Oracle (sqlglot dialect `oracle`). The timestamp columns below are Oracle
-- DATE columns (date and time); date - date is a number of days.
-- Agent: care-query@4.0, care-query@4.1, care-query@4.2 (answers clinic managers, the revenue
-- cycle team and the medical director).
-- Log window: 2025-08-04 to 2025-08-29 (4.0 answered in the week of Aug 4, 4.1 from Aug 11 to
-- Aug 19, 4.2 from Aug 20 to Aug 29).
--
-- Guards the deployment adds (system prompt): every query is scoped to `network_id = 12`, and
-- test patients (the EHR's training and QA patients) are excluded with `test_patient_yn = 'N'`
-- (the flag is on patients, and copied onto every appointment and claim row; payments are
-- reached through their claim).
--
-- Business definitions (how the network's analysts read the questions):
--   visit / patient seen      an appointment with appt_status = 'COMPLETED'
--   no-show rate              NO_SHOW / (COMPLETED + NO_SHOW); cancellations are not in it
--   late cancellation         appt_status = 'LATE_CANCEL' (cancelled less than 24 h ahead);
--                             'CANCELLED' is a timely cancellation
--   wait time                 minutes from checkin_ts to roomed_ts (door to provider)
--   lead time / days to appt  whole days from booking (booked_ts) to the appointment's day
--   appointments are dated by appt_start_ts; "booked" questions by booked_ts
--   utilization               slot minutes of the appointments a provider had on the books
--                             (every status but CANCELLED and LATE_CANCEL) / available minutes
--                             of the provider's sessions, same period, as a percentage
--   claims / charges / denials are dated by date of service (service_dt); "pending" claims
--   (claim_status = 'SUBMITTED') age from submitted_dt
--   collections               SUM(payments.paid_amt), payer and patient payments, dated by
--                             paid_dt; "collected" on a set of claims: their payments
--   denial rate               DENIED claims / all claims (count)
--   collection rate           collected / allowed on the same claims (ratio of sums)
--   Medicare patients         patients whose primary payer (patients.primary_payer_id) has
--                             payer_type = 'MEDICARE'
--   active provider           term_dt IS NULL
--   bare months and quarters ("March", "Q2") are the latest one before the question; "this
--   quarter", "this year", "ytd" are to date.

CREATE TABLE clinics (
    clinic_id      INTEGER PRIMARY KEY,
    network_id     INTEGER NOT NULL,
    clinic_nm      VARCHAR NOT NULL,
    region_cd      VARCHAR,            -- 'N', 'S', 'E', 'W'
    active_yn      VARCHAR NOT NULL    -- 'Y' / 'N'
);

CREATE TABLE providers (
    provider_id    INTEGER PRIMARY KEY,
    network_id     INTEGER NOT NULL,
    home_clinic_id INTEGER,
    provider_nm    VARCHAR NOT NULL,
    specialty      VARCHAR,            -- 'Family Medicine', 'Pediatrics', 'Internal Medicine', 'Cardiology', 'OB/GYN'
    prov_type      VARCHAR NOT NULL,   -- 'MD', 'DO', 'NP' (nurse practitioner), 'PA' (physician assistant)
    hire_dt        DATE,
    term_dt        DATE                -- NULL while employed
);

CREATE TABLE payers (                  -- shared reference table, no network
    payer_id       INTEGER PRIMARY KEY,
    payer_nm       VARCHAR NOT NULL,
    payer_type     VARCHAR NOT NULL    -- 'COMMERCIAL', 'MEDICARE', 'MEDICAID', 'SELF_PAY'
);

CREATE TABLE patients (
    patient_id       INTEGER PRIMARY KEY,
    network_id       INTEGER NOT NULL,
    mrn              VARCHAR NOT NULL,
    birth_dt         DATE,
    sex_cd           VARCHAR,          -- 'F', 'M', 'U'
    primary_payer_id INTEGER,          -- NULL: no coverage on file
    registered_dt    DATE NOT NULL,
    test_patient_yn  VARCHAR NOT NULL  -- 'Y' for EHR test / training patients
);

CREATE TABLE appointments (
    appt_id         INTEGER PRIMARY KEY,
    network_id      INTEGER NOT NULL,
    clinic_id       INTEGER NOT NULL,
    provider_id     INTEGER NOT NULL,
    patient_id      INTEGER,           -- NULL on held slots (blocked for a procedure, then released)
    appt_type       VARCHAR NOT NULL,  -- 'NEW', 'FOLLOW_UP', 'TELEHEALTH', 'PROCEDURE'
    appt_status     VARCHAR NOT NULL,  -- 'SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED', 'LATE_CANCEL'
    booked_ts       TIMESTAMP NOT NULL,
    appt_start_ts   TIMESTAMP NOT NULL,
    slot_min        INTEGER NOT NULL,
    checkin_ts      TIMESTAMP,
    roomed_ts       TIMESTAMP,
    cancel_ts       TIMESTAMP,
    test_patient_yn VARCHAR NOT NULL
);

CREATE TABLE provider_sessions (      -- the provider's bookable template per day and clinic
    session_id     INTEGER PRIMARY KEY,
    network_id     INTEGER NOT NULL,
    provider_id    INTEGER NOT NULL,
    clinic_id      INTEGER NOT NULL,
    session_dt     DATE NOT NULL,
    avail_min      INTEGER NOT NULL
);

CREATE TABLE claims (
    claim_id        INTEGER PRIMARY KEY,
    network_id      INTEGER NOT NULL,
    clinic_id       INTEGER NOT NULL,
    appt_id         INTEGER,           -- NULL on manual claims (supplies, corrected claims)
    patient_id      INTEGER NOT NULL,
    payer_id        INTEGER NOT NULL,
    service_dt      DATE NOT NULL,
    submitted_dt    DATE NOT NULL,
    billed_amt      DECIMAL(10, 2) NOT NULL,
    allowed_amt     DECIMAL(10, 2),    -- NULL until adjudicated; 0 on denials
    claim_status    VARCHAR NOT NULL,  -- 'SUBMITTED' (pending), 'PAID', 'PARTIAL', 'DENIED'
    denial_cd       VARCHAR,           -- CARC code on denials: 'CO-16', 'CO-97', 'CO-50', 'PR-1', 'CO-29'
    test_patient_yn VARCHAR NOT NULL
);

CREATE TABLE payments (
    payment_id     INTEGER PRIMARY KEY,
    network_id     INTEGER NOT NULL,
    claim_id       INTEGER NOT NULL,
    paid_dt        DATE NOT NULL,
    paid_amt       DECIMAL(10, 2) NOT NULL,
    pay_source     VARCHAR NOT NULL    -- 'PAYER', 'PATIENT'
);
