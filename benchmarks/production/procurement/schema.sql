-- ============================================================================================
-- procurement: the warehouse of a procure-to-pay / spend-management SaaS (DuckDB DDL for labelling)
--
-- Company: "Brightledger" sells a procure-to-pay suite to mid-sized corporates. Every customer
-- company is a tenant of one shared analytics warehouse: suppliers, cost centers, contracts,
-- purchase requisitions, purchase orders and their lines, goods receipts, supplier invoices
-- (with the three-way-match result) and supplier payments, all keyed by company_id.
--
-- Warehouse: MySQL 8.0 (CTEs and window functions, no QUALIFY; `/` is decimal division).
-- The agent writes dialect `mysql`.
-- Agent: `spend-pilot`, versions 2.2, 2.3 and 2.4, deployed for company 58 ("Halvorsen Foods").
-- Log window: 2026-03-02 to 2026-03-27 (so "last month" is February 2026, "this quarter" Q1 2026
-- to date, "last quarter" Q4 2025, "ytd" / "this year" 2026 to date, "feb" / "january" 2026,
-- "since october" October 2025 onwards, "last week" the previous Monday-to-Sunday week).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `company_id = 58` on every table of every query (row-level security);
--   * sandbox documents: `is_test_doc = 0` on requisitions, purchase_orders and
--     supplier_invoices (customers train new buyers in production with test documents). Lines and
--     receipts of a test PO are excluded through their PO (join purchase_orders and keep
--     is_test_doc = 0).
--   * voided payments: `is_voided = 0` on supplier_payments (a voided payment never left the bank).
--
-- Business conventions at this company (what a careful analyst would apply):
--   * spend = SUM(supplier_invoices.amount) over invoices with status 'approved' or 'paid'
--     (received = not yet approved, disputed and cancelled are not spend), dated by invoice_date.
--     Spend by department / cost center / category uses the invoice's own cost_center_id and
--     spend_category (non-PO invoices are coded too).
--   * committed spend / PO value = SUM(purchase_orders.total_amount) over POs whose status is not
--     'draft' or 'cancelled', dated by issued_at. "POs" counts those POs too.
--   * open PO = status 'issued' or 'partially_received'; open commitments = SUM(total_amount) of
--     open POs.
--   * on-contract spend = spend on invoices whose PO carries a contract_id; off-contract
--     (maverick) spend = spend on invoices with no PO (po_id NULL) or whose PO has no contract_id.
--     spend under management (SUM) = on-contract spend / spend.
--   * PO cycle time = days from the requisition's approved_at to the PO's issued_at
--     (DATEDIFF(issued_at, approved_at)), over POs raised from a requisition, dated by issued_at.
--   * on-time delivery: a goods receipt is on time when DATE(received_at) <= the PO's
--     promised_date; the rate is on-time receipts / receipts, dated by received_at.
--   * first-pass match rate = share of PO-backed invoices (po_id NOT NULL, status not
--     'cancelled') with first_pass_match = 1, dated by invoice_date. Non-PO invoices have
--     match_status 'non_po' and are never in the rate.
--   * savings vs contract price = SUM((contract_unit_price - unit_price) * quantity) over PO lines
--     with a contract price, of POs not draft/cancelled (negative = paid above contract).
--   * DPO (days payable outstanding, as this company reports it) = AVG(DATEDIFF(paid_on,
--     invoice_date)) over non-voided payments, dated by paid_on. A payment is late when
--     paid_on > the invoice's due_date. An invoice may be paid in several partial payments.
--   * overdue invoice = status 'approved' (approved, not yet paid) with due_date < today.
--   * active supplier = suppliers.status 'active'; preferred = is_preferred = 1.
--   * rejection rate = SUM(qty_rejected) / SUM(qty_received) of goods receipts.
--   * requisition approval time = TIMESTAMPDIFF(HOUR, created_at, approved_at).
--   * purchase_orders.req_id is NULL for POs raised without a requisition.
-- ============================================================================================

CREATE TABLE suppliers (
    company_id         INTEGER NOT NULL,
    supplier_id        INTEGER PRIMARY KEY,
    supplier_name      VARCHAR NOT NULL,
    country_code       CHAR(2) NOT NULL,
    status             VARCHAR NOT NULL,      -- active, onboarding, blocked, inactive
    is_preferred       SMALLINT NOT NULL,     -- 1 = preferred supplier
    payment_terms_days INTEGER NOT NULL,      -- 30, 45, 60
    onboarded_on       DATE NOT NULL
);

