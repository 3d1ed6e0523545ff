-- ============================================================================================
-- dance_studios: the warehouse of a dance-studio management platform (DuckDB DDL for labelling)
--
-- Company: "Barre Line" runs scheduling, check-in, billing and recital software for chains of
-- dance studios. Every chain is a tenant of one shared Snowflake account: its studios,
-- instructors, class sessions (one row per scheduled class), students, drop-in passes and class
-- packs, monthly memberships and their freezes, enrolments (one row per student per class
-- session, with the check-in), recitals and recital entries with costume fees, private lessons,
-- studio-room rentals and refunds, all keyed by grp_id. Other chains (DS-0117, DS-0550) share
-- every table.
--
-- Warehouse: Snowflake (DATEADD(part, n, d), DATEDIFF(part, start, end), DATE_TRUNC('month', d),
-- IFF, COUNT_IF, DIV0, QUALIFY, ILIKE, TRY_TO_NUMBER, HOUR(); `/` is decimal division). The agent
-- writes dialect `snowflake`.
-- Agent: `plie`, versions 3.0, 3.1 and 3.2, deployed for chain DS-0904 ("Pulse Dance
-- Collective": studios Midtown, Northside and Lakeview, and Westgate, opened 2026-03-01; an old
-- Mill Street studio closed in 2025 and is soft-deleted).
-- Log window: 2026-10-05 to 2026-10-23; the warehouse is loaded up to 2026-10-04 (class
-- sessions are scheduled ahead to the end of October and carry BOOKED enrolments; check-ins,
-- passes, lessons, rentals and refunds stop at 2026-10-04). So "today" / "rn" is the record's
-- date; "last month" is September 2026, "this month" October 2026 to date, "this quarter" /
-- "this qtr" Q4 2026 to date (October 1 to today), "last quarter" / "last qtr" Q3 2026
-- (July-September), "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the six
-- whole months April-September 2026, "last 30 / 90 days" the 30 / 90 days before today, "vs last
-- year" the same period a year earlier.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'DS-0904'` on every table of every query (row-level security);
--   * test rows: `is_test = FALSE` on students, enrolments and passes (front-desk training
--     students and their bookings and passes). Memberships, recital entries and private lessons
--     of test students are left out through the student (they carry no flag);
--   * soft deletes: `deleted_at IS NULL` on studios (the closed Mill Street studio), students
--     (merged duplicate profiles; their enrolments, passes and memberships were moved to the
--     surviving profile), instructors (an instructor keyed twice) and memberships (sign-ups
--     entered in error);
--   * `is_void = FALSE` on studio_rentals and refunds (rows keyed in error).
--
-- Business conventions at this chain (what a careful analyst would apply):
--   * a class session is dated by start_ts; status SCHEDULED (upcoming), HELD, CANCELLED (by the
--     studio; its enrolments are CANCELLED too). A session's instructor is
--     class_sessions.instructor_id (NULL while a sub is unassigned); its studio is
--     class_sessions.studio_id. "classes taught" = HELD sessions.
--   * enrolment status: BOOKED (upcoming), ATTENDED (checked in), NO_SHOW, LATE_CANCEL (cancelled
--     inside 12 hours, charged), CANCELLED (in time, or the class was cancelled). "attendance" /
--     "check-ins" = ATTENDED enrolments, dated by the session's start_ts (not booked_ts).
--     paid_by: MEMBERSHIP, PASS (a drop-in pass or class pack), COMP (free).
--   * no-show rate = NO_SHOW / (ATTENDED + NO_SHOW), by the session's date and studio.
--   * fill rate / utilisation = attended / capacity summed over HELD sessions (a ratio of sums,
--     not an average of per-class ratios); avg class size = attendance per HELD session, sessions
--     with nobody counted as 0.
--   * passes: pass_type DROP_IN (1 class), INTRO (3 classes, first-timers), PACK_5, PACK_10
--     ("class packs" = PACK_5 and PACK_10); status ACTIVE, USED_UP, EXPIRED, REFUNDED. Pass sales
--     = SUM(price_amt) of passes not REFUNDED, dated by purchased_ts.
--   * memberships: plan UNLIMITED, EIGHT_CLASS, KIDS with a monthly_fee; status ACTIVE, FROZEN
--     (paused, pays nothing), CANCELLED (end_dt is the last day, cancel_reason set). "active
--     members" = students with an ACTIVE membership (frozen are not active); MRR = SUM(monthly_fee)
--     of ACTIVE memberships; a membership's studio is home_studio_id. membership_freezes rows
--     have freeze_end NULL while the freeze is open.
--   * recitals: entries ENTERED or WITHDRAWN; costume fees count ENTERED entries; outstanding =
--     fee_paid_ts IS NULL. A recital's studio is recitals.studio_id.
--   * private lessons: status COMPLETED, NO_SHOW (charged in full), CANCELLED; lesson revenue =
--     SUM(rate_amt) of COMPLETED and NO_SHOW lessons, dated by lesson_ts.
--   * studio rentals: status CONFIRMED (upcoming), COMPLETED, CANCELLED; rental income =
--     SUM(hours * hourly_rate) of COMPLETED rentals, dated by start_ts.
--   * refunds = SUM(refund_amt) of non-void refunds, dated by refunded_ts; source_type PASS,
--     MEMBERSHIP, RECITAL, PRIVATE, RENTAL.
-- ============================================================================================

CREATE TABLE studios (
    grp_id      VARCHAR NOT NULL,
    studio_id   INTEGER NOT NULL,
    studio_nm   VARCHAR NOT NULL,
    city        VARCHAR,
    opened_dt   DATE,
    deleted_at  TIMESTAMP
);

