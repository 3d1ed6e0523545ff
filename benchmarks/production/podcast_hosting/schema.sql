-- ============================================================================================
-- podcast_hosting: the warehouse of a podcast hosting and monetisation platform (DuckDB DDL for
-- labelling)
--
-- Company: "Castwave" hosts podcasts for independent networks: shows and their episodes (RSS
-- feeds), IAB-measured downloads by app, country and device, listeners, paid subscriptions to
-- premium feeds, dynamically inserted ads sold to advertisers in campaigns (impressions, CPM,
-- advertiser invoices), monthly creator payouts and episode ratings. Every network is a tenant
-- of one shared analytics warehouse; every table carries network_id.
--
-- Warehouse: ClickHouse (toStartOfMonth / toStartOfQuarter / toStartOfYear, toDate, today(),
-- dateDiff, countIf, sumIf, uniqExact, argMax, LIMIT n BY, arrayJoin; no QUALIFY; `/` is always
-- floating-point division). The agent writes dialect `clickhouse`. Flags are UInt8 (0/1).
-- Agent: `castmate`, versions 4.1, 4.2 and 4.3, deployed for network 42 ("Tidewater Audio":
-- news, true crime, food, business, fiction, kids, interviews and sports shows).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-10-31 (facts up to
-- the end of October). So "last month" is October 2026, "this quarter" / "qtd" Q4 2026 to date
-- (in the data: October), "last quarter" / "last qtr" / "Q3" July-September 2026, "this year" /
-- "ytd" 2026 to date, "last 30 days" / "last 90 days" the days counted back from the record's
-- date (today()), "last 6 months" the six whole months May-October 2026.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `network_id = 42` on every table of every query (row-level security);
--   * soft deletes: `deleted_at IS NULL` on shows and episodes. Deleting an episode (or a show,
--     which deletes its episodes) purges its downloads, impressions and ratings from the fact
--     tables, so facts need no join to stay clean;
--   * QA test listeners (listeners.is_test = 1) never count: they are left out of listener,
--     subscriber, subscription and rating figures (their downloads come from the office network
--     and are already flagged is_bot = 1).
--
-- Business conventions at this network (what a careful analyst would apply):
--   * a download (downloads, listens, "dls") is a downloads row that passes the IAB filter:
--     is_bot = 0 AND is_duplicate = 0. "Raw" / "unfiltered" downloads are all rows. Downloads
--     are dated by download_ts and placed by downloads.country_cd (where the download happened),
--     not by the listener's home country (listeners.country_cd).
--   * unique listeners = distinct non-NULL listener_id over (filtered) downloads; anonymous
--     downloads (listener_id NULL) count as downloads but not as listeners.
--   * an episode is a row of episode_type 'full'; trailers and bonus episodes are not counted
--     in episode counts, episode lengths or "per episode" figures unless asked for; a ranking of
--     episodes by downloads ("most downloaded ep") ranks every published episode, bonus ones
--     included (the relabel of round 34 found this unsaid). Published =
--     publish_ts IS NOT NULL AND publish_ts <= now (drafts have no publish_ts; scheduled ones a
--     future publish_ts). Episodes are dated by publish_ts. Length = duration_sec (minutes =
--     duration_sec / 60).
--   * "first 7 days" of an episode = downloads with download_ts < publish_ts + 7 days;
--     an average per episode includes episodes that got none.
--   * premium episode = is_premium = 1 (only subscribers hear it).
--   * subscriptions are to one show's premium feed. Active subscription = status 'active'
--     (trial and past_due are not paying and are not active); active (premium) subscribers =
--     distinct listeners with an active subscription. MRR = monthly price_usd + annual
--     price_usd / 12 over active subscriptions.
--   * churn: a cancelled subscription (status 'cancelled') churns on its end_dt. Monthly churn
--     rate = subscriptions cancelled in the month / paid subscriptions running at the start of
--     the month (start_dt before the 1st, not ended before the 1st: end_dt IS NULL or end_dt >=
--     the 1st), trials (status 'trial') out of both.
--   * an impression is an ad_impressions row with is_valid = 1 (served on a filtered download
--     and verified); impressions are dated by served_ts. Delivery % of a campaign = valid
--     impressions / booked_impressions * 100. Campaign status: scheduled, active, completed,
--     cancelled. CPM = campaigns.cpm_usd (price per thousand valid impressions).
--   * ad revenue = SUM(ad_invoices.amount_usd) over invoices with status 'sent' or 'paid'
--     (draft was never sent, void was replaced), dated by invoice_dt; advertiser spend is the same
--     sum per campaigns.advertiser_nm. Overdue = status 'sent' AND due_dt < today.
--   * creator payouts: net_usd is what the creator receives (gross_usd - platform_fee_usd).
--     "Paid out" = status 'paid' dated by paid_dt; owed to creators = status 'pending' or
--     'held' (held for missing tax forms: still owed). period_month is the month earned.
--   * ratings: stars 1-5, dated by rated_ts; averages are over ratings (not averages of
--     per-episode averages); test listeners' ratings never count.
--   * a show is dormant when it has published no episode in the last 90 days (a show with no
--     episodes at all counts as dormant too); deleted shows are not shows.
--   * repeat listener (in a period) = a listener with filtered downloads of 2+ different
--     episodes in that period.
-- ============================================================================================

