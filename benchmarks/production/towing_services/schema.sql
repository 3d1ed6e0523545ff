-- ============================================================================================
-- towing_services: the warehouse of a towing and roadside-assistance platform (DuckDB DDL for
-- labelling)
--
-- Company: "HookLine" sells dispatch, driver-app, impound-lot and billing software to towing
-- companies. Every towing company is a tenant of one shared DuckDB warehouse (MotherDuck), all
-- tables keyed by tenant_id. The deployment here is tenant 'TW-0508', Ridgeline Towing &
-- Recovery, with four depots (North Yard, Eastside, Harbor, Airport Road) and the Old Mill depot,
-- closed at the end of June 2025 and soft-deleted with its history kept. Other tenants in the
-- warehouse: 'TW-0112' (Summit Auto Recovery) and 'TW-0733' (Bayline Roadside); some of their
-- motor-club accounts carry the same names as Ridgeline's (each tenant has its own account ids).
--
-- Warehouse: DuckDB (date_trunc, INTERVAL 1 MONTH, date_diff('minute', a, b), strftime,
-- current_date, COUNT(*) FILTER (WHERE ..), count_if, QUALIFY, `::DATE`; `/` between integers
-- is a DOUBLE division). Amounts are BIGINT cents. Flags: is_test BOOLEAN, void_flg 'Y'/'N',
-- active_yn 'Y'/'N'. The agent writes dialect `duckdb`.
-- Agent: `hook-sql`, versions 5.1, 5.2 and 5.3, deployed for tenant 'TW-0508'.
-- Log window: 2026-11-02 to 2026-11-26; the warehouse is loaded nightly and holds everything up
-- to 2026-11-01 23:59 (nothing dated after it). So "last month" is October 2026, "this year" /
-- "ytd" 2026 to date, "last quarter" / "q3" July-September 2026, "same month last year" October
-- 2025, "rn" / "right now" the state at the last load; "next 30 days" runs from today to today
-- + 30 days inclusive and "older than 60 days" / "over 30 days" count back from today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `tenant_id = 'TW-0508'` on every table of every query (row policy; ids are unique
--     across the platform, so a join on the id alone does not cross tenants, but account and
--     depot names do repeat across tenants);
--   * test rows: `is_test = false` on calls (dispatcher training calls keyed by the 'Dispatch
--     Trainer' profile and a club onboarding test call; test calls are never invoiced nor
--     impounded) and drivers (the 'Dispatch Trainer' profile);
--   * voids: `void_flg = 'N'` on invoices (an invoice voided and re-issued keeps its void copy);
--   * soft deletes: `deleted_at IS NULL` on depots (Old Mill, no calls after June 2025), trucks
--     (a unit keyed twice, never dispatched) and drivers (a profile keyed twice, no calls).
--
-- Business conventions of the tenant (what a careful analyst would apply):
--   * calls: one row per dispatch call, dated by call_ts, the call's depot is calls.depot_id
--     (trucks and drivers cover other depots: a truck's own depot is trucks.depot_id).
--     src_cd 'MOTOR_CLUB' (acct_id = the club), 'POLICE' (police rotation; acct_id = the
--     agency) or 'PRIVATE' (cash / card customers, acct_id NULL). call_type 'TOW', 'JUMP'
--     (jump start), 'LOCKOUT', 'TIRE' (tire change) or 'WINCH' (winch-out). status_cd
--     'COMPLETED', 'GOA' (gone on arrival: the truck arrived, the vehicle or customer was gone)
--     or 'CANCELLED' (called off before arrival; truck_id, driver_id and disp_ts are NULL when
--     it was cancelled before dispatch). "Calls" = every non-test call whatever its status;
--     "jobs" / "completed calls" = COMPLETED; "tows" = COMPLETED calls of type TOW; "heavy tows"
--     = tows done by a HEAVY truck (the class of the truck assigned).
--   * arrivals: calls with arr_ts set (COMPLETED and GOA). Response time = minutes from call_ts
--     to arr_ts (not from dispatch). eta_min is the ETA promised to the caller; a call is on
--     time when arr_ts <= call_ts + eta_min minutes; on-time rate = on-time arrivals / arrivals,
--     as a percentage.
--   * GOA rate = GOA / (COMPLETED + GOA) calls, as a percentage (cancelled calls never arrived);
--     cancellation rate = CANCELLED / all calls, as a percentage (GOA is not a cancellation).
--   * tow_mi: loaded miles of a completed tow (NULL for other call types and for GOA).
--   * invoices: one per completed call, plus a GOA fee invoice for motor-club GOA calls; a
--     voided invoice is re-issued under a new inv_id for the same call. Dated by inv_dt.
--     hook_cents (hook-up / service fee), mile_cents (mileage), extra_cents (after-hours,
--     winching labour, dollies), tax_cents (sales tax, charged to private customers only),
--     total_cents = hook + mile + extra + tax = the invoice amount / invoice total.
--     Revenue = SUM(hook_cents + mile_cents + extra_cents) / 100 (dollars, tax excluded) of
--     non-void invoices by inv_dt; an invoice's depot and call type are its call's.
--     acct_id on an invoice is the club billed (NULL for police-rotation and private jobs, paid
--     by the owner). paid_cents is what has been collected; pay_status 'OPEN' (nothing paid),
--     'PARTIAL' or 'PAID'. AR / outstanding = SUM(total_cents - paid_cents) of OPEN and PARTIAL
--     non-void invoices; "older than 60 days" = inv_dt < today - 60 days.
--   * club_settlements: one row per motor club and month (stl_period = first day of the month
--     of the invoices claimed). claimed_cents = what was billed to the club for the month,
--     paid_cents = what the club paid. stl_status 'PAID' (settled), 'PENDING' (not paid yet,
--     paid_cents 0) or 'DISPUTED' (part paid, rest under dispute). Short pay = claimed - paid of
--     PAID settlements only. "Settled" / "received" from clubs = SUM(paid_cents) by stl_period;
--     "billed" to a club = SUM(total_cents) of its non-void invoices by inv_dt.
--   * impounds: one row per vehicle stored on a lot after a tow; stored_ts when it entered the
--     lot. hold_type 'POLICE_HOLD', 'ACCIDENT', 'PRIVATE_PROPERTY' or 'REPO' (a police rotation
--     tow is not always a police hold). A vehicle is "on the lot" / "in storage" while
--     released_ts IS NULL. rel_type 'OWNER' or 'INSURER' = a release (picked up), 'AUCTION' =
--     disposed of at auction (released_ts = the sale day); "releases" are OWNER and INSURER
--     only. storage_cents = the storage fees collected at a release (NULL for auctioned
--     vehicles: fees come out of the sale). Days on lot = date_diff('day', stored_ts::DATE,
--     released_ts::DATE); "unclaimed" = still on the lot, stored more than 30 days ago
--     (stored_ts < today - 30 days).
--   * lots: impound lots, daily_rate_cents the daily storage fee; a lot belongs to a depot.
--   * auctions: one row per auction attempt of an impounded vehicle; auc_status 'SOLD' or
--     'NO_SALE' (sale_cents NULL, the vehicle goes to a later auction). Auction proceeds =
--     SUM(sale_cents) / 100 of SOLD auctions by auction_dt. A lot's auctions are those of the
--     vehicles stored on it.
--   * trucks: truck_cls 'LIGHT', 'MEDIUM', 'HEAVY', 'FLATBED'; "active trucks" = retired_dt IS
--     NULL (and not deleted). Drivers: "active drivers" = term_dt IS NULL (not test, not
--     deleted). driver_certs: one row per certification (cert_cd 'WM_L2' / 'WM_L4' WreckMaster
--     levels, 'CDL_A', 'CDL_B', 'TIM' traffic incident management, 'HAZMAT'); exp_dt its expiry.
--   * accounts: motor clubs ('MOTOR_CLUB') and police agencies ('POLICE') of the tenant.
--   * averages "per day" over a period count every day of it (a day without a call is 0 calls:
--     October's calls / 31), not only the days that had calls.
--   * money answers are shown in dollars (cents / 100).
-- ============================================================================================

CREATE TABLE depots (
    tenant_id      VARCHAR NOT NULL,
    depot_id       INTEGER NOT NULL,      -- unique across the platform
    depot_cd       VARCHAR NOT NULL,      -- e.g. 'NTH'
    depot_nm       VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE trucks (
    tenant_id      VARCHAR NOT NULL,
    truck_id       INTEGER NOT NULL,
    depot_id       INTEGER NOT NULL,      -- the truck's home depot
    unit_no        VARCHAR NOT NULL,      -- e.g. 'R-05'
    truck_cls      VARCHAR NOT NULL,      -- 'LIGHT', 'MEDIUM', 'HEAVY', 'FLATBED'
    make_model     VARCHAR NOT NULL,
    model_yr       SMALLINT NOT NULL,
    in_svc_dt      DATE NOT NULL,
    retired_dt     DATE,                  -- NULL while in service
    deleted_at     TIMESTAMP              -- unit keyed twice
);

CREATE TABLE drivers (
    tenant_id      VARCHAR NOT NULL,
    driver_id      INTEGER NOT NULL,
    home_depot_id  INTEGER NOT NULL,
    drv_nm         VARCHAR NOT NULL,
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- NULL while employed
    is_test        BOOLEAN NOT NULL,      -- 'Dispatch Trainer' profile
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE driver_certs (
    tenant_id      VARCHAR NOT NULL,
    cert_id        INTEGER NOT NULL,
    driver_id      INTEGER NOT NULL,
    cert_cd        VARCHAR NOT NULL,      -- 'WM_L2', 'WM_L4', 'CDL_A', 'CDL_B', 'TIM', 'HAZMAT'
    issued_dt      DATE NOT NULL,
    exp_dt         DATE NOT NULL
);

CREATE TABLE accounts (
    tenant_id      VARCHAR NOT NULL,
    acct_id        INTEGER NOT NULL,
    acct_nm        VARCHAR NOT NULL,
    acct_type      VARCHAR NOT NULL,      -- 'MOTOR_CLUB', 'POLICE'
    onboard_dt     DATE NOT NULL,
    active_yn      VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE calls (
    tenant_id      VARCHAR NOT NULL,
    call_id        BIGINT NOT NULL,
    call_ts        TIMESTAMP NOT NULL,    -- call received
    depot_id       INTEGER NOT NULL,      -- the depot that took the call
    src_cd         VARCHAR NOT NULL,      -- 'MOTOR_CLUB', 'POLICE', 'PRIVATE'
    acct_id        INTEGER,               -- the club or agency; NULL for private callers
    call_type      VARCHAR NOT NULL,      -- 'TOW', 'JUMP', 'LOCKOUT', 'TIRE', 'WINCH'
    truck_id       INTEGER,               -- NULL when cancelled before dispatch
    driver_id      INTEGER,               -- NULL when cancelled before dispatch
    eta_min        SMALLINT NOT NULL,     -- ETA promised to the caller, minutes
    disp_ts        TIMESTAMP,             -- truck dispatched
    arr_ts         TIMESTAMP,             -- truck on scene (COMPLETED and GOA)
    clr_ts         TIMESTAMP,             -- call cleared
    status_cd      VARCHAR NOT NULL,      -- 'COMPLETED', 'GOA', 'CANCELLED'
    tow_mi         DECIMAL(6,1),          -- loaded miles of a completed tow
    is_test        BOOLEAN NOT NULL
);

CREATE TABLE invoices (
    tenant_id      VARCHAR NOT NULL,
    inv_id         BIGINT NOT NULL,
    call_id        BIGINT NOT NULL,
    acct_id        INTEGER,               -- club billed; NULL when the owner / customer pays
    inv_dt         DATE NOT NULL,
    hook_cents     BIGINT NOT NULL,
    mile_cents     BIGINT NOT NULL,
    extra_cents    BIGINT NOT NULL,
    tax_cents      BIGINT NOT NULL,
    total_cents    BIGINT NOT NULL,       -- hook + mile + extra + tax
    paid_cents     BIGINT NOT NULL,
    pay_status     VARCHAR NOT NULL,      -- 'OPEN', 'PARTIAL', 'PAID'
    void_flg       VARCHAR NOT NULL       -- 'Y' voided (re-issued under a new inv_id), 'N'
);

CREATE TABLE club_settlements (
    tenant_id      VARCHAR NOT NULL,
    stl_id         INTEGER NOT NULL,
    acct_id        INTEGER NOT NULL,      -- the motor club
    stl_period     DATE NOT NULL,         -- first day of the month claimed
    claimed_cents  BIGINT NOT NULL,
    paid_cents     BIGINT NOT NULL,
    paid_dt        DATE,                  -- NULL while PENDING
    stl_status     VARCHAR NOT NULL       -- 'PAID', 'PENDING', 'DISPUTED'
);

CREATE TABLE lots (
    tenant_id        VARCHAR NOT NULL,
    lot_id           INTEGER NOT NULL,
    depot_id         INTEGER NOT NULL,
    lot_nm           VARCHAR NOT NULL,
    capacity         SMALLINT NOT NULL,
    daily_rate_cents INTEGER NOT NULL
);

CREATE TABLE impounds (
    tenant_id      VARCHAR NOT NULL,
    imp_id         INTEGER NOT NULL,
    call_id        BIGINT NOT NULL,       -- the tow that brought it in
    lot_id         INTEGER NOT NULL,
    plate          VARCHAR,               -- NULL when no plate on the vehicle
    veh_make       VARCHAR NOT NULL,
    hold_type      VARCHAR NOT NULL,      -- 'POLICE_HOLD', 'ACCIDENT', 'PRIVATE_PROPERTY', 'REPO'
    stored_ts      TIMESTAMP NOT NULL,
    released_ts    TIMESTAMP,             -- NULL while on the lot
    rel_type       VARCHAR,               -- 'OWNER', 'INSURER', 'AUCTION'
    storage_cents  BIGINT                 -- storage fees collected at release; NULL for auctions
);

CREATE TABLE auctions (
    tenant_id      VARCHAR NOT NULL,
    auc_id         INTEGER NOT NULL,
    imp_id         INTEGER NOT NULL,
    auction_dt     DATE NOT NULL,
    auc_status     VARCHAR NOT NULL,      -- 'SOLD', 'NO_SALE'
    sale_cents     BIGINT,                -- NULL when not sold
    buyer_nm       VARCHAR
);
