-- ============================================================================================
-- dental_group: a dental service organization's practice-management warehouse, DuckDB DDL for
-- labelling
--
-- Company: "ChairSide Cloud" hosts practice management for dental service organizations (DSOs).
-- Every group's locations (practices), providers (general dentists, hygienists, specialists),
-- patients with their guarantors and insurance coverage, appointments, procedures by CDT code,
-- treatment plans, insurance claims and the patient ledger (payments, refunds, write-offs,
-- adjustments) sit in one shared warehouse keyed by grp_cd. Groups get a text-to-SQL assistant,
-- "molarbot", in the platform's "Ask the data" tab.
--
-- Warehouse: Microsoft SQL Server 2022 (sqlglot dialect `tsql`): GETDATE(), DATEADD, DATEDIFF,
-- DATEFROMPARTS, EOMONTH, DATETRUNC, YEAR()/MONTH(), IIF, TOP (n), PERCENTILE_CONT ... WITHIN
-- GROUP ... OVER (); no QUALIFY, no LIMIT; int / int truncates and AVG of an int column returns
-- an int, so rates and averages cast to a decimal (or multiply by 1.0) first. BIT flags are
-- compared with 0/1. Dates are the practices' local dates.
-- Agent: `molarbot`, versions 2.3, 2.4 and 3.0, deployed for group 'DG-4471' ("Brightline
-- Dental Partners", six practices in Texas and Oklahoma); the tab shows at most 1000 rows.
-- Log window: 2026-11-03 to 2026-11-26 (2.3 answered Nov 3-9, 2.4 Nov 10-17, 3.0 Nov 18-26).
-- So "last month" is October 2026, "last quarter" / "Q3" Q3 2026, "this year" / "ytd" 2026 to
-- date, "last year" 2025, "in March" March 2026. The warehouse is the month-end close: during
-- the log window it holds every row dated up to 2026-10-31 (October closed on the night of
-- Nov 1), nothing later, except appointments booked ahead (appt_stat_cd 'SCH', a future
-- appt_ts) and the patients' recall due dates.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `grp_cd = 'DG-4471'` on every table that carries it (every table but the global
--     payer catalogue);
--   * test data: the practices' training patients ("TEST, PATIENT") and everything charted on
--     them carry `is_test = 1`; `is_test = 0` on every table that carries the flag (pt, appt,
--     proc_log, clm, ledger);
--   * soft deletes: `del_flg = 0` on every table that carries it (dso_loc, prov, pt, proc_log,
--     tx_plan, ledger): merged duplicate charts, procedures and ledger entries posted in error.
--
-- Business conventions (what Brightline's operations team means):
--   * location = practice = office = dso_loc. provider = prov. dentist = prov_type_cd 'GP'
--     (general dentist) or a specialist ('ORTH' orthodontist, 'ENDO' endodontist, 'PERIO'
--     periodontist, 'OMS' oral surgeon); hygienist = 'HYG'.
--   * production = GROSS production unless "net" is said: SUM(proc_log.fee_amt) of completed
--     procedures (proc_stat_cd 'C'; 'TP' rows are treatment-planned, not done, and 'EX' rows
--     chart existing work done elsewhere, fee 0), dated by svc_dt, credited to proc_log.prov_id
--     and proc_log.loc_id. net production = SUM(fee_amt - ppo_adj_amt) (the PPO contractual
--     adjustment taken off the office fee). hygiene production = production of procedures
--     whose provider is a hygienist.
--   * collections = SUM(ledger.amt) over txn_type_cd IN ('PTPMT', 'INSPMT', 'REFUND') dated by
--     txn_dt: patient and insurance payments (positive amt) net of refunds (negative amt).
--     'WO' (write-off: an insurance balance written off after adjudication, with clm_id, or a
--     small patient balance, without) and 'ADJ' (courtesy and other adjustments) are not
--     collections; both are stored positive. "patient payments" = 'PTPMT' rows only.
--   * appointments are dated by appt_ts. appt_stat_cd: 'SCH' (scheduled, future), 'CMP'
--     (completed: the patient was seen), 'NS' (no-show), 'LC' (late cancel: cancelled under 24
--     hours before appt_ts), 'CX' (cancelled in advance: released, never counts). "broken
--     appointments" = NS + LC. no-show rate = NS / (CMP + NS + LC) over appointments in the
--     period. chair_min = minutes the patient was in the chair (NULL unless CMP).
--     appt_type_cd: 'NP' (new-patient exam), 'HYG' (hygiene/recall), 'RST' (restorative),
--     'EMER' (emergency), 'CONS' (consult).
--   * active patient = a patient with a completed appointment in the last 18 months
--     (appt_ts >= today minus 18 months). pt.pat_stat_cd ('A', 'I', 'N' non-patient
--     guarantor, 'X' archived) is the front desk's flag, often stale, and is NOT the DSO's
--     "active". new patient = first_visit_dt (the first completed appointment) in the period.
--   * guarantor = the person financially responsible: pt.guar_id (a pat_id; guar_id = pat_id
--     for a self-responsible patient). The account balance pt_bal_amt is kept on the
--     guarantor's row only (0 on dependants); "owes" / "balance" = pt_bal_amt > 0.
--   * insured = has a pt_cov row in effect today (eff_dt <= today and (term_dt IS NULL or
--     term_dt >= today)); uninsured = none. cov_ord 1 = primary, 2 = secondary.
--   * case acceptance = SUM(accept_amt) / SUM(present_amt) of treatment plans presented in the
--     period (dollar-based, dated by present_dt); tp_stat_cd 'PRES' (awaiting), 'ACC'
--     (accepted in full), 'PART' (part accepted), 'REJ' (declined). Days to accept run from
--     present_dt to accept_dt (NULL unless ACC or PART), averaged over the plans accepted in
--     the period (dated by accept_dt).
--   * recall: a patient is overdue when recall_due_dt is before today; "nothing scheduled" = no
--     'SCH' appointment from today on. The reactivation list counts every non-deleted,
--     non-test patient overdue with nothing scheduled.
--   * claims: clm_stat_cd 'DRFT' (not sent), 'SUB' (submitted, awaiting the payer: "pending",
--     "outstanding"), 'PAID', 'DEN' (denied), 'VOID'. denial rate = DEN / (PAID + DEN) of claims
--     adjudicated in the period (adj_dt). turnaround = days from submit_dt to adj_dt.
--     insurance write-offs = ledger 'WO' rows that carry a clm_id, attributed to the claim's
--     payer.
--   * CDT codes: D0120 periodic eval, D0140 limited (emergency) eval, D0150 comprehensive eval,
--     D0210 full-mouth x-rays (FMX), D0274 bitewings, D1110 adult prophy, D1120 child prophy,
--     D1206 fluoride varnish, D2391/D2392/D2393 posterior composites (1/2/3 surfaces),
--     D2740/D2750 crowns (porcelain / porcelain-fused-to-metal), D2950 core buildup,
--     D3310/D3320/D3330 root canals (anterior/premolar/molar), D4341/D4342 scaling and root
--     planing (SRP, 4+ / 1-3 teeth per quadrant), D4910 perio maintenance, D6010 implant,
--     D7140 extraction, D7210 surgical extraction, D7240 full bony impaction (extraction).
--     Teeth are numbered 1-32 (universal); third molars ("wisdom teeth") are 1, 16, 17 and 32.
--     Primary teeth are letters A-T. surf_cd holds the surfaces (M, O, D, B, L, I, F), one
--     letter each.
-- ============================================================================================

CREATE TABLE dso_loc (
    loc_id      INTEGER PRIMARY KEY,
    grp_cd      VARCHAR NOT NULL,
    loc_cd      VARCHAR NOT NULL,        -- short code, e.g. 'ATX-N'
    loc_nm      VARCHAR NOT NULL,
    state_cd    VARCHAR,
    op_cnt      SMALLINT,                -- operatories (chairs)
    open_dt     DATE,
    del_flg     SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE prov (
    prov_id      INTEGER PRIMARY KEY,
    grp_cd       VARCHAR NOT NULL,
    home_loc_id  INTEGER,
    prov_nm      VARCHAR NOT NULL,
    prov_type_cd VARCHAR NOT NULL,       -- GP, HYG, ORTH, ENDO, PERIO, OMS
    npi_no       VARCHAR,
    hire_dt      DATE,
    term_dt      DATE,
    del_flg      SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE pt (
    pat_id         INTEGER PRIMARY KEY,
    grp_cd         VARCHAR NOT NULL,
    home_loc_id    INTEGER,
    guar_id        INTEGER NOT NULL,     -- guarantor's pat_id (= pat_id when self-responsible)
    birth_dt       DATE,
    sex_cd         VARCHAR,
    pat_stat_cd    VARCHAR NOT NULL,     -- A, I, N, X (front-desk flag, not the DSO's "active")
    first_visit_dt DATE,                 -- first completed appointment
    recall_due_dt  DATE,
    pt_bal_amt     DECIMAL(10, 2) NOT NULL DEFAULT 0,  -- guarantor account balance
    created_ts     TIMESTAMP,
    is_test        SMALLINT NOT NULL DEFAULT 0,
    del_flg        SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE payer (                     -- global catalogue, shared by every group
    payer_id      INTEGER PRIMARY KEY,
    payer_nm      VARCHAR NOT NULL,
    payer_type_cd VARCHAR                -- COMM, MCD (Medicaid/CHIP), DHMO
);

CREATE TABLE pt_cov (
    cov_id    INTEGER PRIMARY KEY,
    grp_cd    VARCHAR NOT NULL,
    pat_id    INTEGER NOT NULL,
    payer_id  INTEGER NOT NULL,
    cov_ord   SMALLINT NOT NULL,         -- 1 primary, 2 secondary
    eff_dt    DATE NOT NULL,
    term_dt   DATE
);

CREATE TABLE appt (
    appt_id      INTEGER PRIMARY KEY,
    grp_cd       VARCHAR NOT NULL,
    loc_id       INTEGER NOT NULL,
    pat_id       INTEGER NOT NULL,
    prov_id      INTEGER NOT NULL,
    appt_ts      TIMESTAMP NOT NULL,
    appt_type_cd VARCHAR NOT NULL,       -- NP, HYG, RST, EMER, CONS
    appt_stat_cd VARCHAR NOT NULL,       -- SCH, CMP, NS, LC, CX
    chair_min    SMALLINT,               -- NULL unless CMP
    booked_ts    TIMESTAMP,
    cxl_ts       TIMESTAMP,
    is_test      SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE proc_log (
    proc_id      INTEGER PRIMARY KEY,
    grp_cd       VARCHAR NOT NULL,
    loc_id       INTEGER NOT NULL,
    pat_id       INTEGER NOT NULL,
    prov_id      INTEGER NOT NULL,
    appt_id      INTEGER,
    cdt_cd       VARCHAR NOT NULL,
    tooth_no     VARCHAR,                -- '1'-'32', 'A'-'T'; NULL for whole-mouth codes
    surf_cd      VARCHAR,                -- e.g. 'MOD'
    svc_dt       DATE NOT NULL,
    proc_stat_cd VARCHAR NOT NULL,       -- C completed, TP planned, EX existing
    fee_amt      DECIMAL(10, 2) NOT NULL,
    ppo_adj_amt  DECIMAL(10, 2) NOT NULL DEFAULT 0,
    is_test      SMALLINT NOT NULL DEFAULT 0,
    del_flg      SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE tx_plan (
    tp_id       INTEGER PRIMARY KEY,
    grp_cd      VARCHAR NOT NULL,
    loc_id      INTEGER NOT NULL,
    pat_id      INTEGER NOT NULL,
    prov_id     INTEGER NOT NULL,
    present_dt  DATE NOT NULL,
    tp_stat_cd  VARCHAR NOT NULL,        -- PRES, ACC, PART, REJ
    present_amt DECIMAL(10, 2) NOT NULL,
    accept_amt  DECIMAL(10, 2) NOT NULL DEFAULT 0,
    accept_dt   DATE,
    del_flg     SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE clm (
    clm_id        INTEGER PRIMARY KEY,
    grp_cd        VARCHAR NOT NULL,
    loc_id        INTEGER NOT NULL,
    pat_id        INTEGER NOT NULL,
    payer_id      INTEGER NOT NULL,
    clm_ord       SMALLINT NOT NULL,     -- 1 primary, 2 secondary
    svc_dt        DATE NOT NULL,
    submit_dt     DATE,
    adj_dt        DATE,                  -- adjudicated (PAID or DEN)
    clm_stat_cd   VARCHAR NOT NULL,      -- DRFT, SUB, PAID, DEN, VOID
    billed_amt    DECIMAL(10, 2) NOT NULL,
    paid_amt      DECIMAL(10, 2),
    denial_rsn_cd VARCHAR,
    is_test       SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE ledger (
    txn_id        INTEGER PRIMARY KEY,
    grp_cd        VARCHAR NOT NULL,
    loc_id        INTEGER NOT NULL,
    prov_id       INTEGER,
    pat_id        INTEGER NOT NULL,      -- the guarantor's account
    clm_id        INTEGER,
    txn_dt        DATE NOT NULL,
    txn_type_cd   VARCHAR NOT NULL,      -- PTPMT, INSPMT, REFUND, WO, ADJ
    amt           DECIMAL(10, 2) NOT NULL,
    pay_method_cd VARCHAR,               -- CARD, CASH, CHECK, EFT, CARECREDIT
    is_test       SMALLINT NOT NULL DEFAULT 0,
    del_flg       SMALLINT NOT NULL DEFAULT 0
);
