-- ============================================================================================
-- driving_schools: the warehouse of a driving-school management platform (DuckDB DDL for
-- labelling)
--
-- Company: "Wheelhouse" runs booking, instructor diaries, package billing, test tracking and
-- fleet software for driving schools. Every school company is a tenant of one shared MySQL
-- warehouse: its branches, instructors, tuition cars, learners, the package catalogue, package
-- purchases, lessons (one row per booked lesson slot), theory and practical test bookings with
-- their outcomes, refunds and vehicle maintenance, all keyed by org_id. Other schools (DRV-0233,
-- DRV-0902) share every table.
--
-- Warehouse: MySQL 8 (DATE_FORMAT, DATE_SUB / DATE_ADD, INTERVAL n UNIT, CURDATE(), NOW(),
-- TIMESTAMPDIFF, YEAR() / MONTH() / QUARTER(), DAYNAME, IF(), boolean expressions summed as
-- 0/1, LIMIT; `/` is decimal division, DIV is integer division). The agent writes dialect `mysql`.
-- Agent: `lane-assist`, versions 2.0, 2.1 and 2.2, deployed for org DRV-0617 ("Clearway Driving
-- Academy": branches Northgate, Eastfield and Southbank, and Riverside, opened 2026-09-14; an old
-- Old Town branch closed at the end of May 2025 and is soft-deleted).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01 (lessons and
-- test bookings are booked ahead into December and carry status BOOKED; completed lessons,
-- purchases, refunds and maintenance stop at 2026-11-01). So "today" / "rn" is the record's
-- date; "last month" is October 2026, "this month" November 2026 to date, "this quarter" /
-- "this qtr" Q4 2026 to date (October 1 to today), "last quarter" / "last qtr" Q3 2026
-- (July-September), "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the six
-- whole months May-October 2026, "last 30 / 90 days" the 30 / 90 days before today, "vs last
-- year" the same period a year earlier.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `org_id = 'DRV-0617'` on every table of every query (row-level security);
--   * test rows: `is_test = 0` on learners, lessons and package_purchases (office training
--     learners with their bookings and purchases). Test bookings (theory / practical) of test
--     learners are left out through the learner, refunds through their purchase;
--   * soft deletes: `deleted_at IS NULL` on branches (the closed Old Town branch), instructors
--     (an instructor keyed twice), vehicles (a car keyed twice) and learners (merged duplicate
--     profiles; their lessons, purchases and tests were moved to the surviving profile);
--   * `is_void = 0` on refunds and vehicle_maintenance (rows keyed in error).
--
-- Business conventions at this school (what a careful analyst would apply):
--   * a lesson is dated by start_ts; status BOOKED (upcoming), COMPLETED, NO_SHOW (the learner
--     did not turn up: charged, and it uses up a package lesson), CANCELLED_LEARNER (in time,
--     not charged), CANCELLED_SCHOOL (instructor sick, car off road, weather). "lessons" /
--     "lessons done" / "lessons taught" = COMPLETED lessons. A lesson's branch is
--     lessons.branch_id, its instructor lessons.instructor_id, its car lessons.vehicle_id
--     (instructors cover other branches, and cars move between branches). "hours taught" =
--     SUM(duration_min) / 60 of COMPLETED lessons. lesson_type STANDARD, MOCK_TEST (a timed mock
--     practical), MOTORWAY, TEST_DAY (the warm-up before a practical test).
--   * no-show rate = NO_SHOW / (COMPLETED + NO_SHOW) lessons, by the lesson's date and branch.
--   * a lesson with purchase_id NULL is pay-as-you-go (PAYG) and carries its fee in fee_amt;
--     package lessons carry fee_amt 0. PAYG revenue = SUM(fee_amt) of COMPLETED and NO_SHOW
--     PAYG lessons.
--   * packages: the catalogue (packages) lists list_price and lessons_incl; a purchase records
--     price_paid (after any discount) and lessons_total. Purchase status ACTIVE (lessons left),
--     USED_UP, EXPIRED (12 months passed), REFUNDED (refunded in full). "package sales" =
--     SUM(price_paid) of purchases not REFUNDED, dated by purchased_ts; "packages sold" = their
--     count. A purchase's branch is package_purchases.branch_id. "learners with an active
--     package" = distinct learners with an ACTIVE purchase. Discount % = 100 * (1 -
--     SUM(price_paid) / SUM(list_price)) over the purchases counted in package sales (a ratio of
--     sums, not an average of each purchase's discount).
--   * refunds = SUM(refund_amt) of non-void refunds, dated by refunded_ts (full refunds and
--     partial goodwill refunds).
--   * test_bookings: test_type THEORY or PRACTICAL; status BOOKED (upcoming), TAKEN, CANCELLED,
--     NO_SHOW; result PASS / FAIL only when TAKEN. Dated by test_dt (not booked_ts). Pass rate
--     = PASS / TAKEN (= PASS / (PASS + FAIL)); "pass rate" alone means practical tests. A
--     practical test's instructor is test_bookings.instructor_id (the instructor who presented
--     the learner), its branch the learner's branch (learners.branch_id). First-time pass rate
--     = share of learners whose first TAKEN practical test passed, by the date of that first
--     test. minor_faults / serious_faults are NULL unless TAKEN. "lessons before passing" counts
--     the learner's COMPLETED lessons up to and including the test day (the TEST_DAY warm-up).
--   * a learner's branch is learners.branch_id; new learners are dated by signup_dt.
--   * fleet: a car is in the fleet from in_fleet_dt until defleet_dt (NULL while in the fleet);
--     transmission MANUAL or AUTO. Maintenance rows are dated by opened_dt; closed_dt NULL while
--     the car is still in the workshop (open); maintenance spend = SUM(cost_amt) of non-void rows.
--   * instructors: employed = term_dt IS NULL (a leaver keeps past lessons); an instructor on
--     leave stays employed (their lessons are CANCELLED_SCHOOL).
-- ============================================================================================

