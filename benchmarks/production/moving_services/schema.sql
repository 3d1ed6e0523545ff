-- ============================================================================================
-- moving_services: the analytics warehouse of a moving-company platform (DuckDB DDL for labelling)
--
-- Company: "CrateLine" sells a booking, dispatch and billing platform to household and office
-- moving companies. Every mover is a tenant of one shared Snowflake warehouse: its branches,
-- customers, quotes (with the pre-move survey), booked moves (local and long-distance, hourly
-- and flat-rate), crew members and the crew hours on each move, trucks, storage-in-transit
-- (SIT) stays, damage claims, invoices, payments (deposits, balances, refunds) and customer
-- reviews, all keyed by mover_id.
--
-- Warehouse: Snowflake (DATEADD, DATEDIFF, DATE_TRUNC, IFF, COUNT_IF, DIV0, QUALIFY, MEDIAN;
-- `/` is always decimal division, weeks start on Monday). The agent writes dialect `snowflake`.
-- Agent: `move-analyst`, versions 1.8, 1.9 and 2.0, deployed for mover 'MV-0217'
-- ("Bluebird Moving & Storage", four open branches along the Colorado Front Range).
-- Log window: 2026-11-09 to 2026-11-20; the warehouse is refreshed nightly (the seed is the
-- snapshot of 2026-11-21, so statuses are as of that day). Relative dates are
-- read against the record's timestamp: "last month" is October 2026, "this month" November 2026
-- to date, "this quarter" Q4 2026 to date, "last quarter" / "Q3" July-September 2026, "ytd" /
-- "this year" 2026 to date, "last year" 2025, "last week" the Monday-Sunday week before the
-- record's week, "last 30 / 90 days" the days before today (today not included),
-- "peak season" / "this season" May 1 - September 30, 2026.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `mover_id = 'MV-0217'` on every table of every query (row-level security);
--   * test rows: `is_test = FALSE` on customers and moves (staff training bookings). Payments
--     and reviews of a test move (test deposits of 1.00, staff reviews) are excluded through the
--     move. Test moves are never invoiced and never claimed;
--   * soft deletes: `deleted_at IS NULL` on customers, quotes and moves. A move deleted in the
--     app (keyed twice) has its invoice voided, so invoice figures need no join to moves for
--     the guards; crew hours, SIT stays and payments of a deleted move are excluded through it.
--
-- Business conventions at this mover (what a careful analyst would apply):
--   * revenue = SUM(invoices.total_amt) over invoices with status 'ISSUED' or 'PAID' (DRAFT
--     and VOID are not revenue), dated by inv_dt. total_amt = transport_amt + packing_amt +
--     materials_amt + sit_amt. SIT revenue = SUM(sit_amt) of the same invoices.
--   * outstanding / AR = SUM(total_amt) of invoices with status 'ISSUED' (unpaid).
--   * a move's branch, type and pricing are moves.branch_id, moves.move_type ('LOCAL' or 'LD'
--     = long-distance) and moves.pricing_type ('HOURLY' or 'FLAT').
--   * completed move = status 'COMPLETED', dated by move_dt. Moves "done / completed / we did"
--     are completed moves. Booked moves (bookings) are moves dated by booked_dt, whatever their
--     status today (a booking later cancelled was still booked). Cancellations = status
--     'CANCELLED', dated by cancelled_dt.
--   * close rate = quotes 'BOOKED' / decided quotes ('BOOKED', 'LOST', 'EXPIRED'); 'OPEN'
--     quotes are undecided and are not in the rate. Quotes are dated by quoted_dt.
--   * crew hours (man-hours) = SUM(move_crew.hours_worked); a move's crew hours are the sum over
--     its crew. Foremen are crew members with role_cd 'FOREMAN'.
--   * active crew member = term_dt IS NULL; contractors (day labour, is_contractor) are crew
--     too but are not employees: headcount counts employees only.
--   * on-time arrival: a completed move is on time when crew_arrival_ts <= window_end_ts (the
--     end of the arrival window promised to the customer); on-time rate = on-time / completed
--     moves that have a crew_arrival_ts (a few were never scanned and are left out).
--   * claim rate = completed moves with at least one claim (any status) / completed moves, by
--     the move's move_dt. Claim payouts = SUM(settled_amt) of claims with status 'SETTLED',
--     dated by closed_dt. Open claim = status 'OPEN'; its age runs from filed_dt.
--   * deposits collected = SUM(payments.amount) with pay_type 'DEPOSIT' and status 'SETTLED',
--     dated by paid_dt; refunds likewise with pay_type 'REFUND' (amounts are positive).
--   * in storage (SIT) now = a sit_stays row with in_dt <= today and out_dt NULL; a move may
--     have two stays (two vault lots), so moves in storage are counted distinct.
--   * repeat customer = a customer with two or more completed moves (ever).
--   * average rating = AVG(reviews.rating) (1-5 stars), reviews dated by review_dt; a review's
--     branch is its move's branch. 5-star share = reviews with rating 5 / all reviews.
--   * lead time = days from booked_dt to move_dt.
--   * a list of the branches themselves ("which branches ...", headcount per branch) shows open
--     branches (closed_dt IS NULL); figures per branch over transactions (revenue, AR, ratings,
--     quotes) keep every branch the rows belong to (the Pueblo branch, closed at the end of 2025,
--     still has unpaid invoices). Truck lists show trucks in service (retired_dt IS NULL).
-- ============================================================================================

