-- ============================================================================================
-- community_college: a community-college student-information warehouse (DuckDB DDL for labelling)
--
-- Company: "CampusLine" hosts the student-information system (registration, billing, financial
-- aid, advising, graduation) of several community colleges in one shared analytics warehouse,
-- every table keyed by college_cd. This deployment is for college 'RVC', Ridgeview Community
-- College (two campuses, MAIN and EAST, plus online sections).
--
-- Warehouse: PostgreSQL (CTEs, window functions, FILTER, DISTINCT ON, date_trunc, intervals;
-- `int / int` truncates, so SUM(credit_hrs) / 15 is a whole number unless cast). The agent
-- writes dialect `postgres`.
-- Agent: `registrar-ai`, versions 2.3, 2.4 and 2.5, deployed for college 'RVC'.
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01.
--
-- Terms. Ridgeview codes its terms Banner-style by ACADEMIC year: term_cd = the year the academic
-- year ENDS + a season digit, 10 fall, 20 spring, 30 summer. So Fall 2026 = '202710', Spring
-- 2027 = '202720', Summer 2026 = '202630', Spring 2026 = '202620', Fall 2025 = '202610'
-- ('202610' is NOT Fall 2026). The academic year (AY) runs fall, spring, summer: AY 2025-26 =
-- '202610', '202620', '202630'; AY 2024-25 = '202510', '202520', '202530'. The terms table
-- holds each term's name ('Fall 2026'), season, academic year, start_dt, end_dt and census_dt.
-- Facts that belong to a term (enrollments, sections, charges, aid, completions) are filtered by
-- their term_cd (the code itself, or a join to terms by term_nm / season and year), never by the
-- calendar months of a date column: fall registration runs from April, tuition posts at
-- registration. Facts that are not term facts (payments, advising appointments) are dated by
-- their own date; "this term" on them means the current term's start_dt to today.
-- Relative words against the record's timestamp (all in the log window):
--   "this term" / "this fall" / "current term" = Fall 2026 ('202710', 2026-08-24 to 2026-12-12);
--   "next term" / "spring 27" = Spring 2027 ('202720', registration open since 2026-10-26);
--   "last spring" = Spring 2026 ('202620'); "last fall" = Fall 2025 ('202610');
--   "summer session" / "this summer" / "last summer" = Summer 2026 ('202630');
--   "this AY" = AY 2026-27; "last AY" = AY 2025-26;
--   "last month" = October 2026, "this month" November 2026 to date, "ytd" / "this year" the
--   calendar year 2026 to date (ISO weeks, Monday to Sunday, for "last week").
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `college_cd = 'RVC'` on every table of every query (row-level security);
--   * students: `is_test = false` (QA test students 'ZZTEST...' registered in live sections) and
--     `deleted_at IS NULL` (duplicate records merged into another; their rows are moved, the
--     deleted record keeps stale copies). Every student fact (enrollments, charges, payments,
--     aid, advising appointments, completions) leaves test and merged students out through a
--     join to students.
--
-- Business conventions at Ridgeview (what a careful analyst would apply):
--   * registration status of an enrollment (reg_status_cd): 'RE' registered / enrolled, 'DD'
--     dropped before the census date (no transcript record, tuition refunded), 'WD' withdrawn
--     after census (a W grade). A census enrollment = reg_status_cd IN ('RE', 'WD').
--   * enrollment / seats / "enrollments in a course" = census enrollments (rows). Headcount
--     ("how many students", "enrollment" said of the college or a group of students) = DISTINCT
--     students with at least one census enrollment in the term. Dropped rows never count.
--   * credit hours (SCH) = SUM(enrollments.credit_hrs) over census enrollments. FTE = SCH / 15
--     for a fall or spring term (decimal, not truncated). Full-time = 12 or more census credit
--     hours in the term, part-time = under 12. Average credit load = SCH / headcount.
--   * withdrawals = reg_status_cd 'WD'; drops = 'DD' (not withdrawals). Withdrawal rate = WD /
--     census enrollments.
--   * success rate = enrollments graded A, B, C or P / census enrollments with a final grade (W
--     counts in the denominator; an open I (incomplete) or a missing grade does not).
--   * new students in a term = first_term_cd = that term, dual-enrollment high-school students
--     left out (they are reported separately: is_dual_enroll). Dual-enrollment headcount = headcount
--     of is_dual_enroll students.
--   * persistence (fall to spring) = share of a fall term's headcount who are in the next spring
--     term's headcount.
--   * tuition billed = SUM(charges.amount) with charge_type 'TUIT' and NOT is_reversed, by the
--     charge's term_cd; fees are the FEE_* charge types (FEE_TECH technology fee, FEE_LAB,
--     FEE_ACT activity fee), dated by posted_dt when asked by calendar period.
--   * payments = payments with NOT is_void, dated by pay_dt. A student's balance = non-reversed
--     charges - non-void payments (all terms).
--   * aid disbursed = SUM(aid_awards.disbursed_amt) of awards with status 'DISBURSED', by the
--     award's term_cd (an aid year is an academic year: aid_yr '2526' = AY 2025-26). Pell = fund_cd
--     'PELL'.
--   * advising: an appointment is held when status 'COMPLETED'; no-show rate = NO_SHOW /
--     (COMPLETED + NO_SHOW) of appointments dated by appt_ts (cancelled and still-scheduled ones
--     are out). Group workshops (appt_type 'WORKSHOP') have no student (student_id NULL) and are
--     left out of advising figures (appointment counts, no-show rates, who has seen an advisor).
--   * completions: one row per award conferred (a student may earn an AAS and a certificate the
--     same term). Graduates = DISTINCT students; awards = rows. Completions of an academic year
--     are those whose term_cd is one of its three terms.
--   * programs: a figure "by program" lists the programs still admitting (is_active); the retired
--     Drafting program is not a row, and undeclared students (program_cd NULL) belong to none.
--   * sections: status 'A' active, 'X' cancelled; fill rate = census enrollments / seat cap over
--     active sections (SUM / SUM, empty sections included).
-- ============================================================================================

