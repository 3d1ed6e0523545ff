-- ============================================================================================
-- music_lessons: the warehouse of a music-school management platform (DuckDB DDL for labelling)
--
-- Company: "Tempo Studio Cloud" runs scheduling, billing and student records for chains of music
-- schools. Every chain is an organisation (tenant) of one shared analytics warehouse, an SQLite
-- file rebuilt nightly: its locations, teachers, students and their guardians, instruments,
-- lesson packages, enrollments, the lessons scheduled under them (attendance, no-shows,
-- cancellations, make-ups), trial lessons, instrument rentals, recital slots and invoices, all
-- keyed by org_id.
--
-- Warehouse: SQLite (date('now', ...) modifiers, strftime, julianday; no QUALIFY, no FILTER
-- clause, IIF exists; `/` between integers truncates). The agent writes dialect `sqlite`.
-- Agent: `lessonlens`, versions 2.3, 2.4 and 2.5, deployed for org 14 ("Harmony House Music
-- Schools", five locations; the Eastgate location opened in October 2026).
-- Log window: 2026-11-02 to 2026-11-20; facts (attendance, payments, sign-ups) are loaded up to
-- 2026-11-01, and lessons already booked for later dates sit in `lessons` as SCHEDULED. So "last
-- month" is October 2026, "this month" November 2026 to date, "last quarter" / "Q3"
-- July-September 2026, "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 to date,
-- "last year" 2025. "This term" / "this semester" / "this season" is the fall term 2026, which
-- runs from 2026-09-08 to 2026-12-18 (to date); the spring term 2026 ran 2026-01-12 to 2026-05-29.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `org_id = 14` on every table of every query (shared tables, no row-level security);
--   * test rows: `is_test = 0` on students (demo students the front desk creates for training)
--     and on invoices (test invoices of the billing integration). Enrollments, lessons, trials,
--     rentals and recital slots of a test student are excluded through the student.
--   * soft deletes: `deleted_at IS NULL` on students, guardians and enrollments (an enrollment
--     entered by mistake is deleted; its lessons stay in `lessons` and are excluded through the
--     enrollment). A deleted student's rows are excluded through the student.
--   * invoices are money: they count whatever happened to the student since (only `is_test` and
--     the status apply).
--
-- Business conventions at Harmony House (what a careful analyst would apply):
--   * revenue (tuition revenue) = SUM(invoices.amount) over invoices with status_cd 'OPEN' or
--     'PAID' (DRAFT was never sent, VOID was replaced), dated by invoice_dt. Late fees are
--     booked apart (late_fee_amt) and are not revenue.
--   * collected = SUM(amount + late_fee_amt) of PAID invoices, dated by paid_dt; late fees
--     collected = SUM(late_fee_amt) of PAID invoices dated by paid_dt.
--   * outstanding / unpaid balance = SUM(amount + late_fee_amt) of OPEN invoices; unpaid invoice
--     = status 'OPEN'; overdue = OPEN with due_dt < today.
--   * days to pay = paid_dt - invoice_dt over PAID invoices, dated by paid_dt.
--   * lessons are dated by scheduled_ts. status_cd: SCHEDULED (booked, not yet marked),
--     ATTENDED, NO_SHOW (student did not come; the teacher is paid), CXL_STUDENT (cancelled by
--     the family), CXL_TEACHER (cancelled by the teacher). A lesson "taught" / "given" / "held"
--     is ATTENDED. Lesson volume (busiest day, lessons per ...) counts every lesson that was not
--     cancelled (SCHEDULED, ATTENDED, NO_SHOW).
--   * attendance rate = ATTENDED / (ATTENDED + NO_SHOW); cancelled lessons are out of it.
--     no-show rate = NO_SHOW / (ATTENDED + NO_SHOW).
--   * make-up lesson = is_makeup = 1 (makeup_of_id points at the cancelled lesson it replaces;
--     a make-up may itself be cancelled and booked again). A cancelled lesson "was made up" when
--     some make-up lesson that is not cancelled points at it.
--   * teaching hours = SUM(duration_min) / 60 over ATTENDED lessons, per lessons.teacher_id
--     (the teacher who taught it: a substitute, not the enrollment's teacher). lessons.teacher_id
--     is NULL while a substitute slot is still unassigned.
--   * active student = a student (not test, not deleted) with at least one enrollment (not
--     deleted) in status 'ACTIVE'. Paused enrollments ('PAUSED') are not active. Students are
--     counted by student_id (a student learning two instruments has two enrollments).
--   * new students = students by signup_dt; new enrollments = enrollments by start_dt.
--   * an enrollment's instrument is its package's instrument (packages.instrument_id).
--     Private vs group = packages.lesson_type_cd ('PRIVATE', 'GROUP').
--   * family = guardian (guardian_id); a family's kids are its students.
--   * age = whole years from birth_dt to today (birthday passed or not).
--   * trial lessons: a trial counts for conversion when attended = 1; converted = its
--     converted_enrollment_id is not NULL. Trial conversion rate = converted / attended trials,
--     dated by trial_ts. "Never enrolled" = the student has no enrollment (not deleted) at all
--     (front desk often enrolls a trial student without linking the trial).
--   * rentals: out / on rent = returned_dt IS NULL; rental length = returned_dt - out_dt in days
--     over returned rentals.
--   * recital performers = distinct students with a slot in a recital (dated by recital_dt);
--     a student may play two pieces.
--   * active teacher = term_dt IS NULL.
-- ============================================================================================

CREATE TABLE locations (
    org_id        INTEGER NOT NULL,
    location_id   INTEGER PRIMARY KEY,
    location_nm   VARCHAR NOT NULL,
    city_nm       VARCHAR,
    opened_dt     DATE NOT NULL
);

CREATE TABLE instruments (
    org_id          INTEGER NOT NULL,
    instrument_id   INTEGER PRIMARY KEY,
    instrument_nm   VARCHAR NOT NULL,          -- Piano, Guitar, Violin, Drums, Voice, Flute, Cello
    family_cd       VARCHAR NOT NULL           -- KEYS, STRINGS, PERC, VOICE, WINDS
);

CREATE TABLE teachers (
    org_id             INTEGER NOT NULL,
    teacher_id         INTEGER PRIMARY KEY,
    teacher_nm         VARCHAR NOT NULL,
    home_location_id   INTEGER,
    hire_dt            DATE NOT NULL,
    term_dt            DATE,                   -- NULL while employed
    pay_rate_hr        DECIMAL(8,2)
);

CREATE TABLE guardians (
    org_id        INTEGER NOT NULL,
    guardian_id   INTEGER PRIMARY KEY,
    guardian_nm   VARCHAR NOT NULL,
    email         VARCHAR,
    created_at    TIMESTAMP NOT NULL,
    deleted_at    TIMESTAMP                    -- soft delete
);

CREATE TABLE students (
    org_id             INTEGER NOT NULL,
    student_id         INTEGER PRIMARY KEY,
    student_nm         VARCHAR NOT NULL,
    birth_dt           DATE,
    guardian_id        INTEGER,                -- NULL for adult students
    home_location_id   INTEGER NOT NULL,
    signup_dt          DATE NOT NULL,
    lead_source_cd     VARCHAR,                -- WEB, REFERRAL, WALKIN, EVENT
    is_test            INTEGER NOT NULL,       -- 1 = demo / training student
    deleted_at         TIMESTAMP               -- soft delete
);

CREATE TABLE packages (
    org_id           INTEGER NOT NULL,
    package_id       INTEGER PRIMARY KEY,
    package_nm       VARCHAR NOT NULL,
    instrument_id    INTEGER NOT NULL,
    lesson_type_cd   VARCHAR NOT NULL,         -- PRIVATE, GROUP
    lesson_count     INTEGER NOT NULL,
    lesson_min       INTEGER NOT NULL,         -- 30, 45 or 60
    price_amt        DECIMAL(10,2) NOT NULL
);

CREATE TABLE enrollments (
    org_id          INTEGER NOT NULL,
    enrollment_id   INTEGER PRIMARY KEY,
    student_id      INTEGER NOT NULL,
    package_id      INTEGER NOT NULL,
    teacher_id      INTEGER NOT NULL,          -- the regular teacher
    location_id     INTEGER NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE,
    status_cd       VARCHAR NOT NULL,          -- ACTIVE, PAUSED, COMPLETED, CANCELLED
    cancel_dt       DATE,
    deleted_at      TIMESTAMP                  -- soft delete
);

CREATE TABLE lessons (
    org_id          INTEGER NOT NULL,
    lesson_id       INTEGER PRIMARY KEY,
    enrollment_id   INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,
    teacher_id      INTEGER,                   -- who teaches it; NULL = substitute slot unassigned
    location_id     INTEGER NOT NULL,
    scheduled_ts    TIMESTAMP NOT NULL,
    duration_min    INTEGER NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- SCHEDULED, ATTENDED, NO_SHOW, CXL_STUDENT, CXL_TEACHER
    is_makeup       INTEGER NOT NULL,          -- 1 = make-up lesson
    makeup_of_id    INTEGER                    -- the cancelled lesson a make-up replaces
);

CREATE TABLE trial_lessons (
    org_id                    INTEGER NOT NULL,
    trial_id                  INTEGER PRIMARY KEY,
    student_id                INTEGER NOT NULL,
    instrument_id             INTEGER NOT NULL,
    teacher_id                INTEGER,
    location_id               INTEGER NOT NULL,
    trial_ts                  TIMESTAMP NOT NULL,
    attended                  INTEGER NOT NULL,    -- 1 = the student came
    converted_enrollment_id   INTEGER              -- the enrollment it led to, when linked
);

CREATE TABLE rentals (
    org_id          INTEGER NOT NULL,
    rental_id       INTEGER PRIMARY KEY,
    student_id      INTEGER NOT NULL,
    instrument_id   INTEGER NOT NULL,
    location_id     INTEGER NOT NULL,
    serial_no       VARCHAR,
    out_dt          DATE NOT NULL,
    returned_dt     DATE,                      -- NULL while on rent
    monthly_fee     DECIMAL(8,2) NOT NULL
);

CREATE TABLE recital_slots (
    org_id        INTEGER NOT NULL,
    slot_id       INTEGER PRIMARY KEY,
    recital_nm    VARCHAR NOT NULL,
    recital_dt    DATE NOT NULL,
    location_id   INTEGER NOT NULL,
    student_id    INTEGER NOT NULL,
    piece_title   VARCHAR
);

CREATE TABLE invoices (
    org_id          INTEGER NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    guardian_id     INTEGER,                   -- NULL for adult students billed directly
    student_id      INTEGER NOT NULL,
    enrollment_id   INTEGER,
    location_id     INTEGER NOT NULL,
    invoice_dt      DATE NOT NULL,
    due_dt          DATE NOT NULL,
    amount          DECIMAL(10,2) NOT NULL,    -- tuition billed
    late_fee_amt    DECIMAL(8,2) NOT NULL,     -- 0 unless a late fee was added
    status_cd       VARCHAR NOT NULL,          -- DRAFT, OPEN, PAID, VOID
    paid_dt         DATE,
    is_test         INTEGER NOT NULL
);