CREATE TABLE shows (
    network_id   INTEGER NOT NULL,
    show_id      INTEGER PRIMARY KEY,
    show_title   VARCHAR NOT NULL,
    category     VARCHAR NOT NULL,          -- News, True Crime, Food, Business, Fiction, Kids, ...
    host_nm      VARCHAR,
    created_dt   DATE NOT NULL,
    deleted_at   TIMESTAMP                  -- soft delete
);

CREATE TABLE episodes (
    network_id    INTEGER NOT NULL,
    episode_id    INTEGER PRIMARY KEY,
    show_id       INTEGER NOT NULL,
    episode_title VARCHAR NOT NULL,
    episode_type  VARCHAR NOT NULL,         -- full, trailer, bonus
    is_premium    TINYINT NOT NULL,         -- 1 = subscribers-only feed
    duration_sec  INTEGER NOT NULL,
    publish_ts    TIMESTAMP,                -- NULL = draft; future = scheduled
    deleted_at    TIMESTAMP                 -- soft delete
);

CREATE TABLE listeners (
    network_id     INTEGER NOT NULL,
    listener_id    INTEGER PRIMARY KEY,
    country_cd     VARCHAR,                 -- home country (ISO-2)
    first_seen_dt  DATE NOT NULL,
    is_test        TINYINT NOT NULL         -- QA accounts
);

CREATE TABLE downloads (
    network_id    INTEGER NOT NULL,
    download_id   BIGINT PRIMARY KEY,
    episode_id    INTEGER NOT NULL,
    listener_id   INTEGER,                  -- NULL = anonymous
    download_ts   TIMESTAMP NOT NULL,
    app_nm        VARCHAR NOT NULL,         -- Apple Podcasts, Spotify, Overcast, Pocket Casts, Castbox, Web Player
    country_cd    VARCHAR NOT NULL,         -- where the download happened (ISO-2, from IP)
    device_type   VARCHAR NOT NULL,         -- mobile, desktop, smart_speaker, tv
    is_bot        TINYINT NOT NULL,         -- IAB: known bot / crawler / office QA
    is_duplicate  TINYINT NOT NULL          -- IAB: same IP + user agent within 24h
);

CREATE TABLE subscriptions (
    network_id   INTEGER NOT NULL,
    sub_id       INTEGER PRIMARY KEY,
    listener_id  INTEGER NOT NULL,
    show_id      INTEGER NOT NULL,          -- the premium feed subscribed to
    plan_cd      VARCHAR NOT NULL,          -- monthly, annual
    price_usd    DECIMAL(8,2) NOT NULL,     -- per month (monthly) or per year (annual)
    status       VARCHAR NOT NULL,          -- trial, active, past_due, cancelled
    start_dt     DATE NOT NULL,
    end_dt       DATE                       -- set when cancelled
);

CREATE TABLE campaigns (
    network_id          INTEGER NOT NULL,
    campaign_id         INTEGER PRIMARY KEY,
    advertiser_nm       VARCHAR NOT NULL,
    campaign_nm         VARCHAR NOT NULL,
    cpm_usd             DECIMAL(8,2) NOT NULL,
    booked_impressions  INTEGER NOT NULL,
    start_dt            DATE NOT NULL,
    end_dt              DATE NOT NULL,
    status              VARCHAR NOT NULL    -- scheduled, active, completed, cancelled
);

CREATE TABLE ad_impressions (
    network_id     INTEGER NOT NULL,
    impression_id  BIGINT PRIMARY KEY,
    campaign_id    INTEGER NOT NULL,
    download_id    BIGINT NOT NULL,
    episode_id     INTEGER NOT NULL,
    served_ts      TIMESTAMP NOT NULL,
    slot_cd        VARCHAR NOT NULL,        -- PRE, MID, POST (pre-roll, mid-roll, post-roll)
    is_valid       TINYINT NOT NULL         -- 1 = verified impression on a filtered download
);

CREATE TABLE ad_invoices (
    network_id   INTEGER NOT NULL,
    invoice_id   INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL,
    invoice_dt   DATE NOT NULL,
    due_dt       DATE NOT NULL,
    amount_usd   DECIMAL(10,2) NOT NULL,
    status       VARCHAR NOT NULL,          -- draft, sent, paid, void
    paid_dt      DATE
);

CREATE TABLE creator_payouts (
    network_id        INTEGER NOT NULL,
    payout_id         INTEGER PRIMARY KEY,
    show_id           INTEGER NOT NULL,
    period_month      DATE NOT NULL,        -- first day of the month earned
    gross_usd         DECIMAL(10,2) NOT NULL,
    platform_fee_usd  DECIMAL(10,2) NOT NULL,
    net_usd           DECIMAL(10,2) NOT NULL,
    status            VARCHAR NOT NULL,     -- pending, held, paid
    paid_dt           DATE
);

CREATE TABLE ratings (
    network_id   INTEGER NOT NULL,
    rating_id    INTEGER PRIMARY KEY,
    episode_id   INTEGER NOT NULL,
    listener_id  INTEGER NOT NULL,
    stars        TINYINT NOT NULL,          -- 1-5
    rated_ts     TIMESTAMP NOT NULL
);