CREATE TABLE terms (
    college_cd   VARCHAR NOT NULL,
    term_cd      VARCHAR NOT NULL,          -- '202710' = Fall 2026 (see header)
    term_nm      VARCHAR NOT NULL,          -- 'Fall 2026', 'Spring 2027', 'Summer 2026'
    season_cd    VARCHAR NOT NULL,          -- FA, SP, SU
    acad_yr      VARCHAR NOT NULL,          -- '2026-27'
    start_dt     DATE NOT NULL,
    end_dt       DATE NOT NULL,
    census_dt    DATE NOT NULL
);

CREATE TABLE programs (
    college_cd   VARCHAR NOT NULL,
    program_cd   VARCHAR NOT NULL,          -- 'AAS-NURS', 'CERT-WELD', ...
    program_nm   VARCHAR NOT NULL,
    award_type   VARCHAR NOT NULL,          -- AA, AS, AAS, CERT
    is_active    BOOLEAN NOT NULL           -- false: no longer admitting
);

CREATE TABLE students (
    college_cd      VARCHAR NOT NULL,
    student_id      INTEGER NOT NULL,
    last_nm         VARCHAR NOT NULL,
    first_term_cd   VARCHAR NOT NULL,       -- first term enrolled at the college
    program_cd      VARCHAR,                -- declared program; NULL = undeclared
    residency_cd    VARCHAR NOT NULL,       -- IND in-district, OOD out-of-district, OOS out-of-state
    is_dual_enroll  BOOLEAN NOT NULL,       -- high-school student taking college courses
    hs_name         VARCHAR,                -- dual-enrollment students' high school
    birth_dt        DATE,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP               -- merged duplicate
);

CREATE TABLE courses (
    college_cd   VARCHAR NOT NULL,
    course_id    INTEGER NOT NULL,
    subj_cd      VARCHAR NOT NULL,          -- MATH, ENGL, BIOL, ...
    crse_num     VARCHAR NOT NULL,          -- '110'
    title        VARCHAR NOT NULL,
    dept_cd      VARCHAR NOT NULL,          -- MATH, ENGL, SCI, SOCS, CIS, NURS, TECH, BUS, HUM, HPE
    credit_hrs   INTEGER NOT NULL
);

