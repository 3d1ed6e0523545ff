-- HR / people analytics: Kestrel Labs, a ~150-person software company, on a multi-tenant
-- people-analytics warehouse (one schema shared by customers, every table keyed by tenant_id).
--
-- Warehouse dialect the agent writes: MySQL 8 (sqlglot dialect `mysql`): backticks, DATE_FORMAT,
--   DATE_SUB(CURDATE(), INTERVAL n MONTH), YEAR()/QUARTER(), TIMESTAMPDIFF, DATEDIFF, IF(), LIMIT.
-- Guards the deployment adds:
--   * tenant_id = 7 on every query (row-level scoping to Kestrel Labs);
--   * employees.is_contractor = 0 wherever people are counted or measured (headcount, hires,
--     attrition, tenure, pay, diversity): Kestrel's people metrics cover staff only.
-- Agent: people-bot, versions 1.0, 1.1 and 1.2.
-- Log window: 2025-01-06 to 2025-01-31. "last year" is 2024, "last quarter" Q4 2024, "this year"
--   2025 to date, "December" December 2024, "last month" December 2024.
--
-- Definitions Kestrel's People team uses (also in rules.stef notes):
--   headcount        staff (is_contractor = 0) with emp_status 'A' (active) or 'L' (leave of
--                    absence); pre-hires ('P') and leavers ('T') are not headcount. At a past
--                    date D: hire_dt <= D AND (term_dt IS NULL OR term_dt > D).
--   hires            staff hire events (hires.hire_type 'new' or 'rehire'; 'contract' rows are
--                    contractor engagements) or, equivalently, staff employees by hire_dt.
--   attrition rate   staff terminations in the period / staff headcount on the period's first
--                    day, as a percentage.
--   pre-hires        accepted offers whose start date has not come yet (candidates
--                    current_stage 'accepted'; the matching employees rows have emp_status 'P').
--   time to hire     days from a candidate's application (applied_dt) to offer acceptance
--                    (offer_accepted_dt); time to fill is from requisition opened_dt.
--   tenure           whole years since hire_dt (the latest hire date for a rehire).
--   current pay      the compensation row with end_dt IS NULL (one per paid employee).

CREATE TABLE departments (
    tenant_id       INTEGER NOT NULL,
    dept_id         INTEGER NOT NULL,      -- surrogate key, unique across tenants
    dept_nm         VARCHAR NOT NULL,
    dept_cd         VARCHAR NOT NULL,
    division_nm     VARCHAR,
    cost_center_cd  VARCHAR,
    PRIMARY KEY (dept_id)
);

CREATE TABLE pay_bands (
    tenant_id       INTEGER NOT NULL,
    pay_band_cd     VARCHAR NOT NULL,      -- 'B1'..'B6'; the same codes in every tenant
    band_min        DECIMAL(12, 2) NOT NULL,
    band_mid        DECIMAL(12, 2) NOT NULL,
    band_max        DECIMAL(12, 2) NOT NULL,
    currency_cd     VARCHAR NOT NULL,
    PRIMARY KEY (tenant_id, pay_band_cd)
);

CREATE TABLE positions (
    tenant_id       INTEGER NOT NULL,
    position_id     INTEGER NOT NULL,      -- unique across tenants
    job_title       VARCHAR NOT NULL,
    job_family      VARCHAR NOT NULL,
    job_level       VARCHAR NOT NULL,      -- 'IC1'..'IC4', 'M1'..'M4'
    pay_band_cd     VARCHAR NOT NULL,
    dept_id         INTEGER NOT NULL,
    is_people_mgr   TINYINT NOT NULL,      -- 1 for people-manager positions
    PRIMARY KEY (position_id)
);

CREATE TABLE employees (
    tenant_id       INTEGER NOT NULL,
    emp_id          INTEGER NOT NULL,      -- unique across tenants
    employee_num    VARCHAR NOT NULL,
    first_nm        VARCHAR NOT NULL,
    last_nm         VARCHAR NOT NULL,
    work_email      VARCHAR,
    dept_id         INTEGER NOT NULL,
    position_id     INTEGER NOT NULL,
    mgr_emp_id      INTEGER,               -- NULL for the CEO (and one data-quality gap)
    work_location   VARCHAR,               -- 'AUS', 'BOS', 'LON', 'REMOTE' (tenant 7)
    hire_dt         DATE,                  -- latest hire date (start date for a pre-hire)
    term_dt         DATE,                  -- NULL unless emp_status = 'T'
    emp_status      VARCHAR NOT NULL,      -- 'A' active, 'L' leave of absence, 'T' terminated, 'P' pre-hire
    emp_type        VARCHAR NOT NULL,      -- 'FT' full time, 'PT' part time
    is_contractor   TINYINT NOT NULL,      -- 1 for contractors (not staff)
    gender          VARCHAR,               -- 'F', 'M', 'X'; NULL when not disclosed
    PRIMARY KEY (emp_id)
);

