-- ============================================================================================
-- dog_boarding: the warehouse of a pet-boarding platform (DuckDB DDL for labelling)
--
-- Company: "KennelCloud" sells booking, front-desk, kennel-care and billing software to dog and
-- cat boarding operators. Every operator is a tenant of one shared Amazon Redshift warehouse,
-- every table keyed by op_id. The deployment here is operator 'OP-1142', Barkley & Co. Pet
-- Resorts, with Eastside Pet Resort (EPR), Lakeshore Kennels (LSK), Northgate Dog Lodge (NDL),
-- Riverbend Paws (RBP, opened on 2026-08-01) and Old Mill Kennels (OMK), closed at the end of
-- 2025 and soft-deleted with its 2025 history kept. Other tenants in the warehouse: 'OP-0877'
-- (Happy Hound Hotels) and 'OP-2090' (Whisker Inn). Ids are unique across the platform.
--
-- Warehouse: Amazon Redshift (DATE_TRUNC, DATEADD(month, n, d), DATEDIFF(day, a, b), GETDATE(),
-- CURRENT_DATE, INTERVAL literals, DATE_PART(dow, d) with 0 = Sunday, NVL, DECODE, QUALIFY,
-- :: casts; no FILTER clause, no COUNT_IF). `/` between integers is integer division, and AVG
-- over an integer column or expression returns an integer (truncated), as in Redshift.
-- Flags are CHAR(1) 'Y'/'N' except invoices.void_flg (SMALLINT 0/1). Money is in cents
-- (INTEGER); reports show dollars (cents / 100.0).
-- Agent: `paws-bi`, versions 1.7, 1.8 and 1.9, deployed for operator 'OP-1142'.
-- Log window: 2026-11-02 to 2026-11-24. The warehouse is loaded up to 2026-10-31 (nothing
-- happened after it, except reservations booked ahead (status BOOKED, most for the holidays),
-- stays still in house at the last load (CHECKED_IN), and vaccination expiry dates).
-- So "last month" is October 2026, "this quarter" Q4 2026 to date, "last quarter" July-
-- September 2026 (Q3), "ytd" / "this year" 2026 to date, "last year" 2025 (the whole year),
-- "same time last year" 2025-01-01 to the same day of 2025, "last 6 months" the six whole months
-- May-October 2026, "next 30 days" today to today + 30 days inclusive, "rn" / "right now" the
-- state at the last load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `op_id = 'OP-1142'` on every table of every query (row policy);
--   * test rows: `test_flg = 'N'` on owners (front-desk training profiles 'Front Desk Test' and
--     'Training Account'), reservations and daycare_visits (bookings keyed by staff in
--     training; a training stay is "in house" right now). Training invoices are voided at close
--     of day, so invoices carry no test flag (void_flg = 1 covers them);
--   * voids: `void_flg = 0` on invoices (training invoices and invoices re-issued after a
--     correction);
--   * soft deletes: `deleted_at IS NULL` on facilities (the closed Old Mill Kennels, no rows
--     dated after 2025), owners (merged duplicate profiles whose pets and stays were moved to
--     the surviving profile) and pets (pet records keyed twice; the duplicate carries nothing).
--     These guards matter where that table is the population counted or listed ("which
--     facilities ...", "each facility", "how many clients ...", "which dogs ...").
--
-- Business conventions of the operator (what a careful analyst would apply):
--   * reservations: one row per pet per boarding stay. status_cd 'BOOKED' (upcoming), 'CHECKED_IN'
--     (in house now), 'COMPLETED' (checked out), 'CANCELLED' (cancelled_ts set) or 'NO_SHOW'
--     (never arrived, not cancelled). A "stay" / "boarding" = a reservation whose pet arrived:
--     status COMPLETED or CHECKED_IN, dated by checkin_dt. "Boarding nights" = SUM(nights) of
--     stays. Pets "in house" / "checked in rn" = CHECKED_IN reservations. unit_id is NULL on
--     BOOKED reservations not yet assigned to a run or suite.
--   * no-show rate = NO_SHOW / reservations due to arrive (status COMPLETED, CHECKED_IN or
--     NO_SHOW; cancellations and upcoming bookings left out), by checkin_dt, as a percentage.
--   * check-out time is noon: a stay is picked up "on time" when actual_out_ts <= checkout_dt
--     12:00; later is a "late pickup" (same day after noon included). Late-pickup rate = late /
--     COMPLETED stays, by checkout_dt, as a percentage.
--   * nightly_rate_cents is the rate charged per night (unit base rate with holiday surcharges
--     and multi-pet discounts). "Average nightly rate" = AVG(nightly_rate_cents) / 100.0 over
--     stays. Lead time = days from booked_ts to checkin_dt.
--   * deposits: deposit_cents is taken at booking (0 with deposit_status 'NONE'); deposit_status
--     'HELD' (upcoming), 'APPLIED' (used on the invoice), 'REFUNDED' (cancelled 48 h or more
--     ahead) or 'FORFEITED' (late cancellations and no-shows). Forfeited deposits = SUM of
--     deposit_cents with deposit_status 'FORFEITED', dated by checkin_dt. They are not revenue.
--   * revenue = SUM(subtotal_cents) / 100.0 of invoices with void_flg = 0, dated by inv_dt:
--     before tax (tax_cents is the state's); boarding invoices (dated at check-out, add-ons
--     included), daycare day passes, daycare packages (dated at purchase) all count. Open
--     balance = SUM(total_cents - paid_cents) of non-void invoices with status_cd 'OPEN' or
--     'PARTIAL'.
--   * add-ons: addon_services is one row per service line on a stay; add-on revenue =
--     SUM(qty * unit_price_cents) / 100.0 of status_cd 'DONE' lines, dated by svc_dt.
--   * daycare: one daycare_visits row per dog per day; status_cd 'ATTENDED', 'NO_SHOW' or
--     'CANCELLED'. "Daycare visits" = ATTENDED rows, dated by visit_dt. pass_type 'DAY_PASS'
--     (paid on the day) or 'PACKAGE' (drawn from a pre-paid package, pkg_inv_id set).
--   * clients: owners. "Active clients" = owners with a stay or a daycare visit in the last 90
--     days. A client's first stay is their earliest stay (arrived) ever; "repeat client" in a
--     period = a client with a stay in the period and a stay before it.
--   * vaccinations: one row per shot; verified_flg = 'Y' once the vet record is on file (owner-
--     reported shots are 'N' and do not count). A pet is covered for a vaccine on a day when a
--     verified shot of it has expires_dt >= that day; boarding requires RABIES covered on the
--     check-in day. Boosters add a new row; the old row keeps its expiry, so a vaccine
--     "expiring" for a pet means its latest expiry of that vaccine falls in the window.
--   * care_logs (recorded since the kennel-app rollout on 2026-09-01): log_type 'FEED' (eaten_pct
--     set) or 'MED' (med_nm and given_flg set: 'N' is a missed dose). staff_id NULL when a
--     volunteer logged it.
--   * incidents: one row per incident at a facility, inc_type 'INJURY', 'ILLNESS', 'DOG_FIGHT',
--     'ESCAPE' or 'FACILITY' (building problems: pet_id and resv_id NULL); daycare incidents have
--     pet_id but no resv_id. "Incidents" count every type, dated by inc_ts, by the facility where
--     they happened. Incidents per 100 stays = incidents / stays * 100 of the same facility and
--     period.
--   * staff_shifts: one row per scheduled shift (the roster export, since 2026-09-01); status_cd
--     'WORKED', 'NO_SHOW' or 'CALLED_OUT'. Hours worked = SUM(worked_hrs) of WORKED shifts
--     (sched_hrs is the rota); labor cost = SUM(worked_hrs * hourly_rate_cents) / 100.0 of WORKED
--     shifts, by the shift's facility.
-- ============================================================================================

CREATE TABLE facilities (
    op_id          VARCHAR NOT NULL,
    fac_id         INTEGER NOT NULL,       -- unique across the platform
    fac_cd         VARCHAR NOT NULL,       -- e.g. 'EPR'
    fac_nm         VARCHAR NOT NULL,
    city_nm        VARCHAR NOT NULL,
    state_cd       CHAR(2) NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP               -- closed and soft-deleted
);

CREATE TABLE units (
    op_id           VARCHAR NOT NULL,
    unit_id         INTEGER NOT NULL,
    fac_id          INTEGER NOT NULL,
    unit_cd         VARCHAR NOT NULL,      -- e.g. 'R-04', 'S-02', 'C-01'
    unit_type       VARCHAR NOT NULL,      -- 'RUN', 'SUITE', 'CAT_CONDO'
    size_cd         CHAR(1) NOT NULL,      -- 'S', 'M', 'L'
    base_rate_cents INTEGER NOT NULL,
    active_flg      CHAR(1) NOT NULL       -- 'N': out of service
);

CREATE TABLE owners (
    op_id          VARCHAR NOT NULL,
    owner_id       INTEGER NOT NULL,
    owner_nm       VARCHAR NOT NULL,
    email          VARCHAR,                -- NULL when not given
    phone          VARCHAR,
    home_fac_id    INTEGER,                -- NULL when never chosen
    created_dt     DATE NOT NULL,          -- profile created
    test_flg       CHAR(1) NOT NULL,       -- 'Y': front-desk training profile
    deleted_at     TIMESTAMP               -- merged duplicate
);

CREATE TABLE pets (
    op_id          VARCHAR NOT NULL,
    pet_id         INTEGER NOT NULL,
    owner_id       INTEGER NOT NULL,
    pet_nm         VARCHAR NOT NULL,
    species_cd     VARCHAR NOT NULL,       -- 'DOG', 'CAT'
    breed_nm       VARCHAR,
    wt_lbs         DECIMAL(5,1),
    birth_dt       DATE,                   -- NULL when unknown
    deleted_at     TIMESTAMP               -- record keyed twice
);

CREATE TABLE vaccinations (
    op_id          VARCHAR NOT NULL,
    vacc_id        INTEGER NOT NULL,
    pet_id         INTEGER NOT NULL,
    vacc_cd        VARCHAR NOT NULL,       -- 'RABIES', 'DHPP', 'BORDETELLA' (dogs), 'FVRCP' (cats)
    given_dt       DATE NOT NULL,
    expires_dt     DATE NOT NULL,
    verified_flg   CHAR(1) NOT NULL        -- 'Y': vet record on file; 'N': owner-reported
);

CREATE TABLE reservations (
    op_id              VARCHAR NOT NULL,
    resv_id            INTEGER NOT NULL,
    owner_id           INTEGER NOT NULL,
    pet_id             INTEGER NOT NULL,
    fac_id             INTEGER NOT NULL,
    unit_id            INTEGER,            -- NULL: booked, not yet assigned
    booked_ts          TIMESTAMP NOT NULL,
    checkin_dt         DATE NOT NULL,      -- planned arrival
    checkout_dt        DATE NOT NULL,      -- planned departure (noon)
    nights             INTEGER NOT NULL,   -- checkout_dt - checkin_dt
    actual_in_ts       TIMESTAMP,
    actual_out_ts      TIMESTAMP,
    status_cd          VARCHAR NOT NULL,   -- 'BOOKED', 'CHECKED_IN', 'COMPLETED', 'CANCELLED', 'NO_SHOW'
    cancelled_ts       TIMESTAMP,
    nightly_rate_cents INTEGER NOT NULL,
    deposit_cents      INTEGER NOT NULL,
    deposit_status     VARCHAR NOT NULL,   -- 'NONE', 'HELD', 'APPLIED', 'REFUNDED', 'FORFEITED'
    test_flg           CHAR(1) NOT NULL
);

CREATE TABLE daycare_visits (
    op_id          VARCHAR NOT NULL,
    visit_id       INTEGER NOT NULL,
    pet_id         INTEGER NOT NULL,
    owner_id       INTEGER NOT NULL,
    fac_id         INTEGER NOT NULL,
    visit_dt       DATE NOT NULL,
    pass_type      VARCHAR NOT NULL,       -- 'DAY_PASS', 'PACKAGE'
    pkg_inv_id     INTEGER,                -- the package's invoice when pass_type = 'PACKAGE'
    in_ts          TIMESTAMP,
    out_ts         TIMESTAMP,
    status_cd      VARCHAR NOT NULL,       -- 'ATTENDED', 'NO_SHOW', 'CANCELLED'
    test_flg       CHAR(1) NOT NULL
);

CREATE TABLE addon_services (
    op_id            VARCHAR NOT NULL,
    addon_id         INTEGER NOT NULL,
    resv_id          INTEGER NOT NULL,
    pet_id           INTEGER NOT NULL,
    svc_cd           VARCHAR NOT NULL,     -- 'BATH', 'NAIL_TRIM', 'WALK', 'PLAY_SESSION', 'TRAINING'
    svc_dt           DATE NOT NULL,
    qty              SMALLINT NOT NULL,
    unit_price_cents INTEGER NOT NULL,
    status_cd        VARCHAR NOT NULL      -- 'DONE', 'CANCELLED'
);

CREATE TABLE care_logs (
    op_id          VARCHAR NOT NULL,
    log_id         BIGINT NOT NULL,
    resv_id        INTEGER NOT NULL,
    pet_id         INTEGER NOT NULL,
    fac_id         INTEGER NOT NULL,
    log_ts         TIMESTAMP NOT NULL,
    log_type       VARCHAR NOT NULL,       -- 'FEED', 'MED'
    eaten_pct      SMALLINT,               -- FEED: 0, 25, 50, 75, 100
    med_nm         VARCHAR,                -- MED only
    given_flg      CHAR(1),                -- MED only: 'Y' given, 'N' missed dose
    staff_id       INTEGER                 -- NULL when a volunteer logged it
);

CREATE TABLE incidents (
    op_id              VARCHAR NOT NULL,
    inc_id             INTEGER NOT NULL,
    fac_id             INTEGER NOT NULL,
    pet_id             INTEGER,            -- NULL for FACILITY incidents
    resv_id            INTEGER,            -- NULL for FACILITY and daycare incidents
    inc_ts             TIMESTAMP NOT NULL,
    inc_type           VARCHAR NOT NULL,   -- 'INJURY', 'ILLNESS', 'DOG_FIGHT', 'ESCAPE', 'FACILITY'
    severity_cd        VARCHAR NOT NULL,   -- 'LOW', 'MED', 'HIGH'
    vet_flg            CHAR(1) NOT NULL,   -- 'Y': taken to a vet
    owner_notified_ts  TIMESTAMP
);

CREATE TABLE staff_shifts (
    op_id             VARCHAR NOT NULL,
    shift_id          BIGINT NOT NULL,
    staff_id          INTEGER NOT NULL,
    staff_nm          VARCHAR NOT NULL,
    role_cd           VARCHAR NOT NULL,    -- 'ATTENDANT', 'GROOMER', 'FRONT_DESK', 'MANAGER'
    fac_id            INTEGER NOT NULL,    -- where the shift was worked
    shift_dt          DATE NOT NULL,
    sched_hrs         DECIMAL(4,2) NOT NULL,
    worked_hrs        DECIMAL(4,2) NOT NULL, -- 0 on NO_SHOW and CALLED_OUT shifts
    hourly_rate_cents INTEGER NOT NULL,
    status_cd         VARCHAR NOT NULL     -- 'WORKED', 'NO_SHOW', 'CALLED_OUT'
);

CREATE TABLE invoices (
    op_id                 VARCHAR NOT NULL,
    inv_id                INTEGER NOT NULL,
    owner_id              INTEGER NOT NULL,
    fac_id                INTEGER NOT NULL,
    resv_id               INTEGER,          -- set on BOARDING invoices
    inv_dt                DATE NOT NULL,
    inv_type              VARCHAR NOT NULL, -- 'BOARDING', 'DAYCARE', 'PACKAGE'
    subtotal_cents        INTEGER NOT NULL, -- before tax
    tax_cents             INTEGER NOT NULL,
    total_cents           INTEGER NOT NULL, -- subtotal + tax
    deposit_applied_cents INTEGER NOT NULL,
    paid_cents            INTEGER NOT NULL,
    status_cd             VARCHAR NOT NULL, -- 'OPEN', 'PARTIAL', 'PAID'
    void_flg              SMALLINT NOT NULL -- 1: voided
);
