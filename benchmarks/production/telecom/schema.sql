-- telecom: the subscriber analytics warehouse of a mobile network operator that hosts MVNOs.
--
-- Company: Corvid Networks runs the radio network and a shared BSS/analytics platform for
-- several mobile virtual network operator brands (tenants) on one warehouse: brand 'ZIP'
-- ("Zip Mobile", the deployment below), 'LUM' ("Lumo") and 'VLT' ("Volt Talk") have their rows
-- in the same tables, keyed by brand_code. Subscribers (customer accounts) hold lines (SIMs
-- with a phone number, msisdn) on a plan; prepaid lines are topped up, postpaid lines are
-- invoiced monthly. Usage (data, voice, SMS, home and roaming), calls with their serving cell
-- and result, plan changes, churn (port-outs to other operators, voluntary and involuntary
-- terminations), handsets and customer-care contacts.
-- Warehouse dialect: MySQL 8 (sqlglot dialect `mysql`): DATE_FORMAT, DATE_SUB(CURDATE(),
-- INTERVAL 1 MONTH), LAST_DAY, TIMESTAMPDIFF, IF(), backticks (`lines` is a reserved word in
-- MySQL and must be quoted), window functions, no FILTER clause, no QUALIFY; `/` divides as a
-- decimal, DIV truncates. All timestamps are UTC. Tables live in the `bss_dw` schema.
-- Agent: net-analyst@2.1, net-analyst@2.2, net-analyst@2.3 (answers Zip Mobile's commercial,
-- finance, network and care analysts in a chat client that shows at most 1000 rows).
-- Log window: 2025-06-01 to 2025-06-30 (2.1 answered from Jun 2 to Jun 10, 2.2 from Jun 11 to
-- Jun 20, 2.3 from Jun 21 to Jun 30). The warehouse was loaded up to 2025-06-30 23:59;
-- lines.line_status is the status at load time.
--
-- Guards the deployment adds to every query (system prompt):
--   * tenant: `brand_code = 'ZIP'` (every table carries brand_code except the host network's
--     cells and the handset catalogue devices, which all brands share);
--   * internal lines: test SIMs and employee lines are left out with `internal_line = 0` (the
--     flag is on lines; usage, calls, top-ups, invoices, plan changes, churn events and care
--     contacts are reached through their line). A top-up voucher not yet redeemed has no line
--     (topups.line_id NULL) and is no line's top-up.
--
-- Business definitions (how Zip Mobile's analysts read the questions):
--   active lines        line_status = 'active' ('suspended' lines are barred for non-payment or
--                       loss and are not active; 'ported_out' and 'terminated' are gone)
--   customers           subscribers; "customers with N lines" count their active lines
--   activations         lines by activated_on, whatever their status today
--   churn / churned     churn_events by churn_date (one per line); port-outs are churn_type =
--                       'port_out' (recipient_operator says where the number went)
--   churn rate (month)  lines churned in the month / lines active at the start of the month
--                       (activated_on before the 1st and not deactivated before the 1st), %
--   top-ups             topups with topup_status = 'success' ('failed' never charged,
--                       'reversed' were refunded), by topup_ts; top-up revenue = their amount;
--                       only prepaid lines top up, so "prepaid top-ups" are all top-ups
--   billed revenue      postpaid invoices of a bill_month (the month billed; they are issued on
--                       the 1st of the next month) with invoice_status <> 'void', amount_due;
--                       a line gets one invoice per bill_month, and "April bills" are the
--                       invoices of bill_month 2025-04-01
--   ARPU (postpaid)     billed revenue of the month / distinct lines billed that month
--   outstanding         amount_due - amount_paid (overdue invoices may be partly paid)
--   paid late           paid_on > due_on
--   data usage          usage_records with usage_type = 'data', quantity in MB (GB = MB / 1024)
--   voice usage         usage_type = 'voice', quantity in seconds (minutes = seconds / 60)
--   roaming             usage_records.is_roaming = 1 (roam_country is where); roaming charges
--                       are charged_amount of roaming usage
--   dropped call rate   calls with call_result = 'dropped' / calls that connected
--                       (call_result IN ('completed', 'dropped')); 'setup_failed' calls never
--                       connected and are not in the denominator; a call belongs to the region
--                       of its cell
--   tenure (months)     whole months from activated_on to the churn date, as
--                       TIMESTAMPDIFF(MONTH, activated_on, churn_date) counts them
--   upgrade/downgrade   a plan change to a plan with a higher / lower monthly_fee
--   5G handset          devices.supports_5g = TRUE; share of active lines on a 5G handset is over
--                       all active lines (device_id NULL: handset unknown, not 5G)
--   suspended for N d.  line_status = 'suspended' since status_changed_on
--   first contact resolution (FCR)  care contacts with resolved_first_contact = 1 / all contacts
--   weeks start on Monday; "last month" / "last quarter" / "last week" are the previous
--   calendar month / quarter / Monday-Sunday week; "ytd" is Jan 1 to today.

CREATE TABLE brands (
    brand_code      VARCHAR PRIMARY KEY,   -- 'ZIP', 'LUM', 'VLT'
    brand_name      VARCHAR NOT NULL,
    launched_on     DATE NOT NULL
);

CREATE TABLE plans (
    plan_id         INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    plan_code       VARCHAR NOT NULL,
    plan_name       VARCHAR NOT NULL,
    plan_type       VARCHAR NOT NULL,      -- 'prepaid', 'postpaid'
    monthly_fee     DECIMAL(6, 2) NOT NULL,
    data_allowance_mb INTEGER,             -- NULL: unlimited data
    is_sellable     INTEGER NOT NULL,      -- 1 on sale, 0 legacy (closed to new lines)
    launched_on     DATE NOT NULL
);

CREATE TABLE subscribers (
    subscriber_id   INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    account_type    VARCHAR NOT NULL,      -- 'consumer', 'business'
    first_name      VARCHAR,
    home_region     VARCHAR,               -- 'North', 'South', 'East', 'West', 'Metro'; NULL unknown
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE devices (
    device_id       INTEGER PRIMARY KEY,   -- handset catalogue keyed by TAC, shared by all brands
    tac             VARCHAR NOT NULL,
    manufacturer    VARCHAR NOT NULL,
    model           VARCHAR NOT NULL,
    os              VARCHAR NOT NULL,      -- 'android', 'ios', 'other'
    supports_5g     BOOLEAN NOT NULL,
    released_on     DATE
);

CREATE TABLE lines (
    line_id         INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    subscriber_id   INTEGER NOT NULL,
    msisdn          VARCHAR NOT NULL,
    plan_id         INTEGER NOT NULL,      -- the line's current plan
    device_id       INTEGER,               -- current handset; NULL when unknown
    line_status     VARCHAR NOT NULL,      -- 'active', 'suspended', 'ported_out', 'terminated'
    activated_on    DATE NOT NULL,
    status_changed_on DATE NOT NULL,       -- date of the last status change (activation if none)
    deactivated_on  DATE,                  -- set for 'ported_out' and 'terminated'
    internal_line   INTEGER NOT NULL       -- 1: test SIM or employee line, 0: customer line
);

CREATE TABLE plan_changes (
    change_id       INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    line_id         INTEGER NOT NULL,
    changed_at      TIMESTAMP NOT NULL,
    old_plan_id     INTEGER NOT NULL,
    new_plan_id     INTEGER NOT NULL,
    change_channel  VARCHAR NOT NULL       -- 'app', 'care', 'store'
);

CREATE TABLE cells (
    cell_id         VARCHAR PRIMARY KEY,   -- host network cell, shared by all brands
    site_name       VARCHAR NOT NULL,
    region          VARCHAR NOT NULL,      -- 'North', 'South', 'East', 'West', 'Metro'
    technology      VARCHAR NOT NULL,      -- '4G', '5G'
    commissioned_on DATE NOT NULL
);

CREATE TABLE calls (
    call_id         BIGINT PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    line_id         INTEGER NOT NULL,
    cell_id         VARCHAR NOT NULL,
    started_at      TIMESTAMP NOT NULL,
    duration_sec    INTEGER NOT NULL,      -- 0 for setup_failed
    call_result     VARCHAR NOT NULL,      -- 'completed', 'dropped', 'setup_failed'
    direction       VARCHAR NOT NULL       -- 'mo' (outgoing), 'mt' (incoming)
);

CREATE TABLE usage_records (
    usage_id        BIGINT PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    line_id         INTEGER NOT NULL,
    usage_date      DATE NOT NULL,
    usage_type      VARCHAR NOT NULL,      -- 'data' (MB), 'voice' (seconds), 'sms' (messages)
    quantity        DECIMAL(12, 2) NOT NULL,
    is_roaming      INTEGER NOT NULL,      -- 1 when used abroad
    roam_country    VARCHAR,               -- ISO alpha-2 when roaming, else NULL
    charged_amount  DECIMAL(8, 2) NOT NULL -- out-of-bundle / roaming charge, 0 when in bundle
);

CREATE TABLE topups (
    topup_id        INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    line_id         INTEGER,               -- NULL: voucher sold, not yet redeemed on a line
    topup_ts        TIMESTAMP NOT NULL,
    amount          DECIMAL(6, 2) NOT NULL,
    channel         VARCHAR NOT NULL,      -- 'app', 'retail', 'voucher', 'auto'
    topup_status    VARCHAR NOT NULL       -- 'success', 'failed', 'reversed'
);

CREATE TABLE invoices (
    invoice_id      INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    line_id         INTEGER NOT NULL,
    bill_month      DATE NOT NULL,         -- first day of the month billed
    issued_on       DATE NOT NULL,         -- the 1st of the following month
    due_on          DATE NOT NULL,
    amount_due      DECIMAL(8, 2) NOT NULL,
    amount_paid     DECIMAL(8, 2) NOT NULL,
    paid_on         DATE,                  -- date of the (last) payment; NULL if none
    invoice_status  VARCHAR NOT NULL       -- 'open', 'paid', 'overdue', 'void'
);

CREATE TABLE churn_events (
    churn_id        INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    line_id         INTEGER NOT NULL,
    churn_date      DATE NOT NULL,
    churn_type      VARCHAR NOT NULL,      -- 'port_out', 'voluntary', 'involuntary'
    recipient_operator VARCHAR,            -- set for port_out only
    reason_code     VARCHAR                -- 'price', 'coverage', 'service', 'non_payment', 'other'
);

CREATE TABLE support_contacts (
    contact_id      INTEGER PRIMARY KEY,
    brand_code      VARCHAR NOT NULL,
    line_id         INTEGER NOT NULL,
    contact_ts      TIMESTAMP NOT NULL,
    channel         VARCHAR NOT NULL,      -- 'phone', 'chat', 'store', 'email'
    topic           VARCHAR NOT NULL,      -- 'billing', 'network', 'porting', 'device', 'plan', 'roaming'
    care_agent_id   INTEGER NOT NULL,
    resolved_first_contact INTEGER NOT NULL  -- 1 / 0
);
