-- Finance / accounting: Northbeam, a SaaS company with four legal entities (UK, Germany, US,
-- Canada) in one Redshift finance warehouse. The US finance team (controller, AP, AR, FP&A)
-- asks fin-analyst about Northbeam Inc., legal entity 3 (books in USD).
--
-- Warehouse dialect the agent writes: Amazon Redshift (sqlglot dialect `redshift`): DATE_TRUNC,
--   DATEADD / DATEDIFF(datepart, a, b), GETDATE() / SYSDATE (timestamps) and CURRENT_DATE,
--   NVL, CASE, LISTAGG ... WITHIN GROUP, ::date casts, TOP n, QUALIFY.
--   Note: GETDATE() is a timestamp; comparing a DATE column with it (due_date < GETDATE(),
--   received_date = DATEADD(day, -1, GETDATE())) compares against that moment, not the day.
-- Guards the deployment adds:
--   * entity_id = 3 on every query (the finance team of Northbeam Inc. sees its own books);
--   * gl_entries.is_reversed = false on every ledger query (voided lines stay in the table with
--     is_reversed = true; no offsetting line is stored), unless reversals are asked about.
-- Agent: fin-analyst, versions 5.2, 5.3 and 6.0.
-- Log window: 2025-07-01 to 2025-07-25; the fiscal year is the calendar year. "last month" is
--   June 2025, "last quarter" Q2 2025, "this quarter" Q3 2025 to date, "this year" / "ytd"
--   2025 to date, "last year" 2024, "Q1" Q1 2025, "December" December 2024.
--
-- Conventions of Northbeam's finance team (also in rules.stef notes):
--   ledger periods   a ledger amount belongs to the month of its gl_date (period_cd is the same
--                    month as text); posted_at is when it was keyed in (close entries for June
--                    were keyed in July with gl_date 2025-06-30).
--   signs            expenses and assets: debit_amt - credit_amt; revenue, liabilities and
--                    equity: credit_amt - debit_amt. Spend / expenses = all expense accounts
--                    (account_type 'expense'); opex = account_subtype 'opex'; COGS = 'cogs'.
--   gross margin %   (revenue - COGS) / revenue * 100.
--   budget           the board-approved plan, budget_version 'AOP'; 'RF1' is the Q2 reforecast
--                    (April-December) and is used only when a forecast is asked for.
--   open AP          AP invoices not paid and not void (status 'open' or 'on_hold'), in USD
--                    (invoice_amt_usd, converted at booking); invoice_amt is in the invoice's
--                    own currency. Unapproved = approved_at IS NULL.
--   AP aging         open AP by days past due_date as of today: current (not yet due), 1-30,
--                    31-60, 61-90, 90+.
--   overdue AR       the unpaid remainder (amount_usd - amount_paid_usd) of AR invoices with
--                    status 'open' or 'partially_paid' whose due_date is before today.
--   DPO (a month)    open AP at the month's last day / AP invoices dated in the month * days in
--                    the month (both invoice_amt_usd, voids excluded).
--   days to pay      paid_date - invoice_date of AP invoices, by the month paid.
--   close time       calendar days from period_end to the day the period was closed (closed_at).

CREATE TABLE legal_entities (
    entity_id              INTEGER NOT NULL,
    entity_name            VARCHAR NOT NULL,
    country_cd             VARCHAR NOT NULL,
    functional_currency_cd VARCHAR NOT NULL,
    PRIMARY KEY (entity_id)
);

-- The chart of accounts is global (one set of account ids for every entity).
CREATE TABLE accounts (
    account_id      INTEGER NOT NULL,
    account_num     VARCHAR NOT NULL,      -- '6200'
    account_name    VARCHAR NOT NULL,
    account_type    VARCHAR NOT NULL,      -- 'asset', 'liability', 'equity', 'revenue', 'expense'
    account_subtype VARCHAR NOT NULL,      -- 'cash', 'receivable', 'prepaid', 'fixed_asset', 'payable',
                                           -- 'accrual', 'equity', 'revenue', 'cogs', 'opex', 'other'
    normal_balance  VARCHAR NOT NULL,      -- 'D' or 'C'
    is_active       BOOLEAN NOT NULL,
    PRIMARY KEY (account_id)
);

CREATE TABLE cost_centers (
    entity_id       INTEGER NOT NULL,
    cost_center_id  INTEGER NOT NULL,      -- unique across entities
    cc_code         VARCHAR NOT NULL,      -- 'CC-400'
    cc_name         VARCHAR NOT NULL,      -- the same names recur in every entity
    owner_name      VARCHAR,
    is_active       BOOLEAN NOT NULL,
    PRIMARY KEY (cost_center_id)
);

CREATE TABLE vendors (
    entity_id          INTEGER NOT NULL,
    vendor_id          INTEGER NOT NULL,   -- unique across entities
    vendor_name        VARCHAR NOT NULL,
    vendor_category    VARCHAR,
    payment_terms_days INTEGER NOT NULL,
    currency_cd        VARCHAR NOT NULL,   -- the currency the vendor bills in
    is_active          BOOLEAN NOT NULL,
    created_at         TIMESTAMP NOT NULL,
    PRIMARY KEY (vendor_id)
);

