-- edtech: the analytics warehouse of "Brightpath", an online learning platform that hosts many
-- schools (tenants) on one warehouse. Learners enrol in courses (one-off purchases), work through
-- lessons, take quizzes, and may also hold a subscription (all-access plans) that renews.
--
-- Deployment: the text-to-SQL agent "tutor-sql" answers the staff of school sch_204 (Brightpath
-- Academy). The warehouse moved from MySQL to BigQuery between agent versions 1.9 and 2.0:
--   tutor-sql@1.9  writes MySQL     (sqlglot dialect `mysql`;    tables as lms.<table>)
--   tutor-sql@2.0  writes BigQuery  (sqlglot dialect `bigquery`; tables as `edu-dw.lms.<table>`)
--   tutor-sql@2.1  writes BigQuery  (sqlglot dialect `bigquery`)
-- Each log record's `dialect` says which. Log window: 2025-09-01 to 2025-10-31 (UTC).
--
-- Guards the deployment adds to every query (the agent's system prompt):
--   * tenant: school_id = 'sch_204' (every table carries school_id);
--   * staff / QA accounts: learner figures count only learners.account_type = 'learner'
--     ('staff' are the school's own employees, 'test' are QA accounts). A question about
--     learners' enrolments, sessions, progress, quiz attempts, subscriptions or refunds joins
--     learners for it. Questions about the catalogue (courses, lessons, instructors) need only
--     the tenant guard.
--
-- Business definitions used for labelling:
--   * an enrolment "counts" in the period of enrolled_at; "new enrolments" are all of them
--     whatever their enr_status ('active', 'completed', 'dropped', 'refunded');
--   * course sales / bookings / revenue = SUM(enrollments.price_paid_usd) (what the learner
--     paid; list_price_usd is the catalogue price before coupons and B2B discounts);
--   * completion rate = enrolments with enr_status = 'completed' / all enrolments, as a percent;
--   * a lesson is completed when lesson_progress.finished_at IS NOT NULL, in the period of
--     finished_at; lesson_progress rows with learner_id NULL are guest previews (no learner);
--   * quiz score = quiz_attempts.score_pct (0-100); raw_points is out of max_points, which
--     differ per quiz; pass rate = attempts with passed / all attempts;
--   * DAU (daily active learners) = distinct learners with a session that day;
--   * weeks start on Monday;
--   * MRR = SUM(mrr_usd) of subscriptions with sub_status = 'active' ('trialing' and
--     'past_due' are not revenue yet / any more); churned = canceled_on in the period;
--   * renewal rate = renewals with outcome = 'renewed' / all renewals due (due_on) in the period;
--   * refunds count when refund_status = 'approved', in the period of refunded_at (requested_at
--     is when the learner asked).

CREATE TABLE learners (
    learner_id      INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    email           VARCHAR,
    display_name    VARCHAR,
    country_code    VARCHAR,          -- ISO 3166 alpha-2, NULL when unknown
    account_type    VARCHAR NOT NULL, -- 'learner', 'staff', 'test'
    signup_ts       TIMESTAMP NOT NULL
);

CREATE TABLE instructors (
    instructor_id   INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    full_name       VARCHAR NOT NULL,
    hired_on        DATE,
    is_active       BOOLEAN NOT NULL
);

CREATE TABLE courses (
    course_id       INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    course_code     VARCHAR NOT NULL,
    title           VARCHAR NOT NULL,
    category        VARCHAR NOT NULL, -- 'data', 'design', 'business', 'languages'
    level           VARCHAR NOT NULL, -- 'beginner', 'intermediate', 'advanced'
    instructor_id   INTEGER,          -- NULL: no instructor assigned yet
    launched_on     DATE,             -- NULL while a draft
    course_status   VARCHAR NOT NULL, -- 'draft', 'live', 'retired'
    list_price_usd  DECIMAL(8, 2) NOT NULL
);

CREATE TABLE enrollments (
    enrollment_id   INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    learner_id      INTEGER NOT NULL,
    course_id       INTEGER NOT NULL,
    enrolled_at     TIMESTAMP NOT NULL,
    enr_status      VARCHAR NOT NULL, -- 'active', 'completed', 'dropped', 'refunded'
    completed_at    TIMESTAMP,        -- set when enr_status = 'completed'
    channel         VARCHAR NOT NULL, -- 'organic', 'b2b', 'promo'
    price_paid_usd  DECIMAL(8, 2) NOT NULL
);

CREATE TABLE lessons (
    lesson_id       INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    course_id       INTEGER NOT NULL,
    seq_no          INTEGER NOT NULL,
    lesson_title    VARCHAR NOT NULL,
    est_minutes     INTEGER NOT NULL
);

CREATE TABLE lesson_progress (
    progress_id     INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    learner_id      INTEGER,          -- NULL: a guest preview
    lesson_id       INTEGER NOT NULL,
    course_id       INTEGER NOT NULL,
    started_at      TIMESTAMP NOT NULL,
    finished_at     TIMESTAMP,        -- NULL: started, not finished
    watch_secs      INTEGER NOT NULL
);

CREATE TABLE quizzes (
    quiz_id         INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    course_id       INTEGER NOT NULL,
    quiz_title      VARCHAR NOT NULL,
    is_final        BOOLEAN NOT NULL, -- the course's final exam
    pass_mark_pct   INTEGER NOT NULL
);

CREATE TABLE quiz_attempts (
    attempt_id      INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    quiz_id         INTEGER NOT NULL,
    learner_id      INTEGER NOT NULL,
    submitted_at    TIMESTAMP NOT NULL,
    raw_points      INTEGER NOT NULL,
    max_points      INTEGER NOT NULL,
    score_pct       DECIMAL(5, 2) NOT NULL,
    passed          BOOLEAN NOT NULL
);

CREATE TABLE subscriptions (
    subscription_id INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    learner_id      INTEGER NOT NULL,
    plan_code       VARCHAR NOT NULL, -- 'M' monthly, 'A' annual, 'T' team seat
    sub_status      VARCHAR NOT NULL, -- 'trialing', 'active', 'past_due', 'canceled'
    started_on      DATE NOT NULL,
    canceled_on     DATE,
    current_term_end DATE NOT NULL,
    auto_renew      BOOLEAN NOT NULL,
    mrr_usd         DECIMAL(8, 2) NOT NULL
);

CREATE TABLE renewals (
    renewal_id      INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    subscription_id INTEGER NOT NULL,
    due_on          DATE NOT NULL,
    outcome         VARCHAR NOT NULL, -- 'renewed', 'lapsed', 'payment_failed'
    amount_usd      DECIMAL(8, 2)     -- NULL unless renewed
);

CREATE TABLE refunds (
    refund_id       INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    enrollment_id   INTEGER NOT NULL,
    requested_at    TIMESTAMP NOT NULL,
    refunded_at     TIMESTAMP,        -- NULL unless approved
    refund_usd      DECIMAL(8, 2) NOT NULL,
    reason_code     VARCHAR NOT NULL, -- 'not_as_described', 'duplicate', 'changed_mind', 'technical'
    refund_status   VARCHAR NOT NULL  -- 'approved', 'rejected', 'pending'
);

CREATE TABLE learner_sessions (
    session_id      INTEGER PRIMARY KEY,
    school_id       VARCHAR NOT NULL,
    learner_id      INTEGER NOT NULL,
    session_start   TIMESTAMP NOT NULL,
    duration_sec    INTEGER NOT NULL,
    device          VARCHAR NOT NULL  -- 'web', 'ios', 'android'
);
