-- Automotive domain: the sales and service warehouse of a dealer-group platform whose groups share
-- the same tables (14 "Harbor Auto Group", 9 "Summit Motors", 22 "Lakeside Dealer Holdings"). The
-- deployment is Harbor's: general managers, used-car, F&I and fixed-ops (service) directors ask a
-- text-to-SQL agent about inventory and days in stock, deals and gross, financing and trade-ins,
-- leads and test drives, repair orders, warranty claims and customer-satisfaction surveys.
--
-- Warehouse:  SQL Server (sqlglot dialect `tsql`), database `dealerdw`, schema `dbo`; agents write
--             dbo.deals, [dbo].[deals] or deals. Flags are BIT (0/1).
-- Guards:     group: `dealer_group_id = 14` on every table of every query (row-level security of
--             the shared warehouse; ids are global, so a join on an id stays in the group once
--             one side is scoped);
--             internal units: demo and service-loaner vehicles (`is_internal = 1`) are the
--             stores' own fleet, never for sale: `is_internal = 0` on vehicles in every
--             inventory figure (they are never sold, so deals need no internal guard);
--             voids: unwound / voided deals and voided repair orders never count:
--             `is_voided = 0` on deals and on repair_orders (ro_lines and warranty_claims take
--             the guard from the repair order they belong to).
-- Agent:      lot-analyst, versions 2.3, 2.4, 2.5.
-- Log window: 2025-10-06 to 2025-10-31 (relative dates are read against each record's
--             timestamp; the warehouse is loaded through 2025-10-05).
--
-- Conventions the group's managers use:
--   units sold / sales  a vehicle sale is a non-voided deal of deal_type 'RETAIL' or 'LEASE'
--                       ("retail units"); FLEET and WHOLESALE deals are counted only when asked.
--                       A deal is dated by deal_dt (contract date), never by delivered_dt.
--                       The selling store is deals.dealership_id (a used unit stocked at one
--                       store may be sold at another; vehicles.dealership_id stocks it).
--   new / used          vehicles.inv_type: 'NEW', 'USED', 'CPO' (certified pre-owned). "Used"
--                       includes certified: inv_type IN ('USED', 'CPO'); "certified" / "cpo" is
--                       'CPO' alone.
--   gross               front gross = deals.front_gross_amt (vehicle), back gross =
--                       back_gross_amt (F&I: reserve, service contracts, GAP); total gross =
--                       front + back. PVR = total gross / retail units.
--   finance             finance_type 'CASH', 'FINANCE' (retail installment), 'LEASE'. Finance
--                       penetration = 100 * retail units with finance_type IN ('FINANCE', 'LEASE')
--                       / retail units. lender_nm, apr_pct, term_months are NULL on cash deals.
--   trade-ins           trade_ins: one row per traded vehicle (a deal may carry two). Trade rate =
--                       100 * retail units with at least one trade / retail units. acv_amt is
--                       the appraised actual cash value; allowance_amt what the customer was given.
--   inventory           a vehicle is in stock while sold_dt IS NULL (sold_dt = deal_dt of its
--                       sale); days in stock = DATEDIFF(day, acquired_dt, today) for units in stock,
--                       DATEDIFF(day, acquired_dt, sold_dt) (days to sell) for sold units. Aged =
--                       more than 90 days in stock.
--   salespeople         deals.salesperson_id (NULL on wholesale); F&I manager = fi_manager_id.
--                       employees.role_cd: SALES, F&I, ADVISOR, TECH, MANAGER.
--   leads               leads with is_duplicate = 1 are duplicates of another lead and never
--                       counted. lead_status NEW, WORKING, SOLD, LOST; close rate = 100 * SOLD /
--                       leads. Leads are dated by created_at.
--   test drives         one row per drive, dated by drive_ts.
--   service             a repair order (RO) is counted when closed (ro_status = 'CLOSED') and is
--                       dated by closed_at (invoice); open ROs have closed_at NULL. Each ro_lines
--                       row has a pay_type: 'C' customer pay, 'W' warranty, 'I' internal
--                       (internal ROs have customer_id NULL). Service revenue = SUM(labor_amt +
--                       parts_amt); labor hours = SUM(labor_hours) (flagged hours); effective
--                       labor rate = SUM(labor_amt) / SUM(labor_hours); hours per RO =
--                       SUM(labor_hours) / COUNT(DISTINCT ro_id); parts gross = parts_amt -
--                       parts_cost_amt, parts margin % = 100 * SUM(parts gross) / SUM(parts_amt).
--                       ROs are served by an advisor (advisor_id).
--   warranty claims     one per warranty line; claim_status SUBMITTED (pending), PAID,
--                       REJECTED, dated by submitted_dt; paid dollars = paid_amt of PAID claims,
--                       dated by paid_dt. Rejection rate = 100 * REJECTED / (PAID + REJECTED)
--                       (pending claims are not decided yet).
--   csi surveys         survey_type 'SALES' (deal_id) or 'SERVICE' (ro_id); a survey is dated
--                       by sent_dt, an answer by responded_dt (NULL: no answer, score NULL). Response rate
--                       = 100 * responded / sent, by sent_dt. NPS and average score are over
--                       answers, dated by responded_dt: NPS = 100 * (scores 9-10 - scores 0-6)
--                       / answers.
--   Period words        "last month", "last quarter", "last year": the previous calendar period;
--                       "this month", "this year", "ytd", "mtd": to date.

