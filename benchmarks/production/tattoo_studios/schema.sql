-- ============================================================================================
-- tattoo_studios: the warehouse of a tattoo-and-piercing studio platform (DuckDB DDL for
-- labelling)
--
-- Company: "InkLedger" runs booking, deposit, point-of-sale, gift-card and artist-payroll
-- software for tattoo and piercing studio chains. Every chain is a tenant of one shared DuckDB
-- warehouse: its studios, artists and piercers (staff and guest artists), clients, appointments
-- (tattoo sessions, piercings, touch-ups and consults, booked or walk-in) with their deposits,
-- payments with tips, gift cards, aftercare / jewelry / merch products and product sales, and
-- artist shifts, all keyed by grp_id. Other chains (TS-0233, TS-0871) share every table.
--
-- Warehouse: DuckDB (date_trunc('month', ...), INTERVAL arithmetic, date_diff('day', a, b),
-- count_if / FILTER (WHERE ...), QUALIFY, dayname(), strftime(); `/` is always decimal division,
-- `//` integer division). The agent writes dialect `duckdb`.
-- Agent: `needlepoint`, versions 2.3, 2.4 and 2.5, deployed for chain TS-0519 ("Black Anchor
-- Tattoo Co.": studios Downtown, Riverside, Northgate and Eastside, opened 2026-09-12; the
-- Old Town studio closed on 2025-12-31 and was soft-deleted with its 2025 history kept; a
-- Downtown studio row keyed twice and deleted).
-- Log window: 2026-11-09 to 2026-11-27; the warehouse is loaded up to 2026-11-08 (appointments
-- later than that are in the data as BOOKED, with HELD deposits: clients book weeks ahead;
-- payments, product sales, gift-card sales and shifts stop at 2026-11-08). So "today" / "rn" is
-- the record's date; "last month" is October 2026, "this month" November 2026 to date, "this
-- quarter" / "this qtr" Q4 2026 to date (October 1 to today), "last quarter" / "last qtr" Q3
-- 2026 (July-September), "ytd" / "this year" 2026 to date, "last year" 2025, "last 6 months" the
-- six whole months May-October 2026, "last 90 days" the 90 days before today, "next 7 days"
-- today and the 6 days after it (appt_ts >= today and < today + 7 days), "vs last year" / "same
-- month last year" the same period a year earlier (October 2025 for "last month").
--
-- Guards the deployment adds (the agent's system prompt requires them):
--   * tenant: `grp_id = 'TS-0519'` on every table of every query (row-level security);
--   * test rows: `is_test = false` on clients and appointments (front-desk training clients and
--     their bookings). Deposits and payments carry no flag: those of test bookings are left out
--     through their appointment (deposits -> appointments.is_test, payments ->
--     appointments.is_test);
--   * soft deletes: `deleted_at IS NULL` on studios (the closed Old Town studio and a Downtown row
--     keyed twice), artists (a profile keyed twice) and clients (merged duplicates; their
--     appointments were moved to the surviving profile). A deleted studio's history still counts
--     in chain totals and in "last year" figures; the flag only takes it off current lists;
--   * void rows: `is_void = false` on payments and product_sales (voided at the till and
--     re-keyed). Gift cards have status VOID instead (sold in error): never counted.
--
-- Business conventions at this chain (what a careful analyst would apply):
--   * an appointment is one client's booking with one artist at a studio, dated by appt_ts (when
--     the work is scheduled), not booked_ts (when it was made). service_type: TATTOO (a tattoo
--     session), PIERCING, TOUCH_UP (a follow-up on an earlier tattoo, parent_appt_id), CONSULT
--     (design consultation; artist_id is NULL when the front desk holds it). status: BOOKED
--     (upcoming), COMPLETED, NO_SHOW, CANCELLED (cancel_reason CLIENT, ARTIST, ILLNESS, STUDIO,
--     NULL when none was given). Appointment counts leave CANCELLED out unless the question is
--     about cancellations. "bookings" means appointments.
--   * channel: ONLINE (web booking), INSTAGRAM (booked through Instagram DMs), PHONE, WALKIN.
--     Walk-ins are channel WALKIN (booked_ts = appt_ts); a walk-in is never BOOKED ahead.
--   * revenue = SUM(final_amt) of COMPLETED appointments by appt_ts (the price of the work,
--     the applied deposit included; touch-ups inside 90 days and consults are 0). Tips are not
--     revenue (they go to the artist), nor are forfeited deposits (reported on their own), nor
--     product sales. A studio's revenue is by appointments.studio_id (artists do guest spots at
--     other studios); an artist's by appointments.artist_id. "avg ticket" = AVG(final_amt) of
--     COMPLETED TATTOO appointments.
--   * commission = final_amt * commission_pct / 100 over the artist's COMPLETED appointments
--     (artists.commission_pct is a percentage, e.g. 50.00); tips are paid on top, no
--     commission on products.
--   * deposits: one per booked TATTOO appointment (walk-ins pay none). status HELD (upcoming),
--     APPLIED (taken off the final bill), FORFEITED (no-show, or a cancellation by the client
--     less than 48 hours ahead), REFUNDED; resolved_ts is when it was applied, forfeited or
--     refunded (a no-show's deposit is forfeited the next morning). Forfeited deposits =
--     SUM(amount) of FORFEITED deposits by resolved_ts.
--   * payments: what the client paid at checkout (amount = final_amt less the applied deposit,
--     tip_amt on top), dated by paid_ts; an appointment may be paid in two parts (e.g. a gift
--     card and a card: method GIFT_CARD with card_id). Tips = SUM(tip_amt) of non-void payments.
--     Gift card redemptions = SUM(amount) of non-void GIFT_CARD payments.
--   * no-show rate = NO_SHOW / (COMPLETED + NO_SHOW), by appt_ts; cancellation rate =
--     CANCELLED / all appointments. Lead time = date_diff('day', booked_ts date, appt_ts date)
--     over booked (non-WALKIN) appointments.
--   * touch-ups: COMPLETED TOUCH_UP appointments, counted for the artist who did the touch-up.
--   * gift cards: sold at a studio (studio_id), dated by purchased_ts, initial_amt loaded;
--     status ACTIVE, REDEEMED (balance 0), EXPIRED, VOID. expires_dt is NULL for cards that
--     never expire (some states forbid expiry). Gift card sales = SUM(initial_amt) of non-VOID
--     cards. Outstanding gift card balance / liability = SUM(balance_amt) of ACTIVE cards that
--     have not expired (expires_dt IS NULL or expires_dt >= today): the nightly expiry job lags,
--     so a few ACTIVE cards are already past expires_dt.
--   * products: category AFTERCARE (balms, soaps, film), JEWELRY (piercing jewelry), MERCH.
--     Product sales = SUM(net_amt) of non-void product_sales by sale_ts, by the product's
--     category; a sale rung up with an appointment carries appt_id; client_id is NULL for
--     walk-in shoppers. Aftercare attach rate = COMPLETED TATTOO appointments with at least one
--     non-void AFTERCARE sale carrying their appt_id / COMPLETED TATTOO appointments.
--   * shifts: one row per artist per scheduled day at a studio; status WORKED or CALLED_OUT.
--     Utilisation = SUM(actual_hours) of the artist's COMPLETED appointments / SUM(sched_hours)
--     of the artist's WORKED shifts, over the same period.
--   * active artists = artists not deleted whose term_dt is NULL or on/after the period (today
--     for "rn"); guest artists (is_guest = true) work guest spots and are not staff: staff
--     counts (headcount) leave them out, revenue and booking figures keep them. specialty
--     TATTOO or PIERCING; style is NULL for piercers.
--   * new clients = clients with created_dt in the period (non-test, not deleted); repeat
--     clients = clients with two or more COMPLETED appointments in the period.
-- ============================================================================================

CREATE TABLE studios (
    grp_id            VARCHAR NOT NULL,
    studio_id         INTEGER PRIMARY KEY,
    studio_nm         VARCHAR NOT NULL,
    city              VARCHAR NOT NULL,
    chairs            INTEGER NOT NULL,
    has_piercing      BOOLEAN NOT NULL,
    opened_dt         DATE NOT NULL,
    closed_dt         DATE,
    deleted_at        TIMESTAMP
);

CREATE TABLE artists (
    grp_id            VARCHAR NOT NULL,
    artist_id         INTEGER PRIMARY KEY,
    artist_nm         VARCHAR NOT NULL,
    specialty         VARCHAR NOT NULL,          -- TATTOO, PIERCING
    style             VARCHAR,                   -- TRADITIONAL, FINE_LINE, REALISM, BLACKWORK, JAPANESE; NULL for piercers
    home_studio_id    INTEGER NOT NULL,
    hourly_rate       DECIMAL(8,2) NOT NULL,
    commission_pct    DECIMAL(5,2) NOT NULL,     -- percent of final_amt, e.g. 50.00
    is_guest          BOOLEAN NOT NULL,          -- guest artist on a guest spot, not staff
    hired_dt          DATE NOT NULL,
    term_dt           DATE,                      -- last day
    deleted_at        TIMESTAMP
);

CREATE TABLE clients (
    grp_id            VARCHAR NOT NULL,
    client_id         INTEGER PRIMARY KEY,
    client_nm         VARCHAR NOT NULL,
    email             VARCHAR,
    birth_dt          DATE,
    referral_src      VARCHAR,                   -- INSTAGRAM, GOOGLE, FRIEND, WALK_BY; NULL if not asked
    created_dt        DATE NOT NULL,
    is_test           BOOLEAN NOT NULL,
    deleted_at        TIMESTAMP                  -- merged duplicate
);

CREATE TABLE appointments (
    grp_id            VARCHAR NOT NULL,
    appt_id           INTEGER PRIMARY KEY,
    client_id         INTEGER NOT NULL,
    artist_id         INTEGER,                   -- NULL for front-desk consults
    studio_id         INTEGER NOT NULL,
    service_type      VARCHAR NOT NULL,          -- TATTOO, PIERCING, TOUCH_UP, CONSULT
    parent_appt_id    INTEGER,                   -- the tattoo a TOUCH_UP follows
    channel           VARCHAR NOT NULL,          -- ONLINE, INSTAGRAM, PHONE, WALKIN
    booked_ts         TIMESTAMP NOT NULL,
    appt_ts           TIMESTAMP NOT NULL,
    status            VARCHAR NOT NULL,          -- BOOKED, COMPLETED, NO_SHOW, CANCELLED
    cancel_reason     VARCHAR,                   -- CLIENT, ARTIST, ILLNESS, STUDIO; NULL if not given
    cancelled_ts      TIMESTAMP,
    est_hours         DECIMAL(4,2) NOT NULL,
    actual_hours      DECIMAL(4,2),              -- COMPLETED only
    quoted_amt        DECIMAL(8,2),
    final_amt         DECIMAL(8,2),              -- COMPLETED only; deposit included
    is_test           BOOLEAN NOT NULL
);

CREATE TABLE deposits (
    grp_id            VARCHAR NOT NULL,
    deposit_id        INTEGER PRIMARY KEY,
    appt_id           INTEGER NOT NULL,
    paid_ts           TIMESTAMP NOT NULL,
    amount            DECIMAL(8,2) NOT NULL,
    status            VARCHAR NOT NULL,          -- HELD, APPLIED, FORFEITED, REFUNDED
    resolved_ts       TIMESTAMP                  -- NULL while HELD
);

CREATE TABLE gift_cards (
    grp_id            VARCHAR NOT NULL,
    card_id           INTEGER PRIMARY KEY,
    card_code         VARCHAR NOT NULL,
    studio_id         INTEGER NOT NULL,          -- where it was sold
    buyer_client_id   INTEGER,                   -- NULL when bought by a non-client
    purchased_ts      TIMESTAMP NOT NULL,
    initial_amt       DECIMAL(8,2) NOT NULL,
    balance_amt       DECIMAL(8,2) NOT NULL,
    expires_dt        DATE,                      -- NULL: never expires
    status            VARCHAR NOT NULL           -- ACTIVE, REDEEMED, EXPIRED, VOID
);

CREATE TABLE payments (
    grp_id            VARCHAR NOT NULL,
    pay_id            INTEGER PRIMARY KEY,
    appt_id           INTEGER NOT NULL,
    paid_ts           TIMESTAMP NOT NULL,
    method            VARCHAR NOT NULL,          -- CARD, CASH, GIFT_CARD
    card_id           INTEGER,                   -- gift card redeemed (GIFT_CARD only)
    amount            DECIMAL(8,2) NOT NULL,     -- tip excluded
    tip_amt           DECIMAL(8,2) NOT NULL,
    is_void           BOOLEAN NOT NULL
);

CREATE TABLE products (
    grp_id            VARCHAR NOT NULL,
    sku               VARCHAR NOT NULL,
    product_nm        VARCHAR NOT NULL,
    category          VARCHAR NOT NULL,          -- AFTERCARE, JEWELRY, MERCH
    unit_cost         DECIMAL(8,2) NOT NULL,
    list_price        DECIMAL(8,2) NOT NULL,
    PRIMARY KEY (grp_id, sku)
);

CREATE TABLE product_sales (
    grp_id            VARCHAR NOT NULL,
    sale_id           INTEGER PRIMARY KEY,
    studio_id         INTEGER NOT NULL,
    client_id         INTEGER,                   -- NULL for walk-in shoppers
    appt_id           INTEGER,                   -- set when rung up with an appointment
    sale_ts           TIMESTAMP NOT NULL,
    sku               VARCHAR NOT NULL,
    qty               INTEGER NOT NULL,
    net_amt           DECIMAL(10,2) NOT NULL,    -- after discounts, before tax
    is_void           BOOLEAN NOT NULL
);

CREATE TABLE artist_shifts (
    grp_id            VARCHAR NOT NULL,
    shift_id          INTEGER PRIMARY KEY,
    artist_id         INTEGER NOT NULL,
    studio_id         INTEGER NOT NULL,
    shift_dt          DATE NOT NULL,
    sched_hours       DECIMAL(4,2) NOT NULL,
    status            VARCHAR NOT NULL           -- WORKED, CALLED_OUT
);
