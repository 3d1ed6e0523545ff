-- ============================================================================================
-- wealth_mgmt: a wealth-management platform's warehouse, DuckDB DDL for labelling
--
-- Company: "Keystone Wealth Cloud" runs a portfolio-management and billing platform for
-- independent advisory firms (RIAs). Every firm's households, clients, accounts, end-of-day
-- positions (with the day's close price), trades, cash flows, quarterly advisory-fee bills,
-- advisers, model portfolios and KYC reviews sit in one shared warehouse keyed by firm_id.
-- Firms get a text-to-SQL assistant in the platform's reporting tab.
--
-- Warehouse: Apache Spark 3.5 SQL (sqlglot dialect `spark`): date_trunc('MONTH', d),
-- add_months, last_day, datediff(end, start), year()/month(), count_if / SUM(CASE ...),
-- percentile / median; no QUALIFY (top-per-group goes through a window in a subquery);
-- `/` always divides as a double.
-- Agent: `advisor-lens`, versions 3.1, 3.2 and 3.3, deployed for firm 'WF-207'
-- ("Harbor & Pine Wealth Partners"); the reporting tab shows at most 1000 rows.
-- Log window: 2026-05-04 to 2026-05-29 (3.1 answered May 4-11, 3.2 May 12-20, 3.3 May 21-29).
-- So "last month" is April 2026, "this quarter" Q2 2026 to date, "last quarter" Q1 2026,
-- "this year" / "ytd" 2026 to date, "last year" 2025, "in March" March 2026.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `firm_id = 'WF-207'` on every query, on each table whose rows are counted, summed
--     or listed (ids are global, so a table joined on the id of an already guarded row, e.g.
--     advisers or households reached from WF-207 accounts, need not repeat it);
--   * demo data: each firm keeps demo households (training, model back-tests); `is_demo = false`
--     on every query reading households, accounts, positions_daily, trades or cash_flows (the
--     flag is the household's, copied onto those tables; clients, fee_bills and kyc_reviews are
--     reached through a household and demo households have neither bills nor reviews);
--   * soft deletes: `deleted_ts IS NULL` on households, clients and accounts (rows entered in
--     error; a closed account is NOT deleted: it has acct_status = 'CLOSED').
--
-- Business conventions (what Harbor & Pine's operations team means):
--   * household = the relationship (households); client = a person (clients; a household has
--     one or more clients, one of them is_primary = 'Y'). "how many clients" counts persons.
--   * active household = hh_status = 'ACTIVE' ('PROSPECT' and 'CLOSED' are not active);
--     open account = acct_status = 'OPEN' ('PENDING' is not yet funded, 'CLOSED' is closed).
--     Counts of households and clients ("households with ...", "clients ...") cover active
--     households (and their clients) unless the question says otherwise; counts of accounts
--     cover open accounts; "new" households / accounts are those onboarded / opened in the
--     period, whatever their status now.
--   * positions are end-of-day and reconciled: the warehouse keeps month-end rows (as_of_dt =
--     the last calendar day of the month); the current month's rows arrive after month-end
--     reconciliation, so during the log window the latest as_of_dt is 2026-04-30.
--   * AUM = SUM(positions_daily.mkt_val) on one as_of_dt (USD). "AUM" / "current AUM" without a
--     date = as of the latest as_of_dt; "AUM at end of <month>" = that month's last day.
--     Household AUM sums its accounts; cash positions (asset_class = 'CASH') are AUM too.
--     "securities" / "holdings" / "positions" named as things held exclude cash ('USD-CASH').
--   * net flows = contributions ('CONTRIB') + transfers in ('XFER_IN') - withdrawals ('WDRL')
--     - transfers out ('XFER_OUT'); cf_amt is always positive, the type gives the sign.
--     Dividends, interest and fee debits ('DIV', 'INT', 'FEE') are not flows. Reversed rows
--     (is_reversed = true) never count. Flows are dated by cf_dt.
--   * trades count only when trade_status = 'FILLED' (CANCELLED and PENDING never executed);
--     dated by trade_dt; trade size / volume = gross_amt; side_cd 'B' buy, 'S' sell;
--     source_cd 'REBAL' (model rebalance), 'MANUAL' (adviser), 'CLIENT' (client request).
--   * advisory fees are billed quarterly in arrears per household: a bill's quarter is its
--     period_start (Q1 2026 bills are issued in early April 2026 with billed_dt in April).
--     Fee revenue = SUM(fee_amt) over bill_status IN ('BILLED', 'ADJUSTED'), dated by the
--     billing quarter (period_start), never by billed_dt; 'WAIVED' bills carry the fee that
--     was waived (fee_amt) and 'VOID' bills were cancelled. fee_bps is the annual rate applied.
--   * fee schedules: households.fee_sched_cd: 'STD100' (1.00 %), 'TIER85' (0.85 %),
--     'TIER70' (0.70 %), 'FLAT50' (0.50 %), 'NOFEE' (staff and family, never billed).
--   * model portfolio: an account follows a model when model_id IS NOT NULL (NULL = adviser-
--     managed / self-directed); model names such as 'Growth 70/30'.
--   * adviser: an active adviser has term_dt IS NULL; a household's adviser is its adviser_id.
--   * segments: households.segment_cd 'MASS_AFF' (< $1M), 'HNW' ($1M-$10M), 'UHNW' (> $10M)
--     as set at onboarding (not recomputed from AUM).
--   * KYC: kyc_reviews rows per client; a review's outcome_cd: 'APPROVED', 'PENDING',
--     'ESCALATED', 'REJECTED'; next_due_dt is set on approved reviews. A client's KYC is
--     overdue when the next_due_dt of their latest APPROVED review is before today, or when
--     they never had an approved review; only clients of active households are asked.
--   * RMD age: a client "turns N this year" when year(birth_dt) = the current year - N.
-- ============================================================================================

CREATE TABLE advisers (
    firm_id        VARCHAR NOT NULL,
    adviser_id     INTEGER PRIMARY KEY,
    adv_cd         VARCHAR NOT NULL,          -- 'HP-014'
    full_nm        VARCHAR NOT NULL,
    team_cd        VARCHAR NOT NULL,          -- 'BOS', 'NYC', 'PRV'
    hire_dt        DATE NOT NULL,
    term_dt        DATE                       -- NULL = active
);

CREATE TABLE households (
    firm_id        VARCHAR NOT NULL,
    hh_id          INTEGER PRIMARY KEY,
    hh_nm          VARCHAR NOT NULL,          -- 'Okafor Family'
    adviser_id     INTEGER NOT NULL,
    segment_cd     VARCHAR NOT NULL,          -- MASS_AFF, HNW, UHNW
    hh_status      VARCHAR NOT NULL,          -- PROSPECT, ACTIVE, CLOSED
    fee_sched_cd   VARCHAR NOT NULL,          -- STD100, TIER85, TIER70, FLAT50, NOFEE
    onboard_dt     DATE,                      -- NULL for prospects never onboarded
    closed_dt      DATE,
    is_demo        BOOLEAN NOT NULL,
    deleted_ts     TIMESTAMP
);

CREATE TABLE clients (
    firm_id        VARCHAR NOT NULL,
    client_id      INTEGER PRIMARY KEY,
    hh_id          INTEGER NOT NULL,
    first_nm       VARCHAR NOT NULL,
    last_nm        VARCHAR NOT NULL,
    birth_dt       DATE,
    is_primary     CHAR(1) NOT NULL,          -- 'Y' / 'N'
    risk_tol_cd    VARCHAR,                   -- CONS, MOD, BAL, GRW, AGG (NULL = questionnaire not done)
    deleted_ts     TIMESTAMP
);

CREATE TABLE model_portfolios (
    firm_id        VARCHAR NOT NULL,
    model_id       INTEGER PRIMARY KEY,
    model_nm       VARCHAR NOT NULL,          -- 'Growth 70/30', 'Balanced 60/40' ...
    risk_band      VARCHAR NOT NULL,          -- CONS, MOD, BAL, GRW, AGG
    is_active      BOOLEAN NOT NULL
);

CREATE TABLE accounts (
    firm_id          VARCHAR NOT NULL,
    acct_id          INTEGER PRIMARY KEY,
    acct_no          VARCHAR NOT NULL,        -- 'WF207-000123'
    hh_id            INTEGER NOT NULL,
    owner_client_id  INTEGER NOT NULL,
    acct_type_cd     VARCHAR NOT NULL,        -- IND, JNT, IRA, ROTH, TRUST, 529
    model_id         INTEGER,                 -- NULL = not on a model
    is_discretionary BOOLEAN NOT NULL,
    acct_status      VARCHAR NOT NULL,        -- PENDING, OPEN, CLOSED
    open_dt          DATE,                    -- NULL while PENDING
    close_dt         DATE,
    is_demo          BOOLEAN NOT NULL,
    deleted_ts       TIMESTAMP
);

CREATE TABLE positions_daily (
    firm_id        VARCHAR NOT NULL,
    acct_id        INTEGER NOT NULL,
    as_of_dt       DATE NOT NULL,             -- month-end rows (see header)
    ticker         VARCHAR NOT NULL,
    asset_class    VARCHAR NOT NULL,          -- EQ, FI, ALT, CASH
    qty            DECIMAL(18,4) NOT NULL,
    close_px       DECIMAL(18,4) NOT NULL,    -- the day's close (1 for cash)
    mkt_val        DECIMAL(18,2) NOT NULL,    -- qty * close_px, USD
    cost_basis     DECIMAL(18,2),
    is_demo        BOOLEAN NOT NULL
);

CREATE TABLE trades (
    firm_id        VARCHAR NOT NULL,
    trade_id       BIGINT PRIMARY KEY,
    acct_id        INTEGER NOT NULL,
    ticker         VARCHAR NOT NULL,
    trade_dt       DATE NOT NULL,
    settle_dt      DATE,
    side_cd        CHAR(1) NOT NULL,          -- 'B' buy, 'S' sell
    qty            DECIMAL(18,4) NOT NULL,
    gross_amt      DECIMAL(18,2) NOT NULL,
    commission_amt DECIMAL(10,2) NOT NULL,
    trade_status   VARCHAR NOT NULL,          -- FILLED, CANCELLED, PENDING
    source_cd      VARCHAR NOT NULL,          -- REBAL, MANUAL, CLIENT
    is_demo        BOOLEAN NOT NULL
);

CREATE TABLE cash_flows (
    firm_id        VARCHAR NOT NULL,
    cf_id          BIGINT PRIMARY KEY,
    acct_id        INTEGER NOT NULL,
    cf_dt          DATE NOT NULL,
    cf_type_cd     VARCHAR NOT NULL,          -- CONTRIB, WDRL, XFER_IN, XFER_OUT, DIV, INT, FEE
    cf_amt         DECIMAL(18,2) NOT NULL,    -- always positive
    is_reversed    BOOLEAN NOT NULL,
    is_demo        BOOLEAN NOT NULL
);

CREATE TABLE fee_bills (
    firm_id        VARCHAR NOT NULL,
    bill_id        INTEGER PRIMARY KEY,
    hh_id          INTEGER NOT NULL,
    period_start   DATE NOT NULL,             -- first day of the billed quarter
    period_end     DATE NOT NULL,
    billed_dt      DATE NOT NULL,             -- issued after the quarter (arrears)
    billable_aum   DECIMAL(18,2) NOT NULL,
    fee_bps        INTEGER NOT NULL,          -- annual rate applied
    fee_amt        DECIMAL(12,2) NOT NULL,
    bill_status    VARCHAR NOT NULL           -- BILLED, ADJUSTED, WAIVED, VOID
);

CREATE TABLE kyc_reviews (
    firm_id        VARCHAR NOT NULL,
    review_id      INTEGER PRIMARY KEY,
    client_id      INTEGER NOT NULL,
    review_dt      DATE NOT NULL,
    outcome_cd     VARCHAR NOT NULL,          -- APPROVED, PENDING, ESCALATED, REJECTED
    risk_rating    VARCHAR,                   -- LOW, MEDIUM, HIGH
    next_due_dt    DATE                       -- set on APPROVED reviews
);
