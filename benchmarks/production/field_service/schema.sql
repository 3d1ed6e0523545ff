-- ============================================================================================
-- field_service: the warehouse of a field-service management SaaS (DuckDB DDL for labelling)
--
-- Company: "Truckroll" sells scheduling, dispatch, quoting and invoicing software to HVAC,
-- plumbing and electrical contractors. Every contractor is a tenant of one shared analytics
-- warehouse: its customers, technicians, service contracts (maintenance plans with a response
-- SLA), work orders, the technician visits that work them, the parts used on each visit, quotes
-- and invoices, all keyed by contractor_id.
--
-- Warehouse: DuckDB (CTEs, window functions, QUALIFY, FILTER, median(), date_diff; `/` is
-- always decimal division). The agent writes dialect `duckdb`.
-- Agent: `dispatch-pilot`, versions 1.4, 1.5 and 1.6, deployed for contractor 311
-- ("Brennan Mechanical", HVAC + plumbing + electrical).
-- Log window: 2026-10-05 to 2026-10-23; the warehouse is loaded up to 2026-10-04. So "last
-- month" is September 2026, "this month" October 2026 to date, "this quarter" Q4 2026 to date,
-- "last quarter" / "Q3" July-September 2026, "ytd" / "this year" 2026 to date, "in March"
-- March 2026, "last 12 months" the twelve whole months October 2025 - September 2026.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `contractor_id = 311` on every table of every query (row-level security);
--   * soft deletes: `deleted_at IS NULL` on customers, work_orders, quotes and invoices (rows
--     deleted in the app stay in the warehouse with a deletion time). Visits and parts of a
--     deleted work order are excluded through their work order; deleting a work order in the
--     app deletes its invoices too (they carry the same deleted_at).
--
-- Business conventions at this contractor (what a careful analyst would apply):
--   * revenue = SUM(invoices.subtotal_amt) (pre-tax) over invoices with status_cd 'ISSUED' or
--     'PAID' (DRAFT and VOID are not revenue), dated by inv_dt. total_amt = subtotal + tax.
--   * accounts receivable (AR, outstanding) = SUM(total_amt) (what the customer owes, tax
--     included) of invoices with status_cd 'ISSUED'; overdue = ISSUED with due_dt < today;
--     "over 60 days" = due_dt more than 60 days before today.
--   * days to pay = paid_dt - inv_dt over PAID invoices, dated by paid_dt.
--   * job = work order. Completed job = status_cd 'DONE', dated by completed_ts. Open WO =
--     status_cd 'OPEN', 'SCHED' or 'INPROG'. WO counts (created, per month) leave out nothing
--     but deleted rows; they are dated by created_ts.
--   * emergency = priority_cd 'P1'; trade = work_orders.trade_cd (HVAC, PLMB, ELEC);
--     technicians.trade_cd is the tech's own trade.
--   * a visit counts when visit_status is not 'CANCELLED'; a completed visit has visit_status
--     'COMPLETED'. Visits are dated by sched_start_ts; labor_hrs is billed labour of the visit.
--   * first arrival of a WO = MIN(visits.arrived_ts); response time = hours from the WO's
--     created_ts to its first arrival.
--   * SLA: a WO with sla_due_ts (only WOs under a service contract carry one) meets its SLA when
--     its first arrival <= sla_due_ts; a WO nobody has reached yet is a breach once sla_due_ts
--     has passed. Cancelled WOs are out of SLA figures. SLA compliance is dated by created_ts.
--   * first-time fix (FTF) rate = share of completed jobs with exactly one counted visit.
--   * callback = work_orders.is_callback (the contractor had to return for the same fault
--     within 30 days); callback rate = callbacks among completed jobs.
--   * active contract = status 'active' and end_dt >= today (status is refreshed monthly, so a
--     contract past its end_dt may still read 'active'). Contract work = WO with contract_id.
--   * quote win rate = ACCEPTED / decided quotes (ACCEPTED, DECLINED, EXPIRED); DRAFT and SENT
--     are still open and are not in the rate. Quotes are dated by quoted_dt.
--   * parts cost = SUM(qty * unit_cost); warranty parts (is_warranty) are supplied free by the
--     manufacturer (unit_price 0) and are left out of parts usage rankings.
--   * active technician = term_dt IS NULL; subcontractors (is_subcontractor) are technicians
--     too but are left out of labour-hour and utilisation figures ("our techs").
--   * average revenue per customer = revenue / distinct customers invoiced.
-- ============================================================================================

