-- ============================================================================================
-- tutoring_centers: the warehouse of an after-school tutoring-centre management platform
-- (DuckDB DDL for labelling)
--
-- Company: "Tutorly" runs scheduling, prepaid-hour packages, billing and progress tracking for
-- chains of after-school tutoring centres. Every chain is a tenant of one shared SQLite
-- reporting warehouse (a nightly export of the app database): its regions, centres, tutors,
-- subjects, guardians, students, packages, sessions, invoices, payments and assessments, all
-- keyed by org_id. Other chains (TC-2201, TC-3390) sit in the same tables.
--
-- Warehouse: SQLite (dates are ISO-8601 TEXT 'YYYY-MM-DD', timestamps 'YYYY-MM-DD HH:MM:SS'
-- TEXT, typed below as DATE / TIMESTAMP; flags are INTEGER 0/1; `int / int` truncates; CTEs and
-- window functions are available, QUALIFY is not). The agent writes dialect `sqlite`.
-- Agent: `study-sage`, versions 1.7, 1.8 and 1.9, deployed for chain TC-5108 ("Beacon Learning
-- Centers": regions North, South and Online; centres Maple Grove, Riverside, Harbourview, the
-- Oakridge centre opened on 2026-09-14 and the Online Live virtual centre).
-- Log window: 2026-11-02 to 2026-11-13; the warehouse is loaded up to 2026-11-01 (sessions
-- booked for November and December already exist as BOOKED rows). So "last month" is October
-- 2026, "this month" November 2026, "this quarter" Q4 2026 (2026-10-01 to date), "last quarter"
-- / "Q3" July-September 2026, "ytd" / "this year" 2026-01-01 to date, "last year" 2025, "last 6
-- months" the six whole months May-October 2026, "last 30 days" the 30 days before today
-- (today excluded). "This school year" starts on 2026-09-01 (school years run September to
-- August).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `org_id = 'TC-5108'` on every table of every query (row-level security);
--   * test students: `students.is_test = 0` (front-desk training profiles, all under the
--     sandbox guardian 'Front Desk Sandbox'); their sessions, packages and assessments are
--     excluded through the student;
--   * test invoices: `invoices.is_test = 0` (billing runs tested on the sandbox guardian);
--     their payments are excluded through the invoice;
--   * deleted rows: `is_deleted = 0` on centres, tutors and students (duplicates keyed by
--     mistake and deleted in the app stay in the export). A deleted student's sessions, packages
--     and assessments are excluded through the student; the deleted centre and tutor rows have
--     no sessions of their own.
--
-- Business conventions at this chain (what a careful analyst would apply):
--   * sessions: status_cd BOOKED (future, not yet held), ATTENDED, NO_SHOW (the student did not
--     come; charged to the package like an attended session), CANCELLED (cancel_by_cd STUDENT
--     or CENTRE). Sessions are dated by start_ts; duration_min is the booked length.
--     tutor_id is NULL on a session whose tutor is still to be assigned (only BOOKED and
--     CANCELLED sessions).
--   * "sessions" / "lessons" held, "attended" = ATTENDED; "hours tutored" = SUM(duration_min) /
--     60.0 of ATTENDED sessions.
--   * no-show rate = NO_SHOW / (ATTENDED + NO_SHOW), sessions dated in the period.
--   * cancellation rate = CANCELLED / all sessions dated in the period (every status but BOOKED,
--     i.e. ATTENDED + NO_SHOW + CANCELLED).
--   * active student = a student with an ATTENDED session in the last 30 days.
--   * new students = students by enrolled_dt.
--   * online = sessions.mode_cd = 'ONLINE' (IN_PERSON otherwise); the Online Live centre holds
--     only online sessions but other centres hold some too.
--   * packages: prepaid hours (hours_purchased) at price_amt, status_cd ACTIVE, USED_UP,
--     EXPIRED, REFUNDED. Package sales = packages purchased in the period (purchased_dt) except
--     REFUNDED ones. Hours used of a package = SUM(duration_min) / 60.0 of its ATTENDED and
--     NO_SHOW sessions; hours left = hours_purchased - hours used, over ACTIVE packages.
--     Price per hour = SUM(price_amt) / SUM(hours_purchased) (not an average of ratios).
--     Sessions with package_id NULL are pay-as-you-go, billed monthly.
--   * billed = SUM(invoices.total_amt) of invoices with status_cd <> 'VOID', dated by
--     invoice_dt. Invoice status: OPEN, PARTIAL, PAID, VOID.
--   * revenue / collections / "money in" = SUM(payments.amount) of SETTLED payments, dated by
--     paid_dt (FAILED never arrived; REFUNDED was given back). A centre's or region's revenue
--     goes by the invoice's centre_id.
--   * outstanding / owed = total_amt of OPEN and PARTIAL invoices minus their SETTLED
--     payments; overdue = outstanding on invoices whose due_dt is before today.
--   * late payment = a SETTLED payment whose paid_dt is after its invoice's due_dt.
--   * tutor pay = hours of ATTENDED and NO_SHOW sessions x tutors.hourly_rate (tutors are paid
--     for a no-show slot, not for a cancelled one).
--   * current tutors = is_deleted = 0 and term_dt IS NULL (term_dt is the last day worked).
--   * assessments: BASELINE (on joining a subject) and PROGRESS (every 6-8 weeks); score_pct
--     0-100, NULL when the assessment was started and not finished (not a zero). Score
--     improvement of a student in a subject = the latest finished (non-NULL) PROGRESS score
--     minus the finished BASELINE score; averages are over students who have both.
--   * grade = students.grade_level (school grade 1-12 at enrolment; K is 0).
-- ============================================================================================

