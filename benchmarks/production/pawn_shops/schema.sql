-- ============================================================================================
-- pawn_shops: the warehouse of a pawn-shop and buy-sell platform (DuckDB DDL for labelling)
--
-- Company: "PawnLedger" sells point-of-sale, loan-book, police-reporting and inventory software to
-- pawn chains. Every chain is a tenant of one shared Oracle warehouse, all tables keyed by tnt_id.
-- The deployment here is tenant 'PW-0311', Goldline Pawn & Loan, with stores Goldline Downtown,
-- Eastside, Northgate, Airport Rd (opened 2025-09-08) and Westpark, closed at the end of 2025 and
-- soft-deleted with its 2025 history kept. Other tenants: 'PW-0208' (Cash Pawn) and 'PW-0475'
-- (Big Buck Pawn).
--
-- Warehouse: Oracle (TRUNC(d, 'MM' | 'Q' | 'YYYY'), ADD_MONTHS, SYSDATE with its time of day,
-- date minus date = days, FETCH FIRST n ROWS ONLY, NVL, CASE; no FILTER, QUALIFY or COUNT_IF).
-- Flags are CHAR(1) 'Y'/'N'. Amounts are dollars with cents (NUMBER(12,2)). The agent writes
-- dialect `oracle`.
-- Agent: `ticket-sql`, versions 2.7, 2.8 and 2.9, deployed for tenant 'PW-0311'.
-- Log window: 2026-11-02 to 2026-11-27; the warehouse is loaded up to 2026-11-01 (nothing dated
-- after it except maturity dates and police-hold release dates, which lie ahead).
-- So "last month" is October 2026, "this month" November 2026 to date (empty), "last quarter"
-- Q3 2026 (July-September), "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 to date,
-- "last 6 months" the six whole months May-October 2026, "last 90 days" the rolling 90 days back
-- from today, "rn" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tnt_id = 'PW-0311'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `test_flg = 'N'` on customers (the counter-training profiles 'Training Customer'
--     and 'Counter Test'), buy_txns and sales (rung on the training till). Pawn loans carry no
--     flag of their own: a training loan is excluded only through customers (join customers and
--     keep test_flg = 'N'), and so are its extensions and payments;
--   * voids: `void_flg = 'N'` on loan_pmts, buy_txns and sales (rung in error and re-rung); a
--     pawn loan written in error has loan_status_cd = 'VOID' and never counts as a loan;
--   * soft deletes: `deleted_at IS NULL` on stores (the closed Westpark store), clerks (a profile
--     keyed twice), customers (merged duplicate profiles) and items (item records keyed twice at
--     intake; the duplicate carries no loan, buy or sale). These matter where that table is the
--     population counted or listed.
--
-- Business conventions of the chain (what a careful analyst would apply):
--   * pawn_loans: one row per loan, one collateral item per loan (item_id). loan_dt is the day it
--     was written; principal_amt the cash lent; int_rate_pct the monthly finance charge in percent;
--     term_days 30; maturity_dt the current due date (moved 30 days by each extension). After
--     maturity a 30-day grace period runs; the loan stays ACTIVE until redeemed or forfeited.
--     loan_status_cd 'ACTIVE', 'REDEEMED' (customer paid and took the item back), 'FORFEITED'
--     (not redeemed by the end of grace; the item goes to the sales floor) or 'VOID'; closed_dt is
--     the redemption or forfeiture date (NULL while ACTIVE).
--   * "loans written" / "new loans" = non-VOID loans of real customers by loan_dt. "Active" /
--     "outstanding" loans = loan_status_cd = 'ACTIVE' (loans in grace past maturity included);
--     "past due" = ACTIVE with maturity_dt before today.
--   * redemption rate = REDEEMED / (REDEEMED + FORFEITED) of loans closed in the period (by
--     closed_dt), in percent. Forfeitures are dated by closed_dt.
--   * loan-to-value (LTV) = SUM(principal_amt) / SUM(appraised_amt of the collateral) in percent,
--     never an average of per-loan ratios.
--   * loan_extensions: one row per extension (ext_dt, ext_fee_amt, old and new maturity). The fee
--     is also paid as an INTEREST loan_pmt. Extension fees = SUM(ext_fee_amt) by ext_dt. Extension
--     rate = loans with at least one extension / loans written, same cohort.
--   * loan_pmts: pmt_type_cd 'INTEREST' (extension fee) or 'REDEMPTION' (principal back plus the
--     finance charge). Interest income = SUM(int_paid_amt) of non-void payments by pmt_dt;
--     prin_paid_amt is the principal coming back, not income.
--   * items: acq_src_cd 'PAWN' (collateral) or 'BUY' (bought outright over the counter);
--     item_status_cd 'COLLATERAL', 'RETURNED', 'FOR_SALE', 'LAYAWAY', 'SOLD'. Every new item has a
--     police hold: it may not be sold before hold_rel_dt (acq_dt + the store's hold_days). "On
--     hold" = hold_rel_dt > today; "available to sell" = item_status_cd = 'FOR_SALE' and
--     hold_rel_dt <= today. appraised_amt is the intake appraisal.
--   * buy_txns: offer_amt is the first offer, paid_amt what the customer was paid (the spend).
--   * sales: sale_type_cd 'RETAIL' (paid on the day) or 'LAYAWAY' (a deposit, paid off later);
--     sale_status_cd 'COMPLETE', 'OPEN' (layaway being paid) or 'CANCELLED'. sale_ts is when the
--     sale or layaway started, cmpl_ts when it was paid off (= sale_ts for RETAIL, NULL unless
--     COMPLETE). Retail revenue = SUM(sale_amt) of COMPLETE, non-void, non-test sales dated by
--     cmpl_ts; cost_amt is the principal lent or the price paid for the item; gross margin % =
--     (SUM(sale_amt) - SUM(cost_amt)) / SUM(sale_amt) * 100. cust_id is NULL for walk-in buyers.
--   * drawer_counts: one end-of-day count per store counter (counter_no); variance = counted_amt
--     - expected_amt; a shortage is a negative variance, "short by more than $X" = variance < -X.
-- ============================================================================================

CREATE TABLE stores (
    tnt_id      VARCHAR NOT NULL,
    store_id    INTEGER NOT NULL,
    store_cd    VARCHAR NOT NULL,
    store_nm    VARCHAR NOT NULL,
    state_cd    VARCHAR NOT NULL,
    hold_days   INTEGER NOT NULL,       -- police hold period for new items in this store's state
    counters    INTEGER NOT NULL,       -- number of cash counters
    open_dt     DATE NOT NULL,
    deleted_at  TIMESTAMP               -- soft delete (closed Westpark)
);

CREATE TABLE clerks (
    tnt_id      VARCHAR NOT NULL,
    clerk_id    INTEGER NOT NULL,
    store_id    INTEGER NOT NULL,
    clerk_nm    VARCHAR NOT NULL,
    role_cd     VARCHAR NOT NULL,       -- 'CLERK', 'MGR'
    hire_dt     DATE NOT NULL,
    deleted_at  TIMESTAMP
);

CREATE TABLE customers (
    tnt_id          VARCHAR NOT NULL,
    cust_id         INTEGER NOT NULL,
    cust_nm         VARCHAR NOT NULL,
    id_type_cd      VARCHAR NOT NULL,   -- 'DL', 'STATE_ID', 'PASSPORT'
    id_verified_yn  VARCHAR NOT NULL,   -- 'Y' / 'N': ID scanned and checked at the counter
    id_exp_dt       DATE,               -- expiry of the ID on file
    home_store_id   INTEGER,
    created_dt      DATE NOT NULL,
    test_flg        VARCHAR NOT NULL,   -- 'Y' = counter-training profile
    deleted_at      TIMESTAMP           -- merged duplicate profile
);

CREATE TABLE items (
    tnt_id          VARCHAR NOT NULL,
    item_id         INTEGER NOT NULL,
    store_id        INTEGER NOT NULL,
    category_cd     VARCHAR NOT NULL,   -- 'JEWELRY', 'ELECTRONICS', 'TOOLS', 'FIREARMS', 'MUSICAL', 'OTHER'
    item_desc       VARCHAR,
    appraised_amt   DECIMAL(12,2) NOT NULL,
    acq_src_cd      VARCHAR NOT NULL,   -- 'PAWN', 'BUY'
    acq_dt          DATE NOT NULL,
    hold_rel_dt     DATE NOT NULL,      -- police hold ends (acq_dt + store hold_days)
    item_status_cd  VARCHAR NOT NULL,   -- 'COLLATERAL', 'RETURNED', 'FOR_SALE', 'LAYAWAY', 'SOLD'
    deleted_at      TIMESTAMP           -- item keyed twice at intake
);

CREATE TABLE pawn_loans (
    tnt_id          VARCHAR NOT NULL,
    loan_id         INTEGER NOT NULL,
    store_id        INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    item_id         INTEGER NOT NULL,
    clerk_id        INTEGER NOT NULL,
    loan_dt         DATE NOT NULL,
    principal_amt   DECIMAL(12,2) NOT NULL,
    int_rate_pct    DECIMAL(5,2) NOT NULL,  -- monthly finance charge, percent
    term_days       INTEGER NOT NULL,
    maturity_dt     DATE NOT NULL,          -- current due date, after extensions
    loan_status_cd  VARCHAR NOT NULL,       -- 'ACTIVE', 'REDEEMED', 'FORFEITED', 'VOID'
    closed_dt       DATE                    -- redemption / forfeiture date
);

CREATE TABLE loan_extensions (
    tnt_id          VARCHAR NOT NULL,
    ext_id          INTEGER NOT NULL,
    loan_id         INTEGER NOT NULL,
    ext_dt          DATE NOT NULL,
    ext_fee_amt     DECIMAL(12,2) NOT NULL,
    old_maturity_dt DATE NOT NULL,
    new_maturity_dt DATE NOT NULL,
    clerk_id        INTEGER NOT NULL
);

CREATE TABLE loan_pmts (
    tnt_id          VARCHAR NOT NULL,
    pmt_id          INTEGER NOT NULL,
    loan_id         INTEGER NOT NULL,
    pmt_dt          DATE NOT NULL,
    pmt_type_cd     VARCHAR NOT NULL,   -- 'INTEREST', 'REDEMPTION'
    prin_paid_amt   DECIMAL(12,2) NOT NULL,
    int_paid_amt    DECIMAL(12,2) NOT NULL,
    void_flg        VARCHAR NOT NULL    -- 'Y' = voided payment
);

CREATE TABLE buy_txns (
    tnt_id      VARCHAR NOT NULL,
    buy_id      INTEGER NOT NULL,
    store_id    INTEGER NOT NULL,
    cust_id     INTEGER NOT NULL,
    item_id     INTEGER NOT NULL,
    clerk_id    INTEGER NOT NULL,
    buy_ts      TIMESTAMP NOT NULL,
    offer_amt   DECIMAL(12,2) NOT NULL, -- first offer
    paid_amt    DECIMAL(12,2) NOT NULL, -- cash paid out
    test_flg    VARCHAR NOT NULL,
    void_flg    VARCHAR NOT NULL
);

CREATE TABLE sales (
    tnt_id          VARCHAR NOT NULL,
    sale_id         INTEGER NOT NULL,
    store_id        INTEGER NOT NULL,
    cust_id         INTEGER,            -- NULL = walk-in buyer
    item_id         INTEGER NOT NULL,
    clerk_id        INTEGER NOT NULL,
    sale_ts         TIMESTAMP NOT NULL, -- sale or layaway start
    cmpl_ts         TIMESTAMP,          -- paid off (COMPLETE only)
    sale_type_cd    VARCHAR NOT NULL,   -- 'RETAIL', 'LAYAWAY'
    sale_status_cd  VARCHAR NOT NULL,   -- 'COMPLETE', 'OPEN', 'CANCELLED'
    sale_amt        DECIMAL(12,2) NOT NULL,
    cost_amt        DECIMAL(12,2) NOT NULL,
    test_flg        VARCHAR NOT NULL,
    void_flg        VARCHAR NOT NULL
);

CREATE TABLE drawer_counts (
    tnt_id          VARCHAR NOT NULL,
    count_id        INTEGER NOT NULL,
    store_id        INTEGER NOT NULL,
    counter_no      INTEGER NOT NULL,
    count_dt        DATE NOT NULL,
    clerk_id        INTEGER NOT NULL,
    expected_amt    DECIMAL(12,2) NOT NULL,
    counted_amt     DECIMAL(12,2) NOT NULL
);
