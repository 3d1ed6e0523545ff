-- ============================================================================================
-- bike_repair_shops: the warehouse of a bicycle repair and retail platform (DuckDB DDL for
-- labelling)
--
-- Company: "Spokewise" sells shop-management software to independent bike shops and small
-- chains: the service desk (workstands, mechanics, service tickets with estimates, parts and
-- labour lines, warranty repairs, e-bike battery tests), bike sales new and used with trade-ins,
-- rentals and a loyalty programme. Every shop group is a tenant of one shared SQLite warehouse
-- (one file per region, all tables keyed by tenant_id). The deployment here is tenant
-- 'BK-0927', Cadence Cycle Co. of Portland: Cadence Downtown (shop 11), Cadence Eastside (12),
-- Cadence Lakeshore (13, opened on 2026-04-18) and the Cadence Airport Kiosk (14), closed at the
-- end of 2025 and soft-deleted on 2026-01-10 with its 2025 history kept. Other tenants in the
-- warehouse: 'BK-0311' (Ridgeline Bikes) and 'BK-0554' (Pedal & Co).
--
-- Warehouse: SQLite 3.45. Dates are TEXT 'YYYY-MM-DD' and timestamps TEXT 'YYYY-MM-DD HH:MM:SS'
-- (local shop time), compared as text; date(), datetime(), strftime() ('%w': 0 = Sunday),
-- julianday(), the 'now' modifiers ('start of month', '-1 month', 'weekday 0'), IIF, FILTER,
-- window functions and CTEs are available; `/` between integers is integer division. Money is
-- INTEGER cents; flags are 0/1 (is_test, void_flg) or 'Y'/'N' (warranty_yn, active_yn). The
-- agent writes dialect `sqlite`.
-- Agent: `spoke-sql`, versions 3.4, 3.5 and 3.6, deployed for tenant 'BK-0927'.
-- Log window: 2026-11-02 to 2026-11-27; the warehouse copy the log was answered on is loaded up
-- to 2026-10-31 (nothing dated after it, except promised dates of open tickets, the due dates of
-- rentals still out and rentals reserved ahead for November). So "last month" is October 2026,
-- "last quarter" July-September 2026 (Q3), "ytd" / "this year" 2026 to date, "last year" 2025,
-- "last 6 months" the six whole months May-October 2026, "last 90 days" / "last 12 months" the
-- rolling window back from the record's date (date('now', '-90 days'), date('now',
-- '-12 months')), "rn" / "right now" the state at the record's date (promised dates and due
-- dates compared with today / now).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'BK-0927'` on every table of every query (row policy; ids are unique
--     across the platform, but the parts catalogue is copied to every tenant under the same
--     part_sku, so a parts join needs tenant_id as well as part_sku);
--   * test rows: `is_test = 0` on customers (the profiles 'Shop Test' and 'Training Customer')
--     and service_tickets (training tickets keyed on those profiles, with labour and part lines
--     and mechanics' time). Loyalty rows of the training profiles are excluded only through
--     customers (join customers and keep is_test = 0);
--   * voids: `void_flg = 0` on ticket_lines (a line keyed in error and re-keyed) and bike_sales
--     (a sale rung in error);
--   * soft deletes: `deleted_at IS NULL` on shops (the closed Airport Kiosk, history kept, no
--     rows dated after 2025), mechanics (a profile keyed twice, no tickets) and customers (merged
--     duplicate profiles whose tickets, bikes and points were moved to the surviving profile).
--     These matter where that table is the population counted or listed.
--
-- Business conventions of Cadence (what a careful analyst would apply):
--   * service_tickets: one row per job on one bike. svc_type 'TUNE_UP', 'OVERHAUL', 'FLAT_FIX',
--     'BRAKE', 'EBIKE_BATT' (e-bike battery service) or 'BUILD'. status 'OPEN' (checked in, not
--     started), 'IN_PROG', 'WAIT_PARTS', 'READY' (work done, waiting for pickup, ready_ts set),
--     'PICKED_UP' (pickup_ts set) or 'CANCELLED' (estimate declined, or the customer took the bike
--     back). "Open tickets" = OPEN, IN_PROG and WAIT_PARTS (not yet ready). cust_id and bike_id
--     are NULL for walk-in flat fixes with no customer profile; mech_id is NULL while a ticket is
--     unassigned. "Tickets" / "jobs" in a period = non-cancelled tickets dated by checkin_ts.
--   * estimates: every job but a flat fix gets an estimate (est_total_cents, est_ts when sent,
--     est_status 'PENDING', 'APPROVED' or 'DECLINED'; NULL on flat fixes). Estimates are dated by
--     est_ts; approval rate = APPROVED / (APPROVED + DECLINED) as a percentage (pending left out);
--     "declined $" = SUM(est_total_cents) of DECLINED estimates.
--   * turnaround = calendar days from the check-in date to the ready date
--     (date(ready_ts) - date(checkin_ts)), for tickets that reached READY; dated by ready_ts.
--     "On time" = ready on or before the promised date (date(ready_ts) <= promised_dt; flat fixes
--     are promised the same day); on-time rate = on-time / completed tickets, dated by ready_ts.
--   * warranty repairs: warranty_yn = 'Y' (claimed from the brand; the customer pays nothing),
--     not cancelled, dated by checkin_ts, by the bike's brand.
--   * ticket_lines: line_type 'LABOUR' (mech_id = who did it, labour_min the minutes booked) or
--     'PART' (part_sku, qty). ext_amt_cents = qty * unit_price_cents - disc_cents, the amount
--     charged. Service revenue = SUM(ext_amt_cents) of non-void lines of PICKED_UP tickets with
--     warranty_yn = 'N', dated by the ticket's pickup_ts; parts revenue / labour revenue the same
--     for PART / LABOUR lines. "Ticket value" = that sum per ticket. Labour hours =
--     SUM(labour_min) / 60.0 of non-void LABOUR lines, by the line's mech_id and added_ts, of
--     non-test tickets.
--   * battery_tests: one row per bench test of an e-bike battery (a retest the next day is a
--     second row); result_cd 'PASS', 'DEGRADED' or 'REPLACE'. A battery service "ended in a
--     replace" when any of its tests says REPLACE.
--   * bike_sales: one row per bike sold; cond_cd 'NEW' or 'USED'. Bike sales revenue =
--     SUM(price_cents) of non-void sales dated by sold_ts (gross, before the trade-in credit);
--     a sale "with a trade-in" has tradein_bike_id set and tradein_credit_cents > 0
--     (tradein_credit_cents is 0, never NULL, when there was none).
--   * rentals: status 'RESERVED', 'OUT', 'RETURNED', 'CANCELLED' or 'NO_SHOW' (never
--     collected; total_cents then holds the no-show fee). Rentals are dated by sched_out_ts.
--     Rental revenue = SUM(total_cents) of RETURNED rentals; no-show rate = NO_SHOW / rentals
--     not cancelled. "Still out past due" = status 'OUT' with due_ts before now.
--   * loyalty_txns: pts > 0 earned (SERVICE, SALE, ADJ), pts < 0 spent (REDEEM) or lapsed
--     (EXPIRE). Balance = SUM(pts) of all rows; points redeemed = -SUM(pts) of REDEEM rows.
--   * customers: "new customers" = by signup_dt. A customer who "never brought a bike in" has no
--     service ticket at all (any status).
--   * mechanics: level_cd 'JR', 'SR', 'LEAD'; "current" mechanics = term_dt IS NULL (and not
--     deleted). A mechanic "finished" a ticket when it is the ticket's mech_id and its ready_ts
--     falls in the period.
-- ============================================================================================

CREATE TABLE shops (
    tenant_id      VARCHAR NOT NULL,
    shop_id        INTEGER NOT NULL,      -- unique across the platform
    shop_cd        VARCHAR NOT NULL,      -- e.g. 'DTN'
    shop_nm        VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE workstands (
    tenant_id      VARCHAR NOT NULL,
    stand_id       INTEGER NOT NULL,
    shop_id        INTEGER NOT NULL,
    stand_nm       VARCHAR NOT NULL,      -- e.g. 'DTN-2'
    stand_type     VARCHAR NOT NULL,      -- 'STD', 'EBIKE', 'WHEEL'
    active_yn      VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE mechanics (
    tenant_id      VARCHAR NOT NULL,
    mech_id        INTEGER NOT NULL,
    shop_id        INTEGER NOT NULL,      -- home shop
    mech_nm        VARCHAR NOT NULL,
    level_cd       VARCHAR NOT NULL,      -- 'JR', 'SR', 'LEAD'
    hourly_rate_cents INTEGER NOT NULL,
    hired_dt       DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE customers (
    tenant_id      VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    email          VARCHAR,               -- NULL when not given
    home_shop_id   INTEGER,
    signup_dt      DATE NOT NULL,
    loyalty_tier   VARCHAR NOT NULL,      -- 'NONE', 'SILVER', 'GOLD'
    is_test        INTEGER NOT NULL,      -- 0/1
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE bikes (
    tenant_id      VARCHAR NOT NULL,
    bike_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,      -- owner
    brand_nm       VARCHAR NOT NULL,      -- e.g. 'Trek'
    model_nm       VARCHAR NOT NULL,
    bike_type      VARCHAR NOT NULL,      -- 'ROAD', 'MTB', 'HYBRID', 'GRAVEL', 'EBIKE', 'KIDS', 'CARGO'
    model_yr       INTEGER,
    serial_no      VARCHAR
);

CREATE TABLE service_tickets (
    tenant_id      VARCHAR NOT NULL,
    ticket_id      INTEGER NOT NULL,
    shop_id        INTEGER NOT NULL,
    stand_id       INTEGER NOT NULL,
    bike_id        INTEGER,               -- NULL for a walk-in flat fix
    cust_id        INTEGER,               -- NULL for a walk-in flat fix
    mech_id        INTEGER,               -- assigned mechanic; NULL while unassigned
    svc_type       VARCHAR NOT NULL,      -- 'TUNE_UP', 'OVERHAUL', 'FLAT_FIX', 'BRAKE', 'EBIKE_BATT', 'BUILD'
    warranty_yn    VARCHAR NOT NULL,      -- 'Y' / 'N'
    status         VARCHAR NOT NULL,      -- 'OPEN', 'IN_PROG', 'WAIT_PARTS', 'READY', 'PICKED_UP', 'CANCELLED'
    checkin_ts     TIMESTAMP NOT NULL,
    promised_dt    DATE NOT NULL,
    ready_ts       TIMESTAMP,
    pickup_ts      TIMESTAMP,
    est_total_cents INTEGER,              -- NULL on flat fixes
    est_status     VARCHAR,               -- 'PENDING', 'APPROVED', 'DECLINED'; NULL on flat fixes
    est_ts         TIMESTAMP,             -- when the estimate was sent
    is_test        INTEGER NOT NULL       -- 0/1
);

CREATE TABLE ticket_lines (
    tenant_id      VARCHAR NOT NULL,
    line_id        INTEGER NOT NULL,
    ticket_id      INTEGER NOT NULL,
    line_type      VARCHAR NOT NULL,      -- 'PART', 'LABOUR'
    part_sku       VARCHAR,               -- PART lines
    mech_id        INTEGER,               -- LABOUR lines: who did the work
    qty            INTEGER NOT NULL,
    unit_price_cents INTEGER NOT NULL,
    disc_cents     INTEGER NOT NULL,
    ext_amt_cents  INTEGER NOT NULL,      -- qty * unit_price_cents - disc_cents
    labour_min     INTEGER,               -- LABOUR lines: minutes booked
    added_ts       TIMESTAMP NOT NULL,
    void_flg       INTEGER NOT NULL       -- 0/1
);

CREATE TABLE parts (
    tenant_id      VARCHAR NOT NULL,
    part_sku       VARCHAR NOT NULL,      -- same sku in every tenant's copy of the catalogue
    part_nm        VARCHAR NOT NULL,
    category       VARCHAR NOT NULL,      -- 'TIRE', 'TUBE', 'DRIVETRAIN', 'BRAKE', 'CABLE', 'BATTERY', 'ACCESSORY'
    unit_cost_cents INTEGER NOT NULL,
    list_price_cents INTEGER NOT NULL,
    active_yn      VARCHAR NOT NULL
);

CREATE TABLE battery_tests (
    tenant_id      VARCHAR NOT NULL,
    test_id        INTEGER NOT NULL,
    ticket_id      INTEGER NOT NULL,
    bike_id        INTEGER,
    test_ts        TIMESTAMP NOT NULL,
    capacity_pct   INTEGER NOT NULL,
    charge_cycles  INTEGER,
    result_cd      VARCHAR NOT NULL       -- 'PASS', 'DEGRADED', 'REPLACE'
);

CREATE TABLE bike_sales (
    tenant_id      VARCHAR NOT NULL,
    sale_id        INTEGER NOT NULL,
    shop_id        INTEGER NOT NULL,
    cust_id        INTEGER,
    sold_ts        TIMESTAMP NOT NULL,
    cond_cd        VARCHAR NOT NULL,      -- 'NEW', 'USED'
    bike_type      VARCHAR NOT NULL,
    brand_nm       VARCHAR NOT NULL,
    price_cents    INTEGER NOT NULL,      -- sale price, before any trade-in credit
    tradein_bike_id INTEGER,              -- the bike taken in trade; NULL when none
    tradein_credit_cents INTEGER NOT NULL, -- 0 when no trade-in
    void_flg       INTEGER NOT NULL       -- 0/1
);

CREATE TABLE rentals (
    tenant_id      VARCHAR NOT NULL,
    rental_id      INTEGER NOT NULL,
    shop_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    bike_type      VARCHAR NOT NULL,
    booked_ts      TIMESTAMP NOT NULL,
    sched_out_ts   TIMESTAMP NOT NULL,    -- scheduled pickup of the rental bike
    out_ts         TIMESTAMP,             -- actual pickup; NULL unless OUT or RETURNED
    due_ts         TIMESTAMP NOT NULL,
    return_ts      TIMESTAMP,
    status         VARCHAR NOT NULL,      -- 'RESERVED', 'OUT', 'RETURNED', 'CANCELLED', 'NO_SHOW'
    total_cents    INTEGER NOT NULL       -- charged (RETURNED), quoted (CANCELLED, RESERVED, OUT) or the no-show fee
);

CREATE TABLE loyalty_txns (
    tenant_id      VARCHAR NOT NULL,
    txn_id         INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    txn_ts         TIMESTAMP NOT NULL,
    src_cd         VARCHAR NOT NULL,      -- 'SERVICE', 'SALE', 'ADJ' (earned), 'REDEEM', 'EXPIRE'
    pts            INTEGER NOT NULL       -- + earned, - redeemed or expired
);
