-- ============================================================================================
-- recruiting: the hiring warehouse of an applicant-tracking (ATS) SaaS (DuckDB DDL for labelling)
--
-- Company: "Hirewell" sells an applicant-tracking system to employers. Every employer customer is
-- a tenant of one shared analytics warehouse: its users (recruiters, hiring managers,
-- interviewers), requisitions, job postings, candidates, applications, stage transitions,
-- interviews, scorecards and offers, all keyed by employer_id. The source taxonomy (`sources`)
-- is Hirewell's own and is shared by every employer: it has no employer_id.
--
-- Warehouse: PostgreSQL 15 (CTEs, window functions, FILTER, no QUALIFY; `int / int` truncates).
-- The agent writes dialect `postgres`.
-- Agent: `talent-copilot`, versions 4.2, 4.3 and 4.4, deployed for employer emp_7731
-- ("Larkspur Health"). Log window: 2026-05-04 to 2026-05-28, so "last month" is April 2026,
-- "this month" May 2026 to date, "this quarter" Q2 2026 to date, "last quarter" Q1 2026,
-- "ytd" / "this year" 2026 to date, "in march" March 2026, "Q3"/"Q4 last year" 2025's quarters,
-- "last week" the previous Monday-to-Sunday week.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `employer_id = 'emp_7731'` on every table of every query that carries it (all but
--     sources);
--   * test records: `is_test = false` on candidates and applications (recruiting ops creates
--     test candidates to try workflows in production). Stage transitions, interviews, scorecards
--     and offers of a test application are excluded through their application (join
--     applications and keep is_test = false);
--   * soft deletes: `deleted_at IS NULL` on requisitions (duplicates deleted by admins) and
--     candidates (duplicate profiles merged away; their applications were moved to the survivor).
--
-- Business conventions at this employer (what a careful analyst would apply):
--   * a hire = an application with app_status 'hired'; it is dated by hired_on (the day the
--     offer was accepted). "hires" counts applications (one candidate hired twice is two hires).
--   * time to hire = hired_on - applied_at::date (whole days), per hire, dated by hired_on.
--   * time to fill = closed_at::date - opened_at::date (whole days) of requisitions with status
--     'filled', dated by closed_at. "filled reqs" are those, dated by closed_at.
--   * open req = status 'open' (on_hold is not open); overdue req = status 'open' or 'on_hold'
--     and target_fill_dt < today.
--   * source = the application's own src_id (where this application came from), never the
--     candidate's orig_src_id (the first touch ever). Referral = sources.src_type 'referral',
--     agency = 'agency'.
--   * applications are dated by applied_at; "candidates" who applied counts distinct cand_id.
--   * stages in order: applied, screen, hm_review, onsite, offer, hired; terminal rejected and
--     withdrawn. "reached X" = the application has a stage transition to_stage = X (its
--     cur_stage_cd is only where it is now). A rejection is a transition to 'rejected', dated by
--     moved_at; its from_stage is the stage it was rejected at.
--   * interviews = interviews with status 'completed' (cancelled and no_show are not
--     interviews held), dated by sched_start. No-show rate = no_show / (completed + no_show).
--   * scorecards: one row per panelist per interview, created when the interview is scheduled;
--     submitted_at IS NULL = not submitted. An outstanding scorecard is an unsubmitted one of a
--     completed interview. An interviewer's interviews are the completed interviews they hold a
--     scorecard on.
--   * offers: a revised offer gets a new row (version_no + 1) and the old one keeps its last
--     status with is_current = false. Offer counts and rates read current offers only
--     (is_current = true, one per application). Offers are dated by extended_at (sent to the
--     candidate); responses (accepted / declined) by responded_at.
--   * offer acceptance rate = accepted / (accepted + declined) over current offers extended in
--     the period (still-open 'extended' and 'rescinded' offers are left out).
--   * recruiter of a hire = requisitions.recruiter_id of its req (hiring_mgr_id is the manager).
-- ============================================================================================

CREATE TABLE users (
    employer_id     VARCHAR NOT NULL,
    user_id         INTEGER PRIMARY KEY,
    user_nm         VARCHAR NOT NULL,
    role_cd         VARCHAR NOT NULL,       -- recruiter, hiring_manager, interviewer, coordinator
    dept_cd         VARCHAR,
    is_active       BOOLEAN NOT NULL
);

CREATE TABLE sources (
    src_id          INTEGER PRIMARY KEY,
    src_cd          VARCHAR NOT NULL,       -- linkedin, indeed, career_site, emp_referral ...
    src_nm          VARCHAR NOT NULL,
    src_type        VARCHAR NOT NULL        -- job_board, career_site, referral, agency, sourced, internal, event
);

