-- ============================================================================================
-- clinical_trials: a CRO's clinical-trial operations warehouse (CTMS + EDC), DuckDB DDL for labelling
--
-- Company: "Meridian Clinical Research", a contract research organisation, runs trials for several
-- sponsor companies. Its CTMS (studies, sites, investigators, deviations) and EDC (subjects, visits,
-- adverse events, data queries) feed one Snowflake warehouse shared by all sponsors, one sponsor
-- per tenant (sponsor_id on every table). Sponsor portals get a text-to-SQL assistant.
--
-- Warehouse: Snowflake. The agent writes dialect `snowflake`.
-- Agent: `trial-pilot`, versions 2.0, 2.1 and 2.2, deployed for sponsor 'HLC' (Halcyon Biotherapeutics).
-- Log window: 2026-02-02 to 2026-02-27 (so "last month" is January 2026, "this quarter" Q1 2026 to
-- date, "last quarter" Q4 2025, "this year" / "ytd" 2026 to date, "December" / "November" 2025,
-- "January" January 2026; "last week" the previous Monday-to-Sunday week).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `sponsor_id = 'HLC'` on every query, on each table whose rows are counted or listed
--     (ids are global, so a table joined on the id of an already guarded row, e.g. studies or
--     sites joined to HLC subjects, need not repeat it);
--   * EDC test subjects: UAT creates dummy subjects in production studies; every subject-level
--     table (subjects, visits, adverse_events, protocol_deviations, data_queries) carries
--     `is_test_subject`, and `is_test_subject = FALSE` is applied on every query reading them.
--     (Site-level deviations, subject_id NULL, have is_test_subject = FALSE.) The flag is the
--     subject's, copied: a row reached through a guarded non-test subject needs no second check.
--
-- Business conventions (what a careful clinical-operations analyst applies):
--   * screened = a subjects row (dated by screened_on). Screening ends as 'screen_failed' or
--     'randomized'; 'screening' is still in progress.
--   * enrolled / enrollment = randomized (screen_status = 'randomized', randomized_on NOT NULL),
--     dated by randomized_on. "Enrollment" never counts screen failures or subjects in screening.
--   * screen-failure rate = screen failures / subjects whose screening concluded
--     (screen_failed + randomized); subjects still in screening are in neither.
--   * dropout / withdrawn = a randomized subject with withdrawn_on NOT NULL; dropout rate =
--     withdrawn / randomized. "On study" (active subjects) = randomized, withdrawn_on IS NULL and
--     completed_on IS NULL.
--   * first patient in (FPI) of a study or site = its earliest randomized_on.
--   * enrollment vs target = randomized / studies.target_enrollment (a percentage when asked).
--   * active sites = sites.site_status = 'active' (selected, on_hold, closed are not active).
--   * PI = investigators.inv_role = 'PI' (sub-investigators are 'SUB_I'); a current investigator
--     has end_date NULL.
--   * AE = adverse_events row, dated by onset_date unless "reported" is said (reported_at).
--     SAE ("serious") = is_serious = TRUE; severity (mild/moderate/severe) is a different axis:
--     a severe AE need not be serious. Related = causality = 'related'; causality NULL means not
--     yet assessed (still counts as an AE in denominators).
--   * visits: visit_status 'completed' (visit_date set), 'missed', 'scheduled' (not yet due or
--     not yet entered), 'cancelled' (protocol no longer requires it). A visit is in window when
--     visit_date BETWEEN window_start AND window_end. Visit compliance = visits completed in
--     window / visits due (scheduled_date in the period, visit_status <> 'cancelled').
--   * data queries: 'open' = awaiting the site's answer; 'answered' = answered, awaiting the data
--     manager's closure; 'closed'; 'cancelled' (raised in error). "open" / "still open" queries
--     are query_status = 'open'; "unresolved" / "outstanding" = 'open' or 'answered'.
--     Query age = days from opened_at to today; turnaround = days from opened_at to answered_at.
--   * deviations: is_major = TRUE for major (important) deviations, dated by deviation_date.
-- ============================================================================================

CREATE TABLE studies (
    sponsor_id         VARCHAR NOT NULL,
    study_id           INTEGER PRIMARY KEY,
    protocol_no        VARCHAR NOT NULL,      -- 'HLC-204'
    study_title        VARCHAR NOT NULL,
    phase              VARCHAR NOT NULL,      -- 'I', 'II', 'III'
    therapeutic_area   VARCHAR NOT NULL,
    study_status       VARCHAR NOT NULL,      -- startup, enrolling, enrollment_closed, completed, terminated
    target_enrollment  INTEGER NOT NULL
);

