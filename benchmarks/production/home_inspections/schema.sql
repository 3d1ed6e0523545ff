-- ============================================================================================
-- home_inspections: the warehouse of a home-inspection company platform (DuckDB DDL for labelling)
--
-- Company: "InspectHub" sells scheduling, report-writing, agent-referral and payment software to
-- home-inspection firms. Every firm is a tenant of one shared Databricks lakehouse (Delta tables
-- in the `inspecthub.gold` schema), every table keyed by firm_id. The deployment here is firm
-- 'HI-2214', Cornerstone Home Inspections (Colorado): offices Denver Metro, Boulder County,
-- Colorado Springs, Fort Collins (opened 2026-05-04) and Pueblo, closed at the end of 2025 and
-- soft-deleted with its 2025 history kept. Other tenants in the warehouse: 'HI-0871' (Bayline
-- Inspection Group, Florida) and 'HI-3305' (Summit Property Inspectors, Idaho).
--
-- Warehouse: Databricks SQL (date_trunc('MONTH', d), add_months, date_add / date_sub in days,
-- datediff(end, start) in days, timestampdiff(MINUTE, a, b), INTERVAL 90 DAYS, count_if,
-- FILTER (WHERE ...), QUALIFY, date_format with Java patterns ('EEEE' is the weekday name);
-- `/` always returns a decimal or double, never an integer). The agent writes dialect
-- `databricks`.
-- Agent: `porch-sql`, versions 1.6, 1.7 and 1.8, deployed for firm 'HI-2214'.
-- Log window: 2026-11-02 to 2026-11-26. The warehouse behind this log is the snapshot loaded on
-- the night of 2026-11-01: every fact dated up to 2026-10-31, plus orders already booked for
-- November to January (status SCHEDULED, sched_ts in the future, add-ons PENDING) and their
-- reschedules. So "last month" is October 2026, "this quarter" Q4 2026 to date (from
-- 2026-10-01), "last quarter" July-September 2026 (Q3), "the quarter before" April-June 2026,
-- "ytd" / "this year" 2026-01-01 to today, "last year" 2025 (the whole year), "last 6 months"
-- the six whole months May-October 2026, "last 90 days" / "next 60 days" counted in days from
-- today (the record's date), "rn" / "right now" the state of the snapshot.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `firm_id = 'HI-2214'` on every table of every query (row policy; ids are unique
--     across the platform, so joins on the id alone are safe once one side is filtered);
--   * test rows: `is_test = false` on clients (the office's 'Training Buyer' and 'Office Test
--     Account' profiles) and on orders (orders keyed by office staff in training; some of them
--     were keyed against a real client's profile, so clients.is_test does NOT catch them). The
--     add-ons, reports, defects, reschedules and payments of test orders carry no flag of
--     their own: they are excluded only through orders (join orders and keep is_test = false);
--   * voids: `void_flg = 'N'` on payments (a payment keyed twice or against the wrong order is
--     voided, 'Y', and re-keyed);
--   * soft deletes: `deleted_at IS NULL` on offices (the closed Pueblo office, no orders after
--     2025), inspectors (a profile keyed twice, no orders), agents (a merged duplicate realtor
--     whose referrals were moved to the surviving profile) and clients (merged duplicate
--     profiles, no orders). These guards matter where that table is the population counted or
--     listed ("which offices ...", "how many active inspectors ...", "new clients ...").
--
-- Business definitions of the firm (what a careful analyst applies):
--   * order = one inspection appointment bought by a client for one property. svc_cd 'BUYER'
--     (buyer's pre-purchase inspection), 'PRE_LISTING' (seller's), 'NEW_CONST' (new
--     construction phase or final) or 'REINSPECT' (a re-inspection of repairs, parent_order_id
--     = the original order, same property). status_cd 'SCHEDULED' (upcoming), 'COMPLETED',
--     'CANCELLED' (cancel_ts and cancel_rsn set) or 'NO_SHOW' (the inspector was at the door and
--     could not get in: no lockbox code, seller refused, nobody came; a trip fee is billed).
--   * an inspection is dated by its appointment, sched_ts (the current one after any
--     reschedule; cmpl_ts, the time the inspector finished on site, is the same day). order_ts
--     is when the order was booked; "orders placed", "bookings", "referrals", cancellation rate
--     and referral share are dated by order_ts. "Inspections" / "inspections done" = COMPLETED
--     orders, re-inspections included, dated by sched_ts.
--   * fees are in cents. base_fee_cents is the inspection fee (the trip fee, 7500, on a NO_SHOW
--     order), addon_fee_cents the add-ons' total as billed, disc_cents the discount (promo_cd
--     names the promo; a discount with promo_cd NULL is a manual one). The fee of an order =
--     (base_fee_cents + addon_fee_cents - disc_cents) / 100 dollars. Revenue = SUM of that fee
--     over billed orders: COMPLETED and NO_SHOW (trip fees are revenue), dated by sched_ts.
--     "Avg fee" / "avg inspection fee" = the average fee of COMPLETED orders. "Discounts
--     given" = disc_cents of billed (COMPLETED, NO_SHOW) orders; a cancelled order's quote keeps
--     its promo code and discount but was never billed.
--   * order_addons: one row per add-on on an order. addon_cd 'RADON', 'SEWER' (sewer scope),
--     'WDO' (wood-destroying organisms = the termite inspection), 'MOLD', 'POOL'. addon_status
--     'DONE' (performed and billed), 'REMOVED' (dropped on site or the order was cancelled or a
--     no-show) or 'PENDING' (on a SCHEDULED order). An add-on was done / sold only when DONE.
--     Attach rate = share of COMPLETED orders (of the stated service type) with at least one
--     DONE add-on of that type, as a percentage.
--   * reschedules: one row per move of an appointment (old and new time, who asked); an order
--     "was rescheduled" when it has a reschedules row; "rescheduled more than once" = 2+ rows.
--   * reports: one row per delivered report version; version_no 1 is the first delivery,
--     2, 3 ... are revisions re-sent after the client's or agent's questions. Report turnaround
--     = hours from cmpl_ts to the delivery of version 1. "On time" = version 1 delivered within
--     24 hours of cmpl_ts; a completed inspection with no report delivered yet is not on time.
--     On-time rate = on-time completed inspections / completed inspections, as a percentage.
--   * defects: one row per defect written in the report of a completed order. sev_cd 'SAFETY',
--     'MAJOR', 'MINOR' or 'MAINT' (maintenance item); "significant" / "serious" defects =
--     SAFETY and MAJOR. system_cd 'ROOF', 'ELEC', 'PLUMB', 'HVAC', 'STRUCT', 'EXTERIOR',
--     'INTERIOR', 'GRADING'. Defects per inspection average over every completed inspection,
--     those with none included.
--   * inspectors: active = term_dt IS NULL (and not deleted); lic_exp_dt is the state licence's
--     expiry (a lapsed licence does not end employment: renewal pending). insp_id on an order is
--     NULL until the order is assigned (cancelled and upcoming orders can be unassigned).
--     insp_areas are the ZIP codes an inspector covers (primary_yn = 'Y' for the home one).
--   * agents are realtors. partner_tier 'GOLD' or 'SILVER' for referral partners under a signed
--     agreement, 'NONE' for other realtors. A referral = an order with agent_id set, any
--     status, dated by order_ts; referral share = referred orders / all orders placed.
--   * payments: pmt_status 'SETTLED', 'FAILED' (declined card, returned ACH) or 'REFUNDED' (a
--     settled payment given back, e.g. a deposit on a cancelled order). method_cd 'CARD', 'ACH',
--     'CHECK' or 'CLOSING' (paid by the title company at closing). Collections = SUM(amt_cents)
--     / 100 of SETTLED, non-void payments, dated by pmt_ts. A billed order is unpaid when it has
--     no SETTLED non-void payment.
--   * clients: client_type 'BUYER', 'SELLER', 'OWNER', 'INVESTOR'; a new client is dated by
--     created_dt. properties: sq_ft and yr_built are NULL when unknown.
-- ============================================================================================