CREATE TABLE branches (
    mover_id        VARCHAR NOT NULL,
    branch_id       INTEGER PRIMARY KEY,
    branch_nm       VARCHAR NOT NULL,
    region_cd       VARCHAR NOT NULL,          -- NORTH, METRO, SOUTH
    opened_dt       DATE NOT NULL,
    closed_dt       DATE                       -- NULL while open
);

CREATE TABLE customers (
    mover_id        VARCHAR NOT NULL,
    customer_id     INTEGER PRIMARY KEY,
    cust_nm         VARCHAR NOT NULL,
    cust_type       VARCHAR NOT NULL,          -- HOUSEHOLD, CORPORATE (office moves, relocations)
    lead_src        VARCHAR,                   -- WEB, REFERRAL, REPEAT, YELP, PARTNER; NULL unknown
    created_at      TIMESTAMP NOT NULL,
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP                  -- soft delete
);

CREATE TABLE quotes (
    mover_id        VARCHAR NOT NULL,
    quote_id        INTEGER PRIMARY KEY,
    customer_id     INTEGER NOT NULL,
    branch_id       INTEGER NOT NULL,
    survey_type     VARCHAR NOT NULL,          -- IN_HOME, VIRTUAL, PHONE (how the goods were surveyed)
    quoted_dt       DATE NOT NULL,
    move_type       VARCHAR NOT NULL,          -- LOCAL, LD
    pricing_type    VARCHAR NOT NULL,          -- HOURLY, FLAT
    est_amt         DECIMAL(10,2) NOT NULL,    -- the estimate given to the customer
    est_weight_lbs  INTEGER,
    status          VARCHAR NOT NULL,          -- OPEN, BOOKED, LOST, EXPIRED
    lost_reason     VARCHAR,                   -- PRICE, DATE_UNAVAILABLE, WENT_DIY, COMPETITOR; NULL when not given
    deleted_at      TIMESTAMP
);

CREATE TABLE moves (
    mover_id        VARCHAR NOT NULL,
    move_id         INTEGER PRIMARY KEY,
    quote_id        INTEGER,                   -- NULL: booked without a quote (repeat corporate work)
    customer_id     INTEGER NOT NULL,
    branch_id       INTEGER NOT NULL,
    truck_id        INTEGER,                   -- NULL: a rented truck was used
    move_type       VARCHAR NOT NULL,          -- LOCAL, LD
    pricing_type    VARCHAR NOT NULL,          -- HOURLY, FLAT
    booked_dt       DATE NOT NULL,
    move_dt         DATE NOT NULL,             -- load day
    window_end_ts   TIMESTAMP,                 -- end of the promised arrival window
    crew_arrival_ts TIMESTAMP,                 -- crew scanned in at origin; NULL if never scanned
    status          VARCHAR NOT NULL,          -- BOOKED, COMPLETED, CANCELLED
    cancelled_dt    DATE,
    origin_state    VARCHAR NOT NULL,
    dest_state      VARCHAR NOT NULL,
    miles           INTEGER,
    weight_lbs      INTEGER,                   -- actual shipment weight (LD: certified scale weight)
    is_test         BOOLEAN NOT NULL,
    deleted_at      TIMESTAMP
);

