-- ============================================================================================
-- appliance_repair: the warehouse of an appliance repair services platform (DuckDB DDL for labelling)
--
-- Company: "FixFlow" runs dispatch, scheduling, parts, invoicing and warranty-billing software for
-- independent appliance repair companies. Every repair company is a tenant of one shared BigQuery
-- warehouse (dataset `fixflow-prod.svc_dw`), all tables keyed by co_id. The deployment here is
-- company 'AR-1182', Brightline Appliance Repair (Colorado Front Range), with service areas Denver
-- North, Denver South, Boulder, Colorado Springs, Fort Collins (opened 2025-09-01) and Pueblo,
-- closed at the end of 2025 and soft-deleted with its 2025 history kept. Other tenants in the
-- warehouse: 'AR-0457' (Lakeside Appliance Pros) and 'AR-2209' (Desert Sun Appliance Service).
--
-- Warehouse: BigQuery (DATE_TRUNC(d, MONTH), DATE_SUB / DATE_ADD(d, INTERVAL n MONTH),
-- DATE_DIFF(a, b, DAY), DATE(ts), EXTRACT, COUNTIF, SAFE_DIVIDE, IF, QUALIFY; `/` always returns
-- FLOAT64, DIV() is integer division). Amounts are INT64 cents (`*_cents`); flags are 'Y'/'N'
-- strings (`*_yn`, ftf_flg) or 0/1 integers (void_flg, backorder_flg). The agent writes dialect
-- `bigquery`. Agent: `fixit-sql`, versions 7.4, 7.5 and 7.6, deployed for company 'AR-1182'.
-- Log window: 2026-11-02 to 2026-11-26 UTC (the company works in Mountain time: an evening
-- question carries the next day's UTC date, which is BigQuery's CURRENT_DATE()); the agent reads
-- the month-end snapshot loaded through 2026-11-01 (nothing dated after it, except appointments
-- booked ahead (SCHEDULED), parts ETAs, certification expiries, manufacturer-warranty ends and
-- protection-plan terms).
-- So "last month" is October 2026, "this month" November 2026 to date, "last quarter" Q3 2026
-- (July-September), "this quarter" Q4 2026 to date, "ytd" / "this year" 2026 to date, "last year"
-- 2025, "last 3 months" the three whole months August-October 2026, "last 6 months" the six whole
-- months May-October 2026, "next 60 days" today to today + 60 days inclusive, "rn" / "currently"
-- the state at the load.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `co_id = 'AR-1182'` on every table of every query (row policy; ids are unique
--     across the platform, so joins on ids alone do not leak, but every table read is filtered);
--   * test rows: `is_test_yn = 'N'` on customers (the profiles 'Dispatch Trainer' and 'QA Test
--     Customer'), service_requests and repair_tickets (jobs booked and ticketed by the dispatch
--     trainer; they are never dispatched, so they have no appointments, parts orders or warranty
--     claims). Protection plans carry no flag of their own: the test profiles' plans are
--     excluded only through customers (join customers and keep is_test_yn = 'N');
--   * voids: `void_flg = 0` on repair_tickets (a ticket issued in error is voided and re-issued
--     for the same request; the void ticket keeps its lines and its rating);
--   * soft deletes: `deleted_at IS NULL` on service_areas (the closed Pueblo area, no rows dated
--     after 2025), technicians (a profile keyed twice, with no appointments or tickets),
--     customers (merged duplicate profiles whose appliances, requests and plans were moved to
--     the surviving profile) and appliances (records keyed twice, nothing attached). These
--     matter where that table is the population counted or listed ("which techs ...", "how many
--     customers ...").
--
-- Business conventions of the company (what a careful analyst would apply):
--   * service requests ("requests", "jobs booked", "calls"): one row per request, dated by
--     req_ts, whatever became of it (cancelled included). channel_cd 'WEB', 'PHONE', 'APP' or
--     'RETAILER' (booked by a retailer partner for a warranty job; cust_id is NULL when the
--     retailer did not share the customer, the appliance is then registered without one).
--     area_id is the service area of the job (the customer's address at booking).
--     coverage_cd is the dispatcher's coverage check at booking: 'MFR_WARR' (under the
--     manufacturer's warranty, billed to the manufacturer), 'RECALL' (a recall repair, billed to
--     the manufacturer), 'PLAN' (covered by one of our protection plans) or 'OOW' (out of
--     warranty, the customer pays). "Under (manufacturer) warranty" = coverage_cd = 'MFR_WARR'.
--     req_status 'OPEN', 'SCHEDULED', 'COMPLETED' or 'CANCELLED' (cancel_rsn set).
--   * appointments: one row per booked visit (visit_seq 1, 2, ... in date order per request);
--     appt_status 'SCHEDULED' (booked ahead), 'COMPLETED', 'NO_ACCESS' (the tech arrived and no
--     one was home / no access to the appliance), 'CANCELLED' or 'RESCHEDULED' (moved before the
--     day; the new date is a new row). A "visit" is a COMPLETED or NO_ACCESS appointment (the
--     tech went out; arrive_ts is set exactly for these). Appointments are dated by sched_dt and
--     belong to the tech on the row. No-access rate = NO_ACCESS / (COMPLETED + NO_ACCESS), as a
--     percentage. "On time" = arrive_ts <= window_end_ts (arriving before the window opens
--     counts as on time); on-time rate = on-time visits / visits, as a percentage. The first
--     appointment of a request is its earliest (visit_seq = 1), whatever its status; days to
--     first appointment = DATE_DIFF(first sched_dt, DATE(req_ts), DAY). diag_cd and
--     parts_needed_yn are the diagnosis recorded on the visit that diagnosed the fault.
--   * parts_orders: one row per part ordered for a request; po_status 'ORDERED', 'BACKORDERED'
--     (on backorder right now), 'RECEIVED' or 'CANCELLED'. backorder_flg = 1 when the order
--     went on backorder at any point (it keeps the flag after it arrives). "Currently on
--     backorder" = po_status = 'BACKORDERED'; backorder rate = orders with backorder_flg = 1 /
--     all orders placed (cancelled ones included), by ordered_dt, as a percentage. Parts wait =
--     DATE_DIFF(recv_dt, ordered_dt, DAY) of received orders, dated by recv_dt.
--   * repair_tickets: the invoice of a completed job, one per request (plus void ones), dated by
--     closed_dt, tech_id = the tech who completed the job. bill_to 'CUSTOMER', 'MFR' (warranty
--     and recall work, claimed from the manufacturer) or 'PLAN' (our protection plans).
--     total_cents = the sum of the ticket's lines. "Completed jobs" / "repairs" = non-void,
--     non-test tickets by closed_dt. First-time fix: ftf_flg = 'Y' when the job was completed on
--     the first visit the tech got in (set by the platform); FTF rate = 'Y' tickets / tickets,
--     as a percentage. rating_stars is the customer's 1-5 rating, NULL when not rated; average
--     rating = AVG over rated tickets, credited to the ticket's tech, dated by closed_dt.
--   * ticket_lines: line_type 'DIAG' (diagnosis fee), 'LABOR' (qty = hours), 'PART' (qty =
--     units) or 'TRIP' (return-trip charge). Revenue = SUM(amt_cents) / 100 (dollars) of the
--     lines of non-void, non-test tickets, whoever is billed, dated by the ticket's closed_dt;
--     labour revenue = LABOR lines, parts revenue = PART lines; labour hours = SUM(qty) of LABOR
--     lines. Revenue per job / average ticket = revenue / number of tickets. Revenue by area =
--     by the request's area_id; by tech = by the ticket's tech_id.
--   * warranty_claims: one claim per manufacturer-billed ticket, mfr_nm the manufacturer;
--     claim_status 'SUBMITTED' (pending), 'APPROVED' (approved, not paid yet), 'PAID' or
--     'REJECTED'. Rejection rate = REJECTED / decided claims (APPROVED, PAID, REJECTED) by
--     submitted_dt, as a percentage. Warranty money received = SUM(paid_amt_cents) / 100 of PAID
--     claims by paid_dt (manufacturers short-pay: paid_amt_cents can be below claim_amt_cents).
--   * protection_plans: one row per extended protection plan sold on an appliance; plan_tier
--     'BASIC', 'PLUS', 'PREMIER'; plan_status 'ACTIVE' or 'CANCELLED' (refunded in full,
--     cancel_dt set); the status is not updated when a plan runs out. A plan is active on a day
--     when plan_status = 'ACTIVE' and start_dt <= day <= end_dt (plans sold on appliances still
--     under manufacturer warranty start when it ends). Plan sales / plan revenue =
--     SUM(price_cents) / 100 of non-cancelled plans by sold_dt.
--   * technicians: "active" / "current" techs = term_dt IS NULL (and not deleted); home_area_id
--     is where they are based (they cover other areas). tech_certs: one row per certification
--     (cert_cd 'SAMSUNG', 'LG', 'WHIRLPOOL', 'GE', 'BOSCH', 'SUBZERO' brand authorisations,
--     'EPA608' the refrigerant licence, lifetime: expires_dt NULL). A cert is current when
--     expires_dt IS NULL or expires_dt >= today.
--   * customers: "customers" = non-test, non-deleted profiles; area_id is their home area.
--   * appliances: appl_type 'REFRIGERATOR', 'WASHER', 'DRYER', 'DISHWASHER', 'RANGE', 'OVEN',
--     'MICROWAVE'; brand_nm as printed ('Samsung', 'LG', 'Sub-Zero' ...); purch_dt and
--     mfr_warr_exp_dt NULL when unknown; recall_cd set when the model is under a CPSC recall.
-- ============================================================================================

CREATE TABLE service_areas (
    co_id          VARCHAR NOT NULL,
    area_id        INTEGER NOT NULL,      -- unique across the platform
    area_cd        VARCHAR NOT NULL,      -- e.g. 'DNN'
    area_nm        VARCHAR NOT NULL,
    metro_nm       VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE technicians (
    co_id             VARCHAR NOT NULL,
    tech_id           INTEGER NOT NULL,
    tech_nm           VARCHAR NOT NULL,
    home_area_id      INTEGER NOT NULL,
    hire_dt           DATE NOT NULL,
    term_dt           DATE,               -- set for leavers
    lvl_cd            VARCHAR NOT NULL,   -- 'T1', 'T2', 'T3', 'LEAD'
    hourly_cost_cents INTEGER NOT NULL,   -- loaded labour cost
    deleted_at        TIMESTAMP           -- profile keyed twice
);

CREATE TABLE tech_certs (
    co_id          VARCHAR NOT NULL,
    cert_id        INTEGER NOT NULL,
    tech_id        INTEGER NOT NULL,
    cert_cd        VARCHAR NOT NULL,      -- 'SAMSUNG', 'LG', 'WHIRLPOOL', 'GE', 'BOSCH', 'SUBZERO', 'EPA608'
    issued_dt      DATE NOT NULL,
    expires_dt     DATE                   -- NULL: lifetime (EPA608)
);

CREATE TABLE customers (
    co_id          VARCHAR NOT NULL,
    cust_id        INTEGER NOT NULL,
    cust_nm        VARCHAR NOT NULL,
    area_id        INTEGER NOT NULL,      -- home service area
    zip_cd         VARCHAR,
    cust_type      VARCHAR NOT NULL,      -- 'RES', 'PROP_MGR'
    signup_dt      DATE NOT NULL,
    is_test_yn     VARCHAR NOT NULL,      -- 'Y' / 'N'
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE appliances (
    co_id           VARCHAR NOT NULL,
    appl_id         INTEGER NOT NULL,
    cust_id         INTEGER,              -- NULL: registered by a retailer without a customer
    appl_type       VARCHAR NOT NULL,     -- 'REFRIGERATOR', 'WASHER', 'DRYER', 'DISHWASHER', 'RANGE', 'OVEN', 'MICROWAVE'
    brand_nm        VARCHAR NOT NULL,
    model_no        VARCHAR NOT NULL,
    serial_no       VARCHAR,
    purch_dt        DATE,                 -- NULL when unknown
    mfr_warr_exp_dt DATE,                 -- manufacturer warranty end; NULL when unknown
    recall_cd       VARCHAR,              -- CPSC recall, e.g. 'CPSC-25-118'
    deleted_at      TIMESTAMP             -- record keyed twice
);

CREATE TABLE service_requests (
    co_id          VARCHAR NOT NULL,
    req_id         INTEGER NOT NULL,
    cust_id        INTEGER,               -- NULL: retailer-booked job, customer not shared
    appl_id        INTEGER NOT NULL,
    area_id        INTEGER NOT NULL,      -- service area of the job
    req_ts         TIMESTAMP NOT NULL,
    channel_cd     VARCHAR NOT NULL,      -- 'WEB', 'PHONE', 'APP', 'RETAILER'
    symptom_cd     VARCHAR NOT NULL,      -- reported symptom, e.g. 'NO_COOL'
    coverage_cd    VARCHAR NOT NULL,      -- 'OOW', 'MFR_WARR', 'RECALL', 'PLAN'
    req_status     VARCHAR NOT NULL,      -- 'OPEN', 'SCHEDULED', 'COMPLETED', 'CANCELLED'
    cancel_rsn     VARCHAR,
    is_test_yn     VARCHAR NOT NULL       -- 'Y' / 'N'
);

CREATE TABLE appointments (
    co_id           VARCHAR NOT NULL,
    appt_id         INTEGER NOT NULL,
    req_id          INTEGER NOT NULL,
    tech_id         INTEGER NOT NULL,
    visit_seq       INTEGER NOT NULL,     -- 1, 2, ... per request in date order
    sched_dt        DATE NOT NULL,
    window_start_ts TIMESTAMP NOT NULL,   -- arrival window promised to the customer
    window_end_ts   TIMESTAMP NOT NULL,
    arrive_ts       TIMESTAMP,            -- set for COMPLETED and NO_ACCESS visits
    depart_ts       TIMESTAMP,
    appt_status     VARCHAR NOT NULL,     -- 'SCHEDULED', 'COMPLETED', 'NO_ACCESS', 'CANCELLED', 'RESCHEDULED'
    diag_cd         VARCHAR,              -- fault found, on the diagnosing visit
    parts_needed_yn VARCHAR               -- 'Y' / 'N' on the diagnosing visit
);

CREATE TABLE parts_orders (
    co_id           VARCHAR NOT NULL,
    po_id           INTEGER NOT NULL,
    req_id          INTEGER NOT NULL,
    part_no         VARCHAR NOT NULL,
    part_desc       VARCHAR NOT NULL,
    qty             INTEGER NOT NULL,
    unit_cost_cents INTEGER NOT NULL,
    ordered_dt      DATE NOT NULL,
    eta_dt          DATE,
    recv_dt         DATE,
    po_status       VARCHAR NOT NULL,     -- 'ORDERED', 'BACKORDERED', 'RECEIVED', 'CANCELLED'
    backorder_flg   INTEGER NOT NULL      -- 1: went on backorder at some point
);

CREATE TABLE repair_tickets (
    co_id          VARCHAR NOT NULL,
    ticket_id      INTEGER NOT NULL,
    req_id         INTEGER NOT NULL,
    tech_id        INTEGER NOT NULL,      -- tech who completed the job
    closed_dt      DATE NOT NULL,
    bill_to        VARCHAR NOT NULL,      -- 'CUSTOMER', 'MFR', 'PLAN'
    ftf_flg        VARCHAR NOT NULL,      -- 'Y' / 'N' first-time fix
    total_cents    INTEGER NOT NULL,      -- sum of the ticket's lines
    rating_stars   INTEGER,               -- 1-5, NULL when not rated
    rated_ts       TIMESTAMP,
    is_test_yn     VARCHAR NOT NULL,      -- 'Y' / 'N'
    void_flg       INTEGER NOT NULL       -- 1: voided and re-issued
);

CREATE TABLE ticket_lines (
    co_id          VARCHAR NOT NULL,
    line_id        INTEGER NOT NULL,
    ticket_id      INTEGER NOT NULL,
    line_type      VARCHAR NOT NULL,      -- 'DIAG', 'LABOR', 'PART', 'TRIP'
    qty            DECIMAL(6,2) NOT NULL, -- hours for LABOR, units for PART
    amt_cents      INTEGER NOT NULL
);

CREATE TABLE warranty_claims (
    co_id           VARCHAR NOT NULL,
    claim_id        INTEGER NOT NULL,
    ticket_id       INTEGER NOT NULL,
    mfr_nm          VARCHAR NOT NULL,     -- manufacturer billed
    submitted_dt    DATE NOT NULL,
    claim_status    VARCHAR NOT NULL,     -- 'SUBMITTED', 'APPROVED', 'PAID', 'REJECTED'
    claim_amt_cents INTEGER NOT NULL,
    paid_amt_cents  INTEGER,              -- set when PAID
    paid_dt         DATE,
    reject_rsn      VARCHAR
);

CREATE TABLE protection_plans (
    co_id          VARCHAR NOT NULL,
    plan_id        INTEGER NOT NULL,
    cust_id        INTEGER NOT NULL,
    appl_id        INTEGER NOT NULL,
    plan_tier      VARCHAR NOT NULL,      -- 'BASIC', 'PLUS', 'PREMIER'
    sold_dt        DATE NOT NULL,
    start_dt       DATE NOT NULL,
    end_dt         DATE NOT NULL,
    price_cents    INTEGER NOT NULL,
    plan_status    VARCHAR NOT NULL,      -- 'ACTIVE', 'CANCELLED' (not updated at expiry)
    cancel_dt      DATE
);
