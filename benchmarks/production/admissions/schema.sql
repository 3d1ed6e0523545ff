-- ============================================================================================
-- admissions: the warehouse of a university admissions and enrollment platform (DuckDB DDL for
-- labelling)
--
-- Company: "Matriq" sells an admissions CRM and application portal to universities. Every
-- institution is a tenant of one shared analytics warehouse: its programs and intake terms,
-- recruiters and counselors, recruitment events, prospects' campus visits, applicants with their
-- test scores, applications per program and intake term with application fees and waivers, the
-- documents received for them, interviews, admission decisions, and the offers made to admitted
-- students with scholarships, deposits and enrollment at census. All tables are keyed by inst_id.
--
-- Warehouse: Oracle (TRUNC(d, 'MM'), ADD_MONTHS, SYSDATE, NVL, DECODE, MEDIAN, FETCH FIRST n ROWS
-- ONLY, TO_CHAR, LISTAGG; no LIMIT, no boolean type: flags are 'Y'/'N'; a date minus a date is a
-- number of days; `/` is always decimal division). The agent writes dialect `oracle`.
-- Agent: `admitwise`, versions 1.2, 1.3 and 1.4, deployed for institution 314 ("Halvorsen
-- University", undergraduate and graduate programs). 1.2 is the best; 1.3 regressed; 1.4 recovered
-- part of it.
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is refreshed nightly (rows up to
-- 2026-11-17 exist). Relative dates are read against the record's timestamp: "last month" is
-- October 2026, "this month" November 2026 to date, "last quarter" / "Q3" July-September 2026,
-- "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 to date, "last 6 months" the six
-- whole months May - October 2026.
-- Intake terms (term_cd): 2025FA, 2026SP, 2026FA, 2027SP, 2027FA. "Fall 26" / "fa26" = '2026FA',
-- "spring 27" = '2027SP', "fall 27" = '2027FA'. "This cycle" / "the current cycle" = the Fall 2027
-- intake ('2027FA', applications open since July 2026; no decisions released yet); "last cycle"
-- = '2026FA' (decided, deposited and past census: its enrolled_flg is final). Spring 2027 decisions
-- and deposits are under way during the log window.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `inst_id = 314` on every table of every query (row-level security);
--   * test data: `test_flg = 'N'` on applicants and applications (the admissions office's QA
--     scripts create test applicants, all of them in Nursing BSN);
--   * soft deletes: `del_flg = 'N'` on applicants and applications (merged duplicate applicants
--     are soft-deleted with their applications). Documents, interviews, decisions and offers of a
--     test or deleted application are excluded through their application; test scores and campus
--     visits through their applicant.
--
-- Business conventions at this institution (what a careful analyst would apply):
--   * an application ("app") counts once it is submitted: submitted_dt IS NOT NULL (app_status is
--     then anything but 'STARTED'). Started-not-submitted rows are "starts" and are never counted
--     as applications. Withdrawn applications were submitted and still count as applications.
--     Applications are dated by submitted_dt (by their term_cd for "fall 27 apps" and the like).
--   * applicant = person (applicants.applicant_id); one applicant can apply to several programs.
--   * complete application = app_status 'COMPLETE' or 'DECIDED'; incomplete = submitted with
--     app_status 'SUBMITTED' (still missing documents). WITHDRAWN is neither.
--   * an application's decision = its latest row in decisions (by decision_dt, then decision_id):
--     a waitlisted or deferred application may later be admitted or denied. "Admits" = applications
--     whose latest decision is 'ADMIT'; "on the waitlist" = latest decision 'WAITLIST'. Decisions
--     are dated by decision_dt; time to decision = first decision_dt - submitted_dt (days).
--   * admit rate = admits / submitted applications of the same term (withdrawn and undecided
--     applications stay in the denominator).
--   * offers: one per admitted application. response_cd ACCEPTED / DECLINED / PENDING; a deposit
--     (deposit_paid_dt, deposit_amt) is paid when the student accepts, sometimes days later (NULL until paid). "Deposits" are offers with
--     deposit_paid_dt IS NOT NULL, dated by deposit_paid_dt. enrolled_flg is set at census ('Y' /
--     'N'; NULL before census): enrolled = enrolled_flg 'Y'.
--   * yield = enrolled / admits of the term; melt = deposited but not enrolled (deposit_paid_dt
--     IS NOT NULL AND enrolled_flg = 'N'); melt rate = melted / deposited.
--   * scholarship_amt is the annual institutional award on the offer, 0 when none. "Average
--     scholarship" averages the offers that carry one (scholarship_amt > 0); "scholarship $" sums.
--   * application fee revenue = SUM(fee_amt) of fee_status 'PAID', dated by fee_paid_dt (REFUNDED
--     fees were paid and given back: not revenue; WAIVED and UNPAID were never paid). Fee waiver
--     rate = WAIVED / submitted applications.
--   * test scores: an applicant can sit a test several times; the score that counts is the
--     applicant's best total_score per test_cd. Test-optional applicants (no score) are left out of
--     score averages.
--   * documents: a document counts as received when doc_status is 'RECEIVED' or 'VERIFIED'
--     (REJECTED ones have to be sent again). Mail-in documents not yet matched to an application
--     have app_id NULL.
--   * interviews: dated by sched_ts. No-show rate = NO_SHOW / (COMPLETED + NO_SHOW); CANCELLED and
--     still SCHEDULED interviews are out. rating (1-5) is given on COMPLETED interviews only (some
--     are left blank); the interviewer is a recruiters row (role_cd COUNSELOR).
--   * recruiter of an applicant = applicants.recruiter_id (by territory; NULL for unassigned
--     territories). Active recruiter = term_dt IS NULL. Recruiter figures include every recruiter
--     with role_cd 'RECRUITER'.
--   * events: only event_status 'HELD' events count (CANCELLED ones keep their registrations);
--     attendance rate = SUM(attended_cnt) / SUM(registered_cnt). Events are dated by event_dt.
--   * campus visits: visit_status ATTENDED / NO_SHOW / CANCELLED, dated by visit_dt; "visited
--     campus" = at least one ATTENDED visit.
--   * domestic = residency_cd 'IN' (in-state, Ohio) or 'OUT' (out-of-state); international =
--     'INTL' (state_cd NULL). first-generation = first_gen_flg 'Y'.
--   * undergraduate / grad = programs.degree_lvl 'UG' / 'GR'; college = programs.college_nm.
-- ============================================================================================

CREATE TABLE programs (
    inst_id        INTEGER NOT NULL,
    program_id     INTEGER PRIMARY KEY,
    program_cd     VARCHAR NOT NULL,
    program_nm     VARCHAR NOT NULL,
    degree_lvl     VARCHAR NOT NULL,          -- UG, GR
    college_nm     VARCHAR NOT NULL,
    target_seats   INTEGER,                   -- planned first-year class size
    active_flg     VARCHAR NOT NULL           -- 'Y' / 'N' (N: no longer admitting)
);

CREATE TABLE terms (
    inst_id        INTEGER NOT NULL,
    term_cd        VARCHAR NOT NULL,          -- 2026FA, 2027SP, ...
    term_nm        VARCHAR NOT NULL,
    term_start_dt  DATE NOT NULL,
    census_dt      DATE NOT NULL,             -- enrolled_flg is final after census
    PRIMARY KEY (inst_id, term_cd)
);

CREATE TABLE recruiters (
    inst_id        INTEGER NOT NULL,
    recruiter_id   INTEGER PRIMARY KEY,
    recruiter_nm   VARCHAR NOT NULL,
    territory_cd   VARCHAR,
    role_cd        VARCHAR NOT NULL,          -- RECRUITER (territory), COUNSELOR (reads, interviews)
    hire_dt        DATE NOT NULL,
    term_dt        DATE                       -- NULL while employed
);

CREATE TABLE applicants (
    inst_id        INTEGER NOT NULL,
    applicant_id   INTEGER PRIMARY KEY,
    first_nm       VARCHAR NOT NULL,
    last_nm        VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    residency_cd   VARCHAR NOT NULL,          -- IN (in-state), OUT (out-of-state), INTL
    state_cd       VARCHAR,                   -- US state; NULL for international applicants
    country_cd     VARCHAR NOT NULL,
    first_gen_flg  VARCHAR NOT NULL,          -- 'Y' / 'N'
    source_cd      VARCHAR NOT NULL,          -- WEB, COMMONAPP, FAIR, REFERRAL, HS_VISIT
    recruiter_id   INTEGER,                   -- territory recruiter; NULL when unassigned
    created_dt     DATE NOT NULL,
    test_flg       VARCHAR NOT NULL,          -- 'Y' for QA test applicants
    del_flg        VARCHAR NOT NULL           -- 'Y' for merged duplicates
);

CREATE TABLE applications (
    inst_id        INTEGER NOT NULL,
    app_id         INTEGER PRIMARY KEY,
    applicant_id   INTEGER NOT NULL,
    program_id     INTEGER NOT NULL,
    term_cd        VARCHAR NOT NULL,
    app_round      VARCHAR NOT NULL,          -- EA (early action), RD (regular), ROLL (rolling)
    started_dt     DATE NOT NULL,
    submitted_dt   DATE,                      -- NULL: started, never submitted
    app_status     VARCHAR NOT NULL,          -- STARTED, SUBMITTED, COMPLETE, DECIDED, WITHDRAWN
    withdrawn_dt   DATE,
    fee_amt        DECIMAL(8,2) NOT NULL,     -- the fee charged (60 UG, 75 GR)
    fee_status     VARCHAR NOT NULL,          -- PAID, WAIVED, UNPAID, REFUNDED
    fee_paid_dt    DATE,
    test_flg       VARCHAR NOT NULL,
    del_flg        VARCHAR NOT NULL
);

CREATE TABLE test_scores (
    inst_id        INTEGER NOT NULL,
    score_id       INTEGER PRIMARY KEY,
    applicant_id   INTEGER NOT NULL,
    test_cd        VARCHAR NOT NULL,          -- SAT, ACT, GRE, TOEFL, IELTS
    total_score    INTEGER NOT NULL,
    test_dt        DATE NOT NULL
);

CREATE TABLE documents (
    inst_id        INTEGER NOT NULL,
    doc_id         INTEGER PRIMARY KEY,
    app_id         INTEGER,                   -- NULL: mail-in document not matched yet
    doc_type       VARCHAR NOT NULL,          -- TRANSCRIPT, ESSAY, REC_LETTER, PASSPORT, FIN_STMT
    received_dt    DATE NOT NULL,
    doc_status     VARCHAR NOT NULL           -- RECEIVED, VERIFIED, REJECTED
);

CREATE TABLE interviews (
    inst_id        INTEGER NOT NULL,
    interview_id   INTEGER PRIMARY KEY,
    app_id         INTEGER NOT NULL,
    interviewer_id INTEGER NOT NULL,          -- recruiters.recruiter_id (a counselor)
    sched_ts       TIMESTAMP NOT NULL,
    int_status     VARCHAR NOT NULL,          -- SCHEDULED, COMPLETED, NO_SHOW, CANCELLED
    rating         INTEGER                    -- 1-5, COMPLETED interviews only, may be blank
);

CREATE TABLE decisions (
    inst_id        INTEGER NOT NULL,
    decision_id    INTEGER PRIMARY KEY,
    app_id         INTEGER NOT NULL,
    decision_cd    VARCHAR NOT NULL,          -- ADMIT, DENY, WAITLIST, DEFER
    decision_dt    DATE NOT NULL
);

CREATE TABLE offers (
    inst_id         INTEGER NOT NULL,
    offer_id        INTEGER PRIMARY KEY,
    app_id          INTEGER NOT NULL,
    offer_dt        DATE NOT NULL,
    scholarship_amt DECIMAL(10,2) NOT NULL,   -- annual institutional award, 0 when none
    response_cd     VARCHAR NOT NULL,         -- ACCEPTED, DECLINED, PENDING
    response_dt     DATE,
    deposit_amt     DECIMAL(8,2),
    deposit_paid_dt DATE,
    enrolled_flg    VARCHAR                   -- 'Y' / 'N' at census; NULL before census
);

CREATE TABLE events (
    inst_id        INTEGER NOT NULL,
    event_id       INTEGER PRIMARY KEY,
    event_nm       VARCHAR NOT NULL,
    event_type     VARCHAR NOT NULL,          -- FAIR, OPEN_HOUSE, WEBINAR, HS_VISIT
    event_dt       DATE NOT NULL,
    recruiter_id   INTEGER,
    event_status   VARCHAR NOT NULL,          -- HELD, CANCELLED, PLANNED
    registered_cnt INTEGER NOT NULL,
    attended_cnt   INTEGER NOT NULL
);

CREATE TABLE campus_visits (
    inst_id        INTEGER NOT NULL,
    visit_id       INTEGER PRIMARY KEY,
    applicant_id   INTEGER NOT NULL,
    visit_dt       DATE NOT NULL,
    visit_type     VARCHAR NOT NULL,          -- TOUR, INFO_SESSION, OVERNIGHT
    visit_status   VARCHAR NOT NULL           -- ATTENDED, NO_SHOW, CANCELLED
);
