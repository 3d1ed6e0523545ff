-- Gaming domain: the analytics warehouse of Nebula Forge, a mobile game publisher with three
-- live titles (Orbit Rush, Tile Tales, Harvest Hollow). The Orbit Rush team (live ops, UA,
-- monetisation and product managers) asks a text-to-SQL agent about installs, sessions,
-- progression, in-app purchases, ads, live events and retention of their title.
--
-- Warehouse:  BigQuery (sqlglot dialect `bigquery`), project `nebula-forge-dw`, dataset `games`;
--             agents write `nebula-forge-dw.games.players` (backticks) or `games.players`.
--             All three titles share every table (game_id: 'g_orbit', 'g_tiles', 'g_farm').
-- Guards:     title: `game_id = 'g_orbit'` on every table of every query. Player ids and
--             campaign ids are only unique within a title (player 'p00017' of g_orbit and
--             'p00017' of g_tiles are different people), so a join is safe only when both sides
--             are scoped to g_orbit or the join also matches game_id;
--             test devices: QA and internal devices (is_test_device = TRUE, copied onto every
--             fact row at ingestion) are left out of every player, session, revenue and ad
--             figure (`is_test_device = FALSE` / `NOT is_test_device`). Test devices see live
--             ads and make real purchases during QA, so they do move the numbers.
-- Agent:      game-insights, versions 3.4, 3.5, 3.6 (3.6 is the newest).
-- Log window: 2025-06-02 to 2025-06-27 (relative dates are read against each record's timestamp;
--             all timestamps are UTC and days are UTC days).
--
-- Conventions of the Orbit Rush team:
--   install        one row per player in `players` (first install of the title); install_date is
--                  the UTC date of install_ts. "Installs" count players by install_date.
--   acquisition    acquisition_source is organic, paid or cross_promo; media_source is the
--                  attributed network (facebook, google_ads, unity_ads, applovin for paid;
--                  'organic' and 'cross_promo' otherwise); campaign_id is NULL unless paid.
--   DAU / MAU      distinct players with at least one session on the day / in the calendar
--                  month (sessions.session_date).
--   IAP revenue    "revenue", "spend", "iap revenue": SUM(price_usd) (gross, what the player paid)
--                  of purchases with status = 'completed'. Refunded purchases carry
--                  status = 'refunded' and are out of revenue; failed ones never counted.
--                  net_usd is after the store's fee and is used only when "net" is asked.
--   ad revenue     SUM(ad_impressions.revenue_usd) (ads launched in Orbit Rush on 2025-03-01).
--   ARPDAU         (IAP revenue + ad revenue) of the period / player-days (the sum of daily DAU),
--                  i.e. total revenue over total DAU, not an average of daily ratios.
--   payer          a player with at least one completed purchase (in the period if one is given).
--   ARPPU          IAP revenue / payers of the same period.
--   whale          a player whose lifetime IAP revenue is at least $100.
--   refunds        dated by refunded_at; "refunded $" is SUM(price_usd) of refunded purchases.
--   refund rate    refunded / (completed + refunded) purchases, by purchase_ts.
--   retention Dn   share of an install cohort with a session exactly n days after install_date
--                  (session_date = install_date + n); D1, D7, D30. Rates are fractions (0.42);
--                  when a question says "%" or "percent", a percentage (42.0).
--   fail rate      of a level: fail events / start events of that level (an attempt can also be
--                  abandoned: a start with neither complete nor fail).
--   CPI            campaign spend / paid installs attributed to the network or campaign, both in
--                  the period (spend by spend_date, installs by install_date).
--   live events    tournaments and seasons have entries (a player may enter a tournament several
--                  times); "participants" are distinct players. Sales have no entries.
--   Period words   "last month", "May", "Q1": the latest such period before the record's date;
--                  "this month", "this year", "ytd": to date; "last week" is the previous
--                  Monday-to-Sunday week; "yesterday" the previous UTC day.

CREATE TABLE games (
    game_id      VARCHAR NOT NULL PRIMARY KEY,
    title        VARCHAR NOT NULL,
    genre        VARCHAR,                    -- arcade, puzzle, simulation
    launched_on  DATE
);

