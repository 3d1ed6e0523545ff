-- ============================================================================================
-- legal_billing: the billing and matters warehouse of a legal practice-management SaaS
-- (DuckDB DDL for labelling)
--
-- Company: "Brieflex" sells practice-management software to law firms. Its analytics warehouse
-- keeps every customer firm's timekeepers (lawyers and paralegals), clients, matters, time
-- entries, invoices, payments, write-offs and trust (client money) transactions in shared
-- tables keyed by firm_id, one firm per tenant.
--
-- Warehouse: Trino (Starburst) over Iceberg tables. The agent writes dialect `trino`.
-- Agent: `docket-analyst`, versions 2.3, 2.4 and 2.5, deployed for firm 142 ("Hale & Morrow
-- LLP"; firms 77 and 305 share the tables).
-- Log window: 2026-03-02 to 2026-03-27 (so "last month" is February 2026, "this month" March
-- 2026 to date, "this quarter" Q1 2026 to date, "last quarter" Q4 2025, "ytd" / "this year"
-- 2026 to date, "January" / "feb" the months of 2026).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `firm_id = 142` on every table a query reads (every table carries firm_id; ids
--     are unique across firms, so one guard on the driving table of a join keeps the others in
--     the firm too);
--   * void rows: `is_void = false` on time_entries and on invoices (voided time and voided
--     invoices stay in the tables for audit; they count for nothing);
--   * internal matters: `matters.is_internal = false` when matters are counted or listed
--     (firm administration and business-development "matters" that have no client work).
--
-- Business conventions at this firm (what a careful analyst would apply):
--   * billable hours = SUM(time_entries.hours) of non-void entries with is_billable = true,
--     dated by work_date; "hours logged" / "time recorded" counts every non-void entry
--     (billable and non-billable).
--   * time value (fees worked) = SUM(time_entries.amount) (amount = hours * rate, the rate the
--     entry is charged at; timekeepers.standard_rate is the rack rate). "Discounted" time is
--     billed at a rate below the timekeeper's standard_rate.
--   * utilization = billable hours / all hours recorded (non-void), per timekeeper.
--   * effective rate = SUM(amount) / SUM(hours) over billable entries (hours-weighted).
--   * WIP (unbilled time) = SUM(amount) of non-void billable entries with invoice_id IS NULL
--     (time is attached to an invoice only when the invoice is issued; drafts carry no time).
--   * billed (fees billed) = SUM(invoices.billed_amount) of non-void invoices whose status is
--     not 'draft', dated by invoice_date. Invoice status: 'draft', 'issued' (nothing paid),
--     'partially_paid', 'paid' (settled: payments plus write-offs cover it).
--   * collected = SUM(payments.amount), dated by paid_on.
--   * realization rate (collection realization) = collected / billed over the invoices issued
--     in the period, counting every payment made on those invoices to date (a fraction, 0-1).
--   * AR (receivables) of an invoice = billed_amount - its payments - its write-offs, over
--     invoices with status 'issued' or 'partially_paid'. AR aging buckets by days since
--     invoice_date: 0-30, 31-60, 61-90, over 90. Past due (overdue) = still outstanding
--     (status 'issued' or 'partially_paid') with due_date before today.
--   * days to pay = days from invoice_date to the invoice's last payment, for paid invoices.
--   * write-offs are dated by written_off_on.
--   * open matters = status 'open' ('on_hold' and 'closed' are not open); a matter is over
--     budget when its time value (all non-void billable time, billed or not) exceeds
--     budget_amount (NULL budget = no budget).
--   * trust balance of a client = deposits - (disbursements + transfers to operating +
--     refunds); trust amounts are always positive, txn_type gives the direction.
--   * partners are timekeepers with role 'partner'; clients.origination_partner_id is NULL for
--     house accounts.
-- ============================================================================================

CREATE TABLE timekeepers (
    firm_id              INTEGER NOT NULL,
    timekeeper_id        INTEGER PRIMARY KEY,
    full_name            VARCHAR NOT NULL,
    role                 VARCHAR NOT NULL,       -- partner, of_counsel, associate, paralegal
    office               VARCHAR NOT NULL,
    standard_rate        DECIMAL(10, 2) NOT NULL,
    annual_target_hours  INTEGER,
    hired_on             DATE NOT NULL,
    terminated_on        DATE                    -- NULL while employed
);

CREATE TABLE clients (
    firm_id                 INTEGER NOT NULL,
    client_id               INTEGER PRIMARY KEY,
    client_name             VARCHAR NOT NULL,
    industry                VARCHAR,
    origination_partner_id  INTEGER,             -- NULL for house accounts
    created_on              DATE NOT NULL
);

CREATE TABLE matters (
    firm_id                 INTEGER NOT NULL,
    matter_id               INTEGER PRIMARY KEY,
    client_id               INTEGER,             -- NULL for internal matters
    matter_name             VARCHAR NOT NULL,
    practice_area           VARCHAR NOT NULL,    -- Litigation, Corporate, Employment, IP, Real Estate, Internal
    responsible_partner_id  INTEGER NOT NULL,
    billing_type            VARCHAR NOT NULL,    -- hourly, fixed_fee
    budget_amount           DECIMAL(12, 2),      -- NULL = no budget
    status                  VARCHAR NOT NULL,    -- open, on_hold, closed
    opened_on               DATE NOT NULL,
    closed_on               DATE,
    is_internal             BOOLEAN NOT NULL
);

CREATE TABLE time_entries (
    firm_id        INTEGER NOT NULL,
    entry_id       BIGINT PRIMARY KEY,
    matter_id      INTEGER NOT NULL,
    timekeeper_id  INTEGER NOT NULL,
    work_date      DATE NOT NULL,
    hours          DECIMAL(6, 2) NOT NULL,
    rate           DECIMAL(10, 2) NOT NULL,
    amount         DECIMAL(12, 2) NOT NULL,      -- hours * rate
    is_billable    BOOLEAN NOT NULL,
    invoice_id     INTEGER,                      -- NULL until billed on an issued invoice
    narrative      VARCHAR,
    is_void        BOOLEAN NOT NULL
);

CREATE TABLE invoices (
    firm_id        INTEGER NOT NULL,
    invoice_id     INTEGER PRIMARY KEY,
    matter_id      INTEGER NOT NULL,
    invoice_number VARCHAR NOT NULL,
    invoice_date   DATE NOT NULL,
    due_date       DATE NOT NULL,
    billed_amount  DECIMAL(12, 2) NOT NULL,
    status         VARCHAR NOT NULL,             -- draft, issued, partially_paid, paid
    is_void        BOOLEAN NOT NULL
);

CREATE TABLE payments (
    firm_id     INTEGER NOT NULL,
    payment_id  INTEGER PRIMARY KEY,
    invoice_id  INTEGER NOT NULL,
    paid_on     DATE NOT NULL,
    amount      DECIMAL(12, 2) NOT NULL,
    method      VARCHAR NOT NULL                 -- ach, check, card, trust_transfer
);

CREATE TABLE write_offs (
    firm_id         INTEGER NOT NULL,
    write_off_id    INTEGER PRIMARY KEY,
    invoice_id      INTEGER NOT NULL,
    written_off_on  DATE NOT NULL,
    amount          DECIMAL(12, 2) NOT NULL,
    reason          VARCHAR NOT NULL             -- courtesy_discount, uncollectible, billing_error, fee_dispute
);

CREATE TABLE trust_transactions (
    firm_id     INTEGER NOT NULL,
    txn_id      INTEGER PRIMARY KEY,
    client_id   INTEGER NOT NULL,
    matter_id   INTEGER,
    txn_date    DATE NOT NULL,
    txn_type    VARCHAR NOT NULL,                -- deposit, disbursement, transfer_to_operating, refund
    amount      DECIMAL(12, 2) NOT NULL,
    memo        VARCHAR
);
