-- ============================================================================================
-- parking_ops: a parking operator platform's warehouse (DuckDB DDL for labelling; the
-- production copy is SQLite)
--
-- Company: "CurbGrid" hosts the parking-management platform of several parking operators:
-- garages and surface lots with levels and zones (EV bays among them), transient parking
-- sessions with entry/exit times, rates and merchant validations, monthly permits sold from
-- permit products, pre-booked reservations (with no-shows), citations with appeals and voids,
-- payments by channel with refunds and chargebacks, occupancy snapshots and event-day pricing.
-- Every operator's rows sit in one shared warehouse keyed by op_id; operators get a
-- text-to-SQL assistant in the "Ask" panel of the operator console.
--
-- Warehouse: SQLite 3.45 (nightly extract). The agent writes dialect `sqlite`: dates and
-- timestamps are TEXT ('YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS', local time of the facility),
-- compared as text and computed with date(), strftime() and julianday(); int / int truncates;
-- flags are INTEGER 0/1; no QUALIFY (top-per-group goes through a window in a subquery).
-- Agent: `parkbot`, versions 2.4, 2.5 and 2.6, deployed for operator 'PK-3308' ("Harborline
-- Parking", six facilities in two cities); the Ask panel shows at most 1000 rows.
-- Log window: 2026-09-08 to 2026-09-29 (2.4 answered Sep 8-14, 2.5 Sep 15-21, 2.6 Sep 22-29).
-- So "last month" is August 2026, "this quarter" / "this qtr" Q3 2026 to date, "last quarter" /
-- "Q2" Q2 2026, "this year" / "ytd" 2026 to date, "last year" 2025, "in March" March 2026.
-- The extract the Ask panel reads is the month-end close: during the log window it holds every
-- row up to 2026-08-31 23:59 and nothing later, except reservations booked ahead (res_status
-- 'BOOKED', a future arrive_ts) and permits whose term runs on.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `op_id = 'PK-3308'` on every table that carries it (every table but zones,
--     which is reached through its facility);
--   * test data: lane-commissioning and QA plates carry `is_test = 1`; `is_test = 0` on
--     parking_sessions, reservations and payments;
--   * soft deletes: `del_flg = 0` on facilities and permits (a decommissioned lot, a permit
--     keyed in twice). A closed facility is NOT deleted: it has close_dt set.
--
-- Business conventions (what Harborline's managers mean):
--   * facility = garage (fac_type_cd 'GAR') or surface lot ('LOT'); "garages" are 'GAR' only.
--     capacity = facilities.cap_cnt (all bays); EV bays = zones with zone_type_cd 'EV'
--     (bay_cnt bays each). Zone types: 'STD', 'EV', 'ADA', 'PMT' (permit-only), 'MC'.
--   * a session (parking_sessions) is a vehicle's stay: entry_ts to exit_ts (exit_ts NULL = still
--     in, or a lost exit read). sess_type_cd: 'TRN' transient (pays at exit or by app), 'PMT'
--     permit holder, 'RSV' pre-booked reservation, 'EVT' event-day flat rate. "transient" and
--     "sessions" on their own: every type unless the question names one; a session is dated
--     by entry_ts. Duration = exit_ts - entry_ts in minutes, over closed sessions only.
--   * session money: gross_amt is the rate charged before validations, vld_amt the merchant
--     validation discount, net_amt = gross_amt - vld_amt what the parker owes. A validated
--     session has vld_cd set. "parking revenue" = SUM(net_amt) of transient and event
--     sessions. A "ticket" in Harborline's speech is a citation (a parking ticket); a paper
--     entry ticket is entry_mthd 'TKT'.
--   * revenue (on its own) = cash actually taken: SUM(payments.pay_amt) over pay_status
--     'SETTLED', with refunds (pay_kind 'REFUND') and chargebacks ('CHARGEBACK') netted in (they
--     carry a negative pay_amt); 'DECLINED' and 'PENDING' payments never count. Dated by
--     paid_ts. Channel (chan_cd): 'APP', 'KIOSK', 'PBP' (pay-by-phone), 'LANE' (pay at the exit
--     lane), 'WEB'. Source (src_type_cd): 'SESS', 'PERMIT', 'CIT', 'RSV'.
--   * permits: one row per permit sold from a permit product (permit_products, monthly_fee).
--     permit_status: 'ACT', 'SUSP' (suspended for non-payment), 'CXL' (cancelled, cxl_dt
--     set), 'EXP' (term ended). An active permit has permit_status 'ACT' and end_dt NULL or
--     >= today. "permit holders" = distinct holder_acct. MRR = SUM(monthly_fee) of active
--     permits.
--   * reservations: res_status 'BOOKED' (future), 'USED' (arrived), 'NOSHOW', 'CXL'
--     (cancelled). Dated by arrive_ts (the booked arrival) unless the question is about booking
--     (booked_ts). No-show rate = NOSHOW / (USED + NOSHOW); cancellations never count.
--   * citations: cit_status 'ISSUED' (unpaid), 'PAID', 'APPEALED' (appeal pending), 'VOID'.
--     A voided citation was never issued in Harborline's reports: "citations" exclude 'VOID'.
--     appeal_result: 'UPHELD' (citation stands), 'OVERTURNED' (dismissed), NULL (no appeal or
--     pending). Appeal success rate = OVERTURNED / decided appeals (UPHELD + OVERTURNED).
--     viol_cd: 'EXPIRED' (overstay), 'NOPERMIT', 'EVNOCHG' (EV bay without charging), 'FIRE'
--     (fire lane), 'ADA', 'DBL' (double parked). issued_via: 'OFFICER', 'LPR' (plate camera).
--   * occupancy: occ_snapshots every hour on the hour per facility (occ_cnt vehicles in);
--     occupancy rate = occ_cnt / cap_cnt; "peak" = the highest snapshot.
--   * event days: event_days lists the days a facility sells event parking at evt_rate; an
--     event's sessions are the 'EVT' sessions that entered at its facility on its date.
--   * lists of facilities ("per facility", "which facilities") mean open facilities
--     (close_dt NULL) unless the question is about a past period's activity.
--   * appeal figures read every appealed citation, voided ones included: an overturned
--     appeal voids its citation.
--   * SQLite stores the DECIMAL amounts with NUMERIC affinity: a whole amount (12.00) is kept
--     as the integer 12, so SUM(net_amt) / COUNT(*) divides as integers where every amount
--     is whole; multiply by 1.0 or use AVG.
-- ============================================================================================

CREATE TABLE facilities (
    fac_id       INTEGER PRIMARY KEY,
    op_id        VARCHAR NOT NULL,       -- operator (tenant) code, 'PK-3308'
    fac_cd       VARCHAR NOT NULL,       -- short code shown on signage, 'HB-G1'
    fac_nm       VARCHAR NOT NULL,
    fac_type_cd  VARCHAR NOT NULL,       -- 'GAR' garage, 'LOT' surface lot
    city_nm      VARCHAR NOT NULL,
    cap_cnt      INTEGER NOT NULL,       -- total bays
    lvl_cnt      INTEGER NOT NULL,       -- levels (1 for a lot)
    base_rate    DECIMAL(8,2) NOT NULL,  -- hourly transient rate
    daily_max    DECIMAL(8,2) NOT NULL,
    open_dt      DATE NOT NULL,
    close_dt     DATE,                   -- closed facility (not deleted)
    del_flg      SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE zones (
    zone_id      INTEGER PRIMARY KEY,
    fac_id       INTEGER NOT NULL,
    zone_cd      VARCHAR NOT NULL,       -- 'L2-EV', 'P1-A'
    level_no     INTEGER NOT NULL,       -- 0 = ground / surface
    zone_type_cd VARCHAR NOT NULL,       -- 'STD', 'EV', 'ADA', 'PMT', 'MC'
    bay_cnt      INTEGER NOT NULL,
    kw_rating    DECIMAL(6,1)            -- charger power for EV zones, NULL otherwise
);

CREATE TABLE parking_sessions (
    sess_id      INTEGER PRIMARY KEY,
    op_id        VARCHAR NOT NULL,
    fac_id       INTEGER NOT NULL,
    zone_id      INTEGER,                -- NULL when the vehicle was not seen in a zone
    plate_no     VARCHAR,                -- NULL: plate not read (ticket entry)
    entry_ts     TIMESTAMP NOT NULL,
    exit_ts      TIMESTAMP,              -- NULL: still in / lost exit read
    sess_type_cd VARCHAR NOT NULL,       -- 'TRN', 'PMT', 'RSV', 'EVT'
    entry_mthd   VARCHAR NOT NULL,       -- 'LPR' plate camera, 'TKT' paper ticket, 'APP'
    rate_cd      VARCHAR,                -- 'HRLY', 'EARLY', 'NIGHT', 'EVT', NULL for permits
    gross_amt    DECIMAL(8,2) NOT NULL DEFAULT 0,
    vld_cd       VARCHAR,                -- merchant validation code, NULL when not validated
    vld_amt      DECIMAL(8,2) NOT NULL DEFAULT 0,
    net_amt      DECIMAL(8,2) NOT NULL DEFAULT 0,
    permit_id    INTEGER,                -- for 'PMT' sessions
    res_id       INTEGER,                -- for 'RSV' sessions
    is_test      SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE permit_products (
    prod_id      INTEGER PRIMARY KEY,
    op_id        VARCHAR NOT NULL,
    prod_cd      VARCHAR NOT NULL,       -- 'UNRES-G1', 'RES-EV', 'NIGHT-L2'
    prod_nm      VARCHAR NOT NULL,
    fac_id       INTEGER NOT NULL,
    monthly_fee  DECIMAL(8,2) NOT NULL,
    ev_flg       SMALLINT NOT NULL DEFAULT 0, -- includes EV charging
    active_flg   SMALLINT NOT NULL DEFAULT 1  -- still on sale
);

CREATE TABLE permits (
    permit_id     INTEGER PRIMARY KEY,
    op_id         VARCHAR NOT NULL,
    prod_id       INTEGER NOT NULL,
    holder_acct   VARCHAR NOT NULL,      -- permit holder account (a person or a company)
    holder_type   VARCHAR NOT NULL,      -- 'IND' individual, 'CORP' corporate account
    plate_no      VARCHAR,
    start_dt      DATE NOT NULL,
    end_dt        DATE,                  -- NULL: rolls monthly until cancelled
    permit_status VARCHAR NOT NULL,      -- 'ACT', 'SUSP', 'CXL', 'EXP'
    cxl_dt        DATE,
    del_flg       SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE reservations (
    res_id       INTEGER PRIMARY KEY,
    op_id        VARCHAR NOT NULL,
    fac_id       INTEGER NOT NULL,
    booked_ts    TIMESTAMP NOT NULL,
    arrive_ts    TIMESTAMP NOT NULL,     -- booked arrival
    depart_ts    TIMESTAMP NOT NULL,     -- booked departure
    res_status   VARCHAR NOT NULL,       -- 'BOOKED', 'USED', 'NOSHOW', 'CXL'
    chan_cd      VARCHAR NOT NULL,       -- 'APP', 'WEB', 'PARTNER' (aggregator sites)
    quoted_amt   DECIMAL(8,2) NOT NULL,
    is_test      SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE citations (
    cit_id        INTEGER PRIMARY KEY,
    op_id         VARCHAR NOT NULL,
    fac_id        INTEGER NOT NULL,
    plate_no      VARCHAR NOT NULL,
    issued_ts     TIMESTAMP NOT NULL,
    viol_cd       VARCHAR NOT NULL,      -- 'EXPIRED', 'NOPERMIT', 'EVNOCHG', 'FIRE', 'ADA', 'DBL'
    issued_via    VARCHAR NOT NULL,      -- 'OFFICER', 'LPR'
    fine_amt      DECIMAL(8,2) NOT NULL,
    cit_status    VARCHAR NOT NULL,      -- 'ISSUED', 'PAID', 'APPEALED', 'VOID'
    appeal_ts     TIMESTAMP,
    appeal_result VARCHAR,               -- 'UPHELD', 'OVERTURNED', NULL
    void_rsn      VARCHAR                -- why a citation was voided
);

CREATE TABLE payments (
    pay_id       INTEGER PRIMARY KEY,
    op_id        VARCHAR NOT NULL,
    fac_id       INTEGER,                -- NULL for permit payments billed to the account
    src_type_cd  VARCHAR NOT NULL,       -- 'SESS', 'PERMIT', 'CIT', 'RSV'
    src_id       INTEGER NOT NULL,       -- sess_id / permit_id / cit_id / res_id
    paid_ts      TIMESTAMP NOT NULL,
    chan_cd      VARCHAR NOT NULL,       -- 'APP', 'KIOSK', 'PBP', 'LANE', 'WEB'
    pay_kind     VARCHAR NOT NULL,       -- 'CHARGE', 'REFUND', 'CHARGEBACK'
    pay_amt      DECIMAL(8,2) NOT NULL,  -- negative for refunds and chargebacks
    pay_status   VARCHAR NOT NULL,       -- 'SETTLED', 'PENDING', 'DECLINED'
    card_brand   VARCHAR,                -- NULL for cash at the kiosk
    is_test      SMALLINT NOT NULL DEFAULT 0
);

CREATE TABLE occ_snapshots (
    fac_id       INTEGER NOT NULL,
    op_id        VARCHAR NOT NULL,
    snap_ts      TIMESTAMP NOT NULL,     -- on the hour
    occ_cnt      INTEGER NOT NULL,       -- vehicles in
    ev_occ_cnt   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE event_days (
    evt_id       INTEGER PRIMARY KEY,
    op_id        VARCHAR NOT NULL,
    fac_id       INTEGER NOT NULL,
    event_dt     DATE NOT NULL,
    event_nm     VARCHAR NOT NULL,
    evt_rate     DECIMAL(8,2) NOT NULL   -- flat event rate
);
