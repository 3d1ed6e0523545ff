-- ============================================================================================
-- tour_operator: the warehouse of a guided-tour operator platform (DuckDB DDL for labelling)
--
-- Company: "Waymark" sells booking, scheduling and guide-rostering software to guided-tour
-- operators. Every operator is a tenant of one shared analytics warehouse (Trino over the lake):
-- its tour products (by destination and category), the scheduled departures of each tour with
-- their capacity, the sales channels it sells through (its own website and desk, OTAs such as
-- GetYourGuide and Viator, hotel concierges and resellers on commission), customers, bookings
-- with adult and child pax, add-ons sold with a booking (lunch, hotel transfer, photos, wine
-- tasting), guides and their assignments to departures, refunds and reviews, all keyed by
-- operator_id.
--
-- Warehouse: Trino (date_trunc('month', ...), date_add('day', -7, ...), date_diff, current_date,
-- count_if, try(...), format_datetime; no QUALIFY: the agent ranks with ROW_NUMBER() in a
-- subquery). In Trino `int / int` is INTEGER division (count_if(x) / count(*) is 0): a rate needs
-- a CAST to DOUBLE/DECIMAL or a 1.0 factor. pax columns, capacity, min_pax and commission_pct are
-- INTEGER. The agent writes dialect `trino`.
-- Agent: `tourdesk-ai`, versions 3.1, 3.2 and 3.3, deployed for operator 5117
-- ("Atlas Coast Tours", Lisbon, Sintra, Porto and the Algarve).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01. Atlas Coast
-- closes for its winter break from 2026-11-02 to 2026-11-27 (no departures); the Christmas
-- departures from 2026-11-28 are on sale. So "last month" is October 2026, "last quarter" / "Q3"
-- July-September 2026, "ytd" / "this year" 2026-01-01 up to today (departures that have taken
-- place; the scheduled Christmas departures are not yet run), "this season" the 2026 high
-- season April 1 - October 31 2026, "last season" April 1 - October 31 2025, "last 30 / 90
-- days" the days before today (today excluded), "next 30 days" today and the 29 days after.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `operator_id = 5117` on every table of every query (row-level security);
--   * test data: `is_test = false` on bookings and customers (sales staff make test bookings on
--     test customer accounts to try the checkout; their add-ons, reviews and refunds go with them
--     through the booking);
--   * soft deletes: `deleted_at IS NULL` on tours (a duplicated or retired product removed in the
--     app) and customers (profiles erased on request). An erased customer's bookings stay
--     (revenue, pax and booking figures keep them) but customer lists and customer counts
--     (distinct customers, repeat customers, top customers) leave erased profiles out.
--
-- Business conventions at this operator (what a careful analyst would apply):
--   * pax = adult_pax + child_pax (infants are not recorded). Booking, pax and revenue figures
--     count bookings whose status_cd is not 'CANCELLED' ('CONFIRMED' before the tour,
--     'ATTENDED' or 'NO_SHOW' after it; no-shows are not refunded) and are dated by the
--     departure's depart_ts (the tour date), not by booked_at.
--   * "bookings made" / "new bookings" / "sales" (of a period) are dated by booked_at and count
--     every booking made in it, cancelled since or not.
--   * revenue = SUM(bookings.gross_amt) (tickets, what the customer paid incl. VAT) of counted
--     bookings; add-on revenue = SUM(qty * unit_price) of booking_addons of counted bookings and
--     is NOT in revenue unless asked ("incl add-ons", "total spend").
--   * commission = gross_amt * commission_pct / 100 of the booking's channel (direct channels
--     have 0); net revenue = revenue - commission. OTA = channel_type 'OTA'; resellers (hotel
--     concierges, agencies) = 'RESELLER'; direct = 'DIRECT'.
--   * a departure runs ('RAN') or is cancelled by the operator ('CANCELLED', cancel_reason_cd
--     WEATHER, MIN_NOT_MET or GUIDE_UNAVAIL); future ones are 'SCHEDULED'. When a departure is
--     cancelled all its bookings are set to 'CANCELLED' with cancelled_by = 'OPERATOR'. A
--     customer cancellation is a booking with status 'CANCELLED' and cancelled_by = 'CUSTOMER'.
--   * customer cancellation rate = customer-cancelled bookings / all bookings, dated by depart_ts.
--   * no-show rate = NO_SHOW / (ATTENDED + NO_SHOW) bookings of departures that ran.
--   * load factor = SUM(pax of counted bookings) / SUM(capacity) over departures that ran
--     (pooled, not an average of per-departure ratios); seats left of a scheduled departure =
--     capacity - pax of its counted bookings.
--   * group size = pax per departure that ran (all its counted bookings together).
--   * lead time = calendar days from the booking date to the tour date over counted bookings:
--     date_diff('day', CAST(booked_at AS DATE), CAST(depart_ts AS DATE)).
--   * guides: active guide = term_dt IS NULL. A departure has one LEAD guide and may have an
--     ASSIST; guide_id is NULL on a slot still unstaffed. "Tours led" = LEAD assignments on
--     departures that ran. Guide fees are paid only for departures that ran.
--   * reviews: rating 1-5 from the operator's site and the OTAs, dated by review_dt.
--   * refunds: only status 'PROCESSED' is money returned (PENDING waits for approval, FAILED
--     bounced); dated by refund_dt.
--   * repeat customer = a (non-test, non-erased) customer with 2 or more counted bookings ever;
--     repeat share = repeat customers / customers with at least one counted booking.
--   * attach rate of an add-on = share of counted bookings with at least one row of that add-on.
-- ============================================================================================

