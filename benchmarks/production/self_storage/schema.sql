-- ============================================================================================
-- self_storage: the analytics warehouse of a self-storage operator platform (DuckDB DDL for labelling)
--
-- Company: "Stowline" runs facility management software for self-storage operators: online
-- rentals, gate access, billing, delinquency and lien auctions. Every operator is a tenant of one
-- shared analytics warehouse: its facilities, units (by size, climate control and type), renters
-- (customers), leases (one per rental, with move-in and move-out), promotions, tenant-protection
-- (insurance) policies, monthly rent invoices, payments, late and lien fees, lien auctions of
-- delinquent units and existing-customer rate increases (ECRIs), all keyed by op_id.
--
-- Warehouse: MySQL 8 (the agent writes dialect `mysql`: DATE_FORMAT, DATE_SUB, CURDATE(),
-- DATEDIFF, TIMESTAMPDIFF, IFNULL, backticks, LIMIT; `/` is decimal division, flags are
-- TINYINT 0/1). This file is the same warehouse as DuckDB DDL, for labelling.
-- Agent: `unitbot`, versions 2.2, 2.3 and 2.4, deployed for operator SS-0521 ("Keystone
-- Storage", seven facilities around Columbus, Ohio in regions METRO, NORTH and SOUTH).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded through 2026-11-01. So "last
-- month" is October 2026, "this quarter" Q4 2026 to date (from 2026-10-01), "last quarter" /
-- "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months"
-- the six whole months May-October 2026, "last 90 days" the 90 days before today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `op_id = 'SS-0521'` on every table of every query (row-level security);
--   * soft deletes: `deleted_at IS NULL` on facilities, units and customers (Old Mill, sold in
--     March 2026, and its units carry a deletion time; so do units merged or demolished, and
--     customers erased on request). Deleted rows are left out wherever those tables are read:
--     inventory, occupancy and vacancy, per-facility and per-region breakdowns, counts and lists
--     of customers. The lease and money history of a deleted facility, unit or customer still
--     counts in operator-wide totals (move-ins, move-outs, revenue, fees, auctions: Old Mill's
--     rent before the sale is still the operator's revenue), so those need no join to them;
--   * test rows: `is_test = 0` on leases (staff training rentals; their customers are flagged
--     is_test = 1 too). Invoices, payments, fees, policies and auctions of a test lease are
--     left out through their lease.
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * move-in = a lease with status_cd <> 'CANCELLED' (CANCELLED = a reservation that never
--     moved in), dated by move_in_dt. Move-out = a lease with move_out_dt (VACATED or AUCTIONED),
--     dated by move_out_dt. Net move-ins = move-ins - move-outs.
--   * current renter / active lease = status_cd 'ACTIVE' (move_out_dt IS NULL).
--   * length of stay = DATEDIFF(move_out_dt, move_in_dt) in days, over moved-out leases.
--   * occupancy (unit occupancy) = occupied units / rentable units, from units.status_cd today:
--     occupied = 'OCCUPIED' or 'OVERLOCK' (an overlocked unit is rented, its renter locked out for
--     non-payment); rentable = every status but 'UNRENTABLE'. Vacant (available) = 'AVAILABLE'
--     ('RESERVED' units are held for a coming move-in). Occupancy is shown in percent.
--   * in-place rent = leases.monthly_rate (the current rate, after ECRIs) of active leases;
--     street rate = units.street_rate (the advertised rate). Rent per sq ft = SUM(monthly_rate) /
--     SUM(sq_ft) (a ratio of sums, never an average of per-unit ratios).
--   * rental revenue = SUM(rent_amt - discount_amt) of invoices with status_cd <> 'VOID', dated
--     by period_start (the month billed). Insurance revenue = SUM(insurance_amt), same invoices.
--     total_amt = rent_amt - discount_amt + insurance_amt (late fees are billed separately).
--   * collections = SUM(payments.amount) of status 'SETTLED', dated by paid_ts. FAILED attempts
--     and REFUNDED payments are not collected. Failed payment rate = FAILED / all attempts.
--   * outstanding balance = total_amt minus settled payments of invoices with status 'OPEN' or
--     'PARTIAL'. Delinquent = an active lease with an OPEN or PARTIAL invoice whose due_dt is
--     before today; days delinquent = days since the oldest such due_dt.
--   * late-fee revenue = SUM(fee_amt) of late_fees not waived (is_waived = 0), dated by
--     assessed_dt; both fee types (LATE, LIEN) count. Waiver rate = waived fees / fees assessed.
--   * auctions: proceeds = SUM(sale_amt) of status 'SOLD', dated by auction_dt. 'REDEEMED' = the
--     renter paid up before the sale; 'CANCELLED' = called off; 'SCHEDULED' = still to come.
--   * insurance attach rate = share of move-ins whose lease has a tenant-protection policy
--     (any insurance_policies row for the lease). Promo move-ins = move-ins with a promo_id.
--   * ECRI = a rate_changes row, dated by effective_dt; ECRI % = (new_rate - old_rate) /
--     old_rate * 100 per change, averaged over changes.
--   * rates and shares are shown in percent (0-100); breakdowns "by facility" / "per region"
--     list every facility (region) not deleted, zeros included.
-- ============================================================================================

CREATE TABLE facilities (
    op_id           VARCHAR NOT NULL,
    facility_id     INTEGER PRIMARY KEY,
    facility_nm     VARCHAR NOT NULL,
    region_cd       VARCHAR NOT NULL,          -- METRO, NORTH, SOUTH (SS-0521)
    city_nm         VARCHAR,
    opened_dt       DATE NOT NULL,
    deleted_at      TIMESTAMP                  -- soft delete (facility sold or closed)
);

CREATE TABLE units (
    op_id           VARCHAR NOT NULL,
    unit_id         INTEGER PRIMARY KEY,
    facility_id     INTEGER NOT NULL,
    unit_no         VARCHAR NOT NULL,
    size_cd         VARCHAR NOT NULL,          -- 5x5, 5x10, 10x10, 10x15, 10x20, 10x30
    sq_ft           INTEGER NOT NULL,
    is_climate      INTEGER NOT NULL,          -- 1 climate controlled
    unit_type_cd    VARCHAR NOT NULL,          -- INDOOR, DRIVEUP
    street_rate     DECIMAL(8,2) NOT NULL,     -- advertised monthly rate
    status_cd       VARCHAR NOT NULL,          -- AVAILABLE, RESERVED, OCCUPIED, OVERLOCK, UNRENTABLE
    deleted_at      TIMESTAMP
);

CREATE TABLE customers (
    op_id           VARCHAR NOT NULL,
    customer_id     INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type_cd    VARCHAR NOT NULL,          -- IND individual, BUS business
    email           VARCHAR,
    created_at      TIMESTAMP NOT NULL,
    is_test         INTEGER NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE promotions (
    op_id           VARCHAR NOT NULL,
    promo_id        INTEGER PRIMARY KEY,
    promo_cd        VARCHAR NOT NULL,
    promo_nm        VARCHAR NOT NULL,
    discount_type   VARCHAR NOT NULL,          -- FIRST_MONTH_FREE, PCT, AMOUNT
    discount_val    DECIMAL(8,2),              -- percent or dollars; NULL for FIRST_MONTH_FREE / $1 first month
    start_dt        DATE NOT NULL,
    end_dt          DATE                       -- NULL: open-ended
);

CREATE TABLE leases (
    op_id           VARCHAR NOT NULL,
    lease_id        INTEGER PRIMARY KEY,
    unit_id         INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    promo_id        INTEGER,                   -- NULL: no promotion
    move_in_dt      DATE NOT NULL,             -- planned move-in for CANCELLED reservations
    move_out_dt     DATE,                      -- NULL while ACTIVE (and for CANCELLED)
    monthly_rate    DECIMAL(8,2) NOT NULL,     -- current rate (after ECRIs)
    status_cd       VARCHAR NOT NULL,          -- ACTIVE, VACATED, AUCTIONED, CANCELLED
    source_cd       VARCHAR NOT NULL,          -- WEB, PHONE, WALKIN, AGGREGATOR
    is_test         INTEGER NOT NULL
);

CREATE TABLE insurance_policies (
    op_id           VARCHAR NOT NULL,
    policy_id       INTEGER PRIMARY KEY,
    lease_id        INTEGER NOT NULL,
    coverage_amt    DECIMAL(10,2) NOT NULL,
    monthly_premium DECIMAL(8,2) NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE                       -- NULL while in force
);

CREATE TABLE invoices (
    op_id           VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    lease_id        INTEGER NOT NULL,
    period_start    DATE NOT NULL,             -- the month billed (anniversary billing)
    invoice_dt      DATE NOT NULL,             -- issued 5 days before the period
    due_dt          DATE NOT NULL,
    rent_amt        DECIMAL(10,2) NOT NULL,
    insurance_amt   DECIMAL(10,2) NOT NULL,
    discount_amt    DECIMAL(10,2) NOT NULL,    -- promotion discount
    total_amt       DECIMAL(10,2) NOT NULL,    -- rent - discount + insurance
    status_cd       VARCHAR NOT NULL           -- OPEN, PARTIAL, PAID, VOID, WRITTEN_OFF
);

CREATE TABLE payments (
    op_id           VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    invoice_id      INTEGER NOT NULL,
    paid_ts         TIMESTAMP NOT NULL,
    amount          DECIMAL(10,2) NOT NULL,
    method_cd       VARCHAR NOT NULL,          -- CARD, ACH, CASH, CHECK
    status_cd       VARCHAR NOT NULL           -- SETTLED, FAILED, REFUNDED
);

CREATE TABLE late_fees (
    op_id           VARCHAR NOT NULL,
    fee_id          INTEGER PRIMARY KEY,
    lease_id        INTEGER NOT NULL,
    invoice_id      INTEGER,                   -- NULL for LIEN fees (per lease)
    assessed_dt     DATE NOT NULL,
    fee_amt         DECIMAL(8,2) NOT NULL,
    fee_type        VARCHAR NOT NULL,          -- LATE, LIEN
    is_waived       INTEGER NOT NULL
);

CREATE TABLE auctions (
    op_id           VARCHAR NOT NULL,
    auction_id      INTEGER PRIMARY KEY,
    lease_id        INTEGER NOT NULL,
    unit_id         INTEGER NOT NULL,
    lien_dt         DATE NOT NULL,             -- lien notice sent
    auction_dt      DATE NOT NULL,             -- sale date (scheduled or held)
    status_cd       VARCHAR NOT NULL,          -- SCHEDULED, SOLD, REDEEMED, CANCELLED
    sale_amt        DECIMAL(10,2),             -- SOLD only
    buyer_nm        VARCHAR
);

CREATE TABLE rate_changes (
    op_id           VARCHAR NOT NULL,
    change_id       INTEGER PRIMARY KEY,
    lease_id        INTEGER NOT NULL,
    notice_dt       DATE NOT NULL,
    effective_dt    DATE NOT NULL,
    old_rate        DECIMAL(8,2) NOT NULL,
    new_rate        DECIMAL(8,2) NOT NULL
);