CREATE TABLE branches (
    org_id          VARCHAR NOT NULL,
    branch_id       INTEGER NOT NULL,
    branch_nm       VARCHAR NOT NULL,
    city            VARCHAR,
    opened_dt       DATE,
    deleted_at      TIMESTAMP
);

CREATE TABLE instructors (
    org_id          VARCHAR NOT NULL,
    instructor_id   INTEGER NOT NULL,
    full_nm         VARCHAR NOT NULL,
    home_branch_id  INTEGER,
    grade           VARCHAR,          -- ADI grade A or B, or PDI (trainee licence)
    hire_dt         DATE,
    term_dt         DATE,             -- NULL while employed
    deleted_at      TIMESTAMP
);

CREATE TABLE vehicles (
    org_id          VARCHAR NOT NULL,
    vehicle_id      INTEGER NOT NULL,
    reg_plate       VARCHAR NOT NULL,
    make_model      VARCHAR,
    transmission    VARCHAR,          -- MANUAL, AUTO
    branch_id       INTEGER,          -- current base
    instructor_id   INTEGER,          -- assigned instructor; NULL for a pool car
    in_fleet_dt     DATE,
    defleet_dt      DATE,             -- NULL while in the fleet
    deleted_at      TIMESTAMP
);

CREATE TABLE learners (
    org_id          VARCHAR NOT NULL,
    learner_id      INTEGER NOT NULL,
    first_nm        VARCHAR,
    last_nm         VARCHAR,
    birth_dt        DATE,
    branch_id       INTEGER,
    signup_dt       DATE,
    referral_src    VARCHAR,          -- WEB, REFERRAL, SCHOOL_FAIR, SOCIAL; NULL if not asked
    is_test         INTEGER NOT NULL, -- 1 = office training learner
    deleted_at      TIMESTAMP
);

CREATE TABLE packages (
    org_id          VARCHAR NOT NULL,
    package_id      INTEGER NOT NULL,
    package_nm      VARCHAR NOT NULL,
    lessons_incl    INTEGER,
    list_price      DECIMAL(10,2),
    transmission    VARCHAR,          -- MANUAL, AUTO, NULL = either
    is_intensive    INTEGER
);

CREATE TABLE package_purchases (
    org_id          VARCHAR NOT NULL,
    purchase_id     INTEGER NOT NULL,
    learner_id      INTEGER NOT NULL,
    package_id      INTEGER NOT NULL,
    branch_id       INTEGER,          -- where it was sold
    purchased_ts    TIMESTAMP,
    price_paid      DECIMAL(10,2),
    lessons_total   INTEGER,
    status          VARCHAR,          -- ACTIVE, USED_UP, EXPIRED, REFUNDED
    is_test         INTEGER NOT NULL
);

CREATE TABLE lessons (
    org_id          VARCHAR NOT NULL,
    lesson_id       INTEGER NOT NULL,
    learner_id      INTEGER NOT NULL,
    instructor_id   INTEGER,
    vehicle_id      INTEGER,
    branch_id       INTEGER,
    purchase_id     INTEGER,          -- NULL = pay as you go
    start_ts        TIMESTAMP NOT NULL,
    duration_min    INTEGER,
    lesson_type     VARCHAR,          -- STANDARD, MOCK_TEST, MOTORWAY, TEST_DAY
    status          VARCHAR,          -- BOOKED, COMPLETED, NO_SHOW, CANCELLED_LEARNER, CANCELLED_SCHOOL
    fee_amt         DECIMAL(10,2),    -- PAYG fee; 0 on package lessons
    is_test         INTEGER NOT NULL
);

CREATE TABLE test_bookings (
    org_id          VARCHAR NOT NULL,
    test_id         INTEGER NOT NULL,
    learner_id      INTEGER NOT NULL,
    test_type       VARCHAR,          -- THEORY, PRACTICAL
    centre_nm       VARCHAR,
    booked_ts       TIMESTAMP,
    test_dt         DATE,
    status          VARCHAR,          -- BOOKED, TAKEN, CANCELLED, NO_SHOW
    result          VARCHAR,          -- PASS, FAIL; NULL unless TAKEN
    minor_faults    INTEGER,
    serious_faults  INTEGER,
    instructor_id   INTEGER,          -- practical: the presenting instructor; NULL for theory
    vehicle_id      INTEGER           -- practical in a school car; NULL for theory or own car
);

CREATE TABLE refunds (
    org_id          VARCHAR NOT NULL,
    refund_id       INTEGER NOT NULL,
    purchase_id     INTEGER NOT NULL,
    refund_amt      DECIMAL(10,2),
    refunded_ts     TIMESTAMP,
    reason          VARCHAR,          -- MOVED_AWAY, PASSED_EARLY, UNHAPPY, GOODWILL, MEDICAL
    is_void         INTEGER NOT NULL
);

CREATE TABLE vehicle_maintenance (
    org_id          VARCHAR NOT NULL,
    maint_id        INTEGER NOT NULL,
    vehicle_id      INTEGER NOT NULL,
    maint_type      VARCHAR,          -- SERVICE, REPAIR, MOT, TYRES, DUAL_CONTROLS
    opened_dt       DATE,
    closed_dt       DATE,             -- NULL while the car is in the workshop
    cost_amt        DECIMAL(10,2),
    is_void         INTEGER NOT NULL
);