CREATE TABLE campaigns (
    game_id        VARCHAR NOT NULL,
    campaign_id    INTEGER NOT NULL,         -- unique within a title
    campaign_name  VARCHAR NOT NULL,
    network        VARCHAR NOT NULL,         -- facebook, google_ads, unity_ads, applovin, apple_search_ads
    objective      VARCHAR,                  -- installs, roas
    started_on     DATE,
    ended_on       DATE,                     -- NULL while running
    PRIMARY KEY (game_id, campaign_id)
);

CREATE TABLE campaign_spend (
    game_id      VARCHAR NOT NULL,
    campaign_id  INTEGER NOT NULL,
    spend_date   DATE NOT NULL,
    spend_usd    DECIMAL(12, 2) NOT NULL,
    PRIMARY KEY (game_id, campaign_id, spend_date)
);

CREATE TABLE players (
    game_id             VARCHAR NOT NULL,
    player_id           VARCHAR NOT NULL,    -- unique within a title
    install_ts          TIMESTAMP NOT NULL,
    install_date        DATE NOT NULL,
    platform            VARCHAR NOT NULL,    -- ios, android
    country_code        VARCHAR,             -- ISO 3166 alpha-2; NULL when geo lookup failed
    acquisition_source  VARCHAR NOT NULL,    -- organic, paid, cross_promo
    media_source        VARCHAR NOT NULL,    -- organic, cross_promo, facebook, google_ads, unity_ads, applovin
    campaign_id         INTEGER,             -- campaigns.campaign_id of the same title; NULL unless paid
    is_test_device      BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, player_id)
);

CREATE TABLE sessions (
    game_id         VARCHAR NOT NULL,
    session_id      VARCHAR NOT NULL,
    player_id       VARCHAR NOT NULL,
    session_start   TIMESTAMP NOT NULL,
    session_date    DATE NOT NULL,           -- UTC date of session_start
    duration_sec    INTEGER NOT NULL,
    app_version     VARCHAR,
    is_test_device  BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, session_id)
);

CREATE TABLE level_events (
    game_id         VARCHAR NOT NULL,
    player_id       VARCHAR NOT NULL,
    event_ts        TIMESTAMP NOT NULL,
    level_no        INTEGER NOT NULL,
    event_type      VARCHAR NOT NULL,        -- start, complete, fail (replays of a level log again)
    is_test_device  BOOLEAN NOT NULL
);

CREATE TABLE purchases (
    game_id         VARCHAR NOT NULL,
    purchase_id     VARCHAR NOT NULL,
    player_id       VARCHAR NOT NULL,
    purchase_ts     TIMESTAMP NOT NULL,
    sku             VARCHAR NOT NULL,        -- gems_small, gems_medium, gems_large, starter_bundle, battle_pass, coin_chest, vip_pass, mega_bundle
    price_usd       DECIMAL(10, 2) NOT NULL, -- gross, what the player paid
    net_usd         DECIMAL(10, 2) NOT NULL, -- after the store's fee
    store           VARCHAR NOT NULL,        -- app_store, google_play
    status          VARCHAR NOT NULL,        -- completed, refunded, failed
    refunded_at     TIMESTAMP,               -- set when status = 'refunded'
    is_test_device  BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, purchase_id)
);

CREATE TABLE ad_impressions (
    game_id         VARCHAR NOT NULL,
    impression_id   VARCHAR NOT NULL,
    player_id       VARCHAR NOT NULL,
    impression_ts   TIMESTAMP NOT NULL,
    ad_format       VARCHAR NOT NULL,        -- rewarded, interstitial, banner
    ad_network      VARCHAR NOT NULL,        -- applovin_max, admob, unity_ads, ironsource
    revenue_usd     DECIMAL(12, 6) NOT NULL,
    is_test_device  BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, impression_id)
);

CREATE TABLE live_events (
    game_id      VARCHAR NOT NULL,
    event_id     INTEGER NOT NULL,
    event_name   VARCHAR NOT NULL,
    event_type   VARCHAR NOT NULL,           -- tournament, season, sale
    starts_at    TIMESTAMP NOT NULL,
    ends_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (game_id, event_id)
);

CREATE TABLE live_event_entries (
    game_id         VARCHAR NOT NULL,
    event_id        INTEGER NOT NULL,
    entry_id        VARCHAR NOT NULL,
    player_id       VARCHAR NOT NULL,
    joined_at       TIMESTAMP NOT NULL,
    score           INTEGER,
    is_test_device  BOOLEAN NOT NULL,
    PRIMARY KEY (game_id, entry_id)
);