CREATE TABLE sites (
    sponsor_id      VARCHAR NOT NULL,
    site_id         INTEGER PRIMARY KEY,
    study_id        INTEGER NOT NULL,          -- a site belongs to one study
    site_number     VARCHAR NOT NULL,          -- '204-1001'
    site_name       VARCHAR NOT NULL,
    country_code    CHAR(2) NOT NULL,
    site_status     VARCHAR NOT NULL,          -- selected, active, on_hold, closed
    activated_on    DATE,                      -- NULL until the site initiation visit
    closed_on       DATE
);

CREATE TABLE investigators (
    sponsor_id       VARCHAR NOT NULL,
    investigator_id  INTEGER PRIMARY KEY,
    site_id          INTEGER NOT NULL,
    full_name        VARCHAR NOT NULL,
    inv_role         VARCHAR NOT NULL,         -- 'PI', 'SUB_I'
    start_date       DATE NOT NULL,
    end_date         DATE                      -- NULL = current
);

CREATE TABLE subjects (
    sponsor_id         VARCHAR NOT NULL,
    subject_id         INTEGER PRIMARY KEY,
    subject_code       VARCHAR NOT NULL,       -- '204-1001-003'
    study_id           INTEGER NOT NULL,
    site_id            INTEGER NOT NULL,
    screened_on        DATE NOT NULL,
    screen_status      VARCHAR NOT NULL,       -- screening, screen_failed, randomized
    randomized_on      DATE,
    arm                VARCHAR,                -- 'placebo', 'low_dose', 'high_dose' (NULL unless randomized)
    withdrawn_on       DATE,
    withdrawal_reason  VARCHAR,                -- adverse_event, withdrew_consent, lost_to_follow_up, investigator_decision
    completed_on       DATE,
    is_test_subject    BOOLEAN NOT NULL
);

CREATE TABLE visits (
    sponsor_id       VARCHAR NOT NULL,
    visit_id         INTEGER PRIMARY KEY,
    subject_id       INTEGER NOT NULL,
    visit_name       VARCHAR NOT NULL,         -- 'Week 4', 'Week 8', ...
    scheduled_date   DATE NOT NULL,
    window_start     DATE NOT NULL,
    window_end       DATE NOT NULL,
    visit_date       DATE,                     -- set when completed
    visit_status     VARCHAR NOT NULL,         -- scheduled, completed, missed, cancelled
    is_test_subject  BOOLEAN NOT NULL
);

CREATE TABLE adverse_events (
    sponsor_id       VARCHAR NOT NULL,
    ae_id            INTEGER PRIMARY KEY,
    subject_id       INTEGER NOT NULL,
    ae_term          VARCHAR NOT NULL,
    onset_date       DATE NOT NULL,
    reported_at      TIMESTAMP NOT NULL,
    severity         VARCHAR NOT NULL,         -- mild, moderate, severe
    is_serious       BOOLEAN NOT NULL,
    causality        VARCHAR,                  -- related, not_related, NULL = not yet assessed
    outcome          VARCHAR NOT NULL,         -- recovered, recovering, not_recovered, fatal
    is_test_subject  BOOLEAN NOT NULL
);

CREATE TABLE protocol_deviations (
    sponsor_id       VARCHAR NOT NULL,
    deviation_id     INTEGER PRIMARY KEY,
    site_id          INTEGER NOT NULL,
    subject_id       INTEGER,                  -- NULL for site-level deviations
    deviation_date   DATE NOT NULL,
    category         VARCHAR NOT NULL,         -- eligibility, informed_consent, visit_window, ip_handling, procedure
    is_major         BOOLEAN NOT NULL,
    dev_status       VARCHAR NOT NULL,         -- open, closed
    is_test_subject  BOOLEAN NOT NULL
);

CREATE TABLE data_queries (
    sponsor_id       VARCHAR NOT NULL,
    query_id         INTEGER PRIMARY KEY,
    subject_id       INTEGER NOT NULL,
    site_id          INTEGER NOT NULL,
    form_name        VARCHAR NOT NULL,         -- 'Vital Signs', 'Adverse Events', 'Con Meds', 'Labs', 'Eligibility'
    opened_at        TIMESTAMP NOT NULL,
    answered_at      TIMESTAMP,
    closed_at        TIMESTAMP,
    query_status     VARCHAR NOT NULL,         -- open, answered, closed, cancelled
    is_test_subject  BOOLEAN NOT NULL
);
