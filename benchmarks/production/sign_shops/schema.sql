-- ============================================================================================
-- sign_shops: the warehouse of a sign-shop management platform (DuckDB DDL for labelling)
--
-- Company: "SignDesk" sells quoting, order, production, install-scheduling and permit-tracking
-- software to sign and graphics shops. Every shop business is a tenant of one shared SQLite
-- reporting warehouse (one file per region, refreshed nightly), all tables keyed by tenant_id.
-- The deployment here is tenant 'SS-1142', Bright Banner Signs & Graphics, with three shops:
-- Eastside (shop 11), Riverside (shop 12) and Downtown Studio (shop 13, opened 2026-08-17), plus
-- Airport Road (shop 14), closed at the end of 2025 (its last orders were completed in November
-- 2025) and soft-deleted with its history kept.
-- Other tenants in the same warehouse: 'SS-0877' (Coastline Signworks) and 'SS-2031' (Metro
-- Wrap Lab). Ids are unique across the platform.
--
-- Warehouse: SQLite (date('now', ...), date(x, 'start of month', '-1 month'), strftime('%Y-%m',
-- x), julianday(b) - julianday(a) for day counts, IIF, COUNT(*) FILTER (WHERE ...), no QUALIFY;
-- `/` between integers is integer division). Dates are ISO text 'YYYY-MM-DD', timestamps
-- 'YYYY-MM-DD HH:MM:SS'; flags are INTEGER 0/1 except the shop's Y/N columns (rush_yn,
-- needs_permit_yn). Money is INTEGER cents (*_cents); questions are answered in dollars.
-- The agent writes dialect `sqlite`.
-- Agent: `vinyl-sql`, versions 1.3, 1.4 and 1.5, deployed for tenant 'SS-1142'.
-- Log window: 2026-11-09 (Monday) to 2026-11-27; the warehouse is loaded up to 2026-11-08
-- (Sunday): nothing is dated after it except install appointments booked ahead (SCHEDULED),
-- due dates of open orders and pending permits. So "last month" is October 2026, "this month"
-- November 2026 to date, "last quarter" Q3 2026 (July-September), "ytd" / "this year" 2026 to
-- date, "last 6 months" the six whole months May-October 2026, "last week" the Monday-Sunday
-- week before the current one (weeks start on Monday), "the week before" the one before that,
-- "the last 12 months" the rolling year back from today (order_dt >= today - 12 months), "next 7
-- days" the appointment dates from today to today + 7 days inclusive.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'SS-1142'` on every table of every query (row policy);
--   * test rows: `is_test = 0` on customers (the counter-training account 'Counter Training'
--     and 'ZZ Test Fleet Co'), quotes and orders (quotes and orders keyed in training mode,
--     some of them on real customers' accounts, so the orders flag matters even after a join
--     to customers). A training order carries lines and payments (deposits rung up in
--     training) but never reaches production, install or permits; its lines and payments carry
--     no flag of their own and go out through orders (join orders, o.is_test = 0);
--   * voids: `void_flg = 0` on payments (payments keyed in error and re-keyed, card declines
--     recorded then voided);
--   * soft deletes: `deleted_at IS NULL` on shops (the closed Airport Road shop, no orders
--     completed after November 2025), customers (duplicate profiles merged into the surviving
--     one: their orders were moved, their old quotes stay) and staff (an installer profile
--     keyed twice, with no appointments). These guards matter where that table is the
--     population counted or listed.
--
-- Business conventions of the tenant (what a careful analyst would apply):
--   * orders: one row per order; product_cd 'BANNER', 'VEHICLE_WRAP', 'CHANNEL_LETTERS' or
--     'YARD_SIGN'. order_status 'OPEN' (awaiting deposit or art approval), 'IN_PROD',
--     'READY' (ready for pickup or install), 'INSTALLING', 'COMPLETE' (completed_dt set) or
--     'CANCELLED' (cancelled_dt set); "open orders" are order_status = 'OPEN' (in-progress
--     ones are IN_PROD, READY or INSTALLING). "Orders" (counted, placed, booked) are non-test
--     orders that are not CANCELLED, dated by order_dt. cust_id is never NULL (walk-ins get
--     an account).
--   * order total = subtotal_cents + rush_fee_cents; subtotal_cents = the sum of the order's
--     order_lines.line_amt_cents (PRINT, DESIGN, INSTALL and HARDWARE lines). "Order value" /
--     "AOV" = the order total of an order (not CANCELLED), dated by order_dt.
--   * revenue = "sales" = SUM(order total) of COMPLETE orders, dated by completed_dt, in
--     dollars (cents / 100.0). Rush fees = SUM(rush_fee_cents) of COMPLETE orders by
--     completed_dt (part of revenue).
--   * rush: a rush order is rush_yn = 'Y'; the fee is sometimes waived for good accounts
--     (rush_yn = 'Y' with rush_fee_cents = 0), so "rush orders" are counted by rush_yn.
--   * on time: a COMPLETE order with completed_dt <= due_dt (finished on the due date counts);
--     on-time rate = on-time / COMPLETE orders completed in the period, as a percentage.
--     Turnaround = completed_dt - order_dt in days.
--   * payments: one row per payment; pmt_type 'DEPOSIT', 'BALANCE' or 'REFUND' (amt_cents is
--     positive on every type). Deposits collected = SUM(amt_cents) of non-void DEPOSIT payments
--     by pmt_dt. Paid to date on an order = non-void DEPOSIT + BALANCE - REFUND. Balance due =
--     order total - paid to date, for non-test orders that are not CANCELLED (an order with no
--     payment at all owes its whole total). A customer "paid us" on a non-void DEPOSIT or
--     BALANCE payment.
--   * customers: acct_type 'RETAIL' or 'COMMERCIAL' ("commercial accounts" / "accounts" in
--     the sales team's speech); net_terms_days is set for commercial accounts on terms. An
--     active customer = a (non-test, non-deleted) customer with at least one order (non-test,
--     not CANCELLED) with order_dt in the last 12 months (order_dt >= today - 12 months).
--   * quotes: quote_status 'DRAFT' (never sent: not yet a quote), 'SENT' (waiting on the
--     customer), 'ACCEPTED', 'DECLINED' or 'EXPIRED' (decided_dt set on the last three), dated
--     by quote_dt. Win rate = ACCEPTED / (ACCEPTED + DECLINED + EXPIRED) quotes, as a
--     percentage; SENT quotes are still open and DRAFTs are not counted. cust_id is NULL on
--     walk-in quotes given before an account existed.
--   * production: prod_jobs has one row per production step of an order; step_cd 'PRINT',
--     'LAMINATE', 'CUT' or 'FABRICATE'; printer_cd is the printer or plotter the step ran on
--     (NULL for LAMINATE and FABRICATE, hand and laminator work); job_status 'QUEUED', 'DONE'
--     or 'SCRAPPED'; jobs are dated by job_dt. Printed sqft = SUM(print_sqft) of DONE PRINT jobs
--     (scrapped prints are not output). A remake is a job with is_remake = 1 (remake_of_job_id
--     the job it replaces); fault_cd 'SHOP' (our defect: banding, colour, delamination, wrong
--     size, install damage) or 'CUSTOMER' (the customer's artwork error, billed to them).
--     "Remakes for defects" / "defect remakes" = SHOP-fault remakes; remake cost =
--     SUM(job_cost_cents) of those jobs. Remake rate = COMPLETE orders (by completed_dt) with at
--     least one SHOP-fault remake / COMPLETE orders, as a percentage.
--   * printers: one row per printer or plotter per shop; printer_type 'LATEX', 'UV_FLATBED',
--     'SOLVENT' or 'CUTTER'; retired_dt set when taken out of service ("our printers" rn =
--     retired_dt IS NULL).
--   * material_usage: one row per material draw for a job; stock_form 'ROLL' (qty_used and
--     waste_qty in sqft) or 'SHEET' (in sheets); qty_used includes the waste. Material cost =
--     SUM(cost_cents) by used_dt. Waste % of roll media = SUM(waste_qty) / SUM(qty_used) * 100
--     over ROLL rows (not an average of per-draw percentages).
--   * install_appts: one row per install visit; a vehicle wrap or a large channel-letter job
--     can take two visits. appt_status 'SCHEDULED' (booked ahead), 'COMPLETED', 'NO_SHOW' (the
--     crew went and the customer or the vehicle was not there) or 'CANCELLED' (called off in
--     advance). installer_id is the lead installer (staff), NULL when subcontracted. Dated by
--     appt_ts. "Installs" of an installer = their COMPLETED appointments; "orders / wraps /
--     signs installed" = distinct orders with a COMPLETED appointment. No-show rate = NO_SHOW
--     / (COMPLETED + NO_SHOW) appointments, as a percentage.
--   * permits: one row per permit application for an outdoor sign; permit_status 'PENDING',
--     'APPROVED', 'DENIED' or 'WITHDRAWN' (decision_dt set on APPROVED and DENIED only).
--     Approval time = decision_dt - applied_dt in days for APPROVED permits, dated by
--     decision_dt. "Pending more than 30 days" = PENDING with applied_dt < today - 30 days.
--   * staff: role 'INSTALLER', 'PRINT_OP', 'DESIGNER' or 'SALES'; term_dt set for leavers.
-- ============================================================================================

CREATE TABLE shops (
    tenant_id      VARCHAR NOT NULL,
    shop_id        INTEGER NOT NULL,      -- unique across the platform
    shop_nm        VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed shop, history kept
);

CREATE TABLE customers (
    tenant_id      VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    acct_type      VARCHAR NOT NULL,      -- 'RETAIL', 'COMMERCIAL'
    home_shop_id   INTEGER NOT NULL,
    net_terms_days INTEGER,               -- NULL: pays on pickup (retail, or commercial without terms)
    created_dt     DATE NOT NULL,
    is_test        INTEGER NOT NULL,      -- 0/1
    deleted_at     TIMESTAMP              -- merged duplicate profile
);

CREATE TABLE staff (
    tenant_id      VARCHAR NOT NULL,
    staff_id       INTEGER NOT NULL,
    staff_nm       VARCHAR NOT NULL,
    role           VARCHAR NOT NULL,      -- 'INSTALLER', 'PRINT_OP', 'DESIGNER', 'SALES'
    shop_id        INTEGER NOT NULL,
    hired_dt       DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE printers (
    tenant_id      VARCHAR NOT NULL,
    printer_cd     VARCHAR NOT NULL,      -- e.g. 'EAS-LTX1'; unique across the platform
    shop_id        INTEGER NOT NULL,
    printer_model  VARCHAR NOT NULL,
    printer_type   VARCHAR NOT NULL,      -- 'LATEX', 'UV_FLATBED', 'SOLVENT', 'CUTTER'
    in_service_dt  DATE NOT NULL,
    retired_dt     DATE                   -- NULL while in service
);

CREATE TABLE quotes (
    tenant_id       VARCHAR NOT NULL,
    quote_id        INTEGER NOT NULL,
    cust_id         INTEGER,              -- NULL for a walk-in quote given before an account existed
    shop_id         INTEGER NOT NULL,
    quote_dt        DATE NOT NULL,
    product_cd      VARCHAR NOT NULL,     -- 'BANNER', 'VEHICLE_WRAP', 'CHANNEL_LETTERS', 'YARD_SIGN'
    quote_amt_cents INTEGER NOT NULL,
    quote_status    VARCHAR NOT NULL,     -- 'DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'EXPIRED'
    decided_dt      DATE,
    is_test         INTEGER NOT NULL      -- 0/1
);

CREATE TABLE orders (
    tenant_id       VARCHAR NOT NULL,
    order_id        INTEGER NOT NULL,
    quote_id        INTEGER,              -- NULL when ordered without a quote
    cust_id         INTEGER NOT NULL,
    shop_id         INTEGER NOT NULL,
    order_dt        DATE NOT NULL,
    due_dt          DATE NOT NULL,
    product_cd      VARCHAR NOT NULL,     -- 'BANNER', 'VEHICLE_WRAP', 'CHANNEL_LETTERS', 'YARD_SIGN'
    order_status    VARCHAR NOT NULL,     -- 'OPEN', 'IN_PROD', 'READY', 'INSTALLING', 'COMPLETE', 'CANCELLED'
    subtotal_cents  INTEGER NOT NULL,     -- = SUM(order_lines.line_amt_cents)
    rush_yn         VARCHAR NOT NULL,     -- 'Y' / 'N'
    rush_fee_cents  INTEGER NOT NULL,     -- 0 when not rush or when the fee was waived
    needs_permit_yn VARCHAR NOT NULL,     -- 'Y' / 'N'
    completed_dt    DATE,
    cancelled_dt    DATE,
    is_test         INTEGER NOT NULL      -- 0/1
);

CREATE TABLE order_lines (
    tenant_id      VARCHAR NOT NULL,
    order_id       INTEGER NOT NULL,
    line_no        INTEGER NOT NULL,
    line_type      VARCHAR NOT NULL,      -- 'PRINT', 'DESIGN', 'INSTALL', 'HARDWARE'
    item_desc      VARCHAR NOT NULL,
    qty            INTEGER NOT NULL,
    sqft           DOUBLE,                -- NULL on DESIGN and INSTALL lines
    line_amt_cents INTEGER NOT NULL
);

CREATE TABLE payments (
    tenant_id      VARCHAR NOT NULL,
    pmt_id         INTEGER NOT NULL,
    order_id       INTEGER NOT NULL,
    pmt_dt         DATE NOT NULL,
    pmt_type       VARCHAR NOT NULL,      -- 'DEPOSIT', 'BALANCE', 'REFUND'
    method         VARCHAR NOT NULL,      -- 'CARD', 'ACH', 'CHECK', 'CASH'
    amt_cents      INTEGER NOT NULL,      -- positive on every type
    void_flg       INTEGER NOT NULL       -- 0/1
);

CREATE TABLE prod_jobs (
    tenant_id        VARCHAR NOT NULL,
    job_id           INTEGER NOT NULL,
    order_id         INTEGER NOT NULL,
    shop_id          INTEGER NOT NULL,
    step_cd          VARCHAR NOT NULL,    -- 'PRINT', 'LAMINATE', 'CUT', 'FABRICATE'
    printer_cd       VARCHAR,             -- NULL for LAMINATE and FABRICATE steps
    operator_id      INTEGER,             -- staff_id of the print operator
    job_dt           DATE NOT NULL,
    run_min          INTEGER,             -- machine or bench minutes; NULL while QUEUED
    print_sqft       DOUBLE,              -- PRINT steps only
    job_status       VARCHAR NOT NULL,    -- 'QUEUED', 'DONE', 'SCRAPPED'
    is_remake        INTEGER NOT NULL,    -- 0/1
    remake_of_job_id INTEGER,
    defect_cd        VARCHAR,             -- remakes: 'BANDING', 'COLOR_MATCH', 'DELAMINATION', 'WRONG_SIZE', 'INSTALL_DAMAGE', 'ART_ERROR'
    fault_cd         VARCHAR,             -- remakes: 'SHOP' or 'CUSTOMER'
    job_cost_cents   INTEGER NOT NULL     -- material + labour of the step
);

CREATE TABLE material_usage (
    tenant_id      VARCHAR NOT NULL,
    usage_id       INTEGER NOT NULL,
    job_id         INTEGER NOT NULL,
    shop_id        INTEGER NOT NULL,
    used_dt        DATE NOT NULL,
    material_cd    VARCHAR NOT NULL,      -- stock code, e.g. '3M-IJ180-54'
    media_type     VARCHAR NOT NULL,      -- 'CAST_VINYL', 'CALENDERED_VINYL', 'BANNER_13OZ', 'LAMINATE', 'ACM', 'COROPLAST', 'ACRYLIC'
    stock_form     VARCHAR NOT NULL,      -- 'ROLL' (sqft) or 'SHEET' (sheets)
    qty_used       DOUBLE NOT NULL,       -- includes the waste
    waste_qty      DOUBLE NOT NULL,
    cost_cents     INTEGER NOT NULL
);

CREATE TABLE install_appts (
    tenant_id      VARCHAR NOT NULL,
    appt_id        INTEGER NOT NULL,
    order_id       INTEGER NOT NULL,
    installer_id   INTEGER,               -- staff_id of the lead installer; NULL when subcontracted
    appt_ts        TIMESTAMP NOT NULL,
    appt_status    VARCHAR NOT NULL,      -- 'SCHEDULED', 'COMPLETED', 'NO_SHOW', 'CANCELLED'
    crew_sz        INTEGER NOT NULL,
    onsite_hrs     DOUBLE                 -- NULL unless COMPLETED
);

CREATE TABLE permits (
    tenant_id      VARCHAR NOT NULL,
    permit_id      INTEGER NOT NULL,
    order_id       INTEGER NOT NULL,
    muni_nm        VARCHAR NOT NULL,      -- the city issuing the permit
    permit_type    VARCHAR NOT NULL,      -- 'SIGN', 'ELECTRICAL'
    applied_dt     DATE NOT NULL,
    decision_dt    DATE,                  -- APPROVED and DENIED only
    permit_status  VARCHAR NOT NULL,      -- 'PENDING', 'APPROVED', 'DENIED', 'WITHDRAWN'
    fee_cents      INTEGER NOT NULL
);
