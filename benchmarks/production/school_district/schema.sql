-- ============================================================================================
-- school_district: a K-12 student information system's warehouse, shared by the school
-- districts hosted on it (DuckDB DDL for labelling)
--
-- Company: "EduLedger" hosts one student information system (SIS) for small and mid-size school
-- districts. Every hosted district's schools, students (enrollment and withdrawal, special
-- education (IEP), English learner (ELL) and free/reduced lunch flags, bus assignment), daily
-- attendance, course sections and their teachers by term, class rosters, gradebook progress
-- marks and report-card grades, state and interim test scores, discipline incidents, bus
-- ridership scans and cafeteria meal transactions sit in one shared warehouse keyed by dist_id.
-- Districts get a text-to-SQL assistant, "classbot", in the SIS reporting console.
--
-- Warehouse: Amazon Redshift (sqlglot dialect `redshift`), schema `sis`: DATE_TRUNC,
-- DATEADD / DATEDIFF, GETDATE(), NVL, ::casts, MEDIAN, QUALIFY. `/` between two integers is an
-- integer division (truncates), as in Postgres.
-- Agent: `classbot`, versions 2.3, 2.4 and 2.5, deployed for district 'SD-0862' (Harlow Valley
-- USD: Lincoln and Oakwood elementary schools (K-5), Ridgeview Middle (6-8), Central High
-- (9-12); Maple Elementary closed in June 2025, is_active = false). The console shows at most
-- 10000 rows.
-- Log window: 2026-12-01 to 2026-12-18 (2.3 answered Dec 1-5, 2.4 Dec 7-11, 2.5 Dec 14-18).
-- The warehouse is the district's end-of-November state-reporting snapshot, 2026-11-30: it
-- holds every fact up to 2026-11-30 and nothing later ("today" / "currently" = the snapshot).
--
-- The school year runs July 1 to June 30 (the state's reporting year). SY 2025-26 =
-- 2025-07-01 to 2026-06-30 (first day of school 2025-08-18, last 2026-06-05); SY 2026-27 =
-- 2026-07-01 onwards (first day 2026-08-17). "This year", "this school year", "ytd" = SY 2026-27
-- to date (2026-07-01 to 2026-11-30), never the calendar year; "last year" = SY 2025-26.
-- "Last month" = November 2026, "this quarter" = Q4 2026 (October 1 to date), "Q3" =
-- July-September 2026, "in March" = March 2026. Terms (sections.term_cd): '2025F' fall 2025,
-- '2026S' spring 2026, '2026F' fall 2026; "this term" = '2026F', "last term" = '2026S'.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `dist_id = 'SD-0862'` on every table (every table carries it; ids are unique
--     across the platform, so a table joined on its id to a guarded one inherits the tenant);
--   * `is_test = 0` on students (training students of the SIS sandbox; they have no facts:
--     no attendance, marks, scores, incidents, rides or meals);
--   * `deleted_at IS NULL` on students (duplicate records merged into another; no facts);
--   * `is_void = 0` on meal_txns (a voided POS transaction was re-rung: a void never counts).
--
-- Business conventions (what Harlow Valley's staff mean):
--   * students: one row per student. sch_id / grd_lvl = the student's current school and grade
--     (for a withdrawn student, the last ones; 0 = kindergarten). entry_dt = the day the student
--     entered the district; "new students" / "new enrollments" are dated by entry_dt. wd_dt =
--     withdrawal date (the first day no longer enrolled), wd_cd the reason: 'TRF' transferred
--     to another district, 'MOV' moved out of state, 'PVT' private school, 'HSC' home school,
--     'DRP' dropped out, 'GRD' graduated. Currently enrolled = entry_dt <= today and (wd_dt IS
--     NULL or wd_dt > today). "Students" / "kids" / "enrollment" of a school = its currently
--     enrolled students unless a period is named.
--   * iep_flg = 1: special education (IEP; "sped"); ell_flg = 1: English learner (ELL / EL /
--     ML). frl_cd = current meal eligibility: 'F' free, 'R' reduced, 'P' paid (not eligible),
--     NULL = no application on file (counts as not eligible). "FRL" / "free/reduced" = F or R;
--     FRL % of a school = F or R students / all its enrolled students.
--   * bus_rte_cd = the bus route the student is assigned to (NULL = walker / parent drop-off).
--   * attendance: one row per enrolled student per school day, at the school they attended
--     that day (attendance.sch_id). att_cd 'PR' present, 'TD' tardy (present, late), 'AE'
--     excused absence, 'AU' unexcused absence, 'SU' out-of-school suspension day. Absent = AE,
--     AU or SU (a tardy is NOT an absence). Attendance rate = present days (PR, TD) / all rows
--     (membership days); absence rate = absent days / all rows. Chronically absent = absent on
--     10% or more of the student's membership days in the period.
--   * sections: one row per course section per term, with its course (crs_cd, crs_title,
--     subj_cd 'MATH', 'ELA', 'SCI', 'SOC', 'ART') and its teacher (tchr_id, tchr_nm). rosters:
--     one row per student added to a section; drop_dt set when the student dropped it. Class
--     size = roster rows with drop_dt IS NULL.
--   * marks: mark_type 'PR' = gradebook progress-report mark (several a term, dated mark_dt),
--     'RC' = report-card grade (one per student and section at the end of the term). ltr_grd
--     'A'-'D', 'F' (failing), 'I' incomplete (grd_pts NULL). "Grades" / "F's" / "failing" of a
--     finished term mean report-card ('RC') grades; for the current term (no report card yet)
--     they mean the latest progress mark of each student in each section. GPA of a student =
--     AVG(grd_pts) of their RC grades of the term (incompletes left out); "average GPA" of a
--     group = the mean of its students' GPAs.
--   * test_scores: test_cd 'SBA' = the state assessment (spring, admin_cd '2026SP'), 'MAP' =
--     the district's interim test, given in grades K-8 only (fall 2026 = admin_cd '2026FA'; a
--     student "missing" a MAP score is a K-8 student without one). tst_grd = the grade the
--     student was in when tested. perf_lvl 1-4; proficient = perf_lvl >= 3. inv_flg = 1: score
--     invalidated (testing irregularity): it never counts.
--   * incidents: one row per student involved in an incident (a fight between two students is
--     one inc_id with two rows), at sch_id, dated by inc_dt. inc_type 'FGT' fight, 'DIS'
--     disruption, 'VAP' vaping / tobacco, 'BUL' bullying, 'WPN' weapon, 'THF' theft. action_cd
--     'WRN' warning, 'DET' detention, 'ISS' in-school suspension, 'OSS' out-of-school
--     suspension, 'EXP' expulsion. Incidents count distinct inc_id; "suspensions" = ISS and OSS
--     actions (one per student row); days suspended = susp_days (halves possible).
--   * bus_rides: one row per badge scan boarding a bus (run_cd 'AM' to school, 'PM' home), dated
--     by ride_dt. stu_id is NULL for a card the system could not match to a student. Riders of
--     a day = distinct students scanned that day (AM and PM of one student are one rider).
--   * meal_txns: one row per cafeteria POS transaction, dated by txn_ts, at sch_id. meal_cd 'B'
--     breakfast, 'L' lunch (the reimbursable meals), 'A' a la carte. elig_cd = the student's
--     eligibility at the time of the transaction ('F', 'R', 'P'); price_amt = what the student
--     paid. Meal revenue = SUM(price_amt) of non-void transactions.
-- ============================================================================================

CREATE TABLE schools (
    dist_id    VARCHAR NOT NULL,
    sch_id     INTEGER NOT NULL,
    sch_cd     VARCHAR NOT NULL,   -- 'ES-LIN' ...
    sch_nm     VARCHAR NOT NULL,
    sch_lvl    VARCHAR NOT NULL,   -- 'ES', 'MS', 'HS'
    lo_grd     INTEGER,
    hi_grd     INTEGER,
    is_active  BOOLEAN NOT NULL
);

CREATE TABLE students (
    dist_id     VARCHAR NOT NULL,
    stu_id      INTEGER NOT NULL,
    stu_no      VARCHAR NOT NULL,  -- state student number
    sch_id      INTEGER NOT NULL,
    grd_lvl     INTEGER NOT NULL,  -- 0 = kindergarten
    gender_cd   VARCHAR,
    birth_dt    DATE,
    entry_dt    DATE NOT NULL,
    wd_dt       DATE,
    wd_cd       VARCHAR,           -- TRF, MOV, PVT, HSC, DRP, GRD
    iep_flg     SMALLINT NOT NULL,
    ell_flg     SMALLINT NOT NULL,
    frl_cd      VARCHAR,           -- F, R, P; NULL = no application
    bus_rte_cd  VARCHAR,
    is_test     SMALLINT NOT NULL,
    deleted_at  TIMESTAMP
);

CREATE TABLE attendance (
    dist_id  VARCHAR NOT NULL,
    stu_id   INTEGER NOT NULL,
    sch_id   INTEGER NOT NULL,
    att_dt   DATE NOT NULL,
    att_cd   VARCHAR NOT NULL      -- PR, TD, AE, AU, SU
);

CREATE TABLE sections (
    dist_id    VARCHAR NOT NULL,
    sec_id     INTEGER NOT NULL,
    sch_id     INTEGER NOT NULL,
    term_cd    VARCHAR NOT NULL,   -- 2025F, 2026S, 2026F
    crs_cd     VARCHAR NOT NULL,
    crs_title  VARCHAR NOT NULL,
    subj_cd    VARCHAR NOT NULL,   -- MATH, ELA, SCI, SOC, ART
    tchr_id    INTEGER NOT NULL,
    tchr_nm    VARCHAR NOT NULL,
    seat_cap   SMALLINT
);

CREATE TABLE rosters (
    dist_id  VARCHAR NOT NULL,
    sec_id   INTEGER NOT NULL,
    stu_id   INTEGER NOT NULL,
    add_dt   DATE NOT NULL,
    drop_dt  DATE
);

CREATE TABLE marks (
    dist_id    VARCHAR NOT NULL,
    stu_id     INTEGER NOT NULL,
    sec_id     INTEGER NOT NULL,
    mark_type  VARCHAR NOT NULL,   -- PR progress (gradebook), RC report card
    mark_dt    DATE NOT NULL,
    ltr_grd    VARCHAR NOT NULL,   -- A B C D F I
    grd_pts    DECIMAL(3,1),       -- NULL for I
    pct_score  DECIMAL(5,1)
);

CREATE TABLE test_scores (
    dist_id    VARCHAR NOT NULL,
    stu_id     INTEGER NOT NULL,
    test_cd    VARCHAR NOT NULL,   -- SBA, MAP
    admin_cd   VARCHAR NOT NULL,   -- 2026SP, 2026FA
    subj_cd    VARCHAR NOT NULL,   -- MATH, ELA, SCI
    test_dt    DATE NOT NULL,
    tst_grd    INTEGER NOT NULL,
    scale_scr  INTEGER,
    perf_lvl   SMALLINT,
    inv_flg    SMALLINT NOT NULL
);

CREATE TABLE incidents (
    dist_id    VARCHAR NOT NULL,
    inc_id     INTEGER NOT NULL,
    stu_id     INTEGER NOT NULL,
    sch_id     INTEGER NOT NULL,
    inc_dt     DATE NOT NULL,
    inc_type   VARCHAR NOT NULL,   -- FGT DIS VAP BUL WPN THF
    action_cd  VARCHAR NOT NULL,   -- WRN DET ISS OSS EXP
    susp_days  DECIMAL(3,1)
);

CREATE TABLE bus_rides (
    dist_id   VARCHAR NOT NULL,
    scan_id   INTEGER NOT NULL,
    stu_id    INTEGER,             -- NULL: card not matched
    rte_cd    VARCHAR NOT NULL,
    ride_dt   DATE NOT NULL,
    run_cd    VARCHAR NOT NULL,    -- AM, PM
    scan_ts   TIMESTAMP NOT NULL
);

CREATE TABLE meal_txns (
    dist_id    VARCHAR NOT NULL,
    txn_id     INTEGER NOT NULL,
    stu_id     INTEGER NOT NULL,
    sch_id     INTEGER NOT NULL,
    txn_ts     TIMESTAMP NOT NULL,
    meal_cd    VARCHAR NOT NULL,   -- B, L, A
    elig_cd    VARCHAR NOT NULL,   -- F, R, P at the time
    price_amt  DECIMAL(6,2) NOT NULL,
    is_void    SMALLINT NOT NULL
);