CREATE TABLE dealer_groups (
    dealer_group_id INTEGER NOT NULL PRIMARY KEY,
    group_nm        VARCHAR NOT NULL
);

CREATE TABLE dealerships (
    dealer_group_id INTEGER NOT NULL,
    dealership_id   INTEGER NOT NULL PRIMARY KEY,
    dealer_cd       VARCHAR NOT NULL,
    dealership_nm   VARCHAR NOT NULL,
    franchise_make  VARCHAR,              -- NULL: independent used-car store
    region_nm       VARCHAR NOT NULL,
    state_cd        VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL
);

CREATE TABLE employees (
    dealer_group_id INTEGER NOT NULL,
    employee_id     INTEGER NOT NULL PRIMARY KEY,
    dealership_id   INTEGER NOT NULL,
    employee_nm     VARCHAR NOT NULL,
    role_cd         VARCHAR NOT NULL,     -- SALES, F&I, ADVISOR, TECH, MANAGER
    hire_dt         DATE NOT NULL,
    term_dt         DATE                  -- NULL: still employed
);

CREATE TABLE customers (
    dealer_group_id INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL PRIMARY KEY,
    first_nm        VARCHAR NOT NULL,
    last_nm         VARCHAR NOT NULL,
    state_cd        VARCHAR,
    created_dt      DATE NOT NULL,
    email_opt_in    TINYINT NOT NULL
);

CREATE TABLE vehicles (
    dealer_group_id INTEGER NOT NULL,
    vehicle_id      INTEGER NOT NULL PRIMARY KEY,
    vin             VARCHAR NOT NULL,
    dealership_id   INTEGER NOT NULL,     -- stocking store
    stock_nbr       VARCHAR NOT NULL,
    make            VARCHAR NOT NULL,     -- upper case: TOYOTA, HONDA, FORD ...
    model           VARCHAR NOT NULL,
    model_year      INTEGER NOT NULL,
    body_style      VARCHAR NOT NULL,     -- Sedan, SUV, Truck
    inv_type        VARCHAR NOT NULL,     -- NEW, USED, CPO
    acquired_dt     DATE NOT NULL,        -- day the unit entered stock
    acquisition_src VARCHAR NOT NULL,     -- FACTORY, TRADE, AUCTION, LEASE_RETURN
    cost_amt        DECIMAL(10,2) NOT NULL,
    list_price_amt  DECIMAL(10,2) NOT NULL,
    sold_dt         DATE,                 -- NULL: in stock
    is_internal     TINYINT NOT NULL      -- 1: demo / loaner unit, not for sale
);

CREATE TABLE deals (
    dealer_group_id INTEGER NOT NULL,
    deal_id         INTEGER NOT NULL PRIMARY KEY,
    dealership_id   INTEGER NOT NULL,
    vehicle_id      INTEGER NOT NULL,
    customer_id     INTEGER,              -- NULL on wholesale deals
    salesperson_id  INTEGER,              -- NULL on wholesale deals
    fi_manager_id   INTEGER,              -- NULL on wholesale and fleet deals
    deal_dt         DATE NOT NULL,        -- contract date
    delivered_dt    DATE,
    deal_type       VARCHAR NOT NULL,     -- RETAIL, LEASE, FLEET, WHOLESALE
    finance_type    VARCHAR NOT NULL,     -- CASH, FINANCE, LEASE
    sale_price_amt  DECIMAL(10,2) NOT NULL,
    front_gross_amt DECIMAL(10,2) NOT NULL,
    back_gross_amt  DECIMAL(10,2) NOT NULL,
    lender_nm       VARCHAR,
    apr_pct         DECIMAL(5,2),
    term_months     INTEGER,
    is_voided       TINYINT NOT NULL
);