CREATE TABLE offices (
    firm_id        VARCHAR NOT NULL,
    office_id      INTEGER NOT NULL,      -- unique across the platform
    office_cd      VARCHAR NOT NULL,      -- e.g. 'DEN'
    office_nm      VARCHAR NOT NULL,
    metro_nm       VARCHAR NOT NULL,
    state_cd       VARCHAR NOT NULL,
    opened_dt      DATE NOT NULL,
    deleted_at     TIMESTAMP              -- closed office, history kept
);

CREATE TABLE inspectors (
    firm_id        VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    office_id      INTEGER NOT NULL,      -- home office
    insp_nm        VARCHAR NOT NULL,
    lic_no         VARCHAR NOT NULL,
    lic_state      VARCHAR NOT NULL,
    lic_exp_dt     DATE NOT NULL,         -- state licence expiry
    hire_dt        DATE NOT NULL,
    term_dt        DATE,                  -- set for leavers
    deleted_at     TIMESTAMP              -- profile keyed twice
);

CREATE TABLE insp_areas (
    firm_id        VARCHAR NOT NULL,
    insp_id        INTEGER NOT NULL,
    zip_cd         VARCHAR NOT NULL,
    primary_yn     CHAR(1) NOT NULL       -- 'Y' for the inspector's home ZIP
);

