-- ============================================================================================
-- language_schools: the warehouse of a language-school management platform (DuckDB DDL for
-- labelling)
--
-- Company: "Polyglotta" sells a management platform to language-school operators: campuses and
-- an online campus, teachers and their contracts, students and corporate clients, courses by
-- language and CEFR level (group classes and private-lesson packages, online or in person),
-- enrollments with placement tests, trial lessons, lessons and attendance, level exams and
-- certificates, invoices with payment plans, payments and refunds. Every operator is a tenant
-- of one shared Postgres warehouse, every table keyed by tenant_id. The deployment here is
-- tenant 'LS-0427', Babel Lane Language Schools: Lisboa Chiado, Porto Baixa, Madrid Chamberi,
-- Braga Centro (opened 2026-09-07) and Babel Lane Online (the virtual campus), plus Coimbra
-- Baixa, closed at the end of 2025 and soft-deleted with its 2025 history kept. Other tenants
-- in the warehouse: 'LS-0112' (Emerald Isle English, Dublin and Cork) and 'LS-0963' (Academia
-- Triana, Sevilla). Ids are unique across the platform.
--
-- Warehouse: Postgres 15 (date_trunc, INTERVAL '1 month', CURRENT_DATE, ::date casts, a date
-- minus a date is a whole number of days, EXTRACT, to_char, FILTER (WHERE ...), DISTINCT ON;
-- `/` between integers is integer division). The agent writes dialect `postgres`.
-- Agent: `lingua-analyst`, versions 4.0, 4.1 and 4.2, deployed for tenant 'LS-0427'.
-- Log window: 2026-11-02 to 2026-11-27. The warehouse holds the October close, loaded on
-- 2026-11-01: nothing is dated after 2026-10-31 except what is planned ahead (lessons of running
-- and planned courses with status 'SCHEDULED', courses starting later (private packages from
-- 2026-11-01, the January 2027 term) and their 'CONFIRMED' enrollments, trial lessons booked
-- for November (status 'BOOKED'), level exams scheduled for
-- November and December (result_cd 'PENDING'), the plan installments invoiced in the
-- 2026-11-01 billing run (issued, status 'OPEN') and later plan installments (status
-- 'SCHEDULED', issue_dt from 2026-12-01)). Statuses are as of the load.
-- So "last month" is October 2026, "this month" November 2026, "last quarter" Q3 2026
-- (July-September), "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 up to today,
-- "last year" 2025, "last 3 months" August-October 2026, "last 6 months" the six whole months
-- May-October 2026, "rn" / "right now" / "currently" the state at the load (statuses), "next 2
-- weeks" from today to today + 14 days.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'LS-0427'` on every table of every query (row policy);
--   * test students: `test_flg = 'N'` on students. The QA and sales-demo profiles
--     ('QA Test Student', 'Demo Aluno Vendas') carry enrollments, attendance, trial lessons,
--     invoices and an exam with a certificate; they are excluded through students (join
--     students and keep test_flg = 'N') wherever students' enrollments, attendance, trials,
--     invoices or exams are counted or summed. They are never linked to a corporate client
--     and have no payments or refunds;
--   * voids: `void_flg = 'N'` on invoices (invoices raised in error and re-issued; their
--     payments, if any, were moved to the re-issued invoice);
--   * soft deletes: `deleted_at IS NULL` on campuses (the closed Coimbra campus: history kept,
--     nothing dated after 2025), students (merged duplicate profiles, their activity moved to
--     the surviving profile) and teachers (one profile keyed twice, with no lessons). These
--     matter where that table is the population counted or listed.
--
-- Business definitions of the operator (what a careful analyst applies):
--   * enrollments: one row per student per course. status 'CONFIRMED' (course not started),
--     'ACTIVE', 'COMPLETED', 'DROPPED' (left mid-course, status_dt the day) or 'CANCELLED'
--     (cancelled before the start or the course was cancelled; refunded or voided). "New
--     enrollments" / "enrollments" in a period = rows with enrolled_ts in it, CANCELLED left
--     out. "Active students" rn = distinct students with an ACTIVE enrollment; a student can
--     hold two (say English and French). placement_score (0-100) and placement_lvl are set when
--     the student sat the placement test (NULL otherwise: A1 beginners and returning students
--     skip it); "avg placement score" averages the scores of those who sat it.
--   * courses: course_type 'GROUP' (group classes) or 'PRIVATE' (a private-lesson package, one
--     seat); mode_cd 'ONLINE' or 'INPERSON' is how the course is taught; physical campuses also
--     run ONLINE courses and the online campus only ONLINE ones, so "online vs in person" is
--     courses.mode_cd, never campuses.campus_type. status 'SCHEDULED', 'RUNNING', 'COMPLETED',
--     'CANCELLED' (as of the load; "running rn" = status 'RUNNING'). teacher_id on courses is
--     the lead teacher planned (NULL while to be decided); the teacher who gave a lesson is
--     lessons.teacher_id (substitutes cover lessons). The campus of an enrollment, invoice or
--     lesson is its course's campus. "Class size" of a group course = its enrollments except
--     CANCELLED; "fill" / "% full" = ACTIVE enrollments / max_seats.
--   * lessons: status 'SCHEDULED' (ahead), 'HELD' or 'CANCELLED'; "hours taught" =
--     SUM(duration_min) / 60.0 of HELD lessons by lessons.teacher_id, dated by lesson_ts.
--     Future lessons may have teacher_id NULL (not assigned yet). "Native speaker" lessons: the
--     lesson's teacher's native_lang_cd equals the course's lang_cd.
--   * teachers: contract_cd 'EMP' (employed) or 'FRL' (freelance); left_dt set for leavers;
--     "current teachers" = left_dt IS NULL (and not deleted).
--   * attendance: one row per enrollment per HELD lesson from the day the student joined;
--     attend_cd 'P' present, 'L' late (attended), 'A' absent, 'E' excused absence. Attended =
--     P or L; "absences" = A (unexcused); attendance rate = (P + L) / all rows, as a
--     percentage, excused rows included in the denominator.
--   * trial_lessons: one free trial per row, booked_ts when booked, sched_ts when given; status
--     'BOOKED' (ahead), 'ATTENDED', 'NO_SHOW' or 'CANCELLED'. Trials are dated by sched_ts
--     ("trial bookings" by booked_ts). No-show rate = NO_SHOW / (ATTENDED + NO_SHOW).
--     enrollment_id is set when the trial converted; conversion rate = converted / ATTENDED
--     trials. Days from trial to enrollment = enrolled_ts::date - sched_ts::date.
--   * level_exams: result_cd 'PASS', 'FAIL', 'ABSENT' (registered, did not sit) or 'PENDING'
--     (scheduled ahead). Pass rate = PASS / (PASS + FAIL). A certificate is issued some days
--     after a PASS: cert_no and cert_issued_dt set (NULL while not issued yet); certificates
--     are dated by cert_issued_dt.
--   * invoices: one row per invoice of an enrollment; pay_plan_cd 'FULL' (one invoice), '3X' or
--     '6X' (monthly installments, installment_no 1..n). bill_to_cd 'STUDENT' or 'CORP'
--     (corp_client_id set: the corporate client pays); a student of a corporate client can
--     still pay a course himself (bill_to_cd 'STUDENT'). Amounts are integer cents, EUR:
--     net_cents before VAT, tax_cents VAT. status 'SCHEDULED' (future installment, not
--     issued), 'OPEN', 'PARTIAL' or 'PAID' (paid_dt set when fully paid). "Revenue" / "tuition
--     revenue" = SUM(net_cents) / 100.0 (euros) of issued (status <> 'SCHEDULED'), non-void
--     invoices, dated by issue_dt. "Revenue per student" = revenue / distinct students
--     invoiced. "Outstanding" / "balance" = net_cents + tax_cents minus the PAY payments of
--     OPEN and PARTIAL invoices; "overdue" = such invoices past due_dt. "Paid on time" = paid_dt
--     <= due_dt; an invoice due in a period and not paid counts as not on time.
--   * payments: one row per money movement on an invoice; txn_type 'PAY' or 'REFUND'
--     (amt_cents positive in both); refund_reason_cd set on refunds ('COURSE_CANCELLED',
--     'EARLY_DROP', 'BILLING_ERROR', 'SCHEDULE_CONFLICT', 'GOODWILL'). "Refunds" =
--     SUM(amt_cents) / 100.0 of REFUND rows, dated by pmt_ts. "Collected" = PAY rows by pmt_ts.
-- ============================================================================================

