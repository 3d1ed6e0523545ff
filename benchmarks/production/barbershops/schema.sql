-- ============================================================================================
-- barbershops: the warehouse of a barbershop chain booking platform (DuckDB DDL for labelling)
--
-- Company: "ChairUp" sells online booking, walk-in queue, POS, membership billing and loyalty
-- software to barbershop brands. Every brand is a tenant of one shared SQL Server warehouse
-- (the `rpt` schema), all tables keyed by brand_id. The deployment here is brand 'BB-0917',
-- Kingsway Barber Co., with five shops: Downtown (DTN), Eastside (EST), Harbor (HBR; shut for
-- a refit from 2026-09-28 to 2026-11-09, so nothing happened there in October 2026), Midtown
-- (MDT, opened 2026-05-02) and Westgate (WSG), closed on 2025-12-20 and soft-deleted with its
-- history kept. Other tenants in the warehouse: 'BB-0342' (Blade & Bone) and 'BB-1188' (Fresh
-- Fade Studios).
--
-- Warehouse: SQL Server 2022 (T-SQL: GETDATE(), DATEADD, DATEDIFF, DATEFROMPARTS, EOMONTH,
-- DATETRUNC, DATEPART, IIF, TOP n, no QUALIFY, no FILTER; `/` between integers is integer
-- division and AVG over an integer column returns an integer, as in SQL Server; the language
-- is us_english, so DATEFIRST is 7 and DATEPART(week | weekday, ...) count weeks from Sunday).
-- Flags: is_test is a BIT (0/1); the *_yn and void_flg columns hold 'Y' / 'N'.
-- Money is in integer cents (*_cents); answers show dollars (cents / 100.0).
-- Agent: `fade-sql`, versions 6.2, 6.3 and 6.4, deployed for brand 'BB-0917'.
-- Log window: 2026-11-02 to 2026-11-25. The agent runs on the reporting replica, whose last
-- refresh (2026-11-01 06:00) holds everything up to the end of October 2026 and nothing dated
-- after it, except appointments booked ahead (status 'BOOKED', dated November and December).
-- So "last month" is October 2026, "in october" October 2026, "last quarter" Q3 2026
-- (July-September), "ytd" / "this year" 2026 to date, "last year" 2025, "the same month last
-- year" October 2025 when the month is last month, "last 3 months" the three whole months
-- August-October 2026, "in the last 90 days" / "90 days" rolling back from today
-- (appt_ts >= today - 90 days), "rn" / "right now" the state at the last refresh. Weeks run
-- Monday to Sunday (the brand's pay week).
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `brand_id = 'BB-0917'` on every table of every query (row-level security; ids
--     are unique across the platform);
--   * test rows: `is_test = 0` on customers (the front-desk training profiles 'Test Customer'
--     and 'Front Desk Training') and appointments (bookings and walk-ins keyed on the training
--     tablet, with their lines and tips; they are never no-shows and carry no reviews or
--     punches). The training profiles' memberships carry no flag of their own: they are
--     excluded only through customers (join customers and keep is_test = 0);
--   * voids: `void_flg = 'N'` on product_sales (sales rung in error and re-rung);
--   * soft deletes: `deleted_at IS NULL` on shops (the closed Westgate shop, history kept, no
--     rows dated after 2025-12-20), barbers (a barber profile keyed twice, with no
--     appointments) and customers (merged duplicate profiles whose visits were moved to the
--     surviving profile). These matter where that table is the population counted or listed
--     ("which shops ...", "how many barbers ...", "which customers ...").
--
-- Business conventions of the brand (what a careful analyst applies):
--   * appointments: one row per visit, booked or walk-in. book_src 'APP', 'WEB', 'PHONE'
--     (booked ahead) or 'WALKIN' (joined the in-shop queue). For a booking appt_ts is the slot
--     start; for a walk-in it is the check-in time. status 'BOOKED' (upcoming), 'COMPLETED',
--     'NO_SHOW', 'CANCELLED' (cancel_ts set) or 'WALKED_OUT' (a walk-in who left the queue
--     before being seated). Walk-ins are never no-shows or cancellations. Visits are dated by
--     appt_ts. barber_id is NULL on a booking made for "first available" until someone seats
--     the client, so it stays NULL on those that were no-shows or cancelled, and on walk-outs.
--     cust_id is NULL for anonymous walk-ins.
--   * "appointments" / "bookings" = booked-ahead rows (book_src <> 'WALKIN'); "walk-ins" = the
--     WALKIN rows, walk-outs included (everyone who checked in); "visits" / "cuts" / "clients
--     served" = COMPLETED rows of either kind.
--   * no-show rate = NO_SHOW / (COMPLETED + NO_SHOW) bookings, cancellations left out;
--     cancellation rate = CANCELLED / all bookings of the period (walk-ins never count).
--   * wait_min = minutes from appt_ts to seated_ts (NULL when never seated). Walk-in wait =
--     AVG(wait_min) of COMPLETED walk-ins. A booking is "on time" when it was COMPLETED and
--     seated within 5 minutes of its slot (wait_min <= 5); on-time rate = on-time / COMPLETED
--     bookings.
--   * appt_lines: one row per service on a visit. price_cents is what the client was charged
--     (0 for a service covered by an unlimited membership, mbr_covered_yn = 'Y', and 0 for a
--     loyalty free cut); lines exist from booking time, so only COMPLETED visits count.
--     Service revenue = SUM(price_cents) of lines of COMPLETED visits, dated by appt_ts, tips
--     not included. Average ticket = service revenue / COMPLETED visits. "Kids cuts" = lines
--     with svc_cd 'KIDS' on COMPLETED visits.
--   * tips: tip_cents is the visit's tip (on appointments, one per visit), COMPLETED visits.
--   * product sales = SUM(amt_cents) of product_sales with void_flg = 'N', dated by sold_ts.
--     "Revenue" / "total revenue" = service revenue + product sales (tips and membership dues
--     are not revenue of the shop floor).
--   * barbers: pay_model 'COMM' (paid comm_pct percent of the service revenue of their
--     COMPLETED visits; "commission owed") or 'RENT' (rent a chair for chair_rent_cents a
--     week and keep their takings). Active barbers = term_dt IS NULL (and not deleted).
--   * memberships: plan_cd 'UNL_CUT' (unlimited cuts and kids cuts) or 'UNL_CUT_BEARD'
--     (unlimited cuts, beard trims and cut + beard). status 'ACTIVE', 'PAUSED' (billing
--     suspended, not active) or 'CANCELLED' (end_dt set). Active members = distinct customers
--     with an ACTIVE membership. mbr_bills: one row per monthly charge attempt; status 'PAID',
--     'FAILED' (card declined; retried a few days later as a new row) or 'REFUNDED'.
--     Membership revenue = SUM(amt_cents) of PAID bills by bill_dt; failed payments = FAILED
--     bills.
--   * loyalty: every COMPLETED visit of a known client not covered by a membership earns one
--     punch (punch_type 'EARN', punches = +1); ten punches buy a free cut (punch_type
--     'REDEEM', punches = -10). "Rewards redeemed" = REDEEM rows; a client's balance =
--     SUM(punches); "has a free cut available" = balance >= 10.
--   * reviews: one per reviewed visit, stars 1-5 (TINYINT). hidden_yn = 'Y' marks reviews
--     hidden by moderation (spam, staff reviewing themselves); ratings count only
--     hidden_yn = 'N'.
--   * customers: a "new customer" in a period = first COMPLETED visit ever in that period
--     (signup_dt is when the app profile was made, often long before or after the first
--     visit). "Haven't been back in 90 days" = clients with visits whose last COMPLETED visit
--     is more than 90 days ago (clients who never came are not lapsed). Repeat rate =
--     share of one period's known visiting clients who visited again in the next.
-- ============================================================================================

CREATE TABLE shops (
    brand_id        VARCHAR NOT NULL,
    shop_id         INTEGER NOT NULL,      -- unique across the platform
    shop_cd         VARCHAR NOT NULL,      -- e.g. 'DTN'
    shop_nm         VARCHAR NOT NULL,
    city            VARCHAR NOT NULL,
    chair_cnt       SMALLINT NOT NULL,
    opened_dt       DATE NOT NULL,
    closed_dt       DATE,                  -- set when closed for good
    deleted_at      TIMESTAMP              -- closed and soft-deleted
);

CREATE TABLE barbers (
    brand_id        VARCHAR NOT NULL,
    barber_id       INTEGER NOT NULL,
    shop_id         INTEGER NOT NULL,      -- home shop
    barber_nm       VARCHAR NOT NULL,
    pay_model       VARCHAR NOT NULL,      -- 'COMM', 'RENT'
    comm_pct        DECIMAL(4,1),          -- COMM only, e.g. 45.0
    chair_rent_cents INTEGER,              -- RENT only, weekly
    hire_dt         DATE NOT NULL,
    term_dt         DATE,                  -- left the brand
    deleted_at      TIMESTAMP              -- profile keyed twice
);

CREATE TABLE services (
    brand_id        VARCHAR NOT NULL,
    svc_id          INTEGER NOT NULL,
    svc_cd          VARCHAR NOT NULL,      -- 'CUT', 'FADE', 'BEARD', 'SHAVE', 'KIDS', 'CUT_BEARD', 'LINEUP'
    svc_nm          VARCHAR NOT NULL,
    list_price_cents INTEGER NOT NULL,
    dur_min         SMALLINT NOT NULL,
    active_yn       CHAR(1) NOT NULL       -- 'N': no longer on the menu
);

CREATE TABLE customers (
    brand_id        VARCHAR NOT NULL,
    cust_id         INTEGER NOT NULL,
    cust_nm         VARCHAR NOT NULL,
    phone           VARCHAR,               -- NULL when not given
    home_shop_id    INTEGER,               -- NULL when never chosen
    signup_dt       DATE NOT NULL,         -- app / web profile created
    is_test         SMALLINT NOT NULL,     -- BIT: 1 = front-desk training profile
    deleted_at      TIMESTAMP              -- merged duplicate
);

CREATE TABLE appointments (
    brand_id        VARCHAR NOT NULL,
    appt_id         INTEGER NOT NULL,
    shop_id         INTEGER NOT NULL,
    barber_id       INTEGER,               -- NULL: "first available" not seated, or walked out
    cust_id         INTEGER,               -- NULL: anonymous walk-in
    book_src        VARCHAR NOT NULL,      -- 'APP', 'WEB', 'PHONE', 'WALKIN'
    booked_ts       TIMESTAMP NOT NULL,    -- when booked (walk-ins: check-in)
    appt_ts         TIMESTAMP NOT NULL,    -- slot start (walk-ins: check-in)
    seated_ts       TIMESTAMP,             -- NULL when never seated
    status          VARCHAR NOT NULL,      -- 'BOOKED', 'COMPLETED', 'NO_SHOW', 'CANCELLED', 'WALKED_OUT'
    cancel_ts       TIMESTAMP,
    wait_min        INTEGER,               -- appt_ts to seated_ts, minutes
    tip_cents       INTEGER NOT NULL,      -- 0 when no tip
    is_test         SMALLINT NOT NULL      -- BIT
);

CREATE TABLE appt_lines (
    brand_id        VARCHAR NOT NULL,
    appt_id         INTEGER NOT NULL,
    line_no         SMALLINT NOT NULL,
    svc_id          INTEGER NOT NULL,
    price_cents     INTEGER NOT NULL,      -- charged; 0 when covered or a loyalty free cut
    mbr_covered_yn  CHAR(1) NOT NULL
);

CREATE TABLE product_sales (
    brand_id        VARCHAR NOT NULL,
    sale_id         BIGINT NOT NULL,
    shop_id         INTEGER NOT NULL,
    barber_id       INTEGER,               -- who rang it; NULL at the front desk
    cust_id         INTEGER,
    sold_ts         TIMESTAMP NOT NULL,
    sku             VARCHAR NOT NULL,
    prod_nm         VARCHAR NOT NULL,
    prod_cat        VARCHAR NOT NULL,      -- 'POMADE', 'BEARD_CARE', 'SHAMPOO', 'TOOLS'
    qty             SMALLINT NOT NULL,
    amt_cents       INTEGER NOT NULL,
    void_flg        CHAR(1) NOT NULL       -- 'Y': rung in error
);

CREATE TABLE memberships (
    brand_id        VARCHAR NOT NULL,
    mbr_id          INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    shop_id         INTEGER NOT NULL,      -- home shop
    plan_cd         VARCHAR NOT NULL,      -- 'UNL_CUT', 'UNL_CUT_BEARD'
    monthly_fee_cents INTEGER NOT NULL,
    start_dt        DATE NOT NULL,
    end_dt          DATE,                  -- set when cancelled
    status          VARCHAR NOT NULL       -- 'ACTIVE', 'PAUSED', 'CANCELLED'
);

CREATE TABLE mbr_bills (
    brand_id        VARCHAR NOT NULL,
    bill_id         INTEGER NOT NULL,
    mbr_id          INTEGER NOT NULL,
    bill_dt         DATE NOT NULL,
    amt_cents       INTEGER NOT NULL,
    status          VARCHAR NOT NULL       -- 'PAID', 'FAILED', 'REFUNDED'
);

CREATE TABLE loyalty_punches (
    brand_id        VARCHAR NOT NULL,
    punch_id        INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    shop_id         INTEGER NOT NULL,
    appt_id         INTEGER,
    punch_ts        TIMESTAMP NOT NULL,
    punch_type      VARCHAR NOT NULL,      -- 'EARN', 'REDEEM'
    punches         SMALLINT NOT NULL      -- +1 or -10
);

CREATE TABLE reviews (
    brand_id        VARCHAR NOT NULL,
    review_id       INTEGER NOT NULL,
    appt_id         INTEGER NOT NULL,
    cust_id         INTEGER NOT NULL,
    barber_id       INTEGER NOT NULL,
    shop_id         INTEGER NOT NULL,
    stars           TINYINT NOT NULL,      -- 1-5
    review_ts       TIMESTAMP NOT NULL,
    hidden_yn       CHAR(1) NOT NULL       -- 'Y': hidden by moderation
);
