-- ============================================================================================
-- wedding_venues: the warehouse of a wedding and event venue management platform (DuckDB DDL
-- for labelling)
--
-- Company: "Vowline" runs lead management, tours, contracts, payments and event-day operations
-- for venue groups. Every venue group is a tenant of one shared analytics warehouse (Spark SQL
-- on a lakehouse): its venues, packages, staff, the couples' and planners' inquiries, venue
-- tours, bookings (signed contracts), the payments on them, the outside vendors at each event
-- and the event-day record, all keyed by group_id.
--
-- Warehouse: Spark SQL (the agent writes dialect `spark`: current_date(), date_trunc('MONTH', d),
-- add_months, datediff(end, start), date_format(d, 'yyyy-MM'), `/` is always decimal division;
-- dayofweek() counts Sunday = 1 ... Saturday = 7).
-- Agent: `venue-copilot`, versions 2.3, 2.4 and 2.5, deployed for venue group 'HBE'
-- ("Hollowbrook Estates": five venues in the Hudson Valley, the Catskills and the Berkshires).
-- Log window: 2026-11-02 to 2026-11-20; the warehouse is loaded up to 2026-11-01 (inquiries,
-- payments and held tours end on 2026-10-31; tours booked for later are SCHEDULED; bookings
-- already hold future event dates, none inside the log window). So "last
-- month" is October 2026, "this month" November 2026, "last quarter" / "Q3" July-September
-- 2026, "ytd" / "this year" / "so far this year" 2026 to date, "last year" 2025, "next year"
-- 2027 (by event date), "this season" / "peak season" the 2026 wedding season May 1 - October 31
-- 2026, "last 12 months" the twelve whole months November 2025 - October 2026, "next 90 days"
-- event dates from today to today + 90 days.
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `group_id = 'HBE'` on every table of every query (row-level security);
--   * test rows: `is_test = false` on inquiries and bookings (sales staff create test leads and
--     test contracts to train new hires); tours, payments, vendor lines and event days of a test
--     inquiry / booking are excluded through it;
--   * soft deletes: `deleted_at IS NULL` on bookings (a contract entered twice and removed in
--     the app stays in the warehouse with a deletion time); its payments, vendor lines and event
--     day are excluded through it.
--
-- Business conventions at Hollowbrook (what a careful analyst would apply):
--   * inquiry = lead; inquiries are dated by inquiry_ts; lead source = inquiries.source_cd.
--   * booking = a signed contract (bookings row). "Bookings" / "booked" / "signed" counts are
--     dated by contract_signed_dt and include later-cancelled contracts (they were booked);
--     "events" / "weddings" held, scheduled or "for" a period are dated by event_dt and leave
--     out CANCELLED bookings. A wedding is event_type 'WEDDING' (others: CORPORATE, SOCIAL).
--   * events "held" = status 'COMPLETED' (every non-cancelled booking whose event_dt has
--     passed is COMPLETED).
--   * revenue = SUM(bookings.contract_total) (pre-tax contract value, package and add-ons) of
--     COMPLETED bookings, dated by event_dt (recognised when the event takes place). "Contract
--     value" / "booked value" is contract_total of the bookings signed in the period.
--   * cancellation rate = CANCELLED bookings / bookings, both by contract_signed_dt.
--   * payments: amount is signed (REFUND rows are negative); only status 'SETTLED' is money
--     received (FAILED and PENDING are not). Deposits = pay_type 'DEPOSIT'. Cash collected =
--     SUM(amount) of SETTLED payments incl. refunds (net), dated by paid_dt.
--   * outstanding balance of a booking = contract_total - its SETTLED payments (a booking with
--     no payment yet owes all of it).
--   * tours: a tour "held" / "done" / "completed" is tour_status 'COMPLETED'; a no-show is
--     'NO_SHOW'; no-show rate = NO_SHOW / (COMPLETED + NO_SHOW) (cancelled and still-scheduled
--     tours are out). Tours are dated by tour_ts; they are given by tours.staff_id.
--   * conversion rate (inquiry to booking) = share of inquiries with a booking (any status,
--     not test, not deleted), dated by inquiry_ts. Tour-to-booking rate = among inquiries with
--     a completed tour in the period, the share that booked.
--   * days from inquiry to tour = days from inquiry_ts to the inquiry's first COMPLETED tour.
--   * lead time = days from contract_signed_dt to event_dt.
--   * guests at an event = event_days.actual_guests (bookings.guest_count is the contracted
--     estimate). Revenue per guest = revenue / actual guests over the events (a ratio of sums).
--   * vendor commission = SUM(booking_vendors.commission_amt) over non-cancelled bookings,
--     dated by the event's event_dt. A vendor may have several lines at one event (a caterer's
--     dinner and late-night service); "events" of a vendor are distinct bookings.
--   * reviews: event_days.review_score 1-5, NULL when the couple did not answer the survey
--     (left out of averages).
--   * active staff = term_dt IS NULL; coordinators are role 'COORDINATOR', sales reps 'SALES'.
--     A booking's coordinator is bookings.coordinator_id (NULL until one is assigned).
--   * weekday of an event: Saturday weddings are the premium date.
-- ============================================================================================

CREATE TABLE venues (
    group_id        VARCHAR NOT NULL,
    venue_id        INTEGER PRIMARY KEY,
    venue_nm        VARCHAR NOT NULL,
    region          VARCHAR NOT NULL,          -- Hudson Valley, Catskills, Berkshires
    seated_capacity INTEGER NOT NULL,
    opened_dt       DATE NOT NULL
);