CREATE TABLE requisitions (
    employer_id     VARCHAR NOT NULL,
    req_id          INTEGER PRIMARY KEY,
    req_code        VARCHAR NOT NULL,       -- 'ENG-1042'
    title           VARCHAR NOT NULL,
    dept_cd         VARCHAR NOT NULL,       -- ENG, SALES, OPS, CS, FIN, MKT, PPL
    loc_cd          VARCHAR,
    hiring_mgr_id   INTEGER,                -- users.user_id
    recruiter_id    INTEGER,                -- users.user_id
    headcount       INTEGER NOT NULL,
    status          VARCHAR NOT NULL,       -- draft, open, on_hold, filled, cancelled
    opened_at       TIMESTAMP,
    closed_at       TIMESTAMP,              -- filled or cancelled
    target_fill_dt  DATE,
    is_evergreen    BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE job_postings (
    employer_id     VARCHAR NOT NULL,
    posting_id      INTEGER PRIMARY KEY,
    req_id          INTEGER NOT NULL,
    board_cd        VARCHAR NOT NULL,       -- career_site, linkedin, indeed, glassdoor, internal
    posted_at       TIMESTAMP NOT NULL,
    expired_at      TIMESTAMP,
    spend_usd       DECIMAL(10, 2)
);

CREATE TABLE candidates (
    employer_id     VARCHAR NOT NULL,
    cand_id         INTEGER PRIMARY KEY,
    full_nm         VARCHAR NOT NULL,
    email           VARCHAR,
    orig_src_id     INTEGER,                -- first touch ever (sources.src_id)
    referred_by_user_id INTEGER,
    created_at      TIMESTAMP NOT NULL,
    country_cd      CHAR(2),
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE applications (
    employer_id     VARCHAR NOT NULL,
    app_id          INTEGER PRIMARY KEY,
    cand_id         INTEGER NOT NULL,
    req_id          INTEGER NOT NULL,
    posting_id      INTEGER,
    src_id          INTEGER,                -- this application's source (sources.src_id)
    applied_at      TIMESTAMP NOT NULL,
    cur_stage_cd    VARCHAR NOT NULL,       -- applied, screen, hm_review, onsite, offer, hired, rejected, withdrawn
    app_status      VARCHAR NOT NULL,       -- active, hired, rejected, withdrawn
    hired_on        DATE,
    closed_at       TIMESTAMP,
    reject_reason_cd VARCHAR,               -- not_qualified, culture, comp, position_filled, other
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE stage_transitions (
    employer_id     VARCHAR NOT NULL,
    transition_id   INTEGER PRIMARY KEY,
    app_id          INTEGER NOT NULL,
    from_stage      VARCHAR,                -- NULL on the first transition (into 'applied')
    to_stage        VARCHAR NOT NULL,
    moved_at        TIMESTAMP NOT NULL,
    moved_by        INTEGER
);

CREATE TABLE interviews (
    employer_id     VARCHAR NOT NULL,
    interview_id    INTEGER PRIMARY KEY,
    app_id          INTEGER NOT NULL,
    interview_type  VARCHAR NOT NULL,       -- phone_screen, technical, hm, onsite
    sched_start     TIMESTAMP NOT NULL,
    duration_min    INTEGER NOT NULL,
    status          VARCHAR NOT NULL        -- scheduled, completed, cancelled, no_show
);

CREATE TABLE scorecards (
    employer_id     VARCHAR NOT NULL,
    scorecard_id    INTEGER PRIMARY KEY,
    interview_id    INTEGER NOT NULL,
    interviewer_id  INTEGER NOT NULL,       -- users.user_id
    overall_rec     VARCHAR,                -- strong_yes, yes, no, strong_no (NULL until submitted)
    rating          SMALLINT,               -- 1-4 (NULL until submitted)
    submitted_at    TIMESTAMP
);

CREATE TABLE offers (
    employer_id     VARCHAR NOT NULL,
    offer_id        INTEGER PRIMARY KEY,
    app_id          INTEGER NOT NULL,
    version_no      INTEGER NOT NULL,
    is_current      BOOLEAN NOT NULL,
    offer_status    VARCHAR NOT NULL,       -- draft, pending_approval, extended, accepted, declined, rescinded
    extended_at     TIMESTAMP,
    responded_at    TIMESTAMP,
    base_salary     DECIMAL(12, 2),
    currency_cd     CHAR(3),
    decline_reason_cd VARCHAR,              -- comp, other_offer, location, role_fit, personal
    start_dt        DATE
);
