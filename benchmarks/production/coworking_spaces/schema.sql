-- ============================================================================================
-- coworking_spaces: a flexible-workspace operator platform's warehouse, DuckDB DDL for labelling
--
-- Company: "DeskGrid" runs the booking, access-control and billing platform that flexible-
-- workspace operators host their buildings on. Every operator's locations, floors and spaces
-- (hot desks, dedicated desks, private offices, meeting rooms), member companies, members and
-- their plans, desk and room bookings, badge entry events, invoices, support tickets and the
-- occupancy sensors' hourly snapshots sit in one shared warehouse keyed by op_id. Operators get
-- a text-to-SQL assistant in the platform's "Ask Grid" panel.
--
-- Warehouse: PostgreSQL 16 (sqlglot dialect `postgres`): date_trunc('month', ts), interval
-- arithmetic, FILTER (WHERE ...), ::casts, DISTINCT ON, percentile_cont ... WITHIN GROUP, no
-- QUALIFY; int / int truncates; a date minus a date is an integer number of days; a timestamp
-- minus a timestamp is an interval. All timestamps are UTC.
-- Agent: `deskbot`, versions 1.4, 1.5 and 1.6, deployed for operator 'CW-5140' ("Hive & Hall
-- Workspaces", UK: Kings Cross, Shoreditch, Manchester, Leeds; Bristol closed in 2025); the
-- panel shows at most 500 rows.
-- Log window: 2026-11-02 to 2026-11-25 (1.4 answered Nov 2-8, 1.5 Nov 10-16, 1.6 Nov 18-25).
-- The warehouse is loaded by the month-end close: it holds every fact up to and including
-- 2026-11-01 (the 1 November invoice run included) and nothing later, except bookings made
-- ahead (bkg_status 'BKD', future start_ts) and memberships signed to start later. So "last
-- month" is October 2026, "this quarter" Q4 2026 to date, "last quarter" / "Q3" July-September
-- 2026, "ytd" / "this year" 2026 to date, "last year" 2025, "in March" March 2026, "right now"
-- / "current" today (the record's date).
--
-- Guards the deployment adds (the assistant's system prompt requires them):
--   * tenant: `op_id = 'CW-5140'` on every table (every table carries it);
--   * test data: the community team's test members and their bookings carry `is_test = true`;
--     `is_test = false` on every table that carries it (members, bookings);
--   * soft deletes: `deleted_at IS NULL` on companies (merged duplicates: no members, no
--     invoices), members (duplicate profiles: no activity) and spaces (keyed in error: never
--     booked).
--
-- Business conventions (what Hive & Hall's managers mean):
--   * member = a person (members); company = a member company (companies); individual members
--     have co_id NULL. Active member = mbr_status 'A' ('P' paused, 'X' cancelled), not test,
--     not deleted.
--   * plans: plan_cd 'DAY' (day pass: pay per day used, monthly_fee NULL), 'FLEX' (flexible hot
--     desk), 'DED' (dedicated desk), 'OFC' (private office). A membership is active on day d
--     when start_dt <= d and (end_dt IS NULL or end_dt > d); end_dt is the first day no longer
--     covered. A plan change ends the old membership (end_reason_cd 'CHG') and starts a new one
--     whose prev_msp_id points at it; upgrade = to a dearer plan (DAY < FLEX < DED < OFC).
--     Cancellation = a membership ended with end_reason_cd 'CXL'; cancellations are dated by
--     the notice date cxl_req_dt (end_dt is when the notice period runs out).
--   * MRR = SUM(monthly_fee) of memberships active today (day passes carry no fee).
--   * bookings: a booking's space decides its kind: desk booking = a hot desk (spc_type 'HOT';
--     dedicated desks are assigned, not booked), room booking = a meeting room ('MTG').
--     bkg_status 'BKD' (upcoming), 'CHK' (checked in), 'NS' (no-show), 'CXL' (cancelled).
--     Bookings are dated by start_ts. Booking counts, hours booked and lead times count the
--     bookings that were not cancelled (bkg_status <> 'CXL'). Check-ins = bkg_status 'CHK'
--     (checkin_ts). No-show rate = NS / (CHK + NS) of bookings starting in the period.
--     Lead time = start_ts - booked_ts.
--   * meeting-room credits: a room booking takes credits_used credits (credits_per_hr x hours)
--     at booking; a cancellation refunds them (the row keeps credits_used), a no-show forfeits
--     them. Credits used = SUM(credits_used) of CHK and NS bookings. Credits bought are sold in
--     packs on invoices (credits_bought, credit_pack_amt).
--   * visits: a visit is a member's day at a location with at least one badge_events row
--     dir_cd 'IN' and result_cd 'OK' (re-entries the same day are the same visit; denied swipes
--     are no visit; guest badges have mbr_id NULL and are no member's visit).
--   * revenue = SUM(net_amt) (before VAT; tax_amt is VAT) of issued invoices, inv_status 'OPEN'
--     or 'PAID' ('DRAFT' not issued yet, 'VOID' cancelled and re-issued), dated by inv_dt.
--     Add-on revenue of a kind (print_amt, locker_amt, mail_amt) the same way. Invoices are
--     issued on the 1st of each month for that month (period_mo), plus add-on invoices mid-month.
--     net_amt = plan_amt + print_amt + locker_amt + mail_amt + credit_pack_amt - disc_amt -
--     credit_applied_amt; gross = net_amt + disc_amt + credit_applied_amt (before discounts and
--     account credits). An invoice's location is loc_id. Billings / invoiced / billed = revenue
--     (issued invoices' net_amt); a company's billings are invoices with its co_id.
--   * days to pay = paid_dt - inv_dt of PAID invoices; late = paid after due_dt.
--   * occupancy rate = SUM(present_cnt) / SUM(desk_cap) of the hourly snapshots (totals, not an
--     average of hourly ratios); desk_cap drops when a floor is closed.
--   * tickets: tkt_status 'NEW', 'OPEN' (open = both), 'RES' resolved, 'CLSD' closed;
--     prio 'P1' (urgent) to 'P3'; tickets are dated by opened_ts; resolution time =
--     resolved_ts - opened_ts of resolved tickets (resolved_ts set).
--   * an average "per company" ("per member" ...) is over the companies that have the measured
--     activity (per-entity totals first, then their average), not over invoice or booking rows.
--   * locations listed or counted are open ones (is_active = true) unless the question says
--     otherwise.
-- ============================================================================================

CREATE TABLE locations (
    op_id       VARCHAR NOT NULL,
    loc_id      INTEGER PRIMARY KEY,       -- unique across the platform
    loc_cd      VARCHAR NOT NULL,          -- e.g. 'KGX'
    loc_nm      VARCHAR NOT NULL,
    city_nm     VARCHAR NOT NULL,
    floors      SMALLINT NOT NULL,
    opened_dt   DATE NOT NULL,
    closed_dt   DATE,
    is_active   BOOLEAN NOT NULL
);

CREATE TABLE spaces (
    op_id          VARCHAR NOT NULL,
    spc_id         INTEGER PRIMARY KEY,
    loc_id         INTEGER NOT NULL,
    floor_no       SMALLINT NOT NULL,
    spc_cd         VARCHAR NOT NULL,       -- e.g. 'KGX-2-MR03'
    spc_type       VARCHAR NOT NULL,       -- HOT hot desk, DED dedicated desk, PRV private office, MTG meeting room
    seats          SMALLINT NOT NULL,      -- capacity
    credits_per_hr DECIMAL(4,1),           -- meeting rooms only
    is_bookable    BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP
);

CREATE TABLE companies (
    op_id       VARCHAR NOT NULL,
    co_id       INTEGER PRIMARY KEY,
    co_nm       VARCHAR NOT NULL,
    industry_cd VARCHAR NOT NULL,          -- TECH, FIN, CRE (creative), HLTH, NGO, OTH
    created_dt  DATE NOT NULL,
    deleted_at  TIMESTAMP
);

CREATE TABLE members (
    op_id       VARCHAR NOT NULL,
    mbr_id      INTEGER PRIMARY KEY,
    co_id       INTEGER,                   -- NULL = individual member
    full_nm     VARCHAR NOT NULL,
    email       VARCHAR NOT NULL,
    home_loc_id INTEGER NOT NULL,
    joined_dt   DATE NOT NULL,
    mbr_status  VARCHAR NOT NULL,          -- A active, P paused, X cancelled
    is_test     BOOLEAN NOT NULL,
    deleted_at  TIMESTAMP
);

CREATE TABLE memberships (
    op_id         VARCHAR NOT NULL,
    msp_id        INTEGER PRIMARY KEY,
    mbr_id        INTEGER NOT NULL,
    loc_id        INTEGER NOT NULL,
    plan_cd       VARCHAR NOT NULL,        -- DAY, FLEX, DED, OFC
    start_dt      DATE NOT NULL,
    end_dt        DATE,                    -- first day not covered; NULL = open-ended
    monthly_fee   DECIMAL(10,2),           -- NULL for day passes
    credit_allow  SMALLINT NOT NULL,       -- meeting-room credits included per month
    prev_msp_id   INTEGER,                 -- the membership this one replaced (plan change)
    end_reason_cd VARCHAR,                 -- CHG plan change, CXL cancelled
    cxl_req_dt    DATE                     -- cancellation notice given
);

CREATE TABLE bookings (
    op_id        VARCHAR NOT NULL,
    bkg_id       INTEGER PRIMARY KEY,
    mbr_id       INTEGER NOT NULL,
    spc_id       INTEGER NOT NULL,
    booked_ts    TIMESTAMP NOT NULL,
    start_ts     TIMESTAMP NOT NULL,
    end_ts       TIMESTAMP NOT NULL,
    bkg_status   VARCHAR NOT NULL,         -- BKD, CHK, NS, CXL
    checkin_ts   TIMESTAMP,
    cxl_ts       TIMESTAMP,
    credits_used DECIMAL(6,1) NOT NULL,    -- meeting rooms; 0 for desks
    is_test      BOOLEAN NOT NULL
);

CREATE TABLE badge_events (
    op_id     VARCHAR NOT NULL,
    evt_id    BIGINT PRIMARY KEY,
    mbr_id    INTEGER,                     -- NULL = guest / visitor badge
    loc_id    INTEGER NOT NULL,
    evt_ts    TIMESTAMP NOT NULL,
    door_cd   VARCHAR NOT NULL,
    dir_cd    VARCHAR NOT NULL,            -- IN, OUT
    result_cd VARCHAR NOT NULL             -- OK, DENY
);

CREATE TABLE invoices (
    op_id              VARCHAR NOT NULL,
    inv_id             INTEGER PRIMARY KEY,
    inv_no             VARCHAR NOT NULL,
    co_id              INTEGER,            -- billed company; NULL when an individual is billed
    mbr_id             INTEGER,            -- billed individual member; NULL for companies
    loc_id             INTEGER NOT NULL,
    inv_dt             DATE NOT NULL,
    period_mo          DATE NOT NULL,      -- first day of the service month
    due_dt             DATE NOT NULL,
    plan_amt           DECIMAL(10,2) NOT NULL,
    print_amt          DECIMAL(10,2) NOT NULL,
    locker_amt         DECIMAL(10,2) NOT NULL,
    mail_amt           DECIMAL(10,2) NOT NULL,
    credit_pack_amt    DECIMAL(10,2) NOT NULL,
    credits_bought     INTEGER NOT NULL,
    disc_amt           DECIMAL(10,2) NOT NULL,
    credit_applied_amt DECIMAL(10,2) NOT NULL,  -- account credits (goodwill, referral) applied
    net_amt            DECIMAL(10,2) NOT NULL,  -- before VAT
    tax_amt            DECIMAL(10,2) NOT NULL,  -- VAT
    total_amt          DECIMAL(10,2) NOT NULL,
    inv_status         VARCHAR NOT NULL,   -- DRAFT, OPEN, PAID, VOID
    paid_dt            DATE
);

CREATE TABLE tickets (
    op_id       VARCHAR NOT NULL,
    tkt_id      INTEGER PRIMARY KEY,
    mbr_id      INTEGER,                   -- NULL = raised by staff
    loc_id      INTEGER NOT NULL,
    cat_cd      VARCHAR NOT NULL,          -- WIFI, CLEAN, ACCESS, BILLING, HVAC, OTHER
    prio        VARCHAR NOT NULL,          -- P1, P2, P3
    opened_ts   TIMESTAMP NOT NULL,
    resolved_ts TIMESTAMP,
    tkt_status  VARCHAR NOT NULL           -- NEW, OPEN, RES, CLSD
);

CREATE TABLE occ_snaps (
    op_id       VARCHAR NOT NULL,
    loc_id      INTEGER NOT NULL,
    snap_ts     TIMESTAMP NOT NULL,        -- on the hour, 08:00 to 19:00
    present_cnt INTEGER NOT NULL,          -- people counted by the sensors
    desk_cap    INTEGER NOT NULL           -- desks available that hour
);
