-- ============================================================================================
-- alarm_monitoring: the warehouse of a security-alarm monitoring platform (DuckDB DDL for labelling)
--
-- Company: "SignalHub" runs central-station automation software (alarm receivers, operator
-- consoles, dealer portal, billing) for alarm-monitoring companies. Each monitoring company is a
-- tenant of one shared Spark lakehouse (Delta tables), every table keyed by mc_id. The deployment
-- here is monitoring company 'MC-0907', Keystone Alarm Monitoring (a UL-listed central station in
-- Harrisburg, PA, monitoring homes and businesses in south-central Pennsylvania and Hagerstown,
-- MD, sold and installed through its authorised dealers and a few house accounts). Other tenants
-- in the warehouse: 'MC-0114' (Lakeshore Central Station, Illinois) and 'MC-0552' (Desert Watch
-- Monitoring, Arizona). Ids are unique across the platform.
--
-- Warehouse: Apache Spark SQL 3.5 (date_trunc('MONTH', ts), add_months, date_add / date_sub,
-- datediff(end, start) in whole days, timestampdiff(SECOND | MINUTE, a, b), INTERVAL literals,
-- current_date(), count_if, FILTER (WHERE ..), if(), window functions; no QUALIFY; `/` always
-- returns a DOUBLE, `div` is integer division). Flags are BOOLEAN (is_test) or 'Y'/'N' CHAR(1)
-- (void_flg, bypass_yn, auto_renew_yn). Money is in integer cents (*_cents); every figure shown
-- in dollars is cents / 100. The agent writes dialect `spark`.
-- Agent: `sentry-sql`, versions 7.4, 7.5 and 7.6, deployed for monitoring company 'MC-0907'.
-- Log window: 2026-11-09 to 2026-11-20 US Eastern (timestamps in UTC, so late-evening questions
-- carry the next UTC day; "today" is the record's UTC date). The warehouse the pilot runs on is
-- the snapshot loaded up to 2026-11-08 (nothing dated after it, except tech visits scheduled ahead and contract end
-- dates). So "last month" is October 2026, "this month" November 2026 to date, "last quarter"
-- Q3 2026 (July-September), "ytd" / "this year" 2026 to date, "last year" 2025, "the same month
-- last year" October 2025, "last 6 months" the six whole months May-October 2026, "last 4 weeks"
-- the four whole Monday-to-Sunday weeks before the current week, "last 30 / 90 days" rolling back
-- from today (ts >= current_date - 30 / 90 days), "next 60 days" today to today + 60 days
-- inclusive, "rn" / "current" / "active" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `mc_id = 'MC-0907'` on every table of every query (row policy);
--   * test rows: `is_test = false` on accounts (dealer demo kits and the central station's
--     operator-training account), sites (the same demo / training premises) and signals
--     (everything a demo or training panel sends, and signals received while a technician had a
--     live site "on test": these are logged, never worked, and never dispatched). Demo and
--     training accounts have no contracts, tickets or dispatches;
--   * soft deletes: `deleted_at IS NULL` on dealers (a dealer keyed twice), accounts (duplicate
--     accounts keyed by the dealer portal; the surviving account holds the contracts) and sites
--     (premises keyed twice; the duplicate has no panel, signals or tickets, but carries a plan
--     and an MRR);
--   * voids: `void_flg = 'N'` on fines (municipal fines keyed twice and voided).
--   These guards matter wherever that table is the population counted, summed or listed.
--
-- Business conventions of the monitoring company (what a careful analyst would apply):
--   * dealers: the installing dealer that sold the account; dealer_id is NULL on accounts sold
--     directly (house accounts). "Active dealers" = term_dt IS NULL (and not deleted). A dealer's
--     "new accounts" / accounts "signed" in a period = its accounts by created_dt.
--   * accounts: one row per subscriber. acct_status 'ACTIVE', 'SUSPENDED' (non-payment hold,
--     still monitored) or 'CANCELLED' (cancel_dt and cancel_rsn set; cancel_rsn may be NULL when
--     none was given). "Active accounts" = acct_status = 'ACTIVE'. Accounts "on book" on a day =
--     created_dt before that day and not cancelled by then (cancel_dt IS NULL OR cancel_dt >= day).
--     Churned / cancellations in a period = accounts whose cancel_dt falls in it. Churn rate for
--     a month = cancellations in the month / accounts on book on the month's first day, as a %.
--   * sites: the monitored premises of an account (an account may have several; site_type 'RES'
--     or 'COM'). Each site has a monitoring plan plan_cd 'BASIC', 'STD', 'PREM' or 'FIRE' (fire-only
--     commercial monitoring) and its monthly fee mrr_cents. A site is "in service" / "active"
--     when activated_dt <= today and deactivated_dt IS NULL (deactivated when its account is
--     cancelled or the location closes; a suspended account's sites stay in service).
--     MRR (monthly recurring revenue) = SUM(mrr_cents) / 100 of in-service sites. "New MRR" in a
--     period = SUM(mrr_cents) / 100 of sites activated in it, whatever happened to them since.
--   * contracts: one row per contract term of an account (term_mo 12, 36 or 60 months; end_dt =
--     last day). ctr_status 'ACTIVE' (running), 'RENEWED' (a follow-on contract starts the day
--     after, renewal_of_id pointing back), 'EXPIRED' (ended without renewal, the account went
--     month-to-month) or 'CANCELLED' (the account cancelled during the term; end_dt keeps the
--     term's end). "Up for renewal in the next N days" = ACTIVE contracts with end_dt from today
--     to today + N days. Renewal rate over contracts ending in a period = RENEWED / (RENEWED +
--     EXPIRED), as a %: cancelled contracts are churn, not renewal decisions.
--   * panels: the alarm control panel installed at a site; comm_path 'POTS', 'IP' or 'CELL'. A
--     replaced panel keeps its row with removed_dt set (its zones too); a site's panel is removed
--     when the site is deactivated. "Installed" / "active" panels = removed_dt IS NULL.
--   * zones: the detectors programmed on a panel, zone_type 'DOOR', 'WINDOW', 'MOTION', 'GLASS',
--     'SMOKE', 'CO' or 'PANIC'; "smoke detectors" = SMOKE zones of installed panels.
--   * signals: every event the receivers took, dated by received_ts. event_cat 'BURGLARY',
--     'FIRE', 'PANIC', 'MEDICAL' (these four are "alarms"), 'TROUBLE' (AC loss, low battery, comm
--     failure) or 'OPEN_CLOSE' (arm / disarm reports). event_cd is the Contact ID code
--     (E130 burglary, E110 smoke, E162 CO, E120 panic, E100 medical, E301/E302/E350 trouble,
--     E401/R401 open/close). zone_id is NULL for keypad and panel-level events. Alarms and
--     troubles are worked by an operator (opr_id, handled_ts = when the operator picked it up).
--     disposition of alarms: 'DISPATCHED' (authorities sent), 'PASSCODE_CANCEL' (cancelled by
--     passcode: the subscriber keyed or gave the passcode before dispatch), 'CALL_VERIFIED' (the
--     operator reached the premises on the verification call, false, no dispatch); troubles,
--     open/close and test signals are 'LOGGED'. An alarm is handled "on time" when handled_ts -
--     received_ts <= 60 seconds; on-time rate = on-time alarms / alarms, as a %.
--   * dispatches: one row per dispatch to an agency (agency_type 'POLICE', 'FIRE', 'EMS'),
--     dated by dispatched_ts; arrived_ts when the agency reported on scene (NULL when cancelled
--     en route or not reported). outcome 'FALSE_ALARM', 'ACTUAL', 'UNDETERMINED' or 'CANCELLED'
--     (cancelled en route). Response time = arrived_ts - dispatched_ts in minutes, over
--     dispatches with arrived_ts. False alarms = dispatches with outcome 'FALSE_ALARM'; false
--     alarm rate = false alarms / dispatches, as a %.
--   * fines: municipal false-alarm fines, dated by issued_dt; fine_status 'OPEN', 'PAID' or
--     'WAIVED'. Fines issued = non-void fines, waived ones included; fines paid = 'PAID'.
--   * operators: central-station operators, shift_cd 'DAY' (07-15), 'SWING' (15-23) or 'NIGHT'.
--     An alarm belongs to the shift of the operator who handled it.
--   * svc_tickets: service tickets, dated by opened_ts; category 'TROUBLE', 'FALSE_ALARM',
--     'BATTERY', 'UPGRADE', 'RELOCATE'; tkt_status 'OPEN', 'CLOSED' or 'CANCELLED' (closed_ts is
--     also set when a ticket is cancelled). Days to close = datediff(closed_ts, opened_ts) in
--     whole days over CLOSED tickets, by the ticket's opened_ts.
--   * tech_visits: technician visits for tickets, dated by sched_dt; visit_status 'SCHEDULED'
--     (ahead), 'COMPLETED', 'NO_ACCESS' (the customer's no-show: nobody there to let the tech
--     in) or 'RESCHEDULED' (moved by the office before the day). No-show rate = NO_ACCESS /
--     (COMPLETED + NO_ACCESS) visits, as a %. Service revenue = SUM(labor_cents + parts_cents) /
--     100 of COMPLETED visits, dated by completed_ts.
-- ============================================================================================

CREATE TABLE dealers (
    mc_id          VARCHAR NOT NULL,
    dealer_id      INTEGER NOT NULL,
    dealer_nm      VARCHAR NOT NULL,
    dealer_tier    VARCHAR NOT NULL,      -- 'GOLD', 'SILVER', 'BRONZE'
    region_cd      VARCHAR NOT NULL,
    onboard_dt     DATE NOT NULL,
    term_dt        DATE,                  -- dealer agreement terminated
    deleted_at     TIMESTAMP              -- keyed twice
);

CREATE TABLE accounts (
    mc_id          VARCHAR NOT NULL,
    acct_id        INTEGER NOT NULL,
    acct_no        VARCHAR NOT NULL,
    dealer_id      INTEGER,               -- NULL: house account
    cust_nm        VARCHAR NOT NULL,
    acct_type      VARCHAR NOT NULL,      -- 'RES', 'COM'
    created_dt     DATE NOT NULL,
    acct_status    VARCHAR NOT NULL,      -- 'ACTIVE', 'SUSPENDED', 'CANCELLED'
    cancel_dt      DATE,
    cancel_rsn     VARCHAR,               -- 'MOVED', 'PRICE', 'COMPETITOR', 'NON_PAY', 'OTHER'; NULL if not given
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- duplicate account
);

CREATE TABLE sites (
    mc_id          VARCHAR NOT NULL,
    site_id        INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    site_nm        VARCHAR NOT NULL,
    site_type      VARCHAR NOT NULL,      -- 'RES', 'COM'
    city           VARCHAR NOT NULL,
    state_cd       VARCHAR NOT NULL,
    zip_cd         VARCHAR NOT NULL,
    plan_cd        VARCHAR NOT NULL,      -- 'BASIC', 'STD', 'PREM', 'FIRE'
    mrr_cents      INTEGER NOT NULL,      -- monthly monitoring fee
    activated_dt   DATE NOT NULL,
    deactivated_dt DATE,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- keyed twice
);

CREATE TABLE contracts (
    mc_id            VARCHAR NOT NULL,
    contract_id      INTEGER NOT NULL,
    acct_id          INTEGER NOT NULL,
    term_mo          SMALLINT NOT NULL,   -- 12, 36, 60
    start_dt         DATE NOT NULL,
    end_dt           DATE NOT NULL,
    renewal_of_id    INTEGER,             -- the contract this one renews
    auto_renew_yn    CHAR(1) NOT NULL,
    ctr_status       VARCHAR NOT NULL,    -- 'ACTIVE', 'RENEWED', 'EXPIRED', 'CANCELLED'
    signed_mrr_cents INTEGER NOT NULL
);

CREATE TABLE panels (
    mc_id          VARCHAR NOT NULL,
    panel_id       INTEGER NOT NULL,
    site_id        INTEGER NOT NULL,
    panel_mfr      VARCHAR NOT NULL,
    panel_model    VARCHAR NOT NULL,
    comm_path      VARCHAR NOT NULL,      -- 'POTS', 'IP', 'CELL'
    install_dt     DATE NOT NULL,
    removed_dt     DATE                   -- replaced or site deactivated
);

CREATE TABLE zones (
    mc_id          VARCHAR NOT NULL,
    zone_id        INTEGER NOT NULL,
    panel_id       INTEGER NOT NULL,
    zone_no        SMALLINT NOT NULL,
    zone_type      VARCHAR NOT NULL,      -- 'DOOR', 'WINDOW', 'MOTION', 'GLASS', 'SMOKE', 'CO', 'PANIC'
    zone_desc      VARCHAR NOT NULL,
    bypass_yn      CHAR(1) NOT NULL
);

CREATE TABLE operators (
    mc_id          VARCHAR NOT NULL,
    opr_id         INTEGER NOT NULL,
    opr_nm         VARCHAR NOT NULL,
    shift_cd       VARCHAR NOT NULL,      -- 'DAY', 'SWING', 'NIGHT'
    hire_dt        DATE NOT NULL,
    term_dt        DATE
);

CREATE TABLE signals (
    mc_id          VARCHAR NOT NULL,
    signal_id      BIGINT NOT NULL,
    site_id        INTEGER NOT NULL,
    panel_id       INTEGER NOT NULL,
    zone_id        INTEGER,               -- NULL for keypad / panel-level events
    event_cd       VARCHAR NOT NULL,      -- Contact ID code, e.g. 'E130'
    event_cat      VARCHAR NOT NULL,      -- 'BURGLARY', 'FIRE', 'PANIC', 'MEDICAL', 'TROUBLE', 'OPEN_CLOSE'
    received_ts    TIMESTAMP NOT NULL,
    opr_id         INTEGER,               -- operator who worked it; NULL when only logged
    handled_ts     TIMESTAMP,
    disposition    VARCHAR NOT NULL,      -- 'DISPATCHED', 'PASSCODE_CANCEL', 'CALL_VERIFIED', 'LOGGED'
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE dispatches (
    mc_id          VARCHAR NOT NULL,
    dispatch_id    INTEGER NOT NULL,
    signal_id      BIGINT NOT NULL,
    site_id        INTEGER NOT NULL,
    agency_type    VARCHAR NOT NULL,      -- 'POLICE', 'FIRE', 'EMS'
    opr_id         INTEGER NOT NULL,
    dispatched_ts  TIMESTAMP NOT NULL,
    arrived_ts     TIMESTAMP,             -- NULL: cancelled en route or not reported
    outcome        VARCHAR NOT NULL       -- 'FALSE_ALARM', 'ACTUAL', 'UNDETERMINED', 'CANCELLED'
);

CREATE TABLE fines (
    mc_id          VARCHAR NOT NULL,
    fine_id        INTEGER NOT NULL,
    dispatch_id    INTEGER NOT NULL,
    site_id        INTEGER NOT NULL,
    issued_dt      DATE NOT NULL,
    fine_cents     INTEGER NOT NULL,
    fine_status    VARCHAR NOT NULL,      -- 'OPEN', 'PAID', 'WAIVED'
    void_flg       CHAR(1) NOT NULL       -- 'Y': keyed in error
);

CREATE TABLE svc_tickets (
    mc_id          VARCHAR NOT NULL,
    ticket_id      INTEGER NOT NULL,
    site_id        INTEGER NOT NULL,
    opened_ts      TIMESTAMP NOT NULL,
    category       VARCHAR NOT NULL,      -- 'TROUBLE', 'FALSE_ALARM', 'BATTERY', 'UPGRADE', 'RELOCATE'
    tkt_status     VARCHAR NOT NULL,      -- 'OPEN', 'CLOSED', 'CANCELLED'
    closed_ts      TIMESTAMP
);

CREATE TABLE tech_visits (
    mc_id          VARCHAR NOT NULL,
    visit_id       INTEGER NOT NULL,
    ticket_id      INTEGER NOT NULL,
    tech_nm        VARCHAR NOT NULL,
    sched_dt       DATE NOT NULL,
    visit_status   VARCHAR NOT NULL,      -- 'SCHEDULED', 'COMPLETED', 'NO_ACCESS', 'RESCHEDULED'
    arrived_ts     TIMESTAMP,
    completed_ts   TIMESTAMP,
    labor_cents    INTEGER NOT NULL,
    parts_cents    INTEGER NOT NULL
);
