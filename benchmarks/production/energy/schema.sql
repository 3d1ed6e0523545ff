-- ============================================================================================
-- energy: the customer and metering mart of an energy retailer (DuckDB DDL for labelling)
--
-- Company: "Pennine Power & Gas" supplies electricity and gas under several regional licences
-- (NW North West, SE South East, SC Scotland). One analytics warehouse keeps every licence's
-- customers, premises, service points (meters), half-hourly smart-meter reads in kWh, tariffs,
-- customer agreements, bills and bill lines, payments, network outages and field work orders in
-- shared tables keyed by licence_id.
--
-- Warehouse: PostgreSQL. The agent writes dialect `postgres`.
-- Agent: `grid-copilot`, versions 3.2, 3.3 and 3.4, deployed for the North West licence (NW).
-- Log window: 2025-06-02 to 2025-06-27 (so "last month" is May 2025, "this quarter" Q2 2025 to
-- date, "last quarter" Q1 2025, "this year" / "ytd" 2025 to date, "yesterday" the day before
-- the record's date).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * licence: `licence_id = 'NW'` on every query (every table carries licence_id);
--   * test premises: `premises.is_test_premise = false` on every query that reads premises,
--     service points or meter reads (metering commissions its test rigs as premises in
--     production). Test premises have no customer (customer_id NULL), no agreement, bill,
--     payment or work order, so queries that never touch premises / service points / reads
--     need no join.
--   * estimated reads: consumption and export figures (kWh) use measured reads only,
--     `meter_reads.is_estimated = false` (estimated intervals are gap fills written for
--     billing, later superseded); only questions about estimation itself count them.
--
-- Business conventions at this company (what a careful analyst would apply):
--   * consumption ("kwh consumed", "usage", "demand") = SUM(meter_reads.kwh) of direction
--     'import'; export = direction 'export' (solar generation sent to the grid). Reads are dated
--     by interval_start. "Peak half hour" = the interval_start with the highest total import kWh
--     over all the licence's meters.
--   * billed revenue = SUM(bills.total_amt) over bills with status <> 'cancelled' (a cancelled
--     bill was reissued under a new bill_id), dated by bill_date. The plan a bill was charged on
--     is bills.tariff_id -> tariffs.plan_type.
--   * outstanding on a bill = total_amt - amount_paid. A bill is overdue when its status is
--     'issued' or 'part_paid' and due_date < CURRENT_DATE. A customer is "in arrears" when they
--     have at least one overdue bill; "arrears" (amount) = SUM of the outstanding of overdue
--     bills; "over 90 days" = due_date more than 90 days before today.
--   * a bill is paid on time when paid_in_full_on <= due_date; on-time rates are over the
--     non-cancelled bills of the period (by bill_date), unpaid ones counting as not on time.
--   * payments "received" / "collected" = status 'settled', dated by paid_at. A failed payment
--     is status 'failed' ('reversed' is a later chargeback / indemnity claim, not a failure).
--   * outage duration / restoration time = restored_at - started_at; outages still open
--     (restored_at NULL) have no restoration time. "Unplanned" = NOT is_planned. "Customers
--     affected" = SUM(outages.customers_affected) (the network's count, not our customers).
--     Outages are matched to our premises by postcode_district.
--   * work orders: "open" = status IN ('open', 'scheduled'); completion questions are dated by
--     completed_at; a job is late when completed_at::date > scheduled_for. "Jobs" = work orders.
--   * meters "installed" / "fitted" are counted from service_points.installed_on (one row per
--     current meter, both fuels); work orders of type 'smart_install' are only the field jobs.
--   * solar customers = customers with at least one (non-test) premise with has_solar = true.
--   * PSR = the priority services register, customers.psr_flag = true.
--   * current tariff: valid_from <= CURRENT_DATE and (valid_to IS NULL or valid_to >=
--     CURRENT_DATE); a current agreement: start_date <= CURRENT_DATE and (end_date IS NULL or
--     end_date >= CURRENT_DATE). end_date / valid_to are the last day in force.
--   * churned customers = account_status 'closed', dated by closed_on; new customers are dated
--     by signup_date (every status).
-- ============================================================================================

CREATE TABLE licences (
    licence_id     VARCHAR PRIMARY KEY,     -- 'NW', 'SE', 'SC'
    licence_name   VARCHAR NOT NULL,
    region         VARCHAR NOT NULL
);

CREATE TABLE customers (
    customer_id     INTEGER PRIMARY KEY,
    licence_id      VARCHAR NOT NULL,
    customer_type   VARCHAR NOT NULL,       -- 'residential', 'business'
    full_name       VARCHAR NOT NULL,
    signup_date     DATE NOT NULL,
    account_status  VARCHAR NOT NULL,       -- 'active', 'closed'
    closed_on       DATE,                   -- set when account_status = 'closed'
    psr_flag        BOOLEAN NOT NULL        -- on the priority services register
);

CREATE TABLE premises (
    premise_id         INTEGER PRIMARY KEY,
    licence_id         VARCHAR NOT NULL,
    customer_id        INTEGER,             -- NULL for test premises (metering test rigs)
    address_line       VARCHAR NOT NULL,
    postcode_district  VARCHAR NOT NULL,    -- 'M14', 'WA4', ...
    premise_type       VARCHAR NOT NULL,    -- 'house', 'flat', 'commercial', 'test_rig'
    has_solar          BOOLEAN NOT NULL,
    solar_kwp          DECIMAL(6, 2),       -- installed PV capacity; NULL without solar
    is_test_premise    BOOLEAN NOT NULL
);

CREATE TABLE service_points (
    service_point_id  VARCHAR PRIMARY KEY,  -- MPAN (electricity) / MPRN (gas)
    licence_id        VARCHAR NOT NULL,
    premise_id        INTEGER NOT NULL,
    fuel              VARCHAR NOT NULL,     -- 'electricity', 'gas'
    meter_type        VARCHAR NOT NULL,     -- 'smart', 'legacy'
    installed_on      DATE NOT NULL,        -- when the current meter was fitted
    is_export         BOOLEAN NOT NULL      -- registered for export (solar)
);

CREATE TABLE meter_reads (
    read_id           BIGINT PRIMARY KEY,
    licence_id        VARCHAR NOT NULL,
    service_point_id  VARCHAR NOT NULL,
    interval_start    TIMESTAMP NOT NULL,   -- start of the half-hour interval
    direction         VARCHAR NOT NULL,     -- 'import', 'export'
    kwh               DECIMAL(10, 3) NOT NULL,
    is_estimated      BOOLEAN NOT NULL
);

CREATE TABLE tariffs (
    tariff_id          INTEGER PRIMARY KEY,
    licence_id         VARCHAR NOT NULL,
    tariff_name        VARCHAR NOT NULL,
    plan_type          VARCHAR NOT NULL,    -- 'fixed', 'variable', 'time_of_use', 'ev'
    unit_rate_p        DECIMAL(8, 3) NOT NULL,   -- pence per kWh
    standing_charge_p  DECIMAL(8, 3) NOT NULL,   -- pence per day
    valid_from         DATE NOT NULL,
    valid_to           DATE                 -- last day on sale; NULL = open-ended
);

CREATE TABLE agreements (
    agreement_id  INTEGER PRIMARY KEY,
    licence_id    VARCHAR NOT NULL,
    customer_id   INTEGER NOT NULL,
    premise_id    INTEGER NOT NULL,
    tariff_id     INTEGER NOT NULL,
    start_date    DATE NOT NULL,
    end_date      DATE                      -- last day; NULL = in force
);

CREATE TABLE bills (
    bill_id          INTEGER PRIMARY KEY,
    licence_id       VARCHAR NOT NULL,
    customer_id      INTEGER NOT NULL,
    tariff_id        INTEGER NOT NULL,      -- the tariff the bill was charged on
    bill_date        DATE NOT NULL,
    period_start     DATE NOT NULL,
    period_end       DATE NOT NULL,
    due_date         DATE NOT NULL,
    total_amt        DECIMAL(10, 2) NOT NULL,   -- GBP incl. VAT
    amount_paid      DECIMAL(10, 2) NOT NULL,
    paid_in_full_on  DATE,                  -- NULL until fully paid
    status           VARCHAR NOT NULL       -- 'issued', 'part_paid', 'paid', 'cancelled'
);

CREATE TABLE bill_lines (
    bill_line_id  INTEGER PRIMARY KEY,
    bill_id       INTEGER NOT NULL,
    licence_id    VARCHAR NOT NULL,
    line_type     VARCHAR NOT NULL,         -- 'energy', 'standing_charge', 'vat', 'export_credit'
    kwh           DECIMAL(10, 3),           -- energy and export_credit lines only
    amount        DECIMAL(10, 2) NOT NULL   -- export credits are negative
);

CREATE TABLE payments (
    payment_id   INTEGER PRIMARY KEY,
    licence_id   VARCHAR NOT NULL,
    customer_id  INTEGER NOT NULL,
    bill_id      INTEGER,                   -- NULL for payments on account
    paid_at      TIMESTAMP NOT NULL,
    amount       DECIMAL(10, 2) NOT NULL,
    method       VARCHAR NOT NULL,          -- 'direct_debit', 'card', 'bank_transfer', 'paypoint'
    status       VARCHAR NOT NULL           -- 'settled', 'failed', 'reversed'
);

CREATE TABLE outages (
    outage_id           INTEGER PRIMARY KEY,
    licence_id          VARCHAR NOT NULL,
    postcode_district   VARCHAR NOT NULL,
    started_at          TIMESTAMP NOT NULL,
    restored_at         TIMESTAMP,          -- NULL while still off
    cause               VARCHAR NOT NULL,   -- 'storm', 'equipment_failure', 'third_party_damage', 'planned_maintenance'
    is_planned          BOOLEAN NOT NULL,
    customers_affected  INTEGER NOT NULL
);

CREATE TABLE work_orders (
    work_order_id  INTEGER PRIMARY KEY,
    licence_id     VARCHAR NOT NULL,
    premise_id     INTEGER,                 -- NULL for network jobs and for jobs raised before the caller's premise was matched
    wo_type        VARCHAR NOT NULL,        -- 'smart_install', 'meter_fault', 'disconnection', 'reconnection', 'network_repair'
    created_at     TIMESTAMP NOT NULL,
    scheduled_for  DATE,
    completed_at   TIMESTAMP,
    status         VARCHAR NOT NULL,        -- 'open', 'scheduled', 'completed', 'cancelled'
    engineer_id    VARCHAR                  -- NULL until assigned
);
