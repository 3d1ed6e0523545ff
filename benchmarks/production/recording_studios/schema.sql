-- ============================================================================================
-- recording_studios: the warehouse of a recording-studio management platform (DuckDB DDL for
-- labelling)
--
-- Company: "Tracklight" sells booking, session, project, mix/master job, gear-rental,
-- invoicing and royalty-split software to recording studios. Every studio group is a tenant of
-- one shared MySQL 8 warehouse, every table keyed by tenant_cd. The deployment here is tenant
-- 'SG-1147', Harbor Lane Sound: Harbor Lane Main (Nashville), Harbor Lane East (Nashville) and
-- Riverside Annex (Memphis, opened on 2026-03-02). Other tenants in the warehouse: 'SG-2210'
-- (Blue Mesa Recording) and 'SG-3051' (Northgate Audio).
--
-- Warehouse: MySQL 8 (CURDATE(), NOW(), DATE_FORMAT, DATE_SUB / DATE_ADD and `d - INTERVAL n
-- MONTH`, LAST_DAY, YEAR() / MONTH() / QUARTER(), DATEDIFF, TIMESTAMPDIFF, IF / IFNULL, CTEs and
-- window functions; no QUALIFY, no FILTER; `/` between integers gives a decimal, as in MySQL).
-- Flags are TINYINT 0/1 (is_test) or CHAR(1) 'Y'/'N' (*_yn, void_flg). Money is in cents
-- (BIGINT / INT): "revenue", "spend", "balance", "deposits", "fees" are reported in dollars
-- (cents / 100). The agent writes dialect `mysql`.
-- Agent: `mixdown-sql`, versions 3.1, 3.2 and 3.3, deployed for tenant 'SG-1147'.
-- Log window: 2026-11-02 to 2026-11-25; the warehouse was loaded up to 2026-11-01 (nothing
-- dated after 2026-10-31, except bookings made ahead (status CONFIRMED), planned maintenance
-- windows, open mix/master jobs' due dates and gear rentals' due-back dates).
-- So "last month" is October 2026, "last quarter" July-September 2026, "ytd" / "this year"
-- 2026 to date, "last year" 2025, "last 6 months" the six whole months May-October 2026, "last
-- 30 / 90 days" the rolling window back from today (start_ts >= CURDATE() - 30 / 90 days),
-- "rn" / "right now" / "currently" the state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_cd = 'SG-1147'` on every table of every query (row policy; ids are
--     unique across the platform);
--   * test rows: `is_test = 0` on clients (front-desk training profiles 'Front Desk Test' and
--     'QA Booking Bot') and bookings (bookings keyed in training mode, on the training profiles
--     and on a few real clients). Training profiles are never invoiced and own no projects;
--   * soft deletes: `deleted_at IS NULL` on clients (duplicate profiles merged into the
--     surviving one: their bookings, projects and invoices were moved, so a deleted client has
--     none), staff (a profile keyed twice, with no sessions or jobs) and projects (projects
--     opened twice by mistake; the duplicate keeps its dates and status but has no tracks or
--     bookings);
--   * voids: `void_flg = 'N'` on invoices (invoices voided and re-issued) and gear_rentals
--     (rentals keyed in error).
--
-- Business conventions of the tenant (what a careful analyst would apply):
--   * bookings: one row per booked room session; dated by start_ts (the session's start).
--     status 'CONFIRMED' (upcoming), 'COMPLETED' (took place), 'CANCELLED' (cancel_ts set) or
--     'NO_SHOW' (the client never came). A "session" is a COMPLETED booking; "bookings" are all
--     rows. engineer_id is the house engineer who ran it (staff), NULL when the client brought
--     their own engineer. sched_hrs is the booked block; ot_hrs the overtime run past the block
--     (0 when none), billed at 1.5 x the hourly rate_cents agreed on the booking. "Billed hours"
--     = SUM(sched_hrs + ot_hrs) of sessions; "session length" = sched_hrs + ot_hrs; "session
--     value" = (sched_hrs + 1.5 * ot_hrs) * rate_cents / 100 dollars; the "effective hourly
--     rate" = session value / billed hours (weighted by hours, not an average of rates).
--     "Overtime sessions" = sessions with ot_hrs > 0.
--   * no-shows = NO_SHOW bookings; no-show rate = NO_SHOW / (COMPLETED + NO_SHOW), as a
--     percentage. Cancellation rate = CANCELLED / all bookings starting in the period, as a
--     percentage. A "late cancellation" is a CANCELLED booking whose cancel_ts is less than
--     48 hours before start_ts. Deposits (deposit_cents) are forfeited on no-shows and late
--     cancellations and refunded on other cancellations; "deposits forfeited" = SUM of those
--     deposits by start_ts.
--   * "active clients" = distinct clients with a session (COMPLETED) in the rolling last 90
--     days. "New clients" = clients by signup_dt. client_type 'ARTIST', 'BAND', 'LABEL' or
--     'PODCAST' (podcasters).
--   * staff: role 'ENGINEER' (session engineers: "engineers"), 'MASTERING' (mastering
--     engineers), 'PRODUCER', 'ASSISTANT'. Current staff = term_dt IS NULL.
--   * projects: project_type 'ALBUM', 'EP', 'SINGLE', 'PODCAST'; status 'ACTIVE', 'ON_HOLD',
--     'DELIVERED' (delivered_dt set) or 'ABANDONED'. Delivered late = delivered_dt > target_dt.
--     producer_id is the house producer (NULL when self-produced).
--   * mix_jobs: one row per mixing ('MIX') or mastering ('MASTER') job on a track; status
--     'IN_PROGRESS', 'DELIVERED' (delivered_dt set) or 'CANCELLED'. Delivered jobs are dated by
--     delivered_dt. On time = delivered_dt <= due_dt; on-time rate = on-time / delivered jobs,
--     as a percentage. Turnaround = DATEDIFF(delivered_dt, opened_dt) days. revision_rounds
--     counts the client's revision rounds (2 are included in fee_cents).
--   * gear_rentals: gear_cat 'MIC', 'PREAMP', 'SYNTH', 'AMP', 'DRUMS', 'OUTBOARD'; rental
--     revenue = SUM(fee_cents) by out_dt (damage_cents, damage charges, apart). Overdue rn =
--     not returned (returned_dt IS NULL) and due_back_dt before today.
--   * invoices: one row per invoice; subtotal_cents is before tax, total_cents = subtotal +
--     tax. "Revenue" = SUM(subtotal_cents) / 100 of non-void invoices by inv_dt (written-off
--     ones included: they were billed); a client's "spend" is the same by client. status
--     'OPEN', 'PARTIAL', 'PAID' or 'WRITTEN_OFF'; paid_cents is what was paid so far; paid_dt
--     is the day it was paid in full (NULL unless PAID). Outstanding balance = SUM(total_cents
--     - paid_cents) of OPEN and PARTIAL invoices. Days to pay = DATEDIFF(paid_dt, inv_dt).
--   * royalty_splits: one row per payee per track; split_pct is the payee's percentage (a
--     track's split sheet adds up to 100); payee_role 'ARTIST', 'PRODUCER', 'WRITER',
--     'FEATURED', 'ENGINEER'; staff_id is set when the payee is one of the tenant's staff.
--   * maint_downtime: one row per room out of service; downtime hours = TIMESTAMPDIFF(MINUTE,
--     start_ts, end_ts) / 60 by start_ts; planned_yn 'Y' for scheduled windows (some are
--     planned ahead, after the load date), 'N' for breakdowns.
-- ============================================================================================

CREATE TABLE studios (
    tenant_cd       VARCHAR NOT NULL,
    studio_id       INTEGER NOT NULL,      -- unique across the platform
    studio_nm       VARCHAR NOT NULL,
    city            VARCHAR NOT NULL,
    opened_dt       DATE NOT NULL
);

CREATE TABLE rooms (
    tenant_cd       VARCHAR NOT NULL,
    room_id         INTEGER NOT NULL,
    studio_id       INTEGER NOT NULL,
    room_nm         VARCHAR NOT NULL,
    room_type       VARCHAR NOT NULL,      -- 'TRACKING', 'MIX', 'VOCAL', 'MASTERING', 'PODCAST'
    std_rate_cents  INTEGER NOT NULL,      -- list price per hour
    active_yn       CHAR(1) NOT NULL       -- 'N' for retired rooms
);

CREATE TABLE staff (
    tenant_cd       VARCHAR NOT NULL,
    staff_id        INTEGER NOT NULL,
    home_studio_id  INTEGER NOT NULL,
    staff_nm        VARCHAR NOT NULL,
    role            VARCHAR NOT NULL,      -- 'ENGINEER', 'MASTERING', 'PRODUCER', 'ASSISTANT'
    hire_dt         DATE NOT NULL,
    term_dt         DATE,                  -- set for leavers
    deleted_at      TIMESTAMP              -- profile keyed twice
);

CREATE TABLE clients (
    tenant_cd       VARCHAR NOT NULL,
    client_id       INTEGER NOT NULL,
    client_nm       VARCHAR NOT NULL,      -- artist, band, label or show name
    client_type     VARCHAR NOT NULL,      -- 'ARTIST', 'BAND', 'LABEL', 'PODCAST'
    email           VARCHAR,
    city            VARCHAR,
    signup_dt       DATE NOT NULL,
    is_test         TINYINT NOT NULL,      -- 1 = front-desk training profile
    deleted_at      TIMESTAMP              -- merged duplicate
);

CREATE TABLE projects (
    tenant_cd       VARCHAR NOT NULL,
    project_id      INTEGER NOT NULL,
    client_id       INTEGER NOT NULL,
    producer_id     INTEGER,               -- staff_id of the house producer; NULL = self-produced
    project_nm      VARCHAR NOT NULL,
    project_type    VARCHAR NOT NULL,      -- 'ALBUM', 'EP', 'SINGLE', 'PODCAST'
    start_dt        DATE NOT NULL,
    target_dt       DATE NOT NULL,         -- promised delivery date
    delivered_dt    DATE,
    status          VARCHAR NOT NULL,      -- 'ACTIVE', 'ON_HOLD', 'DELIVERED', 'ABANDONED'
    budget_cents    BIGINT,
    deleted_at      TIMESTAMP              -- opened twice by mistake
);

CREATE TABLE tracks (
    tenant_cd       VARCHAR NOT NULL,
    track_id        INTEGER NOT NULL,
    project_id      INTEGER NOT NULL,
    track_no        SMALLINT NOT NULL,
    track_title     VARCHAR NOT NULL,
    duration_sec    INTEGER,               -- NULL until mastered
    explicit_yn     CHAR(1) NOT NULL
);

CREATE TABLE bookings (
    tenant_cd       VARCHAR NOT NULL,
    booking_id      BIGINT NOT NULL,
    room_id         INTEGER NOT NULL,
    client_id       INTEGER NOT NULL,
    project_id      INTEGER,               -- NULL for sessions not tied to a project
    engineer_id     INTEGER,               -- staff_id; NULL = client brought their own engineer
    booked_ts       TIMESTAMP NOT NULL,    -- when the booking was made
    start_ts        TIMESTAMP NOT NULL,    -- the session's start
    sched_hrs       DECIMAL(4,1) NOT NULL, -- booked block
    ot_hrs          DECIMAL(4,1) NOT NULL, -- overtime past the block, 0 when none
    rate_cents      INTEGER NOT NULL,      -- hourly rate agreed on the booking
    deposit_cents   INTEGER NOT NULL,
    status          VARCHAR NOT NULL,      -- 'CONFIRMED', 'COMPLETED', 'CANCELLED', 'NO_SHOW'
    cancel_ts       TIMESTAMP,
    is_test         TINYINT NOT NULL       -- 1 = keyed in training mode
);

CREATE TABLE mix_jobs (
    tenant_cd       VARCHAR NOT NULL,
    job_id          INTEGER NOT NULL,
    track_id        INTEGER NOT NULL,
    job_type        VARCHAR NOT NULL,      -- 'MIX', 'MASTER'
    engineer_id     INTEGER NOT NULL,      -- staff_id
    opened_dt       DATE NOT NULL,
    due_dt          DATE NOT NULL,
    delivered_dt    DATE,
    revision_rounds SMALLINT NOT NULL,
    fee_cents       INTEGER NOT NULL,
    status          VARCHAR NOT NULL       -- 'IN_PROGRESS', 'DELIVERED', 'CANCELLED'
);

CREATE TABLE gear_rentals (
    tenant_cd       VARCHAR NOT NULL,
    rental_id       INTEGER NOT NULL,
    client_id       INTEGER NOT NULL,
    booking_id      BIGINT,                -- NULL for take-away rentals
    item_nm         VARCHAR NOT NULL,
    gear_cat        VARCHAR NOT NULL,      -- 'MIC', 'PREAMP', 'SYNTH', 'AMP', 'DRUMS', 'OUTBOARD'
    out_dt          DATE NOT NULL,
    due_back_dt     DATE NOT NULL,
    returned_dt     DATE,
    fee_cents       INTEGER NOT NULL,
    damage_cents    INTEGER NOT NULL,
    void_flg        CHAR(1) NOT NULL       -- 'Y' = keyed in error
);

CREATE TABLE invoices (
    tenant_cd       VARCHAR NOT NULL,
    invoice_id      INTEGER NOT NULL,
    client_id       INTEGER NOT NULL,
    studio_id       INTEGER NOT NULL,
    inv_dt          DATE NOT NULL,
    due_dt          DATE NOT NULL,
    subtotal_cents  BIGINT NOT NULL,       -- before tax
    tax_cents       BIGINT NOT NULL,
    total_cents     BIGINT NOT NULL,       -- subtotal + tax
    paid_cents      BIGINT NOT NULL,
    paid_dt         DATE,                  -- paid in full on; NULL unless PAID
    status          VARCHAR NOT NULL,      -- 'OPEN', 'PARTIAL', 'PAID', 'WRITTEN_OFF'
    void_flg        CHAR(1) NOT NULL       -- 'Y' = voided and re-issued
);

CREATE TABLE royalty_splits (
    tenant_cd       VARCHAR NOT NULL,
    split_id        INTEGER NOT NULL,
    track_id        INTEGER NOT NULL,
    payee_nm        VARCHAR NOT NULL,
    payee_role      VARCHAR NOT NULL,      -- 'ARTIST', 'PRODUCER', 'WRITER', 'FEATURED', 'ENGINEER'
    staff_id        INTEGER,               -- set when the payee is the tenant's staff
    split_pct       DECIMAL(5,2) NOT NULL
);

CREATE TABLE maint_downtime (
    tenant_cd       VARCHAR NOT NULL,
    downtime_id     INTEGER NOT NULL,
    room_id         INTEGER NOT NULL,
    start_ts        TIMESTAMP NOT NULL,
    end_ts          TIMESTAMP NOT NULL,
    reason_cd       VARCHAR NOT NULL,      -- 'REPAIR', 'UPGRADE', 'ACOUSTIC', 'CALIBRATION'
    planned_yn      CHAR(1) NOT NULL,
    cost_cents      INTEGER NOT NULL
);
