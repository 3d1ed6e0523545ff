-- ============================================================================================
-- fuel_delivery: the warehouse of a heating-oil and propane delivery platform (DuckDB DDL for labelling)
--
-- Company: "TankLine" sells dispatch, route-planning, tank-monitoring, billing and budget-plan
-- software to heating-oil and propane distributors. Every distributor is a tenant of one shared
-- ClickHouse warehouse (MergeTree tables), every table keyed by dist_id. The deployment here is
-- distributor 'DST-0457', Harbor Ridge Fuel & Propane, with Lowell Yard (MA), Nashua Terminal,
-- Concord Depot and Keene Yard (NH, opened 2026-03-02). Other tenants in the warehouse:
-- 'DST-0118' (Pioneer Oil, Maine) and 'DST-0902' (Bayline Propane, Connecticut).
--
-- Warehouse: ClickHouse (today(), now(), toStartOfMonth / toStartOfQuarter / toStartOfYear,
-- toMonday, toDate, toYear, INTERVAL n MONTH / DAY arithmetic, dateDiff('unit', a, b),
-- countIf / sumIf, uniqExact, argMax, multiIf, LIMIT n BY; `/` always returns a Float64, so
-- there is no integer division). Flags are UInt8 0/1 (is_test, is_void, our_fault) or 'Y'/'N'
-- strings (budget_yn, mon_yn, billable_yn). Columns that can be empty are Nullable and the
-- deployment runs with join_use_nulls = 1, so a LEFT JOIN's unmatched side is NULL as in
-- standard SQL. The agent writes dialect `clickhouse`.
-- Agent: `fill-agent`, versions 0.9, 1.0 and 1.1, deployed for distributor 'DST-0457'.
-- Log window: 2026-11-02 to 2026-11-27. The deliveries mart is rebuilt after the month-end
-- close: the snapshot behind the November log holds everything through 2026-10-31 (nothing
-- dated later, except route stops planned for November (PEND), budget installments not yet
-- due (DUE), contracts whose term runs on and inspections' next due dates). So "last month"
-- is October 2026, "last quarter" Q3 2026 (July-September), "ytd" / "this year" 2026 to date,
-- "the same month last year" October 2025, "last 6 months" the six whole months May-October
-- 2026, "the last 12 months" / "last 30 days" rolling back from today (ro_ts >= today - 12
-- months), "rn" / "right now" the state in the snapshot, "this season" the 2026-27 budget
-- season (installments due August 2026 to May 2027).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `dist_id = 'DST-0457'` on every table of every query (row policy; ids are unique
--     across the platform, so a join on the id alone cannot cross tenants);
--   * test rows: `is_test = 0` on accts (the training accounts 'ZZ TRAINING - DRIVER APP' and
--     'Test Account Nashua') and on deliveries (tickets printed in the driver handheld's
--     training mode, on training and on real accounts). New drivers printed some tickets to
--     the training account in live mode in January-June 2026 (is_test = 0 on the ticket): they
--     are excluded only through accts. Run-outs, stops and service calls carry no flag: the
--     training account's run-outs are excluded through accts;
--   * voids: `is_void = 0` on deliveries (a ticket voided and re-issued under a new number, the
--     void keeping the same stop) and on budget_pmts (rows keyed in error);
--   * soft deletes: `deleted_at IS NULL` on accts (merged duplicate accounts; their tanks,
--     contracts and tickets were moved to the surviving account) and tanks (a tank keyed twice,
--     no tickets or inspections). These matter where that table is the population counted or
--     listed ("how many customers ...", "which tanks ...").
--
-- Business conventions of the distributor (what a careful analyst would apply):
--   * customers / accounts: one accts row per customer account, acct_type 'RES' (residential)
--     or 'COM' (commercial). An account is open while close_dt IS NULL ("customers" rn = open,
--     real, not deleted); its tanks are pulled (removed_dt) when it closes. depot_id on accts is
--     the servicing depot on file; depot_id on deliveries and stops is the depot whose truck
--     did the work, and "per depot" for gallons, revenue and stops means the latter (Concord's
--     propane truck covers part of Nashua's Hollis / Milford territory and Keene in summer).
--     "New accounts" are dated by open_dt; "new customers" in a month = accounts whose first
--     ever valid delivery falls in that month.
--   * tanks: prod_cd 'HO' (heating oil) or 'LP' (propane); own_cd 'CO' (company-owned, leased
--     to the customer; all are propane) or 'CUST'. A tank is current while removed_dt IS NULL
--     and deleted_at IS NULL. mon_yn = 'Y' when a remote monitor reports lvl_pct (last reading,
--     NULL when the monitor has not reported); "low" = lvl_pct < 25. Tank size averages are per
--     tank.
--   * contracts: one row per tank and term; plan_cd 'AUTO' (automatic fill: we forecast usage
--     and deliver) or 'WILL' (will-call: the customer phones in an order); price_cd 'VAR',
--     'FIXED' or 'CAP' (fixed_ppg). A contract is active on a day when ctr_status = 'ACTIVE'
--     and start_dt <= day <= end_dt (end_dt NULL = open-ended): a fixed-price term that ended
--     2026-10-31 still shows ACTIVE until renewal and a contract signed for 2026-12-01 is not
--     yet active. "Auto-fill customers" = distinct open, real accounts with an active AUTO
--     contract (an account with two auto-fill tanks counts once).
--   * stops: route stops planned per truck and day (route_dt, depot_id of the route);
--     stop_status 'DLVD', 'SKIP' (skipped: customer request, credit hold, not needed), 'NOACC'
--     (no access: blocked driveway, dog, snow) or 'PEND' (planned). Skipped stops = SKIP and
--     NOACC; skip rate = skipped / worked stops (DLVD + SKIP + NOACC), by route_dt.
--   * deliveries: one row per ticket; del_type 'AUTO' (auto-fill route delivery), 'WILL'
--     (will-call order), 'EMERG' (emergency / after-hours delivery, its own type, not a
--     will-call order) or 'FIRST' (first fill of a newly installed tank, for a new or an
--     existing customer); stop_id NULL for off-route tickets (first fills, emergencies,
--     sub-haulers). trk_id and drv_id are NULL on sub-hauler tickets (a contract carrier during
--     the January 2026 cold snap). Gallons = SUM(gal_qty). Revenue / fuel revenue / sales =
--     SUM(ext_amt) (= gal_qty * ppg; fee_amt and tax_amt excluded; inv_amt is the invoice total
--     with them). Average price per gallon = SUM(ext_amt) / SUM(gal_qty), gallon-weighted, not
--     AVG(ppg). Drop size = gallons per ticket. Gallons per truck = gallons / distinct trucks
--     that delivered in the period. Dated by del_ts. Emergency fees = SUM(fee_amt) of EMERG.
--   * on time: an AUTO delivery is on time when it is made on or before its stop's due_dt (the
--     forecast date the tank reaches its reorder level): toDate(del_ts) <= due_dt. On-time rate
--     = on-time AUTO deliveries / AUTO deliveries, as a percentage.
--   * run-outs: one runouts row per reported run-out (ro_ts), cause_cd 'FORECAST', 'NOACC',
--     'CREDIT', 'WILLCALL' (will-call customer ordered too late), 'EQUIP'; our_fault = 1 when
--     charged to the distributor.
--   * budget plan: customers with budget_yn = 'Y' pay ten monthly installments (August to May,
--     due the 15th, amt_cents in cents). pmt_status 'PAID' (on or before due_dt), 'LATE' (paid
--     after due_dt: it was paid), 'MISSED' (not paid, pmt_dt NULL) or 'DUE' (not yet due).
--     Amounts in dollars = amt_cents / 100. "Budget customers who missed" = distinct accounts.
--   * service calls: call_type 'NO_HEAT', 'LEAK', 'TUNEUP', 'INSTALL', 'OTHER'; call_status
--     'OPEN', 'DONE' or 'CXL' (cancelled; closed_ts is then the cancellation time). charge_amt
--     is the list price; plan-covered calls have billable_yn = 'N'. Service revenue =
--     SUM(charge_amt) of DONE, billable calls, dated by closed_ts. Time to close = closed_ts -
--     opened_ts of DONE calls, dated by opened_ts.
--   * tank inspections: company-owned tanks are inspected yearly (insp_type 'INSTALL',
--     'PERIODIC', 'LEAK_CHK'; result_cd 'PASS', 'COND', 'FAIL'; a FAIL gets a 30-day next_due_dt
--     and a LEAK_CHK re-inspection). A current company-owned tank is overdue when its most
--     recent inspection's next_due_dt is before today, or when it has never been inspected.
--     Failed inspections are dated by insp_dt.
--   * drivers: current drivers = term_dt IS NULL (a driver on leave is still current).
-- ============================================================================================

CREATE TABLE depots (
    dist_id        VARCHAR NOT NULL,      -- tenant: the fuel distributor
    depot_id       INTEGER NOT NULL,      -- unique across the platform
    depot_cd       VARCHAR NOT NULL,      -- e.g. 'LWL'
    depot_nm       VARCHAR NOT NULL,
    state_cd       VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL
);

CREATE TABLE trucks (
    dist_id        VARCHAR NOT NULL,
    trk_id         INTEGER NOT NULL,
    depot_id       INTEGER NOT NULL,      -- home depot
    unit_no        VARCHAR NOT NULL,      -- the number painted on the cab, e.g. 'L-14'
    trk_type       VARCHAR NOT NULL,      -- 'BOBTAIL' (retail delivery), 'TRANSPORT' (bulk, commercial drops)
    prod_cd        VARCHAR NOT NULL,      -- 'HO' heating oil, 'LP' propane
    cap_gal        INTEGER NOT NULL,
    in_svc_dt      DATE NOT NULL,
    out_svc_dt     DATE                   -- retired
);

CREATE TABLE drivers (
    dist_id        VARCHAR NOT NULL,
    drv_id         INTEGER NOT NULL,
    depot_id       INTEGER NOT NULL,
    drv_nm         VARCHAR NOT NULL,
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- NULL while employed
    hazmat_exp_dt  DATE NOT NULL          -- CDL hazmat endorsement expiry
);

CREATE TABLE accts (
    dist_id        VARCHAR NOT NULL,
    acct_id        INTEGER NOT NULL,
    acct_no        VARCHAR NOT NULL,
    acct_nm        VARCHAR NOT NULL,
    acct_type      VARCHAR NOT NULL,      -- 'RES' residential, 'COM' commercial
    depot_id       INTEGER NOT NULL,      -- servicing depot on the account
    town           VARCHAR NOT NULL,
    zip_cd         VARCHAR NOT NULL,
    open_dt        DATE NOT NULL,
    close_dt       DATE,                  -- NULL while the account is open
    budget_yn      VARCHAR NOT NULL,      -- 'Y' on the budget (level-payment) plan
    is_test        SMALLINT NOT NULL,     -- 1 = training / test account
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE tanks (
    dist_id        VARCHAR NOT NULL,
    tank_id        INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    prod_cd        VARCHAR NOT NULL,      -- 'HO', 'LP'
    tank_sz_gal    INTEGER NOT NULL,      -- nominal size (water capacity for LP)
    own_cd         VARCHAR NOT NULL,      -- 'CO' company-owned (leased), 'CUST' customer-owned
    install_dt     DATE NOT NULL,
    removed_dt     DATE,                  -- tank pulled / no longer served
    mon_yn         VARCHAR NOT NULL,      -- 'Y' when a remote tank monitor reports the level
    lvl_pct        SMALLINT,              -- last monitor reading, % full; NULL when no reading
    lvl_read_ts    TIMESTAMP,
    deleted_at     TIMESTAMP              -- tank keyed twice
);

CREATE TABLE contracts (
    dist_id        VARCHAR NOT NULL,
    ctr_id         INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    tank_id        INTEGER NOT NULL,
    plan_cd        VARCHAR NOT NULL,      -- 'AUTO' automatic fill, 'WILL' will-call
    price_cd       VARCHAR NOT NULL,      -- 'VAR' daily price, 'FIXED' fixed price, 'CAP' capped price
    fixed_ppg      DECIMAL(6,3),          -- the fixed or cap price per gallon
    start_dt       DATE NOT NULL,
    end_dt         DATE,                  -- NULL: open-ended
    ctr_status     VARCHAR NOT NULL       -- 'ACTIVE', 'EXP' expired, 'CXL' cancelled
);

CREATE TABLE stops (
    dist_id        VARCHAR NOT NULL,
    stop_id        INTEGER NOT NULL,
    route_id       VARCHAR NOT NULL,      -- 'R<depot>-<yymmdd>-<unit>'
    route_dt       DATE NOT NULL,
    depot_id       INTEGER NOT NULL,      -- the depot running the route
    trk_id         INTEGER NOT NULL,
    drv_id         INTEGER,               -- NULL until a driver is assigned
    tank_id        INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    seq_no         SMALLINT NOT NULL,
    due_dt         DATE NOT NULL,         -- auto-fill: forecast date the tank reaches its reorder level; will-call: promised date
    stop_status    VARCHAR NOT NULL,      -- 'DLVD', 'SKIP', 'NOACC' (no access), 'PEND' (planned)
    skip_rsn       VARCHAR                -- 'CUST_REQ', 'CREDIT_HOLD', 'NOT_NEEDED', 'BLOCKED', 'DOG', 'SNOW' ...
);

CREATE TABLE deliveries (
    dist_id        VARCHAR NOT NULL,
    del_id         BIGINT NOT NULL,
    tkt_no         VARCHAR NOT NULL,
    stop_id        INTEGER,               -- NULL for off-route tickets (first fills, emergencies, sub-haulers)
    tank_id        INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    depot_id       INTEGER NOT NULL,      -- the depot the truck loaded at (the account's depot for sub-haulers)
    trk_id         INTEGER,               -- NULL: sub-hauler
    drv_id         INTEGER,               -- NULL: sub-hauler
    del_ts         TIMESTAMP NOT NULL,
    prod_cd        VARCHAR NOT NULL,      -- 'HO', 'LP'
    del_type       VARCHAR NOT NULL,      -- 'AUTO', 'WILL', 'EMERG', 'FIRST'
    gal_qty        DECIMAL(8,1) NOT NULL,
    ppg            DECIMAL(6,3) NOT NULL, -- price per gallon charged
    ext_amt        DECIMAL(10,2) NOT NULL,-- gal_qty * ppg
    fee_amt        DECIMAL(8,2) NOT NULL, -- emergency / after-hours and small-delivery fees
    tax_amt        DECIMAL(8,2) NOT NULL,
    inv_amt        DECIMAL(10,2) NOT NULL,-- ext_amt + fee_amt + tax_amt
    is_test        SMALLINT NOT NULL,     -- 1 = ticket printed in the handheld's training mode
    is_void        SMALLINT NOT NULL      -- 1 = ticket voided (re-issued under a new number)
);

CREATE TABLE budget_pmts (
    dist_id        VARCHAR NOT NULL,
    pmt_id         INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    season_cd      VARCHAR NOT NULL,      -- budget season, e.g. '2026-27' (installments August to May)
    inst_no        SMALLINT NOT NULL,     -- 1..10
    due_dt         DATE NOT NULL,         -- the 15th of the month
    pmt_dt         DATE,                  -- NULL: not paid
    amt_cents      INTEGER NOT NULL,      -- installment amount, cents
    pmt_status     VARCHAR NOT NULL,      -- 'PAID' (by due date), 'LATE' (paid after it), 'MISSED', 'DUE' (not yet due)
    is_void        SMALLINT NOT NULL      -- 1 = keyed in error
);

CREATE TABLE svc_calls (
    dist_id        VARCHAR NOT NULL,
    call_id        INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    tank_id        INTEGER,
    call_type      VARCHAR NOT NULL,      -- 'NO_HEAT', 'LEAK', 'TUNEUP', 'INSTALL', 'OTHER'
    opened_ts      TIMESTAMP NOT NULL,
    closed_ts      TIMESTAMP,             -- completion, or cancellation time for CXL calls
    call_status    VARCHAR NOT NULL,      -- 'OPEN', 'DONE', 'CXL'
    billable_yn    VARCHAR NOT NULL,      -- 'Y' billed to the customer
    charge_amt     DECIMAL(8,2) NOT NULL  -- list price of the work; billed only when billable_yn = 'Y' (0 on CXL)
);

CREATE TABLE tank_insps (
    dist_id        VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    tank_id        INTEGER NOT NULL,
    insp_dt        DATE NOT NULL,
    insp_type      VARCHAR NOT NULL,      -- 'INSTALL', 'PERIODIC', 'LEAK_CHK'
    result_cd      VARCHAR NOT NULL,      -- 'PASS', 'COND' (pass with conditions), 'FAIL'
    next_due_dt    DATE NOT NULL
);

CREATE TABLE runouts (
    dist_id        VARCHAR NOT NULL,
    ro_id          INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,
    tank_id        INTEGER NOT NULL,
    ro_ts          TIMESTAMP NOT NULL,    -- when the customer reported the run-out
    cause_cd       VARCHAR NOT NULL,      -- 'FORECAST', 'NOACC', 'CREDIT', 'WILLCALL', 'EQUIP'
    our_fault      SMALLINT NOT NULL,     -- 1 = charged to the distributor (forecast miss, missed stop)
    recov_del_id   BIGINT                 -- the delivery that refilled it
);