CREATE TABLE tours (
    operator_id        INTEGER NOT NULL,
    tour_id            INTEGER PRIMARY KEY,
    tour_code          VARCHAR NOT NULL,
    tour_nm            VARCHAR NOT NULL,
    destination        VARCHAR NOT NULL,          -- Lisbon, Sintra, Porto, Algarve
    category_cd        VARCHAR NOT NULL,          -- WALK, FOOD, BOAT, DAYTRIP, BIKE
    duration_hrs       DECIMAL(4,1) NOT NULL,
    adult_price        DECIMAL(8,2) NOT NULL,
    child_price        DECIMAL(8,2) NOT NULL,
    min_pax            INTEGER NOT NULL,          -- below this the operator may cancel (MIN_NOT_MET)
    created_at         TIMESTAMP NOT NULL,
    deleted_at         TIMESTAMP                  -- soft delete
);

CREATE TABLE departures (
    operator_id        INTEGER NOT NULL,
    departure_id       INTEGER PRIMARY KEY,
    tour_id            INTEGER NOT NULL,
    depart_ts          TIMESTAMP NOT NULL,        -- local start time of the tour
    capacity           INTEGER NOT NULL,          -- seats on sale
    status_cd          VARCHAR NOT NULL,          -- SCHEDULED, RAN, CANCELLED
    cancel_reason_cd   VARCHAR,                   -- WEATHER, MIN_NOT_MET, GUIDE_UNAVAIL (CANCELLED only)
    cancelled_at       TIMESTAMP
);

CREATE TABLE channels (
    operator_id        INTEGER NOT NULL,
    channel_id         INTEGER PRIMARY KEY,
    channel_nm         VARCHAR NOT NULL,
    channel_type       VARCHAR NOT NULL,          -- DIRECT, OTA, RESELLER
    commission_pct     INTEGER NOT NULL           -- whole percent of gross_amt; 0 for DIRECT
);

CREATE TABLE customers (
    operator_id        INTEGER NOT NULL,
    customer_id        INTEGER PRIMARY KEY,
    cust_nm            VARCHAR NOT NULL,
    email              VARCHAR,
    country_cd         VARCHAR,                   -- ISO-2, NULL when not given
    created_at         TIMESTAMP NOT NULL,
    is_test            BOOLEAN NOT NULL,
    deleted_at         TIMESTAMP                  -- erased on request
);

CREATE TABLE bookings (
    operator_id        INTEGER NOT NULL,
    booking_id         INTEGER PRIMARY KEY,
    departure_id       INTEGER NOT NULL,
    customer_id        INTEGER NOT NULL,
    channel_id         INTEGER NOT NULL,
    booked_at          TIMESTAMP NOT NULL,
    adult_pax          INTEGER NOT NULL,
    child_pax          INTEGER NOT NULL,
    gross_amt          DECIMAL(10,2) NOT NULL,    -- tickets paid by the customer, VAT incl.
    status_cd          VARCHAR NOT NULL,          -- CONFIRMED, ATTENDED, NO_SHOW, CANCELLED
    cancelled_by       VARCHAR,                   -- CUSTOMER, OPERATOR (CANCELLED only)
    cancelled_at       TIMESTAMP,
    is_test            BOOLEAN NOT NULL
);

CREATE TABLE booking_addons (
    operator_id        INTEGER NOT NULL,
    addon_line_id      INTEGER PRIMARY KEY,
    booking_id         INTEGER NOT NULL,
    addon_cd           VARCHAR NOT NULL,          -- LUNCH, TRANSFER, PHOTO, WINE
    qty                INTEGER NOT NULL,
    unit_price         DECIMAL(8,2) NOT NULL
);

CREATE TABLE guides (
    operator_id        INTEGER NOT NULL,
    guide_id           INTEGER PRIMARY KEY,
    guide_nm           VARCHAR NOT NULL,
    languages          VARCHAR NOT NULL,          -- e.g. 'EN,PT,ES'
    is_freelance       BOOLEAN NOT NULL,
    hire_dt            DATE NOT NULL,
    term_dt            DATE                       -- NULL while active
);

CREATE TABLE guide_assignments (
    operator_id        INTEGER NOT NULL,
    assignment_id      INTEGER PRIMARY KEY,
    departure_id       INTEGER NOT NULL,
    guide_id           INTEGER,                   -- NULL while the slot is unstaffed
    role_cd            VARCHAR NOT NULL,          -- LEAD, ASSIST
    fee_amt            DECIMAL(8,2) NOT NULL      -- paid only when the departure ran
);

CREATE TABLE reviews (
    operator_id        INTEGER NOT NULL,
    review_id          INTEGER PRIMARY KEY,
    booking_id         INTEGER NOT NULL,
    source_cd          VARCHAR NOT NULL,          -- SITE, TRIPADVISOR, GYG, VIATOR
    rating             INTEGER NOT NULL,          -- 1-5
    review_dt          DATE NOT NULL
);

CREATE TABLE refunds (
    operator_id        INTEGER NOT NULL,
    refund_id          INTEGER PRIMARY KEY,
    booking_id         INTEGER NOT NULL,
    reason_cd          VARCHAR NOT NULL,          -- CUST_CANCEL, OP_CANCEL, COMPLAINT
    refund_amt         DECIMAL(10,2) NOT NULL,
    status_cd          VARCHAR NOT NULL,          -- PROCESSED, PENDING, FAILED
    refund_dt          DATE NOT NULL
);
