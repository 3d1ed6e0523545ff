-- ============================================================================================
-- payments: the merchant-acquiring warehouse of a card payment processor (DuckDB DDL for labelling)
--
-- Company: "Keystone Merchant Services" acquires card payments for small and mid-size merchants
-- through independent sales organisations (ISOs, its acquiring partners). Each ISO boards its own
-- merchants and their stores; the warehouse keeps every ISO's merchants, stores, card
-- authorisations, captured transactions, settlement batches, payouts, refunds and chargebacks
-- in shared tables keyed by iso_id.
--
-- Warehouse: Amazon Redshift. The agent writes dialect `redshift`.
-- Agent: `acq-analyst`, versions 2.2, 2.3 and 3.0, deployed for ISO 204 ("Harborline Payments").
--   2.2 answered from 2026-03-02 to 2026-03-09, 2.3 from 2026-03-10 to 2026-03-18, 3.0 from
--   2026-03-19 to 2026-03-27.
-- Log window: 2026-03-02 to 2026-03-27 (so "last month" is February 2026, "this month" / "march"
--   March 2026 to date, "this quarter" Q1 2026 to date, "last quarter" Q4 2025, "ytd" / "this
--   year" 2026 to date, "january"/"feb" January/February 2026, "december" December 2025).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `iso_id = 204` on every table read (every table carries iso_id);
--   * sandbox traffic: `is_test = false` on authorizations and transactions (integrators of the
--     ISO's merchants push test cards through production). Test transactions are never
--     settled, refunded or disputed, so settlements, payouts, refunds and chargebacks carry no flag.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * volume (processing volume, GPV, sales, "processed") = SUM(transactions.amount) over
--     transactions with status IN ('captured', 'settled'); voided transactions are not volume.
--     Dated by txn_ts. Gross: refunds and chargebacks are not subtracted. A "transaction" /
--     "sale" is one such row; transaction counts count those rows; average ticket = AVG(amount)
--     over them.
--   * fee revenue ("revenue", "our revenue", "processing revenue") = SUM(transactions.fee_amt)
--     over the same sales.
--   * approval rate = approved authorisations / all authorisations (authorizations.response),
--     decline rate = declined / all; dated by auth_ts. An approved authorisation that was later
--     voided is still approved.
--   * card present = entry_mode IN ('chip', 'contactless', 'swiped'); card not present = 'ecom'
--     (online) and 'keyed' (mail/phone order).
--   * chargeback rate = chargebacks opened in the period (opened_date) / sales in the period,
--     by count. A chargeback is "open" / "still open" while status = 'open'; "past due" = still
--     open with due_date before today. Win rate = won / (won + lost): 'accepted' disputes were
--     not contested and are not in the denominator; open ones are undecided. Disputes "closed"
--     / "resolved" / "decided" are dated by resolved_date.
--   * refunds: "refunded" amounts count only refunds with status = 'processed', dated by
--     refund_ts. refunds.txn_id is NULL for an unreferenced refund (a credit not tied to a sale).
--   * merchants: "active" = merchants.status = 'active'; "churned" = status = 'closed', dated by
--     closed_date; "boarded"/"onboarded"/"signed" dated by boarded_date (any status).
--   * payouts: paid_date is the day funds landed, set only when status = 'paid'; payout delay =
--     DATEDIFF(day, scheduled_date, paid_date) over paid payouts, dated by scheduled_date; a
--     payout is "late" when paid_date > scheduled_date.
--   * settlements: "net settled" = SUM(net_amt) of batches with status = 'settled' (held and
--     pending batches have not settled), dated by batch_date.
--   * "last week" is the previous Monday-to-Sunday week. All amounts are USD.
-- ============================================================================================

CREATE TABLE merchants (
    merchant_id      INTEGER PRIMARY KEY,
    iso_id           INTEGER NOT NULL,
    legal_name       VARCHAR NOT NULL,
    dba_name         VARCHAR NOT NULL,          -- the trading name users call the merchant by
    mcc              VARCHAR NOT NULL,          -- merchant category code, e.g. '5812'
    mcc_description  VARCHAR NOT NULL,
    country_code     VARCHAR NOT NULL,
    risk_tier        VARCHAR NOT NULL,          -- 'low', 'medium', 'high'
    status           VARCHAR NOT NULL,          -- 'pending', 'active', 'suspended', 'closed'
    boarded_date     DATE NOT NULL,
    closed_date      DATE                       -- set when status = 'closed'
);

CREATE TABLE stores (
    store_id      INTEGER PRIMARY KEY,
    iso_id        INTEGER NOT NULL,
    merchant_id   INTEGER NOT NULL,
    store_name    VARCHAR NOT NULL,
    city          VARCHAR NOT NULL,
    state         VARCHAR NOT NULL,
    channel       VARCHAR NOT NULL,             -- 'in_store', 'online'
    opened_date   DATE NOT NULL
);

CREATE TABLE authorizations (
    auth_id         BIGINT PRIMARY KEY,
    iso_id          INTEGER NOT NULL,
    merchant_id     INTEGER NOT NULL,
    store_id        INTEGER NOT NULL,
    card_brand      VARCHAR NOT NULL,           -- 'visa', 'mastercard', 'amex', 'discover'
    card_type       VARCHAR NOT NULL,           -- 'credit', 'debit', 'prepaid'
    entry_mode      VARCHAR NOT NULL,           -- 'chip', 'contactless', 'swiped', 'ecom', 'keyed'
    amount          DECIMAL(12, 2) NOT NULL,
    auth_ts         TIMESTAMP NOT NULL,
    response        VARCHAR NOT NULL,           -- 'approved', 'declined'
    decline_reason  VARCHAR,                    -- NULL when approved: 'insufficient_funds',
                                                -- 'do_not_honor', 'expired_card',
                                                -- 'suspected_fraud', 'invalid_cvv'
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE transactions (
    txn_id         BIGINT PRIMARY KEY,
    iso_id         INTEGER NOT NULL,
    auth_id        BIGINT NOT NULL,             -- the approved authorisation captured
    merchant_id    INTEGER NOT NULL,
    store_id       INTEGER NOT NULL,
    card_brand     VARCHAR NOT NULL,
    card_type      VARCHAR NOT NULL,
    entry_mode     VARCHAR NOT NULL,
    amount         DECIMAL(12, 2) NOT NULL,
    fee_amt        DECIMAL(10, 2) NOT NULL,     -- what the merchant pays us (MDR + per-item fee)
    txn_ts         TIMESTAMP NOT NULL,
    status         VARCHAR NOT NULL,            -- 'captured', 'settled', 'voided'
    settlement_id  BIGINT,                      -- NULL until settled (and for voided)
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE settlements (
    settlement_id  BIGINT PRIMARY KEY,
    iso_id         INTEGER NOT NULL,
    merchant_id    INTEGER NOT NULL,
    batch_date     DATE NOT NULL,
    txn_count      INTEGER NOT NULL,
    gross_amt      DECIMAL(14, 2) NOT NULL,
    fee_amt        DECIMAL(12, 2) NOT NULL,
    net_amt        DECIMAL(14, 2) NOT NULL,     -- gross_amt - fee_amt
    status         VARCHAR NOT NULL             -- 'settled', 'pending', 'held'
);

CREATE TABLE payouts (
    payout_id       BIGINT PRIMARY KEY,
    iso_id          INTEGER NOT NULL,
    merchant_id     INTEGER NOT NULL,
    settlement_id   BIGINT NOT NULL,
    amount          DECIMAL(14, 2) NOT NULL,
    scheduled_date  DATE NOT NULL,
    paid_date       DATE,                       -- set only when status = 'paid'
    status          VARCHAR NOT NULL            -- 'paid', 'pending', 'failed', 'returned'
);

CREATE TABLE refunds (
    refund_id    BIGINT PRIMARY KEY,
    iso_id       INTEGER NOT NULL,
    merchant_id  INTEGER NOT NULL,
    txn_id       BIGINT,                        -- NULL for an unreferenced refund
    refund_amt   DECIMAL(12, 2) NOT NULL,
    refund_ts    TIMESTAMP NOT NULL,
    status       VARCHAR NOT NULL,              -- 'processed', 'pending', 'failed'
    reason       VARCHAR                        -- free-form code, often NULL
);

CREATE TABLE chargebacks (
    chargeback_id    BIGINT PRIMARY KEY,
    iso_id           INTEGER NOT NULL,
    merchant_id      INTEGER NOT NULL,
    txn_id           BIGINT NOT NULL,
    card_brand       VARCHAR NOT NULL,
    amount           DECIMAL(12, 2) NOT NULL,
    reason_category  VARCHAR NOT NULL,          -- 'fraud', 'not_received', 'not_as_described',
                                                -- 'duplicate', 'credit_not_processed'
    reason_code      VARCHAR NOT NULL,          -- the network's code, e.g. '10.4', '4853'
    opened_date      DATE NOT NULL,
    due_date         DATE NOT NULL,             -- response due (opened_date + 20 days)
    status           VARCHAR NOT NULL,          -- 'open', 'won', 'lost', 'accepted'
    resolved_date    DATE                       -- NULL while open
);
