-- ============================================================================================
-- saas_billing: the billing warehouse of a B2B SaaS company (DuckDB DDL for labelling)
--
-- Company: "Lumen Analytics" sells a data platform to businesses on seat-based and flat plans
-- billed monthly or annually. Its billing system (accounts, plans, subscriptions, invoices,
-- invoice lines, payments, credits, usage) lands in Snowflake as ANALYTICS.BILLING.<TABLE>;
-- finance keeps month-end MRR snapshots in ANALYTICS.BILLING.MRR_SNAPSHOTS.
--
-- Warehouse: Snowflake. The agent writes dialect `snowflake`, sometimes with fully qualified
-- names (ANALYTICS.BILLING.INVOICES), sometimes with bare ones.
-- Agent: `billing-copilot`, versions 3.0, 3.1 and 3.2, used by finance and RevOps.
-- Log window: 2025-11-03 to 2025-11-28 (so "last month" is October 2025, "this quarter" Q4 2025
-- to date, "last quarter" Q3 2025, "this year" / "ytd" 2025 to date, "March" March 2025).
-- No tenant column: one company's own billing.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * soft delete: `deleted_at IS NULL` on accounts and on subscriptions;
--   * internal accounts: `is_internal = FALSE` on accounts (employees' sandboxes, demo and QA
--     accounts are billed like customers but are not revenue).
--   Every figure about customers, invoices, payments, credits, snapshots or usage is scoped to
--   accounts that pass both account guards (so such queries join ACCOUNTS).
--
-- Business conventions at this company (what a careful analyst would apply):
--   * MRR now = SUM(subscriptions.mrr_usd) over subscriptions with status IN ('active',
--     'past_due'); trialing subscriptions carry the price they will pay but are not MRR.
--     ARR = 12 * MRR. A paying account has at least one such subscription.
--   * MRR at a past month end = SUM(mrr_snapshots.mrr_usd) at that snapshot_date (the last day
--     of the month; the latest one is the end of last month). Snapshots hold paying
--     subscriptions only.
--   * ARPA = MRR / number of paying accounts.
--   * A churned account has accounts.churned_at set (when its last paid subscription ended);
--     churn in a period is dated by churned_at. A canceled subscription keeps in mrr_usd the MRR
--     it had when it ended ("MRR lost to churn" = SUM(mrr_usd) of subscriptions canceled in the
--     period).
--   * Logo churn rate of a period = accounts churned in it / accounts paying at its start (MRR
--     > 0 in the snapshot of the month end before the period).
--   * NRR (12 months) = MRR at the latest month end of the accounts that had MRR twelve months
--     earlier / their MRR twelve months earlier (expansion, contraction and churn; new accounts
--     left out).
--   * Billed (billings, invoiced) = SUM(invoices.total_usd) over invoices with status IN
--     ('open', 'paid', 'uncollectible'), dated by inv_dt; drafts have no inv_dt yet and void
--     invoices were never owed. Collected = SUM(payments.amount_usd) with status 'succeeded',
--     dated by payments.created_at.
--   * Overdue invoice: status = 'open' AND due_dt < CURRENT_DATE. Paid late: paid_at::date >
--     due_dt.
--   * DSO, as finance reports it: the average number of days from inv_dt to paid_at over the
--     invoices paid in the period (dated by paid_at).
--   * "Last week" is the previous Monday-to-Sunday week.
-- ============================================================================================

CREATE TABLE accounts (
    account_id    INTEGER PRIMARY KEY,
    account_name  VARCHAR NOT NULL,
    segment       VARCHAR NOT NULL,        -- 'smb', 'mid_market', 'enterprise'
    region        VARCHAR NOT NULL,        -- 'NA', 'EMEA', 'APAC', 'LATAM'
    industry      VARCHAR,
    csm_owner     VARCHAR,                 -- customer success manager; NULL = none assigned
    created_at    TIMESTAMP NOT NULL,
    churned_at    TIMESTAMP,               -- NULL = still a customer
    is_internal   BOOLEAN NOT NULL,
    deleted_at    TIMESTAMP                -- soft delete
);

CREATE TABLE plans (
    plan_id         INTEGER PRIMARY KEY,
    plan_name       VARCHAR NOT NULL,      -- 'Starter', 'Growth', 'Scale', 'Enterprise', 'Team (legacy)'
    billing_period  VARCHAR NOT NULL,      -- 'monthly', 'annual'
    price_per_seat  DECIMAL(10, 2),        -- NULL for flat-priced plans
    is_legacy       BOOLEAN NOT NULL
);

CREATE TABLE subscriptions (
    subscription_id  INTEGER PRIMARY KEY,
    account_id       INTEGER NOT NULL,
    plan_id          INTEGER NOT NULL,
    status           VARCHAR NOT NULL,     -- 'trialing', 'active', 'past_due', 'canceled'
    started_at       DATE NOT NULL,
    canceled_at      DATE,
    seats            INTEGER NOT NULL,
    mrr_usd          DECIMAL(12, 2) NOT NULL,
    deleted_at       TIMESTAMP             -- soft delete
);

CREATE TABLE mrr_snapshots (
    snapshot_date    DATE NOT NULL,        -- last day of the month
    account_id       INTEGER NOT NULL,
    subscription_id  INTEGER NOT NULL,
    mrr_usd          DECIMAL(12, 2) NOT NULL
);

CREATE TABLE invoices (
    invoice_id       INTEGER PRIMARY KEY,
    invoice_number   VARCHAR NOT NULL,
    account_id       INTEGER NOT NULL,
    subscription_id  INTEGER,
    inv_dt           DATE,                 -- issue date; NULL while draft
    due_dt           DATE,
    status           VARCHAR NOT NULL,     -- 'draft', 'open', 'paid', 'void', 'uncollectible'
    currency         CHAR(3) NOT NULL,
    total_usd        DECIMAL(12, 2) NOT NULL,
    paid_at          TIMESTAMP
);

CREATE TABLE invoice_lines (
    line_id      INTEGER PRIMARY KEY,
    invoice_id   INTEGER NOT NULL,
    line_type    VARCHAR NOT NULL,         -- 'subscription', 'usage', 'discount', 'one_time'
    description  VARCHAR,
    quantity     DECIMAL(14, 2),
    amount_usd   DECIMAL(12, 2) NOT NULL
);

CREATE TABLE payments (
    payment_id  INTEGER PRIMARY KEY,
    invoice_id  INTEGER NOT NULL,
    account_id  INTEGER NOT NULL,
    amount_usd  DECIMAL(12, 2) NOT NULL,
    method      VARCHAR NOT NULL,          -- 'card', 'ach', 'wire'
    status      VARCHAR NOT NULL,          -- 'succeeded', 'failed', 'refunded'
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE credits (
    credit_id   INTEGER PRIMARY KEY,
    account_id  INTEGER NOT NULL,
    amount_usd  DECIMAL(12, 2) NOT NULL,
    reason      VARCHAR NOT NULL,          -- 'outage', 'goodwill', 'billing_error', 'promo'
    issued_at   TIMESTAMP NOT NULL,
    invoice_id  INTEGER                    -- the invoice it was applied to, if any
);

CREATE TABLE usage_daily (
    account_id  INTEGER NOT NULL,
    usage_date  DATE NOT NULL,
    metric      VARCHAR NOT NULL,          -- 'api_calls', 'storage_gb'
    quantity    BIGINT NOT NULL
);
