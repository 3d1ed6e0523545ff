-- ============================================================================================
-- banking: the analytics mart of a retail banking group, shared by its subsidiaries (DuckDB DDL
-- for labelling)
--
-- Company: "Harbourline Banking Group" runs retail banks in several countries on one core
-- platform. Every subsidiary's customers, accounts, card authorisations, payments (transfers),
-- loans and their repayment schedules, branches, fraud alerts and card disputes land in one
-- shared Snowflake mart, BANKMART.RETAIL.<TABLE>, keyed by subsidiary_code ('UK01' Harbourline
-- UK, 'IE01' Harbourline Ireland, 'DE01' Harbourline Deutschland). Ids are unique across the
-- whole mart.
--
-- Warehouse: Snowflake. The agent writes dialect `snowflake`, sometimes with fully qualified
-- names (BANKMART.RETAIL.ACCOUNTS), sometimes with bare ones.
-- Agent: `bank-insights`, versions 2.3, 2.4 and 2.5, deployed for Harbourline UK (UK01) and
-- used by its retail banking, credit risk, payments and fraud-operations analysts.
-- Log window: 2025-06-02 to 2025-06-30 (so "last month" is May 2025, "this month" June 2025 to
-- date, "this quarter" Q2 2025 to date, "last quarter" Q1 2025, "this year" / "ytd" 2025 to
-- date, "last year" 2024; "last week" is the previous Monday-to-Sunday week).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `subsidiary_code = 'UK01'` on every table the query reads (row-level security of
--     the shared mart; the other subsidiaries' rows are not UK01's business and are in EUR);
--   * staff and test: `test_or_staff_flg = FALSE` on customers and on accounts (employees'
--     accounts are priced differently and QA's test customers transact in production). The flag
--     of an account is its holder's. Every figure about accounts, cards, transfers, fraud
--     alerts or disputes is scoped through ACCOUNTS; every figure about loans and repayments
--     through CUSTOMERS (the borrower).
--
-- Business conventions at this bank (what a careful analyst would apply):
--   * Card spend = SUM(card_transactions.amount) over auth_status = 'APPROVED', dated by txn_ts
--     (DECLINED never settled; REVERSED were refunded to the cardholder). Counts of
--     "transactions", "declines" or "attempts" count authorisations of every status, dated by
--     txn_ts. Decline rate = DECLINED / all authorisation attempts. Abroad / international =
--     merchant_country <> 'GB'. Average transaction value = AVG(amount) over approved ones.
--   * Open account = status <> 'CLOSED' (ACTIVE, DORMANT, FROZEN); active account = status
--     'ACTIVE'; an active customer holds at least one ACTIVE account. New accounts are dated by
--     opened_dt; an account's branch is its domicile branch (accounts.branch_id).
--   * Deposits = SUM(current_balance) over open CURRENT, SAVINGS and ISA accounts (an overdrawn
--     current account counts negative). available_balance is what the customer can spend now
--     (current_balance + overdraft_limit - card holds): it is never used for deposits or
--     balances. "Balance" means current_balance. Overdrawn = CURRENT account with
--     current_balance < 0.
--   * Loan book (outstanding) = SUM(outstanding_balance) over live loans, status IN ('ACTIVE',
--     'IN_ARREARS', 'DEFAULTED'); REPAID loans have 0 outstanding; WRITTEN_OFF loans keep the
--     amount written off in outstanding_balance but are off the book. Loan size = principal.
--     New loans are dated by originated_dt, defaults by defaulted_dt (a default is a loan with
--     defaulted_dt set; it may later be WRITTEN_OFF).
--   * Arrears: status 'IN_ARREARS' is servicing's flag, set on the first missed payment. Credit
--     risk's "30+ DPD" (30 days past due or more) = days_past_due >= 30 over live loans, whatever
--     the status.
--   * Repayments: a missed repayment is one due in the period with paid_dt IS NULL; paid late =
--     paid_dt > due_dt (paid, so not missed).
--   * Transfers: volume = SUM(amount) over status 'COMPLETED', dated by initiated_ts; counts and
--     lists of transfers / payments take every status unless the question names one.
--     to_account_id is NULL when the payee is outside the bank. "Received" means the account is
--     the to_account_id of a COMPLETED transfer.
--   * Fraud alerts are dated by raised_ts. False positive rate = FALSE_POSITIVE / closed alerts
--     (disposition <> 'OPEN').
--   * Disputes are dated by opened_ts, except resolution figures (time to resolve), dated by
--     resolved_ts. Resolved = status IN ('UPHELD', 'REJECTED'); WITHDRAWN disputes were not
--     decided. Upheld rate = UPHELD / resolved.
--   * A customer's age is in whole years at CURRENT_DATE (birthday passed or not).
--   * Customers who left have closed_dt set; a "customer" in per-customer figures is a current
--     one (closed_dt IS NULL).
-- ============================================================================================

CREATE TABLE branches (
    branch_id        INTEGER PRIMARY KEY,
    subsidiary_code  VARCHAR NOT NULL,     -- 'UK01', 'IE01', 'DE01'
    branch_name      VARCHAR NOT NULL,
    city             VARCHAR NOT NULL,
    region           VARCHAR NOT NULL,     -- UK01: 'London', 'South East', 'Midlands', 'North', 'Scotland', 'Digital'
    opened_dt        DATE NOT NULL,
    closed_dt        DATE                  -- NULL = still open
);

CREATE TABLE customers (
    customer_id        INTEGER PRIMARY KEY,
    subsidiary_code    VARCHAR NOT NULL,
    first_name         VARCHAR NOT NULL,
    last_name          VARCHAR NOT NULL,
    segment            VARCHAR NOT NULL,   -- 'MASS', 'AFFLUENT', 'PRIVATE', 'SME'
    date_of_birth      DATE,               -- NULL for SME (business) customers
    onboarded_dt       DATE NOT NULL,
    kyc_status         VARCHAR NOT NULL,   -- 'VERIFIED', 'PENDING', 'FAILED'
    test_or_staff_flg  BOOLEAN NOT NULL,
    closed_dt          DATE                -- NULL = still a customer
);

CREATE TABLE accounts (
    account_id         INTEGER PRIMARY KEY,
    subsidiary_code    VARCHAR NOT NULL,
    customer_id        INTEGER NOT NULL,
    branch_id          INTEGER NOT NULL,   -- domicile branch (online openings: the Digital branch)
    account_type       VARCHAR NOT NULL,   -- 'CURRENT', 'SAVINGS', 'ISA', 'CREDIT_CARD'
    status             VARCHAR NOT NULL,   -- 'ACTIVE', 'DORMANT', 'FROZEN', 'CLOSED'
    opened_dt          DATE NOT NULL,
    closed_dt          DATE,
    currency_code      CHAR(3) NOT NULL,   -- GBP for UK01, EUR elsewhere
    current_balance    DECIMAL(14, 2) NOT NULL,  -- ledger balance; negative = overdrawn / owed
    available_balance  DECIMAL(14, 2) NOT NULL,  -- current_balance + overdraft_limit - holds
    overdraft_limit    DECIMAL(12, 2) NOT NULL,
    test_or_staff_flg  BOOLEAN NOT NULL
);

CREATE TABLE card_transactions (
    txn_id            BIGINT PRIMARY KEY,
    subsidiary_code   VARCHAR NOT NULL,
    account_id        INTEGER NOT NULL,    -- CURRENT (debit card) or CREDIT_CARD account
    txn_ts            TIMESTAMP NOT NULL,  -- authorisation time
    amount            DECIMAL(12, 2) NOT NULL,
    merchant_name     VARCHAR NOT NULL,
    merchant_category VARCHAR NOT NULL,    -- 'GROCERY', 'RESTAURANTS', 'TRAVEL', 'FUEL', 'ONLINE_RETAIL', 'ENTERTAINMENT', 'UTILITIES', 'CASH'
    merchant_country  CHAR(2) NOT NULL,    -- ISO country of the merchant
    channel           VARCHAR NOT NULL,    -- 'CHIP_PIN', 'CONTACTLESS', 'ECOM', 'ATM'
    auth_status       VARCHAR NOT NULL,    -- 'APPROVED', 'DECLINED', 'REVERSED'
    decline_reason    VARCHAR              -- 'INSUFFICIENT_FUNDS', 'SUSPECTED_FRAUD', 'INCORRECT_PIN', 'CARD_BLOCKED'; NULL unless DECLINED
);

CREATE TABLE transfers (
    transfer_id      BIGINT PRIMARY KEY,
    subsidiary_code  VARCHAR NOT NULL,
    from_account_id  INTEGER NOT NULL,
    to_account_id    INTEGER,              -- NULL: payee outside the bank
    transfer_type    VARCHAR NOT NULL,     -- 'FPS', 'BACS', 'CHAPS', 'SWIFT', 'INTERNAL'
    amount           DECIMAL(14, 2) NOT NULL,
    initiated_ts     TIMESTAMP NOT NULL,
    completed_ts     TIMESTAMP,
    status           VARCHAR NOT NULL,     -- 'COMPLETED', 'PENDING', 'FAILED', 'RETURNED'
    channel          VARCHAR NOT NULL      -- 'APP', 'WEB', 'BRANCH'
);

CREATE TABLE loans (
    loan_id              INTEGER PRIMARY KEY,
    subsidiary_code      VARCHAR NOT NULL,
    customer_id          INTEGER NOT NULL,
    branch_id            INTEGER NOT NULL, -- originating branch
    product              VARCHAR NOT NULL, -- 'PERSONAL', 'MORTGAGE', 'AUTO', 'SME_TERM'
    principal_amount     DECIMAL(14, 2) NOT NULL,
    interest_rate_pct    DECIMAL(5, 2) NOT NULL,
    term_months          INTEGER NOT NULL,
    originated_dt        DATE NOT NULL,
    status               VARCHAR NOT NULL, -- 'ACTIVE', 'IN_ARREARS', 'DEFAULTED', 'REPAID', 'WRITTEN_OFF'
    days_past_due        INTEGER NOT NULL,
    outstanding_balance  DECIMAL(14, 2) NOT NULL,
    defaulted_dt         DATE              -- NULL unless the loan defaulted
);

CREATE TABLE loan_repayments (
    repayment_id     INTEGER PRIMARY KEY,
    subsidiary_code  VARCHAR NOT NULL,
    loan_id          INTEGER NOT NULL,
    due_dt           DATE NOT NULL,
    amount_due       DECIMAL(12, 2) NOT NULL,
    paid_dt          DATE,                 -- NULL = not paid
    amount_paid      DECIMAL(12, 2)
);

CREATE TABLE fraud_alerts (
    alert_id         INTEGER PRIMARY KEY,
    subsidiary_code  VARCHAR NOT NULL,
    account_id       INTEGER NOT NULL,
    txn_id           BIGINT,               -- the card transaction that raised it, if any
    rule_code        VARCHAR NOT NULL,     -- 'VELOCITY', 'GEO_MISMATCH', 'HIGH_VALUE', 'NEW_PAYEE', 'DEVICE_CHANGE'
    raised_ts        TIMESTAMP NOT NULL,
    disposition      VARCHAR NOT NULL,     -- 'OPEN', 'CONFIRMED_FRAUD', 'FALSE_POSITIVE'
    closed_ts        TIMESTAMP
);

CREATE TABLE disputes (
    dispute_id       INTEGER PRIMARY KEY,
    subsidiary_code  VARCHAR NOT NULL,
    account_id       INTEGER NOT NULL,
    txn_id           BIGINT NOT NULL,
    reason           VARCHAR NOT NULL,     -- 'UNRECOGNISED', 'NOT_RECEIVED', 'DUPLICATE', 'DEFECTIVE'
    amount           DECIMAL(12, 2) NOT NULL,
    opened_ts        TIMESTAMP NOT NULL,
    status           VARCHAR NOT NULL,     -- 'OPEN', 'UPHELD', 'REJECTED', 'WITHDRAWN'
    resolved_ts      TIMESTAMP             -- NULL while OPEN
);
