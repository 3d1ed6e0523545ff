-- ============================================================================================
-- urgent_care_clinics: the warehouse of an urgent-care clinic platform (DuckDB DDL for labelling)
--
-- Company: "ExpressMD Cloud" sells front-desk, online check-in ("save my spot"), EHR charting,
-- e-prescribing, coding and billing software to urgent-care groups. Every group is a tenant of
-- one shared Snowflake warehouse (database UC_DW, schema CORE), all tables keyed by grp_id. The
-- deployment here is group 'UC-2207', Summit Urgent Care (Colorado), with the clinics Eastgate
-- (201), Riverside (202), Northpoint (203), Lakeview (204, opened 2026-03-02, no x-ray room) and
-- Old Mill (205, closed on 2025-12-31 and soft-deleted with its 2025 history kept). Other
-- tenants in the warehouse: 'UC-1140' (Bayou Walk-In Clinics) and 'UC-3315' (Harbor FastCare).
-- Timestamps are the clinic's local time (TIMESTAMP_NTZ). Amounts are whole cents (NUMBER);
-- money is reported in dollars (cents / 100).
--
-- Warehouse: Snowflake (DATE_TRUNC('month', d), DATEADD(month, n, d), DATEDIFF('minute', a, b)
-- counting boundaries crossed, CURRENT_DATE(), IFF, COUNT_IF, DIV0, MEDIAN, QUALIFY, HOUR(ts);
-- `/` is decimal division, never integer division). The agent writes dialect `snowflake`.
-- Agent: `triage-sql`, versions 2.5, 2.6 and 2.7, deployed for group 'UC-2207'.
-- Log window: 2026-11-02 to 2026-11-25; the warehouse copy the log is checked on is loaded to
-- 2026-11-01 (nothing dated after it). So "last month" is October 2026, "last quarter" Q3 2026
-- (July-September), "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the six
-- whole months May-October 2026, "since oct 1" from 2026-10-01 on.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'UC-2207'` on every table of every query (row policy; ids are unique
--     across the platform, so joined tables need it only as a policy, not for the numbers);
--   * test rows: `is_test = FALSE` on patients (kiosk and training profiles such as 'TEST,
--     KIOSK') and visits (visits keyed at the training kiosk, all on test patients). Test
--     visits are never billed: they have no claims and no payments, but they do carry
--     diagnoses, procedure lines and prescriptions keyed in training;
--   * voids: `void_flg = 0` on visit_procs (charge lines keyed in error and re-keyed) and
--     payments (card swipes voided and re-run). Claims carry their own status 'VOID';
--   * soft deletes: `deleted_at IS NULL` on clinics (the closed Old Mill clinic, no rows dated
--     after 2025), providers (a provider profile keyed twice, with no shifts or visits) and
--     patients (merged duplicate charts whose visits were moved to the surviving chart). These
--     matter where that table is the population counted or listed.
--
-- Business conventions of the group (what a careful analyst would apply):
--   * visits: one row per encounter, dated by visit_dt (the day of the visit, or the day an
--     online reservation was for). arrival_src 'ONLINE' (online check-in, reserved_ts set) or
--     'WALKIN'. visit_status 'COMPLETED' (seen by a provider and discharged), 'LWBS' (checked
--     in, left without being seen: prov_id, prov_seen_ts, discharge_ts NULL), 'NO_SHOW' (an
--     online reservation never arrived: checkin_ts NULL) or 'CANCELLED' (online reservation
--     cancelled by the patient: checkin_ts NULL). payer_id is set at check-in (NULL on
--     NO_SHOW and CANCELLED).
--   * "visits" = "patients seen" = "patient volume" = COMPLETED visits (a patient seen twice is
--     two visits). "Check-ins" / "arrivals" = COMPLETED + LWBS (checkin_ts set). LWBS rate =
--     LWBS / (COMPLETED + LWBS), as a percentage. Online no-show rate = NO_SHOW / ONLINE
--     reservations not CANCELLED, by visit_dt. Online share = ONLINE / all COMPLETED visits.
--   * triage: acuity_lvl is the ESI-style level, 1 = most urgent ... 5 = least urgent; NULL when
--     the patient left before triage. "High acuity" = levels 1 and 2.
--   * times (COMPLETED visits only, in minutes, DATEDIFF('minute', ...)): door-to-provider
--     (D2P) = checkin_ts to prov_seen_ts (not triage_ts); total visit time / length of stay
--     (LOS) = checkin_ts to discharge_ts. "On time" = D2P <= 30 minutes.
--   * diagnoses: visit_dx, one row per ICD-10 code on a visit; dx_seq = 1 is the primary
--     diagnosis. "Diagnoses" in rankings = primary diagnoses of COMPLETED visits. "URI visits" =
--     COMPLETED visits whose primary diagnosis is J06.9.
--   * procedures: visit_procs, one charge line per CPT code; proc_cat 'EM' (the E/M visit
--     level), 'LAB' (in-house labs: strep, flu/COVID, urinalysis), 'XRAY' (one line per x-ray
--     study; units = views), 'PROC' (laceration repair, splinting, I&D) or 'INJ'. "X-rays" =
--     non-void XRAY lines (studies), "labs" = non-void LAB lines. Charges = SUM(charge_cents)
--     of non-void lines, dated by the visit's visit_dt.
--   * prescriptions: rx, one row per drug; rx_status 'SENT' or 'CANCELLED' (cancelled before it
--     reached the pharmacy, not a prescription). drug_class 'ANTIBIOTIC', 'STEROID',
--     'ANALGESIC', 'ANTIHISTAMINE', 'OTHER'. Antibiotic prescribing rate = visits with at least
--     one SENT antibiotic / visits, as a percentage.
--   * referrals: one row per referral; ref_type 'ER' (sent on to an emergency department),
--     'ORTHO', 'PCP', 'SPECIALIST'; a visit can carry an ER and a PCP referral. ER referral rate
--     = COMPLETED visits with an ER referral / COMPLETED visits, as a percentage. Dated by the
--     visit (visit_dt) except "most recent referral", read from ref_ts.
--   * payers: the group's payer list; payer_type 'COMMERCIAL', 'MEDICARE', 'MEDICAID',
--     'WORKERS_COMP', 'SELF_PAY' (one 'Self Pay' row). Payer mix = share of COMPLETED visits by
--     the visit's payer_type.
--   * claims: one row per claim sent; a denied claim may be corrected and sent again as a new
--     claim for the same visit; a claim keyed in error is 'VOID'. claim_status 'PAID', 'DENIED',
--     'PENDING' (not adjudicated: adjud_dt NULL) or 'VOID'. denial_cd set on DENIED claims
--     (CARC codes such as 'CO-16'). Denial rate = DENIED / (PAID + DENIED) claims, by
--     submit_dt. Claim turnaround = DATEDIFF('day', submit_dt, adjud_dt) of adjudicated (PAID or
--     DENIED) claims. Self-pay visits have no claims.
--   * payments: patient money at the desk or later; pmt_type 'COPAY', 'SELF_PAY' (the flat
--     self-pay visit fee) or 'BALANCE' (a later statement payment). Collections =
--     SUM(amt_cents) of non-void payments, dated by pmt_ts, attributed to the visit's clinic.
--   * revenue = insurance paid (SUM(paid_cents) of PAID claims, dated by adjud_dt) + patient
--     collections (non-void payments by pmt_ts), attributed to the visit's clinic, in dollars.
--   * "New patients" in a period = patients (not test, not deleted) whose first-ever COMPLETED
--     visit falls in it; created_ts is when the chart was opened (an online reservation opens
--     one, kept even if the patient never came; charts migrated in from the old EHR on
--     2024-06-01 carry that date).
--   * providers: cred_cd 'MD', 'NP', 'PA'; home_clinic_id is where they are based; term_dt set
--     for leavers. "Providers" rn = term_dt IS NULL (and not deleted).
--   * shifts (loaded from the rota system since 2026-06-01): shift_status 'WORKED', 'CALLED_OUT'
--     (called in sick), 'OPEN' (never filled: prov_id NULL) or 'CANCELLED' (clinic closed early);
--     worked_hrs set on WORKED shifts only. Provider hours = SUM(worked_hrs) of WORKED shifts by
--     the shift's clinic; patients per provider hour = COMPLETED visits / provider hours of the
--     same clinic and period. Call-outs = CALLED_OUT shifts.
-- ============================================================================================

CREATE TABLE clinics (
    grp_id         VARCHAR NOT NULL,
    clinic_id      INTEGER NOT NULL,      -- unique across the platform
    clinic_cd      VARCHAR NOT NULL,      -- e.g. 'EGT'
    clinic_nm      VARCHAR NOT NULL,
    state_cd       VARCHAR NOT NULL,
    wkdy_open_hr   SMALLINT NOT NULL,     -- opening hour Mon-Fri (local, 24h)
    wkdy_close_hr  SMALLINT NOT NULL,
    wknd_open_hr   SMALLINT NOT NULL,     -- Sat-Sun
    wknd_close_hr  SMALLINT NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE providers (
    grp_id         VARCHAR NOT NULL,
    prov_id        INTEGER NOT NULL,
    npi            VARCHAR NOT NULL,
    prov_nm        VARCHAR NOT NULL,
    cred_cd        VARCHAR NOT NULL,      -- 'MD', 'NP', 'PA'
    home_clinic_id INTEGER NOT NULL,
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE shifts (
    grp_id         VARCHAR NOT NULL,
    shift_id       INTEGER NOT NULL,
    clinic_id      INTEGER NOT NULL,
    prov_id        INTEGER,               -- NULL for OPEN shifts never filled
    shift_dt       DATE NOT NULL,
    sched_start_ts TIMESTAMP NOT NULL,
    sched_end_ts   TIMESTAMP NOT NULL,
    sched_hrs      DECIMAL(4,1) NOT NULL,
    worked_hrs     DECIMAL(4,1),          -- WORKED shifts only
    shift_status   VARCHAR NOT NULL       -- 'WORKED', 'CALLED_OUT', 'OPEN', 'CANCELLED'
);

CREATE TABLE patients (
    grp_id         VARCHAR NOT NULL,
    pat_id         INTEGER NOT NULL,
    mrn            VARCHAR NOT NULL,
    pat_nm         VARCHAR NOT NULL,      -- 'LAST, FIRST'
    birth_dt       DATE NOT NULL,
    sex_cd         VARCHAR NOT NULL,      -- 'F', 'M', 'X'
    zip_cd         VARCHAR,
    reg_src        VARCHAR NOT NULL,      -- 'ONLINE', 'FRONT_DESK', 'MIGRATED'
    created_ts     TIMESTAMP NOT NULL,    -- chart opened
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate chart
);

CREATE TABLE payers (
    grp_id         VARCHAR NOT NULL,
    payer_id       INTEGER NOT NULL,
    payer_nm       VARCHAR NOT NULL,
    payer_type     VARCHAR NOT NULL       -- 'COMMERCIAL', 'MEDICARE', 'MEDICAID', 'WORKERS_COMP', 'SELF_PAY'
);

CREATE TABLE visits (
    grp_id         VARCHAR NOT NULL,
    visit_id       BIGINT NOT NULL,
    pat_id         INTEGER NOT NULL,
    clinic_id      INTEGER NOT NULL,
    prov_id        INTEGER,               -- NULL unless seen (LWBS, NO_SHOW, CANCELLED)
    payer_id       INTEGER,               -- NULL on NO_SHOW and CANCELLED
    arrival_src    VARCHAR NOT NULL,      -- 'ONLINE', 'WALKIN'
    reserved_ts    TIMESTAMP,             -- online check-in made (ONLINE only)
    visit_dt       DATE NOT NULL,
    checkin_ts     TIMESTAMP,             -- front-desk check-in ("door"); NULL if never arrived
    triage_ts      TIMESTAMP,
    acuity_lvl     SMALLINT,              -- 1 (most urgent) .. 5; NULL if left before triage
    prov_seen_ts   TIMESTAMP,
    discharge_ts   TIMESTAMP,
    visit_status   VARCHAR NOT NULL,      -- 'COMPLETED', 'LWBS', 'NO_SHOW', 'CANCELLED'
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE visit_dx (
    grp_id         VARCHAR NOT NULL,
    visit_id       BIGINT NOT NULL,
    dx_seq         SMALLINT NOT NULL,     -- 1 = primary
    icd10_cd       VARCHAR NOT NULL,
    dx_desc        VARCHAR NOT NULL
);

CREATE TABLE visit_procs (
    grp_id         VARCHAR NOT NULL,
    proc_line_id   BIGINT NOT NULL,
    visit_id       BIGINT NOT NULL,
    cpt_cd         VARCHAR NOT NULL,
    cpt_desc       VARCHAR NOT NULL,
    proc_cat       VARCHAR NOT NULL,      -- 'EM', 'LAB', 'XRAY', 'PROC', 'INJ'
    units          SMALLINT NOT NULL,     -- views for an x-ray
    charge_cents   BIGINT NOT NULL,
    void_flg       SMALLINT NOT NULL      -- 1 = keyed in error
);

CREATE TABLE rx (
    grp_id         VARCHAR NOT NULL,
    rx_id          BIGINT NOT NULL,
    visit_id       BIGINT NOT NULL,
    prov_id        INTEGER NOT NULL,
    drug_nm        VARCHAR NOT NULL,
    drug_class     VARCHAR NOT NULL,      -- 'ANTIBIOTIC', 'STEROID', 'ANALGESIC', 'ANTIHISTAMINE', 'OTHER'
    qty            INTEGER NOT NULL,
    refills        SMALLINT NOT NULL,
    rx_status      VARCHAR NOT NULL,      -- 'SENT', 'CANCELLED'
    sent_ts        TIMESTAMP NOT NULL
);

CREATE TABLE referrals (
    grp_id         VARCHAR NOT NULL,
    ref_id         BIGINT NOT NULL,
    visit_id       BIGINT NOT NULL,
    ref_type       VARCHAR NOT NULL,      -- 'ER', 'ORTHO', 'PCP', 'SPECIALIST'
    ref_ts         TIMESTAMP NOT NULL,
    transport_cd   VARCHAR                -- 'EMS', 'PRIVATE' for ER referrals; NULL otherwise
);

CREATE TABLE claims (
    grp_id         VARCHAR NOT NULL,
    claim_id       BIGINT NOT NULL,
    visit_id       BIGINT NOT NULL,
    payer_id       INTEGER NOT NULL,
    submit_dt      DATE NOT NULL,
    adjud_dt       DATE,                  -- NULL while PENDING (and on VOID)
    claim_status   VARCHAR NOT NULL,      -- 'PAID', 'DENIED', 'PENDING', 'VOID'
    billed_cents   BIGINT NOT NULL,
    paid_cents     BIGINT NOT NULL,       -- 0 unless PAID
    denial_cd      VARCHAR                -- set on DENIED claims
);

CREATE TABLE payments (
    grp_id         VARCHAR NOT NULL,
    pmt_id         BIGINT NOT NULL,
    visit_id       BIGINT NOT NULL,
    pat_id         INTEGER NOT NULL,
    pmt_ts         TIMESTAMP NOT NULL,
    pmt_type       VARCHAR NOT NULL,      -- 'COPAY', 'SELF_PAY', 'BALANCE'
    pmt_method     VARCHAR NOT NULL,      -- 'CARD', 'CASH', 'HSA'
    amt_cents      BIGINT NOT NULL,
    void_flg       SMALLINT NOT NULL      -- 1 = voided swipe
);