CREATE TABLE cost_centers (
    company_id     INTEGER NOT NULL,
    cost_center_id INTEGER PRIMARY KEY,
    cc_code        VARCHAR NOT NULL,          -- e.g. 'CC-OPS-01'
    cc_name        VARCHAR NOT NULL,
    department     VARCHAR NOT NULL,          -- Operations, IT, Marketing, Finance, HR, Facilities, R&D
    annual_budget  DECIMAL(14, 2) NOT NULL    -- budget of the current fiscal (calendar) year
);

CREATE TABLE contracts (
    company_id      INTEGER NOT NULL,
    contract_id     INTEGER PRIMARY KEY,
    supplier_id     INTEGER NOT NULL,
    spend_category  VARCHAR NOT NULL,
    start_date      DATE NOT NULL,
    end_date        DATE NOT NULL,
    committed_value DECIMAL(14, 2) NOT NULL,
    status          VARCHAR NOT NULL,         -- draft, active, expired, terminated
    auto_renew      SMALLINT NOT NULL
);

CREATE TABLE requisitions (
    company_id     INTEGER NOT NULL,
    req_id         INTEGER PRIMARY KEY,
    cost_center_id INTEGER NOT NULL,
    requested_by   VARCHAR NOT NULL,
    created_at     TIMESTAMP NOT NULL,
    approved_at    TIMESTAMP,                 -- NULL unless approved
    status         VARCHAR NOT NULL,          -- submitted, approved, rejected, withdrawn
    est_amount     DECIMAL(14, 2) NOT NULL,
    is_test_doc    SMALLINT NOT NULL
);

CREATE TABLE purchase_orders (
    company_id      INTEGER NOT NULL,
    po_id           INTEGER PRIMARY KEY,
    po_number       VARCHAR NOT NULL,
    req_id          INTEGER,                  -- NULL when raised without a requisition
    supplier_id     INTEGER NOT NULL,
    contract_id     INTEGER,                  -- NULL when bought off contract
    cost_center_id  INTEGER NOT NULL,
    spend_category  VARCHAR NOT NULL,
    issued_at       TIMESTAMP NOT NULL,
    promised_date   DATE NOT NULL,
    status          VARCHAR NOT NULL,         -- draft, issued, partially_received, received, closed, cancelled
    total_amount    DECIMAL(14, 2) NOT NULL,
    is_test_doc     SMALLINT NOT NULL
);

CREATE TABLE po_lines (
    company_id          INTEGER NOT NULL,
    po_line_id          INTEGER PRIMARY KEY,
    po_id               INTEGER NOT NULL,
    line_no             INTEGER NOT NULL,
    item_description    VARCHAR NOT NULL,
    quantity            DECIMAL(12, 2) NOT NULL,
    unit_price          DECIMAL(12, 2) NOT NULL,
    contract_unit_price DECIMAL(12, 2),       -- NULL when the item has no contract price
    line_amount         DECIMAL(14, 2) NOT NULL
);

CREATE TABLE goods_receipts (
    company_id   INTEGER NOT NULL,
    receipt_id   INTEGER PRIMARY KEY,
    po_id        INTEGER NOT NULL,
    po_line_id   INTEGER NOT NULL,
    received_at  TIMESTAMP NOT NULL,
    qty_received DECIMAL(12, 2) NOT NULL,
    qty_rejected DECIMAL(12, 2) NOT NULL
);

CREATE TABLE supplier_invoices (
    company_id       INTEGER NOT NULL,
    invoice_id       INTEGER PRIMARY KEY,
    invoice_number   VARCHAR NOT NULL,
    supplier_id      INTEGER NOT NULL,
    po_id            INTEGER,                 -- NULL for non-PO invoices
    cost_center_id   INTEGER NOT NULL,
    spend_category   VARCHAR NOT NULL,
    invoice_date     DATE NOT NULL,
    due_date         DATE NOT NULL,
    amount           DECIMAL(14, 2) NOT NULL,
    match_status     VARCHAR NOT NULL,        -- matched, price_variance, qty_variance, no_receipt, non_po
    first_pass_match SMALLINT NOT NULL,       -- 1 = matched on the first pass, no manual touch
    status           VARCHAR NOT NULL,        -- received, approved, paid, disputed, cancelled
    is_test_doc      SMALLINT NOT NULL
);

CREATE TABLE supplier_payments (
    company_id INTEGER NOT NULL,
    payment_id INTEGER PRIMARY KEY,
    invoice_id INTEGER NOT NULL,
    paid_on    DATE NOT NULL,
    amount     DECIMAL(14, 2) NOT NULL,
    method     VARCHAR NOT NULL,              -- ach, wire, card, check
    is_voided  SMALLINT NOT NULL
);
