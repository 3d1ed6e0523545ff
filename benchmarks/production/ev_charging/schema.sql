-- ============================================================================================
-- ev_charging: the warehouse of an EV charging network operator platform (DuckDB DDL for labelling)
--
-- Company: "PlugHub" runs a charging-network management platform (OCPP back office, billing,
-- roaming) for charge-point operators (CPOs). Every CPO is a tenant of one shared analytics
-- warehouse: its charging sites, chargers and their connectors, tariffs, member and fleet
-- accounts with RFID cards, roaming partners, charging sessions, payments and refunds,
-- charger fault / outage events and maintenance tickets, all keyed by cpo_id.
--
-- Warehouse: DuckDB (CTEs, window functions, QUALIFY, FILTER, median(), date_diff,
-- date_trunc; `/` is always decimal division). The agent writes dialect `duckdb`.
-- Agent: `charge-analyst`, versions 2.4, 2.5 and 2.6, deployed for CPO 'CPO-118'
-- ("Northwind Charge", public DC fast-charging hubs, workplace AC and fleet depots).
-- Log window: 2026-11-02 to 2026-11-20; sessions are loaded daily (up to the day before the
-- question). Relative dates are read against the record's timestamp: "last month" is October
-- 2026, "this month" November 2026 to date, "last quarter" / "Q3" July-September 2026, "this
-- quarter" Q4 2026 to date, "ytd" / "this year" 2026 to date, "last week" the ISO week
-- (Monday-Sunday) before the question's week, "last 30 / 90 days" start_ts >= today - 30 / 90
-- days (nothing later than yesterday is loaded, so no upper bound is needed), "last 6 months"
-- the six whole months May-October 2026.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `cpo_id = 'CPO-118'` on every table of every query (row-level security);
--   * test traffic: `is_test = false` on sessions (commissioning and technician test charges)
--     and on accounts (internal QA accounts). Payments and refunds of test sessions are left
--     out through their session.
--
-- Business conventions at this CPO (what a careful analyst would apply):
--   * a session = a row of sessions (not test). status_cd: COMPLETED (charged and ended
--     normally), ABORTED (ended abnormally mid-charge: cable pulled, power loss, emergency
--     stop; the energy delivered is billed), FAILED (never delivered energy: auth failure,
--     EV communication error, ground fault; energy_kwh and charge_end_ts NULL, nothing billed).
--     Sessions are dated by start_ts.
--   * failed session rate = FAILED / all sessions; success rate = COMPLETED / all sessions.
--   * energy delivered (kWh) = SUM(energy_kwh) over all sessions (aborted sessions deliver
--     energy too). energy_kwh is NULL when the meter value was lost (a few sessions).
--   * average kWh per session = AVG(energy_kwh): failed sessions (NULL) drop out.
--   * revenue = SUM(sessions.total_amt) (EUR, ex VAT); total_amt = energy_amt +
--     session_fee_amt + idle_fee_amt. Idle fee revenue = SUM(idle_fee_amt). Net revenue =
--     revenue of the period's sessions minus refunds dated by refund_ts in the period.
--     Revenue per session divides by every session (failed ones bill 0).
--   * charging duration = start_ts to charge_end_ts (minutes); idle time = charge_end_ts to
--     plug_out_ts (minutes, the car stays plugged after charging stopped); connected time =
--     start_ts to plug_out_ts.
--   * average charging power (kW) = SUM(energy_kwh) / SUM(charging hours) over COMPLETED
--     sessions (an energy-weighted figure, not the mean of per-session ratios).
--   * DC / fast = chargers.charger_type 'DC'; HPC (high-power charging) = chargers.max_kw >= 150.
--   * roaming session = partner_id IS NOT NULL (a driver of another network's app via OCPI);
--     own-customer sessions carry account_id (members and fleets) or are ad-hoc card
--     payments (account_id and partner_id both NULL).
--   * members = accounts.account_type 'MEMBER'; fleets = account_type 'FLEET'. Active
--     account = closed_dt IS NULL. A driver / member is an account; repeat driver = an
--     account with two or more sessions in the period.
--   * payment decline rate = DECLINED / all payment attempts (payments rows), dated by paid_ts.
--   * outage = fault_events.severity 'OUTAGE' (the charger cannot charge); 'DEGRADED' (power
--     limited) is not downtime. Downtime hours = resolved_ts - started_ts, an unresolved outage
--     runs to now. Fault events are dated by started_ts.
--   * open ticket = maint_tickets.status_cd 'OPEN' or 'IN_PROGRESS'. MTTR = average hours
--     opened_ts -> closed_ts of CLOSED tickets, dated by closed_ts.
--   * sites: decommissioned_dt IS NOT NULL means the site is closed; chargers.status_cd
--     'RETIRED' are out of service for good. "Our sites" = sites not decommissioned.
-- ============================================================================================

CREATE TABLE sites (
    cpo_id             VARCHAR NOT NULL,
    site_id            INTEGER PRIMARY KEY,
    site_nm            VARCHAR NOT NULL,
    city_nm            VARCHAR NOT NULL,
    region_cd          VARCHAR NOT NULL,        -- NORTH, SOUTH, EAST, WEST
    site_type_cd       VARCHAR NOT NULL,        -- PUBLIC, WORKPLACE, DEPOT
    opened_dt          DATE NOT NULL,
    decommissioned_dt  DATE                     -- NULL while the site operates
);

CREATE TABLE chargers (
    cpo_id           VARCHAR NOT NULL,
    charger_id       INTEGER PRIMARY KEY,
    site_id          INTEGER NOT NULL,
    evse_ref         VARCHAR NOT NULL,          -- OCPP charge box id
    model_nm         VARCHAR NOT NULL,
    charger_type     VARCHAR NOT NULL,          -- AC, DC
    max_kw           DECIMAL(6,1) NOT NULL,     -- rated power of the charger
    commissioned_dt  DATE NOT NULL,
    status_cd        VARCHAR NOT NULL           -- ACTIVE, RETIRED
);

CREATE TABLE connectors (
    cpo_id          VARCHAR NOT NULL,
    connector_id    INTEGER PRIMARY KEY,
    charger_id      INTEGER NOT NULL,
    connector_type  VARCHAR NOT NULL,           -- CCS2, CHADEMO, TYPE2, NACS
    max_kw          DECIMAL(6,1) NOT NULL       -- rated power of this connector
);

CREATE TABLE tariffs (
    cpo_id            VARCHAR NOT NULL,
    tariff_id         INTEGER PRIMARY KEY,
    tariff_nm         VARCHAR NOT NULL,
    price_per_kwh     DECIMAL(6,3) NOT NULL,
    session_fee       DECIMAL(6,2) NOT NULL,
    idle_fee_per_min  DECIMAL(6,2) NOT NULL,
    idle_grace_min    INTEGER NOT NULL,
    valid_from        DATE NOT NULL,
    valid_to          DATE                      -- NULL: current
);

CREATE TABLE accounts (
    cpo_id        VARCHAR NOT NULL,
    account_id    INTEGER PRIMARY KEY,
    account_nm    VARCHAR NOT NULL,
    account_type  VARCHAR NOT NULL,             -- MEMBER, FLEET
    plan_cd       VARCHAR NOT NULL,             -- PAYG, PLUS, FLEET_STD, FLEET_PRO
    signup_dt     DATE NOT NULL,
    closed_dt     DATE,                         -- NULL while the account is open
    is_test       BOOLEAN NOT NULL              -- internal QA account
);

CREATE TABLE rfid_cards (
    cpo_id      VARCHAR NOT NULL,
    card_id     INTEGER PRIMARY KEY,
    account_id  INTEGER NOT NULL,
    card_uid    VARCHAR NOT NULL,
    issued_dt   DATE NOT NULL,
    blocked_dt  DATE                            -- lost / stolen / account closed
);

CREATE TABLE roaming_partners (
    cpo_id       VARCHAR NOT NULL,
    partner_id   INTEGER PRIMARY KEY,
    partner_nm   VARCHAR NOT NULL,
    protocol_cd  VARCHAR NOT NULL,              -- OCPI_2_2, OCPI_2_1
    fee_pct      DECIMAL(5,2) NOT NULL          -- commission the partner keeps
);

CREATE TABLE sessions (
    cpo_id           VARCHAR NOT NULL,
    session_id       BIGINT PRIMARY KEY,
    connector_id     INTEGER NOT NULL,
    account_id       INTEGER,                   -- NULL: roaming or ad-hoc card payment
    card_id          INTEGER,                   -- RFID card used, NULL for app / ad-hoc / roaming
    partner_id       INTEGER,                   -- roaming partner, NULL for own customers
    tariff_id        INTEGER NOT NULL,
    start_ts         TIMESTAMP NOT NULL,
    charge_end_ts    TIMESTAMP,                 -- energy transfer stopped
    plug_out_ts      TIMESTAMP,                 -- cable unplugged (session closed)
    energy_kwh       DECIMAL(8,3),              -- NULL when the meter value was lost
    status_cd        VARCHAR NOT NULL,          -- COMPLETED, ABORTED, FAILED
    stop_reason      VARCHAR,                   -- EV_FULL, USER_STOP, TIME_LIMIT, CABLE_PULLED,
                                                -- POWER_LOSS, EMERGENCY_STOP, AUTH_FAILED,
                                                -- EV_COMM_ERROR, GROUND_FAULT
    energy_amt       DECIMAL(10,2) NOT NULL,
    session_fee_amt  DECIMAL(10,2) NOT NULL,
    idle_fee_amt     DECIMAL(10,2) NOT NULL,
    total_amt        DECIMAL(10,2) NOT NULL,
    is_test          BOOLEAN NOT NULL
);

CREATE TABLE payments (
    cpo_id       VARCHAR NOT NULL,
    payment_id   BIGINT PRIMARY KEY,
    session_id   BIGINT NOT NULL,
    paid_ts      TIMESTAMP NOT NULL,
    amount       DECIMAL(10,2) NOT NULL,
    method_cd    VARCHAR NOT NULL,              -- CARD, WALLET, INVOICE
    status_cd    VARCHAR NOT NULL               -- CAPTURED, DECLINED
);

CREATE TABLE refunds (
    cpo_id       VARCHAR NOT NULL,
    refund_id    BIGINT PRIMARY KEY,
    payment_id   BIGINT NOT NULL,
    refund_ts    TIMESTAMP NOT NULL,
    amount       DECIMAL(10,2) NOT NULL,
    reason_cd    VARCHAR NOT NULL               -- CHARGER_FAULT, OVERCHARGE, GOODWILL
);

CREATE TABLE fault_events (
    cpo_id       VARCHAR NOT NULL,
    event_id     BIGINT PRIMARY KEY,
    charger_id   INTEGER NOT NULL,
    fault_cd     VARCHAR NOT NULL,              -- OCPP error code: PowerModuleFailure, ...
    severity     VARCHAR NOT NULL,              -- OUTAGE, DEGRADED
    started_ts   TIMESTAMP NOT NULL,
    resolved_ts  TIMESTAMP                      -- NULL while unresolved
);

CREATE TABLE maint_tickets (
    cpo_id       VARCHAR NOT NULL,
    ticket_id    INTEGER PRIMARY KEY,
    charger_id   INTEGER NOT NULL,
    event_id     BIGINT,                        -- the fault that raised it, NULL for planned work
    priority_cd  VARCHAR NOT NULL,              -- P1, P2, P3
    status_cd    VARCHAR NOT NULL,              -- OPEN, IN_PROGRESS, CLOSED
    vendor_nm    VARCHAR,
    opened_ts    TIMESTAMP NOT NULL,
    closed_ts    TIMESTAMP                      -- NULL unless CLOSED
);
