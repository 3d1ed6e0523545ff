-- ============================================================================================
-- janitorial_services: the warehouse of a commercial janitorial-services platform (DuckDB DDL
-- for labelling)
--
-- Company: "JanitorHub" sells contract, scheduling, time-clock, inspection, supply and billing
-- software to commercial cleaning companies. Every cleaning company is a tenant of one shared
-- Databricks lakehouse (Delta tables), every table keyed by tenant_id. The deployment here is
-- tenant 'CLN-0527', BrightWay Facility Services (Seattle area: offices, clinics, a mall food
-- court, two schools, a distribution centre and a law firm). Other tenants in the warehouse:
-- 'CLN-0311' (Metro Shine Janitorial) and 'CLN-0788' (Northstar Building Services). Ids
-- (site_id, contract_id, crew_id, cleaner_id, visit_id ...) are unique across the platform.
--
-- Warehouse: Databricks SQL (date_trunc('MONTH', d), trunc(d, 'MM'), add_months, date_add,
-- date_sub, datediff(end, start) in days, timestampdiff(MINUTE, a, b), INTERVAL 15 MINUTES,
-- current_date(), count_if, FILTER (WHERE ...), QUALIFY, max_by; `/` always returns a decimal
-- or double, never an integer). Flags: is_test is BOOLEAN; void_flg and active_yn are 'Y'/'N'.
-- Money is stored in cents (BIGINT/INTEGER *_cents columns); figures are shown in dollars
-- (cents / 100). The agent writes dialect `databricks`.
-- Agent: `sweep-sql`, versions 3.0, 3.1 and 3.2, deployed for tenant 'CLN-0527'.
-- Log window: 2026-11-09 to 2026-11-24; the tenant's warehouse copy is loaded up to 2026-11-08
-- (nothing dated after it, except visits SCHEDULED ahead to the end of November and a contract
-- starting in 2027). So "last month" is October 2026, "this month" November 2026 to date,
-- "last quarter" July-September 2026 (Q3), "ytd" / "this year" 2026 to date, "last year" 2025,
-- "last 6 months" the six whole months May-October 2026, "last 30 / 90 days" the rolling days
-- back from today (ts >= current_date - 30 days), "last 4 full weeks" the four whole Monday-
-- to-Sunday weeks before the current week, "rn" / "right now" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'CLN-0527'` on every table of every query (row policy);
--   * test rows: `is_test = false` on sites (site 113 'ZZ Demo Office', the tenant's training
--     site, with its contract, visits, inspections and supply usage), visits (the demo site's
--     visits and new-hire training ride-alongs at it) and invoices (the demo site's invoices).
--     Rows of tables without the flag are excluded through the table that carries it: time
--     punches through visits (punches on test visits are training, not labour), inspections
--     and supply usage at the demo site through sites (or through visits);
--   * voids: `void_flg = 'N'` on invoices (invoices voided and reissued; the void copy keeps
--     its amounts and is never paid);
--   * soft deletes: `deleted_at IS NULL` on sites (site 114, a duplicate record of Cedar Ridge
--     Middle School with nothing attached) and cleaners (cleaner 220, a duplicate profile of
--     Diego Ruiz with no punches). These matter where that table is the population counted or
--     listed ("how many sites ...", "which cleaners ...").
--
-- Business conventions of the tenant (what a careful analyst would apply):
--   * sites: one row per client site (client_nm is the client company; a client can have
--     several sites). industry_cd 'OFFICE', 'MEDICAL', 'RETAIL', 'SCHOOL', 'INDUSTRIAL'.
--     sq_ft is the cleanable floor area.
--   * contracts: a site can hold several contracts at once (e.g. a nightly FIXED_MONTHLY clean
--     and a DAY_PORTER service). contract_type 'FIXED_MONTHLY' (monthly_fee_cents),
--     'PER_VISIT' (visit_rate_cents per completed visit) or 'DAY_PORTER' (monthly_fee_cents).
--     status 'PENDING', 'ACTIVE', 'EXPIRED' or 'CANCELLED'. A cancellation = a contract with
--     status 'CANCELLED', dated by cancel_dt (the notice date; service runs to end_dt),
--     reason in cancel_reason_cd ('PRICE', 'QUALITY', 'INSOURCED', 'CLOSED_SITE').
--     An "active" contract: status = 'ACTIVE' and start_dt <= today and (end_dt IS NULL or
--     end_dt >= today). An "active site" = a (non-test, non-deleted) site with at least one
--     active contract; "sites" without "active" = all non-test, non-deleted site records.
--   * crews: crew_id, shift_cd 'DAY', 'EVENING', 'NIGHT'; active_yn = 'N' for disbanded crews
--     ("crews" = active_yn = 'Y'). Crew Echo (15) was set up in October 2026 and has nobody
--     assigned yet.
--   * cleaners: crew_id is the home crew (NULL for floaters who cover any crew); an "active"
--     cleaner has term_dt IS NULL (and deleted_at IS NULL). hourly_rate_cents is the current
--     pay rate. "Headcount" = active cleaners.
--   * svc_schedules: the recurring schedule of a contract (freq_cd, dow_list, start_tm,
--     est_hrs). Visits are generated from it.
--   * visits: one row per scheduled visit, dated by sched_start_ts. status 'COMPLETED',
--     'MISSED' (the crew never showed: a "missed visit" / "no-show"), 'RESCHEDULED' (moved:
--     a new visit row carries resched_from_id = the original's visit_id), 'CANCELLED' (the
--     client cancelled) or 'SCHEDULED' (ahead). clock_in_ts / clock_out_ts are the crew
--     lead's clock at the site (COMPLETED visits only). "Miss rate" / "% missed" = MISSED /
--     (COMPLETED + MISSED) visits: rescheduled, client-cancelled and upcoming visits are not
--     visits due. "On time" = a COMPLETED visit clocked in no more than 15 minutes after
--     sched_start_ts (clock_in_ts <= sched_start_ts + 15 minutes); on-time rate = on-time /
--     COMPLETED visits. "Hours on site" = clock_out_ts - clock_in_ts of a COMPLETED visit.
--     "Days pushed" of a rescheduled visit = days from the original's date to the new visit's.
--   * time_punches: one row per cleaner per visit (their own clock). cleaner_id is NULL for
--     agency temps (billed by the agency: not in labour cost). Paid hours = (punch_out_ts -
--     punch_in_ts) minus break_min (unpaid breaks); "labour hours" = paid hours; "labour cost"
--     = paid hours * the cleaner's hourly_rate_cents, attributed to the visit's crew and site,
--     dated by punch_in_ts. Punches on test visits are training and never count.
--   * inspections: a supervisor's (or client's) scored walk of a site, score 0-100, NULL when
--     the inspection was abandoned (not scored). insp_type 'ROUTINE' (the monthly quality
--     inspection), 'FOLLOW_UP' (re-inspection after a low score) or 'CLIENT_WALK' (with the
--     client, no visit). visit_id is the inspected visit; inspection scores are credited to
--     that visit's crew (inspections without a visit go to no crew). "Pass" = score >= 80.
--     Average score = AVG(score) over scored inspections of every type.
--   * complaints: one row per client complaint, dated by opened_ts; resolved_ts NULL while open.
--     Resolution time = resolved_ts - opened_ts of resolved complaints, in hours (to the minute).
--   * supply_usage: consumables used at a site; spend = SUM(qty * unit_cost_cents), by used_dt.
--   * supply_orders: reorders to vendors. status 'OPEN' (not yet received), 'RECEIVED'
--     (received_dt set) or 'CANCELLED' (received_dt NULL, never coming); value = qty *
--     unit_cost_cents. "Open reorders" = status 'OPEN'.
--   * invoices: one per contract per service month (svc_month = first day of the month
--     served), issued early the next month (inv_dt), due_dt = inv_dt + 30 days. base_amt_cents
--     is the contract's fee (per-visit contracts: completed visits * rate), extra_work_cents the
--     extra work charged on top (one-off deep cleans, floor strips, event clean-ups),
--     credit_cents the credits given back (missed visits, complaints), tax_cents the sales tax.
--     "Revenue" / "billings" = SUM(base_amt_cents + extra_work_cents - credit_cents) (tax
--     excluded) of non-void, non-test invoices, dated by svc_month (never by inv_dt); "gross
--     billings" = base + extra work (before credits). "Extra work" = SUM(extra_work_cents),
--     "credits" = SUM(credit_cents), both by svc_month. Paid: paid_dt set. Days to pay =
--     datediff(paid_dt, inv_dt) of paid invoices, dated by inv_dt. "AR" / "outstanding" = the
--     amount due (base + extra - credit + tax) of unpaid (paid_dt IS NULL) invoices; "past
--     due" = due_dt before today, "N days past due" = due_dt < today - N days.
-- ============================================================================================

CREATE TABLE sites (
    tenant_id      VARCHAR NOT NULL,
    site_id        INTEGER NOT NULL,
    client_nm      VARCHAR NOT NULL,      -- the client company
    site_nm        VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    industry_cd    VARCHAR NOT NULL,      -- 'OFFICE', 'MEDICAL', 'RETAIL', 'SCHOOL', 'INDUSTRIAL'
    sq_ft          INTEGER NOT NULL,      -- cleanable floor area
    onboard_dt     DATE NOT NULL,
    is_test        BOOLEAN NOT NULL,      -- the training / demo site
    deleted_at     TIMESTAMP              -- duplicate record
);

CREATE TABLE contracts (
    tenant_id          VARCHAR NOT NULL,
    contract_id        INTEGER NOT NULL,
    site_id            INTEGER NOT NULL,
    contract_type      VARCHAR NOT NULL,  -- 'FIXED_MONTHLY', 'PER_VISIT', 'DAY_PORTER'
    start_dt           DATE NOT NULL,
    end_dt             DATE,              -- NULL: evergreen
    monthly_fee_cents  BIGINT,            -- FIXED_MONTHLY and DAY_PORTER
    visit_rate_cents   BIGINT,            -- PER_VISIT
    status             VARCHAR NOT NULL,  -- 'PENDING', 'ACTIVE', 'EXPIRED', 'CANCELLED'
    cancel_dt          DATE,              -- notice date of a cancellation
    cancel_reason_cd   VARCHAR            -- 'PRICE', 'QUALITY', 'INSOURCED', 'CLOSED_SITE'
);

CREATE TABLE crews (
    tenant_id      VARCHAR NOT NULL,
    crew_id        INTEGER NOT NULL,
    crew_nm        VARCHAR NOT NULL,
    region         VARCHAR NOT NULL,
    shift_cd       VARCHAR NOT NULL,      -- 'DAY', 'EVENING', 'NIGHT'
    created_dt     DATE NOT NULL,
    active_yn      CHAR(1) NOT NULL       -- 'N': disbanded
);

CREATE TABLE cleaners (
    tenant_id          VARCHAR NOT NULL,
    cleaner_id         INTEGER NOT NULL,
    crew_id            INTEGER,           -- home crew; NULL for floaters
    full_nm            VARCHAR NOT NULL,
    hourly_rate_cents  INTEGER NOT NULL,
    shift_cd           VARCHAR NOT NULL,  -- 'DAY', 'EVENING', 'NIGHT'
    hire_dt            DATE NOT NULL,
    term_dt            DATE,              -- set for leavers
    deleted_at         TIMESTAMP          -- duplicate profile
);

CREATE TABLE svc_schedules (
    tenant_id      VARCHAR NOT NULL,
    sched_id       INTEGER NOT NULL,
    contract_id    INTEGER NOT NULL,
    site_id        INTEGER NOT NULL,
    crew_id        INTEGER NOT NULL,
    freq_cd        VARCHAR NOT NULL,      -- 'WEEKLY', 'MONTHLY'
    dow_list       VARCHAR NOT NULL,      -- e.g. 'MON,WED,FRI'
    start_tm       VARCHAR NOT NULL,      -- 'HH:MM'
    est_hrs        DECIMAL(4,1) NOT NULL,
    eff_from_dt    DATE NOT NULL,
    eff_to_dt      DATE
);

CREATE TABLE visits (
    tenant_id        VARCHAR NOT NULL,
    visit_id         BIGINT NOT NULL,
    sched_id         INTEGER NOT NULL,
    site_id          INTEGER NOT NULL,
    crew_id          INTEGER NOT NULL,
    sched_start_ts   TIMESTAMP NOT NULL,
    status           VARCHAR NOT NULL,    -- 'COMPLETED', 'MISSED', 'RESCHEDULED', 'CANCELLED', 'SCHEDULED'
    resched_from_id  BIGINT,              -- the visit this one replaces
    clock_in_ts      TIMESTAMP,           -- crew lead at the site; COMPLETED only
    clock_out_ts     TIMESTAMP,
    is_test          BOOLEAN NOT NULL
);

CREATE TABLE time_punches (
    tenant_id      VARCHAR NOT NULL,
    punch_id       BIGINT NOT NULL,
    visit_id       BIGINT NOT NULL,
    cleaner_id     INTEGER,               -- NULL: agency temp
    punch_in_ts    TIMESTAMP NOT NULL,
    punch_out_ts   TIMESTAMP NOT NULL,
    break_min      INTEGER NOT NULL       -- unpaid break minutes
);

CREATE TABLE inspections (
    tenant_id      VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    site_id        INTEGER NOT NULL,
    visit_id       BIGINT,                -- the inspected visit; NULL for client walks
    insp_dt        DATE NOT NULL,
    insp_type      VARCHAR NOT NULL,      -- 'ROUTINE', 'FOLLOW_UP', 'CLIENT_WALK'
    inspector_nm   VARCHAR NOT NULL,
    score          DECIMAL(5,1)           -- 0-100; NULL: abandoned
);

CREATE TABLE complaints (
    tenant_id      VARCHAR NOT NULL,
    complaint_id   INTEGER NOT NULL,
    site_id        INTEGER NOT NULL,
    visit_id       BIGINT,                -- the visit complained about, when known
    opened_ts      TIMESTAMP NOT NULL,
    channel_cd     VARCHAR NOT NULL,      -- 'PORTAL', 'EMAIL', 'PHONE'
    category_cd    VARCHAR NOT NULL,      -- 'MISSED_AREA', 'TRASH', 'RESTROOM', 'FLOORS', 'SUPPLIES', 'STAFF'
    severity_cd    VARCHAR NOT NULL,      -- 'LOW', 'MED', 'HIGH'
    resolved_ts    TIMESTAMP              -- NULL while open
);

CREATE TABLE supply_usage (
    tenant_id        VARCHAR NOT NULL,
    usage_id         BIGINT NOT NULL,
    site_id          INTEGER NOT NULL,
    visit_id         BIGINT,
    item_cd          VARCHAR NOT NULL,
    item_cat         VARCHAR NOT NULL,    -- 'CHEMICAL', 'PAPER', 'LINER'
    qty              DECIMAL(8,2) NOT NULL,
    unit_cost_cents  INTEGER NOT NULL,
    used_dt          DATE NOT NULL
);

CREATE TABLE supply_orders (
    tenant_id        VARCHAR NOT NULL,
    po_id            INTEGER NOT NULL,
    item_cd          VARCHAR NOT NULL,
    item_cat         VARCHAR NOT NULL,
    vendor_nm        VARCHAR NOT NULL,
    qty              INTEGER NOT NULL,
    unit_cost_cents  INTEGER NOT NULL,
    order_dt         DATE NOT NULL,
    received_dt      DATE,
    status           VARCHAR NOT NULL     -- 'OPEN', 'RECEIVED', 'CANCELLED'
);

CREATE TABLE invoices (
    tenant_id         VARCHAR NOT NULL,
    invoice_id        BIGINT NOT NULL,
    contract_id       INTEGER NOT NULL,
    site_id           INTEGER NOT NULL,
    svc_month         DATE NOT NULL,      -- first day of the month served
    inv_dt            DATE NOT NULL,
    due_dt            DATE NOT NULL,
    base_amt_cents    BIGINT NOT NULL,
    extra_work_cents  BIGINT NOT NULL,
    credit_cents      BIGINT NOT NULL,
    tax_cents         BIGINT NOT NULL,
    paid_dt           DATE,
    void_flg          CHAR(1) NOT NULL,   -- 'Y': voided (reissued)
    is_test           BOOLEAN NOT NULL
);
