-- manufacturing: the plant-floor and quality warehouse of a manufacturing group.
--
-- Company: Kessler Industrial Group makes metal brackets, welded frames and machined housings
-- in three plants that share one Databricks lakehouse: plant DE-STR "Stuttgart Werk 2" (the
-- deployment below), PL-WRO (Wroclaw) and US-CLT (Charlotte). Every plant's lines, machines,
-- work orders, production runs, downtime events, inspections, incoming lots and maintenance
-- tickets sit in the same tables keyed by plant_code; suppliers are one group-wide list.
-- Warehouse dialect: Databricks SQL (sqlglot dialect `databricks`): date_trunc('MONTH', ts),
-- add_months, dateadd / date_add, datediff(end, start) in days, timestampdiff(MINUTE, a, b),
-- count_if, aggregate FILTER (WHERE ...), try_divide, QUALIFY; `/` always divides as a double.
-- All timestamps are plant-local (Europe/Berlin for DE-STR).
-- Agent: plant-copilot@1.4, plant-copilot@1.5, plant-copilot@1.6 (answers the Stuttgart
-- plant's production, quality and maintenance engineers in a chat client that shows at most
-- 1000 rows).
-- Log window: 2025-06-01 to 2025-06-30 (1.4 answered from Jun 1 to Jun 10, 1.5 from Jun 11 to
-- Jun 20, 1.6 from Jun 21 to Jun 30). The warehouse was loaded up to 2025-06-30 23:59;
-- work_orders.status, maintenance_tickets.status and incoming_lots.lot_status are the status
-- at load time. The seed holds the warehouse as loaded then; a period that runs to "now" (ytd,
-- this month, this quarter) is read from its start with no upper bound, as the agents write it.
--
-- Guards the deployment adds (system prompt):
--   * plant: every query is scoped to `plant_code = 'DE-STR'` (every table but suppliers and
--     defects carries it; defects are reached through their inspection);
--   * trial runs: trial, first-article and simulation runs are excluded with
--     `is_trial = false` (the flag is on production_runs and copied onto downtime_events and
--     inspections; oee_daily and production_targets are built from non-trial runs only).
--
-- Business definitions (how the Stuttgart engineers read the questions):
--   production / output / good units   production_runs.good_qty; scrap is scrap_qty; total
--                              units (good + scrap) are "total count"; a run is dated by
--                              run_start_ts and belongs to its shift_code (A 06-14, B 14-22,
--                              C 22-06, even after midnight)
--   run hours                  (run_end_ts - run_start_ts), the scheduled run time
--   scrap rate                 SUM(scrap_qty) / SUM(good_qty + scrap_qty), a percentage, over
--                              all runs of the group (a ratio of sums, never an average of
--                              per-run rates); a run's scrap rate is scrap / (good + scrap)
--   units per hour             SUM(good_qty) / SUM(run hours) (weighted, not averaged per run)
--   downtime                   unplanned downtime only: downtime_events.category =
--                              'unplanned' (breakdown, material_shortage, quality_issue,
--                              tooling, operator_absent); planned stops (changeover,
--                              planned_maintenance) are not downtime, but "changeover time"
--                              is the changeover events; events are dated by start_ts;
--                              duration_min is the event's length in minutes; machine_id is
--                              NULL for line-level stops
--   breakdown                  a downtime event with reason_code = 'breakdown'
--   availability / performance / quality / OEE  from oee_daily, over a period as ratios of
--                              sums: availability = SUM(run_min) / SUM(planned_min);
--                              performance = SUM(ideal_run_min) / SUM(run_min); quality =
--                              SUM(good_units) / SUM(total_units); OEE = A x P x Q (as
--                              percentages); never an average of daily figures
--   % of target                good units of the month / production_targets.target_good_units
--                              of that month and line
--   open work orders           status IN ('released', 'in_progress', 'on_hold'); completed work
--                              orders are dated by completed_ts; on time = completed on or
--                              before due_date (CAST(completed_ts AS DATE) <= due_date)
--   open maintenance tickets   status IN ('open', 'in_progress', 'waiting_parts');
--                              breakdown tickets are ticket_type = 'corrective'
--   MTTR                       average hours from opened_ts to closed_ts of corrective
--                              tickets, dated by closed_ts
--   machines                   active machines (is_active = true) unless asked otherwise
--   failed inspections         result = 'fail' (a 'rework' result is not a failure); fail
--                              rate = failed / all inspections, a percentage
--   defects                    defect_qty summed (a defect row is one defect type found)
--   supplier reject rate       SUM(qty_rejected) / SUM(qty_received) of incoming lots (dated by
--                              received_date), a percentage; lots with a NULL supplier_id are
--                              intra-group transfers (no supplier)
--   scrap cost                 scrap_qty x the plant's unit_cost_eur of the work order's sku
--                              (products has one row per plant and sku)
--   periods                    "last month" / "last quarter" are the previous calendar month /
--                              quarter; "ytd" / "this year" from Jan 1 to now; "last week" the
--                              previous Monday-to-Sunday week; "this month" month to date

