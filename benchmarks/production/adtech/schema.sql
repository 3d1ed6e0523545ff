-- ============================================================================================
-- adtech: the reporting warehouse of a self-serve advertising platform (DuckDB DDL for labelling)
--
-- Company: "Brightline Ads" runs a self-serve ad platform (search, display, social, video and
-- connected-TV inventory). Media agencies buy through it for their advertisers; the reporting
-- warehouse keeps every agency's advertisers, campaigns, ad groups, creatives, daily delivery
-- facts, conversions and monthly budgets in shared tables keyed by agency_id.
--
-- Warehouse: BigQuery (dataset `adwh`, project `brightline-prod`). The agent writes dialect
-- `bigquery`.
-- Agent: `adsight`, versions 1.6, 1.7 and 2.0, deployed for agency 'ag_318' ("Northpeak Media").
-- Log window: 2025-10-02 to 2025-10-30 (so "last month" is September 2025, "this month" October
-- 2025 to date, "this quarter" Q4 2025 to date, "last quarter" Q3 2025, "September" September
-- 2025, "this year" / "ytd" 2025 to date).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `agency_id = 'ag_318'` on every query (every table carries agency_id);
--   * test campaigns: `is_test_campaign = FALSE` on every query that reads campaign-level data.
--     Trafficking teams set up test campaigns (tagging checks, creative QA) that really serve
--     and spend; the flag is the campaign's, copied onto every row below it (ad_groups,
--     creatives, fct_ad_daily, fct_conversions, budgets), so no join is needed to apply it.
--     agencies and advertisers carry no such flag. A creative not yet assigned to an ad group
--     (library creative, ad_group_id NULL) has is_test_campaign = FALSE.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * spend (cost) = SUM(fct_ad_daily.cost_micros) / 1e6, in the agency's currency, dated by
--     stat_date. Impressions, clicks, video views: SUMs of fct_ad_daily, dated by stat_date.
--   * CTR = SUM(clicks) / SUM(impressions); CPC = spend / SUM(clicks);
--     CPM = 1000 * spend / SUM(impressions) (ratios of sums, never averages of daily ratios).
--   * a conversion is counted once, under the reporting attribution model: fct_conversions holds
--     one row per (conversion_id, attribution_model); 'last_click' rows carry credit 1.0 and are
--     the reported conversions (every conversion has exactly one); 'data_driven' rows carry
--     fractional credit (most conversions have one) and are only used
--     when data-driven attribution is asked for. So "conversions" = COUNT(*) of 'last_click'
--     rows, conversion value (revenue) = SUM(conv_value_amt) of 'last_click' rows, dated by
--     conversion_ts. View-through conversions (is_view_through, click_ts NULL) are conversions.
--   * CVR (conversion rate) = conversions / clicks; CPA = spend / conversions;
--     ROAS = conversion value / spend. A rate or ratio per group compares the two facts
--     aggregated per group separately (never a row-level join of daily facts to conversions).
--   * budgets: one row per campaign and calendar month (month_start = first day);
--     budget pacing = that month's spend to date / that month's budget_amt.
--   * campaigns.status: 'draft', 'active', 'paused', 'ended', 'archived'. end_dt NULL = runs
--     until stopped. channel is the campaign's inventory: 'search', 'display', 'social',
--     'video', 'ctv' (connected TV).
--   * creatives.approval_status: 'pending' (awaiting policy review), 'approved', 'rejected'.
--   * "yesterday" is the calendar day before the record's date; "past 7 (14, 30) days" the 7
--     (14, 30) whole days before today, today excluded (today's data is partial); "last week"
--     the previous Monday-to-Sunday week.
-- ============================================================================================

CREATE TABLE agencies (
    agency_id      VARCHAR PRIMARY KEY,     -- 'ag_318', ...
    agency_name    VARCHAR NOT NULL,
    hq_country_cd  CHAR(2) NOT NULL,
    currency_cd    CHAR(3) NOT NULL,
    created_dt     DATE NOT NULL
);

CREATE TABLE advertisers (
    advertiser_id    INTEGER PRIMARY KEY,
    agency_id        VARCHAR NOT NULL,
    advertiser_name  VARCHAR NOT NULL,
    vertical         VARCHAR NOT NULL,      -- 'retail', 'finance', 'travel', 'auto', 'cpg', 'gaming'
    country_cd       CHAR(2) NOT NULL,
    acct_status      VARCHAR NOT NULL,      -- 'active', 'suspended', 'churned'
    onboarded_dt     DATE NOT NULL
);

CREATE TABLE campaigns (
    campaign_id        INTEGER PRIMARY KEY,
    agency_id          VARCHAR NOT NULL,
    advertiser_id      INTEGER NOT NULL,
    campaign_name      VARCHAR NOT NULL,
    objective          VARCHAR NOT NULL,    -- 'awareness', 'traffic', 'conversions', 'app_installs'
    channel            VARCHAR NOT NULL,    -- 'search', 'display', 'social', 'video', 'ctv'
    bid_strategy       VARCHAR NOT NULL,    -- 'manual_cpc', 'target_cpa', 'max_conversions', 'cpm'
    status             VARCHAR NOT NULL,    -- 'draft', 'active', 'paused', 'ended', 'archived'
    start_dt           DATE NOT NULL,
    end_dt             DATE,                -- NULL = runs until stopped
    daily_budget_amt   DECIMAL(12, 2),      -- NULL = governed by the monthly budget only
    created_ts         TIMESTAMP NOT NULL,
    is_test_campaign   BOOLEAN NOT NULL
);

CREATE TABLE ad_groups (
    ad_group_id       INTEGER PRIMARY KEY,
    campaign_id       INTEGER NOT NULL,
    agency_id         VARCHAR NOT NULL,
    ad_group_name     VARCHAR NOT NULL,
    targeting_type    VARCHAR NOT NULL,     -- 'keyword', 'audience', 'contextual', 'retargeting'
    max_cpc_amt       DECIMAL(8, 2),        -- NULL = automated bidding
    status            VARCHAR NOT NULL,     -- 'active', 'paused', 'removed'
    created_ts        TIMESTAMP NOT NULL,
    is_test_campaign  BOOLEAN NOT NULL
);

CREATE TABLE creatives (
    creative_id       INTEGER PRIMARY KEY,
    ad_group_id       INTEGER,              -- NULL = in the creative library, not yet assigned
    agency_id         VARCHAR NOT NULL,
    creative_type     VARCHAR NOT NULL,     -- 'text', 'image', 'video', 'carousel'
    headline          VARCHAR,
    approval_status   VARCHAR NOT NULL,     -- 'pending', 'approved', 'rejected'
    created_ts        TIMESTAMP NOT NULL,
    is_test_campaign  BOOLEAN NOT NULL
);

-- one row per day, creative and device with delivery
CREATE TABLE fct_ad_daily (
    stat_date         DATE NOT NULL,
    agency_id         VARCHAR NOT NULL,
    campaign_id       INTEGER NOT NULL,
    ad_group_id       INTEGER NOT NULL,
    creative_id       INTEGER NOT NULL,
    device_type       VARCHAR NOT NULL,     -- 'desktop', 'mobile', 'tablet', 'ctv'
    impressions       BIGINT NOT NULL,
    clicks            BIGINT NOT NULL,
    cost_micros       BIGINT NOT NULL,      -- spend in millionths of the agency's currency
    video_views       BIGINT,               -- NULL for non-video creatives
    is_test_campaign  BOOLEAN NOT NULL
);

-- one row per conversion and attribution model
CREATE TABLE fct_conversions (
    conversion_id      VARCHAR NOT NULL,
    attribution_model  VARCHAR NOT NULL,    -- 'last_click' (reported, credit 1.0), 'data_driven' (fractional credit)
    agency_id          VARCHAR NOT NULL,
    campaign_id        INTEGER NOT NULL,
    ad_group_id        INTEGER NOT NULL,
    creative_id        INTEGER NOT NULL,
    conversion_ts      TIMESTAMP NOT NULL,
    click_ts           TIMESTAMP,           -- NULL for view-through conversions
    conversion_type    VARCHAR NOT NULL,    -- 'purchase', 'lead', 'signup', 'install'
    conv_value_amt     DECIMAL(12, 2),      -- NULL when the tag sends no value
    credit             DECIMAL(6, 4) NOT NULL,
    is_view_through    BOOLEAN NOT NULL,
    is_test_campaign   BOOLEAN NOT NULL,
    PRIMARY KEY (conversion_id, attribution_model)
);

CREATE TABLE budgets (
    budget_id         INTEGER PRIMARY KEY,
    agency_id         VARCHAR NOT NULL,
    campaign_id       INTEGER NOT NULL,
    month_start       DATE NOT NULL,        -- first day of the budgeted calendar month
    budget_amt        DECIMAL(12, 2) NOT NULL,
    approved_by       VARCHAR,
    is_test_campaign  BOOLEAN NOT NULL
);
