-- ============================================================================================
-- car_dealerships: the warehouse of a car-dealership group platform (DuckDB DDL for labelling)
--
-- Company: "LotLine" sells a dealer-management (DMS) and CRM platform to franchise dealer groups:
-- inventory, CRM leads and test drives, desking and F&I, deliveries, service lanes and recalls.
-- Every dealer group is a tenant of one shared Amazon Redshift warehouse, all tables keyed by
-- dlr_grp_id. The deployment here is dealer group 'DG-0931', Harbor Auto Group (Washington
-- state), with four rooftops: Harbor Toyota (11), Harbor Honda (12), Harbor Ford (13) and the
-- used-only Harbor Pre-Owned Outlet (14, no new cars, a reconditioning shop instead of a
-- customer service lane), plus Harbor Kia (15), sold to another group at the end of September
-- 2025 and soft-deleted with its history kept (no rows dated after 2025-09). Other tenants in the
-- warehouse: 'DG-0417' (Summit Motors, Idaho) and 'DG-0588' (Lakeside Auto Partners).
--
-- Warehouse: Amazon Redshift (DATE_TRUNC returns a timestamp, DATEADD(month, -1, d),
-- DATEDIFF(day, a, b) counts day boundaries, INTERVAL '7 days', GETDATE() / SYSDATE /
-- CURRENT_DATE, TO_CHAR, NVL, DECODE, QUALIFY, TOP n; no FILTER clause, no COUNT_IF or IIF;
-- `/` between integers is integer division, and AVG over an integer column returns an integer,
-- so averages of day counts are cast first). Flags are CHAR(1) 'Y'/'N'; amounts are in US
-- dollars (DECIMAL). DATE_TRUNC('week', ...) starts weeks on Monday. The agent writes dialect
-- `redshift`.
-- Agent: `lot-sql`, versions 2.4, 2.5 and 2.6, deployed for dealer group 'DG-0931'.
-- Log window: 2026-11-02 to 2026-11-27. The labelling extract holds everything loaded up to
-- 2026-11-01 (and test drives booked ahead for November). So for every record "last month" is
-- October 2026, "last quarter" Q3 2026 (July-September), "ytd" / "this year" 2026-01-01 to
-- today, "rn" / "right now" / "currently" the state at the last load, and "open more than 7
-- days" / "over 90 days" are counted back from the record's date (CURRENT_DATE).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `dlr_grp_id = 'DG-0931'` on every table of every query (row policy; ids are
--     unique across the platform, so a join on the id alone cannot cross tenants);
--   * test rows: `test_flg = 'N'` on customers ('TEST CUSTOMER', 'Training Buyer'), leads (feed
--     tests and the training desk) and deals (deals desked by the training desk on those test
--     customers; they never change the vehicle's status);
--   * soft deletes: `deleted_at IS NULL` on rooftops (Harbor Kia, sold), employees (a profile
--     keyed twice), customers (merged duplicates, no activity of their own) and vehicles (units
--     keyed twice under the same VIN when a trade-in was booked twice). These guards matter
--     where that table is the population counted or listed ("how many cars in stock",
--     "which reps ...");
--   * voids: `void_flg = 'N'` on repair_orders (ROs voided and re-written under a new RO
--     number keep their lines, status and dates).
--
-- Business conventions of the group (what a careful analyst would apply):
--   * deals: one row per desked deal; deal_type 'CASH', 'FINANCE' or 'LEASE'; deal_status
--     'PENDING' (contracted, not yet delivered), 'DELIVERED', 'UNWOUND' (delivered, then taken
--     back: delivered_dt and unwind_dt both set) or 'CANCELLED' (never delivered). contract_dt
--     is when the customer signed, delivered_dt when the car left the lot (a deal signed on
--     September 30 and delivered on October 1 is an October delivery).
--     "Units" / "units sold" / "deliveries" / "cars sold" / "retailed" = deals with deal_status
--     = 'DELIVERED' (an unwound deal is not a sale, and its car is back in stock), test deals
--     excluded, dated by delivered_dt, counted per deal and credited to sales_emp_id.
--     "Unwinds" = deals with deal_status 'UNWOUND', dated by unwind_dt.
--   * gross: front_gross_amt is the deal's vehicle gross (sale price less vehicle cost and any
--     over-allowance on the trade), negative for a loss; "front gross" = SUM(front_gross_amt)
--     of delivered deals; "lost money on the front" = front_gross_amt < 0 (a mini deal at
--     exactly 0 is not a loss). "Back-end gross" / "F&I gross" of a deal = reserve_amt (the
--     finance reserve, 0 on cash deals) + SUM(price_amt - cost_amt) of its deal_products not
--     cancelled (cancel_dt IS NULL). "PVR" (per vehicle retailed) = gross / delivered units.
--   * deal_products: one row per F&I product sold on a deal; prod_cd 'VSC' (service contract /
--     extended warranty), 'GAP', 'MAINT' (prepaid maintenance), 'TIRE_WHEEL', 'APPEARANCE'.
--     cancel_dt set when the product was cancelled (charged back); a cancelled product is not
--     sold. "Products per deal" = non-cancelled products / delivered deals the F&I manager
--     (fi_emp_id; NULL on cash deals that skipped the F&I office) handled, deals without any
--     product included. "GAP penetration" = delivered FINANCE deals with a non-cancelled GAP
--     product / delivered FINANCE deals, as a percentage (lease GAP is built into the lease).
--   * financing: lender_nm on FINANCE and LEASE deals; apr_pct (percent) on FINANCE deals only,
--     money_factor on LEASE deals; "lease share" = LEASE deals / deliveries, as a percentage.
--   * trade-ins: trade_vin set when the deal took a trade; trade_allow_amt is what the customer
--     was allowed, trade_acv_amt the appraised actual cash value; "over-allowance" =
--     trade_allow_amt - trade_acv_amt (negative when under-allowed).
--   * vehicles: one row per stocked unit; new_used_cd 'NEW', 'USED' or 'CPO' (certified
--     pre-owned); "used" = USED and CPO, "new vs used" is two groups. veh_status 'IN_TRANSIT'
--     (ordered, not on the lot: stock_dt NULL), 'IN_STOCK', 'SOLD' (retailed: disposed_dt = the
--     delivery date) or 'WHOLESALED' (sent to auction: disposed_dt = the wholesale date).
--     "Inventory" / "in stock" / "on the lot" = veh_status 'IN_STOCK' (cars on pending deals
--     included); "inventory value" = SUM(cost_amt) (cost, not list_price_amt); "days in
--     stock" = DATEDIFF(day, stock_dt, disposed_dt) for sold units, DATEDIFF(day, stock_dt,
--     CURRENT_DATE) for units in stock; "aged over 90 days" = in stock more than 90 days.
--   * leads: one row per CRM lead; lead_src 'WEBSITE' (the group's own sites), 'THIRD_PARTY'
--     (marketplace feeds: "third party", "3rd party"), 'PHONE', 'WALK_IN', 'REFERRAL', 'CHAT';
--     lead_status 'NEW', 'WORKING', 'SOLD', 'LOST'; sales_emp_id is NULL while unassigned;
--     first_resp_ts is NULL when nobody has answered. "Close rate" = SOLD leads / leads, as a
--     percentage, dated by created_ts; "response time" = DATEDIFF(minute, created_ts,
--     first_resp_ts) over answered leads. A deal's lead_id links it to the lead it came from.
--   * test drives: td_status 'SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED' (called off in
--     advance); "no-show rate" = NO_SHOW / (COMPLETED + NO_SHOW), as a percentage, dated by
--     sched_ts.
--   * employees: role_cd 'SALES' (salespeople, "reps"), 'FI' (F&I managers), 'SALES_MGR',
--     'SVC_ADV' (service advisors), 'TECH' (technicians); term_dt set for leavers. "Reps" /
--     "salespeople" = role SALES with term_dt IS NULL (and not deleted), unless hired or
--     termed in a period asked about.
--   * service: repair_orders (ROs) with ro_status 'OPEN' or 'CLOSED', dated by closed_ts
--     ("last month" = closed in October) except "open ROs"; ro_lines carry the pay type:
--     'CP' (customer pay), 'WARR' (warranty, paid by the factory) or 'INT' (internal:
--     reconditioning and PDI of the group's own cars). "Service revenue" = SUM(labor_amt +
--     parts_amt) of CP and WARR lines on closed, non-void ROs (INT is not revenue); "labor
--     hours" = SUM(labor_hrs) (flagged hours) of those lines, per tech_emp_id (NULL on sublet
--     lines). "Open more than 7 days" = OPEN, non-void ROs with opened_ts before CURRENT_DATE
--     - 7 days.
--   * recalls: recalls is the group's list of open NHTSA campaigns; recall_vins one row per
--     VIN in a campaign (units in stock and customers' cars), remedied_dt and remedy_ro_id set
--     when fixed. "Open recall" = remedied_dt IS NULL; "completion rate" = remedied VINs /
--     VINs in the campaign, as a percentage. A unit in stock with an open recall counts once,
--     however many campaigns it is in.
-- ============================================================================================

CREATE TABLE rooftops (
    dlr_grp_id      VARCHAR NOT NULL,
    rooftop_id      INTEGER NOT NULL,       -- unique across the platform
    rooftop_cd      VARCHAR NOT NULL,       -- e.g. 'TOY'
    rooftop_nm      VARCHAR NOT NULL,
    franchise_make  VARCHAR,                -- NULL for a used-only store
    city_nm         VARCHAR NOT NULL,
    state_cd        CHAR(2) NOT NULL,
    opened_dt       DATE NOT NULL,
    deleted_at      TIMESTAMP               -- store sold, history kept
);

CREATE TABLE employees (
    dlr_grp_id      VARCHAR NOT NULL,
    emp_id          INTEGER NOT NULL,
    rooftop_id      INTEGER NOT NULL,
    emp_nm          VARCHAR NOT NULL,
    role_cd         VARCHAR NOT NULL,       -- 'SALES', 'FI', 'SALES_MGR', 'SVC_ADV', 'TECH'
    hire_dt         DATE NOT NULL,
    term_dt         DATE,                   -- set for leavers
    deleted_at      TIMESTAMP               -- profile keyed twice
);

CREATE TABLE customers (
    dlr_grp_id      VARCHAR NOT NULL,
    cust_id         INTEGER NOT NULL,
    cust_nm         VARCHAR NOT NULL,
    email_addr      VARCHAR,
    zip_cd          VARCHAR,
    created_dt      DATE NOT NULL,
    test_flg        CHAR(1) NOT NULL,       -- 'Y' for test / training customers
    deleted_at      TIMESTAMP               -- merged duplicate
);

CREATE TABLE vehicles (
    dlr_grp_id      VARCHAR NOT NULL,
    veh_id          INTEGER NOT NULL,
    vin             VARCHAR NOT NULL,
    stock_no        VARCHAR NOT NULL,
    rooftop_id      INTEGER NOT NULL,
    new_used_cd     VARCHAR NOT NULL,       -- 'NEW', 'USED', 'CPO'
    make_nm         VARCHAR NOT NULL,
    model_nm        VARCHAR NOT NULL,
    model_yr        SMALLINT NOT NULL,
    acq_src         VARCHAR NOT NULL,       -- 'FACTORY', 'TRADE', 'AUCTION', 'LEASE_RETURN'
    stock_dt        DATE,                   -- NULL while IN_TRANSIT
    cost_amt        DECIMAL(10,2) NOT NULL, -- unit cost incl. reconditioning
    list_price_amt  DECIMAL(10,2) NOT NULL, -- advertised price
    veh_status      VARCHAR NOT NULL,       -- 'IN_TRANSIT', 'IN_STOCK', 'SOLD', 'WHOLESALED'
    disposed_dt     DATE,                   -- delivery date (SOLD) or wholesale date (WHOLESALED)
    deleted_at      TIMESTAMP               -- unit keyed twice
);

CREATE TABLE leads (
    dlr_grp_id      VARCHAR NOT NULL,
    lead_id         INTEGER NOT NULL,
    rooftop_id      INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    lead_src        VARCHAR NOT NULL,       -- 'WEBSITE', 'THIRD_PARTY', 'PHONE', 'WALK_IN', 'REFERRAL', 'CHAT'
    veh_id          INTEGER,                -- vehicle of interest, when known
    created_ts      TIMESTAMP NOT NULL,
    sales_emp_id    INTEGER,                -- NULL while unassigned
    first_resp_ts   TIMESTAMP,              -- NULL: not answered yet
    lead_status     VARCHAR NOT NULL,       -- 'NEW', 'WORKING', 'SOLD', 'LOST'
    test_flg        CHAR(1) NOT NULL
);

CREATE TABLE test_drives (
    dlr_grp_id      VARCHAR NOT NULL,
    td_id           INTEGER NOT NULL,
    rooftop_id      INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    veh_id          INTEGER,
    lead_id         INTEGER,
    sales_emp_id    INTEGER,
    sched_ts        TIMESTAMP NOT NULL,
    td_status       VARCHAR NOT NULL        -- 'SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'
);

CREATE TABLE deals (
    dlr_grp_id      VARCHAR NOT NULL,
    deal_id         INTEGER NOT NULL,
    deal_no         VARCHAR NOT NULL,
    rooftop_id      INTEGER NOT NULL,
    veh_id          INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    lead_id         INTEGER,                -- the CRM lead the deal came from
    sales_emp_id    INTEGER NOT NULL,
    fi_emp_id       INTEGER,                -- NULL: cash deal that skipped the F&I office
    contract_dt     DATE NOT NULL,
    deal_type       VARCHAR NOT NULL,       -- 'CASH', 'FINANCE', 'LEASE'
    lender_nm       VARCHAR,
    apr_pct         DECIMAL(5,2),           -- FINANCE only, e.g. 6.49
    money_factor    DECIMAL(7,5),           -- LEASE only
    term_mos        SMALLINT,
    sale_price_amt  DECIMAL(10,2) NOT NULL,
    front_gross_amt DECIMAL(10,2) NOT NULL,
    reserve_amt     DECIMAL(10,2) NOT NULL, -- finance reserve; 0 on cash deals
    trade_vin       VARCHAR,
    trade_allow_amt DECIMAL(10,2),
    trade_acv_amt   DECIMAL(10,2),
    deal_status     VARCHAR NOT NULL,       -- 'PENDING', 'DELIVERED', 'UNWOUND', 'CANCELLED'
    delivered_dt    DATE,
    unwind_dt       DATE,
    test_flg        CHAR(1) NOT NULL
);

CREATE TABLE deal_products (
    dlr_grp_id      VARCHAR NOT NULL,
    deal_id         INTEGER NOT NULL,
    prod_seq        SMALLINT NOT NULL,
    prod_cd         VARCHAR NOT NULL,       -- 'VSC', 'GAP', 'MAINT', 'TIRE_WHEEL', 'APPEARANCE'
    price_amt       DECIMAL(9,2) NOT NULL,
    cost_amt        DECIMAL(9,2) NOT NULL,
    cancel_dt       DATE                    -- set when cancelled / charged back
);

CREATE TABLE repair_orders (
    dlr_grp_id      VARCHAR NOT NULL,
    ro_id           INTEGER NOT NULL,
    ro_no           VARCHAR NOT NULL,
    rooftop_id      INTEGER NOT NULL,
    vin             VARCHAR NOT NULL,
    cust_id         INTEGER,                -- NULL on internal ROs
    advisor_emp_id  INTEGER NOT NULL,
    opened_ts       TIMESTAMP NOT NULL,
    closed_ts       TIMESTAMP,
    ro_status       VARCHAR NOT NULL,       -- 'OPEN', 'CLOSED'
    void_flg        CHAR(1) NOT NULL        -- 'Y': voided and re-written
);

CREATE TABLE ro_lines (
    dlr_grp_id      VARCHAR NOT NULL,
    ro_id           INTEGER NOT NULL,
    line_no         SMALLINT NOT NULL,
    op_cd           VARCHAR NOT NULL,
    op_desc         VARCHAR NOT NULL,
    pay_type        VARCHAR NOT NULL,       -- 'CP', 'WARR', 'INT'
    tech_emp_id     INTEGER,                -- NULL on sublet lines
    labor_hrs       DECIMAL(5,1) NOT NULL,  -- flagged hours
    labor_amt       DECIMAL(9,2) NOT NULL,
    parts_amt       DECIMAL(9,2) NOT NULL,
    recall_id       INTEGER                 -- set on recall remedy lines
);

CREATE TABLE recalls (
    dlr_grp_id      VARCHAR NOT NULL,
    recall_id       INTEGER NOT NULL,
    campaign_no     VARCHAR NOT NULL,       -- NHTSA campaign, e.g. '26V-112'
    make_nm         VARCHAR NOT NULL,
    component_desc  VARCHAR NOT NULL,
    issued_dt       DATE NOT NULL,
    stop_sale_flg   CHAR(1) NOT NULL
);

CREATE TABLE recall_vins (
    dlr_grp_id      VARCHAR NOT NULL,
    recall_id       INTEGER NOT NULL,
    vin             VARCHAR NOT NULL,
    identified_dt   DATE NOT NULL,
    remedy_ro_id    INTEGER,
    remedied_dt     DATE                    -- NULL: open
);