CREATE TABLE regions (
    org_id          VARCHAR NOT NULL,
    region_id       INTEGER PRIMARY KEY,
    region_nm       VARCHAR NOT NULL          -- 'North', 'South', 'Online'
);

CREATE TABLE centres (
    org_id          VARCHAR NOT NULL,
    centre_id       INTEGER PRIMARY KEY,
    region_id       INTEGER NOT NULL,         -- regions.region_id
    centre_nm       VARCHAR NOT NULL,
    city            VARCHAR,
    opened_dt       DATE NOT NULL,
    is_deleted      INTEGER NOT NULL          -- 1 = duplicate row deleted in the app
);

CREATE TABLE tutors (
    org_id          VARCHAR NOT NULL,
    tutor_id        INTEGER PRIMARY KEY,
    home_centre_id  INTEGER NOT NULL,         -- centres.centre_id (tutors may teach elsewhere)
    tutor_nm        VARCHAR NOT NULL,
    hourly_rate     DECIMAL(6,2) NOT NULL,    -- pay per hour
    hire_dt         DATE NOT NULL,
    term_dt         DATE,                     -- last day worked; NULL = current
    is_deleted      INTEGER NOT NULL
);

CREATE TABLE subjects (
    org_id          VARCHAR NOT NULL,
    subject_id      INTEGER PRIMARY KEY,
    subject_nm      VARCHAR NOT NULL,         -- 'Math', 'Reading', 'Writing', 'Science', 'SAT Prep', ...
    subject_area    VARCHAR NOT NULL          -- MATH, ELA, SCIENCE, TEST_PREP
);

CREATE TABLE guardians (
    org_id          VARCHAR NOT NULL,
    guardian_id     INTEGER PRIMARY KEY,
    guardian_nm     VARCHAR NOT NULL,
    email           VARCHAR,
    created_dt      DATE NOT NULL
);

CREATE TABLE students (
    org_id          VARCHAR NOT NULL,
    student_id      INTEGER PRIMARY KEY,
    guardian_id     INTEGER NOT NULL,         -- guardians.guardian_id
    home_centre_id  INTEGER NOT NULL,         -- centres.centre_id
    student_nm      VARCHAR NOT NULL,
    grade_level     INTEGER NOT NULL,         -- 0 = K, 1-12
    enrolled_dt     DATE NOT NULL,
    is_test         INTEGER NOT NULL,         -- 1 = front-desk training profile
    is_deleted      INTEGER NOT NULL          -- 1 = duplicate deleted in the app
);

CREATE TABLE packages (
    org_id          VARCHAR NOT NULL,
    package_id      INTEGER PRIMARY KEY,
    student_id      INTEGER NOT NULL,         -- students.student_id
    hours_purchased INTEGER NOT NULL,         -- 10, 20 or 40 prepaid hours
    price_amt       DECIMAL(8,2) NOT NULL,
    purchased_dt    DATE NOT NULL,
    expires_dt      DATE NOT NULL,
    status_cd       VARCHAR NOT NULL          -- ACTIVE, USED_UP, EXPIRED, REFUNDED
);

CREATE TABLE sessions (
    org_id          VARCHAR NOT NULL,
    session_id      INTEGER PRIMARY KEY,
    student_id      INTEGER NOT NULL,         -- students.student_id
    tutor_id        INTEGER,                  -- tutors.tutor_id; NULL = not yet assigned
    subject_id      INTEGER NOT NULL,         -- subjects.subject_id
    centre_id       INTEGER NOT NULL,         -- centres.centre_id where it is held
    package_id      INTEGER,                  -- packages.package_id; NULL = pay-as-you-go
    start_ts        TIMESTAMP NOT NULL,
    duration_min    INTEGER NOT NULL,         -- 30, 45, 60 or 90
    mode_cd         VARCHAR NOT NULL,         -- IN_PERSON, ONLINE
    status_cd       VARCHAR NOT NULL,         -- BOOKED, ATTENDED, NO_SHOW, CANCELLED
    cancel_by_cd    VARCHAR                   -- STUDENT, CENTRE when CANCELLED; NULL otherwise
);

CREATE TABLE invoices (
    org_id          VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    guardian_id     INTEGER NOT NULL,         -- guardians.guardian_id
    centre_id       INTEGER NOT NULL,         -- centres.centre_id that billed
    invoice_dt      DATE NOT NULL,
    due_dt          DATE NOT NULL,
    total_amt       DECIMAL(8,2) NOT NULL,
    invoice_type    VARCHAR NOT NULL,         -- PACKAGE, PAYG (monthly pay-as-you-go), FEE
    status_cd       VARCHAR NOT NULL,         -- OPEN, PARTIAL, PAID, VOID
    is_test         INTEGER NOT NULL          -- 1 = sandbox billing run
);

CREATE TABLE payments (
    org_id          VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    invoice_id      INTEGER NOT NULL,         -- invoices.invoice_id
    paid_dt         DATE NOT NULL,
    amount          DECIMAL(8,2) NOT NULL,
    method_cd       VARCHAR NOT NULL,         -- CARD, ACH, CASH, CHECK
    status_cd       VARCHAR NOT NULL          -- SETTLED, FAILED, REFUNDED
);

CREATE TABLE assessments (
    org_id          VARCHAR NOT NULL,
    assessment_id   INTEGER PRIMARY KEY,
    student_id      INTEGER NOT NULL,         -- students.student_id
    subject_id      INTEGER NOT NULL,         -- subjects.subject_id
    assessed_dt     DATE NOT NULL,
    assessment_type VARCHAR NOT NULL,         -- BASELINE, PROGRESS
    score_pct       DECIMAL(5,1)              -- 0-100; NULL = not finished
);