CREATE TABLE agents (
    firm_id        VARCHAR NOT NULL,
    agent_id       INTEGER NOT NULL,
    agent_nm       VARCHAR NOT NULL,
    brokerage_nm   VARCHAR NOT NULL,
    partner_tier   VARCHAR NOT NULL,      -- 'GOLD', 'SILVER', 'NONE'
    signed_dt      DATE,                  -- referral agreement; NULL for tier NONE
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE clients (
    firm_id        VARCHAR NOT NULL,
    client_id      INTEGER NOT NULL,
    client_nm      VARCHAR NOT NULL,
    email          VARCHAR,               -- NULL when not given
    client_type    VARCHAR NOT NULL,      -- 'BUYER', 'SELLER', 'OWNER', 'INVESTOR'
    created_dt     DATE NOT NULL,
    is_test        BOOLEAN NOT NULL,
    deleted_at     TIMESTAMP              -- merged duplicate
);

CREATE TABLE properties (
    firm_id        VARCHAR NOT NULL,
    prop_id        INTEGER NOT NULL,
    street_addr    VARCHAR NOT NULL,
    city_nm        VARCHAR NOT NULL,
    zip_cd         VARCHAR NOT NULL,
    prop_type      VARCHAR NOT NULL,      -- 'SFR', 'CONDO', 'TOWNHOUSE', 'MULTI', 'MFG'
    sq_ft          INTEGER,               -- NULL when unknown
    yr_built       SMALLINT               -- NULL when unknown
);

CREATE TABLE orders (
    firm_id         VARCHAR NOT NULL,
    order_id        BIGINT NOT NULL,
    client_id       INTEGER NOT NULL,
    prop_id         INTEGER NOT NULL,
    office_id       INTEGER NOT NULL,
    insp_id         INTEGER,              -- NULL until assigned
    agent_id        INTEGER,              -- referring realtor; NULL when none
    svc_cd          VARCHAR NOT NULL,     -- 'BUYER', 'PRE_LISTING', 'NEW_CONST', 'REINSPECT'
    parent_order_id BIGINT,               -- the original order of a REINSPECT
    order_ts        TIMESTAMP NOT NULL,   -- booked
    sched_ts        TIMESTAMP NOT NULL,   -- current appointment (after reschedules)
    cmpl_ts         TIMESTAMP,            -- finished on site (COMPLETED only)
    status_cd       VARCHAR NOT NULL,     -- 'SCHEDULED', 'COMPLETED', 'CANCELLED', 'NO_SHOW'
    cancel_ts       TIMESTAMP,
    cancel_rsn      VARCHAR,              -- 'DEAL_FELL_THROUGH', 'CHOSE_OTHER', 'SELLER_DECLINED', 'DUPLICATE'
    base_fee_cents  INTEGER NOT NULL,     -- inspection fee; the trip fee on a NO_SHOW
    addon_fee_cents INTEGER NOT NULL,     -- add-ons as billed (quoted on open / cancelled orders)
    disc_cents      INTEGER NOT NULL,
    promo_cd        VARCHAR,              -- NULL: no promo (a discount without one is manual)
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE order_addons (
    firm_id        VARCHAR NOT NULL,
    order_id       BIGINT NOT NULL,
    addon_cd       VARCHAR NOT NULL,      -- 'RADON', 'SEWER', 'WDO', 'MOLD', 'POOL'
    price_cents    INTEGER NOT NULL,
    addon_status   VARCHAR NOT NULL       -- 'DONE', 'REMOVED', 'PENDING'
);

CREATE TABLE reschedules (
    firm_id        VARCHAR NOT NULL,
    resched_id     BIGINT NOT NULL,
    order_id       BIGINT NOT NULL,
    old_sched_ts   TIMESTAMP NOT NULL,
    new_sched_ts   TIMESTAMP NOT NULL,
    req_by         VARCHAR NOT NULL,      -- 'CLIENT', 'AGENT', 'INSPECTOR', 'WEATHER'
    logged_ts      TIMESTAMP NOT NULL
);

CREATE TABLE reports (
    firm_id        VARCHAR NOT NULL,
    report_id      BIGINT NOT NULL,
    order_id       BIGINT NOT NULL,
    version_no     SMALLINT NOT NULL,     -- 1 = first delivery, 2+ = revisions
    delivered_ts   TIMESTAMP NOT NULL,
    page_cnt       SMALLINT NOT NULL
);

CREATE TABLE defects (
    firm_id        VARCHAR NOT NULL,
    defect_id      BIGINT NOT NULL,
    order_id       BIGINT NOT NULL,
    system_cd      VARCHAR NOT NULL,      -- 'ROOF', 'ELEC', 'PLUMB', 'HVAC', 'STRUCT', 'EXTERIOR', 'INTERIOR', 'GRADING'
    sev_cd         VARCHAR NOT NULL,      -- 'SAFETY', 'MAJOR', 'MINOR', 'MAINT'
    est_cost_usd   DECIMAL(9,2)           -- inspector's repair estimate; NULL when none given
);

CREATE TABLE payments (
    firm_id        VARCHAR NOT NULL,
    pmt_id         BIGINT NOT NULL,
    order_id       BIGINT NOT NULL,
    pmt_ts         TIMESTAMP NOT NULL,
    amt_cents      INTEGER NOT NULL,
    method_cd      VARCHAR NOT NULL,      -- 'CARD', 'ACH', 'CHECK', 'CLOSING'
    pmt_status     VARCHAR NOT NULL,      -- 'SETTLED', 'FAILED', 'REFUNDED'
    void_flg       CHAR(1) NOT NULL       -- 'Y': voided, keyed in error
);