CREATE TABLE customers (
    contractor_id   INTEGER NOT NULL,
    customer_id     INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type_cd    VARCHAR NOT NULL,          -- RES residential, COM commercial
    city_nm         VARCHAR,
    created_at      TIMESTAMP NOT NULL,
    deleted_at      TIMESTAMP                  -- soft delete
);

CREATE TABLE technicians (
    contractor_id     INTEGER NOT NULL,
    tech_id           INTEGER PRIMARY KEY,
    tech_nm           VARCHAR NOT NULL,
    trade_cd          VARCHAR NOT NULL,        -- HVAC, PLMB, ELEC
    is_subcontractor  BOOLEAN NOT NULL,
    hire_dt           DATE NOT NULL,
    term_dt           DATE,                    -- NULL while employed / engaged
    hourly_cost       DECIMAL(8,2)
);

CREATE TABLE service_contracts (
    contractor_id   INTEGER NOT NULL,
    contract_id     INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    plan_cd         VARCHAR NOT NULL,          -- BRONZE, SILVER, GOLD
    sla_hrs         INTEGER NOT NULL,          -- response SLA in hours
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,
    annual_fee      DECIMAL(10,2) NOT NULL,
    status          VARCHAR NOT NULL           -- active, expired, cancelled
);

CREATE TABLE work_orders (
    contractor_id   INTEGER NOT NULL,
    wo_id           INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    contract_id     INTEGER,                   -- NULL: time-and-materials work
    trade_cd        VARCHAR NOT NULL,          -- HVAC, PLMB, ELEC
    wo_type_cd      VARCHAR NOT NULL,          -- REPAIR, MAINT, INSTALL, INSPECT
    priority_cd     VARCHAR NOT NULL,          -- P1 emergency, P2 urgent, P3 routine
    status_cd       VARCHAR NOT NULL,          -- OPEN, SCHED, INPROG, DONE, CANC
    created_ts      TIMESTAMP NOT NULL,
    sla_due_ts      TIMESTAMP,                 -- contract WOs only
    completed_ts    TIMESTAMP,
    is_callback     BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE visits (
    contractor_id   INTEGER NOT NULL,
    visit_id        INTEGER PRIMARY KEY,
    wo_id           INTEGER NOT NULL,
    tech_id         INTEGER NOT NULL,
    sched_start_ts  TIMESTAMP NOT NULL,
    arrived_ts      TIMESTAMP,
    departed_ts     TIMESTAMP,
    visit_status    VARCHAR NOT NULL,          -- SCHEDULED, COMPLETED, NO_ACCESS, CANCELLED
    labor_hrs       DECIMAL(5,2)
);

CREATE TABLE parts_used (
    contractor_id   INTEGER NOT NULL,
    line_id         INTEGER PRIMARY KEY,
    visit_id        INTEGER NOT NULL,
    part_sku        VARCHAR NOT NULL,
    part_desc       VARCHAR,
    qty             INTEGER NOT NULL,
    unit_cost       DECIMAL(10,2) NOT NULL,
    unit_price      DECIMAL(10,2) NOT NULL,
    is_warranty     BOOLEAN NOT NULL
);

CREATE TABLE quotes (
    contractor_id   INTEGER NOT NULL,
    quote_id        INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    wo_id           INTEGER,                   -- NULL: quote for new work
    quoted_dt       DATE NOT NULL,
    quote_amt       DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- DRAFT, SENT, ACCEPTED, DECLINED, EXPIRED
    decided_dt      DATE,
    deleted_at      TIMESTAMP
);

CREATE TABLE invoices (
    contractor_id   INTEGER NOT NULL,
    inv_id          INTEGER PRIMARY KEY,
    wo_id           INTEGER NOT NULL,
    customer_id     INTEGER NOT NULL,
    inv_dt          DATE NOT NULL,
    due_dt          DATE NOT NULL,
    subtotal_amt    DECIMAL(10,2) NOT NULL,
    tax_amt         DECIMAL(10,2) NOT NULL,
    total_amt       DECIMAL(10,2) NOT NULL,
    status_cd       VARCHAR NOT NULL,          -- DRAFT, ISSUED, PAID, VOID
    paid_dt         DATE,
    deleted_at      TIMESTAMP
);