CREATE TABLE instructors (
    grp_id          VARCHAR NOT NULL,
    instructor_id   INTEGER NOT NULL,
    full_nm         VARCHAR NOT NULL,
    home_studio_id  INTEGER,
    specialty       VARCHAR,          -- BALLET, JAZZ, HIPHOP, CONTEMPORARY, TAP, SALSA
    hire_dt         DATE,
    term_dt         DATE,             -- NULL while employed
    is_active       BOOLEAN,
    deleted_at      TIMESTAMP
);

CREATE TABLE class_sessions (
    grp_id          VARCHAR NOT NULL,
    session_id      INTEGER NOT NULL,
    studio_id       INTEGER NOT NULL,
    class_nm        VARCHAR,
    style           VARCHAR,          -- BALLET, JAZZ, HIPHOP, CONTEMPORARY, TAP, SALSA
    level           VARCHAR,          -- BEGINNER, INTERMEDIATE, ADVANCED, KIDS
    instructor_id   INTEGER,          -- NULL while a sub is unassigned
    start_ts        TIMESTAMP NOT NULL,
    duration_min    INTEGER,
    capacity        INTEGER,
    status          VARCHAR           -- SCHEDULED, HELD, CANCELLED
);

CREATE TABLE students (
    grp_id          VARCHAR NOT NULL,
    student_id      INTEGER NOT NULL,
    first_nm        VARCHAR,
    last_nm         VARCHAR,
    email           VARCHAR,
    birth_dt        DATE,
    home_studio_id  INTEGER,
    joined_dt       DATE,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE passes (
    grp_id          VARCHAR NOT NULL,
    pass_id         INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,
    studio_id       INTEGER,          -- where it was sold
    pass_type       VARCHAR,          -- DROP_IN, INTRO, PACK_5, PACK_10
    classes_total   INTEGER,
    classes_used    INTEGER,
    price_amt       DECIMAL(10,2),
    purchased_ts    TIMESTAMP,
    expires_dt      DATE,
    status          VARCHAR,          -- ACTIVE, USED_UP, EXPIRED, REFUNDED
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE memberships (
    grp_id          VARCHAR NOT NULL,
    membership_id   INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,
    home_studio_id  INTEGER,
    plan            VARCHAR,          -- UNLIMITED, EIGHT_CLASS, KIDS
    monthly_fee     DECIMAL(10,2),
    start_dt        DATE,
    end_dt          DATE,             -- last day of a CANCELLED membership
    status          VARCHAR,          -- ACTIVE, FROZEN, CANCELLED
    cancel_reason   VARCHAR,          -- MOVED, COST, SCHEDULE, INJURY, OTHER
    deleted_at      TIMESTAMP
);

CREATE TABLE membership_freezes (
    grp_id          VARCHAR NOT NULL,
    freeze_id       INTEGER NOT NULL,
    membership_id   INTEGER NOT NULL,
    freeze_start    DATE,
    freeze_end      DATE,             -- NULL while the freeze is open
    reason          VARCHAR           -- INJURY, TRAVEL, OTHER
);

CREATE TABLE enrolments (
    grp_id          VARCHAR NOT NULL,
    enrol_id        INTEGER NOT NULL,
    session_id      INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,
    booked_ts       TIMESTAMP,
    paid_by         VARCHAR,          -- MEMBERSHIP, PASS, COMP
    status          VARCHAR,          -- BOOKED, ATTENDED, NO_SHOW, LATE_CANCEL, CANCELLED
    checked_in_ts   TIMESTAMP,
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE recitals (
    grp_id          VARCHAR NOT NULL,
    recital_id      INTEGER NOT NULL,
    studio_id       INTEGER,
    recital_nm      VARCHAR,
    recital_dt      DATE,
    venue_nm        VARCHAR
);

CREATE TABLE recital_entries (
    grp_id          VARCHAR NOT NULL,
    entry_id        INTEGER NOT NULL,
    recital_id      INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,
    routine_nm      VARCHAR,
    costume_fee     DECIMAL(10,2),
    fee_paid_ts     TIMESTAMP,        -- NULL while unpaid
    status          VARCHAR           -- ENTERED, WITHDRAWN
);

CREATE TABLE private_lessons (
    grp_id          VARCHAR NOT NULL,
    lesson_id       INTEGER NOT NULL,
    instructor_id   INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,
    studio_id       INTEGER,
    lesson_ts       TIMESTAMP,
    minutes         INTEGER,
    rate_amt        DECIMAL(10,2),    -- charged for the lesson
    status          VARCHAR           -- COMPLETED, NO_SHOW, CANCELLED
);

CREATE TABLE studio_rentals (
    grp_id          VARCHAR NOT NULL,
    rental_id       INTEGER NOT NULL,
    studio_id       INTEGER NOT NULL,
    room_nm         VARCHAR,
    renter_nm       VARCHAR,
    start_ts        TIMESTAMP,
    hours           DECIMAL(5,2),
    hourly_rate     DECIMAL(10,2),
    status          VARCHAR,          -- CONFIRMED, COMPLETED, CANCELLED
    is_void         BOOLEAN NOT NULL
);

CREATE TABLE refunds (
    grp_id          VARCHAR NOT NULL,
    refund_id       INTEGER NOT NULL,
    source_type     VARCHAR,          -- PASS, MEMBERSHIP, RECITAL, PRIVATE, RENTAL
    source_id       INTEGER,
    student_id      INTEGER,          -- NULL for rentals
    refund_amt      DECIMAL(10,2),
    refunded_ts     TIMESTAMP,
    reason          VARCHAR,
    is_void         BOOLEAN NOT NULL
);