CREATE TABLE hires (
    tenant_id       INTEGER NOT NULL,
    hire_id         INTEGER NOT NULL,
    emp_id          INTEGER NOT NULL,
    hire_dt         DATE NOT NULL,
    hire_type       VARCHAR NOT NULL,      -- 'new', 'rehire', 'contract'
    req_id          INTEGER,               -- the requisition filled, when hired through the ATS
    PRIMARY KEY (hire_id)
);

CREATE TABLE terminations (
    tenant_id       INTEGER NOT NULL,
    term_id         INTEGER NOT NULL,
    emp_id          INTEGER NOT NULL,
    term_dt         DATE NOT NULL,         -- last day of employment
    term_type       VARCHAR NOT NULL,      -- 'V' voluntary, 'I' involuntary
    term_reason     VARCHAR,
    is_regrettable  TINYINT NOT NULL,
    rehire_eligible TINYINT NOT NULL,
    PRIMARY KEY (term_id)
);

CREATE TABLE compensation (
    tenant_id       INTEGER NOT NULL,
    comp_id         INTEGER NOT NULL,
    emp_id          INTEGER NOT NULL,
    effective_dt    DATE NOT NULL,
    end_dt          DATE,                  -- NULL on the current row
    base_salary     DECIMAL(12, 2) NOT NULL,  -- annual, in currency_cd
    currency_cd     VARCHAR NOT NULL,
    bonus_target_pct DECIMAL(5, 2),
    change_reason   VARCHAR NOT NULL,      -- 'hire', 'merit', 'promotion'
    PRIMARY KEY (comp_id)
);

CREATE TABLE time_off (
    tenant_id       INTEGER NOT NULL,
    request_id      INTEGER NOT NULL,
    emp_id          INTEGER NOT NULL,
    leave_type      VARCHAR NOT NULL,      -- 'PTO', 'SICK', 'PARENTAL'
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,
    days_requested  DECIMAL(5, 1) NOT NULL,  -- working days
    request_status  VARCHAR NOT NULL,      -- 'approved', 'pending', 'denied', 'cancelled'
    requested_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (request_id)
);

CREATE TABLE performance_reviews (
    tenant_id       INTEGER NOT NULL,
    review_id       INTEGER NOT NULL,
    emp_id          INTEGER NOT NULL,
    reviewer_emp_id INTEGER,
    review_cycle    VARCHAR NOT NULL,      -- '2023-ANNUAL', '2024-MID', '2024-ANNUAL'
    cycle_end_dt    DATE NOT NULL,
    overall_rating  TINYINT,               -- 1..5; NULL until submitted
    review_status   VARCHAR NOT NULL,      -- 'not_started', 'in_progress', 'submitted', 'calibrated'
    submitted_at    TIMESTAMP,
    PRIMARY KEY (review_id)
);

CREATE TABLE requisitions (
    tenant_id       INTEGER NOT NULL,
    req_id          INTEGER NOT NULL,
    req_num         VARCHAR NOT NULL,
    dept_id         INTEGER NOT NULL,
    position_id     INTEGER NOT NULL,
    hiring_mgr_emp_id INTEGER,
    recruiter_emp_id INTEGER,
    opened_dt       DATE NOT NULL,
    closed_dt       DATE,
    req_status      VARCHAR NOT NULL,      -- 'open', 'on_hold', 'filled', 'cancelled'
    req_type        VARCHAR NOT NULL,      -- 'new', 'backfill'
    target_start_dt DATE,
    PRIMARY KEY (req_id)
);

CREATE TABLE candidates (
    tenant_id       INTEGER NOT NULL,
    candidate_id    INTEGER NOT NULL,
    req_id          INTEGER NOT NULL,
    full_nm         VARCHAR NOT NULL,
    source_channel  VARCHAR NOT NULL,      -- 'referral', 'linkedin', 'agency', 'careers_site', 'university'
    applied_dt      DATE NOT NULL,
    current_stage   VARCHAR NOT NULL,      -- 'applied', 'phone_screen', 'onsite', 'offer' (extended,
                                           -- unanswered), 'offer_declined', 'accepted' (pre-hire),
                                           -- 'hired' (started), 'rejected', 'withdrawn'
    offer_extended_dt DATE,
    offer_accepted_dt DATE,
    offer_declined_dt DATE,
    planned_start_dt DATE,
    emp_id          INTEGER,               -- set once the hire record exists (pre-hires included)
    PRIMARY KEY (candidate_id)
);
