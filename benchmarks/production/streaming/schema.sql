-- streaming: the analytics warehouse of a white-label video streaming platform.
--
-- Company: Vantage Stream Services runs one streaming back end for several white-label brands
-- (tenants) on one shared warehouse: brand 5 is "Northlight+" (general entertainment, the
-- deployment below); brand 3 "KidsBox" and brand 8 "CineClub" are other customers whose rows
-- sit in the same tables. Accounts (households) hold profiles (the people watching), a
-- subscription to a plan, payments and refunds; the catalogue holds titles (movies and series)
-- and episodes; every playback is a row of play_sessions; profiles rate titles with 1-5 stars;
-- promotions (free trials, discounts) are per brand.
-- Warehouse dialect: Apache Spark 3.x SQL (sqlglot dialect `spark`): date_trunc('MONTH', ts),
-- add_months, datediff(end, start), count_if / SUM(CASE ...); no QUALIFY (top-per-group goes
-- through a window in a subquery); `/` always divides as a double. All timestamps are UTC.
-- Agent: watch-analyst@3.4, watch-analyst@3.5, watch-analyst@4.0 (answers Northlight+'s
-- content, growth and finance teams in a chat client that shows at most 1000 rows).
-- Log window: 2025-10-01 to 2025-10-31 (3.4 answered from Oct 1 to Oct 9, 3.5 from Oct 10 to
-- Oct 20, 4.0 from Oct 21 to Oct 31). The warehouse was loaded up to 2025-10-31 23:59;
-- subscriptions.status is the status at load time.
--
-- Guards the deployment adds (system prompt):
--   * tenant: every query is scoped to `brand_id = 5` (every table but episodes carries it;
--     episodes are reached through their title);
--   * test accounts: QA and store-review accounts are excluded with `is_test_account = false`
--     (the flag is on accounts and copied onto subscriptions, payments, play_sessions and
--     ratings; profiles are reached through their account, refunds through their payment,
--     plan changes through their subscription).
--
-- Business definitions (how Northlight+'s analysts read the questions):
--   signups / new accounts     accounts by signup_ts
--   active subscriptions       status IN ('active', 'past_due') (past_due still has access
--                              while the card is retried); 'trialing' is not a paid
--                              subscription; "subscribers" count distinct accounts
--   annual subscribers         active subscriptions on a plan with billing_period = 'annual'
--   MRR                        over active subscriptions: the plan's price_usd for monthly
--                              plans, price_usd / 12 for annual plans
--   cancellations              subscriptions by canceled_ts (when the customer cancelled);
--                              ended_ts is when access stopped (end of the paid period)
--   churn rate (month M)       subscriptions cancelled in M / subscriptions active at the start
--                              of M (started_ts before M and not ended before M), trials
--                              included, as a percentage
--   trial                      a subscription with trial_end_ts IS NOT NULL; a trial converted
--                              when first_paid_ts IS NOT NULL; trial conversion rate =
--                              converted trials / trials, by the trial's started_ts
--   revenue                    SUM(payments.amount_usd) of status = 'succeeded', by paid_ts
--                              ('failed' attempts and 'pending' charges are not revenue)
--   refunds                    refunds by refunded_ts (refund_usd; a payment may be refunded
--                              in several parts)
--   net revenue                revenue minus refunds, each dated by its own timestamp
--   payment failure rate       failed attempts / all attempts (succeeded + failed), pending
--                              excluded
--   view (play)                a play session with watch_minutes >= 2; shorter sessions are
--                              bounces and are not views
--   viewers / active users     distinct profiles (profile_id) with a view in the period; DAU
--                              and MAU likewise by day and month; "households" / "accounts"
--                              are distinct account_id
--   watch time / hours         SUM(watch_minutes) of all sessions (bounces included), hours =
--                              minutes / 60
--   where something was watched is play_sessions.country_code; an account's country
--   (accounts.country_code) is its billing country
--   completion                 play_sessions.completed (the viewer reached the credits)
--   average rating             AVG(stars) over the ratings themselves (each rating weighs one,
--                              not an average of per-title averages); all time unless asked
--   binge                      a profile watching 3 or more distinct episodes of one series on
--                              one calendar day
--   kids profiles              profiles.is_kids = true
--   "last month", "last week" (Monday to Sunday), "yesterday" are the previous calendar
--   period; "this month", "this qtr", "ytd" are to date; a bare month ("september") or quarter
--   ("Q3") is the latest one before the question; "last N months" are the N full months before
--   the current one.

CREATE TABLE brands (
    brand_id        INTEGER PRIMARY KEY,
    brand_name      VARCHAR NOT NULL,
    launch_date     DATE NOT NULL
);

CREATE TABLE accounts (
    account_id      BIGINT PRIMARY KEY,
    brand_id        INTEGER NOT NULL,
    signup_ts       TIMESTAMP NOT NULL,
    signup_channel  VARCHAR NOT NULL,   -- 'web', 'ios', 'android', 'smart_tv', 'partner'
    country_code    VARCHAR,            -- billing country: 'US', 'CA', 'GB', 'MX', 'BR'; NULL if unknown
    payment_method  VARCHAR,            -- 'card', 'paypal', 'app_store', 'play_store', 'gift_card'
    is_test_account BOOLEAN NOT NULL
);

CREATE TABLE profiles (
    profile_id      BIGINT PRIMARY KEY,
    account_id      BIGINT NOT NULL,
    brand_id        INTEGER NOT NULL,
    profile_name    VARCHAR NOT NULL,
    is_kids         BOOLEAN NOT NULL,
    created_ts      TIMESTAMP NOT NULL
);

CREATE TABLE plans (
    plan_id         INTEGER PRIMARY KEY,
    brand_id        INTEGER NOT NULL,
    plan_code       VARCHAR NOT NULL,   -- 'ads', 'basic', 'standard', 'premium'
    billing_period  VARCHAR NOT NULL,   -- 'monthly', 'annual'
    price_usd       DECIMAL(8, 2) NOT NULL,  -- per billing period
    max_streams     INTEGER NOT NULL
);

CREATE TABLE promotions (
    brand_id        INTEGER NOT NULL,
    promo_code      VARCHAR NOT NULL,   -- unique per brand; brands may reuse a code
    promo_type      VARCHAR NOT NULL,   -- 'free_trial', 'discount'
    trial_days      INTEGER,            -- free_trial only
    discount_pct    INTEGER,            -- discount only: off the first 3 payments
    starts_date     DATE NOT NULL,
    ends_date       DATE NOT NULL
);

CREATE TABLE subscriptions (
    subscription_id BIGINT PRIMARY KEY,
    account_id      BIGINT NOT NULL,
    brand_id        INTEGER NOT NULL,
    plan_id         INTEGER NOT NULL,   -- current plan
    status          VARCHAR NOT NULL,   -- 'trialing', 'active', 'past_due', 'canceled'
    started_ts      TIMESTAMP NOT NULL,
    trial_end_ts    TIMESTAMP,          -- NULL: no trial
    first_paid_ts   TIMESTAMP,          -- first successful charge; NULL: never paid
    canceled_ts     TIMESTAMP,          -- when the customer cancelled
    cancel_reason   VARCHAR,            -- 'price', 'content', 'technical', 'switched_service'; NULL if not given
    ended_ts        TIMESTAMP,          -- access ended (end of the paid period or of the trial)
    promo_code      VARCHAR,            -- NULL: no promotion
    is_test_account BOOLEAN NOT NULL
);

CREATE TABLE plan_changes (
    change_id       BIGINT PRIMARY KEY,
    subscription_id BIGINT NOT NULL,
    brand_id        INTEGER NOT NULL,
    changed_ts      TIMESTAMP NOT NULL,
    from_plan_id    INTEGER NOT NULL,
    to_plan_id      INTEGER NOT NULL,
    change_type     VARCHAR NOT NULL    -- 'upgrade', 'downgrade'
);

CREATE TABLE payments (
    payment_id      BIGINT PRIMARY KEY,
    subscription_id BIGINT NOT NULL,
    account_id      BIGINT NOT NULL,
    brand_id        INTEGER NOT NULL,
    paid_ts         TIMESTAMP NOT NULL, -- attempt time
    amount_usd      DECIMAL(8, 2) NOT NULL,
    status          VARCHAR NOT NULL,   -- 'succeeded', 'failed', 'pending'
    payment_method  VARCHAR NOT NULL,   -- 'card', 'paypal', 'app_store', 'play_store', 'gift_card'
    is_test_account BOOLEAN NOT NULL
);

CREATE TABLE refunds (
    refund_id       BIGINT PRIMARY KEY,
    payment_id      BIGINT NOT NULL,
    brand_id        INTEGER NOT NULL,
    refunded_ts     TIMESTAMP NOT NULL,
    refund_usd      DECIMAL(8, 2) NOT NULL,
    reason          VARCHAR              -- 'duplicate_charge', 'service_issue', 'goodwill', 'chargeback'
);

CREATE TABLE titles (
    title_id        INTEGER PRIMARY KEY,
    brand_id        INTEGER NOT NULL,
    title_name      VARCHAR NOT NULL,   -- not unique: a remake or a series may share a movie's name
    title_type      VARCHAR NOT NULL,   -- 'movie', 'series'
    genre           VARCHAR NOT NULL,   -- 'drama', 'comedy', 'thriller', 'documentary', 'sci-fi', 'kids', 'reality'
    release_year    INTEGER,
    maturity_rating VARCHAR,            -- 'TV-Y', 'TV-PG', 'TV-14', 'TV-MA'
    is_original     BOOLEAN NOT NULL,   -- produced for the brand
    added_date      DATE NOT NULL,      -- into the brand's catalogue
    removed_date    DATE                -- NULL while available
);

CREATE TABLE episodes (
    episode_id      INTEGER PRIMARY KEY,
    title_id        INTEGER NOT NULL,
    season_no       INTEGER NOT NULL,
    episode_no      INTEGER NOT NULL,
    runtime_min     INTEGER NOT NULL,
    release_date    DATE NOT NULL
);

CREATE TABLE play_sessions (
    session_id      BIGINT PRIMARY KEY,
    profile_id      BIGINT NOT NULL,
    account_id      BIGINT NOT NULL,
    brand_id        INTEGER NOT NULL,
    title_id        INTEGER,            -- NULL for live channels
    episode_id      INTEGER,            -- NULL for movies and live channels
    content_type    VARCHAR NOT NULL,   -- 'movie', 'episode', 'live'
    device_type     VARCHAR NOT NULL,   -- 'tv', 'mobile', 'web', 'tablet', 'console'
    started_ts      TIMESTAMP NOT NULL,
    watch_minutes   INTEGER NOT NULL,
    completed       BOOLEAN NOT NULL,
    country_code    VARCHAR,            -- where it was watched (geo-IP); NULL if unknown
    is_test_account BOOLEAN NOT NULL
);

CREATE TABLE ratings (
    rating_id       BIGINT PRIMARY KEY,
    profile_id      BIGINT NOT NULL,
    account_id      BIGINT NOT NULL,
    brand_id        INTEGER NOT NULL,
    title_id        INTEGER NOT NULL,
    stars           INTEGER NOT NULL,   -- 1 to 5
    rated_ts        TIMESTAMP NOT NULL,
    is_test_account BOOLEAN NOT NULL
);