CREATE TABLE crew_members (
    mover_id        VARCHAR NOT NULL,
    crew_member_id  INTEGER PRIMARY KEY,
    branch_id       INTEGER NOT NULL,
    full_nm         VARCHAR NOT NULL,
    role_cd         VARCHAR NOT NULL,          -- FOREMAN, DRIVER, MOVER
    is_contractor   BOOLEAN NOT NULL,
    hire_dt         DATE NOT NULL,
    term_dt         DATE                       -- NULL while active
);

CREATE TABLE move_crew (
    mover_id        VARCHAR NOT NULL,
    move_id         INTEGER NOT NULL,
    crew_member_id  INTEGER NOT NULL,
    hours_worked    DECIMAL(5,2) NOT NULL,
    PRIMARY KEY (move_id, crew_member_id)
);

CREATE TABLE trucks (
    mover_id        VARCHAR NOT NULL,
    truck_id        INTEGER PRIMARY KEY,
    branch_id       INTEGER NOT NULL,
    unit_no         VARCHAR NOT NULL,
    truck_type      VARCHAR NOT NULL,          -- BOX16, BOX26, TRACTOR
    in_service_dt   DATE NOT NULL,
    retired_dt      DATE
);

CREATE TABLE sit_stays (
    mover_id        VARCHAR NOT NULL,
    sit_id          INTEGER PRIMARY KEY,
    move_id         INTEGER NOT NULL,
    warehouse_cd    VARCHAR NOT NULL,
    vaults          INTEGER NOT NULL,
    in_dt           DATE NOT NULL,
    out_dt          DATE,                      -- NULL while still in storage
    monthly_rate    DECIMAL(8,2) NOT NULL      -- per vault
);

CREATE TABLE claims (
    mover_id        VARCHAR NOT NULL,
    claim_id        INTEGER PRIMARY KEY,
    move_id         INTEGER NOT NULL,
    filed_dt        DATE NOT NULL,
    claim_type      VARCHAR NOT NULL,          -- DAMAGE, LOSS, DELAY
    claimed_amt     DECIMAL(10,2) NOT NULL,
    settled_amt     DECIMAL(10,2),             -- set when SETTLED
    status          VARCHAR NOT NULL,          -- OPEN, SETTLED, DENIED, WITHDRAWN
    closed_dt       DATE
);

CREATE TABLE invoices (
    mover_id        VARCHAR NOT NULL,
    invoice_id      INTEGER PRIMARY KEY,
    move_id         INTEGER NOT NULL,
    inv_dt          DATE NOT NULL,
    transport_amt   DECIMAL(10,2) NOT NULL,    -- labour / line haul
    packing_amt     DECIMAL(10,2) NOT NULL,
    materials_amt   DECIMAL(10,2) NOT NULL,
    sit_amt         DECIMAL(10,2) NOT NULL,
    total_amt       DECIMAL(10,2) NOT NULL,
    status          VARCHAR NOT NULL,          -- DRAFT, ISSUED, PAID, VOID
    due_dt          DATE NOT NULL,
    paid_dt         DATE
);

CREATE TABLE payments (
    mover_id        VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    move_id         INTEGER NOT NULL,
    pay_type        VARCHAR NOT NULL,          -- DEPOSIT, BALANCE, REFUND
    amount          DECIMAL(10,2) NOT NULL,    -- positive, refunds included
    paid_dt         DATE NOT NULL,
    status          VARCHAR NOT NULL           -- SETTLED, FAILED, PENDING
);

CREATE TABLE reviews (
    mover_id        VARCHAR NOT NULL,
    review_id       INTEGER PRIMARY KEY,
    move_id         INTEGER NOT NULL,
    platform        VARCHAR NOT NULL,          -- GOOGLE, YELP, INTERNAL
    rating          INTEGER NOT NULL,          -- 1-5 stars
    review_dt       DATE NOT NULL
);