CREATE TABLE campuses (
    tenant_id      VARCHAR NOT NULL,
    campus_id      INTEGER NOT NULL,
    campus_cd      VARCHAR NOT NULL,      -- e.g. 'LIS'
    campus_nm      VARCHAR NOT NULL,
    city           VARCHAR,               -- NULL for the online campus
    campus_type    VARCHAR NOT NULL,      -- 'PHYSICAL', 'VIRTUAL'
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE teachers (
    tenant_id         VARCHAR NOT NULL,
    teacher_id        INTEGER NOT NULL,
    home_campus_id    INTEGER NOT NULL,
    teacher_nm        VARCHAR NOT NULL,
    native_lang_cd    VARCHAR NOT NULL,   -- ISO 639-1 upper case: 'EN', 'ES', 'FR', 'DE', 'PT', 'IT', 'JA'
    contract_cd       VARCHAR NOT NULL,   -- 'EMP' employed, 'FRL' freelance
    hourly_rate_cents INTEGER NOT NULL,
    hired_dt          DATE NOT NULL,
    left_dt           DATE,               -- set for leavers
    deleted_at        TIMESTAMP           -- profile keyed twice
);

CREATE TABLE corp_clients (
    tenant_id          VARCHAR NOT NULL,
    corp_client_id     INTEGER NOT NULL,
    client_nm          VARCHAR NOT NULL,
    industry_cd        VARCHAR NOT NULL,  -- 'TECH', 'FINANCE', 'TOURISM', 'HEALTH', 'INDUSTRY'
    contract_start_dt  DATE NOT NULL,
    contract_end_dt    DATE,              -- NULL: open-ended
    seats_contracted   SMALLINT NOT NULL
);

CREATE TABLE students (
    tenant_id       VARCHAR NOT NULL,
    student_id      INTEGER NOT NULL,
    student_nm      VARCHAR NOT NULL,
    email           VARCHAR,
    country_cd      VARCHAR,              -- nationality, NULL when not given
    corp_client_id  INTEGER,              -- employer sponsoring the student; NULL for private students
    signup_dt       DATE NOT NULL,
    acq_channel_cd  VARCHAR NOT NULL,     -- 'WEB', 'REFERRAL', 'CORP', 'WALKIN', 'PARTNER'
    test_flg        CHAR(1) NOT NULL,     -- 'Y' QA / sales-demo profile, 'N' real
    deleted_at      TIMESTAMP             -- merged duplicate profile
);

CREATE TABLE courses (
    tenant_id        VARCHAR NOT NULL,
    course_id        INTEGER NOT NULL,
    campus_id        INTEGER NOT NULL,
    course_cd        VARCHAR NOT NULL,    -- e.g. 'LIS-EN-B1-2609A'
    lang_cd          VARCHAR NOT NULL,    -- language taught: 'EN', 'ES', 'FR', 'DE', 'PT', 'IT', 'JA'
    cefr_lvl         VARCHAR NOT NULL,    -- 'A1', 'A2', 'B1', 'B2', 'C1', 'C2'
    course_type      VARCHAR NOT NULL,    -- 'GROUP', 'PRIVATE'
    mode_cd          VARCHAR NOT NULL,    -- 'ONLINE', 'INPERSON'
    teacher_id       INTEGER,             -- lead teacher planned; NULL while to be decided
    start_dt         DATE NOT NULL,
    end_dt           DATE NOT NULL,
    max_seats        SMALLINT NOT NULL,   -- 1 for PRIVATE
    list_price_cents INTEGER NOT NULL,
    status           VARCHAR NOT NULL     -- 'SCHEDULED', 'RUNNING', 'COMPLETED', 'CANCELLED'
);

CREATE TABLE enrollments (
    tenant_id        VARCHAR NOT NULL,
    enrollment_id    INTEGER NOT NULL,
    student_id       INTEGER NOT NULL,
    course_id        INTEGER NOT NULL,
    enrolled_ts      TIMESTAMP NOT NULL,
    placement_score  SMALLINT,            -- 0-100; NULL: no placement test
    placement_lvl    VARCHAR,             -- level the placement test gave; NULL: no test
    status           VARCHAR NOT NULL,    -- 'CONFIRMED', 'ACTIVE', 'COMPLETED', 'DROPPED', 'CANCELLED'
    status_dt        DATE NOT NULL        -- day of the last status change
);

CREATE TABLE lessons (
    tenant_id     VARCHAR NOT NULL,
    lesson_id     INTEGER NOT NULL,
    course_id     INTEGER NOT NULL,
    teacher_id    INTEGER,                -- who gives / gave it; NULL: not assigned yet
    lesson_ts     TIMESTAMP NOT NULL,
    duration_min  SMALLINT NOT NULL,
    status        VARCHAR NOT NULL        -- 'SCHEDULED', 'HELD', 'CANCELLED'
);

CREATE TABLE attendance (
    tenant_id      VARCHAR NOT NULL,
    lesson_id      INTEGER NOT NULL,
    enrollment_id  INTEGER NOT NULL,
    attend_cd      CHAR(1) NOT NULL       -- 'P' present, 'L' late, 'A' absent, 'E' excused
);

CREATE TABLE trial_lessons (
    tenant_id      VARCHAR NOT NULL,
    trial_id       INTEGER NOT NULL,
    student_id     INTEGER NOT NULL,      -- the prospect (a students row)
    campus_id      INTEGER NOT NULL,
    lang_cd        VARCHAR NOT NULL,
    mode_cd        VARCHAR NOT NULL,      -- 'ONLINE', 'INPERSON'
    teacher_id     INTEGER,
    booked_ts      TIMESTAMP NOT NULL,
    sched_ts       TIMESTAMP NOT NULL,
    status         VARCHAR NOT NULL,      -- 'BOOKED', 'ATTENDED', 'NO_SHOW', 'CANCELLED'
    enrollment_id  INTEGER                -- set when the trial converted
);

CREATE TABLE level_exams (
    tenant_id       VARCHAR NOT NULL,
    exam_id         INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,
    campus_id       INTEGER NOT NULL,     -- where it was sat (the online campus for remote sittings)
    lang_cd         VARCHAR NOT NULL,
    cefr_lvl        VARCHAR NOT NULL,     -- level examined
    exam_dt         DATE NOT NULL,
    score_pct       SMALLINT,             -- NULL when ABSENT or PENDING
    result_cd       VARCHAR NOT NULL,     -- 'PASS', 'FAIL', 'ABSENT', 'PENDING'
    cert_no         VARCHAR,              -- set once the certificate is issued
    cert_issued_dt  DATE
);

CREATE TABLE invoices (
    tenant_id       VARCHAR NOT NULL,
    invoice_id      INTEGER NOT NULL,
    enrollment_id   INTEGER NOT NULL,
    student_id      INTEGER NOT NULL,     -- the student taught
    bill_to_cd      VARCHAR NOT NULL,     -- 'STUDENT', 'CORP'
    corp_client_id  INTEGER,              -- set when bill_to_cd = 'CORP'
    pay_plan_cd     VARCHAR NOT NULL,     -- 'FULL', '3X', '6X'
    installment_no  SMALLINT NOT NULL,    -- 1 for FULL
    issue_dt        DATE NOT NULL,
    due_dt          DATE NOT NULL,
    net_cents       INTEGER NOT NULL,     -- before VAT
    tax_cents       INTEGER NOT NULL,     -- VAT
    status          VARCHAR NOT NULL,     -- 'SCHEDULED', 'OPEN', 'PARTIAL', 'PAID'
    paid_dt         DATE,                 -- set when fully paid
    void_flg        CHAR(1) NOT NULL      -- 'Y' voided (raised in error), 'N'
);

CREATE TABLE payments (
    tenant_id         VARCHAR NOT NULL,
    pmt_id            INTEGER NOT NULL,
    invoice_id        INTEGER NOT NULL,
    pmt_ts            TIMESTAMP NOT NULL,
    amt_cents         INTEGER NOT NULL,   -- positive for PAY and REFUND
    txn_type          VARCHAR NOT NULL,   -- 'PAY', 'REFUND'
    method_cd         VARCHAR NOT NULL,   -- 'CARD', 'SEPA', 'MBWAY', 'TRANSFER', 'CASH'
    refund_reason_cd  VARCHAR             -- set on REFUND rows
);
