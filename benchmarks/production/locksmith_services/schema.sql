-- ============================================================================================
-- locksmith_services: the warehouse of a locksmith and access-control services platform
-- (DuckDB DDL for labelling)
--
-- Company: "KeyDispatch" sells dispatch, quoting, invoicing, key-control and access-control
-- contract software to locksmith companies. Every company is a tenant of one shared SQL Server
-- (Azure SQL) analytics mart, every table keyed by co_id. The deployment here is tenant
-- 'LK-2207', Citadel Lock & Safe, with four branches: Northside (NTH), Downtown (DTN), Eastgate
-- (EST) and Harbor Point (HBR, opened 2026-04-06). Other tenants in the mart: 'LK-1044' (Keyline
-- Locksmiths) and 'LK-3391' (SafeHaven Security).
--
-- Warehouse: SQL Server 2022 (T-SQL: TOP n, GETDATE(), CAST(GETDATE() AS date), DATEADD,
-- DATEDIFF, DATEFROMPARTS, EOMONTH, DATETRUNC, DATENAME, IIF, CTEs, ROW_NUMBER() windows; no
-- LIMIT, no QUALIFY, no FILTER). Flags are BIT (0/1) except after_hrs_flg ('Y'/'N'). `/`
-- between integers is integer division, and AVG over an INT column returns an INT (truncated),
-- as in SQL Server. The agent writes dialect `tsql`.
-- Agent: `lock-sql`, versions 1.7, 1.8 and 1.9, deployed for tenant 'LK-2207'.
-- Log window: 2026-11-02 to 2026-11-27. The mart is closed monthly: the October close, loaded
-- at 06:00 on 2026-11-01, holds everything up to then (a lockout received late on 31 October
-- and finished after midnight is in it, with its invoice dated 1 November). Nothing is dated
-- after it except service calls booked ahead for November (SCHEDULED, received in October),
-- contracts signed to start later and licence expiry dates. So "last month" is October 2026, "this quarter" Q4 2026
-- to date (from 2026-10-01), "last quarter" July-September 2026, "ytd" / "this year" 2026 to
-- date, "last 3 months" August-October 2026, "last 6 months" for monthly series the six whole
-- months May-October 2026, "in the last 6 / 12 months" for a customer's activity the rolling
-- window back from today (recv_ts >= today - 6 / 12 months), "next 60 days" today to today + 60
-- days inclusive, "rn" / "right now" today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_id = 'LK-2207'` on every table of every query (row policy; ids are unique
--     across the platform);
--   * test rows: `is_test = 0` on customers (the training profiles 'ZZ Training - Residential'
--     and 'ZZ Training - Commercial') and service_calls (ride-along training dispatches, on the
--     training profiles but assigned to real technicians and vans). Training calls are never
--     invoiced;
--   * voids: `void_flg = 0` on invoices (an invoice keyed wrong is voided and re-issued under a
--     new inv_id for the same call; invoice_lines carry no flag of their own: a void invoice's
--     lines are excluded only through invoices) and key_orders (counter tickets rung in error);
--   * soft deletes: `deleted_at IS NULL` on customers (merged duplicate profiles, their history
--     moved to the survivor) and technicians (profiles keyed twice, with no calls and no
--     licences). These matter where that table is the population counted or listed ("how many
--     customers ...", "which techs ...").
--
-- Business conventions of the tenant (what a careful analyst would apply):
--   * service_calls: one row per dispatch. job_type 'LOCKOUT', 'REKEY', 'LOCK_INSTALL',
--     'LOCK_REPAIR', 'KEY_CUT' (on site), 'SAFE', 'AC_INSTALL' (access-control install),
--     'AC_SERVICE'. priority_cd 'EMERG' (emergency, dispatched now) or 'STD' (booked into a
--     window). call_status 'SCHEDULED' (booked, not yet attended), 'COMPLETED', 'CANCELLED'
--     (called off before arrival, arrive_ts NULL) or 'GOA' (gone on arrival: the tech arrived and
--     nobody was there = a customer no-show; arrive_ts set, complete_ts NULL).
--     "Calls" (came in, received) are dated by recv_ts, any status. "Jobs" / "jobs done" /
--     "completed jobs" = COMPLETED calls, dated by complete_ts (a lockout received at 23:40 on
--     30 September and finished after midnight is an October job). "Lockouts" = LOCKOUT calls.
--     Callbacks (warranty revisits, orig_call_id = the job being revisited, never invoiced)
--     are calls and jobs like any other.
--   * response time (emergencies) = minutes from recv_ts to arrive_ts of EMERG calls that were
--     attended (arrive_ts set: COMPLETED or GOA), dated by recv_ts. "On time" = arrive_ts <=
--     promised_ts (the ETA given on an emergency, the end of the booked window otherwise); the
--     on-time rate = on-time completed jobs / completed jobs, as a percentage, by complete_ts.
--   * no-show rate = GOA calls / (COMPLETED + GOA) calls, as a percentage, by recv_ts.
--   * callback rate = share of completed non-callback jobs (orig_call_id IS NULL) that were
--     revisited by a callback (a call whose orig_call_id is theirs), dated by the original job's
--     complete_ts, as a percentage.
--   * after_hrs_flg = 'Y' on emergency calls attended (or received, when cancelled) before 07:00,
--     from 19:00, or on a weekend; those jobs carry the after-hours surcharge on their invoice.
--   * travel_min = the tech's driving minutes to the job (INT).
--   * invoices: one per completed, chargeable job (callbacks, training calls, cancellations and
--     GOA calls are not invoiced). Amounts in dollars. labour_amt + parts_amt + surch_amt is
--     the job's revenue; tax_amt is sales tax on parts; total_amt = labour + parts + surcharge +
--     tax (what the customer owes). Revenue = SUM(labour_amt + parts_amt + surch_amt) (tax
--     excluded) of invoices with void_flg = 0, dated by inv_dt; an invoice's branch is its call's
--     branch. "Invoice value" / "avg invoice" = that revenue per invoice. "After-hours surcharge
--     revenue" = SUM(surch_amt). paid_amt is what was paid so far (part payments on commercial
--     accounts); the balance outstanding = total_amt - paid_amt. due_dt = inv_dt for
--     residential customers (due on receipt), inv_dt + 30 for commercial (net 30). An invoice's
--     age counts from inv_dt.
--   * invoice_lines: line_type 'LABOUR', 'PART', 'SURCHARGE'; part_cat on PART lines
--     ('KEY_BLANK', 'CYLINDER', 'DEADBOLT', 'LOCKSET', 'SAFE_HW', 'ACCESS_HW'). The lines of an
--     invoice add up to labour_amt + parts_amt + surch_amt. Parts revenue = SUM(ext_amt) of PART
--     lines of non-void invoices, by inv_dt.
--   * customers: cust_type 'RES' (residential) or 'COM' (commercial); branch_id is the home
--     branch (a call's branch_id is where it was dispatched from).
--   * technicians: role_cd 'LOCKSMITH', 'APPRENTICE', 'AC_TECH' (access-control installer).
--     "Techs" rn = term_dt IS NULL (and not deleted). tech_licences: one row per licence held;
--     lic_type 'LOCKSMITH' (the state locksmith licence), 'APPRENTICE', 'ALARM_AC' (alarm and
--     access-control contractor), 'SAFE'. A licence expires on exp_dt.
--   * quotes: quote_status 'DRAFT' (never sent), 'SENT' (awaiting an answer), 'ACCEPTED',
--     'DECLINED', 'EXPIRED'. Quotes are dated by quote_dt; conversion rate = ACCEPTED / quotes
--     sent (every status but DRAFT), as a percentage.
--   * master_key_systems: a commercial customer's keying system; key_orders: one row per key
--     cutting ticket (at the counter or on a call), qty = keys cut, cust_id NULL for walk-in
--     counter sales, mks_id set when cut for a master-key system. "Keys cut" = SUM(qty) of
--     non-void orders, by ord_dt. "Key sales" = SUM(amt).
--   * ac_contracts: access-control maintenance contracts, one per site. contract_status 'ACTIVE'
--     (signed; includes contracts signed to start later), 'CANCELLED' (cancel_dt), 'EXPIRED'
--     (end_dt passed). A contract is active on a day when contract_status = 'ACTIVE' and
--     start_dt <= that day. MRR = SUM(monthly_fee_cents) / 100.0 of active contracts (dollars),
--     by the contract's branch.
--   * vans: van_status 'ACTIVE', 'SHOP' (out of service, since status_dt) or 'RETIRED' (since
--     status_dt). "Vans" / "the fleet" = vans not retired.
--   * "unique customers served" = distinct customers with a completed job.
-- ============================================================================================

CREATE TABLE branches (
    co_id          VARCHAR NOT NULL,
    branch_id      INTEGER NOT NULL,      -- unique across the platform
    branch_cd      VARCHAR NOT NULL,      -- e.g. 'NTH'
    branch_nm      VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    closed_dt      DATE
);

CREATE TABLE vans (
    co_id          VARCHAR NOT NULL,
    van_id         INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    plate_no       VARCHAR NOT NULL,
    make_model     VARCHAR NOT NULL,
    in_svc_dt      DATE NOT NULL,
    van_status     VARCHAR NOT NULL,      -- 'ACTIVE', 'SHOP', 'RETIRED'
    status_dt      DATE                   -- since when SHOP / RETIRED
);

CREATE TABLE technicians (
    co_id          VARCHAR NOT NULL,
    tech_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,      -- home branch
    tech_nm        VARCHAR NOT NULL,
    role_cd        VARCHAR NOT NULL,      -- 'LOCKSMITH', 'APPRENTICE', 'AC_TECH'
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- leavers
    hourly_rate    DECIMAL(6,2) NOT NULL,
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE tech_licences (
    co_id          VARCHAR NOT NULL,
    lic_id         INTEGER NOT NULL,
    tech_id        INTEGER NOT NULL,
    lic_type       VARCHAR NOT NULL,      -- 'LOCKSMITH', 'APPRENTICE', 'ALARM_AC', 'SAFE'
    lic_no         VARCHAR NOT NULL,
    issued_dt      DATE NOT NULL,
    exp_dt         DATE NOT NULL,
    state_cd       VARCHAR NOT NULL
);

CREATE TABLE customers (
    co_id          VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    cust_type      VARCHAR NOT NULL,      -- 'RES', 'COM'
    branch_id      INTEGER NOT NULL,      -- home branch
    city           VARCHAR NOT NULL,
    created_dt     DATE NOT NULL,
    is_test        SMALLINT NOT NULL,     -- BIT: training profiles
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE service_calls (
    co_id          VARCHAR NOT NULL,
    call_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,      -- dispatching branch
    tech_id        INTEGER,               -- NULL when not (yet) assigned
    van_id         INTEGER,               -- NULL when not (yet) assigned
    job_type       VARCHAR NOT NULL,      -- 'LOCKOUT', 'REKEY', 'LOCK_INSTALL', 'LOCK_REPAIR', 'KEY_CUT', 'SAFE', 'AC_INSTALL', 'AC_SERVICE'
    priority_cd    VARCHAR NOT NULL,      -- 'EMERG', 'STD'
    after_hrs_flg  VARCHAR NOT NULL,      -- 'Y', 'N'
    recv_ts        TIMESTAMP NOT NULL,    -- call received / booked
    promised_ts    TIMESTAMP NOT NULL,    -- ETA given (EMERG) or end of the booked window (STD)
    arrive_ts      TIMESTAMP,             -- tech on site; NULL when cancelled or not yet attended
    complete_ts    TIMESTAMP,             -- job finished; NULL unless COMPLETED
    travel_min     INTEGER NOT NULL,      -- driving minutes to the job
    call_status    VARCHAR NOT NULL,      -- 'SCHEDULED', 'COMPLETED', 'CANCELLED', 'GOA'
    orig_call_id   INTEGER,               -- set on callbacks: the job revisited under warranty
    is_test        SMALLINT NOT NULL      -- BIT: training ride-along
);

CREATE TABLE quotes (
    co_id          VARCHAR NOT NULL,
    quote_id       INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    call_id        INTEGER,               -- set when quoted on a call
    quote_dt       DATE NOT NULL,
    quote_amt      DECIMAL(10,2) NOT NULL,
    quote_status   VARCHAR NOT NULL,      -- 'DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'EXPIRED'
    decided_dt     DATE
);

CREATE TABLE invoices (
    co_id          VARCHAR NOT NULL,
    inv_id         INTEGER NOT NULL,
    call_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    inv_dt         DATE NOT NULL,
    due_dt         DATE NOT NULL,
    labour_amt     DECIMAL(10,2) NOT NULL,
    parts_amt      DECIMAL(10,2) NOT NULL,
    surch_amt      DECIMAL(10,2) NOT NULL, -- after-hours emergency surcharge
    tax_amt        DECIMAL(10,2) NOT NULL, -- sales tax on parts
    total_amt      DECIMAL(10,2) NOT NULL, -- labour + parts + surcharge + tax
    paid_amt       DECIMAL(10,2) NOT NULL,
    paid_dt        DATE,                   -- set when paid in full
    void_flg       SMALLINT NOT NULL       -- BIT
);

CREATE TABLE invoice_lines (
    co_id          VARCHAR NOT NULL,
    inv_id         INTEGER NOT NULL,
    line_no        SMALLINT NOT NULL,
    line_type      VARCHAR NOT NULL,      -- 'LABOUR', 'PART', 'SURCHARGE'
    part_cat       VARCHAR,               -- PART lines: 'KEY_BLANK', 'CYLINDER', 'DEADBOLT', 'LOCKSET', 'SAFE_HW', 'ACCESS_HW'
    line_desc      VARCHAR NOT NULL,
    qty            INTEGER NOT NULL,
    unit_amt       DECIMAL(10,4) NOT NULL,
    ext_amt        DECIMAL(10,2) NOT NULL
);

CREATE TABLE master_key_systems (
    co_id          VARCHAR NOT NULL,
    mks_id         INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    system_nm      VARCHAR NOT NULL,
    keyway         VARCHAR NOT NULL,
    levels         SMALLINT NOT NULL,
    created_dt     DATE NOT NULL
);

CREATE TABLE key_orders (
    co_id          VARCHAR NOT NULL,
    key_ord_id     INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,
    cust_id        INTEGER,               -- NULL for walk-in counter sales
    mks_id         INTEGER,               -- set when cut for a master-key system
    call_id        INTEGER,               -- set when cut on a call
    ord_dt         DATE NOT NULL,
    key_type       VARCHAR NOT NULL,      -- 'STD', 'RESTRICTED', 'HIGH_SEC', 'TRANSPONDER'
    qty            INTEGER NOT NULL,      -- keys cut
    amt            DECIMAL(10,2) NOT NULL,
    void_flg       SMALLINT NOT NULL      -- BIT
);

CREATE TABLE ac_contracts (
    co_id             VARCHAR NOT NULL,
    contract_id       INTEGER NOT NULL,
    cust_id           INTEGER NOT NULL,
    branch_id         INTEGER NOT NULL,
    site_nm           VARCHAR NOT NULL,
    install_call_id   INTEGER,            -- the AC_INSTALL call, when we installed it
    sys_type          VARCHAR NOT NULL,   -- 'CARD', 'KEYPAD', 'CLOUD'
    start_dt          DATE NOT NULL,
    end_dt            DATE,               -- NULL: evergreen
    monthly_fee_cents INTEGER NOT NULL,
    contract_status   VARCHAR NOT NULL,   -- 'ACTIVE', 'CANCELLED', 'EXPIRED'
    cancel_dt         DATE
);