CREATE TABLE plants (
    plant_code VARCHAR PRIMARY KEY,
    plant_name VARCHAR,
    country VARCHAR
);

CREATE TABLE lines (
    line_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    line_code VARCHAR,          -- 'STR-L1' ...
    line_name VARCHAR,
    product_family VARCHAR,     -- brackets, frames, housings
    commissioned_date DATE,
    ideal_cycle_sec DOUBLE
);

CREATE TABLE machines (
    machine_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    line_id INTEGER,
    machine_code VARCHAR,       -- 'STR-L1-M1' ...
    machine_type VARCHAR,       -- press, welder, cnc, robot, conveyor, oven
    is_active BOOLEAN,
    decommissioned_date DATE
);

CREATE TABLE products (
    plant_code VARCHAR,
    sku VARCHAR,                -- the same sku is made in several plants at different costs
    product_family VARCHAR,
    unit_cost_eur DOUBLE
);

CREATE TABLE work_orders (
    wo_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    line_id INTEGER,
    sku VARCHAR,
    planned_qty INTEGER,
    due_date DATE,
    status VARCHAR,             -- released, in_progress, on_hold, completed, cancelled
    released_ts TIMESTAMP,
    completed_ts TIMESTAMP      -- NULL unless completed
);

CREATE TABLE production_runs (
    run_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    line_id INTEGER,
    wo_id INTEGER,
    shift_code VARCHAR,         -- A, B, C
    run_start_ts TIMESTAMP,
    run_end_ts TIMESTAMP,
    good_qty INTEGER,
    scrap_qty INTEGER,
    is_trial BOOLEAN
);

CREATE TABLE downtime_events (
    event_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    line_id INTEGER,
    machine_id INTEGER,         -- NULL for line-level stops (changeover, shortages, absence)
    run_id INTEGER,
    start_ts TIMESTAMP,
    end_ts TIMESTAMP,
    duration_min INTEGER,
    reason_code VARCHAR,        -- changeover, planned_maintenance, breakdown, material_shortage,
                                -- quality_issue, tooling, operator_absent
    category VARCHAR,           -- planned, unplanned
    is_trial BOOLEAN
);

CREATE TABLE inspections (
    inspection_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    line_id INTEGER,
    run_id INTEGER,
    inspected_ts TIMESTAMP,
    inspector VARCHAR,
    sample_size INTEGER,
    result VARCHAR,             -- pass, fail, rework
    is_trial BOOLEAN
);

CREATE TABLE defects (
    defect_id INTEGER PRIMARY KEY,
    inspection_id INTEGER,
    defect_type VARCHAR,        -- burr, porosity, dimension, scratch, crack, weld_spatter
    defect_qty INTEGER
);

CREATE TABLE oee_daily (
    plant_code VARCHAR,
    line_id INTEGER,
    prod_date DATE,
    planned_min INTEGER,        -- scheduled run minutes
    run_min INTEGER,            -- planned minus unplanned downtime
    ideal_run_min DOUBLE,       -- total_units x ideal cycle time
    total_units INTEGER,
    good_units INTEGER
);

CREATE TABLE production_targets (
    plant_code VARCHAR,
    line_id INTEGER,
    target_month DATE,          -- first day of the month
    target_good_units INTEGER
);

CREATE TABLE suppliers (
    supplier_id INTEGER PRIMARY KEY,
    supplier_name VARCHAR,
    country VARCHAR,
    is_approved BOOLEAN
);

CREATE TABLE incoming_lots (
    lot_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    supplier_id INTEGER,        -- NULL for intra-group transfers
    material VARCHAR,
    received_date DATE,
    inspected_date DATE,        -- NULL while pending
    qty_received INTEGER,
    qty_rejected INTEGER,
    lot_status VARCHAR          -- pending, accepted, on_hold, rejected
);

CREATE TABLE maintenance_tickets (
    ticket_id INTEGER PRIMARY KEY,
    plant_code VARCHAR,
    machine_id INTEGER,
    ticket_type VARCHAR,        -- corrective, preventive
    priority VARCHAR,           -- P1 .. P4
    status VARCHAR,             -- open, in_progress, waiting_parts, closed, cancelled
    opened_ts TIMESTAMP,
    closed_ts TIMESTAMP
);
