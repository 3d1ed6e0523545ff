-- ============================================================================================
-- product_analytics: the event warehouse of a product-analytics SaaS (DuckDB DDL for labelling)
--
-- Company: "Lumenly Analytics" sells product analytics to app makers. Each customer is a
-- workspace; the SDKs send its app's users, sessions, events, feature usage, A/B experiments
-- and the app's own subscriptions (synced from App Store, Play Store and Stripe) into shared
-- tables keyed by workspace_id.
--
-- Warehouse: Trino over Iceberg. The agent writes dialect `trino`.
-- Agent: `pulse-analyst`, versions 1.7, 1.8 and 1.9, deployed for workspace 'ws_2291'
-- ("Brightpath", a personal-budgeting app on web, iOS and Android).
-- Log window: 2026-03-02 to 2026-03-27 (so "last month" and "February" are February 2026,
-- "January" January 2026, "December" December 2025, "this month" March 2026 to date, "this
-- quarter" Q1 2026 to date, "last quarter" / "Q4" Q4 2025, "ytd" 2026 to date). All
-- timestamps are UTC; days are UTC days.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `workspace_id = 'ws_2291'` on every table (every table carries workspace_id);
--   * internal traffic: `is_internal = false` on every table that carries it (users, sessions,
--     events, feature_usage, experiment_assignments): Brightpath's employees and QA devices.
--     The pipeline stamps the user's flag on each of their rows, so filtering the flag on the
--     table read is the same as joining users and filtering there.
--   * sandbox purchases: `is_sandbox = false` on subscriptions (App Store / Play sandbox and
--     Stripe test-mode purchases). Internal users never hold a non-sandbox subscription.
--
-- Business conventions at this company (what a careful analyst applies):
--   * an ACTIVE user in a period has at least one event in it whose event_name is not a passive
--     event; the passive events are 'push_received' and 'email_opened' (sent by Brightpath's
--     systems, not done by the user). DAU / WAU / MAU = distinct active users of a day / a
--     Monday-to-Sunday week / a calendar month. "Opened the app" / "activity" = the same.
--   * events.user_id is NULL for anonymous (pre-signup) visitors; sessions.user_id likewise.
--   * signups are users.signup_at; "new users" = signups.
--   * MRR = SUM(subscriptions.mrr_usd) over subscriptions whose status is 'active' or
--     'past_due' (mrr_usd of an annual plan is already its price / 12). Trialing subscriptions
--     are not MRR. A PAYING user (subscriber) has at least one such subscription; a user may
--     hold two (Plus and Family), so per-user figures sum a user's subscriptions first.
--   * "new MRR" of a period = MRR of the subscriptions whose started_at falls in it.
--   * CHURN: a subscription churns when it is canceled: status 'canceled', dated by canceled_at
--     (canceled_at is set only then). 'expired' is a trial that ended unpaid: not churn.
--   * a TRIAL is a subscription with trial_end_at NOT NULL; it CONVERTED to paid when
--     first_paid_at IS NOT NULL (whatever its status today). Trials are dated by started_at.
--   * experiment conversion rate of a variant = assigned users with converted_at NOT NULL /
--     assigned users; the winning variant has the highest rate.
--   * session length is duration_sec; it is NULL for a session that never closed (the app was
--     killed), and such sessions are left out of length averages (not counted as 0).
--   * feature adoption = users with a feature_usage row for the feature / active users, both in
--     the same period. "Used X on N days" counts distinct usage_date values.
--   * paid channels are acquisition_source 'paid_social' and 'paid_search' ('affiliate' is not
--     paid media here).
--   * "last week" is the previous Monday-to-Sunday week; "last N days" is the N whole days
--     before today (today excluded).
--   * percentages are 0-100.
-- ============================================================================================

CREATE TABLE users (
    workspace_id        VARCHAR NOT NULL,
    user_id             BIGINT NOT NULL,
    email               VARCHAR NOT NULL,
    signup_at           TIMESTAMP NOT NULL,
    signup_platform     VARCHAR NOT NULL,      -- web, ios, android
    country_code        VARCHAR,               -- ISO-2; NULL when unknown
    acquisition_source  VARCHAR,               -- organic, paid_social, paid_search, referral, affiliate; NULL unknown
    is_internal         BOOLEAN NOT NULL,
    PRIMARY KEY (workspace_id, user_id)
);

CREATE TABLE sessions (
    workspace_id   VARCHAR NOT NULL,
    session_id     VARCHAR NOT NULL,
    user_id        BIGINT,                     -- NULL for anonymous visitors
    started_at     TIMESTAMP NOT NULL,
    ended_at       TIMESTAMP,                  -- NULL when the session never closed
    duration_sec   INTEGER,                    -- NULL when ended_at is NULL
    platform       VARCHAR NOT NULL,           -- web, ios, android
    app_version    VARCHAR,
    is_internal    BOOLEAN NOT NULL,
    PRIMARY KEY (workspace_id, session_id)
);

CREATE TABLE events (
    workspace_id   VARCHAR NOT NULL,
    event_id       BIGINT NOT NULL,
    session_id     VARCHAR,                    -- NULL for passive events (push, email)
    user_id        BIGINT,                     -- NULL for anonymous visitors
    event_name     VARCHAR NOT NULL,           -- page_view, sign_up, onboarding_complete, link_bank,
                                               -- create_budget, invite_sent, export_report,
                                               -- upgrade_click, purchase, push_received, email_opened
    event_ts       TIMESTAMP NOT NULL,
    platform       VARCHAR NOT NULL,
    is_internal    BOOLEAN NOT NULL,
    PRIMARY KEY (workspace_id, event_id)
);

CREATE TABLE features (
    workspace_id   VARCHAR NOT NULL,
    feature_id     INTEGER NOT NULL,
    feature_key    VARCHAR NOT NULL,           -- smart_budgets, bill_reminders, csv_export,
                                               -- shared_wallets, ai_insights, savings_goals
    display_name   VARCHAR NOT NULL,           -- 'Smart Budgets', 'AI Insights', ...
    launched_on    DATE NOT NULL,
    release_stage  VARCHAR NOT NULL,           -- beta, ga, deprecated
    PRIMARY KEY (workspace_id, feature_id)
);

-- Daily roll-up: one row per user, feature and UTC day on which the user used the feature.
CREATE TABLE feature_usage (
    workspace_id   VARCHAR NOT NULL,
    user_id        BIGINT NOT NULL,
    feature_id     INTEGER NOT NULL,
    usage_date     DATE NOT NULL,
    use_count      INTEGER NOT NULL,           -- interactions with the feature that day
    is_internal    BOOLEAN NOT NULL,
    PRIMARY KEY (workspace_id, user_id, feature_id, usage_date)
);

CREATE TABLE experiments (
    workspace_id    VARCHAR NOT NULL,
    experiment_id   INTEGER NOT NULL,
    experiment_key  VARCHAR NOT NULL,          -- e.g. 'onboarding_checklist_v2'
    status          VARCHAR NOT NULL,          -- draft, running, paused, completed
    start_date      DATE,                      -- NULL for drafts
    end_date        DATE,                      -- set when completed
    goal_event      VARCHAR NOT NULL,          -- the event that counts as a conversion
    PRIMARY KEY (workspace_id, experiment_id)
);

-- One row per user and experiment.
CREATE TABLE experiment_assignments (
    workspace_id   VARCHAR NOT NULL,
    experiment_id  INTEGER NOT NULL,
    user_id        BIGINT NOT NULL,
    variant        VARCHAR NOT NULL,           -- control, treatment_a, treatment_b
    assigned_at    TIMESTAMP NOT NULL,
    converted_at   TIMESTAMP,                  -- first goal_event after assignment; NULL if none
    is_internal    BOOLEAN NOT NULL,
    PRIMARY KEY (workspace_id, experiment_id, user_id)
);

CREATE TABLE plans (
    workspace_id    VARCHAR NOT NULL,
    plan_id         INTEGER NOT NULL,
    plan_name       VARCHAR NOT NULL,          -- Plus, Premium, Family
    billing_period  VARCHAR NOT NULL,          -- monthly, annual
    list_price_usd  DECIMAL(10, 2) NOT NULL,   -- per billing period
    PRIMARY KEY (workspace_id, plan_id)
);

CREATE TABLE subscriptions (
    workspace_id     VARCHAR NOT NULL,
    subscription_id  BIGINT NOT NULL,
    user_id          BIGINT NOT NULL,
    plan_id          INTEGER NOT NULL,
    store            VARCHAR NOT NULL,         -- app_store, play_store, stripe
    status           VARCHAR NOT NULL,         -- trialing, active, past_due, canceled, expired
    started_at       TIMESTAMP NOT NULL,
    trial_end_at     TIMESTAMP,                -- NULL when the subscription had no trial
    first_paid_at    TIMESTAMP,                -- first successful charge; NULL if never paid
    canceled_at      TIMESTAMP,                -- set only when status = 'canceled'
    mrr_usd          DECIMAL(10, 2) NOT NULL,  -- monthly value (annual price / 12)
    is_sandbox       BOOLEAN NOT NULL,
    PRIMARY KEY (workspace_id, subscription_id)
);
