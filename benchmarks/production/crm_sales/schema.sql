-- ============================================================================================
-- crm_sales: the CRM / sales-pipeline warehouse of a B2B SaaS vendor (DuckDB DDL for labelling)
--
-- Company: "Northbeam Analytics" is a CRM analytics provider; it copies each customer's CRM
-- (accounts, contacts, opportunities and their stage history, activities, quotes, forecast
-- submissions, quotas, users and territories) into one multi-tenant warehouse keyed by org_id.
-- The tenant here is org 'o_5531', "Lumenfold Software", a B2B SaaS vendor selling to SMB,
-- mid-market and enterprise customers in four regions.
--
-- Warehouse: Snowflake (database CRM_DW, schema SALES). The agent writes dialect `snowflake`.
-- Agent: `pipeline-pilot`, versions 2.6, 2.7 and 3.0, deployed for org o_5531.
-- Log window: 2025-11-03 to 2025-11-28 (so "last month" is October 2025, "this quarter" Q4 2025
-- to date, "last quarter" Q3 2025, "this year" / "ytd" 2025 to date, "in March" March 2025).
-- Fiscal year = calendar year at Lumenfold; quarters are calendar quarters.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `org_id = 'o_5531'` on every table a query reads (every table carries org_id);
--   * soft delete: `is_deleted = FALSE` on every table a query reads. The CRM sync keeps rows
--     deleted in the CRM (merged duplicates, records deleted by users) with is_deleted = TRUE;
--     they are never counted, on any table, joined ones included.
--
-- Business conventions at Lumenfold (what a careful analyst would apply):
--   * an opportunity ("opp", "deal") is closed when is_closed; won when stage_nm = 'Closed Won'
--     (is_won = TRUE), lost when stage_nm = 'Closed Lost'. Open = NOT is_closed.
--   * money is amount_usd (amount_local is in the deal's currency_cd). amount_usd is NULL while
--     the rep has not entered an amount; such deals count as deals but add nothing to sums.
--   * bookings ("closed won revenue", "revenue closed", "won amount") = SUM(amount_usd) of won
--     opportunities, dated by close_dt (the actual close date once closed).
--   * open pipeline = SUM(amount_usd) of open opportunities; "closing in <period>" uses close_dt
--     (the expected close date while open). Weighted pipeline = SUM(amount_usd * probability_pct / 100).
--   * win rate = won / (won + lost) over opportunities closed (close_dt) in the period, by count.
--   * average deal size = AVG(amount_usd) of won opportunities (NULL amounts ignored).
--   * sales cycle = DATEDIFF(day, created_ts::date, close_dt) of won opportunities.
--   * a deal's rep is opportunities.owner_user_id (accounts.owner_user_id is the account owner,
--     often a different person); a deal's region and segment are those of its ACCOUNT's territory
--     (accounts.territory_id -> territories), not of the rep's home territory.
--   * "reps" are users with role_cd 'AE' (account executives); SDRs book meetings; 'SE' are
--     sales engineers; 'MGR' are managers. Active users have is_active = TRUE.
--   * activities: activity_type 'call', 'email', 'meeting', 'demo'; an activity belongs to its
--     owner_user_id; account_id is NULL for activities logged against a lead not yet converted.
--   * quotes: a quote is sent once sent_ts is set; acceptance rate = accepted / sent, over quotes
--     sent in the period (status 'accepted' out of status in 'sent', 'accepted', 'rejected',
--     'expired' with sent_ts in the period). 'draft' quotes were never sent.
--   * forecasts: reps submit their forecast for a quarter several times; the one that counts is
--     the latest submission (max submitted_ts) per rep and quarter.
--   * quotas: one row per rep and quarter (period_start_dt = first day of the quarter);
--     attainment = bookings in the quarter / quota_amt.
--   * "last week" is the previous Monday-to-Sunday week; "past N days" / "last N days" is
--     activity/close date >= CURRENT_DATE - N (today included).
--   * customers are accounts with account_type = 'customer' ('prospect', 'partner', 'churned'
--     are the other types).
-- ============================================================================================

CREATE TABLE territories (
    territory_id   INTEGER PRIMARY KEY,
    org_id         VARCHAR NOT NULL,
    territory_nm   VARCHAR NOT NULL,
    region_cd      VARCHAR NOT NULL,        -- 'NA', 'EMEA', 'APAC', 'LATAM'
    segment_cd     VARCHAR NOT NULL,        -- 'SMB', 'MM', 'ENT'
    is_deleted     BOOLEAN NOT NULL
);

CREATE TABLE users (
    user_id        INTEGER PRIMARY KEY,
    org_id         VARCHAR NOT NULL,
    full_name      VARCHAR NOT NULL,
    email          VARCHAR NOT NULL,
    role_cd        VARCHAR NOT NULL,        -- 'AE', 'SDR', 'SE', 'MGR'
    territory_id   INTEGER,                 -- the rep's home territory
    manager_id     INTEGER,
    hire_dt        DATE NOT NULL,
    is_active      BOOLEAN NOT NULL,
    is_deleted     BOOLEAN NOT NULL
);

