-- ============================================================================================
-- translation_agencies: the warehouse of a translation and localisation agency platform
-- (DuckDB DDL for labelling)
--
-- Company: "Lexora" sells a translation-management system (TMS) to language service providers:
-- quoting and project set-up with CAT-tool analyses, vendor management for freelance and in-house
-- linguists, job assignment, LQA, client invoicing and freelancer payment runs. Every agency is a
-- tenant of one shared Snowflake warehouse (LEXORA_DW.MART), all tables keyed by agcy_id. The
-- deployment here is agency 'AG-1147', Meridian Language Partners, with offices in London (LON),
-- Berlin (BER), Barcelona (BCN), Krakow (KRK, opened 2026-10-15, no projects yet) and Dublin (DUB),
-- closed at the end of 2025 and soft-deleted with its 2025 history kept (its PM left on
-- 2025-12-31). Other tenants in the warehouse: 'AG-0392' (Nordtext AB) and 'AG-2081' (Lingua
-- Pacifica). Ids are unique across the platform.
--
-- Warehouse: Snowflake (DATE_TRUNC, DATEADD(part, n, d), DATEDIFF(part, a, b) counting part
-- boundaries, INTERVAL '1 month', CURRENT_DATE(), CURRENT_TIMESTAMP(), IFF, COUNT_IF, DIV0,
-- QUALIFY, ILIKE; `/` never truncates). Weeks start on Monday (WEEK_START = 0 / ISO). Flags are
-- CHAR(1) 'Y'/'N' or SMALLINT 0/1 as noted. The agent writes dialect `snowflake`.
-- Agent: `lingo-sql`, versions 2.0, 2.1 and 2.2, deployed for agency 'AG-1147'.
-- Log window: 2026-11-02 to 2026-11-27. The mart is loaded at each month-end close; the
-- November log reads the October close: nothing is dated after 2026-10-31 except planned due
-- dates of open jobs and projects. So "last month" is October 2026, "last quarter" Q3 2026
-- (July-September), "ytd" / "this year" 2026 to date (from 2026-01-01), "last year" 2025,
-- "last 6 months" the six whole months before the current one (May-October 2026), "the last 4
-- weeks" the four whole Monday-Sunday weeks before the current week, "rn" / "right now" the
-- state at the time of asking (current_timestamp), "the last 90 days" rolling back from today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `agcy_id = 'AG-1147'` on every table of every query (row policy);
--   * test rows: `test_flg = 'N'` on clients (the onboarding team's 'ZZ Sandbox Client'),
--     projects (sandbox projects, on the sandbox client and on real clients' sandboxes: the
--     project's own flag is the one that counts), jobs (they carry their project's flag) and
--     linguists (the vendor-portal test profiles 'QA Test Linguist' and 'Portal Test Vendor',
--     which only ever get sandbox jobs). Sandbox projects are never invoiced nor reviewed;
--   * voids: `void_flg = 0` on ling_payments (payment-run rows keyed twice and voided);
--   * soft deletes: `deleted_at IS NULL` on offices (the closed Dublin office), clients (a
--     duplicate merged into the surviving client; its projects and invoices were moved over) and
--     linguists (duplicate vendor profiles, no jobs nor payments of their own). These matter
--     where that table is the population counted or listed ("which linguists ...", "how many
--     clients ...").
--
-- Business conventions of the agency (what a careful analyst applies):
--   * projects: one row per project, one source and one target language (a multi-language order
--     is one project per target). proj_status 'IN_PROGRESS', 'ON_HOLD', 'DELIVERED' or
--     'CANCELLED'. A project is dated by created_ts ("projects last month" = created in October);
--     "new projects" / "projects" counts every status, cancelled included. Its office and PM are
--     the ones on the project. rush_flg = 'Y' for rush orders (surcharged). due_dt is the date
--     promised to the client, delivered_dt the date delivered (DELIVERED only). Turnaround =
--     DATEDIFF('day', created_ts, delivered_dt) of DELIVERED projects; a project is on time when
--     delivered_dt <= due_dt.
--   * word counts: proj_wordcounts holds the CAT-tool analysis, one row per project and fuzzy
--     band: match_band 'CM' (context / 101 % match), '100', '95-99', '85-94', '75-84', 'NEW' (no
--     match, below 75 % included) and 'REP' (repetitions); wt_pct is the agency's payment grid
--     for the band. "Words" / "word count" / "volume" = raw SUM(words); "weighted words" =
--     SUM(words * wt_pct / 100). Volume counts projects that are not CANCELLED, by created_ts.
--     "Leverage" = the share of raw words in the CM and 100 bands ("100 % or context matches").
--   * jobs: one row per task given to one linguist: task_cd 'TRA' (translation), 'EDT' (editing
--     / revision) or 'PRF' (proofreading); a large translation may be split between two
--     translators (two TRA jobs of one project). job_status 'OPEN' (not assigned yet, ling_id
--     NULL), 'ASSIGNED', 'DELIVERED' or 'CANCELLED'. created_ts is when the job was set up,
--     assigned_ts when a linguist accepted it. A job is dated by delivered_ts when delivered.
--     On time = delivered_ts <= due_ts; late = delivered_ts > due_ts; days late =
--     DATEDIFF('day', due_ts, delivered_ts). On-time rate = on-time / DELIVERED jobs, as a
--     percentage. Overdue (rn) = OPEN or ASSIGNED jobs whose due_ts has passed.
--     billable_wds are the words the linguist is paid for (weighted words for TRA, raw for EDT
--     and PRF); job_cost_cents is what the linguist earns for the job (minimum fee and the 20 %
--     rush uplift included, 0 when cancelled): "linguist cost" = SUM(job_cost_cents) / 100 of
--     DELIVERED jobs, by delivered_ts.
--   * linguists: emp_type 'FREELANCE' or 'INHOUSE' (in-house staff sit in an office; salaried,
--     never in payment runs). ling_status is the vendor-management status 'ACTIVE', 'ON_HOLD'
--     or 'OFFBOARDED'. An "active linguist" is one who delivered at least one job in the last 90
--     days (delivered_ts >= today - 90 days), whatever ling_status says.
--   * ling_rates: one row per linguist, language pair and service (svc_cd 'TRA', 'EDT', 'PRF'),
--     EUR per word; a superseded rate carries eff_to, the current one eff_to IS NULL. "Rates"
--     without a date are current rates.
--   * qa_reviews: LQA of a delivered job on a sample of sample_wds words; err_pts are weighted
--     error points (minor 1, major 5, critical 10). Error score = err_pts * 1000 / sample_wds
--     (points per 1,000 words); a review passes (lqa_result 'PASS') at 10 or less. A linguist's
--     (or any group's) error score over several reviews is pooled: SUM(err_pts) * 1000 /
--     SUM(sample_wds), not the average of the reviews' scores. A review belongs to the linguist
--     who did the reviewed job (jobs.ling_id), not to the reviewer (reviewer_id, NULL when the
--     client's reviewer did it). Dated by review_dt. Pass rate = PASS / all reviews, percentage.
--   * invoices: one row per document: doc_type 'INV' (invoice) or 'CRN' (credit note, whose
--     amounts are negative). inv_status 'DRAFT', 'ISSUED', 'PAID' or 'VOID'. Amounts in euro
--     cents: net_amt_cents before tax, rush surcharge included; rush_surch_cents is the
--     surcharge part of it; gross_amt_cents = net + tax_cents. Revenue = SUM(net_amt_cents) / 100
--     of ISSUED and PAID documents, invoices and credit notes together, dated by inv_dt (DRAFT and
--     VOID never count). Rush surcharge revenue = SUM(rush_surch_cents) / 100 of the same rows.
--     A client's or office's revenue is that of its projects' invoices (office = the project's).
--     Unpaid / outstanding = ISSUED invoices (doc_type 'INV'), their gross_amt_cents; an
--     invoice's age runs from inv_dt.
--   * ling_payments: freelancer payment runs on the 10th of each month for the jobs delivered
--     the month before (period_mth). pay_status 'PAID', 'PENDING' (held) or 'FAILED' (bank
--     rejected; re-paid in a new row). "Paid to linguists" = SUM(amount_cents) / 100 of PAID
--     rows with void_flg = 0, dated by pay_dt.
--   * clients: a "new client" in a period is one whose first-ever project (non-sandbox, any
--     status) was created in it; clients.created_dt is when the CRM record was made (prospects
--     are created before they order). PMs rn = left_dt IS NULL.
-- ============================================================================================

CREATE TABLE offices (
    agcy_id       VARCHAR NOT NULL,
    office_id     INTEGER NOT NULL,
    office_cd     VARCHAR NOT NULL,      -- 'LON', 'BER', ...
    office_nm     VARCHAR NOT NULL,
    city          VARCHAR NOT NULL,
    country_cd    CHAR(2) NOT NULL,
    opened_dt     DATE NOT NULL,
    deleted_at    TIMESTAMP              -- closed office, history kept
);

CREATE TABLE project_mgrs (
    agcy_id       VARCHAR NOT NULL,
    pm_id         INTEGER NOT NULL,
    office_id     INTEGER NOT NULL,
    pm_nm         VARCHAR NOT NULL,
    email         VARCHAR NOT NULL,
    hired_dt      DATE NOT NULL,
    left_dt       DATE                   -- NULL while employed
);

CREATE TABLE linguists (
    agcy_id       VARCHAR NOT NULL,
    ling_id       INTEGER NOT NULL,
    ling_nm       VARCHAR NOT NULL,
    emp_type      VARCHAR NOT NULL,      -- 'FREELANCE', 'INHOUSE'
    office_id     INTEGER,               -- in-house staff only; NULL for freelancers
    country_cd    CHAR(2) NOT NULL,
    native_lang   VARCHAR NOT NULL,      -- e.g. 'de-DE'
    ling_status   VARCHAR NOT NULL,      -- 'ACTIVE', 'ON_HOLD', 'OFFBOARDED' (vendor management)
    onboarded_dt  DATE NOT NULL,
    test_flg      CHAR(1) NOT NULL,      -- 'Y' for vendor-portal test profiles
    deleted_at    TIMESTAMP              -- duplicate profile merged
);

CREATE TABLE ling_rates (
    agcy_id       VARCHAR NOT NULL,
    rate_id       INTEGER NOT NULL,
    ling_id       INTEGER NOT NULL,
    src_lang      VARCHAR NOT NULL,
    tgt_lang      VARCHAR NOT NULL,
    svc_cd        VARCHAR NOT NULL,      -- 'TRA', 'EDT', 'PRF'
    rate_per_wd   DECIMAL(7,4) NOT NULL, -- EUR per word
    min_fee       DECIMAL(7,2) NOT NULL, -- EUR per job
    eff_from      DATE NOT NULL,
    eff_to        DATE                   -- NULL: current rate
);

CREATE TABLE clients (
    agcy_id       VARCHAR NOT NULL,
    client_id     INTEGER NOT NULL,
    client_nm     VARCHAR NOT NULL,
    industry      VARCHAR NOT NULL,      -- 'LIFE_SCIENCES', 'LEGAL', 'TECH', 'RETAIL', ...
    country_cd    CHAR(2) NOT NULL,
    acct_pm_id    INTEGER,               -- account manager (a PM)
    created_dt    DATE NOT NULL,         -- CRM record created (prospects too)
    test_flg      CHAR(1) NOT NULL,      -- 'Y' for the sandbox client
    deleted_at    TIMESTAMP              -- duplicate merged into another client
);

CREATE TABLE projects (
    agcy_id       VARCHAR NOT NULL,
    proj_id       INTEGER NOT NULL,
    proj_cd       VARCHAR NOT NULL,      -- 'MLP-26-00123'
    client_id     INTEGER NOT NULL,
    office_id     INTEGER NOT NULL,
    pm_id         INTEGER NOT NULL,
    src_lang      VARCHAR NOT NULL,      -- 'en-GB', 'de-DE', ...
    tgt_lang      VARCHAR NOT NULL,
    proj_status   VARCHAR NOT NULL,      -- 'IN_PROGRESS', 'ON_HOLD', 'DELIVERED', 'CANCELLED'
    rush_flg      CHAR(1) NOT NULL,      -- 'Y' rush order
    created_ts    TIMESTAMP NOT NULL,
    due_dt        DATE NOT NULL,         -- promised to the client
    delivered_dt  DATE,                  -- DELIVERED only
    test_flg      CHAR(1) NOT NULL       -- 'Y' sandbox project
);

CREATE TABLE proj_wordcounts (
    agcy_id       VARCHAR NOT NULL,
    proj_id       INTEGER NOT NULL,
    match_band    VARCHAR NOT NULL,      -- 'CM', '100', '95-99', '85-94', '75-84', 'NEW', 'REP'
    words         INTEGER NOT NULL,      -- raw words in the band
    wt_pct        SMALLINT NOT NULL      -- payment grid: % of the full rate
);

CREATE TABLE jobs (
    agcy_id        VARCHAR NOT NULL,
    job_id         INTEGER NOT NULL,
    proj_id        INTEGER NOT NULL,
    task_cd        VARCHAR NOT NULL,     -- 'TRA', 'EDT', 'PRF'
    ling_id        INTEGER,              -- NULL while OPEN (unassigned)
    job_status     VARCHAR NOT NULL,     -- 'OPEN', 'ASSIGNED', 'DELIVERED', 'CANCELLED'
    created_ts     TIMESTAMP NOT NULL,
    assigned_ts    TIMESTAMP,
    due_ts         TIMESTAMP NOT NULL,
    delivered_ts   TIMESTAMP,
    billable_wds   INTEGER NOT NULL,
    rate_per_wd    DECIMAL(7,4) NOT NULL,
    job_cost_cents BIGINT NOT NULL,      -- linguist's fee; min fee and rush uplift included
    test_flg       CHAR(1) NOT NULL      -- the project's sandbox flag
);

CREATE TABLE qa_reviews (
    agcy_id       VARCHAR NOT NULL,
    review_id     INTEGER NOT NULL,
    job_id        INTEGER NOT NULL,
    reviewer_id   INTEGER,               -- ling_id of the reviewer; NULL: client-side reviewer
    review_dt     DATE NOT NULL,
    sample_wds    INTEGER NOT NULL,
    err_pts       DECIMAL(6,1) NOT NULL,
    lqa_result    VARCHAR NOT NULL       -- 'PASS', 'FAIL'
);

CREATE TABLE invoices (
    agcy_id         VARCHAR NOT NULL,
    inv_id          INTEGER NOT NULL,
    inv_no          VARCHAR NOT NULL,
    doc_type        VARCHAR NOT NULL,    -- 'INV', 'CRN' (credit note, negative amounts)
    client_id       INTEGER NOT NULL,
    proj_id         INTEGER NOT NULL,
    inv_dt          DATE NOT NULL,
    pay_due_dt      DATE NOT NULL,
    net_amt_cents   BIGINT NOT NULL,     -- before tax, rush surcharge included
    rush_surch_cents BIGINT NOT NULL,    -- the rush surcharge part of net_amt_cents
    tax_cents       BIGINT NOT NULL,
    gross_amt_cents BIGINT NOT NULL,     -- net + tax
    inv_status      VARCHAR NOT NULL,    -- 'DRAFT', 'ISSUED', 'PAID', 'VOID'
    paid_dt         DATE
);

CREATE TABLE ling_payments (
    agcy_id       VARCHAR NOT NULL,
    pay_id        INTEGER NOT NULL,
    ling_id       INTEGER NOT NULL,
    pay_dt        DATE NOT NULL,
    period_mth    DATE NOT NULL,         -- first day of the month of work paid
    amount_cents  BIGINT NOT NULL,
    pay_status    VARCHAR NOT NULL,      -- 'PAID', 'PENDING', 'FAILED'
    void_flg      SMALLINT NOT NULL      -- 1: row keyed twice, voided
);