CREATE TABLE sections (
    college_cd    VARCHAR NOT NULL,
    crn           INTEGER NOT NULL,         -- section id, unique across terms
    term_cd       VARCHAR NOT NULL,
    course_id     INTEGER NOT NULL,
    campus_cd     VARCHAR NOT NULL,         -- MAIN, EAST
    modality_cd   VARCHAR NOT NULL,         -- F2F face to face, ONL online, HYB hybrid
    instructor_nm VARCHAR,
    seat_cap      INTEGER NOT NULL,
    status_cd     VARCHAR NOT NULL          -- A active, X cancelled
);

CREATE TABLE enrollments (
    college_cd     VARCHAR NOT NULL,
    enrl_id        INTEGER NOT NULL,
    student_id     INTEGER NOT NULL,
    crn            INTEGER NOT NULL,
    term_cd        VARCHAR NOT NULL,
    reg_status_cd  VARCHAR NOT NULL,        -- RE registered, DD dropped before census, WD withdrawn
    reg_dt         DATE NOT NULL,
    status_dt      DATE,                    -- drop / withdrawal date
    credit_hrs     INTEGER NOT NULL,
    final_grade    VARCHAR                  -- A B C D F P W I; NULL until graded (and for DD)
);

CREATE TABLE charges (
    college_cd   VARCHAR NOT NULL,
    charge_id    INTEGER NOT NULL,
    student_id   INTEGER NOT NULL,
    term_cd      VARCHAR NOT NULL,
    charge_type  VARCHAR NOT NULL,          -- TUIT, FEE_TECH, FEE_LAB, FEE_ACT
    amount       DECIMAL(10,2) NOT NULL,
    posted_dt    DATE NOT NULL,
    is_reversed  BOOLEAN NOT NULL           -- reversed in full (drop refund, waiver)
);

CREATE TABLE payments (
    college_cd   VARCHAR NOT NULL,
    payment_id   INTEGER NOT NULL,
    student_id   INTEGER NOT NULL,
    term_cd      VARCHAR NOT NULL,          -- term the payment was applied to
    pay_dt       DATE NOT NULL,
    amount       DECIMAL(10,2) NOT NULL,
    method_cd    VARCHAR NOT NULL,          -- CARD, ACH, CASH, PLAN (payment plan), SPONSOR
    is_void      BOOLEAN NOT NULL
);

CREATE TABLE aid_awards (
    college_cd     VARCHAR NOT NULL,
    award_id       INTEGER NOT NULL,
    student_id     INTEGER NOT NULL,
    aid_yr         VARCHAR NOT NULL,        -- '2526' = AY 2025-26
    term_cd        VARCHAR NOT NULL,
    fund_cd        VARCHAR NOT NULL,        -- PELL, SEOG, MAP (state grant), FOUND (foundation), DLOAN
    offered_amt    DECIMAL(10,2) NOT NULL,
    disbursed_amt  DECIMAL(10,2),           -- NULL until disbursed
    disb_dt        DATE,
    status_cd      VARCHAR NOT NULL         -- OFFERED, ACCEPTED, DISBURSED, CANCELLED
);

CREATE TABLE advisors (
    college_cd   VARCHAR NOT NULL,
    advisor_id   INTEGER NOT NULL,
    advisor_nm   VARCHAR NOT NULL,
    is_active    BOOLEAN NOT NULL
);

CREATE TABLE advising_appts (
    college_cd   VARCHAR NOT NULL,
    appt_id      INTEGER NOT NULL,
    student_id   INTEGER,                   -- NULL for group workshops
    advisor_id   INTEGER NOT NULL,
    appt_ts      TIMESTAMP NOT NULL,
    appt_type    VARCHAR NOT NULL,          -- REG (registration), CAREER, TRANSFER, PROBATION, WORKSHOP
    status_cd    VARCHAR NOT NULL           -- SCHEDULED, COMPLETED, NO_SHOW, CANCELLED
);

CREATE TABLE completions (
    college_cd     VARCHAR NOT NULL,
    completion_id  INTEGER NOT NULL,
    student_id     INTEGER NOT NULL,
    program_cd     VARCHAR NOT NULL,
    award_type     VARCHAR NOT NULL,        -- AA, AS, AAS, CERT
    term_cd        VARCHAR NOT NULL,        -- term the award was conferred
    conferred_dt   DATE NOT NULL
);