CREATE TABLE trade_ins (
    dealer_group_id INTEGER NOT NULL,
    trade_id        INTEGER NOT NULL PRIMARY KEY,
    deal_id         INTEGER NOT NULL,
    trade_year      INTEGER NOT NULL,
    trade_make      VARCHAR NOT NULL,
    trade_model     VARCHAR NOT NULL,
    mileage         INTEGER NOT NULL,
    acv_amt         DECIMAL(10,2) NOT NULL,
    allowance_amt   DECIMAL(10,2) NOT NULL,
    payoff_amt      DECIMAL(10,2)         -- NULL: no lien
);

CREATE TABLE leads (
    dealer_group_id INTEGER NOT NULL,
    lead_id         INTEGER NOT NULL PRIMARY KEY,
    dealership_id   INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    lead_src        VARCHAR NOT NULL,     -- WEB, THIRD_PARTY, PHONE, WALK_IN, REFERRAL
    created_at      TIMESTAMP NOT NULL,
    assigned_to     INTEGER,
    lead_status     VARCHAR NOT NULL,     -- NEW, WORKING, SOLD, LOST
    is_duplicate    TINYINT NOT NULL
);

CREATE TABLE test_drives (
    dealer_group_id INTEGER NOT NULL,
    test_drive_id   INTEGER NOT NULL PRIMARY KEY,
    dealership_id   INTEGER NOT NULL,
    vehicle_id      INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    salesperson_id  INTEGER NOT NULL,
    drive_ts        TIMESTAMP NOT NULL
);

CREATE TABLE repair_orders (
    dealer_group_id INTEGER NOT NULL,
    ro_id           INTEGER NOT NULL PRIMARY KEY,
    ro_nbr          VARCHAR NOT NULL,
    dealership_id   INTEGER NOT NULL,
    customer_id     INTEGER,              -- NULL on internal ROs
    advisor_id      INTEGER NOT NULL,
    vin             VARCHAR NOT NULL,
    opened_at       TIMESTAMP NOT NULL,
    closed_at       TIMESTAMP,            -- NULL while open
    ro_status       VARCHAR NOT NULL,     -- OPEN, CLOSED
    mileage_in      INTEGER NOT NULL,
    is_voided       TINYINT NOT NULL
);

CREATE TABLE ro_lines (
    dealer_group_id INTEGER NOT NULL,
    ro_line_id      INTEGER NOT NULL PRIMARY KEY,
    ro_id           INTEGER NOT NULL,
    line_nbr        INTEGER NOT NULL,
    pay_type        CHAR(1) NOT NULL,     -- C customer pay, W warranty, I internal
    op_code         VARCHAR NOT NULL,
    labor_hours     DECIMAL(5,1) NOT NULL,
    labor_amt       DECIMAL(10,2) NOT NULL,
    parts_amt       DECIMAL(10,2) NOT NULL,
    parts_cost_amt  DECIMAL(10,2) NOT NULL,
    tech_id         INTEGER NOT NULL
);

CREATE TABLE warranty_claims (
    dealer_group_id INTEGER NOT NULL,
    claim_id        INTEGER NOT NULL PRIMARY KEY,
    ro_id           INTEGER NOT NULL,
    ro_line_id      INTEGER NOT NULL,
    submitted_dt    DATE NOT NULL,
    claim_status    VARCHAR NOT NULL,     -- SUBMITTED, PAID, REJECTED
    claim_amt       DECIMAL(10,2) NOT NULL,
    paid_dt         DATE,
    paid_amt        DECIMAL(10,2)
);

CREATE TABLE csi_surveys (
    dealer_group_id INTEGER NOT NULL,
    survey_id       INTEGER NOT NULL PRIMARY KEY,
    dealership_id   INTEGER NOT NULL,
    survey_type     VARCHAR NOT NULL,     -- SALES, SERVICE
    deal_id         INTEGER,
    ro_id           INTEGER,
    sent_dt         DATE NOT NULL,
    responded_dt    DATE,
    score           INTEGER               -- 0-10, NULL: no answer
);