CREATE TABLE accounts (
    account_id         INTEGER PRIMARY KEY,
    org_id             VARCHAR NOT NULL,
    account_nm         VARCHAR NOT NULL,
    account_type       VARCHAR NOT NULL,    -- 'prospect', 'customer', 'partner', 'churned'
    industry           VARCHAR,             -- NULL when not enriched
    billing_country    CHAR(2),
    employee_cnt       INTEGER,
    annual_rev_usd     DECIMAL(14, 2),
    owner_user_id      INTEGER,             -- account owner (not necessarily the deal's rep)
    territory_id       INTEGER NOT NULL,
    created_dt         DATE NOT NULL,
    is_deleted         BOOLEAN NOT NULL
);

CREATE TABLE contacts (
    contact_id     INTEGER PRIMARY KEY,
    org_id         VARCHAR NOT NULL,
    account_id     INTEGER,                 -- NULL for orphaned contacts
    first_nm       VARCHAR,
    last_nm        VARCHAR NOT NULL,
    email          VARCHAR,
    title          VARCHAR,
    lead_source    VARCHAR,                 -- 'inbound', 'outbound', 'event', 'partner', 'referral'
    email_opt_out  BOOLEAN NOT NULL,
    created_dt     DATE NOT NULL,
    is_deleted     BOOLEAN NOT NULL
);

CREATE TABLE opportunities (
    opp_id             INTEGER PRIMARY KEY,
    org_id             VARCHAR NOT NULL,
    account_id         INTEGER NOT NULL,
    owner_user_id      INTEGER NOT NULL,    -- the deal's rep
    opp_nm             VARCHAR NOT NULL,
    opp_type           VARCHAR NOT NULL,    -- 'New Business', 'Expansion', 'Renewal'
    stage_nm           VARCHAR NOT NULL,    -- 'Prospecting', 'Discovery', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'
    forecast_cat       VARCHAR NOT NULL,    -- 'Pipeline', 'Best Case', 'Commit', 'Closed', 'Omitted'
    probability_pct    INTEGER NOT NULL,    -- 0..100
    currency_cd        CHAR(3) NOT NULL,    -- 'USD', 'EUR', 'GBP'
    amount_local       DECIMAL(14, 2),      -- in currency_cd
    amount_usd         DECIMAL(14, 2),      -- NULL while no amount is entered
    lead_source        VARCHAR,             -- 'inbound', 'outbound', 'event', 'partner', 'referral'; NULL unknown
    created_ts         TIMESTAMP NOT NULL,
    close_dt           DATE NOT NULL,       -- expected close date while open, actual once closed
    is_closed          BOOLEAN NOT NULL,
    is_won             BOOLEAN NOT NULL,
    loss_reason        VARCHAR,             -- closed lost only: 'price', 'competitor', 'no_decision', 'timing', 'product_gap'; may be NULL
    is_deleted         BOOLEAN NOT NULL
);

CREATE TABLE opp_stage_history (
    hist_id            INTEGER PRIMARY KEY,
    org_id             VARCHAR NOT NULL,
    opp_id             INTEGER NOT NULL,
    from_stage         VARCHAR,             -- NULL for the opportunity's first stage
    to_stage           VARCHAR NOT NULL,
    changed_ts         TIMESTAMP NOT NULL,
    changed_by_user_id INTEGER,
    is_deleted         BOOLEAN NOT NULL
);

CREATE TABLE activities (
    activity_id    INTEGER PRIMARY KEY,
    org_id         VARCHAR NOT NULL,
    activity_type  VARCHAR NOT NULL,        -- 'call', 'email', 'meeting', 'demo'
    owner_user_id  INTEGER NOT NULL,
    account_id     INTEGER,                 -- NULL when logged against an unconverted lead
    contact_id     INTEGER,
    opp_id         INTEGER,                 -- NULL when not tied to a deal
    activity_ts    TIMESTAMP NOT NULL,
    duration_min   INTEGER,
    outcome_cd     VARCHAR,                 -- 'connected', 'no_answer', 'left_vm', 'held', 'no_show'; NULL for emails
    is_deleted     BOOLEAN NOT NULL
);

CREATE TABLE quotes (
    quote_id       INTEGER PRIMARY KEY,
    org_id         VARCHAR NOT NULL,
    opp_id         INTEGER NOT NULL,
    quote_num      VARCHAR NOT NULL,
    status         VARCHAR NOT NULL,        -- 'draft', 'sent', 'accepted', 'rejected', 'expired'
    list_amt_usd   DECIMAL(14, 2) NOT NULL,
    discount_pct   DECIMAL(5, 2) NOT NULL,  -- 0..100
    net_amt_usd    DECIMAL(14, 2) NOT NULL, -- list_amt_usd * (1 - discount_pct / 100)
    is_primary     BOOLEAN NOT NULL,        -- the opportunity's synced quote
    created_ts     TIMESTAMP NOT NULL,
    sent_ts        TIMESTAMP,               -- NULL for drafts
    is_deleted     BOOLEAN NOT NULL
);

CREATE TABLE forecasts (
    forecast_id      INTEGER PRIMARY KEY,
    org_id           VARCHAR NOT NULL,
    user_id          INTEGER NOT NULL,
    period_start_dt  DATE NOT NULL,          -- first day of the forecast quarter
    commit_amt       DECIMAL(14, 2) NOT NULL,
    best_case_amt    DECIMAL(14, 2) NOT NULL,
    submitted_ts     TIMESTAMP NOT NULL,
    is_deleted       BOOLEAN NOT NULL
);

CREATE TABLE quotas (
    quota_id         INTEGER PRIMARY KEY,
    org_id           VARCHAR NOT NULL,
    user_id          INTEGER NOT NULL,
    period_start_dt  DATE NOT NULL,          -- first day of the quarter
    quota_amt        DECIMAL(14, 2) NOT NULL,
    is_deleted       BOOLEAN NOT NULL
);
