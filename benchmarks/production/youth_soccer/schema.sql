-- ============================================================================================
-- youth_soccer: the warehouse of a youth soccer league management platform (DuckDB DDL for
-- labelling)
--
-- Company: "Touchline" runs registration, team placement, scheduling, referee assignment and
-- fee collection for youth soccer clubs and recreational leagues. Every league is a tenant of
-- one shared SQLite reporting warehouse (a nightly export of the app database): its seasons,
-- divisions, teams, players, registrations, payments, fields, games, referees and referee
-- assignments, all keyed by league_id.
--
-- Warehouse: SQLite (dates and timestamps are ISO-8601 TEXT in the warehouse, typed below as
-- DATE / TIMESTAMP; flags are INTEGER 0/1; `int / int` truncates; CTEs and window functions
-- are available, QUALIFY and FILTER are not). The agent writes dialect `sqlite`.
-- Agent: `sideline-ai`, versions 3.1, 3.2 and 3.3, deployed for league 42 ("Riverbend Youth
-- Soccer Association", a recreational league U8 to U16).
-- Log window: 2026-10-01 to 2026-10-16; the warehouse is loaded up to 2026-09-30 (the game
-- schedule and referee assignments for October and November are already published, so future
-- games exist as SCHEDULED rows). So "last month" is September 2026, "this month" October 2026,
-- "ytd" / "this year" 2026 to date, "Q3" / "last quarter" July-September 2026, "last 6
-- months" the six whole months April-September 2026.
-- Seasons: Fall 2026 (2026-08-15 to 2026-11-21) is the current season: "this season" /
-- "fall 26" / "current season". "Last season" is Spring 2026 (the league's seasons are Fall
-- and Spring; the SUMMER rows are a summer camp session, not a season). Spring 2027
-- registration opened on 2026-09-01. A season's figures come from its season_id, never from
-- dates (registrations for a season are made months before it starts).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `league_id = 42` on every table of every query (row-level security);
--   * test players: `players.is_test = 0` (the registrar's QA accounts); their registrations
--     and payments are excluded through the player;
--   * deleted teams: `teams.is_deleted = 0` (teams created by mistake and deleted in the app
--     stay in the export; they have no registrations placed on them any more and no games).
--
-- Business conventions at this league (what a careful analyst would apply):
--   * a registration counts (registered, "regs", "signed up", roster) when status_cd =
--     'CONFIRMED'. PENDING = started online but not paid/approved; WAITLIST = division full;
--     WITHDRAWN = left (withdrawn_dt). "Players" are distinct player_id: a player may hold two
--     CONFIRMED registrations in one season (own age group plus the U16 coed division).
--   * age group = divisions.age_group (U8 ... U16), never computed from birth dates; division =
--     divisions.division_cd (age group + gender, e.g. U10G).
--   * net fee = fee_amt - discount_amt. Scholarship players have scholarship_flag = 1 (their
--     discount is the whole fee). Average discount is over all CONFIRMED registrations.
--   * fees collected / revenue = SUM(payments.amount) of payments with status_cd = 'SETTLED',
--     dated by paid_dt (FAILED never arrived; REFUNDED was given back).
--   * outstanding balance of a registration = net fee - its SETTLED payments, over CONFIRMED
--     and PENDING registrations (WAITLIST and WITHDRAWN owe nothing).
--   * withdrawal rate of a season = WITHDRAWN / all registrations of the season (every status).
--   * retention (returning rate) = share of last season's registered players registered again
--     this season.
--   * new player = a player whose first CONFIRMED registration (any season) is in the season
--     asked about.
--   * games: status_cd SCHEDULED, FINAL (played), FORFEIT (awarded 3-0, forfeit_team_id is the
--     team that forfeited), RAINOUT (called off for weather), CANCELLED (called off by the
--     league, e.g. a team withdrew). Results and standings (wins, losses, ties) count FINAL and
--     FORFEIT games; goals per game count FINAL games only. Games are dated by game_ts.
--     away_team_id is NULL while the opponent is still TBD.
--   * rainout rate = RAINOUT / games whose day has come (FINAL + FORFEIT + RAINOUT).
--   * field usage (games per field) counts FINAL games; "fields" are active fields
--     (is_active = 1) unless asked otherwise.
--   * home win % = FINAL games with home_score > away_score / FINAL games.
--   * referees: an assignment WORKED is a game the referee did; NO_SHOW = accepted and did not
--     come; DECLINED = turned the game down; ASSIGNED / CONFIRMED = future games; CANCELLED =
--     the game was called off. No-show rate = NO_SHOW / (WORKED + NO_SHOW), dated by the game.
--   * referee pay = SUM(ref_assignments.fee_amt) of WORKED assignments, dated by the game; pay
--     owed = WORKED and paid_dt IS NULL. Referee cost per game = pay / distinct games worked.
--   * active referee = is_active = 1 (certification expiry cert_exp_dt is tracked separately).
--   * roster size of a team = its CONFIRMED registrations (teams with nobody count as 0).
-- ============================================================================================

CREATE TABLE seasons (
    league_id       INTEGER NOT NULL,
    season_id       INTEGER PRIMARY KEY,
    season_nm       VARCHAR NOT NULL,          -- 'Fall 2026', 'Spring 2026', 'Summer Camp 2026'
    season_type     VARCHAR NOT NULL,          -- FALL, SPRING, SUMMER
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,
    reg_open_dt     DATE NOT NULL
);

CREATE TABLE divisions (
    league_id       INTEGER NOT NULL,
    division_id     INTEGER PRIMARY KEY,
    division_cd     VARCHAR NOT NULL,          -- U8B, U8G, U10B ... U16C
    age_group       VARCHAR NOT NULL,          -- U8, U10, U12, U14, U16
    gender_cd       VARCHAR NOT NULL,          -- B boys, G girls, C coed
    max_roster      INTEGER NOT NULL
);

CREATE TABLE teams (
    league_id       INTEGER NOT NULL,
    team_id         INTEGER PRIMARY KEY,
    season_id       INTEGER NOT NULL,
    division_id     INTEGER NOT NULL,
    team_nm         VARCHAR NOT NULL,
    head_coach_nm   VARCHAR,                   -- NULL until a volunteer coach is found
    is_deleted      INTEGER NOT NULL           -- 1 = deleted in the app
);

CREATE TABLE players (
    league_id       INTEGER NOT NULL,
    player_id       INTEGER PRIMARY KEY,
    first_nm        VARCHAR NOT NULL,
    last_nm         VARCHAR NOT NULL,
    birth_dt        DATE NOT NULL,
    gender_cd       VARCHAR NOT NULL,          -- B, G
    zip_cd          VARCHAR,
    created_dt      DATE NOT NULL,             -- account created (family sign-up)
    is_test         INTEGER NOT NULL           -- 1 = QA test player
);

CREATE TABLE registrations (
    league_id       INTEGER NOT NULL,
    reg_id          INTEGER PRIMARY KEY,
    player_id       INTEGER NOT NULL,
    season_id       INTEGER NOT NULL,
    division_id     INTEGER NOT NULL,
    team_id         INTEGER,                   -- NULL until placed on a team
    reg_dt          DATE NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- PENDING, CONFIRMED, WAITLIST, WITHDRAWN
    fee_amt         DECIMAL(8,2) NOT NULL,
    discount_amt    DECIMAL(8,2) NOT NULL,     -- sibling / early-bird / scholarship discount
    scholarship_flag INTEGER NOT NULL,
    withdrawn_dt    DATE
);

CREATE TABLE payments (
    league_id       INTEGER NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    reg_id          INTEGER NOT NULL,
    paid_dt         DATE NOT NULL,
    amount          DECIMAL(8,2) NOT NULL,
    method_cd       VARCHAR NOT NULL,          -- CARD, ACH, CHECK, CASH
    status_cd       VARCHAR NOT NULL           -- SETTLED, FAILED, REFUNDED
);

CREATE TABLE fields (
    league_id       INTEGER NOT NULL,
    field_id        INTEGER PRIMARY KEY,
    field_nm        VARCHAR NOT NULL,
    complex_nm      VARCHAR NOT NULL,
    surface_cd      VARCHAR NOT NULL,          -- GRASS, TURF
    has_lights      INTEGER NOT NULL,
    is_active       INTEGER NOT NULL           -- 0 = closed / no longer permitted
);

CREATE TABLE games (
    league_id       INTEGER NOT NULL,
    game_id         INTEGER PRIMARY KEY,
    season_id       INTEGER NOT NULL,
    division_id     INTEGER NOT NULL,
    home_team_id    INTEGER NOT NULL,
    away_team_id    INTEGER,                   -- NULL = opponent TBD
    field_id        INTEGER NOT NULL,
    game_ts         TIMESTAMP NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- SCHEDULED, FINAL, FORFEIT, RAINOUT, CANCELLED
    home_score      INTEGER,
    away_score      INTEGER,
    forfeit_team_id INTEGER                    -- the team that forfeited (FORFEIT only)
);

CREATE TABLE referees (
    league_id       INTEGER NOT NULL,
    referee_id      INTEGER PRIMARY KEY,
    ref_nm          VARCHAR NOT NULL,
    grade_cd        VARCHAR NOT NULL,          -- GRASSROOTS, REGIONAL, YOUTH (under-18 referee)
    cert_exp_dt     DATE,
    is_active       INTEGER NOT NULL
);

CREATE TABLE ref_assignments (
    league_id       INTEGER NOT NULL,
    assignment_id   INTEGER PRIMARY KEY,
    game_id         INTEGER NOT NULL,
    referee_id      INTEGER NOT NULL,
    role_cd         VARCHAR NOT NULL,          -- CR center referee, AR assistant
    fee_amt         DECIMAL(6,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- ASSIGNED, CONFIRMED, DECLINED, WORKED, NO_SHOW, CANCELLED
    paid_dt         DATE                       -- NULL = not paid yet
);
