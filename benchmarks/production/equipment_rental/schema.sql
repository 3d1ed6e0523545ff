-- ============================================================================================
-- equipment_rental: the warehouse of an equipment-rental ERP platform (DuckDB DDL for labelling)
--
-- Company: "YardHub" runs counter, dispatch, fleet and billing software for construction and
-- party equipment rental companies. Every rental company is a tenant of one shared Oracle
-- analytics warehouse: its branches, equipment categories and serialised units, customers,
-- rental contracts and their lines (one line per unit sent out), returns checked in at the yard,
-- damage charges assessed on returns, shop (maintenance) tickets and invoices, keyed by co_id.
--
-- Warehouse: Oracle 19c. The agent writes dialect `oracle` (TRUNC(SYSDATE, 'MM'), ADD_MONTHS,
-- FETCH FIRST n ROWS ONLY, NVL, a date minus a date is a number of days; `/` is decimal division).
-- Flags are CHAR(1) 'Y' / 'N'.
-- Agent: `yard-analyst`, versions 2.1, 2.2 and 2.3, deployed for company 419 ("Cascade
-- Equipment & Event Rentals": four branches, a fifth, Eastgate, opened 2026-10-20).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded through 2026-11-01 (advance
-- bookings live in the counter system until the unit goes out, so no contract starts later). So "today" is the record's date; "last month" is October 2026,
-- "this qtr" / "this quarter" Q4 2026 to date (October), "last qtr" / "Q3" July-September 2026,
-- "ytd" / "this year" 2026 to date, "last year" 2025, "last 12 months" the twelve whole months
-- November 2025 - October 2026, "last 90 days" the 90 days before today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_id = 419` on every table of every query (row-level security);
--   * `test_flg = 'N'` on customers and rental_contracts (counter-training contracts written for
--     test customers; they are never invoiced and carry no damage charges);
--   * `del_flg = 'N'` on customers, rental_contracts and equip_units (rows deleted in the app stay
--     with 'Y'; a deleted customer's contracts are deleted with it and their invoices are VOID;
--     deleted units are duplicates keyed twice and carry no lines). Lines and returns of a test or
--     deleted contract are left out through their contract.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * revenue = SUM(rental_amt + damage_amt + delivery_amt) (pre-tax; = total_amt - tax_amt) over
--     invoices with status_cd 'ISSUED' or 'PAID' (DRAFT and VOID are not revenue), dated by
--     invoice_dt; "rental revenue" / "rental spend" = SUM(rental_amt) of the same invoices. A
--     contract's branch is rental_contracts.branch_id (the branch that wrote it).
--   * AR / outstanding = SUM(total_amt) (tax included) of invoices with status_cd 'ISSUED';
--     days to pay = paid_dt - invoice_dt over PAID invoices, dated by paid_dt.
--   * contract counts leave out CANCELLED contracts (unless the question is about cancellations)
--     and are dated by start_dt (the day the equipment goes out; contract_dt is when it was
--     written). Open contract = status_cd 'OPEN' (equipment still out).
--     Cancellation rate = CANCELLED / all contracts starting in the period.
--   * rentals: a contract line is one unit rented; lines of cancelled contracts never went out
--     and never count. Lines are dated by out_dt; rental days = contract_lines.rental_days (billed
--     days); rental $ by category = SUM(contract_lines.line_amt). Contract value = SUM(line_amt)
--     of its lines.
--   * a return is late when returned_dt > the line's due_dt (the day it is due back is on time);
--     on-time return rate = returns with returned_dt <= due_dt / returns, dated by returned_dt.
--     Returns with line_id NULL are units dropped in the yard and not yet matched to a line
--     (they count in no return figure). Overdue = a line of an OPEN contract with no return row
--     and due_dt < today.
--   * fleet = units with del_flg 'N' and status_cd not 'SOLD' / 'RETIRED'. status_cd is the unit's
--     live status: ON_RENT, AVAIL, MAINT ("in the shop"). Utilization = ON_RENT units / fleet
--     units (a ratio). A unit's branch is its home branch (equip_units.branch_id).
--   * damage charged / billed = charges with status BILLED, PAID or DISPUTED (WAIVED were
--     forgiven), dated by assessed_dt. Waived share = WAIVED / all charges assessed.
--   * maintenance cost = SUM(cost_amt) of shop tickets closed in the period (dated by closed_dt;
--     open tickets have no cost yet); downtime = closed_dt - opened_dt in days; repairs =
--     maint_type 'REPAIR'.
--   * new customer = customers.created_dt in the period; repeat customer = 2 or more contracts
--     (not cancelled) starting in the period; customer type = customers.cust_type.
-- ============================================================================================

CREATE TABLE branches (
    co_id           INTEGER NOT NULL,
    branch_id       INTEGER PRIMARY KEY,
    branch_nm       VARCHAR NOT NULL,
    region_cd       VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL,
    closed_dt       DATE
);

CREATE TABLE equip_categories (
    co_id           INTEGER NOT NULL,
    cat_id          INTEGER PRIMARY KEY,
    cat_nm          VARCHAR NOT NULL,
    cat_group       VARCHAR NOT NULL,          -- CONSTRUCTION, PARTY
    daily_rate      DECIMAL(10,2) NOT NULL,
    weekly_rate     DECIMAL(10,2) NOT NULL
);

CREATE TABLE equip_units (
    co_id           INTEGER NOT NULL,
    unit_id         INTEGER PRIMARY KEY,
    cat_id          INTEGER NOT NULL,
    branch_id       INTEGER NOT NULL,          -- home branch
    serial_no       VARCHAR NOT NULL,
    acquired_dt     DATE NOT NULL,
    acq_cost        DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- AVAIL, ON_RENT, MAINT, SOLD, RETIRED
    disposed_dt     DATE,                      -- SOLD / RETIRED units
    del_flg         CHAR(1) NOT NULL           -- 'Y' deleted (duplicate keyed twice)
);

CREATE TABLE customers (
    co_id           INTEGER NOT NULL,
    cust_id         INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type       VARCHAR NOT NULL,          -- CONTRACTOR, EVENT, HOMEOWNER, CORP
    acct_type       VARCHAR NOT NULL,          -- ACCOUNT (on terms), CASH
    created_dt      DATE NOT NULL,
    test_flg        CHAR(1) NOT NULL,
    del_flg         CHAR(1) NOT NULL
);

CREATE TABLE rental_contracts (
    co_id           INTEGER NOT NULL,
    contract_id     INTEGER PRIMARY KEY,
    cust_id         INTEGER NOT NULL,
    branch_id       INTEGER NOT NULL,          -- branch that wrote the contract
    contract_dt     DATE NOT NULL,             -- written
    start_dt        DATE NOT NULL,             -- equipment goes out
    due_back_dt     DATE NOT NULL,             -- latest line due date
    status_cd       VARCHAR NOT NULL,          -- OPEN, CLOSED, CANCELLED
    delivery_flg    CHAR(1) NOT NULL,          -- 'Y' delivered to site by our truck
    test_flg        CHAR(1) NOT NULL,
    del_flg         CHAR(1) NOT NULL
);

CREATE TABLE contract_lines (
    co_id           INTEGER NOT NULL,
    line_id         INTEGER PRIMARY KEY,
    contract_id     INTEGER NOT NULL,
    unit_id         INTEGER NOT NULL,
    cat_id          INTEGER NOT NULL,
    out_dt          DATE NOT NULL,
    due_dt          DATE NOT NULL,
    rate_type       VARCHAR NOT NULL,          -- DAY, WEEK, MONTH
    rate_amt        DECIMAL(10,2) NOT NULL,
    rental_days     INTEGER NOT NULL,          -- billed days
    line_amt        DECIMAL(10,2) NOT NULL
);

CREATE TABLE returns (
    co_id             INTEGER NOT NULL,
    return_id         INTEGER PRIMARY KEY,
    line_id           INTEGER,                 -- NULL: dropped in the yard, not matched yet
    unit_id           INTEGER NOT NULL,
    returned_dt       DATE NOT NULL,
    return_branch_id  INTEGER NOT NULL,
    condition_cd      VARCHAR NOT NULL,        -- OK, DIRTY, DAMAGED
    hour_meter        INTEGER                  -- engine hours on the trip (NULL: no meter)
);

CREATE TABLE damage_charges (
    co_id           INTEGER NOT NULL,
    dmg_id          INTEGER PRIMARY KEY,
    return_id       INTEGER NOT NULL,
    contract_id     INTEGER NOT NULL,
    assessed_dt     DATE NOT NULL,
    charge_amt      DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- BILLED, PAID, WAIVED, DISPUTED
    waive_reason    VARCHAR
);

CREATE TABLE maintenance_events (
    co_id           INTEGER NOT NULL,
    maint_id        INTEGER PRIMARY KEY,
    unit_id         INTEGER NOT NULL,
    maint_type      VARCHAR NOT NULL,          -- PM, REPAIR, INSPECTION
    opened_dt       DATE NOT NULL,
    closed_dt       DATE,                      -- NULL while the unit is in the shop
    cost_amt        DECIMAL(10,2),             -- NULL until closed
    vendor_nm       VARCHAR
);

CREATE TABLE invoices (
    co_id           INTEGER NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    contract_id     INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    invoice_dt      DATE NOT NULL,
    due_dt          DATE NOT NULL,
    rental_amt      DECIMAL(10,2) NOT NULL,
    damage_amt      DECIMAL(10,2) NOT NULL,
    delivery_amt    DECIMAL(10,2) NOT NULL,
    tax_amt         DECIMAL(10,2) NOT NULL,
    total_amt       DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- DRAFT, ISSUED, PAID, VOID
    paid_dt         DATE
);
