-- ============================================================================================
-- tire_shops: the warehouse of a tire-shop chain platform (DuckDB DDL for labelling)
--
-- Company: "TreadLink" sells shop-management software (bookings, work orders, point of sale,
-- inventory and the seasonal tire hotel) to independent tire dealers. Every dealer is a tenant of
-- one shared warehouse, a SQLite analytics replica rebuilt every night from the platform's
-- operational databases; every table is keyed by dealer_id. The deployment here is dealer
-- 'TD-0412', Northway Tire & Auto, with shops Bellmore (11), Cedar Falls (12), Harbor Point (13),
-- Ridgeview (14, opened on 2026-09-14, no tire hotel: it has no storage racks) and Old Mill (15,
-- closed at the end of 2025 and soft-deleted, its 2025 history kept). Other tenants in the
-- warehouse: 'TD-0388' (Summit Tire Pros) and 'TD-0517' (Coastline Wheels).
--
-- Warehouse: SQLite 3.40. Dates are ISO text 'YYYY-MM-DD', timestamps ISO text
-- 'YYYY-MM-DD HH:MM:SS' in shop local time; date('now', 'start of month', '-1 month'),
-- strftime('%Y-%m', d), julianday(), IIF, COUNT(*) FILTER (WHERE ...), window functions and CTEs;
-- no QUALIFY, no DATE_TRUNC; `/` between integers is integer division. Flags are INTEGER 0/1
-- except vehicles.active_yn ('Y'/'N'). Money is INTEGER cents everywhere (*_cents); answers
-- report dollars (cents / 100.0).
-- Agent: `tread-sql`, versions 5.3, 5.4 and 5.5, deployed for dealer 'TD-0412'.
-- Log window: 2026-11-02 to 2026-11-27. The replica the agent queries was frozen at the load of
-- 2026-11-01 for the platform's November migration: nothing is dated after 2026-10-31 except work
-- orders booked ahead (status SCHEDULED, or CANCELLED before the day) and the stock snapshot of
-- 2026-11-01. So "last month" is October 2026, "this month" November 2026 (nothing but bookings
-- ahead), "last quarter" July-September 2026, "ytd" / "this year" 2026-01-01 to today, "last
-- year" 2025, "october last year" October 2025, "rn" / "right now" / "currently" the state at the
-- load (the latest stock snapshot, sets not checked out).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `dealer_id = 'TD-0412'` on every table of every query (row policy; ids are unique
--     across the platform, so joins on the id alone are safe);
--   * test rows: `is_test = 0` on customers (profiles 'TEST CUSTOMER POS' and 'Training Account'),
--     work_orders and invoices (the training till: jobs rung for those profiles);
--   * voids: `void_flg = 0` on invoices (invoices rung in error; the job is re-rung on a new
--     invoice, so the voided one's lines must not count);
--   * soft deletes: `deleted_at IS NULL` on shops (Old Mill), technicians (a duplicate profile of
--     Marco Diaz with no work orders) and customers (merged or duplicate profiles, with no work
--     orders of their own). They matter where that table is the population counted or listed.
--
-- Business conventions of the dealer (what a careful analyst applies):
--   * work_orders: one row per job, created when booked (src_cd 'WEB' or 'PHONE', booked_ts and
--     appt_ts set) or when a walk-in arrives (src_cd 'WALKIN', booked_ts and appt_ts NULL).
--     svc_type 'MOUNT_BAL' (mount and balance of new tires), 'ROTATION', 'ALIGNMENT',
--     'FLAT_REPAIR', 'SEASON_SWAP' (swap to the other seasonal set, usually with storage of the
--     set taken off). status 'SCHEDULED' (booked, day not come), 'OPEN' (in a bay), 'DONE',
--     'NO_SHOW', 'CANCELLED'. opened_ts = into the bay, promised_ts = time promised to the
--     customer, closed_ts = done; tech_id only on OPEN and DONE jobs.
--     "completed" / "done" work orders = status 'DONE', dated by closed_ts. Walk-ins = src_cd
--     'WALKIN'. Appointments = booked work orders (src_cd 'WEB' or 'PHONE'), dated by appt_ts;
--     "cancelled appointments" = status 'CANCELLED' dated by appt_ts (the day they were for).
--   * no-show rate = NO_SHOW / appointments that came due (status DONE, OPEN or NO_SHOW), walk-ins
--     and cancellations left out, by appt_ts.
--   * on time = a DONE job with closed_ts <= promised_ts; on-time rate = on-time / DONE jobs, by
--     closed_ts. Time in bay = closed_ts - opened_ts in minutes.
--   * invoices: one per completed job (wo_id) or counter sale (wo_id NULL: tires sold over the
--     counter, cust_id NULL when the buyer gave no name; counter buyers without a customer count
--     as RETAIL). Dated by inv_dt. total_cents = all lines + tax_cents.
--   * inv_lines: line_type 'TIRE' (sku_id set, qty = tires), 'PART' (valve stems, TPMS kits),
--     'LABOR', 'DISPOSAL' (the state tire-disposal fee, a pass-through collected for the state),
--     'RHP' (road-hazard protection sold per tire), 'STORAGE' (tire-hotel fee for one season).
--   * revenue = SUM(ext_cents) of the lines of non-void, non-test invoices, DISPOSAL lines
--     excluded (pass-through) and tax excluded (tax is on the header only), by inv_dt.
--     Tire revenue / labor revenue / disposal fees = the TIRE / LABOR / DISPOSAL lines alone.
--     Average ticket = revenue / number of those invoices.
--   * tires sold = SUM(qty) of TIRE lines of non-void, non-test invoices, by inv_dt (returns are
--     not netted out unless "net" is asked). Returns: one row per return, qty tires, by ret_dt;
--     return rate = returned tires (by ret_dt) / tires sold (by inv_dt) over the same period.
--   * storage_sets (tire hotel): one row per seasonal set stored; season_cd is the season of the
--     tires in storage (a WINTER set is stored over the summer); "in storage" / "in the hotel" =
--     checkout_dt IS NULL.
--   * shop_stock: one snapshot row per shop and stocked SKU on each snap_dt; a SKU with no row on
--     a snapshot is not stocked there (0 on hand). Stock "rn" = the latest snapshot
--     (2026-11-01); below reorder point = qty_on_hand < reorder_pt.
--   * technicians: current techs = term_dt IS NULL and deleted_at IS NULL.
--   * vehicles: sold or scrapped vehicles stay on file with active_yn = 'N'; a customer's
--     vehicles = active_yn = 'Y'.
--   * claims: warranty and road-hazard claims against an earlier invoice; claim_type
--     'ROAD_HAZARD', 'TREADWEAR', 'DEFECT'; status 'PENDING', 'APPROVED', 'DENIED'; payout_cents
--     set on APPROVED (0 on DENIED, NULL while PENDING). Approval rate = APPROVED / decided
--     (APPROVED + DENIED), by claim_dt.
--   * active customer = non-test, non-deleted customer with a DONE job in the 12 months back from
--     today. Fleet customers: cust_type 'FLEET'; a customer's last visit = latest closed_ts of a
--     DONE job.
-- ============================================================================================

CREATE TABLE shops (
    dealer_id    VARCHAR NOT NULL,   -- tenant
    shop_id      INTEGER NOT NULL,
    shop_cd      VARCHAR,
    shop_nm      VARCHAR,
    city         VARCHAR,
    bay_cnt      INTEGER,            -- service bays (lifts)
    opened_dt    DATE,
    deleted_at   TIMESTAMP           -- soft delete (closed Old Mill)
);

CREATE TABLE technicians (
    dealer_id    VARCHAR NOT NULL,
    tech_id      INTEGER NOT NULL,
    shop_id      INTEGER,            -- home shop
    tech_nm      VARCHAR,
    cert_lvl     VARCHAR,            -- 'BASIC', 'ADV', 'MASTER'
    hire_dt      DATE,
    term_dt      DATE,               -- left the dealer
    deleted_at   TIMESTAMP           -- duplicate profile
);

CREATE TABLE customers (
    dealer_id    VARCHAR NOT NULL,
    cust_id      INTEGER NOT NULL,
    cust_nm      VARCHAR,
    cust_type    VARCHAR,            -- 'RETAIL', 'FLEET'
    home_shop_id INTEGER,
    signup_dt    DATE,               -- profile created ("new customers")
    is_test      INTEGER,            -- 1 = test / training profile
    deleted_at   TIMESTAMP           -- merged or duplicate profile
);

CREATE TABLE vehicles (
    dealer_id    VARCHAR NOT NULL,
    veh_id       INTEGER NOT NULL,
    cust_id      INTEGER,
    make         VARCHAR,
    model        VARCHAR,
    model_yr     INTEGER,
    tire_size    VARCHAR,            -- e.g. '225/65R17'
    active_yn    VARCHAR             -- 'N' = sold or scrapped, kept on file
);

CREATE TABLE tire_skus (
    dealer_id    VARCHAR NOT NULL,   -- each dealer keeps its own catalogue
    sku_id       INTEGER NOT NULL,
    brand        VARCHAR,
    model_nm     VARCHAR,
    size_cd      VARCHAR,            -- '225/65R17'
    season_cd    VARCHAR,            -- 'SUMMER', 'WINTER', 'ALL_SEASON', 'ALL_WEATHER'
    list_cents   INTEGER,            -- list price per tire
    cost_cents   INTEGER             -- dealer cost per tire
);

CREATE TABLE shop_stock (
    dealer_id    VARCHAR NOT NULL,
    shop_id      INTEGER NOT NULL,
    sku_id       INTEGER NOT NULL,
    snap_dt      DATE NOT NULL,      -- stock snapshot date
    qty_on_hand  INTEGER,
    reorder_pt   INTEGER
);

CREATE TABLE work_orders (
    dealer_id    VARCHAR NOT NULL,
    wo_id        INTEGER NOT NULL,
    shop_id      INTEGER,
    tech_id      INTEGER,            -- NULL unless OPEN or DONE
    cust_id      INTEGER,
    veh_id       INTEGER,
    svc_type     VARCHAR,            -- 'MOUNT_BAL', 'ROTATION', 'ALIGNMENT', 'FLAT_REPAIR', 'SEASON_SWAP'
    src_cd       VARCHAR,            -- 'WEB', 'PHONE', 'WALKIN'
    booked_ts    TIMESTAMP,          -- NULL for walk-ins
    appt_ts      TIMESTAMP,          -- appointment time; NULL for walk-ins
    opened_ts    TIMESTAMP,          -- into the bay
    promised_ts  TIMESTAMP,          -- promised ready time
    closed_ts    TIMESTAMP,          -- job done
    status       VARCHAR,            -- 'SCHEDULED', 'OPEN', 'DONE', 'NO_SHOW', 'CANCELLED'
    is_test      INTEGER
);

CREATE TABLE invoices (
    dealer_id    VARCHAR NOT NULL,
    inv_id       INTEGER NOT NULL,
    wo_id        INTEGER,            -- NULL for counter sales
    shop_id      INTEGER,
    cust_id      INTEGER,            -- NULL for anonymous counter sales
    inv_dt       DATE,
    tax_cents    INTEGER,
    total_cents  INTEGER,            -- lines + tax
    pay_method   VARCHAR,            -- 'CARD', 'CASH', 'FLEET_ACCT'
    void_flg     INTEGER,            -- 1 = voided
    is_test      INTEGER
);

CREATE TABLE inv_lines (
    dealer_id    VARCHAR NOT NULL,
    inv_id       INTEGER NOT NULL,
    line_no      INTEGER NOT NULL,
    line_type    VARCHAR,            -- 'TIRE', 'PART', 'LABOR', 'DISPOSAL', 'RHP', 'STORAGE'
    sku_id       INTEGER,            -- TIRE lines only
    qty          INTEGER,
    unit_cents   INTEGER,
    ext_cents    INTEGER             -- qty * unit_cents
);

CREATE TABLE returns (
    dealer_id    VARCHAR NOT NULL,
    ret_id       INTEGER NOT NULL,
    inv_id       INTEGER,            -- the sale returned against
    sku_id       INTEGER,
    qty          INTEGER,            -- tires returned
    ret_dt       DATE,
    reason_cd    VARCHAR,            -- 'WRONG_SIZE', 'DEFECT', 'CUSTOMER_CHANGE'
    refund_cents INTEGER
);

CREATE TABLE storage_sets (
    dealer_id    VARCHAR NOT NULL,
    set_id       INTEGER NOT NULL,
    shop_id      INTEGER,
    cust_id      INTEGER,
    veh_id       INTEGER,
    season_cd    VARCHAR,            -- season of the stored tires: 'WINTER', 'SUMMER', 'ALL_SEASON'
    tire_cnt     INTEGER,
    checkin_dt   DATE,
    checkout_dt  DATE,               -- NULL = still in storage
    rack_loc     VARCHAR,
    fee_cents    INTEGER
);

CREATE TABLE claims (
    dealer_id    VARCHAR NOT NULL,
    claim_id     INTEGER NOT NULL,
    inv_id       INTEGER,            -- the original sale
    cust_id      INTEGER,
    shop_id      INTEGER,
    claim_dt     DATE,
    claim_type   VARCHAR,            -- 'ROAD_HAZARD', 'TREADWEAR', 'DEFECT'
    status       VARCHAR,            -- 'PENDING', 'APPROVED', 'DENIED'
    payout_cents INTEGER             -- APPROVED: paid out; DENIED: 0; PENDING: NULL
);
