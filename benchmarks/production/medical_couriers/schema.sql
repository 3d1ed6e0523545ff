-- ============================================================================================
-- medical_couriers: the warehouse of a medical-courier platform (DuckDB DDL for labelling)
--
-- Company: "MedRelay" runs dispatch, driver-app, cold-chain monitoring, chain-of-custody and
-- billing software for medical courier companies, who move specimens, lab kits, prescriptions
-- and infusion drugs for labs, clinics, pharmacies and hospitals. Every courier company is a
-- tenant of one shared BigQuery warehouse (project medrelay-dw, dataset courier_mart), all
-- tables keyed by co_id. The deployment here is courier company 'MC-0907', Lakeshore Medical
-- Couriers (Chicago area: Northside Hub, South Loop Hub, Evanston Hub and Joliet Hub, opened on
-- 2026-03-02). Other tenants in the warehouse: 'MC-0412' (Bayou Specimen Express, New Orleans)
-- and 'MC-1150' (Summit Lab Logistics, Denver). Ids are unique across the platform.
--
-- Warehouse: BigQuery standard SQL (DATE_TRUNC(d, MONTH), DATE_SUB / DATE_ADD(d, INTERVAL n
-- DAY|MONTH), DATE_DIFF(a, b, DAY), DATETIME_DIFF(a, b, MINUTE), DATE(ts), EXTRACT, COUNTIF,
-- SAFE_DIVIDE, IF, QUALIFY, FORMAT_DATE; `/` always returns FLOAT64). The *_ts columns are
-- BigQuery DATETIMEs in the courier company's local wall-clock time (America/Chicago), stored
-- in whole minutes (DATETIME_DIFF(a, b, MINUTE)); TIMESTAMP in this DuckDB DDL. The agent
-- writes dialect `bigquery`.
-- Agent: `relay-sql`, versions 4.5, 4.6 and 4.7, deployed for courier company 'MC-0907'.
-- Log window: 2026-11-02 to 2026-11-27 (business hours in Chicago; a few evening questions
-- have UTC timestamps on the next day, and CURRENT_DATE() is the UTC date). The warehouse is
-- loaded up to 2026-11-01: nothing is dated after 2026-10-31 except October's invoices (the
-- monthly billing run issued them on 2026-11-01) and standing-order jobs already booked for
-- December (status 'SCHEDULED').
-- So "last month" is October 2026, "last quarter" Q3 2026 (July-September), "ytd" / "this
-- year" 2026 to date, "last year" 2025, "the same month last year" October 2025, "the last
-- 60 days" the rolling 60 days back from today (svc_dt >= current_date - 60 days), "next 30
-- days" today to today + 30 days inclusive, "rn" / "right now" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_id = 'MC-0907'` on every table of every query (row policy);
--   * test rows: `is_test = FALSE` on jobs (dispatcher training jobs, also run for real client
--     accounts, and every job of the demo client) and on clients (the demo account 'ZZ Demo Lab
--     (training)', whose training invoices are not flagged themselves: they are excluded only
--     through clients). Stops, temperature logs, custody scans and invoice lines carry no flag:
--     they go with their job (join jobs and keep is_test = FALSE where it matters);
--   * voids: `void_flg = 'N'` on invoices (invoices voided and re-issued; the voided copy keeps
--     its lines);
--   * soft deletes: `deleted_at IS NULL` on clients (a merged duplicate account, no jobs) and
--     couriers (a courier profile keyed twice, no jobs, certs or pay). These matter where that
--     table is the population counted or listed ("which clients ...", "how many couriers ...").
--
-- Business conventions of the courier company (what a careful analyst would apply):
--   * jobs: one row per delivery job, one pickup and one drop-off (a drop-off may take several
--     attempts). Jobs are dated by svc_dt (the service day; a late job may be delivered after
--     midnight). priority_cd 'STAT' (promised 90 minutes after ready), 'ASAP' (3 hours) or
--     'ROUTINE' (same day); "urgent" = STAT. temp_req 'AMBIENT', 'REFRIG' (2-8 C) or 'FROZEN'
--     (-15 C or colder); "temperature-controlled" / "cold-chain" = REFRIG and FROZEN. status
--     'DELIVERED', 'FAILED' (given up after its attempts and returned; fail_rsn is the last
--     attempt's reason), 'CANCELLED' (never picked up) or 'SCHEDULED' (booked ahead).
--     "Jobs" / "job volume" = jobs not CANCELLED (DELIVERED + FAILED; SCHEDULED ones only when
--     asked about upcoming work); "deliveries" / "delivered jobs" = status 'DELIVERED'.
--     Cancellation rate = CANCELLED jobs / all jobs booked for the period (every status), as a
--     percentage, by svc_dt.
--     ready_ts: the specimen is ready for pickup; promised_ts: the promised drop-off time;
--     picked_up_ts and delivered_ts: actual times (delivered_ts only on DELIVERED jobs).
--     loaded_mi: billable miles from pickup to drop-off. courier_id and vehicle_id are the
--     courier and the vehicle that ran the job (the vehicle may be a depot pool vehicle).
--   * on time: a DELIVERED job with delivered_ts <= promised_ts. On-time rate = on-time jobs /
--     DELIVERED jobs, as a percentage. Minutes late = DATETIME_DIFF(delivered_ts, promised_ts,
--     MINUTE) of late jobs. Pickup delay = minutes from
--     ready_ts to picked_up_ts.
--   * job_stops: one row per stop attempt, stop_type 'PU' (pickup) or 'DO' (drop-off),
--     stop_status 'DONE' or 'FAILED' (fail_rsn 'SITE_CLOSED', 'NO_RECIPIENT', 'ACCESS',
--     'REFUSED'). A "failed attempt" = a stop with stop_status 'FAILED', dated by arr_ts; a
--     "failed delivery" = a FAILED job. courier_id on a stop is NULL when the leg was run by a
--     partner carrier. wait_min = minutes waited on site (billed past 10 free minutes).
--   * temp_logs: the reefer probe's readings on temperature-controlled jobs; excursion_yn = 'Y'
--     when a reading is outside the job's range. An "excursion job" has at least one 'Y'
--     reading; excursion rate = excursion jobs / temperature-controlled jobs picked up, as a
--     percentage (per job, not per reading).
--   * custody_scans: scan_type 'PICKUP', 'HANDOFF', 'DEPOT_IN', 'DEPOT_OUT', 'DELIVERY'. A
--     delivered job's chain of custody is complete when it has both a PICKUP and a DELIVERY
--     scan; "missing a custody scan" = either is missing.
--   * couriers: emp_type 'W2' (employee) or '1099' (contractor); depot_id is their home depot.
--     "Active couriers" = term_dt IS NULL (and not deleted); lists of couriers mean active
--     couriers unless asked otherwise. courier_certs: cert_cd 'HIPAA', 'BBP' (bloodborne
--     pathogens, annual), 'UN3373' (Category B specimen shipping), 'DRY_ICE'; a cert is valid on
--     a day when issued_dt <= day <= exp_dt. "Expiring in the next 30 days" = exp_dt from today
--     to today + 30 days.
--   * vehicles: veh_type 'CAR', 'VAN', 'REEFER_VAN', 'EBIKE'; courier_id is the courier the
--     vehicle is assigned to (NULL for depot pool vehicles); the job's vehicle_id is the one
--     actually driven.
--   * clients: client_type 'LAB', 'CLINIC', 'PHARMACY', 'HOSPITAL'. "Active clients" = non-test,
--     non-deleted clients with a delivery in the last 90 days.
--   * invoices: one per client per month billed (period_start_dt = first day of the month of
--     the jobs billed), issued the first day of the next month, due_dt = issued_dt + 30 days;
--     status 'OPEN' or 'PAID' (paid_dt set). Revenue = SUM(amt_cents) / 100 of the lines of
--     invoices with void_flg = 'N', dated by period_start_dt (the month the work was done),
--     the demo client excluded. charge_cd 'BASE' (by priority), 'MILEAGE' (qty = miles),
--     'WAIT' (qty = billable wait minutes), 'COLD_CHAIN', 'AFTER_HRS'; "mileage charges" and
--     "wait-time charges" are those lines' amounts. Every line is tied to one job; revenue per
--     job = the job's line amounts. Past due = OPEN, non-void invoices with due_dt before
--     today; "over 30 days past due" = due_dt < today - 30 days; the balance is the lines' sum.
--   * courier_pay: one row per pay item, pay_type 'PER_JOB', 'MILEAGE', 'WAIT' (tied to a job)
--     or 'BONUS' (job_id NULL), dated by earned_dt (the job's svc_dt). Courier pay = SUM of all
--     pay items / 100. Pay per mile = courier pay / loaded_mi of the (non-cancelled) jobs run.
-- ============================================================================================

CREATE TABLE depots (
    co_id          VARCHAR NOT NULL,
    depot_id       INTEGER NOT NULL,
    depot_cd       VARCHAR NOT NULL,      -- e.g. 'ORD-N'
    depot_nm       VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    closed_dt      DATE
);

CREATE TABLE clients (
    co_id          VARCHAR NOT NULL,
    client_id      INTEGER NOT NULL,
    client_nm      VARCHAR NOT NULL,
    client_type    VARCHAR NOT NULL,      -- 'LAB', 'CLINIC', 'PHARMACY', 'HOSPITAL'
    home_depot_id  INTEGER NOT NULL,
    onboard_dt     DATE NOT NULL,
    net_terms_days INTEGER NOT NULL,
    is_test        BOOLEAN NOT NULL,      -- the demo / training account
    deleted_at     TIMESTAMP              -- merged duplicate account
);

CREATE TABLE couriers (
    co_id          VARCHAR NOT NULL,
    courier_id     INTEGER NOT NULL,
    courier_nm     VARCHAR NOT NULL,
    depot_id       INTEGER NOT NULL,      -- home depot
    emp_type       VARCHAR NOT NULL,      -- 'W2', '1099'
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE vehicles (
    co_id          VARCHAR NOT NULL,
    vehicle_id     INTEGER NOT NULL,
    plate_no       VARCHAR NOT NULL,
    veh_type       VARCHAR NOT NULL,      -- 'CAR', 'VAN', 'REEFER_VAN', 'EBIKE'
    reefer_yn      VARCHAR NOT NULL,      -- 'Y' / 'N'
    depot_id       INTEGER NOT NULL,
    courier_id     INTEGER,               -- assigned courier; NULL for a depot pool vehicle
    in_svc_dt      DATE NOT NULL,
    retired_dt     DATE
);

CREATE TABLE courier_certs (
    co_id          VARCHAR NOT NULL,
    cert_id        INTEGER NOT NULL,
    courier_id     INTEGER NOT NULL,
    cert_cd        VARCHAR NOT NULL,      -- 'HIPAA', 'BBP', 'UN3373', 'DRY_ICE'
    issued_dt      DATE NOT NULL,
    exp_dt         DATE NOT NULL
);

CREATE TABLE jobs (
    co_id          VARCHAR NOT NULL,
    job_id         BIGINT NOT NULL,
    client_id      INTEGER NOT NULL,
    depot_id       INTEGER NOT NULL,
    courier_id     INTEGER,               -- NULL on jobs cancelled before dispatch, SCHEDULED jobs
    vehicle_id     INTEGER,
    route_cd       VARCHAR,               -- standing-order route, NULL for on-demand jobs
    priority_cd    VARCHAR NOT NULL,      -- 'STAT', 'ASAP', 'ROUTINE'
    temp_req       VARCHAR NOT NULL,      -- 'AMBIENT', 'REFRIG', 'FROZEN'
    svc_dt         DATE NOT NULL,
    created_ts     TIMESTAMP NOT NULL,
    ready_ts       TIMESTAMP NOT NULL,
    promised_ts    TIMESTAMP NOT NULL,    -- promised drop-off time
    picked_up_ts   TIMESTAMP,
    delivered_ts   TIMESTAMP,
    status         VARCHAR NOT NULL,      -- 'DELIVERED', 'FAILED', 'CANCELLED', 'SCHEDULED'
    fail_rsn       VARCHAR,               -- last attempt's reason on FAILED jobs
    pkg_cnt        INTEGER NOT NULL,
    loaded_mi      DECIMAL(6,1),          -- NULL on cancelled and scheduled jobs
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE job_stops (
    co_id          VARCHAR NOT NULL,
    stop_id        BIGINT NOT NULL,
    job_id         BIGINT NOT NULL,
    stop_seq       INTEGER NOT NULL,
    stop_type      VARCHAR NOT NULL,      -- 'PU', 'DO'
    site_nm        VARCHAR NOT NULL,
    courier_id     INTEGER,               -- NULL when a partner carrier ran the leg
    arr_ts         TIMESTAMP NOT NULL,
    dep_ts         TIMESTAMP NOT NULL,
    wait_min       INTEGER NOT NULL,
    stop_status    VARCHAR NOT NULL,      -- 'DONE', 'FAILED'
    fail_rsn       VARCHAR                -- 'SITE_CLOSED', 'NO_RECIPIENT', 'ACCESS', 'REFUSED'
);

CREATE TABLE temp_logs (
    co_id          VARCHAR NOT NULL,
    log_id         BIGINT NOT NULL,
    job_id         BIGINT NOT NULL,
    read_ts        TIMESTAMP NOT NULL,
    temp_c         DECIMAL(5,1) NOT NULL,
    excursion_yn   VARCHAR NOT NULL       -- 'Y' when outside the job's range
);

CREATE TABLE custody_scans (
    co_id          VARCHAR NOT NULL,
    scan_id        BIGINT NOT NULL,
    job_id         BIGINT NOT NULL,
    scan_ts        TIMESTAMP NOT NULL,
    scan_type      VARCHAR NOT NULL,      -- 'PICKUP', 'HANDOFF', 'DEPOT_IN', 'DEPOT_OUT', 'DELIVERY'
    courier_id     INTEGER                -- NULL when scanned by a partner carrier
);

CREATE TABLE invoices (
    co_id          VARCHAR NOT NULL,
    invoice_id     INTEGER NOT NULL,
    client_id      INTEGER NOT NULL,
    period_start_dt DATE NOT NULL,        -- first day of the month billed
    issued_dt      DATE NOT NULL,
    due_dt         DATE NOT NULL,
    status         VARCHAR NOT NULL,      -- 'OPEN', 'PAID'
    paid_dt        DATE,
    void_flg       VARCHAR NOT NULL       -- 'Y' voided (re-issued), 'N'
);

CREATE TABLE invoice_lines (
    co_id          VARCHAR NOT NULL,
    line_id        BIGINT NOT NULL,
    invoice_id     INTEGER NOT NULL,
    job_id         BIGINT NOT NULL,
    charge_cd      VARCHAR NOT NULL,      -- 'BASE', 'MILEAGE', 'WAIT', 'COLD_CHAIN', 'AFTER_HRS'
    qty            DECIMAL(8,1) NOT NULL, -- miles for MILEAGE, billable minutes for WAIT, else 1
    amt_cents      BIGINT NOT NULL
);

CREATE TABLE courier_pay (
    co_id          VARCHAR NOT NULL,
    pay_id         BIGINT NOT NULL,
    courier_id     INTEGER NOT NULL,
    job_id         BIGINT,                -- NULL for BONUS items
    earned_dt      DATE NOT NULL,
    pay_type       VARCHAR NOT NULL,      -- 'PER_JOB', 'MILEAGE', 'WAIT', 'BONUS'
    amt_cents      BIGINT NOT NULL
);
