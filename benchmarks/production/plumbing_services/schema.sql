-- ============================================================================================
-- plumbing_services: the warehouse of a residential and commercial plumbing-services platform
-- (DuckDB DDL for labelling)
--
-- Company: "PipeLine Pro" sells dispatch, price-book, invoicing, membership and review software
-- to plumbing companies. Every company is a tenant of one shared ClickHouse warehouse
-- (ReplacingMergeTree tables, all keyed by co_id). The deployment here is company 'PL-0528',
-- Keystone Rooter & Plumbing (central Pennsylvania): branches Harrisburg, Lancaster, York,
-- Carlisle (opened 2026-05-04; before that its Carlisle and Mechanicsburg service areas were run
-- from Harrisburg) and Lebanon, closed at the end of 2025 and soft-deleted with its 2025 history
-- kept (its Lebanon service area has been served from Harrisburg since 2026-01-01). Other tenants
-- in the warehouse: 'PL-0311' (Bayline Plumbing, Virginia) and 'PL-0744' (Copperline Drain Co,
-- Ohio). Ids are unique across the platform; price-book task codes are a platform template, so
-- the same task_cd exists in every tenant's price book.
--
-- Warehouse: ClickHouse (today(), now(), toStartOfMonth / toStartOfQuarter / toStartOfYear,
-- toMonday, toDayOfWeek (1 = Monday), dateDiff('minute', a, b), INTERVAL n MONTH, countIf /
-- sumIf / avgIf, uniqExact, argMin / argMax, if / multiIf, LIMIT n BY; `/` always returns a
-- Float64, intDiv truncates). The deployment sets join_use_nulls = 1, so the unmatched side of
-- an outer join is NULL as in standard SQL. Flags are UInt8 0/1 (is_test, void_flg) or 'Y'/'N'
-- strings (the *_flg columns carried over from the dispatch app). Amounts are in cents (Int64);
-- reports show dollars (cents / 100). The agent writes dialect `clickhouse`.
-- Agent: `pipe-sql`, versions 8.0, 8.1 and 8.2, deployed for company 'PL-0528'.
-- Log window: 2026-11-02 to 2026-11-21. The warehouse was loaded up to the end of Sunday
-- 2026-11-01: nothing is dated later, except calls booked ahead (status 'BOOKED', arrival
-- windows in November) and membership terms that run on (renewals sold ahead start later).
-- So "last month" is October 2026, "the same month last year" October 2025, "last quarter"
-- July-September 2026 (Q3), "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months"
-- the six whole months May-October 2026, "since jan 1" from 2026-01-01, "rn" the state today.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_id = 'PL-0528'` on every table of every query (row policy);
--   * test rows: `is_test = 0` on customers (the dispatcher-training profiles 'Dispatch
--     Training' and 'QA Test - Do Not Dispatch') and service_calls (training calls, dispatched
--     to real plumbers' tablets, completed, invoiced on the training till and given parts and
--     quotes). Invoices, parts lines and quotes carry no test flag of their own: the training
--     calls' rows are excluded only through service_calls (join it and keep is_test = 0). The
--     training till takes no payments and training calls get no reviews. The test profiles'
--     memberships are excluded only through customers;
--   * voids: `void_flg = 0` on invoices (invoices voided and re-issued for the same call) and
--     payments (duplicate card swipes voided);
--   * soft deletes: `deleted_at IS NULL` on branches (the closed Lebanon branch), plumbers (a
--     profile keyed twice, no calls) and customers (merged duplicate profiles whose calls and
--     memberships were moved to the surviving profile). These matter where that table is the
--     population counted or listed ("which branches ...", "how many customers ...").
--
-- Business conventions of the company (what a careful analyst applies):
--   * service_calls: one row per call. call_type 'DRAIN' (drain cleaning), 'WTR_HTR' (water
--     heater repair or install), 'LEAK' (leak repair), 'REPIPE' (repiping) or 'EMERG'
--     (emergency after-hours). status_cd 'BOOKED' (not yet dispatched), 'COMPLETED',
--     'CANCELLED' (by the customer before arrival) or 'NO_ACCESS' (the plumber arrived and
--     nobody was home / no access: the company's "no-show"). booked_ts is when the customer
--     booked; win_start_ts / win_end_ts the promised two-hour arrival window (NULL on EMERG
--     calls, which are dispatched at once); dispatched_ts, arrived_ts, completed_ts as logged on
--     the plumber's tablet. tech_id is the plumber assigned (NULL when cancelled or still booked
--     before assignment); branch_id the dispatching branch. after_hrs_flg = 'Y' when the
--     after-hours rate applied (every EMERG call and late-afternoon drain windows). src_cd
--     'PHONE', 'WEB', 'APP' or 'MBR' (booked through the membership line).
--   * "calls" / "call volume" = every non-test call, dated by booked_ts, cancelled ones included
--     (they were booked); "jobs" = COMPLETED calls that are not callbacks (callback_flg = 'N'),
--     dated by completed_ts.
--   * callbacks: a callback is rework on a job within 30 days of its completion: callback_flg =
--     'Y' and orig_call_id = the original call. Callbacks are not billed (no invoice). Callback
--     rate = % of jobs (completed in the period) that got a callback, attributed to the
--     original job's plumber (not the plumber who did the rework).
--   * no-show rate = NO_ACCESS calls / (COMPLETED + NO_ACCESS) calls, by booked_ts, as a %.
--   * on time: a call with an arrival window is on time when arrived_ts <= win_end_ts. On-time
--     rate = on-time calls / calls with a window and an arrival, by arrived_ts, as a %
--     (EMERG calls have no window and are left out). Emergency response time = minutes from
--     booked_ts to arrived_ts of EMERG calls (dispatch is not arrival). Time on site = minutes
--     from arrived_ts to completed_ts of COMPLETED calls, callbacks included.
--   * invoices: one non-void invoice per billed job (and an $89 trip-fee invoice on some
--     NO_ACCESS calls), inv_dt = the day the job was completed. subtotal_cents is the
--     flat-rate price (member rate for members) before tax; tax_cents is the state's sales tax
--     on materials; total_cents = subtotal + tax. status_cd 'OPEN', 'PARTIAL' or 'PAID'.
--     Revenue = SUM(subtotal_cents) / 100 of non-void invoices of non-test calls, dated by
--     inv_dt (tax is not revenue). Average ticket = AVG(subtotal_cents) / 100 of those invoices.
--   * payments: txn_type 'PMT' or 'REFUND' (amounts positive either way), method_cd 'CARD',
--     'ACH', 'CHECK', 'CASH' or 'FIN' (third-party consumer financing, paid out by the lender).
--     Collected = SUM(amt_cents) of non-void PMT rows by pmt_ts; refunds = SUM(amt_cents) of
--     non-void REFUND rows by pmt_ts. Financing share = FIN payments / all payments (amounts,
--     PMT rows), as a %.
--   * parts_used: one row per part line of a call (callbacks and training calls get parts too);
--     parts cost = SUM(qty * unit_cost_cents) / 100; src_cd 'TRUCK' (from the plumber's truck
--     stock) or 'SUPPLY_HOUSE' (bought for the job). Parts are dated by their call's
--     completed_ts. Gross margin = revenue - parts cost of the same invoiced jobs.
--   * price_book: the flat-rate catalogue, one row per tenant and task_cd; retired_flg = 'Y'
--     for tasks no longer offered ("the price book" = retired_flg = 'N').
--   * quotes: one row per quote written on a call; status_cd 'OPEN' (sent, no answer yet),
--     'ACCEPTED', 'DECLINED' or 'EXPIRED' (30 days without an answer). Close rate = ACCEPTED /
--     all quotes written in the period (OPEN ones included), by quote_dt, as a %.
--   * memberships: one row per annual term; plan_cd 'CLUB' or 'CLUB_PLUS'; status_cd 'PAID' or
--     'CANCELLED' (cancel_dt set, refunded pro rata). end_dt = start_dt + 1 year - 1 day. A
--     renewal is a new row whose renewed_from_id is the term it renews (renewals are sold up to
--     45 days ahead, so some start in the future). A membership is active on a day when status_cd
--     = 'PAID' and start_dt <= day <= end_dt. "Members" = distinct customers with an active
--     membership (a landlord can hold one per property); "memberships" = rows. Membership
--     revenue = SUM(fee_cents) / 100 of PAID memberships by start_dt. Renewal rate = % of PAID
--     terms ending in the period that have a renewal row.
--   * plumbers: license_lvl 'APPR' (apprentice), 'JRNY' (journeyman), 'MSTR' (master);
--     hourly_rate_cents is the pay rate; term_dt set for leavers ("active plumbers" = term_dt IS
--     NULL and not deleted).
--   * customers: cust_type 'RES' or 'COM'; signup_dt is when the profile was created (web sign-
--     ups can come before the first call). A "new customer" in a period is one whose first
--     (non-test) call was booked in it.
--   * properties: svc_area is the service area (a group of zip codes) and branch_id the branch
--     that area belongs to today.
--   * reviews: online reviews; call_id and tech_id are NULL when the review could not be matched
--     to a job; rating 1-5; dated by posted_dt.
-- ============================================================================================

CREATE TABLE branches (
    co_id          VARCHAR NOT NULL,
    branch_id      INTEGER NOT NULL,
    branch_cd      VARCHAR NOT NULL,      -- e.g. 'HBG'
    branch_nm      VARCHAR NOT NULL,
    city           VARCHAR NOT NULL,
    state_cd       VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE plumbers (
    co_id             VARCHAR NOT NULL,
    tech_id           INTEGER NOT NULL,
    branch_id         INTEGER NOT NULL,   -- home branch
    tech_nm           VARCHAR NOT NULL,
    license_lvl       VARCHAR NOT NULL,   -- 'APPR', 'JRNY', 'MSTR'
    hourly_rate_cents INTEGER NOT NULL,
    hire_dt           DATE NOT NULL,
    term_dt           DATE,               -- set for leavers
    truck_no          VARCHAR,
    deleted_at        TIMESTAMP           -- profile keyed twice
);

CREATE TABLE customers (
    co_id          VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    cust_type      VARCHAR NOT NULL,      -- 'RES', 'COM'
    email          VARCHAR,               -- NULL when not given
    signup_dt      DATE NOT NULL,
    acq_src        VARCHAR NOT NULL,      -- 'GOOGLE', 'REFERRAL', 'YELP'
    is_test        SMALLINT NOT NULL,     -- 1 = dispatcher-training profile
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE properties (
    co_id          VARCHAR NOT NULL,
    prop_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,      -- owner / account holder
    addr_line      VARCHAR NOT NULL,
    zip_cd         VARCHAR NOT NULL,
    svc_area       VARCHAR NOT NULL,      -- service area, e.g. 'Camp Hill'
    branch_id      INTEGER NOT NULL,      -- branch the service area belongs to
    prop_type      VARCHAR NOT NULL,      -- 'SFH', 'TOWNHOME', 'CONDO', 'RETAIL', 'RESTAURANT', 'OFFICE'
    yr_built       SMALLINT               -- NULL when unknown
);

CREATE TABLE service_calls (
    co_id          VARCHAR NOT NULL,
    call_id        BIGINT NOT NULL,
    cust_id        INTEGER NOT NULL,
    prop_id        INTEGER NOT NULL,
    branch_id      INTEGER NOT NULL,      -- dispatching branch
    tech_id        INTEGER,               -- NULL when not (yet) assigned
    call_type      VARCHAR NOT NULL,      -- 'DRAIN', 'WTR_HTR', 'LEAK', 'REPIPE', 'EMERG'
    after_hrs_flg  VARCHAR NOT NULL,      -- 'Y' / 'N': after-hours rate applied
    src_cd         VARCHAR NOT NULL,      -- 'PHONE', 'WEB', 'APP', 'MBR'
    booked_ts      TIMESTAMP NOT NULL,
    win_start_ts   TIMESTAMP,             -- arrival window; NULL on EMERG calls
    win_end_ts     TIMESTAMP,
    dispatched_ts  TIMESTAMP,
    arrived_ts     TIMESTAMP,
    completed_ts   TIMESTAMP,
    status_cd      VARCHAR NOT NULL,      -- 'BOOKED', 'COMPLETED', 'CANCELLED', 'NO_ACCESS'
    callback_flg   VARCHAR NOT NULL,      -- 'Y' / 'N': rework of an earlier job
    orig_call_id   BIGINT,                -- the original job of a callback
    is_test        SMALLINT NOT NULL      -- 1 = dispatcher-training call
);

CREATE TABLE price_book (
    co_id           VARCHAR NOT NULL,
    task_cd         VARCHAR NOT NULL,     -- platform template code, same in every tenant
    task_nm         VARCHAR NOT NULL,
    call_type       VARCHAR NOT NULL,
    flat_rate_cents INTEGER NOT NULL,
    mbr_rate_cents  INTEGER NOT NULL,     -- member price
    retired_flg     VARCHAR NOT NULL,     -- 'Y' / 'N'
    eff_dt          DATE NOT NULL
);

CREATE TABLE quotes (
    co_id           VARCHAR NOT NULL,
    quote_id        INTEGER NOT NULL,
    call_id         BIGINT NOT NULL,
    task_cd         VARCHAR NOT NULL,
    quoted_cents    INTEGER NOT NULL,
    quote_dt        DATE NOT NULL,
    status_cd       VARCHAR NOT NULL,     -- 'OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED'
    fin_offered_flg VARCHAR NOT NULL      -- 'Y' / 'N': financing offered on the quote
);

CREATE TABLE parts_used (
    co_id           VARCHAR NOT NULL,
    line_id         INTEGER NOT NULL,
    call_id         BIGINT NOT NULL,
    part_no         VARCHAR NOT NULL,
    part_desc       VARCHAR NOT NULL,
    qty             INTEGER NOT NULL,
    unit_cost_cents INTEGER NOT NULL,
    src_cd          VARCHAR NOT NULL      -- 'TRUCK' (truck stock), 'SUPPLY_HOUSE'
);

CREATE TABLE memberships (
    co_id           VARCHAR NOT NULL,
    mbr_id          INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    prop_id         INTEGER NOT NULL,
    plan_cd         VARCHAR NOT NULL,     -- 'CLUB', 'CLUB_PLUS'
    start_dt        DATE NOT NULL,
    end_dt          DATE NOT NULL,
    fee_cents       INTEGER NOT NULL,
    status_cd       VARCHAR NOT NULL,     -- 'PAID', 'CANCELLED'
    cancel_dt       DATE,
    renewed_from_id INTEGER,              -- the term this row renews
    auto_renew_flg  VARCHAR NOT NULL      -- 'Y' / 'N'
);

CREATE TABLE invoices (
    co_id          VARCHAR NOT NULL,
    inv_id         INTEGER NOT NULL,
    call_id        BIGINT NOT NULL,
    cust_id        INTEGER NOT NULL,
    inv_dt         DATE NOT NULL,
    subtotal_cents BIGINT NOT NULL,       -- before tax
    tax_cents      BIGINT NOT NULL,
    total_cents    BIGINT NOT NULL,       -- subtotal + tax
    status_cd      VARCHAR NOT NULL,      -- 'OPEN', 'PARTIAL', 'PAID'
    void_flg       SMALLINT NOT NULL      -- 1 = voided (re-issued)
);

CREATE TABLE payments (
    co_id          VARCHAR NOT NULL,
    pmt_id         INTEGER NOT NULL,
    inv_id         INTEGER NOT NULL,
    pmt_ts         TIMESTAMP NOT NULL,
    amt_cents      BIGINT NOT NULL,       -- positive for payments and refunds
    method_cd      VARCHAR NOT NULL,      -- 'CARD', 'ACH', 'CHECK', 'CASH', 'FIN'
    txn_type       VARCHAR NOT NULL,      -- 'PMT', 'REFUND'
    void_flg       SMALLINT NOT NULL      -- 1 = voided duplicate
);

CREATE TABLE reviews (
    co_id          VARCHAR NOT NULL,
    review_id      INTEGER NOT NULL,
    call_id        BIGINT,                -- NULL when not matched to a job
    tech_id        INTEGER,               -- NULL when not matched to a plumber
    platform_cd    VARCHAR NOT NULL,      -- 'GOOGLE', 'YELP', 'NEXTDOOR', 'ANGI'
    rating         SMALLINT NOT NULL,     -- 1-5
    posted_dt      DATE NOT NULL
);