CREATE TABLE packages (
    group_id        VARCHAR NOT NULL,
    package_id      INTEGER PRIMARY KEY,
    venue_id        INTEGER NOT NULL,
    package_nm      VARCHAR NOT NULL,
    tier            VARCHAR NOT NULL,          -- SILVER, GOLD, PLATINUM, ELOPEMENT
    base_price      DECIMAL(10,2) NOT NULL,
    is_retired      BOOLEAN NOT NULL
);

CREATE TABLE staff (
    group_id        VARCHAR NOT NULL,
    staff_id        INTEGER PRIMARY KEY,
    staff_nm        VARCHAR NOT NULL,
    role            VARCHAR NOT NULL,          -- SALES, COORDINATOR, MANAGER
    home_venue_id   INTEGER,
    hire_dt         DATE NOT NULL,
    term_dt         DATE                       -- NULL while employed
);

CREATE TABLE inquiries (
    group_id        VARCHAR NOT NULL,
    inquiry_id      INTEGER PRIMARY KEY,
    venue_id        INTEGER NOT NULL,          -- venue asked about
    contact_nm      VARCHAR NOT NULL,          -- couple or planner
    source_cd       VARCHAR NOT NULL,          -- WEBSITE, THEKNOT, WEDDINGWIRE, INSTAGRAM, REFERRAL, WALKIN
    event_type      VARCHAR NOT NULL,          -- WEDDING, CORPORATE, SOCIAL
    inquiry_ts      TIMESTAMP NOT NULL,
    desired_dt      DATE,
    guest_est       INTEGER,
    sales_rep_id    INTEGER,
    status          VARCHAR NOT NULL,          -- NEW, CONTACTED, TOURED, BOOKED, LOST
    lost_reason     VARCHAR,                   -- PRICE, DATE_UNAVAILABLE, CHOSE_OTHER, NO_RESPONSE, CAPACITY (LOST only; may be NULL)
    is_test         BOOLEAN NOT NULL
);

CREATE TABLE tours (
    group_id        VARCHAR NOT NULL,
    tour_id         INTEGER PRIMARY KEY,
    inquiry_id      INTEGER NOT NULL,
    venue_id        INTEGER NOT NULL,
    staff_id        INTEGER NOT NULL,          -- who gave / was to give the tour
    tour_ts         TIMESTAMP NOT NULL,
    tour_status     VARCHAR NOT NULL           -- SCHEDULED, COMPLETED, NO_SHOW, CANCELLED
);

CREATE TABLE bookings (
    group_id            VARCHAR NOT NULL,
    booking_id          INTEGER PRIMARY KEY,
    inquiry_id          INTEGER,               -- NULL: booked without an inquiry record (repeat corporate client)
    venue_id            INTEGER NOT NULL,
    package_id          INTEGER NOT NULL,
    event_type          VARCHAR NOT NULL,      -- WEDDING, CORPORATE, SOCIAL
    contract_signed_dt  DATE NOT NULL,
    event_dt            DATE NOT NULL,
    guest_count         INTEGER NOT NULL,      -- contracted estimate
    contract_total      DECIMAL(10,2) NOT NULL,
    coordinator_id      INTEGER,               -- NULL until assigned
    status              VARCHAR NOT NULL,      -- CONFIRMED, COMPLETED, CANCELLED
    cancelled_dt        DATE,
    is_test             BOOLEAN NOT NULL,
    deleted_at          TIMESTAMP
);

CREATE TABLE payments (
    group_id        VARCHAR NOT NULL,
    payment_id      INTEGER PRIMARY KEY,
    booking_id      INTEGER NOT NULL,
    pay_type        VARCHAR NOT NULL,          -- DEPOSIT, INSTALLMENT, FINAL, REFUND
    amount          DECIMAL(10,2) NOT NULL,    -- REFUND rows negative
    paid_dt         DATE NOT NULL,
    method          VARCHAR NOT NULL,          -- CARD, ACH, CHECK
    status          VARCHAR NOT NULL           -- SETTLED, FAILED, PENDING
);

CREATE TABLE vendors (
    group_id        VARCHAR NOT NULL,
    vendor_id       INTEGER PRIMARY KEY,
    vendor_nm       VARCHAR NOT NULL,
    category        VARCHAR NOT NULL,          -- CATERER, FLORIST, PHOTO, DJ, BAND, CAKE
    is_preferred    BOOLEAN NOT NULL,
    commission_pct  DECIMAL(5,2) NOT NULL
);

CREATE TABLE booking_vendors (
    group_id        VARCHAR NOT NULL,
    line_id         INTEGER PRIMARY KEY,
    booking_id      INTEGER NOT NULL,
    vendor_id       INTEGER NOT NULL,
    service_desc    VARCHAR,
    service_amt     DECIMAL(10,2) NOT NULL,
    commission_amt  DECIMAL(10,2) NOT NULL
);

CREATE TABLE event_days (
    group_id        VARCHAR NOT NULL,
    booking_id      INTEGER PRIMARY KEY,
    event_dt        DATE NOT NULL,
    actual_guests   INTEGER NOT NULL,
    start_ts        TIMESTAMP NOT NULL,
    end_ts          TIMESTAMP NOT NULL,
    overtime_hrs    DECIMAL(4,2) NOT NULL,     -- billed hours past the contracted end
    incident_flag   BOOLEAN NOT NULL,
    review_score    INTEGER                    -- 1-5, NULL: no survey answer
);