CREATE TABLE customers (
    entity_id       INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,      -- unique across entities
    customer_name   VARCHAR NOT NULL,
    segment         VARCHAR NOT NULL,      -- 'enterprise', 'mid_market', 'smb'
    country_cd      VARCHAR NOT NULL,
    is_active       BOOLEAN NOT NULL,
    PRIMARY KEY (customer_id)
);

CREATE TABLE ap_invoices (
    entity_id       INTEGER NOT NULL,
    ap_invoice_id   INTEGER NOT NULL,
    vendor_id       INTEGER,               -- NULL for employee reimbursements paid through AP
    invoice_num     VARCHAR NOT NULL,      -- the vendor's own number (not unique across vendors)
    invoice_date    DATE NOT NULL,
    received_date   DATE NOT NULL,
    due_date        DATE NOT NULL,
    currency_cd     VARCHAR NOT NULL,
    invoice_amt     DECIMAL(14, 2) NOT NULL,  -- in currency_cd
    invoice_amt_usd DECIMAL(14, 2) NOT NULL,  -- converted at the spot rate of invoice_date (entity 3);
                                              -- other entities: their functional currency
    status          VARCHAR NOT NULL,      -- 'open', 'on_hold' (disputed), 'paid', 'void'
    approved_at     TIMESTAMP,             -- NULL until approved
    paid_date       DATE,
    cost_center_id  INTEGER,
    account_id      INTEGER,
    po_num          VARCHAR,
    PRIMARY KEY (ap_invoice_id)
);

CREATE TABLE ar_invoices (
    entity_id       INTEGER NOT NULL,
    ar_invoice_id   INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    invoice_num     VARCHAR NOT NULL,
    invoice_date    DATE NOT NULL,
    due_date        DATE NOT NULL,
    amount_usd      DECIMAL(14, 2) NOT NULL,
    amount_paid_usd DECIMAL(14, 2) NOT NULL,
    status          VARCHAR NOT NULL,      -- 'open', 'partially_paid', 'paid', 'void', 'written_off'
    paid_date       DATE,                  -- when fully paid
    written_off_date DATE,
    PRIMARY KEY (ar_invoice_id)
);

CREATE TABLE payments (
    entity_id       INTEGER NOT NULL,
    payment_id      INTEGER NOT NULL,
    payment_type    VARCHAR NOT NULL,      -- 'AP' (to a vendor) or 'AR' (from a customer)
    ap_invoice_id   INTEGER,
    ar_invoice_id   INTEGER,
    payment_date    DATE NOT NULL,
    amount_usd      DECIMAL(14, 2) NOT NULL,
    method          VARCHAR NOT NULL,      -- 'ACH', 'WIRE', 'CHECK'
    status          VARCHAR NOT NULL,      -- 'cleared', 'pending', 'failed'
    PRIMARY KEY (payment_id)
);

CREATE TABLE gl_entries (
    entity_id       INTEGER NOT NULL,
    entry_id        INTEGER NOT NULL,      -- one journal line
    journal_id      INTEGER NOT NULL,      -- a journal entry has two or more lines
    line_num        INTEGER NOT NULL,
    gl_date         DATE NOT NULL,         -- accounting date; decides the period
    period_cd       VARCHAR NOT NULL,      -- 'YYYY-MM' of gl_date
    posted_at       TIMESTAMP NOT NULL,    -- when the line was keyed in
    account_id      INTEGER NOT NULL,
    cost_center_id  INTEGER,               -- NULL on balance-sheet lines
    debit_amt       DECIMAL(14, 2) NOT NULL,
    credit_amt      DECIMAL(14, 2) NOT NULL,
    source          VARCHAR NOT NULL,      -- 'AP', 'CASH', 'PAYROLL', 'REVENUE', 'ACCRUAL', 'MANUAL'
    description     VARCHAR,
    is_reversed     BOOLEAN NOT NULL,      -- TRUE: the line was voided and must be ignored
    created_by      VARCHAR,
    PRIMARY KEY (entry_id)
);

CREATE TABLE budgets (
    entity_id       INTEGER NOT NULL,
    budget_id       INTEGER NOT NULL,
    budget_version  VARCHAR NOT NULL,      -- 'AOP' (approved plan), 'RF1' (Q2 reforecast, Apr-Dec)
    fiscal_month    DATE NOT NULL,         -- first day of the month
    cost_center_id  INTEGER NOT NULL,
    account_id      INTEGER NOT NULL,
    budget_amt      DECIMAL(14, 2) NOT NULL,
    PRIMARY KEY (budget_id)
);

CREATE TABLE periods (
    entity_id       INTEGER NOT NULL,
    period_cd       VARCHAR NOT NULL,      -- 'YYYY-MM'
    period_start    DATE NOT NULL,
    period_end      DATE NOT NULL,
    status          VARCHAR NOT NULL,      -- 'open', 'closed'
    closed_at       TIMESTAMP,
    PRIMARY KEY (entity_id, period_cd)
);

-- Rates into USD, global (no entity): 'spot' is the day's closing rate, 'month_avg' the
-- month-to-date average as of that day; weekdays only.
CREATE TABLE fx_rates (
    rate_date        DATE NOT NULL,
    from_currency_cd VARCHAR NOT NULL,
    to_currency_cd   VARCHAR NOT NULL,
    rate_type        VARCHAR NOT NULL,
    rate             DECIMAL(12, 6) NOT NULL,
    PRIMARY KEY (rate_date, from_currency_cd, to_currency_cd, rate_type)
);
