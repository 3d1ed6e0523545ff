-- Marketing analytics for Brightlane, a project-management SaaS company (self-serve purchases
-- plus a sales-led pipeline), hosted on a multi-customer marketing-analytics platform.
--
-- Warehouse: Databricks SQL; the agent writes the `databricks` dialect and names tables fully
--   qualified and backticked: `mkt_prod`.`analytics`.<table> (DuckDB here: the bare table names).
-- Agent: growth-gpt, versions 2.0, 2.5 and 3.0 (3.0 is the newest).
-- Log window: 2026-03-02 to 2026-03-27 (so "last month" is February 2026, "this quarter" is
--   Q1 2026 to date, "last quarter" Q4 2025, "Q4" / "December" / "Black Friday" are 2025's).
-- Guards the deployment adds:
--   * tenant: workspace_id = 'ws_88' on every query (every table carries workspace_id; ids are
--     unique across workspaces, so one guard on the driving table scopes a query);
--   * leads: is_deleted = false (soft delete) and is_test = false (internal test sign-ups);
--   * opportunities: is_deleted = false;
--   * sessions: is_bot = false (crawler traffic is excluded from every web figure).
-- Conventions (the analytics team's definitions, given to the agent in its system prompt):
--   * conversions holds one row per conversion per attribution model ('last_touch',
--     'first_touch'); every figure uses last_touch unless the question names another model.
--   * CTR = SUM(clicks) / SUM(impressions); CPA = ad spend / purchases (conversion_type =
--     'purchase', last touch) of the same channel or campaign and period; ROAS = last-touch
--     purchase revenue / ad spend of the same campaign or channel and period.
--   * conversion rate = non-bot sessions with at least one conversion / non-bot sessions.
--   * MQL = a lead with mql_at set (the day it became an MQL is mql_at); SQL likewise sql_at.
--     lifecycle_stage is the lead's current stage only. MQL->SQL rate = MQLs that reached SQL /
--     MQLs, for MQLs of the period.
--   * email rates per delivered email: open rate = delivered sends with at least one 'open' /
--     delivered sends; unsubscribe rate = sends with an 'unsubscribe' / delivered sends;
--     bounce rate = sends with a 'bounce' / sends.
--   * pipeline = amount_usd of open opportunities (stage not closed_won / closed_lost).
--   * weeks start on Monday; "last week" is the previous Monday-Sunday week.

CREATE TABLE channels (
    workspace_id   VARCHAR NOT NULL,
    channel_id     INTEGER NOT NULL,      -- unique across workspaces
    channel_name   VARCHAR NOT NULL,      -- 'Paid Search', 'Paid Social', 'Display', 'Email',
                                          -- 'Organic Search', 'Referral', 'Direct', 'Affiliate'
    channel_group  VARCHAR NOT NULL,      -- 'paid', 'owned', 'earned'
    is_paid        BOOLEAN NOT NULL
);

CREATE TABLE campaigns (
    workspace_id   VARCHAR NOT NULL,
    campaign_id    INTEGER NOT NULL,      -- unique across workspaces
    campaign_name  VARCHAR NOT NULL,
    channel_id     INTEGER NOT NULL,
    objective      VARCHAR NOT NULL,      -- 'awareness', 'lead_gen', 'conversion', 'retention'
    status         VARCHAR NOT NULL,      -- 'active', 'paused', 'completed', 'draft'
    start_date     DATE,
    end_date       DATE,                  -- NULL: open-ended
    budget_usd     DECIMAL(12, 2),        -- total budget; 0 for email campaigns
    owner_email    VARCHAR,
    created_at     TIMESTAMP
);

CREATE TABLE ad_spend_daily (             -- one row per campaign, platform and day
    workspace_id   VARCHAR NOT NULL,
    spend_date     DATE NOT NULL,
    campaign_id    INTEGER NOT NULL,
    platform       VARCHAR NOT NULL,      -- 'google', 'meta', 'linkedin', 'bing', 'partnerstack'
    impressions    BIGINT NOT NULL,
    clicks         BIGINT NOT NULL,
    spend_usd      DECIMAL(12, 2) NOT NULL
);

CREATE TABLE sessions (                   -- web sessions
    workspace_id   VARCHAR NOT NULL,
    session_id     BIGINT NOT NULL,
    visitor_id     VARCHAR NOT NULL,      -- one visitor has many sessions
    started_at     TIMESTAMP NOT NULL,
    channel_id     INTEGER NOT NULL,
    campaign_id    INTEGER,               -- NULL for unpaid traffic
    landing_page   VARCHAR,
    device_type    VARCHAR,               -- 'desktop', 'mobile', 'tablet'
    country_code   VARCHAR,               -- ISO 2 letters, NULL when unknown
    pageviews      INTEGER,
    is_bot         BOOLEAN NOT NULL
);

CREATE TABLE conversions (                -- one row per conversion and attribution model
    workspace_id      VARCHAR NOT NULL,
    conversion_id     BIGINT NOT NULL,    -- repeated once per attribution model
    session_id        BIGINT NOT NULL,    -- the session the conversion happened in
    visitor_id        VARCHAR NOT NULL,
    converted_at      TIMESTAMP NOT NULL,
    conversion_type   VARCHAR NOT NULL,   -- 'signup', 'trial_start', 'demo_request', 'purchase'
    revenue_usd       DECIMAL(12, 2),     -- purchases only
    channel_id        INTEGER NOT NULL,   -- channel credited under this attribution model
    campaign_id       INTEGER,            -- campaign credited under this model (NULL: none)
    attribution_model VARCHAR NOT NULL    -- 'last_touch', 'first_touch'
);

CREATE TABLE leads (
    workspace_id      VARCHAR NOT NULL,
    lead_id           BIGINT NOT NULL,
    email             VARCHAR NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    source_channel_id INTEGER NOT NULL,
    campaign_id       INTEGER,            -- NULL: not from a campaign
    lifecycle_stage   VARCHAR NOT NULL,   -- current stage: 'lead', 'mql', 'sql', 'opportunity',
                                          -- 'customer', 'disqualified'
    mql_at            TIMESTAMP,          -- when it became a marketing-qualified lead
    sql_at            TIMESTAMP,          -- when sales accepted it
    company_size      VARCHAR,
    country_code      VARCHAR,
    is_test           BOOLEAN NOT NULL,
    is_deleted        BOOLEAN NOT NULL
);

CREATE TABLE opportunities (
    workspace_id   VARCHAR NOT NULL,
    opp_id         BIGINT NOT NULL,
    lead_id        BIGINT NOT NULL,
    opp_name       VARCHAR,
    created_date   DATE NOT NULL,
    close_date     DATE,                  -- set when closed
    stage          VARCHAR NOT NULL,      -- 'prospecting', 'qualification', 'proposal',
                                          -- 'negotiation', 'closed_won', 'closed_lost'
    amount_usd     DECIMAL(12, 2),
    owner_name     VARCHAR,
    is_deleted     BOOLEAN NOT NULL
);

CREATE TABLE email_sends (                -- one row per email sent to one lead
    workspace_id   VARCHAR NOT NULL,
    send_id        BIGINT NOT NULL,
    campaign_id    INTEGER NOT NULL,      -- an Email-channel campaign
    lead_id        BIGINT NOT NULL,
    sent_at        TIMESTAMP NOT NULL,
    subject_variant VARCHAR
);

CREATE TABLE email_events (               -- many per send (an email can be opened many times)
    workspace_id   VARCHAR NOT NULL,
    event_id       BIGINT NOT NULL,
    send_id        BIGINT NOT NULL,
    event_type     VARCHAR NOT NULL,      -- 'delivered', 'bounce', 'open', 'click',
                                          -- 'unsubscribe', 'spam_report'
    event_at       TIMESTAMP NOT NULL
);
