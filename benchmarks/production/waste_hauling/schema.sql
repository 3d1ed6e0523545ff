-- ============================================================================================
-- waste_hauling: a waste-collection hauler platform's operations warehouse, shared by the
-- haulers that host on it (DuckDB DDL for labelling)
--
-- Company: "CurbLedger" runs routing, scale-house and billing software for commercial and
-- residential waste haulers. Every hosted hauler's customer accounts and service sites,
-- routes, trucks and drivers, scheduled and completed pickups (lifts), landfill / transfer
-- station / MRF / compost disposal tickets, extra and bulk pickup requests, invoices and truck
-- maintenance sit in one shared warehouse keyed by hauler_id. Haulers get a text-to-SQL
-- assistant, "binbot", in the dispatch console.
--
-- Warehouse: BigQuery (sqlglot dialect `bigquery`), project `haulops-prod`, dataset `ops`:
-- DATE_TRUNC(d, MONTH), DATE_SUB / DATE_ADD, DATE_DIFF(a, b, DAY), COUNTIF, SAFE_DIVIDE,
-- QUALIFY, PERCENTILE_CONT(x, 0.5) OVER (); `/` always divides as a FLOAT64. Timestamps UTC.
-- Agent: `binbot`, versions 3.1, 3.2 and 3.3, deployed for hauler 'WH-2291' ("Tri-County
-- Disposal", two yards, residential cart routes, commercial front-load and roll-off routes);
-- the console shows at most 5000 rows.
-- Log window: 2026-11-02 to 2026-11-24 (3.1 answered Nov 2-8, 3.2 Nov 9-15, 3.3 Nov 16-24).
-- The warehouse is the month-end close snapshot of 2026-10-31 (the November load runs after
-- month-end billing, past the log window): it holds every fact up to 2026-10-31 and nothing
-- later. So "last month" is October 2026, "this quarter" Q4 2026 to date, "last quarter" /
-- "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025, "in March"
-- March 2026, "in September" September 2026.
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `hauler_id = 'WH-2291'` on every table (every table carries it; ids are unique
--     across the platform, so a table joined on its id to a guarded one inherits the tenant);
--   * test data: sales-demo and route-trial accounts and lifts carry `is_test = TRUE`;
--     `is_test = FALSE` on every table that carries it (customers, lifts). Test accounts are
--     never billed (they have no invoices);
--   * soft deletes: `deleted_at IS NULL` on customers (duplicate accounts merged into another;
--     they carry no activity) and svc_sites (sites keyed in error, and the sites of sales
--     demos and route trials, soft-deleted when the trial ends; their lifts stay, is_test);
--   * void scale tickets: `is_void = FALSE` on disp_tkts (a voided ticket was re-weighed and
--     re-issued under a new tkt_no: a void never counts, in tons or fees).
--
-- Business conventions (what Tri-County's managers mean):
--   * customers / accounts = rows of customers; acct_type 'RES' residential, 'COM'
--     commercial, 'RO' roll-off (industrial / construction). An active customer (account) is
--     acct_status 'A' ('S' suspended for non-payment, 'C' closed). New accounts are dated by
--     open_dt, whatever their status now.
--   * sites = svc_sites: a container at an address; cont_type 'CART' (residential carts),
--     'FEL' (front-load dumpsters), 'RO' (roll-off boxes); cont_yd = container size in cubic
--     yards; freq_per_wk = scheduled pickups a week; svc_days = 'MO,TH' ...; stream_cd the
--     material collected. A site is active when start_dt <= today and end_dt is NULL or later
--     than today (end_dt = the day service stopped).
--   * streams: 'MSW' (municipal solid waste / trash), 'REC' (single-stream recycling), 'ORG'
--     (organics / yard waste / food), 'CD' (construction and demolition).
--   * lift = a scheduled pickup of a site (lifts), dated by sched_dt (the service day it was
--     scheduled for). lift_status 'C' completed (lift_ts = when the truck lifted the
--     container), 'M' missed (the hauler's fault: exc_rsn_cd 'BRK' truck breakdown, 'LATE'
--     route not finished, 'WX' weather), 'S' skipped (the customer's side: 'BLK' blocked,
--     'NOUT' container not out, 'OVF' overloaded). A stop = a completed lift.
--     Missed-pickup rate = missed lifts / all scheduled lifts (C, M and S) of the period.
--     Extra pickups ordered by the customer are lifts too (is_extra = TRUE).
--     Same-day rate = completed lifts whose lift_ts falls on sched_dt / completed lifts.
--     A lift's route, truck and driver are those on the lift (lifts.route_id, truck_id,
--     drv_id), not the site's default route. Residential lifts = lifts of RES accounts.
--   * contamination: a completed lift with contam_cd set ('BAG' bagged recyclables, 'FOOD',
--     'HAZ', 'OTH') was tagged. Contamination rate of a stream = tagged completed lifts /
--     completed lifts of sites of that stream. contam_fee_amt = 0 when the fee was waived.
--   * tonnage = SUM(net_tons) of disposal tickets (disp_tkts), dated by tkt_dt (the scale
--     date); gross_lb and tare_lb are the scale weights in pounds (net_tons =
--     (gross_lb - tare_lb) / 2000). fac_type 'LF' landfill, 'TS' transfer station, 'MRF'
--     recycling facility, 'CMP' compost site; "to the landfill" = fac_type 'LF'.
--   * tipping fees = SUM(tip_fee_amt) of the tickets (each ticket has a minimum charge);
--     tipping fee per ton = SUM(tip_fee_amt) / SUM(net_tons), as totals.
--   * diversion rate = tons of REC and ORG / all tons (every stream, C&D included).
--   * extra_reqs: req_type 'EXTRA' (an extra pickup of the site's container) or 'BULK' (bulky
--     items: furniture, appliances); dated by req_dt (when the customer asked); req_status
--     'OPEN', 'DONE' (done_dt), 'CXL'. Requests count whatever their status; days to
--     complete = DATE_DIFF(done_dt, req_dt, DAY) of DONE requests.
--   * invoices: one a month per account, dated by inv_dt; inv_status 'O' open, 'P' paid, 'W'
--     written off, 'V' void (re-issued under a new inv_no for a correction: a void never
--     counts). total_amt = svc_amt + fuel_sur_amt + extra_amt - credit_amt.
--     Revenue = SUM(total_amt) of non-void invoices by inv_dt. Service revenue = svc_amt.
--     Fuel surcharge % = SUM(fuel_sur_amt) / SUM(svc_amt) * 100. Credits = credit_amt (missed
--     pickup and service credits) of non-void invoices by inv_dt.
--     Write-offs = wo_amt, dated by wo_dt (when it was written off, not the invoice date).
--     paid_amt is NULL when nothing has been paid. Outstanding / open balance =
--     SUM(total_amt - COALESCE(paid_amt, 0)) of open ('O') invoices, due or not.
--   * trucks: the fleet = trucks with out_svc_dt IS NULL; per-truck averages are over the
--     trucks in the fleet (a truck with no downtime counts as 0).
--   * truck_maint: work orders, dated by open_dt; maint_type 'PM' preventive maintenance,
--     'REP' repair, 'TIRE', 'HYD' hydraulics; down_hrs = hours the truck was out of service.
--   * drivers: shift_cd 'AM', 'PM', 'SAT'; a driver's lifts are lifts.drv_id.
-- ============================================================================================

CREATE TABLE customers (
    hauler_id    VARCHAR NOT NULL,
    acct_id      INTEGER PRIMARY KEY,     -- unique across the platform
    acct_no      VARCHAR NOT NULL,        -- e.g. 'TC-004512'
    acct_nm      VARCHAR NOT NULL,
    acct_type    VARCHAR NOT NULL,        -- RES residential, COM commercial, RO roll-off
    bill_cycle   VARCHAR NOT NULL,        -- M monthly, Q quarterly (billed monthly all the same)
    open_dt      DATE NOT NULL,
    close_dt     DATE,
    acct_status  VARCHAR NOT NULL,        -- A active, S suspended, C closed
    is_test      BOOLEAN NOT NULL,
    deleted_at   TIMESTAMP
);

CREATE TABLE svc_sites (
    hauler_id    VARCHAR NOT NULL,
    site_id      INTEGER PRIMARY KEY,
    acct_id      INTEGER NOT NULL,
    addr_ln      VARCHAR NOT NULL,
    city_nm      VARCHAR NOT NULL,
    cont_type    VARCHAR NOT NULL,        -- CART, FEL front-load, RO roll-off
    cont_yd      DECIMAL(4,1) NOT NULL,   -- container size, cubic yards (a 96-gal cart ~ 0.5)
    cont_qty     INTEGER NOT NULL,
    stream_cd    VARCHAR NOT NULL,        -- MSW, REC, ORG, CD
    freq_per_wk  INTEGER NOT NULL,
    svc_days     VARCHAR NOT NULL,        -- 'MO,TH'
    dflt_route_id INTEGER NOT NULL,
    start_dt     DATE NOT NULL,
    end_dt       DATE,                    -- last day of service; NULL = open-ended
    deleted_at   TIMESTAMP
);

CREATE TABLE routes (
    hauler_id    VARCHAR NOT NULL,
    route_id     INTEGER PRIMARY KEY,
    route_cd     VARCHAR NOT NULL,        -- e.g. 'R101'
    route_type   VARCHAR NOT NULL,        -- RES, COM, RO
    yard_cd      VARCHAR NOT NULL,
    is_active    BOOLEAN NOT NULL
);

CREATE TABLE trucks (
    hauler_id    VARCHAR NOT NULL,
    truck_id     INTEGER PRIMARY KEY,
    unit_no      VARCHAR NOT NULL,        -- e.g. 'T-214'
    body_type    VARCHAR NOT NULL,        -- ASL automated side-load, FEL, REL rear-load, RO
    make_nm      VARCHAR NOT NULL,
    model_yr     SMALLINT NOT NULL,
    in_svc_dt    DATE NOT NULL,
    out_svc_dt   DATE                     -- NULL = still in the fleet
);

CREATE TABLE drivers (
    hauler_id    VARCHAR NOT NULL,
    drv_id       INTEGER PRIMARY KEY,
    drv_nm       VARCHAR NOT NULL,
    shift_cd     VARCHAR NOT NULL,        -- AM, PM, SAT
    hire_dt      DATE NOT NULL,
    term_dt      DATE
);

CREATE TABLE lifts (
    hauler_id    VARCHAR NOT NULL,
    lift_id      BIGINT PRIMARY KEY,
    site_id      INTEGER NOT NULL,
    route_id     INTEGER NOT NULL,
    truck_id     INTEGER NOT NULL,
    drv_id       INTEGER NOT NULL,
    sched_dt     DATE NOT NULL,
    lift_ts      TIMESTAMP,               -- NULL unless completed
    lift_status  VARCHAR NOT NULL,        -- C completed, M missed, S skipped
    exc_rsn_cd   VARCHAR,                 -- M: BRK, LATE, WX; S: BLK, NOUT, OVF
    is_extra     BOOLEAN NOT NULL,
    contam_cd    VARCHAR,                 -- BAG, FOOD, HAZ, OTH; NULL = not tagged
    contam_fee_amt DECIMAL(8,2),
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE disp_tkts (
    hauler_id    VARCHAR NOT NULL,
    tkt_id       BIGINT PRIMARY KEY,
    tkt_no       VARCHAR NOT NULL,
    fac_cd       VARCHAR NOT NULL,        -- e.g. 'LF-NORTH', 'TS-EAST'
    fac_type     VARCHAR NOT NULL,        -- LF, TS, MRF, CMP
    truck_id     INTEGER NOT NULL,
    route_id     INTEGER NOT NULL,
    tkt_dt       DATE NOT NULL,
    tkt_ts       TIMESTAMP NOT NULL,
    stream_cd    VARCHAR NOT NULL,        -- MSW, REC, ORG, CD
    gross_lb     INTEGER NOT NULL,
    tare_lb      INTEGER NOT NULL,
    net_tons     DECIMAL(6,2) NOT NULL,
    tip_fee_amt  DECIMAL(10,2) NOT NULL,
    is_void      BOOLEAN NOT NULL
);

CREATE TABLE extra_reqs (
    hauler_id    VARCHAR NOT NULL,
    req_id       INTEGER PRIMARY KEY,
    site_id      INTEGER NOT NULL,
    req_dt       DATE NOT NULL,
    req_type     VARCHAR NOT NULL,        -- EXTRA, BULK
    item_qty     INTEGER NOT NULL,
    req_status   VARCHAR NOT NULL,        -- OPEN, DONE, CXL
    done_dt      DATE,
    charge_amt   DECIMAL(8,2) NOT NULL
);

CREATE TABLE invoices (
    hauler_id    VARCHAR NOT NULL,
    inv_id       INTEGER PRIMARY KEY,
    inv_no       VARCHAR NOT NULL,
    acct_id      INTEGER NOT NULL,
    inv_dt       DATE NOT NULL,
    due_dt       DATE NOT NULL,
    svc_amt      DECIMAL(10,2) NOT NULL,
    fuel_sur_amt DECIMAL(10,2) NOT NULL,
    extra_amt    DECIMAL(10,2) NOT NULL,
    credit_amt   DECIMAL(10,2) NOT NULL,
    total_amt    DECIMAL(10,2) NOT NULL,
    paid_amt     DECIMAL(10,2),           -- NULL = nothing paid
    wo_amt       DECIMAL(10,2) NOT NULL,
    wo_dt        DATE,
    inv_status   VARCHAR NOT NULL         -- O open, P paid, W written off, V void
);

CREATE TABLE truck_maint (
    hauler_id    VARCHAR NOT NULL,
    wo_id        INTEGER PRIMARY KEY,
    truck_id     INTEGER NOT NULL,
    open_dt      DATE NOT NULL,
    close_dt     DATE,
    maint_type   VARCHAR NOT NULL,        -- PM, REP, TIRE, HYD
    down_hrs     DECIMAL(6,1) NOT NULL,
    cost_amt     DECIMAL(10,2) NOT NULL
);
