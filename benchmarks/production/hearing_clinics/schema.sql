-- ============================================================================================
-- hearing_clinics: the warehouse of a hearing-care clinic platform (DuckDB DDL for labelling)
--
-- Company: "EarPath" sells practice-management software to hearing-care clinic groups:
-- scheduling, audiometry (audiograms), hearing-instrument fittings with trial periods and
-- returns, insurance claims, patient ledgers, battery and accessory POS, and repair tickets sent
-- to the manufacturers. Every clinic group is a tenant of one shared MySQL 8 warehouse, every
-- table keyed by grp_id. The deployment here is group 'HC-0527', ClearWave Hearing Centers:
-- Maple Grove, Riverside, Lakeview, Cedar Falls (opened 2026-09-14), the Westgate satellite
-- (opened 2026-06-01, staffed by a hearing-instrument specialist two days a week, shut for
-- renovation from 2026-10-01 to 2026-11-01) and Harbor Point, closed at the end of 2025 and
-- soft-deleted with its 2025 history kept. Other tenants in the warehouse: 'HC-0311' (Audiva
-- Hearing) and 'HC-0940' (Northbay Hearing Aid Centers).
--
-- Warehouse: MySQL 8 (CURDATE(), NOW(), DATE_SUB / DATE_ADD with INTERVAL n MONTH, DATEDIFF(a, b)
-- = a - b in days, TIMESTAMPDIFF(unit, a, b), DATE_FORMAT, LAST_DAY, YEAR() / MONTH() /
-- QUARTER(), IF(), IFNULL, window functions and CTEs; no QUALIFY, no FILTER clause; `/` gives a
-- decimal, DIV an integer). Flags are TINYINT 0/1 except the Y/N columns. Amounts are integer
-- cents (*_cents). The agent writes dialect `mysql`.
-- Agent: `audio-sql`, versions 7.1, 7.2 and 7.3, deployed for group 'HC-0527'.
-- Log window: 2026-11-09 to 2026-11-27. The nightly feed from the clinics' practice-management
-- system has been paused since its upgrade on 2026-11-09, so the warehouse holds activity up to
-- Sunday 2026-11-08 (nothing dated after it except appointments booked ahead, status 'SCHED',
-- and trial end dates of aids still on trial). So "last month" is October 2026, "this month"
-- November 2026 to date, "last quarter" July-September 2026 (Q3), "this year" / "ytd" 2026 to
-- date, "last year" 2025 (the whole year), "same month last year" October 2025 when asked next to
-- last month, "last 6 months" the six whole months May-October 2026, "last 12 months" the rolling
-- year back from today, "next 2 weeks" today to today + 14 days inclusive, "rn" the state at the
-- last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'HC-0527'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `is_test = 0` on patients (front-desk training profiles 'Test Patient' and
--     'Training Pt') and appointments (bookings made in the scheduler's training mode, on those
--     profiles). Audiograms, devices, ledger entries and retail sales of the training profiles
--     carry no flag of their own: they are excluded only through patients (join and keep
--     is_test = 0);
--   * voids: `void_flg = 0` on claims (a claim voided and resubmitted: the replacement is a new
--     row) and retail_sales (lines rung in error and re-rung);
--   * soft deletes: `deleted_at IS NULL` on clinics (the closed Harbor Point, no rows dated
--     after 2025), providers (a profile keyed twice, with no activity) and patients (merged
--     duplicate profiles whose history was moved to the surviving profile). These guards matter
--     where that table is the population counted or listed ("how many clinics", "which
--     providers", "new patients").
--
-- Business conventions of the group (what a careful analyst would apply):
--   * appointments: one row per booking. appt_type 'HT' (hearing test / hearing evaluation),
--     'FIT' (hearing-aid fitting), 'FU' (follow-up / adjustment) or 'RPR' (repair drop-off).
--     status_cd 'SCHED' (booked, upcoming), 'DONE' (completed, the patient was seen), 'NOSHOW'
--     or 'CXL' (cancelled ahead by the patient or the clinic). Dated by appt_ts. "Tests done",
--     "fittings", "follow-ups", "completed appointments", "visits" = DONE rows of that type.
--     No-show rate = NOSHOW / (DONE + NOSHOW); cancellations and upcoming bookings are not in it.
--   * audiograms: one row per ear (ear_cd 'L' / 'R') per test, written at a DONE 'HT' visit;
--     pta_db is the pure-tone average in dB HL; loss_grade 'NORMAL', 'MILD', 'MOD', 'MODSEV'
--     (moderately severe), 'SEVERE', 'PROFOUND'. "Moderate or worse" = MOD, MODSEV, SEVERE,
--     PROFOUND in at least one ear. A patient's "last hearing test" = the latest test_dt.
--   * devices: one row per hearing aid (a binaural fitting is two rows, one per ear, same fit_dt
--     and patient). fit_dt is the fitting day; trial_end_dt = fit_dt + 45 days; status_cd
--     'TRIAL' (still within the trial), 'KEPT' (trial over, kept) or 'RETURNED' (returned for
--     credit within the trial, return_dt set). "Units fitted" = all device rows by fit_dt;
--     "units sold" = devices not returned (TRIAL or KEPT) by fit_dt; hearing-aid revenue and
--     average selling price use KEPT devices only (price_cents, the patient price per aid) by
--     fit_dt. Return rate = RETURNED / (KEPT + RETURNED) devices by fit_dt (aids still on
--     trial are not decided yet). "Patients fitted" = distinct patients with a device.
--   * claims: one row per insurance claim (a fitting's claim carries device_id of the first
--     aid). status_cd 'SUB' (submitted, pending), 'PAID', 'PART' (partly paid) or 'DENIED';
--     adjud_dt and paid_cents set when adjudicated (paid_cents 0 on a denial). Denial rate =
--     DENIED / adjudicated (PAID + PART + DENIED) claims by submitted_dt; insurance payments
--     received = SUM(paid_cents) by adjud_dt; paid-to-billed = SUM(paid) / SUM(billed).
--   * pt_ledger: the patient account, signed cents: 'CHG' charges are positive, 'PMT' patient
--     payments, 'INS' insurance payments and 'ADJ' write-offs negative. A patient's balance =
--     SUM(amt_cents) over all their entries; outstanding = balance > 0.
--   * retail_sales: one row per POS line; item_cat 'BATT' (battery packs), 'ACC' (accessories:
--     streamers, TV connectors, remote mics), 'CLEAN' (cleaning kits, domes, wax guards) or
--     'CHGR' (chargers). Sales = SUM(qty * unit_price_cents - disc_cents) of non-void lines
--     (disc_cents is the line's discount), dated by sale_ts; pt_id NULL for walk-in buyers.
--   * repair_tickets: one per repair of one aid. sent_to_mfr_dt set when the aid was shipped
--     to its manufacturer (NULL: fixed in the clinic), back_from_mfr_dt when it came back.
--     status_cd 'OPEN' (in the clinic), 'AT_MFR' (at the manufacturer: sent, not back), 'BACK'
--     (back, waiting for pickup) or 'CLOSED' (handed back to the patient). Manufacturer
--     turnaround = back_from_mfr_dt - sent_to_mfr_dt in days; "on time" = back within 14 days
--     of being sent (an aid not back yet is not on time). The manufacturer is the device's
--     mfr_nm; the patient is the device's pt_id.
--   * referral_sources: where new patients come from; src_type 'ENT', 'PCP' (primary care),
--     'INSURER', 'WEB', 'EVENT' (hearing fairs, radio) or 'WOM' (word of mouth).
--     patients.ref_src_id is NULL when the patient did not say ("unknown"). New patients are
--     dated by patients.created_dt.
--   * providers: prov_type 'AUD' (audiologist) or 'HIS' (hearing-instrument specialist);
--     clinic_id is the home clinic; "active" = term_dt IS NULL (and not deleted).
--   * age = whole years from birth_dt to today (TIMESTAMPDIFF(YEAR, birth_dt, CURDATE()));
--     birth_dt NULL when not given.
-- ============================================================================================

CREATE TABLE clinics (
    grp_id        VARCHAR NOT NULL,
    clinic_id     INTEGER NOT NULL,      -- unique across the platform
    clinic_cd     VARCHAR NOT NULL,      -- e.g. 'MPG'
    clinic_nm     VARCHAR NOT NULL,
    city          VARCHAR NOT NULL,
    state_cd      VARCHAR NOT NULL,
    opened_dt     DATE NOT NULL,
    deleted_at    TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE providers (
    grp_id        VARCHAR NOT NULL,
    prov_id       INTEGER NOT NULL,
    clinic_id     INTEGER NOT NULL,      -- home clinic
    prov_nm       VARCHAR NOT NULL,
    prov_type     VARCHAR NOT NULL,      -- 'AUD' audiologist, 'HIS' hearing-instrument specialist
    lic_no        VARCHAR,
    hire_dt       DATE NOT NULL,
    term_dt       DATE,                  -- set for leavers
    deleted_at    TIMESTAMP              -- profile keyed twice
);

CREATE TABLE referral_sources (
    grp_id        VARCHAR NOT NULL,
    ref_src_id    INTEGER NOT NULL,
    src_nm        VARCHAR NOT NULL,
    src_type      VARCHAR NOT NULL       -- 'ENT', 'PCP', 'INSURER', 'WEB', 'EVENT', 'WOM'
);

CREATE TABLE patients (
    grp_id        VARCHAR NOT NULL,
    pt_id         INTEGER NOT NULL,
    first_nm      VARCHAR NOT NULL,
    last_nm       VARCHAR NOT NULL,
    birth_dt      DATE,                  -- NULL when not given
    sex_cd        VARCHAR,               -- 'F', 'M', NULL
    home_clinic_id INTEGER NOT NULL,
    ref_src_id    INTEGER,               -- NULL: referral source unknown
    created_dt    DATE NOT NULL,         -- new-patient date
    is_test       SMALLINT NOT NULL,     -- 1: front-desk training profile
    deleted_at    TIMESTAMP              -- merged duplicate
);

CREATE TABLE appointments (
    grp_id        VARCHAR NOT NULL,
    appt_id       BIGINT NOT NULL,
    pt_id         INTEGER NOT NULL,
    clinic_id     INTEGER NOT NULL,
    prov_id       INTEGER NOT NULL,
    appt_type     VARCHAR NOT NULL,      -- 'HT', 'FIT', 'FU', 'RPR'
    appt_ts       TIMESTAMP NOT NULL,
    booked_ts     TIMESTAMP NOT NULL,
    status_cd     VARCHAR NOT NULL,      -- 'SCHED', 'DONE', 'NOSHOW', 'CXL'
    is_test       SMALLINT NOT NULL      -- 1: booked in training mode
);

CREATE TABLE audiograms (
    grp_id        VARCHAR NOT NULL,
    audgm_id      BIGINT NOT NULL,
    pt_id         INTEGER NOT NULL,
    appt_id       BIGINT NOT NULL,
    prov_id       INTEGER NOT NULL,
    test_dt       DATE NOT NULL,
    ear_cd        VARCHAR NOT NULL,      -- 'L', 'R'
    pta_db        DECIMAL(5,1) NOT NULL, -- pure-tone average, dB HL
    loss_grade    VARCHAR NOT NULL       -- 'NORMAL', 'MILD', 'MOD', 'MODSEV', 'SEVERE', 'PROFOUND'
);

CREATE TABLE devices (
    grp_id        VARCHAR NOT NULL,
    device_id     BIGINT NOT NULL,
    pt_id         INTEGER NOT NULL,
    clinic_id     INTEGER NOT NULL,      -- fitting clinic
    prov_id       INTEGER NOT NULL,      -- fitter
    mfr_nm        VARCHAR NOT NULL,      -- 'Phonak', 'Oticon', 'ReSound', 'Signia', 'Starkey', 'Widex'
    model_nm      VARCHAR NOT NULL,
    serial_no     VARCHAR NOT NULL,
    ear_cd        VARCHAR NOT NULL,      -- 'L', 'R'
    fit_dt        DATE NOT NULL,
    trial_end_dt  DATE NOT NULL,         -- fit_dt + 45 days
    return_dt     DATE,                  -- set when returned within the trial
    status_cd     VARCHAR NOT NULL,      -- 'TRIAL', 'KEPT', 'RETURNED'
    price_cents   INTEGER NOT NULL       -- patient price of this aid
);

CREATE TABLE claims (
    grp_id        VARCHAR NOT NULL,
    claim_id      BIGINT NOT NULL,
    pt_id         INTEGER NOT NULL,
    device_id     BIGINT,                -- NULL for claims of a visit only
    payer_nm      VARCHAR NOT NULL,
    submitted_dt  DATE NOT NULL,
    adjud_dt      DATE,                  -- NULL while pending
    billed_cents  INTEGER NOT NULL,
    paid_cents    INTEGER,               -- NULL while pending, 0 on a denial
    status_cd     VARCHAR NOT NULL,      -- 'SUB', 'PAID', 'PART', 'DENIED'
    void_flg      SMALLINT NOT NULL      -- 1: voided and resubmitted as a new claim
);

CREATE TABLE pt_ledger (
    grp_id        VARCHAR NOT NULL,
    entry_id      BIGINT NOT NULL,
    pt_id         INTEGER NOT NULL,
    clinic_id     INTEGER NOT NULL,
    entry_dt      DATE NOT NULL,
    entry_type    VARCHAR NOT NULL,      -- 'CHG', 'PMT', 'INS', 'ADJ'
    amt_cents     INTEGER NOT NULL       -- signed: charges +, payments and write-offs -
);

CREATE TABLE retail_sales (
    grp_id        VARCHAR NOT NULL,
    sale_id       BIGINT NOT NULL,
    clinic_id     INTEGER NOT NULL,
    pt_id         INTEGER,               -- NULL for walk-in buyers
    sale_ts       TIMESTAMP NOT NULL,
    item_cat      VARCHAR NOT NULL,      -- 'BATT', 'ACC', 'CLEAN', 'CHGR'
    sku           VARCHAR NOT NULL,
    qty           INTEGER NOT NULL,
    unit_price_cents INTEGER NOT NULL,
    disc_cents    INTEGER NOT NULL,      -- line discount
    void_flg      SMALLINT NOT NULL      -- 1: rung in error
);

CREATE TABLE repair_tickets (
    grp_id        VARCHAR NOT NULL,
    rpr_id        INTEGER NOT NULL,
    device_id     BIGINT NOT NULL,
    clinic_id     INTEGER NOT NULL,
    opened_dt     DATE NOT NULL,
    sent_to_mfr_dt DATE,                 -- NULL: fixed in the clinic
    back_from_mfr_dt DATE,
    status_cd     VARCHAR NOT NULL,      -- 'OPEN', 'AT_MFR', 'BACK', 'CLOSED'
    warranty_yn   VARCHAR NOT NULL,      -- 'Y', 'N'
    charge_cents  INTEGER NOT NULL       -- 0 under warranty
);
