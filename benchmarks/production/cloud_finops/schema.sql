-- ============================================================================================
-- cloud_finops: the warehouse of a cloud cost-management (FinOps) platform (DuckDB DDL for
-- labelling)
--
-- Company: "Tallyscope" sells a FinOps platform. Each customer organisation connects its AWS,
-- Azure and GCP billing accounts; the platform loads the providers' daily cost and usage
-- exports into one shared ClickHouse warehouse keyed by org_id: billing accounts, teams,
-- projects (AWS accounts / Azure subscriptions / GCP projects, as the customer maps them),
-- resources with their flattened tags, daily cost line items (list, net and amortized cost;
-- credits and refunds are negative lines), commitments (reserved instances and savings plans)
-- with their daily utilization, budgets and budget alerts, and detected cost anomalies.
--
-- Warehouse: ClickHouse 24.x (CTEs, window functions, LIMIT n BY, no QUALIFY; `/` is always
-- floating-point division). The agent writes dialect `clickhouse`.
-- Agent: `cost-pilot`, versions 3.4, 3.5 and 3.6, deployed for organisation ORG-5521
-- ("Marlow & Finch Retail").
-- Log window: 2026-05-04 to 2026-05-29 (so "last month" is April 2026, "this month" May 2026,
-- "this quarter" / "this qtr" Q2 2026 to date, "last quarter" / "Q1" Q1 2026, "Q4" Q4 2025,
-- "ytd" / "this year" 2026 to date, "in march" March 2026, "last week" the previous
-- Monday-to-Sunday week).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `org_id = 'ORG-5521'` on every table of every query (row-level security);
--   * soft deletes: `is_deleted = 0` on projects, resources, teams and budgets (a deleted row is
--     an inventory entry removed by the customer: a duplicate from a re-import, a mis-registered
--     account, a budget replaced by a new one). Cost line items never point to a deleted project
--     or resource (the loader re-books them onto the surviving entry).
--
-- Business conventions at this customer (what a careful FinOps analyst would apply):
--   * cost / spend (unqualified) = SUM(net_cost) over cost_line_items with charge_type <> 'Tax':
--     usage, support, credits and refunds (credits and refunds are negative lines). Tax is passed
--     through to finance and never counted. Dated by usage_dt.
--   * credits received = -SUM(net_cost) over charge_type = 'Credit' (shown positive); refunds
--     likewise over 'Refund'. Credits are not refunds.
--   * list / on-demand cost = SUM(list_cost); amortized cost = SUM(amortized_cost) (upfront
--     commitment fees spread over the term), same lines as cost.
--   * savings vs on-demand (discount savings) = SUM(list_cost - net_cost) over charge_type =
--     'Usage' lines only (commitments, spot and negotiated discounts; credits are not savings).
--   * account-level lines (Tax, Support, Credit, Refund) have project_id and resource_id NULL
--     and region_cd 'global'. Cost by team / project / env goes through projects.team_id /
--     projects.env_cd; projects.team_id NULL is unallocated cost. A share of spend by a project
--     attribute is a share of ALL spend (account-level lines stay in the denominator).
--   * average daily cost over a period = the period's cost / the number of days in the period.
--   * "last N days" = the N complete days before today (today's cost is still loading).
--   * "this month", "this quarter", "ytd" run from the start of the period with no upper bound.
--   * active / running resource = is_deleted = 0 AND terminated_ts IS NULL. Inventory questions
--     about resources ("how many resources", "untagged resources") count running ones.
--   * untagged = no cost-center tag: tag_cost_center IS NULL OR tag_cost_center = '' (the
--     tag pipeline keeps an empty value when the key was set without one).
--   * commitment utilization = SUM(used_usd) / SUM(committed_usd) of commitment_usage, as a
--     percentage, over the days asked (a ratio of sums, never an average of daily ratios).
--     RI = commit_type 'RI', savings plan / SP = 'SP'; a live commitment has status_cd 'active'.
--   * coverage of a service = share of its Usage lines' usage_qty (hours) with pricing_model
--     'Reserved' or 'SavingsPlan'.
--   * anomalies: counts and impact leave status_cd 'FALSE_POSITIVE' out; open = status_cd IN
--     ('OPEN', 'ACK') (acknowledged but not resolved); impact = actual_cost - expected_cost;
--     dated by detected_ts; time to resolve = detected_ts to resolved_ts of 'RESOLVED' ones
--     (a false positive is closed with a resolved_ts too).
--   * over budget: a team's monthly budget (budgets.period_cd 'MONTHLY', team_id set) against
--     the team's cost of that month. Budget alerts count every alert fired (forecast ones too).
-- ============================================================================================

CREATE TABLE billing_accounts (
    org_id           VARCHAR NOT NULL,
    billing_acct_id  VARCHAR PRIMARY KEY,     -- provider account / billing account id
    acct_name        VARCHAR NOT NULL,
    cloud_provider   VARCHAR NOT NULL,        -- AWS, AZURE, GCP
    status_cd        VARCHAR NOT NULL,        -- ACTIVE, SUSPENDED, CLOSED
    connected_dt     DATE NOT NULL
);

CREATE TABLE teams (
    org_id          VARCHAR NOT NULL,
    team_id         INTEGER PRIMARY KEY,
    team_name       VARCHAR NOT NULL,
    cost_center_cd  VARCHAR NOT NULL,         -- e.g. 'CC-410'
    created_dt      DATE NOT NULL,
    is_deleted      UTINYINT NOT NULL
);

CREATE TABLE projects (
    org_id           VARCHAR NOT NULL,
    project_id       VARCHAR PRIMARY KEY,     -- AWS account / Azure subscription / GCP project
    project_nm       VARCHAR NOT NULL,
    billing_acct_id  VARCHAR NOT NULL,
    team_id          INTEGER,                 -- NULL = unallocated
    env_cd           VARCHAR NOT NULL,        -- prod, staging, dev, sandbox
    created_dt       DATE NOT NULL,
    is_deleted       UTINYINT NOT NULL
);

CREATE TABLE resources (
    org_id           VARCHAR NOT NULL,
    resource_id      VARCHAR PRIMARY KEY,
    project_id       VARCHAR NOT NULL,
    service_cd       VARCHAR NOT NULL,        -- EC2, RDS, S3, Lambda, VM, BlobStorage, GCE, BigQuery
    resource_type    VARCHAR NOT NULL,        -- instance type / sku, e.g. 'm6i.xlarge'
    region_cd        VARCHAR NOT NULL,        -- eu-west-1, us-east-1, westeurope, europe-west4 ...
    created_ts       TIMESTAMP NOT NULL,
    terminated_ts    TIMESTAMP,               -- NULL while running
    tag_owner        VARCHAR,                 -- flattened tags; NULL = tag key absent
    tag_cost_center  VARCHAR,                 -- '' = key set without a value
    tag_env          VARCHAR,
    is_deleted       UTINYINT NOT NULL
);

CREATE TABLE cost_line_items (
    org_id           VARCHAR NOT NULL,
    line_id          BIGINT PRIMARY KEY,
    usage_dt         DATE NOT NULL,
    billing_acct_id  VARCHAR NOT NULL,
    project_id       VARCHAR,                 -- NULL on account-level lines
    resource_id      VARCHAR,                 -- NULL on account-level lines
    service_cd       VARCHAR NOT NULL,        -- the resource's service; 'Support', 'Tax', 'Credit', 'Refund' on account-level lines
    region_cd        VARCHAR NOT NULL,        -- 'global' on account-level lines
    charge_type      VARCHAR NOT NULL,        -- Usage, Support, Tax, Credit, Refund
    pricing_model    VARCHAR,                 -- OnDemand, Reserved, SavingsPlan, Spot; NULL unless Usage
    usage_qty        DECIMAL(14, 4) NOT NULL, -- hours for compute, GB-month for storage, 0 on account-level lines
    usage_unit       VARCHAR NOT NULL,
    list_cost        DECIMAL(14, 4) NOT NULL, -- USD at list (on-demand) price
    net_cost         DECIMAL(14, 4) NOT NULL, -- USD actually billed (negative for credits, refunds)
    amortized_cost   DECIMAL(14, 4) NOT NULL  -- USD with commitment upfront fees spread
);

CREATE TABLE commitments (
    org_id             VARCHAR NOT NULL,
    commitment_id      VARCHAR PRIMARY KEY,
    billing_acct_id    VARCHAR NOT NULL,
    commit_type        VARCHAR NOT NULL,      -- RI, SP
    service_cd         VARCHAR,               -- NULL for savings plans (compute-wide)
    term_months        INTEGER NOT NULL,      -- 12 or 36
    start_dt           DATE NOT NULL,
    end_dt             DATE NOT NULL,
    hourly_commit_usd  DECIMAL(10, 4) NOT NULL,
    upfront_usd        DECIMAL(12, 2) NOT NULL,
    status_cd          VARCHAR NOT NULL       -- queued, active, expired, retired
);

CREATE TABLE commitment_usage (
    org_id         VARCHAR NOT NULL,
    commitment_id  VARCHAR NOT NULL,
    usage_dt       DATE NOT NULL,
    committed_usd  DECIMAL(12, 4) NOT NULL,   -- the day's commitment
    used_usd       DECIMAL(12, 4) NOT NULL    -- the part of it that covered usage
);

CREATE TABLE budgets (
    org_id      VARCHAR NOT NULL,
    budget_id   INTEGER PRIMARY KEY,
    budget_nm   VARCHAR NOT NULL,
    team_id     INTEGER,                      -- NULL for an org-wide budget
    period_cd   VARCHAR NOT NULL,             -- MONTHLY, QUARTERLY
    amount_usd  DECIMAL(14, 2) NOT NULL,
    start_dt    DATE NOT NULL,
    is_deleted  UTINYINT NOT NULL
);

CREATE TABLE budget_alerts (
    org_id         VARCHAR NOT NULL,
    alert_id       BIGINT PRIMARY KEY,
    budget_id      INTEGER NOT NULL,
    threshold_pct  INTEGER NOT NULL,          -- 50, 80, 100
    is_forecast    UTINYINT NOT NULL,         -- 1 = fired on the forecast, not the actual
    fired_ts       TIMESTAMP NOT NULL,
    ack_ts         TIMESTAMP
);

CREATE TABLE cost_anomalies (
    org_id           VARCHAR NOT NULL,
    anomaly_id       BIGINT PRIMARY KEY,
    billing_acct_id  VARCHAR NOT NULL,
    project_id       VARCHAR,
    service_cd       VARCHAR NOT NULL,
    detected_ts      TIMESTAMP NOT NULL,
    expected_cost    DECIMAL(12, 2) NOT NULL,
    actual_cost      DECIMAL(12, 2) NOT NULL,
    severity_cd      VARCHAR NOT NULL,        -- LOW, MED, HIGH, CRIT
    status_cd        VARCHAR NOT NULL,        -- OPEN, ACK, RESOLVED, FALSE_POSITIVE
    resolved_ts      TIMESTAMP
);
